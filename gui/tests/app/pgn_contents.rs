//! What a PGN holds, shown and editable: the header, the comments, the
//! marks, and the arrows and circles of `[%cal]` / `[%csl]`.

use crate::common;

use egui_kittest::kittest::Queryable;

use common::{click, harness_with, settle};

const PGN: &str = r#"[Event "Club rapid 3"]
[Site "Oslo NOR"]
[Date "2026.10.12"]
[White "Anna Berg"]
[Black "Bo Chen"]
[WhiteElo "1866"]
[BlackElo "1249"]
[Result "1-0"]

{ Played on a Tuesday. } 1. e4 { The king's pawn. [%clk 0:09:58] } 1... e5 2. Nf3 $1 { [%cal Gf3e5] [%csl Re5] Attacking the pawn } 2... Nc6 1-0
"#;

#[test]
fn the_header_and_comments_are_shown() {
    let mut h = harness_with(&[], &[], |app| app.model.load_text(PGN));
    settle(&mut h);
    h.get_by_label_contains("Anna Berg (1866) – Bo Chen (1249) · Club rapid 3, Oslo NOR, 2026.10.12 · 1-0");
    // The comments' words, without their commands; the mark after the move.
    h.get_by_label("Played on a Tuesday.");
    h.get_by_label("The king's pawn.");
    h.get_by_label("Attacking the pawn");
    h.get_by_label("2. Nf3!");
}

#[test]
fn the_comment_arrows_and_circles_are_drawn() {
    let mut h = harness_with(&[], &[], |app| app.model.load_text(PGN));
    settle(&mut h);
    click(&mut h, "2. Nf3!");
    // How many pixels of a square (file 0-7, row 0-7 from the top, White
    // below) are strongly red, and how many strongly green.
    let colours = |h: &mut egui_kittest::Harness<'static, chess_gui::ChessApp>, file: u32, row: u32| {
        let rect = h.state().view.board_rect;
        let size = rect.width() / 8.0;
        let image = h.render().expect("a picture of the board");
        let (mut red, mut green) = (0, 0);
        for dy in 0..size as u32 {
            for dx in 0..size as u32 {
                let x = (rect.left() + file as f32 * size) as u32 + dx;
                let y = (rect.top() + row as f32 * size) as u32 + dy;
                let [r, g, b, _] = image.get_pixel(x, y).0;
                let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
                red += i32::from(r > g + 60 && r > b + 60);
                green += i32::from(g > r + 30 && g > b + 30);
            }
        }
        (red, green)
    };
    // e5 is file 4, row 3; the arrow from f3 crosses e4/f4 (row 4).
    let (ring, _) = colours(&mut h, 4, 3);
    let (_, shaft) = colours(&mut h, 5, 4);
    // Without the commands, the same squares plain.
    let node = h.state().model.play.game.cursor();
    h.state_mut().model.play.game.set_comment(node, "Attacking the pawn");
    settle(&mut h);
    let (plain_ring, _) = colours(&mut h, 4, 3);
    let (_, plain_shaft) = colours(&mut h, 5, 4);
    assert!(
        ring > plain_ring + 200,
        "a red circle on e5: {ring} red pixels, {plain_ring} without"
    );
    assert!(
        shaft > plain_shaft + 100,
        "a green arrow from f3: {shaft} green pixels, {plain_shaft} without"
    );
}

#[test]
fn a_comment_is_written_edited_and_deleted_from_the_move_menu() {
    let mut h = harness_with(&[], &[], |app| app.model.load_text(PGN));
    settle(&mut h);
    h.get_by_label("Nc6").click_secondary();
    settle(&mut h);
    click(&mut h, "Comment…");
    let field = h.get_by_label("Comment");
    field.type_text("Developing");
    settle(&mut h);
    click(&mut h, "Save comment");
    h.get_by_label("Developing");
    let nc6 = h.state().model.play.game.mainline()[3];
    assert_eq!(h.state().model.play.game.comment(nc6), "Developing");
    // Editing keeps the clock of 1. e4.
    h.get_by_label("1. e4").click_secondary();
    settle(&mut h);
    click(&mut h, "Comment…");
    click(&mut h, "Delete comment");
    assert!(h.query_by_label("The king's pawn.").is_none());
    let e4 = h.state().model.play.game.mainline()[0];
    assert_eq!(h.state().model.play.game.comment(e4), "[%clk 0:09:58]");
    // Marks from the menu, and undo.
    h.get_by_label("Nc6").click_secondary();
    settle(&mut h);
    click(&mut h, "Mark");
    click(&mut h, "?? Blunder");
    h.get_by_label("Nc6??");
    click(&mut h, "Undo");
    h.get_by_label("Nc6");
}

#[test]
fn the_header_is_edited_and_kept_in_the_pgn() {
    let mut h = harness_with(&[], &[], |app| app.model.load_text(PGN));
    settle(&mut h);
    click(
        &mut h,
        "Anna Berg (1866) – Bo Chen (1249) · Club rapid 3, Oslo NOR, 2026.10.12 · 1-0",
    );
    let field = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Event");
    field.focus();
    field.type_text(" final");
    h.run();
    // Leaving the field saves it.
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Site")
        .focus();
    settle(&mut h);
    assert_eq!(h.state().model.play.game.tags.get("Event"), Some("Club rapid 3 final"));
    assert!(h.state().model.pgn().contains("[Event \"Club rapid 3 final\"]"));
    assert!(h.state().model.is_dirty());
}
