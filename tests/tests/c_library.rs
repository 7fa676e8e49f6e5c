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

fn build_examples() -> std::path::PathBuf {
    build_library();
    let examples = root().join("ffi-examples");
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
    let _guard = BUILD.lock().unwrap();
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
    let _guard = BUILD.lock().unwrap();
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
    let _guard = BUILD.lock().unwrap();
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
    let _guard = BUILD.lock().unwrap();
    let build = build_examples();
    let sample = root().join("ffi-examples/sample.pgn");
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
    let missing = output(Command::new(build.join("pgn_stats")).arg("/no/such.pgn"));
    assert!(!missing.status.success());
}

#[test]
fn pgn_stats_check_lists_warnings_and_errors_like_a_compiler() {
    let _guard = BUILD.lock().unwrap();
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
    let sample = root().join("ffi-examples/sample.pgn");
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
fn make_install_gives_a_pkg_config_setup() {
    let _guard = BUILD.lock().unwrap();
    build_library();
    let prefix = tempfile::tempdir().unwrap();
    run(Command::new("make").current_dir(root().join("ffi-examples")).args([
        "CARGO=",
        "install",
        &format!("PREFIX={}", prefix.path().display()),
    ]));
    for file in [
        "lib/libchess.so",
        "lib/libchess.a",
        "include/chess.h",
        "lib/pkgconfig/libchess.pc",
    ] {
        assert!(prefix.path().join(file).exists(), "{file} installed");
    }
    let pc = std::fs::read_to_string(prefix.path().join("lib/pkgconfig/libchess.pc")).unwrap();
    assert!(pc.contains(&format!("prefix={}", prefix.path().display())), "{pc}");
    assert!(pc.contains("Version: 0.1.0"), "{pc}");
    if have("pkg-config") {
        let flags = run(Command::new("pkg-config")
            .env("PKG_CONFIG_PATH", prefix.path().join("lib/pkgconfig"))
            .args(["--cflags", "--libs", "libchess"]));
        let binary = prefix.path().join("perft");
        let mut cc = Command::new("cc");
        cc.args(["-std=c99", "-Wall", "-Werror"])
            .arg(root().join("ffi-examples/perft.c"))
            .arg("-o")
            .arg(&binary)
            .args(flags.split_whitespace())
            .arg(format!("-Wl,-rpath,{}", prefix.path().join("lib").display()));
        run(&mut cc);
        assert!(run(Command::new(&binary).arg("3")).contains("nodes 8902"));
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
        .arg(root().join("ffi-examples"))
        .arg("-B")
        .arg(build.path()));
    run(Command::new("cmake").arg("--build").arg(build.path()).arg("-j2"));
    for binary in ["perft", "perft-static"] {
        let out = run(Command::new(build.path().join(binary)).arg("4"));
        assert!(out.contains("nodes 197281"), "{out}");
    }
}
