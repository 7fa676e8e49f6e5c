//! An engine on a background thread, for programs that must stay
//! responsive while it thinks (the desktop app). Either the built-in
//! [`Engine`] or an external UCI program; both are driven the same way:
//! [`Worker::start`] a [`Task`], [`Worker::poll`] for [`Event`]s,
//! [`Worker::stop`] when the answer is wanted now.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chess_core::{Move, Position};

use crate::client::UciEngine;
use crate::level::{Level, Rng};
use crate::search::{Engine, Limits, Score};
use crate::uci::{Go, InfoLine};

/// Which engine a worker runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The engine in this crate, in the same process.
    Builtin,
    /// A UCI engine program (started on the first task).
    External(PathBuf),
}

/// What to think about: the position reached from `start` by `moves` (the
/// moves let the engine see repetitions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// The position the moves start from.
    pub start: Position,
    /// The moves played since.
    pub moves: Vec<Move>,
    /// Play a move, or analyse.
    pub kind: TaskKind,
}

/// A game's clocks as an engine is told them (UCI `wtime`, `btime`,
/// `winc`, `binc`, `movestogo`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClockTimes {
    /// White's time left.
    pub wtime: Duration,
    /// Black's time left.
    pub btime: Duration,
    /// White's increment.
    pub winc: Duration,
    /// Black's increment.
    pub binc: Duration,
    /// Moves to the next time control, if the control has one.
    pub movestogo: Option<u32>,
}

/// The kind of a [`Task`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TaskKind {
    /// Choose a move to play at this level, within this time; on the clock,
    /// the engine also budgets its time from the clocks (and never thinks
    /// longer than `movetime`).
    Play {
        /// The strength.
        level: Level,
        /// The most time to think.
        movetime: Duration,
        /// The game's clocks, when it is timed.
        clock: Option<ClockTimes>,
    },
    /// Analyse until stopped, reporting this many best lines.
    Analyse {
        /// MultiPV.
        lines: usize,
        /// Search threads (the built-in engine's Lazy SMP, or a UCI
        /// engine's `Threads` option when it has one).
        threads: usize,
    },
}

/// One line of analysis as the worker reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLine {
    /// Depth reached.
    pub depth: u32,
    /// 1 for the best line, 2 for the next...
    pub multipv: usize,
    /// The score for the side to move in the task's position.
    pub score: Score,
    /// The line, legal from the task's position.
    pub pv: Vec<Move>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
}

/// What a worker reports, tagged with the id [`Worker::start`] returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Progress of an analysis (or of a move being chosen).
    Info {
        /// The task.
        task: u64,
        /// The line.
        line: AnalysisLine,
    },
    /// The task ended: the move to play (or the best move found, for an
    /// analysis), `None` when the position has no legal move.
    Done {
        /// The task.
        task: u64,
        /// The move.
        best: Option<Move>,
    },
    /// The task failed (an external engine could not be started, crashed
    /// or sent an illegal move).
    Failed {
        /// The task.
        task: u64,
        /// What happened, for a person.
        message: String,
    },
}

/// A background thread running one engine, one task at a time.
pub struct Worker {
    jobs: Sender<(u64, Task, Arc<AtomicBool>)>,
    events: Receiver<Event>,
    stop: Arc<AtomicBool>,
    next_id: u64,
    running: Option<u64>,
    backend: Backend,
    waker: Arc<Mutex<Option<Waker>>>,
}

/// Called on the worker's thread when a task ends, so that an app that
/// polls (a GUI drawing frames) can look at once rather than at its next
/// frame: on a clock, every millisecond counts.
#[derive(Clone)]
pub struct Waker(Arc<dyn Fn() + Send + Sync>);

impl Waker {
    /// A waker that calls `wake`.
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> Waker {
        Waker(Arc::new(wake))
    }

    /// Calls it.
    pub fn wake(&self) {
        (self.0)();
    }
}

impl std::fmt::Debug for Waker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Waker")
    }
}

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker")
            .field("next_id", &self.next_id)
            .field("running", &self.running)
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

impl Worker {
    /// Starts the thread. An external engine is started on the first task
    /// (a failure arrives as [`Event::Failed`]).
    pub fn new(backend: Backend) -> Worker {
        let (jobs, job_receiver) = channel();
        let (event_sender, events) = channel();
        let thread_backend = backend.clone();
        let waker: Arc<Mutex<Option<Waker>>> = Arc::default();
        let thread_waker = Arc::clone(&waker);
        std::thread::Builder::new()
            .name("chess-engine worker".into())
            .spawn(move || run(thread_backend, job_receiver, event_sender, thread_waker))
            .expect("the OS can start a thread");
        Worker {
            jobs,
            events,
            stop: Arc::new(AtomicBool::new(true)),
            next_id: 0,
            running: None,
            backend,
            waker,
        }
    }

    /// Calls `waker` (on the worker's thread) each time a task ends.
    pub fn set_waker(&mut self, waker: Option<Waker>) {
        if let Ok(mut slot) = self.waker.lock() {
            *slot = waker;
        }
    }

    /// The engine this worker runs.
    pub fn backend(&self) -> &Backend {
        &self.backend
    }

    /// Starts `task`, stopping the one running (whose late events keep
    /// their old id). Returns the new task's id.
    pub fn start(&mut self, task: Task) -> u64 {
        self.stop.store(true, Ordering::SeqCst);
        self.stop = Arc::new(AtomicBool::new(false));
        self.next_id += 1;
        self.running = Some(self.next_id);
        // If the thread is gone, `poll` reports it.
        let _ = self.jobs.send((self.next_id, task, Arc::clone(&self.stop)));
        self.next_id
    }

    /// Asks the running task to finish now: a move search answers with the
    /// best move so far, an analysis ends.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The task still running, if any.
    pub fn running(&self) -> Option<u64> {
        self.running
    }

    /// The events that arrived since the last call.
    pub fn poll(&mut self) -> Vec<Event> {
        let events: Vec<Event> = self.events.try_iter().collect();
        for event in &events {
            if let Event::Done { task, .. } | Event::Failed { task, .. } = event
                && self.running == Some(*task)
            {
                self.running = None;
            }
        }
        events
    }

    /// Waits up to `timeout` for the next event (for tests and tools).
    pub fn wait(&mut self, timeout: Duration) -> Option<Event> {
        let event = self.events.recv_timeout(timeout).ok()?;
        if let Event::Done { task, .. } | Event::Failed { task, .. } = &event
            && self.running == Some(*task)
        {
            self.running = None;
        }
        Some(event)
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // The thread ends when the running task stops and no job is left.
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// The worker thread: one task after another until the worker is dropped.
fn run(
    backend: Backend,
    jobs: Receiver<(u64, Task, Arc<AtomicBool>)>,
    events: Sender<Event>,
    waker: Arc<Mutex<Option<Waker>>>,
) {
    let mut engine: Option<Engine> = None;
    let mut external: Option<UciEngine> = None;
    let mut rng = Rng::from_clock();
    while let Ok((id, task, stop)) = jobs.recv() {
        if stop.load(Ordering::SeqCst) {
            // Replaced before it began.
            continue;
        }
        let result = match &backend {
            Backend::Builtin => {
                let engine = engine.get_or_insert_with(|| Engine::new(64));
                Ok(run_builtin(engine, &mut rng, id, &task, &stop, &events))
            }
            Backend::External(path) => run_external(&mut external, path, id, &task, &stop, &events),
        };
        let event = match result {
            Ok(best) => Event::Done { task: id, best },
            Err(message) => {
                // Start afresh next time.
                external = None;
                Event::Failed { task: id, message }
            }
        };
        if events.send(event).is_err() {
            return;
        }
        if let Ok(slot) = waker.lock()
            && let Some(waker) = slot.as_ref()
        {
            waker.wake();
        }
    }
}

fn run_builtin(
    engine: &mut Engine,
    rng: &mut Rng,
    id: u64,
    task: &Task,
    stop: &AtomicBool,
    events: &Sender<Event>,
) -> Option<Move> {
    let mut pos = task.start.clone();
    let mut history = Vec::with_capacity(task.moves.len());
    for &m in &task.moves {
        history.push(pos.zobrist());
        pos.play_unchecked(m);
    }
    // Analysis on the threads asked for; play on one (the levels are
    // measured on one).
    engine.set_threads(match task.kind {
        TaskKind::Analyse { threads, .. } => threads,
        TaskKind::Play { .. } => 1,
    });
    let (limits, level) = match task.kind {
        TaskKind::Play { level, movetime, clock } => {
            let mut limits = level.limits(movetime);
            limits.clock = clock.map(|c| {
                let white = pos.turn() == chess_core::Color::White;
                crate::search::Clock {
                    time: if white { c.wtime } else { c.btime },
                    increment: if white { c.winc } else { c.binc },
                    moves_to_go: c.movestogo,
                }
            });
            (limits, Some(level))
        }
        TaskKind::Analyse { lines, .. } => (
            Limits {
                multipv: lines.max(1),
                ..Limits::default()
            },
            None,
        ),
    };
    let result = engine.search(&pos, &history, &limits, stop, |info| {
        // While playing at a level, only the best line is of interest.
        if level.is_none() || info.multipv == 1 {
            let _ = events.send(Event::Info {
                task: id,
                line: AnalysisLine {
                    depth: info.depth,
                    multipv: info.multipv,
                    score: info.line.score,
                    pv: info.line.pv.clone(),
                    nodes: info.nodes,
                    nps: info.nps(),
                },
            });
        }
    });
    match level {
        Some(level) => level.choose(&result, rng.next_f64()),
        None => result.best,
    }
}

fn run_external(
    slot: &mut Option<UciEngine>,
    path: &std::path::Path,
    id: u64,
    task: &Task,
    stop: &AtomicBool,
    events: &Sender<Event>,
) -> Result<Option<Move>, String> {
    const ANSWER: Duration = Duration::from_secs(10);
    if slot.is_none() {
        let mut engine = UciEngine::start(path, ANSWER).map_err(|e| e.to_string())?;
        engine.is_ready(ANSWER).map_err(|e| e.to_string())?;
        *slot = Some(engine);
    }
    let Some(engine) = slot.as_mut() else {
        unreachable!("started above")
    };
    let go = match task.kind {
        TaskKind::Play { level, movetime, clock } => {
            // UCI's standard way to weaken an engine, when it has it:
            // levels 1..9 map onto 1350..2750 Elo.
            if engine.has_option("UCI_LimitStrength") {
                let limited = level < Level::MAX;
                engine
                    .set_option("UCI_LimitStrength", if limited { "true" } else { "false" })
                    .map_err(|e| e.to_string())?;
                if limited {
                    let elo = 1350 + (u32::from(level.get()) - 1) * 175;
                    engine
                        .set_option("UCI_Elo", &elo.to_string())
                        .map_err(|e| e.to_string())?;
                }
            }
            if engine.has_option("Threads") {
                engine.set_option("Threads", "1").map_err(|e| e.to_string())?;
            }
            if engine.has_option("MultiPV") {
                engine.set_option("MultiPV", "1").map_err(|e| e.to_string())?;
            }
            match clock {
                // On the clock: the engine manages its own time.
                Some(c) => Go {
                    wtime: Some(c.wtime),
                    btime: Some(c.btime),
                    winc: Some(c.winc),
                    binc: Some(c.binc),
                    movestogo: c.movestogo,
                    ..Go::default()
                },
                None => Go {
                    movetime: Some(movetime),
                    ..Go::default()
                },
            }
        }
        TaskKind::Analyse { lines, threads } => {
            if engine.has_option("Threads") {
                engine
                    .set_option("Threads", &threads.max(1).to_string())
                    .map_err(|e| e.to_string())?;
            }
            if engine.has_option("UCI_LimitStrength") {
                engine
                    .set_option("UCI_LimitStrength", "false")
                    .map_err(|e| e.to_string())?;
            }
            if engine.has_option("MultiPV") {
                engine
                    .set_option("MultiPV", &lines.max(1).to_string())
                    .map_err(|e| e.to_string())?;
            }
            Go {
                infinite: true,
                ..Go::default()
            }
        }
    };
    let timeout = match task.kind {
        TaskKind::Play { movetime, clock, .. } => {
            // On the clock an engine may think up to what it has left.
            movetime.max(clock.map_or(Duration::ZERO, |c| c.wtime.max(c.btime))) + ANSWER
        }
        TaskKind::Analyse { .. } => Duration::from_secs(24 * 3600),
    };
    let mut pos = task.start.clone();
    for &m in &task.moves {
        pos.play_unchecked(m);
    }
    let answer = engine
        .go(&task.start, &task.moves, &go, timeout, Some(stop), |info| {
            if let Some(line) = analysis_line(&pos, info) {
                let _ = events.send(Event::Info { task: id, line });
            }
        })
        .map_err(|e| e.to_string())?;
    Ok(answer.best)
}

/// An engine's `info` as an [`AnalysisLine`], its moves checked against
/// the position (the line stops at the first move that is not legal).
fn analysis_line(pos: &Position, info: &InfoLine) -> Option<AnalysisLine> {
    let score = info.score?;
    if info.bound {
        return None;
    }
    let mut board = pos.clone();
    let mut pv = Vec::new();
    for text in &info.pv {
        let Ok(m) = board.parse_uci(text) else { break };
        board.play_unchecked(m);
        pv.push(m);
    }
    if pv.is_empty() {
        return None;
    }
    Some(AnalysisLine {
        depth: info.depth.unwrap_or(0),
        multipv: info.multipv.unwrap_or(1),
        score,
        pv,
        nodes: info.nodes.unwrap_or(0),
        nps: info.nps.unwrap_or(0),
    })
}
