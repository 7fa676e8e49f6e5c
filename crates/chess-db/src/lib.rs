//! Game collections: search millions of games by position, explore
//! openings and filter by header, on any PGN file (plain, `.zst`, `.gz`,
//! `.bz2`), without an import step.
//!
//! Opening a file gives a [`Database`]: the PGN stays the data, and an
//! index, kept as a cache, is built in the background on every core (see
//! [`index`](crate::Database) for how it is kept and refreshed). Then:
//!
//! - [`Database::search_position`]: the games whose main line reaches a
//!   position (as FIDE counts repetitions: placement, side to move,
//!   castling rights, legal en passant), with the ply where each first
//!   does;
//! - [`Database::search_material`]: the games that reach a material
//!   balance (`KRPkr`) and keep it for some plies;
//! - [`Database::explore`]: the moves played from a position, with their
//!   games, results, average rating and last year, and the top games;
//! - [`Database::filter`]: games by player, rating, date, result, ECO,
//!   event, site, length and time control, alone or with the searches;
//! - [`Database::write_pgn`], [`Database::read_game`]: the games
//!   themselves, exactly as the file has them.
//!
//! ```no_run
//! use chess_db::{Database, Filter, Options};
//! let db = Database::open("twic.pgn".as_ref(), &Options::default())?;
//! db.wait()?;
//! let sicilian: chess_core::Position = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".parse().unwrap();
//! let filter = Filter { player: Some("Carlsen".into()), ..Filter::default() };
//! let found = db.search_position(&sicilian, None, Some(&filter))?;
//! println!("{} games", found.len());
//! # Ok::<(), chess_db::Error>(())
//! ```

#![forbid(unsafe_code)]

pub mod cache;
mod collection;
#[cfg(feature = "parquet")]
pub mod export;
pub mod header;
pub mod identity;
mod index;
pub mod material;
pub mod movecode;
mod query;
pub mod record;
pub mod shape;
pub mod source;
mod tally;

pub use collection::{Database, FileProblem, is_pgn_name, pgn_files};
pub use index::{Options, Progress, Stats, default_index_path};
pub use material::{Material, MaterialError};
pub use query::explore::{Explorer, MoveRow, TopGame};
pub use query::filter::{FILTER_KEYS, Filter, TimeClass};
pub use query::position::Match;

/// What can go wrong with a collection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The PGN file (or the index's directory) cannot be read or written.
    Io(String),
    /// The index cannot be used (and is rebuilt on the next open).
    Index(String),
    /// The index is damaged: a checksum or a column does not hold. It is
    /// never trusted: the next open builds it again.
    Damaged(String),
    /// A query that is not one (a bad FEN, material or filter).
    Query(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io(e) => f.write_str(e),
            Error::Index(e) => write!(f, "the index cannot be used: {e}"),
            Error::Damaged(e) => write!(f, "the index is damaged ({e}): it will be rebuilt"),
            Error::Query(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for Error {}

/// Something wrong in an index's bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Corrupt(pub &'static str);

/// A game of the file that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// Its number (from 1, in file order).
    pub game: u64,
    /// The line and column of the problem (from 1).
    pub line: u64,
    /// See `line`.
    pub column: u64,
    /// What is wrong.
    pub reason: String,
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}: {}",
            self.game, self.line, self.column, self.reason
        )
    }
}
