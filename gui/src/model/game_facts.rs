//! What a game started in the app records about itself, as a game on a
//! server does: who played White and Black (the player by the name they
//! chose, the computer by its level or the UCI engine by the name it
//! gives), the date (local, and in UTC with the time), and the time
//! control.

use chess_core::Game;

use super::{EngineChoice, GameSetup, Model, Player};

impl Model {
    /// Writes the facts of the game just started with `setup` into its tags.
    pub(super) fn record_game_facts(&mut self, setup: &GameSetup) {
        let computer = match &setup.engine {
            EngineChoice::Builtin => format!("Computer (level {})", setup.level),
            EngineChoice::External(path) => {
                let name = self
                    .engines
                    .about(path)
                    .and_then(|f| f.name.clone().ok())
                    .unwrap_or_else(|| setup.engine.name());
                if setup.level < 10 {
                    format!("{name} (level {})", setup.level)
                } else {
                    name
                }
            }
        };
        // Two people at one board: "White" and "Black" (the app knows one
        // person's name, not which side they took).
        let two_people = setup.white == Player::Human && setup.black == Player::Human;
        let name = |player: Player, side: &str| match player {
            Player::Human if two_people => side.to_string(),
            Player::Human => setup.player_name(),
            Player::Computer => computer.clone(),
        };
        let now = (self.now)();
        let game = &mut self.play.game;
        game.tags.set("White", name(setup.white, "White"));
        game.tags.set("Black", name(setup.black, "Black"));
        stamp(game, now.with_timezone(&chrono::Local), now);
        if let Some(chess_core::ByColor { white, black }) = setup.controls() {
            if white == black {
                game.tags.set("TimeControl", white.pgn_tag());
            } else {
                game.tags.set("WhiteTimeControl", white.pgn_tag());
                game.tags.set("BlackTimeControl", black.pgn_tag());
            }
        }
    }
}

/// `Date` (local), `UTCDate` and `UTCTime`, as lichess writes them.
fn stamp(game: &mut Game, local: chrono::DateTime<chrono::Local>, utc: chrono::DateTime<chrono::Utc>) {
    game.tags.set("Date", local.format("%Y.%m.%d").to_string());
    game.tags.set("UTCDate", utc.format("%Y.%m.%d").to_string());
    game.tags.set("UTCTime", utc.format("%H:%M:%S").to_string());
}

impl GameSetup {
    /// The name a person playing is recorded under: the one they chose,
    /// or the account's name, or "Player".
    pub fn player_name(&self) -> String {
        let chosen = self.player.trim();
        if !chosen.is_empty() {
            return chosen.to_string();
        }
        ["USER", "LOGNAME", "USERNAME"]
            .iter()
            .find_map(|v| std::env::var(v).ok().filter(|n| !n.trim().is_empty()))
            .unwrap_or_else(|| "Player".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Pending;

    #[test]
    fn a_game_against_the_computer_names_its_players_date_and_clock() {
        let mut model = Model::new();
        let setup = GameSetup {
            white: Player::Human,
            black: Player::Computer,
            level: 5,
            player: "Ada".into(),
            time_control: Some(crate::model::clock::TimeControl::fischer(3, 2)),
            ..GameSetup::default()
        };
        model.request(Pending::NewGameWith(setup));
        let tags = &model.play.game.tags;
        assert_eq!(tags.get("White"), Some("Ada"));
        assert_eq!(tags.get("Black"), Some("Computer (level 5)"));
        assert_eq!(tags.get("TimeControl"), Some("180+2"));
        let date = tags.get("Date").unwrap();
        assert_eq!(date.len(), 10, "{date}");
        assert!(tags.get("UTCDate").is_some() && tags.get("UTCTime").is_some());
        assert!(model.pgn().contains(r#"[White "Ada"]"#));
    }

    /// Two people at one board, and a game played from the editor: their
    /// players ("White", "Black"), date and clock recorded too (the
    /// editor's game had none).
    #[test]
    fn two_people_and_a_game_from_the_editor_record_their_players_and_clock() {
        let mut model = Model::new();
        let setup = GameSetup {
            white: Player::Human,
            black: Player::Human,
            player: "Ada".into(),
            time_control: Some(crate::model::clock::TimeControl::fischer(5, 0)),
            ..GameSetup::default()
        };
        model.request(Pending::NewGameWith(setup));
        let tags = &model.play.game.tags;
        assert_eq!((tags.get("White"), tags.get("Black")), (Some("White"), Some("Black")));
        assert_eq!(tags.get("TimeControl"), Some("300"));
        // From the editor: the same facts, and the clock runs.
        model.editor.set_fen_text("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        model.request(Pending::PlayFromEditor);
        let tags = &model.play.game.tags;
        assert_eq!((tags.get("White"), tags.get("Black")), (Some("White"), Some("Black")));
        assert_eq!(tags.get("TimeControl"), Some("300"));
        assert!(tags.get("Date").is_some());
        assert!(model.timing.clock.is_some(), "the game from the editor is on the clock");
    }

    #[test]
    fn the_date_is_written_as_pgn_writes_dates() {
        use chrono::TimeZone;
        let mut game = Game::new();
        let utc = chrono::Utc.with_ymd_and_hms(2026, 11, 26, 23, 30, 5).unwrap();
        stamp(&mut game, utc.with_timezone(&chrono::Local), utc);
        assert_eq!(game.tags.get("UTCDate"), Some("2026.11.26"));
        assert_eq!(game.tags.get("UTCTime"), Some("23:30:05"));
    }
}
