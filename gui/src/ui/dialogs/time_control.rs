//! The new game dialog's time controls: untimed, a preset, or a control
//! made period by period, and a different one for Black (a handicap).

use crate::model::GameSetup;

/// Untimed, a preset (the same for both sides), or a control made here:
/// each period's moves, time and bonus, and for a handicap a different
/// control for Black.
pub(super) fn time_control_choice(ui: &mut egui::Ui, setup: &mut GameSetup) {
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
