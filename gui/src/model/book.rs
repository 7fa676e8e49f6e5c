//! The opening book the app uses (a Polyglot `.bin` file, searched on
//! disk), and the opening names every position has, book or not.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use chess_core::book::{BookEntry, choose_weighted};
use chess_core::{Move, Position};
use chess_file::book::BookFile;

/// A book move as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// Its SAN.
    pub san: String,
    /// Its share of the position's weights, in percent (rounded).
    pub percent: u32,
}

/// The opened book, if any.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// The file chosen.
    pub path: Option<PathBuf>,
    file: Option<Arc<BookFile>>,
    /// Whether the panel lists the moves played less than 1% of the time
    /// (hidden by default: "0%" rows are noise).
    pub show_rare: bool,
}

impl Book {
    /// Opens the book at `path` (or closes the book with `None`); an error
    /// says why a file cannot be used, and leaves no book open.
    pub fn load(&mut self, path: Option<&Path>) -> Result<(), String> {
        self.path = path.map(Path::to_path_buf);
        self.file = None;
        if let Some(path) = path {
            self.file = Some(Arc::new(BookFile::open(path).map_err(|e| e.to_string())?));
        }
        Ok(())
    }

    /// Whether a book is open.
    pub fn is_open(&self) -> bool {
        self.file.is_some()
    }

    /// The file's name, for labels.
    pub fn name(&self) -> Option<String> {
        let path = self.path.as_ref()?;
        Some(
            path.file_name()
                .unwrap_or(path.as_os_str())
                .to_string_lossy()
                .into_owned(),
        )
    }

    fn entries(&self, pos: &Position) -> Vec<BookEntry> {
        self.file.as_ref().and_then(|f| f.entries(pos).ok()).unwrap_or_default()
    }

    /// The book moves of `pos`, highest weight first, with their shares.
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        let entries = self.entries(pos);
        let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();
        entries
            .iter()
            .map(|e| BookMove {
                mv: e.mv,
                san: pos.san(e.mv).unwrap_or_else(|_| e.mv.uci()),
                percent: (u64::from(e.weight) * 100).checked_div(total).unwrap_or(0) as u32,
            })
            .collect()
    }

    /// The book moves of `pos` the panel lists: all of them, or (unless
    /// [`Book::show_rare`]) those played 1% of the time or more; and how
    /// many were left out.
    pub fn shown_moves(&self, pos: &Position) -> (Vec<BookMove>, usize) {
        let entries = self.entries(pos);
        let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();
        let rare = |e: &BookEntry| u64::from(e.weight) * 100 < total;
        let all = self.moves(pos);
        if self.show_rare {
            return (all, 0);
        }
        let (kept, left): (Vec<_>, Vec<_>) = all.into_iter().zip(&entries).partition(|(_, e)| !rare(e));
        (kept.into_iter().map(|(m, _)| m).collect(), left.len())
    }

    /// A book move for `pos` drawn by weight (`random` in [0, 1)).
    pub fn pick(&self, pos: &Position, random: f64) -> Option<Move> {
        choose_weighted(&self.entries(pos), random)
    }
}
