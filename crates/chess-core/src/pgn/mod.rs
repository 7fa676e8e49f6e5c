//! PGN: reading games from text or files, and writing them.
//!
//! The reader streams: it reads from any [`BufRead`](std::io::BufRead) in
//! chunks into one small buffer, so a 100 MB file never sits in memory at
//! once, and it copies no text it does not keep (a visitor gets comments as
//! [`RawComment`]s, decoded only if it asks).
//!
//! It reads what real files contain: tags with escapes (`\"` and `\\`),
//! comments in braces and after `;` (also before the first move and after
//! the result), NAGs and the `!?` suffixes, nested variations, games
//! starting from a `FEN` tag, games with tags and no moves, `%` escape lines,
//! a byte order mark, CRLF line ends, and Latin-1: a tag value or comment
//! that is not UTF-8 is read as Windows-1252 (Latin-1 as browsers read it),
//! by every reader alike.
//!
//! Where a file breaks the standard the way real files do, it reads what
//! python-chess, lichess and ChessX read and says what it repaired, with
//! line and column ([`PgnWarning`], [`Game::warnings`]): unescaped quotes
//! in a tag value, castling rights a `FEN` cannot have, a `FEN` move number
//! 0, off-standard SAN (`0-0`, `Ng1f3`, `ed5`, `e8Q`), null moves (the rest
//! of their line is left out) and a missing result.
//!
//! A game that cannot be read gives an error with its number, line and
//! column, and the reader resumes at the next line where a game starts (a
//! tag after a blank line, or `[Event`): one bad game costs one game, and
//! no game is made of its remains. [`ParallelReader`] reads one input on
//! every core, with the same results.
//!
//! ```
//! use chess_core::pgn::PgnReader;
//! let text = "[White \"Morphy\"]\n\n1. e4 e5 2. Nf3 d6 1-0\n\n1. d4 {a comment} d5 *\n";
//! let games: Vec<_> = PgnReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[0].tags.get("White"), Some("Morphy"));
//! assert_eq!(games[1].comment(games[1].mainline()[0]), "a comment");
//! # Ok::<(), chess_core::pgn::PgnError>(())
//! ```

mod annotations;
mod builder;
mod comment;
mod encoding;
mod error;
mod fen_tag;
mod find;
mod lexer;
mod nag;
mod parallel;
mod reader;
mod repair;
mod sink;
mod tag;
mod tag_scan;
mod visitor;
mod writer;

pub use crate::game::{PgnWarning, PgnWarningKind};
pub use annotations::{
    Arrow, CommentCommand, Eval, Highlight, clock, commands, comment_commands, comment_text, with_drawings,
    without_command,
};
pub use comment::RawComment;
pub use error::{PgnError, PgnErrorKind};
pub use fen_tag::is_chess960;
pub use nag::{MOVE_MARKS, nag_symbol};
pub use parallel::{GameAt, ParallelReader};
pub use reader::{
    PgnReader, read_game, read_game_bytes, read_game_up_to_error, read_games_up_to_errors, read_up_to_error,
};
pub use tag::RawTag;
pub use tag_scan::{ScannedGame, scan_games};
pub use visitor::{Skip, Visitor};
pub use writer::write_game;

use crate::game::Game;

impl Game {
    /// Reads the first game of a PGN text (see [`read_game`]).
    pub fn from_pgn(text: &str) -> Result<Game, PgnError> {
        read_game(text)
    }

    /// The game as PGN (see [`write_game`]).
    pub fn to_pgn(&self) -> String {
        write_game(self)
    }
}
