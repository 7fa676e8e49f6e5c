//! The lexer's buffer: input read in chunks into one buffer whose readable
//! part always ends at a line break, and the lines and columns of what was
//! read.

use std::io::BufRead;

use super::Lexer;
use crate::pgn::encoding::text;
use crate::pgn::find::{find2, rfind_newline};

/// How many bytes are asked of the input at a time.
pub(super) const CHUNK: usize = 1 << 16;

impl<R: BufRead> Lexer<R> {
    /// Reads more input at the end of `buf`. False when there is none.
    pub(super) fn fill(&mut self) -> bool {
        while !self.eof {
            // Room for a chunk: the buffer grows (doubling) only when the
            // bytes kept fill it; otherwise it is reused as it is, never
            // cleared again.
            if self.buf.len() - self.filled < CHUNK {
                let len = (self.buf.len() * 2).max(self.filled + CHUNK);
                self.buf.resize(len, 0);
            }
            let end = (self.filled + CHUNK).min(self.buf.len());
            match self.input.read(&mut self.buf[self.filled..end]) {
                Ok(0) => self.eof = true,
                Ok(n) => {
                    self.filled += n;
                    return true;
                }
                Err(e) => {
                    if e.kind() != std::io::ErrorKind::Interrupted {
                        self.io_error = Some(e);
                        self.eof = true;
                    }
                }
            }
        }
        false
    }

    /// Makes more bytes readable past `limit` (up to the next line break,
    /// reading input as needed), after dropping the bytes before the start
    /// of the current token's line. Returns how far the bytes kept moved
    /// (positions held outside the lexer must move by as much), or `None`
    /// at the end of the input.
    pub(super) fn refill(&mut self) -> Option<usize> {
        let keep = self.token_line_start.min(self.line_start).min(self.prev_end_line_start);
        // Only drop what is worth a copy of the rest.
        let shift = if keep > 0 && keep >= self.filled / 2 { keep } else { 0 };
        if shift > 0 {
            self.dropped += shift as u64;
            self.buf.copy_within(shift..self.filled, 0);
            self.filled -= shift;
            self.limit -= shift;
            self.pos -= shift;
            self.line_start -= shift;
            self.token_line_start = self.token_line_start.saturating_sub(shift);
            self.token_start = self.token_start.saturating_sub(shift);
            self.prev_end_line_start -= shift;
            self.prev_end -= shift;
        }
        let mut searched = self.limit;
        loop {
            if let Some(i) = rfind_newline(&self.buf[searched..self.filled]) {
                self.limit = searched + i + 1;
                return Some(shift);
            }
            searched = self.filled;
            if !self.fill() {
                if self.limit < self.filled {
                    self.limit = self.filled;
                    return Some(shift);
                }
                return None;
            }
        }
    }

    /// Where the current line's text ends (at its `\n`, or `limit`).
    pub(super) fn line_end(&self) -> usize {
        find2(&self.buf[self.pos..self.limit], b'\n', b'\n').map_or(self.limit, |i| self.pos + i)
    }

    /// The line of the last token read.
    pub(crate) fn token_line(&self) -> usize {
        self.token_line
    }

    /// The column (from 1, in characters) of the last token read.
    pub(crate) fn token_column(&self) -> usize {
        let before = &self.buf[self.token_line_start..self.token_start];
        if before.is_ascii() {
            before.len() + 1
        } else {
            text(before).chars().count() + 1
        }
    }

    /// The input's byte offset of the line the last token starts on.
    pub(crate) fn token_line_offset(&self) -> u64 {
        self.dropped + self.token_line_start as u64
    }

    /// The line the reader is on.
    pub(crate) fn line_no(&self) -> usize {
        self.line_no
    }

    /// The line and column (from 1, in characters) just after the token
    /// before the last one read: where the last token of a game ends once
    /// the reader has looked past it.
    pub(crate) fn previous_token_end(&self) -> (usize, usize) {
        let before = self.buf.get(self.prev_end_line_start..self.prev_end).unwrap_or(&[]);
        let column = if before.is_ascii() {
            before.len()
        } else {
            text(before).chars().count()
        };
        (self.prev_end_line, column + 1)
    }

    /// Whether a blank line (or more) comes between the last token read
    /// and the one before it.
    pub(crate) fn blank_line_before(&self) -> bool {
        self.token_line >= self.prev_end_line + 2
    }
}
