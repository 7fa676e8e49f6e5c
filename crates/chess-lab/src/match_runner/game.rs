//! One game between two UCI engines, by the rules and on the clock: a
//! fixed time a move, or a clock with an increment (the engines get
//! `wtime`/`btime`/`winc`/`binc`; an engine whose flag falls loses). Games
//! end by the rules (mate, stalemate, insufficient material) or by the
//! draws an arbiter grants on a claim (threefold repetition, fifty moves);
//! an engine that crashes, hangs or plays an illegal move loses the game.

use std::time::{Duration, Instant};

use chess_core::{ByColor, Color, DrawReason, Game, Outcome, WinReason};
use chess_engine::client::UciEngine;
use chess_engine::uci::Go;

/// How long each side thinks.
#[derive(Copy, Clone, Debug)]
pub enum TimeControl {
    /// This long a move.
    PerMove(Duration),
    /// This many nodes a move (a test that the machine's load cannot
    /// disturb: it measures the search's decisions, not its speed).
    Nodes(u64),
    /// A clock: base time and increment a move.
    Clock {
        /// Each side's time at the start.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
}

impl TimeControl {
    /// Reads `8+0.08` (seconds) as a clock.
    pub fn parse_clock(text: &str) -> Option<TimeControl> {
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| *s >= 0.0)
                .map(Duration::from_secs_f64)
        };
        Some(TimeControl::Clock {
            base: seconds(base)?,
            increment: seconds(increment)?,
        })
    }

    /// As a PGN `TimeControl` tag, or in words.
    pub fn describe(&self) -> String {
        match self {
            TimeControl::PerMove(t) => format!("{} ms a move", t.as_millis()),
            TimeControl::Nodes(n) => format!("{n} nodes a move"),
            TimeControl::Clock { base, increment } => {
                format!("{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
        }
    }
}

/// What a finished game counts for in the match's tally, whether just
/// played or read back from a stopped match's PGN.
#[derive(Debug)]
pub struct Finished {
    /// 1, ½ or 0 for engine A.
    pub score_a: f64,
    /// Whether a flag fell.
    pub time_loss: bool,
    /// Whether an engine crashed, hung or played no move.
    pub forfeit: bool,
}

/// Engine A's score (1, ½ or 0) when game `round` ended with `outcome`.
pub fn score_a(outcome: Outcome, round: usize) -> f64 {
    match outcome.winner() {
        None => 0.5,
        Some(winner) if (winner == Color::White) == a_is_white(round) => 1.0,
        Some(_) => 0.0,
    }
}

/// How a game ended, for engine A.
pub struct Played {
    /// Its score and how it ended.
    pub finished: Finished,
    /// The game, in PGN.
    pub pgn: String,
    /// A line for the log.
    pub summary: String,
}

/// Ends games early as OpenBench does (cutechess's `-resign` and `-draw`):
/// a game is lost when both engines' scores agree that it is, for
/// `RESIGN_MOVES` moves each; drawn when both have scored it near zero for
/// `DRAW_MOVES` moves each after move `DRAW_FROM_MOVE`.
#[derive(Copy, Clone, Debug, Default)]
pub struct Adjudication {
    /// Whether to adjudicate at all.
    pub on: bool,
}

const RESIGN_SCORE: i32 = 400;
const RESIGN_MOVES: usize = 3;
const DRAW_SCORE: i32 = 10;
const DRAW_MOVES: usize = 8;
const DRAW_FROM_MOVE: u32 = 40;

/// Whether engine A has White in game `round` (counted from 1).
pub fn a_is_white(round: usize) -> bool {
    round % 2 == 1
}

/// The engines' names as PGN shows them.
pub struct Names<'a>(pub [&'a str; 2]);

/// Plays `game` (an opening or a Chess960 start) to its end, as game
/// `round` of the match (its PGN `Round`, which `--resume` reads back):
/// engine A has White in odd rounds, B in even ones, so each pair plays
/// its opening with both colours. An engine that cannot be started again
/// after a failure (`start`) forfeits.
pub fn play(
    mut game: Game,
    round: usize,
    engines: &mut [Option<UciEngine>; 2],
    start: &dyn Fn(usize) -> Option<UciEngine>,
    control: TimeControl,
    adjudication: Adjudication,
    names: &Names<'_>,
) -> Played {
    let a_is_white = a_is_white(round);
    let side_of = |color: Color| usize::from((color == Color::White) != a_is_white);
    for (side, slot) in engines.iter_mut().enumerate() {
        if let Some(engine) = slot
            && engine.new_game(Duration::from_secs(10)).is_err()
        {
            *slot = None;
        }
        if slot.is_none() {
            *slot = start(side);
        }
    }
    // The clocks, White's and Black's.
    let mut left = match control {
        TimeControl::Clock { base, .. } => ByColor::new(base, base),
        TimeControl::PerMove(_) | TimeControl::Nodes(_) => ByColor::default(),
    };
    let mut forfeit: Option<(Color, String)> = None;
    let mut time_loss = false;
    // Each move's last reported score, from White's view, newest last.
    let mut scores: Vec<Option<i32>> = Vec::new();
    let outcome = loop {
        if adjudication.on
            && let Some(outcome) = adjudicate(&scores, game.position().fullmoves())
        {
            break outcome;
        }
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        if game.repetitions(game.cursor()) >= 3 {
            break Outcome::Draw(DrawReason::ThreefoldRepetition);
        }
        if game.position().halfmoves() >= 100 {
            break Outcome::Draw(DrawReason::FiftyMoves);
        }
        if game.ply(game.cursor()) >= 600 {
            break Outcome::Draw(DrawReason::Agreement);
        }
        let turn = game.position().turn();
        let side = side_of(turn);
        let lose = |why: String, forfeit: &mut Option<(Color, String)>| {
            *forfeit = Some((turn, why));
            Outcome::Win {
                winner: !turn,
                reason: WinReason::Resignation,
            }
        };
        let Some(engine) = engines[side].as_mut() else {
            break lose("could not be started".into(), &mut forfeit);
        };
        let (go, timeout) = match control {
            TimeControl::PerMove(t) => (
                Go {
                    movetime: Some(t),
                    ..Go::default()
                },
                t + Duration::from_secs(5),
            ),
            TimeControl::Nodes(n) => (
                Go {
                    nodes: Some(n),
                    ..Go::default()
                },
                Duration::from_secs(60),
            ),
            TimeControl::Clock { increment, .. } => (
                Go {
                    wtime: Some(left.white),
                    btime: Some(left.black),
                    winc: Some(increment),
                    binc: Some(increment),
                    ..Go::default()
                },
                left[turn] + Duration::from_secs(2),
            ),
        };
        let asked = Instant::now();
        let mut last_score = None;
        let answer = engine.go(game.start_position(), &game.moves(), &go, timeout, None, |info| {
            if info.multipv.unwrap_or(1) == 1
                && let Some(score) = info.score
            {
                last_score = Some(score.for_white(turn).as_cp());
            }
        });
        scores.push(last_score);
        let took = asked.elapsed();
        if let TimeControl::Clock { increment, .. } = control {
            let clock = &mut left[turn];
            match clock.checked_sub(took) {
                Some(rest) => *clock = rest + increment,
                None => {
                    time_loss = true;
                    // A flag falls against a side that cannot mate: a draw.
                    if game.position().has_insufficient_material(!turn) {
                        break Outcome::Draw(DrawReason::InsufficientMaterial);
                    }
                    break Outcome::Win {
                        winner: !turn,
                        reason: WinReason::Timeout,
                    };
                }
            }
        }
        match answer {
            Ok(answer) if answer.best.is_some() => {
                game.play(answer.best.unwrap()).expect("the client checks legality");
            }
            other => {
                let why = match other {
                    Ok(_) => "gave no move in a position with legal moves".to_owned(),
                    Err(e) => e.to_string(),
                };
                engines[side] = None;
                break lose(why, &mut forfeit);
            }
        }
    };
    let [white, black] = if a_is_white {
        [names.0[0], names.0[1]]
    } else {
        [names.0[1], names.0[0]]
    };
    game.tags.set("Event", "chess-engine match");
    game.tags.set("Round", round.to_string());
    game.tags.set("White", white);
    game.tags.set("Black", black);
    if let TimeControl::Clock { base, increment } = control {
        let tag = format!("{}+{}", base.as_secs_f64(), increment.as_secs_f64());
        game.tags.set("TimeControl", tag.as_str());
    }
    let reason = match &forfeit {
        Some((color, why)) => format!("{color} forfeits: {why}"),
        // A flag fell against a side that cannot mate: say so, so that the
        // time loss is counted when the match is resumed from its PGN.
        None if time_loss && matches!(outcome, Outcome::Draw(_)) => format!("{outcome} (a flag fell on time)"),
        None => outcome.to_string(),
    };
    if game.outcome().is_none() {
        game.set_result(Some(outcome));
    }
    game.tags.set("Termination", reason.as_str());
    Played {
        finished: Finished {
            score_a: score_a(outcome, round),
            time_loss,
            forfeit: forfeit.is_some(),
        },
        pgn: chess_core::pgn::write_game(&game),
        summary: format!("{white} - {black}: {reason} ({} plies)", game.ply(game.cursor())),
    }
}

/// The adjudicated end of a game whose moves scored `scores` (White's
/// view, one a move, newest last), at move `fullmove`; none while it goes on.
fn adjudicate(scores: &[Option<i32>], fullmove: u32) -> Option<Outcome> {
    let last = |n: usize| -> Option<Vec<i32>> {
        let tail = scores.get(scores.len().checked_sub(n)?..)?;
        tail.iter().copied().collect()
    };
    if let Some(tail) = last(2 * RESIGN_MOVES) {
        for (winner, sign) in [(Color::White, 1), (Color::Black, -1)] {
            if tail.iter().all(|&s| s * sign >= RESIGN_SCORE) {
                return Some(Outcome::Win {
                    winner,
                    reason: WinReason::Resignation,
                });
            }
        }
    }
    if fullmove >= DRAW_FROM_MOVE
        && let Some(tail) = last(2 * DRAW_MOVES)
        && tail.iter().all(|s| s.abs() <= DRAW_SCORE)
    {
        return Some(Outcome::Draw(DrawReason::Agreement));
    }
    None
}
