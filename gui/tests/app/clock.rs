//! A timed game through the UI, with a time source the test moves: the
//! clocks run for the side to move, a move presses the clock, undo gives
//! the time back, and a flag that falls ends the game by FIDE 6.9.

use std::time::Duration;

use chess_gui::ChessApp;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::common::Manual;

use crate::common;
use common::{click, square};

fn harness(time: &Manual) -> Harness<'static, ChessApp> {
    let time = time.clone();
    common::harness_with(&[], &[], move |app| app.model.timing.time = Box::new(time))
}

/// A running clock asks for a repaint every 50 ms: run some frames.
fn settle(h: &mut Harness<'static, ChessApp>) {
    for _ in 0..3 {
        h.step();
    }
}

#[test]
fn a_timed_game_until_a_flag_falls() {
    let time = Manual::default();
    let mut h = harness(&time);
    settle(&mut h);
    click(&mut h, "New game");
    click(&mut h, "1+0");
    click(&mut h, "White: human");
    click(&mut h, "Black: human");
    click(&mut h, "Start game");
    h.get_by_label("White 1:00");
    h.get_by_label("Black 1:00");
    // A computer to move is given both clocks (its own rule budgets them).
    let times = h.state().model.computer.clock_times.expect("timed");
    assert_eq!(
        (times.wtime, times.btime),
        (Duration::from_secs(60), Duration::from_secs(60))
    );
    // The clock starts with the first move: White thinks 5 s over it for
    // free.
    time.set(5);
    settle(&mut h);
    h.get_by_label("White 1:00");
    square(&mut h, "e2");
    square(&mut h, "e4");
    // Black's time runs now, White's stands.
    time.set(12);
    settle(&mut h);
    h.get_by_label("White 1:00");
    h.get_by_label("Black 0:53");
    // Undo the first move: the clock waits for it again, both times whole.
    click(&mut h, "Undo");
    h.get_by_label("White 1:00");
    h.get_by_label("Black 1:00");
    time.set(13);
    square(&mut h, "e2");
    square(&mut h, "e4");
    // Black thinks 2 s and replies; White's time runs from then.
    time.set(15);
    settle(&mut h);
    square(&mut h, "e7");
    square(&mut h, "e5");
    // White's flag falls: Black has mating material, so Black wins.
    time.set(100);
    settle(&mut h);
    let outcome = h.state().model.play.outcome();
    assert_eq!(
        outcome,
        Some(chess_core::Outcome::Win {
            winner: chess_core::Color::Black,
            reason: chess_core::WinReason::Timeout
        })
    );
    // In the status line and in the banner.
    assert_eq!(h.query_all_by_label("White lost on time — Black wins 0-1").count(), 2);
    h.get_by_label("White 0.0");
    // The banner says so too, with the players.
    h.get_by_label_contains("Game over: 0–1, White lost on time");
    // The PGN has the time control and the clock after each move.
    let pgn = h.state().model.pgn();
    assert!(pgn.contains("[TimeControl \"60\"]"), "{pgn}");
    assert!(
        pgn.contains("1. e4 {[%clk 0:01:00]} 1... e5 {[%clk 0:00:58]} 0-1"),
        "{pgn}"
    );
}

/// An imported online game: moving through it, the clocks show the times
/// its `[%clk]` comments recorded at that move.
#[test]
fn an_imported_game_shows_its_recorded_clocks() {
    let time = Manual::default();
    let mut h = harness(&time);
    let pgn = "1. e4 { [%clk 0:03:00] } e5 { [%clk 0:02:58] } 2. Nf3 { [%clk 0:02:55] [%emt 0:00:07] } *";
    h.state_mut().model.play = chess_gui::model::Play::new(chess_core::Game::from_pgn(pgn).unwrap());
    settle(&mut h);
    h.get_by_label("White 2:55");
    h.get_by_label("Black 2:58");
    click(&mut h, "Back (←)");
    h.get_by_label("White 3:00");
    h.get_by_label("Black 2:58");
    click(&mut h, "Back (←)");
    h.get_by_label("White 3:00");
    h.get_by_label("Black —");
}

/// A timed game saved and opened again resumes with its clocks.
#[test]
fn a_saved_timed_game_resumes_with_its_times() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("timed.ron");
    let time = Manual::default();
    let clock = time.clone();
    let mut h = common::harness_with(std::slice::from_ref(&file), std::slice::from_ref(&file), move |app| {
        app.model.timing.time = Box::new(clock)
    });
    settle(&mut h);
    click(&mut h, "New game");
    click(&mut h, "3+2");
    click(&mut h, "White: human");
    click(&mut h, "Black: human");
    click(&mut h, "Start game");
    time.set(10);
    square(&mut h, "e2");
    square(&mut h, "e4");
    time.set(25);
    settle(&mut h);
    // The first move was free: White's time stood until it was made (and
    // its increment came).
    h.get_by_label("White 3:02");
    h.get_by_label("Black 2:45");
    h.get_by_label("File").click();
    settle(&mut h);
    click(&mut h, "Save Ctrl+S");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("version: 3") && text.contains("left_ms: (182000, 165000)"),
        "{text}"
    );
    // Later, another game, then the saved one again: Black's time runs on.
    click(&mut h, "New game");
    click(&mut h, "Untimed");
    click(&mut h, "Start game");
    assert!(h.state().model.timing.clock.is_none());
    time.set(500);
    h.get_by_label("File").click();
    settle(&mut h);
    click(&mut h, "Open… Ctrl+O");
    h.get_by_label("White 3:02");
    h.get_by_label("Black 2:45");
    time.set(505);
    settle(&mut h);
    h.get_by_label("Black 2:40");
}

/// A custom control made in the New game dialog: 3+2 for White, and for
/// Black (a handicap) one minute with a 5 s Bronstein delay; the clocks and
/// the PGN follow each side's own control.
#[test]
fn a_handicap_made_in_the_new_game_dialog() {
    let time = Manual::default();
    let mut h = harness(&time);
    settle(&mut h);
    click(&mut h, "New game");
    click(&mut h, "3+2");
    click(&mut h, "White: human");
    click(&mut h, "Black: human");
    h.get_by_label_contains("Both sides: 3 min + 2 s a move");
    click(&mut h, "Black plays with other times (a handicap)");
    h.get_by_label("Black period 1 minutes").set_value_accesskit(1.0);
    settle(&mut h);
    // The bonus kind is a drop-down.
    click(&mut h, "Black period 1 bonus");
    click(&mut h, "Bronstein delay");
    h.get_by_label("Black period 1 bonus seconds").set_value_accesskit(5.0);
    settle(&mut h);
    h.get_by_label_contains("White: 3 min + 2 s a move");
    h.get_by_label_contains("Black: 1 min, Bronstein delay 5 s");
    click(&mut h, "Start game");
    h.get_by_label("White 3:00");
    h.get_by_label("Black 1:00");
    time.set(4);
    settle(&mut h);
    square(&mut h, "e2");
    square(&mut h, "e4");
    // White's first move was free (its 2 s came); Black uses 7 s and gets
    // 5 back (Bronstein).
    time.set(11);
    settle(&mut h);
    square(&mut h, "e7");
    square(&mut h, "e5");
    h.get_by_label("White 3:02");
    h.get_by_label("Black 0:58");
    let pgn = h.state().model.pgn();
    assert!(pgn.contains("[WhiteTimeControl \"180+2\"]"), "{pgn}");
    assert!(pgn.contains("[BlackTimeControl \"60d5\"]"), "{pgn}");
    assert!(!pgn.contains("[TimeControl "), "{pgn}");
}

/// A moves-based control: 40 moves in 90 minutes, then 30 minutes, 30 s a
/// move, built from 90+30 with "Add a period"; a period without time
/// cannot start.
#[test]
fn a_moves_based_control_made_in_the_dialog() {
    let time = Manual::default();
    let mut h = harness(&time);
    settle(&mut h);
    click(&mut h, "New game");
    click(&mut h, "Custom");
    h.get_by_label_contains("Both sides: 25 min + 10 s a move");
    click(&mut h, "90+30");
    assert_eq!(
        h.get_by_label("Custom").accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::False)
    );
    click(&mut h, "Add a period for both sides");
    // 90+30 with a second period is the FIDE control, and is shown as such.
    let toggled = |h: &Harness<'static, ChessApp>, label: &str| h.get_by_label(label).accesskit_node().toggled();
    assert_eq!(
        toggled(&h, "40/90 + 30/30 (FIDE)"),
        Some(egui::accesskit::Toggled::True)
    );
    h.get_by_label_contains("Both sides: 40 moves in 90 min, then 30 min; + 30 s a move");
    h.get_by_label("Both sides period 1 minutes").set_value_accesskit(0.0);
    settle(&mut h);
    h.get_by_label("White: the first period needs some time");
    // An edited preset is a custom control.
    assert_eq!(toggled(&h, "Custom"), Some(egui::accesskit::Toggled::True));
    assert_eq!(
        toggled(&h, "40/90 + 30/30 (FIDE)"),
        Some(egui::accesskit::Toggled::False)
    );
    assert!(h.get_by_label("Start game").accesskit_node().is_disabled());
    h.get_by_label("Both sides period 1 minutes").set_value_accesskit(90.0);
    settle(&mut h);
    click(&mut h, "White: human");
    click(&mut h, "Black: human");
    click(&mut h, "Start game");
    h.get_by_label("White 1:30:00");
    let clock = h.state().model.timing.clock.as_ref().expect("a timed game");
    assert_eq!(clock.moves_to_go(chess_core::Color::White), Some(40));
    assert!(h.state().model.pgn().contains("[TimeControl \"40/5400+30:1800+30\"]"));
}

/// Computer against computer on the app's own (real) clock, ticked as the
/// app's frames tick it, for at most `plies` half-moves. Returns the model.
fn computer_game(control: TimeControl, level: u8, plies: usize) -> chess_gui::model::Model {
    use chess_gui::model::{GameSetup, Model, Pending, Player};
    let mut model = Model::new();
    let setup = GameSetup {
        white: Player::Computer,
        black: Player::Computer,
        level,
        think_ms: 10_000,
        time_control: Some(control),
        ..GameSetup::default()
    };
    model.request(Pending::NewGameWith(setup));
    let deadline = std::time::Instant::now() + Duration::from_secs(150);
    while model.play.outcome().is_none() && model.play.game.mainline().len() < plies {
        model.tick();
        std::thread::sleep(Duration::from_millis(1));
        assert!(std::time::Instant::now() < deadline, "the game takes too long");
    }
    model
}

fn assert_no_flag(model: &chess_gui::model::Model) {
    let outcome = model.play.outcome();
    let lost_on_time = matches!(
        outcome,
        Some(chess_core::Outcome::Win {
            reason: chess_core::WinReason::Timeout,
            ..
        })
    );
    assert!(!lost_on_time, "a computer lost on time: {outcome:?}");
    let clock = model.timing.clock.as_ref().expect("timed");
    let now = model.timing.time.now();
    for color in [chess_core::Color::White, chess_core::Color::Black] {
        assert!(clock.left(color, now) > Duration::ZERO, "{color:?} has no time left");
    }
}

use chess_gui::model::clock::TimeControl;

/// A whole 1+0 game between two fast levels of the built-in engine, on
/// the app's clock: it ends by the rules (or after 300 half-moves), never
/// on time.
#[test]
fn the_computer_never_loses_on_time_at_one_minute() {
    let model = computer_game(TimeControl::fischer(1, 0), 3, 300);
    assert!(model.play.game.mainline().len() >= 20, "a real game was played");
    assert_no_flag(&model);
}

/// Full strength in time trouble: 5 seconds each for the whole game, with
/// the clock, not the level, limiting each search. Every move still comes
/// in time.
#[test]
fn the_computer_at_full_strength_keeps_time_in_a_five_second_game() {
    let control = TimeControl {
        periods: vec![chess_gui::model::clock::Period {
            moves: None,
            time: Duration::from_secs(5),
            bonus: chess_gui::model::clock::Bonus::None,
        }],
    };
    let model = computer_game(control, 10, 80);
    assert_no_flag(&model);
    // The clock did limit it: both sides used a good part of their time.
    let clock = model.timing.clock.as_ref().expect("timed");
    let now = model.timing.time.now();
    for color in [chess_core::Color::White, chess_core::Color::Black] {
        assert!(
            clock.left(color, now) < Duration::from_secs(4),
            "{color:?} used its time"
        );
    }
}

/// A flag that falls before its side has made a move aborts the game: no
/// result, as lichess aborts it.
#[test]
fn a_flag_before_any_move_aborts_the_game() {
    let time = Manual::default();
    let mut h = harness(&time);
    settle(&mut h);
    click(&mut h, "New game");
    click(&mut h, "1+0");
    click(&mut h, "White: human");
    click(&mut h, "Black: human");
    click(&mut h, "Start game");
    // White's time does not run before its first move.
    time.set(200);
    settle(&mut h);
    h.get_by_label("White 1:00");
    square(&mut h, "d2");
    square(&mut h, "d4");
    // Black never moves: its flag falls, and it had made no move.
    time.set(300);
    settle(&mut h);
    assert_eq!(h.state().model.play.outcome(), None, "no result");
    h.get_by_label_contains("Game aborted: Black did not make a move in time");
    assert_eq!(h.state().model.timing.aborted(), Some(chess_core::Color::Black));
}
