//! The engine's workshop, as its authors use it (`docs/engine.md`): the
//! `chess-lab` program plays matches between UCI engines and decides by a
//! sequential test whether a change gains ([`sprt`]), generates training
//! positions from self-play, tunes the evaluation's weights and trains its
//! network ([`data`] is the format of their lines).
//!
//! ```text
//! cargo run --release -p chess-lab -- match NEW OLD --tc 8+0.08 --sprt 0,5
//! cargo run --release -p chess-lab -- datagen data.txt --threads 2
//! cargo run --release -p chess-lab -- tune data.txt
//! cargo run --release -p chess-lab -- train-net data.txt --out crates/chess-engine/src/eval/network.bin
//! ```
//!
//! These tools are apart from `chess-engine` so that the engine's library
//! (which libchess and the app link) carries neither them nor their
//! argument parser.

#![forbid(unsafe_code)]

pub mod data;
pub mod sprt;
