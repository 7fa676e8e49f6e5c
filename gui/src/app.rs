//! The app: the model, the view's own state ([`crate::ui::ViewState`]) and
//! the desktop's services (files chosen, sounds played), drawn with egui
//! once a frame; what the model asks of the desktop is carried out after
//! the drawing ([`ChessApp::carry_out`]).

use crate::model::{Mode, Model, Pending};
use crate::ui;

/// The desktop app.
pub struct ChessApp {
    /// Everything the app knows and does.
    pub model: Model,
    /// The view's own state.
    pub view: ui::ViewState,
    /// Shows the file dialogs the model asks for.
    pub chooser: crate::desktop::file_chooser::Chooser,
    /// Plays the game's sounds (none in tests).
    pub player: Option<crate::desktop::sound::Player>,
}

impl std::fmt::Debug for ChessApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChessApp")
            .field("model", &self.model)
            .finish_non_exhaustive()
    }
}

const RECENT_KEY: &str = "recent-files";
const ENGINES_KEY: &str = "engines-added";
const SETUP_KEY: &str = "game-setup";
const BOARD_KEY: &str = "board-settings";
const FILE_DIALOG_KEY: &str = "file-dialogs";
const COLLECTIONS_KEY: &str = "collections";

/// The widest a panel beside the board may be: 40% of the window, 30%
/// when panels stand on both sides of it (but never below its `min`
/// width), so the board keeps the most room.
fn side_panel_max(ctx: &egui::Context, min: f32, both_sides: bool) -> f32 {
    let share = if both_sides { 0.3 } else { 0.4 };
    (ctx.content_rect().width() * share).max(min)
}

/// What the file dialogs remember between runs.
#[derive(serde::Serialize, serde::Deserialize)]
struct FileDialogMemory {
    folder: Option<std::path::PathBuf>,
    in_app_always: bool,
}

impl Default for ChessApp {
    fn default() -> ChessApp {
        ChessApp::new()
    }
}

impl ChessApp {
    /// A new game.
    pub fn new() -> ChessApp {
        ChessApp {
            model: Model::new(),
            view: ui::ViewState::default(),
            chooser: crate::desktop::file_chooser::Chooser::default(),
            player: None,
        }
    }

    /// Restores what eframe kept from the last run (recent files, the
    /// game setup, the board's look).
    pub fn restore(&mut self, storage: &dyn eframe::Storage) {
        if let Some(recent) = eframe::get_value::<Vec<std::path::PathBuf>>(storage, RECENT_KEY) {
            self.model.file.recent = recent;
        }
        if let Some(added) = eframe::get_value::<Vec<std::path::PathBuf>>(storage, ENGINES_KEY) {
            self.model.engines.added = added;
        }
        // The collections open last time, in the background again (their
        // indexes are caches: kept when they still fit the files).
        if let Some(paths) = eframe::get_value::<Vec<std::path::PathBuf>>(storage, COLLECTIONS_KEY) {
            for path in paths.iter().filter(|p| p.is_file()) {
                let _ = self.model.collections.open_path(path);
            }
            self.model.collections.active = 0;
            self.model.collections.list_shown = false;
        }
        if let Some(board) = eframe::get_value(storage, BOARD_KEY) {
            self.model.board = board;
        }
        if let Some(memory) = eframe::get_value::<FileDialogMemory>(storage, FILE_DIALOG_KEY) {
            self.chooser.folder = memory.folder;
            self.chooser.in_app_always = memory.in_app_always;
        }
        // The engine and level chosen last time (the game starts between
        // people until a new game is set up).
        if let Some(saved) = eframe::get_value::<crate::model::GameSetup>(storage, SETUP_KEY) {
            let mut setup = saved.between_people();
            // An engine chosen last time that is gone is said so, and the
            // built-in engine plays (the path stays, for when it is back).
            if let crate::model::EngineChoice::External(path) = &setup.engine
                && !path.exists()
            {
                self.model.notice = Some(format!(
                    "The engine chosen last time, {}, is not there any more: the built-in engine plays.",
                    path.display()
                ));
                setup.engine = crate::model::EngineChoice::Builtin;
            }
            self.model.computer.set_setup(setup);
        }
    }

    /// Draws the app, handles its input, and carries out what the model
    /// asked of the desktop: once per frame.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        self.draw(ui);
        self.carry_out(ui.ctx());
    }

    /// Draws the app and handles its input (the model's requests wait in
    /// its outbox).
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        self.view.frames += 1;
        let ctx = ui.ctx().clone();
        self.shortcuts(&ctx);
        self.window(&ctx);
        // The engine's and the review's threads wake the app when they
        // have something to show.
        if !self.model.computer.has_waker() || !self.model.review.has_waker() {
            let ctx = ctx.clone();
            let waker = chess_engine::worker::Waker::new(move || ctx.request_repaint());
            self.model.computer.set_waker(waker.clone());
            self.model.review.set_waker(waker);
        }
        if !self.model.collections.has_waker() {
            let ctx = ctx.clone();
            let waker = chess_engine::worker::Waker::new(move || ctx.request_repaint());
            self.model.collections.set_waker(waker);
        }
        // The engine works on its own thread; look for its answers while
        // it does (and only then: an idle app draws nothing).
        if self.model.tick() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }

        // The app's light or dark theme, as chosen in View.
        let theme = match self.model.board.look {
            crate::model::settings::Look::Dark => egui::Theme::Dark,
            crate::model::settings::Look::Light => egui::Theme::Light,
        };
        if ctx.theme() != theme {
            ctx.set_theme(theme);
        }
        let menu =
            egui::Panel::top("menu").show(ui, |ui| ui::menu::bar(ui, &self.model, &mut self.chooser.in_app_always));
        self.apply_all(menu.inner);
        let tabs = self.model.tab_labels();
        if ui::tabs::wanted(&tabs) {
            let strip = egui::Panel::top("tabs").show(ui, |ui| ui::tabs::strip(ui, &tabs));
            self.apply_all(strip.inner);
        }
        egui::Panel::bottom("status").show(ui, |ui| ui::play::status_line(ui, &self.model));
        // The game list under the board and its panels, the whole window
        // wide (so long names show), the board still in view above it.
        if self.model.collections.list_shown {
            let height = ctx.content_rect().height();
            let list = egui::Panel::bottom("game list")
                .resizable(true)
                .default_size(height * 0.45)
                .size_range(160.0..=height * 0.75)
                .show(ui, |ui| ui::game_list::show(ui, &mut self.model.collections));
            self.apply_all(list.inner);
        }
        // The explorer beside the board, in play and in the editor alike.
        self.view.explorer_hover = None;
        let explorer_shown = self.model.collections.explorer_shown && !self.model.collections.open.is_empty();
        if explorer_shown {
            let explorer = egui::Panel::left("explorer")
                .resizable(true)
                .default_size(400.0)
                .size_range(300.0..=side_panel_max(&ctx, 300.0, true))
                .show(ui, |ui| ui::explorer::panel(ui, &self.model));
            self.view.explorer_hover = explorer.inner.hovered;
            self.apply_all(explorer.inner.actions);
        }
        match self.model.mode {
            Mode::Play => {
                // The board keeps priority: the panel is at most 40% of the
                // window, whatever width was saved or its text would take.
                let side = egui::Panel::right("game")
                    .resizable(true)
                    .default_size(300.0)
                    .size_range(240.0..=side_panel_max(&ctx, 240.0, explorer_shown))
                    .show(ui, |ui| ui::play::side_panel(ui, &mut self.model));
                ui::divider_grip(&ctx, side.response.rect);
                self.apply_all(side.inner);
                if ui::review::wanted(&self.model) {
                    let review = egui::Panel::bottom("review").show(ui, |ui| ui::review::panel(ui, &self.model));
                    self.apply_all(review.inner);
                }
                let board =
                    egui::CentralPanel::default().show(ui, |ui| ui::play::board(ui, &self.model, &mut self.view));
                self.apply_all(board.inner);
            }
            Mode::Edit => {
                let side = egui::Panel::right("editor")
                    .resizable(true)
                    .default_size(330.0)
                    .size_range(280.0..=side_panel_max(&ctx, 280.0, explorer_shown))
                    .show(ui, |ui| {
                        let collection = !self.model.collections.open.is_empty();
                        ui::editor::side_panel(ui, &mut self.model.editor, collection)
                    });
                ui::divider_grip(&ctx, side.response.rect);
                self.apply_all(side.inner);
                let (settings, flipped) = (self.model.board, self.model.flipped);
                egui::CentralPanel::default().show(ui, |ui| {
                    ui::editor::board(ui, &mut self.model.editor, settings, flipped, &mut self.view)
                });
            }
        }
        // The app's own file dialog is on top: the dialog that asked for a
        // file (New game, for a book or engine) waits behind it, not drawn.
        if let Some(dialog) = &mut self.model.dialog
            && !self.chooser.in_app_open()
        {
            let actions = ui::dialogs::show(&ctx, dialog, &self.model.play.game, &self.model.engines.found);
            self.apply_all(actions);
        }
    }

    /// Carries out what the model asked of the desktop this frame (its one
    /// door out, [`Model::take_requests`]): the file dialog it asked for
    /// (one at a time, drawn or waited for each frame, its answer handed
    /// back), the clipboard, the sounds, closing the window.
    pub fn carry_out(&mut self, ctx: &egui::Context) {
        let requests = self.model.take_requests();
        if let Some(request) = requests.file {
            if self.chooser.is_busy() {
                // One file dialog at a time: a second request is refused
                // with a word, never lost without one.
                self.model.notice = Some("A file dialog is open already: finish with it first.".into());
            } else {
                self.chooser.start(request, ctx);
            }
        }
        if let Some(answer) = self.chooser.show(ctx) {
            if answer.asked_to_replace {
                self.model.file_chosen_replacing(answer.purpose, answer.path);
            } else {
                self.model.file_chosen(answer.purpose, answer.path);
            }
            // What the answer led to (a save, then quitting...) is carried
            // out next frame.
            ctx.request_repaint();
        }
        // Nobody moves while a file dialog is open: the clock holds.
        self.model.file_dialog_open = self.chooser.is_busy();
        if let Some(notice) = self.chooser.notice.take() {
            self.model.notice = Some(notice);
        }
        if let Some(text) = requests.clipboard {
            ctx.copy_text(text);
        }
        if let Some(player) = &self.player {
            for sound in requests.sounds {
                player.play(sound);
            }
        }
        if requests.quit {
            self.view.quitting = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Does what the panels asked for this frame.
    fn apply_all(&mut self, actions: Vec<crate::model::Action>) {
        for action in actions {
            self.model.apply(action);
        }
    }

    /// The keyboard shortcuts ([`ui::shortcuts`]): the keys pressed this
    /// frame, as actions, through the model's one door.
    fn shortcuts(&mut self, ctx: &egui::Context) {
        let blocked = self.model.dialog.is_some() || self.chooser.in_app_open();
        let actions = ui::shortcuts::shortcuts(ctx, &self.model, blocked, ui::board::square_has_focus(ctx));
        self.apply_all(actions);
    }

    /// The window's title and closing: a close with unsaved changes asks first.
    fn window(&mut self, ctx: &egui::Context) {
        let title = self.model.title();
        if title != self.view.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.view.title = title;
        }
        if ctx.input(|i| i.viewport().close_requested()) && !self.view.quitting && self.model.any_dirty() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.model.apply(crate::model::Action::Request(Pending::Quit));
        }
    }
}

impl eframe::App for ChessApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        ChessApp::ui(self, ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, RECENT_KEY, &self.model.file.recent);
        eframe::set_value(storage, ENGINES_KEY, &self.model.engines.added);
        eframe::set_value(storage, SETUP_KEY, &self.model.computer.setup);
        eframe::set_value(storage, BOARD_KEY, &self.model.board);
        eframe::set_value(storage, COLLECTIONS_KEY, &self.model.collections.paths());
        let memory = FileDialogMemory {
            folder: self.chooser.folder.clone(),
            in_app_always: self.chooser.in_app_always,
        };
        eframe::set_value(storage, FILE_DIALOG_KEY, &memory);
    }
}
