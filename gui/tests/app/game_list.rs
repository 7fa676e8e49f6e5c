//! A PGN file with several games: the list, its sort and filter, the
//! games that cannot be read, and opening one.

use crate::common;

use egui_kittest::kittest::Queryable;

use common::{click, harness_with, settle};

const PGN: &str = "[Event \"Spring open\"]\n[White \"Carla Diaz\"]\n[Black \"Bo Chen\"]\n[Result \"1-0\"]\n[Date \"2026.03.02\"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n\n\
                   [Event \"Spring open\"]\n[White \"Anna Berg\"]\n[Black \"Dev Patel\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n\n\
                   [Event \"Club night 🏆\"]\n[White \"Bo Chen\"]\n[Black \"Eli Novak\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";

#[test]
fn a_file_of_games_is_listed_sorted_filtered_and_one_opened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.pgn");
    std::fs::write(&path, PGN).unwrap();
    let mut h = harness_with(std::slice::from_ref(&path), &[], |_| {});
    settle(&mut h);
    common::menu(&mut h, "File", "Open… Ctrl+O");
    // The list fills in the background.
    common::wait_for_game_list(&mut h);
    h.get_by_label("3 games");
    h.get_by_label("Club night 🏆");
    // Game 3 has an illegal king move: listed with its line.
    click(&mut h, "1 game(s) cannot be read");
    h.get_by_label_contains("Game 3, line 21: illegal move Ke3");
    // Sorted by White: Anna first.
    click(&mut h, "White");
    let first = h
        .state()
        .model
        .collections
        .active()
        .unwrap()
        .list
        .row(0)
        .unwrap()
        .fields[0]
        .to_string();
    assert_eq!(first, "Anna Berg");
    // Filtered, then the row opened.
    let filter = h.get_by_label("Filter");
    filter.focus();
    filter.type_text("carla");
    settle(&mut h);
    h.get_by_label("1 of 3 games");
    // A click selects the row; a double click opens its game.
    click(&mut h, "Carla Diaz");
    assert!(h.state().model.collections.list_shown, "one click only selects");
    assert_eq!(h.state().model.collections.active().unwrap().list.cursor, Some(0));
    common::double_click(&mut h, "Carla Diaz");
    assert!(
        !h.state().model.collections.list_shown,
        "the list steps aside for the game"
    );
    assert_eq!(h.state().model.play.game.tags.get("White"), Some("Carla Diaz"));
    h.get_by_label("2. Qh5");
}

#[test]
fn a_compressed_file_opens_as_the_plain_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.pgn.zst");
    std::fs::write(&path, zstd::encode_all(PGN.as_bytes(), 3).unwrap()).unwrap();
    let mut h = harness_with(std::slice::from_ref(&path), &[], |_| {});
    settle(&mut h);
    common::menu(&mut h, "File", "Open… Ctrl+O");
    common::wait_for_game_list(&mut h);
    h.get_by_label("3 games");
    common::double_click(&mut h, "Carla Diaz");
    assert_eq!(h.state().model.play.game.tags.get("White"), Some("Carla Diaz"));
    h.get_by_label("2. Qh5");
}
