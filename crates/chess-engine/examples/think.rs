//! Searches one position and prints what the engine thinks, line by line.
//!
//! `cargo run --release -p chess-engine --example think -- [FEN] [MILLISECONDS]`

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chess_core::Position;
use chess_engine::{Engine, Limits};

fn main() {
    let mut args = std::env::args().skip(1);
    let fen = args.next().unwrap_or_else(|| Position::new().fen());
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let pos: Position = match fen.parse() {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }
    };
    let mut engine = Engine::new(64);
    let limits = Limits::movetime(Duration::from_millis(ms));
    let result = engine.search(&pos, &[], &limits, &AtomicBool::new(false), |info| {
        let pv: Vec<String> = info.line.pv.iter().map(|m| m.uci()).collect();
        println!(
            "depth {:2} seldepth {:2} score {:>7} nodes {:9} nps {:8} time {:5} ms  pv {}",
            info.depth,
            info.seldepth,
            info.line.score.to_string(),
            info.nodes,
            info.nps(),
            info.time.as_millis(),
            pv.join(" ")
        );
    });
    println!("bestmove {}", result.best.map_or("(none)".into(), |m| m.uci()));
}
