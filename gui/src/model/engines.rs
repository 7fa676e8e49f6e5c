//! The UCI engines the app can play with besides its own: those installed
//! on the system (Stockfish and other well-known engines, found in `PATH`
//! and `/usr/games`) and the programs the user pointed to. Each is asked
//! its name (`id name`) on a thread of its own at start; one that does not
//! answer as a UCI engine is kept in the list with the reason, never
//! dropped without a word.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender};
use std::time::Duration;

/// Programs of UCI engines looked for on the system.
const KNOWN: &[&str] = &[
    "stockfish",
    "fairy-stockfish",
    "lc0",
    "ethereal",
    "berserk",
    "rubichess",
    "koivisto",
    "fruit",
    "toga2",
    "glaurung",
    "komodo",
    "dragon",
];

/// Folders looked in besides `PATH` (Debian puts its engines in
/// `/usr/games`, which a user's `PATH` often lacks).
const GAME_FOLDERS: &[&str] = &["/usr/games", "/usr/local/games"];

/// How long a program has to shake hands.
const ANSWER: Duration = Duration::from_secs(3);

/// An engine program and what it said when asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The program.
    pub path: PathBuf,
    /// Its name (`id name`), or why it cannot be used.
    pub name: Result<String, String>,
}

impl Found {
    /// The line the new game dialog shows for it.
    pub fn label(&self) -> String {
        match &self.name {
            Ok(name) => name.clone(),
            Err(why) => format!("{}: {why}", self.path.display()),
        }
    }
}

/// The engines known to the app.
#[derive(Debug)]
pub struct Engines {
    /// Those asked so far, in the order they answered.
    pub found: Vec<Found>,
    /// The programs the user pointed to (remembered between runs).
    pub added: Vec<PathBuf>,
    /// Where the asking threads send their answers.
    send: Sender<Found>,
    answers: Receiver<Found>,
    /// Programs asked whose answer has not come.
    waiting: usize,
}

impl Default for Engines {
    fn default() -> Engines {
        let (send, answers) = std::sync::mpsc::channel();
        Engines {
            found: Vec::new(),
            added: Vec::new(),
            send,
            answers,
            waiting: 0,
        }
    }
}

impl Engines {
    /// Looks for the system's engines and the user's, and asks each its
    /// name on a thread (see [`Engines::poll`]).
    pub fn discover(&mut self) {
        let mut programs = system_engines();
        for path in &self.added {
            if !programs.contains(path) {
                programs.push(path.clone());
            }
        }
        self.ask(programs);
    }

    /// The user points to `path`: it is remembered and asked its name.
    pub fn add(&mut self, path: &Path) {
        if !self.added.iter().any(|p| p == path) {
            self.added.push(path.to_path_buf());
        }
        self.found.retain(|f| f.path != path);
        self.ask(vec![path.to_path_buf()]);
    }

    fn ask(&mut self, programs: Vec<PathBuf>) {
        let send = self.send.clone();
        let count = programs.len();
        let spawned = std::thread::Builder::new().name("engines".into()).spawn(move || {
            for path in programs {
                let name = probe(&path);
                if send.send(Found { path, name }).is_err() {
                    break;
                }
            }
        });
        if spawned.is_ok() {
            self.waiting += count;
        }
    }

    /// Takes the answers that came; true while more are to come.
    pub fn poll(&mut self) -> bool {
        while let Ok(found) = self.answers.try_recv() {
            self.waiting = self.waiting.saturating_sub(1);
            self.found.retain(|f| f.path != found.path);
            self.found.push(found);
        }
        self.waiting > 0
    }

    /// Waits until every engine has answered (tests).
    pub fn wait(&mut self) {
        while self.poll() {
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// What was found out about `path`, if it was asked.
    pub fn about(&self, path: &Path) -> Option<&Found> {
        self.found.iter().find(|f| f.path == path)
    }
}

/// The well-known engines installed: in `PATH`, then the game folders.
pub fn system_engines() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).collect())
        .unwrap_or_default();
    folders.extend(GAME_FOLDERS.iter().map(PathBuf::from));
    let mut found: Vec<PathBuf> = Vec::new();
    let mut seen: Vec<PathBuf> = Vec::new();
    for name in KNOWN {
        for folder in &folders {
            let path = folder.join(name);
            if !path.is_file() {
                continue;
            }
            // The same program through two folders (a link) is one.
            let real = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
            if !seen.contains(&real) {
                seen.push(real);
                found.push(path);
            }
        }
    }
    found
}

/// Starts `path` as a UCI engine and asks its name.
pub fn probe(path: &Path) -> Result<String, String> {
    if !path.exists() {
        return Err("there is no such file".into());
    }
    match chess_engine::client::UciEngine::start(path, ANSWER) {
        Ok(engine) => Ok(engine.name().to_string()),
        Err(e) => Err(format!("not a UCI engine ({e})")),
    }
}
