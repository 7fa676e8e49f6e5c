//! The game's clock kept in step with the game: it starts with the first
//! move, presses on each move, restores its times when a move is taken
//! back, holds while a prompt is open, and ends the game when a flag falls.

use std::time::Duration;

use chess_core::{ByColor, Color, Game, Outcome};
use chess_engine::worker::ClockTimes;

use super::{Bonus, Clock, SystemTime, TimeControl, TimeSource, flag_outcome};

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
    pub fn start(&mut self, controls: Option<ByColor<TimeControl>>, game: &Game) {
        self.clock = controls.map(|c| Clock::new(c.white, c.black));
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
            let ByColor { white, black } = clock.controls();
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
        let ByColor { white, black } = clock.controls();
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
