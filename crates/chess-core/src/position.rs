//! A legal chess position and making and unmaking moves on it.

use std::fmt;

use crate::board::Board;
use crate::castling::{Castles, CastlingRights, CastlingSide};
use crate::fen::{EnPassantMode, FenState};
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

/// The 0x88 index of a 64-square index (a table: one load instead of three
/// operations, in every loop over a piece set).
#[inline(always)]
pub(crate) fn index88(sq64: u32) -> u8 {
    INDEX88[sq64 as usize & 63]
}

static INDEX88: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i + (i & !7)) as u8;
        i += 1;
    }
    t
};

/// The piece-set bit of a 0x88 square (0 for an off-board index).
#[inline(always)]
pub(crate) fn bit(sq88: u8) -> u64 {
    BITS[sq88 as usize & 127]
}

static BITS: [u64; 128] = {
    let mut t = [0u64; 128];
    let mut sq = 0;
    while sq < 128 {
        if sq & 0x88 == 0 {
            t[sq] = 1 << index64(sq as u8);
        }
        sq += 1;
    }
    t
};

/// All ones when `condition` holds, else zero: for branch-free updates.
#[inline(always)]
pub(crate) const fn mask(condition: bool) -> u64 {
    0u64.wrapping_sub(condition as u64)
}

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

/// What [`Position::play_unchecked`] changed beyond the board, so
/// [`Position::undo`] can restore it. Two words, so it travels in registers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    hash: u64,
    /// The position's packed `state` before the move, with the captured
    /// piece's code in bits 48-55.
    state: u64,
}

impl Undo {
    #[inline(always)]
    fn captured(self) -> u8 {
        (self.state >> 48) as u8
    }
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

    // --- low-level board updates (sets and squares; the hash is separate) ---

    #[inline(always)]
    fn put(&mut self, code: u8, sq: u8) {
        self.squares[sq as usize & 127] = code;
        self.by_piece[code as usize & 15] ^= bit(sq);
    }

    #[inline(always)]
    fn remove(&mut self, code: u8, sq: u8) {
        self.squares[sq as usize & 127] = EMPTY;
        self.by_piece[code as usize & 15] ^= bit(sq);
    }

    #[inline(always)]
    fn shift(&mut self, code: u8, from: u8, to: u8) {
        self.squares[from as usize & 127] = EMPTY;
        self.squares[to as usize & 127] = code;
        self.by_piece[code as usize & 15] ^= bit(from) | bit(to);
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

    /// Plays `m` without checking that it is legal, and returns what
    /// [`Position::undo`] needs to take it back.
    ///
    /// `m` must be a legal move of this position as move generation returns
    /// it (with its flags); anything else leaves the position inconsistent.
    /// Use [`Position::play`] for moves from outside.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) -> Undo {
        self.play_impl::<true>(m)
    }

    /// [`Position::play_unchecked`], with the Zobrist key updated or (for
    /// perft, which never reads it; [`Position::undo`] restores it) left
    /// alone.
    #[inline(always)]
    pub(crate) fn play_impl<const HASH: bool>(&mut self, m: Move) -> Undo {
        // Written with few branches (capture or not, pawn or other, double
        // push or not mispredict in a tree search): the 0x88 array's
        // off-board half is always empty, so a neighbour needs no bounds
        // test, and the key of an empty square is 0.
        let from = m.from().to_0x88();
        let to = m.to().to_0x88();
        let code = self.squares[from as usize & 127];
        let role = (code & ROLE_MASK) as usize;
        let target = self.squares[to as usize & 127];
        let state = self.state;
        let undo = Undo {
            hash: self.hash,
            state: state | (target as u64) << 48,
        };
        let old_castling = (state >> 32) as u8;
        let keep = self.castles.keep;
        let castling = old_castling & keep[from as usize & 127] & keep[to as usize & 127];
        let double = m.is_double_push();
        let mut ep_hashed = false;
        if HASH {
            let old_ep_key = zobrist::en_passant_key((state >> 40) as u8 & 7) & mask(state & EP_HASHED != 0);
            // A double push leaves an en passant square; its key goes into
            // the hash when an enemy pawn stands beside the pushed one.
            let their_pawn = (code & !ROLE_MASK ^ (WHITE_BIT | BLACK_BIT)) | Role::Pawn as u8;
            let beside = (self.squares[to.wrapping_sub(1) as usize & 127] == their_pawn)
                | (self.squares[to.wrapping_add(1) as usize & 127] == their_pawn);
            ep_hashed = double & beside;
            let ep_key = zobrist::en_passant_key(to & 7) & mask(ep_hashed);
            self.hash ^= old_ep_key
                ^ ep_key
                ^ zobrist::WHITE_TO_MOVE
                ^ zobrist::code_key(code, from)
                ^ zobrist::code_key(code, to)
                ^ zobrist::code_key(target, to)
                ^ zobrist::castling_change_key(old_castling, castling);
        }
        let ep = (from.wrapping_add(to) / 2) & (mask(double) as u8);
        let halfmoves = if (target != EMPTY) | (role == PAWN) {
            0
        } else {
            state as u32 + 1
        };
        self.state = pack_state(halfmoves, castling, ep, ep_hashed);

        self.squares[from as usize & 127] = EMPTY;
        self.squares[to as usize & 127] = code;
        self.by_piece[code as usize & 15] ^= bit(from) | bit(to);
        if target != EMPTY {
            self.by_piece[target as usize & 15] ^= bit(to);
        }
        self.fullmoves += self.turn.index() as u32;
        self.turn = !self.turn;

        if m.flags() & (Move::EN_PASSANT | Move::CASTLE) != 0 || m.promotion().is_some() {
            return self.play_special::<HASH>(m, code, undo);
        }
        undo
    }

    /// The rest of a move that is castling, en passant or a promotion, after
    /// the piece itself has moved.
    #[cold]
    fn play_special<const HASH: bool>(&mut self, m: Move, code: u8, undo: Undo) -> Undo {
        let from = m.from().to_0x88();
        let to = m.to().to_0x88();
        let mover = !self.turn;
        let us_bit = mover.bit();
        if m.is_en_passant() {
            let cap_sq = to ^ 0x10;
            let captured = self.squares[cap_sq as usize & 127];
            self.remove(captured, cap_sq);
            if HASH {
                self.hash ^= zobrist::code_key(captured, cap_sq);
            }
            return Undo {
                state: undo.state | (captured as u64) << 48,
                ..undo
            };
        }
        if let Some(role) = m.promotion() {
            let promoted = us_bit | role as u8;
            self.remove(code, to);
            self.put(promoted, to);
            if HASH {
                self.hash ^= zobrist::code_key(code, to) ^ zobrist::code_key(promoted, to);
            }
        } else if m.is_castle() && self.castles.chess960 {
            return self.finish_castle_960::<HASH>(m, code, undo);
        } else if m.is_castle() {
            let (rook_from, rook_to) = castle_rook_squares(from, to);
            let rook = us_bit | Role::Rook as u8;
            self.shift(rook, rook_from, rook_to);
            if HASH {
                self.hash ^= zobrist::code_key(rook, rook_from) ^ zobrist::code_key(rook, rook_to);
            }
        }
        undo
    }

    /// Chess960 castling, written as the king taking its own rook: the
    /// common part of a move has put the king on the rook's square and
    /// counted the rook as taken; here both go to their castled squares
    /// (which may be where either stood), and the move is no capture.
    fn finish_castle_960<const HASH: bool>(&mut self, m: Move, king: u8, undo: Undo) -> Undo {
        let mover = !self.turn;
        let rook_from = m.to().to_0x88();
        let side = m.castling_side().unwrap_or(CastlingSide::King);
        let (king_to, rook_to) = (side.king_to(mover).to_0x88(), side.rook_to(mover).to_0x88());
        let rook = mover.bit() | Role::Rook as u8;
        self.remove(king, rook_from);
        self.put(king, king_to);
        self.put(rook, rook_to);
        if HASH {
            self.hash ^= zobrist::code_key(king, rook_from)
                ^ zobrist::code_key(king, king_to)
                ^ zobrist::code_key(rook, rook_to);
        }
        // Not a capture: the clock goes on, and nothing is taken back.
        let halfmoves = undo.state as u32 + 1;
        self.state = (self.state & !0xffff_ffff) | halfmoves as u64;
        Undo {
            state: undo.state & !(0xff << 48),
            ..undo
        }
    }

    /// Takes back `m`, which must be the last move played with
    /// [`Position::play_unchecked`], which returned `undo`.
    #[inline(always)]
    pub fn undo(&mut self, m: Move, undo: Undo) {
        let from = m.from().to_0x88();
        let to = m.to().to_0x88();
        self.turn = !self.turn;
        self.fullmoves -= self.turn.index() as u32;
        self.state = undo.state & !(0xff << 48);
        self.hash = undo.hash;
        if m.flags() & (Move::EN_PASSANT | Move::CASTLE) != 0 || m.promotion().is_some() {
            return self.undo_special(m, undo);
        }
        let code = self.squares[to as usize & 127];
        let captured = undo.captured();
        self.squares[from as usize & 127] = code;
        self.squares[to as usize & 127] = captured;
        self.by_piece[code as usize & 15] ^= bit(from) | bit(to);
        if captured != EMPTY {
            self.by_piece[captured as usize & 15] ^= bit(to);
        }
    }

    #[cold]
    fn undo_special(&mut self, m: Move, undo: Undo) {
        let from = m.from().to_0x88();
        let to = m.to().to_0x88();
        let us_bit = self.turn.bit();
        if m.is_castle() && self.castles.chess960 {
            let side = m.castling_side().unwrap_or(CastlingSide::King);
            let (king_to, rook_to) = (side.king_to(self.turn).to_0x88(), side.rook_to(self.turn).to_0x88());
            let (king, rook) = (us_bit | Role::King as u8, us_bit | Role::Rook as u8);
            self.remove(king, king_to);
            self.remove(rook, rook_to);
            self.put(king, from);
            self.put(rook, to);
            return;
        }
        let mut code = self.squares[to as usize & 127];
        if m.promotion().is_some() {
            self.remove(code, to);
            code = us_bit | Role::Pawn as u8;
            self.put(code, to);
        } else if m.is_castle() {
            let (rook_from, rook_to) = castle_rook_squares(from, to);
            self.shift(us_bit | Role::Rook as u8, rook_to, rook_from);
        }
        self.shift(code, to, from);
        if undo.captured() != EMPTY {
            let cap_sq = if m.is_en_passant() { to ^ 0x10 } else { to };
            self.put(undo.captured(), cap_sq);
        }
    }

    /// Passes the turn without moving (a "null move", for engines): the side
    /// to move changes and any en passant right is gone. Not legal in chess;
    /// take it back with [`Position::undo_null`].
    pub fn play_null(&mut self) -> Undo {
        let undo = Undo {
            hash: self.hash,
            state: self.state,
        };
        if self.state & EP_HASHED != 0 {
            self.hash ^= zobrist::en_passant_key(self.ep88() & 7);
        }
        self.state = pack_state(self.halfmoves() + 1, self.castling_bits(), NO_EP, false);
        self.turn = !self.turn;
        self.hash ^= zobrist::WHITE_TO_MOVE;
        if self.turn == Color::White {
            self.fullmoves += 1;
        }
        undo
    }

    /// Takes back a [`Position::play_null`].
    pub fn undo_null(&mut self, undo: Undo) {
        self.turn = !self.turn;
        if self.turn == Color::Black {
            self.fullmoves -= 1;
        }
        self.state = undo.state;
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
