//! The board's look, chosen in the View menu: colours, coordinates inside,
//! outside or hidden, gliding moves; remembered between runs.

use chess_gui::ChessApp;
use chess_gui::model::settings::{BoardSettings, Coordinates, Look, PieceSet, Theme};
use egui_kittest::kittest::Queryable;

use crate::common;
use common::menu;

#[test]
fn theme_and_coordinates_are_chosen_in_the_view_menu() {
    let mut h = common::harness_with(&[], &[], |_| {});
    common::settle(&mut h);
    let inside = h.state().view.board_rect;
    menu(&mut h, "View", "Blue");
    assert_eq!(h.state().model.board.theme, Theme::Blue);
    menu(&mut h, "View", "Coordinates outside");
    assert_eq!(h.state().model.board.coordinates, Coordinates::Outside);
    let outside = h.state().view.board_rect;
    assert!(
        outside.width() < inside.width(),
        "a margin is left for the coordinates: {outside:?} against {inside:?}"
    );
    assert_eq!(outside.width(), outside.height(), "squares stay square");
    h.snapshot("board_blue_coordinates_outside");
    menu(&mut h, "View", "No coordinates");
    assert_eq!(h.state().model.board.coordinates, Coordinates::Hidden);
    assert_eq!(h.state().view.board_rect, inside);
    // The test harness starts with animation off: the box turns it on.
    menu(&mut h, "View", "Animate moves");
    assert!(h.state().model.board.animate);
}

#[test]
fn the_board_look_is_remembered_between_runs() {
    let mut storage = common::Memory::default();
    let mut first = ChessApp::new();
    let look = BoardSettings {
        theme: Theme::Green,
        coordinates: Coordinates::Hidden,
        animate: false,
        pieces: PieceSet::Classic,
        look: Look::Light,
        sound: false,
    };
    first.model.board = look;
    eframe::App::save(&mut first, &mut storage);
    let mut second = ChessApp::new();
    assert_eq!(second.model.board, BoardSettings::default());
    second.restore(&storage);
    assert_eq!(second.model.board, look);
}

/// The light theme and the classic pieces, chosen in the View menu: the
/// app's panels turn light, the pieces change their drawing.
#[test]
fn a_light_theme_and_classic_pieces() {
    let mut h = common::harness_with(&[], &[], |_| {});
    common::settle(&mut h);
    menu(&mut h, "View", "Light theme");
    assert_eq!(h.state().model.board.look, Look::Light);
    menu(&mut h, "View", "Pieces: classic");
    assert_eq!(h.state().model.board.pieces, PieceSet::Classic);
    common::settle(&mut h);
    assert_eq!(h.ctx.theme(), egui::Theme::Light);
    h.snapshot("light_theme_classic_pieces");
}

/// With animation on, a move glides for about 150 ms (frames 50 ms apart
/// here), then the piece stands on its square; a dropped piece does not
/// glide.
#[test]
fn a_move_glides_to_its_square() {
    let app = ChessApp::new();
    assert!(app.model.board.animate, "on by default");
    let mut h = common::build(common::builder(common::WINDOW).with_step_dt(0.05), app);
    h.run();
    h.get_by_label("e2, white pawn").click();
    h.step();
    h.get_by_label("e4, empty").click();
    h.step();
    h.step();
    assert!(h.state().view.animation.is_running(), "the pawn is on its way");
    h.run();
    assert!(!h.state().view.animation.is_running(), "and arrived");
    h.get_by_label("e4, white pawn");

    // A piece dragged and dropped is already there.
    let from = h.get_by_label("e7, black pawn").rect().center();
    let to = h.get_by_label("e5, empty").rect().center();
    h.drag_at(from);
    h.step();
    h.hover_at(to);
    h.step();
    h.drop_at(to);
    h.step();
    h.step();
    assert!(!h.state().view.animation.is_running());
    h.get_by_label("e5, black pawn");
}

/// The share of dark pixels in the upper middle of the square of rank 1
/// on `file` (0 for a), in a picture of the board.
fn dark_share(h: &mut egui_kittest::Harness<'static, ChessApp>, file: f32) -> f64 {
    let rect = h.state().view.board_rect;
    let size = rect.width() / 8.0;
    let image = h.render().expect("a picture of the board");
    let (mut dark, mut all) = (0, 0);
    let left = rect.left() + file * size;
    let top = rect.top() + 7.0 * size;
    for y in (top + size * 0.22) as u32..(top + size * 0.42) as u32 {
        for x in (left + size * 0.38) as u32..(left + size * 0.62) as u32 {
            let [r, g, b, _] = image.get_pixel(x, y).0;
            all += 1;
            dark += usize::from(u32::from(r) + u32::from(g) + u32::from(b) < 180);
        }
    }
    dark as f64 / all as f64
}

/// White pieces are white with a black outline: the bishop's mitre and the
/// king's crown are not filled black (DejaVu's outline glyphs fill them).
#[test]
fn white_bishops_and_kings_are_white_inside() {
    let mut h = common::harness_with(&[], &[], |_| {});
    common::settle(&mut h);
    for (file, piece) in [(2.0, "bishop on c1"), (4.0, "king on e1"), (5.0, "bishop on f1")] {
        let share = dark_share(&mut h, file);
        assert!(share < 0.4, "the {piece} is {:.0}% black in its top", share * 100.0);
    }
}

/// The classic set's white king is a white king: Noto Sans Symbols 2's
/// outline glyph drawn over its fill made it look black (in both themes).
#[test]
fn the_classic_white_king_is_white() {
    for light in [false, true] {
        let mut h = common::harness_with(&[], &[], |_| {});
        common::settle(&mut h);
        if light {
            menu(&mut h, "View", "Light theme");
        }
        menu(&mut h, "View", "Pieces: classic");
        common::settle(&mut h);
        let king = dark_share(&mut h, 4.0);
        // 52% before the fix.
        assert!(
            king < 0.4,
            "the classic white king is {:.0}% black in its top",
            king * 100.0
        );
    }
}
