//! Premoves against the computer: made while it thinks, shown, played at
//! once after its move when legal, dropped with a word when not, and
//! cancelled by a right click.

use chess_core::Square;
use chess_gui::model::{Action, GameSetup, Model, Pending, Player};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A game against the computer (Black), which thinks `think_ms` a move.
fn against_computer(think_ms: u64) -> Model {
    let mut model = Model::new();
    let setup = GameSetup {
        white: Player::Human,
        black: Player::Computer,
        think_ms,
        level: 10,
        ..GameSetup::default()
    };
    model.request(Pending::NewGameWith(setup));
    model
}

fn apply(model: &mut Model, action: Action) {
    model.apply(action);
}

fn tick_until(model: &mut Model, done: impl Fn(&Model) -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !done(model) {
        assert!(std::time::Instant::now() < deadline, "timed out");
        model.tick();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn a_premove_is_played_at_once_after_the_computers_move() {
    let mut model = against_computer(500);
    apply(&mut model, Action::ClickSquare(sq("e2")));
    apply(&mut model, Action::ClickSquare(sq("e4")));
    assert_eq!(model.play.game.mainline().len(), 1);
    // The computer thinks: g1, then f3, waits as a premove.
    model.tick();
    apply(&mut model, Action::ClickSquare(sq("g1")));
    assert_eq!(model.premove.from, Some(sq("g1")));
    apply(&mut model, Action::ClickSquare(sq("f3")));
    assert_eq!(model.premove.waiting, Some((sq("g1"), sq("f3"))));
    assert!(
        model.play.status().starts_with("Premove g1-f3"),
        "{}",
        model.play.status()
    );
    tick_until(&mut model, |m| m.play.game.mainline().len() >= 3);
    let game = &model.play.game;
    assert_eq!(
        game.san_at(game.mainline()[2]).as_deref(),
        Some("Nf3"),
        "played at once"
    );
    assert_eq!(model.premove, Default::default());
}

#[test]
fn an_illegal_premove_is_dropped_and_a_right_click_cancels() {
    let mut model = against_computer(400);
    apply(&mut model, Action::ClickSquare(sq("d2")));
    apply(&mut model, Action::ClickSquare(sq("d4")));
    model.tick();
    // A drag as a premove: the rook cannot pass its own pawn.
    apply(
        &mut model,
        Action::Drop {
            from: sq("a1"),
            to: Some(sq("a5")),
        },
    );
    assert_eq!(model.premove.waiting, Some((sq("a1"), sq("a5"))));
    tick_until(&mut model, |m| m.play.game.mainline().len() >= 2);
    model.tick();
    assert_eq!(model.play.game.mainline().len(), 2, "not played");
    assert!(
        model.play.status().contains("not legal now: dropped"),
        "{}",
        model.play.status()
    );
    // Another game: a premove, then a right click.
    let mut model = against_computer(2000);
    apply(&mut model, Action::ClickSquare(sq("e2")));
    apply(&mut model, Action::ClickSquare(sq("e4")));
    model.tick();
    apply(&mut model, Action::ClickSquare(sq("b1")));
    apply(&mut model, Action::ClickSquare(sq("c3")));
    assert!(model.premove.waiting.is_some());
    apply(&mut model, Action::Deselect);
    assert_eq!(model.premove, Default::default());
    assert_eq!(model.play.status(), "Premove cancelled");
}
