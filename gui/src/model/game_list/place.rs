//! Where a listed game is in its file, and reading it from there.

use std::path::PathBuf;

use chess_core::Game;

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
    /// or a puzzle: [`place_cursor`](crate::model::files::place_cursor)).
    /// One with a move of its main line that cannot be played is read up to
    /// it (its warning says where, in the file's lines:
    /// [`cut_short`](crate::model::files::cut_short)); one that cannot be
    /// read at all says why and on which line of the file.
    pub fn read(&self) -> Result<Game, String> {
        let text = self.bytes()?;
        match chess_core::pgn::read_up_to_error(&text, self.line as usize, self.number) {
            Ok((mut game, _)) => {
                crate::model::files::place_cursor(&mut game);
                Ok(game)
            }
            Err(e) if e.kind == chess_core::pgn::PgnErrorKind::NoGame => Err(format!("game {} is empty", self.number)),
            Err(e) => Err(format!(
                "game {} (from line {}) cannot be read: {} (line {})",
                self.number, self.line, e.kind, e.line
            )),
        }
    }
}
