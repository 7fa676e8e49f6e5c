//! Static evaluation: how good a position looks without searching, in
//! centipawns from the side to move's point of view.
//!
//! Every term is a weight counted some number of times for each side, with
//! a middlegame and an endgame value blended by how much material is left
//! (the game phase): material and piece-square bonuses (started from
//! PeSTO's), mobility, pawn structure (doubled, isolated, backward,
//! phalanx and defended pawns) and passed pawns, the bishop pair and the
//! bishop's own pawns on its colour, minor pieces behind pawns, rooks on
//! open files and on the seventh, outposts, threats (by pawns, pieces, the
//! king and pawn pushes), the king's pawn shelter, a pawnless flank and
//! the attack on the king. The weights are tuned by Texel's method on positions from
//! the engine's own games (`chess-lab tune`; see `docs/engine.md`). On top,
//! endgame knowledge a search cannot see in time: a lone king must be
//! driven to the edge to be mated ("mop-up"), a side with only a minor
//! piece cannot win, and bishops of opposite colours draw often.
//!
//! A small neural network ([`network`]), trained on the same games,
//! corrects the sum: the evaluation is the hand-made one plus the
//! network's output. The terms and the network make no assumption about
//! where the pieces started, so the evaluation serves Chess960 as it serves
//! chess.

mod accumulators;
mod cache;
pub mod layout;
pub mod network;
mod terms;
mod weights;

use chess_core::{ByRole, Color, Position, Square};

pub(crate) use accumulators::Accumulators;
pub(crate) use cache::EvalCache;
use terms::{MAX_PHASE, Sink, Walked};
pub use weights::WEIGHTS;

/// A weight: its middlegame and endgame values, in centipawns.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

/// Material values the search uses to order captures and to judge
/// exchanges (SEE), in centipawns: the king's is above all others.
pub const ORDER_VALUE: ByRole<i32> = ByRole {
    pawn: 100,
    knight: 320,
    bishop: 330,
    rook: 500,
    queen: 900,
    king: 20_000,
};

/// The weights packed for adding: the middlegame value in the high 32 bits,
/// the endgame value in the low, so one addition adds both.
static PACKED: [i64; layout::COUNT] = {
    let mut packed = [0i64; layout::COUNT];
    let mut i = 0;
    while i < layout::COUNT {
        packed[i] = pack(WEIGHTS[i]);
        i += 1;
    }
    packed
};

const fn pack(w: S) -> i64 {
    ((w.0 as i64) << 32) + w.1 as i64
}

/// The engine's sink: adds the weights up, both values at once, each
/// side's apart (White's less Black's is taken once, at the end).
#[derive(Default)]
struct Sum {
    packed: [i64; 2],
}

impl Sum {
    /// The middlegame and endgame sums.
    fn values(&self) -> (i32, i32) {
        let packed = self.packed[0] - self.packed[1];
        // The endgame sum is the low half read as signed; what is left,
        // shifted down, is the middlegame sum.
        let eg = packed as i32;
        let mg = ((packed - i64::from(eg)) >> 32) as i32;
        (mg, eg)
    }
}

impl Sink for Sum {
    #[inline(always)]
    fn add(&mut self, index: usize, white: bool, n: i32) {
        self.packed[usize::from(!white)] += PACKED[index] * i64::from(n);
    }
}

/// The evaluation of `pos` in centipawns for the side to move: the
/// hand-made one corrected by the network.
///
/// ```
/// use chess_core::Position;
/// // The starting position is nearly balanced.
/// assert!(chess_engine::evaluate(&Position::new()).abs() < 30);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, || network::NETWORK.evaluate(pos))
}

/// [`evaluate`], with the network's output for `pos` given by `network`
/// (the search keeps the network's sums up to date along its line).
pub(crate) fn evaluate_with(pos: &Position, network: impl FnOnce() -> i32) -> i32 {
    let (classical, divisor) = classical(pos);
    // A side that cannot win stays unable to, whatever the network says.
    classical + network() / divisor
}

/// The hand-made evaluation of `pos` in centipawns for the side to move:
/// the terms of [`layout`] with [`WEIGHTS`].
pub fn evaluate_classical(pos: &Position) -> i32 {
    classical(pos).0
}

/// The hand-made evaluation for the side to move, and what it was divided
/// by (16 when the side ahead cannot win, else 1).
fn classical(pos: &Position) -> (i32, i32) {
    let mut sum = Sum::default();
    let walked = terms::walk(pos, &mut sum);
    let (mg, eg) = sum.values();
    let finished = finish(pos, &walked, mg, eg);
    let white = finished.score;
    (
        if pos.turn() == Color::White { white } else { -white },
        finished.divisor,
    )
}

/// How the summed middlegame and endgame values become a score, from
/// White's point of view.
struct Finished {
    score: i32,
    /// The endgame value's scale, of 64.
    eg_scale: i32,
    /// What the blended score is divided by (16 when the side ahead
    /// cannot win, else 1).
    divisor: i32,
    /// Added last: the mop-up bonus.
    mop_up: i32,
}

fn finish(pos: &Position, walked: &Walked, mg: i32, eg: i32) -> Finished {
    let phase = walked.phase.min(MAX_PHASE);
    let eg_scale = endgame_scale(walked);
    let blended = (mg * phase + eg * eg_scale / 64 * (MAX_PHASE - phase)) / MAX_PHASE;
    let mop_up = mop_up(pos, &walked.count, blended);
    let mut score = blended + mop_up;
    let divisor = if score > 0 && cannot_win(&walked.count[0]) || score < 0 && cannot_win(&walked.count[1]) {
        16
    } else {
        1
    };
    score /= divisor;
    Finished {
        score,
        eg_scale,
        divisor,
        mop_up,
    }
}

/// The endgame value's scale, of 64: half with one bishop each on squares
/// of opposite colours and no other pieces (those endings draw often).
fn endgame_scale(walked: &Walked) -> i32 {
    let only_bishop = |c: usize| {
        let n = &walked.count[c];
        n[1] == 0 && n[2] == 1 && n[3] == 0 && n[4] == 0
    };
    if only_bishop(0) && only_bishop(1) && walked.bishop_colors[0] != walked.bishop_colors[1] {
        32
    } else {
        64
    }
}

/// The terms of one position, for tuning the weights: which weights count
/// how many times, and how their sum becomes the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Each weight that counts, with White's count minus Black's.
    pub terms: Vec<(u16, i16)>,
    /// The game phase, 0 (bare kings and pawns) to 24 (every piece on).
    pub phase: i32,
    /// The endgame value's scale, of 64.
    pub eg_scale: i32,
    /// What the blended score is divided by.
    pub divisor: i32,
    /// Added to the blended score before dividing (mop-up), from White's
    /// point of view.
    pub constant: i32,
}

impl Trace {
    /// The evaluation from White's point of view with `weights` in place of
    /// [`WEIGHTS`], in the tuner's real numbers.
    pub fn evaluate(&self, weights: &[(f64, f64)]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, n) in &self.terms {
            mg += weights[i as usize].0 * f64::from(n);
            eg += weights[i as usize].1 * f64::from(n);
        }
        let phase = f64::from(self.phase);
        let blended =
            (mg * phase + eg * f64::from(self.eg_scale) / 64.0 * (f64::from(MAX_PHASE) - phase)) / f64::from(MAX_PHASE);
        (blended + f64::from(self.constant)) / f64::from(self.divisor)
    }
}

/// The terms of `pos` (see [`Trace`]).
pub fn trace(pos: &Position) -> Trace {
    struct Counts([i32; layout::COUNT]);
    impl Sink for Counts {
        fn add(&mut self, index: usize, white: bool, n: i32) {
            self.0[index] += if white { n } else { -n };
        }
    }
    let mut counts = Counts([0; layout::COUNT]);
    let walked = terms::walk(pos, &mut counts);
    let mut sum = Sum::default();
    terms::walk(pos, &mut sum);
    let (mg, eg) = sum.values();
    let finished = finish(pos, &walked, mg, eg);
    Trace {
        terms: (0..layout::COUNT)
            .filter(|&i| counts.0[i] != 0)
            .map(|i| (i as u16, counts.0[i].clamp(i16::MIN.into(), i16::MAX.into()) as i16))
            .collect(),
        phase: walked.phase.min(MAX_PHASE),
        eg_scale: finished.eg_scale,
        divisor: finished.divisor,
        constant: finished.mop_up,
    }
}

/// Whether a side with these piece counts cannot mate at all: no pawns and
/// at most one minor piece.
fn cannot_win(count: &[i32; 6]) -> bool {
    count[0] == 0 && count[3] == 0 && count[4] == 0 && count[1] + count[2] <= 1
}

/// Against a bare king, reward driving it to the edge and bringing the own
/// king close: the mate itself is too deep for the search to see.
fn mop_up(pos: &Position, count: &[[i32; 6]; 2], score: i32) -> i32 {
    let bare = |c: usize| count[c][..5].iter().all(|&n| n == 0);
    let strong = if score > 0 { 0 } else { 1 };
    let weak = 1 - strong;
    if !bare(weak) || cannot_win(&count[strong]) {
        return 0;
    }
    let colors = [Color::White, Color::Black];
    let weak_king = pos.king(colors[weak]);
    let strong_king = pos.king(colors[strong]);
    let bonus = 10 * center_distance(weak_king) + 4 * (14 - manhattan(weak_king, strong_king)) + 400;
    if strong == 0 { bonus } else { -bonus }
}

/// Manhattan distance from the four centre squares (0 on them, 6 in a corner).
fn center_distance(sq: Square) -> i32 {
    let file = sq.file().index() as i32;
    let rank = sq.rank().index() as i32;
    (3 - file).max(file - 4) + (3 - rank).max(rank - 4)
}

fn manhattan(a: Square, b: Square) -> i32 {
    (a.file().index() as i32 - b.file().index() as i32).abs()
        + (a.rank().index() as i32 - b.rank().index() as i32).abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&fen.parse().unwrap())
    }

    #[test]
    fn symmetric() {
        // Mirroring the board and swapping colours gives the same score.
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "8/5k2/8/3P4/8/2K5/8/8 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let pos: Position = fen.parse().unwrap();
            assert_eq!(evaluate(&pos), evaluate(&pos.flipped()), "{fen}");
        }
    }

    #[test]
    fn material_counts() {
        // White a queen up is far ahead, from White's and Black's view.
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        // A lone knight cannot win.
        assert!(eval("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").abs() < 30);
    }

    #[test]
    fn the_trace_adds_up_to_the_evaluation() {
        let weights: Vec<(f64, f64)> = WEIGHTS.iter().map(|w| (f64::from(w.0), f64::from(w.1))).collect();
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "8/5k2/8/3P4/8/2K5/8/8 b - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "k7/8/8/8/8/8/8/1Q2K3 w - - 0 1",
            "8/4kb2/4p3/8/3P4/3B4/4K3/8 w - - 0 1",
        ] {
            let pos: Position = fen.parse().unwrap();
            let white = if pos.turn() == Color::White { 1 } else { -1 };
            let traced = trace(&pos).evaluate(&weights);
            let played = f64::from(white * evaluate_classical(&pos));
            assert!((traced - played).abs() <= 2.0, "{fen}: {traced} against {played}");
        }
    }

    #[test]
    fn packed_sums_unpack_to_both_sums() {
        // Weights of every sign, added for White and taken away for Black.
        let find = |test: fn(S) -> bool| (0..layout::COUNT).find(|&i| test(WEIGHTS[i])).unwrap();
        let negative = find(|w| w.0 < 0 && w.1 < 0);
        let mixed = find(|w| w.0 > 0 && w.1 < 0);
        let mut sum = Sum::default();
        let (mut mg, mut eg) = (0, 0);
        for (index, white, n) in [(4, true, 1), (negative, true, 3), (mixed, false, 2), (1, false, 5)] {
            sum.add(index, white, n);
            let n = if white { n } else { -n };
            mg += WEIGHTS[index].0 * n;
            eg += WEIGHTS[index].1 * n;
        }
        assert_eq!(sum.values(), (mg, eg));
        let mut sum = Sum::default();
        sum.add(negative, true, 1);
        assert_eq!(sum.values(), (WEIGHTS[negative].0, WEIGHTS[negative].1));
    }

    #[test]
    fn mop_up_prefers_the_cornered_king() {
        let centre = eval("8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1");
        let corner = eval("k7/8/8/8/8/8/8/1Q2K3 w - - 0 1");
        assert!(corner > centre, "{corner} > {centre}");
    }
}
