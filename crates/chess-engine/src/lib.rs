//! A chess engine built on [`chess_core`]: it finds good moves, plays at a
//! chosen strength, and speaks UCI in both directions.
//!
//! - [`Engine`] searches a position ([`Engine::search`]) within [`Limits`]
//!   and reports progress as [`Info`]; [`Engine::play`] picks a move at a
//!   [`Level`] from 1 (beginner) to 10 (full strength).
//! - [`evaluate`] is the static evaluation (tapered terms tuned by Texel's
//!   method on the engine's own games, plus endgame knowledge); [`eval`]
//!   also gives the terms of a position, for the tuner.
//! - [`uci`] reads and writes the UCI protocol; the `chess-engine` binary is
//!   a UCI engine for any chess GUI, and [`client::UciEngine`] drives an
//!   external UCI engine (Stockfish, or this one) as a child process.
//! - [`worker::Worker`] runs either kind of engine on a background thread,
//!   for apps that must not freeze while it thinks.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use chess_engine::{Engine, Limits, Score};
//!
//! let mut engine = Engine::new(16);
//! let pos = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1".parse()?;
//! let result = engine.search(&pos, &[], &Limits::depth(4), &AtomicBool::new(false), |_| {});
//! assert_eq!(result.best.unwrap().uci(), "d1d8");
//! assert_eq!(result.lines[0].score, Score::Mate(1));
//! # Ok::<(), chess_core::Error>(())
//! ```

#![forbid(unsafe_code)]

mod bitboard;
pub mod client;
pub mod eval;
mod level;
pub mod review;
mod search;
mod see;
mod tt;
pub mod uci;
pub mod win_percent;
pub mod worker;

pub use eval::evaluate;
pub use level::{Level, Rng};
pub use search::{Clock, Engine, Info, Limits, Line, MAX_PLY, Score, SearchResult, Stats};
pub use see::{see, see_ge};
pub use win_percent::win_percent;
