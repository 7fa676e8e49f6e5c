//! FEN text into the parser and validator: never a panic; whatever loads
//! prints back to a FEN that loads to the same position.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(setup) = chess_core::Setup::from_fen(text) {
        let _ = setup.problems();
        if let Ok(pos) = chess_core::Position::from_setup(setup) {
            let again = chess_core::Position::from_fen(&pos.fen_with(chess_core::EnPassantMode::Always)).unwrap();
            assert_eq!(again, pos);
            let _ = pos.perft(2);
        }
    }
});
