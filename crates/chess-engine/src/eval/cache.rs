//! A cache of static evaluations by position hash. The search meets the
//! same positions again and again (each iteration of iterative deepening
//! walks much of the last one's tree, and transpositions meet within one),
//! and looking an evaluation up costs far less than computing it.

use chess_core::Position;

/// Entries in a cache: a power of two, so a slot is the hash's low bits.
/// 2^18 entries of 16 bytes: 4 MiB a search thread.
const ENTRIES: usize = 1 << 18;

#[derive(Copy, Clone, Debug, Default)]
struct Entry {
    /// The full hash of the position evaluated.
    key: u64,
    eval: i32,
    /// Whether the slot holds an evaluation (a flag rather than an
    /// `Option` key, which would make the entry 24 bytes).
    filled: bool,
}

/// Evaluations of recently met positions, one per slot, the newest kept.
/// The evaluation depends on the position alone, so a cached one is the
/// one [`super::evaluate`] would give: the search is the same, only faster.
pub(crate) struct EvalCache {
    entries: Box<[Entry]>,
}

impl std::fmt::Debug for EvalCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let filled = self.entries.iter().filter(|e| e.filled).count();
        write!(f, "EvalCache({filled} of {} entries)", self.entries.len())
    }
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        EvalCache {
            entries: vec![Entry::default(); ENTRIES].into_boxed_slice(),
        }
    }
}

impl EvalCache {
    /// The evaluation of `pos` for the side to move, as
    /// [`super::evaluate`] gives it, from the cache when it is there.
    #[cfg(test)]
    pub(crate) fn evaluate(&mut self, pos: &Position) -> i32 {
        self.evaluate_with(pos, || super::network::NETWORK.evaluate(pos))
    }

    /// The evaluation of `pos` for the side to move, from the cache when
    /// it is there, else by [`super::evaluate_with`] with the network's
    /// output from `network`.
    #[inline]
    pub(crate) fn evaluate_with(&mut self, pos: &Position, network: impl FnOnce() -> i32) -> i32 {
        let key = pos.zobrist();
        let slot = &mut self.entries[key as usize & (ENTRIES - 1)];
        if slot.filled && slot.key == key {
            return slot.eval;
        }
        let eval = super::evaluate_with(pos, network);
        *slot = Entry {
            key,
            eval,
            filled: true,
        };
        eval
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_takes_16_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
    }

    #[test]
    fn a_cached_evaluation_is_the_evaluation() {
        let mut cache = EvalCache::default();
        let mut pos = Position::new();
        for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"] {
            let m = pos.parse_uci(uci).unwrap();
            pos.play(m).unwrap();
            // Missed, then found: the same value both times.
            assert_eq!(cache.evaluate(&pos), super::super::evaluate(&pos));
            assert_eq!(cache.evaluate(&pos), super::super::evaluate(&pos));
        }
    }
}
