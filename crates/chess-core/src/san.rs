//! Standard Algebraic Notation: `Nbd7`, `exd6`, `O-O`, `e8=Q+`, `Qh4#`.
//!
//! Printing follows the PGN standard and the established libraries exactly:
//! the piece letter, then the file of the moving piece if that tells it
//! apart from the others that could go there, else the rank, else both;
//! `x` for a capture, `=Q` for a promotion, `+` or `#`. Only *legal* moves
//! count for disambiguation, so a pinned knight never forces `Nge7`.
//!
//! Parsing is strict about legality and ambiguity and lenient about what real
//! PGN files contain: `0-0`, `e8Q`, `exd6e.p.`, `e2-e4`, `Ng1f3`, missing or
//! extra `+`/`#`, and the annotations `!`, `?`, `!!`, `??`, `!?`, `?!`. A
//! pawn reaching the last rank must name its promotion piece (`e8` alone is
//! an error): there is no implicit queen.

use std::fmt;

use crate::castling::CastlingSide;
use crate::illegal::{IllegalMove, IllegalReason};
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::{BISHOP, Position, QUEEN, ROOK};
use crate::square::{File, Rank, Square};

/// Why a SAN text could not be turned into a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN (or any of the variants real files contain).
    Malformed {
        /// The text, cut to 32 characters.
        text: String,
    },
    /// Well formed, but no legal move fits it.
    Illegal {
        /// The text, cut to 32 characters.
        text: String,
        /// Why, when the move it names can be told (a pinned piece, a
        /// missing promotion piece...).
        reason: Option<IllegalReason>,
    },
    /// More than one legal move fits it.
    Ambiguous {
        /// The text, cut to 32 characters.
        text: String,
        /// The moves it could be.
        candidates: Vec<Move>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Malformed { text } => write!(f, "{text:?} is not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)"),
            SanError::Illegal {
                text,
                reason: Some(reason),
            } => write!(f, "illegal move {text}: {reason}"),
            SanError::Illegal { text, reason: None } => write!(f, "illegal move {text}: no legal move fits it"),
            SanError::Ambiguous { text, candidates } => {
                write!(f, "ambiguous move {text}: it could be ")?;
                for (i, m) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == candidates.len() { " or " } else { ", " })?;
                    }
                    write!(f, "{m}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for SanError {}

/// What a SAN text says, before looking at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SanPattern {
    Castle(CastlingSide),
    Normal {
        role: Role,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
    },
}

fn clip(text: &[u8]) -> String {
    String::from_utf8_lossy(text).chars().take(32).collect()
}

/// The common shapes of SAN read byte by byte: `e4`, `exd5`, `Nf3`,
/// `Nbd7`, `R1a3`, `Qxe4`, with a check mark. Anything else goes to the
/// general reader.
fn parse_simple(text: &[u8]) -> Option<SanPattern> {
    let mut b = text;
    if let [rest @ .., b'+' | b'#'] = b {
        b = rest;
    }
    let square = |f: u8, r: u8| {
        (matches!(f, b'a'..=b'h') && matches!(r, b'1'..=b'8'))
            .then(|| Square::new(File::ALL[(f - b'a') as usize], Rank::ALL[(r - b'1') as usize]))
    };
    let role = |c: u8| match c {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    };
    let normal = |role, from_file: Option<u8>, from_rank: Option<u8>, to| {
        Some(SanPattern::Normal {
            role,
            from_file: from_file.map(|f| File::ALL[(f - b'a') as usize]),
            from_rank: from_rank.map(|r| Rank::ALL[(r - b'1') as usize]),
            to,
            promotion: None,
        })
    };
    let file = |c: u8| matches!(c, b'a'..=b'h').then_some(c);
    let rank = |c: u8| matches!(c, b'1'..=b'8').then_some(c);
    match *b {
        // e4 (not a promotion square)
        [f, r] if !matches!(r, b'1' | b'8') => normal(Role::Pawn, None, None, square(f, r)?),
        // exd5
        [ff, b'x', f, r] if file(ff).is_some() && !matches!(r, b'1' | b'8') => {
            normal(Role::Pawn, Some(ff), None, square(f, r)?)
        }
        // Nf3
        [p, f, r] => normal(role(p)?, None, None, square(f, r)?),
        // Nxf3, Nbd7, N1d7
        [p, b'x', f, r] => normal(role(p)?, None, None, square(f, r)?),
        [p, d, f, r] if file(d).is_some() => normal(role(p)?, Some(d), None, square(f, r)?),
        [p, d, f, r] if rank(d).is_some() => normal(role(p)?, None, Some(d), square(f, r)?),
        // Nbxd7, N1xd7
        [p, d, b'x', f, r] if file(d).is_some() => normal(role(p)?, Some(d), None, square(f, r)?),
        [p, d, b'x', f, r] if rank(d).is_some() => normal(role(p)?, None, Some(d), square(f, r)?),
        _ => None,
    }
}

/// Reads the shape of a SAN text (no position needed).
fn parse_pattern(text: &[u8]) -> Option<SanPattern> {
    if let Some(simple) = parse_simple(text) {
        return Some(simple);
    }
    let mut s = std::str::from_utf8(text).ok()?.trim();
    // Annotations and check marks, in any order and number ("Nf3+!?").
    s = s.trim_end_matches(['!', '?', '+', '#']);
    // "exd6e.p." and "exd6 e.p."
    if let Some(rest) = s.strip_suffix("e.p.") {
        s = rest.trim_end();
    }
    if !s.is_ascii() || s.is_empty() {
        return None;
    }
    match s {
        "O-O" | "0-0" | "o-o" => return Some(SanPattern::Castle(CastlingSide::King)),
        "O-O-O" | "0-0-0" | "o-o-o" => return Some(SanPattern::Castle(CastlingSide::Queen)),
        _ => {}
    }
    let b = s.as_bytes();
    let mut end = b.len();
    // Promotion: "=Q", "Q" after the square, or "(Q)".
    let mut promotion = None;
    if end >= 3 && b[end - 1] == b')' && b[end - 3] == b'(' {
        promotion = Some(Role::from_char(b[end - 2] as char).filter(|r| is_promotion_role(*r))?);
        end -= 3;
    } else if end >= 1 && matches!(b[end - 1], b'Q' | b'R' | b'B' | b'N' | b'q' | b'r' | b'n') {
        // A lowercase 'b' would be a file, so only q, r, n are read lowercase.
        promotion = Some(Role::from_char(b[end - 1] as char)?);
        end -= 1;
        if end >= 1 && b[end - 1] == b'=' {
            end -= 1;
        }
    }
    if end < 2 {
        return None;
    }
    let to: Square = s[end - 2..end].parse().ok()?;
    let mut head = &b[..end - 2];
    let role = match head.first() {
        Some(&c @ (b'K' | b'Q' | b'R' | b'B' | b'N')) => {
            head = &head[1..];
            Role::from_char(c as char)?
        }
        Some(b'P') => {
            head = &head[1..];
            Role::Pawn
        }
        _ => Role::Pawn,
    };
    // Capture or hyphen between the from-part and the square.
    if let Some((&last, rest)) = head.split_last()
        && matches!(last, b'x' | b'-' | b':')
    {
        head = rest;
    }
    let (from_file, from_rank) = match head {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (File::from_char(*f as char), None),
        [r @ b'1'..=b'8'] => (None, Rank::from_char(*r as char)),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (File::from_char(*f as char), Rank::from_char(*r as char)),
        _ => return None,
    };
    if promotion.is_some() && role != Role::Pawn {
        return None;
    }
    Some(SanPattern::Normal {
        role,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

fn is_promotion_role(role: Role) -> bool {
    matches!(role, Role::Queen | Role::Rook | Role::Bishop | Role::Knight)
}

/// Keeps the castling move to one side, from the castling moves generated.
struct Castles(Option<Move>, CastlingSide);

impl crate::movegen::MoveSink for Castles {
    fn push(&mut self, m: Move) {
        if m.castling_side() == Some(self.1) {
            self.0 = Some(m);
        }
    }
}

impl Position {
    /// The SAN of a legal move, with `+` or `#`.
    ///
    /// ```
    /// use chess_core::{Move, Position, Square};
    /// let pos = Position::new();
    /// assert_eq!(pos.san(Move::new(Square::G1, Square::F3))?, "Nf3");
    /// # Ok::<(), chess_core::IllegalMove>(())
    /// ```
    pub fn san(&self, m: Move) -> Result<String, IllegalMove> {
        let legal = self.legal_moves();
        let Some(&m) = legal.iter().find(|&&l| l == m) else {
            return Err(IllegalMove {
                mv: m,
                reason: self.why_illegal(m).unwrap_or(IllegalReason::NoLegalMoves),
            });
        };
        let mut out = self.san_without_check(m, &legal);
        let mut after = self.clone();
        after.play_unchecked(m);
        if after.is_check() {
            out.push(if after.has_legal_moves() { '+' } else { '#' });
        }
        Ok(out)
    }

    /// The SAN of `m`, one of `legal` (this position's legal moves), without
    /// the check mark.
    pub(crate) fn san_without_check(&self, m: Move, legal: &MoveList) -> String {
        let role = self.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
        // Other pieces of the same kind that can legally go there too.
        let others: Vec<Square> = legal
            .iter()
            .filter(|o| o.to() == m.to() && o.from() != m.from())
            .filter(|o| self.piece_at(o.from()).is_some_and(|p| p.role == role))
            .map(|o| o.from())
            .collect();
        self.san_with_others(m, role, &others)
    }

    /// The SAN of `m`, a legal move of a `role`, without the check mark;
    /// `others` are the squares of the other pieces of that role that can
    /// legally go to the same square (what disambiguation tells apart).
    fn san_with_others(&self, m: Move, role: Role, others: &[Square]) -> String {
        if let Some(side) = m.castling_side() {
            return side.san().to_string();
        }
        let mut out = String::with_capacity(8);
        if role == Role::Pawn {
            if m.is_capture() {
                out.push(m.from().file().char());
            }
        } else {
            out.push(role.upper_char());
            if !others.is_empty() {
                let same_file = others.iter().any(|s| s.file() == m.from().file());
                let same_rank = others.iter().any(|s| s.rank() == m.from().rank());
                if !same_file {
                    out.push(m.from().file().char());
                } else if !same_rank {
                    out.push(m.from().rank().char());
                } else {
                    out.push_str(&m.from().to_string());
                }
            }
        }
        if m.is_capture() {
            out.push('x');
        }
        out.push_str(&m.to().to_string());
        if let Some(role) = m.promotion() {
            out.push('=');
            out.push(role.upper_char());
        }
        out
    }

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
        let pattern = parse_pattern(text).ok_or_else(|| SanError::Malformed { text: clip(text) })?;
        let (role, from_file, from_rank, to, promotion) = match pattern {
            SanPattern::Castle(side) => {
                // Only the castling moves are generated (never in check).
                let mut castles = Castles(None, side);
                if !in_check.unwrap_or_else(|| self.is_check()) {
                    self.generate_castling(&mut castles);
                }
                return castles.0.ok_or_else(|| {
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
            SanPattern::Normal {
                role,
                from_file,
                from_rank,
                to,
                promotion,
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

    /// The standard SAN of `m`, a legal move read from `text`, when `text`
    /// does not write it the standard way (check marks and annotations
    /// aside): `0-0`, `Ng1f3`, `Nge2` where no other knight can go there,
    /// a capture without `x`, `e8Q`. `None` for standard text, told from
    /// its shape alone in the common cases, and without generating every
    /// move for a disambiguation.
    #[inline]
    pub(crate) fn nonstandard_san(&self, text: &[u8], m: Move) -> Option<String> {
        let core = match text {
            [rest @ .., b'+' | b'#'] => rest,
            _ => text,
        };
        // The shapes of most moves: e4 (the reader found a pawn push), Nf3
        // (it was not ambiguous, or it would not have been read), exd5 and
        // Nxf3, whose `x` must be a capture ("axa6" reads as a6).
        let standard = match *core {
            [_, _] => true,
            [p, _, _] => p.is_ascii_uppercase() && !m.is_capture(),
            [_, b'x', _, _] => m.is_capture(),
            _ => false,
        };
        if standard {
            None
        } else {
            self.nonstandard_san_slow(core, m)
        }
    }

    /// [`Position::nonstandard_san`] for the less common shapes, `text`
    /// without its check mark.
    #[cold]
    fn nonstandard_san_slow(&self, core: &[u8], m: Move) -> Option<String> {
        let mut core = core;
        while let [rest @ .., b'+' | b'#' | b'!' | b'?'] = core {
            core = rest;
        }
        let piece = |p: u8| matches!(p, b'N' | b'B' | b'R' | b'Q' | b'K');
        let promotion = |p: u8| matches!(p, b'N' | b'B' | b'R' | b'Q');
        let standard = match *core {
            [b'O', b'-', b'O'] | [b'O', b'-', b'O', b'-', b'O'] => m.is_castle(),
            [b'a'..=b'h', b'1' | b'8', b'=', p] if promotion(p) => true,
            [b'a'..=b'h', b'x', b'a'..=b'h', b'1' | b'8', b'=', p] if promotion(p) => m.is_capture(),
            // Nbd7, R1e2, Qh4e1: told apart from the pieces that could go there.
            [p, ..] if piece(p) && !m.is_castle() => {
                let role = self.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
                let mut others = Vec::new();
                self.san_candidates(role, None, None, m.to(), None, None, |other| {
                    if other.from() != m.from() {
                        others.push(other.from());
                    }
                });
                let written = self.san_with_others(m, role, &others);
                return (written.as_bytes() != core).then_some(written);
            }
            _ => false,
        };
        if standard {
            return None;
        }
        let written = self.san_without_check(m, &self.legal_moves());
        (written.as_bytes() != core).then_some(written)
    }

    /// The legal moves that fit a SAN pattern, each given to `out` (more
    /// than one only when the text is ambiguous), found without generating
    /// every move: our pieces of `role` that can reach `to` (one lookup in
    /// the difference table each, and a walk for sliders), each checked for
    /// legality with the pins and checks of the position.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn san_candidates(
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
            let pinned_ok = info.pinned & crate::position::bit(f) == 0 || (self.pin_ray(f) >> t) & 1 != 0;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Telling standard SAN from the rest (for the PGN reader's warnings)
    /// agrees with writing the move from the full list of legal moves, for
    /// every way a move of the perft suites and their children can be
    /// written: with or without `x`, with a file, a rank or both.
    #[test]
    fn standard_san_is_told_from_the_rest_as_the_writer_writes_it() {
        let suite = include_str!("../tests/data/perftsuite.epd");
        let mut positions = Vec::new();
        for line in suite.lines().filter(|l| !l.trim().is_empty()) {
            let pos: Position = line.split(';').next().unwrap().trim().parse().unwrap();
            for &m in pos.legal_moves().iter() {
                positions.push(pos.after(m).unwrap());
            }
            positions.push(pos);
        }
        let mut checked = 0;
        for pos in &positions {
            let legal = pos.legal_moves();
            for &m in legal.iter() {
                let standard = pos.san_without_check(m, &legal);
                let role = pos.piece_at(m.from()).unwrap().role;
                let letter = if role == Role::Pawn {
                    String::new()
                } else {
                    role.upper_char().to_string()
                };
                let promotion = m.promotion().map_or(String::new(), |r| format!("={}", r.upper_char()));
                let from = m.from().to_string();
                let mut texts = vec![standard.clone(), format!("{standard}+"), "0-0".to_string()];
                for head in ["", &from[..1], &from[1..], &from[..]] {
                    for x in ["", "x"] {
                        texts.push(format!("{letter}{head}{x}{}{promotion}", m.to()));
                    }
                }
                for text in texts {
                    if pos.parse_san(&text).ok() != Some(m) {
                        continue;
                    }
                    let core = text.trim_end_matches('+');
                    let expected = (core != standard).then(|| standard.clone());
                    assert_eq!(
                        pos.nonstandard_san(text.as_bytes(), m),
                        expected,
                        "{text} in {}",
                        pos.fen()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    #[test]
    fn patterns() {
        let normal = |text: &str| match parse_pattern(text.as_bytes()) {
            Some(SanPattern::Normal {
                role,
                from_file,
                from_rank,
                to,
                promotion,
            }) => format!("{role:?} {from_file:?} {from_rank:?} {to} {promotion:?}"),
            other => format!("{other:?}"),
        };
        assert_eq!(normal("e4"), "Pawn None None e4 None");
        assert_eq!(normal("exd5"), "Pawn Some(E) None d5 None");
        assert_eq!(normal("e8=Q+"), "Pawn None None e8 Some(Queen)");
        assert_eq!(normal("e8Q"), "Pawn None None e8 Some(Queen)");
        assert_eq!(normal("e8(N)"), "Pawn None None e8 Some(Knight)");
        assert_eq!(normal("exd6e.p."), "Pawn Some(E) None d6 None");
        assert_eq!(normal("exd6 e.p."), "Pawn Some(E) None d6 None");
        assert_eq!(normal("Ng1f3"), "Knight Some(G) Some(First) f3 None");
        assert_eq!(normal("Ng1-f3"), "Knight Some(G) Some(First) f3 None");
        assert_eq!(normal("R1a3!!"), "Rook None Some(First) a3 None");
        assert_eq!(normal("Qh4xe1#"), "Queen Some(H) Some(Fourth) e1 None");
        assert_eq!(normal("O-O+"), "Some(Castle(King))");
        assert_eq!(normal("0-0-0"), "Some(Castle(Queen))");
        for bad in [
            "", "e9", "Nf", "Xe4", "N=Qe4", "Ne8=Q", "e8=K", "e4e4e4", "xe4x", "é4", "Nabc3",
        ] {
            assert_eq!(parse_pattern(bad.as_bytes()), None, "{bad}");
        }
    }
}
