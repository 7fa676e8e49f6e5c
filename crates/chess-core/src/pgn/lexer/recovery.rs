//! Where games start, for the reader and for error recovery: one bad game
//! costs one game, and no game is made of its remains.

use std::io::BufRead;

use super::{Lexer, Token};
use crate::pgn::find::find2;
use crate::pgn::tag::{is_event_tag_line, is_tag_line};

impl<R: BufRead> Lexer<R> {
    /// Whether the line starting at `line_start` begins the next game, for
    /// a comment never closed: an `[Event ` tag line after a blank line
    /// (which starts at `prev_line_start`). The same line ends the skipping
    /// of [`Lexer::skip_to_next_game`], so a game starts there whether the
    /// reader was in a comment or passing the rest of a bad game.
    pub(super) fn next_game_starts_here(&self, prev_line_start: usize) -> bool {
        let rest = &self.buf[self.line_start..self.limit];
        let line = &rest[..find2(rest, b'\n', b'\n').unwrap_or(rest.len())];
        is_event_tag_line(line)
            && self.buf[prev_line_start..self.line_start]
                .iter()
                .all(u8::is_ascii_whitespace)
    }

    /// Whether the tag just read starts a game: it begins its line, after
    /// a blank line or as `[Event`.
    pub(crate) fn tag_starts_game(&self) -> bool {
        self.token_start == self.token_line_start && (self.blank_line_before() || self.tag().0 == b"Event")
    }

    /// Error recovery: passes the rest of the current line and every line
    /// after it up to one that starts a game, a line beginning with a tag
    /// after a blank line or with `[Event `, so that one bad game costs one
    /// game and no game is made of its remains. A tag already looked at
    /// (peeked) that starts a game is kept.
    pub(crate) fn skip_to_next_game(&mut self) {
        if std::mem::take(&mut self.resume_here) {
            self.peeked = None;
            return;
        }
        if self.peeked == Some(Token::Tag) && self.tag_starts_game() {
            return;
        }
        self.peeked = None;
        let mut blank = false;
        loop {
            // To the end of this line.
            self.pos = self.line_end();
            if self.pos == self.limit {
                // Only at the end of the input: the readable part of the
                // buffer always ends with a line break.
                if self.refill().is_none() {
                    return;
                }
                continue;
            }
            self.pos += 1;
            self.line_no += 1;
            self.line_start = self.pos;
            // What was read before is passed over: nothing holds it in the
            // buffer any more.
            self.token_line_start = self.pos;
            self.prev_end_line_start = self.pos;
            self.prev_end = self.pos;
            if self.pos == self.limit && self.refill().is_none() {
                return;
            }
            let line = &self.buf[self.pos..self.line_end()];
            if is_tag_line(line) && (blank || line.starts_with(b"[Event ")) {
                return;
            }
            blank = line.iter().all(u8::is_ascii_whitespace);
        }
    }
}
