//! Every tunable number of the search, named, with what it does: a change
//! to one is a change an SPRT test names (see `docs/engine.md`). Depths
//! are in plies, scores in centipawns.

/// Internal iterative reduction: a node without a hash move is searched a
/// ply shallower from this depth on.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Reverse futility pruning: up to this depth, a node whose static
/// evaluation beats beta by `RFP_MARGIN` a ply returns it.
pub const RFP_MAX_DEPTH: i32 = 6;
/// See [`RFP_MAX_DEPTH`].
pub const RFP_MARGIN: i32 = 90;
/// Plies the reverse-futility margin is counted for less when the side to
/// move is improving (its evaluation above the one two plies before).
pub const RFP_IMPROVING: i32 = 1;

/// Razoring: up to this depth, a node whose static evaluation is
/// `RAZOR_MARGIN` a ply below alpha asks quiescence whether a capture
/// saves it, and returns its answer when none does.
pub const RAZOR_MAX_DEPTH: i32 = 3;
/// See [`RAZOR_MAX_DEPTH`].
pub const RAZOR_MARGIN: i32 = 250;

/// Null-move pruning from this depth on.
pub const NMP_MIN_DEPTH: i32 = 3;
/// The null move's reduction: this, plus a ply per `NMP_DEPTH_DIVISOR`
/// plies of depth, plus a ply per `NMP_EVAL_DIVISOR` centipawns the
/// evaluation beats beta by (at most `NMP_EVAL_MAX`).
pub const NMP_BASE_REDUCTION: i32 = 3;
/// See [`NMP_BASE_REDUCTION`].
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// See [`NMP_BASE_REDUCTION`].
pub const NMP_EVAL_DIVISOR: i32 = 200;
/// See [`NMP_BASE_REDUCTION`].
pub const NMP_EVAL_MAX: i32 = 3;

/// Late-move pruning: up to this depth, quiet moves after
/// `LMP_BASE + LMP_SCALE · depth²` quiet moves tried are skipped.
pub const LMP_MAX_DEPTH: i32 = 3;
/// See [`LMP_MAX_DEPTH`].
pub const LMP_BASE: i32 = 3;
/// See [`LMP_MAX_DEPTH`].
pub const LMP_SCALE: i32 = 2;
/// When the side to move is not improving, late-move pruning's count is
/// divided by `1 + LMP_NOT_IMPROVING` (fewer quiet moves are tried).
pub const LMP_NOT_IMPROVING: i32 = 1;

/// Futility pruning: up to this depth, quiet moves are skipped when the
/// static evaluation plus `FUTILITY_BASE + FUTILITY_PER_DEPTH · depth` is
/// still below alpha.
pub const FUTILITY_MAX_DEPTH: i32 = 2;
/// See [`FUTILITY_MAX_DEPTH`].
pub const FUTILITY_BASE: i32 = 100;
/// See [`FUTILITY_MAX_DEPTH`].
pub const FUTILITY_PER_DEPTH: i32 = 100;

/// SEE pruning: up to this depth, a quiet move that loses more than
/// `SEE_QUIET_MARGIN · depth` by static exchange on its square, and a
/// capture that loses more than `SEE_CAPTURE_MARGIN · depth²`, is skipped.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;
/// See [`SEE_PRUNE_MAX_DEPTH`].
pub const SEE_QUIET_MARGIN: i32 = 60;
/// See [`SEE_PRUNE_MAX_DEPTH`].
pub const SEE_CAPTURE_MARGIN: i32 = 20;

/// Late-move reductions from this depth on, for quiet moves after the
/// first `LMR_MIN_SEARCHED` (at the root: `LMR_ROOT_MIN_SEARCHED`).
pub const LMR_MIN_DEPTH: i32 = 3;
/// See [`LMR_MIN_DEPTH`].
pub const LMR_MIN_SEARCHED: usize = 2;
/// See [`LMR_MIN_DEPTH`].
pub const LMR_ROOT_MIN_SEARCHED: usize = 4;
/// The reduction table: `LMR_BASE + ln(depth) · ln(moves) / LMR_DIVISOR`.
pub const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.25;
/// A quiet move's history moves its reduction by a ply per this much
/// (`LMR_HISTORY_MAX` plies at most either way).
pub const LMR_HISTORY_DIVISOR: i32 = 4096;
/// See [`LMR_HISTORY_DIVISOR`].
pub const LMR_HISTORY_MAX: i32 = 2;
/// Plies more of reduction for quiet moves when the hash move is a capture.
pub const LMR_TT_CAPTURE: i32 = 1;
/// Plies more of reduction for quiet moves when the side to move is not
/// improving (its evaluation not above the one two plies before).
pub const LMR_NOT_IMPROVING: i32 = 1;

/// Singular extensions: from this depth on, a hash move whose entry is a
/// lower bound (or exact) at most `SE_TT_DEPTH_MARGIN` plies shallower is
/// searched a ply deeper when every other move, searched to half the
/// depth, falls `SE_MARGIN_PER_DEPTH` centipawns a ply below its score;
/// when even that lowered bound beats beta, the node is cut (multi-cut).
pub const SE_MIN_DEPTH: i32 = 7;
/// See [`SE_MIN_DEPTH`].
pub const SE_TT_DEPTH_MARGIN: i32 = 3;
/// See [`SE_MIN_DEPTH`].
pub const SE_MARGIN_PER_DEPTH: i32 = 2;

/// Quiescence's delta pruning: a capture that cannot bring the standing
/// evaluation within this of alpha, even winning its victim, is skipped.
pub const QS_DELTA_MARGIN: i32 = 200;

/// Aspiration windows from this depth on, first `ASPIRATION_DELTA` wide
/// each side; on a failure the failing side moves to the score found plus
/// the margin (after a fail low the top also comes halfway down), and the
/// margin grows by `1 / ASPIRATION_GROWTH_DIVISOR` each time; given up
/// beyond `ASPIRATION_MAX_DELTA`. SPRT: +15.2 ± 9.1 against 25 cp doubled.
pub const ASPIRATION_MIN_DEPTH: i32 = 5;
/// See [`ASPIRATION_MIN_DEPTH`].
pub const ASPIRATION_DELTA: i32 = 15;
/// See [`ASPIRATION_MIN_DEPTH`].
pub const ASPIRATION_GROWTH_DIVISOR: i32 = 2;
/// See [`ASPIRATION_MIN_DEPTH`].
pub const ASPIRATION_MAX_DELTA: i32 = 1000;

/// History: a cutoff's bonus is `HISTORY_BONUS_PER_DEPTH · depth −
/// HISTORY_BONUS_OFFSET`, at most `HISTORY_BONUS_MAX` (linear, so cutoffs
/// near the leaves count too); the table saturates at ±`HISTORY_MAX`.
pub const HISTORY_BONUS_PER_DEPTH: i32 = 160;
/// See [`HISTORY_BONUS_PER_DEPTH`].
pub const HISTORY_BONUS_OFFSET: i32 = 100;
/// See [`HISTORY_BONUS_PER_DEPTH`].
pub const HISTORY_BONUS_MAX: i32 = 1600;
/// See [`HISTORY_BONUS_PER_DEPTH`].
pub const HISTORY_MAX: i32 = 16_384;
/// Continuation history (a quiet reply after the moves one and two plies
/// before) takes the same bonus and saturates at ±this.
pub const CONTINUATION_MAX: i32 = 16_384;

/// The table keeps an entry of this search over a new one of another
/// position (sharing its slot) only when the old one was searched more
/// than this many plies deeper.
pub const TT_KEEP_OTHER_DEEPER_BY: i32 = 2;
/// The table keeps its entry for a position over a new one that is not
/// exact only when the old one was searched more than this many plies
/// deeper: a slightly deeper but older bound is worth less than the
/// current search's own.
pub const TT_KEEP_DEEPER_BY: i32 = 3;
