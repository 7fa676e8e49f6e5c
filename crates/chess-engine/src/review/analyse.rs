//! Analysing the positions of a game, in parallel: one search per thread,
//! each thread with its own engine and hash table.
//!
//! Positions are handed out one at a time from a shared counter, so a
//! thread that meets a long search does not hold the others up. A shared
//! hash table was not chosen: this engine's table is not built for
//! concurrent writes, and separate ones let each search run at full speed
//! (the README has games per minute on 1 and 2 threads).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use chess_core::pgn::Eval;
use chess_core::{Move, Position, Status};

use super::PositionEval;
use crate::{Engine, Limits, Score};

/// How to analyse: the limits of each search, threads and hash.
#[derive(Clone, Debug)]
pub struct AnalyseOptions {
    /// The limits of each position's search (a depth or a time).
    pub limits: Limits,
    /// Searches at once (one per thread); at least 1.
    pub threads: usize,
    /// Each thread's hash table, in MiB.
    pub hash_mb: usize,
}

impl Default for AnalyseOptions {
    fn default() -> AnalyseOptions {
        AnalyseOptions {
            limits: Limits::depth(10),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hash_mb: 16,
        }
    }
}

/// A finished position's evaluation by the rules: mate, stalemate, a dead
/// position. `None` while the game goes on.
fn by_rules(pos: &Position) -> Option<Eval> {
    match pos.status() {
        Status::Ongoing => None,
        Status::Checkmate => Some(Eval::Mate(0)),
        _ => Some(Eval::Centipawns(0)),
    }
}

/// A search score (for the side to move) as an evaluation from White's side.
fn eval_of(score: Score, pos: &Position) -> Eval {
    match score.for_white(pos.turn()) {
        Score::Cp(cp) => Eval::Centipawns(cp),
        Score::Mate(n) => Eval::Mate(n),
    }
}

/// Analyses each of `positions` (a position and the Zobrist hashes of the
/// game's positions before it, for repetitions), calling `progress(done,
/// total)` as searches end. Returns `None` for the positions left when
/// `stop` was set.
pub fn analyse(
    positions: &[(Position, Vec<u64>)],
    options: &AnalyseOptions,
    stop: &AtomicBool,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Option<PositionEval>> {
    let total = positions.len();
    let results: Mutex<Vec<Option<PositionEval>>> = Mutex::new(vec![None; total]);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let threads = options.threads.clamp(1, total.max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut engine = Engine::new(options.hash_mb);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let (pos, history) = &positions[i];
                    let result = match by_rules(pos) {
                        Some(eval) => Some(PositionEval { eval, pv: Vec::new() }),
                        None => {
                            let found = engine.search(pos, history, &options.limits, stop, |_| {});
                            // A search cut short by `stop` is not a result.
                            (!stop.load(Ordering::Relaxed))
                                .then(|| found.lines.into_iter().next())
                                .flatten()
                                .map(|line| PositionEval {
                                    eval: eval_of(line.score, pos),
                                    pv: line.pv,
                                })
                        }
                    };
                    if let Some(result) = result {
                        results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                    }
                }
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Analyses every position of the line `moves` from `start` (the start and
/// the position after each move). `None` when `stop` cut it short or a
/// move is not legal.
pub fn analyse_game(
    start: &Position,
    moves: &[Move],
    options: &AnalyseOptions,
    stop: &AtomicBool,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Option<Vec<PositionEval>> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut pos = start.clone();
    let mut history = Vec::new();
    for &m in moves {
        positions.push((pos.clone(), history.clone()));
        history.push(pos.zobrist());
        pos.play(m).ok()?;
    }
    positions.push((pos, history));
    analyse(&positions, options, stop, progress).into_iter().collect()
}
