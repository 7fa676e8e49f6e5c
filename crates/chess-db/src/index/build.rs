//! Building an index: the PGN is read on every core (the core's
//! `ParallelReader`: one thread cuts the text at game boundaries, the
//! others read the pieces), each game recorded by a [`Recorder`]; the games
//! come back in file order into segments, which a writer thread compresses
//! and stores while reading goes on. Memory stays bounded whatever the
//! file's size: a few pieces of text in flight, one segment being filled,
//! one being written.

use std::io::{self, BufRead, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use chess_core::pgn::ParallelReader;

use super::blob::{opening_rows, shape_blobs};
use super::segment::{Built, Names, SegmentBuilder, move_block_games};
use super::store::{Blobs, GameRow, SegmentInfo, Store};
use super::{Segment, Shared};
use crate::record::{GameRecord, Recorder};
use crate::{Error, Unreadable, source};

/// Where indexing starts: at the start of the file, or of a segment that is
/// indexed again (the last one, which a file that grew may continue).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resume {
    /// The segment to write first.
    pub segment: u32,
    /// The number (from 0) of its first game.
    pub game: u32,
    /// Where that game starts in the decompressed text.
    pub offset: u64,
    /// The line it starts on (from 1).
    pub line: u64,
}

impl Resume {
    /// The start of the file.
    pub fn start() -> Resume {
        Resume {
            line: 1,
            ..Resume::default()
        }
    }
}

/// A segment read, on its way to the writer.
struct Finished {
    info: SegmentInfo,
    built: Built,
    rows: Vec<GameRow>,
    errors: Vec<Unreadable>,
}

/// Counts the decompressed bytes read, and ends the input early when the
/// build is cancelled.
struct Counted<'a, R> {
    inner: R,
    read: u64,
    cancel: &'a AtomicBool,
}

impl<R: BufRead> Read for Counted<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.fill_buf()?[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<'_, R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.cancel.load(Ordering::Relaxed) {
            return Ok(&[]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        self.read += n as u64;
        self.inner.consume(n);
    }
}

/// Indexes `pgn` into `store` from `resume` on, with `threads` readers,
/// publishing each segment to `shared` as it is written; `names` are those
/// the segments kept so far number (checked), to go on numbering them.
pub(crate) fn build(
    pgn: &Path,
    mut store: Store,
    resume: Resume,
    mut names: Names,
    threads: usize,
    shared: &Arc<Shared>,
) -> Result<(), Error> {
    let mut source = source::open(pgn).map_err(|e| Error::Io(e.to_string()))?;
    shared.progress.set_source(source.read.clone(), source.size);
    // Past what is indexed already.
    let skipped = io::copy(&mut (&mut source.reader).take(resume.offset), &mut io::sink())
        .map_err(|e| Error::Io(format!("{}: {e}", pgn.display())))?;
    if skipped < resume.offset {
        return Err(Error::Index("the file is shorter than its index says".into()));
    }
    store.align_names(names.counts())?;
    let (tx, rx) = mpsc::sync_channel::<Finished>(1);
    let result = std::thread::scope(|scope| {
        let writer = scope.spawn(move || -> Result<Store, Error> {
            for finished in rx {
                write(&mut store, finished, shared)?;
            }
            Ok(store)
        });
        let mut input = Counted {
            inner: source.reader,
            read: resume.offset,
            cancel: &shared.cancel,
        };
        let mut collector = Collector {
            resume,
            segment: SegmentBuilder::default(),
            rows: Vec::new(),
            errors: Vec::new(),
            next_segment: resume.segment,
            first_game: resume.game,
            start: (resume.offset, resume.line),
            tx: Some(tx),
            failed: false,
            sent: names.counts(),
            segment_games: shared.segment_games,
        };
        ParallelReader::new(&mut input)
            .threads(threads)
            .starting_at(resume.offset, resume.line as usize)
            .visit_games_at(Recorder::new, |at, read| {
                collector.take(at.number, at.offset, at.line as u64, read, &mut names, shared);
            });
        let cancelled = shared.cancel.load(Ordering::Relaxed);
        if !cancelled {
            let end = input.read;
            collector.flush(end, 0, &mut names);
        }
        drop(collector.tx.take());
        let store = writer
            .join()
            .map_err(|_| Error::Index("the index writer failed".into()))??;
        if collector.failed {
            return Err(Error::Index("the index writer stopped".into()));
        }
        Ok((store, cancelled))
    });
    let (store, cancelled) = result?;
    if !cancelled {
        store.set_complete(true)?;
    }
    Ok(())
}

/// Gathers the games read, in order, into segments.
struct Collector {
    resume: Resume,
    segment: SegmentBuilder,
    rows: Vec<GameRow>,
    errors: Vec<Unreadable>,
    next_segment: u32,
    first_game: u32,
    /// Where the segment being filled starts: offset and line.
    start: (u64, u64),
    tx: Option<mpsc::SyncSender<Finished>>,
    failed: bool,
    /// How many names of each list have gone to the writer.
    sent: [usize; 3],
    /// How many games a segment holds.
    segment_games: usize,
}

impl Collector {
    fn take(
        &mut self,
        number: usize,
        offset: u64,
        line: u64,
        read: Result<GameRecord, chess_core::pgn::PgnError>,
        names: &mut Names,
        shared: &Shared,
    ) {
        if self.segment.len() == self.segment_games {
            self.flush(offset, line, names);
        }
        let game = self.resume.game as u64 + number as u64;
        let mut row = GameRow {
            offset,
            ..GameRow::default()
        };
        match read {
            Ok(record) => {
                row.elo = [record.white_elo, record.black_elo];
                row.date = record.date.0;
                row.result = record.result.code();
                row.eco = record.eco.unwrap_or(u16::MAX);
                row.plies = record.plies.min(u32::from(u16::MAX)) as u16;
                row.fen = record.start.as_ref().map(|(fen, _)| fen.clone());
                self.segment.push(offset, record, names);
            }
            Err(e) => {
                self.errors.push(Unreadable {
                    game,
                    line: e.line as u64,
                    column: e.column as u64,
                    reason: e.kind.to_string(),
                });
                self.segment.push_unreadable(offset, names);
            }
        }
        self.rows.push(row);
        shared.progress.games.store(game, Ordering::Relaxed);
    }

    /// Sends the segment filled so far (its last game ending at `end`, where
    /// the next starts on `line`) to the writer.
    fn flush(&mut self, end: u64, line: u64, names: &mut Names) {
        if self.segment.is_empty() {
            return;
        }
        let segment = std::mem::take(&mut self.segment);
        let games = segment.len() as u32;
        let mut built = segment.finish(end);
        let headers = &mut built.headers;
        let mut rows = std::mem::take(&mut self.rows);
        for (row, (&length, names_row)) in rows.iter_mut().zip(headers.lengths.iter().zip(0..)) {
            row.length = length;
            let i: usize = names_row;
            row.names = [
                headers.white[i],
                headers.black[i],
                headers.event[i],
                headers.time_control[i],
            ];
            row.site = headers.site(i).to_string();
        }
        let info = SegmentInfo {
            id: self.next_segment,
            first: self.first_game,
            games,
            start: self.start.0,
            start_line: self.start.1,
        };
        self.next_segment += 1;
        self.first_game += games;
        self.start = (end, line);
        // The names met since the last segment go with it.
        headers.names_before = self.sent.map(|n| n as u32);
        headers.new_names = names.since(self.sent);
        self.sent = names.counts();
        headers.errors = self.errors.clone();
        let finished = Finished {
            info,
            built,
            rows,
            errors: std::mem::take(&mut self.errors),
        };
        if let Some(tx) = &self.tx
            && tx.send(finished).is_err()
        {
            self.failed = true;
            self.tx = None;
        }
    }
}

/// Writes a segment and makes it searchable.
fn write(store: &mut Store, mut f: Finished, shared: &Shared) -> Result<(), Error> {
    let (openings, late) = f.built.tables();
    let shapes = shape_blobs(std::mem::take(&mut f.built.shapes), &f.info);
    let outcomes = f.built.headers.outcomes();
    let openings = opening_rows(&openings, &f.info, &outcomes);
    let b = &f.built;
    let blobs = Blobs {
        search: b.search.to_blob(&f.info),
        outcomes: outcomes.to_blob(&f.info),
        headers: b.headers.to_blob(&f.info),
        names: b.headers.names().to_blob(&f.info),
        late: late.to_blob(&f.info),
        moves: (b
            .moves
            .blocks(move_block_games(shared.segment_games))
            .iter()
            .enumerate())
        .map(|(k, block)| block.to_blob(&f.info, k as u32))
        .collect(),
        openings: openings.rows,
        tallies: openings.tallies,
        shapes,
    };
    store.write_segment(f.info, &blobs, &f.rows, &f.errors, &b.headers.new_names)?;
    // Published without its columns: a query reads them back from the
    // store, so what building holds stays bounded however large the file.
    shared.publish(Segment::stored(f.info), &b.headers);
    Ok(())
}
