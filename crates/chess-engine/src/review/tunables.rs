//! The tunables of the review, in one place: the judgement thresholds,
//! lichess's accuracy formula, and the coach's margins.

/// The win-percentage curve's ceiling: evaluations are clamped to ±this
/// many centipawns, and a mate counts as the ceiling (the curve itself is
/// [`crate::win_percent()`]).
pub use crate::win_percent::CP_CEILING;

/// Drops of the mover's winning chances (lichess's scale, -1 to +1: a win
/// percentage of `50 + 50 · chances`) that make an inaccuracy, a mistake
/// and a blunder: lila's `CpAdvice` (`modules/tree/src/main/Advice.scala`),
/// 0.1, 0.2 and 0.3, that is 5, 10 and 15 points of win percentage.
pub const INACCURACY_DROP: f64 = 0.1;
/// See [`INACCURACY_DROP`].
pub const MISTAKE_DROP: f64 = 0.2;
/// See [`INACCURACY_DROP`].
pub const BLUNDER_DROP: f64 = 0.3;
/// A lost mate still leaves the mover more than this many centipawns up:
/// only an inaccuracy. More than [`MATE_LOST_MISTAKE_CP`]: a mistake; else
/// a blunder (lila's `MateAdvice`; a mate allowed is judged the same way
/// by how far down the mover already was).
pub const MATE_LOST_INACCURACY_CP: i32 = 999;
/// See [`MATE_LOST_INACCURACY_CP`].
pub const MATE_LOST_MISTAKE_CP: i32 = 700;

/// Lichess's accuracy of a move from the drop of the mover's win
/// percentage: `A · e^(−B · drop) − C` (plus 1, clamped to 0-100).
pub const ACCURACY_A: f64 = 103.166_810_071_164_9;
/// See [`ACCURACY_A`].
pub const ACCURACY_B: f64 = 0.043_544_153_867_539_51;
/// See [`ACCURACY_A`].
pub const ACCURACY_C: f64 = 3.166_924_740_191_411;
/// The window of positions a move's volatility weight is taken over:
/// `plies / 10`, clamped to these.
pub const WINDOW_MIN: usize = 2;
/// See [`WINDOW_MIN`].
pub const WINDOW_MAX: usize = 8;
/// A move's weight (the standard deviation of White's win percentage over
/// its window) is clamped to these.
pub const VOLATILITY_MIN: f64 = 0.5;
/// See [`VOLATILITY_MIN`].
pub const VOLATILITY_MAX: f64 = 12.0;

/// The coach: how many plies of a line count when adding up the material
/// it wins.
pub const MATERIAL_PLIES: usize = 6;
/// The coach names a fork, pin or skewer only when the line wins at least
/// this much (centipawns): less, and the tactic did not work.
pub const TACTIC_GAIN: i32 = 150;
/// The coach calls a piece hanging when the reply takes it for free (by
/// SEE) and the evaluation drops by at least this share of its value, in
/// percent, even if the engine's line gives some material back later.
pub const HANGING_DROP_PERCENT: i32 = 50;
/// The coach says nothing of material below this (centipawns).
pub const MATERIAL_GAIN: i32 = 80;
