//! Analysing the positions of a game, in parallel: one search per thread,
//! each thread with its own engine and hash table.
//!
//! Each position's evaluation depends on the position and the limits
//! alone: the engine forgets everything before each search (its table and
//! move-ordering statistics; `ucinewgame` for a UCI program, run on one
//! thread), so a review gives the same marks and sentences every time,
//! whichever thread took which position (at a fixed depth or node count;
//! a time limit is never exact).
//!
//! Positions are handed out one at a time from a shared counter, so a
//! thread that meets a long search does not hold the others up. A shared
//! hash table was not chosen: this engine's table is not built for
//! concurrent writes, and separate ones let each search run at full speed
//! (the README has games per minute on 1 and 2 threads).

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use chess_core::pgn::Eval;
use chess_core::{Move, Position, Status};

use super::PositionEval;
use crate::client::{ClientError, UciEngine};
use crate::uci::Go;
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

/// The depth a review searches each position by default: the marks of
/// depth 12 agree with those of a depth-16 review on 73% of the moves that
/// review marks (58% at depth 10, 77% at 14 for 2.5 times the time;
/// `examples/review_depth`, 20 club games; `docs/engine.md`).
pub const DEFAULT_DEPTH: u32 = 12;

impl Default for AnalyseOptions {
    fn default() -> AnalyseOptions {
        AnalyseOptions {
            limits: Limits::depth(DEFAULT_DEPTH),
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

/// Runs `search(searcher, i)` for every `i` in `0..total`, on `threads`
/// threads, each with its own searcher from `make`; `None` for the ones
/// left when `stop` was set (or whose searcher could not be made).
fn run_parallel<S>(
    total: usize,
    threads: usize,
    stop: &AtomicBool,
    progress: &(dyn Fn(usize, usize) + Sync),
    make: &(dyn Fn() -> Option<S> + Sync),
    search: &(dyn Fn(&mut S, usize) -> Option<PositionEval> + Sync),
) -> Vec<Option<PositionEval>> {
    let results: Mutex<Vec<Option<PositionEval>>> = Mutex::new(vec![None; total]);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, total.max(1)) {
            scope.spawn(|| {
                let Some(mut searcher) = make() else { return };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    // A search cut short by `stop` is not a result.
                    let Some(result) = search(&mut searcher, i).filter(|_| !stop.load(Ordering::Relaxed)) else {
                        continue;
                    };
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                }
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Analyses each of `positions` (a position and the Zobrist hashes of the
/// game's positions before it, for repetitions) with the built-in engine,
/// calling `progress(done, total)` as searches end. Returns `None` for the
/// positions left when `stop` was set.
pub fn analyse(
    positions: &[(Position, Vec<u64>)],
    options: &AnalyseOptions,
    stop: &AtomicBool,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Option<PositionEval>> {
    run_parallel(
        positions.len(),
        options.threads,
        stop,
        progress,
        &|| Some(Engine::new(options.hash_mb)),
        &|engine, i| {
            let (pos, history) = &positions[i];
            if let Some(eval) = by_rules(pos) {
                return Some(PositionEval { eval, pv: Vec::new() });
            }
            // Nothing learnt from the position searched before.
            engine.new_game();
            let found = engine.search(pos, history, &options.limits, stop, |_| {});
            let line = found.lines.into_iter().next()?;
            Some(PositionEval {
                eval: eval_of(line.score, pos),
                pv: line.pv,
            })
        },
    )
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

/// [`analyse_game`] with a UCI engine program (Stockfish...): one process
/// per thread, each sent the game's moves up to its position (so it sees
/// repetitions). `Err` when the program cannot be started.
pub fn analyse_game_uci(
    program: &Path,
    start: &Position,
    moves: &[Move],
    options: &AnalyseOptions,
    stop: &AtomicBool,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Option<Vec<PositionEval>>, ClientError> {
    // Started here once, so a program that does not run is an error.
    UciEngine::start(program, ENGINE_TIMEOUT)?;
    let mut positions = vec![start.clone()];
    for &m in moves {
        let mut next = positions[positions.len() - 1].clone();
        if next.play(m).is_err() {
            return Ok(None);
        }
        positions.push(next);
    }
    let go = Go {
        depth: options.limits.depth,
        movetime: options.limits.movetime,
        nodes: options.limits.nodes,
        ..Go::default()
    };
    let results = run_parallel(
        positions.len(),
        options.threads,
        stop,
        progress,
        &|| {
            let mut engine = UciEngine::start(program, ENGINE_TIMEOUT).ok()?;
            let _ = engine.set_option("Hash", &options.hash_mb.to_string());
            // One thread: a search on several is not the same twice.
            let _ = engine.set_option("Threads", "1");
            Some(engine)
        },
        &|engine, i| {
            let pos = &positions[i];
            if let Some(eval) = by_rules(pos) {
                return Some(PositionEval { eval, pv: Vec::new() });
            }
            // Nothing learnt from the position searched before.
            engine.new_game(ENGINE_TIMEOUT).ok()?;
            let mut last: Option<(Score, Vec<String>)> = None;
            // Long enough for any depth; a movetime is kept by the engine.
            let timeout = options
                .limits
                .movetime
                .map_or(Duration::from_secs(600), |t| t * 4 + ENGINE_TIMEOUT);
            engine
                .go(start, &moves[..i], &go, timeout, Some(stop), |info| {
                    if let Some(score) = info.score
                        && !info.bound
                        && info.multipv.unwrap_or(1) == 1
                    {
                        last = Some((score, info.pv.clone()));
                    }
                })
                .ok()?;
            let (score, pv_text) = last?;
            let mut pv = Vec::new();
            let mut at = pos.clone();
            for text in &pv_text {
                let Ok(m) = at.parse_uci(text) else { break };
                at.play_unchecked(m);
                pv.push(m);
            }
            Some(PositionEval {
                eval: eval_of(score, pos),
                pv,
            })
        },
    );
    Ok(results.into_iter().collect())
}

/// How long a UCI program may take to start or to answer `isready`.
const ENGINE_TIMEOUT: Duration = Duration::from_secs(10);
