//! Header filters: players (either colour, White, Black: a part of the
//! name, any case), ratings, dates (partial dates as spans), result, ECO,
//! event and site, length, time control. Each filter given must hold; a
//! game whose header does not say (no rating, no date) does not match a
//! filter on it.

use crate::Error;
use crate::header::{Date, GameResult, parse_eco};
use crate::index::segment::{HeaderColumns, NameList, Names, SearchColumns, UNREADABLE};

/// How fast a time control is, as lichess sorts them: by the estimated
/// time of a game, the base time plus forty increments.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeClass {
    /// Under 30 seconds.
    UltraBullet,
    /// Under 3 minutes.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classical,
}

impl TimeClass {
    /// The class of a `TimeControl` tag (`180+2`, `600`, `40/7200:3600`),
    /// none for `-` or what it cannot read.
    pub fn of(tag: &str) -> Option<TimeClass> {
        let first = tag.split(':').next()?;
        let period = first.rsplit('/').next()?;
        let (base, inc) = match period.split_once('+') {
            Some((b, i)) => (b.trim().parse::<f64>().ok()?, i.trim().parse::<f64>().ok()?),
            None => (period.trim().parse::<f64>().ok()?, 0.0),
        };
        let estimate = base + 40.0 * inc;
        Some(match estimate {
            e if e < 30.0 => TimeClass::UltraBullet,
            e if e < 180.0 => TimeClass::Bullet,
            e if e < 480.0 => TimeClass::Blitz,
            e if e < 1500.0 => TimeClass::Rapid,
            _ => TimeClass::Classical,
        })
    }

    /// Reads `bullet`, `blitz`... (any case).
    pub fn parse(text: &str) -> Option<TimeClass> {
        match text.to_ascii_lowercase().as_str() {
            "ultrabullet" => Some(TimeClass::UltraBullet),
            "bullet" => Some(TimeClass::Bullet),
            "blitz" => Some(TimeClass::Blitz),
            "rapid" => Some(TimeClass::Rapid),
            "classical" | "standard" => Some(TimeClass::Classical),
            _ => None,
        }
    }
}

/// What the games must have. The default lets every readable game through.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// A part of either player's name.
    pub player: Option<String>,
    /// A part of White's name.
    pub white: Option<String>,
    /// A part of Black's name.
    pub black: Option<String>,
    /// The lowest rating both players have.
    pub min_elo: Option<u16>,
    /// The highest rating both players have.
    pub max_elo: Option<u16>,
    /// The earliest date (`2024`, `2024.03`, `2024.03.05`): the game's
    /// date, a span when partial, must lie within `from`..`to`.
    pub from: Option<Date>,
    /// The latest date.
    pub to: Option<Date>,
    /// The result.
    pub result: Option<GameResult>,
    /// ECO codes, from and to (numbers, see [`crate::header::parse_eco`]).
    pub eco: Option<(u16, u16)>,
    /// A part of the event.
    pub event: Option<String>,
    /// A part of the site.
    pub site: Option<String>,
    /// The fewest moves (full moves: 40 is White's 40th).
    pub min_moves: Option<u32>,
    /// The most moves.
    pub max_moves: Option<u32>,
    /// The `TimeControl` tag exactly (`180+2`), or a class (`blitz`).
    pub time_control: Option<String>,
}

/// Which names of a list hold `part` (any case).
fn names_with(list: &NameList, part: &str) -> Vec<bool> {
    let part = part.to_lowercase();
    list.names.iter().map(|n| n.to_lowercase().contains(&part)).collect()
}

/// A filter made ready for a collection's name lists.
#[derive(Debug)]
pub(crate) struct Compiled {
    filter: Filter,
    player: Option<Vec<bool>>,
    white: Option<Vec<bool>>,
    black: Option<Vec<bool>>,
    event: Option<Vec<bool>>,
    /// The site's part, in lower case.
    site: Option<String>,
    time_control: Option<Vec<bool>>,
    from: Option<u32>,
    to: Option<u32>,
}

/// The names [`Filter::set`] knows, as the `chess-db` program's options.
pub const FILTER_KEYS: [&str; 14] = [
    "player",
    "white",
    "black",
    "min-elo",
    "max-elo",
    "from",
    "to",
    "result",
    "eco",
    "event",
    "site",
    "min-moves",
    "max-moves",
    "time-control",
];

impl Filter {
    /// Sets one filter from text, by the name of the `chess-db` option
    /// (see [`FILTER_KEYS`]): `filter.set("min-elo", "2500")`,
    /// `set("eco", "B20-B99")`, `set("from", "2024.03")`, `set("result",
    /// "1/2-1/2")` (or `white`, `black`, `draw`), `set("time-control",
    /// "blitz")`. A key it does not know, or a value it cannot read, is an
    /// [`Error::Query`] saying how to write it; the filter is then as it was.
    ///
    /// ```
    /// let mut filter = chess_db::Filter::default();
    /// filter.set("player", "carlsen")?;
    /// filter.set("eco", "B90-B99")?;
    /// assert!(filter.set("min-elo", "strong").is_err());
    /// # Ok::<(), chess_db::Error>(())
    /// ```
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), Error> {
        let bad = |how: &str| Error::Query(format!("bad {key} {value:?}: {how}"));
        let number = |how: &str| value.trim().parse::<u32>().map_err(|_| bad(how));
        let date = || {
            let d = Date::parse(value.trim());
            d.year()
                .map(|_| d)
                .ok_or_else(|| bad("write 2024, 2024.03 or 2024.03.05"))
        };
        let text = || Some(value.to_string());
        match key {
            "player" => self.player = text(),
            "white" => self.white = text(),
            "black" => self.black = text(),
            "event" => self.event = text(),
            "site" => self.site = text(),
            "min-elo" | "max-elo" => {
                let elo = u16::try_from(number("write a rating, 0 to 65535")?)
                    .map_err(|_| bad("write a rating, 0 to 65535"))?;
                *if key == "min-elo" {
                    &mut self.min_elo
                } else {
                    &mut self.max_elo
                } = Some(elo);
            }
            "min-moves" => self.min_moves = Some(number("write a number of moves")?),
            "max-moves" => self.max_moves = Some(number("write a number of moves")?),
            "from" => self.from = Some(date()?),
            "to" => self.to = Some(date()?),
            "result" => {
                self.result = Some(match value.trim().to_ascii_lowercase().as_str() {
                    "white" | "1-0" => GameResult::WhiteWins,
                    "black" | "0-1" => GameResult::BlackWins,
                    "draw" | "1/2-1/2" | "½-½" => GameResult::Draw,
                    "*" | "unknown" => GameResult::Unknown,
                    _ => return Err(bad("write 1-0, 0-1, 1/2-1/2 or *")),
                });
            }
            "eco" => {
                let upper = value.trim().to_ascii_uppercase();
                let (a, b) = upper.split_once('-').unwrap_or((&upper, &upper));
                self.eco = match (parse_eco(a), parse_eco(b)) {
                    (Some(a), Some(b)) if a <= b => Some((a, b)),
                    _ => return Err(bad("write B12 or A00-B99")),
                };
            }
            "time-control" => {
                let tc = value.trim();
                let readable = TimeClass::parse(tc).is_some() || TimeClass::of(tc).is_some() || tc == "-";
                if !readable {
                    return Err(bad("write 180+2, 600, or bullet, blitz, rapid, classical"));
                }
                self.time_control = Some(tc.to_string());
            }
            _ => {
                return Err(Error::Query(format!(
                    "no filter {key:?}: the filters are {}",
                    FILTER_KEYS.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// Whether the filter asks for nothing.
    pub fn is_empty(&self) -> bool {
        *self == Filter::default()
    }

    /// Whether it needs the header columns (all but the length do).
    pub(crate) fn needs_headers(&self) -> bool {
        let mut rest = self.clone();
        rest.min_moves = None;
        rest.max_moves = None;
        !rest.is_empty()
    }

    pub(crate) fn compile(&self, names: &Names) -> Compiled {
        let time_control = self.time_control.as_ref().map(|tc| match TimeClass::parse(tc) {
            Some(class) => names
                .time_controls
                .names
                .iter()
                .map(|n| TimeClass::of(n) == Some(class))
                .collect(),
            None => names
                .time_controls
                .names
                .iter()
                .map(|n| n.trim() == tc.trim())
                .collect(),
        });
        Compiled {
            player: self.player.as_deref().map(|p| names_with(&names.players, p)),
            white: self.white.as_deref().map(|p| names_with(&names.players, p)),
            black: self.black.as_deref().map(|p| names_with(&names.players, p)),
            event: self.event.as_deref().map(|p| names_with(&names.events, p)),
            site: self.site.as_deref().map(str::to_lowercase),
            time_control,
            from: self.from.and_then(|d| d.span()).map(|(first, _)| first),
            to: self.to.and_then(|d| d.span()).map(|(_, last)| last),
            filter: self.clone(),
        }
    }
}

impl Compiled {
    /// Which games of a segment pass: readable ones whose header holds.
    pub(crate) fn games(
        &self,
        search: Option<&SearchColumns>,
        headers: Option<&HeaderColumns>,
        games: usize,
    ) -> Vec<bool> {
        let f = &self.filter;
        let has =
            |names: &Option<Vec<bool>>, n: u32| names.as_ref().is_none_or(|set| set.get(n as usize) == Some(&true));
        (0..games)
            .map(|i| {
                if let Some(s) = search {
                    if s.flags[i] & UNREADABLE != 0 {
                        return false;
                    }
                    let moves = u32::from(s.plies[i]).div_ceil(2);
                    if f.min_moves.is_some_and(|m| moves < m) || f.max_moves.is_some_and(|m| moves > m) {
                        return false;
                    }
                }
                let Some(h) = headers else { return true };
                let (w, b) = (h.white[i], h.black[i]);
                if !has(&self.white, w) || !has(&self.black, b) {
                    return false;
                }
                if let Some(p) = &self.player
                    && p.get(w as usize) != Some(&true)
                    && p.get(b as usize) != Some(&true)
                {
                    return false;
                }
                if !has(&self.event, h.event[i]) || !has(&self.time_control, h.time_control[i]) {
                    return false;
                }
                if let Some(part) = &self.site
                    && !h.site(i).to_lowercase().contains(part.as_str())
                {
                    return false;
                }
                let elos = [h.white_elo[i], h.black_elo[i]];
                if f.min_elo.is_some_and(|min| elos.iter().any(|&e| e == 0 || e < min))
                    || f.max_elo.is_some_and(|max| elos.iter().any(|&e| e == 0 || e > max))
                {
                    return false;
                }
                if self.from.is_some() || self.to.is_some() {
                    let Some((first, last)) = h.date(i).span() else {
                        return false;
                    };
                    if self.from.is_some_and(|from| first < from) || self.to.is_some_and(|to| last > to) {
                        return false;
                    }
                }
                if f.result.is_some_and(|r| h.result(i) != r) {
                    return false;
                }
                if let Some((lo, hi)) = f.eco {
                    let eco = h.eco[i];
                    if eco == u16::MAX || eco < lo || eco > hi {
                        return false;
                    }
                }
                true
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_classed_as_lichess_does() {
        assert_eq!(TimeClass::of("60+0"), Some(TimeClass::Bullet));
        assert_eq!(TimeClass::of("180+2"), Some(TimeClass::Blitz));
        assert_eq!(TimeClass::of("600+5"), Some(TimeClass::Rapid));
        assert_eq!(TimeClass::of("1800"), Some(TimeClass::Classical));
        assert_eq!(TimeClass::of("15+0"), Some(TimeClass::UltraBullet));
        assert_eq!(TimeClass::of("40/7200:3600"), Some(TimeClass::Classical));
        assert_eq!(TimeClass::of("-"), None);
    }
}
