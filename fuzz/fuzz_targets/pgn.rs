//! Bytes into the PGN reader: never a panic; every game that reads writes
//! PGN that reads back to the same PGN. (That `ParallelReader` gives what
//! this reader gives is a property test: its worker threads leave std's
//! channel context behind, which LeakSanitizer reports as a leak.)
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in chess_core::pgn::PgnReader::new(data).flatten() {
        let text = game.to_pgn();
        let again = chess_core::pgn::read_game(&text).unwrap();
        assert_eq!(again.to_pgn(), text);
    }
    let mut scan = chess_core::pgn::PgnReader::new(data);
    while scan.read_tags().is_some() {}
});
