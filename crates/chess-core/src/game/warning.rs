//! What the PGN reader repaired to read a game ([`PgnWarning`]): the ways
//! real files break the standard that python-chess, lichess and ChessX
//! read. A game keeps them ([`Game::warnings`](super::Game::warnings)); the
//! reader makes them (`pgn` re-exports them).

use std::fmt;

/// Something a game's PGN got wrong that the reader repaired to read it,
/// and where (see [`Game::warnings`](super::Game::warnings)). Its `Display` says what was
/// written and what was made of it:
/// `line 3, column 1: "0-0" is not standard SAN: read as O-O`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PgnWarning {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What was repaired.
    pub kind: PgnWarningKind,
}

/// What the PGN reader repaired (see [`PgnWarning`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PgnWarningKind {
    /// A tag value with quotes inside that are not escaped: it was read up
    /// to the last quote before `]`.
    UnescapedQuotes {
        /// The tag's name.
        tag: String,
        /// The value as read.
        value: String,
    },
    /// The `FEN` tag names castling rights its position cannot have (no
    /// king or rook on its square): they were dropped.
    CastlingRightsDropped {
        /// The rights dropped, as FEN writes them (`Kq`).
        dropped: String,
    },
    /// The `FEN` tag's move number is 0: read as 1.
    MoveNumberZero,
    /// A move not written in standard SAN (`0-0`, `Ng1f3`, `Nge2` where
    /// no other knight can go, a capture without `x`, `e8Q`): read as the
    /// one legal move it can be.
    NonStandardMove {
        /// The text in the file.
        written: String,
        /// The move in standard SAN.
        standard: String,
    },
    /// A null move (`--` or `Z0`), which a game cannot hold: the rest of
    /// its variation (or of the main line) was left out.
    NullMove {
        /// Whether it was in a variation (otherwise in the main line).
        in_variation: bool,
    },
    /// The game does not end with a result (`1-0`, `0-1`, `1/2-1/2`, `*`):
    /// read as `*`, unless its `Result` tag says otherwise.
    MissingResult,
    /// A move of a variation that cannot be played there (illegal, or not
    /// a move): the variation is kept up to it, the rest of it left out.
    /// The main line is never cut: a bad move there is an error.
    VariationCut {
        /// The move as written.
        written: String,
        /// Why it cannot be played.
        reason: String,
    },
    /// A move of the main line that cannot be played, read by
    /// [`read_game_up_to_error`](crate::pgn::read_game_up_to_error) (the
    /// reader of games proper calls it an error): the game stops before it,
    /// the rest of its movetext kept as a comment.
    MainLineCut {
        /// What is wrong there.
        reason: String,
    },
    /// The `Result` tag and the termination marker disagree: the game
    /// reports the tag's result when it gives one, else the marker's (as
    /// python-chess reads them).
    ResultsDisagree {
        /// The `Result` tag.
        tag: String,
        /// The termination marker.
        marker: String,
        /// The result read.
        kept: String,
    },
}

impl fmt::Display for PgnWarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnWarningKind::UnescapedQuotes { tag, value } => {
                write!(
                    f,
                    "the {tag} tag has quotes inside that are not escaped: read as {value:?}"
                )
            }
            PgnWarningKind::CastlingRightsDropped { dropped } => write!(
                f,
                "the FEN tag gives castling rights {dropped} without king and rook on their squares: dropped"
            ),
            PgnWarningKind::MoveNumberZero => f.write_str("the FEN tag's move number is 0: read as 1"),
            PgnWarningKind::NonStandardMove { written, standard } => {
                write!(f, "{written:?} is not standard SAN: read as {standard}")
            }
            PgnWarningKind::NullMove { in_variation } => write!(
                f,
                "a null move cannot be played: the rest of the {} is left out",
                if *in_variation { "variation" } else { "main line" }
            ),
            PgnWarningKind::MissingResult => f.write_str("the game has no result at its end"),
            PgnWarningKind::VariationCut { written, reason } => write!(
                f,
                "{written} cannot be played in its variation ({reason}): the variation is cut there, the rest of it left out"
            ),
            PgnWarningKind::ResultsDisagree { tag, marker, kept } => write!(
                f,
                "the Result tag says {tag} but the moves end in {marker}: read as {kept}"
            ),
            PgnWarningKind::MainLineCut { reason } => write!(
                f,
                "{reason}: the game stops before it, the rest of its moves kept as a comment"
            ),
        }
    }
}

impl fmt::Display for PgnWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.kind)
    }
}
