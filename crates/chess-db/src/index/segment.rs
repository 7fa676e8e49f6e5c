//! A segment: the index of up to 65,536 games that follow each other in the
//! file. Its columns come in two groups, each stored as one compressed blob
//! with a checksum and read only when a query needs it: what searches
//! replay (moves, plies, home pawns, material, start positions, the opening
//! table) and what filters and the explorer read (the header values, and
//! where each game is in the file).

use std::collections::HashMap;

use chess_core::Position;

use super::bytes::{Reader, Writer};
use super::popular::Popular;
use super::store::SegmentInfo;
use crate::header::{Date, GameResult};
use crate::material::Material;
use crate::record::GameRecord;
use crate::{Corrupt, Unreadable};

/// The most games a segment holds (a game's number in its segment is 16 bits).
pub const SEGMENT_GAMES: usize = 1 << 16;

/// Flag: the game could not be read (its error is listed); it matches no
/// query.
pub const UNREADABLE: u8 = 1;
/// Flag: the game starts from a position of its own (a `FEN` tag).
pub const OWN_START: u8 = 2;

/// What searches read of a segment's games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchColumns {
    /// Half-moves of each game's main line (at most 65,535 counted).
    pub plies: Vec<u16>,
    /// [`UNREADABLE`], [`OWN_START`].
    pub flags: Vec<u8>,
    /// When each home pawn left its square (see [`GameRecord::leave`]).
    pub leave: Vec<[u8; 16]>,
    /// The material at the end ([`Material::pack`]).
    pub end: Vec<[u8; 5]>,
    /// Where each game's moves start in `moves` (one more than games).
    pub move_starts: Vec<u32>,
    /// The games' moves, one after the other (see `movecode`).
    pub moves: Vec<u8>,
    /// The start positions of the games with their own, by game.
    pub starts: HashMap<u16, Position>,
    /// The opening table.
    pub popular: Popular,
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
    /// The moves of game `i` of the segment.
    pub fn moves_of(&self, i: usize) -> &[u8] {
        &self.moves[self.move_starts[i] as usize..self.move_starts[i + 1] as usize]
    }

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
            + self.end.capacity() * 5
            + self.move_starts.capacity() * 4
            + self.moves.capacity()
            // A position is about 200 bytes, and its map slot a few more.
            + self.starts.capacity() * 240
            + self.popular.heap_bytes()
    }
}

impl HeaderColumns {
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

    /// Appends the names segment `headers` added, which must follow what
    /// the lists hold: reading the lists back from the segments.
    pub fn append(&mut self, headers: &HeaderColumns) -> Result<(), Corrupt> {
        let before = headers.names_before.map(|n| n as usize);
        if before != self.counts() {
            return Err(Corrupt("name lists that do not follow each other"));
        }
        self.extend(before, &headers.new_names);
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
    headers: HeaderColumns,
    openings: Vec<(u64, u16, u8, u16)>,
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
        s.end.push(record.end.pack());
        if s.move_starts.is_empty() {
            s.move_starts.push(0);
        }
        s.moves.extend_from_slice(&record.moves);
        s.move_starts.push(s.moves.len() as u32);
        self.openings
            .extend(record.openings.iter().map(|&(key, ply, next)| (key, i, ply, next)));
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
    pub fn finish(mut self, end: u64) -> (SearchColumns, HeaderColumns) {
        self.set_length(end);
        if self.search.move_starts.is_empty() {
            self.search.move_starts.push(0);
        }
        self.search.popular = Popular::build(std::mem::take(&mut self.openings));
        (self.search, self.headers)
    }
}

/// Compresses a column group and prefixes its checksum and size: what the
/// store keeps. The checksum is seeded with `key`, what the store says of
/// the segment (see [`SegmentInfo::seal_key`]): a blob read back under a
/// segment row that was changed fails it as surely as a changed blob.
fn seal(raw: &[u8], key: u64) -> Vec<u8> {
    // Level 1: nearly as small as the default here, and twice as fast.
    let packed = zstd::bulk::compress(raw, 1).unwrap_or_else(|_| raw.to_vec());
    let mut out = Vec::with_capacity(packed.len() + 16);
    out.extend_from_slice(&xxhash_rust::xxh3::xxh3_64_with_seed(&packed, key).to_le_bytes());
    out.extend_from_slice(&(raw.len() as u64).to_le_bytes());
    out.extend_from_slice(&packed);
    out
}

/// The raw column group of a blob made by [`seal`] with `key`, if its
/// checksum holds.
fn unseal(blob: &[u8], key: u64) -> Result<Vec<u8>, Corrupt> {
    if blob.len() < 16 {
        return Err(Corrupt("a blob too short"));
    }
    let sum = u64::from_le_bytes(blob[..8].try_into().unwrap_or_default());
    let size = u64::from_le_bytes(blob[8..16].try_into().unwrap_or_default());
    let packed = &blob[16..];
    if xxhash_rust::xxh3::xxh3_64_with_seed(packed, key) != sum {
        return Err(Corrupt("a checksum that does not match"));
    }
    // A sane size: zstd cannot expand 1 byte to more than 2^17 or so.
    let size = usize::try_from(size)
        .ok()
        .filter(|&s| s <= packed.len().saturating_mul(1 << 10) + (1 << 20));
    let size = size.ok_or(Corrupt("a size out of proportion"))?;
    zstd::bulk::decompress(packed, size).map_err(|_| Corrupt("a blob that does not decompress"))
}

impl SearchColumns {
    /// The group as the store keeps it, for the segment `info`.
    pub fn to_blob(&self, info: &SegmentInfo) -> Vec<u8> {
        let mut w = Writer::default();
        w.u16s(&self.plies);
        w.bytes(&self.flags);
        w.bytes(self.leave.as_flattened());
        w.bytes(self.end.as_flattened());
        w.u32s(&self.move_starts);
        w.bytes(&self.moves);
        let mut starts: Vec<(&u16, &Position)> = self.starts.iter().collect();
        starts.sort_by_key(|(i, _)| **i);
        w.varint(starts.len() as u64);
        for (&i, pos) in starts {
            w.varint(u64::from(i));
            w.varint(u64::from(pos.is_chess960()));
            w.bytes(pos.fen().as_bytes());
        }
        self.popular.write(&mut w);
        seal(&w.finish(), info.seal_key(SEARCH))
    }

    /// The group from a blob of the segment `info`, checked: its checksum,
    /// and that every column has one entry a game and every index is in
    /// range.
    pub fn from_blob(blob: &[u8], info: &SegmentInfo) -> Result<SearchColumns, Corrupt> {
        let games = info.games as usize;
        let raw = unseal(blob, info.seal_key(SEARCH))?;
        let mut r = Reader::new(&raw);
        let plies = r.u16s()?;
        let flags = r.bytes()?.to_vec();
        let leave: Vec<[u8; 16]> = r
            .bytes()?
            .chunks_exact(16)
            .map(|c| c.try_into().unwrap_or([0; 16]))
            .collect();
        let end: Vec<[u8; 5]> = r
            .bytes()?
            .chunks_exact(5)
            .map(|c| c.try_into().unwrap_or([0; 5]))
            .collect();
        let move_starts = r.u32s()?;
        let moves = r.bytes()?.to_vec();
        if plies.len() != games || flags.len() != games || leave.len() != games || end.len() != games {
            return Err(Corrupt("search columns of the wrong length"));
        }
        if move_starts.len() != games + 1
            || !move_starts.is_sorted()
            || move_starts.last().is_some_and(|&e| e as usize != moves.len())
            || move_starts.first() != Some(&0)
        {
            return Err(Corrupt("move offsets"));
        }
        let count = r.varint()?;
        let mut starts = HashMap::new();
        for _ in 0..count {
            let i = usize::try_from(r.varint()?).map_err(|_| Corrupt("a start"))?;
            let chess960 = r.varint()? != 0;
            let fen = std::str::from_utf8(r.bytes()?).map_err(|_| Corrupt("a start FEN"))?;
            let pos = if chess960 {
                Position::from_fen_960(fen)
            } else {
                Position::from_fen(fen)
            };
            if i >= games {
                return Err(Corrupt("a start's game"));
            }
            starts.insert(i as u16, pos.map_err(|_| Corrupt("a start FEN"))?);
        }
        let popular = Popular::read(&mut r, games)?;
        if !r.is_empty() {
            return Err(Corrupt("bytes after the search columns"));
        }
        Ok(SearchColumns {
            plies,
            flags,
            leave,
            end,
            move_starts,
            moves,
            starts,
            popular,
        })
    }
}

impl HeaderColumns {
    /// The group as the store keeps it, for the segment `info`.
    pub fn to_blob(&self, info: &SegmentInfo) -> Vec<u8> {
        let mut w = Writer::default();
        w.u64s(&self.offsets);
        w.u32s(&self.lengths);
        w.bytes(&self.results);
        w.u16s(&self.white_elo);
        w.u16s(&self.black_elo);
        w.u32s(&self.dates);
        w.u16s(&self.eco);
        for column in [&self.white, &self.black, &self.event, &self.time_control] {
            w.u32s(column);
        }
        w.bytes(self.sites.as_bytes());
        w.u32s(&self.site_ends);
        w.u32s(&self.names_before);
        for list in &self.new_names {
            w.varint(list.len() as u64);
            for name in list {
                w.bytes(name.as_bytes());
            }
        }
        w.varint(self.errors.len() as u64);
        for e in &self.errors {
            w.varints([e.game, e.line, e.column].into_iter());
            w.bytes(e.reason.as_bytes());
        }
        seal(&w.finish(), info.seal_key(HEADERS))
    }

    /// The group from a blob of the segment `info`, checked: its checksum,
    /// one entry a game in every column, name numbers within their lists,
    /// errors of its own games.
    pub fn from_blob(blob: &[u8], info: &SegmentInfo) -> Result<HeaderColumns, Corrupt> {
        let games = info.games as usize;
        let raw = unseal(blob, info.seal_key(HEADERS))?;
        let mut r = Reader::new(&raw);
        let mut h = HeaderColumns {
            offsets: r.u64s()?,
            lengths: r.u32s()?,
            results: r.bytes()?.to_vec(),
            white_elo: r.u16s()?,
            black_elo: r.u16s()?,
            dates: r.u32s()?,
            eco: r.u16s()?,
            white: r.u32s()?,
            black: r.u32s()?,
            event: r.u32s()?,
            time_control: r.u32s()?,
            sites: std::str::from_utf8(r.bytes()?)
                .map_err(|_| Corrupt("a site"))?
                .to_string(),
            site_ends: r.u32s()?,
            ..HeaderColumns::default()
        };
        h.names_before = r.u32s()?.try_into().map_err(|_| Corrupt("name counts"))?;
        for list in &mut h.new_names {
            let count = r.varint()?;
            for _ in 0..count {
                let name = std::str::from_utf8(r.bytes()?).map_err(|_| Corrupt("a name"))?;
                list.push(name.to_string());
            }
        }
        let count = r.varint()?;
        for _ in 0..count {
            let numbers = r.varints()?;
            let reason = std::str::from_utf8(r.bytes()?).map_err(|_| Corrupt("an error's reason"))?;
            let [game, line, column] = numbers[..] else {
                return Err(Corrupt("an error's place"));
            };
            let own = game > u64::from(info.first) && game <= u64::from(info.first) + games as u64;
            if !own {
                return Err(Corrupt("an error of another segment's game"));
            }
            h.errors.push(Unreadable {
                game,
                line,
                column,
                reason: reason.to_string(),
            });
        }
        let names: [usize; 3] = std::array::from_fn(|k| h.names_before[k] as usize + h.new_names[k].len());
        let lengths = [
            h.offsets.len(),
            h.lengths.len(),
            h.results.len(),
            h.white_elo.len(),
            h.black_elo.len(),
            h.dates.len(),
            h.eco.len(),
            h.white.len(),
            h.black.len(),
            h.event.len(),
            h.time_control.len(),
            h.site_ends.len(),
        ];
        if lengths.iter().any(|&l| l != games) || !r.is_empty() {
            return Err(Corrupt("header columns of the wrong length"));
        }
        let in_range = |column: &[u32], list: usize| column.iter().all(|&n| (n as usize) < list);
        if !in_range(&h.white, names[0])
            || !in_range(&h.black, names[0])
            || !in_range(&h.event, names[1])
            || !in_range(&h.time_control, names[2])
        {
            return Err(Corrupt("a name number out of its list"));
        }
        let sites_fit = h.site_ends.is_sorted()
            && h.site_ends.last().is_none_or(|&e| e as usize == h.sites.len())
            && h.site_ends.iter().all(|&e| h.sites.is_char_boundary(e as usize));
        if !sites_fit {
            return Err(Corrupt("site ends"));
        }
        Ok(h)
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
}

/// The group a blob holds, for [`SegmentInfo::seal_key`].
const SEARCH: u8 = 1;
/// See [`SEARCH`].
const HEADERS: u8 = 2;

/// The material at the end of game `i` of `search`.
pub fn end_material(search: &SearchColumns, i: usize) -> Material {
    Material::unpack(search.end[i])
}
