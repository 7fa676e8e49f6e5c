//! How deep a review must search for its marks to agree with a deeper one:
//! reviews the games of a PGN file at several depths and compares each
//! move's judgement (none, ?!, ?, ??) with the deepest review's, with the
//! time each depth takes. The figures behind the review's default depth
//! (`docs/engine.md`, "Game review").
//!
//! ```text
//! cargo run --release -p chess-engine --example review_depth -- GAMES.pgn [DEPTH ...] [--against DEPTH]
//! ```
//!
//! Default: depths 8 10 12 14 against 16, on every core.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use chess_core::pgn::PgnReader;
use chess_engine::Limits;
use chess_engine::review::{AnalyseOptions, Judgement, analyse_game, review};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: review_depth GAMES.pgn [DEPTH ...] [--against DEPTH]");
        std::process::exit(2);
    };
    let mut depths: Vec<u32> = Vec::new();
    let mut against = 16;
    while let Some(arg) = args.next() {
        if arg == "--against" {
            against = args.next().and_then(|d| d.parse().ok()).unwrap_or(16);
        } else if let Ok(d) = arg.parse() {
            depths.push(d);
        }
    }
    if depths.is_empty() {
        depths = vec![8, 10, 12, 14];
    }
    let file = std::fs::File::open(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    let games: Vec<_> = PgnReader::new(std::io::BufReader::new(file))
        .filter_map(Result::ok)
        .collect();
    let stop = AtomicBool::new(false);
    // Each game's judgements, move by move, at a depth (and the seconds).
    let judge = |depth: u32| {
        let options = AnalyseOptions {
            limits: Limits::depth(depth),
            ..AnalyseOptions::default()
        };
        let started = Instant::now();
        let marks: Vec<Vec<Option<Judgement>>> = games
            .iter()
            .map(|game| {
                let moves: Vec<_> = game.mainline().iter().filter_map(|&n| game.move_at(n)).collect();
                let start = game.start_position();
                let evals = analyse_game(start, &moves, &options, &stop, &|_, _| {}).unwrap_or_default();
                review(start, &moves, &evals)
                    .moves
                    .iter()
                    .map(|m| m.judgement)
                    .collect()
            })
            .collect();
        (marks, started.elapsed().as_secs_f64())
    };
    let (truth, truth_secs) = judge(against);
    let moves: usize = truth.iter().map(Vec::len).sum();
    let marked = truth.iter().flatten().filter(|j| j.is_some()).count();
    println!(
        "{} games, {moves} moves; depth {against}: {marked} marked, {truth_secs:.0} s",
        games.len()
    );
    println!(
        "depth | time | same mark as depth {against} | of its marks, the same | its blunders called blunders | marks it has not"
    );
    for depth in depths {
        let (marks, secs) = judge(depth);
        let pairs: Vec<(Option<Judgement>, Option<Judgement>)> = marks
            .iter()
            .flatten()
            .zip(truth.iter().flatten())
            .map(|(&a, &b)| (a, b))
            .collect();
        let same = pairs.iter().filter(|(a, b)| a == b).count();
        let marked_same = pairs.iter().filter(|(a, b)| b.is_some() && a == b).count();
        let blunders = pairs.iter().filter(|(_, b)| *b == Some(Judgement::Blunder)).count();
        let blunders_same = pairs
            .iter()
            .filter(|(a, b)| *b == Some(Judgement::Blunder) && *a == Some(Judgement::Blunder))
            .count();
        let false_marks = pairs.iter().filter(|(a, b)| a.is_some() && b.is_none()).count();
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        println!(
            "{depth} | {secs:.0} s | {:.1}% | {:.1}% | {blunders_same} of {blunders} ({:.0}%) | {false_marks}",
            pct(same, pairs.len()),
            pct(marked_same, marked),
            pct(blunders_same, blunders),
        );
    }
}
