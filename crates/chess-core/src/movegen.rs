//! Legal move generation.
//!
//! Checks and pins are found first ([`Position::king_info`]), so every move
//! generated is legal without playing it: a king steps only to squares the
//! enemy does not attack, a piece in check may only capture the checker or
//! block the line, a pinned piece moves only along its pin. En passant, the
//! one move that removes two pieces from a line at once, is tried on a copy
//! of the board. Nothing allocates: moves go into a [`MoveList`] on the stack,
//! or are only counted.

use crate::castling::CastlingSide;
use crate::moves::{Move, MoveList};
use crate::piece::{Color, EMPTY, Role};
use crate::position::{BISHOP, KNIGHT, NO_EP, PAWN, Position, QUEEN, ROOK};
use crate::square::Square;
use crate::x88::{BISHOP_DELTAS, KING_DELTAS, KNIGHT_DELTAS, ROOK_DELTAS, on_board};
use crate::x88::{bit, index88};

/// Where generated moves go: a list, or just a count.
pub(crate) trait MoveSink {
    fn push(&mut self, m: Move);

    /// The four promotions of a pawn move.
    #[inline(always)]
    fn push_promotions(&mut self, from: Square, to: Square, flags: u8) {
        for role in Role::PROMOTIONS {
            self.push(Move::from_parts(from, to, Some(role), flags));
        }
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        MoveList::push_if(self, true, m);
    }
}

/// Counts moves without storing them (perft's bulk counting).
pub(crate) struct MoveCounter(pub usize);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_promotions(&mut self, _: Square, _: Square, _: u8) {
        self.0 += 4;
    }
}

/// A square from a 0x88 index the generator already knows is on the board.
#[inline(always)]
fn sq(index: u8) -> Square {
    Square::from_0x88_trusted(index)
}

/// Whether the 0x88 square `to` is in `mask` (always, when not `MASKED`).
#[inline(always)]
fn allowed<const MASKED: bool>(mask: u128, to: u8) -> bool {
    !MASKED || (mask >> (to & 127)) & 1 != 0
}

impl Position {
    /// All legal moves.
    ///
    /// ```
    /// use chess_core::Position;
    /// assert_eq!(Position::new().legal_moves().len(), 20);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, false>(&mut list);
        list
    }

    /// Replaces the contents of `list` with all legal moves.
    pub fn fill_legal_moves(&self, list: &mut MoveList) {
        list.clear();
        self.generate::<_, false>(list);
    }

    /// The legal captures (en passant and capturing promotions included).
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<_, true>(&mut list);
        list
    }

    /// Replaces the contents of `list` with the legal captures (what a
    /// quiescence search looks at), without allocating.
    pub fn fill_legal_captures(&self, list: &mut MoveList) {
        list.clear();
        self.generate::<_, true>(list);
    }

    /// The legal moves of the piece on `from` (none if it is not the side to
    /// move's).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.from() == from);
        list
    }

    /// The number of legal moves, counted without storing them.
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = MoveCounter(0);
        self.generate::<_, false>(&mut counter);
        counter.0
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Generates legal moves into `sink`: all of them, or only captures.
    #[inline]
    pub(crate) fn generate<S: MoveSink, const CAPTURES: bool>(&self, sink: &mut S) {
        let us = self.turn;
        let them = !us;
        let us_bit = us.bit();
        let king = self.king88(us);
        let info = self.king_info();

        // The king: any square not held by its own side and not attacked.
        for &d in &KING_DELTAS {
            let to = king.wrapping_add(d as u8);
            if !on_board(to) {
                continue;
            }
            let target = self.squares[to as usize & 127];
            if target & us_bit != 0 || (CAPTURES && target == EMPTY) {
                continue;
            }
            if !self.is_attacked(to, them, king) {
                sink.push(Move::from_parts(sq(king), sq(to), None, capture_flag(target)));
            }
        }

        let own = self.color_set(us_bit) & !bit(king);
        if info.checkers == 0 {
            if !CAPTURES {
                self.generate_castling(sink);
            }
            self.generate_pieces::<S, CAPTURES, false>(own & !info.pinned, !0, sink);
            // A pinned piece may move only along its pin line.
            let mut pinned = info.pinned;
            while pinned != 0 {
                let from = index88(pinned.trailing_zeros());
                pinned &= pinned - 1;
                self.generate_pieces::<S, CAPTURES, true>(bit(from), self.pin_ray(from), sink);
            }
        } else if info.checkers & (info.checkers - 1) == 0 {
            // Single check: capture the checker or block the line. A pinned
            // piece never can (its line and the check's meet only at the king).
            self.generate_pieces::<S, CAPTURES, true>(own & !info.pinned, info.evasion_mask, sink);
        }
        // Double check: only the king moves (en passant is tried below all the
        // same; it is checked in full on a copy of the board).
        if self.ep88() != NO_EP {
            self.generate_en_passant(sink);
        }
    }

    /// The moves of the pieces in `set` (64-square set, no king), by kind.
    /// With `MASKED`, targets must lie in `mask` (check evasion, pins).
    #[inline(always)]
    fn generate_pieces<S: MoveSink, const CAPTURES: bool, const MASKED: bool>(
        &self,
        set: u64,
        mask: u128,
        sink: &mut S,
    ) {
        let us_bit = self.turn.bit();
        let them_bit = (!self.turn).bit();
        let mut pawns = set & self.set(us_bit | PAWN as u8);
        while pawns != 0 {
            let from = index88(pawns.trailing_zeros());
            pawns &= pawns - 1;
            self.generate_pawn::<S, CAPTURES, MASKED>(from, mask, them_bit, sink);
        }
        let mut knights = set & self.set(us_bit | KNIGHT as u8);
        while knights != 0 {
            let from = index88(knights.trailing_zeros());
            knights &= knights - 1;
            self.generate_leaper::<S, CAPTURES, MASKED>(from, &KNIGHT_DELTAS, mask, us_bit, sink);
        }
        let queens = self.set(us_bit | QUEEN as u8);
        let mut diagonal = set & (self.set(us_bit | BISHOP as u8) | queens);
        while diagonal != 0 {
            let from = index88(diagonal.trailing_zeros());
            diagonal &= diagonal - 1;
            self.generate_slider::<S, CAPTURES, MASKED>(from, &BISHOP_DELTAS, mask, them_bit, sink);
        }
        let mut straight = set & (self.set(us_bit | ROOK as u8) | queens);
        while straight != 0 {
            let from = index88(straight.trailing_zeros());
            straight &= straight - 1;
            self.generate_slider::<S, CAPTURES, MASKED>(from, &ROOK_DELTAS, mask, them_bit, sink);
        }
    }

    #[inline(always)]
    fn generate_leaper<S: MoveSink, const CAPTURES: bool, const MASKED: bool>(
        &self,
        from: u8,
        deltas: &[i8; 8],
        mask: u128,
        us_bit: u8,
        sink: &mut S,
    ) {
        for &d in deltas {
            let to = from.wrapping_add(d as u8);
            if !on_board(to) {
                continue;
            }
            let target = self.squares[to as usize & 127];
            if target & us_bit != 0 || (CAPTURES && target == EMPTY) || !allowed::<MASKED>(mask, to) {
                continue;
            }
            sink.push(Move::from_parts(sq(from), sq(to), None, capture_flag(target)));
        }
    }

    #[inline(always)]
    fn generate_slider<S: MoveSink, const CAPTURES: bool, const MASKED: bool>(
        &self,
        from: u8,
        deltas: &[i8],
        mask: u128,
        them_bit: u8,
        sink: &mut S,
    ) {
        for &d in deltas {
            let mut to = from.wrapping_add(d as u8);
            while on_board(to) {
                let target = self.squares[to as usize & 127];
                if target == EMPTY {
                    if !CAPTURES && allowed::<MASKED>(mask, to) {
                        sink.push(Move::from_parts(sq(from), sq(to), None, 0));
                    }
                } else {
                    if target & them_bit != 0 && allowed::<MASKED>(mask, to) {
                        sink.push(Move::from_parts(sq(from), sq(to), None, Move::CAPTURE));
                    }
                    break;
                }
                to = to.wrapping_add(d as u8);
            }
        }
    }

    #[inline(always)]
    fn generate_pawn<S: MoveSink, const CAPTURES: bool, const MASKED: bool>(
        &self,
        from: u8,
        mask: u128,
        them_bit: u8,
        sink: &mut S,
    ) {
        let white = self.turn == Color::White;
        let forward: u8 = if white { 16 } else { 16u8.wrapping_neg() };
        let rank = from >> 4;
        let promotes = rank == if white { 6 } else { 1 };
        let ahead = from.wrapping_add(forward);
        for to in [ahead.wrapping_sub(1), ahead.wrapping_add(1)] {
            if on_board(to) && self.squares[to as usize & 127] & them_bit != 0 && allowed::<MASKED>(mask, to) {
                if promotes {
                    sink.push_promotions(sq(from), sq(to), Move::CAPTURE);
                } else {
                    sink.push(Move::from_parts(sq(from), sq(to), None, Move::CAPTURE));
                }
            }
        }
        if CAPTURES || self.squares[ahead as usize & 127] != EMPTY {
            return;
        }
        if allowed::<MASKED>(mask, ahead) {
            if promotes {
                sink.push_promotions(sq(from), sq(ahead), 0);
            } else {
                sink.push(Move::from_parts(sq(from), sq(ahead), None, 0));
            }
        }
        if rank == if white { 1 } else { 6 } {
            let two = ahead.wrapping_add(forward);
            if self.squares[two as usize & 127] == EMPTY && allowed::<MASKED>(mask, two) {
                sink.push(Move::from_parts(sq(from), sq(two), None, Move::DOUBLE_PUSH));
            }
        }
    }

    /// The castling move to `side` of the side to move, if it is legal now.
    ///
    /// ```
    /// use chess_core::{CastlingSide, Position};
    /// let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// assert_eq!(pos.castling_move(CastlingSide::King).unwrap().uci(), "e1g1");
    /// let checked: Position = "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1".parse()?;
    /// assert_eq!(checked.castling_move(CastlingSide::Queen), None);
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        if self.is_check() {
            return None;
        }
        self.castling_move_unchecked(side)
    }

    /// [`Position::castling_move`] for a position known not to be in check.
    pub(crate) fn castling_move_unchecked(&self, side: CastlingSide) -> Option<Move> {
        struct Castles(Option<Move>, CastlingSide);
        impl MoveSink for Castles {
            fn push(&mut self, m: Move) {
                if m.castling_side() == Some(self.1) {
                    self.0 = Some(m);
                }
            }
        }
        let mut castles = Castles(None, side);
        self.generate_castling(&mut castles);
        castles.0
    }

    /// The move from `from` to `to` (promoting to `promotion`) with its
    /// flags as this position gives them: a capture when `to` holds a
    /// piece, en passant when a pawn moves diagonally to the en passant
    /// square, a double push, castling when the king moves two files or onto
    /// its own rook. Nothing is checked: for replaying moves known to be
    /// legal here, such as a game index stores (then play it with
    /// [`Position::play_unchecked`]); anything else makes a position that
    /// breaks the rules.
    ///
    /// ```
    /// use chess_core::{Position, Square};
    /// let pos = Position::new();
    /// let m = pos.trusted_move(Square::E2, Square::E4, None);
    /// assert!(m.is_double_push());
    /// assert_eq!(Some(m), pos.legal_move(m));
    /// ```
    pub fn trusted_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Move {
        let (f, t) = (from.to_0x88(), to.to_0x88());
        let mover = self.squares[f as usize & 127];
        let target = self.squares[t as usize & 127];
        let ours = self.turn.bit();
        let mut flags = 0;
        match mover & crate::piece::ROLE_MASK {
            r if r == Role::Pawn as u8 => {
                if (f ^ t) & 7 != 0 && target == EMPTY {
                    flags |= Move::CAPTURE | Move::EN_PASSANT;
                } else if f.abs_diff(t) == 32 {
                    flags |= Move::DOUBLE_PUSH;
                }
            }
            r if r == Role::King as u8 => {
                let own_rook = target == ours | Role::Rook as u8;
                if own_rook || ((f & 7).abs_diff(t & 7) == 2 && f >> 4 == t >> 4) {
                    flags |= Move::CASTLE;
                }
            }
            _ => {}
        }
        if target != EMPTY && target & ours == 0 {
            flags |= Move::CAPTURE;
        }
        Move::from_parts(from, to, promotion, flags)
    }

    /// Castling: the right, empty squares between king and rook, and no
    /// attack on the king's square, the one it crosses or the one it reaches.
    /// Only called when not in check.
    pub(crate) fn generate_castling<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let rights = (self.castling_bits() >> (2 * us.index())) & 0b11;
        if rights == 0 {
            return;
        }
        if self.castles.chess960 {
            return self.generate_castling_960(sink, rights);
        }
        let king = self.king88(us);
        let them = !us;
        let empty = |s: u8| self.squares[s as usize & 127] == EMPTY;
        let safe = |s: u8| !self.is_attacked(s, them, king);
        if rights & 1 != 0 && empty(king + 1) && empty(king + 2) && safe(king + 1) && safe(king + 2) {
            sink.push(Move::from_parts(sq(king), sq(king + 2), None, Move::CASTLE));
        }
        if rights & 2 != 0 && empty(king - 1) && empty(king - 2) && empty(king - 3) && safe(king - 1) && safe(king - 2)
        {
            sink.push(Move::from_parts(sq(king), sq(king - 2), None, Move::CASTLE));
        }
    }

    /// Chess960 castling (FIDE rules, appendix 2): the king and the rook go
    /// to the squares of standard castling (g1 and f1, or c1 and d1) from
    /// wherever they stand. Every square either crosses or lands on must be
    /// empty but for the two of them, and no square the king stands on,
    /// crosses or reaches may be attacked — judged without the rook, which
    /// might otherwise hide an attack along the rank it leaves. Written as
    /// the king taking its own rook. Out of line, so that standard chess's
    /// move generation stays as small as it was.
    #[cold]
    #[inline(never)]
    fn generate_castling_960<S: MoveSink>(&self, sink: &mut S, rights: u8) {
        let us = self.turn;
        let king = self.king88(us);
        for side in CastlingSide::ALL {
            if rights & (1 << side as u8) == 0 {
                continue;
            }
            let rook = self.castles.rook(us, side);
            let king_to = side.king_to(us).to_0x88();
            let rook_to = side.rook_to(us).to_0x88();
            let span = |a: u8, b: u8| a.min(b)..=a.max(b);
            let free = |s: u8| s == king || s == rook || self.squares[s as usize & 127] == EMPTY;
            if !span(king, king_to).all(free) || !span(rook, rook_to).all(free) {
                continue;
            }
            let mut board = self.squares;
            board[king as usize & 127] = EMPTY;
            board[rook as usize & 127] = EMPTY;
            if span(king, king_to).any(|s| crate::attacks::attacked_on(&board, s, !us)) {
                continue;
            }
            sink.push(Move::from_parts(sq(king), sq(rook), None, Move::CASTLE));
        }
    }

    /// En passant captures, each tried on a copy of the board, because taking
    /// removes two pawns from the board at once (and may expose the king
    /// along the rank, or answer a check by the pawn that just moved).
    fn generate_en_passant<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let pawn = us.bit() | Role::Pawn as u8;
        let ep = self.ep88();
        let pushed = ep ^ 0x10;
        for from in [pushed.wrapping_sub(1), pushed.wrapping_add(1)] {
            if !on_board(from) || self.squares[from as usize & 127] != pawn {
                continue;
            }
            let mut board = self.squares;
            board[from as usize & 127] = EMPTY;
            board[pushed as usize & 127] = EMPTY;
            board[ep as usize & 127] = pawn;
            if !crate::attacks::attacked_on(&board, self.king88(us), !us) {
                sink.push(Move::from_parts(
                    sq(from),
                    sq(ep),
                    None,
                    Move::CAPTURE | Move::EN_PASSANT,
                ));
            }
        }
    }

    /// Whether the side to move has a legal en passant capture.
    pub(crate) fn has_legal_en_passant(&self) -> bool {
        if self.ep88() == NO_EP {
            return false;
        }
        let mut counter = MoveCounter(0);
        self.generate_en_passant(&mut counter);
        counter.0 > 0
    }
}

#[inline(always)]
fn capture_flag(target: u8) -> u8 {
    (target != EMPTY) as u8 * Move::CAPTURE
}
