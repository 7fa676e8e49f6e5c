//! A legal chess position and making and unmaking moves on it.

use std::fmt;

use crate::board::Board;
use crate::castling::{CastlingRights, CastlingSide};
use crate::fen::EnPassantMode;
use crate::moves::Move;
use crate::piece::{BLACK_BIT, Color, EMPTY, Piece, ROLE_MASK, Role, WHITE_BIT};
use crate::setup::Setup;
use crate::square::{Square, SquareSet};
use crate::zobrist;

/// "No en passant square" in the packed state (a1 can never be one).
pub(crate) const NO_EP: u8 = 0;

/// Role indices into [`Position::by_role`].
pub(crate) const PAWN: usize = Role::Pawn as usize;
pub(crate) const KNIGHT: usize = Role::Knight as usize;
pub(crate) const BISHOP: usize = Role::Bishop as usize;
pub(crate) const ROOK: usize = Role::Rook as usize;
pub(crate) const QUEEN: usize = Role::Queen as usize;
pub(crate) const KING: usize = Role::King as usize;

/// The 64-square index (a1 = 0) of a 0x88 index.
#[inline(always)]
pub(crate) const fn index64(sq88: u8) -> u32 {
    ((sq88 + (sq88 & 7)) >> 1) as u32
}

/// The 0x88 index of a 64-square index.
#[inline(always)]
pub(crate) const fn index88(sq64: u32) -> u8 {
    (sq64 + (sq64 & !7)) as u8
}

/// The piece-set bit of a 0x88 square.
#[inline(always)]
pub(crate) const fn bit(sq88: u8) -> u64 {
    1 << index64(sq88)
}

/// Which colour a (non-empty) piece code belongs to, as an index.
#[inline(always)]
pub(crate) const fn color_index(code: u8) -> usize {
    (code >> 4) as usize & 1
}

/// Castling rights that survive a move from or to each square: moving the
/// king or a rook, or capturing a rook on its home square, removes rights.
static CASTLING_KEEP: [u8; 128] = {
    let mut t = [0b1111u8; 128];
    t[Square::E1.to_0x88() as usize] = 0b1100;
    t[Square::H1.to_0x88() as usize] = 0b1110;
    t[Square::A1.to_0x88() as usize] = 0b1101;
    t[Square::E8.to_0x88() as usize] = 0b0011;
    t[Square::H8.to_0x88() as usize] = 0b1011;
    t[Square::A8.to_0x88() as usize] = 0b0111;
    t
};

/// A position that obeys the rules: one king each, the side not to move not
/// in check, consistent castling and en passant rights, and so on (see
/// [`Position::from_setup`]). Every move generated for it is legal.
///
/// Besides the 0x88 array, it keeps a set of squares per colour and per role
/// (its piece lists), the king squares and the Zobrist key, all updated
/// incrementally by [`Position::play_unchecked`] and undone by
/// [`Position::undo`].
///
/// ```
/// use chess_core::Position;
/// let pos: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
/// assert_eq!(pos.legal_moves().len(), 20);
/// # Ok::<(), chess_core::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) squares: [u8; 128],
    pub(crate) by_color: [u64; 2],
    pub(crate) by_role: [u64; 7],
    pub(crate) kings: [u8; 2],
    pub(crate) turn: Color,
    pub(crate) castling: u8,
    /// The square a pawn just skipped with a double push, or [`NO_EP`]. Kept
    /// after every double push; whether a capture is possible is decided when
    /// asked.
    pub(crate) ep: u8,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

/// What [`Position::play_unchecked`] changed beyond the board, so
/// [`Position::undo`] can restore it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: u8,
    castling: u8,
    ep: u8,
    halfmoves: u32,
    hash: u64,
}

impl Position {
    /// The standard starting position.
    pub fn new() -> Position {
        Position::from_setup_unchecked(&Setup::start())
    }

    /// Builds the internal state from a setup without checking it. Used by
    /// validation (which then checks it) and for the start position.
    pub(crate) fn from_setup_unchecked(setup: &Setup) -> Position {
        let mut pos = Position {
            squares: [EMPTY; 128],
            by_color: [0; 2],
            by_role: [0; 7],
            kings: [0; 2],
            turn: setup.turn,
            castling: setup.castling.bits(),
            ep: setup.ep_square.map_or(NO_EP, Square::to_0x88),
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        for (sq, piece) in setup.board.pieces() {
            pos.put(piece.code(), sq.to_0x88());
            if piece.role == Role::King {
                pos.kings[piece.color.index()] = sq.to_0x88();
            }
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// The position as a [`Setup`]: board, side to move, rights and counters.
    /// The en passant square is the one a double push just created, if any.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board(),
            turn: self.turn,
            castling: self.castling(),
            ep_square: self.ep_square(EnPassantMode::Always),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// A copy of the placement.
    pub fn board(&self) -> Board {
        Board {
            squares: self.squares,
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.squares[sq.to_0x88() as usize])
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights.
    #[inline]
    pub fn castling(&self) -> CastlingRights {
        CastlingRights::from_bits(self.castling)
    }

    /// The en passant square, as `mode` defines it: after a double push,
    /// `Always` gives the skipped square, `PseudoLegal` only when a pawn
    /// stands ready to capture, `Legal` only when the capture is legal.
    pub fn ep_square(&self, mode: EnPassantMode) -> Option<Square> {
        let sq = Square::from_0x88(self.ep).filter(|_| self.ep != NO_EP)?;
        let keep = match mode {
            EnPassantMode::Always => true,
            EnPassantMode::PseudoLegal => self.ep_capturer_exists(),
            EnPassantMode::Legal => self.has_legal_en_passant(),
        };
        keep.then_some(sq)
    }

    /// Half-moves since the last capture or pawn move (the fifty-move clock).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and increasing after Black moves.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist key of the position, equal to its Polyglot book key.
    ///
    /// ```
    /// use chess_core::Position;
    /// assert_eq!(Position::new().zobrist(), 0x463b96181691fc9c);
    /// ```
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// A key that is equal for two positions exactly when FIDE counts them
    /// as the same for repetition: the same placement, side to move,
    /// castling rights and possible (legal) en passant captures.
    pub fn repetition_key(&self) -> u64 {
        if self.ep != NO_EP && self.ep_capturer_exists() && !self.has_legal_en_passant() {
            // Polyglot counts a capture that is only pseudo-legal; FIDE doesn't.
            self.hash ^ zobrist::en_passant_key(self.ep & 7)
        } else {
            self.hash
        }
    }

    /// The squares of all pieces of `color`.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> SquareSet {
        SquareSet(self.by_color[color.index()])
    }

    /// The squares of every `piece` on the board.
    #[inline]
    pub fn squares_of(&self, piece: Piece) -> SquareSet {
        SquareSet(self.by_color[piece.color.index()] & self.by_role[piece.role as usize])
    }

    /// The squares of every piece of `role`, either colour.
    #[inline]
    pub fn squares_of_role(&self, role: Role) -> SquareSet {
        SquareSet(self.by_role[role as usize])
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        SquareSet(self.by_color[0] | self.by_color[1])
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        Square::from_0x88(self.kings[color.index()]).unwrap_or(Square::A1)
    }

    /// The same position with colours swapped and the board mirrored, so the
    /// other side is to move. Useful for testing symmetry.
    pub fn flipped(&self) -> Position {
        let setup = self.to_setup();
        let flipped = Setup {
            board: setup.board.flipped_colors(),
            turn: !setup.turn,
            castling: {
                let mut c = CastlingRights::NONE;
                for (color, side) in setup.castling.iter() {
                    c.set(!color, side, true);
                }
                c
            },
            ep_square: setup.ep_square.map(Square::flip_vertical),
            ..setup
        };
        Position::from_setup_unchecked(&flipped)
    }

    // --- low-level board updates (sets and squares; the hash is separate) ---

    #[inline(always)]
    fn put(&mut self, code: u8, sq: u8) {
        self.squares[sq as usize & 127] = code;
        let b = bit(sq);
        self.by_color[color_index(code)] ^= b;
        self.by_role[(code & ROLE_MASK) as usize] ^= b;
    }

    #[inline(always)]
    fn remove(&mut self, code: u8, sq: u8) {
        self.squares[sq as usize & 127] = EMPTY;
        let b = bit(sq);
        self.by_color[color_index(code)] ^= b;
        self.by_role[(code & ROLE_MASK) as usize] ^= b;
    }

    #[inline(always)]
    fn shift(&mut self, code: u8, from: u8, to: u8) {
        self.squares[from as usize & 127] = EMPTY;
        self.squares[to as usize & 127] = code;
        let b = bit(from) | bit(to);
        self.by_color[color_index(code)] ^= b;
        self.by_role[(code & ROLE_MASK) as usize] ^= b;
    }

    /// Whether a pawn of the side to move stands next to the pawn that just
    /// double-pushed (Polyglot's condition for hashing the en passant file).
    #[inline]
    pub(crate) fn ep_capturer_exists(&self) -> bool {
        if self.ep == NO_EP {
            return false;
        }
        let pushed = self.ep ^ 0x10;
        let our_pawn = self.turn.bit() | Role::Pawn as u8;
        let left = pushed.wrapping_sub(1);
        let right = pushed.wrapping_add(1);
        (left & 0x88 == 0 && self.squares[left as usize & 127] == our_pawn)
            || (right & 0x88 == 0 && self.squares[right as usize & 127] == our_pawn)
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in Square::all() {
            let code = self.squares[sq.to_0x88() as usize];
            if code != EMPTY {
                h ^= zobrist::code_key(code, sq.to_0x88());
            }
        }
        h ^= zobrist::castling_key(self.castling);
        if self.ep_capturer_exists() {
            h ^= zobrist::en_passant_key(self.ep & 7);
        }
        if self.turn == Color::White {
            h ^= zobrist::WHITE_TO_MOVE;
        }
        h
    }

    /// Plays `m` without checking that it is legal, and returns what
    /// [`Position::undo`] needs to take it back.
    ///
    /// `m` must be a legal move of this position as move generation returns
    /// it (with its flags); anything else leaves the position inconsistent.
    /// Use [`Position::play`] for moves from outside.
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        let from = m.from().to_0x88();
        let to = m.to().to_0x88();
        let code = self.squares[from as usize & 127];
        let us_bit = self.turn.bit();
        let mut hash = self.hash;
        let undo = Undo {
            captured: EMPTY,
            castling: self.castling,
            ep: self.ep,
            halfmoves: self.halfmoves,
            hash,
        };
        let mut captured = EMPTY;

        if self.ep != NO_EP {
            if self.ep_capturer_exists() {
                hash ^= zobrist::en_passant_key(self.ep & 7);
            }
            self.ep = NO_EP;
        }
        self.halfmoves += 1;

        if m.is_en_passant() {
            let cap_sq = to ^ 0x10;
            captured = self.squares[cap_sq as usize & 127];
            self.remove(captured, cap_sq);
            hash ^= zobrist::code_key(captured, cap_sq);
        } else {
            let target = self.squares[to as usize & 127];
            if target != EMPTY {
                captured = target;
                self.remove(target, to);
                hash ^= zobrist::code_key(target, to);
            }
        }
        if captured != EMPTY || code & ROLE_MASK == Role::Pawn as u8 {
            self.halfmoves = 0;
        }

        self.shift(code, from, to);
        hash ^= zobrist::code_key(code, from) ^ zobrist::code_key(code, to);

        if let Some(role) = m.promotion() {
            let promoted = us_bit | role as u8;
            self.remove(code, to);
            self.put(promoted, to);
            hash ^= zobrist::code_key(code, to) ^ zobrist::code_key(promoted, to);
        } else if code & ROLE_MASK == Role::King as u8 {
            self.kings[self.turn.index()] = to;
            if m.is_castle() {
                let (rook_from, rook_to) = castle_rook_squares(from, to);
                let rook = us_bit | Role::Rook as u8;
                self.shift(rook, rook_from, rook_to);
                hash ^= zobrist::code_key(rook, rook_from) ^ zobrist::code_key(rook, rook_to);
            }
        }

        let castling = self.castling & CASTLING_KEEP[from as usize & 127] & CASTLING_KEEP[to as usize & 127];
        if castling != self.castling {
            hash ^= zobrist::castling_key(self.castling) ^ zobrist::castling_key(castling);
            self.castling = castling;
        }

        self.turn = !self.turn;
        hash ^= zobrist::WHITE_TO_MOVE;
        if self.turn == Color::White {
            self.fullmoves += 1;
        }

        if m.is_double_push() {
            self.ep = (from + to) / 2;
            if self.ep_capturer_exists() {
                hash ^= zobrist::en_passant_key(self.ep & 7);
            }
        }
        self.hash = hash;
        Undo { captured, ..undo }
    }

    /// Takes back `m`, which must be the last move played with
    /// [`Position::play_unchecked`], which returned `undo`.
    pub fn undo(&mut self, m: Move, undo: Undo) {
        let from = m.from().to_0x88();
        let to = m.to().to_0x88();
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        let us_bit = self.turn.bit();
        let mut code = self.squares[to as usize & 127];
        if m.promotion().is_some() {
            self.remove(code, to);
            code = us_bit | Role::Pawn as u8;
            self.put(code, to);
        } else if code & ROLE_MASK == Role::King as u8 {
            self.kings[self.turn.index()] = from;
            if m.is_castle() {
                let (rook_from, rook_to) = castle_rook_squares(from, to);
                self.shift(us_bit | Role::Rook as u8, rook_to, rook_from);
            }
        }
        self.shift(code, to, from);
        if undo.captured != EMPTY {
            let cap_sq = if m.is_en_passant() { to ^ 0x10 } else { to };
            self.put(undo.captured, cap_sq);
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmoves = undo.halfmoves;
        self.hash = undo.hash;
    }

    /// Passes the turn without moving (a "null move", for engines): the side
    /// to move changes and any en passant right is gone. Not legal in chess;
    /// take it back with [`Position::undo_null`].
    pub fn play_null(&mut self) -> Undo {
        let undo = Undo {
            captured: EMPTY,
            castling: self.castling,
            ep: self.ep,
            halfmoves: self.halfmoves,
            hash: self.hash,
        };
        if self.ep != NO_EP {
            if self.ep_capturer_exists() {
                self.hash ^= zobrist::en_passant_key(self.ep & 7);
            }
            self.ep = NO_EP;
        }
        self.turn = !self.turn;
        self.hash ^= zobrist::WHITE_TO_MOVE;
        if self.turn == Color::White {
            self.fullmoves += 1;
        }
        self.halfmoves += 1;
        undo
    }

    /// Takes back a [`Position::play_null`].
    pub fn undo_null(&mut self, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        self.ep = undo.ep;
        self.halfmoves = undo.halfmoves;
        self.hash = undo.hash;
    }

    /// Plays a move given by the user, after checking that it is legal.
    /// Returns the legal move as generated (with its flags). On an illegal
    /// move the position is unchanged and the error says why.
    ///
    /// ```
    /// use chess_core::{Move, Position, Square};
    /// let mut pos = Position::new();
    /// let err = pos.play(Move::new(Square::E2, Square::E5)).unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move e2e5: a pawn cannot move from e2 to e5");
    /// ```
    pub fn play(&mut self, m: Move) -> Result<Move, crate::IllegalMove> {
        match self.legal_move(m) {
            Some(legal) => {
                self.play_unchecked(legal);
                Ok(legal)
            }
            None => Err(crate::IllegalMove {
                mv: m,
                reason: self.why_illegal(m).unwrap_or(crate::IllegalReason::NoLegalMoves),
            }),
        }
    }

    /// The legal move with the same squares and promotion as `m` (which may
    /// lack flags, as user input does), if there is one.
    pub fn legal_move(&self, m: Move) -> Option<Move> {
        // Only the moving piece's moves need to be looked at.
        self.legal_moves().iter().copied().find(|&legal| legal == m)
    }

    /// Whether `m` is legal here (its flags are ignored).
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_move(m).is_some()
    }

    /// The position after `m`, which must be legal.
    pub fn after(&self, m: Move) -> Result<Position, crate::IllegalMove> {
        let mut next = self.clone();
        next.play(m)?;
        Ok(next)
    }

    /// The FEN of the position, writing the en passant square only when an
    /// en passant capture is legal (as python-chess and shakmaty do).
    pub fn fen(&self) -> String {
        self.fen_with(EnPassantMode::Legal)
    }

    /// The FEN of the position with the en passant field written as `mode` says.
    pub fn fen_with(&self, mode: EnPassantMode) -> String {
        Setup {
            ep_square: self.ep_square(mode),
            ..self.to_setup()
        }
        .to_fen()
    }
}

/// The rook's squares for a castling king move from `from` to `to` (0x88).
#[inline(always)]
fn castle_rook_squares(from: u8, to: u8) -> (u8, u8) {
    if to > from {
        (from + 3, from + 1)
    } else {
        (from - 4, from - 1)
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
        self.halfmoves.hash(state);
        self.fullmoves.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen_with(EnPassantMode::Always))
    }
}

impl std::str::FromStr for Position {
    type Err = crate::Error;

    /// Parses a FEN and validates the position.
    fn from_str(fen: &str) -> Result<Position, crate::Error> {
        Position::from_fen(fen)
    }
}

impl Position {
    /// Parses a FEN and validates the position (see [`Position::from_setup`]).
    pub fn from_fen(fen: &str) -> Result<Position, crate::Error> {
        let setup = Setup::from_fen(fen)?;
        Ok(Position::from_setup(setup)?)
    }

    /// Whether `side` castling is pending for `color` in the rights.
    pub(crate) fn has_castling(&self, color: Color, side: CastlingSide) -> bool {
        self.castling().has(color, side)
    }

    /// Debug self-check of the incremental state (used by tests).
    #[doc(hidden)]
    pub fn is_consistent(&self) -> bool {
        let rebuilt = Position::from_setup_unchecked(&self.to_setup());
        rebuilt.squares == self.squares
            && rebuilt.by_color == self.by_color
            && rebuilt.by_role == self.by_role
            && rebuilt.kings == self.kings
            && rebuilt.hash == self.hash
    }
}

// Colour bits are used by move generation; make sure they never overlap.
const _: () = assert!(WHITE_BIT & BLACK_BIT == 0);
