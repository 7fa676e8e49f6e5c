//! Polyglot opening books (`.bin`): read from bytes, searched by the
//! position's Zobrist key, and written from games.
//!
//! A book is a sequence of 16-byte big-endian entries sorted by key: the
//! position's Polyglot key (which [`Position::zobrist`] is), a move, a
//! weight and a learn value. A move packs the target square (bits 0-5),
//! the origin (bits 6-11) and a promotion (bits 12-14: 1 knight .. 4
//! queen); castling is written as the king taking its own rook (`e1h1`),
//! which is translated to the position's own convention here.
//!
//! This crate reads no files: [`Book`] works on bytes in memory, and
//! [`search`] finds a key's entries in any sorted source with a binary
//! search, so a book too big to load can be searched from its file.
//!
//! ```
//! use chess_core::{Position, book::{Book, BookBuilder}};
//! let mut builder = BookBuilder::new(10);
//! let game = chess_core::pgn::read_game("1. e4 e5 2. Nf3 1-0")?;
//! builder.add_game(&game);
//! let bytes = builder.to_bytes(1);
//! let book = Book::from_bytes(&bytes)?;
//! let entries = book.entries(&Position::new());
//! assert_eq!(entries[0].mv.uci(), "e2e4");
//! assert_eq!(entries[0].weight, 2); // a win
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::fmt;

use crate::game::Game;
use crate::moves::Move;
use crate::piece::Role;
use crate::position::Position;
use crate::square::Square;

/// The size of one entry, in bytes.
pub const ENTRY_SIZE: usize = 16;

/// One entry as stored: the position's key, the move as Polyglot encodes
/// it, its weight and the learn value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RawEntry {
    /// The position's Polyglot key.
    pub key: u64,
    /// The move, Polyglot-encoded.
    pub mv: u16,
    /// How often to play it, relative to the position's other entries.
    pub weight: u16,
    /// Left to programs that learn (0 when written here).
    pub learn: u32,
}

impl RawEntry {
    /// Reads an entry from its 16 bytes.
    pub fn from_bytes(b: &[u8; ENTRY_SIZE]) -> RawEntry {
        let mut key = [0; 8];
        key.copy_from_slice(&b[0..8]);
        RawEntry {
            key: u64::from_be_bytes(key),
            mv: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes([b[12], b[13], b[14], b[15]]),
        }
    }

    /// The entry's 16 bytes.
    pub fn to_bytes(self) -> [u8; ENTRY_SIZE] {
        let mut b = [0; ENTRY_SIZE];
        b[0..8].copy_from_slice(&self.key.to_be_bytes());
        b[8..10].copy_from_slice(&self.mv.to_be_bytes());
        b[10..12].copy_from_slice(&self.weight.to_be_bytes());
        b[12..16].copy_from_slice(&self.learn.to_be_bytes());
        b
    }
}

/// A book move of a position: legal there, in the position's own
/// convention (standard castling `e1g1`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The move.
    pub mv: Move,
    /// Its weight.
    pub weight: u16,
    /// The learn value.
    pub learn: u32,
}

/// Why bytes are not a Polyglot book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The length is not a multiple of 16 bytes: the file is cut short.
    Truncated {
        /// The length found.
        len: u64,
    },
    /// An entry's key is smaller than the one before it: the entries are
    /// not sorted, so they cannot be searched.
    Unsorted {
        /// The entry (from 0) out of order.
        index: u64,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Truncated { len } => write!(
                f,
                "not a Polyglot book: its length ({len} bytes) is not a multiple of 16 (the file is cut short)"
            ),
            BookError::Unsorted { index } => write!(
                f,
                "not a Polyglot book: entry {index} has a smaller key than the one before it (entries must be sorted)"
            ),
        }
    }
}

impl std::error::Error for BookError {}

/// A Polyglot book held in memory (borrowed bytes), checked when made:
/// whole entries, sorted by key.
#[derive(Clone, Copy, Debug)]
pub struct Book<'a> {
    bytes: &'a [u8],
}

impl<'a> Book<'a> {
    /// The book in `bytes`; an error says why they are not one.
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Book<'a>, BookError> {
        if !bytes.len().is_multiple_of(ENTRY_SIZE) {
            return Err(BookError::Truncated {
                len: bytes.len() as u64,
            });
        }
        let book = Book { bytes };
        let mut last = 0;
        for i in 0..book.len() {
            let key = book.entry(i).key;
            if key < last {
                return Err(BookError::Unsorted { index: i as u64 });
            }
            last = key;
        }
        Ok(book)
    }

    /// How many entries the book has.
    pub fn len(&self) -> usize {
        self.bytes.len() / ENTRY_SIZE
    }

    /// Whether the book has no entry.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Entry `index` (below [`Book::len`]).
    pub fn entry(&self, index: usize) -> RawEntry {
        let mut b = [0; ENTRY_SIZE];
        b.copy_from_slice(&self.bytes[index * ENTRY_SIZE..(index + 1) * ENTRY_SIZE]);
        RawEntry::from_bytes(&b)
    }

    /// The entries stored for `key`, in file order.
    pub fn raw_entries(&self, key: u64) -> Vec<RawEntry> {
        let found: Result<_, std::convert::Infallible> =
            search(self.len() as u64, key, |i| Ok(self.entry(i as usize).key));
        found.map_or_else(|_| Vec::new(), |range| range.map(|i| self.entry(i as usize)).collect())
    }

    /// The book moves of `pos`: its entries whose move is legal there, in
    /// the position's convention, highest weight first (ties in file order).
    pub fn entries(&self, pos: &Position) -> Vec<BookEntry> {
        entries_of(pos, &self.raw_entries(pos.zobrist()))
    }
}

/// The legal book moves among `raw` (a position's entries), highest weight
/// first, ties in their order.
pub fn entries_of(pos: &Position, raw: &[RawEntry]) -> Vec<BookEntry> {
    let mut entries: Vec<BookEntry> = raw
        .iter()
        .filter_map(|e| {
            decode_move(pos, e.mv).map(|mv| BookEntry {
                mv,
                weight: e.weight,
                learn: e.learn,
            })
        })
        .collect();
    entries.sort_by_key(|e| std::cmp::Reverse(e.weight));
    entries
}

/// A move drawn among `entries` with probability proportional to weight;
/// `random` is a number in [0, 1). None when no entry has weight.
pub fn choose_weighted(entries: &[BookEntry], random: f64) -> Option<Move> {
    let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();
    if total == 0 {
        return None;
    }
    let mut pick = (random.clamp(0.0, 1.0) * total as f64) as u64;
    for e in entries {
        let w = u64::from(e.weight);
        if pick < w {
            return Some(e.mv);
        }
        pick -= w;
    }
    entries.iter().rev().find(|e| e.weight > 0).map(|e| e.mv)
}

/// The best-weighted move among `entries` (as [`entries_of`] orders them:
/// the first), if one has any weight.
pub fn choose_best(entries: &[BookEntry]) -> Option<Move> {
    entries.iter().find(|e| e.weight > 0).map(|e| e.mv)
}

/// The range of indexes holding `key` among `n` entries sorted by key,
/// whose keys `key_at` gives (reading a file, say): two binary searches.
pub fn search<E>(n: u64, key: u64, mut key_at: impl FnMut(u64) -> Result<u64, E>) -> Result<std::ops::Range<u64>, E> {
    let mut bound = |strict: bool| -> Result<u64, E> {
        let (mut lo, mut hi) = (0, n);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let k = key_at(mid)?;
            if k < key || (strict && k == key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        Ok(lo)
    };
    let start = bound(false)?;
    let end = bound(true)?;
    Ok(start..end.max(start))
}

const PROMOTIONS: [Option<Role>; 5] = [
    None,
    Some(Role::Knight),
    Some(Role::Bishop),
    Some(Role::Rook),
    Some(Role::Queen),
];

/// The legal move a Polyglot move stands for in `pos`, if any: the king
/// taking its own rook is castling (`e1g1` in standard chess).
pub fn decode_move(pos: &Position, raw: u16) -> Option<Move> {
    let to = Square::from_index((raw & 63) as u8)?;
    let from = Square::from_index(((raw >> 6) & 63) as u8)?;
    let promotion = *PROMOTIONS.get(((raw >> 12) & 7) as usize)?;
    let m = match promotion {
        Some(role) => Move::with_promotion(from, to, role),
        None => Move::new(from, to),
    };
    pos.legal_move(m).or_else(|| pos.castle_onto_rook(m))
}

/// The Polyglot encoding of `m`, legal in `pos`: castling as the king
/// taking its own rook.
pub fn encode_move(pos: &Position, m: Move) -> u16 {
    let to = if m.is_castle() && !pos.is_chess960() {
        let side = m.castling_side().unwrap_or(crate::CastlingSide::King);
        side.rook_from(pos.turn())
    } else {
        m.to()
    };
    let promotion = m
        .promotion()
        .and_then(|r| PROMOTIONS.iter().position(|&p| p == Some(r)))
        .unwrap_or(0) as u16;
    u16::from(to.index()) | u16::from(m.from().index()) << 6 | promotion << 12
}

/// Makes a book from games, as `polyglot make-book` does: every position of
/// each game's main line up to a ply limit, with the move played there;
/// a move's weight counts the games it was played in by their result for
/// the side that played it (a win 2, a draw 1, a loss 0).
#[derive(Clone, Debug, Default)]
pub struct BookBuilder {
    max_ply: usize,
    /// (key, move) → (games, score).
    moves: HashMap<(u64, u16), (u32, u64)>,
}

impl BookBuilder {
    /// A builder looking at the first `max_ply` half-moves of each game.
    pub fn new(max_ply: usize) -> BookBuilder {
        BookBuilder {
            max_ply,
            moves: HashMap::new(),
        }
    }

    /// Adds a game's main line. A game with no result (`*`) counts its
    /// moves with no score. Chess960 games are skipped (Polyglot keys do
    /// not say where the rooks started).
    pub fn add_game(&mut self, game: &Game) {
        if game.start_position().is_chess960() {
            return;
        }
        let winner = game.outcome_at(game.mainline_end()).map(|o| o.winner());
        let mut pos = game.start_position().clone();
        for m in game.moves().into_iter().take(self.max_ply) {
            let score = match winner {
                Some(Some(color)) if color == pos.turn() => 2,
                Some(None) => 1,
                _ => 0,
            };
            let entry = self.moves.entry((pos.zobrist(), encode_move(&pos, m))).or_default();
            entry.0 += 1;
            entry.1 += score;
            pos.play_unchecked(m);
        }
    }

    /// The book's entries, each played in at least `min_games` games,
    /// sorted by key (then by weight, highest first); weights are the
    /// scores, scaled down together when the highest would not fit 16 bits.
    pub fn entries(&self, min_games: u32) -> Vec<RawEntry> {
        let kept: Vec<_> = self
            .moves
            .iter()
            .filter(|(_, (games, _))| *games >= min_games)
            .collect();
        let top = kept.iter().map(|(_, (_, score))| *score).max().unwrap_or(0);
        let scale = |s: u64| {
            if top > u64::from(u16::MAX) {
                s * u64::from(u16::MAX) / top
            } else {
                s
            }
        };
        let mut entries: Vec<RawEntry> = kept
            .into_iter()
            .map(|(&(key, mv), &(_, score))| RawEntry {
                key,
                mv,
                weight: scale(score) as u16,
                learn: 0,
            })
            .collect();
        entries.sort_by(|a, b| a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)).then(a.mv.cmp(&b.mv)));
        entries
    }

    /// The book file's bytes (see [`BookBuilder::entries`]).
    pub fn to_bytes(&self, min_games: u32) -> Vec<u8> {
        self.entries(min_games)
            .into_iter()
            .flat_map(RawEntry::to_bytes)
            .collect()
    }
}
