//! Makes a Polyglot opening book from a PGN file, as `polyglot make-book`
//! does: the positions of each game's main line up to a ply limit, each
//! with the moves played there, weighted by results (a win 2, a draw 1, a
//! loss 0, for the side that moved), keeping moves played in at least a
//! minimum number of games.
//!
//! ```text
//! cargo run --release -p chess-file --example make_book -- GAMES.pgn OUT.bin [--max-ply 20] [--min-games 2]
//! ```

use std::fs::File;
use std::io::BufReader;
use std::process::exit;

use chess_core::book::BookBuilder;
use chess_core::pgn::PgnReader;

fn usage() -> ! {
    eprintln!("usage: make_book GAMES.pgn OUT.bin [--max-ply N] [--min-games N]");
    exit(2)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut paths, mut max_ply, mut min_games) = (Vec::new(), 20usize, 2u32);
    while let Some(arg) = args.next() {
        let mut number = || args.next().and_then(|v| v.parse().ok()).unwrap_or_else(|| usage());
        match arg.as_str() {
            "--max-ply" => max_ply = number(),
            "--min-games" => min_games = number() as u32,
            _ => paths.push(arg),
        }
    }
    let [input, output] = <[String; 2]>::try_from(paths).unwrap_or_else(|_| usage());
    let file = File::open(&input).unwrap_or_else(|e| {
        eprintln!("cannot open {input}: {e}");
        exit(1)
    });
    let mut builder = BookBuilder::new(max_ply);
    let (mut games, mut errors) = (0, 0);
    for game in PgnReader::new(BufReader::with_capacity(1 << 16, file)) {
        match game {
            Ok(game) => {
                builder.add_game(&game);
                games += 1;
            }
            Err(e) => {
                errors += 1;
                eprintln!("{input}: {e}");
            }
        }
    }
    let entries = builder.entries(min_games);
    let bytes: Vec<u8> = entries.iter().flat_map(|e| e.to_bytes()).collect();
    if let Err(e) = chess_file::write_atomic(std::path::Path::new(&output), &bytes) {
        eprintln!("cannot write {output}: {e}");
        exit(1);
    }
    println!(
        "{games} games ({errors} unreadable), {} entries, written to {output}",
        entries.len()
    );
}
