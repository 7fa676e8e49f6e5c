//! A fast scan of a PGN input for a list of its games: where each starts
//! (byte offset and line), its tags, and how many moves its main line has,
//! without reading the moves. A game list of a large file is filled from
//! it; the game chosen is then read from its offset alone.
//!
//! Games start where [`PgnReader`](super::PgnReader) starts them (a tag
//! line after a blank line, outside comments), so the n-th game scanned is
//! the n-th game read.

use std::io::BufRead;

use super::parallel::Scan;
use super::tag::tag_of_line;

/// One game of a PGN input, as the scan saw it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScannedGame {
    /// The byte offset of its first line.
    pub offset: u64,
    /// Its first line (1-based).
    pub line: usize,
    /// Its tags, in order, values decoded.
    pub tags: Vec<(String, String)>,
    /// Full moves of its main line (the last move number there).
    pub moves: u32,
}

impl ScannedGame {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Counts the main line's move numbers in movetext, skipping comments
/// (`{}` and `;`), variations (`()`) and `%` escape lines.
#[derive(Default)]
struct Movetext {
    in_comment: bool,
    depth: u32,
    last_number: u32,
    /// A result (`1-0`, `0-1`, `1/2-1/2`, `*`) ended the game: the next
    /// movetext is another game's, as the reader reads it.
    ended: bool,
}

impl Movetext {
    fn line(&mut self, line: &[u8]) {
        if line.first() == Some(&b'%') {
            return;
        }
        let mut i = 0;
        while i < line.len() {
            let b = line[i];
            if self.in_comment {
                self.in_comment = b != b'}';
                i += 1;
                continue;
            }
            match b {
                b'{' => self.in_comment = true,
                b';' => return,
                b'(' => self.depth += 1,
                b')' => self.depth = self.depth.saturating_sub(1),
                b'*' if self.depth == 0 => self.ended = true,
                b'0' | b'1'
                    if self.depth == 0
                        && [&b"1-0"[..], b"0-1", b"1/2-1/2"]
                            .iter()
                            .any(|r| line[i..].starts_with(r)) =>
                {
                    self.ended = true;
                    i += 3;
                    continue;
                }
                b'0'..=b'9' if self.depth == 0 && (i == 0 || !line[i - 1].is_ascii_alphanumeric()) => {
                    let start = i;
                    while i < line.len() && line[i].is_ascii_digit() {
                        i += 1;
                    }
                    // A move number is digits then a dot ("12." or "12...").
                    if i < line.len() && line[i] == b'.' {
                        let n = std::str::from_utf8(&line[start..i]).ok().and_then(|t| t.parse().ok());
                        self.last_number = n.unwrap_or(self.last_number).max(self.last_number);
                    }
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
}

/// Scans `input` and calls `each` with every game, in order. Returns the
/// bytes read; stops early (returning what was read so far) when `each`
/// returns false. An I/O error ends the scan with that error.
///
/// ```
/// use chess_core::pgn::scan_games;
/// let pgn = "[White \"Anna\"]\n\n1. e4 e5 2. Nf3 { 3. Bb5 } (2. f4 exf4 3. Nf3) 2... Nc6 *\n\n[White \"Bo\"]\n\n1. d4 *\n";
/// let mut games = Vec::new();
/// scan_games(pgn.as_bytes(), |g| { games.push(g); true })?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].tag("White"), Some("Anna"));
/// assert_eq!(games[0].moves, 2);
/// assert_eq!((games[1].offset, games[1].line), (pgn.find("[White \"Bo").unwrap() as u64, 5));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn scan_games(mut input: impl BufRead, mut each: impl FnMut(ScannedGame) -> bool) -> std::io::Result<u64> {
    let mut scan = Scan::default();
    let mut line = Vec::new();
    let mut offset = 0u64;
    let mut line_no = 0usize;
    let mut current: Option<(ScannedGame, Movetext, bool)> = None;
    loop {
        line.clear();
        let n = input.read_until(b'\n', &mut line)?;
        if n == 0 {
            break;
        }
        line_no += 1;
        let blank = line.iter().all(u8::is_ascii_whitespace);
        let after_result = current.as_ref().is_some_and(|(_, movetext, _)| movetext.ended);
        let starts = scan.starts_game(&line) || (!blank && (current.is_none() || after_result));
        if starts {
            if let Some((mut game, movetext, _)) = current.take() {
                game.moves = movetext.last_number;
                if !each(game) {
                    return Ok(offset);
                }
            }
            let game = ScannedGame {
                offset,
                line: line_no,
                ..ScannedGame::default()
            };
            current = Some((game, Movetext::default(), true));
        }
        if let Some((game, movetext, in_tags)) = &mut current {
            if *in_tags && let Some((name, value)) = tag_of_line(&line) {
                game.tags.push((name.into_owned(), value.text().into_owned()));
            } else if !blank {
                *in_tags = false;
                movetext.line(&line);
            }
        }
        offset += n as u64;
    }
    if let Some((mut game, movetext, _)) = current {
        game.moves = movetext.last_number;
        each(game);
    }
    Ok(offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scan_finds_the_games_the_reader_reads() {
        let pgn = "[Event \"a\"]\n[White \"A \\\"Q\\\"\"]\n\n1. e4 {a comment\n\n[Event \"not a game\"] still the comment} e5 2. Nf3 *\n\n\
                   [Event \"b\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 (3. Nf3 Nf6 4. g3) 3... Nf6 1/2-1/2\n\n\
                   1. e4 *\n";
        let mut games = Vec::new();
        let bytes = scan_games(pgn.as_bytes(), |g| {
            games.push(g);
            true
        })
        .unwrap();
        assert_eq!(bytes, pgn.len() as u64);
        let mut reader = super::super::PgnReader::new(pgn.as_bytes());
        let read: Vec<_> = std::iter::from_fn(|| reader.read_game()).collect();
        assert_eq!(games.len(), read.len());
        // The reader ends a comment left open at an [Event line after a
        // blank line, and starts a game there: so does the scan.
        assert_eq!(games.len(), 4);
        assert_eq!(games[0].tag("White"), Some("A \"Q\""));
        assert_eq!(games[0].moves, 1);
        assert_eq!(games[1].tag("Event"), Some("not a game"));
        assert_eq!(games[2].moves, 3, "the variation's 4. is not counted");
        // A game without tags after another's result is a game of its own.
        assert_eq!((games[3].moves, games[3].tags.len()), (1, 0));
        // Each game read from its offset is the game the reader read there
        // (the first, whose comment is never closed, fails both ways).
        for (g, r) in games.iter().zip(&read) {
            let mut from_offset = super::super::PgnReader::new(&pgn.as_bytes()[g.offset as usize..]);
            let from_offset = from_offset.read_game().unwrap();
            match (from_offset, r) {
                (Ok(a), Ok(b)) => assert_eq!(a.moves(), b.moves()),
                (Err(a), Err(b)) => assert_eq!(a.kind, b.kind),
                (a, b) => panic!("{a:?} against {b:?}"),
            }
        }
    }

    #[test]
    fn a_scan_can_stop() {
        let pgn = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
        let mut n = 0;
        scan_games(pgn.as_bytes(), |_| {
            n += 1;
            false
        })
        .unwrap();
        assert_eq!(n, 1);
    }
}
