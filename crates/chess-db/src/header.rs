//! The values of the header tags a collection is filtered by, read as real
//! files write them: ratings, partial dates (`2024.??.??`), results and
//! ECO codes.

/// How a game ended, as its header or result marker says.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `*`, missing, or anything else.
    #[default]
    Unknown,
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// Reads `1-0`, `0-1`, `1/2-1/2` (also `½-½`); anything else is unknown.
    pub fn parse(text: &str) -> GameResult {
        match text.trim() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" => GameResult::Draw,
            _ => GameResult::Unknown,
        }
    }

    /// The result as PGN writes it (`*` when unknown).
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::Unknown => "*",
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The number stored in the index.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The result stored as `code`.
    pub fn from_code(code: u8) -> GameResult {
        match code {
            1 => GameResult::WhiteWins,
            2 => GameResult::BlackWins,
            3 => GameResult::Draw,
            _ => GameResult::Unknown,
        }
    }
}

/// A rating from an Elo tag (`2650`), if it is one (1 to 4000).
pub fn parse_elo(text: &str) -> Option<u16> {
    let n: u16 = text.trim().parse().ok()?;
    (1..=4000).contains(&n).then_some(n)
}

/// An ECO code (`B12`) as a number: A00 is 0, E99 is 499.
pub fn parse_eco(text: &str) -> Option<u16> {
    let b = text.trim().as_bytes();
    match b {
        [letter @ b'A'..=b'E', d1 @ b'0'..=b'9', d2 @ b'0'..=b'9', ..] => {
            Some(u16::from(letter - b'A') * 100 + u16::from(d1 - b'0') * 10 + u16::from(d2 - b'0'))
        }
        _ => None,
    }
}

/// The ECO code of a number made by [`parse_eco`].
pub fn eco_text(code: u16) -> String {
    format!("{}{:02}", (b'A' + (code / 100) as u8) as char, code % 100)
}

/// A date as PGN writes it, each part known or not: `2024.03.??` is March
/// 2024. Stored as one number, `year · 10000 + month · 100 + day`, 0 for an
/// unknown part.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date(pub u32);

impl Date {
    /// Reads `2024.03.05`, `2024.03.??`, `2024.??.??`, `????.??.??` (also
    /// with `-` or `/` between the parts, and the parts alone: `2024`,
    /// `2024.03`).
    ///
    /// ```
    /// use chess_db::header::Date;
    /// assert_eq!(Date::parse("2024.03.??").0, 20240300);
    /// assert_eq!(Date::parse("????.??.??").0, 0);
    /// ```
    pub fn parse(text: &str) -> Date {
        let mut parts = text.trim().split(['.', '-', '/']);
        let mut number = |max: u32| {
            parts
                .next()
                .and_then(|p| p.parse::<u32>().ok())
                .filter(|&n| n >= 1 && n <= max)
        };
        let year = number(9999);
        let month = year.and_then(|_| number(12));
        let day = month.and_then(|_| number(31));
        Date(year.unwrap_or(0) * 10000 + month.unwrap_or(0) * 100 + day.unwrap_or(0))
    }

    /// The year, if known.
    pub fn year(self) -> Option<u16> {
        let year = self.0 / 10000;
        (year > 0).then_some(year as u16)
    }

    /// The first and last day the date can mean (a partial date is a span:
    /// `2024.??.??` is the whole year), as `yyyymmdd`; none without a year.
    pub fn span(self) -> Option<(u32, u32)> {
        let (year, month, day) = (self.0 / 10000, self.0 / 100 % 100, self.0 % 100);
        match (year, month, day) {
            (0, _, _) => None,
            (y, 0, _) => Some((y * 10000 + 101, y * 10000 + 1231)),
            (y, m, 0) => Some((y * 10000 + m * 100 + 1, y * 10000 + m * 100 + 31)),
            _ => Some((self.0, self.0)),
        }
    }

    /// As PGN writes it: `2024.03.??`.
    pub fn pgn(self) -> String {
        let part = |n: u32, width: usize| {
            if n == 0 {
                "?".repeat(width)
            } else {
                format!("{n:0width$}")
            }
        };
        format!(
            "{}.{}.{}",
            part(self.0 / 10000, 4),
            part(self.0 / 100 % 100, 2),
            part(self.0 % 100, 2)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_dates_are_spans() {
        assert_eq!(Date::parse("2024.03.05").span(), Some((20240305, 20240305)));
        assert_eq!(Date::parse("2024.03.??").span(), Some((20240301, 20240331)));
        assert_eq!(Date::parse("2024.??.??").span(), Some((20240101, 20241231)));
        assert_eq!(Date::parse("????.??.??").span(), None);
        assert_eq!(Date::parse("2024-03").span(), Some((20240301, 20240331)));
        assert_eq!(Date::parse("2024.13.01"), Date(20240000), "a month 13 is not known");
        assert_eq!(Date::parse("2024.??.05"), Date(20240000), "no day without a month");
        assert_eq!(Date::parse("1999.12.31").pgn(), "1999.12.31");
        assert_eq!(Date::parse("1999.??.??").pgn(), "1999.??.??");
    }

    #[test]
    fn ratings_results_and_eco() {
        assert_eq!(parse_elo(" 2650 "), Some(2650));
        assert_eq!(parse_elo("?"), None);
        assert_eq!(parse_elo("0"), None);
        assert_eq!(GameResult::parse("1/2-1/2"), GameResult::Draw);
        assert_eq!(GameResult::parse("*"), GameResult::Unknown);
        assert_eq!(parse_eco("B12"), Some(112));
        assert_eq!(parse_eco("E99"), Some(499));
        assert_eq!(parse_eco("F00"), None);
        assert_eq!(eco_text(112), "B12");
        for code in 0..500 {
            assert_eq!(parse_eco(&eco_text(code)), Some(code));
        }
    }
}
