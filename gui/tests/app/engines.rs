//! The engines the app offers besides its own: a program the user points
//! to is asked its name and listed by it; one that is not a UCI engine is
//! listed with the reason, not dropped; the new game dialog offers them.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use chess_gui::model::engines::{Engines, probe};
use egui_kittest::kittest::{NodeT, Queryable};

use crate::common;

/// A shell script in `dir` named `name` that runs `body`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A program that shakes hands as a UCI engine does.
fn fake_engine(dir: &Path) -> PathBuf {
    script(
        dir,
        "fakefish",
        "while read line; do case \"$line\" in uci) echo 'id name Fakefish 17'; echo uciok;; isready) echo readyok;; quit) exit 0;; esac; done",
    )
}

#[test]
fn an_engine_is_named_by_what_it_says() {
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_engine(dir.path());
    assert_eq!(probe(&engine), Ok("Fakefish 17".to_string()));
}

#[test]
fn what_is_not_an_engine_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let silent = script(dir.path(), "silent", "exit 0");
    let why = probe(&silent).unwrap_err();
    assert!(why.starts_with("not a UCI engine"), "{why}");
    let why = probe(&dir.path().join("nothing-here")).unwrap_err();
    assert_eq!(why, "there is no such file");
}

#[test]
fn engines_pointed_to_are_kept_with_their_names_or_their_faults() {
    let dir = tempfile::tempdir().unwrap();
    let good = fake_engine(dir.path());
    let bad = script(dir.path(), "broken", "echo hello; exit 3");
    let mut engines = Engines::default();
    engines.add(&good);
    engines.add(&bad);
    engines.wait();
    assert_eq!(engines.about(&good).unwrap().label(), "Fakefish 17");
    let broken = engines.about(&bad).unwrap();
    assert!(broken.name.is_err());
    assert!(
        broken.label().contains("broken: not a UCI engine"),
        "{}",
        broken.label()
    );
    assert_eq!(engines.added, [good, bad]);
}

#[test]
fn the_new_game_dialog_offers_them_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let good = fake_engine(dir.path());
    let bad = script(dir.path(), "broken", "exit 1");
    let mut h = common::harness_with(&[], &[], |app| {
        app.model.engines.add(&good);
        app.model.engines.add(&bad);
        app.model.engines.wait();
    });
    common::settle(&mut h);
    common::click(&mut h, "New game");
    h.get_by_label("Built-in engine");
    common::click(&mut h, "Fakefish 17");
    let broken = h.get_by_label_contains("broken: not a UCI engine");
    assert!(
        broken.accesskit_node().is_disabled(),
        "one that cannot be used cannot be chosen"
    );
    let setup = match &h.state().model.dialog {
        Some(chess_gui::model::Dialog::NewGame(setup)) => setup.clone(),
        other => panic!("the new game dialog: {other:?}"),
    };
    assert_eq!(setup.engine, chess_gui::model::EngineChoice::External(good));
}

/// The analysis panel says which engine analyses and lets the player
/// choose another there, without starting a new game (the game and its
/// moves stay).
#[test]
fn the_analysis_panel_names_its_engine_and_changes_it() {
    let dir = tempfile::tempdir().unwrap();
    let good = fake_engine(dir.path());
    let mut h = common::harness_with(&[], &[], |app| {
        app.model.engines.add(&good);
        app.model.engines.wait();
        app.model.play.play_text("e4").unwrap();
    });
    common::settle(&mut h);
    let engine = |h: &egui_kittest::Harness<'static, chess_gui::ChessApp>| {
        h.get_by_label("Analysis engine")
            .accesskit_node()
            .value()
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(engine(&h), "Built-in engine");
    common::click(&mut h, "Analysis engine");
    common::click(&mut h, "Fakefish 17");
    assert_eq!(
        h.state().model.computer.setup.engine,
        chess_gui::model::EngineChoice::External(good)
    );
    assert_eq!(engine(&h), "Fakefish 17");
    assert_eq!(h.state().model.play.game.mainline().len(), 1, "the same game goes on");
    // And back.
    common::click(&mut h, "Analysis engine");
    common::click(&mut h, "Built-in engine");
    assert_eq!(
        h.state().model.computer.setup.engine,
        chess_gui::model::EngineChoice::Builtin
    );
}
