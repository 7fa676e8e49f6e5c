//! The collection as Parquet files, for the engines that go past one
//! machine (Spark, DuckDB, Polars, pandas through pyarrow), behind the
//! `parquet` feature.
//!
//! Two tables, each written as one file per index segment (65,536 games),
//! named by the segment's first game so that their names sort in game
//! order, and written on every core at once:
//!
//! - `games/part-NNNNNNNNNNNN.parquet`: one row a game, readable or not:
//!   its number in the collection, its file and number there, the header
//!   (event, site, date as PGN writes it, players, ratings, result, ECO,
//!   time control), its start FEN when it has its own, its main line's
//!   plies and its moves in UCI, one string separated by spaces (so that
//!   `moves LIKE 'e2e4 c7c5 %'` finds an opening), and whether it could be
//!   read (an unreadable game has no moves);
//! - `positions/part-NNNNNNNNNNNN.parquet`: one row for each position of
//!   each readable game's main line up to the plies asked: the game, the
//!   ply (0: its start), the position's Polyglot key (as books and
//!   lichess's explorer key positions; a signed 64-bit integer, as Spark
//!   has no unsigned one) and the move played from it in UCI (null where
//!   the game ended).
//!
//! Every value is what the index holds, replayed from its byte code: no
//! PGN is read again.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use arrow_array::builder::{BooleanBuilder, Int64Builder, StringBuilder, UInt16Builder, UInt32Builder, UInt64Builder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

use crate::header::eco_text;
use crate::index::segment::{NameList, OWN_START, UNREADABLE};
use crate::query::View;
use crate::{Database, Error, movecode};
use chess_core::Position;

/// What an export wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Exported {
    /// Games (rows of `games`).
    pub games: u64,
    /// Positions (rows of `positions`).
    pub positions: u64,
    /// Files written.
    pub files: u64,
    /// Their bytes.
    pub bytes: u64,
}

fn games_schema() -> Arc<Schema> {
    let text = |name: &str, nullable: bool| Field::new(name, DataType::Utf8, nullable);
    Arc::new(Schema::new(vec![
        Field::new("game", DataType::UInt64, false),
        text("file", false),
        Field::new("game_in_file", DataType::UInt64, false),
        text("event", true),
        text("site", true),
        text("date", false),
        text("white", true),
        text("black", true),
        Field::new("white_elo", DataType::UInt16, true),
        Field::new("black_elo", DataType::UInt16, true),
        text("result", false),
        text("eco", true),
        text("time_control", true),
        text("fen", true),
        Field::new("plies", DataType::UInt32, false),
        text("moves", true),
        Field::new("readable", DataType::Boolean, false),
    ]))
}

fn positions_schema() -> Arc<Schema> {
    Arc::new(Schema::new(vec![
        Field::new("game", DataType::UInt64, false),
        Field::new("ply", DataType::UInt32, false),
        Field::new("key", DataType::Int64, false),
        Field::new("move", DataType::Utf8, true),
    ]))
}

fn io_error(path: &Path, e: impl std::fmt::Display) -> Error {
    Error::Io(format!("{}: {e}", path.display()))
}

/// A Parquet file being written: under a temporary name until it is
/// whole, then renamed, so that no reader ever sees half a file.
struct PartWriter {
    path: PathBuf,
    partial: PathBuf,
    schema: Arc<Schema>,
    writer: ArrowWriter<File>,
}

impl PartWriter {
    fn create(path: PathBuf, schema: Arc<Schema>) -> Result<PartWriter, Error> {
        let partial = path.with_extension("parquet.partial");
        let file = File::create(&partial).map_err(|e| io_error(&partial, e))?;
        let properties = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .build();
        let writer = ArrowWriter::try_new(file, schema.clone(), Some(properties)).map_err(|e| io_error(&partial, e))?;
        Ok(PartWriter {
            path,
            partial,
            schema,
            writer,
        })
    }

    fn write(&mut self, columns: Vec<ArrayRef>) -> Result<(), Error> {
        let batch = RecordBatch::try_new(self.schema.clone(), columns).map_err(|e| io_error(&self.partial, e))?;
        self.writer.write(&batch).map_err(|e| io_error(&self.partial, e))
    }

    /// Closes the file and gives it its name; its size.
    fn finish(self) -> Result<u64, Error> {
        self.writer.close().map_err(|e| io_error(&self.partial, e))?;
        std::fs::rename(&self.partial, &self.path).map_err(|e| io_error(&self.path, e))?;
        Ok(std::fs::metadata(&self.path).map_or(0, |m| m.len()))
    }
}

/// How many games go to the writers at a time: what the rows being built
/// hold (a few MB), not a whole segment's.
const CHUNK_GAMES: usize = 4096;

impl Database {
    /// Writes the collection as Parquet into the folder `out` (made if
    /// needed): the tables `games/` and `positions/` (see the
    /// [module](self)), the positions up to ply `plies` of each game
    /// (`plies` 0: the start positions only). Segments are written on every
    /// core; `progress` is told the games written so far.
    pub fn export_parquet(&self, out: &Path, plies: u32, progress: &(dyn Fn(u64) + Sync)) -> Result<Exported, Error> {
        let tables = [out.join("games"), out.join("positions")];
        for dir in &tables {
            std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
            // What an earlier export left: its parts are replaced whole.
            if let Ok(read) = std::fs::read_dir(dir) {
                for item in read.flatten() {
                    let path = item.path();
                    if path.extension().is_some_and(|e| e == "parquet" || e == "partial") {
                        std::fs::remove_file(&path).map_err(|e| io_error(&path, e))?;
                    }
                }
            }
        }
        let names = self.file_names();
        let done = AtomicU64::new(0);
        let parts = self.each_view(None, true, |view, _| {
            let written = export_segment(self, view, &names, plies, &tables)?;
            progress(done.fetch_add(written.games, Ordering::Relaxed) + written.games);
            Ok(vec![written])
        })?;
        Ok(parts.into_iter().fold(Exported::default(), |a, b| Exported {
            games: a.games + b.games,
            positions: a.positions + b.positions,
            files: a.files + b.files,
            bytes: a.bytes + b.bytes,
        }))
    }

    /// How the export names each file: from the folder opened, or its name
    /// for a file opened alone.
    fn file_names(&self) -> Vec<(PathBuf, String)> {
        self.files()
            .iter()
            .map(|f| {
                let canonical = f.canonicalize().unwrap_or_else(|_| f.clone());
                let name = if self.is_folder() {
                    let root = self
                        .pgn_path()
                        .canonicalize()
                        .unwrap_or_else(|_| self.pgn_path().to_path_buf());
                    canonical
                        .strip_prefix(&root)
                        .unwrap_or(&canonical)
                        .display()
                        .to_string()
                } else {
                    f.file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
                };
                (canonical, name)
            })
            .collect()
    }
}

/// Name `n` of a list; `None` when it is empty or there is none.
fn name(list: &NameList, n: u32) -> Option<&str> {
    list.names.get(n as usize).map(String::as_str).filter(|s| !s.is_empty())
}

/// Writes one segment's rows of both tables.
fn export_segment(
    db: &Database,
    view: &View,
    names: &[(PathBuf, String)],
    plies: u32,
    tables: &[PathBuf; 2],
) -> Result<Exported, Error> {
    let search = view.search()?;
    let mut moves = view.moves();
    let headers = view
        .headers
        .as_ref()
        .ok_or_else(|| Error::Index("the export needs the header columns".into()))?;
    let lists = view.index.names()?;
    let file_name = names
        .iter()
        .find(|(path, _)| path == view.index.pgn_path())
        .map_or_else(|| view.index.pgn_path().display().to_string(), |(_, name)| name.clone());
    // The segment's first game's number in its file, less one.
    let first_local = db.locate(view.first + 1).map_or(view.first, |(_, local)| local - 1);
    let games = search.len();
    let part = format!("part-{:012}.parquet", view.first);
    let mut games_out = PartWriter::create(tables[0].join(&part), games_schema())?;
    let mut positions_out = PartWriter::create(tables[1].join(&part), positions_schema())?;
    let mut rows = Rows::default();
    let mut position_rows = 0;
    for i in 0..games {
        let number = view.first + i as u64 + 1;
        rows.game.append_value(number);
        rows.file.append_value(&file_name);
        rows.local.append_value(first_local + i as u64 + 1);
        rows.event.append_option(name(&lists.events, headers.event[i]));
        rows.site.append_option(Some(headers.site(i)).filter(|s| !s.is_empty()));
        rows.date.append_value(headers.date(i).pgn());
        rows.white.append_option(name(&lists.players, headers.white[i]));
        rows.black.append_option(name(&lists.players, headers.black[i]));
        rows.white_elo
            .append_option((headers.white_elo[i] > 0).then_some(headers.white_elo[i]));
        rows.black_elo
            .append_option((headers.black_elo[i] > 0).then_some(headers.black_elo[i]));
        rows.result.append_value(headers.result(i).pgn());
        rows.eco
            .append_option((headers.eco[i] != u16::MAX).then(|| eco_text(headers.eco[i])));
        rows.time_control
            .append_option(name(&lists.time_controls, headers.time_control[i]));
        let readable = search.flags[i] & UNREADABLE == 0;
        rows.readable.append_value(readable);
        let start = search.start_of(i);
        rows.fen
            .append_option((search.flags[i] & OWN_START != 0).then(|| start.fen()));
        rows.plies.append_value(u32::from(search.plies[i]));
        if readable {
            rows.replay(number, start, moves.of(i)?, plies)?;
            rows.moves.append_value(&rows.text);
        } else {
            rows.moves.append_null();
        }
        if (i + 1) % CHUNK_GAMES == 0 || i + 1 == games {
            let (game_columns, position_columns) = rows.finish();
            position_rows += position_columns[0].len() as u64;
            games_out.write(game_columns)?;
            positions_out.write(position_columns)?;
        }
    }
    let bytes = games_out.finish()? + positions_out.finish()?;
    Ok(Exported {
        games: games as u64,
        positions: position_rows,
        files: 2,
        bytes,
    })
}

/// The rows of both tables being built, a chunk of games at a time.
#[derive(Default)]
struct Rows {
    game: UInt64Builder,
    file: StringBuilder,
    local: UInt64Builder,
    event: StringBuilder,
    site: StringBuilder,
    date: StringBuilder,
    white: StringBuilder,
    black: StringBuilder,
    white_elo: UInt16Builder,
    black_elo: UInt16Builder,
    result: StringBuilder,
    eco: StringBuilder,
    time_control: StringBuilder,
    fen: StringBuilder,
    plies: UInt32Builder,
    moves: StringBuilder,
    readable: BooleanBuilder,
    position_game: UInt64Builder,
    position_ply: UInt32Builder,
    position_key: Int64Builder,
    position_move: StringBuilder,
    /// The moves of the game being replayed, as text.
    text: String,
}

impl Rows {
    /// Replays game `number`'s main line (`bytes`, from `start`): its
    /// positions up to ply `plies` go to the positions rows, its moves in
    /// UCI to `text`.
    fn replay(&mut self, number: u64, start: Position, bytes: &[u8], plies: u32) -> Result<(), Error> {
        let mut pos = start;
        let (mut at, mut ply) = (0, 0u32);
        self.text.clear();
        loop {
            let next = if at < bytes.len() {
                Some(
                    movecode::decode(&pos, bytes, &mut at)
                        .map_err(|_| Error::Damaged(format!("game {number} does not replay")))?,
                )
            } else {
                None
            };
            if ply <= plies {
                self.position_game.append_value(number);
                self.position_ply.append_value(ply);
                // The key's 64 bits as a signed integer, as Spark reads them.
                self.position_key.append_value(pos.zobrist() as i64);
                self.position_move.append_option(next.map(|m| m.uci()));
            }
            let Some(m) = next else { break };
            if !self.text.is_empty() {
                self.text.push(' ');
            }
            self.text.push_str(&m.uci());
            pos.play_unchecked(m);
            ply += 1;
        }
        Ok(())
    }

    /// The columns of both tables so far; the builders start again empty.
    fn finish(&mut self) -> (Vec<ArrayRef>, Vec<ArrayRef>) {
        let games: Vec<ArrayRef> = vec![
            Arc::new(self.game.finish()),
            Arc::new(self.file.finish()),
            Arc::new(self.local.finish()),
            Arc::new(self.event.finish()),
            Arc::new(self.site.finish()),
            Arc::new(self.date.finish()),
            Arc::new(self.white.finish()),
            Arc::new(self.black.finish()),
            Arc::new(self.white_elo.finish()),
            Arc::new(self.black_elo.finish()),
            Arc::new(self.result.finish()),
            Arc::new(self.eco.finish()),
            Arc::new(self.time_control.finish()),
            Arc::new(self.fen.finish()),
            Arc::new(self.plies.finish()),
            Arc::new(self.moves.finish()),
            Arc::new(self.readable.finish()),
        ];
        let positions: Vec<ArrayRef> = vec![
            Arc::new(self.position_game.finish()),
            Arc::new(self.position_ply.finish()),
            Arc::new(self.position_key.finish()),
            Arc::new(self.position_move.finish()),
        ];
        (games, positions)
    }
}
