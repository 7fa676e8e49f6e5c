//! libchess as C and C++ programs use it: the header compiles cleanly in
//! both languages, the examples build against the shared and the static
//! library with -Werror, run, and give the right answers; installation
//! gives a working pkg-config setup.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Mutex;

use chess_workspace_tests::{build_library, have, output, root, run};

/// The examples share one build folder: one test at a time builds them.
static BUILD: Mutex<()> = Mutex::new(());

/// The lock on the build folder (still usable after a test failed with it).
fn build_lock() -> std::sync::MutexGuard<'static, ()> {
    BUILD.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn build_examples() -> std::path::PathBuf {
    build_library();
    let examples = root().join("crates/chess-ffi/c");
    run(Command::new("make")
        .current_dir(&examples)
        .args(["CARGO=", "-j2", "all"]));
    examples.join("build")
}

#[test]
fn header_compiles_as_c99_and_cpp_with_all_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let source = "#include <chess.h>\nint main(void) { return CHESS_ABI_VERSION == chess_abi_version() ? 0 : 1; }\n";
    for (compiler, file, std) in [
        ("cc", "t.c", "-std=c99"),
        ("c++", "t.cpp", "-std=c++17"),
        ("c++", "t11.cpp", "-std=c++11"),
    ] {
        let path = dir.path().join(file);
        std::fs::write(&path, source).unwrap();
        build_library();
        run(Command::new(compiler).args([
            std,
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-I",
            root().join("include").to_str().unwrap(),
            path.to_str().unwrap(),
            "-o",
            dir.path().join("t").to_str().unwrap(),
            "-L",
            root().join("target/release").to_str().unwrap(),
            "-lchess",
        ]));
    }
}

#[test]
fn perft_counts_exactly_with_both_libraries() {
    let _guard = build_lock();
    let build = build_examples();
    for binary in ["perft", "perft-static"] {
        let out = run(Command::new(build.join(binary)).arg("5"));
        assert!(out.contains("nodes 4865609"), "{binary}: {out}");
        assert!(out.contains("Mnps"), "{out}");
    }
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = run(Command::new(build.join("perft")).args(["--divide", "3", kiwipete]));
    assert!(out.contains("e1g1: 2059"), "{out}");
    assert!(out.contains("nodes 97862"), "{out}");
    // Chess960: by start number, or a Chess960 FEN.
    let out = run(Command::new(build.join("perft")).args(["--960", "0", "3"]));
    assert!(out.contains("nodes 9006"), "{out}");
    let out = run(Command::new(build.join("perft-static")).args(["--960", "518", "4"]));
    assert!(out.contains("nodes 197281"), "{out}");
    let out = run(Command::new(build.join("perft")).args([
        "--960",
        "0",
        "4",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
    ]));
    assert!(out.contains("nodes 326672"), "{out}");
    // Bad input: a clear message, not a crash.
    let bad = output(Command::new(build.join("perft")).args(["2", "not a fen"]));
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("invalid FEN"));
}

fn play(binary: &std::path::Path, input: &str) -> String {
    play_with(binary, &[], input)
}

fn play_with(binary: &std::path::Path, args: &[&str], input: &str) -> String {
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn play_refuses_illegal_moves_and_writes_pgn() {
    let _guard = build_lock();
    let build = build_examples();
    for binary in ["play", "play-static"] {
        let out = play(&build.join(binary), "e4\ne5\nKe3\nNf3\ng1f3\nundo\nNc3\nxyz\nNf6\n");
        assert!(
            out.contains("refused: illegal move Ke3: a king cannot move from e1 to e3"),
            "{out}"
        );
        assert!(out.contains("refused: \"xyz\" is not a move in SAN"), "{out}");
        assert!(out.contains("refused: illegal move g1f3"), "{out}");
        assert!(out.contains("[Result \"*\"]"), "{out}");
        assert!(out.trim_end().ends_with("1. e4 e5 2. Nc3 Nf6 *"), "{out}");
    }
    // A game played to mate.
    let out = play(&build.join("play"), "f3\ne5\ng4\nQh4#\n");
    assert!(out.contains("Checkmate — Black wins 0-1"), "{out}");
    assert!(out.trim_end().ends_with("1. f3 e5 2. g4 Qh4# 0-1"), "{out}");
}

#[test]
fn play_against_libchess_engine() {
    let _guard = build_lock();
    let build = build_examples();
    for binary in ["play", "play-static"] {
        // The engine answers each move; undo takes back both.
        let out = play_with(&build.join(binary), &["--computer", "3"], "e4\nd4\nundo\nNf3\n");
        assert_eq!(out.matches("computer plays ").count(), 3, "{out}");
        let pgn = out.rsplit_once("\n\n").map_or("", |(_, pgn)| pgn);
        // 1. e4 ... 2. d4 ... taken back: the game is 1. e4 ... 2. Nf3 ...
        assert!(pgn.contains("1. e4 ") && pgn.contains(" 2. Nf3 "), "{pgn}");
        assert!(!pgn.contains("d4 "), "{pgn}");
    }
    let bad = output(Command::new(build.join("play")).args(["--computer", "11"]));
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("1 to 10"));
}

#[test]
fn pgn_stats_reads_a_file_in_cpp() {
    let _guard = build_lock();
    let build = build_examples();
    let sample = root().join("crates/chess-ffi/c/sample.pgn");
    for binary in ["pgn_stats", "pgn_stats-static"] {
        let out = run(Command::new(build.join(binary)).arg(&sample));
        assert!(
            out.contains("game 1: Paul Morphy - Duke Karl / Count Isouard, 33 plies, 1-0"),
            "{out}"
        );
        assert!(out.contains("game 2: A - B, 4 plies, 0-1"), "{out}");
        assert!(
            out.contains("error: game 3, line 21, column 13: illegal move Ke3"),
            "{out}"
        );
        assert!(out.contains("games 3, plies 41, errors 1"), "{out}");
    }
    // Compressed, the same (gzip here; zstd and bzip2 as well).
    let plain = run(Command::new(build.join("pgn_stats")).arg(&sample));
    let gz = run(Command::new(build.join("pgn_stats")).arg(root().join("crates/chess-ffi/c/sample.pgn.gz")));
    assert_eq!(plain, gz);
    let missing = output(Command::new(build.join("pgn_stats")).arg("/no/such.pgn"));
    assert!(!missing.status.success());
}

#[test]
fn pgn_stats_check_lists_warnings_and_errors_like_a_compiler() {
    let _guard = build_lock();
    let build = build_examples();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("doctor.pgn");
    std::fs::write(
        &file,
        "[Event \"The \"Big\" Open\"]\n\n1. e4 e5 2. Ng1f3 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n\
         [Event \"c\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w KQ - 0 1\"]\n\n1. 0-0\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    for binary in ["pgn_stats", "pgn_stats-static"] {
        let out = output(Command::new(build.join(binary)).args(["--check", path]));
        assert_eq!(out.status.code(), Some(1), "an error: exit status 1");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let expected = [
            format!(
                "{path}:1:1: warning: the Event tag has quotes inside that are not escaped: read as \"The \\\"Big\\\" Open\""
            ),
            format!("{path}:3:13: warning: \"Ng1f3\" is not standard SAN: read as Nf3"),
            format!("{path}:7:13: error: illegal move Ke3: a king cannot move from e1 to e3 (game 2)"),
            format!(
                "{path}:10:1: warning: the FEN tag gives castling rights Q without king and rook on their squares: dropped"
            ),
            format!("{path}:12:4: warning: \"0-0\" is not standard SAN: read as O-O"),
            format!("{path}:12:7: warning: the game has no result at its end"),
        ];
        assert_eq!(stdout.lines().collect::<Vec<_>>(), expected, "{binary}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("5 warning(s), 1 error(s)"));
    }
    // The sample: one bad game and nothing repaired.
    let sample = root().join("crates/chess-ffi/c/sample.pgn");
    let sample = sample.to_str().unwrap();
    let out = output(Command::new(build.join("pgn_stats")).args(["--check", sample]));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).lines().collect::<Vec<_>>(),
        [format!(
            "{sample}:21:13: error: illegal move Ke3: a king cannot move from e1 to e3 (game 3)"
        )]
    );
}

#[test]
fn the_c_test_of_the_api_passes_with_both_libraries() {
    let _guard = build_lock();
    let build = build_examples();
    for binary in ["api_test", "api_test-static", "api_test_cpp", "api_test_cpp-static"] {
        let out = run(&mut Command::new(build.join(binary)));
        assert!(out.contains("all checks passed"), "{binary}: {out}");
    }
}

#[test]
fn explorer_prints_the_table_of_a_position_from_moves_or_a_fen() {
    let _guard = build_lock();
    let build = build_examples();
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("sample.sqlite");
    let sample = root().join("crates/chess-ffi/c/sample.pgn");
    for binary in ["explorer", "explorer-static"] {
        let out = run(Command::new(build.join(binary)).arg(&sample).arg("--index").arg(&index));
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].ends_with("sample.pgn: 4 games (1 unreadable)"), "{out}");
        assert!(
            lines.contains(&"3 games: White 33.3%, draws 33.3%, Black 33.3%"),
            "{out}"
        );
        let e4 = lines.iter().find(|l| l.starts_with("e4 ")).expect("a row for e4");
        assert_eq!(
            e4.split_whitespace().collect::<Vec<_>>(),
            ["e4", "1", "100.0%", "0.0%", "0.0%", "-", "1858"]
        );
        // The same position from a FEN as from moves.
        let after = run(Command::new(build.join(binary)).arg(&sample).args([
            "--index",
            index.to_str().unwrap(),
            "e4",
            "e5",
            "Nf3",
        ]));
        let fen = run(Command::new(build.join(binary)).arg(&sample).args([
            "--index",
            index.to_str().unwrap(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        ]));
        assert_eq!(after, fen);
        assert!(after.lines().any(|l| l.starts_with("d6 ")), "{after}");
    }
    let bad = output(Command::new(build.join("explorer")).arg(&sample).arg("Ke2"));
    assert_eq!(bad.status.code(), Some(2));
    let missing = output(Command::new(build.join("explorer")).arg("/no/such.pgn"));
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/no/such.pgn"));
}

#[test]
fn pgn_walk_prints_variations_nags_comments_and_clocks() {
    let _guard = build_lock();
    let build = build_examples();
    let out = run(Command::new(build.join("pgn_walk")).arg(root().join("crates/chess-ffi/c/annotated.pgn")));
    for line in [
        "game 1",
        "  [White \"Ann\"]",
        "  [TimeControl \"180+0\"]",
        "  {A quick one.}",
        "  1... e5  [0:02:59.5]",
        "  3... Nd4 ?  [0:02:40]  {The Blackburne trap.}",
        "    ( 3... Bc5  [0:02:50]  {Safer.}",
        "      4. c3",
        "    ( 3... Nf6 !?",
        "  4. Nxe5 ?!  [0:02:50]",
        "      4... exd4",
        "  7... Nf3#  [0:02:28]",
        "  Checkmate — Black wins 0-1",
    ] {
        assert!(out.lines().any(|l| l == line), "missing {line:?} in:\n{out}");
    }
}

#[test]
fn play_names_checks_pins_and_attackers() {
    let _guard = build_lock();
    let build = build_examples();
    let out = play(&build.join("play"), "e4\nd5\nBb5+\nNd7\nattacks d5\nattacks z9\n");
    assert!(out.contains("Black to move, in check from b5"), "{out}");
    assert!(
        out.contains("White attacks d5 from e4\nBlack attacks d5 from nowhere"),
        "{out}"
    );
    assert!(out.contains("refused: \"z9\" is not a square (a1..h8)"), "{out}");
    // 3... Ba5 pins the pawn on c3 to the king on e1.
    let out = play(&build.join("play"), "d4\ne5\ne3\nBb4+\nc3\nBa5\n");
    assert!(out.contains("White to move, in check from b4"), "{out}");
    assert!(out.contains("White to move; pinned: c3"), "{out}");
}

/// `play --book FILE` answers from a Polyglot book while the game is in
/// it, naming the opening, then thinks.
#[test]
fn play_answers_from_a_book() {
    let _guard = build_lock();
    let build = build_examples();
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.bin");
    // One entry: after 1. e4 (key 823c9b50fd114196), c7c5 (to 34, from 50).
    let mut entry = 0x823c_9b50_fd11_4196u64.to_be_bytes().to_vec();
    entry.extend_from_slice(&(34u16 | 50 << 6).to_be_bytes());
    entry.extend_from_slice(&7u16.to_be_bytes());
    entry.extend_from_slice(&0u32.to_be_bytes());
    std::fs::write(&book, entry).unwrap();
    let path = book.to_str().unwrap();
    let out = play_with(&build.join("play"), &["--computer", "2", "--book", path], "e4\nNf3\n");
    assert!(out.contains("computer plays c5 (book; B20 Sicilian Defense)"), "{out}");
    assert_eq!(out.matches("computer plays").count(), 2, "{out}");
    // A bad book is refused at once, saying why.
    std::fs::write(&book, [0u8; 20]).unwrap();
    let bad = output(Command::new(build.join("play")).args(["--computer", "2", "--book", path]));
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("cut short"));
}

#[test]
fn play_shows_the_engine_thinking() {
    let _guard = build_lock();
    let build = build_examples();
    let out = play_with(&build.join("play"), &["--computer", "4"], "e4\n");
    let depths: Vec<&str> = out.lines().filter(|l| l.trim_start().starts_with("depth ")).collect();
    // "  depth  4  -0.21        1050 nodes   Nf6 Nc3 d5 Bd3": a line a depth.
    assert_eq!(depths.len(), 4, "{out}");
    assert!(depths[3].contains("depth  4") && depths[3].contains(" nodes "), "{out}");
    assert_eq!(
        depths[3].split("nodes").nth(1).unwrap().split_whitespace().count(),
        4,
        "{out}"
    );
}

/// The exported symbols are exactly the header's functions.
#[test]
fn libchess_exports_the_headers_functions_and_nothing_else() {
    if !have("nm") {
        eprintln!("nm is not installed: skipped");
        return;
    }
    build_library();
    let header = std::fs::read_to_string(root().join("include/chess.h")).unwrap();
    let declared: std::collections::BTreeSet<String> = header
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.starts_with('#') && !l.starts_with("typedef"))
        .filter_map(|l| {
            let name = l.split('(').next()?.rsplit([' ', '*']).next()?;
            name.starts_with("chess_").then(|| name.to_string())
        })
        .collect();
    let nm = run(Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(root().join("target/release/libchess.so")));
    let exported: std::collections::BTreeSet<String> = nm
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2).map(str::to_string))
        .collect();
    assert!(declared.len() > 90, "{declared:?}");
    assert_eq!(exported, declared);
}

/// The README's way: `make install` into a prefix, then a C program built
/// with pkg-config, three ways: against the shared library (run through an
/// rpath, no LD_LIBRARY_PATH), against the static one in a dynamic
/// program, and fully static.
#[test]
fn an_installed_libchess_links_shared_static_and_fully_static() {
    let _guard = build_lock();
    build_library();
    let prefix = tempfile::tempdir().unwrap();
    let lib = prefix.path().join("lib");
    // CARGO=false: the library is built, so installing must not run cargo.
    let install = run(Command::new("make")
        .current_dir(root().join("crates/chess-ffi/c"))
        .args(["CARGO=false", "install", &format!("PREFIX={}", prefix.path().display())]));
    assert!(!install.contains("building it"), "{install}");
    for file in [
        "lib/libchess.so.1.1.0",
        "lib/libchess.a",
        "include/chess.h",
        "include/chess.hpp",
        "lib/pkgconfig/libchess.pc",
        "lib/pkgconfig/libchess-static.pc",
        "lib/cmake/libchess/libchessConfig.cmake",
        "lib/cmake/libchess/libchessConfigVersion.cmake",
    ] {
        assert!(prefix.path().join(file).is_file(), "{file} installed");
    }
    assert_eq!(
        std::fs::read_link(lib.join("libchess.so.1")).unwrap(),
        std::path::Path::new("libchess.so.1.1.0")
    );
    assert_eq!(
        std::fs::read_link(lib.join("libchess.so")).unwrap(),
        std::path::Path::new("libchess.so.1")
    );
    let readelf = run(Command::new("readelf").arg("-d").arg(lib.join("libchess.so.1.1.0")));
    assert!(readelf.contains("Library soname: [libchess.so.1]"), "{readelf}");
    // The static library lost its debug info: well under the size built
    // (SQLite and zstd inside, about 11 MB).
    let size = std::fs::metadata(lib.join("libchess.a")).unwrap().len();
    let built = std::fs::metadata(root().join("target/release/libchess.a"))
        .unwrap()
        .len();
    assert!(
        size < built / 10 * 8 && size < 16 << 20,
        "libchess.a is {size} bytes, {built} built"
    );
    let pc = std::fs::read_to_string(lib.join("pkgconfig/libchess.pc")).unwrap();
    assert!(pc.contains(&format!("prefix={}", prefix.path().display())), "{pc}");
    assert!(pc.contains("Version: 0.1.0"), "{pc}");
    assert!(!pc.contains("gcc_s"), "{pc}");
    if !have("pkg-config") {
        eprintln!("pkg-config is not installed: skipped the programs (.ci/run installs it)");
        return;
    }
    let pkg_config = |args: &[&str]| {
        run(Command::new("pkg-config")
            .env("PKG_CONFIG_PATH", lib.join("pkgconfig"))
            .args(args))
    };
    // A program as the README shows it.
    let source = prefix.path().join("hello.c");
    std::fs::write(
        &source,
        "#include <chess.h>\n#include <stdio.h>\nint main(void) {\n  ChessGame *g = chess_game_new();\n  \
         if (chess_game_play_san(g, \"e4\") != CHESS_OK) { fprintf(stderr, \"%s\\n\", chess_last_error()); return 1; }\n  \
         char fen[CHESS_MAX_FEN_LENGTH + 1];\n  chess_position_to_fen(chess_game_position(g), fen, sizeof fen);\n  \
         printf(\"%s\\n\", fen);\n  chess_game_free(g);\n  return 0;\n}\n",
    )
    .unwrap();
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let build = |name: &str, pre: &[&str], flags: String, post: &[String]| {
        let binary = prefix.path().join(name);
        run(Command::new("cc")
            .args(["-std=c99", "-Wall", "-Werror"])
            .args(pre)
            .arg(&source)
            .arg("-o")
            .arg(&binary)
            .args(flags.split_whitespace())
            .args(post));
        binary
    };
    // Shared, found through the rpath.
    let shared = build(
        "hello",
        &[],
        pkg_config(&["--cflags", "--libs", "libchess"]),
        &[format!("-Wl,-rpath,{}", lib.display())],
    );
    assert_eq!(run(&mut Command::new(&shared)).trim(), after_e4);
    let needed = run(Command::new("readelf").arg("-d").arg(&shared));
    assert!(needed.contains("Shared library: [libchess.so.1]"), "{needed}");
    // libchess linked in, the C library still shared.
    let static_lib = build(
        "hello-static",
        &[],
        pkg_config(&["--cflags", "--libs", "libchess-static"]),
        &[],
    );
    assert_eq!(run(&mut Command::new(&static_lib)).trim(), after_e4);
    assert!(!run(Command::new("readelf").arg("-d").arg(&static_lib)).contains("libchess"));
    // Fully static: `cc -static` with `pkg-config --static`.
    let fully = build(
        "hello-full",
        &["-static"],
        pkg_config(&["--cflags", "--static", "--libs", "libchess"]),
        &[],
    );
    assert_eq!(run(&mut Command::new(&fully)).trim(), after_e4);
    let file = run(Command::new("readelf").arg("-d").arg(&fully));
    assert!(file.contains("There is no dynamic section"), "{file}");
}

/// Installing with nothing built and no cargo: a clear message, not a
/// silent build or "cargo-not-installed: No such file".
#[test]
fn make_install_says_when_the_library_is_not_built() {
    let prefix = tempfile::tempdir().unwrap();
    let out = output(
        Command::new("make")
            .current_dir(root().join("crates/chess-ffi/c"))
            .args([
                "CARGO=",
                "LIBDIR=/nonexistent",
                "install",
                &format!("PREFIX={}", prefix.path().display()),
            ]),
    );
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("libchess is not built in /nonexistent"), "{stderr}");
    assert!(stderr.contains("make -C crates/chess-ffi/c lib"), "{stderr}");
}

/// `find_package(libchess)` in another CMake project, after `cmake --install`.
#[test]
fn cmake_install_gives_find_package() {
    if !have("cmake") {
        eprintln!("cmake is not installed: skipped (.ci/run installs it)");
        return;
    }
    let _guard = build_lock();
    build_library();
    let build = tempfile::tempdir().unwrap();
    let prefix = tempfile::tempdir().unwrap();
    run(Command::new("cmake")
        .arg("-S")
        .arg(root().join("crates/chess-ffi/c"))
        .arg("-B")
        .arg(build.path()));
    run(Command::new("cmake")
        .arg("--install")
        .arg(build.path())
        .arg("--prefix")
        .arg(prefix.path()));
    assert!(prefix.path().join("lib/libchess.so.1.1.0").is_file());
    let project = tempfile::tempdir().unwrap();
    std::fs::write(
        project.path().join("CMakeLists.txt"),
        "cmake_minimum_required(VERSION 3.16)\nproject(user C)\nfind_package(libchess 0.1 REQUIRED)\n\
         add_executable(user user.c)\ntarget_link_libraries(user PRIVATE libchess::chess)\n\
         add_executable(user-static user.c)\ntarget_link_libraries(user-static PRIVATE libchess::chess_static)\n",
    )
    .unwrap();
    std::fs::write(
        project.path().join("user.c"),
        "#include <chess.h>\n#include <stdio.h>\nint main(void) {\n  ChessPosition *p = chess_position_new();\n  \
         printf(\"%llu\\n\", (unsigned long long)chess_position_perft(p, 3));\n  chess_position_free(p);\n  return 0;\n}\n",
    )
    .unwrap();
    let user_build = project.path().join("build");
    run(Command::new("cmake")
        .arg("-S")
        .arg(project.path())
        .arg("-B")
        .arg(&user_build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.path().display())));
    run(Command::new("cmake").arg("--build").arg(&user_build));
    for binary in ["user", "user-static"] {
        assert_eq!(
            run(&mut Command::new(user_build.join(binary))).trim(),
            "8902",
            "{binary}"
        );
    }
}

#[test]
fn cmake_builds_the_examples() {
    if !have("cmake") {
        eprintln!("cmake is not installed: skipped (.ci/run installs it)");
        return;
    }
    build_library();
    let build = tempfile::tempdir().unwrap();
    run(Command::new("cmake")
        .arg("-S")
        .arg(root().join("crates/chess-ffi/c"))
        .arg("-B")
        .arg(build.path()));
    run(Command::new("cmake").arg("--build").arg(build.path()).arg("-j2"));
    for binary in ["perft", "perft-static"] {
        let out = run(Command::new(build.path().join(binary)).arg("4"));
        assert!(out.contains("nodes 197281"), "{out}");
    }
    let out = run(Command::new(build.path().join("pgn_walk")).arg(root().join("crates/chess-ffi/c/annotated.pgn")));
    assert!(out.contains("[0:02:59.5]"), "{out}");
}
