//! Attacks, checks and pins, found with the 0x88 difference table.
//!
//! To ask whether a piece on `s` attacks `t`, look up `ATTACKS[0x77 + s - t]`:
//! if the piece's kind is not in the entry it cannot, whatever stands between.
//! Only for an aligned slider is the line walked, with the step from `STEPS`.

use crate::moves::Move;
use crate::piece::{Color, EMPTY};
use crate::position::{BISHOP, KNIGHT, Position, QUEEN, ROOK};
use crate::square::{Square, SquareSet};
use crate::x88::{
    ATTACK_BISHOP, ATTACK_BITS_OF_CODE, ATTACK_KING, ATTACK_KNIGHT, ATTACK_ROOK, ATTACKS, BISHOP_DELTAS, KING_DELTAS,
    KNIGHT_DELTAS, ROOK_DELTAS, STEPS, between, diff_index, on_board, ray,
};
use crate::x88::{bit, index88};

/// What move generation needs to know about the side to move's king.
#[derive(Copy, Clone, Debug)]
pub(crate) struct KingInfo {
    /// The pieces giving check (64-square set).
    pub checkers: u64,
    /// Where a non-king move must land to answer the check (one bit per
    /// 0x88 index): the checker and the squares between it and the king.
    /// All ones when not in check.
    pub evasion_mask: u128,
    /// Own pieces pinned to the king (64-square set).
    pub pinned: u64,
}

impl Position {
    /// Whether the piece with `code` on `from` attacks `to`, given what stands
    /// between (the square `ignore` counts as empty).
    #[inline(always)]
    fn piece_attacks(&self, code: u8, from: u8, to: u8, ignore: u8) -> bool {
        let idx = diff_index(from, to);
        let kinds = ATTACKS[idx] & ATTACK_BITS_OF_CODE[code as usize & 31];
        if kinds == 0 {
            return false;
        }
        if kinds & (ATTACK_BISHOP | ATTACK_ROOK) == 0 {
            return true; // a pawn, knight or king: adjacent, nothing between
        }
        let step = STEPS[idx] as u8;
        let mut sq = from.wrapping_add(step);
        while sq != to {
            if self.squares[sq as usize & 127] != EMPTY && sq != ignore {
                return false;
            }
            sq = sq.wrapping_add(step);
        }
        true
    }

    /// Whether any piece of `by` attacks the 0x88 square `target`, treating
    /// `ignore` as empty (the moving king, so it cannot hide behind itself).
    ///
    /// Pawns and the king are looked up directly around the target; only
    /// knights and sliders go through the difference table.
    #[inline]
    pub(crate) fn is_attacked(&self, target: u8, by: Color, ignore: u8) -> bool {
        let them = by.bit();
        // A pawn of `by` attacks from one rank behind it (seen from `by`).
        let behind = if by == Color::White {
            target.wrapping_sub(16)
        } else {
            target.wrapping_add(16)
        };
        let pawn = them | crate::piece::Role::Pawn as u8;
        let left = behind.wrapping_sub(1);
        let right = behind.wrapping_add(1);
        if (on_board(left) && self.squares[left as usize & 127] == pawn)
            || (on_board(right) && self.squares[right as usize & 127] == pawn)
        {
            return true;
        }
        if ATTACKS[diff_index(self.king88(by), target)] & ATTACK_KING != 0 {
            return true;
        }
        let them = by.bit();
        let mut knights = self.set(them | KNIGHT as u8);
        while knights != 0 {
            let from = index88(knights.trailing_zeros());
            knights &= knights - 1;
            if ATTACKS[diff_index(from, target)] & ATTACK_KNIGHT != 0 {
                return true;
            }
        }
        let mut sliders = self.set(them | BISHOP as u8) | self.set(them | ROOK as u8) | self.set(them | QUEEN as u8);
        while sliders != 0 {
            let from = index88(sliders.trailing_zeros());
            sliders &= sliders - 1;
            if self.piece_attacks(self.squares[from as usize & 127], from, target, ignore) {
                return true;
            }
        }
        false
    }

    /// The pieces of `by` that attack `sq` (whether or not they are pinned).
    ///
    /// ```
    /// use chess_core::{Color, Position, Square};
    /// let pos = Position::new();
    /// let attackers: Vec<Square> = pos.attackers_of(Square::F3, Color::White).collect();
    /// assert_eq!(attackers, [Square::G1, Square::E2, Square::G2]);
    /// ```
    pub fn attackers_of(&self, sq: Square, by: Color) -> SquareSet {
        let target = sq.to_0x88();
        let mut out = 0;
        let mut set = self.color_set(by.bit());
        while set != 0 {
            let from = index88(set.trailing_zeros());
            set &= set - 1;
            if self.piece_attacks(self.squares[from as usize & 127], from, target, 0xff) {
                out |= bit(from);
            }
        }
        SquareSet(out)
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> SquareSet {
        SquareSet(self.king_info().checkers)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        let king = self.king88(self.turn);
        self.is_attacked(king, !self.turn, 0xff)
    }

    /// Whether playing `m` would give check. False for an illegal move.
    ///
    /// ```
    /// use chess_core::{Move, Position, Square};
    /// let pos: Position = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse()?;
    /// assert!(pos.gives_check(Move::new(Square::A1, Square::A8)));
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn gives_check(&self, m: Move) -> bool {
        self.legal_move(m)
            .is_some_and(|legal| self.gives_check_unchecked(legal))
    }

    /// Whether the side to move is in check, given that `m` (as move
    /// generation returns it, with its flags) was the move that led here:
    /// either the piece on `m.to()` attacks the king, or leaving `m.from()`
    /// opened a line to it. Cheaper than [`Position::is_check`] (a search
    /// asks after every move it plays); castling, en passant and
    /// promotions take the full test. After any other move the answer
    /// means nothing.
    ///
    /// ```
    /// use chess_core::Position;
    /// let mut pos: Position = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse()?;
    /// let m = pos.parse_uci("a1a8").expect("a legal move");
    /// pos.play_unchecked(m);
    /// assert!(pos.is_check_after(m));
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn is_check_after(&self, m: Move) -> bool {
        if m.flags() & (Move::CASTLE | Move::EN_PASSANT) != 0 || m.promotion().is_some() {
            return self.is_check();
        }
        // With piece sets and rays, no walks and few branches (a reader of
        // PGN asks this after every move).
        let king = self.king88(self.turn);
        let occupied = self.occupied().0;
        let to = m.to().to_0x88();
        self.attacks_king(self.squares[to as usize & 127], to, king, occupied)
            || self.line_opens(king, m.from().to_0x88(), !self.turn, occupied)
    }

    /// [`Position::gives_check`] for a move known to be legal, as move
    /// generation returns it (with its flags), without the legality test:
    /// the piece arriving on `m.to()` attacks the enemy king, or leaving
    /// `m.from()` opens a line to it from one of the mover's sliders. No
    /// move is played (a search asks this of moves it may never play);
    /// castling, en passant and promotions are played on a copy. For any
    /// other move the answer means nothing.
    ///
    /// ```
    /// use chess_core::Position;
    /// let pos: Position = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1".parse()?;
    /// assert!(pos.gives_check_unchecked(pos.parse_uci("a1a8").expect("a legal move")));
    /// assert!(!pos.gives_check_unchecked(pos.parse_uci("a1a7").expect("a legal move")));
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn gives_check_unchecked(&self, m: Move) -> bool {
        if m.flags() & (Move::CASTLE | Move::EN_PASSANT) != 0 || m.promotion().is_some() {
            let mut after = self.clone();
            after.play_unchecked(m);
            return after.is_check();
        }
        let king = self.king88(!self.turn);
        let (from, to) = (m.from().to_0x88(), m.to().to_0x88());
        let occupied = (self.occupied().0 & !bit(from)) | bit(to);
        self.attacks_king(self.squares[from as usize & 127], to, king, occupied)
            || self.line_opens(king, from, self.turn, occupied)
    }

    /// Whether the piece with `code`, standing on `from`, attacks the king
    /// on `king`: it moves that way and, for a slider, none of `occupied`
    /// stands between.
    #[inline(always)]
    fn attacks_king(&self, code: u8, from: u8, king: u8, occupied: u64) -> bool {
        let idx = diff_index(from, king);
        let kinds = ATTACKS[idx] & ATTACK_BITS_OF_CODE[code as usize & 31];
        let slides = kinds & (ATTACK_BISHOP | ATTACK_ROOK) != 0;
        (kinds != 0) & (!slides | (between(STEPS[idx], from, king) & occupied == 0))
    }

    /// Whether, with `occupied` standing, the nearest piece beyond `king`
    /// on the line through `through` is a slider of `by` that moves along
    /// that line: how a discovered check is found.
    #[inline(always)]
    fn line_opens(&self, king: u8, through: u8, by: Color, occupied: u64) -> bool {
        let idx = diff_index(king, through);
        let line = ATTACKS[idx] & (ATTACK_BISHOP | ATTACK_ROOK);
        if line == 0 {
            return false;
        }
        let step = STEPS[idx];
        let slider = if line & ATTACK_ROOK != 0 { ROOK } else { BISHOP };
        let sliders = self.set(by.bit() | QUEEN as u8) | self.set(by.bit() | slider as u8);
        let beyond = ray(step, king);
        if beyond & sliders == 0 {
            return false;
        }
        let blockers = beyond & occupied;
        let nearest = if step > 0 {
            blockers & blockers.wrapping_neg()
        } else {
            1u64 << (63 - blockers.leading_zeros())
        };
        nearest & sliders != 0
    }

    /// The side to move's pieces that are pinned to their king.
    pub fn pinned(&self) -> SquareSet {
        SquareSet(self.king_info().pinned)
    }

    /// The enemy piece that pins the side to move's piece on `sq` to its
    /// king, if it is pinned.
    pub fn pinner_of(&self, sq: Square) -> Option<Square> {
        if !self.pinned().contains(sq) {
            return None;
        }
        let king = self.king88(self.turn);
        let step = STEPS[diff_index(king, sq.to_0x88())];
        let mut s = sq.to_0x88().wrapping_add(step as u8);
        while on_board(s) {
            if self.squares[s as usize & 127] != EMPTY {
                return Square::from_0x88(s);
            }
            s = s.wrapping_add(step as u8);
        }
        None
    }

    /// Checkers, the squares that answer a check, and pins, in one pass over
    /// the enemy's sliders and knights.
    #[inline]
    pub(crate) fn king_info(&self) -> KingInfo {
        let us = self.turn;
        let them = !us;
        let king = self.king88(us);
        let us_bit = us.bit();
        let mut checkers = 0u64;
        let mut mask = 0u128;
        let mut pinned = 0u64;

        let t = them.bit();
        let mut sliders = self.set(t | BISHOP as u8) | self.set(t | ROOK as u8) | self.set(t | QUEEN as u8);
        while sliders != 0 {
            let from = index88(sliders.trailing_zeros());
            sliders &= sliders - 1;
            let idx = diff_index(from, king);
            let code = self.squares[from as usize & 127];
            if ATTACKS[idx] & ATTACK_BITS_OF_CODE[code as usize & 31] & (ATTACK_BISHOP | ATTACK_ROOK) == 0 {
                continue;
            }
            // Walk from the king towards the slider, noting what stands between.
            let step = STEPS[idx] as u8;
            let mut sq = king.wrapping_sub(step);
            let mut blocker = 0xffu8;
            let mut line = 0u128;
            loop {
                if sq == from {
                    if blocker == 0xff {
                        checkers |= bit(from);
                        mask |= line | 1u128 << from;
                    } else if self.squares[blocker as usize & 127] & us_bit != 0 {
                        pinned |= bit(blocker);
                    }
                    break;
                }
                if self.squares[sq as usize & 127] != EMPTY {
                    if blocker != 0xff {
                        break; // two pieces between: neither check nor pin
                    }
                    blocker = sq;
                }
                line |= 1u128 << sq;
                sq = sq.wrapping_sub(step);
            }
        }

        let mut knights = self.set(t | KNIGHT as u8);
        while knights != 0 {
            let from = index88(knights.trailing_zeros());
            knights &= knights - 1;
            if ATTACKS[diff_index(from, king)] & ATTACK_KNIGHT != 0 {
                checkers |= bit(from);
                mask |= 1u128 << from;
            }
        }

        // Enemy pawns attack the king from the squares diagonally in front of it.
        let forward: u8 = if us == Color::White { 16 } else { 16u8.wrapping_neg() };
        let enemy_pawn = them.bit() | crate::piece::Role::Pawn as u8;
        for side in [1u8, 1u8.wrapping_neg()] {
            let sq = king.wrapping_add(forward).wrapping_add(side);
            if on_board(sq) && self.squares[sq as usize & 127] == enemy_pawn {
                checkers |= bit(sq);
                mask |= 1u128 << sq;
            }
        }

        KingInfo {
            checkers,
            evasion_mask: if checkers == 0 { !0 } else { mask },
            pinned,
        }
    }

    /// The squares a pinned piece on `sq` may still move to: the line from
    /// the king through it up to and including the pinner.
    pub(crate) fn pin_ray(&self, sq: u8) -> u128 {
        let king = self.king88(self.turn);
        let step = STEPS[diff_index(king, sq)] as u8;
        let mut ray = 0u128;
        let mut s = king.wrapping_add(step);
        while on_board(s) {
            ray |= 1u128 << s;
            if s != sq && self.squares[s as usize & 127] != EMPTY {
                break;
            }
            s = s.wrapping_add(step);
        }
        ray
    }
}

/// Whether `target` is attacked by `by` on a bare 0x88 array, scanning
/// outwards from the target. Used for rare cases (en passant) where the
/// board is changed on a copy and the piece sets are not kept.
pub(crate) fn attacked_on(squares: &[u8; 128], target: u8, by: Color) -> bool {
    use crate::piece::Role;
    let them = by.bit();
    let is = |sq: u8, role: Role| on_board(sq) && squares[sq as usize & 127] == them | role as u8;
    if KNIGHT_DELTAS
        .iter()
        .any(|&d| is(target.wrapping_add(d as u8), Role::Knight))
    {
        return true;
    }
    if KING_DELTAS
        .iter()
        .any(|&d| is(target.wrapping_add(d as u8), Role::King))
    {
        return true;
    }
    // A pawn of `by` attacks from one rank behind (from its point of view).
    let back: i8 = if by == Color::White { -16 } else { 16 };
    if [back - 1, back + 1]
        .iter()
        .any(|&d| is(target.wrapping_add(d as u8), Role::Pawn))
    {
        return true;
    }
    let slide = |deltas: &[i8; 4], role: Role| {
        deltas.iter().any(|&d| {
            let mut sq = target.wrapping_add(d as u8);
            while on_board(sq) {
                let code = squares[sq as usize & 127];
                if code != EMPTY {
                    return code == them | role as u8 || code == them | Role::Queen as u8;
                }
                sq = sq.wrapping_add(d as u8);
            }
            false
        })
    };
    slide(&BISHOP_DELTAS, Role::Bishop) || slide(&ROOK_DELTAS, Role::Rook)
}

#[cfg(test)]
mod tests {
    use crate::{Move, Position};

    /// Every position of the perft suite and of the Chess960 suite
    /// (castling with a rook that checks, en passant that uncovers a line,
    /// promotions).
    fn suite() -> impl Iterator<Item = Position> {
        let standard = include_str!("../tests/data/perftsuite.epd")
            .lines()
            .map(|line| line.split(';').next().unwrap().trim().parse::<Position>().unwrap());
        let chess960 = include_str!("../tests/data/chess960.perft")
            .lines()
            .filter_map(|line| line.strip_prefix("epd "))
            .map(|fen| Position::from_fen_960(fen).unwrap());
        standard.chain(chess960)
    }

    /// Whether `m` from `pos` checks, by the full test after playing it;
    /// asserts that the quick tests before (`gives_check_unchecked`) and
    /// after (`is_check_after`) the move agree.
    fn checks(pos: &Position, m: Move) -> (Position, bool) {
        let mut next = pos.clone();
        next.play_unchecked(m);
        let check = next.is_check();
        assert_eq!(pos.gives_check_unchecked(m), check, "before {m} in {}", pos.fen());
        assert_eq!(next.is_check_after(m), check, "after {m} in {}", pos.fen());
        (next, check)
    }

    /// The quick check tests agree with the full one after every move, two
    /// plies deep, from every position of both suites.
    #[test]
    fn quick_check_tests_agree_with_the_full_test() {
        let mut found = 0;
        for pos in suite() {
            for &m in pos.legal_moves().iter() {
                let (next, _) = checks(&pos, m);
                for &reply in next.legal_moves().iter() {
                    found += usize::from(checks(&next, reply).1);
                }
            }
        }
        // Enough checks among the moves for the agreement to mean something.
        assert!(found > 1000, "{found}");
    }
}
