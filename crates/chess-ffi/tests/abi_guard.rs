//! The ABI is guarded: `crates/chess-ffi/abi.txt` records, for the
//! current `CHESS_ABI_VERSION`, every exported function's prototype, every
//! enumerator's value and every public struct's size, alignment and field
//! offsets. This test fails when they change:
//!
//! - an incompatible change (a function removed or its prototype changed,
//!   a value or a layout changed) without raising `CHESS_ABI_VERSION` (and
//!   so the library's SONAME) is refused outright;
//! - a compatible one (new functions, new enumerators, new structs), or a
//!   raised version, is recorded with:
//!
//! ```text
//! UPDATE_ABI=1 cargo test -p chess-ffi --test abi_guard
//! ```

use std::collections::BTreeSet;
use std::mem::{align_of, offset_of, size_of};
use std::path::Path;

use chess::*;

/// A struct's layout lines: size, alignment, and each field's offset.
macro_rules! layout {
    ($out:expr, $ty:ident { $($field:ident),* $(,)? }) => {{
        $out.push(format!(
            "struct {} size {} align {}",
            stringify!($ty),
            size_of::<$ty>(),
            align_of::<$ty>()
        ));
        $($out.push(format!("field {}.{} offset {}", stringify!($ty), stringify!($field), offset_of!($ty, $field)));)*
    }};
}

/// The header with its comments taken out.
fn header_code() -> String {
    let header =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../include/chess.h")).expect("chess.h");
    let mut code = String::new();
    let mut rest = header.as_str();
    while let Some(start) = rest.find("/*") {
        code.push_str(&rest[..start]);
        rest = rest[start..].find("*/").map_or("", |e| &rest[start + e + 2..]);
    }
    code.push_str(rest);
    code
}

/// What the ABI is today, one fact per line.
fn current() -> Vec<String> {
    let code = header_code();
    let mut facts = Vec::new();
    // Prototypes, whitespace normalised, from the code without its
    // preprocessor lines and `//` comments.
    let declarations: String = code
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    for item in declarations.split(';') {
        let item = item.split_whitespace().collect::<Vec<_>>().join(" ");
        let item = item.rsplit(['{', '}']).next().unwrap_or("").trim().to_string();
        let declares = item.contains(" chess_") || item.contains("*chess_");
        if declares && item.contains('(') && !item.starts_with("typedef") && !item.starts_with('#') {
            facts.push(format!("function {item}"));
        }
    }
    // Enumerators and constants with their values.
    for line in code.lines().map(str::trim) {
        if line.starts_with("CHESS_") && line.contains(" = ") {
            facts.push(format!("value {}", line.trim_end_matches(',')));
        } else if let Some(define) = line.strip_prefix("#define CHESS_") {
            facts.push(format!("define CHESS_{define}"));
        } else if line.starts_with("typedef") && !line.ends_with('{') {
            facts.push(line.to_string());
        }
    }
    layout!(
        facts,
        ChessMove {
            from,
            to,
            promotion,
            flags
        }
    );
    layout!(
        facts,
        ChessSearchLimits {
            depth,
            movetime_ms,
            nodes,
            multipv
        }
    );
    layout!(
        facts,
        ChessSearchInfo {
            depth,
            seldepth,
            multipv,
            mate,
            score_cp,
            nodes,
            time_ms,
            pv_length,
            pv
        }
    );
    layout!(facts, ChessBookEntry { mv, weight, learn });
    layout!(
        facts,
        ChessDbProgress {
            bytes_read,
            bytes_total,
            games
        }
    );
    layout!(facts, ChessDbMatch { game, ply });
    layout!(
        facts,
        ChessDbMoveStats {
            mv,
            games,
            white,
            draws,
            black,
            average_elo,
            last_year
        }
    );
    layout!(
        facts,
        ChessDbTopGame {
            game,
            ply,
            white_elo,
            black_elo,
            result,
            year
        }
    );
    facts.push(format!("struct ChessColor size {}", size_of::<ChessColor>()));
    facts.push(format!("struct ChessNode size {}", size_of::<ChessNode>()));
    facts.sort();
    facts.dedup();
    facts
}

#[test]
fn the_abi_changes_only_with_its_version() {
    let record_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("abi.txt");
    let recorded = std::fs::read_to_string(&record_path).unwrap_or_default();
    let recorded_version: Option<u32> = recorded
        .lines()
        .find_map(|l| l.strip_prefix("abi "))
        .and_then(|v| v.trim().parse().ok());
    let recorded: BTreeSet<&str> = recorded
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("abi ") && !l.is_empty())
        .collect();
    let facts = current();
    let now: BTreeSet<&str> = facts.iter().map(String::as_str).collect();
    let gone: Vec<&&str> = recorded.difference(&now).collect();
    let new: Vec<&&str> = now.difference(&recorded).collect();
    let same_version = recorded_version == Some(CHESS_ABI_VERSION);
    assert!(
        !same_version || gone.is_empty(),
        "incompatible ABI change without raising CHESS_ABI_VERSION ({CHESS_ABI_VERSION}); these no longer hold:\n{}\n\
         Raise CHESS_ABI_VERSION (the SONAME follows it), then record with UPDATE_ABI=1.",
        gone.iter().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
    );
    if gone.is_empty() && new.is_empty() && same_version {
        return;
    }
    if std::env::var_os("UPDATE_ABI").is_some() {
        let mut text = format!(
            "# libchess's ABI, checked by crates/chess-ffi/tests/abi_guard.rs: what\n\
             # programs built against this version rely on. Record changes with\n\
             # UPDATE_ABI=1 cargo test -p chess-ffi --test abi_guard\nabi {CHESS_ABI_VERSION}\n"
        );
        for fact in &facts {
            text.push_str(fact);
            text.push('\n');
        }
        std::fs::write(&record_path, text).expect("write abi.txt");
        return;
    }
    panic!(
        "the ABI changed compatibly (or its version was raised); record it with \
         UPDATE_ABI=1 cargo test -p chess-ffi --test abi_guard. New:\n{}",
        new.iter().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
    );
}
