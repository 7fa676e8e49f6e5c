//! A collection's queries, answered on threads of their own: the UI hands
//! a query over and looks for the answer on later frames, so a frame never
//! waits for the index. One thread opens the collection first (building
//! or checking its index starts there), then answers the list's questions
//! and reads games; the explorer's questions have a thread of their own,
//! so that one never waits behind a long search of the list (the explorer
//! follows every move on the board). Of the queries that wait, only the
//! newest explorer question and the newest list question are answered (the
//! board moved on: the older ones are of no use).

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use chess_core::{Game, Position};
use chess_db::{Database, Explorer, Filter, Material, Options, Unreadable};
use chess_engine::worker::Waker;

use crate::model::game_list::Place;

/// A question for the collection.
#[derive(Clone, Debug)]
pub enum Query {
    /// The moves played from a position (the explorer).
    Explore {
        /// The position.
        position: Box<Position>,
        /// The games counted.
        filter: Option<Filter>,
    },
    /// The games that reach a position ("find this position").
    Position {
        /// The position.
        position: Box<Position>,
        /// The games looked at.
        filter: Option<Filter>,
    },
    /// The games that reach a material balance and keep it some plies.
    Material {
        /// The balance.
        material: Material,
        /// For how many plies at least.
        plies: u32,
        /// The games looked at.
        filter: Option<Filter>,
    },
    /// The games a filter lets through.
    Filter(Filter),
    /// The games that cannot be read (once indexing is done).
    Unreadable,
    /// A listed game, read from its place in the file (a compressed file
    /// is read up to it: seconds, for the last games of a large one).
    Read {
        /// Where it is.
        place: Place,
        /// The ply to show.
        ply: Option<u32>,
    },
    /// Game `number` of the index, read from the file.
    ReadNumber {
        /// Its number (from 1).
        number: u64,
        /// The ply to show.
        ply: Option<u32>,
    },
}

impl Query {
    /// Whether it is the explorer's (answered first: it follows the board).
    fn is_explorer(&self) -> bool {
        matches!(self, Query::Explore { .. })
    }

    /// Whether it reads a game to open.
    fn is_read(&self) -> bool {
        matches!(self, Query::Read { .. } | Query::ReadNumber { .. })
    }
}

/// A game found by a list question: its number, where it begins in the
/// text, and the ply where it reaches what was asked (none for a filter).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Its number in the file (from 1).
    pub game: u64,
    /// Where its text begins (the list finds its row by it).
    pub offset: u64,
    /// The ply where it reaches the position or material.
    pub ply: Option<u32>,
}

/// What the thread says.
#[derive(Debug)]
pub enum Answer {
    /// The collection is open (its index builds on), or why it is not.
    Opened(Result<Arc<Database>, String>),
    /// The explorer's answer.
    Explored(Result<Explorer, String>),
    /// The games of a list question.
    Listed(Result<Vec<Found>, String>),
    /// The games that cannot be read.
    Unreadable(Result<Vec<Unreadable>, String>),
    /// A game to open.
    Game(GameRead),
}

/// A game read to open, at a ply.
#[derive(Debug)]
pub struct GameRead {
    /// The game, or why it cannot be read.
    pub game: Result<Box<Game>, String>,
    /// The ply to show (none: its end).
    pub ply: Option<u32>,
}

/// An answer, with the question it answers and how it was made.
#[derive(Debug)]
pub struct Reply {
    /// The number [`Worker::ask`] gave the question (0: the opening).
    pub id: u64,
    /// The answer.
    pub answer: Answer,
    /// How long the query took on the thread.
    pub elapsed: Duration,
    /// The thread that answered (never the UI's).
    pub thread: ThreadId,
}

/// The thread of one collection, and the way to it.
#[derive(Debug)]
pub struct Worker {
    queries: Sender<(u64, Query)>,
    /// The explorer's questions, to their own thread.
    explorer: Sender<(u64, Query)>,
    replies: Receiver<Reply>,
    next_id: u64,
    waker: Arc<Mutex<Option<Waker>>>,
}

impl Worker {
    /// Starts the thread, which opens the collection in `path` first.
    pub fn open(path: &Path, options: Options) -> Worker {
        let (queries, inbox) = mpsc::channel();
        let (explorer, explorer_inbox) = mpsc::channel();
        let (outbox, replies) = mpsc::channel();
        let (opened, opened_inbox) = mpsc::channel();
        let waker: Arc<Mutex<Option<Waker>>> = Arc::default();
        let path: PathBuf = path.to_path_buf();
        // The explorer's thread waits for the collection the other opens;
        // where it cannot be started, the other answers the explorer too.
        let (explorer_outbox, explorer_wake) = (outbox.clone(), waker.clone());
        let explorer = match std::thread::Builder::new()
            .name("collection explorer".into())
            .spawn(move || explore(&opened_inbox, &explorer_inbox, &explorer_outbox, &explorer_wake))
        {
            Ok(_) => explorer,
            Err(_) => queries.clone(),
        };
        let wake = waker.clone();
        let started = std::thread::Builder::new()
            .name("collection".into())
            .spawn(move || serve(&path, &options, &inbox, &opened, &outbox, &wake));
        if let Err(e) = started {
            let (outbox, replies2) = mpsc::channel();
            let _ = outbox.send(Reply {
                id: 0,
                answer: Answer::Opened(Err(format!("cannot start a thread: {e}"))),
                elapsed: Duration::ZERO,
                thread: std::thread::current().id(),
            });
            return Worker {
                queries,
                explorer,
                replies: replies2,
                next_id: 1,
                waker,
            };
        }
        Worker {
            queries,
            explorer,
            replies,
            next_id: 1,
            waker,
        }
    }

    /// Hands a question to the thread; its answer comes through
    /// [`Worker::poll`] with the number returned.
    pub fn ask(&mut self, query: Query) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        let to = if query.is_explorer() {
            &self.explorer
        } else {
            &self.queries
        };
        let _ = to.send((id, query));
        id
    }

    /// The answers that came since the last call (never waits).
    pub fn poll(&mut self) -> Vec<Reply> {
        self.replies.try_iter().collect()
    }

    /// Called when an answer is ready (the app asks for a frame).
    pub fn set_waker(&self, waker: Waker) {
        if let Ok(mut slot) = self.waker.lock() {
            *slot = Some(waker);
        }
    }

    /// Whether a waker is set.
    pub fn has_waker(&self) -> bool {
        self.waker.lock().is_ok_and(|w| w.is_some())
    }
}

/// Hands `answer` to the UI and wakes it; false when the UI is gone.
fn send(outbox: &Sender<Reply>, waker: &Mutex<Option<Waker>>, id: u64, answer: Answer, started: Instant) -> bool {
    let reply = Reply {
        id,
        answer,
        elapsed: started.elapsed(),
        thread: std::thread::current().id(),
    };
    let sent = outbox.send(reply).is_ok();
    if let Some(waker) = waker.lock().ok().and_then(|w| w.clone()) {
        waker.wake();
    }
    sent
}

/// The collection's thread: opens the collection, hands it to the
/// explorer's thread (`opened`), then answers the list's questions (and the
/// explorer's, where its thread could not start) until the UI is gone.
fn serve(
    path: &Path,
    options: &Options,
    inbox: &Receiver<(u64, Query)>,
    opened: &Sender<Result<Arc<Database>, String>>,
    outbox: &Sender<Reply>,
    waker: &Mutex<Option<Waker>>,
) {
    let started = Instant::now();
    // Without an index, games are still read for the list.
    let db = Database::open(path, options).map(Arc::new).map_err(|e| e.to_string());
    if !send(outbox, waker, 0, Answer::Opened(db.clone()), started) {
        if let Ok(db) = &db {
            db.cancel();
        }
        return;
    }
    let _ = opened.send(db.clone());
    // One question waited for, then all that came meanwhile: the newest
    // of each kind is answered, a game to open first.
    while let Ok(first) = inbox.recv() {
        let mut explore = None;
        let mut list = None;
        let mut read = None;
        let mut unreadable = None;
        for (id, query) in std::iter::once(first).chain(inbox.try_iter()) {
            match query {
                q if q.is_explorer() => explore = Some((id, q)),
                q if q.is_read() => read = Some((id, q)),
                q @ Query::Unreadable => unreadable = Some((id, q)),
                q => list = Some((id, q)),
            }
        }
        let mut answered = true;
        for (id, query) in read.into_iter().chain(explore).chain(list).chain(unreadable) {
            let started = Instant::now();
            answered &= send(outbox, waker, id, answer(db.as_deref(), query), started);
        }
        if !answered {
            break;
        }
    }
    // The UI closed the collection: an index half built is gone on with
    // next time.
    if let Ok(db) = &db {
        db.cancel();
    }
}

/// The explorer's thread: waits for the collection, then answers the
/// explorer's questions, the newest of those that waited, until the UI is
/// gone.
fn explore(
    opened: &Receiver<Result<Arc<Database>, String>>,
    inbox: &Receiver<(u64, Query)>,
    outbox: &Sender<Reply>,
    waker: &Mutex<Option<Waker>>,
) {
    let Ok(db) = opened.recv() else {
        return;
    };
    while let Ok(first) = inbox.recv() {
        let (id, query) = inbox.try_iter().last().unwrap_or(first);
        let started = Instant::now();
        if !send(outbox, waker, id, answer(db.as_deref(), query), started) {
            break;
        }
    }
}

/// Answers one question; those that need the index say why there is
/// none, if there is none.
fn answer(db: Result<&Database, &String>, query: Query) -> Answer {
    match (db, query) {
        (_, Query::Read { place, ply }) => Answer::Game(GameRead {
            game: place.read().map(Box::new),
            ply,
        }),
        (Ok(db), query) => answer_indexed(db, query),
        (Err(e), Query::ReadNumber { ply, .. }) => Answer::Game(GameRead {
            game: Err(e.clone()),
            ply,
        }),
        (Err(e), Query::Explore { .. }) => Answer::Explored(Err(e.clone())),
        (Err(e), Query::Unreadable) => Answer::Unreadable(Err(e.clone())),
        (Err(e), _) => Answer::Listed(Err(e.clone())),
    }
}

/// Answers one question from the index.
fn answer_indexed(db: &Database, query: Query) -> Answer {
    let text = |e: chess_db::Error| e.to_string();
    let found = |matches: Result<Vec<chess_db::Match>, chess_db::Error>| {
        let matches = matches.map_err(text)?;
        let numbers: Vec<u64> = matches.iter().map(|m| m.game).collect();
        let offsets = db.offsets(&numbers).map_err(text)?;
        Ok(matches
            .iter()
            .zip(offsets)
            .map(|(m, offset)| Found {
                game: m.game,
                offset,
                ply: Some(m.ply),
            })
            .collect())
    };
    match query {
        Query::Explore { position, filter } => Answer::Explored(db.explore(&position, filter.as_ref()).map_err(text)),
        Query::Position { position, filter } => {
            Answer::Listed(found(db.search_position(&position, None, filter.as_ref())))
        }
        Query::Material {
            material,
            plies,
            filter,
        } => Answer::Listed(found(db.search_material(&material, plies, filter.as_ref()))),
        Query::Filter(filter) => Answer::Listed((|| {
            let numbers = db.filter(&filter).map_err(text)?;
            let offsets = db.offsets(&numbers).map_err(text)?;
            Ok(numbers
                .iter()
                .zip(offsets)
                .map(|(&game, offset)| Found {
                    game,
                    offset,
                    ply: None,
                })
                .collect())
        })()),
        Query::Unreadable => Answer::Unreadable(db.unreadable().map_err(text)),
        Query::ReadNumber { number, ply } => Answer::Game(GameRead {
            game: db.read_game(number).map(Box::new).map_err(text),
            ply,
        }),
        Query::Read { place, ply } => Answer::Game(GameRead {
            game: place.read().map(Box::new),
            ply,
        }),
    }
}
