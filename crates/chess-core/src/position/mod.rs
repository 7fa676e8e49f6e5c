//! A legal chess position and making and unmaking moves on it.

use std::fmt;

use crate::board::Board;
use crate::castling::{Castles, CastlingRights, CastlingSide};
use crate::fen::{EnPassantMode, FenState};
use crate::moves::Move;
use crate::piece::{BLACK_BIT, Color, EMPTY, Piece, Role, WHITE_BIT};
use crate::setup::Setup;
use crate::square::{Square, SquareSet};
use crate::x88::index88;
use crate::zobrist;

mod make;

pub use make::Undo;

/// "No en passant square" in the packed state (a1 can never be one).
pub(crate) const NO_EP: u8 = 0;

/// Role indices, as the board codes hold them (`Position::by_piece` is
/// indexed by code).
pub(crate) const PAWN: usize = Role::Pawn as usize;
pub(crate) const KNIGHT: usize = Role::Knight as usize;
pub(crate) const BISHOP: usize = Role::Bishop as usize;
pub(crate) const ROOK: usize = Role::Rook as usize;
pub(crate) const QUEEN: usize = Role::Queen as usize;
pub(crate) const KING: usize = Role::King as usize;

/// A position that obeys the rules: one king each, the side not to move not
/// in check, consistent castling and en passant rights, and so on (see
/// [`Position::from_setup`]). Every move generated for it is legal.
///
/// Besides the 0x88 array, it keeps a set of squares for each piece (its
/// piece lists, iterated with a bit scan) and the Zobrist key, both updated
/// incrementally by [`Position::play_unchecked`] and restored by
/// [`Position::undo`].
///
/// ```
/// use chess_core::Position;
/// let pos: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
/// assert_eq!(pos.legal_moves().len(), 20);
/// # Ok::<(), chess_core::Error>(())
/// ```
#[derive(Clone)]
pub struct Position {
    pub(crate) squares: [u8; 128],
    /// One square set per piece, indexed by the board code masked with 15
    /// (Black's codes 17..22 land on 1..6, White's stay 9..14).
    pub(crate) by_piece: [u64; 16],
    pub(crate) turn: Color,
    /// The halfmove clock (bits 0-31), the castling rights (bits 32-39),
    /// the square a pawn just skipped with a double push (bits 40-47, or
    /// [`NO_EP`]) and whether that square's key is in `hash` (bit 56, set
    /// when a pawn stands ready to capture), in one word so a move saves and
    /// restores them at once. The en passant square is kept after every
    /// double push; whether a capture is legal is decided when asked.
    pub(crate) state: u64,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
    /// Where castling happens, and whether this is Chess960.
    pub(crate) castles: Castles,
}

/// Bit of `Position::state`: the en passant key is in the hash.
const EP_HASHED: u64 = 1 << 56;

/// Packs the halfmove clock, castling bits and en passant square.
#[inline(always)]
const fn pack_state(halfmoves: u32, castling: u8, ep: u8, ep_hashed: bool) -> u64 {
    halfmoves as u64 | (castling as u64) << 32 | (ep as u64) << 40 | (ep_hashed as u64) << 56
}

impl Position {
    /// The standard starting position.
    pub fn new() -> Position {
        static START: std::sync::LazyLock<Position> =
            std::sync::LazyLock::new(|| Position::from_setup_unchecked(&Setup::start()));
        START.clone()
    }

    /// Builds the internal state from a setup without checking it. Used by
    /// validation (which then checks it) and for the start position.
    pub(crate) fn from_setup_unchecked(setup: &Setup) -> Position {
        Position::from_setup_unchecked_in(setup, false)
    }

    /// [`Position::from_setup_unchecked`] in standard chess or Chess960.
    pub(crate) fn from_setup_unchecked_in(setup: &Setup, chess960: bool) -> Position {
        let mut pos = Position::blank();
        pos.castles.chess960 = chess960;
        for sq in Square::all() {
            let code = setup.board.squares[sq.to_0x88() as usize];
            if code != EMPTY {
                pos.place(code, sq.to_0x88());
            }
        }
        pos.set_state(&FenState {
            turn: setup.turn,
            castling: setup.castling,
            ep_square: setup.ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
        });
        pos
    }

    /// A position with no pieces, to be filled with [`Position::place`] and
    /// finished with [`Position::set_state`].
    fn blank() -> Position {
        Position {
            squares: [EMPTY; 128],
            by_piece: [0; 16],
            turn: Color::White,
            state: 0,
            fullmoves: 1,
            hash: 0,
            castles: Castles::STANDARD,
        }
    }

    /// Puts a piece on an empty square of a position being built, its key
    /// into the hash.
    #[inline(always)]
    fn place(&mut self, code: u8, sq: u8) {
        self.put(code, sq);
        self.hash ^= zobrist::code_key(code, sq);
    }

    /// Sets the side to move, the rights, the en passant square (as
    /// written: a1, which no double push makes, reads as none) and the
    /// counters, and completes the key (the pieces' keys are in it): the
    /// last step of building a position from its parts.
    fn set_state(&mut self, state: &FenState) {
        self.turn = state.turn;
        self.state = pack_state(
            state.halfmoves,
            state.castling.bits(),
            state.ep_square.map_or(NO_EP, Square::to_0x88),
            false,
        );
        self.fullmoves = state.fullmoves.max(1);
        // Standard chess castles with the a- and h-file rooks whatever the
        // rights say (a reader of standard FEN gives no others).
        self.castles = if self.castles.chess960 {
            Castles::chess960(state.castling, [self.king88(Color::White), self.king88(Color::Black)])
        } else {
            Castles::STANDARD
        };
        if self.ep_capturer_exists() {
            self.state |= EP_HASHED;
            self.hash ^= zobrist::en_passant_key(self.ep88() & 7);
        }
        self.hash ^= zobrist::castling_key(self.castling_bits());
        if self.turn == Color::White {
            self.hash ^= zobrist::WHITE_TO_MOVE;
        }
    }

    /// The position as a [`Setup`]: board, side to move, rights and counters.
    /// The en passant square is the one a double push just created, if any.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board(),
            turn: self.turn,
            castling: self.castling(),
            ep_square: self.ep_square(EnPassantMode::Always),
            halfmoves: self.halfmoves(),
            fullmoves: self.fullmoves,
        }
    }

    /// A copy of the placement.
    pub fn board(&self) -> Board {
        Board { squares: self.squares }
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
        self.castles.rights(self.castling_bits())
    }

    /// Whether the position is played by Chess960 rules: castling with the
    /// rooks wherever they started, written as the king taking its own rook
    /// (`e1h1`, and in SAN `O-O`).
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.castles.chess960
    }

    /// The en passant square, as `mode` defines it: after a double push,
    /// `Always` gives the skipped square, `PseudoLegal` only when a pawn
    /// stands ready to capture, `Legal` only when the capture is legal.
    pub fn ep_square(&self, mode: EnPassantMode) -> Option<Square> {
        let sq = Square::from_0x88(self.ep88()).filter(|_| self.ep88() != NO_EP)?;
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
        self.state as u32
    }

    /// The castling bits (see [`CastlingRights::bits`]).
    #[inline(always)]
    pub(crate) fn castling_bits(&self) -> u8 {
        (self.state >> 32) as u8
    }

    /// The en passant square's 0x88 index, or [`NO_EP`].
    #[inline(always)]
    pub(crate) fn ep88(&self) -> u8 {
        (self.state >> 40) as u8
    }

    /// The 0x88 square of `color`'s king (a1 if there is none, which only an
    /// unchecked setup can have).
    #[inline(always)]
    pub(crate) fn king88(&self, color: Color) -> u8 {
        index88(self.set(color.bit() | Role::King as u8).trailing_zeros() & 63)
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
        if self.ep_capturer_exists() && !self.has_legal_en_passant() {
            // Polyglot counts a capture that is only pseudo-legal; FIDE doesn't.
            self.hash ^ zobrist::en_passant_key(self.ep88() & 7)
        } else {
            self.hash
        }
    }

    /// Whether two positions are the same for the repetition rules: the same
    /// pieces on the same squares, side to move, castling rights and legal
    /// en passant captures.
    pub fn same_for_repetition(&self, other: &Position) -> bool {
        self.squares == other.squares
            && self.turn == other.turn
            && self.castling() == other.castling()
            && self.ep_square(EnPassantMode::Legal) == other.ep_square(EnPassantMode::Legal)
    }

    /// The squares of all pieces of `color`.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> SquareSet {
        SquareSet(self.color_set(color.bit()))
    }

    /// The squares of every `piece` on the board.
    #[inline]
    pub fn squares_of(&self, piece: Piece) -> SquareSet {
        SquareSet(self.set(piece.code()))
    }

    /// The squares of every piece of `role`, either colour.
    #[inline]
    pub fn squares_of_role(&self, role: Role) -> SquareSet {
        SquareSet(self.role_set(role as usize))
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        SquareSet(self.color_set(WHITE_BIT) | self.color_set(BLACK_BIT))
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        Square::from_0x88_trusted(self.king88(color))
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
                    let file = setup.castling.rook_file(color, side).unwrap_or(0);
                    c.set_with_rook(!color, side, file);
                }
                c
            },
            ep_square: setup.ep_square.map(Square::flip_vertical),
            ..setup
        };
        Position::from_setup_unchecked_in(&flipped, self.is_chess960())
    }

    // --- piece sets ---

    /// The squares of the piece with board code `code`.
    #[inline(always)]
    pub(crate) fn set(&self, code: u8) -> u64 {
        self.by_piece[code as usize & 15]
    }

    /// The squares of all pieces with colour bit `color_bit`.
    #[inline(always)]
    pub(crate) fn color_set(&self, color_bit: u8) -> u64 {
        let c = color_bit as usize & 15;
        self.by_piece[c + 1]
            | self.by_piece[c + 2]
            | self.by_piece[c + 3]
            | self.by_piece[c + 4]
            | self.by_piece[c + 5]
            | self.by_piece[c + 6]
    }

    /// The squares of all pieces of `role` (an index 1..=6), both colours.
    #[inline(always)]
    pub(crate) fn role_set(&self, role: usize) -> u64 {
        self.by_piece[(WHITE_BIT as usize | role) & 15] | self.by_piece[(BLACK_BIT as usize | role) & 15]
    }

    /// A copy without the pieces on `squares` (its key left as it was): for
    /// asking what attacks a square once they are gone.
    pub(crate) fn without(&self, squares: &[Square]) -> Position {
        let mut pos = self.clone();
        for sq in squares {
            let sq88 = sq.to_0x88();
            let code = pos.squares[sq88 as usize];
            if code != EMPTY {
                pos.remove(code, sq88);
            }
        }
        pos
    }

    /// Whether a pawn of the side to move stands next to the pawn that just
    /// double-pushed (Polyglot's condition for hashing the en passant file).
    #[inline]
    pub(crate) fn ep_capturer_exists(&self) -> bool {
        let ep = self.ep88();
        if ep == NO_EP {
            return false;
        }
        let pushed = ep ^ 0x10;
        let our_pawn = self.turn.bit() | Role::Pawn as u8;
        let left = pushed.wrapping_sub(1);
        let right = pushed.wrapping_add(1);
        (left & 0x88 == 0 && self.squares[left as usize & 127] == our_pawn)
            || (right & 0x88 == 0 && self.squares[right as usize & 127] == our_pawn)
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            let sq88 = sq.to_0x88();
            h ^= zobrist::code_key(self.squares[sq88 as usize], sq88);
        }
        h ^= zobrist::castling_key(self.castling_bits());
        if self.ep_capturer_exists() {
            h ^= zobrist::en_passant_key(self.ep88() & 7);
        }
        if self.turn == Color::White {
            h ^= zobrist::WHITE_TO_MOVE;
        }
        h
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
        // Found among all the legal moves (the generator has no mode for
        // one piece); `==` compares squares and promotion, not flags.
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

impl PartialEq for Position {
    /// The same placement, side to move, rights (with their rooks), en
    /// passant square, counters and rules. (Where a king stood when rights
    /// it has since lost were set does not matter.)
    fn eq(&self, other: &Position) -> bool {
        self.squares == other.squares
            && self.turn == other.turn
            && self.state == other.state
            && self.fullmoves == other.fullmoves
            && self.castling() == other.castling()
            && self.castles.chess960 == other.castles.chess960
    }
}

impl Eq for Position {}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
        self.halfmoves().hash(state);
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
    ///
    /// The pieces go straight from the text into the position, which is
    /// then checked as it stands; only a refused position is looked at
    /// again, to list every problem.
    pub fn from_fen(fen: &str) -> Result<Position, crate::Error> {
        let mut pos = Position::blank();
        pos.read_fen(fen)?;
        Ok(pos)
    }

    /// [`Position::from_fen`] for a position kept on the heap, built where
    /// it stays, with no copy of it on the way (a C library, which hands
    /// out pointers to positions, reads FENs this way).
    ///
    /// ```
    /// let pos = chess_core::Position::from_fen_boxed("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
    /// assert_eq!(pos.legal_moves().len(), 15);
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn from_fen_boxed(fen: &str) -> Result<Box<Position>, crate::Error> {
        let mut pos = Box::new(Position::blank());
        pos.read_fen(fen)?;
        Ok(pos)
    }

    /// Makes this the position of `fen`, read and checked in place; the
    /// FEN's fields as written. On an error the position is left blank or
    /// part-read: to be set again, not used.
    pub(crate) fn set_fen(&mut self, fen: &str) -> Result<FenState, crate::Error> {
        *self = Position::blank();
        self.read_fen(fen)
    }

    /// Reads `fen` into this blank position and checks it; the FEN's fields
    /// as written.
    #[inline(always)]
    fn read_fen(&mut self, fen: &str) -> Result<FenState, crate::Error> {
        let state = crate::fen::parse(fen, |sq88, code| self.place(code, sq88))?;
        self.set_state(&state);
        self.check_legal(state.ep_square)?;
        Ok(state)
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
            && rebuilt.by_piece == self.by_piece
            && rebuilt.hash == self.hash
            && self.compute_hash() == self.hash
            && rebuilt.state == self.state
    }
}

// Colour bits are used by move generation; make sure they never overlap.
const _: () = assert!(WHITE_BIT & BLACK_BIT == 0);
