//! Reading one PGN input on every core.
//!
//! One thread cuts the input into pieces of about a megabyte, always just
//! before a line where a game starts (a tag line after a blank line, not
//! inside a comment), which is where the sequential reader starts a game
//! too; the pieces are read by worker threads, each with its own
//! [`PgnReader`]; the games come back to the caller in file order, with
//! their numbers, lines and columns those of the whole input. The result is
//! exactly what [`PgnReader`] gives, game for game and error for error.

use std::collections::BTreeMap;
use std::io::BufRead;
use std::sync::{Mutex, mpsc};

use super::find::find2;
use super::tag::{is_event_tag_line, is_tag_line};
use super::{PgnError, PgnErrorKind, PgnReader, Visitor};
use crate::game::Game;

/// Reads the games of a PGN input on several threads, in file order.
///
/// ```
/// use chess_core::pgn::{ParallelReader, Visitor};
/// use chess_core::{Move, Outcome, Position};
///
/// /// The number of moves of a game.
/// #[derive(Default)]
/// struct Moves(usize);
/// impl Visitor for Moves {
///     type Output = usize;
///     fn play(&mut self, _before: &Position, _m: Move) {
///         self.0 += 1;
///     }
///     fn end_game(&mut self, _result: Option<Outcome>) -> usize {
///         std::mem::take(&mut self.0)
///     }
/// }
/// let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n".repeat(100);
/// let mut moves = Vec::new();
/// ParallelReader::new(pgn.as_bytes())
///     .threads(2)
///     .visit_games(Moves::default, |_number, game| moves.push(game.unwrap()));
/// assert_eq!(moves.len(), 200);
/// assert_eq!(&moves[..2], [2, 1]);
/// ```
#[derive(Debug)]
pub struct ParallelReader<R> {
    input: R,
    threads: usize,
    piece_bytes: usize,
    /// The input's first byte and line in a larger text.
    start: (u64, usize),
}

/// Where a game is in the input, as [`ParallelReader::visit_games_at`]
/// gives it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameAt {
    /// The game's number, from 1.
    pub number: usize,
    /// The byte offset of its first line (its text runs to the next game's).
    pub offset: u64,
    /// The number of its first line.
    pub line: usize,
}

/// A piece of the input: its place among the pieces, the byte offset and
/// line it starts at, and its bytes.
struct Piece {
    index: usize,
    offset: u64,
    first_line: usize,
    bytes: Vec<u8>,
}

/// What a piece gave: its place, and each game's offset, line and result.
type Done<T> = (usize, Vec<(u64, usize, Result<T, PgnError>)>);

impl<R: BufRead + Send> ParallelReader<R> {
    /// A reader of `input` on as many threads as the machine has cores.
    pub fn new(input: R) -> ParallelReader<R> {
        ParallelReader {
            input,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            piece_bytes: 1 << 20,
            start: (0, 1),
        }
    }

    /// The input starts at byte `offset` and line `line` of a larger text
    /// (a file read from the middle): offsets, lines and columns are then
    /// those of the whole.
    pub fn starting_at(mut self, offset: u64, line: usize) -> ParallelReader<R> {
        self.start = (offset, line.max(1));
        self
    }

    /// Reads on `threads` threads (at least one).
    pub fn threads(mut self, threads: usize) -> ParallelReader<R> {
        self.threads = threads.max(1);
        self
    }

    /// Cuts the input into pieces of about `bytes` bytes (1 MiB by
    /// default; a piece holds whole games, so it may be larger).
    pub fn piece_bytes(mut self, bytes: usize) -> ParallelReader<R> {
        self.piece_bytes = bytes.max(1);
        self
    }

    /// Replays every game into a visitor, as [`PgnReader::visit_game`]
    /// does; each thread makes its own visitor with `make`. `each` gets
    /// every game's number (from 1) and output or error, in file order, on
    /// the calling thread.
    pub fn visit_games<V, M, E>(self, make: M, mut each: E)
    where
        V: Visitor,
        V::Output: Send,
        M: Fn() -> V + Sync,
        E: FnMut(usize, Result<V::Output, PgnError>),
    {
        self.run(
            make,
            |visitor, reader| reader.visit_game(visitor),
            |at, result| each(at.number, result),
        );
    }

    /// [`ParallelReader::visit_games`], with where each game is: `each` gets
    /// its number, byte offset and first line.
    ///
    /// ```
    /// use chess_core::pgn::{ParallelReader, Visitor};
    /// use chess_core::Outcome;
    ///
    /// struct Nothing;
    /// impl Visitor for Nothing {
    ///     type Output = ();
    ///     fn end_game(&mut self, _result: Option<Outcome>) {}
    /// }
    /// let pgn = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let mut starts = Vec::new();
    /// ParallelReader::new(pgn.as_bytes()).visit_games_at(|| Nothing, |at, _| starts.push((at.offset, at.line)));
    /// assert_eq!(starts, [(0, 1), (22, 5)]);
    /// ```
    pub fn visit_games_at<V, M, E>(self, make: M, each: E)
    where
        V: Visitor,
        V::Output: Send,
        M: Fn() -> V + Sync,
        E: FnMut(GameAt, Result<V::Output, PgnError>),
    {
        self.run(make, |visitor, reader| reader.visit_game(visitor), each);
    }

    /// Reads every game in full, as [`PgnReader::read_game`] does; `each`
    /// gets every game's number (from 1) and the game or error, in file
    /// order, on the calling thread.
    pub fn read_games<E>(self, mut each: E)
    where
        E: FnMut(usize, Result<Game, PgnError>),
    {
        self.run(
            || (),
            |(), reader| reader.read_game(),
            |at, result| each(at.number, result),
        );
    }

    /// Cuts the input on one thread, reads the pieces on `threads` others
    /// with `read` (and a state per thread from `init`), and hands the
    /// results to `each` in order on this one.
    fn run<T, S, I, F, E>(self, init: I, read: F, mut each: E)
    where
        T: Send,
        I: Fn() -> S + Sync,
        F: Fn(&mut S, &mut PgnReader<&[u8]>) -> Option<Result<T, PgnError>> + Sync,
        E: FnMut(GameAt, Result<T, PgnError>),
    {
        let ParallelReader {
            input,
            threads,
            piece_bytes,
            start,
        } = self;
        // A few pieces wait at most, and a few results: memory stays
        // bounded whatever the input, and however slowly `each` takes them.
        let (piece_tx, piece_rx) = mpsc::sync_channel::<Piece>(threads * 2);
        let piece_rx = Mutex::new(piece_rx);
        let (done_tx, done_rx) = mpsc::sync_channel::<Done<T>>(threads * 2);
        std::thread::scope(|scope| {
            let cutter_done = done_tx.clone();
            scope.spawn(move || cut(input, piece_bytes, start, &piece_tx, &cutter_done));
            for _ in 0..threads {
                let (piece_rx, done_tx, init, read) = (&piece_rx, done_tx.clone(), &init, &read);
                scope.spawn(move || {
                    let mut state = init();
                    loop {
                        // The lock is held only to take a piece.
                        let next = piece_rx.lock().map(|rx| rx.recv());
                        let Ok(Ok(piece)) = next else { break };
                        let mut reader = PgnReader::starting_at_line(&piece.bytes[..], piece.first_line);
                        let mut results = Vec::new();
                        while let Some(result) = read(&mut state, &mut reader) {
                            let (offset, line) = reader.game_start();
                            results.push((piece.offset + offset, line, result));
                        }
                        if done_tx.send((piece.index, results)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(done_tx);
            // In file order: a piece's games are numbered after those of
            // the pieces before it.
            let mut waiting = BTreeMap::new();
            let (mut next, mut games) = (0, 0);
            for (index, results) in done_rx {
                waiting.insert(index, results);
                while let Some(results) = waiting.remove(&next) {
                    for (offset, line, mut result) in results {
                        games += 1;
                        if let Err(e) = &mut result {
                            e.game = games;
                        }
                        let at = GameAt {
                            number: games,
                            offset,
                            line,
                        };
                        each(at, result);
                    }
                    next += 1;
                }
            }
        });
    }
}

/// Cuts `input` into pieces of about `piece_bytes` bytes, each ending just
/// before a line where a game starts, and sends them; a failure to read
/// comes last, as an error of its own.
fn cut<R: BufRead, T>(
    mut input: R,
    piece_bytes: usize,
    (mut offset, first): (u64, usize),
    pieces: &mpsc::SyncSender<Piece>,
    done: &mpsc::SyncSender<Done<T>>,
) {
    let mut scan = Scan::default();
    let (mut index, mut line, mut first_line) = (0, first, first);
    // The piece being made, read a chunk at a time; the lines before
    // `line_start` have been looked at.
    let mut bytes = Vec::with_capacity(piece_bytes + (1 << 16));
    let mut line_start = 0;
    loop {
        let read = match input.fill_buf() {
            Ok(chunk) => {
                // A chunk at a time (a slice gives all it has at once): a
                // piece is cut soon after it is full, and what follows the
                // cut, copied to the next piece, stays small.
                let chunk = &chunk[..chunk.len().min(1 << 16)];
                bytes.extend_from_slice(chunk);
                chunk.len()
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                let sent = !bytes.is_empty();
                if sent && send(pieces, index, offset, first_line, std::mem::take(&mut bytes)).is_err() {
                    return;
                }
                let error = PgnError {
                    game: 0,
                    line,
                    column: 1,
                    kind: PgnErrorKind::Io(e.to_string()),
                };
                let _ = done.send((index + usize::from(sent), vec![(offset, line, Err(error))]));
                return;
            }
        };
        if read == 0 {
            break;
        }
        input.consume(read);
        while let Some(k) = find2(&bytes[line_start..], b'\n', b'\n') {
            let end = line_start + k + 1;
            if scan.starts_game(&bytes[line_start..end]) && line_start >= piece_bytes {
                let rest = bytes.split_off(line_start);
                let piece = std::mem::replace(&mut bytes, rest);
                let len = piece.len() as u64;
                if send(pieces, index, offset, first_line, piece).is_err() {
                    return;
                }
                offset += len;
                index += 1;
                first_line = line;
                line_start = 0;
            }
            line_start += k + 1;
            line += 1;
        }
    }
    if !bytes.is_empty() {
        let _ = send(pieces, index, offset, first_line, bytes);
    }
}

fn send(
    pieces: &mpsc::SyncSender<Piece>,
    index: usize,
    offset: u64,
    first_line: usize,
    bytes: Vec<u8>,
) -> Result<(), ()> {
    pieces
        .send(Piece {
            index,
            offset,
            first_line,
            bytes,
        })
        .map_err(|_| ())
}

/// What the cutter knows of the text so far, line by line: enough to find
/// the lines where the sequential reader starts a game.
#[derive(Default)]
pub(super) struct Scan {
    /// Inside a `{}` comment.
    in_comment: bool,
    /// The line before was blank.
    blank_before: bool,
}

impl Scan {
    /// Takes the next line (with its line break); whether a game starts
    /// there: a tag line after a blank line outside comments, or an
    /// `[Event ` tag line after a blank line inside one (where the lexer
    /// ends a comment that was never closed). The reader starts a game at
    /// every such line, wherever it is in the game before (its tags, its
    /// moves, or skipping what is left of a bad one, which stops only at a
    /// whole tag line).
    pub(super) fn starts_game(&mut self, line: &[u8]) -> bool {
        let starts = if self.in_comment {
            let ends_comment = self.blank_before && is_event_tag_line(line);
            if ends_comment {
                self.in_comment = false;
            } else {
                self.movetext(line);
            }
            ends_comment
        } else if line.first() == Some(&b'[') {
            // A tag changes nothing, but starts a game after a blank line;
            // a `[` line that is not a tag is movetext (its `{` opens a
            // comment, where a tag's value would hide it). The usual tag
            // line, with neither, is passed without being read.
            let comments = find2(line, b'{', b';').is_some();
            if !self.blank_before && !comments {
                false
            } else if is_tag_line(line) {
                self.blank_before
            } else {
                self.movetext(line);
                false
            }
        } else {
            if line.first() != Some(&b'%') {
                self.movetext(line);
            }
            false
        };
        self.blank_before = line.iter().all(u8::is_ascii_whitespace);
        starts
    }

    /// Follows comments through a line of movetext: `{` opens one that
    /// `}` closes, `;` makes the rest of the line one.
    fn movetext(&mut self, line: &[u8]) {
        let mut i = 0;
        loop {
            if self.in_comment {
                match find2(&line[i..], b'}', b'}') {
                    Some(k) => {
                        i += k + 1;
                        self.in_comment = false;
                    }
                    None => return,
                }
            } else {
                match find2(&line[i..], b'{', b';') {
                    Some(k) if line[i + k] == b'{' => {
                        i += k + 1;
                        self.in_comment = true;
                    }
                    _ => return,
                }
            }
        }
    }
}
