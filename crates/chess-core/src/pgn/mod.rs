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
//! a byte order mark, CRLF line ends, and Latin-1 or broken UTF-8 (decoded
//! lossily). A game that cannot be read gives an error with its number, line
//! and column, and the reader carries on with the next game.
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
mod lexer;
mod writer;

use std::fmt;
use std::io::BufRead;

pub use annotations::{Arrow, CommentCommand, Eval, Highlight, clock, commands};
pub use writer::write_game;

use crate::game::{Game, NodeId, Tags};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::san::SanError;
pub use lexer::RawComment;
use lexer::{Lexer, Token, split_annotation};

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

/// Reads games one at a time from PGN text (an iterator of games).
pub struct PgnReader<R> {
    lexer: Lexer<R>,
    games: usize,
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
        }
    }

    /// Reads the next game, or `None` at the end of the input.
    pub fn read_game(&mut self) -> Option<Result<Game, PgnError>> {
        self.lexer.peek()?;
        self.games += 1;
        let number = self.games;
        let result = self.parse_game(number);
        Some(self.finish_game(number, result))
    }

    /// After reading game `number`: past the rest of a bad game, and a
    /// failure to read the input wins over what was read.
    fn finish_game<T>(&mut self, number: usize, result: Result<T, PgnError>) -> Result<T, PgnError> {
        if result.is_err() {
            self.skip_rest_of_game();
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
        while self.lexer.peek() == Some(Token::Tag) {
            self.lexer.next_token();
            let (name, value) = self.lexer.tag();
            tags.set(name, value);
        }
        self.skip_rest_of_game();
        Some(tags)
    }

    /// Skips to the end of the current game: past its result, or up to the
    /// next game's tags.
    fn skip_rest_of_game(&mut self) {
        let mut seen_movetext = false;
        while let Some(token) = self.lexer.peek() {
            match token {
                Token::Tag if seen_movetext => return,
                Token::Result(_) => {
                    self.lexer.next_token();
                    self.take_trailing_comments();
                    return;
                }
                Token::Tag => {}
                _ => seen_movetext = true,
            }
            self.lexer.next_token();
        }
    }

    /// Comments right after the result belong to the finished game.
    fn take_trailing_comments(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while self.lexer.peek() == Some(Token::Comment) {
            out.push(self.lexer.comment().text().into_owned());
            self.lexer.next_token();
        }
        out
    }

    fn parse_game(&mut self, number: usize) -> Result<Game, PgnError> {
        let mut builder = GameBuilder::default();
        self.parse_into(number, &mut builder)?;
        Ok(builder.game)
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
                .and_then(|()| output.ok_or_else(|| self.error_here(number, PgnErrorKind::Unexpected(String::new())))),
        )
    }

    /// Reads one game's tokens into `sink`.
    fn parse_into<S: Sink>(&mut self, number: usize, sink: &mut S) -> Result<(), PgnError> {
        // Tags go to the sink as they are read; only a FEN is kept.
        let mut fen: Option<(String, usize, usize)> = None;
        while self.lexer.peek() == Some(Token::Tag) {
            self.lexer.next_token();
            let (name, value) = self.lexer.tag();
            if name == "FEN" {
                fen = Some((value.to_string(), self.lexer.token_line(), self.lexer.token_column()));
            }
            sink.tag(name, value);
        }
        let start = match fen {
            Some((fen, line, column)) => Position::from_fen(&fen).map_err(|e| PgnError {
                game: number,
                line,
                column,
                kind: PgnErrorKind::BadFen(e.to_string()),
            })?,
            None => Position::new(),
        };
        sink.start(start);
        // An error at the token just read.
        let error = |lexer: &Lexer<R>, kind| PgnError {
            game: number,
            line: lexer.token_line(),
            column: lexer.token_column(),
            kind,
        };

        // Comments read where no move precedes them at this level: they go
        // before the next move (or, with none, to the end).
        let mut pending: Vec<String> = Vec::new();
        let mut result: Option<&str> = None;
        while let Some(token) = self.lexer.next_token() {
            match token {
                Token::San => {
                    let (san, nag) = split_annotation(self.lexer.word());
                    let m = sink
                        .position()
                        .parse_san_in_check(san, sink.in_check())
                        .map_err(|e| error(&self.lexer, PgnErrorKind::BadMove(e)))?;
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
                    result = Some(r);
                    break;
                }
                Token::Tag => {
                    // The next game's tags: this one had no result.
                    self.lexer.push_back(token);
                    break;
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
        // Comments with no move to follow, and after the result.
        pending.extend(self.take_trailing_comments());
        sink.finish(pending, result.and_then(Outcome::from_result));
        Ok(())
    }
}

/// Receives a game as the reader reads it.
///
/// Every method has a default that does nothing except
/// [`Visitor::end_game`], which gives the result of reading one game.
pub trait Visitor {
    /// What reading one game gives.
    type Output;

    /// A tag of the game (before any move), in the order of the file (a
    /// tag given twice comes twice).
    fn tag(&mut self, _name: &str, _value: &str) {}

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
    fn tag(&mut self, name: &str, value: &str);
    /// The tags are read, the moves start from `start`.
    fn start(&mut self, start: Position);
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
    fn open(&mut self) -> bool;
    fn close(&mut self) -> bool;
    fn depth(&self) -> usize;
    fn finish(&mut self, comments: Vec<String>, result: Option<Outcome>);
}

/// Builds a [`Game`] with the full tree.
#[derive(Default)]
struct GameBuilder {
    game: Game,
    /// The tags, until the game starts.
    tags: Tags,
    /// Where moves are played, and the last move played at this level.
    current: NodeId,
    last: Option<NodeId>,
    /// One entry per open variation: where to go back to.
    stack: Vec<(NodeId, Option<NodeId>)>,
}

impl Sink for GameBuilder {
    fn tag(&mut self, name: &str, value: &str) {
        self.tags.set(name, value);
    }

    fn start(&mut self, start: Position) {
        self.game = Game::from_position(start);
        self.game.tags = std::mem::take(&mut self.tags);
    }

    fn position(&self) -> &Position {
        self.game.position_at(self.current)
    }

    fn has_last(&self) -> bool {
        self.last.is_some()
    }

    fn in_check(&self) -> Option<bool> {
        let m = self.game.move_at(self.current)?;
        Some(self.game.position_at(self.current).is_check_after(m))
    }

    fn play(&mut self, m: Move, comment_before: Option<String>) {
        let game = &mut self.game;
        let existing = game
            .children(self.current)
            .iter()
            .copied()
            .find(|&c| game.move_at(c) == Some(m));
        let node = existing.unwrap_or_else(|| game.add_child(self.current, m));
        if let Some(text) = comment_before {
            if self.current == NodeId::ROOT && self.stack.is_empty() {
                append_comment(game, NodeId::ROOT, text);
            } else {
                game.set_starting_comment(node, text);
            }
        }
        self.current = node;
        self.last = Some(node);
    }

    fn comment(&mut self, comment: RawComment<'_>) {
        if let Some(node) = self.last {
            append_comment(&mut self.game, node, comment.text().into_owned());
        }
    }

    fn nag(&mut self, nag: u8) {
        if let Some(node) = self.last {
            self.game.add_nag(node, nag);
        }
    }

    fn open(&mut self) -> bool {
        let Some(replaced) = self.last else { return false };
        self.stack.push((self.current, self.last));
        self.current = self.game.parent(replaced).unwrap_or(NodeId::ROOT);
        self.last = None;
        true
    }

    fn close(&mut self) -> bool {
        let Some((current, last)) = self.stack.pop() else {
            return false;
        };
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
            append_comment(game, end, text);
        }
        // The termination marker, or else the Result tag, is the recorded result.
        let recorded = result.or_else(|| game.tags.get("Result").and_then(Outcome::from_result));
        game.go_to(end);
        if game.outcome_by_rules(end).is_none() {
            game.set_result(recorded);
        }
    }
}

/// Plays the game into a single position for a [`Visitor`].
struct VisitorSink<'v, V: Visitor> {
    visitor: &'v mut V,
    current: Position,
    /// The last move at this level and how to take it back (the position
    /// before it is rebuilt only when a variation needs it).
    last: Option<(Move, crate::position::Undo)>,
    /// One entry per open variation: the position to go back to, and its
    /// last move.
    stack: Vec<(Position, Option<(Move, crate::position::Undo)>)>,
    output: Option<V::Output>,
}

impl<'v, V: Visitor> VisitorSink<'v, V> {
    fn new(visitor: &'v mut V) -> VisitorSink<'v, V> {
        VisitorSink {
            visitor,
            current: Position::new(),
            last: None,
            stack: Vec::new(),
            output: None,
        }
    }
}

impl<V: Visitor> Sink for VisitorSink<'_, V> {
    fn tag(&mut self, name: &str, value: &str) {
        self.visitor.tag(name, value);
    }

    fn start(&mut self, start: Position) {
        self.visitor.begin_moves(&start);
        self.current = start;
    }

    fn position(&self) -> &Position {
        &self.current
    }

    fn has_last(&self) -> bool {
        self.last.is_some()
    }

    fn in_check(&self) -> Option<bool> {
        self.last.map(|(m, _)| self.current.is_check_after(m))
    }

    fn play(&mut self, m: Move, comment_before: Option<String>) {
        if let Some(text) = comment_before {
            self.visitor.comment(RawComment(text.as_bytes()));
        }
        self.visitor.play(&self.current, m);
        let undo = self.current.play_unchecked(m);
        self.last = Some((m, undo));
    }

    fn comment(&mut self, comment: RawComment<'_>) {
        self.visitor.comment(comment);
    }

    fn nag(&mut self, nag: u8) {
        self.visitor.nag(nag);
    }

    fn open(&mut self) -> bool {
        let Some((m, undo)) = self.last.take() else {
            return false;
        };
        let mut before = self.current.clone();
        before.undo(m, undo);
        let back = std::mem::replace(&mut self.current, before);
        self.stack.push((back, Some((m, undo))));
        self.visitor.begin_variation();
        true
    }

    fn close(&mut self) -> bool {
        let Some((current, last)) = self.stack.pop() else {
            return false;
        };
        self.current = current;
        self.last = last;
        self.visitor.end_variation();
        true
    }

    fn depth(&self) -> usize {
        self.stack.len()
    }

    fn finish(&mut self, comments: Vec<String>, result: Option<Outcome>) {
        for text in comments {
            self.visitor.comment(RawComment(text.as_bytes()));
        }
        self.output = Some(self.visitor.end_game(result));
    }
}

fn append_comment(game: &mut Game, node: NodeId, text: String) {
    let old = game.comment(node);
    let joined = if old.is_empty() { text } else { format!("{old} {text}") };
    game.set_comment(node, joined);
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Result<Game, PgnError>> {
        self.read_game()
    }
}

/// Reads the first game of a PGN text.
///
/// ```
/// let game = chess_core::pgn::read_game("1. f3 e5 2. g4 Qh4#")?;
/// assert!(game.position().is_checkmate());
/// # Ok::<(), chess_core::pgn::PgnError>(())
/// ```
pub fn read_game(text: &str) -> Result<Game, PgnError> {
    PgnReader::new(text.as_bytes())
        .read_game()
        .unwrap_or_else(|| Ok(Game::new()))
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
