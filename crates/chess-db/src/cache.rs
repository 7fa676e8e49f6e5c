//! The folder where indexes are kept as a cache, and how it keeps itself
//! tidy.
//!
//! An index is about 200 bytes a game: a lichess month's is some 20 GB. So
//! the folder is kept as a cache should be: an index whose PGN file is
//! gone, or has changed (not only grown), is removed, since it can never
//! serve again; and the folder has a size limit ([`limit`]), past which
//! the indexes used least recently are removed. "Used" is the index file's
//! modification time, which opening an index sets to now.
//!
//! Only this folder's own files are touched: `NAME-HASH.sqlite` as
//! [`crate::default_index_path`] names them (with SQLite's `-journal`,
//! `-wal` and `-shm` beside them). An index written in the last minute
//! (being built, or just opened) is never removed by [`tidy`]; [`clear`]
//! removes all.
//!
//! [`Database::open`](crate::Database::open) tidies the folder when it
//! opens an index there: after building or extending one, and otherwise
//! at most once an hour (a stamp file, `tidied`, says when).

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::Error;
use crate::identity::{Change, Identity};
use crate::index::store::Store;

/// The cache's size limit when none is set: 32 GiB.
pub const DEFAULT_LIMIT: u64 = 32 << 30;

/// An index younger than this is in use (being built, or just opened): a
/// tidy leaves it.
const IN_USE: Duration = Duration::from_secs(60);

/// How often opening an index tidies the folder when it built nothing.
const TIDY_EVERY: Duration = Duration::from_secs(3600);

/// The folder of indexes: `$CHESS_DB_CACHE`, else
/// `$XDG_CACHE_HOME/chess-toolkit/db`, else `~/.cache/chess-toolkit/db`
/// (a folder in the system's temporary folder without a home).
pub fn dir() -> PathBuf {
    std::env::var_os("CHESS_DB_CACHE")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("XDG_CACHE_HOME")
                .filter(|d| !d.is_empty())
                .map(|d| PathBuf::from(d).join("chess-toolkit").join("db"))
        })
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("chess-toolkit").join("db")))
        .unwrap_or_else(|| std::env::temp_dir().join("chess-toolkit-db"))
}

/// The cache's size limit: `$CHESS_DB_CACHE_LIMIT` (bytes, or with a unit:
/// `500M`, `20G`, `1T`), else [`DEFAULT_LIMIT`].
pub fn limit() -> u64 {
    std::env::var("CHESS_DB_CACHE_LIMIT")
        .ok()
        .and_then(|text| parse_size(&text))
        .unwrap_or(DEFAULT_LIMIT)
}

/// A size as people write it: `1234`, `500K`, `500M`, `20G`, `1T` (powers
/// of 1,024; a trailing `B` or `iB` allowed). `None` for anything else.
pub fn parse_size(text: &str) -> Option<u64> {
    let text = text.trim();
    let upper = text.to_ascii_uppercase();
    let number = upper.trim_end_matches("IB").trim_end_matches('B');
    let (digits, shift) = match number.chars().last()? {
        'K' => (&number[..number.len() - 1], 10),
        'M' => (&number[..number.len() - 1], 20),
        'G' => (&number[..number.len() - 1], 30),
        'T' => (&number[..number.len() - 1], 40),
        _ => (number, 0),
    };
    let value: f64 = digits.trim().parse().ok()?;
    (value.is_finite() && value >= 0.0).then(|| (value * (1u64 << shift) as f64) as u64)
}

/// What became of the PGN file an index was made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// The file is as indexed (or only grew: the index is extended when
    /// next opened).
    Current,
    /// The file changed: the index would be built anew.
    Changed,
    /// The file is gone.
    Gone,
    /// Not an index that can be read (damaged, of an older format, cut
    /// short before it said its file).
    Unreadable,
}

impl std::fmt::Display for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            State::Current => "current",
            State::Changed => "file changed",
            State::Gone => "file gone",
            State::Unreadable => "unreadable",
        })
    }
}

/// An index in the cache.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The index file.
    pub index: PathBuf,
    /// The PGN file it is of, when it says.
    pub source: Option<PathBuf>,
    /// Its size on disk, SQLite's side files included.
    pub bytes: u64,
    /// When it was last opened or written.
    pub used: SystemTime,
    /// Whether it can still serve.
    pub state: State,
}

impl Entry {
    /// Whether the index can never serve again.
    pub fn is_stale(&self) -> bool {
        self.state != State::Current
    }
}

/// What [`tidy`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tidied {
    /// The indexes removed, stale ones first, then the least recently used.
    pub removed: Vec<Entry>,
    /// The bytes the indexes left take.
    pub kept_bytes: u64,
}

/// Whether `name` is one of the cache's index files: `NAME-HASH.sqlite`,
/// the hash 16 hexadecimal digits.
fn is_index_name(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".sqlite") else {
        return false;
    };
    match stem.rsplit_once('-') {
        Some((_, hash)) => hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()),
        None => false,
    }
}

/// The index file and SQLite's side files beside it.
fn with_side_files(index: &Path) -> Vec<PathBuf> {
    ["", "-journal", "-wal", "-shm"]
        .iter()
        .map(|suffix| {
            let mut p = index.as_os_str().to_owned();
            p.push(suffix);
            PathBuf::from(p)
        })
        .collect()
}

/// What an index in the cache is of, and whether that file is still as
/// indexed.
fn state_of(index: &Path) -> (Option<PathBuf>, State) {
    let Ok(store) = Store::open(index) else {
        return (None, State::Unreadable);
    };
    let Ok(old) = store.identity() else {
        return (None, State::Unreadable);
    };
    drop(store);
    let state = match std::fs::metadata(&old.path) {
        Err(_) => State::Gone,
        Ok(meta) if !meta.is_file() => State::Gone,
        // The same size and time: the same file, without reading it.
        Ok(meta) if meta.len() == old.size && mtime_nanos(&meta) == old.mtime => State::Current,
        Ok(_) => match Identity::of(&old.path).map(|now| now.change_from(&old)) {
            Ok(Ok(Change::Same | Change::Appended)) => State::Current,
            Ok(Ok(Change::Changed)) => State::Changed,
            Ok(Err(_)) | Err(_) => State::Gone,
        },
    };
    (Some(old.path), state)
}

fn mtime_nanos(meta: &std::fs::Metadata) -> i64 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as i64)
}

/// The indexes in the cache folder `dir` (none when it does not exist), the
/// least recently used first.
pub fn list(dir: &Path) -> Result<Vec<Entry>, Error> {
    let read = match std::fs::read_dir(dir) {
        Ok(read) => read,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::Io(format!("{}: {e}", dir.display()))),
    };
    let mut entries = Vec::new();
    for item in read.flatten() {
        let name = item.file_name();
        if !is_index_name(&name.to_string_lossy()) {
            continue;
        }
        let index = item.path();
        let Ok(meta) = std::fs::metadata(&index) else { continue };
        if !meta.is_file() {
            continue;
        }
        let bytes = with_side_files(&index)
            .iter()
            .filter_map(|p| std::fs::metadata(p).ok())
            .map(|m| m.len())
            .sum();
        let used = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        let (source, state) = state_of(&index);
        entries.push(Entry {
            index,
            source,
            bytes,
            used,
            state,
        });
    }
    entries.sort_by(|a, b| a.used.cmp(&b.used).then_with(|| a.index.cmp(&b.index)));
    Ok(entries)
}

/// Removes an index and its side files.
fn remove(entry: &Entry) -> Result<(), Error> {
    for path in with_side_files(&entry.index) {
        match std::fs::remove_file(&path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(Error::Io(format!("{}: {e}", path.display()))),
        }
    }
    Ok(())
}

/// Tidies the cache folder `dir`: removes the indexes that can never serve
/// again (their file gone or changed, or unreadable), then the least
/// recently used until the rest take at most `limit` bytes. The indexes in
/// `keep`, and any written in the last minute, stay.
pub fn tidy(dir: &Path, limit: u64, keep: &[&Path]) -> Result<Tidied, Error> {
    let now = SystemTime::now();
    let kept = |entry: &Entry| {
        keep.iter().any(|k| *k == entry.index) || now.duration_since(entry.used).is_ok_and(|age| age < IN_USE)
            // A time in the future: being written by a clock ahead.
            || now.duration_since(entry.used).is_err()
    };
    let mut tidied = Tidied::default();
    let mut live = Vec::new();
    for entry in list(dir)? {
        if entry.is_stale() && !kept(&entry) {
            remove(&entry)?;
            tidied.removed.push(entry);
        } else {
            live.push(entry);
        }
    }
    let mut total: u64 = live.iter().map(|e| e.bytes).sum();
    // The least recently used first.
    for entry in live {
        if total > limit && !kept(&entry) {
            remove(&entry)?;
            total -= entry.bytes;
            tidied.removed.push(entry);
        }
    }
    tidied.kept_bytes = total;
    let _ = std::fs::write(dir.join("tidied"), b"");
    Ok(tidied)
}

/// Removes every index of the cache folder `dir`; the ones removed.
pub fn clear(dir: &Path) -> Result<Vec<Entry>, Error> {
    let entries = list(dir)?;
    for entry in &entries {
        remove(entry)?;
    }
    Ok(entries)
}

/// Whether `dir` was tidied in the last hour.
pub(crate) fn tidied_lately(dir: &Path) -> bool {
    std::fs::metadata(dir.join("tidied"))
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| SystemTime::now().duration_since(t).ok())
        .is_some_and(|age| age < TIDY_EVERY)
}

/// Marks the index at `path` used now (its modification time), for the
/// least-recently-used order.
pub(crate) fn touch(path: &Path) {
    if let Ok(file) = std::fs::OpenOptions::new().append(true).open(path) {
        let _ = file.set_modified(SystemTime::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_read_as_people_write_them() {
        assert_eq!(parse_size("1234"), Some(1234));
        assert_eq!(parse_size("500M"), Some(500 << 20));
        assert_eq!(parse_size("20G"), Some(20 << 30));
        assert_eq!(parse_size("20GiB"), Some(20 << 30));
        assert_eq!(parse_size("1.5k"), Some(1536));
        assert_eq!(parse_size("2TB"), Some(2 << 40));
        assert_eq!(parse_size("lots"), None);
        assert_eq!(parse_size("-1G"), None);
        assert_eq!(parse_size(""), None);
    }

    #[test]
    fn only_the_caches_own_files_are_indexes() {
        assert!(is_index_name("games.pgn-0123456789abcdef.sqlite"));
        assert!(is_index_name("a-b-0123456789ABCDEF.sqlite"));
        assert!(!is_index_name("notes.sqlite"));
        assert!(!is_index_name("games-0123.sqlite"));
        assert!(!is_index_name("games.pgn-0123456789abcdef.sqlite-wal"));
        assert!(!is_index_name("tidied"));
    }
}
