//! Nothing is lost: the open game (its moves, comments and tags, its
//! clock, its review, the position being set up) is written to the user's
//! state directory after every change, so that a crash, a `kill -9`, a
//! logout or a power cut costs at most a second of it.
//!
//! - A move (any change of the game) is written at once; other changes (a
//!   running clock, the editor, the board turned) at most once a second.
//! - Writes are atomic (the old record stays until the new one is whole)
//!   and made on a thread of their own, so a slow disk never holds up a
//!   frame.
//! - Each running app owns its record (`autosave-PID-N.ron`) and holds a
//!   lock on it (`autosave-PID-N.lock`); a record whose lock nobody holds
//!   belongs to an app that ended without quitting, and the next start
//!   restores it.
//! - Quitting (with the game saved, or its changes discarded) removes the
//!   record: after a clean exit nothing is restored.
//! - A record that cannot be read is set aside (`.damaged`), never trusted.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// The version of [`Record`] this app writes (1 kept one game, without
/// tabs: it is still read).
const VERSION: u32 = 2;

/// Changes other than to the game are written at most this often.
pub const THROTTLE: Duration = Duration::from_secs(1);

/// What is written: everything needed to put the app back as it was.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The format of this record.
    pub version: u32,
    /// The games open, one a tab, in order.
    pub tabs: Vec<TabRecord>,
    /// The index of the tab shown.
    pub shown: usize,
}

/// One tab's game, as the autosave keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TabRecord {
    /// The game, as the app saves games (moves, comments, tags, review,
    /// cursor, board orientation, clock).
    pub game: chess_file::Document,
    /// The file the game belongs to, if any.
    pub file: Option<PathBuf>,
    /// Whether the game had changes not saved to that file.
    pub unsaved: bool,
    /// The position being set up, when the editor was open.
    #[serde(default)]
    pub editing: Option<Editing>,
    /// Who played (a person, the computer at a level) and on what clock.
    #[serde(default)]
    pub setup: Option<super::GameSetup>,
}

/// The editor's position, as it was being set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Editing {
    /// The position (X-FEN in Chess960).
    pub fen: String,
    /// Chess960 castling rules.
    pub chess960: bool,
}

/// What was found at start.
#[derive(Debug)]
pub enum Found {
    /// Nothing to restore.
    Nothing,
    /// An app that ended without quitting left this.
    Record(Box<Record>),
    /// A record that could not be read, set aside under this name.
    Damaged {
        /// Why it could not be read.
        reason: String,
        /// Where it was moved.
        moved_to: PathBuf,
    },
}

/// This app's record: where it is written, and the thread that writes it.
#[derive(Debug)]
pub struct Autosave {
    dir: PathBuf,
    record: PathBuf,
    /// Held while the app runs: tells other apps this record is alive.
    _lock: Option<File>,
    writer: Option<Writer>,
    /// What was last handed to the writer, and when.
    last: Option<(Vec<u8>, Instant)>,
    /// The game's generation last written (a change of it is written at
    /// once).
    last_generation: Option<u64>,
    /// The app quit cleanly: nothing more is written (a frame drawn
    /// between the quit and the window's closing must not write the
    /// record again).
    closed: bool,
}

/// The writing thread.
#[derive(Debug)]
struct Writer {
    send: Option<Sender<Vec<u8>>>,
    thread: Option<JoinHandle<()>>,
    /// The last failure, to tell the user once.
    failure: Arc<Mutex<Option<String>>>,
}

impl Writer {
    fn start(path: PathBuf) -> Writer {
        let (send, receive): (Sender<Vec<u8>>, Receiver<Vec<u8>>) = std::sync::mpsc::channel();
        let failure = Arc::new(Mutex::new(None));
        let failed = Arc::clone(&failure);
        let thread = std::thread::Builder::new()
            .name("autosave".into())
            .spawn(move || {
                while let Ok(mut bytes) = receive.recv() {
                    // Only the newest record matters.
                    while let Ok(newer) = receive.try_recv() {
                        bytes = newer;
                    }
                    let result = chess_file::write_atomic(&path, &bytes);
                    let mut failure = failed.lock().unwrap_or_else(|e| e.into_inner());
                    *failure = result
                        .err()
                        .map(|e| format!("cannot autosave to {}: {e}", path.display()));
                }
            })
            .ok();
        Writer {
            send: Some(send),
            thread,
            failure,
        }
    }

    /// Waits until everything handed over is written.
    fn finish(&mut self) {
        self.send = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.finish();
    }
}

impl Autosave {
    /// The app's autosave in `dir` (created if need be): its own record,
    /// locked. Fails only when the folder cannot be made.
    pub fn in_dir(dir: &Path) -> std::io::Result<Autosave> {
        std::fs::create_dir_all(dir)?;
        // The process and, within it, the autosave's number: each window
        // of each app has its own record.
        static INSTANCES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = INSTANCES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let pid = format!("{}-{n}", std::process::id());
        let lock = File::create(dir.join(format!("autosave-{pid}.lock"))).ok();
        if let Some(lock) = &lock {
            let _ = lock.try_lock();
        }
        Ok(Autosave {
            dir: dir.to_path_buf(),
            record: dir.join(format!("autosave-{pid}.ron")),
            _lock: lock,
            writer: None,
            last: None,
            last_generation: None,
            closed: false,
        })
    }

    /// The folder the app keeps its autosave in: the user's state
    /// directory (`$XDG_STATE_HOME/chess-toolkit`, else
    /// `~/.local/state/chess-toolkit`; the local data folder elsewhere).
    pub fn default_dir() -> Option<PathBuf> {
        let dirs = directories::ProjectDirs::from("", "", "chess-toolkit")?;
        Some(
            dirs.state_dir()
                .map_or_else(|| dirs.data_local_dir().to_path_buf(), Path::to_path_buf),
        )
    }

    /// Where this app's record is written.
    pub fn path(&self) -> &Path {
        &self.record
    }

    /// The newest record left by an app that ended without quitting (its
    /// lock free), taken: removed from the folder, or set aside when it
    /// cannot be read. Records of apps still running are left alone.
    pub fn take_left_behind(&self) -> Found {
        let mut left: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(&self.dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| *path != self.record && is_record(path) && !is_alive(path))
            .map(|path| {
                let modified = std::fs::metadata(&path)
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                (modified, path)
            })
            .collect();
        left.sort();
        let Some((_, newest)) = left.pop() else {
            return Found::Nothing;
        };
        let found = match read_record(&newest) {
            Ok(record) => {
                let _ = std::fs::remove_file(&newest);
                Found::Record(Box::new(record))
            }
            Err(reason) => {
                let moved_to = newest.with_extension("ron.damaged");
                let _ = std::fs::rename(&newest, &moved_to);
                Found::Damaged { reason, moved_to }
            }
        };
        let _ = std::fs::remove_file(newest.with_extension("lock"));
        found
    }

    /// Hands `record` to the writer when it changed: at once when the
    /// game's `generation` did, otherwise at most once a [`THROTTLE`].
    /// Returns a failure to write, once.
    pub fn update(&mut self, record: &Record, generation: u64, now: Instant) -> Option<String> {
        let failure = self
            .writer
            .as_ref()
            .and_then(|w| w.failure.lock().unwrap_or_else(|e| e.into_inner()).take());
        if !self.is_due(generation, now) {
            return failure;
        }
        let bytes = to_ron(record).into_bytes();
        if self.last.as_ref().is_some_and(|(last, _)| *last == bytes) {
            return failure;
        }
        let writer = self.writer.get_or_insert_with(|| Writer::start(self.record.clone()));
        if let Some(send) = &writer.send {
            let _ = send.send(bytes.clone());
        }
        self.last = Some((bytes, now));
        self.last_generation = Some(generation);
        failure
    }

    /// Whether [`Autosave::update`] would look at a record now: the
    /// game's `generation` changed, or a [`THROTTLE`] went by (so a record
    /// is not made every frame for nothing).
    pub fn is_due(&self, generation: u64, now: Instant) -> bool {
        let game_changed = self.last_generation != Some(generation);
        !self.closed
            && (game_changed
                || self
                    .last
                    .as_ref()
                    .is_none_or(|(_, at)| now.duration_since(*at) >= THROTTLE))
    }

    /// Waits until what was handed over is on disk (tests; the app's end).
    pub fn flush(&mut self) {
        if let Some(mut writer) = self.writer.take() {
            writer.finish();
        }
    }

    /// The app quits cleanly: its record is removed and no more is
    /// written, so nothing will be restored.
    pub fn clear(&mut self) {
        self.flush();
        self.closed = true;
        let _ = std::fs::remove_file(&self.record);
    }
}

impl Drop for Autosave {
    fn drop(&mut self) {
        // The record stays (a drop is not a quit), written to the end.
        self.flush();
        let _ = std::fs::remove_file(self.record.with_extension("lock"));
    }
}

/// `autosave-*.ron`.
fn is_record(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.starts_with("autosave-") && name.ends_with(".ron")
}

/// Whether the app that wrote `record` still runs: it holds the record's
/// lock.
fn is_alive(record: &Path) -> bool {
    let Ok(lock) = File::open(record.with_extension("lock")) else {
        return false;
    };
    match lock.try_lock() {
        Ok(()) => {
            let _ = lock.unlock();
            false
        }
        Err(_) => true,
    }
}

fn to_ron(record: &Record) -> String {
    ron::ser::to_string_pretty(record, ron::ser::PrettyConfig::default()).unwrap_or_default()
}

/// Just the version of a record, to know how to read the rest.
#[derive(Deserialize)]
struct Version {
    version: u32,
}

/// Reads a record (of either format); why not, in words.
pub fn read_record(path: &Path) -> Result<Record, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let damaged = |e: ron::error::SpannedError| format!("{} is damaged: {e}", path.display());
    let version = ron::from_str::<Version>(&text).map_err(damaged)?.version;
    let record = match version {
        // One game, its fields where a tab's are now.
        1 => Record::new(vec![ron::from_str::<TabRecord>(&text).map_err(damaged)?], 0),
        VERSION => ron::from_str::<Record>(&text).map_err(damaged)?,
        _ => {
            return Err(format!(
                "{} was written by a newer version of the app (format {version})",
                path.display()
            ));
        }
    };
    if record.shown >= record.tabs.len() {
        return Err(format!("{} is damaged: it shows no tab", path.display()));
    }
    // The games themselves must read, not only the record around them.
    for tab in &record.tabs {
        tab.game
            .to_game()
            .map_err(|e| format!("{} holds a game that cannot be read: {e}", path.display()))?;
    }
    Ok(record)
}

impl Record {
    /// A record of the current format: `tabs`, tab `shown` shown.
    pub fn new(tabs: Vec<TabRecord>, shown: usize) -> Record {
        Record {
            version: VERSION,
            tabs,
            shown,
        }
    }
}
