//! [`GameBuilder`]: the [`Sink`] that builds a [`Game`] with its whole tree.

use super::encoding::text;
use super::sink::{Line, Sink};
use super::{PgnWarning, RawComment, RawTag, Skip};
use crate::game::{Game, NodeId};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::tags::Tags;

/// Builds a [`Game`] with the full tree. It plays the moves in a [`Line`]
/// of its own and gives the game only the moves: the game makes a node's
/// position when it is first asked for.
pub(super) struct GameBuilder {
    /// The game (a placeholder until its start is known).
    pub(super) game: Game,
    line: Line,
    /// The tags, until the game starts.
    tags: Tags,
    /// The node moves are played from, and the last move played at this
    /// level.
    current: NodeId,
    last: Option<NodeId>,
    /// One entry per open variation: where to go back to.
    stack: Vec<(NodeId, Option<NodeId>)>,
    /// The warnings, until the game is finished.
    warnings: Vec<PgnWarning>,
}

impl Default for GameBuilder {
    fn default() -> GameBuilder {
        GameBuilder {
            game: Game::placeholder(),
            line: Line::new(Position::new()),
            tags: Tags::new(),
            current: NodeId::ROOT,
            last: None,
            stack: Vec::new(),
            warnings: Vec::new(),
        }
    }
}

impl Sink for GameBuilder {
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.tags.set(text(name), value.text());
    }

    fn start_position(&mut self) -> &mut Position {
        self.line.start_position()
    }

    fn start(&mut self) -> Skip {
        self.game = Game::from_position(self.line.current.clone());
        self.game.tags = std::mem::take(&mut self.tags);
        Skip(false)
    }

    fn position(&self) -> &Position {
        &self.line.current
    }

    fn has_last(&self) -> bool {
        self.last.is_some()
    }

    fn in_check(&self) -> Option<bool> {
        self.line.in_check()
    }

    fn play(&mut self, m: Move, comment_before: Option<String>) {
        let game = &mut self.game;
        let existing = game
            .children(self.current)
            .iter()
            .copied()
            .find(|&c| game.move_at(c) == Some(m));
        let node = existing.unwrap_or_else(|| game.add_child_lazily(self.current, m));
        if let Some(text) = comment_before {
            if self.current == NodeId::ROOT && self.stack.is_empty() {
                game.append_comment(NodeId::ROOT, &text);
            } else {
                game.set_starting_comment(node, text);
            }
        }
        self.line.play(m);
        self.current = node;
        self.last = Some(node);
    }

    fn comment(&mut self, comment: RawComment<'_>) {
        if let Some(node) = self.last {
            self.game.append_comment(node, &comment.text());
        }
    }

    fn nag(&mut self, nag: u8) {
        if let Some(node) = self.last {
            self.game.add_nag(node, nag);
        }
    }

    fn warning(&mut self, warning: PgnWarning) {
        self.warnings.push(warning);
    }

    fn open(&mut self) -> Option<Skip> {
        let replaced = self.last?;
        if !self.line.open() {
            return None;
        }
        self.stack.push((self.current, self.last));
        self.current = self.game.parent(replaced).unwrap_or(NodeId::ROOT);
        self.last = None;
        Some(Skip(false))
    }

    fn close(&mut self) -> bool {
        let Some((current, last)) = self.stack.pop() else {
            return false;
        };
        self.line.close();
        self.current = current;
        self.last = last;
        true
    }

    fn depth(&self) -> usize {
        self.stack.len()
    }

    fn finish(&mut self, comments: Vec<String>, result: Option<Outcome>) {
        self.finish_game(comments, result);
    }
}

impl GameBuilder {
    /// Ends the game: the comments after the last move, the warnings, and
    /// the recorded result (the one the reader reports, see
    /// `reader::reported_result`).
    fn finish_game(&mut self, comments: Vec<String>, result: Option<Outcome>) {
        let game = &mut self.game;
        let end = game.mainline_end();
        for text in comments {
            game.append_comment(end, &text);
        }
        game.warnings = std::mem::take(&mut self.warnings);
        // All variations are closed: the line stands at the main line's end.
        if end == self.current {
            game.know_position(end, &self.line.current);
        }
        // The result the reader reports (the Result tag's, else the
        // termination marker's: `reported_result`). A tag left at `*`, or
        // none that is a result, takes it: every writer writes it.
        let recorded = result.or_else(|| game.tags.get("Result").and_then(Outcome::from_result));
        if let Some(reported) = recorded
            && game
                .tags
                .get("Result")
                .is_some_and(|tag| Outcome::from_result(tag).is_none())
        {
            game.tags.set("Result", reported.result());
        }
        // A win on time, as lichess's `Termination` says it.
        let on_time = game
            .tags
            .get("Termination")
            .is_some_and(|t| t.eq_ignore_ascii_case(super::writer::TIME_FORFEIT));
        let recorded = recorded.map(|r| match r {
            Outcome::Win { winner, .. } if on_time => Outcome::Win {
                winner,
                reason: crate::outcome::WinReason::Timeout,
            },
            r => r,
        });
        game.go_to(end);
        if let Some(recorded) = recorded
            && game.outcome_by_rules(end).is_none()
        {
            game.set_result(Some(recorded));
        }
    }

    /// The game as far as it was read when a move of its main line could not
    /// be played: its moves up to it, `rest` (the text from the bad move on)
    /// as a comment after the last of them, and the warnings so far with
    /// `warning` (which says so) last; no
    /// result but what its `Result` tag says. `None` when the game had not
    /// started (its tags were bad).
    pub(super) fn into_partial(mut self, rest: String, warning: PgnWarning) -> Option<Game> {
        if self.game.is_placeholder() {
            return None;
        }
        self.warnings.push(warning);
        // Variations opened and not closed end here.
        while self.close() {}
        self.finish_game(vec![rest], None);
        Some(self.game)
    }
}
