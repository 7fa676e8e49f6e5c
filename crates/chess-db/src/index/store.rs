//! Where an index is kept: one SQLite file (rusqlite, bundled), which other
//! tools can open. Its tables:
//!
//! - `games`: one row a game, in file order (`id` is the game's number):
//!   where it is in the file, its players, ratings, date, result, ECO,
//!   event, site, time control and length; `game_headers` is the same with
//!   names and results as text;
//! - `players`, `events`, `time_controls`: the names, each once (a
//!   game's site is its own: online games each have one);
//! - `errors`: the games that could not be read, with line and reason;
//! - `segments`: each run of up to 65,536 games; `columns`: the binary
//!   columns queries read, a compressed blob with a checksum for each
//!   segment and group, each its own row so that one is read without
//!   the others (see `docs/index-format.md`); `moves`: their moves, by
//!   runs of 4,096 games; `openings`: their opening tables, one row a
//!   position, and `tallies` the explorer's counts of their larger rows;
//!   `shapes`: the shapes their games pass through, by buckets;
//! - `meta`: the format version and the identity of the PGN file indexed.
//!
//! The file is marked with an application id and a version, so a foreign
//! file or an older format is never read as an index.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::blob::Part;
use crate::identity::Identity;
use crate::{Error, Unreadable};

/// The index format's version: an index of another is rebuilt. Version 4:
/// the shapes each segment's games pass through (a deep position is looked
/// for only in the segments that may hold its shape), and the explorer's
/// counts apart from the opening rows. Version 3:
/// the columns in five groups, the moves by runs of games and the opening
/// table by position, each read alone (version 2 had two blobs a
/// segment). Version 2: a game's result is the one the reader reports (the
/// `Result` tag's, else the termination marker's; version 1 took the
/// marker first).
pub const FORMAT: i64 = 4;
/// SQLite's application id for these files ("CHDB").
const APPLICATION_ID: i64 = 0x4348_4442;

/// A segment as the store lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SegmentInfo {
    /// Its number, from 0.
    pub id: u32,
    /// The number (from 0) of its first game.
    pub first: u32,
    /// How many games it holds.
    pub games: u32,
    /// Where (in the decompressed file) its first game starts.
    pub start: u64,
    /// The line its first game starts on.
    pub start_line: u64,
}

impl SegmentInfo {
    /// What a blob of this segment is sealed with (`group`: which of its
    /// two): everything the row says, so that a row changed in the file
    /// makes its blobs fail their checksums.
    pub fn seal_key(&self, group: u8) -> u64 {
        let mut bytes = Vec::with_capacity(33);
        for n in [
            u64::from(self.id),
            u64::from(self.first),
            u64::from(self.games),
            self.start,
            self.start_line,
        ] {
            bytes.extend_from_slice(&n.to_le_bytes());
        }
        bytes.push(group);
        xxhash_rust::xxh3::xxh3_64(&bytes)
    }
}

/// A segment's blobs, as [`Store::write_segment`] writes them.
#[derive(Debug, Default)]
pub struct Blobs {
    /// The search columns.
    pub search: Vec<u8>,
    /// The outcomes.
    pub outcomes: Vec<u8>,
    /// The header group's own columns.
    pub headers: Vec<u8>,
    /// The names it added.
    pub names: Vec<u8>,
    /// The states its games hold after the opening table's plies.
    pub late: Vec<u8>,
    /// Its moves, a blob a run of games.
    pub moves: Vec<Vec<u8>>,
    /// Its opening table: each position's key and row.
    pub openings: Vec<(u64, Vec<u8>)>,
    /// The shapes its games pass through, a blob a bucket.
    pub shapes: Vec<Vec<u8>>,
    /// The explorer's counts of its opening table's larger rows: each
    /// position's key and counts.
    pub tallies: Vec<(u64, Vec<u8>)>,
}

/// One game's row of the `games` table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRow {
    /// Where it starts in the (decompressed) file.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u32,
    /// Name numbers: White, Black, event, time control.
    pub names: [u32; 4],
    /// The `Site` tag.
    pub site: String,
    /// Ratings (0 unknown).
    pub elo: [u16; 2],
    /// Date number (see `header::Date`).
    pub date: u32,
    /// Result code (see `header::GameResult`).
    pub result: u8,
    /// ECO number, `u16::MAX` when none.
    pub eco: u16,
    /// Plies of the main line.
    pub plies: u16,
    /// The start FEN of a game with its own.
    pub fen: Option<String>,
}

/// An open index file.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    /// How many names of each list are written.
    written: [usize; 3],
}

const SCHEMA: &str = "
CREATE TABLE meta(key TEXT PRIMARY KEY, value) WITHOUT ROWID;
CREATE TABLE players(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE events(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE time_controls(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE games(
  id INTEGER PRIMARY KEY,
  offset INTEGER NOT NULL,
  length INTEGER NOT NULL,
  white INTEGER, black INTEGER,
  white_elo INTEGER, black_elo INTEGER,
  date INTEGER, result INTEGER, eco INTEGER,
  event INTEGER, site TEXT, time_control INTEGER,
  plies INTEGER, fen TEXT);
CREATE TABLE errors(game INTEGER PRIMARY KEY, line INTEGER, col INTEGER, reason TEXT);
CREATE TABLE segments(
  id INTEGER PRIMARY KEY, first_game INTEGER NOT NULL, games INTEGER NOT NULL,
  start_offset INTEGER NOT NULL, start_line INTEGER NOT NULL);
CREATE TABLE columns(segment INTEGER NOT NULL, part TEXT NOT NULL, data BLOB NOT NULL,
  PRIMARY KEY(segment, part));
CREATE TABLE moves(segment INTEGER NOT NULL, block INTEGER NOT NULL, data BLOB NOT NULL,
  PRIMARY KEY(segment, block));
CREATE TABLE openings(segment INTEGER NOT NULL, key INTEGER NOT NULL, entries BLOB NOT NULL,
  PRIMARY KEY(segment, key)) WITHOUT ROWID;
CREATE TABLE tallies(segment INTEGER NOT NULL, key INTEGER NOT NULL, data BLOB NOT NULL,
  PRIMARY KEY(segment, key)) WITHOUT ROWID;
CREATE TABLE shapes(segment INTEGER NOT NULL, bucket INTEGER NOT NULL, data BLOB NOT NULL,
  PRIMARY KEY(segment, bucket));
CREATE VIEW game_headers AS
  SELECT g.id AS game, w.name AS white, b.name AS black,
         NULLIF(g.white_elo, 0) AS white_elo, NULLIF(g.black_elo, 0) AS black_elo,
         printf('%s.%s.%s',
                CASE WHEN g.date / 10000 = 0 THEN '????' ELSE printf('%04d', g.date / 10000) END,
                CASE WHEN g.date / 100 % 100 = 0 THEN '??' ELSE printf('%02d', g.date / 100 % 100) END,
                CASE WHEN g.date % 100 = 0 THEN '??' ELSE printf('%02d', g.date % 100) END) AS date,
         CASE g.result WHEN 1 THEN '1-0' WHEN 2 THEN '0-1' WHEN 3 THEN '1/2-1/2' ELSE '*' END AS result,
         CASE WHEN g.eco IS NULL THEN NULL
              ELSE char(65 + g.eco / 100) || printf('%02d', g.eco % 100) END AS eco,
         e.name AS event, g.site, t.name AS time_control, g.plies, g.fen,
         g.offset, g.length
  FROM games g
  LEFT JOIN players w ON w.id = g.white LEFT JOIN players b ON b.id = g.black
  LEFT JOIN events e ON e.id = g.event
  LEFT JOIN time_controls t ON t.id = g.time_control;
";

fn sql(e: rusqlite::Error) -> Error {
    Error::Index(e.to_string())
}

impl Store {
    /// A new, empty index at `path` (replacing any file there) for `source`.
    pub fn create(path: &Path, source: &Identity) -> Result<Store, Error> {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            let mut p = path.as_os_str().to_owned();
            p.push(suffix);
            let _ = std::fs::remove_file(p);
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| Error::Io(format!("{}: {e}", dir.display())))?;
        }
        let conn = Connection::open(path).map_err(sql)?;
        tune(&conn)?;
        conn.execute_batch(SCHEMA).map_err(sql)?;
        conn.pragma_update(None, "application_id", APPLICATION_ID)
            .map_err(sql)?;
        conn.pragma_update(None, "user_version", FORMAT).map_err(sql)?;
        let store = Store { conn, written: [0; 3] };
        store.set_identity(source)?;
        store.set_meta("complete", 0)?;
        Ok(store)
    }

    /// The index at `path`, if it is one of this format (not a foreign or
    /// older file, which is an error).
    pub fn open(path: &Path) -> Result<Store, Error> {
        if !path.is_file() {
            return Err(Error::Index(format!("{}: no index", path.display())));
        }
        let conn = Connection::open(path).map_err(sql)?;
        tune(&conn)?;
        let id: i64 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(sql)?;
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(sql)?;
        if id != APPLICATION_ID || version != FORMAT {
            return Err(Error::Index(format!("{}: not an index of this format", path.display())));
        }
        // How many names are written is set by `align_names` before a
        // build writes any.
        Ok(Store { conn, written: [0; 3] })
    }

    fn set_meta(&self, key: &str, value: impl rusqlite::ToSql) -> Result<(), Error> {
        self.conn
            .execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)",
                params![key, value],
            )
            .map(|_| ())
            .map_err(sql)
    }

    fn meta<T: rusqlite::types::FromSql>(&self, key: &str) -> Result<Option<T>, Error> {
        self.conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
            .map_err(sql)
    }

    /// Records the PGN file this index is of.
    pub fn set_identity(&self, id: &Identity) -> Result<(), Error> {
        self.set_meta("path", id.path.to_string_lossy().as_ref())?;
        self.set_meta("size", id.size as i64)?;
        self.set_meta("mtime", id.mtime)?;
        self.set_meta("head", id.head as i64)?;
        self.set_meta("tail", id.tail as i64)?;
        self.set_meta("middle", id.middle as i64)
    }

    /// The PGN file this index is of, as it was.
    pub fn identity(&self) -> Result<Identity, Error> {
        let get = |key: &str| -> Result<i64, Error> {
            self.meta::<i64>(key)?
                .ok_or_else(|| Error::Index(format!("the index has no {key}")))
        };
        let path: String = self
            .meta("path")?
            .ok_or_else(|| Error::Index("the index has no path".into()))?;
        Ok(Identity {
            path: path.into(),
            size: get("size")? as u64,
            mtime: get("mtime")?,
            head: get("head")? as u64,
            tail: get("tail")? as u64,
            middle: get("middle")? as u64,
        })
    }

    /// How many games a segment holds.
    pub fn segment_games(&self) -> Result<usize, Error> {
        Ok(self.meta::<i64>("segment_games")?.unwrap_or(0) as usize)
    }

    /// Records how many games a segment holds.
    pub fn set_segment_games(&self, games: usize) -> Result<(), Error> {
        self.set_meta("segment_games", games as i64)
    }

    /// Whether the whole file is indexed: the mark must be the key of what
    /// the index holds (the file's identity and the segments), so a
    /// damaged mark never passes a partial index for a complete one.
    pub fn is_complete(&self) -> Result<bool, Error> {
        let mark = self.meta::<i64>("complete")?.unwrap_or(0);
        Ok(mark != 0 && mark == self.completion_key()?)
    }

    /// Marks the index complete (or not).
    pub fn set_complete(&self, complete: bool) -> Result<(), Error> {
        let mark = if complete { self.completion_key()? } else { 0 };
        self.set_meta("complete", mark)
    }

    /// The key of what the index holds, for [`Store::is_complete`].
    fn completion_key(&self) -> Result<i64, Error> {
        let id = self.identity()?;
        let mut text = format!(
            "{}\n{} {} {} {} {}",
            id.path.display(),
            id.size,
            id.mtime,
            id.head,
            id.tail,
            id.middle
        );
        for s in self.segments()? {
            text.push_str(&format!("\n{}", s.seal_key(0)));
        }
        // Never 0, the mark of an incomplete index.
        Ok((xxhash_rust::xxh3::xxh3_64(text.as_bytes()) | 1) as i64)
    }

    /// The segments, in order.
    pub fn segments(&self) -> Result<Vec<SegmentInfo>, Error> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, first_game, games, start_offset, start_line FROM segments ORDER BY id")
            .map_err(sql)?;
        let rows = stmt
            .query_map([], |r| {
                Ok(SegmentInfo {
                    id: r.get(0)?,
                    first: r.get(1)?,
                    games: r.get(2)?,
                    start: r.get::<_, i64>(3)? as u64,
                    start_line: r.get::<_, i64>(4)? as u64,
                })
            })
            .map_err(sql)?;
        let list: Vec<SegmentInfo> = rows.collect::<Result<_, _>>().map_err(sql)?;
        // They must follow each other.
        let mut next = 0u32;
        for (i, s) in list.iter().enumerate() {
            if s.id as usize != i || s.first != next || s.games == 0 {
                return Err(Error::Index("segments that do not follow each other".into()));
            }
            next = s.first + s.games;
        }
        Ok(list)
    }

    /// Segment `id`'s blob of `part`, as stored (`None`: an opening
    /// table's position the segment has no row for).
    pub fn blob(&self, id: u32, part: Part) -> Result<Option<Vec<u8>>, Error> {
        let got = match part {
            Part::Moves(block) => self
                .conn
                .prepare_cached("SELECT data FROM moves WHERE segment = ?1 AND block = ?2")
                .and_then(|mut s| s.query_row(params![id, block], |r| r.get(0)).optional()),
            Part::Opening(key) => self
                .conn
                .prepare_cached("SELECT entries FROM openings WHERE segment = ?1 AND key = ?2")
                .and_then(|mut s| s.query_row(params![id, key as i64], |r| r.get(0)).optional()),
            Part::Tally(key) => self
                .conn
                .prepare_cached("SELECT data FROM tallies WHERE segment = ?1 AND key = ?2")
                .and_then(|mut s| s.query_row(params![id, key as i64], |r| r.get(0)).optional()),
            Part::Shapes(bucket) => self
                .conn
                .prepare_cached("SELECT data FROM shapes WHERE segment = ?1 AND bucket = ?2")
                .and_then(|mut s| s.query_row(params![id, bucket], |r| r.get(0)).optional()),
            group => self
                .conn
                .prepare_cached("SELECT data FROM columns WHERE segment = ?1 AND part = ?2")
                .and_then(|mut s| s.query_row(params![id, column_name(group)], |r| r.get(0)).optional()),
        };
        let got = got.map_err(sql)?;
        match (got, part) {
            (None, Part::Opening(_) | Part::Tally(_)) => Ok(None),
            (None, _) => Err(Error::Index(format!("segment {id} has no {part:?} blob"))),
            (got, _) => Ok(got),
        }
    }

    /// Makes the name tables end where the index's checked lists do
    /// (`counts`: how many each holds), so the names written next follow
    /// them (the tables are for other tools; queries read the lists from
    /// the segments).
    pub fn align_names(&mut self, counts: [usize; 3]) -> Result<(), Error> {
        for (table, count) in ["players", "events", "time_controls"].iter().zip(counts) {
            self.conn
                .execute(&format!("DELETE FROM {table} WHERE id >= ?1"), [count as i64])
                .map_err(sql)?;
        }
        self.written = counts;
        Ok(())
    }

    /// Removes segment `id` and everything after it (its games, errors and
    /// the segments that follow), to index again from there.
    pub fn truncate(&mut self, id: u32) -> Result<(), Error> {
        let first: Option<i64> = self
            .conn
            .query_row("SELECT first_game FROM segments WHERE id = ?1", [id], |r| r.get(0))
            .optional()
            .map_err(sql)?;
        let Some(first) = first else { return Ok(()) };
        let tx = self.conn.transaction().map_err(sql)?;
        tx.execute("DELETE FROM segments WHERE id >= ?1", [id]).map_err(sql)?;
        tx.execute("DELETE FROM moves WHERE segment >= ?1", [id]).map_err(sql)?;
        tx.execute("DELETE FROM columns WHERE segment >= ?1", [id])
            .map_err(sql)?;
        tx.execute("DELETE FROM openings WHERE segment >= ?1", [id])
            .map_err(sql)?;
        tx.execute("DELETE FROM shapes WHERE segment >= ?1", [id])
            .map_err(sql)?;
        tx.execute("DELETE FROM tallies WHERE segment >= ?1", [id])
            .map_err(sql)?;
        tx.execute("DELETE FROM games WHERE id > ?1", [first]).map_err(sql)?;
        tx.execute("DELETE FROM errors WHERE game > ?1", [first]).map_err(sql)?;
        tx.execute("UPDATE meta SET value = 0 WHERE key = 'complete'", [])
            .map_err(sql)?;
        tx.commit().map_err(sql)
    }

    /// Writes a finished segment: its blobs, its games' rows, its errors,
    /// and the names met since the last write, in one transaction.
    pub fn write_segment(
        &mut self,
        info: SegmentInfo,
        blobs: &Blobs,
        rows: &[GameRow],
        errors: &[Unreadable],
        new_names: &[Vec<String>; 3],
    ) -> Result<(), Error> {
        let tx = self.conn.transaction().map_err(sql)?;
        {
            for (k, table) in ["players", "events", "time_controls"].iter().enumerate() {
                let mut stmt = tx
                    .prepare_cached(&format!("INSERT INTO {table}(id, name) VALUES (?1, ?2)"))
                    .map_err(sql)?;
                for (i, name) in new_names[k].iter().enumerate() {
                    stmt.execute(params![(self.written[k] + i) as i64, name]).map_err(sql)?;
                }
            }
            let mut stmt = tx
                .prepare_cached(
                    "INSERT INTO games(id, offset, length, white, black, white_elo, black_elo, date, result, eco,
                                       event, site, time_control, plies, fen)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
                )
                .map_err(sql)?;
            for (i, row) in rows.iter().enumerate() {
                let id = i64::from(info.first) + i as i64 + 1;
                let eco = (row.eco != u16::MAX).then_some(row.eco);
                stmt.execute(params![
                    id,
                    row.offset as i64,
                    row.length,
                    row.names[0],
                    row.names[1],
                    row.elo[0],
                    row.elo[1],
                    row.date,
                    row.result,
                    eco,
                    row.names[2],
                    row.site,
                    row.names[3],
                    row.plies,
                    row.fen
                ])
                .map_err(sql)?;
            }
            let mut stmt = tx
                .prepare_cached("INSERT INTO errors(game, line, col, reason) VALUES (?1, ?2, ?3, ?4)")
                .map_err(sql)?;
            for e in errors {
                stmt.execute(params![e.game as i64, e.line as i64, e.column as i64, e.reason])
                    .map_err(sql)?;
            }
            tx.execute(
                "INSERT INTO segments(id, first_game, games, start_offset, start_line)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    info.id,
                    info.first,
                    info.games,
                    info.start as i64,
                    info.start_line as i64,
                ],
            )
            .map_err(sql)?;
            let mut stmt = tx
                .prepare_cached("INSERT INTO columns(segment, part, data) VALUES (?1, ?2, ?3)")
                .map_err(sql)?;
            for (part, data) in [
                (Part::Search, &blobs.search),
                (Part::Outcomes, &blobs.outcomes),
                (Part::Headers, &blobs.headers),
                (Part::Names, &blobs.names),
                (Part::Late, &blobs.late),
            ] {
                stmt.execute(params![info.id, column_name(part), data]).map_err(sql)?;
            }
            let mut stmt = tx
                .prepare_cached("INSERT INTO moves(segment, block, data) VALUES (?1, ?2, ?3)")
                .map_err(sql)?;
            for (block, data) in blobs.moves.iter().enumerate() {
                stmt.execute(params![info.id, block as i64, data]).map_err(sql)?;
            }
            let mut stmt = tx
                .prepare_cached("INSERT INTO openings(segment, key, entries) VALUES (?1, ?2, ?3)")
                .map_err(sql)?;
            for (key, entries) in &blobs.openings {
                stmt.execute(params![info.id, *key as i64, entries]).map_err(sql)?;
            }
            let mut stmt = tx
                .prepare_cached("INSERT INTO tallies(segment, key, data) VALUES (?1, ?2, ?3)")
                .map_err(sql)?;
            for (key, data) in &blobs.tallies {
                stmt.execute(params![info.id, *key as i64, data]).map_err(sql)?;
            }
            let mut stmt = tx
                .prepare_cached("INSERT INTO shapes(segment, bucket, data) VALUES (?1, ?2, ?3)")
                .map_err(sql)?;
            for (bucket, data) in blobs.shapes.iter().enumerate() {
                stmt.execute(params![info.id, bucket as i64, data]).map_err(sql)?;
            }
        }
        tx.commit().map_err(sql)?;
        for (written, names) in self.written.iter_mut().zip(new_names) {
            *written += names.len();
        }
        Ok(())
    }
}

/// The name a group of columns is stored under in the `columns` table.
fn column_name(part: Part) -> &'static str {
    match part {
        Part::Search => "search",
        Part::Outcomes => "outcomes",
        Part::Names => "names",
        Part::Late => "late",
        Part::Headers => "headers",
        Part::Moves(_) => "moves",
        Part::Opening(_) => "openings",
        Part::Shapes(_) => "shapes",
        Part::Tally(_) => "tallies",
    }
}

/// Settings for a cache: fast writes; a file damaged by a crash is found
/// and rebuilt, so it need not survive one.
fn tune(conn: &Connection) -> Result<(), Error> {
    conn.pragma_update(None, "synchronous", "OFF").map_err(sql)?;
    conn.pragma_update(None, "temp_store", "MEMORY").map_err(sql)?;
    conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(sql)?;
    Ok(())
}
