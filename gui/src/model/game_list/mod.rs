//! The list of games of a PGN file, for files of any size: filled in the
//! background from a scan of the file ([`chess_core::pgn::scan_games`]),
//! keeping per game only its offset and a few tags in one shared text (a
//! little over 100 bytes a game), sorted and filtered on demand; the game
//! chosen is read from its offset alone. A second background pass reads
//! every game to list the ones that cannot be read, with why and where.
//! A compressed file (`.pgn.zst`, `.gz`, `.bz2`) lists the same; a game of
//! it is read by decompressing the text up to it.
//!
//! In a collection the list also shows what the index found (the games
//! reaching a position, with the ply; the games a filter lets through):
//! found games come as offsets, each the row of the game beginning there.

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

use chess_core::Game;
use chess_core::pgn::{PgnError, ScannedGame, Visitor, scan_games};

mod chunked;
mod column;
mod export;
mod place;
#[cfg(test)]
mod tests;

pub use column::Column;
use column::FIELDS;
pub use export::Export;
pub use place::Place;

/// One game: where it is, and its fields as spans of the shared text.
#[derive(Clone, Copy, Debug)]
struct Entry {
    offset: u64,
    line: u32,
    moves: u32,
    /// White's and Black's ratings (0: none).
    elo: [u16; 2],
    /// (start, length) in `GameList::text`.
    fields: [(u32, u16); 6],
}

/// A row shown: its entry, and the ply where it reaches what was searched
/// for (`NO_PLY`: none).
#[derive(Copy, Clone, Debug)]
struct Shown {
    entry: u32,
    ply: u32,
}

const NO_PLY: u32 = u32::MAX;

/// The event of a game as the list shows it: its `Event`, and for a
/// chapter of a lichess study the chapter's name after it (lichess writes
/// it in `ChapterName`; some exports also in the `Event`), so the
/// chapters of one study are told apart.
fn event_of(game: &ScannedGame) -> String {
    let event = game.tag("Event").and_then(crate::model::files::known).unwrap_or("");
    match game.tag("ChapterName").map(str::trim).filter(|c| !c.is_empty()) {
        Some(chapter) if !event.contains(chapter) => {
            if event.is_empty() {
                chapter.to_string()
            } else {
                format!("{event}: {chapter}")
            }
        }
        _ => event.to_string(),
    }
}

/// A game as a row of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row<'a> {
    /// Its number in the file (1-based).
    pub number: usize,
    /// White, Black, Result, Date, Event, ECO ("" where the tag is missing).
    pub fields: [&'a str; 6],
    /// White's and Black's ratings, where known.
    pub elo: [Option<u16>; 2],
    /// Where it reaches the position or material searched for.
    pub ply: Option<u32>,
    /// Full moves.
    pub moves: u32,
    /// Its first line in the file.
    pub line: u32,
}

/// A game of the file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Its number in the file.
    pub game: usize,
    /// The line of the problem.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Work going on in the background.
struct Background {
    /// Games scanned, in batches (`None` once the scan has ended).
    games: Option<mpsc::Receiver<Vec<ScannedGame>>>,
    /// Bytes of the file scanned so far.
    scanned: Arc<AtomicU64>,
    /// The games that cannot be read, once the check ends.
    problems: Option<mpsc::Receiver<Vec<Problem>>>,
}

/// The most time a frame spends taking in scanned games.
const POLL_BUDGET: std::time::Duration = std::time::Duration::from_millis(6);

/// The games of a PGN file, to choose one from.
pub struct GameList {
    /// The file.
    pub path: PathBuf,
    /// Its size in bytes (as stored).
    pub size: u64,
    entries: chunked::Chunked<Entry>,
    text: chunked::ChunkedText,
    /// Text that a row must contain (in any field, any case) to be shown.
    filter: String,
    /// The column sorted by, and whether ascending.
    sort: Option<(Column, bool)>,
    /// The games found by the index (offsets and plies), if the list shows
    /// only them.
    found: Option<Vec<(u64, u32)>>,
    /// The rows shown (`None`: all, in order).
    view: Option<Vec<Shown>>,
    /// The row chosen with the keyboard (an index of the rows shown).
    pub cursor: Option<usize>,
    /// Games being exported, if any.
    pub export: Option<Export>,
    /// How the last export ended ("Exported 1,204 games to x.pgn").
    pub exported: Option<Result<String, String>>,
    /// The games that cannot be read (known once the check is done).
    pub problems: Vec<Problem>,
    /// Whether the check for unreadable games is done.
    pub checked: bool,
    background: Option<Background>,
}

impl std::fmt::Debug for GameList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameList")
            .field("path", &self.path)
            .field("games", &self.entries.len())
            .field("scanning", &self.is_scanning())
            .finish_non_exhaustive()
    }
}

/// Reads every game and keeps nothing but its errors.
#[derive(Default)]
struct Nothing;

impl Visitor for Nothing {
    type Output = ();
    fn end_game(&mut self, _result: Option<chess_core::Outcome>) {}
}

impl GameList {
    /// Starts listing the games of `path` in the background; the list
    /// fills as [`GameList::poll`] is called.
    /// With `check`, every game is also read once to list those that cannot
    /// be (a collection's index says so instead: see
    /// [`GameList::set_problems`]).
    pub fn open(path: &Path, check: bool) -> Result<GameList, String> {
        let source = chess_db::source::open(path).map_err(|e| format!("cannot read {e}"))?;
        let (size, scanned) = (source.size, source.read.clone());
        let (send, games) = mpsc::sync_channel(64);
        let (send_problems, problems) = mpsc::channel();
        let check_path = path.to_path_buf();
        std::thread::Builder::new()
            .name("game list".into())
            .spawn(move || {
                let reader = BufReader::with_capacity(1 << 20, source.reader);
                let mut batch = Vec::with_capacity(1024);
                let scan = scan_games(reader, |game| {
                    batch.push(game);
                    if batch.len() == 1024 {
                        return send.send(std::mem::take(&mut batch)).is_ok();
                    }
                    true
                });
                if !batch.is_empty() {
                    let _ = send.send(batch);
                }
                drop(send);
                if scan.is_ok() && check {
                    let _ = send_problems.send(check_all(&check_path));
                }
            })
            .map_err(|e| format!("cannot start reading {}: {e}", path.display()))?;
        Ok(GameList {
            path: path.to_path_buf(),
            size,
            entries: chunked::Chunked::default(),
            text: chunked::ChunkedText::default(),
            filter: String::new(),
            sort: None,
            found: None,
            view: None,
            cursor: None,
            export: None,
            exported: None,
            problems: Vec::new(),
            checked: false,
            background: Some(Background {
                games: Some(games),
                scanned,
                problems: Some(problems),
            }),
        })
    }

    /// Takes what the background work found since the last call. Returns
    /// whether it is still working (the view then keeps drawing).
    pub fn poll(&mut self) -> bool {
        let exporting = self.poll_export();
        let Some(mut background) = self.background.take() else {
            return exporting;
        };
        let mut added = false;
        // A frame's share: what came beyond it waits for the next frame.
        let started = std::time::Instant::now();
        while let Some(games) = &background.games
            && started.elapsed() < POLL_BUDGET
        {
            match games.try_recv() {
                Ok(batch) => {
                    for game in batch {
                        self.add(&game);
                    }
                    added = true;
                }
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => {
                    // The list is complete: no room kept for more.
                    background.games = None;
                    self.entries.shrink_to_fit();
                    self.text.shrink_to_fit();
                }
            }
        }
        if background.games.is_none()
            && let Some(problems) = &background.problems
        {
            match problems.try_recv() {
                Ok(found) => {
                    self.problems = found;
                    self.checked = true;
                    background.problems = None;
                }
                Err(mpsc::TryRecvError::Disconnected) => background.problems = None,
                Err(mpsc::TryRecvError::Empty) => {}
            }
        }
        if background.games.is_some() || background.problems.is_some() {
            self.background = Some(background);
        }
        if added && (self.sort.is_some() || !self.filter.is_empty() || self.found.is_some()) {
            self.refresh();
        }
        self.background.is_some() || exporting
    }

    /// The games that cannot be read, as the collection's index found them.
    pub fn set_problems(&mut self, problems: Vec<Problem>) {
        self.problems = problems;
        self.checked = true;
    }

    /// Shows only the games found by the index (where each begins, and the
    /// ply where it reaches what was searched for), or all again (`None`).
    /// Found games not listed yet appear as the list fills.
    pub fn set_found(&mut self, found: Option<Vec<(u64, Option<u32>)>>) {
        self.found = found.map(|f| f.into_iter().map(|(o, p)| (o, p.unwrap_or(NO_PLY))).collect());
        self.cursor = None;
        self.refresh();
    }

    /// Whether the list shows the games found by the index only.
    pub fn is_found(&self) -> bool {
        self.found.is_some()
    }

    /// Whether the rows have a ply (the games found reach a position).
    pub fn has_plies(&self) -> bool {
        self.found
            .as_ref()
            .is_some_and(|f| f.first().is_some_and(|&(_, p)| p != NO_PLY))
    }

    /// Whether the file is still being scanned.
    pub fn is_scanning(&self) -> bool {
        self.background.as_ref().is_some_and(|b| b.games.is_some())
    }

    /// Keeps a scanned game: its offset, line, moves and fields.
    fn add(&mut self, game: &ScannedGame) {
        let mut fields = [(0u32, 0u16); 6];
        for (field, name) in fields.iter_mut().zip(FIELDS) {
            let value = match name {
                "Event" => event_of(game),
                _ => game
                    .tag(name)
                    .and_then(crate::model::files::known)
                    .unwrap_or("")
                    .to_string(),
            };
            *field = self.text.push(&value);
        }
        let elo = |tag| game.tag(tag).and_then(|e| e.trim().parse::<u16>().ok()).unwrap_or(0);
        self.entries.push(Entry {
            offset: game.offset,
            line: game.line as u32,
            moves: game.moves,
            elo: [elo("WhiteElo"), elo("BlackElo")],
            fields,
        });
    }

    /// The index into `entries` of row `i` shown.
    fn entry_index(&self, i: usize) -> Option<usize> {
        self.shown(i).map(|s| s.entry as usize)
    }

    /// Row `i` shown.
    fn shown(&self, i: usize) -> Option<Shown> {
        match &self.view {
            Some(view) => view.get(i).copied(),
            None => (i < self.entries.len()).then_some(Shown {
                entry: i as u32,
                ply: NO_PLY,
            }),
        }
    }

    /// How much of the file has been scanned, 0 to 1.
    pub fn scan_fraction(&self) -> f32 {
        match &self.background {
            Some(b) if self.size > 0 => (b.scanned.load(Ordering::Relaxed) as f64 / self.size as f64).min(1.0) as f32,
            _ => 1.0,
        }
    }

    /// Games found so far.
    pub fn games(&self) -> usize {
        self.entries.len()
    }

    /// Rows shown (after the filter).
    pub fn rows(&self) -> usize {
        self.view.as_ref().map_or(self.entries.len(), Vec::len)
    }

    /// The `i`-th row shown.
    pub fn row(&self, i: usize) -> Option<Row<'_>> {
        let shown = self.shown(i)?;
        let index = shown.entry as usize;
        let entry = &self.entries[index];
        let field = |span| self.text.get(span);
        Some(Row {
            number: index + 1,
            fields: entry.fields.map(field),
            elo: entry.elo.map(|e| (e > 0).then_some(e)),
            ply: (shown.ply != NO_PLY).then_some(shown.ply),
            moves: entry.moves,
            line: entry.line,
        })
    }

    /// The filter text.
    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// Shows only the rows with `text` in a field (any case).
    pub fn set_filter(&mut self, text: &str) {
        if text != self.filter {
            self.filter = text.to_string();
            self.refresh();
        }
    }

    /// The sort: column and ascending.
    pub fn sort(&self) -> Option<(Column, bool)> {
        self.sort
    }

    /// Sorts by `column`; again by the same column reverses the order.
    pub fn sort_by(&mut self, column: Column) {
        self.sort = match self.sort {
            Some((c, ascending)) if c == column => Some((c, !ascending)),
            _ => Some((column, true)),
        };
        self.refresh();
    }

    /// Recomputes the rows shown from the games found, the filter and the
    /// sort.
    fn refresh(&mut self) {
        if self.filter.is_empty() && self.sort.is_none() && self.found.is_none() {
            self.view = None;
            return;
        }
        let needle = self.filter.to_lowercase();
        let text = &self.text;
        let entries = &self.entries;
        let field = |e: &Entry, f: usize| text.get(e.fields[f]);
        let rows: Vec<Shown> = match &self.found {
            // Each found game is the row of the game beginning at or just
            // before its offset (lists and indexes agree on where games
            // begin; a broken game may be split in two by one of them).
            Some(found) => found
                .iter()
                .filter_map(|&(offset, ply)| {
                    let at = entries.partition_point(|e| e.offset <= offset).checked_sub(1)?;
                    let after_last = at + 1 == entries.len() && self.is_scanning();
                    (!after_last).then_some(Shown { entry: at as u32, ply })
                })
                .collect(),
            None => (0..entries.len() as u32)
                .map(|entry| Shown { entry, ply: NO_PLY })
                .collect(),
        };
        let mut view: Vec<Shown> = rows
            .into_iter()
            .filter(|s| {
                needle.is_empty()
                    || (0..FIELDS.len()).any(|f| field(&entries[s.entry as usize], f).to_lowercase().contains(&needle))
            })
            .collect();
        if let Some((column, ascending)) = self.sort {
            let entry = |s: &Shown| &entries[s.entry as usize];
            match column {
                Column::Number => view.sort_by_key(|s| s.entry),
                Column::Moves => view.sort_by_key(|s| entry(s).moves),
                Column::Ply => view.sort_by_key(|s| s.ply),
                Column::WhiteElo => view.sort_by_key(|s| entry(s).elo[0]),
                Column::BlackElo => view.sort_by_key(|s| entry(s).elo[1]),
                _ => {
                    if let Some(f) = column.field() {
                        view.sort_by(|a, b| field(entry(a), f).cmp(field(entry(b), f)));
                    }
                }
            }
            if !ascending {
                view.reverse();
            }
        }
        if self.cursor.is_some_and(|c| c >= view.len()) {
            self.cursor = None;
        }
        self.view = Some(view);
    }

    /// Moves the keyboard's row by `by` (up is negative), within the rows.
    pub fn move_cursor(&mut self, by: isize) {
        let rows = self.rows();
        if rows == 0 {
            self.cursor = None;
            return;
        }
        let next = match self.cursor {
            None if by > 0 => 0,
            None => rows - 1,
            Some(c) => c.saturating_add_signed(by).min(rows - 1),
        };
        self.cursor = Some(next);
    }

    /// Where row `i`'s game is in the file.
    pub fn place(&self, i: usize) -> Option<Place> {
        let index = self.entry_index(i)?;
        let entry = &self.entries[index];
        Some(Place {
            path: self.path.clone(),
            number: index + 1,
            line: entry.line,
            offset: entry.offset,
            end: self.entries.get(index + 1).map_or(u64::MAX, |next| next.offset),
        })
    }

    /// The text of row `i`'s game, as the file has it.
    pub fn game_text(&self, i: usize) -> Result<String, String> {
        self.place(i).ok_or("no such game")?.text()
    }

    /// Reads the game of row `i` from the file.
    pub fn read(&self, i: usize) -> Result<Game, String> {
        self.place(i).ok_or("no such game")?.read()
    }

    /// Bytes the list keeps per game (entries and their text), for the
    /// README's figures.
    pub fn bytes_per_game(&self) -> f64 {
        let bytes = self.entries.capacity_bytes() + self.text.capacity_bytes();
        bytes as f64 / self.entries.len().max(1) as f64
    }
}

/// Reads every game of the file on every core, keeping only the errors.
fn check_all(path: &Path) -> Vec<Problem> {
    let Ok(source) = chess_db::source::open(path) else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    chess_core::pgn::ParallelReader::new(source.reader).visit_games(
        || Nothing,
        |_number, result: Result<(), PgnError>| {
            if let Err(e) = result {
                problems.push(Problem {
                    game: e.game,
                    line: e.line,
                    reason: e.kind.to_string(),
                });
            }
        },
    );
    problems
}
