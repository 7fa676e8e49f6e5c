//! How the parser hands over what it reads ([`Sink`]): to a game being built
//! ([`GameBuilder`](super::builder::GameBuilder)) or to a [`Visitor`]
//! ([`VisitorSink`]); and the [`Line`] of positions both play the moves in.

use super::{PgnWarning, RawComment, RawTag, Skip, Visitor};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::{Position, Undo};

/// How the parser hands over what it reads: to a [`Game`] being built, or
/// to a [`Visitor`].
pub(super) trait Sink {
    fn tag(&mut self, name: &[u8], value: RawTag<'_>);
    /// The position the moves will start from, to be set before
    /// [`Sink::start`].
    fn start_position(&mut self) -> &mut Position;
    /// The tags are read, the moves start from the start position; whether
    /// to pass over them unread.
    fn start(&mut self) -> Skip;
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
    /// A variation starts, replacing the last move: `None` when there is
    /// none to replace; whether it is passed over unread (then nothing was
    /// opened).
    fn open(&mut self) -> Option<Skip>;
    fn close(&mut self) -> bool;
    fn depth(&self) -> usize;
    fn finish(&mut self, comments: Vec<String>, result: Option<Outcome>);
}

/// The position a reader plays the moves of a game in, and what it needs
/// to go back for variations: the last move at this level and how to take
/// it back (the position before it is made only when a variation needs
/// it), and one entry per open variation.
pub(super) struct Line {
    pub(super) current: Position,
    pub(super) last: Option<(Move, Undo)>,
    pub(super) stack: Vec<(Position, Option<(Move, Undo)>)>,
}

impl Line {
    pub(super) fn new(start: Position) -> Line {
        Line {
            current: start,
            last: None,
            stack: Vec::new(),
        }
    }

    /// The position a game starts from, to be set: the line is made
    /// empty (no move, no variation) around it.
    pub(super) fn start_position(&mut self) -> &mut Position {
        self.last = None;
        self.stack.clear();
        &mut self.current
    }

    /// Whether the side to move is in check, known cheaply from the last
    /// move (unknown before any).
    #[inline]
    pub(super) fn in_check(&self) -> Option<bool> {
        self.last.map(|(m, _)| self.current.is_check_after(m))
    }

    #[inline]
    pub(super) fn play(&mut self, m: Move) {
        let undo = self.current.play_unchecked(m);
        self.last = Some((m, undo));
    }

    /// A variation starts: back to the position before the last move.
    pub(super) fn open(&mut self) -> bool {
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
    pub(super) fn close(&mut self) -> bool {
        let Some((current, last)) = self.stack.pop() else {
            return false;
        };
        self.current = current;
        self.last = last;
        true
    }
}

/// Plays the game into a single position for a [`Visitor`].
pub(super) struct VisitorSink<'v, V: Visitor> {
    pub(super) visitor: &'v mut V,
    pub(super) line: Line,
    pub(super) output: Option<V::Output>,
}

impl<'v, V: Visitor> VisitorSink<'v, V> {
    pub(super) fn new(visitor: &'v mut V) -> VisitorSink<'v, V> {
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

    fn start(&mut self) -> Skip {
        self.visitor.begin_moves(&self.line.current)
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

    fn open(&mut self) -> Option<Skip> {
        self.line.last?;
        let skip = self.visitor.begin_variation();
        if !skip.0 {
            self.line.open();
        }
        Some(skip)
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
