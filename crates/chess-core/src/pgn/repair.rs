//! The repairs the PGN reader reports: telling a move written off the
//! standard (`0-0`, `Ng1f3`, `Nge2` where no other knight can go, a
//! capture without `x`, `e8Q`) from standard SAN, and what the standard
//! writes instead.

use crate::moves::Move;
use crate::piece::Role;
use crate::position::Position;
use crate::san::San;

impl Position {
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
                let written = San::with_others(m, role, &others).to_string();
                return (written.as_bytes() != core).then_some(written);
            }
            _ => false,
        };
        if standard {
            return None;
        }
        let written = San::from_move(self, m).to_string();
        (written.as_bytes() != core).then_some(written)
    }
}

#[cfg(test)]
mod tests {
    use crate::piece::Role;
    use crate::position::Position;
    use crate::san::San;

    /// Telling standard SAN from the rest (for the PGN reader's warnings)
    /// agrees with writing the move from the full list of legal moves, for
    /// every way a move of the perft suites and their children can be
    /// written: with or without `x`, with a file, a rank or both.
    #[test]
    fn standard_san_is_told_from_the_rest_as_the_writer_writes_it() {
        let suite = include_str!("../../tests/data/perftsuite.epd");
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
                let standard = San::from_legal(pos, m, &legal).to_string();
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
}
