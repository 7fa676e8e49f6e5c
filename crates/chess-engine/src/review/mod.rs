//! Game review: how good each move of a game was, as lichess's computer
//! analysis and chess.com's Game Review say it.
//!
//! The engine evaluates every position of the main line ([`analyse`]);
//! from those evaluations, this module works out, with no engine:
//!
//! - the **win percentage** of each position ([`win_percent_for`]), lichess's
//!   logistic curve of centipawns;
//! - a **judgement** of each move ([`Judgement`]) from the drop of the
//!   mover's win percentage, written as a NAG (`?!`, `?`, `??`);
//! - an **accuracy** figure per side ([`accuracy`]), lichess's formula;
//! - a **coach sentence** for each mistake and blunder ([`coach`]), built
//!   from the position, the engine's refutation and the rules: "hangs the
//!   knight on f6 to Bxf6", "allows mate in 2: Qh7+ Kf8 Qh8#".
//!
//! [`review`] puts them together for a line of moves, and [`annotate`]
//! writes a review into a [`Game`](chess_core::Game) as NAGs, `[%eval]`
//! comments and sentences, the way lichess exports an analysed game.
//!
//! ```
//! use chess_core::pgn::Eval;
//! use chess_engine::review::{Judgement, judge};
//! // White stood level, then dropped to a pawn and a half down: winning
//! // chances from 0 to -0.27, a mistake (lila's thresholds: 0.1, 0.2, 0.3).
//! let before = Eval::Centipawns(0);
//! let after = Eval::Centipawns(-150);
//! assert_eq!(judge(before, after, chess_core::Color::White), Some(Judgement::Mistake));
//! ```

mod analyse;
mod annotate;
pub mod batch;
pub mod coach;

use chess_core::pgn::Eval;
use chess_core::{ByColor, Color, Move, Position};

pub use analyse::{AnalyseOptions, DEFAULT_DEPTH, analyse, analyse_game, analyse_game_uci};
pub use annotate::{annotate, evals_of, format_eval};

pub mod tunables;

/// How bad a move was, as lichess names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// `?!`: the mover's winning chances dropped by 0.1 or more (5 points
    /// of win percentage).
    Inaccuracy,
    /// `?`: by 0.2 or more (10 points).
    Mistake,
    /// `??`: by 0.3 or more (15 points).
    Blunder,
}

impl Judgement {
    /// The PGN NAG: `$6` (?!), `$2` (?), `$4` (??).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The judgement a NAG stands for, if it is one of the three.
    pub fn of_nag(nag: u8) -> Option<Judgement> {
        match nag {
            6 => Some(Judgement::Inaccuracy),
            2 => Some(Judgement::Mistake),
            4 => Some(Judgement::Blunder),
            _ => None,
        }
    }

    /// `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        chess_core::pgn::nag_symbol(self.nag()).unwrap_or_default()
    }

    /// "Inaccuracy", "Mistake" or "Blunder".
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// An evaluation with `turn` to move, seen from `color`'s side: a mate in 0
/// (`#0`, the side to move is mated) is a loss for the side to move.
fn centipawns_for(eval: Eval, turn: Color, color: Color) -> i32 {
    use tunables::CP_CEILING;
    let white = match eval {
        Eval::Centipawns(cp) => cp.clamp(-CP_CEILING, CP_CEILING),
        Eval::Mate(0) if turn == Color::White => -CP_CEILING,
        Eval::Mate(0) => CP_CEILING,
        Eval::Mate(n) => CP_CEILING * n.signum(),
    };
    if color == Color::White { white } else { -white }
}

/// The win percentage (0-100) for `color` in a position evaluated `eval`
/// (from White's side, with `turn` to move), by lichess's formula:
/// `50 + 50 · (2 / (1 + e^(-0.00368208 · cp)) − 1)`, centipawns clamped to
/// ±1000 and a mate counted as ±1000 ([`crate::win_percent()`] of the
/// centipawns seen from `color`'s side).
///
/// ```
/// use chess_core::{Color, pgn::Eval};
/// use chess_engine::review::win_percent_for;
/// assert_eq!(win_percent_for(Eval::Centipawns(0), Color::White, Color::White), 50.0);
/// let up_a_pawn = win_percent_for(Eval::Centipawns(100), Color::White, Color::White);
/// assert!((up_a_pawn - 59.1).abs() < 0.1);
/// ```
pub fn win_percent_for(eval: Eval, turn: Color, color: Color) -> f64 {
    crate::win_percent(centipawns_for(eval, turn, color))
}

/// Lichess's winning chances (-1 to +1) of White at `cp` centipawns from
/// White's side: `2 / (1 + e^(-0.00368208 · cp)) − 1`. Unlike the win
/// percentage of the graph and the bar, not clamped at ±1000 first: lila's
/// judgements use the chances of the evaluation as it is
/// (`WinPercent.winningChances`).
pub fn winning_chances(cp: i32) -> f64 {
    (2.0 / (1.0 + (-crate::win_percent::WIN_SLOPE * f64::from(cp)).exp()) - 1.0).clamp(-1.0, 1.0)
}

/// The judgement of a move by `mover`, from the evaluation before it
/// (`mover` to move) and after it (the opponent to move), both from White's
/// side, exactly as lichess judges (lila's `Advice`):
///
/// - between two evaluations in centipawns, by the drop of the mover's
///   winning chances ([`winning_chances`]): 0.1 an inaccuracy, 0.2 a
///   mistake, 0.3 a blunder;
/// - a mate allowed (centipawns, then the opponent mates) by how far down
///   the mover already was: more than 999 cp an inaccuracy, more than 700 a
///   mistake, else a blunder; a mate lost (the mover mated, then
///   centipawns) by what is left, the same way; a mate lost for a mate
///   allowed is a blunder;
/// - mate for mate (a slower one, or still being mated), a mate given,
///   and a mate found where there was none: no judgement.
pub fn judge(before: Eval, after: Eval, mover: Color) -> Option<Judgement> {
    use tunables::*;
    // From the mover's side: a mate for the mover is positive. `#0` after
    // the move is the opponent mated: a mate the mover gave.
    let pov = |e: Eval, to_move: Color| match e {
        Eval::Mate(0) => Eval::Mate(if to_move == mover { -1 } else { 1 }),
        Eval::Mate(n) => Eval::Mate(if mover == Color::White { n } else { -n }),
        Eval::Centipawns(cp) => Eval::Centipawns(if mover == Color::White { cp } else { -cp }),
    };
    let by_cp = |cp: i32| {
        if cp > MATE_LOST_INACCURACY_CP {
            Judgement::Inaccuracy
        } else if cp > MATE_LOST_MISTAKE_CP {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        }
    };
    match (pov(before, mover), pov(after, !mover)) {
        (Eval::Centipawns(b), Eval::Centipawns(a)) => {
            let drop = winning_chances(b) - winning_chances(a);
            [
                (BLUNDER_DROP, Judgement::Blunder),
                (MISTAKE_DROP, Judgement::Mistake),
                (INACCURACY_DROP, Judgement::Inaccuracy),
            ]
            .into_iter()
            .find(|&(threshold, _)| threshold <= drop)
            .map(|(_, j)| j)
        }
        // A mate allowed: judged by how far down the mover already was.
        (Eval::Centipawns(b), Eval::Mate(n)) if n < 0 => Some(by_cp(-b)),
        // A mate lost: judged by what is left.
        (Eval::Mate(m), Eval::Centipawns(a)) if m > 0 => Some(by_cp(a)),
        // A mate lost for a mate allowed (nothing left: 0 cp).
        (Eval::Mate(m), Eval::Mate(n)) if m > 0 && n < 0 => Some(by_cp(0)),
        _ => None,
    }
}

/// Lichess's accuracy of one move (0-100) from the mover's win percentage
/// before and after it: `103.1668 · e^(−0.04354 · drop) − 3.1669`, plus 1
/// for uncertainty, clamped to 0-100; a move that does not lose is 100.
///
/// ```
/// use chess_engine::review::move_accuracy;
/// assert_eq!(move_accuracy(60.0, 65.0), 100.0);
/// assert!((move_accuracy(60.0, 50.0) - 64.6).abs() < 0.1);
/// ```
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = before - after;
    use tunables::{ACCURACY_A, ACCURACY_B, ACCURACY_C};
    let raw = ACCURACY_A * (-ACCURACY_B * drop).exp() - ACCURACY_C;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The accuracy of each side over a game, lichess's way: each move's
/// accuracy ([`move_accuracy`]) is weighted by how much the game swung
/// around it (the standard deviation of White's win percentage over a
/// window of `clamp(plies / 10, 2, 8)` positions, clamped to 0.5-12), and
/// the side's figure is the mean of the weighted mean and the harmonic mean
/// of its moves' accuracies, so one blunder weighs more than in a plain
/// average.
///
/// `white_wins` holds White's win percentage at every position of the line,
/// the start included; `first` is the side that made the first move.
/// Returns each side's, `None` for a side that made no move.
pub fn accuracy(white_wins: &[f64], first: Color) -> ByColor<Option<f64>> {
    let plies = white_wins.len().saturating_sub(1);
    if plies == 0 {
        return ByColor::default();
    }
    use tunables::{VOLATILITY_MAX, VOLATILITY_MIN, WINDOW_MAX, WINDOW_MIN};
    let window = (plies / 10).clamp(WINDOW_MIN, WINDOW_MAX).min(white_wins.len());
    let weights: Vec<f64> = (0..plies)
        .map(|i| {
            // The window ending with the move (or the first window).
            let end = (i + 2).max(window).min(white_wins.len());
            let xs = &white_wins[end - window..end];
            std_dev(xs).clamp(VOLATILITY_MIN, VOLATILITY_MAX)
        })
        .collect();
    let mut per_side: ByColor<Vec<(f64, f64)>> = ByColor::default();
    for i in 0..plies {
        let mover = if i % 2 == 0 { first } else { !first };
        let (before, after) = match mover {
            Color::White => (white_wins[i], white_wins[i + 1]),
            Color::Black => (100.0 - white_wins[i], 100.0 - white_wins[i + 1]),
        };
        per_side[mover].push((move_accuracy(before, after), weights[i]));
    }
    per_side.map(|moves| {
        if moves.is_empty() {
            return None;
        }
        let weighted = moves.iter().map(|(a, w)| a * w).sum::<f64>() / moves.iter().map(|(_, w)| w).sum::<f64>();
        let harmonic = moves.len() as f64 / moves.iter().map(|(a, _)| 1.0 / a.max(1e-3)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    })
}

fn std_dev(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// What the engine says of one position: its evaluation from White's side
/// and its best line (empty when the game is over there, or when the
/// evaluation came from a file without lines).
#[derive(Clone, Debug, PartialEq)]
pub struct PositionEval {
    /// The evaluation from White's side; `Mate(0)`: the side to move is mated.
    pub eval: Eval,
    /// The best line, first move first.
    pub pv: Vec<Move>,
}

/// The review of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Who played it.
    pub mover: Color,
    /// The move played.
    pub played: Move,
    /// The evaluation after it, from White's side.
    pub eval: Eval,
    /// The mover's win percentage before and after the move.
    pub win_before: f64,
    /// See [`MoveReview::win_before`].
    pub win_after: f64,
    /// How bad it was, if it was.
    pub judgement: Option<Judgement>,
    /// The engine's move, when it differs from the one played.
    pub best: Option<Move>,
    /// For a mistake or blunder: what went wrong, in words.
    pub coach: Option<String>,
}

/// The review of a line of moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// One entry per move.
    pub moves: Vec<MoveReview>,
    /// White's win percentage at each position, the start included.
    pub white_wins: Vec<f64>,
    /// The accuracy of White and of Black ([`accuracy`]).
    pub accuracy: ByColor<Option<f64>>,
}

impl Review {
    /// How many moves of `color` have each judgement: inaccuracies,
    /// mistakes, blunders.
    pub fn counts(&self, color: Color) -> [usize; 3] {
        let mut out = [0; 3];
        for m in self.moves.iter().filter(|m| m.mover == color) {
            if let Some(j) = m.judgement {
                out[j as usize] += 1;
            }
        }
        out
    }
}

/// Reviews the moves played from `start`, given the engine's view of each
/// position (`evals[i]` is the position before move `i`; one more for the
/// position after the last move). Each judged move (inaccuracies too) gets
/// a coach sentence when its refutation is known (the next position's line).
pub fn review(start: &Position, moves: &[Move], evals: &[PositionEval]) -> Review {
    assert_eq!(evals.len(), moves.len() + 1, "one evaluation per position");
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    let mut white_wins = vec![win_percent_for(evals[0].eval, pos.turn(), Color::White)];
    for (i, &played) in moves.iter().enumerate() {
        let mover = pos.turn();
        let (before, after) = (&evals[i], &evals[i + 1]);
        let best = before.pv.first().copied().filter(|&b| b != played);
        // The engine's own move is never marked, whatever the evaluation
        // after it says (a deeper look there can see what the search
        // before did not): no mark, and no sentence contradicting it.
        let engine_move = before.pv.first() == Some(&played);
        let judgement = judge(before.eval, after.eval, mover).filter(|_| !engine_move);
        // Every judged move gets its reason, inaccuracies too.
        let coach = judgement.and_then(|_| {
            coach::explain(&coach::Context {
                before: &pos,
                played,
                best_line: &before.pv,
                best_eval: before.eval,
                reply_line: &after.pv,
                reply_eval: after.eval,
            })
        });
        let Ok(next) = pos.after(played) else { break };
        out.push(MoveReview {
            mover,
            played,
            eval: after.eval,
            win_before: win_percent_for(before.eval, mover, mover),
            win_after: win_percent_for(after.eval, !mover, mover),
            judgement,
            best,
            coach,
        });
        pos = next;
        white_wins.push(win_percent_for(after.eval, pos.turn(), Color::White));
    }
    let accuracy = accuracy(&white_wins, start.turn());
    Review {
        moves: out,
        white_wins,
        accuracy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_percent_is_lichess_curve() {
        let w = |cp| win_percent_for(Eval::Centipawns(cp), Color::White, Color::White);
        assert_eq!(w(0), 50.0);
        assert!((w(300) - 75.1).abs() < 0.1, "{}", w(300));
        // Clamped at 1000 cp: a mate is the same as +10.
        assert_eq!(w(5000), w(1000));
        assert_eq!(win_percent_for(Eval::Mate(3), Color::White, Color::White), w(1000));
        // Seen from Black, the same position.
        assert!((win_percent_for(Eval::Centipawns(300), Color::White, Color::Black) - 24.9).abs() < 0.1);
        // #0 with Black to move: Black is mated.
        assert_eq!(win_percent_for(Eval::Mate(0), Color::Black, Color::White), w(1000));
    }

    #[test]
    fn judgements_follow_the_drop_of_winning_chances_as_lila() {
        use Judgement::*;
        let cp = Eval::Centipawns;
        // +0.2 to -0.2 for White: chances 0.037 to -0.037, a drop of 0.074.
        assert_eq!(judge(cp(20), cp(-20), Color::White), None);
        // +0.3 to -0.3: 0.110, an inaccuracy.
        assert_eq!(judge(cp(30), cp(-30), Color::White), Some(Inaccuracy));
        // +0.5 to -0.6: 0.092 + 0.110 = 0.202, a mistake.
        assert_eq!(judge(cp(50), cp(-60), Color::White), Some(Mistake));
        // +1 to -1: 0.364, a blunder (10 and 20 win-percentage points
        // would have called it an inaccuracy).
        assert_eq!(judge(cp(100), cp(-100), Color::White), Some(Blunder));
        // -0.17 to -4.95: 0.69, a blunder on lichess.
        assert_eq!(judge(cp(-17), cp(-495), Color::White), Some(Blunder));
        // Evaluations are not clamped at ±10 first: +15 to +7 drops 0.133.
        assert_eq!(judge(cp(1500), cp(700), Color::White), Some(Inaccuracy));
        assert_eq!(judge(cp(2500), cp(1200), Color::White), None);
        // Black's moves are judged from Black's side.
        assert_eq!(judge(cp(0), cp(500), Color::Black), Some(Blunder));
        assert_eq!(judge(cp(0), cp(-500), Color::Black), None);
        assert_eq!(judge(cp(-30), cp(30), Color::Black), Some(Inaccuracy));
    }

    #[test]
    fn mates_lost_and_allowed_are_judged_by_what_is_left() {
        use Judgement::*;
        // White had mate in 2, played a move still 12 pawns up: inaccuracy.
        assert_eq!(
            judge(Eval::Mate(2), Eval::Centipawns(1200), Color::White),
            Some(Inaccuracy)
        );
        assert_eq!(judge(Eval::Mate(2), Eval::Centipawns(800), Color::White), Some(Mistake));
        assert_eq!(judge(Eval::Mate(2), Eval::Centipawns(100), Color::White), Some(Blunder));
        // Level, then allowed mate: a blunder.
        assert_eq!(judge(Eval::Centipawns(0), Eval::Mate(-1), Color::White), Some(Blunder));
        // Black allows mate (positive for White).
        assert_eq!(judge(Eval::Centipawns(0), Eval::Mate(3), Color::Black), Some(Blunder));
        // Already lost by 12 pawns, then mated: only an inaccuracy.
        assert_eq!(
            judge(Eval::Centipawns(-1200), Eval::Mate(-3), Color::White),
            Some(Inaccuracy)
        );
        // A slower mate, or giving mate: nothing.
        assert_eq!(judge(Eval::Mate(2), Eval::Mate(4), Color::White), None);
        assert_eq!(judge(Eval::Mate(1), Eval::Mate(0), Color::White), None);
        assert_eq!(judge(Eval::Mate(-1), Eval::Mate(0), Color::Black), None);
        // A mate thrown away for one allowed: a blunder.
        assert_eq!(judge(Eval::Mate(3), Eval::Mate(-2), Color::White), Some(Blunder));
        assert_eq!(judge(Eval::Mate(-3), Eval::Mate(2), Color::Black), Some(Blunder));
        // Escaping a mate, or finding one: nothing.
        assert_eq!(judge(Eval::Mate(-3), Eval::Centipawns(-200), Color::White), None);
        assert_eq!(judge(Eval::Centipawns(50), Eval::Mate(4), Color::White), None);
    }

    #[test]
    fn move_accuracy_is_lichess_formula() {
        assert_eq!(move_accuracy(50.0, 50.0), 100.0);
        // No drop: 103.1668 - 3.1669 + 1 = 100 (clamped).
        assert_eq!(move_accuracy(50.0, 49.999_999), 100.0);
        assert!(
            (move_accuracy(70.0, 40.0) - 25.8).abs() < 0.1,
            "{}",
            move_accuracy(70.0, 40.0)
        );
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn one_blunder_costs_more_than_its_share() {
        // White keeps 50% for 20 plies, Black too; then White blunders once.
        let mut wins = vec![50.0; 21];
        let steady = accuracy(&wins, Color::White);
        assert!(steady.white.unwrap() > 99.0 && steady.black.unwrap() > 99.0);
        for w in wins.iter_mut().skip(11) {
            *w = 10.0;
        }
        let ByColor { white, black } = accuracy(&wins, Color::White);
        let (white, black) = (white.unwrap(), black.unwrap());
        // One move of ten at about 0% accuracy: the plain mean would be 90.
        assert!(white < 80.0, "{white}");
        assert!(black > 99.0, "{black}");
        assert_eq!(accuracy(&[50.0], Color::White), ByColor::new(None, None));
    }
}
