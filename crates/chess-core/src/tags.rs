//! PGN tags (`Event`, `White`, `FEN`...) in their order, kept in one string.

use std::fmt;

use crate::texts::{Span, Texts};

/// PGN tags in their order, such as `Event`, `White` or `FEN`.
///
/// Names and values live in one string (a game read from a file with a
/// dozen tags makes two allocations, not two dozen); a value set again is
/// written anew at its end.
#[derive(Clone, Default)]
pub struct Tags {
    text: Texts,
    /// Each tag's name and value, in order.
    entries: Vec<(Span, Span)>,
}

impl Tags {
    /// The seven tags every PGN game has, in the order PGN writes them.
    pub const SEVEN_TAG_ROSTER: [&'static str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    fn str(&self, span: Span) -> &str {
        self.text.get(span)
    }

    /// Keeps `s`; its span.
    fn push(&mut self, s: &str) -> Span {
        if self.entries.capacity() == 0 {
            // Room for a game's usual dozen tags at once.
            self.entries.reserve(12);
        }
        self.text.push(s, 320)
    }

    /// The value of `name`, if set.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|&&(n, _)| self.str(n) == name)
            .map(|&(_, v)| self.str(v))
    }

    /// Sets `name` to `value`, keeping its place if it was set before.
    pub fn set(&mut self, name: impl AsRef<str>, value: impl AsRef<str>) {
        let (name, value) = (name.as_ref(), value.as_ref());
        match self.entries.iter().position(|&(n, _)| self.str(n) == name) {
            Some(i) => {
                let value = self.push(value);
                self.entries[i].1 = value;
            }
            None => {
                let name = self.push(name);
                let value = self.push(value);
                self.entries.push((name, value));
            }
        }
    }

    /// Removes `name`; returns its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.entries.iter().position(|&(n, _)| self.str(n) == name)?;
        let (_, value) = self.entries.remove(i);
        Some(self.str(value).to_string())
    }

    /// All tags, in their order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|&(n, v)| (self.str(n), self.str(v)))
    }

    /// How many tags are set.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no tag is set.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Tags {}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}
