//! The sounds of a game, as lichess plays them: a move, a capture, a
//! check, the end of the game, and a warning when the person's time runs
//! low. The model says which sound a change of the game makes; the app
//! plays it (see `crate::desktop::sound`), or nothing where the desktop has no
//! sound.

use std::time::Duration;

use chess_core::ByColor;

use super::Model;

/// A sound the game makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A move.
    Move,
    /// A move that takes a piece.
    Capture,
    /// A move that gives check.
    Check,
    /// The game is over (mate, a flag, a resignation, a draw).
    GameEnd,
    /// The person's clock is under ten seconds.
    LowTime,
}

/// Under this, a person's clock warns (once a game).
pub const LOW_TIME: Duration = Duration::from_secs(10);

/// What the sounds follow between frames.
#[derive(Clone, Debug, Default)]
pub struct Sounds {
    /// The game's generation and main-line length last looked at.
    seen: Option<(u64, usize, bool)>,
    /// The sides whose low-time warning has sounded this game.
    warned: ByColor<bool>,
}

impl Model {
    /// Once a frame: the sound of what changed in the game since the last
    /// frame (a move played at the end of the main line, the game ending),
    /// and the low-time warning.
    pub(super) fn listen(&mut self) {
        let game = &self.play.game;
        let end = game.mainline_end();
        let now = (self.play.generation(), game.ply(end), game.outcome_at(end).is_some());
        let before = self.sounds.seen.replace(now);
        let Some((generation, plies, over)) = before else {
            return;
        };
        if now.0 != generation {
            if now.1 == plies + 1 && end == game.cursor() {
                let m = game.move_at(end);
                let sound = if game.position_at(end).is_check() {
                    Sound::Check
                } else if m.is_some_and(|m| m.is_capture()) {
                    Sound::Capture
                } else {
                    Sound::Move
                };
                self.requests.sounds.push(sound);
            }
            if now.2 && !over {
                self.requests.sounds.push(Sound::GameEnd);
            }
            if now.1 < plies || now.1 <= 1 {
                // A new game or moves taken back: the warnings may come again.
                self.sounds.warned = ByColor::default();
            }
        }
        // The low-time warning, for a person on the clock.
        if let Some(clock) = &self.timing.clock
            && clock.is_running()
            && !now.2
        {
            let turn = game.position_at(end).turn();
            let left = clock.left(turn, self.timing.now());
            let person = !self.computer.plays(turn);
            if person && left < LOW_TIME && !self.sounds.warned[turn] {
                self.sounds.warned[turn] = true;
                self.requests.sounds.push(Sound::LowTime);
            }
        }
        // Muted in View: none.
        if !self.board.sound {
            self.requests.sounds.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heard(model: &mut Model) -> Vec<Sound> {
        model.tick();
        std::mem::take(&mut model.requests.sounds)
    }

    #[test]
    fn moves_captures_checks_and_the_end_sound_as_they_are() {
        let mut model = Model::new();
        assert!(model.board.sound, "on by default");
        assert!(heard(&mut model).is_empty());
        model.play.play_text("e4").unwrap();
        assert_eq!(heard(&mut model), [Sound::Move]);
        model.play.play_text("d5").unwrap();
        assert_eq!(heard(&mut model), [Sound::Move]);
        model.play.play_text("exd5").unwrap();
        assert_eq!(heard(&mut model), [Sound::Capture]);
        model.play.play_text("Qxd5").unwrap();
        assert_eq!(heard(&mut model), [Sound::Capture]);
        model.play.play_text("Nc3").unwrap();
        assert_eq!(heard(&mut model), [Sound::Move]);
        model.play.play_text("Qe5+").unwrap();
        assert_eq!(heard(&mut model), [Sound::Check]);
        model.resign();
        assert_eq!(heard(&mut model), [Sound::GameEnd]);
        // Going back through the moves makes no sound.
        model.play.to_start();
        assert!(heard(&mut model).is_empty());
        // Muted: nothing.
        let mut quiet = Model::new();
        quiet.board.sound = false;
        quiet.tick();
        quiet.play.play_text("e4").unwrap();
        assert!(heard(&mut quiet).is_empty());
    }

    /// A clock on the wall the test sets.
    #[derive(Clone, Debug, Default)]
    struct Manual(std::sync::Arc<std::sync::Mutex<Duration>>);

    impl crate::model::clock::TimeSource for Manual {
        fn now(&self) -> Duration {
            *self.0.lock().unwrap()
        }
    }

    #[test]
    fn a_person_low_on_time_hears_it_once() {
        use crate::model::{GameSetup, Pending, Player};
        let time = Manual::default();
        let mut model = Model::new();
        model.timing.time = Box::new(time.clone());
        let setup = GameSetup {
            white: Player::Human,
            black: Player::Human,
            time_control: Some(crate::model::clock::TimeControl::fischer(1, 0)),
            ..GameSetup::default()
        };
        model.request(Pending::NewGameWith(setup));
        heard(&mut model);
        model.play.play_text("e4").unwrap();
        assert_eq!(heard(&mut model), [Sound::Move]);
        // Black thinks: 49 s, nothing; 51 s, under ten seconds left.
        *time.0.lock().unwrap() = Duration::from_secs(49);
        assert!(heard(&mut model).is_empty());
        *time.0.lock().unwrap() = Duration::from_secs(51);
        assert_eq!(heard(&mut model), [Sound::LowTime]);
        *time.0.lock().unwrap() = Duration::from_secs(55);
        assert!(heard(&mut model).is_empty(), "once");
    }
}
