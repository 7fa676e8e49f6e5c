//! A PGN file with several games: the list, its sort and filter, the
//! games that cannot be read, and opening one.

use crate::common;

use egui_kittest::kittest::{NodeT, Queryable};

use common::{click, harness_with, settle};

const PGN: &str = "[Event \"Spring open\"]\n[White \"Carla Diaz\"]\n[Black \"Bo Chen\"]\n[Result \"1-0\"]\n[Date \"2026.03.02\"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n\n\
                   [Event \"Spring open\"]\n[White \"Anna Berg\"]\n[Black \"Dev Patel\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n\n\
                   [Event \"Club night 🏆\"]\n[White \"Bo Chen\"]\n[Black \"Eli Novak\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";

/// The app with `PGN` opened by File → Open… and listed (the list fills
/// in the background); the folder holding the file goes with it.
fn club_listed() -> (egui_kittest::Harness<'static, chess_gui::ChessApp>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.pgn");
    std::fs::write(&path, PGN).unwrap();
    let mut h = harness_with(std::slice::from_ref(&path), &[], |_| {});
    settle(&mut h);
    common::menu(&mut h, "File", "Open… Ctrl+O");
    common::wait_for_game_list(&mut h);
    (h, dir)
}

#[test]
fn a_file_of_games_is_listed_sorted_filtered_and_one_opened() {
    let (mut h, _dir) = club_listed();
    h.get_by_label("3 games");
    h.get_by_label("Club night 🏆");
    // The list is under the board, not over it: both are seen together.
    let board = h.get_by_label("a1, white rook").rect();
    let row = h.get_by_label("Club night 🏆").rect();
    assert!(
        row.top() >= board.bottom(),
        "the list {row:?} covers the board {board:?}"
    );
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

/// The `j`-th of the game list's headings (`names` in order), as
/// drawn: its button, by its name without the sort arrow.
fn heading<'h>(
    h: &'h egui_kittest::Harness<'static, chess_gui::ChessApp>,
    names: &[&str],
    j: usize,
) -> egui_kittest::Node<'h> {
    let mut found: Vec<_> = h
        .get_all_by_role(egui::accesskit::Role::Button)
        .filter(|b| {
            b.accesskit_node()
                .label()
                .is_some_and(|l| l.trim_end_matches([' ', '▲', '▼']) == names[j])
        })
        .collect();
    found.sort_by(|a, b| a.rect().left().total_cmp(&b.rect().left()));
    // The two "Elo" headings: White's first.
    let nth = names[..j].iter().filter(|&&n| n == names[j]).count();
    found.swap_remove(nth)
}

/// Every heading shows whole with its sort arrow (issue 87: "Result ▲"
/// was cut by its column): sorted each way, no heading runs into the next.
#[test]
fn sorted_headings_are_not_cut() {
    let (mut h, _dir) = club_listed();
    let names = [
        "#", "White", "Elo", "Black", "Elo", "Result", "Date", "Event", "ECO", "Moves",
    ];
    for i in 0..names.len() {
        for arrow in ["▲", "▼"] {
            // A click on a heading sorts by it; a second turns the order.
            for _ in 0..3 {
                let label = heading(&h, &names, i).accesskit_node().label().unwrap_or_default();
                if label.ends_with(arrow) {
                    break;
                }
                heading(&h, &names, i).click();
                settle(&mut h);
            }
            let label = heading(&h, &names, i).accesskit_node().label().unwrap_or_default();
            assert!(label.ends_with(arrow), "{label}");
            // The heading's button is as wide as its text needs (a button
            // narrower than that shows its text cut short).
            let needed = {
                let font = egui::TextStyle::Button.resolve(&h.ctx.global_style());
                let text = h
                    .ctx
                    .fonts_mut(|f| f.layout_no_wrap(label.clone(), font, egui::Color32::WHITE).size().x);
                text + 2.0 * h.ctx.global_style().spacing.button_padding.x
            };
            let width = heading(&h, &names, i).rect().width();
            assert!(width + 0.5 >= needed, "{label}: {width} wide, needs {needed}");
            for j in 0..names.len() - 1 {
                let (this, next) = (heading(&h, &names, j).rect(), heading(&h, &names, j + 1).rect());
                assert!(
                    this.right() <= next.left() + 0.5,
                    "sorted by {label}: {} runs into {} ({this:?}, {next:?})",
                    names[j],
                    names[j + 1]
                );
            }
        }
    }
}
