//! Perft speed of chess-core against shakmaty and cozy-chess, measured in
//! one process with the runs interleaved (ours, shakmaty, cozy, ours, ...)
//! so that machine noise hits all three alike. Prints Mnps and ratios.
//!
//! `cargo bench -p chess-core --bench compare` (add `-- --quick` for one round).

use std::hint::black_box;
use std::time::Instant;

#[path = "common.rs"]
mod common;
use common::*;

fn time(f: impl FnOnce() -> u64) -> (u64, f64) {
    let start = Instant::now();
    let n = black_box(f());
    (n, start.elapsed().as_secs_f64())
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let rounds = if quick { 1 } else { std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(5) };
    for bulk in [true, false] {
        println!(
            "\nperft {} bulk counting, best of {rounds} interleaved rounds (Mnps; ratio = ours / theirs)",
            if bulk { "with" } else { "without" }
        );
        println!(
            "{:<9} {:>5} {:>12} {:>8} {:>9} {:>8} {:>10} {:>10}",
            "position", "depth", "nodes", "ours", "shakmaty", "cozy", "vs shak.", "vs cozy"
        );
        for (name, fen, depth) in positions() {
            let depth = if bulk { depth } else { depth.min(5) };
            let (a, b, c) = (ours(&fen), shakmaty_pos(&fen), cozy_pos(&fen));
            let mut best = [f64::MAX; 3];
            let mut nodes = 0;
            for _ in 0..rounds {
                let runs: [(u64, f64); 3] = if bulk {
                    [
                        time(|| a.perft(depth)),
                        time(|| shakmaty::perft(&b, depth)),
                        time(|| cozy_perft(&c, depth, true)),
                    ]
                } else {
                    [
                        time(|| a.perft_unbulked(depth)),
                        time(|| shakmaty_perft_unbulked(&b, depth)),
                        time(|| cozy_perft(&c, depth, false)),
                    ]
                };
                nodes = runs[0].0;
                for (i, (n, t)) in runs.iter().enumerate() {
                    assert_eq!(*n, nodes, "{name}: the libraries disagree");
                    best[i] = best[i].min(*t);
                }
            }
            let mnps = best.map(|t| nodes as f64 / t / 1e6);
            println!(
                "{:<9} {:>5} {:>12} {:>8.1} {:>9.1} {:>8.1} {:>9.2}x {:>9.2}x",
                name,
                depth,
                nodes,
                mnps[0],
                mnps[1],
                mnps[2],
                mnps[0] / mnps[1],
                mnps[0] / mnps[2]
            );
        }
    }
}
