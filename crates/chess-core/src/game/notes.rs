//! What a game's moves carry besides the move: comments (after a move, and
//! before one that starts a variation) and NAGs.

use super::Game;
use super::tree::NodeId;
use crate::outcome::Outcome;
use crate::texts::Span;

/// What a node has besides its move. The comments are ranges of
/// [`Game::texts`].
#[derive(Clone, Debug, Default)]
pub(super) struct Notes {
    pub(super) comment: Span,
    pub(super) starting_comment: Span,
    pub(super) nags: Vec<u8>,
    pub(super) result: Option<Outcome>,
}

impl Game {
    /// The notes of `id`, if it has any.
    pub(super) fn notes(&self, id: NodeId) -> Option<&Notes> {
        let index = self.node(id).notes as usize;
        index.checked_sub(1).and_then(|i| self.notes.get(i))
    }

    /// The notes of `id`, made empty if it has none.
    pub(super) fn notes_mut(&mut self, id: NodeId) -> &mut Notes {
        if self.node(id).notes == 0 {
            self.notes.push(Notes::default());
            let index = self.notes.len() as u32;
            self.node_mut(id).notes = index;
        }
        let i = self.node(id).notes as usize - 1;
        &mut self.notes[i]
    }

    fn text(&self, span: Span) -> &str {
        self.texts.get(span)
    }

    /// Sets one of the comments of `id` (the `comment` of its notes, or the
    /// `starting_comment`), chosen by `field`.
    fn set_note_text(&mut self, id: NodeId, text: &str, field: fn(&mut Notes) -> &mut Span) {
        if !text.is_empty() || self.notes(id).is_some() {
            let span = self.texts.push(text, 1024);
            *field(self.notes_mut(id)) = span;
        }
    }

    /// The comment after the move of `id` (for the root: before the game).
    pub fn comment(&self, id: NodeId) -> &str {
        self.notes(id).map_or("", |n| self.text(n.comment))
    }

    /// Sets the comment after the move of `id`.
    pub fn set_comment(&mut self, id: NodeId, text: impl AsRef<str>) {
        self.set_note_text(id, text.as_ref(), |n| &mut n.comment);
    }

    /// Adds `text` to the comment after the move of `id`, after a space.
    pub(crate) fn append_comment(&mut self, id: NodeId, text: &str) {
        let old = self.notes(id).map_or(Span::default(), |n| n.comment);
        if old.0 == old.1 {
            return self.set_comment(id, text);
        }
        let span = self.texts.join(old, text);
        self.notes_mut(id).comment = span;
    }

    /// The comment before the move of `id` (PGN writes it after `(`).
    pub fn starting_comment(&self, id: NodeId) -> &str {
        self.notes(id).map_or("", |n| self.text(n.starting_comment))
    }

    /// Sets the comment before the move of `id`.
    pub fn set_starting_comment(&mut self, id: NodeId, text: impl AsRef<str>) {
        self.set_note_text(id, text.as_ref(), |n| &mut n.starting_comment);
    }

    /// The numeric annotation glyphs of `id` (`$1` is "!", `$2` "?", ...).
    pub fn nags(&self, id: NodeId) -> &[u8] {
        self.notes(id).map_or(&[], |n| &n.nags)
    }

    /// Replaces the NAGs of `id`.
    pub fn set_nags(&mut self, id: NodeId, nags: Vec<u8>) {
        if !nags.is_empty() || self.notes(id).is_some() {
            self.notes_mut(id).nags = nags;
        }
    }

    /// Adds a NAG to `id` (once).
    pub fn add_nag(&mut self, id: NodeId, nag: u8) {
        let nags = &mut self.notes_mut(id).nags;
        if !nags.contains(&nag) {
            nags.push(nag);
        }
    }
}
