//! PGN tokens, read from any `BufRead` into one buffer.
//!
//! The buffer always ends its readable part (`buf[..limit]`) at a line
//! break, so a token other than a `{}` comment never has to wait for more
//! input in its middle, and line breaks are plain whitespace (counted for
//! error positions as they are passed). A token's text is not copied: it is
//! a range of the buffer, valid until the next token is read. Columns are
//! worked out only when an error asks for one.

mod buffer;
mod recovery;
mod words;

use std::io::BufRead;

use super::comment::RawComment;
use super::encoding::text;
use super::find::find2;
use super::tag::{RawTag, TagSpan, parse_tag};
pub(crate) use words::split_annotation;
use words::{DELIMITER, MAX_SAN, Word, classify_word, word_end};

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
    /// How many bytes before `buf[0]`: the input's offset of the buffer's
    /// start (bytes dropped as the buffer moves on).
    dropped: u64,
}

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
            dropped: 0,
        }
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

#[cfg(test)]
mod tests {
    use super::buffer::CHUNK;
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
