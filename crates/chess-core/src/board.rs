//! The board: a 0x88 array of 128 squares, of which the 64 with
//! `index & 0x88 == 0` are the real ones.

use crate::piece::{Color, EMPTY, Piece, Role};
use crate::square::{File, Rank, Square};

/// Where the pieces stand, and nothing else (no side to move, no rights).
///
/// It is the 0x88 array itself: entry `sq.to_0x88()` holds the piece on `sq`.
/// The other 64 entries (the "off-board" half) always stay empty.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) squares: [u8; 128],
}

impl Board {
    /// The board as FEN writes it, rank 8 first: `rnbqkbnr/pppppppp/8/...`.
    pub fn placement(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.get(Square::new(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        out.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank != Rank::First {
                out.push('/');
            }
        }
        out
    }

    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board { squares: [EMPTY; 128] }
    }

    /// The standard starting placement.
    pub fn start() -> Board {
        let mut board = Board::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (file, role) in File::ALL.into_iter().zip(back) {
            board.set(Square::new(file, Rank::First), Some(Piece::new(Color::White, role)));
            board.set(
                Square::new(file, Rank::Second),
                Some(Piece::new(Color::White, Role::Pawn)),
            );
            board.set(
                Square::new(file, Rank::Seventh),
                Some(Piece::new(Color::Black, Role::Pawn)),
            );
            board.set(Square::new(file, Rank::Eighth), Some(Piece::new(Color::Black, role)));
        }
        board
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.squares[sq.to_0x88() as usize])
    }

    /// Puts `piece` on `sq` (or empties it with `None`); returns what was there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        let old = self.get(sq);
        self.squares[sq.to_0x88() as usize] = piece.map_or(EMPTY, Piece::code);
        old
    }

    /// Every occupied square with its piece, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.get(sq).map(|p| (sq, p)))
    }

    /// The squares holding `piece`, a1 first.
    pub fn squares_of(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        let code = piece.code();
        Square::all().filter(move |sq| self.squares[sq.to_0x88() as usize] == code)
    }

    /// How many of `piece` stand on the board.
    pub fn count(&self, piece: Piece) -> usize {
        self.squares_of(piece).count()
    }

    /// The square of `color`'s king when there is exactly one.
    pub fn king(&self, color: Color) -> Option<Square> {
        let mut kings = self.squares_of(Piece::new(color, Role::King));
        match (kings.next(), kings.next()) {
            (Some(sq), None) => Some(sq),
            _ => None,
        }
    }

    /// Whether no piece stands on the board.
    pub fn is_empty(&self) -> bool {
        self.squares.iter().all(|&c| c == EMPTY)
    }

    /// The placement mirrored top to bottom with the colours swapped, so the
    /// same position is seen from the other side.
    pub fn flipped_colors(&self) -> Board {
        let mut out = Board::empty();
        for (sq, p) in self.pieces() {
            out.set(sq.flip_vertical(), Some(Piece::new(!p.color, p.role)));
        }
        out
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.placement())
    }
}
