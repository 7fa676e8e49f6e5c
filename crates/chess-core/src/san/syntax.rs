//! Reading SAN without a position: the common shapes byte by byte, the
//! rest (and the variants real files contain) by a general reader.

use super::San;
use crate::castling::CastlingSide;
use crate::piece::Role;
use crate::square::{File, Rank, Square};

/// The [`San`] a text writes, if it is SAN.
#[inline]
pub(super) fn parse(text: &[u8]) -> Option<San> {
    parse_simple(text).or_else(|| parse_pattern(text))
}

/// The common shapes of SAN read byte by byte: `e4`, `exd5`, `Nf3`,
/// `Nbd7`, `R1a3`, `Qxe4`, with a check mark. Anything else goes to the
/// general reader.
fn parse_simple(text: &[u8]) -> Option<San> {
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
    let normal = |role, from_file: Option<u8>, from_rank: Option<u8>, capture, to| {
        Some(San::Normal {
            role,
            from_file: from_file.map(|f| File::ALL[(f - b'a') as usize]),
            from_rank: from_rank.map(|r| Rank::ALL[(r - b'1') as usize]),
            capture,
            to,
            promotion: None,
        })
    };
    let file = |c: u8| matches!(c, b'a'..=b'h').then_some(c);
    let rank = |c: u8| matches!(c, b'1'..=b'8').then_some(c);
    match *b {
        // e4 (not a promotion square)
        [f, r] if !matches!(r, b'1' | b'8') => normal(Role::Pawn, None, None, false, square(f, r)?),
        // exd5
        [ff, b'x', f, r] if file(ff).is_some() && !matches!(r, b'1' | b'8') => {
            normal(Role::Pawn, Some(ff), None, true, square(f, r)?)
        }
        // Nf3
        [p, f, r] => normal(role(p)?, None, None, false, square(f, r)?),
        // Nxf3, Nbd7, N1d7
        [p, b'x', f, r] => normal(role(p)?, None, None, true, square(f, r)?),
        [p, d, f, r] if file(d).is_some() => normal(role(p)?, Some(d), None, false, square(f, r)?),
        [p, d, f, r] if rank(d).is_some() => normal(role(p)?, None, Some(d), false, square(f, r)?),
        // Nbxd7, N1xd7
        [p, d, b'x', f, r] if file(d).is_some() => normal(role(p)?, Some(d), None, true, square(f, r)?),
        [p, d, b'x', f, r] if rank(d).is_some() => normal(role(p)?, None, Some(d), true, square(f, r)?),
        _ => None,
    }
}

/// Reads the shape of a SAN text (no position needed).
fn parse_pattern(text: &[u8]) -> Option<San> {
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
        "O-O" | "0-0" | "o-o" => return Some(San::Castle(CastlingSide::King)),
        "O-O-O" | "0-0-0" | "o-o-o" => return Some(San::Castle(CastlingSide::Queen)),
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
    let mut capture = false;
    if let Some((&last, rest)) = head.split_last()
        && matches!(last, b'x' | b'-' | b':')
    {
        capture = last != b'-';
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
    Some(San::Normal {
        role,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}

fn is_promotion_role(role: Role) -> bool {
    matches!(role, Role::Queen | Role::Rook | Role::Bishop | Role::Knight)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns() {
        let normal = |text: &str| match parse_pattern(text.as_bytes()) {
            Some(San::Normal {
                role,
                from_file,
                from_rank,
                to,
                promotion,
                ..
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
