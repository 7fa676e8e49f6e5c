# Installs the desktop app and the UCI engine, with the app's desktop entry,
# icons, AppStream metainfo and file types, the way a distribution lays
# them out:
#
#   make install PREFIX=/usr/local        (as root, or PREFIX=$HOME/.local)
#   make install PREFIX=/usr DESTDIR=/tmp/staging    (for packagers)
#   make uninstall PREFIX=/usr/local
#
# libchess (the C library) installs with `make -C crates/chess-ffi/c install`;
# Debian packages of both: `make deb` (see docs/install.md).

PREFIX  ?= /usr/local
DESTDIR ?=
CARGO   ?= cargo
APP_ID  := org.chesstoolkit.Chess
BINDIR  := $(DESTDIR)$(PREFIX)/bin
DATADIR := $(DESTDIR)$(PREFIX)/share
ICONS   := 16 24 32 48 64 128 256 512

.PHONY: build install uninstall deb

build:
	$(CARGO) build --release -p chess-gui -p chess-engine

install: build
	install -Dm755 target/release/chess-gui $(BINDIR)/chess-gui
	install -Dm755 target/release/chess-engine $(BINDIR)/chess-engine
	install -Dm644 gui/desktop/$(APP_ID).desktop $(DATADIR)/applications/$(APP_ID).desktop
	install -Dm644 gui/desktop/$(APP_ID).metainfo.xml $(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 gui/desktop/$(APP_ID).mime.xml $(DATADIR)/mime/packages/$(APP_ID).xml
	install -Dm644 gui/desktop/icons/$(APP_ID).svg $(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	for size in $(ICONS); do \
		install -Dm644 gui/desktop/icons/hicolor/$${size}x$${size}/$(APP_ID).png \
			$(DATADIR)/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png; \
	done
	@# The desktop's caches, when installing for real (a packager's
	@# DESTDIR leaves them to the package's triggers).
	@if [ -z "$(DESTDIR)" ]; then \
		command -v update-mime-database >/dev/null && update-mime-database $(DATADIR)/mime || true; \
		command -v update-desktop-database >/dev/null && update-desktop-database $(DATADIR)/applications || true; \
		command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t $(DATADIR)/icons/hicolor || true; \
	fi

uninstall:
	rm -f $(BINDIR)/chess-gui $(BINDIR)/chess-engine
	rm -f $(DATADIR)/applications/$(APP_ID).desktop $(DATADIR)/metainfo/$(APP_ID).metainfo.xml
	rm -f $(DATADIR)/mime/packages/$(APP_ID).xml $(DATADIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	for size in $(ICONS); do rm -f $(DATADIR)/icons/hicolor/$${size}x$${size}/apps/$(APP_ID).png; done

# Two Debian packages in target/debian/: chess-toolkit (the app, the engine
# and their desktop files) and libchess-dev (libchess.so and .a, chess.h,
# chess.hpp, pkg-config and CMake files), both built by cargo-deb
# (`cargo install cargo-deb`).
deb: build
	$(MAKE) -C crates/chess-ffi/c lib
	rm -rf target/libchess-root
	$(MAKE) -C crates/chess-ffi/c install PREFIX=/usr DESTDIR=$(CURDIR)/target/libchess-root CARGO=
	$(CARGO) deb -p chess-gui --no-build
	$(CARGO) deb -p chess-ffi --no-build
