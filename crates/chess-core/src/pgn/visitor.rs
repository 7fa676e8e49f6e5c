//! [`Visitor`]: a game as the reader reads it, without a [`Game`](crate::Game)
//! being built, for scanning large files fast.

use super::{PgnWarning, RawComment, RawTag};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;

/// What a [`Visitor`] answers when a part of a game begins: `Skip(true)`
/// passes over it unread (a variation, or all of a game's moves), which is
/// faster and checks nothing in it; `Skip(false)`, the default, reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Skip(pub bool);

/// Receives a game as the reader reads it.
///
/// Every method has a default that does nothing except
/// [`Visitor::end_game`], which gives the result of reading one game.
pub trait Visitor {
    /// What reading one game gives.
    type Output;

    /// A game starts: its tags come next. A game that cannot be read ends
    /// with an error instead of [`Visitor::end_game`]; what a visitor kept
    /// of it is to be forgotten here.
    fn begin_game(&mut self) {}

    /// A tag of the game (before any move), in the order of the file (a
    /// tag given twice comes twice): its name (ASCII letters, digits and
    /// `_`), and its value, decoded only if asked for ([`RawTag::text`]).
    fn tag(&mut self, _name: &[u8], _value: RawTag<'_>) {}

    /// The tags are read; moves start from `start`. Answer `Skip(true)` to
    /// pass over the moves unread: [`Visitor::end_game`] comes next, with
    /// the game's result (a header scan, as fast as reading tags alone).
    fn begin_moves(&mut self, _start: &Position) -> Skip {
        Skip(false)
    }

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
    /// Answer `Skip(true)` to pass over it unread (with the variations inside
    /// it): its moves are neither resolved nor checked, and no
    /// [`Visitor::end_variation`] follows.
    ///
    /// ```
    /// use chess_core::pgn::{PgnReader, Skip, Visitor};
    /// use chess_core::{Move, Outcome, Position};
    ///
    /// /// The main line's moves, variations passed over.
    /// struct MainLine(Vec<String>);
    /// impl Visitor for MainLine {
    ///     type Output = Vec<String>;
    ///     fn play(&mut self, before: &Position, m: Move) {
    ///         self.0.push(before.san(m).unwrap());
    ///     }
    ///     fn begin_variation(&mut self) -> Skip {
    ///         Skip(true)
    ///     }
    ///     fn end_game(&mut self, _result: Option<Outcome>) -> Vec<String> {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let mut reader = PgnReader::new("1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 *".as_bytes());
    /// assert_eq!(reader.visit_game(&mut MainLine(Vec::new())).unwrap()?, ["e4", "e5", "Nf3"]);
    /// # Ok::<(), chess_core::pgn::PgnError>(())
    /// ```
    fn begin_variation(&mut self) -> Skip {
        Skip(false)
    }

    /// A variation ends: play continues after the move it replaced.
    fn end_variation(&mut self) {}

    /// The game ends, with the result it reports: its `Result` tag's, else
    /// its termination marker's (none when neither gives one; a
    /// [`PgnWarningKind::ResultsDisagree`](crate::pgn::PgnWarningKind) says
    /// when they differ).
    fn end_game(&mut self, result: Option<Outcome>) -> Self::Output;
}
