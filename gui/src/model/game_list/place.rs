//! Where a listed game is in its file, and reading it from there.

use std::path::PathBuf;

use chess_core::Game;
use chess_core::pgn::PgnReader;

/// Where a listed game is: enough to read it on any thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The file.
    pub path: PathBuf,
    /// The game's number in the list (from 1).
    pub number: usize,
    /// Its first line.
    pub line: u32,
    /// Where its text begins, in the decompressed text.
    pub offset: u64,
    /// Where the next game's begins (`u64::MAX` for the last).
    pub end: u64,
}

impl Place {
    /// The game's text, as the file has it (a compressed file is read up
    /// to it).
    pub fn bytes(&self) -> Result<Vec<u8>, String> {
        let mut text = Vec::new();
        chess_db::source::copy_spans(&self.path, &[(self.offset, self.end)], &mut text, |_| true)
            .map_err(|e| format!("cannot read {}: {e}", self.path.display()))?;
        Ok(text)
    }

    /// The game's text, as the file has it.
    pub fn text(&self) -> Result<String, String> {
        Ok(String::from_utf8_lossy(&self.bytes()?).into_owned())
    }

    /// The game, read from its place (at its end, or its start for a study
    /// or a puzzle: [`place_cursor`](crate::model::files::place_cursor)); one that cannot be read
    /// says why and on which line of the file.
    pub fn read(&self) -> Result<Game, String> {
        let text = self.bytes()?;
        let mut reader = PgnReader::new(&text[..]);
        match reader.read_game() {
            Some(Ok(mut game)) => {
                crate::model::files::place_cursor(&mut game);
                Ok(game)
            }
            Some(Err(e)) => Err(format!(
                "game {} (from line {}) cannot be read: {} (line {})",
                self.number,
                self.line,
                e.kind,
                self.line as usize + e.line - 1
            )),
            None => Err(format!("game {} is empty", self.number)),
        }
    }
}
