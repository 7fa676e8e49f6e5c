//! Game review in the app: the main line analysed in the background, then
//! judged and explained ([`chess_engine::review`]) and written into the
//! game as NAGs, `[%eval]` comments and sentences.
//!
//! The analysis runs on its own thread (which runs one search per core), so
//! the window stays responsive; it reports progress, can be cancelled, and
//! wakes the app when it ends. What analyses a game is a function the tests
//! replace with one that returns evaluations they chose.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;

use chess_core::{Color, Game, Move, NodeId, Position};
use chess_engine::Limits;
use chess_engine::review::{self, AnalyseOptions, PositionEval, Review};
use chess_engine::worker::Waker;

use super::computer::EngineChoice;

/// What analysing a line gives: its evaluations, `None` when stopped, or
/// why the engine could not run.
pub type Analysed = Result<Option<Vec<PositionEval>>, String>;

/// Analyses the positions of a line: the start, then the moves. Calls the
/// progress function with (done, total).
pub type Analyser =
    Arc<dyn Fn(&Position, &[Move], &AtomicBool, &(dyn Fn(usize, usize) + Sync)) -> Analysed + Send + Sync>;

/// How deep or how long each position is searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Effort {
    /// To this depth.
    Depth(u32),
    /// For this many milliseconds.
    Millis(u64),
}

impl Effort {
    fn limits(self) -> Limits {
        match self {
            Effort::Depth(d) => Limits::depth(d),
            Effort::Millis(ms) => Limits::movetime(std::time::Duration::from_millis(ms)),
        }
    }
}

/// The engine of the game's setup (the built-in one, or a UCI program),
/// one search per core.
pub fn engine_analyser(effort: Effort, engine: &EngineChoice) -> Analyser {
    let options = AnalyseOptions {
        limits: effort.limits(),
        ..AnalyseOptions::default()
    };
    match engine.clone() {
        EngineChoice::Builtin => Arc::new(move |start, moves, stop, progress| {
            Ok(review::analyse_game(start, moves, &options, stop, progress))
        }),
        EngineChoice::External(path) => Arc::new(move |start, moves, stop, progress| {
            review::analyse_game_uci(&path, start, moves, &options, stop, progress)
                .map_err(|e| format!("The engine {} could not review the game: {e}", path.display()))
        }),
    }
}

/// A review shown with its game: which node each move is.
#[derive(Clone, Debug)]
pub struct Shown {
    /// The main line's nodes, one per reviewed move.
    pub nodes: Vec<NodeId>,
    /// The review.
    pub review: Review,
    /// How hard the engine looked (none: the file's own evaluations).
    pub effort: Option<Effort>,
}

impl Shown {
    /// The review of the line `moves` (main-line `nodes`) from `start`,
    /// given the evaluation of each position.
    fn new(
        start: &Position,
        moves: &[Move],
        nodes: Vec<NodeId>,
        evals: &[PositionEval],
        effort: Option<Effort>,
    ) -> Shown {
        Shown {
            review: review::review(start, moves, evals),
            nodes,
            effort,
        }
    }

    /// Said under the graph when the review looked only a little way ahead
    /// (below depth 14, or under a second a move): its marks may change
    /// deeper.
    pub fn shallow_note(&self) -> Option<String> {
        match self.effort? {
            Effort::Depth(d) if d < 14 => Some(format!(
                "A quick review (depth {d}): a deeper one (Game → Review depth) may mark some moves differently."
            )),
            Effort::Millis(ms) if ms < 1000 => Some(format!(
                "A quick review ({ms} ms a move): a deeper one (Game → Review depth) may mark some moves differently."
            )),
            _ => None,
        }
    }

    /// `color`'s accuracy as a percentage ("92%"), "—" without moves.
    pub fn accuracy_text(&self, color: Color) -> String {
        self.review.accuracy[color].map_or("—".to_string(), |a| format!("{a:.0}%"))
    }

    /// The review of the move at `node`, if it is on the reviewed line.
    pub fn of(&self, node: NodeId) -> Option<&review::MoveReview> {
        let i = self.nodes.iter().position(|&n| n == node)?;
        self.review.moves.get(i)
    }
}

struct Job {
    stop: Arc<AtomicBool>,
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
    result: mpsc::Receiver<Analysed>,
    thread: Option<JoinHandle<()>>,
    start: Position,
    moves: Vec<Move>,
    nodes: Vec<NodeId>,
    effort: Effort,
}

/// The review of the game on screen: running, shown, or none.
pub struct Reviewer {
    /// Searches each position this deep or this long.
    pub effort: Effort,
    analyser: Option<Analyser>,
    job: Option<Job>,
    /// The finished review.
    pub shown: Option<Shown>,
    /// Why the last review failed (the engine would not run), for a dialog.
    pub failure: Option<String>,
    /// Called (from the analysis thread) when it ends.
    waker: Option<Waker>,
}

impl std::fmt::Debug for Reviewer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reviewer")
            .field("effort", &self.effort)
            .field("running", &self.job.is_some())
            .field("shown", &self.shown.is_some())
            .finish_non_exhaustive()
    }
}

impl Default for Reviewer {
    fn default() -> Reviewer {
        Reviewer {
            effort: Effort::Depth(review::DEFAULT_DEPTH),
            analyser: None,
            job: None,
            shown: None,
            failure: None,
            waker: None,
        }
    }
}

impl Reviewer {
    /// Uses `analyser` instead of the built-in engine (tests).
    pub fn set_analyser(&mut self, analyser: Analyser) {
        self.analyser = Some(analyser);
    }

    /// Calls `wake` when an analysis ends, so the app draws its result.
    pub fn set_waker(&mut self, waker: Waker) {
        self.waker = Some(waker);
    }

    /// Whether a waker is set.
    pub fn has_waker(&self) -> bool {
        self.waker.is_some()
    }

    /// Whether an analysis is running.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// Positions analysed and in all, while running.
    pub fn progress(&self) -> Option<(usize, usize)> {
        let job = self.job.as_ref()?;
        Some((job.done.load(Ordering::Relaxed), job.total.load(Ordering::Relaxed)))
    }

    /// Starts reviewing the main line of `game` with `engine` (replacing a
    /// running review). Returns false when the game has no moves.
    pub fn start(&mut self, game: &Game, engine: &EngineChoice) -> bool {
        self.cancel();
        let nodes = game.mainline();
        let moves = game.mainline_moves();
        if moves.is_empty() {
            return false;
        }
        let analyser = self
            .analyser
            .clone()
            .unwrap_or_else(|| engine_analyser(self.effort, engine));
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let total = Arc::new(AtomicUsize::new(moves.len() + 1));
        let (send, result) = mpsc::channel();
        let start = game.start_position().clone();
        let thread = {
            let (stop, done, start, moves) = (stop.clone(), done.clone(), start.clone(), moves.clone());
            let waker = self.waker.clone();
            std::thread::Builder::new()
                .name("review".into())
                .spawn(move || {
                    let progress = |d: usize, _total: usize| {
                        done.fetch_max(d, Ordering::Relaxed);
                    };
                    let evals = analyser(&start, &moves, &stop, &progress);
                    let _ = send.send(evals);
                    if let Some(waker) = waker {
                        waker.wake();
                    }
                })
                .ok()
        };
        self.job = Some(Job {
            stop,
            done,
            total,
            result,
            thread,
            start,
            moves,
            nodes,
            effort: self.effort,
        });
        true
    }

    /// Stops a running review; nothing is written.
    pub fn cancel(&mut self) {
        // Dropping the job stops its thread.
        self.job = None;
    }

    /// Takes the game's review away (a tab put aside): the one shown, and
    /// the one running, which runs on.
    pub fn park(&mut self) -> ParkedReview {
        ParkedReview {
            job: self.job.take(),
            shown: self.shown.take(),
        }
    }

    /// Puts back a game's review taken with [`Reviewer::park`] (its tab
    /// is shown again), in place of the one here.
    pub fn unpark(&mut self, parked: ParkedReview) {
        self.job = parked.job;
        self.shown = parked.shown;
    }

    /// Takes a finished analysis: the review, to be shown and written into
    /// the game. `None` while running, or when it was stopped.
    pub fn poll(&mut self) -> Option<Shown> {
        let job = self.job.as_ref()?;
        let analysed = match job.result.try_recv() {
            Ok(analysed) => analysed,
            Err(mpsc::TryRecvError::Empty) => return None,
            Err(mpsc::TryRecvError::Disconnected) => Ok(None),
        };
        let mut job = self.job.take()?;
        let evals = match analysed {
            Ok(evals) => evals?,
            Err(failure) => {
                self.failure = Some(failure);
                return None;
            }
        };
        let shown = Shown::new(
            &job.start,
            &job.moves,
            std::mem::take(&mut job.nodes),
            &evals,
            Some(job.effort),
        );
        self.shown = Some(shown.clone());
        Some(shown)
    }

    /// Shows the review a game's `[%eval]` comments hold, without
    /// analysing; forgets an earlier one when the game has none.
    pub fn show_from_file(&mut self, game: &Game) {
        self.cancel();
        self.shown = review::evals_of(game).map(|evals| {
            let nodes = game.mainline();
            let moves = game.mainline_moves();
            Shown::new(game.start_position(), &moves, nodes, &evals, None)
        });
    }
}

impl Drop for Job {
    /// A review nobody waits for any more stops.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A game's review while its tab is not shown ([`Reviewer::park`]); one
/// still running goes on, and stops when this is dropped (the tab closed).
#[derive(Default)]
pub struct ParkedReview {
    job: Option<Job>,
    shown: Option<Shown>,
}

impl std::fmt::Debug for ParkedReview {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParkedReview")
            .field("running", &self.job.is_some())
            .field("shown", &self.shown.is_some())
            .finish()
    }
}
