//! The computer: the engine thinking on a background thread, the analysis
//! of the position on the board, and hints. Who plays each side, with which
//! engine, is the new game's setup (`setup.rs`).
//!
//! Nothing here waits for the engine. [`Computer`] starts tasks on a
//! [`Worker`] and [`Model::tick`](super::Model::tick) collects their
//! results once per frame, so the window never freezes.

use std::time::Duration;

use chess_core::{Color, Game, Move, NodeId, Position};
use chess_engine::worker::{AnalysisLine, Event, Task, TaskKind, Worker};
use chess_engine::{Level, Score};

mod setup;

pub use setup::{EngineChoice, GameSetup, Player};

/// What the worker is doing, and for which position.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Job {
    /// Choosing the computer's move at `node` of game `generation`.
    Move { task: u64, node: NodeId, generation: u64 },
    /// Analysing `position`.
    Analyse { task: u64, position: Box<Position> },
    /// Looking for a hint at `node`.
    Hint { task: u64, node: NodeId, generation: u64 },
    /// Weighing a draw offered at `node`, with the latest score for the
    /// side to move there (the one offering).
    DrawOffer {
        task: u64,
        node: NodeId,
        generation: u64,
        score: Option<Score>,
    },
}

/// The latest analysis of the position on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// The position analysed.
    pub position: Option<Position>,
    /// The best lines of the last complete iteration, best first (sorted
    /// by score, so the rows do not flip while a deeper one comes in).
    pub lines: Vec<AnalysisLine>,
    /// The lines of the iteration under way, by MultiPV index.
    next: Vec<AnalysisLine>,
}

impl Computer {
    /// While analysing `pos`: an arrow for each line's first move, with its
    /// weight, 1 for the best line and less for each next one (the board
    /// draws them thinner and fainter), one arrow per move.
    pub fn line_arrows(&self, pos: &Position) -> Vec<(chess_core::Square, chess_core::Square, f32)> {
        let analysis = &self.analysis;
        if !self.analysing || analysis.position.as_ref() != Some(pos) {
            return Vec::new();
        }
        let count = analysis.lines.len().max(1) as f32;
        let mut arrows: Vec<(chess_core::Square, chess_core::Square, f32)> = Vec::new();
        for (i, line) in analysis.lines.iter().enumerate() {
            if let Some(m) = line.pv.first()
                && !arrows.iter().any(|&(f, t, _)| (f, t) == (m.from(), m.to()))
            {
                arrows.push((m.from(), m.to(), 1.0 - i as f32 / count));
            }
        }
        arrows
    }
}

impl Analysis {
    /// Takes one line of an iteration (MultiPV index `line.multipv`); when
    /// the iteration has all `wanted` lines (or as many as there are legal
    /// moves), or has more than what is shown, they replace the shown ones.
    fn take(&mut self, line: AnalysisLine, wanted: usize) {
        let index = line.multipv.saturating_sub(1).min(4);
        if index == 0 {
            self.next.clear();
        }
        if index < self.next.len() {
            self.next[index] = line;
        } else if index == self.next.len() {
            self.next.push(line);
        }
        let possible = self
            .position
            .as_ref()
            .map_or(wanted, |p| p.legal_moves().len().min(wanted));
        if self.next.len() >= possible || self.next.len() > self.lines.len() {
            self.lines = self.next.clone();
            self.lines.sort_by_key(|l| std::cmp::Reverse(l.score.as_cp()));
        }
    }

    /// The best line's score from White's point of view.
    pub fn white_score(&self) -> Option<Score> {
        let pos = self.position.as_ref()?;
        Some(self.lines.first()?.score.for_white(pos.turn()))
    }

    /// The deepest depth reported.
    pub fn depth(&self) -> u32 {
        self.lines.first().map_or(0, |l| l.depth)
    }
}

/// The computer players, the engine and the analysis.
#[derive(Debug)]
pub struct Computer {
    /// The setup of the game being played.
    pub setup: GameSetup,
    /// Whether the analysis panel is analysing.
    pub analysing: bool,
    /// How many lines the analysis shows.
    pub lines: usize,
    /// The analysis, refreshed as the engine goes deeper.
    pub analysis: Analysis,
    /// A hint for the side to move: the move, at the node it is for.
    pub hint: Option<(NodeId, Move)>,
    /// Looking for a hint.
    pub hinting: bool,
    /// Why the engine failed last, for a dialog.
    pub failure: Option<String>,
    /// On the clock: both clocks, which the engine is told (UCI `wtime`,
    /// `btime`, `winc`, `binc`, `movestogo`) to manage its own time.
    pub clock_times: Option<chess_engine::worker::ClockTimes>,
    worker: Option<Worker>,
    job: Option<Job>,
    waker: Option<chess_engine::worker::Waker>,
}

impl Default for Computer {
    fn default() -> Computer {
        Computer {
            setup: GameSetup {
                black: Player::Human,
                ..GameSetup::default()
            },
            analysing: false,
            lines: 1,
            analysis: Analysis::default(),
            hint: None,
            hinting: false,
            failure: None,
            clock_times: None,
            worker: None,
            job: None,
            waker: None,
        }
    }
}

/// What happened in a tick that the rest of the model must act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to do.
    Nothing,
    /// The computer chose this move for the position on the board.
    Play(Move),
    /// The computer answers the draw offered to it: true to accept.
    AnswerDraw(bool),
}

/// How long the computer weighs a draw offer.
const DRAW_THOUGHT: Duration = Duration::from_millis(500);

/// Whether the computer accepts a draw, from its own evaluation of the
/// position and the move number: when it stands worse by half a pawn or
/// more, or when the game is level after move 40. (It does not offer
/// draws itself.)
pub fn accepts_draw(own_score: Score, fullmoves: u32) -> bool {
    match own_score {
        Score::Mate(n) => n < 0,
        Score::Cp(cp) => cp <= -50 || (fullmoves > 40 && cp.abs() <= 15),
    }
}

impl Computer {
    /// Whether the computer plays `color`.
    pub fn plays(&self, color: Color) -> bool {
        self.setup.player(color) == Player::Computer
    }

    /// Whether the computer is choosing a move now.
    pub fn is_thinking(&self) -> bool {
        matches!(self.job, Some(Job::Move { .. }))
    }

    /// Whether the worker is busy (the app then keeps drawing frames to
    /// show progress).
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Uses `setup` from now on (a new game). A different engine gets a
    /// new worker.
    pub fn set_setup(&mut self, setup: GameSetup) {
        if setup.engine != self.setup.engine {
            self.worker = None;
            self.job = None;
            self.analysis = Analysis::default();
        }
        self.setup = setup;
        self.hint = None;
        self.stop();
    }

    /// Stops whatever the engine is doing.
    pub fn stop(&mut self) {
        if let Some(worker) = &mut self.worker {
            worker.stop();
        }
        self.job = None;
        self.hinting = false;
    }

    fn worker(&mut self) -> &mut Worker {
        let backend = self.setup.engine.backend();
        let waker = self.waker.clone();
        self.worker.get_or_insert_with(|| {
            let mut worker = Worker::new(backend);
            worker.set_waker(waker);
            worker
        })
    }

    /// Has `waker` called (on the engine's thread) when the engine has
    /// an answer: the app asks for a frame then, so a move is played, and
    /// its clock pressed, the moment it is found rather than at the next
    /// frame.
    pub fn set_waker(&mut self, waker: chess_engine::worker::Waker) {
        if let Some(worker) = &mut self.worker {
            worker.set_waker(Some(waker.clone()));
        }
        self.waker = Some(waker);
    }

    /// Whether a waker was given.
    pub fn has_waker(&self) -> bool {
        self.waker.is_some()
    }

    /// Starts or stops the analysis.
    pub fn set_analysing(&mut self, on: bool) {
        self.analysing = on;
        if !on && matches!(self.job, Some(Job::Analyse { .. })) {
            self.stop();
        }
    }

    /// Asks for a hint for the side to move at the cursor.
    pub fn ask_hint(&mut self, game: &Game, generation: u64) {
        self.hint = None;
        self.hinting = true;
        let task = self.start_task(
            game,
            TaskKind::Play {
                level: Level::MAX,
                movetime: Duration::from_millis(1000),
                clock: None,
            },
        );
        self.job = Some(Job::Hint {
            task,
            node: game.cursor(),
            generation,
        });
    }

    /// Weighs the draw the side to move offers at the cursor: the answer
    /// comes as [`Outcome::AnswerDraw`] from [`Computer::tick`].
    pub fn consider_draw(&mut self, game: &Game, generation: u64) {
        let task = self.start_task(
            game,
            TaskKind::Play {
                level: Level::MAX,
                movetime: DRAW_THOUGHT,
                clock: None,
            },
        );
        self.job = Some(Job::DrawOffer {
            task,
            node: game.cursor(),
            generation,
            score: None,
        });
    }

    /// Whether the computer is weighing a draw offer.
    pub fn is_considering_draw(&self) -> bool {
        matches!(self.job, Some(Job::DrawOffer { .. }))
    }

    /// Called once per frame: collects the engine's answers, and starts
    /// what the position on the board needs (the computer's move, or the
    /// analysis). `can_move` says whether the computer may move now (the
    /// game is at its end, not over, no dialog is open).
    pub fn tick(&mut self, game: &Game, generation: u64, can_move: bool) -> Outcome {
        let mut outcome = Outcome::Nothing;
        let events = self.worker.as_mut().map(Worker::poll).unwrap_or_default();
        for event in events {
            outcome = self.receive(event, game, generation).unwrap_or(outcome);
        }
        if outcome != Outcome::Nothing {
            return outcome;
        }
        let turn = game.position().turn();
        let computer_to_move = can_move && self.plays(turn);
        match &self.job {
            // Still thinking about this very position: wait.
            Some(Job::Move {
                node, generation: g, ..
            }) if computer_to_move && *node == game.cursor() && *g == generation => {}
            Some(
                Job::Hint {
                    node, generation: g, ..
                }
                | Job::DrawOffer {
                    node, generation: g, ..
                },
            ) if *node == game.cursor() && *g == generation => {}
            Some(Job::Analyse { position, .. })
                if !computer_to_move && self.analysing && **position == *game.position() => {}
            _ => {
                // The position changed, or nothing runs: start what is needed.
                if computer_to_move {
                    self.start_move(game, generation);
                } else if self.analysing && game.position().has_legal_moves() {
                    self.start_analysis(game);
                } else if self.job.is_some() {
                    self.stop();
                }
            }
        }
        Outcome::Nothing
    }

    /// Starts `kind` on the position at the game's cursor (with the moves
    /// that led there, so the engine sees repetitions); returns the task.
    fn start_task(&mut self, game: &Game, kind: TaskKind) -> u64 {
        let (start, moves) = task_of(game);
        self.worker().start(Task { start, moves, kind })
    }

    fn start_move(&mut self, game: &Game, generation: u64) {
        // Untimed: the time a move set up. On the clock the engine makes
        // its own budget from both clocks (one rule for the app and the UCI
        // program); the move may then take at most what the mover has left.
        let movetime = match self.clock_times {
            Some(c) if game.position().turn() == chess_core::Color::White => c.wtime,
            Some(c) => c.btime,
            None => Duration::from_millis(self.setup.think_ms.clamp(50, 60_000)),
        };
        let kind = TaskKind::Play {
            level: Level::new(self.setup.level),
            movetime: movetime.max(Duration::from_millis(1)),
            clock: self.clock_times,
        };
        let task = self.start_task(game, kind);
        self.job = Some(Job::Move {
            task,
            node: game.cursor(),
            generation,
        });
    }

    fn start_analysis(&mut self, game: &Game) {
        let lines = self.lines.clamp(1, 5);
        // Analysis uses every core (the engine's Lazy SMP).
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let task = self.start_task(game, TaskKind::Analyse { lines, threads });
        if self.analysis.position.as_ref() != Some(game.position()) {
            self.analysis = Analysis {
                position: Some(game.position().clone()),
                ..Analysis::default()
            };
        }
        self.job = Some(Job::Analyse {
            task,
            position: Box::new(game.position().clone()),
        });
    }

    /// Handles one event; returns what the model must do, if anything.
    fn receive(&mut self, event: Event, game: &Game, generation: u64) -> Option<Outcome> {
        let current = |task: u64| match &self.job {
            Some(
                Job::Move { task: t, .. }
                | Job::Analyse { task: t, .. }
                | Job::Hint { task: t, .. }
                | Job::DrawOffer { task: t, .. },
            ) => *t == task,
            None => false,
        };
        match event {
            Event::Info { task, line } if current(task) => {
                if let Some(Job::DrawOffer { score, .. }) = &mut self.job {
                    *score = Some(line.score);
                } else if let Some(Job::Analyse { position, .. }) = &self.job {
                    let position = Position::clone(position);
                    if self.analysis.position.as_ref() != Some(&position) {
                        self.analysis = Analysis {
                            position: Some(position),
                            ..Analysis::default()
                        };
                    }
                    self.analysis.take(line, self.lines.clamp(1, 5));
                }
                None
            }
            Event::Done { task, best } if current(task) => match self.job.take() {
                Some(Job::Move {
                    node, generation: g, ..
                }) => {
                    let fresh = node == game.cursor() && g == generation;
                    match best {
                        Some(m) if fresh && game.position().is_legal(m) => Some(Outcome::Play(m)),
                        _ => None,
                    }
                }
                Some(Job::Hint {
                    node, generation: g, ..
                }) => {
                    self.hinting = false;
                    if node == game.cursor() && g == generation {
                        self.hint = best.map(|m| (node, m));
                    }
                    None
                }
                Some(Job::DrawOffer {
                    node,
                    generation: g,
                    score,
                    ..
                }) => {
                    let fresh = node == game.cursor() && g == generation;
                    // The score is the offering side's; with none (an engine
                    // that says nothing), the offer is declined.
                    let own = score.map(|s| -s);
                    let accept = own.is_some_and(|s| accepts_draw(s, game.position().fullmoves()));
                    fresh.then_some(Outcome::AnswerDraw(accept))
                }
                _ => None,
            },
            Event::Failed { task, message } if current(task) => {
                self.job = None;
                self.hinting = false;
                self.analysing = false;
                // Don't try again and again: the computer's sides go to people.
                self.setup.white = Player::Human;
                self.setup.black = Player::Human;
                self.failure = Some(format!("The engine ({}) failed: {message}", self.setup.engine.name()));
                self.worker = None;
                None
            }
            _ => None,
        }
    }
}

/// The game as an engine task: the start position and the moves to the
/// cursor.
fn task_of(game: &Game) -> (Position, Vec<Move>) {
    (game.start_position().clone(), game.moves())
}

/// The share of the evaluation bar that is White's, 0 to 1: White's
/// winning chances on the review's curve ([`chess_engine::win_percent()`]);
/// a mate fills the bar.
pub fn white_share(score: Score) -> f32 {
    match score {
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => 0.0,
        Score::Cp(cp) => (chess_engine::win_percent(cp) / 100.0) as f32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn san_lines_are_numbered() {
        let pos: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
            .parse()
            .unwrap();
        let moves: Vec<Move> = ["e7e5", "g1f3", "b8c6"]
            .iter()
            .scan(pos.clone(), |p, uci| {
                let m = p.parse_uci(uci).unwrap();
                p.play(m).unwrap();
                Some(m)
            })
            .collect();
        assert_eq!(pos.san_line(&moves), "1... e5 2. Nf3 Nc6");
    }

    #[test]
    fn the_bar_shows_the_winning_chances_the_review_graphs() {
        use chess_core::pgn::Eval;
        use chess_engine::review::win_percent_for;
        assert_eq!(white_share(Score::Cp(0)), 0.5);
        for cp in [-700, -150, 35, 400, 2500] {
            let review = win_percent_for(Eval::Centipawns(cp), Color::White, Color::White) / 100.0;
            assert!((f64::from(white_share(Score::Cp(cp))) - review).abs() < 1e-6, "{cp}");
        }
        assert!((white_share(Score::Cp(400)) - 0.813).abs() < 0.001);
        assert_eq!(white_share(Score::Mate(3)), 1.0, "a mate fills the bar");
        assert_eq!(white_share(Score::Mate(-3)), 0.0);
    }
}

#[cfg(test)]
mod analysis_tests {
    use super::*;

    #[test]
    fn several_lines() {
        let mut computer = Computer {
            lines: 3,
            ..Computer::default()
        };
        computer.set_analysing(true);
        let game = Game::new();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while computer.analysis.depth() < 6 || computer.analysis.lines.len() < 3 {
            assert!(std::time::Instant::now() < deadline, "{:?}", computer.analysis);
            computer.tick(&game, 0, false);
            std::thread::sleep(Duration::from_millis(10));
        }
        let firsts: Vec<Move> = computer.analysis.lines.iter().map(|l| l.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2]);
    }
}
