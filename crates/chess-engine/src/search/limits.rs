//! What a search may spend: depth, nodes, a fixed time or a clock, and the
//! deadlines that come from them.

use std::time::{Duration, Instant};

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

/// The soft (don't start another iteration) and hard (abort) deadlines.
pub(super) fn time_budget(limits: &Limits, start: Instant) -> (Option<Instant>, Option<Instant>) {
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
