//! What an engine says to a GUI, as a GUI reads it ([`EngineMessage`]).

use crate::search::Score;

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
