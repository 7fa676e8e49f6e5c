//! A collection beside the board, as a player uses it: opened from the
//! menu, the explorer's counts for the start and after 1.e4 (checked
//! against a replay of every game), a click on a move plays it, "find this
//! position" lists exactly the games that reach it, the filters narrow the
//! list, and back to the list after opening a game keeps the filter.

use crate::common;

use chess_core::pgn::PgnReader;
use egui_kittest::kittest::Queryable;

use common::{click, harness_with, menu, settle, wait_for_collection};

/// Real club games, and four more with results and ratings.
fn collection_text() -> String {
    let twenty = include_str!("../../../crates/chess-engine/tests/data/twenty-games.pgn");
    format!("{twenty}\n{}", include_str!("../data/rated-games.pgn"))
}

/// Each game's main line, in SAN.
fn lines(text: &str) -> Vec<Vec<String>> {
    PgnReader::new(text.as_bytes())
        .map(|game| {
            let game = game.unwrap();
            game.mainline().iter().map(|&n| game.san_at(n).unwrap()).collect()
        })
        .collect()
}

/// Games whose main line starts with `prefix` (then `next`, if given).
fn count(lines: &[Vec<String>], prefix: &[&str], next: Option<&str>) -> usize {
    lines
        .iter()
        .filter(|l| l.len() > prefix.len() && l.iter().zip(prefix).all(|(a, b)| a == b))
        .filter(|l| next.is_none_or(|n| l[prefix.len()] == n))
        .count()
}

/// The explorer's games cell of a move, as a screen reader says it.
fn games_cell(san: &str, n: usize) -> String {
    format!("{san}: {n} games")
}

#[test]
fn the_explorer_plays_finds_and_filters() {
    let text = collection_text();
    let lines = lines(&text);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.pgn");
    std::fs::write(&path, &text).unwrap();
    let mut h = harness_with(std::slice::from_ref(&path), &[], |_| {});
    settle(&mut h);
    menu(&mut h, "Collection", "Open collection…");
    wait_for_collection(&mut h);
    // The list comes up first: put it away to see the board and explorer.
    click(&mut h, "Close");
    h.get_by_label("Explorer");
    // The start position: every game, and each first move's share.
    let total = lines.len();
    h.get_by_label(&total.to_string());
    for first in ["e4", "d4", "Nf3", "c4"] {
        h.get_by_label(&games_cell(first, count(&lines, &[], Some(first))));
    }
    // A click on e4 plays it, and the explorer follows.
    click(&mut h, "Explorer move e4");
    wait_for_collection(&mut h);
    assert_eq!(common::last_san(&h).as_deref(), Some("e4"));
    let after = count(&lines, &["e4"], None);
    for reply in ["e5", "c5"] {
        h.get_by_label(&games_cell(reply, count(&lines, &["e4"], Some(reply))));
    }
    // Find this position: the games that open 1.e4, with the ply.
    click(&mut h, "Find this position");
    wait_for_collection(&mut h);
    h.get_by_label_contains(&format!("Games reaching the position on the board: {after}"));
    let list = &h.state().model.collections.active().unwrap().list;
    let numbers: Vec<usize> = (0..list.rows()).map(|i| list.row(i).unwrap().number).collect();
    let expected: Vec<usize> = (1..=total).filter(|&n| lines[n - 1][0] == "e4").collect();
    assert_eq!(numbers, expected);
    h.get_by_label("Ply");
    // The filters narrow the list.
    click(&mut h, "Filters");
    let player = h.get_by_label("Player's name");
    player.focus();
    player.type_text("Ann");
    settle(&mut h);
    let event = h.get_by_label("Event's name");
    event.focus();
    event.type_text("Test");
    settle(&mut h);
    wait_for_collection(&mut h);
    h.get_by_label_contains("Games reaching the position on the board: 2");
    // Open a game: the list steps aside; back to the list: the filter stays.
    common::double_click(&mut h, "Cid");
    // The 1.e4 played from the explorer is not saved: the game opens in a
    // tab of its own (it asked to discard it before), and the strip shows both.
    assert!(h.state().model.dialog.is_none(), "{:?}", h.state().model.dialog);
    assert!(!h.state().model.collections.list_shown);
    let names: Vec<String> = h.state().model.tab_labels().into_iter().map(|t| t.name).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    h.get_by_label("Untitled •");
    h.get_by_label(&names[1]);
    assert_eq!(h.state().model.play.game.tags.get("White"), Some("Cid"));
    assert_eq!(
        h.state().model.play.game.ply(h.state().model.play.game.cursor()),
        1,
        "opened where 1.e4 is reached"
    );
    click(&mut h, "Game list");
    wait_for_collection(&mut h);
    assert_eq!(h.state().model.collections.active().unwrap().form.player, "Ann");
    h.get_by_label_contains("Games reaching the position on the board: 2");
    // The keyboard walks the rows, and Enter opens one.
    h.key_press(egui::Key::ArrowDown);
    h.key_press(egui::Key::ArrowDown);
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    assert_eq!(
        h.state().model.play.game.tags.get("White"),
        Some("Cid"),
        "the second row"
    );
    assert_eq!(h.state().model.tab_labels().len(), 3, "in a third tab");
    // The first tab still holds the unsaved 1.e4.
    click(&mut h, "Untitled •");
    assert_eq!(h.state().model.play.game.mainline().len(), 1);
    assert!(h.state().model.play.game.tags.get("White") != Some("Cid"));
}

#[test]
fn hover_shows_the_move_material_is_found_and_collections_are_remembered() {
    let text = collection_text();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.pgn");
    std::fs::write(&path, &text).unwrap();
    let mut h = harness_with(&[], &[], |app| {
        app.model.list_games(&path);
    });
    wait_for_collection(&mut h);
    click(&mut h, "Close");
    // The move under the pointer is drawn as an arrow on the board.
    h.get_by_label("Explorer move d4").hover();
    h.run();
    let d4 = chess_core::Position::new().parse_san("d4").unwrap();
    assert_eq!(h.state().view.explorer_hover, Some(d4));
    // A row's PGN is copied as the file has it.
    h.state_mut().model.apply(chess_gui::model::Action::CopyListed(0));
    let first_game = &text[..text.find("\n[Event").unwrap()];
    assert_eq!(
        h.state().model.requests.clipboard.as_deref().map(str::trim_end),
        Some(first_game.trim_end())
    );
    settle(&mut h);
    // From the editor: the games with this material (the full set, which
    // every game has from its first ply).
    click(&mut h, "Edit position");
    click(&mut h, "Games with this material");
    wait_for_collection(&mut h);
    h.get_by_label_contains(&format!("for 2 plies: {}", lines(&text).len()));
    // Remembered between runs: the paths, opened again in the background.
    let mut memory = common::Memory::default();
    eframe::App::save(h.state_mut(), &mut memory);
    let mut again = chess_gui::ChessApp::new();
    again.restore(&memory);
    assert_eq!(again.model.collections.paths(), [path]);
    assert!(
        !again.model.collections.list_shown,
        "the board first; the list when asked"
    );
}
