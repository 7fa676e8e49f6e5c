//! PGN: reading games from text or files, and writing them.
//!
//! The reader streams: it reads one line at a time from any
//! [`BufRead`](std::io::BufRead), so a 100 MB file never sits in memory at
//! once. It reads what real files contain: tags with escapes (`\"` and
//! `\\`), comments in braces and after `;` (also before the first move and
//! after the result), NAGs and the `!?` suffixes, nested variations, games
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
use crate::outcome::Outcome;
use crate::position::Position;
use crate::san::SanError;
use lexer::{Lexer, Spanned, Token, split_annotation};

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
        if result.is_err() {
            self.skip_rest_of_game();
        }
        if let Some(e) = self.lexer.io_error.take() {
            return Some(Err(PgnError {
                game: number,
                line: self.lexer.line_no(),
                column: 1,
                kind: PgnErrorKind::Io(e.to_string()),
            }));
        }
        Some(result)
    }

    /// Reads only the tags of the next game and skips its moves, without
    /// checking them: a fast scan for game lists.
    pub fn read_tags(&mut self) -> Option<Tags> {
        self.lexer.peek()?;
        self.games += 1;
        let mut tags = Tags::new();
        while let Some(Spanned {
            token: Token::Tag(..), ..
        }) = self.lexer.peek()
        {
            if let Some(Spanned {
                token: Token::Tag(name, value),
                ..
            }) = self.lexer.next_token()
            {
                tags.set(name, value);
            }
        }
        self.skip_rest_of_game();
        Some(tags)
    }

    /// Skips to the end of the current game: past its result, or up to the
    /// next game's tags.
    fn skip_rest_of_game(&mut self) {
        let mut seen_movetext = false;
        while let Some(spanned) = self.lexer.peek() {
            match &spanned.token {
                Token::Tag(..) if seen_movetext => return,
                Token::Result(_) => {
                    self.lexer.next_token();
                    self.take_trailing_comments();
                    return;
                }
                Token::Tag(..) => {}
                _ => seen_movetext = true,
            }
            self.lexer.next_token();
        }
    }

    /// Comments right after the result belong to the finished game.
    fn take_trailing_comments(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while let Some(Spanned {
            token: Token::Comment(_),
            ..
        }) = self.lexer.peek()
        {
            if let Some(Spanned {
                token: Token::Comment(text),
                ..
            }) = self.lexer.next_token()
            {
                out.push(text);
            }
        }
        out
    }

    fn parse_game(&mut self, number: usize) -> Result<Game, PgnError> {
        let error = |s: &Spanned, kind| PgnError {
            game: number,
            line: s.line,
            column: s.column,
            kind,
        };
        let mut tags = Tags::new();
        let mut start_line = (1, 1);
        while let Some(Spanned {
            token: Token::Tag(..), ..
        }) = self.lexer.peek()
        {
            if let Some(Spanned {
                token: Token::Tag(name, value),
                line,
                column,
            }) = self.lexer.next_token()
            {
                if name == "FEN" {
                    start_line = (line, column);
                }
                tags.set(name, value);
            }
        }
        let start = match tags.get("FEN") {
            Some(fen) => Position::from_fen(fen).map_err(|e| PgnError {
                game: number,
                line: start_line.0,
                column: start_line.1,
                kind: PgnErrorKind::BadFen(e.to_string()),
            })?,
            None => Position::new(),
        };
        let mut game = Game::from_position(start);
        game.tags = tags;

        // The node moves are played from, and the last move played at this
        // level (a variation replaces it). One entry per open variation.
        let mut current = NodeId::ROOT;
        let mut last: Option<NodeId> = None;
        let mut stack: Vec<(NodeId, Option<NodeId>)> = Vec::new();
        let mut pending_comment: Vec<String> = Vec::new();
        let mut result: Option<String> = None;

        while let Some(spanned) = self.lexer.peek() {
            if matches!(spanned.token, Token::Tag(..)) {
                break; // the next game's tags: this one had no result
            }
            let Some(spanned) = self.lexer.next_token() else { break };
            match spanned.token {
                Token::Comment(text) => match last {
                    Some(node) => append_comment(&mut game, node, text),
                    None => pending_comment.push(text),
                },
                Token::Nag(nag) => {
                    if let Some(node) = last {
                        game.add_nag(node, nag);
                    }
                }
                Token::San(ref word) => {
                    let (san, nag) = split_annotation(word.as_str());
                    let m = game
                        .position_at(current)
                        .parse_san(san)
                        .map_err(|e| error(&spanned, PgnErrorKind::BadMove(e)))?;
                    let existing = game
                        .children(current)
                        .iter()
                        .copied()
                        .find(|&c| game.move_at(c) == Some(m));
                    let node = existing.unwrap_or_else(|| game.add_child(current, m));
                    if !pending_comment.is_empty() {
                        let text = pending_comment.join(" ");
                        if current == NodeId::ROOT && stack.is_empty() {
                            append_comment(&mut game, NodeId::ROOT, text);
                        } else {
                            game.set_starting_comment(node, text);
                        }
                        pending_comment.clear();
                    }
                    if let Some(nag) = nag {
                        game.add_nag(node, nag);
                    }
                    current = node;
                    last = Some(node);
                }
                Token::Open => {
                    // The variation is an alternative to the last move.
                    let Some(replaced) = last else {
                        return Err(error(&spanned, PgnErrorKind::BadVariation));
                    };
                    stack.push((current, last));
                    current = game.parent(replaced).unwrap_or(NodeId::ROOT);
                    last = None;
                }
                Token::Close => {
                    let Some((back, back_last)) = stack.pop() else {
                        return Err(error(&spanned, PgnErrorKind::BadVariation));
                    };
                    current = back;
                    last = back_last;
                }
                Token::Result(r) => {
                    result = Some(r);
                    break;
                }
                Token::UnclosedComment => return Err(error(&spanned, PgnErrorKind::UnclosedComment)),
                Token::Junk(ref text) => return Err(error(&spanned, PgnErrorKind::Unexpected(text.clone()))),
                Token::Tag(..) => unreachable!("tags end the loop above"),
            }
        }
        if !stack.is_empty() {
            let line = self.lexer.line_no();
            return Err(PgnError {
                game: number,
                line,
                column: 1,
                kind: PgnErrorKind::BadVariation,
            });
        }
        // Comments with no move to follow (a game with no moves, or comments
        // after the last move of a variation that closed) and after the result.
        let trailing = self.take_trailing_comments();
        let end = game.mainline_end();
        for text in pending_comment.into_iter().chain(trailing) {
            append_comment(&mut game, end, text);
        }
        // The termination marker, or else the Result tag, is the recorded result.
        let recorded = result
            .as_deref()
            .and_then(Outcome::from_result)
            .or_else(|| game.tags.get("Result").and_then(Outcome::from_result));
        game.go_to(end);
        if game.outcome_by_rules(end).is_none() {
            game.set_result(recorded);
        }
        Ok(game)
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
