//! A collection: one PGN file, or a folder of them asked as one (a year of
//! lichess's monthly dumps, TWIC's weekly issues).
//!
//! Each file keeps its own index, which stays a cache (see
//! [`crate::cache`]). The collection's games are its files' games one file
//! after the other, the files in the order of their paths: game numbers
//! run on from one file to the next, and [`Database::locate`] says which
//! file a game is in and its number there. Queries run over every file's
//! segments at once, on every core, and give their answers in that order.
//!
//! Files are indexed one after another (each on every core), in the
//! background; queries meanwhile answer on the files indexed so far, as for
//! one file. Each query first checks that every file is still the one
//! indexed (its size and time, and its hashes when those moved): a file of a
//! folder that was removed, replaced, truncated or cannot be read any more
//! is left out of the answer and named in [`Database::problems`], and the
//! others answer; a file opened alone gives an error instead. Nothing is
//! ever answered from the index of a file that changed.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::thread::JoinHandle;

use crate::Error;
use crate::index::columns::{self, ColumnCache};
use crate::index::{FileIndex, Options, Progress};

/// A file of a folder that is left out of the answers, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileProblem {
    /// The file.
    pub file: PathBuf,
    /// What is wrong with it.
    pub error: Error,
}

impl std::fmt::Display for FileProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.error)
    }
}

/// Whether `path` names a PGN file: `.pgn`, or `.pgn.zst`, `.pgn.gz`,
/// `.pgn.bz2` (any case).
pub fn is_pgn_name(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    [".pgn", ".pgn.zst", ".pgn.gz", ".pgn.bz2"]
        .iter()
        .any(|end| name.ends_with(end))
}

/// The PGN files under `folder` (and its folders), in the order of their
/// paths. Hidden files and folders (a name starting with `.`) are left out.
pub fn pgn_files(folder: &Path) -> Result<Vec<PathBuf>, Error> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(dir) = folders.pop() {
        let read = std::fs::read_dir(&dir).map_err(|e| Error::Io(format!("{}: {e}", dir.display())))?;
        for item in read.flatten() {
            let path = item.path();
            if item.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            match item.file_type() {
                Ok(t) if t.is_dir() => folders.push(path),
                Ok(_) if is_pgn_name(&path) && path.is_file() => files.push(path),
                _ => {}
            }
        }
    }
    files.sort();
    Ok(files)
}

/// An opened file of the collection.
#[derive(Debug)]
pub(crate) struct Member {
    /// Its place in [`Database::files`].
    pub(crate) file: usize,
    pub(crate) index: Arc<FileIndex>,
    /// Its size when opened (compressed bytes for a compressed file).
    size: u64,
}

/// A file of the collection as a query sees it: its index and the
/// collection's number (from 0) of its first game.
#[derive(Clone, Debug)]
pub(crate) struct Part {
    pub(crate) index: Arc<FileIndex>,
    pub(crate) offset: u64,
}

/// What the database and its opener share.
#[derive(Debug, Default)]
struct Opened {
    members: RwLock<Vec<Member>>,
    problems: Mutex<Vec<FileProblem>>,
    /// Whether the opener has opened every file it could.
    all: AtomicBool,
}

impl Opened {
    fn problem(&self, file: &Path, error: Error) {
        if let Ok(mut p) = self.problems.lock()
            && !p.iter().any(|q| q.file == file && q.error == error)
        {
            p.push(FileProblem {
                file: file.to_path_buf(),
                error,
            });
        }
    }
}

/// A collection of games: a PGN file (plain, `.zst`, `.gz`, `.bz2`), or a
/// folder of them, with their indexes. See the [crate](crate)'s
/// documentation for its queries.
///
/// ```no_run
/// use chess_db::{Database, Options};
/// let db = Database::open("games.pgn.zst".as_ref(), &Options::default())?;
/// db.wait()?; // or query at once: what is indexed so far
/// let start = chess_core::Position::new();
/// let explorer = db.explore(&start, None)?;
/// for row in &explorer.moves {
///     println!("{} {} games", row.san, row.games);
/// }
/// # Ok::<(), chess_db::Error>(())
/// ```
#[derive(Debug)]
pub struct Database {
    path: PathBuf,
    folder: bool,
    files: Vec<PathBuf>,
    opened: Arc<Opened>,
    cancel: Arc<AtomicBool>,
    opener: Mutex<Option<JoinHandle<()>>>,
}

impl Database {
    /// Opens the collection at `path`: a PGN file (plain, `.zst`, `.gz` or
    /// `.bz2`), or a folder, whose PGN files (`.pgn`, `.pgn.zst`, `.pgn.gz`,
    /// `.pgn.bz2`, in its folders too) are asked as one collection. Each
    /// file's index is used as it is when it fits the file, extended when
    /// the file only grew, built anew otherwise (in the background: see
    /// [`Database::wait`] and [`Database::progress`]). A missing path, or a
    /// file that cannot be read, is an error; a folder's file that cannot
    /// be read is left out and named in [`Database::problems`].
    pub fn open(path: &Path, options: &Options) -> Result<Database, Error> {
        let meta = std::fs::metadata(path).map_err(|e| Error::Io(format!("{}: {e}", path.display())))?;
        let folder = meta.is_dir();
        let files = if folder {
            pgn_files(path)?
        } else {
            vec![path.to_path_buf()]
        };
        if files.is_empty() {
            return Err(Error::Io(format!(
                "{}: a folder with no PGN file (.pgn, .pgn.zst, .pgn.gz, .pgn.bz2)",
                path.display()
            )));
        }
        if folder && options.index.is_some() {
            return Err(Error::Query(
                "a folder's files each keep their own index, in the cache folder: no index path can be given".into(),
            ));
        }
        let columns = Arc::new(ColumnCache::new(options.memory_limit.unwrap_or(columns::DEFAULT_LIMIT)));
        let opened = Arc::new(Opened::default());
        let cancel = Arc::new(AtomicBool::new(false));
        let db = |opener| Database {
            path: path.to_path_buf(),
            folder,
            files: files.clone(),
            opened: opened.clone(),
            cancel: cancel.clone(),
            opener: Mutex::new(opener),
        };
        if !folder {
            let index = FileIndex::open(path, options, columns, &[])?;
            push(&opened, 0, index);
            opened.all.store(true, Ordering::Relaxed);
            return Ok(db(None));
        }
        // The files whose indexes serve as they are open now; from the first
        // that builds on, one after another in the background.
        let mut next = 0;
        while next < files.len() {
            let file = next;
            next += 1;
            match FileIndex::open(&files[file], options, columns.clone(), &files) {
                Ok(index) => {
                    let building = !index.progress().done;
                    push(&opened, file, index);
                    if building {
                        break;
                    }
                }
                Err(e) => opened.problem(&files[file], e),
            }
        }
        let opener = (next < files.len()
            || opened
                .members
                .read()
                .is_ok_and(|m| m.iter().any(|m| !m.index.progress().done)))
        .then(|| {
            let (files, opened, cancel, options) = (files.clone(), opened.clone(), cancel.clone(), options.clone());
            std::thread::spawn(move || open_rest(&files, next, &opened, &cancel, &options, &columns))
        });
        if opener.is_none() {
            opened.all.store(true, Ordering::Relaxed);
        }
        Ok(db(opener))
    }

    /// What was opened: the file, or the folder.
    pub fn pgn_path(&self) -> &Path {
        &self.path
    }

    /// Whether a folder was opened.
    pub fn is_folder(&self) -> bool {
        self.folder
    }

    /// The collection's PGN files, in order (one for a file opened alone).
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// The indexes of the files opened so far.
    pub fn index_paths(&self) -> Vec<PathBuf> {
        self.members(|m| m.iter().map(|m| m.index.index_path().to_path_buf()).collect())
    }

    /// The files left out of answers (not readable, changed since they were
    /// opened, a damaged index), and why; always empty for a file opened
    /// alone, whose problems are errors.
    pub fn problems(&self) -> Vec<FileProblem> {
        self.opened.problems.lock().map(|p| p.clone()).unwrap_or_default()
    }

    fn members<T>(&self, f: impl FnOnce(&[Member]) -> T) -> T {
        match self.opened.members.read() {
            Ok(m) => f(&m),
            Err(poisoned) => f(&poisoned.into_inner()),
        }
    }

    /// The opened files as queries see them, with the number their first
    /// game comes after; checked first: a file that changed since it was
    /// opened is left out (and named in [`Database::problems`]), or for a
    /// file opened alone, an error.
    pub(crate) fn parts(&self) -> Result<Vec<Part>, Error> {
        let all: Vec<Arc<FileIndex>> = self.members(|m| m.iter().map(|m| m.index.clone()).collect());
        let mut parts = Vec::with_capacity(all.len());
        let mut offset = 0;
        for index in all {
            let games = index.game_count();
            match index.check_file() {
                Ok(()) => parts.push(Part { index, offset }),
                Err(e) if self.folder => self.opened.problem(index.pgn_path(), e),
                Err(e) => return Err(e),
            }
            offset += games;
        }
        Ok(parts)
    }

    /// Leaves a file out of the answers for `error` (in a folder; for a
    /// file opened alone, the error is the answer).
    pub(crate) fn left_out(&self, part: &Part, error: Error) -> Result<(), Error> {
        if !self.folder {
            return Err(error);
        }
        if let Error::Damaged(_) = error {
            // Never trusted again: built anew when next opened.
            let _ = std::fs::remove_file(part.index.index_path());
        }
        self.opened.problem(part.index.pgn_path(), error);
        Ok(())
    }

    /// The file game `number` (from 1) of the collection is in, and its
    /// number there (from 1); `None` past the games indexed.
    pub fn locate(&self, number: u64) -> Option<(PathBuf, u64)> {
        self.locate_member(number)
            .map(|(index, local)| (index.pgn_path().to_path_buf(), local))
    }

    /// The index game `number` is in, and its number there.
    pub(crate) fn locate_member(&self, number: u64) -> Option<(Arc<FileIndex>, u64)> {
        let mut before = 0;
        self.members(|members| {
            for m in members {
                let games = m.index.game_count();
                if number > before && number <= before + games {
                    return Some((m.index.clone(), number - before));
                }
                before += games;
            }
            None
        })
    }

    /// How far indexing has come, over every file (bytes of the files not
    /// yet reached count as unread).
    pub fn progress(&self) -> Progress {
        let mut progress = Progress::default();
        let mut reached = 0;
        let mut done = self.opened.all.load(Ordering::Relaxed);
        self.members(|members| {
            for m in members {
                let p = m.index.progress();
                progress.games += p.games;
                progress.size += m.size;
                progress.bytes += if p.done { m.size } else { p.bytes.min(m.size) };
                done &= p.done;
                reached = reached.max(m.file + 1);
            }
        });
        for file in self.files.iter().skip(reached) {
            progress.size += std::fs::metadata(file).map_or(0, |m| m.len());
        }
        progress.done = done;
        progress
    }

    /// Waits until indexing ends; its error, if it failed (for a folder,
    /// the files that failed are in [`Database::problems`] instead).
    pub fn wait(&self) -> Result<(), Error> {
        if let Some(opener) = self.opener.lock().ok().and_then(|mut o| o.take()) {
            opener
                .join()
                .map_err(|_| Error::Index("opening the folder's files failed".into()))?;
        }
        let indexes: Vec<Arc<FileIndex>> = self.members(|m| m.iter().map(|m| m.index.clone()).collect());
        for index in indexes {
            match index.wait() {
                Ok(()) => {}
                Err(e) if self.folder => self.opened.problem(index.pgn_path(), e),
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Stops indexing (what is indexed stays, and is gone on with next
    /// time the collection is opened).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::SeqCst);
        self.members(|m| m.iter().for_each(|m| m.index.cancel()));
    }

    /// The games indexed so far (all of them once indexing is done),
    /// readable or not.
    pub fn game_count(&self) -> u64 {
        self.members(|m| m.iter().map(|m| m.index.game_count()).sum())
    }

    /// What the indexes hold (indexed so far).
    pub fn stats(&self) -> Result<crate::Stats, Error> {
        let mut stats = crate::Stats::default();
        for part in self.parts()? {
            let s = part.index.stats()?;
            stats.games += s.games;
            stats.plies += s.plies;
            stats.unreadable += s.unreadable;
            stats.opening_positions += s.opening_positions;
            stats.opening_entries += s.opening_entries;
        }
        Ok(stats)
    }

    /// The games that could not be read, with line and reason (their
    /// numbers the collection's: [`Database::locate`] says in which file).
    pub fn unreadable(&self) -> Result<Vec<crate::Unreadable>, Error> {
        let mut all = Vec::new();
        for part in self.parts()? {
            all.extend(part.index.unreadable()?.into_iter().map(|mut u| {
                u.game += part.offset;
                u
            }));
        }
        Ok(all)
    }

    /// Deletes the indexes (a cache: the next open builds them again).
    pub fn delete_index(self) -> Result<(), Error> {
        self.cancel();
        let _ = self.wait();
        let paths = self.index_paths();
        drop(self);
        for path in paths {
            std::fs::remove_file(&path).map_err(|e| Error::Io(format!("{}: {e}", path.display())))?;
        }
        Ok(())
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        // Builds in the background stop with the database.
        self.cancel();
        if let Some(opener) = self.opener.lock().ok().and_then(|mut o| o.take()) {
            let _ = opener.join();
        }
    }
}

/// Adds an opened file.
fn push(opened: &Opened, file: usize, index: FileIndex) {
    let size = std::fs::metadata(index.pgn_path()).map_or(0, |m| m.len());
    if let Ok(mut members) = opened.members.write() {
        members.push(Member {
            file,
            index: Arc::new(index),
            size,
        });
    }
}

/// The opener of a folder: waits for the file being built, then opens the
/// files from `next` on, one after another, each built before the next.
fn open_rest(
    files: &[PathBuf],
    next: usize,
    opened: &Opened,
    cancel: &AtomicBool,
    options: &Options,
    columns: &Arc<ColumnCache>,
) {
    let wait_last = || {
        let last = opened
            .members
            .read()
            .ok()
            .and_then(|m| m.last().map(|m| m.index.clone()));
        if let Some(index) = last
            && let Err(e) = index.wait()
        {
            opened.problem(index.pgn_path(), e);
        }
    };
    wait_last();
    for file in &files[next..] {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        match FileIndex::open(file, options, columns.clone(), files) {
            Ok(index) => {
                push(opened, files.iter().position(|f| f == file).unwrap_or(0), index);
                // Cancelled while it opened (after the flag is set, a cancel
                // stops the builds it finds; this one it may not have).
                if cancel.load(Ordering::SeqCst) {
                    opened
                        .members
                        .read()
                        .ok()
                        .and_then(|m| m.last().map(|m| m.index.cancel()));
                }
                wait_last();
            }
            Err(e) => opened.problem(file, e),
        }
    }
    opened.all.store(true, Ordering::Relaxed);
}
