//! Tags: `[Name "value"]` read leniently, and [`RawTag`], a tag's value
//! as the reader found it.

use std::borrow::Cow;

use super::encoding::text;
use super::find::find3;

/// Where a tag's name and value are (ranges of a line, or of the buffer),
/// and how the value was written.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TagSpan {
    pub(crate) name: (usize, usize),
    /// Between the quotes, escapes unresolved (or the unquoted value).
    pub(crate) value: (usize, usize),
    /// The value was in quotes (so `\"` and `\\` are escapes).
    pub(crate) quoted: bool,
    /// The value held quotes that were not escaped.
    pub(crate) unescaped_quotes: bool,
}

/// A tag's value as the reader found it: the bytes between the quotes,
/// escapes unresolved. Decoding is left to whoever wants it ([`RawTag::text`]),
/// so a visitor that ignores tags pays nothing for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawTag<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) quoted: bool,
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
pub(crate) fn parse_tag(text: &[u8]) -> Result<(usize, TagSpan), usize> {
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

/// Whether `line` is a whole `[Event "…"]` tag line: after a blank line,
/// where the reader, the parallel reader's cutter and error recovery all
/// agree a game starts, even inside a comment never closed.
pub(crate) fn is_event_tag_line(line: &[u8]) -> bool {
    line.starts_with(b"[Event ") && is_tag_line(line)
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
