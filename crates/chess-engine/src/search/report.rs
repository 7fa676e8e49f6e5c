//! What a search reports: each line with its score, the progress after
//! each depth, and the result.

use std::time::Duration;

use chess_core::Move;

use super::{Score, Stats};

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
    /// What the search did, counted.
    pub stats: Stats,
}
