//! The end of a game decided off the board: resignation, a flag, a draw
//! offered, agreed or claimed.

use chess_core::Color;

use super::{Play, play_error_text};

impl Play {
    /// The side to move resigns.
    pub fn resign(&mut self) {
        self.resign_as(self.position().turn());
    }

    /// `color` resigns (a person playing the computer, on either turn).
    pub fn resign_as(&mut self, color: Color) {
        if let Err(e) = self.edit(|g| g.resign(color), Result::is_ok) {
            self.message = Some(play_error_text(&e));
        }
    }

    /// Records an outcome decided outside the moves (a flag fall), at the
    /// end of the main line, as one undoable step.
    pub fn record_result(&mut self, outcome: chess_core::Outcome) {
        self.edit(
            |g| {
                g.to_end();
                g.set_result(Some(outcome));
            },
            |_| true,
        );
    }

    /// The side to move offers a draw.
    pub fn offer_draw(&mut self) {
        if self.game.outcome().is_none() {
            let turn = self.position().turn();
            self.draw_offer = Some(turn);
            self.message = Some(format!("{} offers a draw", turn.name()));
        }
    }

    /// The opponent accepts the offered draw.
    pub fn accept_draw(&mut self) {
        if self.draw_offer.is_some() {
            // Refused only when the game has already ended: nothing to say.
            let _ = self.edit(|g| g.agree_draw(), Result::is_ok);
            self.message = None;
        }
    }

    /// The opponent declines the offered draw.
    pub fn decline_draw(&mut self) {
        if let Some(by) = self.draw_offer.take() {
            self.message = Some(format!("{} declines the draw", (!by).name()));
        }
    }

    /// Claims a draw by threefold repetition or the fifty-move rule, when
    /// the rules allow it here.
    pub fn claim_draw(&mut self) -> bool {
        if !self.game.can_claim_draw() {
            self.message = Some("No draw can be claimed here".to_string());
            return false;
        }
        self.edit(|g| g.claim_draw(), Option::is_some).is_some()
    }
}
