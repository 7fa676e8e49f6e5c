//! Chess clocks: time controls (base time, Fischer increment, Bronstein
//! or simple delay, moves-based periods, a different control per side) and
//! the clock that runs them, driven by a time source that tests control.
//!
//! The clock starts when [`Clock::start`] is called ([`GameClock`], the
//! clock kept in step with the game, in `game_clock.rs`, starts it with the
//! first move, as lichess does). It runs for the side to move; [`Clock::press`] ends a move: the time
//! used is taken, the bonus given, a period's extra time added when its
//! move count is reached. Every press is remembered, so taking back a move
//! restores the times recorded at that point. Flag fall follows FIDE 6.9
//! ([`flag_outcome`]).

use std::time::Duration;

use chess_core::{ByColor, Color, DrawReason, Outcome, Position, WinReason};

pub use super::time_control::{Bonus, Period, TimeControl};

mod game_clock;

pub use game_clock::{GameClock, Synced};

/// Where a time source is: time since some fixed start.
pub trait TimeSource: std::fmt::Debug {
    /// The time now.
    fn now(&self) -> Duration;
}

/// The real clock.
#[derive(Debug)]
pub struct SystemTime(std::time::Instant);

impl Default for SystemTime {
    fn default() -> SystemTime {
        SystemTime(std::time::Instant::now())
    }
}

impl TimeSource for SystemTime {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// A side's state: time left, period, moves made in it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Side {
    left: Duration,
    period: usize,
    moves_in_period: u32,
}

/// What a press changed, kept for undo: the sides before it, the time the
/// move used, and the time it took from the clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Press {
    before: ByColor<Side>,
    used: Duration,
    spent: Duration,
    mover: Color,
}

/// A chess clock for two sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    controls: ByColor<TimeControl>,
    sides: ByColor<Side>,
    /// The side whose time runs, and since when (its turn's start).
    running: Option<(Color, Duration)>,
    /// Paused with this side to move.
    paused: Option<Color>,
    presses: Vec<Press>,
}

impl Clock {
    /// A clock with a control per side (the same for an even game), not
    /// running.
    pub fn new(white: TimeControl, black: TimeControl) -> Clock {
        let side = |c: &TimeControl| Side {
            left: c.periods.first().map_or(Duration::ZERO, |p| p.time),
            period: 0,
            moves_in_period: 0,
        };
        Clock {
            sides: ByColor::new(side(&white), side(&black)),
            controls: ByColor::new(white, black),
            running: None,
            paused: None,
            presses: Vec::new(),
        }
    }

    /// Starts the time of `turn` (the side to move) at `now`.
    pub fn start(&mut self, turn: Color, now: Duration) {
        self.running = Some((turn, now));
        self.paused = None;
    }

    /// Whether the clock runs.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    fn period(&self, color: Color) -> Period {
        let control = &self.controls[color];
        let i = self.sides[color].period.min(control.periods.len() - 1);
        control.periods[i]
    }

    /// How many moves `color` must still make in its current period, if
    /// the period has a move count.
    pub fn moves_to_go(&self, color: Color) -> Option<u32> {
        let side = &self.sides[color];
        self.period(color).moves.map(|n| n.saturating_sub(side.moves_in_period))
    }

    /// The bonus `color` gets now (its current period's).
    pub fn bonus(&self, color: Color) -> Bonus {
        self.period(color).bonus
    }

    /// How much of `color`'s time has gone in the turn running at `now`
    /// (a simple delay's first seconds are free).
    fn spent(&self, color: Color, now: Duration) -> Duration {
        match self.running {
            Some((c, since)) if c == color => {
                let elapsed = now.saturating_sub(since);
                match self.period(color).bonus {
                    Bonus::Delay(d) => elapsed.saturating_sub(d),
                    _ => elapsed,
                }
            }
            _ => Duration::ZERO,
        }
    }

    /// The time `color` has left at `now`.
    pub fn left(&self, color: Color, now: Duration) -> Duration {
        self.sides[color].left.saturating_sub(self.spent(color, now))
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flagged(&self, now: Duration) -> Option<Color> {
        let (color, _) = self.running?;
        (self.left(color, now) == Duration::ZERO).then_some(color)
    }

    /// The side to move finished its move at `now`: its time is taken, its
    /// bonus given, a period's time added when its moves are made, and the
    /// other side's time starts. Returns the time the move used.
    pub fn press(&mut self, now: Duration) -> Duration {
        let Some((color, since)) = self.running else {
            return Duration::ZERO;
        };
        let before = self.sides;
        let used = now.saturating_sub(since);
        let spent = self.spent(color, now);
        let period = self.period(color);
        let side = &mut self.sides[color];
        side.left = side.left.saturating_sub(spent);
        if let Bonus::Increment(d) = period.bonus {
            side.left += d;
        }
        if let Bonus::Bronstein(d) = period.bonus {
            side.left += used.min(d);
        }
        side.moves_in_period += 1;
        if period.moves == Some(side.moves_in_period) {
            side.period += 1;
            side.moves_in_period = 0;
            let control = &self.controls[color];
            if let Some(next) = control.periods.get(side.period.min(control.periods.len() - 1)) {
                side.left += next.time;
            }
        }
        self.presses.push(Press {
            before,
            used,
            spent,
            mover: color,
        });
        self.running = Some((!color, now));
        used
    }

    /// Takes back the last press: both sides' times are as recorded when
    /// that move was made (the time it took stays spent, its bonus goes),
    /// and the side that made it moves again, from `now`.
    pub fn undo(&mut self, now: Duration) -> bool {
        let Some(press) = self.presses.pop() else {
            return false;
        };
        let mover = match self.running.or(self.paused.map(|c| (c, now))) {
            Some((color, _)) => !color,
            None => return false,
        };
        self.sides = press.before;
        let side = &mut self.sides[mover];
        side.left = side.left.saturating_sub(press.spent);
        if self.running.is_some() {
            self.running = Some((mover, now));
        } else {
            self.paused = Some(mover);
        }
        true
    }

    /// Stops the time at `now` (the side to move keeps what it has left).
    pub fn pause(&mut self, now: Duration) {
        if let Some((color, _)) = self.running {
            self.sides[color].left = self.left(color, now);
            self.paused = Some(color);
            self.running = None;
        }
    }

    /// Starts the paused time again at `now`.
    pub fn resume(&mut self, now: Duration) {
        if let Some(color) = self.paused.take() {
            self.running = Some((color, now));
        }
    }

    /// The time each side had left after each move, in order (what a PGN
    /// `[%clk]` records): the time before, less what the move took, plus
    /// its bonus.
    pub fn left_after_moves(&self) -> Vec<Duration> {
        self.presses
            .iter()
            .enumerate()
            .map(|(i, press)| {
                // After a press: what the next press found, or what is now.
                let m = press.mover;
                self.presses
                    .get(i + 1)
                    .map_or(self.sides[m], |next| next.before[m])
                    .left
            })
            .collect()
    }

    /// The controls, White's and Black's.
    pub fn controls(&self) -> ByColor<&TimeControl> {
        self.controls.as_ref()
    }

    /// The time each move used, in order.
    pub fn times_used(&self) -> Vec<Duration> {
        self.presses.iter().map(|p| p.used).collect()
    }
}

impl Clock {
    /// The clock as a save file keeps it, its times taken at `now` (the
    /// game resumes with them).
    pub fn to_record(&self, now: Duration) -> chess_file::ClockRecord {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let period = |p: &Period| chess_file::PeriodRecord {
            moves: p.moves,
            time_ms: ms(p.time),
            bonus: match p.bonus {
                Bonus::None => chess_file::BonusRecord::None,
                Bonus::Increment(d) => chess_file::BonusRecord::Increment(ms(d)),
                Bonus::Bronstein(d) => chess_file::BonusRecord::Bronstein(ms(d)),
                Bonus::Delay(d) => chess_file::BonusRecord::Delay(ms(d)),
            },
        };
        chess_file::ClockRecord {
            controls: self.controls.as_ref().map(|c| c.periods.iter().map(period).collect()),
            left_ms: ByColor::from_fn(|color| ms(self.left(color, now))),
            periods: self.sides.map(|side| (side.period as u32, side.moves_in_period)),
        }
    }

    /// A clock from a save file's record, not running; None when the record
    /// has a side without periods.
    pub fn from_record(record: &chess_file::ClockRecord) -> Option<Clock> {
        let control = |periods: &[chess_file::PeriodRecord]| {
            let periods: Vec<Period> = periods
                .iter()
                .map(|p| Period {
                    moves: p.moves,
                    time: Duration::from_millis(p.time_ms),
                    bonus: match p.bonus {
                        chess_file::BonusRecord::None => Bonus::None,
                        chess_file::BonusRecord::Increment(d) => Bonus::Increment(Duration::from_millis(d)),
                        chess_file::BonusRecord::Bronstein(d) => Bonus::Bronstein(Duration::from_millis(d)),
                        chess_file::BonusRecord::Delay(d) => Bonus::Delay(Duration::from_millis(d)),
                    },
                })
                .collect();
            (!periods.is_empty()).then_some(TimeControl { periods })
        };
        let mut clock = Clock::new(control(&record.controls.white)?, control(&record.controls.black)?);
        clock.sides = ByColor::from_fn(|color| Side {
            left: Duration::from_millis(record.left_ms[color]),
            period: record.periods[color].0 as usize,
            moves_in_period: record.periods[color].1,
        });
        Some(clock)
    }
}

/// The outcome when `flagged` runs out of time in `pos` (FIDE 6.9): the
/// opponent wins, unless it cannot checkmate by any series of legal moves
/// ("cannot mate" as the core judges it per side: a lone king; a king and
/// one knight against a king or queens only; a king and bishops all on one
/// colour with no pawns or knights on the board), when the game is drawn.
pub fn flag_outcome(pos: &Position, flagged: Color) -> Outcome {
    if pos.has_insufficient_material(!flagged) {
        Outcome::Draw(DrawReason::InsufficientMaterial)
    } else {
        Outcome::Win {
            winner: !flagged,
            reason: WinReason::Timeout,
        }
    }
}

/// A time as clocks show it: `4:59`, `1:02:03`, and tenths under 10 s: `9.4`.
pub fn format(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let secs = left.as_secs();
    if secs < 10 {
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: f64) -> Duration {
        Duration::from_secs_f64(secs)
    }

    #[test]
    fn the_side_to_move_runs_and_an_increment_is_added() {
        let mut clock = Clock::new(TimeControl::fischer(3, 2), TimeControl::fischer(3, 2));
        clock.start(Color::White, s(0.0));
        assert_eq!(clock.left(Color::White, s(10.0)), s(170.0));
        assert_eq!(clock.left(Color::Black, s(10.0)), s(180.0));
        assert_eq!(clock.press(s(10.0)), s(10.0));
        assert_eq!(clock.left(Color::White, s(10.0)), s(172.0));
        assert_eq!(clock.left(Color::Black, s(15.0)), s(175.0));
        clock.press(s(15.0));
        assert_eq!(clock.left(Color::Black, s(99.0)), s(177.0));
        assert_eq!(clock.times_used(), [s(10.0), s(5.0)]);
    }

    #[test]
    fn delays_bronstein_and_simple() {
        let delay = |bonus| TimeControl {
            periods: vec![Period {
                moves: None,
                time: s(60.0),
                bonus,
            }],
        };
        // Bronstein: a 3 s move with a 5 s delay costs nothing; an 8 s one 3 s.
        let mut clock = Clock::new(delay(Bonus::Bronstein(s(5.0))), delay(Bonus::None));
        clock.start(Color::White, s(0.0));
        clock.press(s(3.0));
        assert_eq!(clock.left(Color::White, s(3.0)), s(60.0));
        clock.press(s(4.0));
        clock.press(s(12.0));
        assert_eq!(clock.left(Color::White, s(12.0)), s(57.0));
        // Simple delay: the clock does not run for the first 5 s.
        let mut clock = Clock::new(delay(Bonus::Delay(s(5.0))), delay(Bonus::None));
        clock.start(Color::White, s(0.0));
        assert_eq!(clock.left(Color::White, s(4.0)), s(60.0));
        assert_eq!(clock.left(Color::White, s(7.0)), s(58.0));
        clock.press(s(7.0));
        assert_eq!(clock.left(Color::White, s(7.0)), s(58.0));
    }

    #[test]
    fn periods_add_their_time_when_their_moves_are_made() {
        // 2 moves in 60 s, then 30 s for the rest with 10 s a move.
        let control = TimeControl {
            periods: vec![
                Period {
                    moves: Some(2),
                    time: s(60.0),
                    bonus: Bonus::None,
                },
                Period {
                    moves: None,
                    time: s(30.0),
                    bonus: Bonus::Increment(s(10.0)),
                },
            ],
        };
        assert_eq!(control.pgn_tag(), "2/60:30+10");
        let mut clock = Clock::new(control.clone(), control);
        clock.start(Color::White, s(0.0));
        assert_eq!(clock.moves_to_go(Color::White), Some(2));
        clock.press(s(10.0)); // White 50
        assert_eq!(clock.moves_to_go(Color::White), Some(1));
        clock.press(s(10.0)); // Black 60
        clock.press(s(20.0)); // White's second move: 40, then +30
        assert_eq!(clock.left(Color::White, s(20.0)), s(70.0));
        assert_eq!(clock.moves_to_go(Color::White), None, "the last period lasts");
        clock.press(s(20.0));
        clock.press(s(25.0)); // in the second period: -5 +10
        assert_eq!(clock.left(Color::White, s(25.0)), s(75.0));
    }

    #[test]
    fn pause_resume_and_undo() {
        let mut clock = Clock::new(TimeControl::fischer(1, 0), TimeControl::fischer(1, 0));
        clock.start(Color::White, s(0.0));
        clock.pause(s(5.0));
        assert_eq!(clock.left(Color::White, s(100.0)), s(55.0));
        clock.resume(s(100.0));
        assert_eq!(clock.left(Color::White, s(101.0)), s(54.0));
        clock.press(s(101.0));
        clock.press(s(111.0)); // Black used 10
        assert_eq!(clock.left(Color::Black, s(111.0)), s(50.0));
        // Taking back Black's move: the times as when it was made (its 10 s
        // stay spent); Black moves again, its time running.
        assert!(clock.undo(s(120.0)));
        assert_eq!(clock.left(Color::Black, s(120.0)), s(50.0));
        assert_eq!(clock.left(Color::White, s(120.0)), s(54.0));
        assert_eq!(clock.left(Color::Black, s(125.0)), s(45.0));
        assert!(clock.undo(s(130.0)));
        assert!(!clock.undo(s(130.0)));
    }

    #[test]
    fn a_flag_falls_and_fide_6_9_decides() {
        let mut clock = Clock::new(TimeControl::fischer(1, 0), TimeControl::fischer(1, 0));
        clock.start(Color::White, s(0.0));
        assert_eq!(clock.flagged(s(59.9)), None);
        assert_eq!(clock.flagged(s(60.0)), Some(Color::White));
        // Black has a rook: White loses on time.
        let pos: Position = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1".parse().unwrap();
        assert_eq!(
            flag_outcome(&pos, Color::White),
            Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Timeout
            }
        );
        // Black has a lone king: a draw.
        let pos: Position = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap();
        assert_eq!(
            flag_outcome(&pos, Color::White),
            Outcome::Draw(DrawReason::InsufficientMaterial)
        );
        // A knight against a lone king cannot mate: a draw; against a rook it can (help-mate).
        let pos: Position = "4k3/8/8/8/8/8/8/n3K3 w - - 0 1".parse().unwrap();
        assert_eq!(
            flag_outcome(&pos, Color::White),
            Outcome::Draw(DrawReason::InsufficientMaterial)
        );
        let pos: Position = "4k3/8/8/8/8/8/8/n2RK3 w - - 0 1".parse().unwrap();
        assert!(matches!(flag_outcome(&pos, Color::White), Outcome::Win { .. }));
    }

    #[test]
    fn the_times_left_after_each_move() {
        let mut clock = Clock::new(TimeControl::fischer(3, 2), TimeControl::fischer(3, 2));
        clock.start(Color::White, s(0.0));
        clock.press(s(10.0));
        clock.press(s(15.0));
        clock.press(s(16.0));
        assert_eq!(clock.left_after_moves(), [s(172.0), s(177.0), s(173.0)]);
    }

    #[test]
    fn a_saved_clock_resumes_with_its_times() {
        let mut clock = Clock::new(TimeControl::fischer(3, 2), TimeControl::fischer(5, 0));
        clock.start(Color::White, s(0.0));
        clock.press(s(10.0));
        let record = clock.to_record(s(25.0));
        assert_eq!(record.left_ms, ByColor::new(172_000, 285_000));
        let mut back = Clock::from_record(&record).unwrap();
        assert!(!back.is_running());
        back.start(Color::Black, s(1000.0));
        assert_eq!(back.left(Color::Black, s(1005.0)), s(280.0));
        assert_eq!(back.left(Color::White, s(1005.0)), s(172.0));
        back.press(s(1005.0));
        back.press(s(1006.0));
        assert_eq!(back.left(Color::White, s(1006.0)), s(173.0));
    }

    #[test]
    fn a_handicap_gives_each_side_its_own_control() {
        // White 5+0 against Black 1+2: each side's own time and bonus.
        let mut clock = Clock::new(TimeControl::fischer(5, 0), TimeControl::fischer(1, 2));
        clock.start(Color::White, s(0.0));
        assert_eq!(clock.left(Color::Black, s(0.0)), s(60.0));
        clock.press(s(4.0));
        assert_eq!(clock.left(Color::White, s(4.0)), s(296.0), "no increment for White");
        clock.press(s(5.0));
        assert_eq!(clock.left(Color::Black, s(5.0)), s(61.0), "Black's 2 s increment");
        assert_eq!(clock.bonus(Color::White), Bonus::None);
    }

    #[test]
    fn controls_are_checked_and_described() {
        assert_eq!(TimeControl::fischer(5, 3).describe(), "5 min + 3 s a move");
        assert_eq!(TimeControl::fischer(1, 0).describe(), "1 min");
        assert_eq!(
            TimeControl::fide_classical().describe(),
            "40 moves in 90 min, then 30 min; + 30 s a move"
        );
        assert_eq!(TimeControl::fide_classical().pgn_tag(), "40/5400+30:1800+30");
        let bronstein = TimeControl {
            periods: vec![Period {
                moves: None,
                time: s(150.0),
                bonus: Bonus::Bronstein(s(5.0)),
            }],
        };
        assert_eq!(bronstein.describe(), "2:30, Bronstein delay 5 s");
        assert_eq!(TimeControl::fide_classical().check(), Ok(()));

        let mut control = TimeControl::fide_classical();
        control.periods[0].moves = None;
        assert_eq!(control.check(), Err("period 1 needs a number of moves".to_string()));
        control.periods[0].moves = Some(0);
        assert_eq!(control.check(), Err("period 1 needs at least one move".to_string()));
        control.periods[0].moves = Some(40);
        control.periods[1].moves = Some(20);
        assert_eq!(
            control.check(),
            Err("the last period must last for the rest of the game".to_string())
        );
        let mut control = TimeControl::fischer(0, 2);
        assert_eq!(control.check(), Err("the first period needs some time".to_string()));
        control.periods.clear();
        assert!(control.check().is_err());
    }

    #[test]
    fn times_as_clocks_show_them() {
        assert_eq!(format(s(299.0)), "4:59");
        assert_eq!(format(s(3723.0)), "1:02:03");
        assert_eq!(format(s(9.45)), "9.4");
        assert_eq!(format(s(0.0)), "0.0");
        assert_eq!(TimeControl::fischer(5, 0).pgn_tag(), "300");
        assert_eq!(TimeControl::fischer(3, 2).pgn_tag(), "180+2");
        assert_eq!(TimeControl::presets().len(), 9);
    }
}
