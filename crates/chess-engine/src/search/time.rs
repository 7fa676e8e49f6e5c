//! The time rule: from a fixed move time or a clock, when to stop starting
//! iterations (soft) and when to abort one (hard). The one rule of the UCI
//! program, the app and libchess: each hands the clock over in
//! [`Limits`](super::Limits) and none makes a budget of its own.

use std::time::{Duration, Instant};

use super::Limits;

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
