//! The columns of the list, and the tags it keeps per game.

/// The columns of the list, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Column {
    /// The game's number in the file.
    Number,
    /// The `White` tag.
    White,
    /// The `WhiteElo` tag.
    WhiteElo,
    /// The `Black` tag.
    Black,
    /// The `BlackElo` tag.
    BlackElo,
    /// The `Result` tag.
    Result,
    /// The `Date` tag.
    Date,
    /// The `Event` tag.
    Event,
    /// The `ECO` tag.
    Eco,
    /// Full moves of the main line.
    Moves,
    /// Where the game reaches the position searched for (a ply).
    Ply,
}

impl Column {
    /// Every column.
    pub const ALL: [Column; 11] = [
        Column::Number,
        Column::White,
        Column::WhiteElo,
        Column::Black,
        Column::BlackElo,
        Column::Result,
        Column::Date,
        Column::Event,
        Column::Eco,
        Column::Moves,
        Column::Ply,
    ];

    /// The heading.
    pub fn name(self) -> &'static str {
        match self {
            Column::Number => "#",
            Column::White => "White",
            Column::WhiteElo => "Elo",
            Column::Black => "Black",
            Column::BlackElo => "Elo ",
            Column::Result => "Result",
            Column::Date => "Date",
            Column::Event => "Event",
            Column::Eco => "ECO",
            Column::Moves => "Moves",
            Column::Ply => "Ply",
        }
    }

    /// The tag field it shows, if it is one.
    pub(super) fn field(self) -> Option<usize> {
        match self {
            Column::White => Some(0),
            Column::Black => Some(1),
            Column::Result => Some(2),
            Column::Date => Some(3),
            Column::Event => Some(4),
            Column::Eco => Some(5),
            _ => None,
        }
    }
}

/// The tags kept as text per game, in the order of [`Column::field`].
pub(super) const FIELDS: [&str; 6] = ["White", "Black", "Result", "Date", "Event", "ECO"];
