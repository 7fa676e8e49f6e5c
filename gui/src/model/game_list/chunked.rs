//! Storage that grows without moving what it holds: fixed-size chunks.
//!
//! The game list fills on the UI's thread as the file is scanned, up to
//! millions of games. A `Vec` or `String` that doubles copies everything
//! it holds at once (some 130 MB at a million games): one frame then took
//! a third of a second. Full chunks are never moved (a chunk grows as a
//! `Vec` does, so a copy is at most one chunk), and no more than one
//! chunk's room is left unused.

/// Entries a chunk holds.
const ENTRIES: usize = 1 << 14;

/// Bytes a text chunk holds: more than any one span (at most `u16::MAX`).
const TEXT: usize = 1 << 20;

/// A list of `T` in chunks of [`ENTRIES`].
#[derive(Debug)]
pub(super) struct Chunked<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

impl<T> Default for Chunked<T> {
    fn default() -> Chunked<T> {
        Chunked {
            chunks: Vec::new(),
            len: 0,
        }
    }
}

impl<T> Chunked<T> {
    /// Adds `value` at the end.
    pub(super) fn push(&mut self, value: T) {
        match self.chunks.last_mut() {
            Some(chunk) if chunk.len() < ENTRIES => chunk.push(value),
            // A chunk grows as a Vec does (copying at most itself), so a
            // short list takes little.
            _ => self.chunks.push(vec![value]),
        }
        self.len += 1;
    }

    /// How many there are.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The `i`-th, if there is one.
    pub(super) fn get(&self, i: usize) -> Option<&T> {
        self.chunks.get(i / ENTRIES)?.get(i % ENTRIES)
    }

    /// The number of leading entries for which `pred` holds, `pred` being
    /// true up to a point and false after it (as [`slice::partition_point`]).
    pub(super) fn partition_point(&self, pred: impl Fn(&T) -> bool) -> usize {
        let full = self.chunks.partition_point(|c| c.last().is_some_and(&pred));
        match self.chunks.get(full) {
            Some(chunk) => full * ENTRIES + chunk.partition_point(pred),
            None => self.len,
        }
    }

    /// Bytes held (for the figures).
    pub(super) fn capacity_bytes(&self) -> usize {
        self.chunks
            .iter()
            .map(|c| c.capacity() * std::mem::size_of::<T>())
            .sum()
    }

    /// Lets go of the room the last chunk kept for more (nothing more
    /// will come).
    pub(super) fn shrink_to_fit(&mut self) {
        if let Some(chunk) = self.chunks.last_mut() {
            chunk.shrink_to_fit();
        }
    }
}

impl<T> std::ops::Index<usize> for Chunked<T> {
    type Output = T;

    fn index(&self, i: usize) -> &T {
        &self.chunks[i / ENTRIES][i % ENTRIES]
    }
}

/// Text in chunks of [`TEXT`] bytes, each piece within one chunk, found
/// again by its span: (start, length), the start counting as if the
/// chunks were end to end.
#[derive(Debug, Default)]
pub(super) struct ChunkedText {
    chunks: Vec<String>,
}

impl ChunkedText {
    /// Keeps `text` (at most `u16::MAX` bytes); returns its span. Past 4
    /// GiB of text a span cannot be said: the text is kept as empty.
    pub(super) fn push(&mut self, text: &str) -> (u32, u16) {
        let len = text.len().min(u16::MAX as usize);
        let text = &text[..text.floor_char_boundary(len)];
        let fits = self.chunks.last().is_some_and(|c| c.len() + text.len() <= TEXT);
        if !fits {
            self.chunks.push(String::new());
        }
        let index = self.chunks.len() - 1;
        let chunk = &mut self.chunks[index];
        let Ok(start) = u32::try_from(index * TEXT + chunk.len()) else {
            return (0, 0);
        };
        chunk.push_str(text);
        (start, text.len() as u16)
    }

    /// The text of a span given by [`ChunkedText::push`] ("" for any
    /// other).
    pub(super) fn get(&self, (start, len): (u32, u16)) -> &str {
        let (chunk, at) = (start as usize / TEXT, start as usize % TEXT);
        self.chunks
            .get(chunk)
            .and_then(|c| c.get(at..at + len as usize))
            .unwrap_or("")
    }

    /// Bytes held (for the figures).
    pub(super) fn capacity_bytes(&self) -> usize {
        self.chunks.iter().map(String::capacity).sum()
    }

    /// Lets go of the room the last chunk kept for more.
    pub(super) fn shrink_to_fit(&mut self) {
        if let Some(chunk) = self.chunks.last_mut() {
            chunk.shrink_to_fit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_found_across_chunks() {
        let mut list = Chunked::default();
        for i in 0..(3 * ENTRIES + 5) {
            list.push(i * 2);
        }
        assert_eq!(list.len(), 3 * ENTRIES + 5);
        assert_eq!(list[ENTRIES], ENTRIES * 2);
        assert_eq!(list.get(3 * ENTRIES + 4), Some(&((3 * ENTRIES + 4) * 2)));
        assert_eq!(list.get(3 * ENTRIES + 5), None);
        // As a slice's partition point would say, at every place.
        let all: Vec<usize> = (0..list.len()).map(|i| list[i]).collect();
        for limit in [
            0,
            1,
            2 * ENTRIES - 1,
            2 * ENTRIES,
            2 * ENTRIES + 1,
            6 * ENTRIES + 8,
            usize::MAX,
        ] {
            assert_eq!(
                list.partition_point(|&v| v <= limit),
                all.partition_point(|&v| v <= limit),
                "{limit}"
            );
        }
        assert_eq!(Chunked::<u8>::default().partition_point(|_| true), 0);
    }

    #[test]
    fn text_spans_stay_within_a_chunk_and_read_back() {
        let mut text = ChunkedText::default();
        let long = "x".repeat(u16::MAX as usize);
        let mut spans = Vec::new();
        for i in 0..60 {
            let piece = if i % 3 == 0 {
                long.clone()
            } else {
                format!("Player {i} é")
            };
            spans.push((text.push(&piece), piece));
        }
        assert!(text.chunks.len() > 1, "several chunks");
        for (span, piece) in &spans {
            assert_eq!(text.get(*span), piece);
        }
        // Too long: cut at a character's boundary.
        let over = format!("{}é", "y".repeat(u16::MAX as usize - 1));
        let span = text.push(&over);
        assert_eq!(text.get(span), "y".repeat(u16::MAX as usize - 1));
        assert_eq!(text.get((u32::MAX, 3)), "");
    }
}
