//! The model's one door out: what it asks of the desktop (a file chosen,
//! text on the clipboard, the window closed, sounds played). The model
//! never calls the desktop; it leaves these here, and the app carries them
//! out once a frame ([`Model::take_requests`]), as egui's
//! `ViewportCommand` queue works. The answers come back in as calls such
//! as [`Model::file_chosen`].

use super::Model;
use super::dialogs::FileRequest;
use super::sounds::Sound;

/// What the model asks the app to do.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Requests {
    /// A file to choose (one at a time: a second one replaces the first,
    /// which the app has not yet seen).
    pub file: Option<FileRequest>,
    /// Text to put on the clipboard.
    pub clipboard: Option<String>,
    /// Close the app (the user confirmed, or nothing was unsaved).
    pub quit: bool,
    /// Sounds due, oldest first.
    pub sounds: Vec<Sound>,
}

impl Requests {
    /// Whether nothing is asked.
    pub fn is_empty(&self) -> bool {
        *self == Requests::default()
    }
}

impl Model {
    /// What the model asks of the app since it last asked, handed over
    /// (the outbox is empty after).
    pub fn take_requests(&mut self) -> Requests {
        std::mem::take(&mut self.requests)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Action, Purpose};

    #[test]
    fn what_the_model_asks_is_handed_over_once() {
        let mut model = Model::new();
        assert!(model.take_requests().is_empty());
        model.play.play_text("e4").unwrap();
        model.apply(Action::SaveAs);
        let requests = model.take_requests();
        let file = requests.file.expect("a file to choose");
        assert_eq!(file.purpose, Purpose::Save { then: None });
        assert_eq!(file.name.as_deref(), Some("game.ron"));
        assert!(model.take_requests().is_empty(), "handed over, not asked twice");
        // Nothing was written meanwhile: the game waits for the answer.
        assert!(model.is_dirty());
    }
}
