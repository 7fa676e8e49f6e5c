//! [`Visitor`]: a game as the reader reads it, without a [`Game`](crate::Game)
//! being built, for scanning large files fast.

use super::{PgnWarning, RawComment, RawTag};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;

/// Receives a game as the reader reads it.
///
/// Every method has a default that does nothing except
/// [`Visitor::end_game`], which gives the result of reading one game.
pub trait Visitor {
    /// What reading one game gives.
    type Output;

    /// A tag of the game (before any move), in the order of the file (a
    /// tag given twice comes twice): its name (ASCII letters, digits and
    /// `_`), and its value, decoded only if asked for ([`RawTag::text`]).
    fn tag(&mut self, _name: &[u8], _value: RawTag<'_>) {}

    /// The tags are read; moves start from `start`.
    fn begin_moves(&mut self, _start: &Position) {}

    /// A move, legal in `before` (already checked), on the main line or in a
    /// variation.
    fn play(&mut self, _before: &Position, _m: Move) {}

    /// A comment (after the last move, or before the next one). Its text
    /// is decoded only if asked for ([`RawComment::text`]), so a visitor
    /// that ignores comments pays nothing for them.
    fn comment(&mut self, _comment: RawComment<'_>) {}

    /// A NAG of the last move (`!?` and the like arrive as NAGs 1 to 6).
    fn nag(&mut self, _nag: u8) {}

    /// Something the reader repaired to read the game (see
    /// [`PgnWarning`]), as soon as it is found.
    fn warning(&mut self, _warning: &PgnWarning) {}

    /// A variation starts: the next move replaces the last one played.
    fn begin_variation(&mut self) {}

    /// A variation ends: play continues after the move it replaced.
    fn end_variation(&mut self) {}

    /// The game ends, with the result its termination marker gives (none
    /// for `*` or a missing marker).
    fn end_game(&mut self, result: Option<Outcome>) -> Self::Output;
}
