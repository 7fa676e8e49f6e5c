//! Several games open at once, as tabs (as En Croissant and a browser
//! have them): each tab is one game with its file, its clock, its review,
//! its players and its editor.
//!
//! The tab shown lives in the model's own fields (`play`, `file`,
//! `timing`, `review`...), so everything else reads and changes one game
//! as before; the others wait here, [`Parked`], in order on either side
//! of it.
//!
//! - Opening a game (a file, a collection's game, the command line) opens
//!   it in a tab of its own, unless the tab shown is a fresh board
//!   ([`Model::is_blank_tab`]): nothing is replaced, so nothing needs
//!   "discard unsaved changes?". A file open in a tab already shows that
//!   tab (two copies of one file would save over each other).
//! - A parked tab's clock waits for its player, as after a restore
//!   (Resume clock); its review runs on; the engine serves the tab shown.
//! - Closing a tab with unsaved changes asks first; quitting asks about
//!   each such tab in turn. The autosave keeps every tab.

use std::path::{Path, PathBuf};

use super::clock::GameClock;
use super::computer::GameSetup;
use super::review::ParkedReview;
use super::{Editor, Mode, Model, Play};

/// A tab that is not shown: everything that belongs to its game.
#[derive(Debug)]
pub struct Parked {
    id: TabId,
    mode: Mode,
    play: Play,
    editor: Editor,
    path: Option<PathBuf>,
    saved_generation: u64,
    flipped: bool,
    timing: GameClock,
    review: ParkedReview,
    setup: GameSetup,
}

impl Parked {
    /// Whether its game has changes not saved (as [`Model::is_dirty`]).
    fn is_dirty(&self) -> bool {
        super::document::has_unsaved_changes(self.path.as_deref(), &self.play, self.saved_generation)
    }
}

/// A tab's name for good, whatever its place in the strip (a file dialog's
/// answer goes to the tab that asked, `Model::back_to_asking_tab`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TabId(u64);

/// The tabs not shown, in order: those left of the shown one, and those
/// right of it. The shown tab's index is `before.len()`.
#[derive(Debug, Default)]
pub struct Tabs {
    before: Vec<Parked>,
    after: Vec<Parked>,
    /// The shown tab's id.
    shown_id: TabId,
    /// The id the next tab gets.
    next_id: u64,
    /// The tab whose file dialog is open, if one is.
    asking: Option<TabId>,
}

impl Tabs {
    /// How many tabs are open (the shown one too).
    pub fn len(&self) -> usize {
        self.before.len() + 1 + self.after.len()
    }

    /// Never empty: the shown tab is always there.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The index of the tab shown.
    pub fn shown(&self) -> usize {
        self.before.len()
    }

    /// The index of the tab `id`, if it is open.
    fn index_of(&self, id: TabId) -> Option<usize> {
        if id == self.shown_id {
            return Some(self.shown());
        }
        (0..self.len()).find(|&i| self.parked(i).is_some_and(|t| t.id == id))
    }

    /// The parked tab at `index` (none for the shown one, or past the end).
    fn parked(&self, index: usize) -> Option<&Parked> {
        match index.cmp(&self.before.len()) {
            std::cmp::Ordering::Less => self.before.get(index),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => self.after.get(index - self.before.len() - 1),
        }
    }
}

/// A tab's game, read where it is (the model's fields for the tab shown).
#[derive(Debug)]
pub(super) struct TabView<'a> {
    pub mode: Mode,
    pub play: &'a Play,
    pub editor: &'a Editor,
    pub path: Option<&'a Path>,
    pub dirty: bool,
    pub flipped: bool,
    pub timing: &'a GameClock,
    pub setup: &'a GameSetup,
    pub shown: bool,
}

/// A tab as its strip shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TabLabel {
    /// The file's name, else the players ("Carlsen – Caruana"), else
    /// "Untitled".
    pub name: String,
    /// Whether its game has unsaved changes.
    pub dirty: bool,
    /// Whether it is the tab shown.
    pub shown: bool,
}

/// The name of a tab holding `game` from `path`.
fn tab_name(path: Option<&Path>, game: &chess_core::Game) -> String {
    if let Some(name) = path.and_then(Path::file_name) {
        return name.to_string_lossy().into_owned();
    }
    let player = |tag| game.tags.get(tag).filter(|name| !name.is_empty() && *name != "?");
    match (player("White"), player("Black")) {
        (Some(white), Some(black)) => format!("{white} – {black}"),
        _ => "Untitled".to_string(),
    }
}

impl Model {
    /// Every tab's game, in order.
    pub(super) fn tab_views(&self) -> Vec<TabView<'_>> {
        (0..self.tabs.len())
            .map(|i| match self.tabs.parked(i) {
                Some(tab) => TabView {
                    mode: tab.mode,
                    play: &tab.play,
                    editor: &tab.editor,
                    path: tab.path.as_deref(),
                    dirty: tab.is_dirty(),
                    flipped: tab.flipped,
                    timing: &tab.timing,
                    setup: &tab.setup,
                    shown: false,
                },
                None => TabView {
                    mode: self.mode,
                    play: &self.play,
                    editor: &self.editor,
                    path: self.file.path.as_deref(),
                    dirty: self.is_dirty(),
                    flipped: self.flipped,
                    timing: &self.timing,
                    setup: &self.computer.setup,
                    shown: true,
                },
            })
            .collect()
    }

    /// The tabs, as their strip shows them.
    pub fn tab_labels(&self) -> Vec<TabLabel> {
        self.tab_views()
            .iter()
            .map(|tab| TabLabel {
                name: tab_name(tab.path, &tab.play.game),
                dirty: tab.dirty,
                shown: tab.shown,
            })
            .collect()
    }

    /// Whether the tab shown is a fresh board that a game opened may take
    /// over: no moves and no file (so nothing unsaved), the start
    /// position, not in the editor.
    pub fn is_blank_tab(&self) -> bool {
        self.mode == Mode::Play
            && self.file.path.is_none()
            && self.play.game.nodes().len() == 1
            && self.play.game.start_position() == &chess_core::Position::new()
    }

    /// Whether any tab has unsaved changes.
    pub fn any_dirty(&self) -> bool {
        self.is_dirty() || self.tabs.before.iter().chain(&self.tabs.after).any(Parked::is_dirty)
    }

    /// Opens a new tab after the shown one, with a fresh board between
    /// people, and shows it.
    pub fn new_tab(&mut self) {
        let parked = self.park();
        self.tabs.before.push(parked);
        let fresh = self.fresh_tab(self.computer.setup.between_people());
        self.unpark(fresh);
        self.notice = None;
    }

    /// Makes room for a game about to be opened: a new tab, unless the
    /// tab shown is blank.
    pub(super) fn tab_for_opening(&mut self) {
        if !self.is_blank_tab() {
            self.new_tab();
        }
    }

    /// Shows the tab open on `path`, if one is; returns whether it did.
    pub(super) fn show_tab_of(&mut self, path: &Path) -> bool {
        match self.tab_views().iter().position(|tab| tab.path == Some(path)) {
            Some(i) => {
                self.show_tab(i);
                true
            }
            None => false,
        }
    }

    /// Shows tab `index` (nothing past the last).
    pub fn show_tab(&mut self, index: usize) {
        let shown = self.tabs.shown();
        if index >= self.tabs.len() || index == shown {
            return;
        }
        let parked = self.park();
        let tab = if index < shown {
            // The shown tab and those between move right of the new one.
            self.tabs.after.insert(0, parked);
            let between: Vec<Parked> = self.tabs.before.drain(index + 1..).collect();
            self.tabs.after.splice(0..0, between);
            self.tabs.before.pop()
        } else {
            self.tabs.before.push(parked);
            let skipped = index - shown - 1;
            let between: Vec<Parked> = self.tabs.after.drain(..skipped).collect();
            self.tabs.before.extend(between);
            (!self.tabs.after.is_empty()).then(|| self.tabs.after.remove(0))
        };
        if let Some(tab) = tab {
            self.unpark(tab);
        }
        self.notice = None;
    }

    /// The next tab (`step` 1) or the one before (-1), round the ends.
    pub fn step_tab(&mut self, step: isize) {
        let len = self.tabs.len() as isize;
        let index = (self.tabs.shown() as isize + step).rem_euclid(len);
        self.show_tab(index as usize);
    }

    /// Closes the tab shown, unsaved changes or not (asked about before,
    /// see [`super::Pending::CloseTab`]): the one right of it is shown, or
    /// the one left; the last tab gives way to a fresh board.
    pub(super) fn close_shown_tab(&mut self) {
        let next = if self.tabs.after.is_empty() {
            self.tabs.before.pop()
        } else {
            Some(self.tabs.after.remove(0))
        };
        let next = match next {
            Some(next) => next,
            None => self.fresh_tab(self.computer.setup.between_people()),
        };
        // The closed tab's state is dropped here (its review stops).
        drop(self.park());
        self.unpark(next);
    }

    /// The first parked tab with unsaved changes, if any.
    pub(super) fn dirty_parked_tab(&self) -> Option<usize> {
        (0..self.tabs.len()).find(|&i| self.tabs.parked(i).is_some_and(Parked::is_dirty))
    }

    /// Notes that the tab shown asks for a file: the answer goes to it.
    pub(super) fn tab_asks_for_file(&mut self) {
        self.tabs.asking = Some(self.tabs.shown_id);
    }

    /// Shows again the tab whose file dialog answers now, if another is
    /// shown meanwhile (a desktop's dialog leaves the window usable: a
    /// game saved must be the game that asked). Returns false when that
    /// tab was closed meanwhile (the answer then goes nowhere, and says
    /// so).
    pub(super) fn back_to_asking_tab(&mut self) -> bool {
        let Some(id) = self.tabs.asking else {
            return true;
        };
        match self.tabs.index_of(id) {
            Some(index) => {
                self.show_tab(index);
                true
            }
            None => {
                self.tabs.asking = None;
                self.notice = Some("The tab that asked for the file was closed: nothing was done.".into());
                false
            }
        }
    }

    /// The file dialog's answer has been taken.
    pub(super) fn file_answered(&mut self) {
        self.tabs.asking = None;
    }

    /// A tab with a new game between `setup`'s players, no clock.
    fn fresh_tab(&mut self, setup: GameSetup) -> Parked {
        self.tabs.next_id += 1;
        Parked {
            id: TabId(self.tabs.next_id),
            mode: Mode::Play,
            play: Play::default(),
            editor: Editor::default(),
            path: None,
            saved_generation: 0,
            flipped: false,
            timing: GameClock::default(),
            review: ParkedReview::default(),
            setup,
        }
    }

    /// Takes the shown tab's state out of the model, leaving a fresh
    /// board's: its clock is paused until its player comes back, the
    /// engine stops working for it.
    fn park(&mut self) -> Parked {
        self.timing.wait();
        let mut timing = GameClock::default();
        std::mem::swap(&mut self.timing, &mut timing);
        // Every tab's clock reads the model's time source (tests set one).
        std::mem::swap(&mut self.timing.time, &mut timing.time);
        self.computer.stop();
        self.premove = super::premove::Premove::default();
        Parked {
            id: self.tabs.shown_id,
            mode: std::mem::replace(&mut self.mode, Mode::Play),
            play: std::mem::take(&mut self.play),
            editor: std::mem::take(&mut self.editor),
            path: self.file.path.take(),
            saved_generation: std::mem::take(&mut self.file.saved_generation),
            flipped: std::mem::take(&mut self.flipped),
            timing,
            review: self.review.park(),
            setup: self.computer.setup.clone(),
        }
    }

    /// Puts a parked tab's state in the model: it is the tab shown.
    fn unpark(&mut self, tab: Parked) {
        self.tabs.shown_id = tab.id;
        self.mode = tab.mode;
        self.play = tab.play;
        self.editor = tab.editor;
        self.file.path = tab.path;
        self.file.saved_generation = tab.saved_generation;
        self.flipped = tab.flipped;
        let mut timing = tab.timing;
        std::mem::swap(&mut timing.time, &mut self.timing.time);
        self.timing = timing;
        self.review.unpark(tab.review);
        // The engine's answers for another tab's game are not this one's.
        self.computer.set_setup(tab.setup);
        self.sounds = super::sounds::Sounds::default();
    }
}
