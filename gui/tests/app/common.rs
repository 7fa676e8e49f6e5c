//! What the app's UI tests share: a harness on the app with file dialogs
//! answered in advance ([`Answers`]), and clicks as a person makes them.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chess_gui::ChessApp;
use chess_gui::model::clock::TimeSource;
use chess_gui::model::{Model, Purpose};
use egui_kittest::kittest::Queryable;
use egui_kittest::{Harness, HarnessBuilder};

/// The window most tests use.
pub const WINDOW: egui::Vec2 = egui::vec2(1100.0, 760.0);

/// The harness builder every UI test starts from: a window of `size` with
/// the app's fonts; a computer's move or a running clock may take a few
/// frames, so a run may take 32 of them.
pub fn builder(size: egui::Vec2) -> HarnessBuilder<ChessApp> {
    Harness::builder()
        .with_size(size)
        .with_max_steps(32)
        .with_context_setup(chess_gui::setup)
}

/// `app` built by `builder`, drawn as the real app draws itself, its file
/// requests shown as the app's own dialogs (the desktop's cannot be shown
/// in a test).
pub fn build(builder: HarnessBuilder<ChessApp>, mut app: ChessApp) -> Harness<'static, ChessApp> {
    app.chooser.in_app_always = true;
    builder.build_ui_state(|ui, app: &mut ChessApp| app.ui(ui), app)
}

/// Answers to the file dialogs, given in advance: the files to open, to
/// save to and the engine programs, each taken in turn (none left: the
/// dialog is cancelled).
#[derive(Clone, Debug, Default)]
pub struct Answers {
    /// Files chosen to open (games, collections, books).
    pub open: VecDeque<PathBuf>,
    /// Files chosen to write (save, export).
    pub save: VecDeque<PathBuf>,
    /// Engine programs chosen.
    pub engine: VecDeque<PathBuf>,
}

impl Answers {
    /// Answers the files to open and to save to, in turn.
    pub fn new(open: &[PathBuf], save: &[PathBuf]) -> Answers {
        Answers {
            open: open.iter().cloned().collect(),
            save: save.iter().cloned().collect(),
            engine: VecDeque::new(),
        }
    }

    /// Answers every file request the model has left, as a dialog of the
    /// app answers one (through [`Model::file_chosen`]).
    pub fn answer(&mut self, model: &mut Model) {
        while let Some(request) = model.requests.file.take() {
            let path = match &request.purpose {
                Purpose::Engine => self.engine.pop_front(),
                purpose if purpose.writes() => self.save.pop_front(),
                _ => self.open.pop_front(),
            };
            model.file_chosen(request.purpose, path);
        }
    }
}

/// `app` built by `builder` and drawn as the real app draws itself, but
/// with `answers` in place of the person at the file dialog: each frame,
/// after the drawing and before the app carries out the model's requests,
/// the file asked for is answered.
pub fn build_answering(
    builder: HarnessBuilder<ChessApp>,
    app: ChessApp,
    mut answers: Answers,
) -> Harness<'static, ChessApp> {
    builder.build_ui_state(
        move |ui, app: &mut ChessApp| {
            app.draw(ui);
            answers.answer(&mut app.model);
            app.carry_out(ui.ctx());
        },
        app,
    )
}

/// Noon of a fixed day, for the dates games record (so pictures of the app
/// do not change from day to day).
pub fn fixed_now() -> chrono::DateTime<chrono::Utc> {
    use chrono::TimeZone;
    chrono::Utc.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).unwrap()
}

/// `app` in a window of `size`, its moves appearing at once (the glide has
/// its own test), the player named Ann and the day fixed; its file dialogs
/// cancelled.
pub fn harness_of(app: ChessApp, size: egui::Vec2) -> Harness<'static, ChessApp> {
    harness_answering(app, size, Answers::default())
}

/// [`harness_of`], its file dialogs answered by `answers`.
pub fn harness_answering(mut app: ChessApp, size: egui::Vec2, answers: Answers) -> Harness<'static, ChessApp> {
    app.model.board.animate = false;
    app.model.now = fixed_now;
    if app.model.computer.setup.player.is_empty() {
        app.model.computer.setup.player = "Ann".into();
    }
    build_answering(builder(size), app, answers)
}

/// The app in the usual window whose file dialogs answer `open` and `save`
/// in turn; `setup` changes the app before the first frame.
pub fn harness_with(
    open: &[PathBuf],
    save: &[PathBuf],
    setup: impl FnOnce(&mut ChessApp),
) -> Harness<'static, ChessApp> {
    let mut app = ChessApp::new();
    app.model.board.animate = false;
    setup(&mut app);
    harness_answering(app, WINDOW, Answers::new(open, save))
}

/// Runs frames until the UI settles; while the computer thinks or a clock
/// runs the app asks for repaints, which is no failure.
pub fn settle(h: &mut Harness<'static, ChessApp>) {
    // The engine's thread asks for a frame when it finishes, which may come
    // just after the frame that took its answer: one more run settles it.
    if let Err(e) = h.try_run().or_else(|_| h.try_run()) {
        let model = &h.state().model;
        let clock_runs = model.timing.clock.as_ref().is_some_and(|c| c.is_running());
        let collecting = model
            .collections
            .open
            .iter()
            .any(|c| c.is_indexing() || c.is_searching() || c.list.is_scanning() || c.list.export.is_some());
        assert!(
            model.computer.is_busy() || clock_runs || model.review.is_running() || collecting,
            "the UI keeps repainting with nothing running: {e}"
        );
    }
}

/// The SAN of the move shown on the board (none at the start).
pub fn last_san(h: &Harness<'static, ChessApp>) -> Option<String> {
    let game = &h.state().model.play.game;
    game.san_at(game.cursor())
}

/// Clicks the widget labelled `label`.
pub fn click(h: &mut Harness<'static, ChessApp>, label: &str) {
    h.get_by_label(label).click();
    settle(h);
}

/// Clicks the square `name` ("e4").
pub fn square(h: &mut Harness<'static, ChessApp>, name: &str) {
    h.get_by_label_contains(&format!("{name}, ")).click();
    settle(h);
}

/// Opens `menu` and clicks `item`.
pub fn menu(h: &mut Harness<'static, ChessApp>, menu: &str, item: &str) {
    click(h, menu);
    click(h, item);
}

/// Double-clicks the widget labelled `label` with the mouse: two presses
/// and releases a frame apart at its centre (an accessibility click, as
/// `click` gives, is never a double one).
pub fn double_click(h: &mut Harness<'static, ChessApp>, label: &str) {
    let pos = h.get_by_label(label).rect().center();
    h.hover_at(pos);
    h.step();
    // Each click's press and release in one frame (queued events get a
    // frame each, 0.25 s apart: too slow for a double click).
    for _ in 0..2 {
        for pressed in [true, false] {
            h.input_mut().events.push(egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
        h.step();
    }
    h.run();
}

/// Moves by clicking `from` then `to`, for each pair.
pub fn moves(h: &mut Harness<'static, ChessApp>, pairs: &[(&str, &str)]) {
    for (from, to) in pairs {
        square(h, from);
        square(h, to);
    }
}

/// What eframe keeps between runs, in memory.
#[derive(Default)]
pub struct Memory(std::collections::HashMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// Runs frames until the collection shown is indexed, its list read, its
/// searches and the explorer answered.
pub fn wait_for_collection(h: &mut Harness<'static, ChessApp>) {
    step_until(h, 2000, |app| {
        let model = &app.model;
        model.collections.active().is_some_and(|c| {
            let explored = model.explorer_position().is_none_or(|p| c.explored(&p).is_some());
            c.list.checked && !c.is_indexing() && !c.is_searching() && explored
        })
    });
}

/// Runs frames until the open game list has read its whole file.
pub fn wait_for_game_list(h: &mut Harness<'static, ChessApp>) {
    step_until(h, 400, |app| {
        app.model.collections.active().is_some_and(|c| c.list.checked)
    });
}

/// Runs frames, 5 ms apart and at most `frames` of them, until `done` (work
/// on the app's threads: a review, a collection, the explorer), then lets
/// the UI settle.
pub fn step_until(h: &mut Harness<'static, ChessApp>, frames: usize, done: impl Fn(&ChessApp) -> bool) {
    for _ in 0..frames {
        h.step();
        if done(h.state()) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    settle(h);
}

/// Starts *Game → Review* and runs frames until the review is done.
pub fn run_review(h: &mut Harness<'static, ChessApp>) {
    settle(h);
    menu(h, "Game", "Review");
    // The analysis thread ends on its own; the app polls it each frame.
    step_until(h, 200, |app| !app.model.review.is_running());
}

/// A clock on the wall that the test sets (the app's time source in the
/// tests of clocks, autosaves and finished games).
#[derive(Clone, Debug, Default)]
pub struct Manual(pub Arc<Mutex<Duration>>);

impl Manual {
    /// The time is now `secs` seconds.
    pub fn set(&self, secs: u64) {
        *self.0.lock().unwrap() = Duration::from_secs(secs);
    }
}

impl TimeSource for Manual {
    fn now(&self) -> Duration {
        *self.0.lock().unwrap()
    }
}
