//! Winning chances from an evaluation, by lichess's curve (its
//! `WinPercent`): the evaluation bar and the game review read this one
//! function, so the bar and the review's graph and judgements agree.

/// The slope of lichess's win-percentage curve, per centipawn.
pub const WIN_SLOPE: f64 = 0.003_682_08;

/// Evaluations are clamped to ±this many centipawns before the curve
/// (lichess's ceiling); a mate counts as the ceiling.
pub const CP_CEILING: i32 = 1000;

/// The win percentage (0-100) of a side whose evaluation is `cp`
/// centipawns: `50 + 50 · (2 / (1 + e^(-0.00368208 · cp)) − 1)`, `cp`
/// clamped to ±[`CP_CEILING`].
///
/// ```
/// use chess_engine::win_percent;
/// assert_eq!(win_percent(0), 50.0);
/// assert!((win_percent(100) - 59.1).abs() < 0.1);
/// assert_eq!(win_percent(5000), win_percent(chess_engine::win_percent::CP_CEILING));
/// ```
pub fn win_percent(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-CP_CEILING, CP_CEILING));
    50.0 + 50.0 * (2.0 / (1.0 + (-WIN_SLOPE * cp).exp()) - 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_is_symmetric_and_bounded() {
        for cp in [0, 35, 100, 300, 999, 1000, 4000] {
            assert!((win_percent(cp) + win_percent(-cp) - 100.0).abs() < 1e-9, "{cp}");
        }
        assert!((win_percent(300) - 75.1).abs() < 0.1);
        assert!(win_percent(1000) < 100.0 && win_percent(1000) > 97.0);
    }
}
