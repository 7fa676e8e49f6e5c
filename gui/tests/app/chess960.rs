//! Chess960 in the app, driven through the UI as a person would: a new
//! game from a chosen start position (its back rank shown first), castling
//! by putting the king on its rook or on its castling square, including a
//! start where the king does not move when it castles; undo and redo; save,
//! reopen and export to PGN; the editor's Chess960 rights.

use std::path::PathBuf;

use chess_gui::ChessApp;
use chess_gui::model::Player;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::common;
use common::{click, menu, moves};

fn harness(open: &[PathBuf], save: &[PathBuf]) -> Harness<'static, ChessApp> {
    common::harness_with(open, save, |_| {})
}

/// Starts a Chess960 game between two people from start position `number`
/// through the New game dialog, which shows its back rank.
fn new_960_game(h: &mut Harness<'static, ChessApp>, number: u32, back_rank: &str) {
    new_960_game_against(h, number, back_rank, false);
}

/// As [`new_960_game`]; with `computer`, the computer plays Black.
fn new_960_game_against(h: &mut Harness<'static, ChessApp>, number: u32, back_rank: &str, computer: bool) {
    click(h, "New game");
    click(h, "Chess960 (Fischer Random)");
    // The number is drawn at random; a person would type the one wanted.
    if let Some(chess_gui::model::Dialog::NewGame(setup)) = &mut h.state_mut().model.dialog {
        setup.chess960 = Some(number);
    }
    h.run();
    h.get_by_label(&format!(
        "Back rank {back_rank}; castle by moving the king onto its rook (or to g1/c1)"
    ));
    click(h, "White: human");
    click(h, if computer { "Black: computer" } else { "Black: human" });
    click(h, "Start game");
    let pos = h.state().model.play.position();
    assert!(pos.is_chess960());
    assert_eq!(h.state().model.computer.setup.white, Player::Human);
}

fn last_san(h: &Harness<'static, ChessApp>) -> String {
    let game = &h.state().model.play.game;
    game.san_at(game.cursor()).unwrap_or_default()
}

#[test]
fn both_sides_castle_queenside_onto_their_rooks_then_save_reopen_and_export() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fischer.ron");
    let pgn = dir.path().join("fischer.pgn");
    let mut h = harness(&[file.clone(), pgn.clone()], &[file.clone(), pgn.clone()]);
    h.run();
    // 750: RKNNQBBR. The knights leave c1 and d1; then the king (b1) goes
    // onto its rook (a1): king c1, rook d1.
    new_960_game(&mut h, 750, "RKNNQBBR");
    h.get_by_label("b1, white king");
    moves(&mut h, &[("c1", "d3"), ("c8", "d6"), ("d1", "e3"), ("d8", "e6")]);
    moves(&mut h, &[("b1", "a1")]);
    assert_eq!(last_san(&h), "O-O-O");
    h.get_by_label("c1, white king");
    h.get_by_label("d1, white rook");
    moves(&mut h, &[("b8", "a8")]);
    assert_eq!(last_san(&h), "O-O-O");
    h.get_by_label("c8, black king");
    h.get_by_label("d8, black rook");
    let after = h.state().model.play.position().fen();
    assert_eq!(after, "2krqbbr/pppppppp/3nn3/8/8/3NN3/PPPPPPPP/2KRQBBR w - - 6 4");

    // Undo takes the castling back, king and rook both; redo plays it again.
    click(&mut h, "Undo");
    h.get_by_label("b8, black king");
    h.get_by_label("a8, black rook");
    click(&mut h, "Redo");
    assert_eq!(h.state().model.play.position().fen(), after);

    // Save, start again, reopen: the variant and the castlings come back.
    menu(&mut h, "File", "Save Ctrl+S");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("variant: Chess960"), "{text}");
    click(&mut h, "New game");
    click(&mut h, "Start game");
    menu(&mut h, "File", "Open… Ctrl+O");
    let pos = h.state().model.play.position();
    assert!(pos.is_chess960());
    assert_eq!(pos.fen(), after);

    // PGN: Variant, SetUp and the X-FEN of the start.
    menu(&mut h, "File", "Export PGN…");
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert!(written.contains("[Variant \"Chess960\"]"), "{written}");
    assert!(
        written.contains("[FEN \"rknnqbbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNQBBR w KQkq - 0 1\"]"),
        "{written}"
    );
    assert!(written.contains("3. O-O-O O-O-O"), "{written}");

    // Imported again: the same Chess960 game.
    click(&mut h, "New game");
    click(&mut h, "Start game");
    menu(&mut h, "File", "Import PGN…");
    // A game from a set-up position opens at its start (a study is not
    // spoiled); End walks to its last move.
    let pos = h.state().model.play.position();
    assert!(pos.is_chess960());
    assert_eq!(pos.fen(), "rknnqbbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNQBBR w KQkq - 0 1");
    h.key_press(egui::Key::End);
    h.run();
    assert_eq!(h.state().model.play.position().fen(), after);
}

#[test]
fn castling_where_the_king_stays_on_its_square() {
    let mut h = harness(&[], &[]);
    h.run();
    // 404: RBBQNNKR. King g1, rook h1: once the f1 knight is gone, O-O
    // moves only the rook, to f1; the king stays on g1.
    new_960_game(&mut h, 404, "RBBQNNKR");
    moves(&mut h, &[("f1", "g3"), ("f8", "g6")]);
    moves(&mut h, &[("g1", "h1")]);
    assert_eq!(last_san(&h), "O-O");
    h.get_by_label("g1, white king");
    h.get_by_label("f1, white rook");
    // The move list shows it as O-O.
    h.get_by_label("2. O-O");
}

#[test]
fn the_king_dropped_on_its_castling_square_castles() {
    let mut h = harness(&[], &[]);
    h.run();
    // 518 is the usual start, played by Chess960 rules: e1 to g1 castles.
    new_960_game(&mut h, 518, "RNBQKBNR");
    moves(
        &mut h,
        &[
            ("e2", "e4"),
            ("e7", "e5"),
            ("g1", "f3"),
            ("g8", "f6"),
            ("f1", "c4"),
            ("f8", "c5"),
        ],
    );
    moves(&mut h, &[("e1", "g1")]);
    assert_eq!(last_san(&h), "O-O");
    h.get_by_label("g1, white king");
    h.get_by_label("f1, white rook");
    // On the rook works as well.
    moves(&mut h, &[("e8", "h8")]);
    assert_eq!(last_san(&h), "O-O");
    h.get_by_label("g8, black king");
}

#[test]
fn the_editor_sets_960_rights_by_the_rooks_file() {
    let mut h = harness(&[], &[]);
    h.run();
    new_960_game(&mut h, 750, "RKNNQBBR");
    click(&mut h, "Edit position");
    // The editor keeps the rules; the rights name their rooks.
    h.get_by_label("K (White O-O, rook on h)");
    h.get_by_label("Q (White O-O-O, rook on a)");
    assert!(h.state().model.editor.chess960);
    // Removing and granting again keeps the rook's file.
    click(&mut h, "K (White O-O, rook on h)");
    assert_eq!(
        h.state().model.editor.fen(),
        "rknnqbbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNQBBR w Qkq - 0 1"
    );
    click(&mut h, "K (White O-O, rook on h)");
    assert_eq!(
        h.state().model.editor.fen(),
        "rknnqbbr/pppppppp/8/8/8/8/PPPPPPPP/RKNNQBBR w KQkq - 0 1"
    );
    h.get_by_label("✔ The position is legal");
    click(&mut h, "Play from here");
    assert!(h.state().model.play.position().is_chess960());
}

#[test]
fn the_computer_plays_chess960_and_castles_with_its_rook() {
    let mut h = harness(&[], &[]);
    h.state_mut().model.computer.setup.think_ms = 100;
    h.run();
    new_960_game_against(&mut h, 750, "RKNNQBBR", true);
    let plies = |h: &Harness<'static, ChessApp>| {
        let game = &h.state().model.play.game;
        game.ply(game.cursor())
    };
    // Steps frames (as the app's repaint timer would) until the computer
    // has answered.
    let wait_for = |h: &mut Harness<'static, ChessApp>, n: usize| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while plies(h) < n {
            assert!(std::time::Instant::now() < deadline, "no answer from the computer");
            std::thread::sleep(std::time::Duration::from_millis(20));
            h.step();
        }
        let _ = h.try_run();
    };
    moves(&mut h, &[("c1", "d3")]);
    wait_for(&mut h, 2);
    moves(&mut h, &[("d1", "e3")]);
    wait_for(&mut h, 4);
    // White castles onto the a1 rook; the computer answers in 960 terms.
    moves(&mut h, &[("b1", "a1")]);
    wait_for(&mut h, 6);
    let game = &h.state().model.play.game;
    let line: Vec<String> = game.mainline().iter().filter_map(|&n| game.san_at(n)).collect();
    assert_eq!(line.get(4).map(String::as_str), Some("O-O-O"), "{line:?}");
    let pos = h.state().model.play.position();
    assert!(pos.is_chess960());
    assert_eq!(pos.turn(), chess_core::Color::White);
}
