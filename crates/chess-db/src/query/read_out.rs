//! The games themselves, exactly as the file has them: each from its first
//! line to the next game's, found by the offsets the index keeps (a plain
//! file is read where each game is; a compressed one is read once through,
//! the games wanted copied on the way).

use std::io::{self, Write};

use chess_core::Game;

use crate::index::FileIndex;
use crate::source;
use crate::{Database, Error};

impl Database {
    /// Where the games `numbers` (from 1) begin in the decompressed text
    /// of their files, in the order asked: what a list of a file's games
    /// (as [`chess_core::pgn::scan_games`] makes one) finds them by.
    /// [`Database::locate`] says which file each is in.
    pub fn offsets(&self, numbers: &[u64]) -> Result<Vec<u64>, Error> {
        let mut out = Vec::with_capacity(numbers.len());
        // Runs of numbers in one file, each file checked once a run (a
        // search's games come in order: one run a file).
        let mut k = 0;
        while k < numbers.len() {
            let (index, local) = self.game(numbers[k])?;
            let offset = numbers[k] - local;
            let mut locals = vec![local];
            k += 1;
            while k < numbers.len() && numbers[k] > offset && numbers[k] - offset <= index.game_count() {
                locals.push(numbers[k] - offset);
                k += 1;
            }
            out.extend(index.offsets(&locals)?);
        }
        Ok(out)
    }

    /// The file game `number` is in, and its number there.
    fn game(&self, number: u64) -> Result<(std::sync::Arc<FileIndex>, u64), Error> {
        let (index, local) = self.locate_member(number).ok_or_else(|| {
            Error::Query(format!(
                "there is no game {number} (the collection has {})",
                self.game_count()
            ))
        })?;
        index.check_file()?;
        Ok((index, local))
    }

    /// The text of game `number` (from 1), as its file has it.
    pub fn game_text(&self, number: u64) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        self.write_pgn(&[number], &mut out)?;
        Ok(out)
    }

    /// Game `number` (from 1), read from its file.
    pub fn read_game(&self, number: u64) -> Result<Game, Error> {
        let text = self.game_text(number)?;
        chess_core::pgn::read_game_bytes(&text).map_err(|e| Error::Query(format!("game {number}: {e}")))
    }

    /// Writes the games `numbers` (from 1, in increasing order) to `out`,
    /// each exactly as its file has it.
    pub fn write_pgn(&self, numbers: &[u64], out: &mut dyn Write) -> Result<(), Error> {
        if numbers.windows(2).any(|w| w[0] >= w[1]) {
            return Err(Error::Query("games must be asked for in increasing order".into()));
        }
        // The games of one file after another, each file read once.
        let mut k = 0;
        while k < numbers.len() {
            let (index, local) = self.game(numbers[k])?;
            let mut locals = vec![local];
            let offset = numbers[k] - local;
            k += 1;
            while k < numbers.len() && numbers[k] - offset <= index.game_count() {
                locals.push(numbers[k] - offset);
                k += 1;
            }
            index.write_pgn(&locals, out)?;
        }
        Ok(())
    }
}

impl FileIndex {
    /// Where game `number` (from 1) is in the decompressed text: its offset
    /// and length.
    fn span(&self, number: u64) -> Result<(u64, u64), Error> {
        let segments = self.segments();
        let segment = segments
            .iter()
            .find(|s| number > u64::from(s.info.first) && number <= u64::from(s.info.first + s.info.games))
            .ok_or_else(|| {
                Error::Query(format!(
                    "there is no game {number} (the file has {})",
                    self.game_count()
                ))
            })?;
        let headers = self.header_columns(segment)?;
        let i = (number - 1 - u64::from(segment.info.first)) as usize;
        Ok((headers.offsets[i], u64::from(headers.lengths[i])))
    }

    /// Where the games `numbers` (from 1, the file's) begin in the
    /// decompressed text, in the order asked.
    pub fn offsets(&self, numbers: &[u64]) -> Result<Vec<u64>, Error> {
        let segments = self.segments();
        let mut columns = Vec::with_capacity(segments.len());
        for segment in &segments {
            columns.push((u64::from(segment.info.first), self.header_columns(segment)?));
        }
        numbers
            .iter()
            .map(|&number| {
                let at = columns.partition_point(|(first, _)| *first < number);
                at.checked_sub(1)
                    .and_then(|s| {
                        let (first, headers) = &columns[s];
                        headers.offsets.get((number - 1 - first) as usize).copied()
                    })
                    .ok_or_else(|| Error::Query(format!("there is no game {number}")))
            })
            .collect()
    }

    /// Writes the games `numbers` (from 1, in increasing order) to `out`,
    /// each exactly as the file has it.
    pub fn write_pgn(&self, numbers: &[u64], out: &mut dyn Write) -> Result<(), Error> {
        let spans: Vec<(u64, u64)> = numbers
            .iter()
            .map(|&n| self.span(n).map(|(offset, length)| (offset, offset + length)))
            .collect::<Result<_, _>>()?;
        source::copy_spans(self.pgn_path(), &spans, out, |_| true).map_err(|e| match e.kind() {
            io::ErrorKind::InvalidInput => Error::Query("games must be asked for in increasing order".into()),
            _ => Error::Io(format!("{}: {e}", self.pgn_path().display())),
        })?;
        Ok(())
    }
}
