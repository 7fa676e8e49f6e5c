//! The search: iterative deepening over a principal-variation alpha-beta
//! search with a transposition table, quiescence search, check extension,
//! null-move pruning, late-move reductions and pruning, and move ordering by
//! hash move, captures by MVV-LVA with losing ones (by static exchange)
//! late, killers and history; internal iterative reduction.
//!
//! Scores are in centipawns from the side to move's view; a mate is
//! `MATE - plies` so shorter mates score higher.

mod history;
mod limits;
mod negamax;
mod ordering;
pub(crate) mod params;
mod quiescence;
mod report;
mod root;
mod score;
mod stats;
mod time;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chess_core::{Move, MoveList, Position};

use crate::eval::{Accumulators, EvalCache};
use crate::tt::TranspositionTable;
use history::{Histories, PieceTo};
pub use limits::{Clock, Limits};
use params::{LMR_BASE, LMR_DIVISOR};
pub use report::{Info, Line, SearchResult};
pub use score::Score;
use score::{MATE, MATE_BOUND};
pub use stats::Stats;
use time::time_budget;

/// The deepest the search goes, in plies from the root.
pub const MAX_PLY: usize = 128;
/// How often (in nodes) the clock and the stop flag are looked at.
const CHECK_EVERY: u64 = 1024;

/// A chess engine: the search with its memory (hash table, move-ordering
/// statistics), reused from move to move. Searches run on the calling
/// thread; stop one from another thread through the `stop` flag.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use chess_core::Position;
/// use chess_engine::{Engine, Limits};
///
/// let mut engine = Engine::new(16);
/// // White mates in one with Qh5xf7.
/// let pos: Position = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4".parse()?;
/// let result = engine.search(&pos, &[], &Limits::depth(3), &AtomicBool::new(false), |_| {});
/// assert_eq!(result.best.unwrap().uci(), "h5f7");
/// # Ok::<(), chess_core::Error>(())
/// ```
#[derive(Debug)]
pub struct Engine {
    /// Shared with the helper threads (Lazy SMP).
    tt: Arc<TranspositionTable>,
    hash_mb: usize,
    /// The helper threads' own engines (their move-ordering statistics),
    /// sharing the table: one fewer than the threads a search uses.
    helpers: Vec<Engine>,
    /// Plies a helper searches beyond each iteration's depth (0 for the
    /// main thread; every other helper is a ply ahead, so the threads do
    /// not all search the same tree, and the deeper results reach the
    /// main thread through the table).
    depth_offset: u32,
    /// Two quiet moves per ply that caused a cutoff lately.
    killers: Vec<[Option<Move>; 2]>,
    /// How often quiet moves caused cutoffs.
    histories: Histories,
    lmr: Box<[[u8; 64]; 64]>,
    /// Static evaluations of positions met lately.
    eval_cache: EvalCache,
    /// An opening book [`Engine::play`] plays from.
    pub(crate) book: Option<std::sync::Arc<chess_file::book::BookFile>>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(16)
    }
}

/// The two flags a helper thread stops on: the caller's, and its own
/// search's end.
struct Watch<'a> {
    stop: &'a AtomicBool,
    done: &'a AtomicBool,
}

/// The state of one search (borrowing the engine's memory).
struct Search<'a> {
    engine: &'a mut Engine,
    pos: Position,
    /// The network's sums for each ply of the line searched.
    network: Accumulators,
    /// Hashes of the positions before the current one: the game so far,
    /// then the search path. For repetition detection.
    keys: Vec<u64>,
    /// Where in `keys` the positions after the last null move on the path
    /// begin (0: none); those before it cannot be repeated.
    null_floor: usize,
    stop: &'a AtomicBool,
    /// Abort at this instant (hard limit).
    deadline: Option<Instant>,
    /// Don't start a new iteration after this instant (soft limit).
    soft_deadline: Option<Instant>,
    max_nodes: u64,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// False until the first iteration is complete: a search always
    /// finishes depth 1, so even an instant stop gets a considered move.
    can_stop: bool,
    pv: Vec<[Option<Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The moves of each ply and their ordering keys, allocated once (a
    /// fresh 1 KiB list per node cost more than the node's work).
    lists: Vec<MoveList>,
    keys_of_moves: Vec<[i32; chess_core::MAX_MOVES]>,
    /// Root moves in search order, with the nodes of their last search.
    root_moves: Vec<(Move, u64)>,
    /// The move played at each ply of the current path (none for a null
    /// move), for continuation history.
    moved: [Option<PieceTo>; MAX_PLY + 1],
    /// The move each ply's node leaves out: the hash move, while a
    /// singular-extension search asks whether any other move comes close.
    excluded: [Option<Move>; MAX_PLY + 1],
    /// Each ply's static evaluation on the current path (`-INF` when in
    /// check or not evaluated, as at the root), to tell whether the side
    /// to move is doing better than two plies before.
    evals: [i32; MAX_PLY + 1],
    /// The depth of the iteration under way, which bounds how far
    /// extensions may take a line.
    root_depth: i32,
    stats: Stats,
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Engine {
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (depth, row) in lmr.iter_mut().enumerate().skip(1) {
            for (moves, r) in row.iter_mut().enumerate().skip(1) {
                *r = (LMR_BASE + (depth as f64).ln() * (moves as f64).ln() / LMR_DIVISOR) as u8;
            }
        }
        Engine {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            hash_mb,
            helpers: Vec::new(),
            depth_offset: 0,
            killers: vec![[None; 2]; MAX_PLY + 1],
            histories: Histories::new(),
            lmr,
            eval_cache: EvalCache::default(),
            book: None,
        }
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        if hash_mb != self.hash_mb {
            self.tt = Arc::new(TranspositionTable::new(hash_mb));
            self.hash_mb = hash_mb;
            for helper in &mut self.helpers {
                helper.tt = Arc::clone(&self.tt);
            }
        }
    }

    /// Searches on `threads` threads (at least 1): Lazy SMP, the helpers
    /// searching the same position with their own move ordering, all
    /// sharing the hash table, so each finds what the others proved.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.max(1) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut helper = Engine::new(1);
            helper.tt = Arc::clone(&self.tt);
            helper.hash_mb = self.hash_mb;
            helper.depth_offset = (self.helpers.len() as u32 + 1) % 2;
            self.helpers.push(helper);
        }
    }

    /// The threads a search uses.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Forgets what earlier searches learnt (a new game starts).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.forget_statistics();
        for helper in &mut self.helpers {
            helper.forget_statistics();
        }
    }

    /// Forgets the move-ordering statistics.
    fn forget_statistics(&mut self) {
        self.killers.fill([None; 2]);
        self.histories.clear();
    }

    /// Searches `pos` within `limits`, calling `on_info` after each
    /// completed iteration (once per MultiPV line). `history` holds the
    /// Zobrist hashes of the game's earlier positions, oldest first, so
    /// repetitions are seen. Returns early when `stop` becomes true.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        // Once per search, not per thread: entries of this search are
        // this generation's, whichever thread wrote them.
        self.tt.new_search();
        if self.helpers.is_empty() {
            return self.search_alone(pos, history, limits, stop, on_info);
        }
        // The helpers search until this thread's search ends (or `stop`).
        let mut helpers = std::mem::take(&mut self.helpers);
        let done = AtomicBool::new(false);
        let helper_limits = Limits::default();
        let result = std::thread::scope(|scope| {
            let done = &done;
            let running: Vec<_> = helpers
                .iter_mut()
                .map(|helper| {
                    let limits = &helper_limits;
                    scope.spawn(move || {
                        let stop_either = Watch { stop, done };
                        helper.search_alone_until(pos, history, limits, &stop_either)
                    })
                })
                .collect();
            let result = self.search_alone(pos, history, limits, stop, on_info);
            done.store(true, Ordering::Relaxed);
            let mut result = result;
            for helped in running.into_iter().filter_map(|h| h.join().ok()) {
                result.nodes += helped.nodes;
                result.stats.add(&helped.stats);
            }
            result
        });
        self.helpers = std::mem::take(&mut helpers);
        result
    }

    /// A helper's search: until `watch` says stop, reporting nothing.
    fn search_alone_until(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        watch: &Watch<'_>,
    ) -> SearchResult {
        // The helper's own flag, raised when either flag it watches is:
        // checked as often as the search checks its flag.
        let flag = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let flag = &flag;
            let watcher = scope.spawn(move || {
                while !watch.stop.load(Ordering::Relaxed) && !watch.done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_micros(500));
                }
                flag.store(true, Ordering::Relaxed);
            });
            let result = self.search_alone(pos, history, limits, flag, |_| {});
            let _ = watcher.join();
            result
        })
    }

    /// The search on this thread alone (see [`Engine::search`]).
    fn search_alone(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        self.killers.fill([None; 2]);
        self.histories.fade();
        let (soft, hard) = time_budget(limits, start);
        let mut legal = pos.legal_moves();
        if !limits.search_moves.is_empty() {
            legal.retain(|m| limits.search_moves.contains(m));
        }
        let mut search = Search {
            deadline: hard,
            soft_deadline: soft,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            ..Search::new(self, pos, history, stop, &legal)
        };
        let mut result = SearchResult {
            best: legal.first().copied(),
            ponder: None,
            lines: Vec::new(),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            stats: Stats::default(),
        };
        if legal.is_empty() {
            return result;
        }
        let multipv = limits.multipv.clamp(1, legal.len());
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
        let mut scores = vec![0i32; multipv];
        'deepening: for depth in 1..=max_depth {
            let mut lines: Vec<(Line, i32)> = Vec::with_capacity(multipv);
            for (k, slot) in scores.iter_mut().enumerate() {
                let excluded: Vec<Move> = lines.iter().map(|(l, _)| l.pv[0]).collect();
                let searched = (depth + search.engine.depth_offset).min(MAX_PLY as u32 - 1);
                let (score, pv) = search.aspirated_root(searched as i32, *slot, &excluded);
                if search.stopped {
                    // A move that proved better than the previous iteration's
                    // expectation is trustworthy; otherwise the previous
                    // iteration's lines stand.
                    if k == 0
                        && let Some(pv) = pv
                    {
                        result.lines = vec![Line {
                            score: Score::from_internal(score),
                            pv,
                        }];
                    }
                    break 'deepening;
                }
                let pv = pv.expect("a completed root search has a best move");
                *slot = score;
                let line = Line {
                    score: Score::from_internal(score),
                    pv,
                };
                let info = Info {
                    depth,
                    seldepth: search.seldepth as u32,
                    multipv: k + 1,
                    line: line.clone(),
                    nodes: search.nodes,
                    time: start.elapsed(),
                    hashfull: search.engine.tt.permille_full(),
                };
                on_info(&info);
                lines.push((line, score));
            }
            // Lines found later can score better than earlier ones (they
            // were searched with different windows); list them best first.
            lines.sort_by_key(|(_, score)| -score);
            // The next iteration searches these lines' moves first, best
            // first: each line's root search put its own best move first,
            // and an interrupted first line must start from the best move
            // known, not the last line's.
            for (rank, (line, _)) in lines.iter().enumerate() {
                if let Some(i) = search.root_moves.iter().position(|(m, _)| *m == line.pv[0]) {
                    let entry = search.root_moves.remove(i);
                    search.root_moves.insert(rank, entry);
                }
            }
            result.lines = lines.into_iter().map(|(line, _)| line).collect();
            result.depth = depth;
            search.can_stop = true;
            let best_score = scores.iter().copied().max().unwrap_or(0);
            // Stop early when the rest cannot change the answer: one legal
            // move under a clock, or a mate found and proven short.
            let forced = search.root_moves.len() == 1 && limits.clock.is_some();
            let mate_found = best_score.abs() > MATE_BOUND && (MATE - best_score.abs()) < depth as i32;
            let out_of_time = search.soft_deadline.is_some_and(|soft| Instant::now() >= soft);
            if forced || mate_found && limits.depth.is_none() || out_of_time {
                break;
            }
        }
        if let Some(line) = result.lines.first() {
            result.best = line.pv.first().copied();
            result.ponder = line.pv.get(1).copied();
        }
        result.nodes = search.nodes;
        result.stats = search.stats;
        result.time = start.elapsed();
        result
    }
}

impl<'a> Search<'a> {
    /// A search of `pos`, reached through the positions `history`, among
    /// `root_moves`: without limits until its caller sets them.
    fn new(
        engine: &'a mut Engine,
        pos: &Position,
        history: &[u64],
        stop: &'a AtomicBool,
        root_moves: &[Move],
    ) -> Search<'a> {
        Search {
            engine,
            pos: pos.clone(),
            network: Accumulators::new(pos, MAX_PLY),
            keys: history.to_vec(),
            null_floor: 0,
            stop,
            deadline: None,
            soft_deadline: None,
            max_nodes: u64::MAX,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            can_stop: false,
            pv: vec![[None; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            lists: vec![MoveList::new(); MAX_PLY + 1],
            keys_of_moves: vec![[0; chess_core::MAX_MOVES]; MAX_PLY + 1],
            root_moves: root_moves.iter().map(|&m| (m, 0)).collect(),
            moved: [None; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            evals: [-score::INF; MAX_PLY + 1],
            root_depth: 0,
            stats: Stats::default(),
        }
    }
}

impl Search<'_> {
    /// The static evaluation of the node at `ply`: from the cache, or
    /// computed with the network's sums kept along the line.
    #[inline]
    fn evaluate(&mut self, ply: usize) -> i32 {
        let Search {
            engine, pos, network, ..
        } = self;
        engine.eval_cache.evaluate_with(pos, || network.output(ply, pos))
    }

    /// The moves played one and two plies before `ply`.
    #[inline]
    fn earlier(&self, ply: usize) -> history::Earlier {
        [
            ply.checked_sub(1).and_then(|p| self.moved[p]),
            ply.checked_sub(2).and_then(|p| self.moved[p]),
        ]
    }
}
