//! The transposition table: what the search already knows about positions
//! it met before (by another move order, or in an earlier iteration), keyed
//! by the Zobrist hash.

use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};

use chess_core::Move;

use crate::search::params::{TT_KEEP_DEEPER_BY, TT_KEEP_OTHER_DEEPER_BY};

/// What a stored score means relative to the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact (a PV node).
    Exact,
    /// The true value is at least the score (the node failed high).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

impl Bound {
    /// What the best score of a search of the window (`alpha`, `beta`)
    /// says of the true value: a lower bound when it reached beta, exact
    /// when it raised alpha, an upper bound when it did not.
    pub(crate) fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    key: u64,
    pub(crate) mv: Option<Move>,
    pub(crate) score: i16,
    pub(crate) depth: i8,
    pub(crate) bound: Bound,
    generation: u8,
}

/// Generations are counted in 6 bits (they only need to tell this search
/// from earlier ones).
const GENERATIONS: u8 = 64;

impl Entry {
    /// The entry as one word: the move's 32 bits (0: none), the score (16),
    /// the depth (8), the bound (2: never 0, which marks an empty slot) and
    /// the generation (6).
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        u64::from(self.mv.map_or(0, Move::to_bits))
            | u64::from(self.score as u16) << 32
            | u64::from(self.depth as u8) << 48
            | bound << 56
            | u64::from(self.generation % GENERATIONS) << 58
    }

    /// The entry of `key` packed in `data`; none for an empty slot.
    fn unpack(key: u64, data: u64) -> Option<Entry> {
        let bound = match (data >> 56) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            key,
            mv: Some(data as u32).filter(|&bits| bits != 0).and_then(Move::from_bits),
            score: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8 as i8,
            bound,
            generation: (data >> 58) as u8,
        })
    }
}

/// A slot: the entry's word, and the key mixed with it, so that a slot
/// written by two threads at once (one word each) reads as no entry rather
/// than as a wrong one (the lockless scheme of Hyatt and Mann).
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The table, shared by the threads of a search (each reads and writes
/// whole words; see [`Slot`]). One entry per slot; a new entry replaces an
/// old one of another position unless that one is from this search and
/// more than [`TT_KEEP_OTHER_DEEPER_BY`] plies deeper, and one of the same
/// position unless that one is more than [`TT_KEEP_DEEPER_BY`] plies deeper
/// and the new one is not exact.
#[derive(Debug)]
pub(crate) struct TranspositionTable {
    slots: Box<[Slot]>,
    generation: AtomicU8,
    used: AtomicUsize,
}

/// Bytes a slot takes, so a table of `megabytes` takes that much memory
/// (UCI's `Hash`). It counted 24 bytes, what an entry took before the
/// table was shared, and so used two thirds of what it was given.
const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one entry).
    pub(crate) fn new(megabytes: usize) -> TranspositionTable {
        let len = (megabytes * 1024 * 1024 / ENTRY_BYTES).max(1);
        TranspositionTable {
            slots: (0..len).map(|_| Slot::default()).collect(),
            generation: AtomicU8::new(0),
            used: AtomicUsize::new(0),
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&self) {
        for slot in &self.slots {
            slot.data.store(0, Ordering::Relaxed);
            slot.check.store(0, Ordering::Relaxed);
        }
        self.used.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so older entries give way first.
    pub(crate) fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Ordering::Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        // Multiply-shift maps the key onto any table length evenly.
        &self.slots[((key as u128 * self.slots.len() as u128) >> 64) as usize]
    }

    /// The entry in `slot`, if it is one and holds `key`.
    #[inline]
    fn read(slot: &Slot, key: u64) -> Option<Entry> {
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        Entry::unpack(key, data)
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        Self::read(self.slot(key), key)
    }

    #[inline]
    pub(crate) fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let generation = self.generation.load(Ordering::Relaxed);
        let data = slot.data.load(Ordering::Relaxed);
        let old = Entry::unpack(slot.check.load(Ordering::Relaxed) ^ data, data);
        let keep_old = match &old {
            Some(old) => {
                old.key != key && old.generation == generation && i32::from(old.depth) > depth + TT_KEEP_OTHER_DEEPER_BY
                    || old.key == key && i32::from(old.depth) > depth + TT_KEEP_DEEPER_BY && bound != Bound::Exact
            }
            None => {
                self.used.fetch_add(1, Ordering::Relaxed);
                false
            }
        };
        if keep_old {
            return;
        }
        // Keep the old best move when the new search of the same position
        // found none to recommend (all moves failed low).
        let mv = mv.or_else(|| old.filter(|e| e.key == key).and_then(|e| e.mv));
        let entry = Entry {
            key,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(-1, i8::MAX as i32) as i8,
            bound,
            generation,
        };
        let data = entry.pack();
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// How full the table is, in permille (UCI's `hashfull`).
    pub(crate) fn permille_full(&self) -> u32 {
        (self.used.load(Ordering::Relaxed) as u64 * 1000 / self.slots.len() as u64) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::Square;

    #[test]
    fn a_table_of_n_megabytes_takes_n_megabytes() {
        let table = TranspositionTable::new(16);
        assert_eq!(table.slots.len() * std::mem::size_of::<Slot>(), 16 << 20);
    }

    /// A new search of a position replaces the table's entry for it unless
    /// the old one is more than `TT_KEEP_DEEPER_BY` plies deeper; even
    /// then, an exact score replaces it.
    #[test]
    fn the_same_position_s_entry_is_kept_only_when_much_deeper() {
        let tt = TranspositionTable::new(1);
        let key = 0x0bad_cafe_f00d_d00d;
        let depth_after = |old_depth: i32, new_depth: i32, bound: Bound| {
            tt.clear();
            tt.store(key, None, 10, old_depth, Bound::Lower);
            tt.store(key, None, 20, new_depth, bound);
            i32::from(tt.probe(key).unwrap().depth)
        };
        assert_eq!(
            depth_after(10, 10 - TT_KEEP_DEEPER_BY, Bound::Upper),
            10 - TT_KEEP_DEEPER_BY
        );
        assert_eq!(depth_after(10, 9 - TT_KEEP_DEEPER_BY, Bound::Upper), 10);
        assert_eq!(
            depth_after(10, 9 - TT_KEEP_DEEPER_BY, Bound::Exact),
            9 - TT_KEEP_DEEPER_BY
        );
    }

    #[test]
    fn an_entry_reads_back_as_it_was_stored() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square::E2, Square::E4);
        for (score, depth, bound) in [
            (-31_000, -1, Bound::Upper),
            (0, 0, Bound::Exact),
            (29_999, 127, Bound::Lower),
        ] {
            let key = 0x1234_5678_9abc_def0 ^ score as u64;
            tt.store(key, Some(m), score, depth, bound);
            let e = tt.probe(key).unwrap();
            assert_eq!(
                (e.mv, i32::from(e.score), i32::from(e.depth), e.bound),
                (Some(m), score, depth, bound)
            );
            assert!(tt.probe(key ^ 1).is_none(), "another key");
        }
        tt.clear();
        assert_eq!(tt.permille_full(), 0);
    }

    /// Threads writing the same slots at once never make a slot read as an
    /// entry of another key (a torn slot reads as empty).
    #[test]
    fn threads_never_read_a_torn_entry() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square::G1, Square::F3);
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let tt = &tt;
                scope.spawn(move || {
                    for i in 0..200_000u64 {
                        // Keys whose score says which key wrote it.
                        let n = (i * 4 + t) % 4096;
                        let key = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                        tt.store(key, Some(m), n as i32, (n % 100) as i32, Bound::Exact);
                        if let Some(e) = tt.probe(key) {
                            assert_eq!(i32::from(e.score), n as i32);
                            assert_eq!(i32::from(e.depth), (n % 100) as i32);
                        }
                    }
                });
            }
        });
    }
}
