//! Collections kept open beside the game: a PGN file of many games (plain
//! or compressed) with its list of games and its index (a cache built in
//! the background by `chess-db`), for the opening explorer, "find this
//! position", material search and the list's filters. Every query runs on
//! the collection's own thread ([`worker`]); the model hands questions
//! over and shows answers when they arrive, so no frame waits for one.
//! While the index builds, the queries answer on what is indexed so far
//! and are asked again as it grows.

pub mod filters;
pub mod worker;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use chess_core::Position;
use chess_db::{Database, Explorer, Filter, Material, Options, Progress};
use chess_engine::worker::Waker;

use super::game_list::{GameList, Problem};
pub use filters::{FilterForm, Side};
use worker::{Answer, GameRead, Query, Worker};

/// What the list shows of a collection.
#[derive(Clone, Debug, PartialEq)]
pub enum Search {
    /// Every game (that the filters let through).
    All,
    /// The games reaching a position (as the board had it).
    Position(Box<Position>),
    /// The games reaching a material balance for some plies.
    Material(Material, u32),
}

/// The explorer's answer for a position.
#[derive(Debug)]
pub struct Explored {
    /// The position answered.
    pub position: Position,
    /// The moves played from it, or why there are none.
    pub answer: Result<Explorer, String>,
    /// Games indexed when it was asked.
    pub indexed: u64,
    /// From the question to the answer's arrival.
    pub latency: Duration,
    /// The thread that answered.
    pub thread: ThreadId,
}

/// A question on its way.
#[derive(Debug)]
struct Asked {
    id: u64,
    at: Instant,
}

/// What the explorer last asked for.
#[derive(Debug, PartialEq)]
struct ExplorerKey {
    position: Position,
    indexed: u64,
    filter: u64,
}

/// One open collection.
#[derive(Debug)]
pub struct Collection {
    /// The PGN file.
    pub path: PathBuf,
    /// Its games, listed at once from a scan of the file.
    pub list: GameList,
    worker: Worker,
    /// The collection as indexed (once its thread opened it).
    db: Option<Arc<Database>>,
    /// Why the index cannot be used, if it cannot (the list still works).
    pub failure: Option<String>,
    /// The list's filters, as typed.
    pub form: FilterForm,
    /// Why the form cannot be read, if it cannot.
    pub form_error: Option<String>,
    /// The filter applied (to the list, the explorer and the searches).
    filter: Option<Filter>,
    /// Changes with the filter, so answers for an older one are asked again.
    filter_generation: u64,
    /// What the list shows.
    pub search: Search,
    /// Games indexed when the list's question was last asked.
    list_indexed: u64,
    /// The list's question waiting for its answer.
    list_asked: Option<Asked>,
    /// The list's question must be asked (again).
    list_stale: bool,
    /// Games the list's question found (none: every game).
    pub found: Option<usize>,
    /// The explorer's last answer.
    pub explored: Option<Explored>,
    explorer_key: Option<ExplorerKey>,
    explorer_asked: Option<Asked>,
    unreadable_asked: bool,
    /// A game being read to open.
    reading: Option<Asked>,
    /// The game read, to open at a ply (taken by the model).
    opened: Option<GameRead>,
}

/// How many bytes of decoded index columns the app keeps for a
/// collection's next question: enough for about four million games, so
/// that the explorer, which follows every move on the board, finds them
/// decoded (chess-db's own default, 64 MiB, suits a program that asks once
/// and ends: in the app it held some 330,000 games' columns, and a
/// million-game collection was decoded again for each move, 200-400 ms an
/// answer instead of about 12).
pub const COLUMN_MEMORY: usize = 1 << 30;

/// The options the app opens collections with.
fn options() -> Options {
    Options {
        memory_limit: Some(COLUMN_MEMORY),
        ..Options::default()
    }
}

impl Collection {
    /// Opens the collection in `path`: its list starts filling, its index
    /// is opened (and built if need be) on its thread.
    pub fn open(path: &Path) -> Result<Collection, String> {
        let list = GameList::open(path, false)?;
        Ok(Collection {
            path: path.to_path_buf(),
            list,
            worker: Worker::open(path, options()),
            db: None,
            failure: None,
            form: FilterForm::default(),
            form_error: None,
            filter: None,
            filter_generation: 0,
            search: Search::All,
            list_indexed: 0,
            list_asked: None,
            list_stale: false,
            found: None,
            explored: None,
            explorer_key: None,
            explorer_asked: None,
            unreadable_asked: false,
            reading: None,
            opened: None,
        })
    }

    /// The file's name, for tabs and titles.
    pub fn name(&self) -> String {
        super::document::display_name(&self.path)
    }

    /// Whether the index is open (queries can be asked).
    pub fn is_indexed(&self) -> bool {
        self.db.is_some()
    }

    /// How far indexing has come (none before the index is open).
    pub fn progress(&self) -> Option<Progress> {
        self.db.as_ref().map(|db| db.progress())
    }

    /// Whether the index is still being built.
    pub fn is_indexing(&self) -> bool {
        match &self.db {
            Some(db) => !db.progress().done,
            None => self.failure.is_none(),
        }
    }

    /// Stops building the index (what is built is kept, and gone on with
    /// next time the file is opened).
    pub fn cancel_indexing(&self) {
        if let Some(db) = &self.db {
            db.cancel();
        }
    }

    /// Whether a list question waits for its answer.
    pub fn is_searching(&self) -> bool {
        self.list_asked.is_some() || self.list_stale
    }

    /// Wakes the app when an answer is ready.
    pub fn set_waker(&self, waker: Waker) {
        self.worker.set_waker(waker);
    }

    /// Applies the filters typed; one that cannot be read is shown and
    /// the filter before stays.
    pub fn set_form(&mut self, form: FilterForm) {
        if form == self.form {
            return;
        }
        match form.to_filter() {
            Ok(filter) => {
                self.form_error = None;
                if filter != self.filter {
                    self.filter = filter;
                    self.filter_generation += 1;
                    self.list_stale = true;
                }
            }
            Err(e) => self.form_error = Some(e),
        }
        self.form = form;
    }

    /// The filter applied.
    pub fn filter(&self) -> Option<&Filter> {
        self.filter.as_ref()
    }

    /// Shows in the list the games that reach `search` (or all).
    pub fn set_search(&mut self, search: Search) {
        self.search = search;
        self.list_stale = true;
    }

    /// Once a frame: takes the answers that came, and asks again what the
    /// board (`position`, when the explorer is shown), the filter or the
    /// growing index made stale. Returns whether work goes on.
    pub fn tick(&mut self, position: Option<&Position>) -> bool {
        let listing = self.list.poll();
        for reply in self.worker.poll() {
            match reply.answer {
                Answer::Opened(Ok(db)) => self.db = Some(db),
                Answer::Opened(Err(e)) => {
                    self.failure = Some(e);
                    // Without an index, the list reads every game itself to
                    // say which cannot be read.
                    if let Ok(list) = GameList::open(&self.path, true) {
                        self.list = list;
                    }
                }
                Answer::Explored(answer) => {
                    let Some(asked) = self.explorer_asked.take_if(|a| a.id == reply.id) else {
                        continue;
                    };
                    let Some(key) = &self.explorer_key else { continue };
                    self.explored = Some(Explored {
                        position: key.position.clone(),
                        answer,
                        indexed: key.indexed,
                        latency: asked.at.elapsed(),
                        thread: reply.thread,
                    });
                }
                Answer::Listed(found) => {
                    if self.list_asked.take_if(|a| a.id == reply.id).is_none() {
                        continue;
                    }
                    match found {
                        Ok(found) => {
                            self.found = Some(found.len());
                            self.list
                                .set_found(Some(found.iter().map(|f| (f.offset, f.ply)).collect()));
                        }
                        Err(e) => self.failure = Some(e),
                    }
                }
                Answer::Unreadable(Ok(errors)) => self.list.set_problems(
                    errors
                        .into_iter()
                        .map(|e| Problem {
                            game: e.game as usize,
                            line: e.line as usize,
                            reason: e.reason,
                        })
                        .collect(),
                ),
                Answer::Unreadable(Err(e)) => self.failure = Some(e),
                Answer::Game(read) => {
                    if self.reading.take_if(|a| a.id == reply.id).is_some() {
                        self.opened = Some(read);
                    }
                }
            }
        }
        let reading = self.reading.is_some();
        let Some(db) = self.db.clone() else {
            return listing || reading || self.failure.is_none();
        };
        let indexing = !db.progress().done;
        let indexed = db.game_count();
        if !indexing && !self.unreadable_asked {
            self.unreadable_asked = true;
            self.worker.ask(Query::Unreadable);
        }
        self.ask_list(indexed);
        if let Some(position) = position {
            self.ask_explorer(position, indexed);
        }
        listing || reading || indexing || self.list_asked.is_some() || self.explorer_asked.is_some()
    }

    /// Reads the game of row `row` of the list on the collection's thread
    /// (a compressed file is read up to it), to open at the ply where it
    /// reaches the position searched for; see [`Collection::take_opened`].
    pub fn read_listed(&mut self, row: usize) -> Result<(), String> {
        let place = self.list.place(row).ok_or("no such game")?;
        let ply = self.list.row(row).and_then(|r| r.ply);
        let id = self.worker.ask(Query::Read { place, ply });
        self.reading = Some(Asked { id, at: Instant::now() });
        Ok(())
    }

    /// Reads game `number` of the index on the collection's thread, to
    /// open at `ply` (a top game of the explorer's).
    pub fn read_number(&mut self, number: u64, ply: u32) {
        let id = self.worker.ask(Query::ReadNumber { number, ply: Some(ply) });
        self.reading = Some(Asked { id, at: Instant::now() });
    }

    /// Whether a game is being read to open.
    pub fn is_reading(&self) -> bool {
        self.reading.is_some()
    }

    /// The game read to open (or why it cannot be), with its ply, once.
    pub fn take_opened(&mut self) -> Option<GameRead> {
        self.opened.take()
    }

    /// Asks the list's question when it changed, or when the index grew
    /// since (at most once a second while it builds).
    fn ask_list(&mut self, indexed: u64) {
        let wanted = self.search != Search::All || self.filter.is_some();
        if !wanted {
            if self.list.is_found() {
                self.list.set_found(None);
                self.found = None;
            }
            self.list_stale = false;
            self.list_asked = None;
            return;
        }
        let grown =
            indexed != self.list_indexed && self.list_asked.as_ref().is_none_or(|a| a.at.elapsed().as_secs() >= 1);
        if !(self.list_stale || grown) {
            return;
        }
        let filter = self.filter.clone();
        let query = match &self.search {
            Search::All => Query::Filter(filter.unwrap_or_default()),
            Search::Position(position) => Query::Position {
                position: position.clone(),
                filter,
            },
            Search::Material(material, plies) => Query::Material {
                material: *material,
                plies: *plies,
                filter,
            },
        };
        let id = self.worker.ask(query);
        self.list_asked = Some(Asked { id, at: Instant::now() });
        self.list_indexed = indexed;
        self.list_stale = false;
    }

    /// Asks the explorer's question for `position` unless it was asked
    /// for it, this filter and this many games already.
    fn ask_explorer(&mut self, position: &Position, indexed: u64) {
        let key = ExplorerKey {
            position: position.clone(),
            indexed,
            filter: self.filter_generation,
        };
        if self.explorer_key.as_ref() == Some(&key) {
            return;
        }
        let id = self.worker.ask(Query::Explore {
            position: Box::new(position.clone()),
            filter: self.filter.clone(),
        });
        self.explorer_asked = Some(Asked { id, at: Instant::now() });
        self.explorer_key = Some(key);
    }

    /// The explorer's answer for `position`, if it has come.
    pub fn explored(&self, position: &Position) -> Option<&Explored> {
        self.explored.as_ref().filter(|e| &e.position == position)
    }
}

impl Drop for Collection {
    fn drop(&mut self) {
        // The app may be closing: indexing stops at once (what is built is
        // kept for next time).
        self.cancel_indexing();
    }
}

/// The collections open, one of them shown.
#[derive(Debug, Default)]
pub struct Collections {
    /// Open, in the order opened.
    pub open: Vec<Collection>,
    /// The one shown.
    pub active: usize,
    /// Whether the game list is shown (under the board).
    pub list_shown: bool,
    /// Whether the explorer is shown beside the board.
    pub explorer_shown: bool,
    waker: Option<Waker>,
}

impl Collections {
    /// Opens the collection in `path` (or shows it, if it is open) and
    /// shows its list.
    pub fn open_path(&mut self, path: &Path) -> Result<(), String> {
        if let Some(i) = self.open.iter().position(|c| c.path == path) {
            self.active = i;
        } else {
            let collection = Collection::open(path)?;
            if let Some(waker) = &self.waker {
                collection.set_waker(waker.clone());
            }
            self.open.push(collection);
            self.active = self.open.len() - 1;
            self.explorer_shown = true;
        }
        self.list_shown = true;
        Ok(())
    }

    /// Closes collection `i`.
    pub fn close(&mut self, i: usize) {
        if i < self.open.len() {
            self.open.remove(i);
            self.active = self.active.min(self.open.len().saturating_sub(1));
            if self.open.is_empty() {
                self.list_shown = false;
            }
        }
    }

    /// The collection shown.
    pub fn active(&self) -> Option<&Collection> {
        self.open.get(self.active)
    }

    /// The collection shown, to change.
    pub fn active_mut(&mut self) -> Option<&mut Collection> {
        self.open.get_mut(self.active)
    }

    /// The files open, to reopen on the next run.
    pub fn paths(&self) -> Vec<PathBuf> {
        self.open.iter().map(|c| c.path.clone()).collect()
    }

    /// Wakes the app when an answer is ready.
    pub fn set_waker(&mut self, waker: Waker) {
        for collection in &self.open {
            collection.set_waker(waker.clone());
        }
        self.waker = Some(waker);
    }

    /// Whether a waker is set.
    pub fn has_waker(&self) -> bool {
        self.waker.is_some()
    }

    /// Once a frame: every collection takes its answers; the one shown
    /// asks the explorer's question for `position` (when the explorer is
    /// shown). Returns whether work goes on.
    pub fn tick(&mut self, position: Option<&Position>) -> bool {
        let mut busy = false;
        let (active, explorer) = (self.active, self.explorer_shown);
        for (i, collection) in self.open.iter_mut().enumerate() {
            let asked = if i == active && explorer { position } else { None };
            busy |= collection.tick(asked);
        }
        busy
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::pgn::PgnReader;

    /// Twenty real club games, and four with results and ratings (the
    /// UI tests' collection too).
    pub(crate) fn collection_text() -> String {
        let twenty = include_str!("../../../../crates/chess-engine/tests/data/twenty-games.pgn");
        format!("{twenty}\n{}", include_str!("../../../tests/data/rated-games.pgn"))
    }

    /// The main lines' moves (SAN) of every game of `text`.
    pub(crate) fn lines(text: &str) -> Vec<Vec<String>> {
        PgnReader::new(text.as_bytes())
            .map(|game| {
                let game = game.unwrap();
                game.mainline().iter().map(|&n| game.san_at(n).unwrap()).collect()
            })
            .collect()
    }

    fn opened(text: &str) -> (tempfile::TempDir, Collection) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.pgn");
        std::fs::write(&path, text).unwrap();
        let collection = Collection::open(&path).unwrap();
        (dir, collection)
    }

    /// Ticks until `done` or ten seconds.
    fn tick_until(c: &mut Collection, position: Option<&Position>, done: impl Fn(&Collection) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            c.tick(position);
            if done(c) {
                return;
            }
            assert!(Instant::now() < deadline, "timed out");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// The model hands each query to the collection's thread and returns
    /// at once; the answer arrives on a later tick, made on another thread.
    #[test]
    fn a_query_never_runs_on_the_ui_thread() {
        let (_dir, mut c) = opened(&collection_text());
        tick_until(&mut c, None, |c| c.is_indexed() && !c.is_indexing());
        let start = Position::new();
        c.tick(Some(&start));
        assert!(c.explored(&start).is_none(), "asked, not answered within the tick");
        assert!(c.explorer_asked.is_some());
        tick_until(&mut c, Some(&start), |c| c.explored(&start).is_some());
        let explored = c.explored(&start).unwrap();
        assert_ne!(explored.thread, std::thread::current().id());
        // Asked once: the same position, filter and games ask nothing more.
        c.tick(Some(&start));
        assert!(c.explorer_asked.is_none());
        // The list's searches too.
        c.set_search(Search::Position(Box::new(start.clone())));
        c.tick(None);
        assert!(c.is_searching() && c.found.is_none());
        tick_until(&mut c, None, |c| !c.is_searching());
        assert_eq!(c.found, Some(24));
        // A game to open is read there too, and opens at its ply.
        c.read_listed(3).unwrap();
        assert!(c.is_reading() && c.take_opened().is_none());
        tick_until(&mut c, None, |c| !c.is_reading());
        let read = c.take_opened().unwrap();
        assert_eq!(read.game.unwrap().tags.get("White"), c.list.row(3).map(|r| r.fields[0]));
        assert_eq!(read.ply, Some(0));
    }

    /// The explorer's questions have a thread of their own: one never
    /// waits behind a list question (issue 87: the explorer lagged while
    /// the list was being searched).
    #[test]
    fn the_explorer_answers_on_a_thread_of_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.pgn");
        std::fs::write(&path, collection_text()).unwrap();
        let mut worker = super::worker::Worker::open(&path, Options::default());
        let explore = worker.ask(super::worker::Query::Explore {
            position: Box::new(Position::new()),
            filter: None,
        });
        let list = worker.ask(super::worker::Query::Filter(Filter::default()));
        let mut threads = std::collections::HashMap::new();
        let deadline = Instant::now() + Duration::from_secs(10);
        while !(threads.contains_key(&explore) && threads.contains_key(&list)) {
            assert!(Instant::now() < deadline, "timed out");
            for reply in worker.poll() {
                threads.insert(reply.id, reply.thread);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_ne!(threads[&explore], threads[&list]);
        assert_ne!(threads[&explore], std::thread::current().id());
        assert_ne!(threads[&list], std::thread::current().id());
    }

    /// The explorer counts the games (and the moves from the position) as
    /// a replay of every game's main line does, at the start and after 1.e4;
    /// "find this position" lists exactly the games that reach it; filters
    /// narrow both.
    #[test]
    fn the_explorer_and_the_searches_count_as_a_replay_does() {
        let text = collection_text();
        let lines = lines(&text);
        let (_dir, mut c) = opened(&text);
        tick_until(&mut c, None, |c| {
            c.is_indexed() && !c.is_indexing() && !c.list.is_scanning()
        });
        let count = |prefix: &[&str], next: Option<&str>| {
            lines
                .iter()
                .filter(|l| l.len() > prefix.len() && l.iter().zip(prefix).all(|(a, b)| a == b))
                .filter(|l| next.is_none_or(|n| l[prefix.len()] == n))
                .count() as u64
        };
        let mut position = Position::new();
        for prefix in [&[][..], &["e4"][..]] {
            if let Some(m) = prefix.last() {
                position.play(position.parse_san(m).unwrap()).unwrap();
            }
            tick_until(&mut c, Some(&position), |c| c.explored(&position).is_some());
            let answer = c.explored(&position).unwrap().answer.as_ref().unwrap();
            assert_eq!(answer.games, count(prefix, None), "{prefix:?}");
            for row in &answer.moves {
                assert_eq!(row.games, count(prefix, Some(&row.san)), "{prefix:?} {}", row.san);
            }
            let moves: u64 = answer.moves.iter().map(|r| r.games).sum();
            assert_eq!(moves, answer.games, "every game goes on");
        }
        // Find the position after 1.e4: exactly the games that open 1.e4.
        c.set_search(Search::Position(Box::new(position.clone())));
        tick_until(&mut c, None, |c| !c.is_searching());
        let numbers: Vec<usize> = (0..c.list.rows()).map(|i| c.list.row(i).unwrap().number).collect();
        let expected: Vec<usize> = (1..=lines.len()).filter(|&n| lines[n - 1][0] == "e4").collect();
        assert_eq!(numbers, expected);
        assert!((0..c.list.rows()).all(|i| c.list.row(i).unwrap().ply == Some(1)));
        // A filter narrows the found games and the explorer alike.
        c.set_form(FilterForm {
            player: "ann".into(),
            event: "test".into(),
            ..FilterForm::default()
        });
        tick_until(&mut c, Some(&position), |c| {
            !c.is_searching() && c.explored(&position).is_some() && c.explorer_asked.is_none()
        });
        let whites: Vec<String> = (0..c.list.rows())
            .map(|i| c.list.row(i).unwrap().fields[0].to_string())
            .collect();
        assert_eq!(whites, ["Ann", "Cid"]);
        let answer = c.explored(&position).unwrap().answer.as_ref().unwrap();
        assert_eq!((answer.games, answer.white, answer.black), (2, 1, 1));
        // A filter that cannot be read is said, and the one before stays.
        let mut bad = c.form.clone();
        bad.min_elo = "strong".into();
        c.set_form(bad);
        assert!(c.form_error.as_deref().is_some_and(|e| e.contains("min-elo")));
        assert_eq!(c.filter().and_then(|f| f.player.as_deref()), Some("ann"));
    }
}
