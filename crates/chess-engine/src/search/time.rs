//! The time rule: from a fixed move time or a clock, when to stop starting
//! iterations (soft) and when to abort one (hard). The one rule of the UCI
//! program, the app and libchess: each hands the clock over in
//! [`Limits`](super::Limits) and none makes a budget of its own.

use std::time::{Duration, Instant};

use super::Limits;

/// The soft (don't start another iteration) and hard (abort) deadlines.
pub(super) fn time_budget(limits: &Limits, start: Instant) -> (Option<Instant>, Option<Instant>) {
    /// Kept in hand, on a clock, for the time the move takes to reach it.
    const OVERHEAD: Duration = Duration::from_millis(20);
    /// Kept in hand on a fixed move time: the time asked for is the
    /// opponent's too, so only the moment it takes to answer is left over.
    const MOVETIME_MARGIN: Duration = Duration::from_millis(2);
    let mut soft = None;
    let mut hard = None;
    if let Some(movetime) = limits.movetime {
        let t = start + movetime.saturating_sub(MOVETIME_MARGIN).max(Duration::from_millis(1));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;

    #[test]
    fn a_fixed_move_time_is_used_almost_whole() {
        let start = Instant::now();
        let (soft, hard) = time_budget(&Limits::movetime(Duration::from_millis(100)), start);
        assert_eq!(hard, Some(start + Duration::from_millis(98)));
        assert_eq!(soft, hard);
    }

    #[test]
    fn a_clock_keeps_its_overhead_and_a_reserve() {
        let start = Instant::now();
        let limits = Limits {
            clock: Some(Clock {
                time: Duration::from_millis(3_020),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        // 3,000 ms after the overhead, a thirtieth of it is the target:
        // half of that to start an iteration, four times it to abort one.
        let (soft, hard) = time_budget(&limits, start);
        assert_eq!(soft, Some(start + Duration::from_millis(50)));
        assert_eq!(hard, Some(start + Duration::from_millis(400)));
    }
}
