//! Making and unmaking moves: the board, the piece sets, the packed state
//! and the Zobrist key updated together, and restored from an [`Undo`].

use super::{EP_HASHED, NO_EP, PAWN, Position, pack_state};
use crate::castling::CastlingSide;
use crate::moves::Move;
use crate::piece::{BLACK_BIT, Color, EMPTY, ROLE_MASK, Role, WHITE_BIT};
use crate::x88::{bit, mask};
use crate::zobrist;

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

/// The rook's squares for a castling king move from `from` to `to` (0x88).
#[inline(always)]
fn castle_rook_squares(from: u8, to: u8) -> (u8, u8) {
    if to > from {
        (from + 3, from + 1)
    } else {
        (from - 4, from - 1)
    }
}

impl Position {
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

    // --- low-level board updates (sets and squares; the hash is separate) ---

    #[inline(always)]
    pub(super) fn put(&mut self, code: u8, sq: u8) {
        self.squares[sq as usize & 127] = code;
        self.by_piece[code as usize & 15] ^= bit(sq);
    }

    #[inline(always)]
    pub(super) fn remove(&mut self, code: u8, sq: u8) {
        self.squares[sq as usize & 127] = EMPTY;
        self.by_piece[code as usize & 15] ^= bit(sq);
    }

    #[inline(always)]
    fn shift(&mut self, code: u8, from: u8, to: u8) {
        self.squares[from as usize & 127] = EMPTY;
        self.squares[to as usize & 127] = code;
        self.by_piece[code as usize & 15] ^= bit(from) | bit(to);
    }
}
