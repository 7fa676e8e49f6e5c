//! The new game dialog: who plays each side, the variant, the time
//! control, the computer's level and thinking time, the engine and the
//! opening book. It edits its draft (the `GameSetup`) in place and returns
//! only what was decided.

use egui::{Id, Modal};

use super::time_control::time_control_choice;
use crate::model::engines::Found;
use crate::model::{Action, EngineChoice, GameSetup, Pending, Player};

/// The new game dialog, editing `setup`: the game starts (Start or Enter),
/// is cancelled, or an engine or book file is asked for (it goes into the
/// setup when chosen).
pub(super) fn new_game(ctx: &egui::Context, setup: &mut GameSetup, engines: &[Found]) -> Vec<Action> {
    let mut actions = Vec::new();
    // Enter starts the game, also from a number field (which takes the
    // key for itself once its value is in): looked at before the fields.
    let enter = ctx.input(|i| i.key_pressed(egui::Key::Enter));
    // Anchored at the top, so the dialog does not jump as its options
    // change its height.
    let id = Id::unique("new game");
    let area = Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0));
    Modal::new(id).area(area).show(ctx, |ui| {
        ui.set_width(420.0);
        ui.heading("New game");
        ui.add_space(4.0);
        players(ui, setup);
        ui.add_space(6.0);
        chess960_choice(ui, setup);
        ui.add_space(6.0);
        time_control_choice(ui, setup);
        ui.add_space(6.0);
        strength(ui, setup);
        ui.add_space(6.0);
        if engine_choice(ui, setup, engines) {
            actions.push(Action::ChooseEngine);
        }
        if book_choice(ui, setup) {
            actions.push(Action::ChooseBook);
        }
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            let playable = setup.check_time().is_ok();
            let start = ui.add_enabled(playable, egui::Button::new("Start game")).clicked() || playable && enter;
            let cancel = ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
            if start {
                actions = vec![
                    Action::CloseDialog,
                    Action::Request(Pending::NewGameWith(setup.clone())),
                ];
            } else if cancel {
                actions = vec![Action::CloseDialog];
            }
        });
    });
    actions
}

/// Who plays each side, and the name the person plays under.
fn players(ui: &mut egui::Ui, setup: &mut GameSetup) {
    egui::Grid::new("players")
        .num_columns(2)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            for (color, player) in [("White", &mut setup.white), ("Black", &mut setup.black)] {
                ui.radio_value(player, Player::Human, format!("{color}: human"));
                ui.radio_value(player, Player::Computer, format!("{color}: computer"));
                ui.end_row();
            }
        });
    ui.horizontal(|ui| {
        let label = ui.label("Your name");
        let hint = GameSetup {
            player: String::new(),
            ..setup.clone()
        }
        .player_name();
        ui.add(
            egui::TextEdit::singleline(&mut setup.player)
                .hint_text(hint)
                .desired_width(200.0),
        )
        .labelled_by(label.id)
        .on_hover_text("The name the game records for you (White or Black in PGN)");
    });
}

/// The computer's level and, untimed, its time per move (greyed out when
/// no computer plays).
fn strength(ui: &mut egui::Ui, setup: &mut GameSetup) {
    let computer = setup.white == Player::Computer || setup.black == Player::Computer;
    ui.add_enabled_ui(computer, |ui| {
        ui.add(egui::Slider::new(&mut setup.level, 1..=10).text("Level"))
            .on_hover_text("1: a beginner can win; 10: full strength");
        // On the clock, the computer budgets its own time: no time per
        // move to set.
        if setup.time_control.is_none() {
            let mut seconds = setup.think_ms as f64 / 1000.0;
            if ui
                .add(
                    egui::Slider::new(&mut seconds, 0.1..=10.0)
                        .logarithmic(true)
                        .suffix(" s")
                        .text("Time per move"),
                )
                .changed()
            {
                setup.think_ms = (seconds * 1000.0).round() as u64;
            }
        } else {
            ui.weak("On the clock, the computer spends its time as it sees fit.");
        }
    });
}

/// The engine: the built-in one, those found on the system and pointed to
/// (by their names; one that cannot be used shows why), or another program
/// to choose. Returns whether "Choose engine…" was clicked.
fn engine_choice(ui: &mut egui::Ui, setup: &mut GameSetup, engines: &[Found]) -> bool {
    ui.label("Engine (it also analyses and gives hints):");
    ui.radio_value(&mut setup.engine, EngineChoice::Builtin, "Built-in engine");
    for found in engines {
        let choice = EngineChoice::External(found.path.clone());
        let usable = found.name.is_ok();
        let response = ui
            .add_enabled_ui(usable, |ui| ui.radio_value(&mut setup.engine, choice, found.label()))
            .inner
            .on_hover_text(found.path.display().to_string());
        if response.clicked() {
            setup.engine_path = Some(found.path.clone());
        }
    }
    if let Some(path) = setup.engine_path.clone()
        && !engines.iter().any(|f| f.path == path)
    {
        let label = format!("UCI engine: {}", path.display());
        ui.radio_value(&mut setup.engine, EngineChoice::External(path), label);
    }
    ui.horizontal(|ui| {
        ui.button("Choose engine…")
            .on_hover_text("Any UCI engine program")
            .clicked()
    })
    .inner
}

/// The opening book the computer plays from, said in words rather than in
/// a tooltip (the row stands just above Start game, which a tooltip would
/// cover). Returns whether "Choose book…" was clicked.
fn book_choice(ui: &mut egui::Ui, setup: &mut GameSetup) -> bool {
    let choose = ui
        .horizontal(|ui| {
            let name = setup
                .book
                .as_ref()
                .and_then(|p| p.file_name())
                .map_or("none".to_string(), |n| n.to_string_lossy().into_owned());
            ui.label(format!("Opening book: {name}"));
            let choose = ui.button("Choose book…").clicked();
            if setup.book.is_some() && ui.button("No book").clicked() {
                setup.book = None;
            }
            choose
        })
        .inner;
    ui.weak("The computer plays from a Polyglot book (.bin) while the game is in it.");
    choose
}

/// Standard chess or Chess960, and which start position: a number from 0
/// to 959 (drawn at random when Chess960 is ticked, or with "Random"), its
/// back rank shown before the game starts.
fn chess960_choice(ui: &mut egui::Ui, setup: &mut GameSetup) {
    let mut chess960 = setup.chess960.is_some();
    if ui.checkbox(&mut chess960, "Chess960 (Fischer Random)").changed() {
        setup.chess960 = chess960.then(GameSetup::random_960);
    }
    let Some(number) = &mut setup.chess960 else {
        return;
    };
    ui.horizontal(|ui| {
        let label = ui.label("Start position");
        ui.add(egui::DragValue::new(number).range(0..=959))
            .labelled_by(label.id)
            .on_hover_text("0 to 959 in the standard numbering; 518 is the usual start");
        if ui.button("Random").clicked() {
            *number = GameSetup::random_960();
        }
    });
    if let Some(rank) = chess_core::chess960::back_rank(*number) {
        let glyphs: String = rank
            .iter()
            .map(|&role| chess_core::Piece::new(chess_core::Color::White, role).unicode())
            .collect();
        let letters: String = rank.iter().map(|r| r.upper_char()).collect();
        ui.label(egui::RichText::new(glyphs).size(26.0))
            .on_hover_text(format!("White's back rank from a to h: {letters}"));
        ui.label(format!(
            "Back rank {letters}; castle by moving the king onto its rook (or to g1/c1)"
        ));
    }
}
