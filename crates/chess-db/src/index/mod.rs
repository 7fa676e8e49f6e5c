//! The index of a PGN file: a cache, not an import. The PGN stays the
//! data; the index, kept in the user's cache directory (or where asked),
//! says where each game is, what its header says, and its main line in a
//! compact form, so that questions are answered without reading the PGN.
//!
//! Opening a file finds its index and checks it against the file (path,
//! size, time, hashes of its ends and samples between): the same file is
//! searched at once; a file that only grew is indexed from its last
//! segment on; any other change, a damaged or foreign index, or none at
//! all, and it is built anew. Building runs in the background on every
//! core; meanwhile queries answer on what is indexed so far
//! ([`crate::Database::progress`] says how far).

pub(crate) mod blob;
mod build;
pub(crate) mod bytes;
pub(crate) mod columns;
pub(crate) mod late;
pub(crate) mod popular;
mod read;
pub(crate) mod segment;
pub(crate) mod shapes;
pub(crate) mod store;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::thread::JoinHandle;

use blob::Part;
pub use build::Resume;
pub(crate) use columns::ColumnCache;
use segment::{HeaderColumns, Names, NewNames, SEGMENT_GAMES};
use store::{SegmentInfo, Store};

use crate::identity::{Change, Identity};
use crate::{Corrupt, Error, Unreadable};

/// How to open a database.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Where the index is kept (default: the cache directory, see
    /// [`default_index_path`]).
    pub index: Option<PathBuf>,
    /// How many threads read the PGN (default: one a core).
    pub threads: Option<usize>,
    /// How many games a segment holds (default and most: 65,536). Smaller
    /// segments only serve to try many on a small file (tests).
    pub segment_games: Option<usize>,
    /// The cache folder, where indexes are kept when `index` does not say
    /// (default: [`crate::cache::dir`]).
    pub cache_dir: Option<PathBuf>,
    /// The cache folder's size limit, when the index is kept there (default:
    /// [`crate::cache::limit`]); see [`crate::cache`].
    pub cache_limit: Option<u64>,
    /// How many bytes of decoded columns are kept in memory between
    /// queries (default 64 MiB): what makes a query's memory the same
    /// whatever the collection's size. A collection whose columns fit is
    /// decoded once; a larger one, again segment by segment each query.
    pub memory_limit: Option<usize>,
}

/// Where the index of `pgn` is kept by default: in the cache folder
/// ([`crate::cache::dir`]), as `NAME-HASH.sqlite`, the hash being that of
/// the file's canonical path.
pub fn default_index_path(pgn: &Path) -> PathBuf {
    index_path_in(&crate::cache::dir(), pgn)
}

/// Where the index of `pgn` is kept in the cache folder `dir`.
fn index_path_in(dir: &Path, pgn: &Path) -> PathBuf {
    let canonical = pgn.canonicalize().unwrap_or_else(|_| pgn.to_path_buf());
    let name = canonical
        .file_name()
        .map_or_else(|| "games".to_string(), |n| n.to_string_lossy().into_owned());
    let key = crate::identity::hash(canonical.to_string_lossy().as_bytes());
    dir.join(format!("{name}-{key:016x}.sqlite"))
}

/// What an index holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games, readable or not.
    pub games: u64,
    /// Plies of all main lines.
    pub plies: u64,
    /// Games that could not be read.
    pub unreadable: u64,
    /// Positions in the opening tables.
    pub opening_positions: u64,
    /// Games listed under them.
    pub opening_entries: u64,
}

/// How far indexing has come.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Bytes of the file read (compressed bytes for a compressed file).
    pub bytes: u64,
    /// The file's size.
    pub size: u64,
    /// Games indexed.
    pub games: u64,
    /// Whether indexing has ended (the whole file, or cancelled, or failed).
    pub done: bool,
}

impl Progress {
    /// The share of the file read, 0 to 1.
    pub fn fraction(&self) -> f64 {
        if self.done || self.size == 0 {
            1.0
        } else {
            (self.bytes as f64 / self.size as f64).min(1.0)
        }
    }
}

/// The counters a build updates.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    read: Mutex<Option<(Arc<AtomicU64>, u64)>>,
    pub(crate) games: AtomicU64,
    done: AtomicBool,
}

impl Counters {
    pub(crate) fn set_source(&self, read: Arc<AtomicU64>, size: u64) {
        if let Ok(mut r) = self.read.lock() {
            *r = Some((read, size));
        }
    }
}

/// A segment of the index; its columns are read when a query needs them
/// (through the database's [`ColumnCache`]).
#[derive(Debug)]
pub(crate) struct Segment {
    pub(crate) info: SegmentInfo,
}

impl Segment {
    /// A segment of the store.
    pub(crate) fn stored(info: SegmentInfo) -> Segment {
        Segment { info }
    }
}

/// What the database and its build share.
#[derive(Debug)]
pub(crate) struct Shared {
    segments: RwLock<Vec<Arc<Segment>>>,
    /// The name lists, gathered from the segments when a query first
    /// needs them (`None` until then: a position search never does).
    names: RwLock<Option<Arc<Names>>>,
    pub(crate) progress: Counters,
    pub(crate) cancel: AtomicBool,
    /// A connection for reading columns not yet loaded.
    reader: Mutex<Option<Store>>,
    index_path: PathBuf,
    /// How many games a segment holds.
    pub(crate) segment_games: usize,
    /// The columns decoded for queries, kept under a limit (one cache for
    /// all the files of a collection).
    columns: Arc<ColumnCache>,
    /// This file's number in that cache.
    file_key: u64,
}

impl Shared {
    /// A segment is written (`headers`: its header columns, with the
    /// names it added): it is searched from now on.
    pub(crate) fn publish(&self, segment: Segment, headers: &HeaderColumns) {
        // Lists gathered since the segment was written hold these
        // already: `extend` leaves them out.
        if let Ok(mut names) = self.names.write()
            && let Some(names) = names.as_mut()
        {
            Arc::make_mut(names).extend(headers.names_before.map(|n| n as usize), &headers.new_names);
        }
        if let Ok(mut s) = self.segments.write() {
            s.push(Arc::new(segment));
        }
    }

    /// Runs `read` on the connection that reads the index for queries.
    fn with_reader<T>(&self, read: impl FnOnce(&Store) -> Result<T, Error>) -> Result<T, Error> {
        let mut reader = self
            .reader
            .lock()
            .map_err(|_| Error::Index("the index reader failed".into()))?;
        if reader.is_none() {
            *reader = Some(Store::open(&self.index_path)?);
        }
        read(reader.as_ref().ok_or_else(|| Error::Index("no index".into()))?)
    }

    fn load_blob(&self, id: u32, part: Part) -> Result<Option<Vec<u8>>, Error> {
        self.with_reader(|store| store.blob(id, part))
    }

    /// Segment `id`'s blob of `part`, which it must have.
    fn must_blob(&self, id: u32, part: Part) -> Result<Vec<u8>, Error> {
        self.load_blob(id, part)?
            .ok_or_else(|| Error::Damaged(format!("segment {id} has no {part:?} blob")))
    }
}

/// One PGN file with its index: what a [`crate::Database`] is made of (one
/// for a file, one for each file of a folder). Game numbers here are the
/// file's own, from 1.
#[derive(Debug)]
pub(crate) struct FileIndex {
    pgn: PathBuf,
    index_path: PathBuf,
    /// The file as it was opened: a query checks it is still the same.
    pub(crate) identity: Identity,
    /// The size and time last checked to be the same file.
    seen: Mutex<(u64, i64)>,
    pub(crate) shared: Arc<Shared>,
    builder: Mutex<Option<JoinHandle<Result<(), Error>>>>,
}

impl FileIndex {
    /// Opens the collection in `pgn` (plain, `.zst`, `.gz` or `.bz2`),
    /// with its index: used as it is when it fits the file, extended when
    /// the file only grew, built anew otherwise (in the background: see
    /// [`Database::wait`] and [`Database::progress`]). A missing file, a
    /// directory, or an unreadable file is an error.
    /// (`columns`: the collection's cache of decoded columns; `siblings`:
    /// the collection's other files, whose indexes a tidy of the cache
    /// folder keeps.)
    pub fn open(
        pgn: &Path,
        options: &Options,
        columns: Arc<ColumnCache>,
        siblings: &[PathBuf],
    ) -> Result<FileIndex, Error> {
        let id = Identity::of(pgn).map_err(|e| Error::Io(format!("{}: {e}", pgn.display())))?;
        crate::source::open(pgn).map_err(|e| Error::Io(e.to_string()))?;
        let cache_dir = options.cache_dir.clone().unwrap_or_else(crate::cache::dir);
        let index_path = options.index.clone().unwrap_or_else(|| index_path_in(&cache_dir, pgn));
        let threads = options
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1);
        let segment_games = options.segment_games.unwrap_or(SEGMENT_GAMES).clamp(1, SEGMENT_GAMES);
        let (store, segments, resume) = match Self::reuse(&index_path, &id, segment_games) {
            Ok(Some(found)) => found,
            // No index, a damaged or foreign one, or one of another file.
            Ok(None) | Err(_) => {
                let store = Store::create(&index_path, &id)?;
                store.set_segment_games(segment_games)?;
                (store, Vec::new(), Some((Resume::start(), Names::default())))
            }
        };
        if options.index.is_none() {
            // In the cache: this index is the most recently used, and the
            // folder is tidied when it grows (and now and then).
            crate::cache::touch(&index_path);
            if resume.is_some() || !crate::cache::tidied_lately(&cache_dir) {
                let limit = options.cache_limit.unwrap_or_else(crate::cache::limit);
                // A cache that cannot be tidied still serves.
                let keep: Vec<PathBuf> = siblings.iter().map(|f| index_path_in(&cache_dir, f)).collect();
                let mut keep: Vec<&Path> = keep.iter().map(PathBuf::as_path).collect();
                keep.push(&index_path);
                let _ = crate::cache::tidy(&cache_dir, limit, &keep);
            }
        }
        let shared = Arc::new(Shared {
            segments: RwLock::new(segments.into_iter().map(|s| Arc::new(Segment::stored(s))).collect()),
            names: RwLock::new(None),
            progress: Counters::default(),
            cancel: AtomicBool::new(false),
            reader: Mutex::new(None),
            index_path: index_path.clone(),
            segment_games,
            file_key: columns.file_key(),
            columns,
        });
        let games = shared
            .segments
            .read()
            .map_or(0, |s| s.last().map_or(0, |l| l.info.first + l.info.games));
        shared.progress.games.store(u64::from(games), Ordering::Relaxed);
        let builder = match resume {
            Some((resume, names)) => {
                let (shared, pgn) = (shared.clone(), id.path.clone());
                Some(std::thread::spawn(move || {
                    let result = build::build(&pgn, store, resume, names, threads, &shared);
                    shared.progress.done.store(true, Ordering::Relaxed);
                    result
                }))
            }
            None => {
                shared.progress.done.store(true, Ordering::Relaxed);
                None
            }
        };
        Ok(FileIndex {
            pgn: id.path.clone(),
            identity: id,
            index_path,
            shared,
            seen: Mutex::new((0, 0)),
            builder: Mutex::new(builder),
        })
    }

    /// Whether the file is still the one indexed (its size and time; its
    /// hashes when those moved: a file only touched, or grown, still is, and
    /// answers for what was indexed). An error says what became of it.
    pub fn check_file(&self) -> Result<(), Error> {
        let changed = |why: &str| Error::Io(format!("{}: {why} since it was opened", self.pgn.display()));
        let meta = std::fs::metadata(&self.pgn).map_err(|_| changed("removed"))?;
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos() as i64);
        let now = (meta.len(), mtime);
        let known = (self.identity.size, self.identity.mtime);
        if now == known || self.seen.lock().is_ok_and(|s| *s == now) {
            return Ok(());
        }
        if meta.len() < self.identity.size {
            return Err(changed("truncated"));
        }
        let id = Identity::of(&self.pgn).map_err(|e| changed(&format!("unreadable ({e})")))?;
        match id.change_from(&self.identity) {
            Ok(Change::Same | Change::Appended) => {
                if let Ok(mut seen) = self.seen.lock() {
                    *seen = now;
                }
                Ok(())
            }
            Ok(Change::Changed) => Err(changed("replaced or changed")),
            Err(e) => Err(changed(&format!("unreadable ({e})"))),
        }
    }

    /// The index at `path`, if it can serve the file `id`: with its
    /// segments, and where to go on indexing with the names numbered so far
    /// (none when it is complete).
    #[allow(clippy::type_complexity)]
    fn reuse(
        path: &Path,
        id: &Identity,
        segment_games: usize,
    ) -> Result<Option<(Store, Vec<SegmentInfo>, Option<(Resume, Names)>)>, Error> {
        let mut store = Store::open(path)?;
        let old = store.identity()?;
        if old.path != id.path || store.segment_games()? != segment_games {
            return Ok(None);
        }
        let change = id.change_from(&old).map_err(|e| Error::Io(e.to_string()))?;
        let mut segments = store.segments()?;
        let complete = store.is_complete()?;
        match change {
            Change::Same if complete => Ok(Some((store, segments, None))),
            Change::Changed => Ok(None),
            // Interrupted, or grown: from the last segment on, which may
            // not have been full.
            Change::Same | Change::Appended => {
                // Every segment's names, checked, to go on numbering them,
                // and the last one's row: indexing goes on from where it
                // says its first game starts, and a row changed in the file
                // would resume inside a game. A blob is sealed with its
                // row, so its checksum checks the row too. Any damage, and
                // the index is built anew.
                let mut names = Names::default();
                for info in &segments {
                    let Some(blob) = store.blob(info.id, Part::Names)? else {
                        return Ok(None);
                    };
                    let Ok(new) = NewNames::from_blob(&blob, info) else {
                        return Ok(None);
                    };
                    // The last segment is indexed again: its names are not
                    // kept.
                    if Some(info) != segments.last() && names.append(&new).is_err() {
                        return Ok(None);
                    }
                }
                let resume = match segments.pop() {
                    Some(last) => {
                        store.truncate(last.id)?;
                        Resume {
                            segment: last.id,
                            game: last.first,
                            offset: last.start,
                            line: last.start_line,
                        }
                    }
                    None => Resume::start(),
                };
                store.set_identity(id)?;
                Ok(Some((store, segments, Some((resume, names)))))
            }
        }
    }

    /// The PGN file.
    pub fn pgn_path(&self) -> &Path {
        &self.pgn
    }

    /// Where the index is kept.
    pub fn index_path(&self) -> &Path {
        &self.index_path
    }

    /// How far indexing has come.
    pub fn progress(&self) -> Progress {
        let p = &self.shared.progress;
        let (bytes, size) = p
            .read
            .lock()
            .ok()
            .and_then(|r| r.as_ref().map(|(read, size)| (read.load(Ordering::Relaxed), *size)))
            .unwrap_or((0, 0));
        Progress {
            bytes,
            size,
            games: p.games.load(Ordering::Relaxed),
            done: p.done.load(Ordering::Relaxed),
        }
    }

    /// Waits until indexing ends; its error, if it failed.
    pub fn wait(&self) -> Result<(), Error> {
        let handle = self.builder.lock().ok().and_then(|mut b| b.take());
        match handle {
            Some(h) => h.join().map_err(|_| Error::Index("indexing failed".into()))?,
            None => Ok(()),
        }
    }

    /// Stops indexing (what is indexed stays, and is gone on with next
    /// time the file is opened).
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }

    /// The games indexed so far (all of them once indexing is done),
    /// readable or not.
    pub fn game_count(&self) -> u64 {
        self.segments().iter().map(|s| u64::from(s.info.games)).sum()
    }

    /// What the index holds (indexed so far).
    pub fn stats(&self) -> Result<Stats, Error> {
        let mut stats = Stats::default();
        for segment in self.segments() {
            let search = self.search_columns(&segment)?;
            stats.games += u64::from(segment.info.games);
            stats.plies += search.plies.iter().map(|&p| u64::from(p)).sum::<u64>();
            stats.unreadable += search.flags.iter().filter(|&&f| f & segment::UNREADABLE != 0).count() as u64;
            let (positions, entries) = search.openings;
            stats.opening_positions += positions;
            stats.opening_entries += entries;
        }
        Ok(stats)
    }

    /// The games that could not be read, with line and reason.
    pub fn unreadable(&self) -> Result<Vec<Unreadable>, Error> {
        let mut all = Vec::new();
        for segment in self.segments() {
            all.extend(self.header_columns(&segment)?.errors.iter().cloned());
        }
        Ok(all)
    }

    /// The segments indexed so far.
    pub(crate) fn segments(&self) -> Vec<Arc<Segment>> {
        self.shared.segments.read().map(|s| s.clone()).unwrap_or_default()
    }

    /// The name lists, gathered from the segments (checked) the first time.
    pub(crate) fn names(&self) -> Result<Arc<Names>, Error> {
        let lock = |e: String| Error::Index(format!("the name lists failed: {e}"));
        if let Some(names) = self.shared.names.read().map_err(|e| lock(e.to_string()))?.as_ref() {
            return Ok(names.clone());
        }
        // Read under the write lock, so a segment published meanwhile
        // waits and then adds only what the index did not hold yet.
        let mut slot = self.shared.names.write().map_err(|e| lock(e.to_string()))?;
        if slot.is_none() {
            let mut names = Names::default();
            for segment in self.segments() {
                names.append(&*self.new_names(&segment)?).map_err(damaged)?;
            }
            *slot = Some(Arc::new(names));
        }
        Ok(slot.clone().unwrap_or_default())
    }

    /// The names of the players numbered `ids`.
    pub(crate) fn player_names(&self, ids: &[u32]) -> Result<Vec<String>, Error> {
        let names = self.names()?;
        Ok(ids
            .iter()
            .map(|&n| names.players.names.get(n as usize).cloned().unwrap_or_default())
            .collect())
    }
}

impl Drop for FileIndex {
    fn drop(&mut self) {
        // A build in the background stops with the database.
        self.shared.cancel.store(true, Ordering::Relaxed);
        if let Some(h) = self.builder.lock().ok().and_then(|mut b| b.take()) {
            let _ = h.join();
        }
    }
}

fn damaged(e: Corrupt) -> Error {
    Error::Damaged(e.0.to_string())
}
