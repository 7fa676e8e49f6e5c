//! How the board looks and moves: its colours, where its coordinates go,
//! and whether moves glide. Chosen in the View menu and remembered between
//! runs.

use serde::{Deserialize, Serialize};

/// The board's colours.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    /// Light and dark wood.
    #[default]
    Brown,
    /// Blue-grey, easy on the eyes.
    Blue,
    /// Cream and green, as on tournament vinyl boards.
    Green,
}

impl Theme {
    /// Every theme, in menu order.
    pub const ALL: [Theme; 3] = [Theme::Brown, Theme::Blue, Theme::Green];

    /// The theme's name in the View menu.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Brown => "Brown wood",
            Theme::Blue => "Blue",
            Theme::Green => "Green vinyl",
        }
    }
}

/// Where the file letters and rank numbers are drawn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Coordinates {
    /// In the corners of the edge squares.
    #[default]
    Inside,
    /// In a margin around the board.
    Outside,
    /// Not at all.
    Hidden,
}

impl Coordinates {
    /// Every choice, in menu order.
    pub const ALL: [Coordinates; 3] = [Coordinates::Inside, Coordinates::Outside, Coordinates::Hidden];

    /// The choice's name in the View menu.
    pub fn name(self) -> &'static str {
        match self {
            Coordinates::Inside => "Coordinates inside",
            Coordinates::Outside => "Coordinates outside",
            Coordinates::Hidden => "No coordinates",
        }
    }
}

/// The board's look, kept between runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardSettings {
    /// The colours.
    pub theme: Theme,
    /// Where the coordinates go.
    pub coordinates: Coordinates,
    /// Whether moved pieces glide to their squares (about 150 ms).
    pub animate: bool,
    /// The pieces' drawing.
    pub pieces: PieceSet,
    /// The app's colours around the board.
    pub look: Look,
    /// Whether moves, captures, checks, the end and low time sound.
    pub sound: bool,
}

impl Default for BoardSettings {
    fn default() -> BoardSettings {
        BoardSettings {
            theme: Theme::Brown,
            coordinates: Coordinates::Inside,
            animate: true,
            pieces: PieceSet::Standard,
            look: Look::Dark,
            sound: true,
        }
    }
}

/// How the pieces are drawn: the glyphs of a font with the chess symbols.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PieceSet {
    /// DejaVu Sans's pieces: round, modern.
    #[default]
    Standard,
    /// Noto Sans Symbols 2's pieces: the classic Staunton shapes.
    Classic,
}

impl PieceSet {
    /// Every set, in menu order.
    pub const ALL: [PieceSet; 2] = [PieceSet::Standard, PieceSet::Classic];

    /// The set's name in the View menu.
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Standard => "Pieces: standard",
            PieceSet::Classic => "Pieces: classic",
        }
    }
}

/// The app's colours: dark (the default) or light.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Look {
    /// Light text on dark panels.
    #[default]
    Dark,
    /// Dark text on light panels.
    Light,
}

impl Look {
    /// Both, in menu order.
    pub const ALL: [Look; 2] = [Look::Dark, Look::Light];

    /// The look's name in the View menu.
    pub fn name(self) -> &'static str {
        match self {
            Look::Dark => "Dark theme",
            Look::Light => "Light theme",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_saved_by_an_older_app_load_with_defaults() {
        // An older run remembered only the theme.
        let settings: BoardSettings = ron::from_str("(theme: Blue)").unwrap();
        assert_eq!(settings.theme, Theme::Blue);
        assert_eq!(settings.coordinates, Coordinates::Inside);
        assert!(settings.animate);
        let text = ron::to_string(&BoardSettings::default()).unwrap();
        assert_eq!(ron::from_str::<BoardSettings>(&text).unwrap(), BoardSettings::default());
    }
}
