//! The transposition table: what the search already knows about positions
//! it met before (by another move order, or in an earlier iteration), keyed
//! by the Zobrist hash.

use chess_core::Move;

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

/// One entry per slot; a new entry replaces an old one unless the old one
/// is from this search and deeper.
#[derive(Debug)]
pub(crate) struct TranspositionTable {
    entries: Vec<Option<Entry>>,
    generation: u8,
    used: usize,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one entry).
    pub(crate) fn new(megabytes: usize) -> TranspositionTable {
        let len = (megabytes * 1024 * 1024 / size_of::<Option<Entry>>()).max(1);
        TranspositionTable {
            entries: vec![None; len],
            generation: 0,
            used: 0,
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        self.entries.fill(None);
        self.used = 0;
    }

    /// Marks the start of a new search, so older entries give way first.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto any table length evenly.
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    #[inline]
    pub(crate) fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let generation = self.generation;
        let keep_old = match &self.entries[slot] {
            Some(old) => {
                old.key != key && old.generation == generation && i32::from(old.depth) > depth + 2
                    || old.key == key && i32::from(old.depth) > depth && bound != Bound::Exact
            }
            None => {
                self.used += 1;
                false
            }
        };
        if keep_old {
            return;
        }
        // Keep the old best move when the new search of the same position
        // found none to recommend (all moves failed low).
        let mv = mv.or_else(|| self.entries[slot].filter(|e| e.key == key).and_then(|e| e.mv));
        self.entries[slot] = Some(Entry {
            key,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(-1, i8::MAX as i32) as i8,
            bound,
            generation,
        });
    }

    /// How full the table is, in permille (UCI's `hashfull`).
    pub(crate) fn permille_full(&self) -> u32 {
        (self.used as u64 * 1000 / self.entries.len() as u64) as u32
    }
}
