//! Bytes into the PGN reader: never a panic; every game that reads writes
//! PGN that reads back to the same PGN; read on threads in small pieces,
//! the input gives exactly what the sequential reader gives.
#![no_main]
use libfuzzer_sys::fuzz_target;

fn summary(read: Result<chess_core::Game, chess_core::pgn::PgnError>) -> String {
    match read {
        Ok(game) => format!("{}{:?}", game.to_pgn(), game.warnings()),
        Err(e) => e.to_string(),
    }
}

fuzz_target!(|data: &[u8]| {
    let sequential: Vec<String> = chess_core::pgn::PgnReader::new(data).map(summary).collect();
    for game in chess_core::pgn::PgnReader::new(data).flatten() {
        let text = game.to_pgn();
        let again = chess_core::pgn::read_game(&text).unwrap();
        assert_eq!(again.to_pgn(), text);
    }
    let mut parallel = Vec::new();
    chess_core::pgn::ParallelReader::new(data)
        .threads(2)
        .piece_bytes(64)
        .read_games(|_, game| parallel.push(summary(game)));
    assert_eq!(parallel, sequential);
    let mut scan = chess_core::pgn::PgnReader::new(data);
    while scan.read_tags().is_some() {}
});
