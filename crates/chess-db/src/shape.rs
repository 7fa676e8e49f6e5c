//! A position's shape: where its pawns stand and how many knights,
//! bishops, rooks and queens each side has, not where. A game's shape
//! changes only when a pawn moves or something is taken, and never comes
//! back (pawns only go forward, and nothing taken returns), so a game
//! passes through a few dozen shapes, each once; and a game that reaches a
//! position holds that position's shape there. The index keeps, for each
//! segment, the shapes its games pass through (see `index::shapes`): a
//! position whose shape no game of a segment holds is in none of them, and
//! their moves are never read.
//!
//! A shape is a 32-bit key: the exclusive or of a number for each pawn
//! (its colour and square) and one for each count (colour, kind, how
//! many). The numbers come from a fixed generator, so that the keys are
//! the same in every build: they are part of the index's format. Two
//! shapes may share a key (one pair in four billion): the index then
//! looks at a segment for nothing, and finds nothing.

use chess_core::{Color, Move, Piece, Position, Role, Square};

/// The most pieces of one kind a side is counted with; more (only in a
/// made-up position) count as this many.
const MOST: usize = 15;

/// The pieces counted (the king is always there; pawns are placed).
const COUNTED: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// SplitMix64, the generator of the keys' numbers.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A pawn of each colour on each square (interchange numbers a1 = 0).
const PAWNS: [[u32; 64]; 2] = {
    let mut out = [[0; 64]; 2];
    let mut i = 0;
    while i < 128 {
        out[i / 64][i % 64] = (mix(0x5ea9_e000 + i as u64) >> 32) as u32;
        i += 1;
    }
    out
};

/// So many pieces of a kind of a colour: `[colour][kind][count]`.
const COUNTS: [[[u32; MOST + 1]; 4]; 2] = {
    let mut out = [[[0; MOST + 1]; 4]; 2];
    let mut i = 0;
    while i < 2 * 4 * (MOST + 1) {
        out[i / (4 * (MOST + 1))][i / (MOST + 1) % 4][i % (MOST + 1)] = (mix(0xc0de_0000 + i as u64) >> 32) as u32;
        i += 1;
    }
    out
};

/// Where `role` is in [`COUNTED`].
fn kind(role: Role) -> Option<usize> {
    COUNTED.iter().position(|&r| r == role)
}

/// The shape of `pos`.
pub fn of(pos: &Position) -> u32 {
    Shape::new(pos).key
}

/// A game's shape as it goes, move by move.
#[derive(Clone, Debug, Default)]
pub struct Shape {
    /// The key.
    key: u32,
    /// The pieces counted: `[colour][kind]`.
    counts: [[u8; 4]; 2],
}

impl Shape {
    /// The shape of `pos`.
    pub fn new(pos: &Position) -> Shape {
        let mut shape = Shape::default();
        for color in Color::ALL {
            let c = color.index();
            for sq in pos.squares_of(Piece::new(color, Role::Pawn)) {
                shape.key ^= PAWNS[c][usize::from(sq.index())];
            }
            for (k, &role) in COUNTED.iter().enumerate() {
                let n = pos.squares_of(Piece::new(color, role)).count().min(MOST);
                shape.counts[c][k] = n as u8;
                shape.key ^= COUNTS[c][k][n];
            }
        }
        shape
    }

    /// The key.
    pub fn key(&self) -> u32 {
        self.key
    }

    /// Changes the count of `role` (a counted one) of `color` by one.
    fn count(&mut self, color: Color, role: Role, more: bool) {
        let Some(k) = kind(role) else { return };
        let c = color.index();
        let n = usize::from(self.counts[c][k]);
        let to = if more { (n + 1).min(MOST) } else { n.saturating_sub(1) };
        self.key ^= COUNTS[c][k][n] ^ COUNTS[c][k][to];
        self.counts[c][k] = to as u8;
    }

    /// Follows `m`, played in `before` by the piece `role`; whether the
    /// shape changed (a pawn moved, or something was taken).
    #[inline]
    pub fn play(&mut self, before: &Position, m: Move, role: Role) -> bool {
        let us = before.turn();
        let mut changed = false;
        if m.is_capture() && !m.is_castle() {
            let them = !us;
            if m.is_en_passant() {
                // The pawn taken stands beside the one taking.
                let taken = Square::new(m.to().file(), m.from().rank());
                self.key ^= PAWNS[them.index()][usize::from(taken.index())];
            } else if let Some(taken) = before.piece_at(m.to()) {
                if taken.role == Role::Pawn {
                    self.key ^= PAWNS[them.index()][usize::from(m.to().index())];
                } else {
                    self.count(them, taken.role, false);
                }
            }
            changed = true;
        }
        if role == Role::Pawn {
            self.key ^= PAWNS[us.index()][usize::from(m.from().index())];
            match m.promotion() {
                Some(promoted) => self.count(us, promoted, true),
                None => self.key ^= PAWNS[us.index()][usize::from(m.to().index())],
            }
            changed = true;
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `line` (SAN) from `fen`, checking at every move that the
    /// shape followed move by move is the shape of the position reached.
    fn follow(fen: &str, line: &[&str]) -> Vec<u32> {
        let mut pos: Position = fen.parse().unwrap();
        let mut shape = Shape::new(&pos);
        let mut keys = vec![shape.key()];
        for san in line {
            let m = pos.parse_san(san).unwrap();
            let role = pos.piece_at(m.from()).unwrap().role;
            let before = pos.clone();
            pos.play(m).unwrap();
            if shape.play(&before, m, role) {
                keys.push(shape.key());
            }
            assert_eq!(shape.key(), of(&pos), "after {san}");
        }
        keys
    }

    #[test]
    fn a_shape_changes_with_pawn_moves_and_captures_only() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        // Knights out and back: one shape; e4 and the exchange on d5 add three.
        let keys = follow(start, &["Nf3", "Nf6", "Ng1", "Ng8", "e4", "d5", "exd5", "Qxd5"]);
        assert_eq!(keys.len(), 5, "the start, e4, d5, exd5, Qxd5");
        assert_eq!(keys[0], of(&Position::new()));
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), keys.len(), "a game never holds a shape twice");
    }

    #[test]
    fn en_passant_promotion_and_castling_keep_the_shape_right() {
        follow(
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            &["exd6", "Kd7", "Kd2", "Kc6", "d7", "Kc7", "d8=N", "Kxd8"],
        );
        follow(
            "r3k2r/1P6/8/8/8/8/8/R3K2R w KQk - 0 1",
            &["O-O-O", "O-O", "bxa8=Q", "Rxa8", "Rd8+", "Rxd8"],
        );
        // Chess960: castling is the king onto its rook, not a capture.
        let mut pos = Position::new_960(518).unwrap();
        assert_eq!(of(&pos), of(&Position::new()));
        let mut shape = Shape::new(&pos);
        for san in ["Nf3", "Nf6", "e3", "e6", "Be2", "Be7", "O-O"] {
            let m = pos.parse_san(san).unwrap();
            let role = pos.piece_at(m.from()).unwrap().role;
            let before = pos.clone();
            pos.play(m).unwrap();
            shape.play(&before, m, role);
            assert_eq!(shape.key(), of(&pos), "after {san}");
        }
    }

    #[test]
    fn shapes_tell_pawns_and_counts_apart() {
        // Same pieces, one pawn elsewhere; same pawns, a knight for a bishop.
        let a = of(&"4k3/p7/8/8/8/8/P7/4K1N1 w - - 0 1".parse().unwrap());
        let b = of(&"4k3/p7/8/8/8/P7/8/4K1N1 w - - 0 1".parse().unwrap());
        let c = of(&"4k3/p7/8/8/8/8/P7/4K1B1 w - - 0 1".parse().unwrap());
        let d = of(&"4k3/p7/8/8/8/8/P7/4KN2 b - - 0 1".parse().unwrap());
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_eq!(a, d, "where the pieces stand and who is to move are not in a shape");
    }
}
