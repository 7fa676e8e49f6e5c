//! PGN: reading games from text or files, and writing them.
//!
//! The reader streams: it reads from any [`BufRead`] in
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
mod index;
mod lexer;
mod parallel;
mod writer;

use std::fmt;
use std::io::BufRead;

/// The move marks PGN writes after a move and their NAGs: `!` is `$1`,
/// `?` `$2`, `!!` `$3`, `??` `$4`, `!?` `$5`, `?!` `$6`.
pub const MOVE_MARKS: [(u8, &str); 6] = [(1, "!"), (2, "?"), (3, "!!"), (4, "??"), (5, "!?"), (6, "?!")];

/// The mark of a move-quality NAG (`$1`-`$6`): `nag_symbol(4)` is `"??"`.
///
/// ```
/// assert_eq!(chess_core::pgn::nag_symbol(4), Some("??"));
/// assert_eq!(chess_core::pgn::nag_symbol(10), None);
/// ```
pub fn nag_symbol(nag: u8) -> Option<&'static str> {
    MOVE_MARKS.iter().find(|&&(n, _)| n == nag).map(|&(_, symbol)| symbol)
}

pub use annotations::{
    Arrow, CommentCommand, Eval, Highlight, clock, commands, comment_commands, comment_text, without_command,
};
pub use index::{ScannedGame, scan_games};
pub use parallel::ParallelReader;
pub use writer::write_game;

use crate::castling::CastlingRights;
use crate::game::{Game, NodeId};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::{Position, Undo};
use crate::san::SanError;
use crate::setup::{Problem, Repair, Setup};
use crate::tags::Tags;
use lexer::{Lexer, Token, split_annotation, text};
pub use lexer::{RawComment, RawTag};

/// What went wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// The input could not be read.
    Io(String),
    /// The `FEN` tag is not a legal position.
    BadFen(String),
    /// A move that is malformed, illegal or ambiguous in its position.
    BadMove(SanError),
    /// A `)` without `(`, or a `(` before any move.
    BadVariation,
    /// A `{` comment never closed.
    UnclosedComment,
    /// Text that is neither a move, a number, a comment nor a result.
    Unexpected(String),
    /// The text holds no game (asked for one game, not for a file's games).
    NoGame,
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::Io(e) => write!(f, "cannot read: {e}"),
            PgnErrorKind::BadFen(e) => write!(f, "bad FEN tag: {e}"),
            PgnErrorKind::BadMove(e) => e.fmt(f),
            PgnErrorKind::BadVariation => f.write_str("unbalanced variation parentheses"),
            PgnErrorKind::UnclosedComment => f.write_str("a comment opened with { is never closed"),
            PgnErrorKind::Unexpected(text) => write!(f, "unexpected {text:?}"),
            PgnErrorKind::NoGame => f.write_str("no game in the text"),
        }
    }
}

/// A game that could not be read: which one, where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the input, from 1.
    pub game: usize,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: {}",
            self.game, self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {}

/// Something a game's PGN got wrong that the reader repaired to read it,
/// and where (see [`Game::warnings`]). Its `Display` says what was
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
        }
    }
}

impl fmt::Display for PgnWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.kind)
    }
}

/// Reads games one at a time from PGN text (an iterator of games).
pub struct PgnReader<R> {
    lexer: Lexer<R>,
    games: usize,
    /// The current game's `FEN` tag, kept (in one reused buffer) in case a
    /// `Variant` tag after it says the game is Chess960.
    fen_text: String,
}

impl<R> fmt::Debug for PgnReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PgnReader")
            .field("games", &self.games)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> PgnReader<R> {
    /// A reader of the PGN in `input` (a file in a `BufReader`, a byte slice...).
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader {
            lexer: Lexer::new(input),
            games: 0,
            fen_text: String::new(),
        }
    }

    /// A reader of a piece of a larger PGN text that starts at line
    /// `first_line` (so errors and warnings give the lines of the whole).
    pub(crate) fn starting_at_line(input: R, first_line: usize) -> PgnReader<R> {
        PgnReader {
            lexer: Lexer::starting_at_line(input, first_line),
            games: 0,
            fen_text: String::new(),
        }
    }

    /// Reads the next game, or `None` at the end of the input.
    pub fn read_game(&mut self) -> Option<Result<Game, PgnError>> {
        self.read_game_and_whether_it_has_moves()
            .map(|r| r.map(|(game, _)| game))
    }

    /// [`PgnReader::read_game`], and whether the game had any movetext (a
    /// move, comment or result) besides its tags.
    fn read_game_and_whether_it_has_moves(&mut self) -> Option<Result<(Game, bool), PgnError>> {
        self.lexer.peek()?;
        self.games += 1;
        let number = self.games;
        let mut builder = GameBuilder::default();
        let result = self.parse_into(number, &mut builder);
        Some(self.finish_game(number, result.map(|movetext| (builder.game, movetext))))
    }

    /// After reading game `number`: past what is left of a bad game (to the
    /// next game's first line, see [`Lexer::skip_to_next_game`]), and a
    /// failure to read the input wins over what was read.
    fn finish_game<T>(&mut self, number: usize, result: Result<T, PgnError>) -> Result<T, PgnError> {
        if result.is_err() {
            self.lexer.skip_to_next_game();
        }
        match self.lexer.io_error.take() {
            Some(e) => Err(self.error_here(number, PgnErrorKind::Io(e.to_string()))),
            None => result,
        }
    }

    /// An error of game `number` at the lexer's line.
    fn error_here(&self, number: usize, kind: PgnErrorKind) -> PgnError {
        PgnError {
            game: number,
            line: self.lexer.line_no(),
            column: 1,
            kind,
        }
    }

    /// Reads only the tags of the next game and skips its moves, without
    /// checking them: a fast scan for game lists.
    pub fn read_tags(&mut self) -> Option<Tags> {
        self.lexer.peek()?;
        self.games += 1;
        let mut tags = Tags::new();
        while self.next_tag_is_this_games(tags.is_empty(), tags.get("Event").is_some()) {
            self.lexer.next_token();
            let (name, value) = self.lexer.tag();
            tags.set(text(name), value.text());
        }
        self.skip_rest_of_game();
        Some(tags)
    }

    /// Whether the next token is a tag of the game being read (which has
    /// no tags yet if `first`, and has an `Event` if `has_event`): not one
    /// after a blank line, nor a second `Event`, which start the next game
    /// (the one being read then has tags alone).
    fn next_tag_is_this_games(&mut self, first: bool, has_event: bool) -> bool {
        self.lexer.peek() == Some(Token::Tag)
            && (first || !(self.lexer.blank_line_before() || has_event && self.lexer.tag().0 == b"Event"))
    }

    /// Skips to the end of the current game: past its result, or up to the
    /// next game's tags.
    fn skip_rest_of_game(&mut self) {
        while let Some(token) = self.lexer.next_token() {
            match token {
                Token::Tag if self.lexer.tag_starts_game() => {
                    self.lexer.push_back(token);
                    return;
                }
                Token::Result(_) => {
                    self.take_trailing_comments();
                    return;
                }
                _ => {}
            }
        }
    }

    /// Comments right after the result belong to the finished game (a
    /// blank line ends it: a comment after one starts the next game).
    fn take_trailing_comments(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while self.lexer.peek() == Some(Token::Comment) && !self.lexer.blank_line_before() {
            out.push(self.lexer.comment().text().into_owned());
            self.lexer.next_token();
        }
        out
    }

    /// Reads the next game into `visitor`, which sees its tags, every move
    /// (resolved and played: it gets the position before each move),
    /// comments, NAGs and variations, without a [`Game`] being built: the
    /// fast way to scan large files. `None` at the end of the input.
    ///
    /// ```
    /// use chess_core::pgn::{PgnReader, Visitor};
    /// use chess_core::{Move, Outcome, Position};
    ///
    /// struct Captures(usize);
    /// impl Visitor for Captures {
    ///     type Output = usize;
    ///     fn play(&mut self, _before: &Position, m: Move) {
    ///         self.0 += m.is_capture() as usize;
    ///     }
    ///     fn end_game(&mut self, _result: Option<Outcome>) -> usize {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    /// let mut reader = PgnReader::new("1. e4 d5 2. exd5 Qxd5 *".as_bytes());
    /// assert_eq!(reader.visit_game(&mut Captures(0)).unwrap()?, 2);
    /// # Ok::<(), chess_core::pgn::PgnError>(())
    /// ```
    pub fn visit_game<V: Visitor>(&mut self, visitor: &mut V) -> Option<Result<V::Output, PgnError>> {
        self.lexer.peek()?;
        self.games += 1;
        let number = self.games;
        let mut sink = VisitorSink::new(visitor);
        let result = self.parse_into(number, &mut sink);
        let output = sink.output;
        Some(
            self.finish_game(number, result)
                .and_then(|_| output.ok_or_else(|| self.error_here(number, PgnErrorKind::Unexpected(String::new())))),
        )
    }

    /// A warning at the token just read.
    fn warning_here(&self, kind: PgnWarningKind) -> PgnWarning {
        PgnWarning {
            line: self.lexer.token_line(),
            column: self.lexer.token_column(),
            kind,
        }
    }

    /// Reads one game's tokens into `sink`; gives whether the game had any
    /// movetext besides its tags.
    fn parse_into<S: Sink>(&mut self, number: usize, sink: &mut S) -> Result<bool, PgnError> {
        // An error at the token just read.
        let error = |lexer: &Lexer<R>, kind| PgnError {
            game: number,
            line: lexer.token_line(),
            column: lexer.token_column(),
            kind,
        };
        // Tags go to the sink as they are read. A FEN is read at once (its
        // text is in the lexer's buffer only until the next token) into
        // the position the moves start from, the outcome kept with its
        // warnings and its place until the tags end.
        let mut fen: Option<FenTag> = None;
        let mut chess960 = false;
        let (mut first, mut has_event) = (true, false);
        while self.next_tag_is_this_games(first, has_event) {
            self.lexer.next_token();
            let (name, value) = self.lexer.tag();
            if self.lexer.tag_had_unescaped_quotes() {
                let kind = PgnWarningKind::UnescapedQuotes {
                    tag: text(name).into_owned(),
                    value: value.text().into_owned(),
                };
                sink.warning(self.warning_here(kind));
            }
            if name == b"Variant" {
                chess960 |= is_chess960(&value.text());
            }
            if name == b"FEN" {
                let mut repairs = Vec::new();
                let text = value.text();
                self.fen_text.clear();
                self.fen_text.push_str(&text);
                let read = fen_start(&text, sink.start_position(), &mut repairs);
                fen = Some(FenTag {
                    read,
                    repairs,
                    line: self.lexer.token_line(),
                    column: self.lexer.token_column(),
                });
            }
            first = false;
            has_event |= name == b"Event";
            sink.tag(name, value);
        }
        match fen {
            // Chess960: the FEN's castling field may be X-FEN or Shredder-FEN.
            Some(FenTag { line, column, .. }) if chess960 => {
                *sink.start_position() = Position::from_fen_960(&self.fen_text).map_err(|e| PgnError {
                    game: number,
                    line,
                    column,
                    kind: PgnErrorKind::BadFen(e.to_string()),
                })?;
            }
            None if chess960 => *sink.start_position() = Position::new_960(518).unwrap_or_default(),
            Some(FenTag {
                read,
                repairs,
                line,
                column,
            }) => {
                read.map_err(|e| PgnError {
                    game: number,
                    line,
                    column,
                    kind: PgnErrorKind::BadFen(e.to_string()),
                })?;
                for kind in repairs {
                    sink.warning(PgnWarning { line, column, kind });
                }
            }
            None => *sink.start_position() = Position::new(),
        }
        sink.start();

        // Comments read where no move precedes them at this level: they go
        // before the next move (or, with none, to the end).
        let mut pending: Vec<String> = Vec::new();
        let mut result: Option<&str> = None;
        let mut movetext = false;
        // After a null move: how many variations deep the skipped part is
        // (its line is passed over up to the `)` that ends it).
        let mut skipping: Option<usize> = None;
        while let Some(token) = self.lexer.next_token() {
            if let Some(depth) = skipping {
                match token {
                    Token::Open => skipping = Some(depth + 1),
                    Token::Close if depth > 0 => skipping = Some(depth - 1),
                    Token::Close if sink.depth() > 0 => skipping = None,
                    Token::Result(_) | Token::Tag | Token::UnclosedComment => skipping = None,
                    _ => continue,
                }
                if skipping.is_some() {
                    continue;
                }
            }
            movetext |= token != Token::Tag;
            match token {
                Token::San => {
                    let (san, nag) = split_annotation(self.lexer.word());
                    if matches!(san, b"--" | b"Z0") {
                        let kind = PgnWarningKind::NullMove {
                            in_variation: sink.depth() > 0,
                        };
                        sink.warning(self.warning_here(kind));
                        skipping = Some(0);
                        continue;
                    }
                    let position = sink.position();
                    let m = position
                        .parse_san_in_check(san, sink.in_check())
                        .map_err(|e| error(&self.lexer, PgnErrorKind::BadMove(e)))?;
                    if let Some(standard) = position.nonstandard_san(san, m) {
                        let written = String::from_utf8_lossy(self.lexer.word()).into_owned();
                        sink.warning(self.warning_here(PgnWarningKind::NonStandardMove { written, standard }));
                    }
                    let before = if pending.is_empty() {
                        None
                    } else {
                        Some(pending.join(" "))
                    };
                    pending.clear();
                    sink.play(m, before);
                    if let Some(nag) = nag {
                        sink.nag(nag);
                    }
                }
                Token::Comment => {
                    let comment = self.lexer.comment();
                    if sink.has_last() {
                        sink.comment(comment);
                    } else {
                        pending.push(comment.text().into_owned());
                    }
                }
                Token::Nag(nag) => {
                    if sink.has_last() {
                        sink.nag(nag);
                    }
                }
                Token::Open => {
                    // The variation is an alternative to the last move.
                    if !sink.open() {
                        return Err(error(&self.lexer, PgnErrorKind::BadVariation));
                    }
                }
                Token::Close => {
                    if !sink.close() {
                        return Err(error(&self.lexer, PgnErrorKind::BadVariation));
                    }
                }
                Token::Result(r) => {
                    result = Some(lexer::RESULTS[r as usize & 3]);
                    break;
                }
                Token::Tag if self.lexer.tag_starts_game() => {
                    // The next game's tags: this one had no result.
                    self.lexer.push_back(token);
                    break;
                }
                Token::Tag => {
                    let (name, value) = self.lexer.tag();
                    let text = format!("[{} \"{}\"]", text(name), value.text());
                    return Err(error(&self.lexer, PgnErrorKind::Unexpected(text)));
                }
                Token::UnclosedComment => return Err(error(&self.lexer, PgnErrorKind::UnclosedComment)),
                Token::Junk => {
                    return Err(error(
                        &self.lexer,
                        PgnErrorKind::Unexpected(self.lexer.junk().to_string()),
                    ));
                }
            }
        }
        if sink.depth() > 0 {
            return Err(self.error_here(number, PgnErrorKind::BadVariation));
        }
        if result.is_none() {
            // Just after the game's last token (the reader looked past it).
            let (line, column) = self.lexer.previous_token_end();
            sink.warning(PgnWarning {
                line,
                column,
                kind: PgnWarningKind::MissingResult,
            });
        }
        // Comments with no move to follow, and after the result.
        pending.extend(self.take_trailing_comments());
        sink.finish(pending, result.and_then(Outcome::from_result));
        Ok(movetext)
    }
}

/// Whether a `Variant` tag's value names Chess960, as the programs that
/// write PGN spell it: `Chess960`, `Fischerandom`, `Fischer Random`,
/// `chess 960` (any case).
pub fn is_chess960(variant: &str) -> bool {
    let name: String = variant
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    matches!(name.as_str(), "chess960" | "fischerandom" | "fischerrandom" | "960")
}

/// A game's `FEN` tag, read: whether its position could be (it is in the
/// sink), the repairs made, and where the tag is.
struct FenTag {
    read: Result<(), crate::Error>,
    repairs: Vec<PgnWarningKind>,
    line: usize,
    column: usize,
}

/// Reads the start position of a `FEN` tag into `pos`, forgiving what real
/// files get wrong with a warning for each repair: castling rights the
/// position cannot have are dropped, a move number 0 reads as 1. Other
/// problems are errors (and leave `pos` to be overwritten).
fn fen_start(fen: &str, pos: &mut Position, repairs: &mut Vec<PgnWarningKind>) -> Result<(), crate::Error> {
    let written = match pos.set_fen(fen) {
        Ok(written) => written,
        Err(crate::Error::Position(e)) if e.errors().any(|p| matches!(p, Problem::BadCastlingRight { .. })) => {
            let setup = Setup::from_fen(fen)?;
            let written = crate::fen::parse(fen, |_, _| {})?;
            let only_castling = Repair {
                castling: true,
                en_passant: false,
            };
            *pos = Position::from_setup_repaired(setup, only_castling).map_err(|_| crate::Error::Position(e))?;
            let dropped = CastlingRights::from_bits(written.castling.bits() & !pos.castling().bits());
            repairs.push(PgnWarningKind::CastlingRightsDropped {
                dropped: dropped.to_string(),
            });
            written
        }
        Err(e) => return Err(e),
    };
    if written.fullmoves == 0 {
        repairs.push(PgnWarningKind::MoveNumberZero);
    }
    Ok(())
}

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

/// How the parser hands over what it reads: to a [`Game`] being built, or
/// to a [`Visitor`].
trait Sink {
    fn tag(&mut self, name: &[u8], value: RawTag<'_>);
    /// The tags are read, the moves start from `start`.
    /// The position the moves will start from, to be set before
    /// [`Sink::start`].
    fn start_position(&mut self) -> &mut Position;
    /// The tags are read, the moves start from the start position.
    fn start(&mut self);
    /// The position the next move is played in.
    fn position(&self) -> &Position;
    /// Whether a move has been played at this level (comments and NAGs then
    /// attach to it; a variation can replace it).
    fn has_last(&self) -> bool;
    /// Whether the side to move is in check, if known without computing.
    fn in_check(&self) -> Option<bool>;
    fn play(&mut self, m: Move, comment_before: Option<String>);
    fn comment(&mut self, comment: RawComment<'_>);
    fn nag(&mut self, nag: u8);
    fn warning(&mut self, warning: PgnWarning);
    fn open(&mut self) -> bool;
    fn close(&mut self) -> bool;
    fn depth(&self) -> usize;
    fn finish(&mut self, comments: Vec<String>, result: Option<Outcome>);
}

/// The position a reader plays the moves of a game in, and what it needs
/// to go back for variations: the last move at this level and how to take
/// it back (the position before it is made only when a variation needs
/// it), and one entry per open variation.
struct Line {
    current: Position,
    last: Option<(Move, Undo)>,
    stack: Vec<(Position, Option<(Move, Undo)>)>,
}

impl Line {
    fn new(start: Position) -> Line {
        Line {
            current: start,
            last: None,
            stack: Vec::new(),
        }
    }

    /// The position a game starts from, to be set: the line is made
    /// empty (no move, no variation) around it.
    fn start_position(&mut self) -> &mut Position {
        self.last = None;
        self.stack.clear();
        &mut self.current
    }

    /// Whether the side to move is in check, known cheaply from the last
    /// move (unknown before any).
    #[inline]
    fn in_check(&self) -> Option<bool> {
        self.last.map(|(m, _)| self.current.is_check_after(m))
    }

    #[inline]
    fn play(&mut self, m: Move) {
        let undo = self.current.play_unchecked(m);
        self.last = Some((m, undo));
    }

    /// A variation starts: back to the position before the last move.
    fn open(&mut self) -> bool {
        let Some((m, undo)) = self.last.take() else {
            return false;
        };
        let mut before = self.current.clone();
        before.undo(m, undo);
        let back = std::mem::replace(&mut self.current, before);
        self.stack.push((back, Some((m, undo))));
        true
    }

    /// A variation ends: back to where it started.
    fn close(&mut self) -> bool {
        let Some((current, last)) = self.stack.pop() else {
            return false;
        };
        self.current = current;
        self.last = last;
        true
    }
}

/// Builds a [`Game`] with the full tree. It plays the moves in a [`Line`]
/// of its own and gives the game only the moves: the game makes a node's
/// position when it is first asked for.
struct GameBuilder {
    /// The game (a placeholder until its start is known).
    game: Game,
    line: Line,
    /// The tags, until the game starts.
    tags: Tags,
    /// The node moves are played from, and the last move played at this
    /// level.
    current: NodeId,
    last: Option<NodeId>,
    /// One entry per open variation: where to go back to.
    stack: Vec<(NodeId, Option<NodeId>)>,
    /// The warnings, until the game is finished.
    warnings: Vec<PgnWarning>,
}

impl Default for GameBuilder {
    fn default() -> GameBuilder {
        GameBuilder {
            game: Game::placeholder(),
            line: Line::new(Position::new()),
            tags: Tags::new(),
            current: NodeId::ROOT,
            last: None,
            stack: Vec::new(),
            warnings: Vec::new(),
        }
    }
}

impl Sink for GameBuilder {
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.tags.set(text(name), value.text());
    }

    fn start_position(&mut self) -> &mut Position {
        self.line.start_position()
    }

    fn start(&mut self) {
        self.game = Game::from_position(self.line.current.clone());
        self.game.tags = std::mem::take(&mut self.tags);
    }

    fn position(&self) -> &Position {
        &self.line.current
    }

    fn has_last(&self) -> bool {
        self.last.is_some()
    }

    fn in_check(&self) -> Option<bool> {
        self.line.in_check()
    }

    fn play(&mut self, m: Move, comment_before: Option<String>) {
        let game = &mut self.game;
        let existing = game
            .children(self.current)
            .iter()
            .copied()
            .find(|&c| game.move_at(c) == Some(m));
        let node = existing.unwrap_or_else(|| game.add_child_lazily(self.current, m));
        if let Some(text) = comment_before {
            if self.current == NodeId::ROOT && self.stack.is_empty() {
                game.append_comment(NodeId::ROOT, &text);
            } else {
                game.set_starting_comment(node, text);
            }
        }
        self.line.play(m);
        self.current = node;
        self.last = Some(node);
    }

    fn comment(&mut self, comment: RawComment<'_>) {
        if let Some(node) = self.last {
            self.game.append_comment(node, &comment.text());
        }
    }

    fn nag(&mut self, nag: u8) {
        if let Some(node) = self.last {
            self.game.add_nag(node, nag);
        }
    }

    fn warning(&mut self, warning: PgnWarning) {
        self.warnings.push(warning);
    }

    fn open(&mut self) -> bool {
        let Some(replaced) = self.last else { return false };
        if !self.line.open() {
            return false;
        }
        self.stack.push((self.current, self.last));
        self.current = self.game.parent(replaced).unwrap_or(NodeId::ROOT);
        self.last = None;
        true
    }

    fn close(&mut self) -> bool {
        let Some((current, last)) = self.stack.pop() else {
            return false;
        };
        self.line.close();
        self.current = current;
        self.last = last;
        true
    }

    fn depth(&self) -> usize {
        self.stack.len()
    }

    fn finish(&mut self, comments: Vec<String>, result: Option<Outcome>) {
        let game = &mut self.game;
        let end = game.mainline_end();
        for text in comments {
            game.append_comment(end, &text);
        }
        game.warnings = std::mem::take(&mut self.warnings);
        // All variations are closed: the line stands at the main line's end.
        if end == self.current {
            game.know_position(end, &self.line.current);
        }
        // The termination marker, or else the Result tag, is the recorded result.
        let recorded = result.or_else(|| game.tags.get("Result").and_then(Outcome::from_result));
        game.go_to(end);
        if let Some(recorded) = recorded
            && game.outcome_by_rules(end).is_none()
        {
            game.set_result(Some(recorded));
        }
    }
}

/// Plays the game into a single position for a [`Visitor`].
struct VisitorSink<'v, V: Visitor> {
    visitor: &'v mut V,
    line: Line,
    output: Option<V::Output>,
}

impl<'v, V: Visitor> VisitorSink<'v, V> {
    fn new(visitor: &'v mut V) -> VisitorSink<'v, V> {
        VisitorSink {
            visitor,
            line: Line::new(Position::new()),
            output: None,
        }
    }
}

impl<V: Visitor> Sink for VisitorSink<'_, V> {
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.visitor.tag(name, value);
    }

    fn start_position(&mut self) -> &mut Position {
        self.line.start_position()
    }

    fn start(&mut self) {
        self.visitor.begin_moves(&self.line.current);
    }

    fn position(&self) -> &Position {
        &self.line.current
    }

    fn has_last(&self) -> bool {
        self.line.last.is_some()
    }

    fn in_check(&self) -> Option<bool> {
        self.line.in_check()
    }

    fn play(&mut self, m: Move, comment_before: Option<String>) {
        if let Some(text) = comment_before {
            self.visitor.comment(RawComment(text.as_bytes()));
        }
        self.visitor.play(&self.line.current, m);
        self.line.play(m);
    }

    fn comment(&mut self, comment: RawComment<'_>) {
        self.visitor.comment(comment);
    }

    fn nag(&mut self, nag: u8) {
        self.visitor.nag(nag);
    }

    fn warning(&mut self, warning: PgnWarning) {
        self.visitor.warning(&warning);
    }

    fn open(&mut self) -> bool {
        let opened = self.line.open();
        if opened {
            self.visitor.begin_variation();
        }
        opened
    }

    fn close(&mut self) -> bool {
        let closed = self.line.close();
        if closed {
            self.visitor.end_variation();
        }
        closed
    }

    fn depth(&self) -> usize {
        self.line.stack.len()
    }

    fn finish(&mut self, comments: Vec<String>, result: Option<Outcome>) {
        for text in comments {
            self.visitor.comment(RawComment(text.as_bytes()));
        }
        self.output = Some(self.visitor.end_game(result));
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Result<Game, PgnError>> {
        self.read_game()
    }
}

/// Reads the first game of a PGN text. A text without a game (empty, only
/// whitespace or comments, tags without moves or result) is an error,
/// [`PgnErrorKind::NoGame`].
///
/// ```
/// let game = chess_core::pgn::read_game("1. f3 e5 2. g4 Qh4#")?;
/// assert!(game.position().is_checkmate());
/// let empty = chess_core::pgn::read_game("  \n").unwrap_err();
/// assert_eq!(empty.to_string(), "game 1, line 2, column 1: no game in the text");
/// # Ok::<(), chess_core::pgn::PgnError>(())
/// ```
pub fn read_game(text: &str) -> Result<Game, PgnError> {
    read_game_bytes(text.as_bytes())
}

/// [`read_game`] for text that may not be UTF-8: what is not is read as
/// Latin-1, as the reader of files does.
pub fn read_game_bytes(text: &[u8]) -> Result<Game, PgnError> {
    let mut reader = PgnReader::new(text);
    match reader.read_game_and_whether_it_has_moves() {
        Some(Ok((game, true))) => Ok(game),
        Some(Err(e)) => Err(e),
        Some(Ok((_, false))) | None => Err(reader.error_here(1, PgnErrorKind::NoGame)),
    }
}

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
