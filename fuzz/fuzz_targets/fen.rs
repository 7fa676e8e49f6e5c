//! FEN text into the parser and validator: never a panic; the quick path
//! (text straight into a position) and the careful one (a setup, then its
//! problems) agree; whatever loads prints back to a FEN that loads to the
//! same position.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let direct = chess_core::Position::from_fen(text);
    match chess_core::Setup::from_fen(text) {
        Ok(setup) => {
            let legal = setup.problems().iter().all(|p| !p.is_error());
            match chess_core::Position::from_setup(setup) {
                Ok(pos) => {
                    assert!(legal);
                    assert_eq!(direct.as_ref(), Ok(&pos));
                    let again = chess_core::Position::from_fen(&pos.fen_with(chess_core::EnPassantMode::Always)).unwrap();
                    assert_eq!(again, pos);
                    let _ = pos.perft(2);
                }
                Err(e) => {
                    assert!(!legal);
                    assert_eq!(direct, Err(chess_core::Error::Position(e)));
                }
            }
        }
        Err(e) => assert_eq!(direct, Err(chess_core::Error::Fen(e))),
    }
});
