//! Gives the shared library its SONAME, `libchess.so.<ABI>`, from
//! `CHESS_ABI_VERSION` in src/lib.rs: programs linked against libchess then
//! load the `libchess.so.<ABI>` their ABI is, as a distribution installs it.

use std::fs;

fn main() {
    println!("cargo:rerun-if-changed=src/lib.rs");
    let lib = fs::read_to_string("src/lib.rs").expect("src/lib.rs");
    let abi: u32 = lib
        .lines()
        .find_map(|l| l.strip_prefix("pub const CHESS_ABI_VERSION: u32 = "))
        .and_then(|v| v.trim_end_matches(';').trim().parse().ok())
        .expect("src/lib.rs defines `pub const CHESS_ABI_VERSION: u32 = N;`");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let elf = !matches!(os.as_str(), "macos" | "ios" | "windows");
    if elf {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libchess.so.{abi}");
    }
}
