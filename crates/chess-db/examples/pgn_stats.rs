//! Reads a PGN file (plain or compressed: `.pgn.zst`, `.gz`, `.bz2`) and
//! prints how many games, moves and errors it holds, and the speed:
//!
//! ```text
//! cargo run --release -p chess-db --example pgn_stats -- FILE.pgn [--tags-only | --visit | --check] [--threads N]
//! ```
//!
//! By default every game is built in full; `--visit` replays the moves
//! without building games; `--tags-only` reads only the tags; `--check`
//! prints every warning (what the reader repaired) and error of the file,
//! one a line, as `FILE:LINE:COLUMN: warning: ...`, like a compiler, and
//! exits with 1 when there is an error. `--threads N` reads on N threads
//! (default: every core) for the full and `--visit` reads.

use std::process::ExitCode;
use std::time::Instant;

use chess_core::pgn::{ParallelReader, PgnError, PgnReader, PgnWarning, Visitor};
use chess_core::{Move, Outcome, Position};

/// Counts a game's moves, and keeps its warnings for `--check`.
#[derive(Default)]
struct CountMoves {
    moves: usize,
    warnings: Vec<PgnWarning>,
}

impl Visitor for CountMoves {
    type Output = (usize, Vec<PgnWarning>);
    fn play(&mut self, _before: &Position, _m: Move) {
        self.moves += 1;
    }
    fn warning(&mut self, warning: &PgnWarning) {
        self.warnings.push(warning.clone());
    }
    fn end_game(&mut self, _result: Option<Outcome>) -> (usize, Vec<PgnWarning>) {
        (std::mem::take(&mut self.moves), std::mem::take(&mut self.warnings))
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().any(|a| a == name);
    let threads = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok());
    let path = args
        .iter()
        .enumerate()
        .find(|&(i, a)| !a.starts_with("--") && (i == 0 || args[i - 1] != "--threads"))
        .map(|(_, a)| a.clone());
    let Some(path) = path else {
        eprintln!("usage: pgn_stats FILE.pgn [--tags-only | --visit | --check] [--threads N]");
        return ExitCode::from(2);
    };
    // Plain or compressed, told by content.
    let input = match chess_db::source::open(path.as_ref()) {
        Ok(source) => source.reader,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let start = Instant::now();
    let (mut games, mut moves, mut errors, mut warnings) = (0usize, 0usize, 0usize, 0usize);
    let report = |e: &PgnError, errors: &mut usize| {
        *errors += 1;
        if *errors <= 10 {
            eprintln!("{e}");
        }
    };
    let parallel = |input| {
        let reader = ParallelReader::new(input);
        match threads {
            Some(n) => reader.threads(n),
            None => reader,
        }
    };
    if flag("--tags-only") {
        let mut reader = PgnReader::new(input);
        while reader.read_tags().is_some() {
            games += 1;
        }
    } else if flag("--check") {
        let mut reader = PgnReader::new(input);
        while let Some(game) = reader.visit_game(&mut CountMoves::default()) {
            match game {
                Ok((_, found)) => {
                    for w in &found {
                        println!("{path}:{}:{}: warning: {}", w.line, w.column, w.kind);
                    }
                    warnings += found.len();
                }
                Err(e) => {
                    println!("{path}:{}:{}: error: {} (game {})", e.line, e.column, e.kind, e.game);
                    errors += 1;
                }
            }
        }
        eprintln!("{warnings} warning(s), {errors} error(s)");
        return if errors > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        };
    } else if flag("--visit") {
        parallel(input).visit_games(CountMoves::default, |_, game| match game {
            Ok((n, _)) => {
                games += 1;
                moves += n;
            }
            Err(e) => report(&e, &mut errors),
        });
    } else {
        parallel(input).read_games(|_, game| match game {
            Ok(game) => {
                games += 1;
                moves += game.move_count();
            }
            Err(e) => report(&e, &mut errors),
        });
    }
    let secs = start.elapsed().as_secs_f64();
    println!("games {games}, moves {moves}, errors {errors}");
    println!("time  {secs:.3} s, {:.0} games/s", (games + errors) as f64 / secs);
    ExitCode::SUCCESS
}
