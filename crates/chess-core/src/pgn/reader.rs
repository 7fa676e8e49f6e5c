//! [`PgnReader`]: games one at a time from any [`BufRead`], as [`Game`]s,
//! as tags alone, or into a [`Visitor`].

use std::fmt;
use std::io::BufRead;

use super::builder::GameBuilder;
use super::encoding::text;
use super::fen_tag::{FenTag, fen_start, is_chess960};
use super::lexer::{self, Lexer, Token, split_annotation};
use super::sink::{Sink, VisitorSink};
use super::{PgnError, PgnErrorKind, PgnWarning, PgnWarningKind, Skip, Visitor};
use crate::game::Game;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::tags::Tags;

/// Reads games one at a time from PGN text (an iterator of games).
pub struct PgnReader<R> {
    lexer: Lexer<R>,
    games: usize,
    /// The current game's `FEN` tag, kept (in one reused buffer) in case a
    /// `Variant` tag after it says the game is Chess960.
    fen_text: String,
    /// Where the last game read starts: the byte offset and number of its
    /// first line.
    game_start: (u64, usize),
    /// The current game's `Result` tag, when it is a result (`1-0`, `0-1`,
    /// `1/2-1/2`, `*`): the result the game reports is decided with its
    /// termination marker ([`reported_result`]).
    result_tag: Option<&'static str>,
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
            game_start: (0, 1),
            result_tag: None,
        }
    }

    /// A reader of a piece of a larger PGN text that starts at line
    /// `first_line` (so errors and warnings give the lines of the whole).
    pub(crate) fn starting_at_line(input: R, first_line: usize) -> PgnReader<R> {
        PgnReader {
            lexer: Lexer::starting_at_line(input, first_line),
            games: 0,
            fen_text: String::new(),
            game_start: (0, 1),
            result_tag: None,
        }
    }

    /// Where the game read last starts in the input: the byte offset of its
    /// first line (from the reader's start), and that line's number. A
    /// game's text runs to where the next one starts.
    ///
    /// ```
    /// use chess_core::pgn::PgnReader;
    /// let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let mut reader = PgnReader::new(text.as_bytes());
    /// reader.read_game();
    /// reader.read_game();
    /// assert_eq!(reader.game_start(), (22, 5));
    /// assert!(text[22..].starts_with("[Event \"b\"]"));
    /// ```
    pub fn game_start(&self) -> (u64, usize) {
        self.game_start
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
        self.game_start = (self.lexer.token_line_offset(), self.lexer.token_line());
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
        self.game_start = (self.lexer.token_line_offset(), self.lexer.token_line());
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
        self.game_start = (self.lexer.token_line_offset(), self.lexer.token_line());
        self.games += 1;
        let number = self.games;
        visitor.begin_game();
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
        self.read_tag_section(number, sink)?;
        if sink.start().0 {
            return Ok(self.skip_movetext(sink));
        }
        self.read_movetext(number, sink)
    }

    /// An error of game `number` at the token just read.
    fn error_at_token(&self, number: usize, kind: PgnErrorKind) -> PgnError {
        PgnError {
            game: number,
            line: self.lexer.token_line(),
            column: self.lexer.token_column(),
            kind,
        }
    }

    /// Reads the tags of game `number` into `sink` and sets the position
    /// its moves start from (its `FEN` and `Variant` tags).
    fn read_tag_section<S: Sink>(&mut self, number: usize, sink: &mut S) -> Result<(), PgnError> {
        // Tags go to the sink as they are read. A FEN is read at once (its
        // text is in the lexer's buffer only until the next token) into
        // the position the moves start from, the outcome kept with its
        // warnings and its place until the tags end.
        let mut fen: Option<FenTag> = None;
        let mut chess960 = false;
        let (mut first, mut has_event) = (true, false);
        self.result_tag = None;
        while self.next_tag_is_this_games(first, has_event) {
            self.lexer.next_token();
            let (name, value) = self.lexer.tag();
            if name == b"Result" {
                self.result_tag = lexer::RESULTS.iter().copied().find(|r| *r == value.text().trim());
            }
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
        let bad_fen = |line, column, e: crate::Error| PgnError {
            game: number,
            line,
            column,
            kind: PgnErrorKind::BadFen(e.to_string()),
        };
        match fen {
            // Chess960: the FEN's castling field may be X-FEN or Shredder-FEN.
            Some(FenTag { line, column, .. }) if chess960 => {
                *sink.start_position() =
                    Position::from_fen_960(&self.fen_text).map_err(|e| bad_fen(line, column, e))?;
            }
            None if chess960 => *sink.start_position() = Position::new_960(518).unwrap_or_default(),
            Some(FenTag {
                read,
                repairs,
                line,
                column,
            }) => {
                read.map_err(|e| bad_fen(line, column, e))?;
                for kind in repairs {
                    sink.warning(PgnWarning { line, column, kind });
                }
            }
            None => *sink.start_position() = Position::new(),
        }
        Ok(())
    }

    /// Passes over the movetext unread (the sink asked to skip it), up to
    /// the result or the next game's tags; gives whether there was any.
    fn skip_movetext<S: Sink>(&mut self, sink: &mut S) -> bool {
        let mut movetext = false;
        let mut result = None;
        while let Some(token) = self.lexer.next_token() {
            match token {
                Token::Tag if self.lexer.tag_starts_game() => {
                    self.lexer.push_back(token);
                    break;
                }
                Token::Result(r) => {
                    result = Some(lexer::RESULTS[r as usize & 3]);
                    self.warn_if_results_disagree(result, sink);
                    movetext = true;
                    self.take_trailing_comments();
                    break;
                }
                _ => movetext = true,
            }
        }
        sink.finish(
            Vec::new(),
            reported_result(self.result_tag, result).and_then(Outcome::from_result),
        );
        movetext
    }

    /// Passes over a variation unread (its `(` just read), with the
    /// variations inside it, up to the `)` that closes it; false when the
    /// game ends first (a result, the next game's tags, a comment never
    /// closed: left to be read again).
    fn skip_variation(&mut self) -> bool {
        let mut depth = 0usize;
        while let Some(token) = self.lexer.next_token() {
            match token {
                Token::Open => depth += 1,
                Token::Close if depth == 0 => return true,
                Token::Close => depth -= 1,
                Token::Result(_) | Token::UnclosedComment => break,
                Token::Tag if self.lexer.tag_starts_game() => break,
                _ => {}
            }
        }
        false
    }

    /// Reads the movetext of game `number` into `sink`: moves resolved and
    /// played, comments, NAGs and variations, up to the result or the next
    /// game's tags. Gives whether there was any movetext.
    fn read_movetext<S: Sink>(&mut self, number: usize, sink: &mut S) -> Result<bool, PgnError> {
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
                    let m = match position.parse_san_in_check(san, sink.in_check()) {
                        Ok(m) => m,
                        // One bad move in a variation costs the rest of that
                        // variation, not the game (the main line stays exact).
                        Err(e) if sink.depth() > 0 => {
                            let written = String::from_utf8_lossy(self.lexer.word()).into_owned();
                            let kind = PgnWarningKind::VariationCut {
                                written,
                                reason: e.to_string(),
                            };
                            sink.warning(self.warning_here(kind));
                            skipping = Some(0);
                            continue;
                        }
                        Err(e) => return Err(self.error_at_token(number, PgnErrorKind::BadMove(e))),
                    };
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
                Token::Open => match sink.open() {
                    // The variation is an alternative to the last move.
                    Some(Skip(false)) => {}
                    Some(Skip(true)) => {
                        if !self.skip_variation() {
                            // The game ended inside it: unbalanced.
                            return Err(self.error_at_token(number, PgnErrorKind::BadVariation));
                        }
                    }
                    None => return Err(self.error_at_token(number, PgnErrorKind::BadVariation)),
                },
                Token::Close => {
                    if !sink.close() {
                        return Err(self.error_at_token(number, PgnErrorKind::BadVariation));
                    }
                }
                Token::Result(r) => {
                    result = Some(lexer::RESULTS[r as usize & 3]);
                    self.warn_if_results_disagree(result, sink);
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
                    return Err(self.error_at_token(number, PgnErrorKind::Unexpected(text)));
                }
                Token::UnclosedComment => return Err(self.error_at_token(number, PgnErrorKind::UnclosedComment)),
                Token::Junk => {
                    let junk = self.lexer.junk().to_string();
                    return Err(self.error_at_token(number, PgnErrorKind::Unexpected(junk)));
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
        sink.finish(
            pending,
            reported_result(self.result_tag, result).and_then(Outcome::from_result),
        );
        Ok(movetext)
    }

    /// At the termination marker `marker` (just read): a warning when the
    /// `Result` tag says otherwise.
    fn warn_if_results_disagree<S: Sink>(&self, marker: Option<&'static str>, sink: &mut S) {
        if let (Some(tag), Some(marker)) = (self.result_tag, marker)
            && tag != marker
        {
            sink.warning(PgnWarning {
                line: self.lexer.token_line(),
                column: self.lexer.token_column(),
                kind: PgnWarningKind::ResultsDisagree {
                    tag: tag.to_string(),
                    marker: marker.to_string(),
                    kept: reported_result(Some(tag), Some(marker)).unwrap_or("*").to_string(),
                },
            });
        }
    }
}

/// The result a game reports, from its `Result` tag and its movetext's
/// termination marker (the PGN standard says they agree; files do not
/// always): the tag when it gives a result (`1-0`, `0-1`, `1/2-1/2`), else
/// the marker when it does, else none. As python-chess reads them: what a
/// header records is what databases index and players see first, and a
/// marker fills a tag left at `*`. Every writer writes this one result
/// (the reader sets a `*` tag to it).
pub(crate) fn reported_result(tag: Option<&'static str>, marker: Option<&'static str>) -> Option<&'static str> {
    let decided = |r: Option<&'static str>| r.filter(|r| *r != "*");
    decided(tag).or(decided(marker))
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

/// Reads the one game of `text` as ChessBase and En Croissant import a
/// damaged game: when a move of its main line cannot be played (illegal,
/// ambiguous, not a move) or the movetext goes wrong after it, the game up
/// to that move, with the rest of its movetext kept as a comment after the
/// last move played, headed by the problem's line, column and reason; and
/// the problem. A game that reads is given whole, with `None`. Text with no
/// game, or a game whose tags cannot be read (a bad `FEN` tag), is an error.
///
/// ```
/// use chess_core::pgn::read_game_up_to_error;
/// let (game, problem) = read_game_up_to_error(b"1. e4 e5 2. Ke3 Nc6 *").unwrap();
/// assert_eq!(game.mainline().len(), 2);
/// let problem = problem.unwrap();
/// assert_eq!((problem.line, problem.column), (1, 13));
/// let last = game.mainline()[1];
/// assert!(game.comment(last).starts_with("line 1, column 13: illegal move Ke3"), "{}", game.comment(last));
/// assert!(game.comment(last).ends_with("Ke3 Nc6 *"));
/// ```
pub fn read_game_up_to_error(text: &[u8]) -> Result<(Game, Option<PgnError>), PgnError> {
    read_up_to_error(text, 1, 1)
}

/// Every game of `text`, each read as [`read_game_up_to_error`] reads one
/// (its lines and numbers those of the whole text): what an app opening a
/// file by hand does, where a game with a bad move is better shown up to
/// it than left out.
///
/// ```
/// use chess_core::pgn::read_games_up_to_errors;
/// let text = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 2. Kd3 *\n";
/// let games = read_games_up_to_errors(text);
/// assert_eq!(games.len(), 2);
/// let (second, problem) = games[1].as_ref().unwrap();
/// assert_eq!(second.mainline().len(), 2);
/// assert_eq!(problem.as_ref().map(|p| (p.game, p.line)), Some((2, 7)));
/// ```
pub fn read_games_up_to_errors(text: &[u8]) -> Vec<Result<(Game, Option<PgnError>), PgnError>> {
    // Where each game starts, by the reader's own rules; then each read
    // on its own text.
    let mut reader = PgnReader::new(text);
    let mut starts = Vec::new();
    while reader.read_game().is_some() {
        starts.push(reader.game_start());
    }
    let ends = starts
        .iter()
        .skip(1)
        .map(|&(offset, _)| offset as usize)
        .chain([text.len()]);
    starts
        .iter()
        .zip(ends)
        .enumerate()
        .map(|(k, (&(start, line), end))| read_up_to_error(&text[start as usize..end], line, k + 1))
        .collect()
}

/// [`read_game_up_to_error`] of a game cut out of a larger file: game
/// `number` of it, whose text begins on line `first_line` (errors and
/// warnings give the file's lines and number).
pub fn read_up_to_error(text: &[u8], first_line: usize, number: usize) -> Result<(Game, Option<PgnError>), PgnError> {
    let mut reader = PgnReader::starting_at_line(text, first_line);
    if reader.lexer.peek().is_none() {
        return Err(reader.error_here(number, PgnErrorKind::NoGame));
    }
    reader.games = number;
    let mut builder = GameBuilder::default();
    match reader.parse_into(number, &mut builder) {
        Ok(true) => Ok((builder.game, None)),
        Ok(false) => Err(reader.error_here(number, PgnErrorKind::NoGame)),
        Err(e) => {
            if !matches!(
                e.kind,
                PgnErrorKind::BadMove(_) | PgnErrorKind::Unexpected(_) | PgnErrorKind::BadVariation
            ) {
                return Err(e);
            }
            let rest = rest_of_game(text, (e.line + 1).saturating_sub(first_line), e.column);
            let note = format!("line {}, column {}: {}: {rest}", e.line, e.column, e.kind);
            let warning = PgnWarning {
                line: e.line,
                column: e.column,
                kind: PgnWarningKind::MainLineCut {
                    reason: e.kind.to_string(),
                },
            };
            match builder.into_partial(note, warning) {
                Some(game) => Ok((game, Some(e))),
                None => Err(e),
            }
        }
    }
}

/// The text of a game from line `line`, column `column` (from 1, in
/// characters) to its end (a blank line and a tag, or the end of `text`),
/// on one line.
fn rest_of_game(text: &[u8], line: usize, column: usize) -> String {
    let text = super::encoding::text(text);
    let start_of_line = text
        .match_indices('\n')
        .nth(line.saturating_sub(2))
        .map_or(0, |(i, _)| if line <= 1 { 0 } else { i + 1 });
    let from = text[start_of_line..]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(text.len(), |(i, _)| start_of_line + i);
    let rest = &text[from..];
    let end = rest.find("\n\n[").unwrap_or(rest.len());
    rest[..end].split_whitespace().collect::<Vec<_>>().join(" ")
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
