//! PGN tokens, read from any `BufRead` into one buffer.
//!
//! The buffer always ends its readable part (`buf[..limit]`) at a line
//! break, so a token other than a `{}` comment never has to wait for more
//! input in its middle, and line breaks are plain whitespace (counted for
//! error positions as they are passed). A token's text is not copied: it is
//! a range of the buffer, valid until the next token is read. Columns are
//! worked out only when an error asks for one.

use std::borrow::Cow;
use std::io::BufRead;

/// A token of PGN. Its text, where it has one, is in the [`Lexer`] until
/// the next token is read: [`Lexer::word`], [`Lexer::comment`],
/// [`Lexer::tag`], [`Lexer::junk`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// `[Name "value"]`, with the escapes `\"` and `\\` resolved.
    Tag,
    /// `{...}` or `; ...`.
    Comment,
    /// `$n`, or the suffix annotations `!`, `?`, `!!`, `??`, `!?`, `?!`.
    Nag(u8),
    /// A move in SAN, possibly with a suffix annotation (see
    /// [`split_annotation`]).
    San,
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`: its index in [`RESULTS`] (so a
    /// token is two bytes, returned in a register).
    Result(u8),
    /// Something that fits nothing above.
    Junk,
    /// A `{` comment that is never closed.
    UnclosedComment,
}

/// The game termination markers, by the index a [`Token::Result`] holds.
pub(crate) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The text of a comment as the reader found it: the bytes between `{`
/// and `}` (or after `;`), line breaks turned into spaces. Decoding it is
/// left to whoever wants it, so skipping comments costs nothing.
///
/// ```
/// use chess_core::pgn::{PgnReader, RawComment, Visitor, clock};
/// use chess_core::Outcome;
///
/// /// The clock times of a game's moves, in seconds.
/// struct Clocks(Vec<u64>);
/// impl Visitor for Clocks {
///     type Output = Vec<u64>;
///     fn comment(&mut self, comment: RawComment<'_>) {
///         if let Some(left) = clock(&comment.text()) {
///             self.0.push(left.as_secs());
///         }
///     }
///     fn end_game(&mut self, _result: Option<Outcome>) -> Vec<u64> {
///         std::mem::take(&mut self.0)
///     }
/// }
/// let pgn = "1. e4 { [%clk 0:03:00] } e5 {[%clk 0:02:58]\nslow} *";
/// let clocks = PgnReader::new(pgn.as_bytes()).visit_game(&mut Clocks(Vec::new())).unwrap()?;
/// assert_eq!(clocks, [180, 178]);
/// # Ok::<(), chess_core::pgn::PgnError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawComment<'a>(pub(crate) &'a [u8]);

impl<'a> RawComment<'a> {
    /// The comment's bytes, untrimmed.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The comment's text, trimmed; a comment that is not UTF-8 is read as
    /// Latin-1 (see the [module documentation](crate::pgn)).
    pub fn text(&self) -> Cow<'a, str> {
        match text(self.0) {
            Cow::Borrowed(s) => Cow::Borrowed(s.trim()),
            Cow::Owned(s) => Cow::Owned(s.trim().to_string()),
        }
    }
}

/// How many bytes are asked of the input at a time.
const CHUNK: usize = 1 << 16;

pub(crate) struct Lexer<R> {
    input: R,
    /// Bytes read from the input, the first `filled` of them valid.
    /// `buf[..limit]` ends with a line break or is all the input there is;
    /// bytes after `limit` wait for the rest of their line.
    buf: Vec<u8>,
    filled: usize,
    limit: usize,
    /// Read position in `buf`.
    pos: usize,
    /// The line of `pos`, from 1, and where that line starts in `buf`.
    line_no: usize,
    line_start: usize,
    /// The input has no more bytes (or failed).
    eof: bool,
    /// The byte order mark at the start has been looked for.
    started: bool,
    /// The last token has been read: there are no more.
    ended: bool,
    /// Where the last token starts: its line, that line's start and its own
    /// start in `buf`.
    token_line: usize,
    token_line_start: usize,
    token_start: usize,
    /// Where the token before the last one ended: its line (to see a blank
    /// line between them), and that line's start and the end in `buf`.
    prev_end_line: usize,
    prev_end_line_start: usize,
    prev_end: usize,
    /// Error recovery stops at `pos`, the start of the next game's line
    /// (where an unclosed comment ran into it).
    resume_here: bool,
    /// The range in `buf` of the last move or comment token's text.
    text: (usize, usize),
    /// A multi-line comment's text, line breaks made spaces.
    multiline: Option<Vec<u8>>,
    /// The last tag read: its name and value as ranges of `buf`.
    tag: TagSpan,
    /// The last junk read.
    junk: String,
    pub(crate) io_error: Option<std::io::Error>,
    peeked: Option<Token>,
}

fn suffix_nag(s: &[u8]) -> Option<u8> {
    super::MOVE_MARKS
        .iter()
        .find(|(_, symbol)| symbol.as_bytes() == s)
        .map(|&(nag, _)| nag)
}

/// Text as it is kept: UTF-8 as it is; a piece of text (a tag value, a
/// comment) that is not valid UTF-8 is read as Latin-1, the other encoding
/// PGN files come in (old databases, ChessBase exports), in its Windows-1252
/// form, as browsers read text labelled Latin-1: every byte is a character,
/// nothing is lost or refused.
pub(crate) fn text(bytes: &[u8]) -> Cow<'_, str> {
    // `from_utf8` first: its ASCII fast path is the common case.
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| windows_1252(b)).collect()),
    }
}

/// The character of a Windows-1252 byte (Latin-1, with printable
/// characters where Latin-1 has control codes 0x80-0x9f).
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '\u{20ac}', '\u{81}', '\u{201a}', '\u{192}', '\u{201e}', '\u{2026}', '\u{2020}', '\u{2021}', '\u{2c6}',
        '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8d}', '\u{17d}', '\u{8f}', '\u{90}', '\u{2018}', '\u{2019}',
        '\u{201c}', '\u{201d}', '\u{2022}', '\u{2013}', '\u{2014}', '\u{2dc}', '\u{2122}', '\u{161}', '\u{203a}',
        '\u{153}', '\u{9d}', '\u{17e}', '\u{178}',
    ];
    match b {
        0x80..=0x9f => HIGH[(b - 0x80) as usize],
        _ => b as char,
    }
}

/// The longest move text read as a move (longer words are junk).
const MAX_SAN: usize = 16;

impl<R: BufRead> Lexer<R> {
    pub(crate) fn new(input: R) -> Lexer<R> {
        Lexer::starting_at_line(input, 1)
    }

    /// A lexer of `input`, whose first line is line `first_line` of a
    /// larger text (a piece of a file read on another thread).
    pub(crate) fn starting_at_line(input: R, first_line: usize) -> Lexer<R> {
        Lexer {
            input,
            buf: Vec::new(),
            filled: 0,
            limit: 0,
            pos: 0,
            line_no: first_line,
            line_start: 0,
            eof: false,
            started: false,
            ended: false,
            token_line: first_line,
            token_line_start: 0,
            token_start: 0,
            prev_end_line: first_line,
            prev_end_line_start: 0,
            prev_end: 0,
            resume_here: false,
            text: (0, 0),
            multiline: None,
            tag: TagSpan::default(),
            junk: String::new(),
            io_error: None,
            peeked: None,
        }
    }

    /// Reads more input at the end of `buf`. False when there is none.
    fn fill(&mut self) -> bool {
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
    fn refill(&mut self) -> Option<usize> {
        let keep = self.token_line_start.min(self.line_start).min(self.prev_end_line_start);
        // Only drop what is worth a copy of the rest.
        let shift = if keep > 0 && keep >= self.filled / 2 { keep } else { 0 };
        if shift > 0 {
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

    /// The line the reader is on.
    pub(crate) fn line_no(&self) -> usize {
        self.line_no
    }

    pub(crate) fn peek(&mut self) -> Option<Token> {
        if self.peeked.is_none() {
            self.peeked = self.read();
        }
        self.peeked
    }

    #[inline(always)]
    pub(crate) fn next_token(&mut self) -> Option<Token> {
        match self.peeked.take() {
            Some(t) => Some(t),
            None => self.read(),
        }
    }

    /// Puts back the token just taken (it is read again next, with its text).
    pub(crate) fn push_back(&mut self, token: Token) {
        self.peeked = Some(token);
    }

    /// The text of the last [`Token::San`].
    pub(crate) fn word(&self) -> &[u8] {
        &self.buf[self.text.0..self.text.1]
    }

    /// The text of the last [`Token::Comment`].
    pub(crate) fn comment(&self) -> RawComment<'_> {
        match &self.multiline {
            Some(text) => RawComment(text),
            None => RawComment(&self.buf[self.text.0..self.text.1]),
        }
    }

    /// The name and value of the last [`Token::Tag`].
    pub(crate) fn tag(&self) -> (&[u8], RawTag<'_>) {
        let t = &self.tag;
        let value = RawTag {
            bytes: &self.buf[t.value.0..t.value.1],
            quoted: t.quoted,
        };
        (&self.buf[t.name.0..t.name.1], value)
    }

    /// Whether the last [`Token::Tag`]'s value held quotes that were not
    /// escaped (read leniently, see [`parse_tag`]).
    pub(crate) fn tag_had_unescaped_quotes(&self) -> bool {
        self.tag.unescaped_quotes
    }

    /// The text of the last [`Token::Junk`].
    pub(crate) fn junk(&self) -> &str {
        &self.junk
    }

    /// Passes whitespace, line breaks and `%` lines, up to the start of the
    /// next token (where the token's place is set). False at the end of the
    /// input.
    #[inline(always)]
    fn skip_space(&mut self) -> bool {
        loop {
            let buf = &self.buf[..self.limit];
            // In registers while bytes are passed, stored once: a field
            // written here and read back at once, next to another, stalls
            // the CPU (the compiler copies the two together).
            let (mut pos, mut line_no, mut line_start) = (self.pos, self.line_no, self.line_start);
            // Tests in the order of how often they hold, the first a range
            // (a match here becomes a jump table: an indirect branch the CPU
            // mispredicts).
            while pos < buf.len() {
                let b = buf[pos];
                let token = if b > b' ' && b != b'%' {
                    true
                } else if b == b' ' {
                    pos += 1;
                    false
                } else if b == b'\n' {
                    pos += 1;
                    line_no += 1;
                    line_start = pos;
                    false
                } else if b == b'%' && pos == line_start {
                    // `%` in the first column escapes the whole line.
                    pos = find2(&buf[pos..], b'\n', b'\n').map_or(buf.len(), |i| pos + i);
                    false
                } else if b.is_ascii_whitespace() {
                    pos += 1;
                    false
                } else {
                    true
                };
                if token {
                    // The start of the next token.
                    self.pos = pos;
                    self.line_no = line_no;
                    self.line_start = line_start;
                    self.token_line = line_no;
                    self.token_line_start = line_start;
                    self.token_start = pos;
                    return true;
                }
            }
            self.pos = pos;
            self.line_no = line_no;
            self.line_start = line_start;
            if self.refill().is_none() {
                return false;
            }
        }
    }

    /// Where the current line's text ends (at its `\n`, or `limit`).
    fn line_end(&self) -> usize {
        find2(&self.buf[self.pos..self.limit], b'\n', b'\n').map_or(self.limit, |i| self.pos + i)
    }

    /// Reads the next token, across lines.
    #[inline(always)]
    fn read(&mut self) -> Option<Token> {
        if !self.started {
            self.started = true;
            self.refill();
            if self.buf[..self.filled].starts_with(b"\xef\xbb\xbf") {
                self.pos = 3;
                self.line_start = 3;
            }
        }
        if self.ended {
            // Asked again at the end: where the last token ended stays.
            return None;
        }
        self.prev_end_line = self.line_no;
        self.prev_end_line_start = self.line_start;
        self.prev_end = self.pos;
        loop {
            if !self.skip_space() {
                self.ended = true;
                return None;
            }
            // `skip_space` has set where the token starts.
            let start = self.pos;
            let line = &self.buf[..self.limit];
            // Most tokens are moves, starting with a letter: straight to
            // their end. (The loop is [`word_end`]'s, written out: shared,
            // the compiler merges the two loops and their branches predict
            // worse, 12% more misses under callgrind.)
            if line[start].is_ascii_alphabetic() {
                let mut end = start + 1;
                while end < line.len() && !DELIMITER[line[end] as usize] {
                    end += 1;
                }
                self.pos = end;
                return Some(self.move_or_junk(start, end));
            }
            // Move numbers ("12.", "12...", "12": digits, then dots), most
            // of the words that are not moves, are passed over here.
            if line[start].is_ascii_digit() {
                let mut end = start + 1;
                while end < line.len() && line[end].is_ascii_digit() {
                    end += 1;
                }
                let digits_end = end;
                while end < line.len() && line[end] == b'.' {
                    end += 1;
                }
                if end == line.len() || DELIMITER[line[end] as usize] {
                    self.pos = end;
                    continue;
                }
                // "12.Nf3", as ChessBase writes every White move: the move.
                if end > digits_end && line[end].is_ascii_alphabetic() {
                    let move_start = end;
                    while end < line.len() && !DELIMITER[line[end] as usize] {
                        end += 1;
                    }
                    self.pos = end;
                    self.token_start = move_start;
                    return Some(self.move_or_junk(move_start, end));
                }
            }
            match line[start] {
                b'[' => return Some(self.read_tag()),
                b'{' => return Some(self.read_brace_comment()),
                b';' => {
                    let mut end = self.line_end();
                    self.pos = end;
                    while end > start + 1 && self.buf[end - 1] == b'\r' {
                        end -= 1;
                    }
                    self.text = (start + 1, end);
                    self.multiline = None;
                    return Some(Token::Comment);
                }
                b'(' => {
                    self.pos += 1;
                    return Some(Token::Open);
                }
                b')' => {
                    self.pos += 1;
                    return Some(Token::Close);
                }
                b'$' => {
                    let mut end = start + 1;
                    while end < line.len() && line[end].is_ascii_digit() {
                        end += 1;
                    }
                    let digits = &line[start + 1..end];
                    self.pos = end;
                    return match std::str::from_utf8(digits).ok().and_then(|d| d.parse::<u8>().ok()) {
                        Some(n) => Some(Token::Nag(n)),
                        None => {
                            self.junk = format!("${}", text(digits));
                            Some(Token::Junk)
                        }
                    };
                }
                _ => {}
            }
            // A word: up to whitespace or a byte that starts a token.
            // (Bytes of multi-byte characters never equal these ASCII ones.)
            let end = word_end(line, start);
            if end == start {
                // A lone '}' or ']'.
                self.pos += 1;
                self.junk = (line[start] as char).to_string();
                return Some(Token::Junk);
            }
            self.pos = end;
            match classify_word(&line[start..end]) {
                Word::Move(skip) => return Some(self.move_or_junk(start + skip, end)),
                Word::Token(token) => return Some(token),
                // A move number alone ("12." or "12..."): nothing to return.
                Word::Number => {}
            }
        }
    }

    /// `buf[start..end]` as a move, or as junk when it cannot be one (too
    /// long, or not ASCII).
    #[inline(always)]
    fn move_or_junk(&mut self, start: usize, end: usize) -> Token {
        let word = &self.buf[start..end];
        if word.len() <= MAX_SAN && word.is_ascii() {
            self.text = (start, end);
            Token::San
        } else {
            self.junk = text(word).chars().take(32).collect();
            Token::Junk
        }
    }

    fn read_brace_comment(&mut self) -> Token {
        let mut start = self.pos + 1;
        let mut from = start;
        let mut lines = false;
        // The start of the line before the one being scanned.
        let mut prev_line_start = self.line_start;
        let end = loop {
            match find2(&self.buf[from..self.limit], b'}', b'\n') {
                Some(i) if self.buf[from + i] == b'}' => break from + i,
                Some(i) => {
                    from += i + 1;
                    self.line_no += 1;
                    prev_line_start = self.line_start;
                    self.line_start = from;
                    lines = true;
                }
                None => {
                    self.pos = self.limit;
                    match self.refill() {
                        Some(shift) => {
                            start -= shift;
                            prev_line_start -= shift;
                            from = self.limit.min(self.pos);
                        }
                        None => return Token::UnclosedComment,
                    }
                }
            }
            // A comment never closed runs into the next game: it ends there,
            // unclosed, so one bad game costs one game.
            if from == self.line_start && self.next_game_starts_here(prev_line_start) {
                self.pos = from;
                self.resume_here = true;
                return Token::UnclosedComment;
            }
        };
        self.pos = end + 1;
        self.text = (start, end);
        self.multiline = lines.then(|| {
            // Line breaks (with the `\r` of CRLF) become spaces.
            let mut out = Vec::with_capacity(end - start);
            for &b in &self.buf[start..end] {
                match b {
                    b'\n' => {
                        while out.last() == Some(&b'\r') {
                            out.pop();
                        }
                        out.push(b' ');
                    }
                    b => out.push(b),
                }
            }
            out
        });
        Token::Comment
    }

    /// Whether the line starting at `line_start` begins the next game for
    /// error recovery: it starts with `[Event `, after a blank line (which
    /// starts at `prev_line_start`).
    fn next_game_starts_here(&self, prev_line_start: usize) -> bool {
        self.buf[self.line_start..self.limit].starts_with(b"[Event ")
            && self.buf[prev_line_start..self.line_start]
                .iter()
                .all(u8::is_ascii_whitespace)
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

    /// Reads `[Name "value"]` (to the end of the line at most).
    fn read_tag(&mut self) -> Token {
        let rest = &self.buf[self.pos..self.limit];
        match parse_tag(rest) {
            Ok((len, span)) => {
                // Ranges of `buf`, not of the line.
                let at = self.pos;
                self.tag = TagSpan {
                    name: (at + span.name.0, at + span.name.1),
                    value: (at + span.value.0, at + span.value.1),
                    ..span
                };
                self.pos += len;
                Token::Tag
            }
            Err(len) => {
                let mut junk = &rest[..len];
                while let [before @ .., b'\r'] = junk {
                    junk = before;
                }
                self.junk = text(junk).into_owned();
                self.pos += len;
                Token::Junk
            }
        }
    }
}

/// The index of the last line break in `bytes`, eight bytes at a time from
/// the end (the lines of lichess exports run to many kilobytes).
fn rfind_newline(bytes: &[u8]) -> Option<usize> {
    const LOWS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut chunks = bytes.rchunks_exact(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])) ^ 0x0a0a_0a0a_0a0a_0a0a;
        // The high bit of each byte that was a line break, exactly (no
        // borrows between bytes).
        let found = !(((word & LOWS) + LOWS) | word | LOWS);
        if found != 0 {
            let byte = 7 - (found.leading_zeros() / 8) as usize;
            return Some(bytes.len() - (i + 1) * 8 + byte);
        }
    }
    chunks.remainder().iter().rposition(|&b| b == b'\n')
}

/// The index of the first `a` or `b` in `bytes` (comments are read this
/// way, so their text costs little).
///
/// The first 32 bytes are searched eight at a time (most comments are
/// short, `{ [%clk 0:04:58] }`); then blocks of 32 bytes are first asked
/// only whether they hold either byte: a loop without an early exit, which
/// the compiler turns into vector compares (16 bytes an instruction with
/// the baseline x86-64's SSE2), and the block that does is searched eight
/// bytes at a time.
pub(crate) fn find2(bytes: &[u8], a: u8, b: u8) -> Option<usize> {
    const HEAD: usize = 32;
    const BLOCK: usize = 32;
    let head = bytes.len().min(HEAD);
    if let Some(i) = find3(&bytes[..head], a, b, b) {
        return Some(i);
    }
    let mut blocks = bytes[head..].chunks_exact(BLOCK);
    for (i, block) in blocks.by_ref().enumerate() {
        let found = block.iter().fold(false, |found, &x| found | (x == a) | (x == b));
        if found {
            return find3(block, a, b, b).map(|j| head + i * BLOCK + j);
        }
    }
    let tail = blocks.remainder();
    find3(tail, a, b, b).map(|j| bytes.len() - tail.len() + j)
}

/// The index of the first `a`, `b` or `c` in `bytes`, eight bytes at a time.
#[inline]
fn find3(bytes: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // A zero byte in `word` shows where the byte was; the lowest one
    // found this way is exact (borrows only run upwards).
    let zero = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS;
    let mut chunks = bytes.chunks_exact(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let found = zero(word ^ (ONES * u64::from(a)))
            | zero(word ^ (ONES * u64::from(b)))
            | zero(word ^ (ONES * u64::from(c)));
        if found != 0 {
            return Some(i * 8 + (found.trailing_zeros() / 8) as usize);
        }
    }
    let tail = chunks.remainder();
    tail.iter()
        .position(|&x| x == a || x == b || x == c)
        .map(|j| bytes.len() - tail.len() + j)
}

/// Which bytes end a word of movetext: whitespace and the bytes that start
/// or end another token.
const DELIMITER: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] =
            (b as u8).is_ascii_whitespace() || matches!(b as u8, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$');
        b += 1;
    }
    table
};

/// `½-½`, which some files write for a draw.
const HALF_HALF: &[u8] = "½-½".as_bytes();

/// Where the word running from `from` ends: at the first delimiter, or the
/// end of `line`.
#[inline(always)]
fn word_end(line: &[u8], from: usize) -> usize {
    let mut end = from;
    while end < line.len() && !DELIMITER[line[end] as usize] {
        end += 1;
    }
    end
}

/// What a word of movetext that does not start with a letter is (a word
/// that does is a move, read straight away by [`Lexer::read`]).
enum Word {
    /// A move (or junk, if it cannot be one), starting this many bytes into
    /// the word: a move number glued to it ("12.e4") is skipped.
    Move(usize),
    /// A result or a lone suffix annotation.
    Token(Token),
    /// A move number ("12." or "12...").
    Number,
}

fn classify_word(word: &[u8]) -> Word {
    match word {
        b"1-0" => return Word::Token(Token::Result(0)),
        b"0-1" => return Word::Token(Token::Result(1)),
        b"1/2-1/2" | HALF_HALF => return Word::Token(Token::Result(2)),
        b"*" => return Word::Token(Token::Result(3)),
        _ => {}
    }
    // Move numbers: "12.", "12...", "12" and the dots alone.
    let digits_end = word.iter().position(|b| !b.is_ascii_digit()).unwrap_or(word.len());
    let after = &word[digits_end..];
    if after.iter().all(|&b| b == b'.') {
        return Word::Number;
    }
    // "12.e4" and "12...e5": a number glued to the move.
    let skip = if digits_end > 0 && after.starts_with(b".") {
        digits_end + after.iter().take_while(|&&b| b == b'.').count()
    } else {
        0
    };
    if let Some(nag) = suffix_nag(&word[skip..]) {
        return Word::Token(Token::Nag(nag));
    }
    Word::Move(skip)
}

/// Splits a suffix annotation off a move: `"e4!?"` gives `("e4", Some(5))`.
#[inline]
pub(crate) fn split_annotation(san: &[u8]) -> (&[u8], Option<u8>) {
    if !matches!(san.last(), Some(b'!' | b'?')) {
        return (san, None);
    }
    let mut end = san.len();
    while end > 0 && matches!(san[end - 1], b'!' | b'?') {
        end -= 1;
    }
    if end == san.len() {
        return (san, None);
    }
    (&san[..end], suffix_nag(&san[end..]))
}

/// Where a tag's name and value are (ranges of a line, or of the buffer),
/// and how the value was written.
#[derive(Clone, Copy, Debug, Default)]
struct TagSpan {
    name: (usize, usize),
    /// Between the quotes, escapes unresolved (or the unquoted value).
    value: (usize, usize),
    /// The value was in quotes (so `\"` and `\\` are escapes).
    quoted: bool,
    /// The value held quotes that were not escaped.
    unescaped_quotes: bool,
}

/// A tag's value as the reader found it: the bytes between the quotes,
/// escapes unresolved. Decoding is left to whoever wants it ([`RawTag::text`]),
/// so a visitor that ignores tags pays nothing for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawTag<'a> {
    bytes: &'a [u8],
    quoted: bool,
}

impl<'a> RawTag<'a> {
    /// The value's bytes as written (escapes such as `\"` left in).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The value: escapes `\"` and `\\` resolved, and read as UTF-8, or
    /// Latin-1 where it is not UTF-8 (see the [module documentation](crate::pgn)).
    pub fn text(&self) -> Cow<'a, str> {
        if !self.quoted {
            return match text(self.bytes) {
                Cow::Borrowed(s) => Cow::Borrowed(s.trim()),
                Cow::Owned(s) => Cow::Owned(s.trim().to_string()),
            };
        }
        if !self.bytes.contains(&b'\\') {
            return text(self.bytes);
        }
        let mut out = Vec::with_capacity(self.bytes.len());
        let mut i = 0;
        while i < self.bytes.len() {
            match (self.bytes[i], self.bytes.get(i + 1)) {
                (b'\\', Some(&e @ (b'"' | b'\\'))) => {
                    out.push(e);
                    i += 2;
                }
                (b, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        Cow::Owned(text(&out).into_owned())
    }
}

/// Reads `[Name "value"]` from the start of `text`, within its first line:
/// gives the bytes used and where name and value are, or as an error how
/// many bytes of junk there are.
///
/// Lenient as real files need: an unquoted value runs to `]`, and a `"`
/// ends a quoted value only where `]` follows it, so `[White ""Socrates
/// Expert""]` is the value `"Socrates Expert"` (escapes `\"` and `\\` are
/// read as the standard says).
#[inline(always)]
fn parse_tag(text: &[u8]) -> Result<(usize, TagSpan), usize> {
    // Spaces within the line (a tag never reads past its line break).
    let skip_space = |mut i: usize| {
        while i < text.len() && text[i] != b'\n' && text[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    let line_end = || text.iter().position(|&b| b == b'\n').unwrap_or(text.len());
    let mut span = TagSpan::default();
    let mut i = skip_space(1);
    let name_start = i;
    // Tag names are a letter, then letters, digits and `_` (a few programs
    // add `-`, `.` or `+`); anything else, such as `[%clk ...]` outside
    // braces, is junk.
    while i < text.len() && TAG_NAME[text[i] as usize] {
        i += 1;
    }
    let name_ends_well = i == text.len() || text[i].is_ascii_whitespace() || matches!(text[i], b'"' | b']');
    if i == name_start || !text[name_start].is_ascii_alphabetic() || !name_ends_well {
        // Junk up to the bracket's end.
        let end = line_end();
        return Err(text[..end].iter().position(|&b| b == b']').map_or(end, |e| e + 1));
    }
    span.name = (name_start, i);
    i = skip_space(i);
    if i < text.len() && text[i] == b'"' {
        let start = i + 1;
        i = start;
        let end = loop {
            let at = match find3(&text[i..], b'"', b'\\', b'\n') {
                Some(k) if text[i + k] != b'\n' => i + k,
                _ => return Err(line_end()),
            };
            if text[at] == b'\\' {
                // An escape (`\"`, `\\`) is passed over; a lone backslash is
                // kept as it is.
                i = at + 1 + matches!(text.get(at + 1), Some(b'"' | b'\\')) as usize;
                continue;
            }
            let after = skip_space(at + 1);
            if after < text.len() && text[after] == b']' {
                break at;
            }
            // A quote inside the value: part of it.
            span.unescaped_quotes = true;
            i = at + 1;
        };
        span.value = (start, end);
        span.quoted = true;
        i = end + 1;
    } else {
        let end = find3(&text[i..], b']', b'\n', b'\n').map_or(text.len(), |e| i + e);
        span.value = (i, end);
        i = end;
    }
    i = skip_space(i);
    if i < text.len() && text[i] == b']' {
        i += 1;
    } else {
        return Err(i.max(1));
    }
    Ok((i, span))
}

/// Whether `line` starts with a tag (not `[%cal ...]` or other bracketed
/// text): where, after a blank line, a game starts.
/// The name and value of the tag a line holds, if it is a tag line.
pub(crate) fn tag_of_line(line: &[u8]) -> Option<(Cow<'_, str>, RawTag<'_>)> {
    if line.first() != Some(&b'[') {
        return None;
    }
    let (_, span) = parse_tag(line).ok()?;
    let name = text(&line[span.name.0..span.name.1]);
    let value = RawTag {
        bytes: &line[span.value.0..span.value.1],
        quoted: span.quoted,
    };
    Some((name, value))
}

pub(crate) fn is_tag_line(line: &[u8]) -> bool {
    line.first() == Some(&b'[') && parse_tag(line).is_ok()
}

/// The bytes of a tag name.
const TAG_NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric() || matches!(b as u8, b'_' | b'-' | b'.' | b'+');
        b += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    /// What a test compares: a token with its text.
    #[derive(Debug, PartialEq, Eq)]
    enum T {
        Tag(&'static str, &'static str),
        Comment(&'static str),
        Nag(u8),
        San(&'static str),
        Open,
        Close,
        Result(&'static str),
        Junk(&'static str),
        UnclosedComment,
    }

    /// The tokens of `input`, with their text, read through a reader that
    /// hands out `chunk` bytes at a time.
    fn tokens_in_chunks(input: &str, chunk: usize) -> Vec<(T, usize, usize)> {
        struct Trickle<'a>(&'a [u8], usize);
        impl std::io::Read for Trickle<'_> {
            fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
                let n = self.0.len().min(self.1).min(out.len());
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let mut lexer = Lexer::new(std::io::BufReader::with_capacity(
            chunk,
            Trickle(input.as_bytes(), chunk),
        ));
        let mut out = Vec::new();
        while let Some(token) = lexer.next_token() {
            let t = match token {
                Token::Tag => {
                    let (name, value) = lexer.tag();
                    T::Tag(leak(text(name).into_owned()), leak(value.text().into_owned()))
                }
                Token::Comment => T::Comment(leak(lexer.comment().text().into_owned())),
                Token::Nag(n) => T::Nag(n),
                Token::San => T::San(leak(String::from_utf8(lexer.word().to_vec()).unwrap())),
                Token::Open => T::Open,
                Token::Close => T::Close,
                Token::Result(r) => T::Result(RESULTS[r as usize & 3]),
                Token::Junk => T::Junk(leak(lexer.junk().to_string())),
                Token::UnclosedComment => T::UnclosedComment,
            };
            out.push((t, lexer.token_line(), lexer.token_column()));
        }
        out
    }

    /// The tokens of `input`, checked to be the same whatever size of
    /// pieces the input arrives in.
    fn tokens(input: &str) -> Vec<T> {
        let whole = tokens_in_chunks(input, 1 << 16);
        for chunk in [1, 2, 3, 7] {
            assert_eq!(tokens_in_chunks(input, chunk), whole, "read {chunk} bytes at a time");
        }
        whole.into_iter().map(|(t, _, _)| t).collect()
    }

    #[test]
    fn the_last_line_break_is_found_eight_bytes_at_a_time() {
        let text = b"ab\ncdefghij\n\nklmnopqrstuvwxy\n\x8a\x0b\xff\n\x80z";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let bytes = &text[start..end];
                assert_eq!(
                    rfind_newline(bytes),
                    bytes.iter().rposition(|&b| b == b'\n'),
                    "{start}..{end}"
                );
            }
        }
    }

    #[test]
    fn bytes_are_found_eight_at_a_time() {
        let text = b"abcdefgh}ijklmnopqrstuvwxyz0123456789\n\xe9\xff}\x7d\x80\n\n";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let bytes = &text[start..end];
                assert_eq!(
                    find2(bytes, b'}', b'\n'),
                    bytes.iter().position(|&b| b == b'}' || b == b'\n'),
                    "{start}..{end}"
                );
            }
        }
    }

    #[test]
    fn tags_with_escapes() {
        assert_eq!(
            tokens(r#"[White "Kasparov, \"Garry\" \\ X"]"#),
            [T::Tag("White", r#"Kasparov, "Garry" \ X"#)]
        );
        assert_eq!(tokens("[Event ?]\r\n"), [T::Tag("Event", "?")]);
        assert_eq!(
            tokens("[Event \"open\r\n1-0"),
            [T::Junk("[Event \"open"), T::Result("1-0")]
        );
    }

    #[test]
    fn movetext() {
        use T::*;
        assert_eq!(
            tokens("1. e4 {a\ncomment} e5!? 2.Nf3 $14 (2. f4) ; rest\r\n*"),
            [
                San("e4"),
                Comment("a comment"),
                San("e5!?"),
                San("Nf3"),
                Nag(14),
                Open,
                San("f4"),
                Close,
                Comment("rest"),
                Result("*"),
            ]
        );
        assert_eq!(tokens("{never closed\nat all"), [UnclosedComment]);
        assert_eq!(tokens("%escaped line\n1-0"), [Result("1-0")]);
        assert_eq!(tokens("{a\r\n%b}"), [Comment("a %b")], "no escape inside a comment");
        assert_eq!(tokens("\u{feff}1/2-1/2"), [Result("1/2-1/2")]);
        assert_eq!(tokens("\u{feff}%x\n*"), [Result("*")]);
        assert_eq!(
            tokens("e4 $ ] Qxe8=Q+!! ?!"),
            [San("e4"), Junk("$"), Junk("]"), San("Qxe8=Q+!!"), Nag(6)]
        );
        assert_eq!(tokens("Nf3abcdefghijklmnop"), [Junk("Nf3abcdefghijklmnop")]);
        assert_eq!(split_annotation(b"e4!?"), (&b"e4"[..], Some(5)));
        assert_eq!(split_annotation(b"Nf3"), (&b"Nf3"[..], None));
    }

    #[test]
    fn input_streams_through_a_small_buffer() {
        // 20 MB of games, made as they are read: the buffer holds a few
        // chunks at most, never the input.
        struct Games {
            left: usize,
            game: &'static [u8],
            at: usize,
        }
        impl std::io::Read for Games {
            fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
                let mut n = 0;
                while n < out.len() && self.left > 0 {
                    let take = (out.len() - n).min(self.game.len() - self.at);
                    out[n..n + take].copy_from_slice(&self.game[self.at..self.at + take]);
                    n += take;
                    self.at += take;
                    if self.at == self.game.len() {
                        self.at = 0;
                        self.left -= 1;
                    }
                }
                Ok(n)
            }
        }
        let game: &[u8] = b"[Event \"x\"]\n\n1. e4 {a comment\nover two lines} e5 2. Nf3 Nc6 (2... d6) 1-0\n\n";
        let mut lexer = Lexer::new(std::io::BufReader::new(Games {
            left: 20_000_000 / game.len(),
            game,
            at: 0,
        }));
        let (mut results, mut biggest) = (0, 0);
        while let Some(token) = lexer.next_token() {
            results += (token == Token::Result(0)) as usize;
            biggest = biggest.max(lexer.buf.capacity());
        }
        assert_eq!(results, 20_000_000 / game.len());
        assert!(biggest <= 4 * CHUNK, "the buffer grew to {biggest} bytes");
    }

    #[test]
    fn lines_and_columns() {
        let read = tokens_in_chunks("[A \"b\"]\n\n1. e4 {x\ny} é5 $3\r\n  *", 3);
        let places: Vec<(usize, usize)> = read.iter().map(|&(_, line, column)| (line, column)).collect();
        assert_eq!(places, [(1, 1), (3, 4), (3, 7), (4, 4), (4, 7), (5, 3)]);
    }
}
