//! Perft from the command line:
//!
//! ```text
//! cargo run --release -p chess-core --example perft -- [--divide] [--no-bulk] DEPTH [FEN]
//! ```
//!
//! Prints the node count, the time and the speed in million nodes per second.

use std::process::ExitCode;
use std::time::Instant;

use chess_core::Position;

fn main() -> ExitCode {
    let mut divide = false;
    let mut bulk = true;
    let mut rest = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--divide" => divide = true,
            "--no-bulk" => bulk = false,
            "-h" | "--help" => {
                println!("usage: perft [--divide] [--no-bulk] DEPTH [FEN]");
                return ExitCode::SUCCESS;
            }
            _ => rest.push(arg),
        }
    }
    let Some(depth) = rest.first().and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("usage: perft [--divide] [--no-bulk] DEPTH [FEN]");
        return ExitCode::from(2);
    };
    let fen = rest[1..].join(" ");
    let pos = if fen.is_empty() {
        Position::new()
    } else {
        match fen.parse::<Position>() {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    };

    let start = Instant::now();
    let nodes = if divide {
        let mut total = 0;
        for (m, n) in pos.divide(depth) {
            println!("{m}: {n}");
            total += n;
        }
        println!();
        total
    } else if bulk {
        pos.perft(depth)
    } else {
        pos.perft_unbulked(depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    println!("time  {:.3} s", secs);
    println!("speed {:.1} Mnps", nodes as f64 / secs.max(1e-9) / 1e6);
    ExitCode::SUCCESS
}
