//! Commands embedded in PGN comments: `[%clk 0:03:00]`, `[%eval 0.17]`,
//! `[%csl Ge4,Rd5]`, `[%cal Ge2e4]`. The comment text keeps them as written;
//! these functions read them.

use std::time::Duration;

use crate::square::Square;

/// One `[%name args]` command of a comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommentCommand {
    /// The name, without `%` (`"clk"`).
    pub name: String,
    /// Everything after the name, trimmed (`"0:03:00"`).
    pub args: String,
}

/// Every `[%name args]` command in a comment, in order.
///
/// ```
/// use chess_core::pgn::commands;
/// let c = commands("[%eval 0.17] [%clk 0:03:00] good move");
/// assert_eq!(c[1].name, "clk");
/// assert_eq!(c[1].args, "0:03:00");
/// ```
pub fn commands(comment: &str) -> Vec<CommentCommand> {
    let mut out = Vec::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%") {
        let after = &rest[start + 2..];
        let Some(end) = after.find(']') else { break };
        let body = after[..end].trim();
        let (name, args) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
        if !name.is_empty() {
            out.push(CommentCommand {
                name: name.to_string(),
                args: args.trim().to_string(),
            });
        }
        rest = &after[end + 1..];
    }
    out
}

/// The words of a comment, without its `[%...]` commands (what a reader
/// shows), with runs of white space made one space.
///
/// ```
/// use chess_core::pgn::comment_text;
/// assert_eq!(comment_text("[%eval 0.17] A good move [%clk 0:03:00]"), "A good move");
/// assert_eq!(comment_text("[%clk 0:03:00]"), "");
/// ```
pub fn comment_text(comment: &str) -> String {
    let mut words = String::with_capacity(comment.len());
    let mut rest = comment;
    while let Some(start) = rest.find("[%") {
        words.push_str(&rest[..start]);
        words.push(' ');
        match rest[start..].find(']') {
            Some(end) => rest = &rest[start + end + 1..],
            None => rest = "",
        }
    }
    words.push_str(rest);
    words.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The `[%...]` commands of a comment as written, without its words: what
/// to keep when a person edits the words.
///
/// ```
/// use chess_core::pgn::comment_commands;
/// assert_eq!(comment_commands("[%eval 0.17] A good move [%clk 0:03:00]"), "[%eval 0.17] [%clk 0:03:00]");
/// ```
pub fn comment_commands(comment: &str) -> String {
    let mut out = Vec::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%") {
        let Some(end) = rest[start..].find(']') else { break };
        out.push(&rest[start..start + end + 1]);
        rest = &rest[start + end + 1..];
    }
    out.join(" ")
}

fn command<'a>(comment: &str, name: &str, out: &'a mut Vec<CommentCommand>) -> Option<&'a CommentCommand> {
    *out = commands(comment);
    out.iter().find(|c| c.name == name)
}

/// The clock of a comment's `[%clk h:mm:ss]` command (seconds may have
/// decimals).
///
/// ```
/// use std::time::Duration;
/// assert_eq!(chess_core::pgn::clock("[%clk 1:02:03.5]"), Some(Duration::from_millis(3_723_500)));
/// ```
pub fn clock(comment: &str) -> Option<Duration> {
    let mut buf = Vec::new();
    let args = &command(comment, "clk", &mut buf)?.args;
    let mut parts = args.split(':').rev();
    let seconds: f64 = parts.next()?.parse().ok()?;
    let minutes: u64 = parts.next().map_or(Some(0), |m| m.parse().ok())?;
    let hours: u64 = parts.next().map_or(Some(0), |h| h.parse().ok())?;
    if parts.next().is_some() || !(0.0..60.0).contains(&seconds) {
        return None;
    }
    Some(Duration::from_secs(hours * 3600 + minutes * 60) + Duration::from_secs_f64(seconds))
}

/// An engine evaluation from `[%eval ...]`, from White's point of view.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Eval {
    /// Centipawns (`[%eval 0.17]` is 17).
    Centipawns(i32),
    /// Mate in this many moves (negative: Black mates), `[%eval #-3]`.
    Mate(i32),
}

impl Eval {
    /// The evaluation of a comment's `[%eval]` command.
    ///
    /// ```
    /// use chess_core::pgn::Eval;
    /// assert_eq!(Eval::of("[%eval -1.25]"), Some(Eval::Centipawns(-125)));
    /// assert_eq!(Eval::of("[%eval #4]"), Some(Eval::Mate(4)));
    /// ```
    pub fn of(comment: &str) -> Option<Eval> {
        let mut buf = Vec::new();
        let args = &command(comment, "eval", &mut buf)?.args;
        let value = args.split([',', ' ']).next()?;
        if let Some(mate) = value.strip_prefix('#') {
            return mate.parse().ok().map(Eval::Mate);
        }
        let pawns: f64 = value.parse().ok()?;
        pawns
            .is_finite()
            .then(|| Eval::Centipawns((pawns * 100.0).round() as i32))
    }
}

/// A coloured square from `[%csl Ge4]` (G green, R red, Y yellow, B blue).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// The colour letter.
    pub color: char,
    /// The square.
    pub square: Square,
}

/// A coloured arrow from `[%cal Ge2e4]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The colour letter.
    pub color: char,
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
}

impl Highlight {
    /// The squares of a comment's `[%csl ...]` commands.
    ///
    /// ```
    /// use chess_core::{Square, pgn::Highlight};
    /// let h = Highlight::of("[%csl Ge4,Rd5]");
    /// assert_eq!(h[1], Highlight { color: 'R', square: Square::D5 });
    /// ```
    pub fn of(comment: &str) -> Vec<Highlight> {
        items(comment, "csl")
            .filter_map(|item| {
                let color = item.chars().next()?;
                let square = item.get(1..)?.parse().ok()?;
                Some(Highlight { color, square })
            })
            .collect()
    }
}

impl Arrow {
    /// The arrows of a comment's `[%cal ...]` commands.
    ///
    /// ```
    /// use chess_core::{Square, pgn::Arrow};
    /// assert_eq!(Arrow::of("[%cal Ge2e4]"), [Arrow { color: 'G', from: Square::E2, to: Square::E4 }]);
    /// ```
    pub fn of(comment: &str) -> Vec<Arrow> {
        items(comment, "cal")
            .filter_map(|item| {
                let color = item.chars().next()?;
                let from = item.get(1..3)?.parse().ok()?;
                let to = item.get(3..5)?.parse().ok()?;
                (item.len() == 5).then_some(Arrow { color, from, to })
            })
            .collect()
    }
}

fn items(comment: &str, name: &str) -> impl Iterator<Item = String> {
    commands(comment)
        .into_iter()
        .filter(move |c| c.name == name)
        .flat_map(|c| c.args.split(',').map(|s| s.trim().to_string()).collect::<Vec<_>>())
        .filter(|s| s.is_ascii())
}
