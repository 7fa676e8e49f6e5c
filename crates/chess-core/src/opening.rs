//! Opening names: the ECO code and name of a position, from lichess's
//! public-domain table of 3,800 named lines (`data/openings`, CC0 1.0),
//! built into the crate.
//!
//! The table is keyed by position (placement, side to move, castling rights
//! and legal en passant, as FIDE counts repetitions), so a transposition
//! finds its name too: 1.Nf3 d5 2.d4 is named as 1.d4 d5 2.Nf3. Where two
//! lines reach the same position, the one listed first names it. A game is
//! named by the deepest named position of its main line.
//!
//! ```
//! use chess_core::{Game, opening};
//! let mut game = Game::new();
//! for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6"] {
//!     game.play_san(san)?;
//! }
//! let named = game.opening().unwrap();
//! assert_eq!((named.eco, named.name), ("C65", "Ruy Lopez: Berlin Defense"));
//! assert_eq!(opening::lookup(game.position()), Some(named));
//! # Ok::<(), chess_core::PlayError>(())
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::game::Game;
use crate::position::Position;

/// A named opening: its ECO code, its name and the moves of its line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The ECO code: `C65`.
    pub eco: &'static str,
    /// The name: `Ruy Lopez: Berlin Defense`.
    pub name: &'static str,
    /// The line's moves from the start, as PGN movetext: `1. e4 e5 2. Nf3 ...`.
    pub pgn: &'static str,
}

/// The table's text, one line per opening: `eco`, `name`, `pgn`, tab-separated
/// (each file with a header line).
const TABLES: [&str; 5] = [
    include_str!("../data/openings/a.tsv"),
    include_str!("../data/openings/b.tsv"),
    include_str!("../data/openings/c.tsv"),
    include_str!("../data/openings/d.tsv"),
    include_str!("../data/openings/e.tsv"),
];

/// Every opening of the table, in its order.
pub fn all() -> &'static [Opening] {
    &index().0
}

/// The name of `pos`, if it is the end position of a named line (or a
/// transposition to one). Chess960 positions have none.
pub fn lookup(pos: &Position) -> Option<Opening> {
    if pos.is_chess960() {
        return None;
    }
    let (openings, by_key) = index();
    let key = pos.repetition_key();
    let at = by_key.partition_point(|&(k, _)| k < key);
    by_key.get(at).filter(|&&(k, _)| k == key).map(|&(_, i)| openings[i])
}

/// The openings, and the position keys of their end positions sorted (with
/// the first opening reaching each), made on first use: replaying 3,800
/// short lines takes a few milliseconds. (Plain sorted lists, searched by
/// halves: their memory stays reachable to the end, as leak checkers
/// running a C program like.)
type Index = (Vec<Opening>, Vec<(u64, usize)>);

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut openings = Vec::with_capacity(4000);
        let mut by_key: HashMap<u64, usize> = HashMap::with_capacity(4000);
        for table in TABLES {
            for line in table.lines().skip(1) {
                let mut fields = line.split('\t');
                let (Some(eco), Some(name), Some(pgn)) = (fields.next(), fields.next(), fields.next()) else {
                    continue;
                };
                let Some(end) = play_line(pgn) else {
                    continue;
                };
                by_key.entry(end.repetition_key()).or_insert(openings.len());
                openings.push(Opening { eco, name, pgn });
            }
        }
        let mut by_key: Vec<(u64, usize)> = by_key.into_iter().collect();
        by_key.sort_unstable();
        (openings, by_key)
    })
}

/// The position at the end of a line's movetext (`1. e4 e5 2. Nf3`).
pub(crate) fn play_line(pgn: &str) -> Option<Position> {
    let mut pos = Position::new();
    for word in pgn.split_whitespace() {
        // Move numbers: "1." and "1...".
        if word.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let m = pos.parse_san(word).ok()?;
        pos.play_unchecked(m);
    }
    Some(pos)
}

impl Game {
    /// The opening of the game: the deepest named position of its main
    /// line (so a game that leaves the book keeps the name of where it
    /// left). None when no position of it is named.
    pub fn opening(&self) -> Option<Opening> {
        self.mainline()
            .into_iter()
            .rev()
            .find_map(|id| lookup(self.position_at(id)))
    }
}
