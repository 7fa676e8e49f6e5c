//! FEN text to a validated position, per FEN, against shakmaty
//! (`Fen::from_ascii` + `into_position`), in one process with interleaved
//! rounds, on two sets of positions:
//! - the perft suites' 132 positions (castling rights, en passant,
//!   promotions, checks: the corner cases);
//! - 4,000 puzzle-like positions (middlegames and endings reached by
//!   plausible games, as puzzle collections start from).
//!
//! shakmaty refuses a check no last move could have given; we load it with
//! a warning (some perft positions have one), so it is told to ignore that.
//!
//! `cargo bench -p chess-core --bench fen` (`ROUNDS=n` for other than 9).

use std::hint::black_box;

use chess_core::Position;
use shakmaty::{CastlingMode, Chess, fen::Fen};

#[path = "support/corpora.rs"]
mod corpora;
#[path = "support/rounds.rs"]
mod rounds;

const PERFT_SUITES: [&str; 2] = [
    include_str!("../tests/data/perftsuite.epd"),
    include_str!("../tests/data/cpw-perft.epd"),
];

fn ours(fens: &[String]) -> usize {
    let mut ok = 0;
    for fen in fens {
        ok += black_box(Position::from_fen(black_box(fen))).is_ok() as usize;
    }
    ok
}

fn theirs(fens: &[String]) -> usize {
    let mut ok = 0;
    for fen in fens {
        let pos = Fen::from_ascii(black_box(fen).as_bytes()).ok().and_then(|f| {
            f.into_position::<Chess>(CastlingMode::Standard)
                .or_else(shakmaty::PositionError::ignore_impossible_check)
                .ok()
        });
        ok += black_box(pos).is_some() as usize;
    }
    ok
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(9);
    let suites: Vec<String> = PERFT_SUITES
        .iter()
        .flat_map(|s| s.lines())
        .filter_map(|l| l.split(';').next())
        .map(|f| f.trim().to_string())
        .filter(|f| !f.is_empty())
        .collect();
    let mut rng = corpora::Rng(0x5eed_f00d);
    let puzzles: Vec<String> = (0..4000).map(|_| corpora::puzzle_position(&mut rng).fen()).collect();
    println!("FEN to a validated position: median of {rounds} rounds of per-round ratios (lowest-highest)\n");
    println!(
        "{:<16} {:>6} {:>12} {:>12} {:>22}",
        "positions", "count", "ours ns/FEN", "shakmaty", "ours vs shakmaty"
    );
    for (name, fens) in [("perft suites", &suites), ("puzzle-like", &puzzles)] {
        // Enough repetitions for a round to take a few tens of milliseconds.
        let reps = 200_000 / fens.len() + 1;
        let measured = rounds::interleaved(rounds, |i| {
            let mut ok = 0;
            for _ in 0..reps {
                ok += if i == 0 { ours(fens) } else { theirs(fens) };
            }
            assert_eq!(ok, reps * fens.len(), "every FEN loads");
        });
        let (median, low, high) = measured.spread();
        let per = |t: f64| t / (reps * fens.len()) as f64 * 1e9;
        println!(
            "{name:<16} {:>6} {:>12.0} {:>12.0} {:>9.2}x ({:.2}-{:.2})",
            fens.len(),
            per(measured.best[0]),
            per(measured.best[1]),
            median,
            low,
            high
        );
    }
}
