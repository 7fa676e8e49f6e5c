//! What the search learns about quiet moves as it goes: which ones caused
//! cutoffs, by colour and squares ("butterfly" history), and by the moves
//! played one and two plies before (continuation history: a reply is good
//! after a particular move). Move ordering and late-move reductions read
//! them.

use chess_core::{Color, Move, Position};

use super::params::*;

/// A move as continuation history keys it: the piece that moved (colour
/// and role, 0-11) and the square it went to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct PieceTo {
    piece: u8,
    to: u8,
}

impl PieceTo {
    /// `m` as played in `pos` (before it is played).
    #[inline]
    pub(super) fn of(pos: &Position, m: Move) -> PieceTo {
        let piece = pos
            .piece_at(m.from())
            .map_or(0, |p| p.color.index() * 6 + p.role as usize - 1);
        PieceTo {
            piece: piece as u8,
            to: m.to().index(),
        }
    }

    #[inline]
    fn index(self) -> usize {
        usize::from(self.piece) * 64 + usize::from(self.to)
    }
}

/// Entries a continuation table has for one earlier move: a score for each
/// piece and square of the reply.
const REPLIES: usize = 12 * 64;

/// The quiet-move statistics of one search thread.
#[derive(Debug)]
pub(super) struct Histories {
    /// `[color][from][to]`.
    butterfly: Box<[[[i32; 64]; 64]; 2]>,
    /// `[earlier move][reply]`, both as [`PieceTo`] indices.
    continuation: Vec<i16>,
}

/// The earlier moves a quiet move is judged after: one ply before, two
/// plies before (none at the root, or after a null move).
pub(super) type Earlier = [Option<PieceTo>; 2];

/// Moves `entry` towards `bonus` (negative: a malus), saturating at `max`:
/// a big entry moves less, so the table keeps learning.
#[inline]
fn gravity(entry: i32, bonus: i32, max: i32) -> i32 {
    entry + bonus - entry * bonus.abs() / max
}

impl Histories {
    pub(super) fn new() -> Histories {
        Histories {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            continuation: vec![0; REPLIES * REPLIES],
        }
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.butterfly.iter_mut().flatten().for_each(|row| row.fill(0));
        self.continuation.fill(0);
    }

    /// Keeps what an earlier search learnt, faded (a new search).
    pub(super) fn fade(&mut self) {
        self.butterfly.iter_mut().flatten().flatten().for_each(|h| *h /= 8);
        self.continuation.iter_mut().for_each(|h| *h /= 2);
    }

    /// The butterfly score of quiet move `m` for side `mover`.
    #[inline]
    fn butterfly(&self, mover: Color, m: Move) -> i32 {
        self.butterfly[mover.index()][m.from().index() as usize][m.to().index() as usize]
    }

    /// The score of quiet move `m` of side `mover` (`moved`: it as
    /// [`PieceTo`]) after the `earlier` moves: butterfly and continuation
    /// together.
    #[inline]
    pub(super) fn quiet(&self, mover: Color, m: Move, moved: PieceTo, earlier: &Earlier) -> i32 {
        let mut score = self.butterfly(mover, m);
        for prev in earlier.iter().flatten() {
            score += i32::from(self.continuation[prev.index() * REPLIES + moved.index()]);
        }
        score
    }

    /// Quiet move `best` caused a cutoff at `depth` after `tried` (the
    /// quiet moves searched before it, which did not): raise its scores,
    /// lower theirs.
    pub(super) fn reward(&mut self, pos: &Position, best: Move, tried: &[Move], depth: i32, earlier: &Earlier) {
        let bonus = (HISTORY_BONUS_PER_DEPTH * depth - HISTORY_BONUS_OFFSET).clamp(0, HISTORY_BONUS_MAX);
        let turn = pos.turn().index();
        let mut update = |m: Move, bonus: i32| {
            let h = &mut self.butterfly[turn][m.from().index() as usize][m.to().index() as usize];
            *h = gravity(*h, bonus, HISTORY_MAX);
            let moved = PieceTo::of(pos, m);
            for prev in earlier.iter().flatten() {
                let h = &mut self.continuation[prev.index() * REPLIES + moved.index()];
                *h = gravity(i32::from(*h), bonus, CONTINUATION_MAX) as i16;
            }
        };
        update(best, bonus);
        for &m in tried {
            update(m, -bonus);
        }
    }
}
