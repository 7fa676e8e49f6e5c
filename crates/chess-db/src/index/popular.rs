//! The opening table of a segment: the positions of the first plies that
//! several of its games pass through, each with those games, the ply where
//! each first reaches it and the move it played there. A position of the
//! opening is then a lookup (and its explorer rows a count over its
//! entries), not a replay of every game.
//!
//! Positions that fewer games reach are left out: they are most of the
//! opening positions of a large collection (games soon leave the trodden
//! path), and a search finds them cheaply by replaying the few games whose
//! pawns fit (see `query::position`).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// A position goes in the table when at least this many games of the
/// segment reach it in their opening plies.
pub const POPULAR: usize = 4;

/// Position keys are Zobrist keys, random already: hashed as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A segment's opening table, sorted by position key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Popular {
    keys: Vec<u64>,
    /// Where each key's entries start (one more than there are keys).
    starts: Vec<u32>,
    /// Each entry's game (in the segment), sorted within a key.
    games: Vec<u16>,
    /// The ply where the game first reaches the position.
    plies: Vec<u8>,
    /// The move played from it (`u16::MAX` when the game ends there).
    next: Vec<u16>,
}

/// An opening table's row as a query reads it: the position's games in the
/// segment and, for a position many of them reach, their counts for the
/// explorer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    /// The games, in order.
    pub entries: Vec<Entry>,
}

/// A row of at least this many games keeps its counts for the explorer
/// (a smaller one is counted when asked, from the games' results).
pub const TALLIED: usize = 32;

/// One game of an opening table's position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The game, in its segment.
    pub game: u16,
    /// The ply where it first reaches the position.
    pub ply: u8,
    /// The move it played there, packed (`u16::MAX`: none, the game ended).
    pub next: u16,
}

impl Popular {
    /// The table of `entries` (key, game, ply, next move; any order), with
    /// the positions at least [`POPULAR`] games reach.
    pub fn build(entries: Vec<(u64, u16, u8, u16)>) -> Popular {
        // Most positions are reached by one game: counted first (a game
        // that comes back to a position counts twice here, which at worst
        // keeps a position three games reach), only the rest are sorted.
        let mut counts: HashMap<u64, u32, BuildHasherDefault<KeyHasher>> =
            HashMap::with_capacity_and_hasher(entries.len(), BuildHasherDefault::default());
        for e in &entries {
            *counts.entry(e.0).or_default() += 1;
        }
        let mut entries: Vec<_> = entries
            .into_iter()
            .filter(|e| counts.get(&e.0).is_some_and(|&c| c as usize >= POPULAR))
            .collect();
        entries.sort_unstable();
        let mut table = Popular {
            starts: vec![0],
            ..Popular::default()
        };
        // Sorted by key, game and ply: a game's first time at a position
        // comes first (a game may come back to one).
        entries.dedup_by(|b, a| a.0 == b.0 && a.1 == b.1);
        for group in entries.chunk_by(|a, b| a.0 == b.0) {
            if group.len() < POPULAR {
                continue;
            }
            table.keys.push(group[0].0);
            for &(_, game, ply, next) in group {
                table.games.push(game);
                table.plies.push(ply);
                table.next.push(next);
            }
            table.starts.push(table.games.len() as u32);
        }
        table
    }

    /// The games of the position with `key`, if it is in the table.
    #[cfg(test)]
    pub fn get(&self, key: u64) -> Option<impl ExactSizeIterator<Item = Entry> + '_> {
        let i = self.keys.binary_search(&key).ok()?;
        let range = self.starts[i] as usize..self.starts[i + 1] as usize;
        Some(range.map(|j| Entry {
            game: self.games[j],
            ply: self.plies[j],
            next: self.next[j],
        }))
    }

    /// How many positions and entries the table holds.
    pub fn size(&self) -> (usize, usize) {
        (self.keys.len(), self.games.len())
    }

    /// Each position, in key order, with its entries.
    pub fn positions(&self) -> impl Iterator<Item = (u64, Vec<Entry>)> + '_ {
        self.keys.iter().enumerate().map(|(i, &key)| {
            let range = self.starts[i] as usize..self.starts[i + 1] as usize;
            let entries = range
                .map(|j| Entry {
                    game: self.games[j],
                    ply: self.plies[j],
                    next: self.next[j],
                })
                .collect();
            (key, entries)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_positions_several_games_reach_are_kept_and_read_back() {
        let mut entries = Vec::new();
        for game in 0..10u16 {
            entries.push((7, game, 0, 100));
            entries.push((9 + u64::from(game), game, 1, 200));
        }
        entries.push((5, 3, 2, 1));
        entries.push((5, 1, 2, 1));
        entries.push((5, 2, 2, 1));
        entries.push((5, 0, 4, u16::MAX));
        // Game 2 comes back to position 5: its first time is kept.
        entries.push((5, 2, 9, 3));
        let table = Popular::build(entries);
        assert_eq!(table.size(), (2, 14));
        assert_eq!(table.get(5).unwrap().nth(2).unwrap().ply, 2);
        let games: Vec<u16> = table.get(5).unwrap().map(|e| e.game).collect();
        assert_eq!(games, [0, 1, 2, 3]);
        assert!(table.get(9).is_none(), "one game only");
        let keys: Vec<u64> = table.positions().map(|(key, _)| key).collect();
        assert_eq!(keys, [5, 7]);
    }
}
