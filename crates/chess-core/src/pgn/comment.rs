//! [`RawComment`]: a comment's text as the reader found it.

use std::borrow::Cow;

use super::encoding::text;

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
