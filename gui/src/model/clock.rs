//! Chess clocks: time controls (base time, Fischer increment, Bronstein
//! or simple delay, moves-based periods, a different control per side) and
//! the clock that runs them, driven by a time source that tests control.
//!
//! The clock starts when [`Clock::start`] is called (the app starts it at
//! once, as a club clock does; lichess waits for each side's first move).
//! It runs for the side to move; [`Clock::press`] ends a move: the time
//! used is taken, the bonus given, a period's extra time added when its
//! move count is reached. Every press is remembered, so taking back a move
//! restores the times recorded at that point. Flag fall follows FIDE 6.9
//! ([`flag_outcome`]).

use std::time::Duration;

use chess_core::{Color, DrawReason, Game, Outcome, Position, WinReason};
use chess_engine::worker::ClockTimes;

pub use super::time_control::{Bonus, Period, TimeControl};

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
    before: [Side; 2],
    used: Duration,
    spent: Duration,
    mover: Color,
}

/// A chess clock for two sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    controls: [TimeControl; 2],
    sides: [Side; 2],
    /// The side whose time runs, and since when (its turn's start).
    running: Option<(Color, Duration)>,
    /// Paused with this side to move.
    paused: Option<Color>,
    presses: Vec<Press>,
}

fn side_index(color: Color) -> usize {
    color.index()
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
            sides: [side(&white), side(&black)],
            controls: [white, black],
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
        let control = &self.controls[side_index(color)];
        let i = self.sides[side_index(color)].period.min(control.periods.len() - 1);
        control.periods[i]
    }

    /// How many moves `color` must still make in its current period, if
    /// the period has a move count.
    pub fn moves_to_go(&self, color: Color) -> Option<u32> {
        let side = &self.sides[side_index(color)];
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
        self.sides[side_index(color)]
            .left
            .saturating_sub(self.spent(color, now))
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
        let i = side_index(color);
        let side = &mut self.sides[i];
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
            let control = &self.controls[i];
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
        let side = &mut self.sides[side_index(mover)];
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
            let i = side_index(color);
            self.sides[i].left = self.left(color, now);
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
                let m = side_index(press.mover);
                self.presses
                    .get(i + 1)
                    .map_or(self.sides[m], |next| next.before[m])
                    .left
            })
            .collect()
    }

    /// The controls, White's and Black's.
    pub fn controls(&self) -> [&TimeControl; 2] {
        [&self.controls[0], &self.controls[1]]
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
        let side = |color: Color| {
            let i = side_index(color);
            (
                self.controls[i].periods.iter().map(period).collect::<Vec<_>>(),
                ms(self.left(color, now)),
                (self.sides[i].period as u32, self.sides[i].moves_in_period),
            )
        };
        let (white, black) = (side(Color::White), side(Color::Black));
        chess_file::ClockRecord {
            controls: [white.0, black.0],
            left_ms: [white.1, black.1],
            periods: [white.2, black.2],
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
        let mut clock = Clock::new(control(&record.controls[0])?, control(&record.controls[1])?);
        for i in 0..2 {
            clock.sides[i] = Side {
                left: Duration::from_millis(record.left_ms[i]),
                period: record.periods[i].0 as usize,
                moves_in_period: record.periods[i].1,
            };
        }
        Some(clock)
    }
}

/// The times a UCI engine is given: both clocks, the increments, and the
/// moves to go of the side to move.
fn clock_times(clock: &Clock, turn: Color, now: Duration) -> ClockTimes {
    let increment = |color| match clock.bonus(color) {
        Bonus::Increment(d) => d,
        _ => Duration::ZERO,
    };
    ClockTimes {
        wtime: clock.left(Color::White, now),
        btime: clock.left(Color::Black, now),
        winc: increment(Color::White),
        binc: increment(Color::Black),
        movestogo: clock.moves_to_go(turn),
    }
}

/// The moves `color` has made along the main line of `game`.
fn moves_made(game: &Game, color: Color) -> usize {
    let first = game.start_position().turn();
    let plies = game.ply(game.mainline_end()) - game.ply(chess_core::NodeId::ROOT);
    if color == first { plies.div_ceil(2) } else { plies / 2 }
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

/// The game's clock kept in step with the game: a move made presses it, a
/// move taken back restores its times, a flag that falls ends the game
/// (FIDE 6.9). The model owns one; an untimed game has no [`Clock`].
#[derive(Debug)]
pub struct GameClock {
    /// The clock, when the game is timed.
    pub clock: Option<Clock>,
    /// Where the time comes from (tests set their own).
    pub time: Box<dyn TimeSource>,
    /// The half-move of the main line the clock has counted to.
    counted: usize,
    /// Paused because a prompt is open (see [`GameClock::sync`]).
    held: bool,
    /// Paused until the player comes back: a game restored after the app
    /// ended without quitting.
    waiting: bool,
    /// Whether the clock has started: a new game's starts with its first
    /// move (the first mover thinks over it with its time standing, as on
    /// lichess).
    started: bool,
    /// The side whose flag fell before it had made a move: the game was
    /// aborted, not lost, and the clock stops for good.
    aborted: Option<Color>,
    /// The ply the game started at (its clock starts with the move after),
    /// and the side to move then.
    first_ply: usize,
    first_turn: Color,
}

impl Default for GameClock {
    fn default() -> GameClock {
        GameClock {
            clock: None,
            time: Box::new(SystemTime::default()),
            counted: 0,
            held: false,
            waiting: false,
            started: false,
            aborted: None,
            first_ply: 0,
            first_turn: Color::White,
        }
    }
}

/// What [`GameClock::sync`] found: the clock times the engine is given
/// (none untimed; the engine's own time rule makes its budget from them,
/// for the built-in engine as for a UCI one), and the result of a flag
/// that fell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Synced {
    /// Both sides' times, for a UCI engine's `go wtime ... btime ...`.
    pub clock_times: Option<ClockTimes>,
    /// The game's result when a flag fell.
    pub flagged: Option<Outcome>,
    /// The side whose flag fell before it made a move: the game is
    /// aborted (no result), as lichess aborts it.
    pub aborted: Option<Color>,
}

impl GameClock {
    /// The time now.
    pub fn now(&self) -> Duration {
        self.time.now()
    }

    /// Sets the clock of a new game at its cursor (none: untimed). It
    /// starts with the first move: the side to move thinks over its first
    /// move with its time standing, and the other side's runs once it is
    /// made.
    pub fn start(&mut self, controls: Option<[TimeControl; 2]>, game: &Game) {
        self.clock = controls.map(|[white, black]| Clock::new(white, black));
        self.counted = game.ply(game.cursor());
        self.first_ply = self.counted;
        self.first_turn = game.position().turn();
        self.held = false;
        self.waiting = false;
        self.started = false;
        self.aborted = None;
    }

    /// Whether the clock waits for the game's first move.
    pub fn waits_for_first_move(&self) -> bool {
        self.clock.is_some() && !self.started && self.aborted.is_none()
    }

    /// The side whose flag fell before it moved, aborting the game.
    pub fn aborted(&self) -> Option<Color> {
        self.aborted
    }

    /// Resumes a clock saved with `game`: the side to move at the end of
    /// its main line runs, unless the game is over there.
    pub fn resume(&mut self, mut clock: Clock, game: &Game) {
        let end = game.mainline_end();
        if game.outcome_at(end).is_none() {
            clock.start(game.position_at(end).turn(), self.now());
        }
        self.counted = game.ply(end);
        self.clock = Some(clock);
        self.held = false;
        self.waiting = false;
        self.started = true;
        self.aborted = None;
        self.first_ply = game.ply(chess_core::NodeId::ROOT);
    }

    /// Pauses the clock until the player comes back ([`GameClock::come_back`],
    /// or a move): for a game restored after the app ended without quitting.
    pub fn wait(&mut self) {
        let now = self.now();
        if let Some(clock) = &mut self.clock
            && clock.is_running()
        {
            clock.pause(now);
            self.waiting = true;
        }
    }

    /// Whether the clock waits for the player (see [`GameClock::wait`]).
    pub fn is_waiting(&self) -> bool {
        self.waiting
    }

    /// The player is back: a waiting clock runs again.
    pub fn come_back(&mut self) {
        let now = self.now();
        if self.waiting
            && let Some(clock) = &mut self.clock
        {
            clock.resume(now);
        }
        self.waiting = false;
    }

    /// Whether the clock runs (the view then redraws it).
    pub fn is_running(&self) -> bool {
        self.clock.as_ref().is_some_and(Clock::is_running)
    }

    /// Brings the clock up to `game`'s main line: presses for the moves
    /// made since, takes back the ones taken back; pauses it when the game
    /// is `over`, and while `held` (a prompt is open: nobody can move), to
    /// run again when it closes; and says what the computer and a flag need
    /// to know. A move made while the clock waits for the player starts it.
    pub fn sync(&mut self, game: &Game, over: bool, held: bool) -> Synced {
        let now = self.now();
        let end = game.mainline_end();
        let ply = game.ply(end);
        if self.waiting && ply != self.counted {
            self.come_back();
        }
        let Some(clock) = &mut self.clock else {
            return Synced::default();
        };
        if self.aborted.is_some() {
            return Synced::default();
        }
        // The first move starts the clock: the time of the side to move
        // after it runs from now.
        if !self.started {
            if ply > self.counted && !over {
                // Pressed at once for the first move (its time standing
                // until then, its bonus given), so each move has its press.
                self.started = true;
                clock.start(self.first_turn, now);
            } else {
                return Synced {
                    clock_times: Some(clock_times(clock, game.position_at(end).turn(), now)),
                    ..Synced::default()
                };
            }
        }
        if held && !over && !self.waiting && clock.is_running() {
            clock.pause(now);
            self.held = true;
        } else if self.held && !held {
            clock.resume(now);
            self.held = false;
        }
        while self.counted < ply {
            clock.press(now);
            self.counted += 1;
        }
        while self.counted > ply {
            clock.undo(now);
            self.counted -= 1;
        }
        // Back before the first move: the clock waits for it again.
        if ply <= self.first_ply {
            let [white, black] = clock.controls();
            *clock = Clock::new(white.clone(), black.clone());
            self.started = false;
            return Synced {
                clock_times: Some(clock_times(clock, game.position_at(end).turn(), now)),
                ..Synced::default()
            };
        }
        if over {
            clock.pause(now);
            self.held = false;
            return Synced::default();
        }
        if self.held || self.waiting {
            return Synced::default();
        }
        let turn = game.position_at(end).turn();
        let mut synced = Synced {
            clock_times: Some(clock_times(clock, turn, now)),
            ..Synced::default()
        };
        if let Some(flagged) = clock.flagged(now) {
            clock.pause(now);
            if moves_made(game, flagged) == 0 {
                self.aborted = Some(flagged);
                synced.aborted = Some(flagged);
            } else {
                synced.flagged = Some(flag_outcome(game.position_at(end), flagged));
            }
        }
        synced
    }

    /// Writes the clock into `game` for PGN: its `TimeControl` tag (one a
    /// side when they differ) and a `[%clk h:mm:ss]` comment after each
    /// move of the main line. Nothing for an untimed game.
    pub fn annotate(&self, game: &mut Game) {
        let Some(clock) = &self.clock else {
            return;
        };
        let [white, black] = clock.controls();
        if white == black {
            game.tags.set("TimeControl", white.pgn_tag());
        } else {
            // The standard's one tag cannot say "different times": one tag
            // a side, named as the standard names the players' tags.
            game.tags.set("WhiteTimeControl", white.pgn_tag());
            game.tags.set("BlackTimeControl", black.pgn_tag());
        }
        for (id, left) in game.mainline().into_iter().zip(clock.left_after_moves()) {
            let secs = left.as_secs();
            let clk = format!("[%clk {}:{:02}:{:02}]", secs / 3600, secs / 60 % 60, secs % 60);
            let comment = game.comment(id);
            let text = if comment.is_empty() {
                clk
            } else {
                format!("{clk} {comment}")
            };
            game.set_comment(id, text);
        }
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
        assert_eq!(record.left_ms, [172_000, 285_000]);
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
