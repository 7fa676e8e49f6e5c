//! Scores: centipawns from the side to move's view, mates as `MATE -
//! plies`; how a person reads them ([`Score`]); and how mate scores go into
//! the transposition table and back (relative to the node, not the root).

use chess_core::Color;

use super::MAX_PLY;

pub(crate) const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub(crate) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
pub(crate) const INF: i32 = 32_500;

/// The evaluation of a position, as a person reads it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns for the side to move (100 = a pawn up).
    Cp(i32),
    /// A forced mate in this many moves: positive when the side to move
    /// mates, negative when it is mated.
    Mate(i32),
}

impl Score {
    pub(super) fn from_internal(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score < -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Cp(score)
        }
    }

    /// The score from White's point of view, given who is to move.
    pub fn for_white(self, turn: Color) -> Score {
        match turn {
            Color::White => self,
            Color::Black => -self,
        }
    }

    /// A number to compare and to draw an evaluation bar with: centipawns,
    /// with mates as ±100 000 minus the distance.
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }
}

impl std::ops::Neg for Score {
    type Output = Score;

    /// The same score from the other side's point of view.
    fn neg(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(n) => Score::Mate(-n),
        }
    }
}

impl std::fmt::Display for Score {
    /// `+0.35`, `-1.20`, `#3`, `#-2`: the way chess programs show scores.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Score::Cp(cp) => write!(
                f,
                "{}{}.{:02}",
                if cp < 0 { "-" } else { "+" },
                cp.abs() / 100,
                cp.abs() % 100
            ),
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// Mate scores are stored relative to the node, not the root.
pub(super) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The score a table entry settles the window (`alpha`, `beta`) with at
/// `ply`: its score when exact, or when its bound lies beyond the window.
pub(super) fn tt_cutoff(entry: &crate::tt::Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    use crate::tt::Bound;
    let score = score_from_tt(i32::from(entry.score), ply);
    match entry.bound {
        Bound::Exact => Some(score),
        Bound::Lower if score >= beta => Some(score),
        Bound::Upper if score <= alpha => Some(score),
        _ => None,
    }
}

/// A table score as seen from `ply` (mates count from the root again).
pub(super) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
