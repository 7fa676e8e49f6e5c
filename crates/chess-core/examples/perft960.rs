//! Perft of every position of tests/data/chess960.perft up to a depth
//! (default 5), compared with the file's counts: the deeper check of
//! Chess960 move generation, in release mode.
//!
//! ```text
//! cargo run --release -p chess-core --example perft960 -- 6
//! ```

use std::time::Instant;

use chess_core::Position;

fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(5);
    let start = Instant::now();
    let (mut positions, mut nodes, mut wrong) = (0, 0u64, 0);
    let mut fen = String::new();
    for line in include_str!("../tests/data/chess960.perft").lines() {
        if let Some(epd) = line.strip_prefix("epd ") {
            fen = epd.to_string();
            positions += 1;
        } else if let Some(count) = line.strip_prefix("perft ") {
            let (d, expected) = count.split_once(' ').unwrap();
            let (d, expected): (u32, u64) = (d.parse().unwrap(), expected.parse().unwrap());
            if d != depth {
                continue;
            }
            let pos = Position::from_fen_960(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let got = pos.perft(d);
            nodes += got;
            if got != expected {
                wrong += 1;
                println!("{fen}: depth {d}: {got}, expected {expected}");
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{positions} positions at depth {depth}: {wrong} wrong, {nodes} nodes in {secs:.1} s ({:.0} Mnps)",
        nodes as f64 / secs / 1e6
    );
    std::process::exit(if wrong == 0 { 0 } else { 1 });
}
