//! Helpers for the workspace tests: where things are, and running commands
//! with readable failures.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("workspace root")
}

/// Runs `cmd`, panicking with its output if it fails; returns stdout.
pub fn run(cmd: &mut Command) -> String {
    let out = output(cmd);
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs `cmd` and returns its output, whatever the exit status. Without
/// the `LD_LIBRARY_PATH` that `cargo test` sets (to its debug builds,
/// where a stale `libchess.so` can be): programs find libchess as a C
/// user's do, through their rpath.
pub fn output(cmd: &mut Command) -> Output {
    cmd.env_remove("LD_LIBRARY_PATH")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

/// Whether a program is on the PATH.
pub fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Builds the release library once per test process, as the README says
/// (`make -C crates/chess-ffi/c lib`): `libchess.so` (with its `libchess.so.N`
/// link) and `libchess.a` in target/release.
pub fn build_library() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
        run(Command::new("make")
            .current_dir(root().join("crates/chess-ffi/c"))
            .arg(format!("CARGO={cargo}"))
            .arg("lib"));
    });
}
