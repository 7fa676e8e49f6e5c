//! Perft speed of chess-core against shakmaty and cozy-chess, measured in
//! one process. Each round runs the three one after another (in an order
//! that alternates between rounds) and the ratio of each pair is taken
//! within the round, so that the machine's drift hits all three alike; the
//! table shows the median ratio over the rounds, and the best speed.
//!
//! `cargo bench -p chess-core --bench compare` runs both halves with 7
//! rounds. Environment: `ROUNDS=n`, `COMPARE=bulk` or `COMPARE=unbulked`.

use std::hint::black_box;
use std::time::Instant;

#[path = "support/perft.rs"]
mod common;
use common::*;

fn time(f: &dyn Fn() -> u64) -> (u64, f64) {
    let start = Instant::now();
    let n = black_box(f());
    (n, start.elapsed().as_secs_f64())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let only = std::env::var("COMPARE").unwrap_or_default();
    for bulk in [true, false] {
        if (only == "bulk" && !bulk) || (only == "unbulked" && bulk) {
            continue;
        }
        println!(
            "\nperft {} bulk counting: best Mnps of {rounds} rounds; median of per-round ratios (ours / theirs)",
            if bulk { "with" } else { "without" }
        );
        println!(
            "{:<9} {:>5} {:>12} {:>8} {:>9} {:>8} {:>10} {:>10} {:>16}",
            "position", "depth", "nodes", "ours", "shakmaty", "cozy", "vs shak.", "vs cozy", "hashing vs shak."
        );
        for (name, fen, depth) in positions() {
            let depth = if bulk { depth } else { depth.min(5) };
            let (a, b, c) = (ours(&fen), shakmaty_pos(&fen), cozy_pos(&fen));
            // The fourth run, unbulked only: our perft written with the public
            // make/unmake, which keeps the Zobrist key (perft itself skips it).
            let runs: [Box<dyn Fn() -> u64>; 4] = if bulk {
                [
                    Box::new(|| a.perft(depth)),
                    Box::new(|| shakmaty::perft(&b, depth)),
                    Box::new(|| cozy_perft(&c, depth, true)),
                    Box::new(|| 0),
                ]
            } else {
                [
                    Box::new(|| a.perft_unbulked(depth)),
                    Box::new(|| shakmaty_perft_unbulked(&b, depth)),
                    Box::new(|| cozy_perft(&c, depth, false)),
                    Box::new(|| ours_perft_hashed(&mut a.clone(), depth)),
                ]
            };
            let mut best = [f64::MAX; 4];
            let mut ratios = [Vec::new(), Vec::new(), Vec::new()];
            let mut nodes = 0;
            for round in 0..rounds {
                let mut t = [0.0; 4];
                let order: [usize; 4] = if round % 2 == 0 { [0, 1, 2, 3] } else { [3, 2, 1, 0] };
                for i in order {
                    let (n, secs) = time(&runs[i]);
                    if i == 0 {
                        nodes = n;
                    }
                    assert!(
                        nodes == 0 || n == nodes || i == 0 || (bulk && i == 3),
                        "{name}: the libraries disagree"
                    );
                    t[i] = secs;
                    best[i] = best[i].min(secs);
                }
                ratios[0].push(t[1] / t[0]);
                ratios[1].push(t[2] / t[0]);
                ratios[2].push(t[1] / t[3]);
            }
            let mnps = best.map(|t| nodes as f64 / t / 1e6);
            let [vs_shak, vs_cozy, hashed] = ratios.map(median);
            let hashed = if bulk {
                String::new()
            } else {
                format!("{hashed:.2}x ({:.1})", mnps[3])
            };
            println!(
                "{:<9} {:>5} {:>12} {:>8.1} {:>9.1} {:>8.1} {:>9.2}x {:>9.2}x {:>16}",
                name, depth, nodes, mnps[0], mnps[1], mnps[2], vs_shak, vs_cozy, hashed
            );
        }
    }
}
