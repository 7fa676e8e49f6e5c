//! Text into the save-file loader: never a panic; whatever loads saves to a
//! document that loads to the same game.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(doc) = chess_file::Document::from_ron(text)
        && let Ok((game, app)) = doc.to_game()
    {
        let again = chess_file::Document::from_game(&game, &app).to_ron();
        let (reloaded, _) = chess_file::Document::from_ron(&again).unwrap().to_game().unwrap();
        assert_eq!(reloaded.to_pgn(), game.to_pgn());
    }
});
