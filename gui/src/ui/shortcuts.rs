//! The keyboard shortcuts: what they are, in one table that `?` shows
//! ([`SHORTCUTS`]), and the keys read each frame into [`Action`]s
//! ([`shortcuts`]): the model is changed through its one door, as the
//! panels change it.

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::model::{Action, Mode, Model, Pending, Step};

/// A shortcut as the help lists it: its keys, and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortcut {
    /// The keys, as a person reads them.
    pub keys: &'static str,
    /// What they do.
    pub what: &'static str,
}

/// The keys that flip the board (the menus and buttons say them too). Not
/// a letter alone: letters start a typed move.
pub const FLIP: &str = "Ctrl+F";

/// Every shortcut, in the order the help shows them.
pub const SHORTCUTS: &[Shortcut] = &[
    Shortcut {
        keys: "Ctrl+N",
        what: "New game",
    },
    Shortcut {
        keys: "Ctrl+O",
        what: "Open a game (in a tab of its own) or a PGN file",
    },
    Shortcut {
        keys: "Ctrl+T",
        what: "New tab",
    },
    Shortcut {
        keys: "Ctrl+W",
        what: "Close the tab",
    },
    Shortcut {
        keys: "Ctrl+PageDown, Ctrl+PageUp",
        what: "The next tab, the one before",
    },
    Shortcut {
        keys: "Ctrl+S",
        what: "Save",
    },
    Shortcut {
        keys: "Ctrl+Shift+S",
        what: "Save as",
    },
    Shortcut {
        keys: "Ctrl+Q",
        what: "Quit",
    },
    Shortcut {
        keys: "Ctrl+Z",
        what: "Undo (against the computer, its reply too)",
    },
    Shortcut {
        keys: "Ctrl+Y, Ctrl+Shift+Z",
        what: "Redo",
    },
    Shortcut {
        keys: "← →",
        what: "A move back, a move forward",
    },
    Shortcut {
        keys: "Home, ↑",
        what: "The start of the game",
    },
    Shortcut {
        keys: "End, ↓",
        what: "The end of the game",
    },
    Shortcut {
        keys: FLIP,
        what: "Flip the board",
    },
    Shortcut {
        keys: "a-h, N B R Q K, O",
        what: "Start typing a move (the move box takes the keys)",
    },
    Shortcut {
        keys: "Ctrl+M",
        what: "To the move box",
    },
    Shortcut {
        keys: "Ctrl+B",
        what: "To the board (then arrows walk the squares)",
    },
    Shortcut {
        keys: "Escape",
        what: "Put down a picked-up piece, close a dialog",
    },
    Shortcut {
        keys: "Ctrl+L",
        what: "Show or hide the collection's game list",
    },
    Shortcut {
        keys: "Ctrl+Shift+F",
        what: "Find this position in the collection",
    },
    Shortcut {
        keys: "Tab, arrows, Enter",
        what: "On the board: walk the squares, pick up and put down",
    },
    Shortcut {
        keys: "↑ ↓, Enter",
        what: "In the game list: walk the rows, open a game",
    },
    Shortcut {
        keys: "?",
        what: "This list",
    },
];

/// The actions the keys pressed this frame ask for. Nothing while a dialog
/// is open (`blocked`); only the Ctrl shortcuts while a text field has the
/// keyboard (it keeps its own keys), except the move box while it is
/// empty, where the game's keys work too; the arrows walk the squares when
/// a square has the focus, and the rows when the game list is shown.
/// Letters that start a move, typed while nothing has the keyboard, go to
/// the move box (as lichess opens its input when one types).
pub fn shortcuts(ctx: &egui::Context, model: &Model, blocked: bool, square_focused: bool) -> Vec<Action> {
    let mut actions = Vec::new();
    if blocked {
        return actions;
    }
    let cmd = |key| KeyboardShortcut::new(Modifiers::COMMAND, key);
    let cmd_shift = |key| KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, key);
    let pressed = |s: KeyboardShortcut| ctx.input_mut(|i| i.consume_shortcut(&s));
    if pressed(cmd(Key::N)) {
        actions.push(Action::NewGameDialog);
    }
    if pressed(cmd(Key::O)) {
        actions.push(Action::Request(Pending::Open));
    }
    if pressed(cmd(Key::Q)) {
        actions.push(Action::Request(Pending::Quit));
    }
    if pressed(cmd(Key::T)) {
        actions.push(Action::NewTab);
    }
    if pressed(cmd(Key::W)) {
        actions.push(Action::CloseTab(model.tabs.shown()));
    }
    if pressed(cmd(Key::PageDown)) {
        actions.push(Action::StepTab(1));
    }
    if pressed(cmd(Key::PageUp)) {
        actions.push(Action::StepTab(-1));
    }
    if pressed(cmd(Key::L)) {
        actions.push(if model.collections.list_shown {
            Action::CloseGameList
        } else {
            Action::ShowGameList
        });
    }
    if pressed(cmd_shift(Key::F)) {
        actions.push(Action::FindPosition);
    }
    if pressed(cmd_shift(Key::S)) {
        actions.push(Action::SaveAs);
    } else if pressed(cmd(Key::S)) {
        actions.push(Action::Save);
    }
    // To the move box, and to the board (the selected square, the last
    // move's, or the king's of the side to move).
    if model.mode == Mode::Play && pressed(cmd(Key::M)) {
        crate::ui::play::focus_move_box(ctx, model.play.typed.chars().count());
    }
    if model.mode == Mode::Play && pressed(cmd(Key::B)) {
        let play = &model.play;
        let turn = play.position().turn();
        let king = play.position().king(turn);
        let sq = play.selected.or(play.last_move().map(|m| m.to())).unwrap_or(king);
        crate::ui::board::focus_square(ctx, "play", sq);
    }
    let in_empty_box = ctx.memory(|m| m.has_focus(crate::ui::play::move_box_id())) && model.play.typed.is_empty();
    if ctx.text_edit_focused() && !in_empty_box {
        return actions;
    }
    let redo = pressed(cmd_shift(Key::Z)) || pressed(cmd(Key::Y));
    let undo = !redo && pressed(cmd(Key::Z));
    // `?` as typed (Shift and / on most keyboards).
    let help = ctx.input(|i| i.events.iter().any(|e| matches!(e, egui::Event::Text(t) if t == "?")));
    if help && !in_empty_box {
        actions.push(Action::ShowShortcuts);
    }
    let key = |k| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, k));
    match model.mode {
        Mode::Play => {
            if undo {
                actions.push(Action::TakeBack);
            }
            if redo {
                actions.push(Action::Redo);
            }
            if square_focused || model.collections.list_shown {
                return actions;
            }
            if !in_empty_box && let Some(text) = start_of_a_move(ctx) {
                crate::ui::play::focus_move_box(ctx, model.play.typed.chars().count() + text.chars().count());
                actions.push(Action::StartTyping(text));
            }
            // Each press counts, also several in one frame.
            let presses = |k| ctx.input_mut(|i| i.count_and_consume_key(Modifiers::NONE, k));
            for _ in 0..presses(Key::ArrowLeft) {
                actions.push(Action::Go(Step::Back));
            }
            for _ in 0..presses(Key::ArrowRight) {
                actions.push(Action::Go(Step::Forward));
            }
            if key(Key::Home) || key(Key::ArrowUp) {
                actions.push(Action::Go(Step::Start));
            }
            if key(Key::End) || key(Key::ArrowDown) {
                actions.push(Action::Go(Step::End));
            }
            if pressed(cmd(Key::F)) {
                actions.push(Action::Flip);
            }
            if key(Key::Escape) {
                actions.push(Action::Deselect);
            }
        }
        Mode::Edit => {
            if undo {
                actions.push(Action::EditorUndo);
            }
            if redo {
                actions.push(Action::EditorRedo);
            }
            if pressed(cmd(Key::F)) {
                actions.push(Action::Flip);
            }
        }
    }
    actions
}

/// The letters typed this frame, taken from the input, when they start a
/// move (a file, a piece's letter, or O of castling).
fn start_of_a_move(ctx: &egui::Context) -> Option<String> {
    ctx.input_mut(|i| {
        let text: String = i
            .events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect();
        let first = text.chars().next()?;
        if !matches!(first, 'a'..='h' | 'N' | 'B' | 'R' | 'Q' | 'K' | 'O') || i.modifiers.command {
            return None;
        }
        i.events.retain(|e| !matches!(e, egui::Event::Text(_)));
        Some(text)
    })
}

/// The help `?` opens: every shortcut, and Escape or OK to close it.
pub fn help(ctx: &egui::Context) -> Vec<Action> {
    let mut close = false;
    egui::Modal::new(egui::Id::unique("shortcuts")).show(ctx, |ui| {
        ui.heading("Keyboard shortcuts");
        egui::Grid::new("shortcut table").striped(true).show(ui, |ui| {
            for s in SHORTCUTS {
                ui.label(egui::RichText::new(s.keys).monospace().strong());
                ui.label(s.what);
                ui.end_row();
            }
        });
        ui.add_space(8.0);
        close = ui.button("OK").clicked() || ui.input(|i| i.key_pressed(Key::Escape));
    });
    if close { vec![Action::CloseDialog] } else { Vec::new() }
}
