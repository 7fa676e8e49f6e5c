//! Texts kept one after the other in one string: the storage of tags and
//! comments, which allocates once for a game, not once a text.

/// Where a text is in [`Texts`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Span(pub(crate) u32, pub(crate) u32);

/// Texts kept one after the other in one string, each known by its
/// [`Span`]: a game read from a file with a dozen tags, or a comment on
/// every move, allocates once, not once a text. A text set again is
/// written anew at the end (editing is rare; the old one is left).
#[derive(Clone, Debug, Default)]
pub(crate) struct Texts(String);

impl Texts {
    /// Appends `text`; its span. The first text makes room for `room`
    /// bytes at once.
    pub(crate) fn push(&mut self, text: &str, room: usize) -> Span {
        if self.0.capacity() == 0 {
            self.0.reserve(room);
        }
        let start = self.0.len() as u32;
        self.0.push_str(text);
        Span(start, self.0.len() as u32)
    }

    /// `old`'s text, a space and `text`: grown in place when `old` is the
    /// last text written.
    pub(crate) fn join(&mut self, old: Span, text: &str) -> Span {
        if old.1 as usize == self.0.len() {
            self.0.push(' ');
            self.0.push_str(text);
            Span(old.0, self.0.len() as u32)
        } else {
            let joined = format!("{} {text}", self.get(old));
            self.push(&joined, 0)
        }
    }

    pub(crate) fn get(&self, span: Span) -> &str {
        self.0.get(span.0 as usize..span.1 as usize).unwrap_or("")
    }
}
