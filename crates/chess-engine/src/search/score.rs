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

/// The static evaluation `eval` sharpened by the table's `entry` for the
/// position: a stored score replaces it where its bound says the true value
/// lies beyond it (a lower bound above it, an upper bound below it, an
/// exact score either way). Mate scores are left out: the margins of the
/// pruning that uses this are for evaluations.
pub(super) fn refined_eval(eval: i32, entry: Option<&crate::tt::Entry>, ply: usize) -> i32 {
    use crate::tt::Bound;
    let Some(entry) = entry else { return eval };
    let score = score_from_tt(i32::from(entry.score), ply);
    if score.abs() >= MATE_BOUND {
        return eval;
    }
    match entry.bound {
        Bound::Exact => score,
        Bound::Lower if score > eval => score,
        Bound::Upper if score < eval => score,
        _ => eval,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tt::{Bound, TranspositionTable};

    /// What the table returns for a stored `score` and `bound`.
    fn entry(score: i32, bound: Bound) -> crate::tt::Entry {
        let tt = TranspositionTable::new(1);
        tt.store(7, None, score, 5, bound);
        tt.probe(7).unwrap()
    }

    #[test]
    fn a_bound_beyond_the_evaluation_replaces_it() {
        assert_eq!(refined_eval(50, Some(&entry(120, Bound::Lower)), 3), 120);
        assert_eq!(refined_eval(50, Some(&entry(-20, Bound::Upper)), 3), -20);
        assert_eq!(refined_eval(50, Some(&entry(-20, Bound::Exact)), 3), -20);
    }

    #[test]
    fn a_bound_on_the_evaluations_side_says_nothing() {
        assert_eq!(refined_eval(50, Some(&entry(20, Bound::Lower)), 3), 50);
        assert_eq!(refined_eval(50, Some(&entry(120, Bound::Upper)), 3), 50);
        assert_eq!(refined_eval(50, None, 3), 50);
    }

    #[test]
    fn mate_scores_do_not_replace_an_evaluation() {
        let mate_in_3 = score_to_tt(MATE - 8, 2);
        assert_eq!(refined_eval(50, Some(&entry(mate_in_3, Bound::Lower)), 2), 50);
    }
}
