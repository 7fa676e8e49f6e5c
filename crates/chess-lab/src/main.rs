//! `chess-lab`: the engine's workshop (see the library's documentation and
//! `docs/engine.md`). One subcommand a tool:
//!
//! ```text
//! chess-lab match ENGINE_A ENGINE_B [--tc 8+0.08] [--sprt 0,5] ...
//! chess-lab datagen OUT.txt [--games N] [--nodes N] [--threads N] ...
//! chess-lab tune DATA.txt... [--epochs N] [--lambda L] ...
//! chess-lab train-net DATA.txt... --out FILE [--epochs N] ...
//! ```

mod datagen;
mod match_runner;
mod train_net;
mod tune;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "chess-lab",
    version,
    about = "Matches, SPRT, data, tuning and training for the engine"
)]
struct Cli {
    #[command(subcommand)]
    tool: Tool,
}

#[derive(Subcommand)]
enum Tool {
    /// A match between two UCI engines, scored in game pairs, with an
    /// optional SPRT that stops it at its verdict.
    Match(Box<match_runner::Args>),
    /// Training positions from the engine's self-play.
    Datagen(datagen::Args),
    /// The evaluation's weights fitted to training positions (Texel).
    Tune(tune::Args),
    /// The evaluation's network trained on training positions.
    TrainNet(train_net::Args),
}

fn main() {
    match Cli::parse().tool {
        Tool::Match(args) => match_runner::run(*args),
        Tool::Datagen(args) => datagen::run(args),
        Tool::Tune(args) => tune::run(args),
        Tool::TrainNet(args) => train_net::run(args),
    }
}
