//! PGN tokens, read from any `BufRead` into one buffer that holds at least
//! the current line: no copy per line, and text is decoded only where it
//! is kept (tags, comments), so movetext is lexed byte by byte.

use std::io::BufRead;

/// A token of PGN and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// `[Name "value"]`, with the escapes `\"` and `\\` resolved (boxed:
    /// tags are rare beside moves, and tokens are moved often).
    Tag(Box<(String, String)>),
    /// `{...}` or `; ...`: the text is in [`Lexer::comment_text`] until the
    /// next token is read (so a comment costs no allocation of its own).
    Comment,
    /// `$n`, or the suffix annotations `!`, `?`, `!!`, `??`, `!?`, `?!`.
    Nag(u8),
    /// A move in SAN, possibly with a suffix annotation (see
    /// [`split_annotation`]).
    San(SanText),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'static str),
    /// Something that fits nothing above.
    Junk(String),
    /// A `{` comment that is never closed.
    UnclosedComment,
}

/// The text of a move token, kept inline (no allocation per move): up to
/// 16 ASCII bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct SanText {
    bytes: [u8; 16],
    len: u8,
}

impl SanText {
    fn new(text: &[u8]) -> Option<SanText> {
        if text.len() > 16 || !text.is_ascii() {
            return None;
        }
        // Byte by byte: moves are a few bytes long, shorter than a call to
        // `memcpy`.
        let mut bytes = [0u8; 16];
        for (to, &from) in bytes.iter_mut().zip(text) {
            *to = from;
        }
        Some(SanText {
            bytes,
            len: text.len() as u8,
        })
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }
}

impl std::fmt::Debug for SanText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", String::from_utf8_lossy(self.as_bytes()))
    }
}

/// A token with its 1-based line and column (in characters).
#[derive(Clone, Debug)]
pub(crate) struct Spanned {
    pub token: Token,
    pub line: usize,
    pub column: usize,
}

/// How many bytes are asked of the input at a time.
const CHUNK: usize = 1 << 16;

pub(crate) struct Lexer<R> {
    input: R,
    /// Bytes read from the input; the current line is `buf[line_start..end]`
    /// (without its line break), whole.
    buf: Vec<u8>,
    line_start: usize,
    /// The end of the current line's text (before `\r\n` or `\n`).
    end: usize,
    /// Where the next line starts (after the line break), or `buf.len()`.
    next_start: usize,
    /// Byte position of the reader in `buf`.
    pos: usize,
    line_no: usize,
    /// Whether the line is ASCII (then columns are byte offsets).
    ascii: bool,
    /// The input has no more bytes (or failed).
    eof: bool,
    /// The text of the last comment read (reused between comments).
    comment: String,
    /// Reading the lines of a `{}` comment.
    in_comment: bool,
    pub(crate) io_error: Option<std::io::Error>,
    peeked: Option<Spanned>,
}

fn suffix_nag(s: &[u8]) -> Option<u8> {
    Some(match s {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        _ => return None,
    })
}

/// Text as it is kept: UTF-8, with anything else (Latin-1 files and other
/// junk) decoded lossily, never an error.
fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    // `from_utf8` first: its ASCII fast path beats the lossy decoder's.
    match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

impl<R: BufRead> Lexer<R> {
    pub(crate) fn new(input: R) -> Lexer<R> {
        Lexer {
            input,
            buf: Vec::new(),
            line_start: 0,
            end: 0,
            next_start: 0,
            pos: 0,
            line_no: 0,
            ascii: true,
            eof: false,
            comment: String::new(),
            in_comment: false,
            io_error: None,
            peeked: None,
        }
    }

    /// Reads more input at the end of `buf`. False when there is none.
    fn fill(&mut self) -> bool {
        while !self.eof {
            let len = self.buf.len();
            self.buf.resize(len + CHUNK, 0);
            let read = self.input.read(&mut self.buf[len..]);
            match read {
                Ok(n) => {
                    self.buf.truncate(len + n);
                    if n == 0 {
                        self.eof = true;
                    } else {
                        return true;
                    }
                }
                Err(e) => {
                    self.buf.truncate(len);
                    if e.kind() != std::io::ErrorKind::Interrupted {
                        self.io_error = Some(e);
                        self.eof = true;
                    }
                }
            }
        }
        false
    }

    /// Moves to the next line, reading input until it is whole. False at
    /// the end of input.
    fn next_line(&mut self) -> bool {
        let mut start = self.next_start;
        let mut searched = start;
        let newline = loop {
            if let Some(i) = find_newline(&self.buf[searched..]) {
                break Some(searched + i);
            }
            searched = self.buf.len();
            // Drop the lines already read before reading more.
            if start > 0 {
                self.buf.drain(..start);
                searched -= start;
                start = 0;
            }
            if !self.fill() {
                break None;
            }
        };
        if newline.is_none() && start == self.buf.len() {
            self.line_start = start;
            self.end = start;
            self.next_start = start;
            self.pos = start;
            return false;
        }
        self.line_no += 1;
        let (mut end, next) = match newline {
            Some(i) => (i, i + 1),
            None => (self.buf.len(), self.buf.len()),
        };
        while end > start && matches!(self.buf[end - 1], b'\r' | b'\n') {
            end -= 1;
        }
        if self.line_no == 1 && self.buf[start..end].starts_with(b"\xef\xbb\xbf") {
            start += 3;
        }
        // `%` in the first column escapes the whole line (not inside a comment).
        if !self.in_comment && start < end && self.buf[start] == b'%' {
            end = start;
        }
        self.line_start = start;
        self.end = end;
        self.next_start = next;
        self.pos = start;
        self.ascii = self.buf[start..end].is_ascii();
        true
    }

    /// The 1-based column (in characters) of the read position.
    fn column(&self) -> usize {
        let before = self.pos - self.line_start;
        if self.ascii {
            before + 1
        } else {
            text(&self.buf[self.line_start..self.pos]).chars().count() + 1
        }
    }

    pub(crate) fn line_no(&self) -> usize {
        self.line_no
    }

    pub(crate) fn peek(&mut self) -> Option<&Spanned> {
        if self.peeked.is_none() {
            self.peeked = self.read();
        }
        self.peeked.as_ref()
    }

    pub(crate) fn next_token(&mut self) -> Option<Spanned> {
        match self.peeked.take() {
            Some(t) => Some(t),
            None => self.read(),
        }
    }

    /// Puts back the token just taken (it is read again next).
    pub(crate) fn push_back(&mut self, token: Spanned) {
        self.peeked = Some(token);
    }

    /// Reads the next token, across lines.
    fn read(&mut self) -> Option<Spanned> {
        loop {
            // Skip whitespace, reading lines as needed.
            loop {
                let line = &self.buf[..self.end];
                while self.pos < line.len() && line[self.pos].is_ascii_whitespace() {
                    self.pos += 1;
                }
                if self.pos < line.len() {
                    break;
                }
                if !self.next_line() {
                    return None;
                }
            }
            // Move numbers ("12.", "12...", "12": digits, then dots), most
            // of the words that are not moves, are passed over here, before
            // any token is made ([`classify_word`] would return none).
            let word = &self.buf[self.pos..self.end];
            if word[0].is_ascii_digit() {
                let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
                let len = digits + word[digits..].iter().take_while(|&&b| b == b'.').count();
                if word.get(len).is_none_or(|&b| DELIMITER[b as usize]) {
                    self.pos += len;
                    continue;
                }
            }
            let (line_no, column) = (self.line_no, self.column());
            let spanned = |token| {
                Some(Spanned {
                    token,
                    line: line_no,
                    column,
                })
            };
            let line = &self.buf[..self.end];
            let start = self.pos;
            match line[start] {
                b'[' => {
                    let (token, len) = read_tag(&line[start..]);
                    self.pos += len;
                    return spanned(token);
                }
                b'{' => return spanned(self.read_brace_comment()),
                b';' => {
                    self.comment.clear();
                    self.comment.push_str(&text(&line[start + 1..]));
                    self.pos = self.end;
                    return spanned(Token::Comment);
                }
                b'(' => {
                    self.pos += 1;
                    return spanned(Token::Open);
                }
                b')' => {
                    self.pos += 1;
                    return spanned(Token::Close);
                }
                b'$' => {
                    let mut end = start + 1;
                    while end < line.len() && line[end].is_ascii_digit() {
                        end += 1;
                    }
                    let digits = &line[start + 1..end];
                    self.pos = end;
                    return match std::str::from_utf8(digits).ok().and_then(|d| d.parse::<u8>().ok()) {
                        Some(n) => spanned(Token::Nag(n)),
                        None => spanned(Token::Junk(format!("${}", text(digits)))),
                    };
                }
                _ => {}
            }
            // A word: up to whitespace or a byte that starts a token.
            // (Bytes of multi-byte characters never equal these ASCII ones.)
            let mut end = start;
            while end < line.len() && !DELIMITER[line[end] as usize] {
                end += 1;
            }
            if end == start {
                // A lone '}' or ']'.
                self.pos += 1;
                return spanned(Token::Junk((line[start] as char).to_string()));
            }
            self.pos = end;
            if let Some(token) = classify_word(&line[start..end]) {
                return spanned(token);
            }
            // A move number alone ("12." or "12..."): nothing to return.
        }
    }

    /// The text of the comment token just read, trimmed; line breaks inside
    /// a `{}` comment are spaces.
    pub(crate) fn comment_text(&self) -> &str {
        self.comment.trim()
    }

    fn read_brace_comment(&mut self) -> Token {
        self.pos += 1;
        self.comment.clear();
        loop {
            let rest = &self.buf[self.pos..self.end];
            if let Some(end) = rest.iter().position(|&b| b == b'}') {
                self.comment.push_str(&text(&rest[..end]));
                self.pos += end + 1;
                return Token::Comment;
            }
            self.comment.push_str(&text(rest));
            self.comment.push(' ');
            self.pos = self.end;
            self.in_comment = true;
            let more = self.next_line();
            self.in_comment = false;
            if !more {
                return Token::UnclosedComment;
            }
        }
    }
}

/// The index of the first `\n` in `bytes`, eight bytes at a time.
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut chunks = bytes.chunks_exact(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])) ^ (ONES * u64::from(b'\n'));
        // A zero byte in `word` is a newline in the chunk.
        if word.wrapping_sub(ONES) & !word & HIGHS != 0 {
            let j = chunk.iter().position(|&b| b == b'\n').unwrap_or(0);
            return Some(i * 8 + j);
        }
    }
    let tail = chunks.remainder();
    tail.iter()
        .position(|&b| b == b'\n')
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

/// A word of movetext: a result, a move number (none), or a move with an
/// optional suffix annotation (returned as the SAN; the annotation is
/// recovered by [`split_annotation`]).
fn classify_word(word: &[u8]) -> Option<Token> {
    let junk = |word: &[u8]| Token::Junk(text(word).chars().take(32).collect());
    // Most words are moves starting with a letter: skip the checks below.
    if word[0].is_ascii_alphabetic() {
        return Some(SanText::new(word).map_or_else(|| junk(word), Token::San));
    }
    match word {
        b"1-0" => return Some(Token::Result("1-0")),
        b"0-1" => return Some(Token::Result("0-1")),
        b"1/2-1/2" | HALF_HALF => return Some(Token::Result("1/2-1/2")),
        b"*" => return Some(Token::Result("*")),
        _ => {}
    }
    // Move numbers: "12.", "12...", "12" and the dots alone.
    let digits_end = word.iter().position(|b| !b.is_ascii_digit()).unwrap_or(word.len());
    let after = &word[digits_end..];
    if after.iter().all(|&b| b == b'.') {
        return None;
    }
    // "12.e4" and "12...e5": a number glued to the move.
    let word = if digits_end > 0 && after.starts_with(b".") {
        let dots = after.iter().take_while(|&&b| b == b'.').count();
        &after[dots..]
    } else {
        word
    };
    if let Some(nag) = suffix_nag(word) {
        return Some(Token::Nag(nag));
    }
    Some(SanText::new(word).map_or_else(|| junk(word), Token::San))
}

/// Splits a suffix annotation off a move: `"e4!?"` gives `("e4", Some(5))`.
pub(crate) fn split_annotation(san: &[u8]) -> (&[u8], Option<u8>) {
    let mut end = san.len();
    while end > 0 && matches!(san[end - 1], b'!' | b'?') {
        end -= 1;
    }
    if end == san.len() {
        return (san, None);
    }
    (&san[..end], suffix_nag(&san[end..]))
}

/// Reads `[Name "value"]` from the start of `line`; returns the token and
/// the bytes used. Lenient: an unquoted value runs to `]`.
fn read_tag(line: &[u8]) -> (Token, usize) {
    let junk = |bytes: &[u8]| Token::Junk(text(bytes).into_owned());
    let mut i = 1;
    while i < line.len() && line[i].is_ascii_whitespace() {
        i += 1;
    }
    let name_start = i;
    while i < line.len() && !line[i].is_ascii_whitespace() && line[i] != b'"' && line[i] != b']' {
        i += 1;
    }
    let name = text(&line[name_start..i]).into_owned();
    while i < line.len() && line[i].is_ascii_whitespace() {
        i += 1;
    }
    let value;
    if i < line.len() && line[i] == b'"' {
        i += 1;
        let mut bytes = Vec::new();
        let mut closed = false;
        while i < line.len() {
            match line[i] {
                b'\\' => match line.get(i + 1) {
                    Some(&e @ (b'"' | b'\\')) => {
                        bytes.push(e);
                        i += 1;
                    }
                    _ => bytes.push(b'\\'),
                },
                b'"' => {
                    closed = true;
                    i += 1;
                    break;
                }
                b => bytes.push(b),
            }
            i += 1;
        }
        if !closed {
            return (junk(line), line.len());
        }
        value = match String::from_utf8(bytes) {
            Ok(v) => v,
            Err(e) => text(e.as_bytes()).into_owned(),
        };
    } else {
        let end = line[i..].iter().position(|&b| b == b']').map_or(line.len(), |e| i + e);
        value = text(&line[i..end]).trim().to_string();
        i = end;
    }
    while i < line.len() && line[i].is_ascii_whitespace() {
        i += 1;
    }
    if i < line.len() && line[i] == b']' {
        i += 1;
    } else {
        return (junk(&line[..i]), i.max(1));
    }
    if name.is_empty() {
        return (junk(&line[..i]), i);
    }
    (Token::Tag(Box::new((name, value))), i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens of `text`, with each comment's text after it.
    fn tokens(text: &str) -> Vec<Token> {
        let mut lexer = Lexer::new(text.as_bytes());
        let mut out = Vec::new();
        while let Some(s) = lexer.next_token() {
            let comment = s.token == Token::Comment;
            out.push(s.token);
            if comment {
                out.push(Token::Junk(lexer.comment_text().to_string()));
            }
        }
        out
    }

    #[test]
    fn newlines_are_found_eight_bytes_at_a_time() {
        let text = b"abcdefgh\nijklmnopqrstuvwxyz0123456789\n\xe9\xff\n\n";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let bytes = &text[start..end];
                assert_eq!(
                    find_newline(bytes),
                    bytes.iter().position(|&b| b == b'\n'),
                    "{start}..{end}"
                );
            }
        }
    }

    #[test]
    fn tags_with_escapes() {
        assert_eq!(
            tokens(r#"[White "Kasparov, \"Garry\" \\ X"]"#),
            [Token::Tag(Box::new((
                "White".into(),
                r#"Kasparov, "Garry" \ X"#.into()
            )))]
        );
        assert_eq!(
            tokens("[Event ?]"),
            [Token::Tag(Box::new(("Event".into(), "?".into())))]
        );
    }

    #[test]
    fn movetext() {
        use Token::*;
        assert_eq!(
            tokens("1. e4 {a\ncomment} e5!? 2.Nf3 $14 (2. f4) ; rest\n*"),
            [
                San(SanText::new(b"e4").unwrap()),
                Comment,
                Junk("a comment".into()),
                San(SanText::new(b"e5!?").unwrap()),
                San(SanText::new(b"Nf3").unwrap()),
                Nag(14),
                Open,
                San(SanText::new(b"f4").unwrap()),
                Close,
                Comment,
                Junk("rest".into()),
                Result("*"),
            ]
        );
        assert_eq!(tokens("{never closed"), [UnclosedComment]);
        assert_eq!(tokens("%escaped line\n1-0"), [Result("1-0")]);
        assert_eq!(
            tokens("{a\n%b}"),
            [Comment, Junk("a %b".into())],
            "no escape inside a comment"
        );
        assert_eq!(tokens("\u{feff}1/2-1/2"), [Result("1/2-1/2")]);
        assert_eq!(split_annotation(b"e4!?"), (&b"e4"[..], Some(5)));
        assert_eq!(split_annotation(b"Nf3"), (&b"Nf3"[..], None));
    }
}
