//! Reads a PGN file and prints how many games, moves and errors it holds,
//! and the speed:
//!
//! ```text
//! cargo run --release -p chess-core --example pgn_stats -- FILE.pgn [--tags-only | --visit]
//! ```
//!
//! By default every game is built in full; `--visit` replays the moves
//! without building games; `--tags-only` reads only the tags.

use std::fs::File;
use std::io::BufReader;
use std::process::ExitCode;
use std::time::Instant;

use chess_core::pgn::{PgnReader, Visitor};
use chess_core::{Move, Outcome, Position};

struct CountMoves(usize);

impl Visitor for CountMoves {
    type Output = ();
    fn play(&mut self, _before: &Position, _m: Move) {
        self.0 += 1;
    }
    fn end_game(&mut self, _result: Option<Outcome>) {}
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: pgn_stats FILE.pgn [--tags-only | --visit]");
        return ExitCode::from(2);
    };
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(1);
        }
    };
    let mut reader = PgnReader::new(BufReader::with_capacity(1 << 16, file));
    let start = Instant::now();
    let (mut games, mut moves, mut errors) = (0usize, 0usize, 0usize);
    if args.iter().any(|a| a == "--tags-only") {
        while reader.read_tags().is_some() {
            games += 1;
        }
    } else if args.iter().any(|a| a == "--visit") {
        let mut count = CountMoves(0);
        while let Some(game) = reader.visit_game(&mut count) {
            match game {
                Ok(()) => games += 1,
                Err(e) => {
                    errors += 1;
                    if errors <= 10 {
                        eprintln!("{e}");
                    }
                }
            }
        }
        moves = count.0;
    } else {
        for game in reader {
            match game {
                Ok(game) => {
                    games += 1;
                    moves += game.nodes().len() - 1;
                }
                Err(e) => {
                    errors += 1;
                    if errors <= 10 {
                        eprintln!("{e}");
                    }
                }
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!("games {games}, moves {moves}, errors {errors}");
    println!("time  {secs:.3} s, {:.0} games/s", (games + errors) as f64 / secs);
    ExitCode::SUCCESS
}
