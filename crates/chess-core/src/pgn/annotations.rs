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
    blocks(comment)
        .filter_map(|b| {
            let args = b.body?[b.name.len()..].trim();
            (!b.name.is_empty()).then(|| CommentCommand {
                name: b.name.to_string(),
                args: args.to_string(),
            })
        })
        .collect()
}

/// One `[%...]` block of a comment: where it stands, its name, and the
/// text between `[%` and `]` trimmed (`None` when it is never closed: it
/// then runs to the end of the comment).
struct Block<'a> {
    range: std::ops::Range<usize>,
    name: &'a str,
    body: Option<&'a str>,
}

/// The `[%...]` blocks of a comment, in order.
fn blocks(comment: &str) -> impl Iterator<Item = Block<'_>> {
    let mut from = 0;
    std::iter::from_fn(move || {
        let start = from + comment.get(from..)?.find("[%")?;
        let (end, body) = match comment[start + 2..].find(']') {
            Some(len) => (start + 2 + len + 1, Some(comment[start + 2..start + 2 + len].trim())),
            None => (comment.len(), None),
        };
        let text = body.unwrap_or(comment[start + 2..].trim_start());
        let name = text.split(char::is_whitespace).next().unwrap_or("");
        let block = Block {
            range: start..end,
            name,
            body,
        };
        from = block.range.end;
        Some(block)
    })
}

/// `comment` without the `[%...]` blocks whose name `drop` picks, runs of
/// white space made one space.
fn without_blocks(comment: &str, drop: impl Fn(&str) -> bool) -> String {
    let mut words = String::with_capacity(comment.len());
    let mut at = 0;
    for block in blocks(comment) {
        if drop(block.name) {
            words.push_str(&comment[at..block.range.start]);
            words.push(' ');
            at = block.range.end;
        }
    }
    words.push_str(&comment[at..]);
    words.split_whitespace().collect::<Vec<_>>().join(" ")
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
    without_blocks(comment, |_| true)
}

/// `comment` without its `[%name ...]` commands (an evaluation to write
/// anew, say), the rest kept, runs of white space made one space. One of
/// that name never closed goes too, with what follows it.
///
/// ```
/// use chess_core::pgn::without_command;
/// assert_eq!(without_command("[%eval 0.35] [%clk 0:01:00] good", "eval"), "[%clk 0:01:00] good");
/// ```
pub fn without_command(comment: &str, name: &str) -> String {
    without_blocks(comment, |n| n == name)
}

/// The `[%...]` commands of a comment as written, without its words: what
/// to keep when a person edits the words.
///
/// ```
/// use chess_core::pgn::comment_commands;
/// assert_eq!(comment_commands("[%eval 0.17] A good move [%clk 0:03:00]"), "[%eval 0.17] [%clk 0:03:00]");
/// ```
pub fn comment_commands(comment: &str) -> String {
    blocks(comment)
        .filter(|b| b.body.is_some())
        .map(|b| &comment[b.range])
        .collect::<Vec<_>>()
        .join(" ")
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

/// `comment` with its coloured squares and arrows replaced by
/// `highlights` and `arrows` (written as one `[%csl ...]` and one
/// `[%cal ...]` command, after the other commands; none when empty), its
/// words and other commands kept. What a board where a person draws writes
/// into the move's comment.
///
/// ```
/// use chess_core::{Square, pgn::{Arrow, Highlight, with_drawings}};
/// let arrow = Arrow { color: 'G', from: Square::E2, to: Square::E4 };
/// let circle = Highlight { color: 'R', square: Square::D5 };
/// assert_eq!(with_drawings("[%clk 0:03:00] Good", &[circle], &[arrow]), "[%clk 0:03:00] [%csl Rd5] [%cal Ge2e4] Good");
/// assert_eq!(with_drawings("[%cal Ge2e4] Good", &[], &[]), "Good");
/// ```
pub fn with_drawings(comment: &str, highlights: &[Highlight], arrows: &[Arrow]) -> String {
    let rest = without_command(&without_command(comment, "csl"), "cal");
    let mut commands = vec![comment_commands(&rest)];
    if !highlights.is_empty() {
        let items: Vec<String> = highlights.iter().map(|h| format!("{}{}", h.color, h.square)).collect();
        commands.push(format!("[%csl {}]", items.join(",")));
    }
    if !arrows.is_empty() {
        let items: Vec<String> = arrows
            .iter()
            .map(|a| format!("{}{}{}", a.color, a.from, a.to))
            .collect();
        commands.push(format!("[%cal {}]", items.join(",")));
    }
    commands.push(comment_text(&rest));
    commands.retain(|c| !c.is_empty());
    commands.join(" ")
}

fn items(comment: &str, name: &str) -> impl Iterator<Item = String> {
    commands(comment)
        .into_iter()
        .filter(move |c| c.name == name)
        .flat_map(|c| c.args.split(',').map(|s| s.trim().to_string()).collect::<Vec<_>>())
        .filter(|s| s.is_ascii())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One reading of `[%...]` blocks serves every function: closed ones,
    /// and one never closed (it runs to the end of the comment).
    #[test]
    fn blocks_open_and_closed() {
        let c = "Good [%clk 0:01:00] move [%eval 0.3";
        assert_eq!(commands(c).len(), 1, "the unclosed block is no command");
        assert_eq!(comment_text(c), "Good move");
        assert_eq!(comment_commands(c), "[%clk 0:01:00]");
        assert_eq!(without_command(c, "eval"), "Good [%clk 0:01:00] move");
        assert_eq!(without_command(c, "clk"), "Good move [%eval 0.3");
        assert_eq!(
            without_command("[%evaluation 1] x", "eval"),
            "[%evaluation 1] x",
            "names match whole"
        );
        assert_eq!(commands("[% ] [%csl Ge4]")[0].name, "csl", "an empty name is skipped");
    }
}
