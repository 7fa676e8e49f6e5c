//! Time controls: base time, Fischer increment, Bronstein or simple delay,
//! moves-based periods; the presets offered and the PGN `TimeControl` tag.

use std::time::Duration;

/// Time added as a side moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Bonus {
    /// Nothing.
    None,
    /// Fischer: this much is added after each move.
    Increment(Duration),
    /// Bronstein: what the move used is given back, up to this much.
    Bronstein(Duration),
    /// Simple (US) delay: the clock waits this long before it runs.
    Delay(Duration),
}

/// One period of a time control: its time, its bonus, and how many moves
/// must be made in it (`None`: the rest of the game).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Period {
    /// Moves to make in the period, or none for the rest of the game.
    pub moves: Option<u32>,
    /// The time the period brings.
    pub time: Duration,
    /// The bonus per move while in the period.
    pub bonus: Bonus,
}

/// A time control for one side: its periods, in order (the last one lasts).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TimeControl {
    /// The periods; never empty.
    pub periods: Vec<Period>,
}

impl TimeControl {
    /// `minutes` for the game plus `increment` seconds a move: 3+2.
    pub fn fischer(minutes: u64, increment: u64) -> TimeControl {
        TimeControl {
            periods: vec![Period {
                moves: None,
                time: Duration::from_secs(minutes * 60),
                bonus: if increment > 0 {
                    Bonus::Increment(Duration::from_secs(increment))
                } else {
                    Bonus::None
                },
            }],
        }
    }

    /// The usual presets, by name: 1+0, 3+0, 3+2, 5+0, 10+0, 10+5, 15+10,
    /// 30+0, 90+30.
    pub fn presets() -> Vec<(&'static str, TimeControl)> {
        [
            ("1+0", 1, 0),
            ("3+0", 3, 0),
            ("3+2", 3, 2),
            ("5+0", 5, 0),
            ("10+0", 10, 0),
            ("10+5", 10, 5),
            ("15+10", 15, 10),
            ("30+0", 30, 0),
            ("90+30", 90, 30),
        ]
        .into_iter()
        .map(|(name, m, i)| (name, TimeControl::fischer(m, i)))
        .collect()
    }

    /// The PGN standard's `TimeControl` value: `300+2`, `40/5400:1800`,
    /// with `+` for an increment and `d` for a delay (not in the standard;
    /// written as some programs do).
    pub fn pgn_tag(&self) -> String {
        self.periods
            .iter()
            .map(|p| {
                let mut s = match p.moves {
                    Some(n) => format!("{n}/{}", p.time.as_secs()),
                    None => p.time.as_secs().to_string(),
                };
                match p.bonus {
                    Bonus::None => {}
                    Bonus::Increment(d) => s.push_str(&format!("+{}", d.as_secs())),
                    Bonus::Bronstein(d) | Bonus::Delay(d) => s.push_str(&format!("d{}", d.as_secs())),
                }
                s
            })
            .collect::<Vec<_>>()
            .join(":")
    }
}

impl TimeControl {
    /// FIDE's classical control: 40 moves in 90 minutes, then 30 minutes
    /// for the rest of the game, with 30 seconds added from move one.
    pub fn fide_classical() -> TimeControl {
        let bonus = Bonus::Increment(Duration::from_secs(30));
        TimeControl {
            periods: vec![
                Period {
                    moves: Some(40),
                    time: Duration::from_secs(90 * 60),
                    bonus,
                },
                Period {
                    moves: None,
                    time: Duration::from_secs(30 * 60),
                    bonus,
                },
            ],
        }
    }

    /// Whether the control can be played: at least one period, the first
    /// with time on it, every period but the last with a move count, and
    /// the last for the rest of the game. The error says what is wrong.
    pub fn check(&self) -> Result<(), String> {
        let Some(first) = self.periods.first() else {
            return Err("a time control needs a period".to_string());
        };
        if first.time.is_zero() {
            return Err("the first period needs some time".to_string());
        }
        let last = self.periods.len() - 1;
        for (i, period) in self.periods.iter().enumerate() {
            match period.moves {
                Some(0) => return Err(format!("period {} needs at least one move", i + 1)),
                Some(_) if i == last => {
                    return Err("the last period must last for the rest of the game".to_string());
                }
                None if i != last => return Err(format!("period {} needs a number of moves", i + 1)),
                _ => {}
            }
        }
        Ok(())
    }

    /// The control in words: `5 min + 3 s a move`, `40 moves in 1:30:00,
    /// then 30 min; + 30 s a move`.
    pub fn describe(&self) -> String {
        let time = |d: Duration| {
            let s = d.as_secs();
            match (s / 60, s % 60) {
                (m, 0) => format!("{m} min"),
                (0, s) => format!("{s} s"),
                (m, s) if m < 60 => format!("{m}:{s:02}"),
                (m, s) => format!("{}:{:02}:{s:02}", m / 60, m % 60),
            }
        };
        let bonus = |b: Bonus| match b {
            Bonus::None => String::new(),
            Bonus::Increment(d) => format!(" + {} s a move", d.as_secs()),
            Bonus::Bronstein(d) => format!(", Bronstein delay {} s", d.as_secs()),
            Bonus::Delay(d) => format!(", delay {} s", d.as_secs()),
        };
        let same_bonus = self.periods.windows(2).all(|w| w[0].bonus == w[1].bonus);
        let parts: Vec<String> = self
            .periods
            .iter()
            .map(|p| {
                let mut s = match p.moves {
                    Some(n) => format!("{n} moves in {}", time(p.time)),
                    None => time(p.time),
                };
                if !same_bonus {
                    s.push_str(&bonus(p.bonus));
                }
                s
            })
            .collect();
        let mut text = parts.join(", then ");
        match self.periods.first() {
            Some(p) if same_bonus && self.periods.len() > 1 && p.bonus != Bonus::None => {
                // One bonus throughout: say so once, for the whole control.
                text.push(';');
                text.push_str(&bonus(p.bonus).replacen(',', "", 1));
            }
            Some(p) if same_bonus => text.push_str(&bonus(p.bonus)),
            _ => {}
        }
        text
    }
}
