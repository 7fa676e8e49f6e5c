//! PGN tokens, read line by line from any `BufRead`.

use std::io::BufRead;

/// A token of PGN and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// `[Name "value"]`, with the escapes `\"` and `\\` resolved.
    Tag(String, String),
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
    Result(String),
    /// Something that fits nothing above.
    Junk(String),
    /// A `{` comment that is never closed.
    UnclosedComment,
}

/// The text of a move token, kept inline (no allocation per move).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct SanText {
    bytes: [u8; 24],
    len: u8,
}

impl SanText {
    fn new(text: &str) -> Option<SanText> {
        let mut bytes = [0u8; 24];
        bytes.get_mut(..text.len())?.copy_from_slice(text.as_bytes());
        Some(SanText {
            bytes,
            len: text.len() as u8,
        })
    }

    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

impl std::fmt::Debug for SanText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

/// A token with its 1-based line and column (in characters).
#[derive(Clone, Debug)]
pub(crate) struct Spanned {
    pub token: Token,
    pub line: usize,
    pub column: usize,
}

pub(crate) struct Lexer<R> {
    input: R,
    line: String,
    /// Byte position in `line`.
    pos: usize,
    line_no: usize,
    /// Whether the line is ASCII (then columns are byte offsets).
    ascii: bool,
    eof: bool,
    /// The text of the last comment read (reused between comments).
    comment: String,
    /// Reading the lines of a `{}` comment.
    in_comment: bool,
    pub(crate) io_error: Option<std::io::Error>,
    peeked: Option<Spanned>,
}

fn suffix_nag(s: &str) -> Option<u8> {
    Some(match s {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

impl<R: BufRead> Lexer<R> {
    pub(crate) fn new(input: R) -> Lexer<R> {
        Lexer {
            input,
            line: String::new(),
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

    /// Reads the next line into `self.line`. False at the end of input.
    fn next_line(&mut self) -> bool {
        if self.eof {
            return false;
        }
        // The line's bytes are read into the buffer the last line used, and
        // become the new line without a copy when they are valid UTF-8.
        let mut buf = std::mem::take(&mut self.line).into_bytes();
        buf.clear();
        match self.input.read_until(b'\n', &mut buf) {
            Ok(0) => {
                self.eof = true;
                return false;
            }
            Ok(_) => {}
            Err(e) => {
                self.io_error = Some(e);
                self.eof = true;
                return false;
            }
        }
        self.line_no += 1;
        // Files in Latin-1 and other junk: decoded lossily, never an error.
        self.line = match String::from_utf8(buf) {
            Ok(text) => text,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        if self.line_no == 1 && self.line.starts_with('\u{feff}') {
            self.line.drain(..3);
        }
        while self.line.ends_with(['\n', '\r']) {
            self.line.pop();
        }
        // `%` in the first column escapes the whole line (not inside a comment).
        if !self.in_comment && self.line.starts_with('%') {
            self.line.clear();
        }
        self.ascii = self.line.is_ascii();
        self.pos = 0;
        true
    }

    /// The 1-based column (in characters) of the read position.
    fn column(&self) -> usize {
        if self.ascii {
            self.pos + 1
        } else {
            self.line[..self.pos].chars().count() + 1
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
                let bytes = self.line.as_bytes();
                while self.pos < bytes.len() && bytes[self.pos].is_ascii_whitespace() {
                    self.pos += 1;
                }
                if self.pos < bytes.len() {
                    break;
                }
                if !self.next_line() {
                    return None;
                }
            }
            let (line, column) = (self.line_no, self.column());
            let spanned = |token| Some(Spanned { token, line, column });
            let bytes = self.line.as_bytes();
            let start = self.pos;
            match bytes[start] {
                b'[' => {
                    let (token, len) = read_tag(&self.line[start..]);
                    self.pos += len;
                    return spanned(token);
                }
                b'{' => return spanned(self.read_brace_comment()),
                b';' => {
                    self.comment.clear();
                    self.comment.push_str(&self.line[start + 1..]);
                    self.pos = self.line.len();
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
                    while end < bytes.len() && bytes[end].is_ascii_digit() {
                        end += 1;
                    }
                    let digits = &self.line[start + 1..end];
                    self.pos = end;
                    return match digits.parse::<u8>() {
                        Ok(n) => spanned(Token::Nag(n)),
                        Err(_) => spanned(Token::Junk(format!("${digits}"))),
                    };
                }
                _ => {}
            }
            // A word: up to whitespace or a character that starts a token.
            // (Bytes of multi-byte characters never equal these ASCII ones.)
            let mut end = start;
            while end < bytes.len() && !is_delimiter(bytes[end]) {
                end += 1;
            }
            if end == start {
                // A lone '}' or ']'.
                let c = self.line[start..].chars().next().unwrap_or('?');
                self.pos += c.len_utf8();
                return spanned(Token::Junk(c.to_string()));
            }
            self.pos = end;
            if let Some(token) = classify_word(&self.line[start..end]) {
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
            let rest = &self.line[self.pos..];
            if let Some(end) = rest.find('}') {
                self.comment.push_str(&rest[..end]);
                self.pos += end + 1;
                return Token::Comment;
            }
            self.comment.push_str(rest);
            self.comment.push(' ');
            self.pos = self.line.len();
            self.in_comment = true;
            let more = self.next_line();
            self.in_comment = false;
            if !more {
                return Token::UnclosedComment;
            }
        }
    }
}

/// Whether a byte ends a word of movetext.
fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$')
}

/// A word of movetext: a result, a move number (none), or a move with an
/// optional suffix annotation (returned as the SAN; the annotation is
/// recovered by [`split_annotation`]).
fn classify_word(word: &str) -> Option<Token> {
    let first = word.as_bytes()[0];
    // Most words are moves starting with a letter: skip the checks below.
    if first.is_ascii_alphabetic() {
        return Some(match SanText::new(word) {
            Some(san) => Token::San(san),
            None => Token::Junk(word.chars().take(32).collect()),
        });
    }
    match word {
        "1-0" | "0-1" | "1/2-1/2" | "*" => return Some(Token::Result(word.to_string())),
        "½-½" => return Some(Token::Result("1/2-1/2".to_string())),
        _ => {}
    }
    // Move numbers: "12.", "12...", "12" and the dots alone.
    let digits_end = word.find(|c: char| !c.is_ascii_digit()).unwrap_or(word.len());
    let after = &word[digits_end..];
    if after.chars().all(|c| c == '.') {
        return None;
    }
    // "12.e4" and "12...e5": a number glued to the move.
    let word = if digits_end > 0 && after.starts_with('.') {
        after.trim_start_matches('.')
    } else {
        word
    };
    if let Some(nag) = suffix_nag(word) {
        return Some(Token::Nag(nag));
    }
    Some(match SanText::new(word) {
        Some(san) => Token::San(san),
        None => Token::Junk(word.chars().take(32).collect()),
    })
}

/// Splits a suffix annotation off a move: `"e4!?"` gives `("e4", Some(5))`.
pub(crate) fn split_annotation(san: &str) -> (&str, Option<u8>) {
    let end = san.trim_end_matches(['!', '?']);
    (end, suffix_nag(&san[end.len()..]))
}

/// Reads `[Name "value"]` from the start of `text`; returns the token and
/// the bytes used. Lenient: an unquoted value runs to `]`.
fn read_tag(text: &str) -> (Token, usize) {
    let bytes = text.as_bytes();
    let mut i = 1;
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    let name_start = i;
    while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b'"' && bytes[i] != b']' {
        i += 1;
    }
    let name = text[name_start..i].to_string();
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    let mut value = String::new();
    if i < bytes.len() && bytes[i] == b'"' {
        i += 1;
        let mut chars = text[i..].char_indices();
        let mut closed = false;
        while let Some((j, c)) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some((_, e @ ('"' | '\\'))) => value.push(e),
                    Some((_, other)) => {
                        value.push('\\');
                        value.push(other);
                    }
                    None => value.push('\\'),
                },
                '"' => {
                    i += j + 1;
                    closed = true;
                    break;
                }
                c => value.push(c),
            }
        }
        if !closed {
            return (Token::Junk(text.to_string()), text.len());
        }
    } else {
        let end = text[i..].find(']').map_or(text.len(), |e| i + e);
        value = text[i..end].trim().to_string();
        i = end;
    }
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    if i < bytes.len() && bytes[i] == b']' {
        i += 1;
    } else {
        return (Token::Junk(text[..i].to_string()), i.max(1));
    }
    if name.is_empty() {
        return (Token::Junk(text[..i].to_string()), i);
    }
    (Token::Tag(name, value), i)
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
    fn tags_with_escapes() {
        assert_eq!(
            tokens(r#"[White "Kasparov, \"Garry\" \\ X"]"#),
            [Token::Tag("White".into(), r#"Kasparov, "Garry" \ X"#.into())]
        );
        assert_eq!(tokens("[Event ?]"), [Token::Tag("Event".into(), "?".into())]);
    }

    #[test]
    fn movetext() {
        use Token::*;
        assert_eq!(
            tokens("1. e4 {a\ncomment} e5!? 2.Nf3 $14 (2. f4) ; rest\n*"),
            [
                San(SanText::new("e4").unwrap()),
                Comment,
                Junk("a comment".into()),
                San(SanText::new("e5!?").unwrap()),
                San(SanText::new("Nf3").unwrap()),
                Nag(14),
                Open,
                San(SanText::new("f4").unwrap()),
                Close,
                Comment,
                Junk("rest".into()),
                Result("*".into()),
            ]
        );
        assert_eq!(tokens("{never closed"), [UnclosedComment]);
        assert_eq!(tokens("%escaped line\n1-0"), [Result("1-0".into())]);
        assert_eq!(
            tokens("{a\n%b}"),
            [Comment, Junk("a %b".into())],
            "no escape inside a comment"
        );
        assert_eq!(tokens("\u{feff}1/2-1/2"), [Result("1/2-1/2".into())]);
        assert_eq!(split_annotation("e4!?"), ("e4", Some(5)));
        assert_eq!(split_annotation("Nf3"), ("Nf3", None));
    }
}
