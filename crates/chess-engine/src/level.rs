//! Playing strength for people: level 1 (a beginner can win) to level 10
//! (full strength).
//!
//! A level limits how deep and how long the engine looks, and lets it pick
//! at random among moves that score nearly as well as the best one; the
//! weaker the level, the wider that margin, so low levels make human
//! mistakes (a missed tactic, a loose piece) rather than random moves.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chess_core::{Move, Position};

use crate::search::{Engine, Limits, SearchResult};

/// A playing strength from 1 to 10.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// Per level: maximum depth, maximum nodes, and the margin in centipawns
/// within which a move may be chosen instead of the best.
const SETTINGS: [(u32, u64, i32); 10] = [
    (1, 400, 350),
    (2, 1_500, 250),
    (3, 4_000, 170),
    (4, 12_000, 120),
    (5, 40_000, 80),
    (6, 120_000, 50),
    (7, 400_000, 30),
    (8, 1_500_000, 15),
    (9, 6_000_000, 6),
    (10, u64::MAX, 0),
];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(10);

    /// Level `n`, clamped to 1..=10.
    pub fn new(n: u8) -> Level {
        Level(n.clamp(1, 10))
    }

    /// The level as a number 1..=10.
    pub fn get(self) -> u8 {
        self.0
    }

    fn settings(self) -> (u32, u64, i32) {
        SETTINGS[usize::from(self.0 - 1)]
    }

    /// The search limits of this level, thinking at most `movetime`.
    pub fn limits(self, movetime: Duration) -> Limits {
        let (depth, nodes, margin) = self.settings();
        Limits {
            depth: (self.0 < 10).then_some(depth),
            nodes: (nodes != u64::MAX).then_some(nodes),
            movetime: Some(movetime),
            // Enough lines to choose from when the level may deviate.
            multipv: if margin > 0 { 6 } else { 1 },
            ..Limits::default()
        }
    }

    /// Picks the move to play from a search made with [`Level::limits`]:
    /// the best, or at weaker levels one of the lines within the margin,
    /// closer lines being likelier. `random` is a number in `0..1`.
    pub fn choose(self, result: &SearchResult, random: f64) -> Option<Move> {
        let (_, _, margin) = self.settings();
        let best = result.lines.first()?.score.as_cp();
        // Never give away a mate found, nor walk into one.
        let candidates: Vec<(Move, i32)> = result
            .lines
            .iter()
            .filter(|line| {
                let cp = line.score.as_cp();
                best - cp <= margin && cp.abs() < 50_000 && best.abs() < 50_000 || cp == best
            })
            .filter_map(|line| Some((*line.pv.first()?, margin + 1 - (best - line.score.as_cp()))))
            .collect();
        let total: i32 = candidates.iter().map(|(_, w)| w.max(&1)).sum();
        let mut target = (random.clamp(0.0, 0.999_999) * f64::from(total)) as i32;
        for (m, weight) in &candidates {
            if target < (*weight).max(1) {
                return Some(*m);
            }
            target -= (*weight).max(1);
        }
        result.best
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::MAX
    }
}

/// A small random number generator (xorshift64*) so the engine needs no
/// dependency; seeded from the clock unless given a seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator with this seed (the same seed gives the same numbers).
    pub fn seeded(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// A generator seeded from the clock.
    pub fn from_clock() -> Rng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0x9E37_79B9, |d| d.as_nanos() as u64);
        Rng::seeded(nanos ^ 0x2545_F491_4F6C_DD1D)
    }

    /// A number of 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..1`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

impl Engine {
    /// The move this engine plays at `level`, thinking at most `movetime`:
    /// from its opening book while the position is in it (see
    /// [`Engine::set_book`]; drawn by weight, no thinking), searched
    /// otherwise. `None` only when there is no legal move.
    ///
    /// ```
    /// use std::{sync::atomic::AtomicBool, time::Duration};
    /// use chess_engine::{Engine, Level, Rng};
    ///
    /// let mut engine = Engine::default();
    /// let pos = chess_core::Position::new();
    /// let stop = AtomicBool::new(false);
    /// let mv = engine.play(&pos, &[], Level::new(3), Duration::from_millis(100), &stop, &mut Rng::seeded(7));
    /// assert!(pos.is_legal(mv.unwrap()));
    /// ```
    pub fn play(
        &mut self,
        pos: &Position,
        history: &[u64],
        level: Level,
        movetime: Duration,
        stop: &AtomicBool,
        rng: &mut Rng,
    ) -> Option<Move> {
        if let Some(m) = self.book_move(pos, rng.next_f64()) {
            return Some(m);
        }
        let result = self.search(pos, history, &level.limits(movetime), stop, |_| {});
        level.choose(&result, rng.next_f64())
    }

    /// Gives the engine an opening book (a Polyglot file, shared), or takes
    /// it away: [`Engine::play`] plays from it while the position is in it.
    pub fn set_book(&mut self, book: Option<std::sync::Arc<chess_file::book::BookFile>>) {
        self.book = book;
    }

    /// A move from the engine's book for `pos`, drawn by weight with
    /// `random` in [0, 1): None without a book, when the position is not in
    /// it, or when the book cannot be read.
    pub fn book_move(&self, pos: &Position, random: f64) -> Option<Move> {
        let entries = self.book.as_ref()?.entries(pos).ok()?;
        chess_core::book::choose_weighted(&entries, random)
    }
}
