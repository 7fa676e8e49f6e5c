//! The encodings PGN files come in: UTF-8, and Latin-1 (as Windows-1252)
//! where a text is not UTF-8.

use std::borrow::Cow;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_1_is_read_as_windows_1252() {
        assert_eq!(text(b"Tal"), "Tal");
        assert_eq!(text("Réti".as_bytes()), "Réti");
        assert_eq!(text(b"R\xe9ti \x80 \x93quoted\x94"), "Réti € “quoted”");
    }
}
