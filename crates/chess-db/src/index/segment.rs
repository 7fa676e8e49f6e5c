//! A segment: the index of up to 65,536 games that follow each other in the
//! file. Its columns come in groups, each stored compressed with a
//! checksum (see `blob`) and read only when a query needs it, so that a
//! question reads what it asks about and no more:
//!
//! - what every search reads first ([`SearchColumns`]: each game's length,
//!   when its home pawns left, its material at the end, its start);
//! - the moves ([`MoveBlock`], in [`MOVE_BLOCKS`] runs of games), read only
//!   for the games a search must replay;
//! - the opening table, one row a position (see `popular`), read by key,
//!   the explorer's counts of its larger rows apart, and what its games
//!   hold after the table's plies (see `late`), which says when a row is
//!   the whole answer;
//! - the shapes its games pass through (see `shapes`), a bucket read at a
//!   time, which rule the segment out for most positions deep in games;
//! - what the explorer counts ([`Outcomes`]: results, ratings, dates,
//!   players);
//! - the rest of the header values and where each game is in the file
//!   ([`HeaderColumns`], with the outcomes and the names), for filters and
//!   reading games out;
//! - the names the segment added to the index's lists.

use std::collections::HashMap;

use chess_core::Position;

use super::late::LateStates;
use super::popular::Popular;
use crate::header::{Date, GameResult};
use crate::material::Material;
use crate::record::{GameRecord, PIECES};
use crate::{Corrupt, Unreadable};

/// The most games a segment holds (a game's number in its segment is 16 bits).
pub const SEGMENT_GAMES: usize = 1 << 16;

/// How many runs of games' moves a full segment's are stored (and read) in:
/// a search that replays a few games reads a few runs of moves, not the
/// segment's.
pub const MOVE_BLOCKS: usize = 16;

/// How many games' moves are stored together in an index whose segments
/// hold `segment_games` (4,096 for full segments of 65,536).
pub fn move_block_games(segment_games: usize) -> usize {
    segment_games.div_ceil(MOVE_BLOCKS).max(1)
}

/// Flag: the game could not be read (its error is listed); it matches no
/// query.
pub const UNREADABLE: u8 = 1;
/// Flag: the game starts from a position of its own (a `FEN` tag).
pub const OWN_START: u8 = 2;

/// What searches read of a segment's games before replaying any.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchColumns {
    /// Half-moves of each game's main line (at most 65,535 counted).
    pub plies: Vec<u16>,
    /// [`UNREADABLE`], [`OWN_START`].
    pub flags: Vec<u8>,
    /// When each home pawn left its square (see [`GameRecord::leave`]).
    pub leave: Vec<[u8; 16]>,
    /// When each side lost each of its pieces (see
    /// [`GameRecord::losses`]).
    pub losses: Vec<[u8; 2 * PIECES]>,
    /// The material at the end ([`Material::pack`]).
    pub end: Vec<[u8; 5]>,
    /// The start positions of the games with their own, by game.
    pub starts: HashMap<u16, Position>,
    /// How many positions and entries the segment's opening table holds.
    pub openings: (u64, u64),
}

/// The moves of a run of games of a segment (see [`move_block_games`]; the
/// last run may be shorter).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveBlock {
    /// The segment's number of its first game.
    pub first: usize,
    /// Where each game's moves start in `moves` (one more than games).
    pub starts: Vec<u32>,
    /// The games' moves, one after the other (see `movecode`).
    pub moves: Vec<u8>,
}

/// What the explorer counts of a segment's games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcomes {
    /// [`GameResult::code`].
    pub results: Vec<u8>,
    /// Ratings (0 unknown).
    pub white_elo: Vec<u16>,
    /// Ratings (0 unknown).
    pub black_elo: Vec<u16>,
    /// [`Date`] numbers.
    pub dates: Vec<u32>,
    /// The players, as numbers of the index's list of players.
    pub white: Vec<u32>,
    /// See `white`.
    pub black: Vec<u32>,
}

/// The names a segment added to the index's lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewNames {
    /// How many names each list held before this segment (players,
    /// events, time controls).
    pub before: [u32; 3],
    /// The names this segment added to each list, in number order.
    pub names: [Vec<String>; 3],
}

/// What filters and the explorer read of a segment's games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeaderColumns {
    /// Where each game starts in the (decompressed) file.
    pub offsets: Vec<u64>,
    /// Its length in bytes, up to the next game.
    pub lengths: Vec<u32>,
    /// [`GameResult::code`].
    pub results: Vec<u8>,
    /// Ratings (0 unknown).
    pub white_elo: Vec<u16>,
    /// Ratings (0 unknown).
    pub black_elo: Vec<u16>,
    /// [`Date`] numbers.
    pub dates: Vec<u32>,
    /// ECO numbers (`u16::MAX` unknown).
    pub eco: Vec<u16>,
    /// Players, events and time controls, as numbers of the index's name
    /// lists.
    pub white: Vec<u32>,
    /// See `white`.
    pub black: Vec<u32>,
    /// See `white`.
    pub event: Vec<u32>,
    /// See `white`.
    pub time_control: Vec<u32>,
    /// Each game's `Site`, one after the other: a text of its own, not a
    /// name list, as online games each have their own (a URL).
    pub sites: String,
    /// Where each game's site ends in `sites`.
    pub site_ends: Vec<u32>,
    /// How many names each list held before this segment (players,
    /// events, time controls).
    pub names_before: [u32; 3],
    /// The names this segment added to each list, in number order: the
    /// lists queries read are these, checked, not the store's tables.
    pub new_names: [Vec<String>; 3],
    /// Its games that could not be read.
    pub errors: Vec<Unreadable>,
}

impl SearchColumns {
    /// The position game `i` starts from.
    pub fn start_of(&self, i: usize) -> Position {
        self.starts.get(&(i as u16)).cloned().unwrap_or_default()
    }

    /// The games in the segment.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// About how many bytes of memory the columns take.
    pub fn heap_bytes(&self) -> usize {
        self.plies.capacity() * 2
            + self.flags.capacity()
            + self.leave.capacity() * 16
            + self.losses.capacity() * 2 * PIECES
            + self.end.capacity() * 5
            // A position is about 200 bytes, and its map slot a few more.
            + self.starts.capacity() * 240
    }
}

impl MoveBlock {
    /// The moves of game `i` of the segment, which must be in this block.
    pub fn moves_of(&self, i: usize) -> &[u8] {
        let k = i - self.first;
        &self.moves[self.starts[k] as usize..self.starts[k + 1] as usize]
    }

    /// How many games' moves it holds.
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// About how many bytes of memory it takes.
    pub fn heap_bytes(&self) -> usize {
        self.starts.capacity() * 4 + self.moves.capacity()
    }
}

impl Outcomes {
    /// The result of game `i`.
    pub fn result(&self, i: usize) -> GameResult {
        GameResult::from_code(self.results[i])
    }

    /// The date of game `i`.
    pub fn date(&self, i: usize) -> Date {
        Date(self.dates[i])
    }

    /// About how many bytes of memory it takes.
    pub fn heap_bytes(&self) -> usize {
        self.results.capacity()
            + (self.white_elo.capacity() + self.black_elo.capacity()) * 2
            + (self.dates.capacity() + self.white.capacity() + self.black.capacity()) * 4
    }
}

impl NewNames {
    /// About how many bytes of memory they take.
    pub fn heap_bytes(&self) -> usize {
        self.names
            .iter()
            .flatten()
            .map(|n| n.capacity() + std::mem::size_of::<String>())
            .sum()
    }
}

impl HeaderColumns {
    /// The outcomes of its games, as the explorer reads them.
    pub fn outcomes(&self) -> Outcomes {
        Outcomes {
            results: self.results.clone(),
            white_elo: self.white_elo.clone(),
            black_elo: self.black_elo.clone(),
            dates: self.dates.clone(),
            white: self.white.clone(),
            black: self.black.clone(),
        }
    }

    /// The `Site` of game `i`.
    pub fn site(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.site_ends[i - 1] as usize };
        self.sites.get(start..self.site_ends[i] as usize).unwrap_or("")
    }

    /// The result of game `i`.
    pub fn result(&self, i: usize) -> GameResult {
        GameResult::from_code(self.results[i])
    }

    /// The date of game `i`.
    pub fn date(&self, i: usize) -> Date {
        Date(self.dates[i])
    }

    /// The names it added to the index's lists.
    pub fn names(&self) -> NewNames {
        NewNames {
            before: self.names_before,
            names: self.new_names.clone(),
        }
    }

    /// About how many bytes of memory the columns take.
    pub fn heap_bytes(&self) -> usize {
        let names: usize = self
            .new_names
            .iter()
            .flatten()
            .map(|n| n.capacity() + std::mem::size_of::<String>())
            .sum();
        let errors: usize = self
            .errors
            .iter()
            .map(|e| e.reason.capacity() + std::mem::size_of::<Unreadable>())
            .sum();
        self.offsets.capacity() * 8
            + self.lengths.capacity() * 4
            + self.results.capacity()
            + self.white_elo.capacity() * 2
            + self.black_elo.capacity() * 2
            + self.dates.capacity() * 4
            + self.eco.capacity() * 2
            + (self.white.capacity() + self.black.capacity() + self.event.capacity() + self.time_control.capacity()) * 4
            + self.sites.capacity()
            + self.site_ends.capacity() * 4
            + names
            + errors
    }
}

/// FNV-1a: a quick hash for short names (the standard one is built to
/// resist attacks a name list does not face, and costs more).
#[derive(Clone, Copy, Debug)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Names met while indexing, each given a number once (players, events,
/// sites, time controls).
#[derive(Clone, Debug, Default)]
pub struct NameList {
    /// The names by number.
    pub names: Vec<String>,
    /// The numbers by name, made when first needed: queries only read
    /// names by number.
    numbers: HashMap<String, u32, std::hash::BuildHasherDefault<Fnv>>,
}

impl NameList {
    /// The number of `name`, given one if it has none.
    pub fn number(&mut self, name: &str) -> u32 {
        if self.numbers.len() < self.names.len() {
            self.numbers = self
                .names
                .iter()
                .enumerate()
                .map(|(i, n)| (n.clone(), i as u32))
                .collect();
        }
        if let Some(&n) = self.numbers.get(name) {
            return n;
        }
        let n = self.names.len() as u32;
        self.names.push(name.to_string());
        self.numbers.insert(name.to_string(), n);
        n
    }
}

/// The three name lists of an index: what many games share, each name
/// kept once.
#[derive(Clone, Debug, Default)]
pub struct Names {
    /// Players (White and Black).
    pub players: NameList,
    /// Events.
    pub events: NameList,
    /// Time controls, as the tag writes them.
    pub time_controls: NameList,
}

impl Names {
    /// How many names each list holds.
    pub fn counts(&self) -> [usize; 3] {
        [
            self.players.names.len(),
            self.events.names.len(),
            self.time_controls.names.len(),
        ]
    }

    /// The names given numbers since the lists held `counts`.
    pub fn since(&self, counts: [usize; 3]) -> [Vec<String>; 3] {
        let lists = [&self.players, &self.events, &self.time_controls];
        std::array::from_fn(|k| lists[k].names.get(counts[k]..).unwrap_or_default().to_vec())
    }

    /// Appends the names a segment added, which must follow what the
    /// lists hold: reading the lists back from the segments.
    pub fn append(&mut self, new: &NewNames) -> Result<(), Corrupt> {
        let before = new.before.map(|n| n as usize);
        if before != self.counts() {
            return Err(Corrupt("name lists that do not follow each other"));
        }
        self.extend(before, &new.names);
        Ok(())
    }

    /// Appends `new`, the names numbered from `first` on (see
    /// [`Names::since`]), leaving out the ones held already.
    pub fn extend(&mut self, first: [usize; 3], new: &[Vec<String>; 3]) {
        let lists = [&mut self.players, &mut self.events, &mut self.time_controls];
        for ((list, names), first) in lists.into_iter().zip(new).zip(first) {
            let held = list.names.len().saturating_sub(first);
            list.names.extend(names.iter().skip(held).cloned());
        }
    }
}

/// A segment being filled with games as they are read.
#[derive(Debug, Default)]
pub struct SegmentBuilder {
    search: SearchColumns,
    moves: SegmentMoves,
    headers: HeaderColumns,
    openings: Vec<(u64, u16, u8, u16)>,
    shapes: Vec<u32>,
}

/// A segment's moves as it is built, before they are cut into blocks.
#[derive(Debug, Default)]
pub struct SegmentMoves {
    /// Where each game's moves start in `moves` (one more than games).
    starts: Vec<u32>,
    moves: Vec<u8>,
}

impl SegmentMoves {
    /// Adds a game's moves.
    pub fn push(&mut self, moves: &[u8]) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.moves.extend_from_slice(moves);
        self.starts.push(self.moves.len() as u32);
    }

    /// The moves cut into runs of `block_games` games.
    pub fn blocks(&self, block_games: usize) -> Vec<MoveBlock> {
        let games = self.starts.len().saturating_sub(1);
        (0..games)
            .step_by(block_games.max(1))
            .map(|first| {
                let last = (first + block_games.max(1)).min(games);
                let base = self.starts[first];
                MoveBlock {
                    first,
                    starts: self.starts[first..=last].iter().map(|&s| s - base).collect(),
                    moves: self.moves[base as usize..self.starts[last] as usize].to_vec(),
                }
            })
            .collect()
    }
}

/// A finished segment's columns, to be written.
#[derive(Debug)]
pub struct Built {
    /// What searches read first.
    pub search: SearchColumns,
    /// The moves.
    pub moves: SegmentMoves,
    /// The header values (with the outcomes and the names).
    pub headers: HeaderColumns,
    /// The opening table's entries, not yet made a table (see
    /// [`Built::tables`]).
    openings: Vec<(u64, u16, u8, u16)>,
    /// The shapes its games pass through (see `crate::shape`), as they
    /// came, not yet a set.
    pub shapes: Vec<u32>,
}

impl Built {
    /// The segment's opening table and the states its games hold after
    /// the table's plies (made by the thread that writes the segment, not
    /// the one that reads the games), its size noted in the search
    /// columns.
    pub fn tables(&mut self) -> (Popular, LateStates) {
        let openings = Popular::build(std::mem::take(&mut self.openings));
        let (positions, entries) = openings.size();
        self.search.openings = (positions as u64, entries as u64);
        (openings, LateStates::of(&self.search))
    }
}

impl SegmentBuilder {
    /// How many games it holds.
    pub fn len(&self) -> usize {
        self.search.plies.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds a game read well, at `offset` (its length is set by the next
    /// game, or [`SegmentBuilder::finish`]).
    pub fn push(&mut self, offset: u64, record: GameRecord, names: &mut Names) {
        let i = self.len() as u16;
        let s = &mut self.search;
        s.plies.push(record.plies.min(u32::from(u16::MAX)) as u16);
        let mut flags = 0;
        if let Some((fen, chess960)) = &record.start {
            let start = if *chess960 {
                Position::from_fen_960(fen)
            } else {
                Position::from_fen(fen)
            };
            // A start the reader made always reads back.
            if let Ok(start) = start {
                s.starts.insert(i, start);
                flags |= OWN_START;
            }
        }
        s.flags.push(flags);
        s.leave.push(record.leave);
        s.losses.push(record.losses);
        s.end.push(record.end.pack());
        self.moves.push(&record.moves);
        self.openings
            .extend(record.openings.iter().map(|&(key, ply, next)| (key, i, ply, next)));
        self.shapes.extend_from_slice(&record.shapes);
        self.set_length(offset);
        let h = &mut self.headers;
        h.offsets.push(offset);
        h.results.push(record.result.code());
        h.white_elo.push(record.white_elo);
        h.black_elo.push(record.black_elo);
        h.dates.push(record.date.0);
        h.eco.push(record.eco.unwrap_or(u16::MAX));
        h.white.push(names.players.number(record.white()));
        h.black.push(names.players.number(record.black()));
        h.event.push(names.events.number(record.event()));
        h.sites.push_str(record.site());
        h.site_ends.push(h.sites.len() as u32);
        h.time_control.push(names.time_controls.number(record.time_control()));
    }

    /// Adds a game that could not be read, at `offset`.
    pub fn push_unreadable(&mut self, offset: u64, names: &mut Names) {
        let record = GameRecord::default();
        self.push(offset, record, names);
        if let Some(flags) = self.search.flags.last_mut() {
            *flags = UNREADABLE;
        }
    }

    /// The previous game ends where the next starts, at `offset`.
    fn set_length(&mut self, offset: u64) {
        let h = &mut self.headers;
        if let Some(&last) = h.offsets.last() {
            h.lengths
                .push(offset.saturating_sub(last).min(u64::from(u32::MAX)) as u32);
        }
    }

    /// The segment, its last game ending at `end` (where the next game
    /// starts, or the end of the file).
    pub fn finish(mut self, end: u64) -> Built {
        self.set_length(end);
        if self.moves.starts.is_empty() {
            self.moves.starts.push(0);
        }
        Built {
            search: self.search,
            moves: self.moves,
            headers: self.headers,
            openings: std::mem::take(&mut self.openings),
            shapes: std::mem::take(&mut self.shapes),
        }
    }
}

/// The material at the end of game `i` of `search`.
pub fn end_material(search: &SearchColumns, i: usize) -> Material {
    Material::unpack(search.end[i])
}
