//! What a GUI says to an engine: [`Command`], read from a line.

use std::fmt;
use std::time::Duration;

use chess_core::Position;

use crate::search::{Clock, Limits};

/// A command from a GUI to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify yourself and list your options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok` when done with earlier commands.
    IsReady,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its new value, if any (buttons have none).
        value: Option<String>,
    },
    /// `ucinewgame`: the next position is from a different game.
    UciNewGame,
    /// `position startpos|fen F [moves M...]`.
    Position {
        /// The position before `moves` (the starting position, or a FEN).
        start: Position,
        /// The moves played since, in UCI notation, not yet checked.
        moves: Vec<String>,
    },
    /// `go ...`: start searching.
    Go(Go),
    /// `stop`: stop searching and answer `bestmove`.
    Stop,
    /// `ponderhit`: the expected move was played; keep searching normally.
    PonderHit,
    /// `quit`.
    Quit,
}

/// The parameters of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// White's time left (`wtime`).
    pub wtime: Option<Duration>,
    /// Black's time left (`btime`).
    pub btime: Option<Duration>,
    /// White's increment (`winc`).
    pub winc: Option<Duration>,
    /// Black's increment (`binc`).
    pub binc: Option<Duration>,
    /// Moves to the next time control (`movestogo`).
    pub movestogo: Option<u32>,
    /// Search this many plies (`depth`).
    pub depth: Option<u32>,
    /// Search this many nodes (`nodes`).
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves (`mate`); treated as a depth.
    pub mate: Option<u32>,
    /// Search exactly this long (`movetime`).
    pub movetime: Option<Duration>,
    /// Search until `stop` (`infinite`).
    pub infinite: bool,
    /// Search in pondering mode (`ponder`): like infinite until `ponderhit`.
    pub ponder: bool,
    /// Only these root moves (`searchmoves`), in UCI notation.
    pub searchmoves: Vec<String>,
}

impl Go {
    /// The search limits for the side to move in `pos`, with `multipv`
    /// lines. `searchmoves` that are not legal here are left out.
    pub fn limits(&self, pos: &Position, multipv: usize) -> Limits {
        let white = pos.turn() == chess_core::Color::White;
        let (time, inc) = if white {
            (self.wtime, self.winc)
        } else {
            (self.btime, self.binc)
        };
        let infinite = self.infinite || self.ponder;
        Limits {
            depth: self.depth.or(self.mate.map(|m| 2 * m)),
            nodes: self.nodes,
            movetime: if infinite { None } else { self.movetime },
            clock: match (time, infinite) {
                (Some(time), false) => Some(Clock {
                    time,
                    increment: inc.unwrap_or_default(),
                    moves_to_go: self.movestogo,
                }),
                _ => None,
            },
            multipv,
            search_moves: self
                .searchmoves
                .iter()
                .filter_map(|uci| pos.parse_uci(uci).ok())
                .collect(),
        }
    }
}

impl fmt::Display for Go {
    /// The `go` command as sent to an engine.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("go")?;
        if self.ponder {
            f.write_str(" ponder")?;
        }
        if !self.searchmoves.is_empty() {
            write!(f, " searchmoves {}", self.searchmoves.join(" "))?;
        }
        let times = [
            ("wtime", self.wtime),
            ("btime", self.btime),
            ("winc", self.winc),
            ("binc", self.binc),
            ("movetime", self.movetime),
        ];
        for (name, value) in times {
            if let Some(d) = value {
                write!(f, " {name} {}", d.as_millis())?;
            }
        }
        let numbers = [
            ("movestogo", self.movestogo.map(u64::from)),
            ("depth", self.depth.map(u64::from)),
            ("nodes", self.nodes),
            ("mate", self.mate.map(u64::from)),
        ];
        for (name, value) in numbers {
            if let Some(n) = value {
                write!(f, " {name} {n}")?;
            }
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        Ok(())
    }
}

/// Why a line from the GUI could not be read as a UCI command (a move in
/// UCI notation that cannot be played is `chess_core::UciError`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The line is empty or starts with a word that is not a command.
    UnknownCommand(String),
    /// A number was expected after `keyword`.
    BadNumber {
        /// The keyword (`wtime`, `depth`, ...).
        keyword: String,
        /// What stood there instead (empty at the end of the line).
        found: String,
    },
    /// `position` without `startpos` or `fen`.
    MissingPosition,
    /// The FEN after `position fen` is not valid.
    BadFen {
        /// The FEN as given.
        fen: String,
        /// What is wrong with it.
        reason: String,
    },
    /// `setoption` without `name`.
    MissingOptionName,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::UnknownCommand(word) if word.is_empty() => f.write_str("empty line"),
            CommandError::UnknownCommand(word) => write!(f, "unknown command `{word}`"),
            CommandError::BadNumber { keyword, found } if found.is_empty() => {
                write!(f, "`{keyword}` needs a number, found the end of the line")
            }
            CommandError::BadNumber { keyword, found } => write!(f, "`{keyword}` needs a number, found `{found}`"),
            CommandError::MissingPosition => f.write_str("`position` needs `startpos` or `fen`"),
            CommandError::BadFen { fen, reason } => write!(f, "bad FEN `{fen}`: {reason}"),
            CommandError::MissingOptionName => f.write_str("`setoption` needs `name`"),
        }
    }
}

impl std::error::Error for CommandError {}

/// Reads one line a GUI sent. Unknown words before a command are skipped,
/// as UCI asks (`joho debug on` is `debug on`).
///
/// ```
/// use chess_engine::uci::{Command, parse_command};
/// let Command::Go(go) = parse_command("go wtime 60000 btime 59000 movestogo 20")? else { panic!() };
/// assert_eq!(go.movestogo, Some(20));
/// assert!(parse_command("go depth x").is_err());
/// # Ok::<(), chess_engine::uci::CommandError>(())
/// ```
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    parse_command_in(line, false)
}

/// [`parse_command`] for an engine whose `UCI_Chess960` option is
/// `chess960`: then `position startpos` is Chess960 start position 518, a
/// FEN's castling field is X-FEN or Shredder-FEN, and castling moves are
/// the king taking its own rook (`e1h1`), in and out.
///
/// ```
/// use chess_engine::uci::{Command, parse_command_in};
/// let Command::Position { start, .. } = parse_command_in("position fen rk6/8/8/8/8/8/8/RK6 w Aa - 0 1", true)? else {
///     panic!()
/// };
/// assert!(start.is_chess960());
/// assert_eq!(start.parse_uci("b1a1").unwrap().to_string(), "b1a1");
/// # Ok::<(), chess_engine::uci::CommandError>(())
/// ```
pub fn parse_command_in(line: &str, chess960: bool) -> Result<Command, CommandError> {
    let mut words = line.split_whitespace().peekable();
    let first = loop {
        match words.next() {
            None => return Err(CommandError::UnknownCommand(line.trim().to_owned())),
            Some(w) if is_command(w) => break w,
            Some(_) => continue,
        }
    };
    let rest: Vec<&str> = words.collect();
    Ok(match first {
        "uci" => Command::Uci,
        "debug" => Command::Debug(rest.first() != Some(&"off")),
        "isready" => Command::IsReady,
        "ucinewgame" => Command::UciNewGame,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "setoption" => parse_setoption(&rest)?,
        "position" => parse_position(&rest, chess960)?,
        "go" => Command::Go(parse_go(&rest)?),
        _ => unreachable!("is_command lists every command"),
    })
}

fn is_command(word: &str) -> bool {
    matches!(
        word,
        "uci" | "debug" | "isready" | "setoption" | "ucinewgame" | "position" | "go" | "stop" | "ponderhit" | "quit"
    )
}

fn parse_setoption(words: &[&str]) -> Result<Command, CommandError> {
    let name_at = words
        .iter()
        .position(|&w| w == "name")
        .ok_or(CommandError::MissingOptionName)?;
    let value_at = words.iter().position(|&w| w == "value");
    let name_end = value_at.unwrap_or(words.len());
    if name_end <= name_at + 1 {
        return Err(CommandError::MissingOptionName);
    }
    Ok(Command::SetOption {
        name: words[name_at + 1..name_end].join(" "),
        value: value_at.map(|at| words[at + 1..].join(" ")),
    })
}

fn parse_position(words: &[&str], chess960: bool) -> Result<Command, CommandError> {
    let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
    let start = match words.first() {
        Some(&"startpos") if chess960 => Position::new_960(518).unwrap_or_default(),
        Some(&"startpos") => Position::new(),
        Some(&"fen") => {
            let fen = words[1..moves_at].join(" ");
            let read = if chess960 {
                Position::from_fen_960(&fen)
            } else {
                Position::from_fen(&fen)
            };
            read.map_err(|e: chess_core::Error| CommandError::BadFen {
                fen: fen.clone(),
                reason: e.to_string(),
            })?
        }
        _ => return Err(CommandError::MissingPosition),
    };
    let moves = words
        .get(moves_at + 1..)
        .unwrap_or(&[])
        .iter()
        .map(|&w| w.to_owned())
        .collect();
    Ok(Command::Position { start, moves })
}

fn parse_go(words: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let keyword = words[i];
        i += 1;
        let number = |i: usize| -> Result<u64, CommandError> {
            let found = words.get(i).copied().unwrap_or("");
            // Some GUIs send a negative time when the clock ran out.
            found
                .parse::<i64>()
                .map(|n| n.max(0) as u64)
                .map_err(|_| CommandError::BadNumber {
                    keyword: keyword.to_owned(),
                    found: found.to_owned(),
                })
        };
        let ms = |i: usize| number(i).map(|n| Some(Duration::from_millis(n)));
        match keyword {
            "wtime" => go.wtime = ms(i)?,
            "btime" => go.btime = ms(i)?,
            "winc" => go.winc = ms(i)?,
            "binc" => go.binc = ms(i)?,
            "movetime" => go.movetime = ms(i)?,
            "movestogo" => go.movestogo = Some(number(i)?.min(u32::MAX as u64) as u32),
            "depth" => go.depth = Some(number(i)?.min(u32::MAX as u64) as u32),
            "mate" => go.mate = Some(number(i)?.min(u32::MAX as u64) as u32),
            "nodes" => go.nodes = Some(number(i)?),
            "infinite" => {
                go.infinite = true;
                continue;
            }
            "ponder" => {
                go.ponder = true;
                continue;
            }
            "searchmoves" => {
                while let Some(&w) = words.get(i) {
                    if is_go_keyword(w) {
                        break;
                    }
                    go.searchmoves.push(w.to_owned());
                    i += 1;
                }
                continue;
            }
            _ => continue, // unknown words are skipped
        }
        i += 1;
    }
    Ok(go)
}

fn is_go_keyword(word: &str) -> bool {
    matches!(
        word,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}
