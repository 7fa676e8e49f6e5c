//! The list of games of a PGN file, for files of any size: filled in the
//! background from a scan of the file ([`chess_core::pgn::scan_games`]),
//! keeping per game only its offset and a few tags in one shared text (a
//! little over 100 bytes a game), sorted and filtered on demand; the game
//! chosen is read from its offset alone. A second background pass reads
//! every game to list the ones that cannot be read, with why and where.
//! A compressed file (`.pgn.zst`, `.gz`, `.bz2`) lists the same; a game of
//! it is read by decompressing the text up to it.

use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

use chess_core::Game;
use chess_core::pgn::{PgnError, PgnReader, ScannedGame, Visitor, scan_games};
use chess_db::source::Compression;

/// The columns of the list, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Column {
    /// The game's number in the file.
    Number,
    /// The `White` tag.
    White,
    /// The `Black` tag.
    Black,
    /// The `Result` tag.
    Result,
    /// The `Date` tag.
    Date,
    /// The `Event` tag.
    Event,
    /// Full moves of the main line.
    Moves,
}

impl Column {
    /// Every column.
    pub const ALL: [Column; 7] = [
        Column::Number,
        Column::White,
        Column::Black,
        Column::Result,
        Column::Date,
        Column::Event,
        Column::Moves,
    ];

    /// The heading.
    pub fn name(self) -> &'static str {
        match self {
            Column::Number => "#",
            Column::White => "White",
            Column::Black => "Black",
            Column::Result => "Result",
            Column::Date => "Date",
            Column::Event => "Event",
            Column::Moves => "Moves",
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
            Column::Number | Column::Moves => None,
        }
    }
}

/// The tags kept per game, in the order of [`Column::field`].
const FIELDS: [&str; 5] = ["White", "Black", "Result", "Date", "Event"];

/// One game: where it is, and its fields as spans of the shared text.
#[derive(Clone, Copy, Debug)]
struct Entry {
    offset: u64,
    line: u32,
    moves: u32,
    /// (start, length) in `GameList::text`.
    fields: [(u32, u16); 5],
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
    /// White, Black, Result, Date, Event ("" where the tag is missing).
    pub fields: [&'a str; 5],
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
    /// Whether it is compressed (its games' offsets are then in the text).
    compressed: bool,
    entries: Vec<Entry>,
    text: String,
    /// Text that a row must contain (in any field, any case) to be shown.
    filter: String,
    /// The column sorted by, and whether ascending.
    sort: Option<(Column, bool)>,
    /// The rows shown, as indices into `entries` (`None`: all, in order).
    view: Option<Vec<u32>>,
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
    pub fn open(path: &Path) -> Result<GameList, String> {
        let source = chess_db::source::open(path).map_err(|e| format!("cannot read {e}"))?;
        let (size, scanned) = (source.size, source.read.clone());
        let compressed = source.compression != Compression::None;
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
                if scan.is_ok() {
                    let _ = send_problems.send(check(&check_path));
                }
            })
            .map_err(|e| format!("cannot start reading {}: {e}", path.display()))?;
        Ok(GameList {
            path: path.to_path_buf(),
            size,
            compressed,
            entries: Vec::new(),
            text: String::new(),
            filter: String::new(),
            sort: None,
            view: None,
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
        let Some(mut background) = self.background.take() else {
            return false;
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
        if added && (self.sort.is_some() || !self.filter.is_empty()) {
            self.refresh();
        }
        self.background.is_some()
    }

    /// Whether the file is still being scanned.
    pub fn is_scanning(&self) -> bool {
        self.background.as_ref().is_some_and(|b| b.games.is_some())
    }

    /// Keeps a scanned game: its offset, line, moves and fields.
    fn add(&mut self, game: &ScannedGame) {
        let mut fields = [(0u32, 0u16); 5];
        for (field, name) in fields.iter_mut().zip(FIELDS) {
            let value = game.tag(name).and_then(crate::model::files::known).unwrap_or("");
            let value = &value[..value.floor_char_boundary(u16::MAX as usize)];
            *field = (self.text.len() as u32, value.len() as u16);
            self.text.push_str(value);
        }
        self.entries.push(Entry {
            offset: game.offset,
            line: game.line as u32,
            moves: game.moves,
            fields,
        });
    }

    /// The index into `entries` of row `i` shown.
    fn entry_index(&self, i: usize) -> Option<usize> {
        match &self.view {
            Some(view) => view.get(i).map(|&e| e as usize),
            None => (i < self.entries.len()).then_some(i),
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
        let index = self.entry_index(i)?;
        let entry = &self.entries[index];
        let field = |span| span_text(&self.text, span);
        Some(Row {
            number: index + 1,
            fields: entry.fields.map(field),
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

    /// Recomputes the rows shown from the filter and the sort.
    fn refresh(&mut self) {
        if self.filter.is_empty() && self.sort.is_none() {
            self.view = None;
            return;
        }
        let needle = self.filter.to_lowercase();
        let text = &self.text;
        let field = |e: &Entry, f: usize| span_text(text, e.fields[f]);
        let mut view: Vec<u32> = (0..self.entries.len() as u32)
            .filter(|&i| {
                needle.is_empty()
                    || (0..FIELDS.len()).any(|f| field(&self.entries[i as usize], f).to_lowercase().contains(&needle))
            })
            .collect();
        if let Some((column, ascending)) = self.sort {
            let entries = &self.entries;
            match column.field() {
                Some(f) => view.sort_by(|&a, &b| field(&entries[a as usize], f).cmp(field(&entries[b as usize], f))),
                None if column == Column::Moves => view.sort_by_key(|&i| entries[i as usize].moves),
                None => {}
            }
            if !ascending {
                view.reverse();
            }
        }
        self.view = Some(view);
    }

    /// Reads the game of row `i` from the file.
    pub fn read(&self, i: usize) -> Result<Game, String> {
        let index = self.entry_index(i).ok_or("no such game")?;
        let entry = &self.entries[index];
        let end = self.entries.get(index + 1).map_or(u64::MAX, |next| next.offset);
        let cannot = |e: std::io::Error| format!("cannot read {}: {e}", self.path.display());
        let text: Box<dyn BufRead> = if self.compressed {
            // No seeking in a compressed stream: the text before is skipped.
            let mut source = chess_db::source::open(&self.path).map_err(|e| format!("cannot read {e}"))?;
            std::io::copy(&mut (&mut source.reader).take(entry.offset), &mut std::io::sink()).map_err(cannot)?;
            Box::new(source.reader.take(end.saturating_sub(entry.offset)))
        } else {
            let mut file = std::fs::File::open(&self.path).map_err(cannot)?;
            file.seek(SeekFrom::Start(entry.offset)).map_err(cannot)?;
            Box::new(BufReader::new(file.take(end.saturating_sub(entry.offset))))
        };
        let mut reader = PgnReader::new(text);
        match reader.read_game() {
            Some(Ok(mut game)) => {
                game.to_start();
                game.to_end();
                Ok(game)
            }
            Some(Err(e)) => Err(format!(
                "game {} (from line {}) cannot be read: {} (line {})",
                index + 1,
                entry.line,
                e.kind,
                entry.line as usize + e.line - 1
            )),
            None => Err(format!("game {} is empty", index + 1)),
        }
    }

    /// Bytes the list keeps per game (entries and their text), for the
    /// README's figures.
    pub fn bytes_per_game(&self) -> f64 {
        let bytes = self.entries.capacity() * std::mem::size_of::<Entry>() + self.text.capacity();
        bytes as f64 / self.entries.len().max(1) as f64
    }
}

/// Reads every game of the file on every core, keeping only the errors.
fn check(path: &Path) -> Vec<Problem> {
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
        let mut list = GameList::open(path).unwrap();
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
        assert_eq!(first.fields, ["Carla", "Bo", "1-0", "2026.01.02", ""]);
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

    #[test]
    fn a_list_keeps_little_per_game() {
        let game = "[Event \"Club rapid 3\"]\n[Site \"Oslo NOR\"]\n[Date \"2026.10.12\"]\n[White \"Anna Berg\"]\n[Black \"Bo Chen\"]\n[Result \"1-0\"]\n[WhiteElo \"1866\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
        let (_dir, list) = listed(&game.repeat(5000));
        assert_eq!(list.games(), 5000);
        assert!(list.bytes_per_game() < 200.0, "{}", list.bytes_per_game());
    }
}
