//! The dialogs over the app: unsaved changes, errors, choosing a game of a
//! PGN file, pasting a FEN or PGN.

use egui::{Id, Modal};

use chess_core::Game;

use crate::model::engines::Found;
use crate::model::{Action, Choice, Dialog, EngineChoice, GameSetup, Pending, Player, files};

/// Shows `dialog` over the app (`game` is the game on the board) and gives
/// what was answered: the dialog as edited this frame, closed, or an
/// action.
pub fn show(ctx: &egui::Context, dialog: &Dialog, game: &Game, engines: &[Found]) -> Vec<Action> {
    let mut actions = Vec::new();
    match dialog.clone() {
        Dialog::Confirm { then } => {
            let what = match then {
                Pending::Quit => "before closing",
                _ => "first",
            };
            let mut choice = None;
            Modal::new(Id::unique("confirm")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!("This game has changes that are not saved. Save them {what}?"));
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        choice = Some(Choice::Save);
                    }
                    if ui.button("Discard").clicked() {
                        choice = Some(Choice::Discard);
                    }
                    if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                        choice = Some(Choice::Cancel);
                    }
                });
            });
            actions.extend(choice.map(Action::Confirm));
        }
        Dialog::ConfirmReplace { path, .. } => {
            let name = path
                .file_name()
                .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
            let mut answer = None;
            Modal::new(Id::unique("replace")).show(ctx, |ui| {
                ui.heading("Replace the file?");
                ui.label(format!(
                    "{name} already exists in {}.",
                    path.parent().map_or_else(String::new, |p| p.display().to_string())
                ));
                ui.label("Replacing it overwrites what it holds.");
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button("Replace").clicked() {
                        answer = Some(true);
                    }
                    if ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                        answer = Some(false);
                    }
                });
            });
            actions.extend(answer.map(Action::ConfirmReplace));
        }
        Dialog::Shortcuts => actions.extend(super::shortcuts::help(ctx)),
        Dialog::Error(message) => {
            let mut close = false;
            Modal::new(Id::unique("error")).show(ctx, |ui| {
                ui.heading("Could not do that");
                ui.label(&message);
                ui.weak("The game on the board is unchanged.");
                ui.add_space(8.0);
                close = ui.button("OK").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
            });
            if close {
                actions.push(Action::CloseDialog);
            }
        }
        Dialog::PickGame { games, skipped } => {
            let mut picked = None;
            let mut cancel = false;
            Modal::new(Id::unique("pick game")).show(ctx, |ui| {
                ui.heading(format!("{} games: which one?", games.len()));
                if skipped > 0 {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("{skipped} game(s) could not be read and are not listed"),
                    );
                }
                egui::ScrollArea::vertical().max_height(360.0).show(ui, |ui| {
                    for (i, game) in games.iter().enumerate() {
                        if ui.button(files::summary(i, game)).clicked() {
                            picked = Some(i);
                        }
                    }
                });
                ui.add_space(8.0);
                cancel = ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
            });
            if let Some(i) = picked {
                actions.push(Action::PickGame(i));
            } else if cancel {
                actions.push(Action::CloseDialog);
            }
        }
        Dialog::Paste { mut text } => {
            let mut load = false;
            let mut cancel = false;
            Modal::new(Id::unique("paste")).show(ctx, |ui| {
                ui.heading("Paste a FEN or a PGN");
                let response = ui.add(
                    egui::TextEdit::multiline(&mut text)
                        .desired_rows(10)
                        .desired_width(520.0)
                        .hint_text("Paste with Ctrl+V"),
                );
                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::MultilineTextInput, true, "FEN or PGN"));
                ui.horizontal(|ui| {
                    load = ui.button("Load").clicked();
                    cancel = ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
                });
            });
            if load {
                actions.push(Action::CloseDialog);
                actions.push(Action::Request(Pending::Paste(text)));
            } else if cancel {
                actions.push(Action::CloseDialog);
            } else {
                actions.push(Action::KeepDialog(Dialog::Paste { text }));
            }
        }
        Dialog::NewGame(setup) => actions.extend(new_game(ctx, setup, engines)),
        Dialog::Comment { node, mut text } => {
            let (mut save, mut delete, mut cancel) = (false, false, false);
            let san = game.san_at(node).unwrap_or_default();
            Modal::new(Id::unique("comment")).show(ctx, |ui| {
                ui.heading(format!("Comment on {san}"));
                let response = ui.add(
                    egui::TextEdit::multiline(&mut text)
                        .desired_rows(4)
                        .desired_width(420.0)
                        .hint_text("What is there to say about this move?"),
                );
                response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::MultilineTextInput, true, "Comment"));
                if !response.has_focus() && text.is_empty() {
                    response.request_focus();
                }
                ui.horizontal(|ui| {
                    save = ui.button("Save comment").clicked();
                    delete = ui.button("Delete comment").clicked();
                    cancel = ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
                });
            });
            if save || delete {
                let words = if delete { String::new() } else { text };
                actions.push(Action::SetCommentWords(node, words));
                actions.push(Action::CloseDialog);
            } else if cancel {
                actions.push(Action::CloseDialog);
            } else {
                actions.push(Action::KeepDialog(Dialog::Comment { node, text }));
            }
        }
    }
    actions
}

/// Untimed, a preset (the same for both sides), or a control made here:
/// each period's moves, time and bonus, and for a handicap a different
/// control for Black.
fn time_control_choice(ui: &mut egui::Ui, setup: &mut GameSetup) {
    use crate::model::clock::TimeControl;
    ui.horizontal_wrapped(|ui| {
        ui.label("Time:");
        if ui.radio(setup.time_control.is_none(), "Untimed").clicked() {
            setup.time_control = None;
            setup.black_time_control = None;
        }
        let even = setup.black_time_control.is_none();
        let presets: Vec<_> = TimeControl::presets()
            .into_iter()
            .chain([("40/90 + 30/30 (FIDE)", TimeControl::fide_classical())])
            .collect();
        let mut any_preset = false;
        for (name, control) in &presets {
            let chosen = even && setup.time_control.as_ref() == Some(control);
            any_preset |= chosen;
            if ui.radio(chosen, *name).clicked() {
                setup.time_control = Some(control.clone());
                setup.black_time_control = None;
            }
        }
        // "Custom" is chosen whenever the control was edited below; picking
        // it from untimed starts the editor from 25+10 (a FIDE rapid control).
        let custom = setup.time_control.is_some() && !any_preset;
        if ui.radio(custom, "Custom").clicked() && setup.time_control.is_none() {
            setup.time_control = Some(TimeControl::fischer(25, 10));
        }
    });
    if setup.time_control.is_none() {
        return;
    }
    // The radios above were drawn before an edit below: draw again so
    // "Custom" shows at once.
    let before = (setup.time_control.clone(), setup.black_time_control.clone());
    ui.indent("time control", |ui| {
        let mut handicap = setup.black_time_control.is_some();
        let heading = if handicap { "White" } else { "Both sides" };
        if let Some(white) = &mut setup.time_control {
            control_editor(ui, heading, white);
        }
        if ui
            .checkbox(&mut handicap, "Black plays with other times (a handicap)")
            .changed()
        {
            setup.black_time_control = if handicap { setup.time_control.clone() } else { None };
        }
        if let Some(black) = &mut setup.black_time_control {
            control_editor(ui, "Black", black);
        }
        if let Err(problem) = setup.check_time() {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
    });
    if before != (setup.time_control.clone(), setup.black_time_control.clone()) {
        ui.ctx().request_repaint();
    }
}

/// Edits a time control: a row per period (moves, minutes, seconds, bonus),
/// buttons to add and remove periods, and the control in words. Every
/// field is named for screen readers as "`who` period N minutes".
fn control_editor(ui: &mut egui::Ui, who: &str, control: &mut crate::model::clock::TimeControl) {
    use crate::model::clock::{Bonus, Period};
    use std::time::Duration;
    ui.label(egui::RichText::new(format!("{who}: {}", control.describe())).strong())
        .on_hover_text(format!("In PGN: TimeControl \"{}\"", control.pgn_tag()));
    let count = control.periods.len();
    let mut remove = None;
    egui::Grid::new(("periods", who))
        .num_columns(4)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for (i, period) in control.periods.iter_mut().enumerate() {
                let name = |what: &str| format!("{who} period {} {what}", i + 1);
                match &mut period.moves {
                    Some(moves) => {
                        ui.horizontal(|ui| {
                            let response = ui.add(egui::DragValue::new(moves).range(1..=200).suffix(" moves"));
                            response.widget_info(|| named_value(f64::from(*moves), name("moves")));
                            ui.label("in");
                        });
                    }
                    None => {
                        ui.label(if i == 0 { "Game:" } else { "Then the rest:" });
                    }
                }
                ui.horizontal(|ui| {
                    let secs = period.time.as_secs();
                    let (mut minutes, mut seconds) = (secs / 60, secs % 60);
                    let m = ui.add(egui::DragValue::new(&mut minutes).range(0..=600).suffix(" min"));
                    m.widget_info(|| named_value(minutes as f64, name("minutes")));
                    let s = ui.add(egui::DragValue::new(&mut seconds).range(0..=59).suffix(" s"));
                    s.widget_info(|| named_value(seconds as f64, name("seconds")));
                    period.time = Duration::from_secs(minutes * 60 + seconds);
                });
                ui.horizontal(|ui| {
                    let amount = match period.bonus {
                        Bonus::None => Duration::from_secs(2),
                        Bonus::Increment(d) | Bonus::Bronstein(d) | Bonus::Delay(d) => d,
                    };
                    egui::ComboBox::from_id_salt(("bonus", who, i))
                        .selected_text(bonus_name(period.bonus))
                        .show_ui(ui, |ui| {
                            for bonus in [
                                Bonus::None,
                                Bonus::Increment(amount),
                                Bonus::Bronstein(amount),
                                Bonus::Delay(amount),
                            ] {
                                ui.selectable_value(&mut period.bonus, bonus, bonus_name(bonus));
                            }
                        })
                        .response
                        .on_hover_text(
                            "Increment (Fischer): added after each move. Bronstein delay: the time a move \
                         used is given back, up to the delay. Simple (US) delay: the clock waits \
                         that long before it runs.",
                        )
                        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, name("bonus")));
                    if let Bonus::Increment(d) | Bonus::Bronstein(d) | Bonus::Delay(d) = &mut period.bonus {
                        let mut secs = d.as_secs();
                        let r = ui.add(egui::DragValue::new(&mut secs).range(1..=600).suffix(" s"));
                        r.widget_info(|| named_value(secs as f64, name("bonus seconds")));
                        *d = Duration::from_secs(secs);
                    }
                });
                if count > 1 && ui.small_button("Remove").on_hover_text("Remove this period").clicked() {
                    remove = Some(i);
                }
                ui.end_row();
            }
        });
    if let Some(i) = remove {
        control.periods.remove(i);
        // The last period is for the rest of the game.
        if let Some(last) = control.periods.last_mut() {
            last.moves = None;
        }
    }
    if ui
        .small_button(format!("Add a period for {}", who.to_lowercase()))
        .on_hover_text("Moves-based control: the current last period gets a move count, and more time follows it")
        .clicked()
    {
        let last = control.periods.last().copied();
        if let Some(last) = control.periods.last_mut() {
            last.moves = Some(40);
        }
        control.periods.push(Period {
            moves: None,
            time: Duration::from_secs(30 * 60),
            bonus: last.map_or(Bonus::None, |p| p.bonus),
        });
    }
}

/// A number field's accessible description, with its name.
fn named_value(value: f64, label: String) -> egui::WidgetInfo {
    let mut info = egui::WidgetInfo::drag_value(true, value);
    info.label = Some(label);
    info
}

fn bonus_name(bonus: crate::model::clock::Bonus) -> &'static str {
    use crate::model::clock::Bonus;
    match bonus {
        Bonus::None => "no bonus",
        Bonus::Increment(_) => "increment",
        Bonus::Bronstein(_) => "Bronstein delay",
        Bonus::Delay(_) => "simple delay",
    }
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

/// The new game dialog: who plays each side, the computer's level and
/// thinking time, and which engine.
fn new_game(ctx: &egui::Context, mut setup: GameSetup, engines: &[Found]) -> Vec<Action> {
    let mut start = false;
    let mut cancel = false;
    let mut choose = false;
    let mut choose_book = false;
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
        ui.add_space(6.0);
        chess960_choice(ui, &mut setup);
        ui.add_space(6.0);
        time_control_choice(ui, &mut setup);
        let computer = setup.white == Player::Computer || setup.black == Player::Computer;
        ui.add_space(6.0);
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
        ui.add_space(6.0);
        ui.label("Engine (it also analyses and gives hints):");
        ui.radio_value(&mut setup.engine, EngineChoice::Builtin, "Built-in engine");
        // The engines found on the system and those the user pointed to,
        // by their names; one that cannot be used shows why.
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
            choose = ui
                .button("Choose engine…")
                .on_hover_text("Any UCI engine program")
                .clicked();
        });
        ui.horizontal(|ui| {
            let name = setup
                .book
                .as_ref()
                .and_then(|p| p.file_name())
                .map_or("none".to_string(), |n| n.to_string_lossy().into_owned());
            ui.label(format!("Opening book: {name}"))
                .on_hover_text("The computer plays from a Polyglot book (.bin) while the game is in it");
            choose_book = ui.button("Choose book…").clicked();
            if setup.book.is_some() && ui.button("No book").clicked() {
                setup.book = None;
            }
        });
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            let playable = setup.check_time().is_ok();
            start = ui.add_enabled(playable, egui::Button::new("Start game")).clicked() || playable && enter;
            cancel = ui.button("Cancel").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape));
        });
    });
    if start {
        vec![Action::CloseDialog, Action::Request(Pending::NewGameWith(setup))]
    } else if cancel {
        vec![Action::CloseDialog]
    } else {
        // The dialog keeps what was changed; a file chosen goes into it.
        let mut actions = vec![Action::KeepDialog(Dialog::NewGame(setup))];
        if choose {
            actions.push(Action::ChooseEngine);
        }
        if choose_book {
            actions.push(Action::ChooseBook);
        }
        actions
    }
}
