//! Bytes into the PGN reader: never a panic; every game that reads writes
//! PGN that reads back to the same PGN and the same result (a result read
//! from a tag and a marker that disagree is written as it was read); the
//! reader that keeps a game up to its first bad move never panics either,
//! and what it keeps round-trips the same way. (That `ParallelReader` gives
//! what this reader gives is a property test: its worker threads leave
//! std's channel context behind, which LeakSanitizer reports as a leak.)
#![no_main]
use chess_core::Game;
use libfuzzer_sys::fuzz_target;

/// Writes `game`, reads it back: the same text again, the same result.
fn round_trip(game: &Game) {
    let text = game.to_pgn();
    let again = chess_core::pgn::read_game(&text).unwrap();
    assert_eq!(again.to_pgn(), text);
    assert_eq!(
        again.outcome_at(again.mainline_end()).map(|o| o.result()),
        game.outcome_at(game.mainline_end()).map(|o| o.result())
    );
}

fuzz_target!(|data: &[u8]| {
    for game in chess_core::pgn::PgnReader::new(data).flatten() {
        round_trip(&game);
    }
    for (game, _) in chess_core::pgn::read_games_up_to_errors(data).into_iter().flatten() {
        round_trip(&game);
    }
    let mut scan = chess_core::pgn::PgnReader::new(data);
    while scan.read_tags().is_some() {}
});
