//! What the board asks of the collection shown: "find this position",
//! the editor's "games with this material", a move of the explorer's
//! played, a listed game's PGN copied.

use chess_core::Move;
use chess_db::Material;

use super::collection::Search;
use super::{Mode, Model};

/// Plies a material balance must last to count (a capture and its
/// recapture pass through balances no one studies).
pub const MATERIAL_PLIES: u32 = 2;

impl Model {
    /// Lists the games of the collection shown that reach the board's
    /// position (the editor's, when editing).
    pub fn find_position(&mut self) {
        let Some(position) = self.explorer_position() else {
            self.notice = Some("The position is not legal: there is nothing to find.".into());
            return;
        };
        let Some(collection) = self.collections.active_mut() else {
            self.notice = Some("Open a collection first (File → Open collection…).".into());
            return;
        };
        collection.set_search(Search::Position(Box::new(position)));
        self.collections.list_shown = true;
    }

    /// Lists the games of the collection shown that reach the editor's
    /// material (the board's, when playing) for a few plies.
    pub fn find_material(&mut self) {
        let material = match self.mode {
            Mode::Edit => self.editor.position().ok().map(|p| Material::of(&p)),
            Mode::Play => Some(Material::of(self.play.position())),
        };
        let Some(material) = material else {
            self.notice = Some("The position is not legal: there is no material to find.".into());
            return;
        };
        let Some(collection) = self.collections.active_mut() else {
            self.notice = Some("Open a collection first (File → Open collection…).".into());
            return;
        };
        collection.set_search(Search::Material(material, MATERIAL_PLIES));
        self.collections.list_shown = true;
    }

    /// Plays a move of the explorer's, as a person's move.
    pub fn play_explorer_move(&mut self, m: Move) {
        if self.mode == Mode::Play && self.human_to_move() && self.play.position().is_legal(m) {
            self.play.play(m);
        }
    }

    /// Puts the PGN of row `row`'s game on the clipboard.
    pub fn copy_listed(&mut self, row: usize) {
        let Some(collection) = self.collections.active() else {
            return;
        };
        match collection.list.game_text(row) {
            Ok(text) => {
                self.requests.clipboard = Some(text.trim_end().to_string() + "\n");
                self.notice = Some("Copied the game's PGN".into());
            }
            Err(e) => self.notice = Some(e),
        }
    }
}
