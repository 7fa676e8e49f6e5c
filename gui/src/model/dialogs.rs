//! What the model asks of the user: file choices and what they are for
//! (the app's dialogs answer them, see [`super::requests`]), the actions
//! that may wait for "discard unsaved changes?", and the dialogs shown over
//! the app.

use std::path::PathBuf;

use chess_core::Game;

use super::computer::GameSetup;
use super::files::FileKind;

/// What a file is being chosen for.
#[derive(Clone, Debug, PartialEq)]
pub enum Purpose {
    /// A game to open (RON or PGN).
    Open,
    /// A PGN file to import.
    ImportPgn,
    /// Where to save the game, then what to do after saving.
    Save {
        /// The action that waited for the save (a new game...).
        then: Option<Pending>,
    },
    /// Where to write the game as PGN.
    ExportPgn,
    /// A PGN file to keep open as a collection.
    OpenCollection,
    /// Where to write the games of the list shown.
    ExportList,
    /// A Polyglot book for the new game dialog.
    Book,
    /// A UCI engine program for the new game dialog.
    Engine,
}

impl Purpose {
    /// Whether the file chosen is written (and so may replace one).
    pub fn writes(&self) -> bool {
        matches!(self, Purpose::Save { .. } | Purpose::ExportPgn | Purpose::ExportList)
    }
}

/// A file choice the app's dialogs are to make.
#[derive(Clone, Debug, PartialEq)]
pub struct FileRequest {
    /// What for.
    pub purpose: Purpose,
    /// The kind of file (none: games of either kind, or a program).
    pub kind: Option<FileKind>,
    /// For saving: the suggested name.
    pub name: Option<String>,
}

/// Something the user asked for that may first need "discard unsaved
/// changes?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Start a new game (the same players as before).
    NewGame,
    /// Start a new game with these players.
    NewGameWith(GameSetup),
    /// Choose a file to open.
    Open,
    /// Open this file (in a tab of its own).
    OpenPath(PathBuf),
    /// Choose a PGN file to import.
    ImportPgn,
    /// Take a pasted FEN or PGN.
    Paste(String),
    /// Start a game from the editor's position.
    PlayFromEditor,
    /// Close the app.
    Quit,
    /// Close the tab shown.
    CloseTab,
    /// Open the game of this row of the collection's list.
    OpenListed(usize),
    /// Open this game of the collection shown, at this ply.
    OpenCollectionGame {
        /// Its number in the file (from 1).
        game: u64,
        /// The ply to show.
        ply: u32,
    },
}

impl Pending {
    /// What the action does, in words ("the new game").
    pub fn describe(&self) -> &'static str {
        match self {
            Pending::NewGame | Pending::NewGameWith(_) => "the new game",
            Pending::Open | Pending::OpenPath(_) => "opening the file",
            Pending::ImportPgn => "importing the PGN",
            Pending::Paste(_) => "loading the pasted text",
            Pending::PlayFromEditor => "playing from the editor",
            Pending::Quit => "quitting",
            Pending::CloseTab => "closing the tab",
            Pending::OpenListed(_) | Pending::OpenCollectionGame { .. } => "opening the game",
        }
    }
}

/// The answer to "discard unsaved changes?".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Save first, then go on.
    Save,
    /// Go on without saving.
    Discard,
    /// Do nothing.
    Cancel,
}

/// A dialog over the app.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// Unsaved changes: save, discard or cancel before `then`.
    Confirm {
        /// What happens after the answer.
        then: Pending,
    },
    /// The file chosen to save to exists: replace it?
    ConfirmReplace {
        /// What it was chosen for.
        purpose: Purpose,
        /// The file.
        path: PathBuf,
    },
    /// Something went wrong; the game is as it was.
    Error(String),
    /// A PGN file with several games: which one?
    PickGame {
        /// The games.
        games: Vec<Game>,
        /// Games that could not be read.
        skipped: usize,
    },
    /// Paste a FEN or PGN to load.
    Paste {
        /// The text typed or pasted so far.
        text: String,
    },
    /// A new game: who plays, how strong the computer is.
    NewGame(GameSetup),
    /// The words of a move's comment, being edited.
    Comment {
        /// The move.
        node: chess_core::NodeId,
        /// The words typed so far.
        text: String,
    },
    /// The keyboard shortcuts (`?`).
    Shortcuts,
}
