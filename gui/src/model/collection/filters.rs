//! The game list's filters as the player types them (player and side,
//! ratings, dates, result, ECO range, event, moves), read into the
//! collection's [`Filter`] with the `chess-db` program's words, so a value
//! it cannot read is refused with the same message.

use chess_db::Filter;

/// Whose name the player filter looks for.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// White or Black.
    #[default]
    Either,
    /// White only.
    White,
    /// Black only.
    Black,
}

impl Side {
    /// Every side, as the choice lists them.
    pub const ALL: [Side; 3] = [Side::Either, Side::White, Side::Black];

    /// Its name in the choice.
    pub fn name(self) -> &'static str {
        match self {
            Side::Either => "either colour",
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// The result filter's choices.
pub const RESULTS: [(&str, &str); 4] = [("", "any result"), ("1-0", "1-0"), ("0-1", "0-1"), ("1/2-1/2", "½-½")];

/// The filters as typed (empty: no filter on that).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FilterForm {
    /// Part of a player's name.
    pub player: String,
    /// Which side the player is.
    pub side: Side,
    /// Both ratings at least this.
    pub min_elo: String,
    /// Both ratings at most this.
    pub max_elo: String,
    /// Played from (2024, 2024.03, 2024.03.05).
    pub from: String,
    /// Played until.
    pub to: String,
    /// `1-0`, `0-1`, `1/2-1/2` (empty: any).
    pub result: String,
    /// An ECO code or range (`B20-B99`).
    pub eco: String,
    /// Part of the event's name.
    pub event: String,
    /// At least this many moves.
    pub min_moves: String,
    /// At most this many moves.
    pub max_moves: String,
}

impl FilterForm {
    /// The filter it asks for (`None`: no filter), or what cannot be read.
    pub fn to_filter(&self) -> Result<Option<Filter>, String> {
        let player_key = match self.side {
            Side::Either => "player",
            Side::White => "white",
            Side::Black => "black",
        };
        let fields = [
            (player_key, &self.player),
            ("min-elo", &self.min_elo),
            ("max-elo", &self.max_elo),
            ("from", &self.from),
            ("to", &self.to),
            ("result", &self.result),
            ("eco", &self.eco),
            ("event", &self.event),
            ("min-moves", &self.min_moves),
            ("max-moves", &self.max_moves),
        ];
        let mut filter = Filter::default();
        for (key, value) in fields {
            if !value.trim().is_empty() {
                filter.set(key, value.trim()).map_err(|e| e.to_string())?;
            }
        }
        Ok((!filter.is_empty()).then_some(filter))
    }

    /// Whether nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.to_filter().is_ok_and(|f| f.is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_reads_as_the_program_does() {
        let mut form = FilterForm::default();
        assert_eq!(form.to_filter(), Ok(None));
        form.player = "carlsen".into();
        form.side = Side::White;
        form.min_elo = "2500".into();
        form.eco = "b20-b99".into();
        let filter = form.to_filter().unwrap().unwrap();
        assert_eq!(filter.white.as_deref(), Some("carlsen"));
        assert_eq!(filter.player, None);
        assert_eq!(filter.min_elo, Some(2500));
        assert!(filter.eco.is_some());
        form.max_moves = "many".into();
        let error = form.to_filter().unwrap_err();
        assert!(error.contains("max-moves") && error.contains("number"), "{error}");
    }
}
