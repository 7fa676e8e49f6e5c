//! Resolving SAN: the one legal move a [`San`] stands for in a position,
//! found without generating every move, and why there is none (or more
//! than one) when so.

use super::{San, SanError, clip};
use crate::castling::CastlingSide;
use crate::illegal::IllegalReason;
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::{BISHOP, Position, QUEEN, ROOK};
use crate::square::{File, Rank, Square};

impl San {
    /// The legal move this SAN stands for in `pos`: an error when none fits
    /// (with the reason, where the move meant can be told) or more than one.
    ///
    /// ```
    /// use chess_core::{Position, San, SanError};
    /// let pos = Position::new();
    /// let san: San = "Nf3".parse()?;
    /// assert_eq!(san.to_move(&pos)?.uci(), "g1f3");
    /// let illegal: San = "Ke2".parse()?;
    /// assert!(matches!(illegal.to_move(&pos), Err(SanError::Illegal { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        pos.resolve_san(*self, None, self.to_string().as_bytes())
    }
}

impl Position {
    /// The legal move a SAN text stands for.
    ///
    /// ```
    /// use chess_core::{Position, SanError};
    /// let pos = Position::new();
    /// assert_eq!(pos.parse_san("Nf3")?.to_string(), "g1f3");
    /// assert_eq!(pos.parse_san("e2-e4!?")?.to_string(), "e2e4");
    /// assert!(matches!(pos.parse_san("Ke2"), Err(SanError::Illegal { .. })));
    /// # Ok::<(), chess_core::SanError>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        self.parse_san_in_check(text.as_bytes(), None)
    }

    /// [`Position::parse_san`] for a caller that already knows whether the
    /// side to move is in check (a PGN reader replaying moves).
    pub(crate) fn parse_san_in_check(&self, text: &[u8], in_check: Option<bool>) -> Result<Move, SanError> {
        let san = San::from_ascii(text)?;
        self.resolve_san(san, in_check, text)
    }

    /// The legal move `san` (read from `text`, which errors quote) stands
    /// for here.
    fn resolve_san(&self, san: San, in_check: Option<bool>, text: &[u8]) -> Result<Move, SanError> {
        let (role, from_file, from_rank, to, promotion) = match san {
            San::Castle(side) => {
                // Only the castling moves are generated (never in check).
                let castle = if in_check.unwrap_or_else(|| self.is_check()) {
                    None
                } else {
                    self.castling_move_unchecked(side)
                };
                return castle.ok_or_else(|| {
                    let us = self.turn();
                    let reason = if self.is_chess960() {
                        let rook = self.castling().rook_square(us, side).unwrap_or(side.rook_from(us));
                        Some(self.castling_reason_960(us, side, rook))
                    } else {
                        self.why_illegal(Move::new(CastlingSide::king_from(us), side.king_to(us)))
                    };
                    SanError::Illegal {
                        text: clip(text),
                        reason,
                    }
                });
            }
            San::Normal {
                role,
                from_file,
                from_rank,
                to,
                promotion,
                ..
            } => (role, from_file, from_rank, to, promotion),
        };
        // The count and the first found, kept in registers (a list, stored
        // move by move and read back, stalls on store forwarding); the
        // list only for the error.
        let (mut count, mut first) = (0, None);
        self.san_candidates(role, from_file, from_rank, to, promotion, in_check, |m| {
            count += 1;
            first = first.or(Some(m));
        });
        match (count, first) {
            (1, Some(m)) => Ok(m),
            (0, _) | (_, None) => Err(SanError::Illegal {
                text: clip(text),
                reason: self.san_reason(role, from_file, from_rank, to, promotion, &self.legal_moves()),
            }),
            _ => {
                let mut candidates = Vec::new();
                self.san_candidates(role, from_file, from_rank, to, promotion, in_check, |m| {
                    candidates.push(m)
                });
                Err(SanError::Ambiguous {
                    text: clip(text),
                    candidates,
                })
            }
        }
    }

    /// The legal moves that fit a SAN pattern, each given to `out` (more
    /// than one only when the text is ambiguous), found without generating
    /// every move: our pieces of `role` that can reach `to` (one lookup in
    /// the difference table each, and a walk for sliders), each checked for
    /// legality with the pins and checks of the position.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn san_candidates(
        &self,
        role: Role,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
        in_check: Option<bool>,
        mut out: impl FnMut(Move),
    ) {
        use crate::x88::{ATTACK_BISHOP, ATTACK_BITS_OF_CODE, ATTACK_ROOK, ATTACKS, STEPS, between, diff_index};
        let us = self.turn();
        let code = crate::Piece::new(us, role).code();
        let t = to.to_0x88();
        let target = self.squares[t as usize];
        if target != 0 && target & us.bit() != 0 {
            return;
        }
        let last_rank = if us == crate::Color::White {
            Rank::Eighth
        } else {
            Rank::First
        };
        let promotes = role == Role::Pawn && to.rank() == last_rank;
        if promotes != promotion.is_some() {
            return;
        }
        // Whether we are in check: then every candidate goes through the full
        // pin and check information; otherwise only a pin can stop it.
        let king = self.king88(us);
        let in_check = in_check.unwrap_or_else(|| self.is_attacked(king, !us, 0xff));
        let mut info = None;
        if role == Role::Pawn {
            if let Some(m) = self.pawn_candidate(from_file, from_rank, to, promotion)
                && self.candidate_is_legal(m, in_check, king, &mut info)
            {
                out(m);
            }
            return;
        }
        let flags = if target != 0 { Move::CAPTURE } else { 0 };
        let occupied = self.occupied().0;
        for from in self.squares_of(crate::Piece::new(us, role)) {
            if from_file.is_some_and(|f| from.file() != f) || from_rank.is_some_and(|r| from.rank() != r) {
                continue;
            }
            let f = from.to_0x88();
            // The piece moves that way, and a slider finds the squares
            // between empty (a set test, no walk; both without branches).
            let idx = diff_index(f, t);
            let kinds = ATTACKS[idx] & ATTACK_BITS_OF_CODE[code as usize & 31];
            let slides = kinds & (ATTACK_BISHOP | ATTACK_ROOK) != 0;
            let reaches = (kinds != 0) & (!slides | (between(STEPS[idx], f, t) & occupied == 0));
            if !reaches {
                continue;
            }
            let m = Move::from_parts(from, to, promotion, flags);
            let legal = if role == Role::King {
                !self.is_attacked(t, !us, f)
            } else {
                self.candidate_is_legal(m, in_check, king, &mut info)
            };
            if legal {
                out(m);
            }
        }
    }

    /// The one pawn move that can fit a SAN pattern: a push from right
    /// behind `to` (one or two squares), or a capture from the file named;
    /// legal but for pins and checks.
    fn pawn_candidate(
        &self,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<Move> {
        let white = self.turn() == crate::Color::White;
        let pawn = crate::Piece::new(self.turn(), Role::Pawn).code();
        let back: i8 = if white { -16 } else { 16 };
        let t = to.to_0x88();
        let target = self.squares[t as usize & 127];
        let (from, flags) = match from_file {
            Some(f) if f != to.file() => {
                let side = f.index() as i8 - to.file().index() as i8;
                if side.abs() != 1 {
                    return None;
                }
                let from = t.wrapping_add((back + side) as u8);
                if !crate::x88::on_board(from) || self.squares[from as usize & 127] != pawn {
                    return None;
                }
                if target != 0 {
                    (from, Move::CAPTURE)
                } else if self.ep88() == t && t != crate::position::NO_EP {
                    (from, Move::CAPTURE | Move::EN_PASSANT)
                } else {
                    return None;
                }
            }
            _ => {
                let one = t.wrapping_add(back as u8);
                if target != 0 || !crate::x88::on_board(one) {
                    return None;
                }
                let double_rank = if white { Rank::Fourth } else { Rank::Fifth };
                let two = one.wrapping_add(back as u8);
                if self.squares[one as usize & 127] == pawn {
                    (one, 0)
                } else if self.squares[one as usize & 127] == 0
                    && to.rank() == double_rank
                    && self.squares[two as usize & 127] == pawn
                {
                    (two, Move::DOUBLE_PUSH)
                } else {
                    return None;
                }
            }
        };
        let from = Square::from_0x88(from)?;
        if from_rank.is_some_and(|r| from.rank() != r) {
            return None;
        }
        Some(Move::from_parts(from, to, promotion, flags))
    }

    /// Whether a move of a piece other than the king, which the piece can
    /// make, is legal: en passant is checked in full; otherwise in check
    /// the move must answer a single check (and respect a pin), out of
    /// check only a pin can stop it. `info` caches the king's information.
    #[inline(always)]
    fn candidate_is_legal(
        &self,
        m: Move,
        in_check: bool,
        king: u8,
        info: &mut Option<crate::attacks::KingInfo>,
    ) -> bool {
        let (f, t) = (m.from().to_0x88(), m.to().to_0x88());
        if m.is_en_passant() {
            self.legal_move(m).is_some()
        } else if in_check {
            let info = *info.get_or_insert_with(|| self.king_info());
            let single_check = info.checkers & info.checkers.wrapping_sub(1) == 0;
            let answers_check = (info.evasion_mask >> t) & 1 != 0;
            let pinned_ok = info.pinned & crate::x88::bit(f) == 0 || (self.pin_ray(f) >> t) & 1 != 0;
            single_check && answers_check && pinned_ok
        } else {
            self.stays_on_pin_line(king, f, t)
        }
    }

    /// Whether moving the piece on `from` to `to` keeps our king on `king`
    /// safe from a pin (not in check): true unless `from` is pinned and `to`
    /// leaves the line.
    fn stays_on_pin_line(&self, king: u8, from: u8, to: u8) -> bool {
        use crate::x88::{ATTACK_BISHOP, ATTACK_ROOK, ATTACKS, STEPS, between, diff_index, ray};
        // With piece sets and rays, no walk and few branches: is an enemy
        // slider of this line's kind beyond `from` (most often not; never
        // when `from` shares no line with the king, as the ray is empty)?
        let idx = diff_index(king, from);
        let line = ATTACKS[idx] & (ATTACK_BISHOP | ATTACK_ROOK);
        let step = STEPS[idx];
        let them = (!self.turn()).bit();
        let slider = if line & ATTACK_ROOK != 0 { ROOK } else { BISHOP };
        let sliders = self.set(them | QUEEN as u8) | self.set(them | slider as u8);
        let beyond = ray(step, from);
        if beyond & sliders == 0 {
            return true;
        }
        if STEPS[diff_index(king, to)] == step && (to as i16 - king as i16).signum() == step.signum() as i16 {
            return true; // stays on the line, on the same side of the king
        }
        // Pinned when the nearest piece beyond `from` is such a slider and
        // nothing stands between the king and `from`.
        let occupied = self.occupied().0;
        let blockers = beyond & occupied;
        let nearest = if step > 0 {
            blockers & blockers.wrapping_neg()
        } else {
            1u64 << (63 - blockers.leading_zeros())
        };
        nearest & sliders == 0 || between(step, king, from) & occupied != 0
    }

    /// A reason for an illegal SAN: the one move the text can only mean
    /// (geometrically), or the missing promotion piece.
    fn san_reason(
        &self,
        role: Role,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
        legal: &MoveList,
    ) -> Option<IllegalReason> {
        if promotion.is_none()
            && legal.iter().any(|m| {
                m.to() == to && m.promotion().is_some() && self.piece_at(m.from()).is_some_and(|p| p.role == role)
            })
        {
            return Some(IllegalReason::MissingPromotion);
        }
        // Our pieces of that kind that could reach `to` on an empty board;
        // failing that, the only one there is, or for a pawn push the pawn
        // on that file nearest to `to`: the move the text most likely means.
        let us = self.turn();
        let ours = || {
            self.squares_of(crate::Piece::new(us, role)).filter(|&from| {
                from_file.is_none_or(|f| from.file() == f) && from_rank.is_none_or(|r| from.rank() == r)
            })
        };
        let reaching: Vec<Square> = ours().filter(|&from| self.could_reach(role, from, to)).collect();
        let from = match (reaching.as_slice(), role) {
            ([one], _) => *one,
            ([], Role::Pawn) if from_file.is_none_or(|f| f == to.file()) => ours()
                .filter(|s| s.file() == to.file())
                .min_by_key(|s| s.rank().index().abs_diff(to.rank().index()))?,
            ([], _) => {
                let mut all = ours();
                let only = all.next()?;
                if all.next().is_some() {
                    return None;
                }
                only
            }
            _ => return None,
        };
        let m = match promotion {
            Some(p) => Move::with_promotion(from, to, p),
            None => Move::new(from, to),
        };
        self.why_illegal(m)
    }

    /// Whether a piece of `role` on `from` could reach `to` on an empty
    /// board (pawns: forward one or two, or a diagonal step).
    fn could_reach(&self, role: Role, from: Square, to: Square) -> bool {
        use crate::x88::{ATTACK_BISHOP, ATTACK_KING, ATTACK_KNIGHT, ATTACK_ROOK, ATTACKS, diff_index};
        let bits = ATTACKS[diff_index(from.to_0x88(), to.to_0x88())];
        match role {
            Role::Knight => bits & ATTACK_KNIGHT != 0,
            Role::Bishop => bits & ATTACK_BISHOP != 0,
            Role::Rook => bits & ATTACK_ROOK != 0,
            Role::Queen => bits & (ATTACK_BISHOP | ATTACK_ROOK) != 0,
            Role::King => bits & ATTACK_KING != 0,
            Role::Pawn => {
                let forward: i8 = if self.turn() == crate::Color::White { 1 } else { -1 };
                let dr = to.rank().index() as i8 - from.rank().index() as i8;
                let df = to.file().index().abs_diff(from.file().index());
                (dr == forward && df <= 1) || (dr == 2 * forward && df == 0)
            }
        }
    }
}
