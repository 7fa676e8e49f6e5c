//! The search: iterative deepening over a principal-variation alpha-beta
//! search with a transposition table, quiescence search, check extension,
//! null-move pruning, late-move reductions and pruning, and move ordering by
//! hash move, captures by MVV-LVA with losing ones (by static exchange)
//! late, killers and history; internal iterative reduction.
//!
//! Scores are in centipawns from the side to move's view; a mate is
//! `MATE - plies` so shorter mates score higher.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chess_core::{Color, Move, MoveList, Position, Role};

use crate::eval::{ORDER_VALUE, evaluate};
use crate::see::see_ge;
use crate::tt::{Bound, TranspositionTable};

/// The deepest the search goes, in plies from the root.
pub const MAX_PLY: usize = 128;
const MATE: i32 = 32_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
const INF: i32 = 32_500;
/// How often (in nodes) the clock and the stop flag are looked at.
const CHECK_EVERY: u64 = 1024;

/// The evaluation of a position, as a person reads it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move (100 = a pawn up).
    Cp(i32),
    /// A forced mate in this many moves: positive when the side to move
    /// mates, negative when it is mated.
    Mate(i32),
}

impl Score {
    fn from_internal(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score < -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Cp(score)
        }
    }

    /// The score from White's point of view, given who is to move.
    pub fn for_white(self, turn: Color) -> Score {
        match turn {
            Color::White => self,
            Color::Black => -self,
        }
    }

    /// A number to compare and to draw an evaluation bar with: centipawns,
    /// with mates as ±100 000 minus the distance.
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }
}

impl std::ops::Neg for Score {
    type Output = Score;

    /// The same score from the other side's point of view.
    fn neg(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(n) => Score::Mate(-n),
        }
    }
}

impl std::fmt::Display for Score {
    /// `+0.35`, `-1.20`, `#3`, `#-2`: the way chess programs show scores.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Score::Cp(cp) => write!(
                f,
                "{}{}.{:02}",
                if cp < 0 { "-" } else { "+" },
                cp.abs() / 100,
                cp.abs() % 100
            ),
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// The side to move's clock, for a search that budgets its own time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// When to stop searching. Several limits can be combined; the first one
/// reached stops the search. With none, the search runs until told to stop
/// (or reaches [`MAX_PLY`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many plies of iterative deepening.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think for this long exactly.
    pub movetime: Option<Duration>,
    /// Budget time from this clock.
    pub clock: Option<Clock>,
    /// How many best lines to find (MultiPV); 0 counts as 1.
    pub multipv: usize,
    /// Search only these root moves (UCI `searchmoves`); empty means all.
    pub search_moves: Vec<Move>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Think for a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }
}

/// One line of analysis: a score and the moves expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The score for the side to move at the root.
    pub score: Score,
    /// The principal variation, starting with the move to play.
    pub pv: Vec<Move>,
}

/// Progress of a search, reported after each completed iteration and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The nominal depth of this iteration.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Which line this is, 1 = best.
    pub multipv: usize,
    /// The line.
    pub line: Line,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
}

impl Info {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        (self.nodes as u128 * 1_000_000 / self.time.as_micros().max(1)) as u64
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<Move>,
    /// The reply expected (the second move of the best line).
    pub ponder: Option<Move>,
    /// The best lines, best first (as many as MultiPV asked, and as there
    /// are legal moves).
    pub lines: Vec<Line>,
    /// The last depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

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
    tt: TranspositionTable,
    hash_mb: usize,
    /// Two quiet moves per ply that caused a cutoff lately.
    killers: Vec<[Option<Move>; 2]>,
    /// How often a quiet move `[color][from][to]` caused cutoffs.
    history: Box<[[[i32; 64]; 64]; 2]>,
    lmr: Box<[[u8; 64]; 64]>,
    /// An opening book [`Engine::play`] plays from.
    pub(crate) book: Option<std::sync::Arc<chess_file::book::BookFile>>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(16)
    }
}

/// The state of one search (borrowing the engine's memory).
struct Search<'a> {
    engine: &'a mut Engine,
    pos: Position,
    /// Hashes of the positions before the current one: the game so far,
    /// then the search path. For repetition detection.
    keys: Vec<u64>,
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
    /// Root moves in search order, with their last scores.
    root_moves: Vec<(Move, i32)>,
}

impl Engine {
    /// An engine with a transposition table of `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Engine {
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (depth, row) in lmr.iter_mut().enumerate().skip(1) {
            for (moves, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (depth as f64).ln() * (moves as f64).ln() / 2.25) as u8;
            }
        }
        Engine {
            tt: TranspositionTable::new(hash_mb),
            hash_mb,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: Box::new([[[0; 64]; 64]; 2]),
            lmr,
            book: None,
        }
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        if hash_mb != self.hash_mb {
            self.tt = TranspositionTable::new(hash_mb);
            self.hash_mb = hash_mb;
        }
    }

    /// Forgets what earlier searches learnt (a new game starts).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.killers.fill([None; 2]);
        self.history.iter_mut().flatten().for_each(|row| row.fill(0));
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
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        self.killers.fill([None; 2]);
        for table in self.history.iter_mut() {
            for row in table.iter_mut() {
                row.iter_mut().for_each(|h| *h /= 8);
            }
        }
        let (soft, hard) = time_budget(limits, start);
        let mut legal = pos.legal_moves();
        if !limits.search_moves.is_empty() {
            legal.retain(|m| limits.search_moves.contains(m));
        }
        let mut search = Search {
            engine: self,
            pos: pos.clone(),
            keys: history.to_vec(),
            stop,
            deadline: hard,
            soft_deadline: soft,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            can_stop: false,
            pv: vec![[None; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            lists: vec![MoveList::new(); MAX_PLY + 1],
            keys_of_moves: vec![[0; chess_core::MAX_MOVES]; MAX_PLY + 1],
            root_moves: legal.iter().map(|&m| (m, -INF)).collect(),
        };
        let mut result = SearchResult {
            best: legal.first().copied(),
            ponder: None,
            lines: Vec::new(),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
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
                let (score, pv) = search.aspirated_root(depth as i32, *slot, &excluded);
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
        result.time = start.elapsed();
        result
    }
}

/// The soft (don't start another iteration) and hard (abort) deadlines.
fn time_budget(limits: &Limits, start: Instant) -> (Option<Instant>, Option<Instant>) {
    /// Kept in hand for the time the move takes to reach the clock.
    const OVERHEAD: Duration = Duration::from_millis(20);
    let mut soft = None;
    let mut hard = None;
    if let Some(movetime) = limits.movetime {
        let t = start + movetime.saturating_sub(OVERHEAD / 2).max(Duration::from_millis(1));
        hard = Some(t);
        soft = Some(t);
    }
    if let Some(clock) = limits.clock {
        let left = clock.time.saturating_sub(OVERHEAD);
        let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
        let target = left / moves + clock.increment * 3 / 4;
        let target = target.min(left / 2);
        let max = (target * 4).min(left * 2 / 3).max(Duration::from_millis(1));
        // An iteration takes about twice the previous one: don't start one
        // that cannot finish within the target.
        soft = Some(soft.map_or(start + target / 2, |s: Instant| s.min(start + target / 2)));
        hard = Some(hard.map_or(start + max, |h: Instant| h.min(start + max)));
    }
    (soft, hard)
}

impl Search<'_> {
    /// The root search with an aspiration window around the previous
    /// iteration's score, widened on failure.
    fn aspirated_root(&mut self, depth: i32, previous: i32, excluded: &[Move]) -> (i32, Option<Vec<Move>>) {
        let mut delta = 25;
        let (mut alpha, mut beta) = if depth >= 5 && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let (score, pv) = self.root(depth, alpha, beta, excluded);
            if self.stopped {
                // An interrupted iteration counts only if a move proved
                // better than the window's floor; after a fail low, the
                // moves' scores are mere upper bounds, and the best of them
                // may be a blunder.
                return (score, if score > alpha { pv } else { None });
            }
            if score <= alpha {
                alpha = (alpha - delta).max(-INF);
            } else if score >= beta {
                beta = (beta + delta).min(INF);
            } else {
                return (score, pv);
            }
            delta *= 2;
            if delta > 1000 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Searches each root move not `excluded`; returns the best score and
    /// line (the line is `None` when stopped before any move was searched).
    fn root(&mut self, depth: i32, mut alpha: i32, beta: i32, excluded: &[Move]) -> (i32, Option<Vec<Move>>) {
        self.seldepth = 0;
        self.pv_len[0] = 0;
        let mut best_score = -INF;
        let mut best: Option<Vec<Move>> = None;
        let mut best_index = None;
        let root_key = self.pos.zobrist();
        let in_check = self.pos.is_check();
        let mut searched = 0;
        for i in 0..self.root_moves.len() {
            let m = self.root_moves[i].0;
            if excluded.contains(&m) {
                continue;
            }
            let undo = self.pos.play_unchecked(m);
            self.keys.push(root_key);
            let gives_check = self.pos.is_check();
            let mut score;
            if searched == 0 {
                score = -self.negamax(depth - 1, 1, -beta, -alpha, true);
            } else {
                let quiet = !m.is_capture() && m.promotion().is_none();
                let r = if depth >= 3 && searched >= 4 && quiet && !in_check && !gives_check {
                    (self.reduction(depth, searched) - 1).clamp(0, depth - 2)
                } else {
                    0
                };
                score = -self.negamax(depth - 1 - r, 1, -alpha - 1, -alpha, true);
                if score > alpha && r > 0 {
                    score = -self.negamax(depth - 1, 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(depth - 1, 1, -beta, -alpha, true);
                }
            }
            self.keys.pop();
            self.pos.undo(m, undo);
            if self.stopped {
                break;
            }
            searched += 1;
            self.root_moves[i].1 = score;
            if score > best_score {
                best_score = score;
                best_index = Some(i);
                let mut line = vec![m];
                line.extend(self.pv[1][1..self.pv_len[1]].iter().flatten());
                best = Some(line);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Search the best move first next time.
        if let Some(i) = best_index {
            let entry = self.root_moves.remove(i);
            self.root_moves.insert(0, entry);
        }
        if let Some(line) = best.as_mut() {
            self.extend_from_table(line);
            if !self.stopped {
                let bound = if best_score >= beta { Bound::Lower } else { Bound::Exact };
                self.engine.tt.store(root_key, Some(line[0]), best_score, depth, bound);
            }
        }
        (best_score, best)
    }

    /// Lengthens a short line (cut by a table hit) with the table's moves,
    /// so a reply to ponder on is known.
    fn extend_from_table(&self, line: &mut Vec<Move>) {
        let mut pos = self.pos.clone();
        let mut seen = vec![pos.zobrist()];
        for &m in line.iter() {
            pos.play_unchecked(m);
            seen.push(pos.zobrist());
        }
        while line.len() < 2 {
            let Some(m) = self.engine.tt.probe(pos.zobrist()).and_then(|e| e.mv) else {
                break;
            };
            let Some(m) = pos.legal_move(m) else { break };
            pos.play_unchecked(m);
            if seen.contains(&pos.zobrist()) {
                break;
            }
            seen.push(pos.zobrist());
            line.push(m);
        }
    }

    fn reduction(&self, depth: i32, searched: usize) -> i32 {
        i32::from(self.engine.lmr[(depth as usize).min(63)][searched.min(63)])
    }

    /// Whether to abort: asked to stop, out of time or out of nodes. Looked
    /// at every [`CHECK_EVERY`] nodes.
    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.nodes.is_multiple_of(CHECK_EVERY) && !self.stopped && self.can_stop {
            self.stopped = self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.max_nodes
                || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    /// Whether the current position occurred before, since the last
    /// irreversible move (one repetition is enough to score a draw).
    fn is_repetition(&self) -> bool {
        let key = self.pos.zobrist();
        let n = self.keys.len();
        let limit = (self.pos.halfmoves() as usize).min(n);
        (2..=limit).step_by(2).any(|back| self.keys[n - back] == key)
    }

    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32, allow_null: bool) -> i32 {
        self.pv_len[ply] = ply;
        if self.check_stop() {
            return 0;
        }
        let in_check = self.pos.is_check();
        // Draws by rule; mates found already bound what this node can score.
        if self.is_repetition() || self.pos.halfmoves() >= 100 && !in_check || self.pos.is_insufficient_material() {
            return 0;
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiescence(ply, alpha, beta);
        }
        self.nodes += 1;
        if ply >= MAX_PLY - 1 {
            return evaluate(&self.pos);
        }

        let pv_node = beta - alpha > 1;
        let key = self.pos.zobrist();
        let entry = self.engine.tt.probe(key);
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry
            && !pv_node
            && i32::from(e.depth) >= depth
        {
            let score = score_from_tt(i32::from(e.score), ply);
            match e.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }

        // Internal iterative reduction: a node no earlier search has seen
        // is searched a ply shallower (no hash move to try first).
        let depth = if tt_move.is_none() && depth >= 4 {
            depth - 1
        } else {
            depth
        };

        let static_eval = if in_check { -INF } else { evaluate(&self.pos) };
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta, a shallow search won't fall.
            if depth <= 6 && static_eval - 90 * depth >= beta {
                return static_eval;
            }
            // Null move: if passing still beats beta, a real move will too
            // (not with pawns and at most one minor piece, where zugzwang
            // is common and passing can be the best move).
            if allow_null && depth >= 3 && static_eval >= beta && self.has_pieces(self.pos.turn()) {
                let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(3);
                let undo = self.pos.play_null();
                self.keys.push(key);
                let score = -self.negamax(depth - 1 - r, ply + 1, -beta, -beta + 1, false);
                self.keys.pop();
                self.pos.undo_null(undo);
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        self.pos.fill_legal_moves(&mut self.lists[ply]);
        let count = self.lists[ply].len();
        if count == 0 {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        score_moves(
            &self.pos,
            self.engine,
            &self.lists[ply],
            &mut self.keys_of_moves[ply],
            tt_move,
            ply,
        );

        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = None;
        let mut searched = 0;
        // The quiet moves searched before a cutoff, to lower their history.
        let mut quiets_tried = [None::<Move>; 64];
        let mut quiet_count = 0usize;
        let turn = self.pos.turn().index();
        let mut i = 0;
        while i < count {
            let m = pick(&mut self.lists[ply], &mut self.keys_of_moves[ply], i);
            // A capture that loses material by static exchange goes after
            // the killers. Found out only when it comes up: most nodes cut
            // off before, and SEE is not free.
            let order = &mut self.keys_of_moves[ply][i];
            if (GOOD_CAPTURE..TT_MOVE).contains(order) && m.promotion().is_none() && loses_material(&self.pos, m) {
                *order = BAD_CAPTURE + (*order - GOOD_CAPTURE);
                continue;
            }
            i += 1;
            let quiet = !m.is_capture() && m.promotion().is_none();
            let is_killer = self.engine.killers[ply].contains(&Some(m));
            // Late-move pruning: deep in the list, quiet moves at low depth
            // rarely matter. Futility: nor do they when far below alpha.
            // Checks are kept (seen once the move is made).
            let prunable = !pv_node
                && !in_check
                && quiet
                && searched > 0
                && best_score > -MATE_BOUND
                && (depth <= 3 && quiet_count as i32 >= 3 + 2 * depth * depth
                    || depth <= 2 && static_eval + 100 + 100 * depth <= alpha);
            let undo = self.pos.play_unchecked(m);
            let gives_check = self.pos.is_check();
            if prunable && !gives_check {
                self.pos.undo(m, undo);
                continue;
            }
            self.keys.push(key);
            let mut score;
            if searched == 0 {
                score = -self.negamax(depth - 1, ply + 1, -beta, -alpha, true);
            } else {
                let mut r = 0;
                if depth >= 3 && searched >= 2 && quiet && !in_check && !gives_check {
                    r = self.reduction(depth, searched);
                    r -= i32::from(pv_node) + i32::from(is_killer);
                    let h = self.engine.history[turn][m.from().index() as usize][m.to().index() as usize];
                    r -= (h / 8192).clamp(-1, 1);
                    r = r.clamp(0, depth - 2);
                }
                score = -self.negamax(depth - 1 - r, ply + 1, -alpha - 1, -alpha, true);
                if score > alpha && r > 0 {
                    score = -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(depth - 1, ply + 1, -beta, -alpha, true);
                }
            }
            self.keys.pop();
            self.pos.undo(m, undo);
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(m, &quiets_tried[..quiet_count.min(64)], depth, ply);
                        }
                        break;
                    }
                }
            }
            if quiet {
                if let Some(slot) = quiets_tried.get_mut(quiet_count) {
                    *slot = Some(m);
                }
                quiet_count += 1;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.engine
            .tt
            .store(key, best_move, score_to_tt(best_score, ply), depth, bound);
        best_score
    }

    /// Resolves captures (and check evasions) until the position is quiet,
    /// so a static evaluation is never taken in the middle of an exchange.
    fn quiescence(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = ply;
        if self.check_stop() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return evaluate(&self.pos);
        }
        let key = self.pos.zobrist();
        let entry = self.engine.tt.probe(key);
        if beta - alpha == 1
            && let Some(e) = entry
        {
            let score = score_from_tt(i32::from(e.score), ply);
            match e.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }
        let tt_move = entry.and_then(|e| e.mv);
        let original_alpha = alpha;
        let mut best_move = None;
        let in_check = self.pos.is_check();
        let mut best_score;
        let stand_pat;
        if in_check {
            self.pos.fill_legal_moves(&mut self.lists[ply]);
            if self.lists[ply].is_empty() {
                return -MATE + ply as i32;
            }
            best_score = -INF;
            stand_pat = -INF;
        } else {
            stand_pat = evaluate(&self.pos);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            self.pos.fill_legal_captures(&mut self.lists[ply]);
        }
        let count = self.lists[ply].len();
        score_moves(
            &self.pos,
            self.engine,
            &self.lists[ply],
            &mut self.keys_of_moves[ply],
            tt_move,
            ply,
        );
        for i in 0..count {
            let m = pick(&mut self.lists[ply], &mut self.keys_of_moves[ply], i);
            if !in_check && m.promotion().is_none() {
                // Delta pruning: even winning this piece cannot reach alpha;
                // and captures that lose material are left out.
                if stand_pat + victim_value(&self.pos, m) + 200 <= alpha || loses_material(&self.pos, m) {
                    continue;
                }
            }
            let undo = self.pos.play_unchecked(m);
            let score = -self.quiescence(ply + 1, -beta, -alpha);
            self.pos.undo(m, undo);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.engine
            .tt
            .store(key, best_move, score_to_tt(best_score, ply), 0, bound);
        best_score
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        head[ply][ply] = Some(m);
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Whether `color` has more than pawns and one minor piece.
    fn has_pieces(&self, color: Color) -> bool {
        let count = |role| self.pos.squares_of(chess_core::Piece::new(color, role)).count();
        count(Role::Rook) + count(Role::Queen) > 0 || count(Role::Knight) + count(Role::Bishop) > 1
    }

    /// A quiet move caused a cutoff: remember it as a killer, raise its
    /// history and lower that of the quiet moves tried before it.
    fn reward_quiet(&mut self, m: Move, tried: &[Option<Move>], depth: i32, ply: usize) {
        let killers = &mut self.engine.killers[ply];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        let turn = self.pos.turn().index();
        let bonus = (depth * depth).min(400) * 16;
        let history = &mut self.engine.history[turn];
        let mut update = |m: Move, delta: i32| {
            let h = &mut history[m.from().index() as usize][m.to().index() as usize];
            *h += delta - *h * delta.abs() / 65_536;
        };
        update(m, bonus);
        for &other in tried.iter().flatten() {
            update(other, -bonus);
        }
    }
}

/// Ordering keys: the hash move first, then captures (by MVV-LVA), then
/// killers, then captures found to lose material, then quiet moves.
const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const BAD_CAPTURE: i32 = 1 << 26;

/// Whether a capture loses material by static exchange. Taking a piece
/// worth at least the taker never does, which spares most SEE calls.
fn loses_material(pos: &Position, m: Move) -> bool {
    let attacker = pos.piece_at(m.from()).map_or(0, |p| ORDER_VALUE[p.role]);
    attacker > victim_value(pos, m) && !see_ge(pos, m, 0)
}

/// The value of the piece `m` captures (0 for none).
fn victim_value(pos: &Position, m: Move) -> i32 {
    match pos.piece_at(m.to()) {
        Some(p) => ORDER_VALUE[p.role],
        None if m.is_en_passant() => ORDER_VALUE.pawn,
        None => 0,
    }
}

/// Move-ordering keys: hash move, then captures and promotions by most
/// valuable victim / least valuable attacker (the search moves those that
/// lose material after the killers when it meets them), then killers, then
/// quiet moves by history.
fn score_moves(
    pos: &Position,
    engine: &Engine,
    moves: &MoveList,
    scores: &mut [i32],
    tt_move: Option<Move>,
    ply: usize,
) {
    let turn = pos.turn().index();
    let killers = engine.killers[ply];
    for (m, score) in moves.iter().zip(scores.iter_mut()) {
        *score = if Some(*m) == tt_move {
            TT_MOVE
        } else if m.is_capture() || m.promotion() == Some(Role::Queen) {
            let attacker = pos.piece_at(m.from()).map_or(0, |p| p.role as i32);
            let promotion = m.promotion().map_or(0, |r| ORDER_VALUE[r]);
            GOOD_CAPTURE + 16 * (victim_value(pos, *m) + promotion) - attacker
        } else if m.promotion().is_some() {
            // Under-promotions last.
            -(1 << 28)
        } else if killers[0] == Some(*m) {
            (1 << 27) + 1
        } else if killers[1] == Some(*m) {
            1 << 27
        } else {
            engine.history[turn][m.from().index() as usize][m.to().index() as usize]
        };
    }
}

/// Brings the best-scored remaining move to position `i` (a selection sort
/// done lazily: most nodes cut off after a move or two).
#[inline]
fn pick(moves: &mut MoveList, scores: &mut [i32], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    scores.swap(i, best);
    moves.swap(i, best);
    moves[i]
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
