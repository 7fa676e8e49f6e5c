//! The words of movetext: where a word ends, and what a word that is not
//! plainly a move is (a move number, a result, a suffix annotation).

use super::Token;
use crate::pgn::MOVE_MARKS;

/// The longest move text read as a move (longer words are junk).
pub(super) const MAX_SAN: usize = 16;

/// Which bytes end a word of movetext: whitespace and the bytes that start
/// or end another token.
pub(super) const DELIMITER: [bool; 256] = {
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
pub(super) fn word_end(line: &[u8], from: usize) -> usize {
    let mut end = from;
    while end < line.len() && !DELIMITER[line[end] as usize] {
        end += 1;
    }
    end
}

/// What a word of movetext that does not start with a letter is (a word
/// that does is a move, read straight away by [`Lexer::read`]).
pub(super) enum Word {
    /// A move (or junk, if it cannot be one), starting this many bytes into
    /// the word: a move number glued to it ("12.e4") is skipped.
    Move(usize),
    /// A result or a lone suffix annotation.
    Token(Token),
    /// A move number ("12." or "12...").
    Number,
}

pub(super) fn classify_word(word: &[u8]) -> Word {
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

fn suffix_nag(s: &[u8]) -> Option<u8> {
    MOVE_MARKS
        .iter()
        .find(|(_, symbol)| symbol.as_bytes() == s)
        .map(|&(nag, _)| nag)
}
