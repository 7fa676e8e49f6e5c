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

mod export;
mod place;

pub use export::Export;
pub use place::Place;

/// The columns of the list, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Column {
    /// The game's number in the file.
    Number,
    /// The `White` tag.
    White,
    /// The `WhiteElo` tag.
    WhiteElo,
    /// The `Black` tag.
    Black,
    /// The `BlackElo` tag.
    BlackElo,
    /// The `Result` tag.
    Result,
    /// The `Date` tag.
    Date,
    /// The `Event` tag.
    Event,
    /// The `ECO` tag.
    Eco,
    /// Full moves of the main line.
    Moves,
    /// Where the game reaches the position searched for (a ply).
    Ply,
}

impl Column {
    /// Every column.
    pub const ALL: [Column; 11] = [
        Column::Number,
        Column::White,
        Column::WhiteElo,
        Column::Black,
        Column::BlackElo,
        Column::Result,
        Column::Date,
        Column::Event,
        Column::Eco,
        Column::Moves,
        Column::Ply,
    ];

    /// The heading.
    pub fn name(self) -> &'static str {
        match self {
            Column::Number => "#",
            Column::White => "White",
            Column::WhiteElo => "Elo",
            Column::Black => "Black",
            Column::BlackElo => "Elo ",
            Column::Result => "Result",
            Column::Date => "Date",
            Column::Event => "Event",
            Column::Eco => "ECO",
            Column::Moves => "Moves",
            Column::Ply => "Ply",
        }
    }

    /// The tag field it shows, if it is one.
    fn field(self) -> Option<usize> {
        match self {
            Column::White => Some(0),
            Column::Black => Some(1),
            Column::Result => Some(2),
            Column::Date => Some(3),
            Column::Event => Some(4),
            Column::Eco => Some(5),
            _ => None,
        }
    }
}

/// The tags kept as text per game, in the order of [`Column::field`].
const FIELDS: [&str; 6] = ["White", "Black", "Result", "Date", "Event", "ECO"];

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

/// The text of a field: its span of the shared text.
fn span_text(text: &str, (start, len): (u32, u16)) -> &str {
    &text[start as usize..start as usize + len as usize]
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

/// The games of a PGN file, to choose one from.
pub struct GameList {
    /// The file.
    pub path: PathBuf,
    /// Its size in bytes (as stored).
    pub size: u64,
    entries: Vec<Entry>,
    text: String,
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
            entries: Vec::new(),
            text: String::new(),
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
        while let Some(games) = &background.games {
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
            let value = &value[..value.floor_char_boundary(u16::MAX as usize)];
            *field = (self.text.len() as u32, value.len() as u16);
            self.text.push_str(value);
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
        let field = |span| span_text(&self.text, span);
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
        let field = |e: &Entry, f: usize| span_text(text, e.fields[f]);
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
        let bytes = self.entries.capacity() * std::mem::size_of::<Entry>() + self.text.capacity();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(pgn: &str) -> (tempfile::TempDir, GameList) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.pgn");
        std::fs::write(&path, pgn).unwrap();
        wait_for(&path, dir)
    }

    fn wait_for(path: &Path, dir: tempfile::TempDir) -> (tempfile::TempDir, GameList) {
        let mut list = GameList::open(path, true).unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while list.poll() {
            assert!(std::time::Instant::now() < deadline);
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        (dir, list)
    }

    const PGN: &str = "[White \"Carla\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n[Date \"2026.01.02\"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n\n\
                       [White \"anna\"]\n[Black \"Dev\"]\n[Result \"0-1\"]\n[Date \"????.??.??\"]\n\n1. d4 0-1\n\n\
                       [White \"Bo\"]\n[Black \"Eli\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke2 *\n";

    #[test]
    fn games_are_listed_sorted_filtered_and_read_from_their_offset() {
        let (_dir, mut list) = listed(PGN);
        assert_eq!(list.games(), 3);
        assert!(list.checked);
        let first = list.row(0).unwrap();
        assert_eq!(first.fields, ["Carla", "Bo", "1-0", "2026.01.02", "", ""]);
        assert_eq!((first.number, first.moves, first.line), (1, 2, 1));
        assert_eq!(list.row(1).unwrap().fields[3], "", "an unknown date is empty");
        list.sort_by(Column::White);
        let whites: Vec<&str> = (0..3).map(|i| list.row(i).unwrap().fields[0]).collect();
        assert_eq!(whites, ["Bo", "Carla", "anna"]);
        list.sort_by(Column::White);
        assert_eq!(list.row(0).unwrap().fields[0], "anna");
        list.set_filter("BO");
        assert_eq!(list.rows(), 2);
        // The game of a sorted, filtered row is that row's game.
        assert_eq!(list.row(0).unwrap().fields[0], "Carla");
        let game = list.read(0).unwrap();
        assert_eq!(game.tags.get("White"), Some("Carla"));
        assert_eq!(game.mainline().len(), 4);
        list.set_filter("");
        list.sort_by(Column::Moves);
        assert_eq!(list.row(0).unwrap().moves, 1);
    }

    #[test]
    fn a_compressed_file_lists_and_reads_as_the_plain_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.pgn.zst");
        std::fs::write(&path, zstd::encode_all(PGN.as_bytes(), 3).unwrap()).unwrap();
        let (_dir, list) = wait_for(&path, dir);
        let (_plain_dir, plain) = listed(PGN);
        assert_eq!(list.games(), 3);
        for i in 0..3 {
            assert_eq!(list.row(i).unwrap().fields, plain.row(i).unwrap().fields);
            assert_eq!(list.read(i).unwrap().to_pgn(), plain.read(i).unwrap().to_pgn());
        }
    }

    #[test]
    fn unreadable_games_are_listed_with_why_and_where() {
        let (_dir, list) = listed(PGN);
        assert!(list.problems.is_empty());
        let bad = PGN.replace("2. Ke2", "2. Ke3");
        let (_dir, list) = listed(&bad);
        assert_eq!(list.problems.len(), 1);
        let problem = &list.problems[0];
        assert_eq!((problem.game, problem.line), (3, 19));
        assert!(problem.reason.contains("Ke3"), "{}", problem.reason);
        let error = list.read(2).unwrap_err();
        assert!(error.contains("game 3") && error.contains("line 19"), "{error}");
    }

    /// Games found by an index (as offsets) are the rows of the games
    /// beginning there, with their plies; sorted by any column; walked
    /// with the keyboard's row; the filtered rows exported exactly.
    #[test]
    fn found_games_are_shown_walked_and_exported() {
        let (dir, mut list) = listed(PGN);
        let second = PGN.find("[White \"anna").unwrap() as u64;
        let third = PGN.find("[White \"Bo\"]").unwrap() as u64;
        list.set_found(Some(vec![(0, Some(3)), (third, Some(1))]));
        assert_eq!(list.rows(), 2);
        assert!(list.has_plies());
        assert_eq!(list.row(1).unwrap().fields[0], "Bo");
        assert_eq!(list.row(1).unwrap().ply, Some(1));
        list.sort_by(Column::Ply);
        assert_eq!(list.row(0).unwrap().fields[0], "Bo");
        list.set_found(None);
        assert_eq!(list.rows(), 3);
        assert!(!list.has_plies());
        // An offset inside a game (a broken game split otherwise) is its row.
        list.set_found(Some(vec![(second + 5, None)]));
        assert_eq!(list.row(0).unwrap().fields[0], "anna");
        list.set_found(None);
        list.sort_by(Column::WhiteElo);
        list.move_cursor(1);
        assert_eq!(list.cursor, Some(0));
        list.move_cursor(5);
        assert_eq!(list.cursor, Some(2));
        list.move_cursor(-1);
        assert_eq!(list.cursor, Some(1));
        // Export the rows a filter leaves, in the file's order.
        list.set_filter("bo");
        assert_eq!(list.rows(), 2);
        let out = dir.path().join("out.pgn");
        list.start_export(&out).unwrap();
        while list.poll() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(list.exported, Some(Ok("Exported 2 games to out.pgn".to_string())));
        let written = std::fs::read_to_string(&out).unwrap();
        let expected = format!("{}{}\n", &PGN[..second as usize], &PGN[third as usize..]);
        assert_eq!(written, expected);
        let games = chess_core::pgn::PgnReader::new(written.as_bytes()).count();
        assert_eq!(games, 2);
        assert!(list.game_text(0).unwrap().starts_with("[White \""));
    }

    #[test]
    fn a_list_keeps_little_per_game() {
        let game = "[Event \"Club rapid 3\"]\n[Site \"Oslo NOR\"]\n[Date \"2026.10.12\"]\n[White \"Anna Berg\"]\n[Black \"Bo Chen\"]\n[Result \"1-0\"]\n[WhiteElo \"1866\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
        let (_dir, list) = listed(&game.repeat(5000));
        assert_eq!(list.games(), 5000);
        assert!(list.bytes_per_game() < 200.0, "{}", list.bytes_per_game());
    }

    /// The chapters of a lichess study are told apart by their names.
    #[test]
    fn study_chapters_show_their_names() {
        let pgn = "[Event \"Endgames ♟\"]\n[ChapterName \"Lucena 🏰\"]\n[ChapterURL \"https://lichess.org/study/x/1\"]\n\n1. e4 *\n\n\
                   [Event \"Endgames ♟: Philidor\"]\n[ChapterName \"Philidor\"]\n\n1. d4 *\n\n\
                   [Event \"Club\"]\n\n1. c4 *\n\n";
        let (_dir, list) = listed(pgn);
        let events: Vec<&str> = (0..3).map(|i| list.row(i).unwrap().fields[4]).collect();
        assert_eq!(events, ["Endgames ♟: Lucena 🏰", "Endgames ♟: Philidor", "Club"]);
    }
}
