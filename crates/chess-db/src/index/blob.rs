//! How a segment's column groups are stored: each as a blob, compressed,
//! with a checksum seeded with what the store says of the segment (its row)
//! and of the part (the group; the block of moves; the opening table's
//! position), so that a blob read under a row that changed, or put in
//! another's place, fails its checksum as surely as a changed blob. The
//! readers check every length and every number against the segment; a
//! blob that fails is never read.

use std::collections::HashMap;

use chess_core::Position;

use super::bytes::{Reader, Writer};
use super::late::LateStates;
use super::popular::{Entry, Popular, Row, TALLIED};
use super::segment::{HeaderColumns, MoveBlock, NewNames, Outcomes, SearchColumns};
use super::shapes;
use super::store::SegmentInfo;
use crate::record::{NEVER, PIECES};
use crate::tally::Tally;
use crate::{Corrupt, Unreadable};

/// The part of a segment a blob holds, for [`SegmentInfo::seal_key`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// [`SearchColumns`].
    Search,
    /// [`HeaderColumns`]' own columns.
    Headers,
    /// A run of games' moves ([`MoveBlock`]), by its number.
    Moves(u32),
    /// [`Outcomes`].
    Outcomes,
    /// [`NewNames`].
    Names,
    /// The opening table's row of one position, by its key.
    Opening(u64),
    /// [`LateStates`].
    Late,
    /// A bucket of the shapes its games pass through (see `shapes`), by
    /// its number.
    Shapes(u32),
    /// The explorer's counts kept for the opening table's row of one
    /// position, by its key.
    Tally(u64),
}

impl Part {
    /// The seed of this part's checksum in segment `info`.
    pub fn seed(self, info: &SegmentInfo) -> u64 {
        let (group, n) = match self {
            Part::Search => (1, 0),
            Part::Headers => (2, 0),
            Part::Moves(block) => (3, u64::from(block)),
            Part::Outcomes => (4, 0),
            Part::Names => (5, 0),
            Part::Opening(key) => (6, key),
            Part::Late => (7, 0),
            Part::Shapes(bucket) => (8, u64::from(bucket)),
            Part::Tally(key) => (9, key),
        };
        xxhash_rust::xxh3::xxh3_64_with_seed(&n.to_le_bytes(), info.seal_key(group))
    }
}

/// The mark, in a blob's size, of a payload stored as it is: a small one
/// (an opening row of a few games) that zstd would only make longer.
const RAW: u64 = 1 << 63;

/// Payloads shorter than this are stored as they are.
const SMALL: usize = 96;

/// Compresses a column group and prefixes its checksum and size: what the
/// store keeps.
fn seal(raw: &[u8], seed: u64) -> Vec<u8> {
    // Level 1: nearly as small as the default here, and twice as fast. A
    // few dozen bytes (most opening rows) are not worth a try.
    let packed = (raw.len() >= SMALL)
        .then(|| zstd::bulk::compress(raw, 1).ok())
        .flatten()
        .filter(|p| p.len() < raw.len());
    let (payload, size) = match &packed {
        Some(p) => (p.as_slice(), raw.len() as u64),
        None => (raw, raw.len() as u64 | RAW),
    };
    let mut out = Vec::with_capacity(payload.len() + 16);
    out.extend_from_slice(&xxhash_rust::xxh3::xxh3_64_with_seed(payload, seed).to_le_bytes());
    out.extend_from_slice(&size.to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// A payload stored as it is, with its checksum and size: for bits that
/// zstd would not make shorter (the shapes' Rice codes).
fn seal_as_is(raw: &[u8], seed: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() + 16);
    out.extend_from_slice(&xxhash_rust::xxh3::xxh3_64_with_seed(raw, seed).to_le_bytes());
    out.extend_from_slice(&(raw.len() as u64 | RAW).to_le_bytes());
    out.extend_from_slice(raw);
    out
}

/// The shapes a segment's games pass through (`keys`, see `shapes`), as
/// the store keeps them: a blob a bucket.
pub fn shape_blobs(keys: Vec<u32>, info: &SegmentInfo) -> Vec<Vec<u8>> {
    let buckets = shapes::buckets(info.games as usize);
    shapes::encode(keys, buckets)
        .iter()
        .zip(0..)
        .map(|(coded, bucket)| seal_as_is(coded, Part::Shapes(bucket).seed(info)))
        .collect()
}

/// Bucket `bucket` of a segment's shapes from its blob, checked.
pub fn shape_bucket(blob: &[u8], info: &SegmentInfo, bucket: u32) -> Result<Vec<u8>, Corrupt> {
    unseal(blob, Part::Shapes(bucket).seed(info))
}

/// The raw column group of a blob made by [`seal`] with `seed`, if its
/// checksum holds.
fn unseal(blob: &[u8], seed: u64) -> Result<Vec<u8>, Corrupt> {
    if blob.len() < 16 {
        return Err(Corrupt("a blob too short"));
    }
    let sum = u64::from_le_bytes(blob[..8].try_into().unwrap_or_default());
    let size = u64::from_le_bytes(blob[8..16].try_into().unwrap_or_default());
    let payload = &blob[16..];
    if xxhash_rust::xxh3::xxh3_64_with_seed(payload, seed) != sum {
        return Err(Corrupt("a checksum that does not match"));
    }
    if size & RAW != 0 {
        return if size & !RAW == payload.len() as u64 {
            Ok(payload.to_vec())
        } else {
            Err(Corrupt("a size that does not match"))
        };
    }
    // A sane size: zstd cannot expand 1 byte to more than 2^17 or so.
    let size = usize::try_from(size)
        .ok()
        .filter(|&s| s <= payload.len().saturating_mul(1 << 10) + (1 << 20));
    let size = size.ok_or(Corrupt("a size out of proportion"))?;
    zstd::bulk::decompress(payload, size).map_err(|_| Corrupt("a blob that does not decompress"))
}

impl SearchColumns {
    /// The group as the store keeps it, for the segment `info`.
    pub fn to_blob(&self, info: &SegmentInfo) -> Vec<u8> {
        let mut w = Writer::default();
        w.u16s(&self.plies);
        w.bytes(&self.flags);
        w.bytes(self.leave.as_flattened());
        w.bytes(self.losses.as_flattened());
        w.bytes(self.end.as_flattened());
        let mut starts: Vec<(&u16, &Position)> = self.starts.iter().collect();
        starts.sort_by_key(|(i, _)| **i);
        w.varint(starts.len() as u64);
        for (&i, pos) in starts {
            w.varint(u64::from(i));
            w.varint(u64::from(pos.is_chess960()));
            w.bytes(pos.fen().as_bytes());
        }
        w.varint(self.openings.0);
        w.varint(self.openings.1);
        seal(&w.finish(), Part::Search.seed(info))
    }

    /// The group from a blob of the segment `info`, checked: its checksum,
    /// and that every column has one entry a game.
    pub fn from_blob(blob: &[u8], info: &SegmentInfo) -> Result<SearchColumns, Corrupt> {
        let games = info.games as usize;
        let raw = unseal(blob, Part::Search.seed(info))?;
        let mut r = Reader::new(&raw);
        let plies = r.u16s()?;
        let flags = r.bytes()?.to_vec();
        let leave: Vec<[u8; 16]> = r
            .bytes()?
            .chunks_exact(16)
            .map(|c| c.try_into().unwrap_or([0; 16]))
            .collect();
        let losses: Vec<[u8; 2 * PIECES]> = r
            .bytes()?
            .chunks_exact(2 * PIECES)
            .map(|c| c.try_into().unwrap_or([NEVER; 2 * PIECES]))
            .collect();
        let end: Vec<[u8; 5]> = r
            .bytes()?
            .chunks_exact(5)
            .map(|c| c.try_into().unwrap_or([0; 5]))
            .collect();
        let lengths = [plies.len(), flags.len(), leave.len(), losses.len(), end.len()];
        if lengths.iter().any(|&l| l != games) {
            return Err(Corrupt("search columns of the wrong length"));
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
        let openings = (r.varint()?, r.varint()?);
        if !r.is_empty() {
            return Err(Corrupt("bytes after the search columns"));
        }
        Ok(SearchColumns {
            plies,
            flags,
            leave,
            losses,
            end,
            starts,
            openings,
        })
    }
}

impl LateStates {
    /// The states as the store keeps them, for the segment `info`.
    pub fn to_blob(&self, info: &SegmentInfo) -> Vec<u8> {
        let mut w = Writer::default();
        w.varint(u64::from(self.unknown));
        // As gaps, which compress to a fifth, in u32s, which read back
        // without a varint's branches (a query reads every segment's).
        let mut last = 0u32;
        let gaps: Vec<u32> = self
            .states
            .iter()
            .map(|&s| {
                let gap = s - last;
                last = s;
                gap
            })
            .collect();
        w.u32s(&gaps);
        seal(&w.finish(), Part::Late.seed(info))
    }

    /// The states from a blob of the segment `info`, checked: sorted, each
    /// once.
    pub fn from_blob(blob: &[u8], info: &SegmentInfo) -> Result<LateStates, Corrupt> {
        let raw = unseal(blob, Part::Late.seed(info))?;
        let mut r = Reader::new(&raw);
        let unknown = r.varint()? != 0;
        let mut states = r.u32s()?;
        let mut last = 0u32;
        for (k, s) in states.iter_mut().enumerate() {
            last = match last.checked_add(*s) {
                Some(next) if k == 0 || *s > 0 => next,
                _ => return Err(Corrupt("late states")),
            };
            *s = last;
        }
        if !r.is_empty() {
            return Err(Corrupt("late states"));
        }
        Ok(LateStates { unknown, states })
    }
}

impl MoveBlock {
    /// The block as the store keeps it, as block `number` of segment `info`.
    pub fn to_blob(&self, info: &SegmentInfo, number: u32) -> Vec<u8> {
        let mut w = Writer::default();
        w.u32s(&self.starts);
        w.bytes(&self.moves);
        seal(&w.finish(), Part::Moves(number).seed(info))
    }

    /// Block `number` of segment `info` from its blob, checked, blocks
    /// holding `block_games` games.
    pub fn from_blob(blob: &[u8], info: &SegmentInfo, number: u32, block_games: usize) -> Result<MoveBlock, Corrupt> {
        let first = number as usize * block_games;
        let games = (info.games as usize).saturating_sub(first).min(block_games);
        let raw = unseal(blob, Part::Moves(number).seed(info))?;
        let mut r = Reader::new(&raw);
        let starts = r.u32s()?;
        let moves = r.bytes()?.to_vec();
        if games == 0
            || starts.len() != games + 1
            || !starts.is_sorted()
            || starts.last().is_some_and(|&e| e as usize != moves.len())
            || starts.first() != Some(&0)
            || !r.is_empty()
        {
            return Err(Corrupt("move offsets"));
        }
        Ok(MoveBlock { first, starts, moves })
    }
}

impl Outcomes {
    /// The group as the store keeps it, for the segment `info`.
    pub fn to_blob(&self, info: &SegmentInfo) -> Vec<u8> {
        let mut w = Writer::default();
        w.bytes(&self.results);
        w.u16s(&self.white_elo);
        w.u16s(&self.black_elo);
        w.u32s(&self.dates);
        w.u32s(&self.white);
        w.u32s(&self.black);
        seal(&w.finish(), Part::Outcomes.seed(info))
    }

    /// The group from a blob of the segment `info`, checked (player
    /// numbers are checked against the lists by whoever reads them with
    /// the names).
    pub fn from_blob(blob: &[u8], info: &SegmentInfo) -> Result<Outcomes, Corrupt> {
        let raw = unseal(blob, Part::Outcomes.seed(info))?;
        let mut r = Reader::new(&raw);
        let o = Outcomes {
            results: r.bytes()?.to_vec(),
            white_elo: r.u16s()?,
            black_elo: r.u16s()?,
            dates: r.u32s()?,
            white: r.u32s()?,
            black: r.u32s()?,
        };
        let games = info.games as usize;
        let lengths = [
            o.results.len(),
            o.white_elo.len(),
            o.black_elo.len(),
            o.dates.len(),
            o.white.len(),
            o.black.len(),
        ];
        if lengths.iter().any(|&l| l != games) || !r.is_empty() {
            return Err(Corrupt("outcome columns of the wrong length"));
        }
        Ok(o)
    }
}

impl NewNames {
    /// The group as the store keeps it, for the segment `info`.
    pub fn to_blob(&self, info: &SegmentInfo) -> Vec<u8> {
        let mut w = Writer::default();
        w.u32s(&self.before);
        for list in &self.names {
            w.varint(list.len() as u64);
            for name in list {
                w.bytes(name.as_bytes());
            }
        }
        seal(&w.finish(), Part::Names.seed(info))
    }

    /// The group from a blob of the segment `info`, checked.
    pub fn from_blob(blob: &[u8], info: &SegmentInfo) -> Result<NewNames, Corrupt> {
        let raw = unseal(blob, Part::Names.seed(info))?;
        let mut r = Reader::new(&raw);
        let mut new = NewNames {
            before: r.u32s()?.try_into().map_err(|_| Corrupt("name counts"))?,
            ..NewNames::default()
        };
        for list in &mut new.names {
            let count = r.varint()?;
            for _ in 0..count {
                let name = std::str::from_utf8(r.bytes()?).map_err(|_| Corrupt("a name"))?;
                list.push(name.to_string());
            }
        }
        if !r.is_empty() {
            return Err(Corrupt("bytes after the names"));
        }
        Ok(new)
    }
}

impl HeaderColumns {
    /// The header group's own columns as the store keeps them, for the
    /// segment `info` (the outcomes and the names are stored apart: see
    /// [`HeaderColumns::outcomes`], [`HeaderColumns::names`]).
    pub fn to_blob(&self, info: &SegmentInfo) -> Vec<u8> {
        let mut w = Writer::default();
        w.u64s(&self.offsets);
        w.u32s(&self.lengths);
        w.u16s(&self.eco);
        w.u32s(&self.event);
        w.u32s(&self.time_control);
        w.bytes(self.sites.as_bytes());
        w.u32s(&self.site_ends);
        w.varint(self.errors.len() as u64);
        for e in &self.errors {
            w.varints([e.game, e.line, e.column].into_iter());
            w.bytes(e.reason.as_bytes());
        }
        seal(&w.finish(), Part::Headers.seed(info))
    }

    /// The columns from the segment `info`'s header, outcome and name
    /// blobs, checked: their checksums, one entry a game in every column,
    /// name numbers within their lists, errors of its own games.
    pub fn from_blobs(
        blob: &[u8],
        outcomes: &[u8],
        names: &[u8],
        info: &SegmentInfo,
    ) -> Result<HeaderColumns, Corrupt> {
        let games = info.games as usize;
        let o = Outcomes::from_blob(outcomes, info)?;
        let n = NewNames::from_blob(names, info)?;
        let raw = unseal(blob, Part::Headers.seed(info))?;
        let mut r = Reader::new(&raw);
        let mut h = HeaderColumns {
            offsets: r.u64s()?,
            lengths: r.u32s()?,
            eco: r.u16s()?,
            event: r.u32s()?,
            time_control: r.u32s()?,
            sites: std::str::from_utf8(r.bytes()?)
                .map_err(|_| Corrupt("a site"))?
                .to_string(),
            site_ends: r.u32s()?,
            results: o.results,
            white_elo: o.white_elo,
            black_elo: o.black_elo,
            dates: o.dates,
            white: o.white,
            black: o.black,
            names_before: n.before,
            new_names: n.names,
            errors: Vec::new(),
        };
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
            h.eco.len(),
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
}

/// A segment's opening table as the store keeps it.
#[derive(Debug, Default)]
pub struct OpeningBlobs {
    /// Each position's key and row.
    pub rows: Vec<(u64, Vec<u8>)>,
    /// For the rows of [`TALLIED`] games or more, the position's key and
    /// the explorer's counts of the row's games.
    pub tallies: Vec<(u64, Vec<u8>)>,
}

/// A segment's opening table as the store keeps it (`outcomes`: the
/// segment's, for the counts).
pub fn opening_rows(table: &Popular, info: &SegmentInfo, outcomes: &Outcomes) -> OpeningBlobs {
    let mut rows = Vec::new();
    let mut tallies = Vec::new();
    for (key, entries) in table.positions() {
        let mut w = Writer::default();
        // Gaps as u16s, not varints: a popular position's row holds
        // thousands, read back with a copy.
        let mut last = 0u16;
        let gaps: Vec<u16> = entries
            .iter()
            .map(|e| {
                let gap = e.game - last;
                last = e.game;
                gap
            })
            .collect();
        w.u16s(&gaps);
        let plies: Vec<u8> = entries.iter().map(|e| e.ply).collect();
        w.bytes(&plies);
        let next: Vec<u16> = entries.iter().map(|e| e.next).collect();
        w.u16s(&next);
        rows.push((key, seal(&w.finish(), Part::Opening(key).seed(info))));
        if entries.len() >= TALLIED {
            let mut tally = Tally::default();
            for e in &entries {
                let i = usize::from(e.game);
                tally.add(i as u64, u32::from(e.ply), e.next, outcomes, i);
            }
            tally.keep_top();
            let mut w = Writer::default();
            tally.write(&mut w);
            tallies.push((key, seal(&w.finish(), Part::Tally(key).seed(info))));
        }
    }
    OpeningBlobs { rows, tallies }
}

/// The row of the position `key` in segment `info`, checked: games of the
/// segment, in order.
pub fn opening_row(blob: &[u8], key: u64, info: &SegmentInfo) -> Result<Row, Corrupt> {
    let raw = unseal(blob, Part::Opening(key).seed(info))?;
    let mut r = Reader::new(&raw);
    let gaps = r.u16s()?;
    let plies = r.bytes()?;
    let next = r.u16s()?;
    if plies.len() != gaps.len() || next.len() != gaps.len() || !r.is_empty() {
        return Err(Corrupt("an opening row"));
    }
    let mut game = 0u64;
    let mut out = Vec::with_capacity(gaps.len());
    for (k, gap) in gaps.into_iter().enumerate() {
        let gap = u64::from(gap);
        game += gap;
        if game >= u64::from(info.games) || (k > 0 && gap == 0) {
            return Err(Corrupt("an opening row's game"));
        }
        out.push(Entry {
            game: game as u16,
            ply: plies[k],
            next: next[k],
        });
    }
    Ok(Row { entries: out })
}

/// The explorer's counts kept for the row of the position `key` in segment
/// `info`, checked: counts that hold together.
pub fn opening_tally(blob: &[u8], key: u64, info: &SegmentInfo) -> Result<Tally, Corrupt> {
    let raw = unseal(blob, Part::Tally(key).seed(info))?;
    let mut r = Reader::new(&raw);
    let tally = Tally::read(&mut r, info.games as usize)?;
    if !r.is_empty() {
        return Err(Corrupt("an opening row's counts"));
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::segment::SegmentMoves;

    fn info(id: u32, games: u32) -> SegmentInfo {
        SegmentInfo {
            id,
            first: id * 100,
            games,
            start: 0,
            start_line: 1,
        }
    }

    #[test]
    fn an_opening_row_reads_back_under_its_own_key_and_segment_only() {
        let mut entries = Vec::new();
        for game in [3u16, 7, 8, 40] {
            entries.push((11, game, 4, 0x1234));
            entries.push((22, game, 6, u16::MAX));
        }
        let table = Popular::build(entries);
        let segment = info(1, 50);
        let blobs = opening_rows(&table, &segment, &Outcomes::default());
        assert_eq!(blobs.rows.len(), 2);
        assert!(blobs.tallies.is_empty(), "rows of four games keep no counts");
        let (key, row) = &blobs.rows[0];
        assert_eq!(*key, 11);
        let back = opening_row(row, 11, &segment).unwrap().entries;
        let games: Vec<u16> = back.iter().map(|e| e.game).collect();
        assert_eq!(games, [3, 7, 8, 40]);
        assert!(back.iter().all(|e| e.ply == 4 && e.next == 0x1234));
        assert!(opening_row(row, 22, &segment).is_err(), "another position's key");
        assert!(opening_row(row, 11, &info(2, 50)).is_err(), "another segment");
        assert!(opening_row(row, 11, &info(1, 40)).is_err(), "a row that changed");
        let mut damaged = row.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        assert!(opening_row(&damaged, 11, &segment).is_err());
    }

    #[test]
    fn a_large_rows_counts_are_kept_apart_and_read_back_under_its_key_only() {
        // 40 games reach the position 11 at ply 2; 30 play one move, 10 another.
        let entries: Vec<_> = (0..40u16)
            .map(|game| (11, game, 2, if game < 30 { 0x0111 } else { 0x0222 }))
            .collect();
        let table = Popular::build(entries);
        let segment = info(3, 50);
        let outcomes = Outcomes {
            results: vec![1; 50],
            white_elo: vec![2000; 50],
            black_elo: vec![2100; 50],
            dates: vec![20200101; 50],
            white: vec![0; 50],
            black: vec![1; 50],
        };
        let blobs = opening_rows(&table, &segment, &outcomes);
        assert_eq!(blobs.tallies.len(), 1);
        let (key, blob) = &blobs.tallies[0];
        assert_eq!(*key, 11);
        let tally = opening_tally(blob, 11, &segment).unwrap();
        let mut games: Vec<(u16, u64)> = tally.moves.iter().map(|(m, c)| (*m, c.games)).collect();
        games.sort_unstable();
        assert_eq!(games, [(0x0111, 30), (0x0222, 10)]);
        assert!(opening_tally(blob, 12, &segment).is_err(), "another position's key");
        assert!(opening_tally(blob, 11, &info(4, 50)).is_err(), "another segment");
        let (_, row) = &blobs.rows[0];
        assert!(opening_tally(row, 11, &segment).is_err(), "the row is not the counts");
    }

    #[test]
    fn move_blocks_give_each_games_moves_and_only_as_their_own_block() {
        let mut moves = SegmentMoves::default();
        for game in 0..10u8 {
            moves.push(&vec![game; usize::from(game)]);
        }
        let segment = info(0, 10);
        let blocks = moves.blocks(4);
        assert_eq!(blocks.iter().map(MoveBlock::len).collect::<Vec<_>>(), [4, 4, 2]);
        for (number, block) in blocks.iter().enumerate() {
            let blob = block.to_blob(&segment, number as u32);
            let back = MoveBlock::from_blob(&blob, &segment, number as u32, 4).unwrap();
            for i in back.first..back.first + back.len() {
                assert_eq!(back.moves_of(i), vec![i as u8; i].as_slice());
            }
            assert!(MoveBlock::from_blob(&blob, &segment, number as u32 + 1, 4).is_err());
            assert!(MoveBlock::from_blob(&blob, &segment, number as u32, 3).is_err());
        }
    }
}
