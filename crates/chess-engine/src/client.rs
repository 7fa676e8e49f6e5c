//! Driving an external UCI engine (Stockfish, or our own `chess-engine`)
//! as a child process: start it, shake hands, send positions, read its
//! `info` and `bestmove`, and never wait forever: a hung engine is killed.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use chess_core::{Move, Position};

use crate::uci::{EngineMessage, Go, InfoLine, parse_engine_line};

/// What went wrong talking to an engine.
#[derive(Debug)]
pub enum ClientError {
    /// The program could not be started.
    Spawn {
        /// The program.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Writing to the engine failed (it has probably exited).
    Io(std::io::Error),
    /// The engine did not answer in time (it has been killed).
    Timeout {
        /// What we were waiting for (`uciok`, `readyok`, `bestmove`).
        waiting_for: &'static str,
        /// How long we waited.
        after: Duration,
    },
    /// The engine's output ended (it exited or crashed).
    Exited {
        /// What we were waiting for.
        waiting_for: &'static str,
    },
    /// The engine answered with a move that is not legal in the position.
    IllegalMove(String),
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Spawn { path, source } => write!(f, "could not start {}: {source}", path.display()),
            ClientError::Io(e) => write!(f, "could not talk to the engine: {e}"),
            ClientError::Timeout { waiting_for, after } => {
                write!(
                    f,
                    "the engine did not send `{waiting_for}` within {} ms",
                    after.as_millis()
                )
            }
            ClientError::Exited { waiting_for } => write!(f, "the engine exited while we waited for `{waiting_for}`"),
            ClientError::IllegalMove(m) => write!(f, "the engine played `{m}`, which is not legal"),
        }
    }
}

impl std::error::Error for ClientError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClientError::Spawn { source, .. } | ClientError::Io(source) => Some(source),
            _ => None,
        }
    }
}

/// The answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move (`None` when the engine says there is none: mate or
    /// stalemate).
    pub best: Option<Move>,
    /// The reply it expects, if legal.
    pub ponder: Option<Move>,
}

/// A running UCI engine.
///
/// ```no_run
/// use std::time::Duration;
/// use chess_engine::client::UciEngine;
/// use chess_engine::uci::Go;
///
/// let mut stockfish = UciEngine::start("stockfish", Duration::from_secs(5))?;
/// stockfish.set_option("UCI_LimitStrength", "true")?;
/// let pos = chess_core::Position::new();
/// let go = Go { movetime: Some(Duration::from_millis(100)), ..Go::default() };
/// let answer = stockfish.go(&pos, &[], &go, Duration::from_secs(5), None, |_| {})?;
/// println!("{} plays {}", stockfish.name(), answer.best.unwrap().uci());
/// # Ok::<(), chess_engine::client::ClientError>(())
/// ```
#[derive(Debug)]
pub struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    author: String,
    options: Vec<String>,
    /// What `UCI_Chess960` was last set to (false: never set, the default).
    chess960: bool,
}

impl UciEngine {
    /// Starts the program at `path` and shakes hands (`uci` … `uciok`),
    /// giving up (and killing it) after `timeout`.
    pub fn start(path: impl AsRef<Path>, timeout: Duration) -> Result<UciEngine, ClientError> {
        let path = path.as_ref();
        let mut child = Process::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ClientError::Spawn {
                path: path.to_owned(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ClientError::Io(std::io::Error::other("no pipes to the engine")));
        };
        // A thread reads the engine's output, so every wait can time out.
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            child,
            stdin,
            lines,
            name: path.display().to_string(),
            author: String::new(),
            options: Vec::new(),
            chess960: false,
        };
        // A program that exits at once makes the write fail: it exited.
        engine
            .send("uci")
            .map_err(|_| ClientError::Exited { waiting_for: "uciok" })?;
        engine.wait_for("uciok", timeout, |engine, message| match message {
            EngineMessage::Name(name) => {
                engine.name = name;
                false
            }
            EngineMessage::Author(author) => {
                engine.author = author;
                false
            }
            EngineMessage::Option(option) => {
                engine.options.push(option);
                false
            }
            EngineMessage::UciOk => true,
            _ => false,
        })?;
        Ok(engine)
    }

    /// The engine's name (`id name`), or its path if it gave none.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The engine's author (`id author`).
    pub fn author(&self) -> &str {
        &self.author
    }

    /// The options the engine announced, as text (`name Hash type spin ...`).
    pub fn options(&self) -> &[String] {
        &self.options
    }

    /// Whether the engine announced an option of this name.
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| {
            o.strip_prefix("name ")
                .and_then(|rest| rest.split(" type ").next())
                .is_some_and(|n| n.eq_ignore_ascii_case(name))
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(ClientError::Io)
    }

    /// `setoption name N value V`.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), ClientError> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// `isready`, waiting for `readyok`.
    pub fn is_ready(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.send("isready")?;
        self.wait_for("readyok", timeout, |_, m| m == EngineMessage::ReadyOk)
    }

    /// `ucinewgame`, then `isready`.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.send("ucinewgame")?;
        self.is_ready(timeout)
    }

    /// Searches the position reached from `start` by `moves`: sends
    /// `position` and `go`, passes each `info` to `on_info`, and returns
    /// the `bestmove`. When `stop` becomes true, sends `stop` and waits for
    /// the answer. After `timeout`, sends `stop`; if no answer comes within
    /// a second more, kills the engine.
    pub fn go(
        &mut self,
        start: &Position,
        moves: &[Move],
        go: &Go,
        timeout: Duration,
        stop: Option<&AtomicBool>,
        mut on_info: impl FnMut(&InfoLine),
    ) -> Result<BestMove, ClientError> {
        // A Chess960 game needs the engine in Chess960 mode (king-takes-rook
        // castling, X-FEN); a standard game after one needs it back.
        if start.is_chess960() != self.chess960 && self.has_option("UCI_Chess960") {
            let value = if start.is_chess960() { "true" } else { "false" };
            self.set_option("UCI_Chess960", value)?;
            self.chess960 = start.is_chess960();
        }
        let mut command = if *start == Position::new() {
            "position startpos".to_owned()
        } else {
            format!("position fen {}", start.fen())
        };
        let mut pos = start.clone();
        if !moves.is_empty() {
            command.push_str(" moves");
            for &m in moves {
                command.push(' ');
                command.push_str(&m.uci());
                pos.play_unchecked(m);
            }
        }
        self.send(&command)?;
        self.send(&go.to_string())?;
        let started = Instant::now();
        let mut stop_sent = false;
        let mut deadline = started + timeout;
        loop {
            if !stop_sent && stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                self.send("stop")?;
                stop_sent = true;
                deadline = Instant::now() + Duration::from_secs(1);
            }
            let now = Instant::now();
            if now >= deadline {
                if stop_sent {
                    self.kill();
                    return Err(ClientError::Timeout {
                        waiting_for: "bestmove",
                        after: started.elapsed(),
                    });
                }
                self.send("stop")?;
                stop_sent = true;
                deadline = now + Duration::from_secs(1);
                continue;
            }
            // Wake up often enough to notice `stop`.
            let wait = (deadline - now).min(Duration::from_millis(10));
            match self.lines.recv_timeout(wait) {
                Ok(line) => match parse_engine_line(&line) {
                    EngineMessage::Info(info) => on_info(&info),
                    EngineMessage::BestMove { best, ponder } => {
                        let best = match best {
                            Some(text) => Some(pos.parse_uci(&text).map_err(|_| ClientError::IllegalMove(text))?),
                            None => None,
                        };
                        let ponder = match (best, ponder) {
                            (Some(b), Some(p)) => pos.after(b).ok().and_then(|after| after.parse_uci(&p).ok()),
                            _ => None,
                        };
                        return Ok(BestMove { best, ponder });
                    }
                    _ => {}
                },
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ClientError::Exited {
                        waiting_for: "bestmove",
                    });
                }
            }
        }
    }

    /// Reads lines until `done` says so, or fails after `timeout` (killing
    /// the engine) or when the engine exits.
    fn wait_for(
        &mut self,
        waiting_for: &'static str,
        timeout: Duration,
        mut done: impl FnMut(&mut UciEngine, EngineMessage) -> bool,
    ) -> Result<(), ClientError> {
        let started = Instant::now();
        loop {
            let left = timeout.saturating_sub(started.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if done(self, parse_engine_line(&line)) {
                        return Ok(());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Err(ClientError::Timeout {
                        waiting_for,
                        after: started.elapsed(),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(ClientError::Exited { waiting_for }),
            }
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for UciEngine {
    /// Asks the engine to quit, and kills it if it is still there shortly
    /// after.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + Duration::from_millis(200);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}
