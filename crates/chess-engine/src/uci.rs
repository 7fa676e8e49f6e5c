//! The UCI protocol (Universal Chess Interface): what a GUI says to an
//! engine ([`Command`]) and what an engine answers ([`EngineMessage`]), read
//! from and written as text lines.
//!
//! Reading is lenient where the protocol asks for it (unknown words are
//! skipped, as the specification says an engine should) and strict where a
//! mistake would mislead: a bad number or a bad FEN is an error that names
//! the token.

use std::fmt;
use std::time::Duration;

use chess_core::{Move, Position};

use crate::search::{Clock, Info, Limits, Score};

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

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciError {
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

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::UnknownCommand(word) if word.is_empty() => f.write_str("empty line"),
            UciError::UnknownCommand(word) => write!(f, "unknown command `{word}`"),
            UciError::BadNumber { keyword, found } if found.is_empty() => {
                write!(f, "`{keyword}` needs a number, found the end of the line")
            }
            UciError::BadNumber { keyword, found } => write!(f, "`{keyword}` needs a number, found `{found}`"),
            UciError::MissingPosition => f.write_str("`position` needs `startpos` or `fen`"),
            UciError::BadFen { fen, reason } => write!(f, "bad FEN `{fen}`: {reason}"),
            UciError::MissingOptionName => f.write_str("`setoption` needs `name`"),
        }
    }
}

impl std::error::Error for UciError {}

/// Reads one line a GUI sent. Unknown words before a command are skipped,
/// as UCI asks (`joho debug on` is `debug on`).
///
/// ```
/// use chess_engine::uci::{Command, parse_command};
/// let Command::Go(go) = parse_command("go wtime 60000 btime 59000 movestogo 20")? else { panic!() };
/// assert_eq!(go.movestogo, Some(20));
/// assert!(parse_command("go depth x").is_err());
/// # Ok::<(), chess_engine::uci::UciError>(())
/// ```
pub fn parse_command(line: &str) -> Result<Command, UciError> {
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
/// # Ok::<(), chess_engine::uci::UciError>(())
/// ```
pub fn parse_command_in(line: &str, chess960: bool) -> Result<Command, UciError> {
    let mut words = line.split_whitespace().peekable();
    let first = loop {
        match words.next() {
            None => return Err(UciError::UnknownCommand(line.trim().to_owned())),
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

fn parse_setoption(words: &[&str]) -> Result<Command, UciError> {
    let name_at = words
        .iter()
        .position(|&w| w == "name")
        .ok_or(UciError::MissingOptionName)?;
    let value_at = words.iter().position(|&w| w == "value");
    let name_end = value_at.unwrap_or(words.len());
    if name_end <= name_at + 1 {
        return Err(UciError::MissingOptionName);
    }
    Ok(Command::SetOption {
        name: words[name_at + 1..name_end].join(" "),
        value: value_at.map(|at| words[at + 1..].join(" ")),
    })
}

fn parse_position(words: &[&str], chess960: bool) -> Result<Command, UciError> {
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
            read.map_err(|e: chess_core::Error| UciError::BadFen {
                fen: fen.clone(),
                reason: e.to_string(),
            })?
        }
        _ => return Err(UciError::MissingPosition),
    };
    let moves = words
        .get(moves_at + 1..)
        .unwrap_or(&[])
        .iter()
        .map(|&w| w.to_owned())
        .collect();
    Ok(Command::Position { start, moves })
}

fn parse_go(words: &[&str]) -> Result<Go, UciError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let keyword = words[i];
        i += 1;
        let number = |i: usize| -> Result<u64, UciError> {
            let found = words.get(i).copied().unwrap_or("");
            // Some GUIs send a negative time when the clock ran out.
            found
                .parse::<i64>()
                .map(|n| n.max(0) as u64)
                .map_err(|_| UciError::BadNumber {
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

/// The result of [`play_moves`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The position reached.
    pub position: Position,
    /// The Zobrist hashes of the positions before it, oldest first (for
    /// repetition detection).
    pub history: Vec<u64>,
    /// Why the moves stopped early, if a move was not legal.
    pub error: Option<String>,
}

/// Applies UCI `moves` to `start`, stopping at the first move that is not
/// legal (and saying which).
pub fn play_moves(start: &Position, moves: &[String]) -> Played {
    let mut position = start.clone();
    let mut history = Vec::with_capacity(moves.len());
    for uci in moves {
        match position.parse_uci(uci) {
            Ok(m) => {
                history.push(position.zobrist());
                position.play_unchecked(m);
            }
            Err(e) => {
                return Played {
                    position,
                    history,
                    error: Some(format!("move `{uci}` is not legal here: {e}")),
                };
            }
        }
    }
    Played {
        position,
        history,
        error: None,
    }
}

/// The `info` line for a search report (`info depth 12 seldepth 20 multipv
/// 1 score cp 35 nodes ... pv e2e4 e7e5`).
pub fn format_info(info: &Info) -> String {
    let score = match info.line.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let pv: Vec<String> = info.line.pv.iter().map(|m| m.uci()).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth.max(info.depth),
        info.multipv,
        score,
        info.nodes,
        info.nps(),
        info.hashfull,
        info.time.as_millis(),
        pv.join(" ")
    )
}

/// The `bestmove` line (`bestmove 0000` when there is no legal move).
pub fn format_bestmove(best: Option<Move>, ponder: Option<Move>) -> String {
    match (best, ponder) {
        (Some(b), Some(p)) => format!("bestmove {} ponder {}", b.uci(), p.uci()),
        (Some(b), None) => format!("bestmove {}", b.uci()),
        (None, _) => "bestmove 0000".to_owned(),
    }
}

/// A line an engine sent to a GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMessage {
    /// `id name ...`.
    Name(String),
    /// `id author ...`.
    Author(String),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `option name ...` (kept as text).
    Option(String),
    /// `info ...`.
    Info(InfoLine),
    /// `bestmove M [ponder P]` (`None` for `0000` or `(none)`).
    BestMove {
        /// The move, in UCI notation.
        best: Option<String>,
        /// The expected reply.
        ponder: Option<String>,
    },
    /// Anything else (engines print banners and debug text).
    Other(String),
}

/// The parts of an `info` line a GUI shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoLine {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `multipv` (1 when absent and a score is given).
    pub multipv: Option<usize>,
    /// `score cp N` or `score mate N`.
    pub score: Option<Score>,
    /// `score ... lowerbound|upperbound`: the score is only a bound.
    pub bound: bool,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`.
    pub nps: Option<u64>,
    /// `time` in milliseconds.
    pub time_ms: Option<u64>,
    /// `pv` in UCI notation.
    pub pv: Vec<String>,
    /// `string ...`: free text.
    pub string: Option<String>,
}

/// Reads one line an engine sent.
///
/// ```
/// use chess_engine::{Score, uci::{EngineMessage, parse_engine_line}};
/// let EngineMessage::Info(info) = parse_engine_line("info depth 3 score mate -2 pv e2e4 e7e5") else { panic!() };
/// assert_eq!(info.score, Some(Score::Mate(-2)));
/// assert_eq!(info.pv, ["e2e4", "e7e5"]);
/// ```
pub fn parse_engine_line(line: &str) -> EngineMessage {
    let words: Vec<&str> = line.split_whitespace().collect();
    let rest = |from: usize| words.get(from..).unwrap_or(&[]).join(" ");
    match words.as_slice() {
        ["id", "name", ..] => EngineMessage::Name(rest(2)),
        ["id", "author", ..] => EngineMessage::Author(rest(2)),
        ["uciok", ..] => EngineMessage::UciOk,
        ["readyok", ..] => EngineMessage::ReadyOk,
        ["option", ..] => EngineMessage::Option(rest(1)),
        ["bestmove", best, more @ ..] => {
            let best = (*best != "0000" && *best != "(none)").then(|| best.to_string());
            let ponder = match more {
                ["ponder", p, ..] => Some(p.to_string()),
                _ => None,
            };
            EngineMessage::BestMove { best, ponder }
        }
        ["info", ..] => EngineMessage::Info(parse_info(&words[1..])),
        _ => EngineMessage::Other(line.to_owned()),
    }
}

fn parse_info(words: &[&str]) -> InfoLine {
    let mut info = InfoLine::default();
    let mut i = 0;
    let num = |i: usize| words.get(i).and_then(|w| w.parse::<i64>().ok());
    while i < words.len() {
        match words[i] {
            "depth" => info.depth = num(i + 1).map(|n| n.max(0) as u32),
            "seldepth" => info.seldepth = num(i + 1).map(|n| n.max(0) as u32),
            "multipv" => info.multipv = num(i + 1).map(|n| n.max(1) as usize),
            "nodes" => info.nodes = num(i + 1).map(|n| n.max(0) as u64),
            "nps" => info.nps = num(i + 1).map(|n| n.max(0) as u64),
            "time" => info.time_ms = num(i + 1).map(|n| n.max(0) as u64),
            "score" => {
                info.score = match (words.get(i + 1), num(i + 2)) {
                    (Some(&"cp"), Some(n)) => Some(Score::Cp(n.clamp(-100_000, 100_000) as i32)),
                    (Some(&"mate"), Some(n)) => Some(Score::Mate(n.clamp(-1000, 1000) as i32)),
                    _ => None,
                };
                i += 3;
                while let Some(&w) = words.get(i) {
                    if w == "lowerbound" || w == "upperbound" {
                        info.bound = true;
                        i += 1;
                    } else {
                        break;
                    }
                }
                continue;
            }
            "pv" => {
                // The pv runs to the end of the line or the next keyword.
                i += 1;
                while let Some(&w) = words.get(i) {
                    if is_info_keyword(w) {
                        break;
                    }
                    info.pv.push(w.to_owned());
                    i += 1;
                }
                continue;
            }
            "string" => {
                info.string = Some(words[i + 1..].join(" "));
                break;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    info
}

fn is_info_keyword(word: &str) -> bool {
    matches!(
        word,
        "depth"
            | "seldepth"
            | "time"
            | "nodes"
            | "pv"
            | "multipv"
            | "score"
            | "currmove"
            | "currmovenumber"
            | "hashfull"
            | "nps"
            | "tbhits"
            | "sbhits"
            | "cpuload"
            | "string"
            | "refutation"
            | "currline"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(parse_command("uci"), Ok(Command::Uci));
        assert_eq!(parse_command("  isready  "), Ok(Command::IsReady));
        assert_eq!(parse_command("xyzzy debug on"), Ok(Command::Debug(true)));
        assert!(matches!(parse_command("hello"), Err(UciError::UnknownCommand(_))));
        assert!(matches!(parse_command(""), Err(UciError::UnknownCommand(_))));
        assert_eq!(
            parse_command("setoption name Skill Level value 3"),
            Ok(Command::SetOption {
                name: "Skill Level".into(),
                value: Some("3".into())
            })
        );
        assert_eq!(parse_command("setoption value 3"), Err(UciError::MissingOptionName));
        let Ok(Command::Position { start, moves }) = parse_command("position startpos moves e2e4 e7e5") else {
            panic!()
        };
        assert_eq!(start, Position::new());
        assert_eq!(moves, ["e2e4", "e7e5"]);
        let Ok(Command::Position { start, moves }) = parse_command("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1") else {
            panic!()
        };
        assert_eq!(start.fen(), "8/8/8/8/8/8/8/K1k5 w - - 0 1");
        assert!(moves.is_empty());
        assert!(matches!(
            parse_command("position fen 9/8 w"),
            Err(UciError::BadFen { .. })
        ));
        assert_eq!(parse_command("position"), Err(UciError::MissingPosition));
    }

    #[test]
    fn go_parameters() {
        let Ok(Command::Go(go)) =
            parse_command("go wtime -5 btime 2000 winc 10 binc 20 searchmoves e2e4 d2d4 depth 7 nodes 100 infinite")
        else {
            panic!()
        };
        assert_eq!(go.wtime, Some(Duration::ZERO));
        assert_eq!(go.binc, Some(Duration::from_millis(20)));
        assert_eq!(go.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!((go.depth, go.nodes, go.infinite), (Some(7), Some(100), true));
        assert_eq!(
            parse_command("go movetime"),
            Err(UciError::BadNumber {
                keyword: "movetime".into(),
                found: String::new()
            })
        );
        // Written back, it reads the same.
        assert_eq!(parse_command(&go.to_string()), Ok(Command::Go(go)));
    }

    #[test]
    fn engine_lines() {
        let EngineMessage::Info(info) = parse_engine_line(
            "info depth 20 seldepth 31 multipv 2 score cp -35 upperbound nodes 123 nps 456 time 78 pv e7e5 g1f3 string x",
        ) else {
            panic!()
        };
        assert_eq!(info.depth, Some(20));
        assert_eq!(info.multipv, Some(2));
        assert_eq!(info.score, Some(Score::Cp(-35)));
        assert!(info.bound);
        assert_eq!(info.pv, ["e7e5", "g1f3"]);
        assert_eq!(info.string.as_deref(), Some("x"));
        assert_eq!(
            parse_engine_line("bestmove e2e4 ponder e7e5"),
            EngineMessage::BestMove {
                best: Some("e2e4".into()),
                ponder: Some("e7e5".into())
            }
        );
        assert_eq!(
            parse_engine_line("bestmove (none)"),
            EngineMessage::BestMove {
                best: None,
                ponder: None
            }
        );
        assert_eq!(
            parse_engine_line("id name Stockfish 16"),
            EngineMessage::Name("Stockfish 16".into())
        );
        assert!(matches!(parse_engine_line(""), EngineMessage::Other(_)));
    }
}
