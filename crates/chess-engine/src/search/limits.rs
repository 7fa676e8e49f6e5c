//! What a search may spend: depth, nodes, a fixed time or a clock (the
//! deadlines that come from them are [`time`](super::time)'s).

use std::time::Duration;

use chess_core::Move;

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
/// (or reaches [`MAX_PLY`](super::MAX_PLY)).
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
