//! The move box (a move typed in SAN or UCI, with completions) and the
//! move list (numbers, variations, marks, comments and each move's menu).

use egui::{RichText, Sense};

use crate::model::{Action, Model, MoveToken};

/// The move box's id: the shortcuts give it the keyboard.
pub fn move_box_id() -> egui::Id {
    egui::Id::unique("move box")
}

/// Gives the move box the keyboard, its cursor after the `chars` letters
/// it will hold.
pub fn focus_move_box(ctx: &egui::Context, chars: usize) {
    let id = move_box_id();
    let mut state = egui::TextEdit::load_state(ctx, id).unwrap_or_default();
    let end = egui::text::CCursor::new(chars);
    state.cursor.set_char_range(Some(egui::text::CCursorRange::one(end)));
    state.store(ctx, id);
    ctx.memory_mut(|m| m.request_focus(id));
}

/// A text field for moves in SAN or UCI (its draft, `typed`, is the
/// model's), with the legal moves it could complete to; the move to play,
/// when Enter is pressed or a completion clicked.
pub(super) fn move_box(ui: &mut egui::Ui, typed: &mut String, completions: &[String]) -> Option<Action> {
    let response = ui.add(
        egui::TextEdit::singleline(typed)
            .id(move_box_id())
            .hint_text("Type a move: e4, Nf3, O-O, g1f3")
            .desired_width(f32::INFINITY),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Move"));
    let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    if response.has_focus() && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Tab)) {
        if let Some(first) = completions.first() {
            *typed = first.clone();
            focus_move_box(ui.ctx(), typed.chars().count());
        }
        response.request_focus();
    }
    let mut action = None;
    if entered {
        // The box keeps the keyboard for the next move, as lichess's does
        // (while it is empty, the game's keys work: see ui::shortcuts).
        response.request_focus();
        action = Some(Action::PlayTyped(typed.clone()));
    }
    if !completions.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for san in completions.iter().take(12) {
                if ui.small_button(san).clicked() {
                    action = Some(Action::PlayTyped(san.clone()));
                }
            }
        });
    }
    action
}

/// The time a comment's `[%emt h:mm:ss]` says a move took.
fn emt(comment: &str) -> Option<std::time::Duration> {
    let at = comment.find("[%emt ")?;
    let rest = &comment[at + 6..];
    let end = rest.find(']')?;
    // The same form as [%clk]: read with the clock's reader.
    chess_core::pgn::clock(&format!("[%clk {}]", rest[..end].trim()))
}

/// The moves in SAN with numbers; variations in parentheses; each one
/// clickable, with a menu to comment, mark, promote or delete.
pub(super) fn move_list(ui: &mut egui::Ui, model: &Model) -> Vec<Action> {
    // The time each move of the main line used, on the live clock.
    let used = model.timing.clock.as_ref().map(|c| c.times_used()).unwrap_or_default();
    let play = &model.play;
    let tokens = play.move_tokens();
    if tokens.is_empty() {
        ui.weak("No moves yet");
        return Vec::new();
    }
    let cursor = play.game.cursor();
    let moved_to = egui::Id::unique("move list cursor");
    let scroll_to_cursor = ui.data(|d| d.get_temp::<chess_core::NodeId>(moved_to)) != Some(cursor);
    ui.data_mut(|d| d.insert_temp(moved_to, cursor));
    let mut actions = Vec::new();
    // Whether the list was brought to its top for the start position.
    let mut scrolled_to_start = false;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        // The game's first comment, before its first move.
        if let Some(&first) = play.game.children(chess_core::NodeId::ROOT).first() {
            let before = format!(
                "{} {}",
                play.game.comment(chess_core::NodeId::ROOT),
                play.game.starting_comment(first)
            );
            let words = chess_core::pgn::comment_text(&before);
            if !words.is_empty() {
                ui.label(RichText::new(words).italics().color(ui.visuals().weak_text_color()));
            }
        }
        for token in &tokens {
            match token {
                MoveToken::Open => {
                    ui.weak("(");
                }
                MoveToken::Close => {
                    ui.weak(")");
                }
                MoveToken::Move { node, text, mainline } => {
                    // The move's mark from its NAGs (a review wrote ?!, ?
                    // and ??, or the file had them); the bad ones in
                    // lichess's colours.
                    let nags = play.game.nags(*node);
                    let judgement = nags.iter().find_map(|&n| chess_engine::review::Judgement::of_nag(n));
                    let text = match nags.iter().find_map(|&n| chess_core::pgn::nag_symbol(n)) {
                        Some(symbol) => format!("{text}{symbol}"),
                        None => text.clone(),
                    };
                    let mut rich = RichText::new(text);
                    if let Some(j) = judgement {
                        rich = rich.color(crate::ui::review::judgement_color(j));
                    }
                    if !mainline {
                        rich = rich.italics().color(ui.visuals().weak_text_color());
                    } else {
                        rich = rich.strong();
                    }
                    let mut response = ui.selectable_label(*node == cursor, rich);
                    // The move shown is kept in view as it changes (the
                    // end of a long game, a move clicked on the graph); at
                    // the start (Home), the list's top.
                    if scroll_to_cursor {
                        if *node == cursor {
                            response.scroll_to_me(Some(egui::Align::Center));
                        } else if cursor == chess_core::NodeId::ROOT && !scrolled_to_start {
                            response.scroll_to_me(Some(egui::Align::Min));
                        }
                        scrolled_to_start = true;
                    }
                    // Hover: the time the move took, from the clock or the
                    // file's [%emt]; the time left after it, from [%clk].
                    let ply = play.game.ply(*node);
                    let comment = play.game.comment(*node);
                    let took = if *mainline {
                        used.get(ply.wrapping_sub(1)).copied()
                    } else {
                        None
                    }
                    .or_else(|| emt(comment));
                    let mut times = Vec::new();
                    if let Some(took) = took {
                        times.push(format!("took {:.1} s", took.as_secs_f64()));
                    }
                    if let Some(left) = chess_core::pgn::clock(comment) {
                        times.push(format!("clock {}", crate::model::clock::format(left)));
                    }
                    if !times.is_empty() {
                        response = response.on_hover_text(times.join(", "));
                    }
                    if response.clicked() {
                        actions.push(Action::GoTo(*node));
                    }
                    response.context_menu(|ui| {
                        if ui.button("Comment…").clicked() {
                            actions.push(Action::EditComment(*node));
                            ui.close();
                        }
                        ui.menu_button("Mark", |ui| {
                            for (nag, name) in MARKS {
                                if ui.button(name).clicked() {
                                    actions.push(Action::SetMark(*node, nag));
                                    ui.close();
                                }
                            }
                        });
                        if !mainline && ui.button("Promote variation").clicked() {
                            actions.push(Action::PromoteVariation(*node));
                            ui.close();
                        }
                        if !mainline && ui.button("Make main line").clicked() {
                            actions.push(Action::MakeMainLine(*node));
                            ui.close();
                        }
                        if ui.button("Delete from here").clicked() {
                            actions.push(Action::DeleteFrom(*node));
                            ui.close();
                        }
                    });
                    // The words of the move's comment, after it.
                    let words = chess_core::pgn::comment_text(comment);
                    if !words.is_empty() {
                        let color = ui.visuals().weak_text_color();
                        let label =
                            ui.add(egui::Label::new(RichText::new(words).italics().color(color)).sense(Sense::click()));
                        if label.clicked() {
                            actions.push(Action::GoTo(*node));
                        }
                        if label.double_clicked() {
                            actions.push(Action::EditComment(*node));
                        }
                    }
                }
            }
        }
        // The result, after the last move of the main line, as a score
        // sheet ends.
        let end = play.game.mainline_end();
        if let Some(outcome) = play.game.outcome_at(end) {
            ui.label(RichText::new(outcome.result()).strong())
                .on_hover_text(outcome.to_string());
        }
    });
    actions
}

/// The marks a move can be given from its menu: NAG and name.
const MARKS: [(Option<u8>, &str); 7] = [
    (Some(1), "! Good move"),
    (Some(3), "!! Brilliant move"),
    (Some(5), "!? Interesting move"),
    (Some(6), "?! Dubious move"),
    (Some(2), "? Mistake"),
    (Some(4), "?? Blunder"),
    (None, "No mark"),
];
