//! The `chess-engine` binary as a GUI sees it: a scripted UCI session in a
//! child process; then our UCI client and the background worker driving it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use chess_core::Position;
use chess_engine::Level;
use chess_engine::client::{ClientError, UciEngine};
use chess_engine::uci::{EngineMessage, Go, parse_engine_line};
use chess_engine::worker::{Backend, Event, Task, TaskKind, Worker};

const ENGINE: &str = env!("CARGO_BIN_EXE_chess-engine");

struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = Command::new(ENGINE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Session { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no `{prefix}` within {timeout:?}; got {seen:#?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().unwrap();
    last.split_whitespace().nth(1).unwrap().to_owned()
}

#[test]
fn scripted_session() {
    let mut s = Session::start();
    let second = Duration::from_secs(5);

    s.send("uci");
    let hello = s.until("uciok", second);
    assert!(hello.iter().any(|l| l.starts_with("id name chess-engine")));
    for option in ["Hash", "Skill Level", "MultiPV"] {
        assert!(
            hello
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type spin"))),
            "{option}: {hello:?}"
        );
    }
    s.send("isready");
    assert_eq!(s.until("readyok", second), ["readyok"]);

    // Garbage is answered with an explanation, not a crash.
    s.send("flibbertigibbet");
    s.send("go depth banana");
    s.send("position fen not/a/fen w - - 0 1");
    s.send("isready");
    let complaints = s.until("readyok", second);
    assert!(
        complaints.iter().filter(|l| l.starts_with("info string")).count() >= 3,
        "{complaints:?}"
    );

    // Mate in one, with a fixed depth: the score says mate 1.
    s.send("ucinewgame");
    s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    s.send("go depth 4");
    let lines = s.until("bestmove", second);
    assert_eq!(bestmove(&lines), "d1d8");
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).unwrap();
    let EngineMessage::Info(info) = parse_engine_line(info) else {
        panic!()
    };
    assert_eq!(info.score, Some(chess_engine::Score::Mate(1)));
    assert!(info.nodes.is_some() && info.nps.is_some() && info.time_ms.is_some());
    assert_eq!(info.pv, ["d1d8"]);

    // Moves after startpos; movetime is kept.
    s.send("position startpos moves e2e4 e7e5 g1f3");
    let asked = Instant::now();
    s.send("go movetime 300");
    let lines = s.until("bestmove", second);
    let took = asked.elapsed();
    assert!(
        took >= Duration::from_millis(250) && took < Duration::from_millis(1000),
        "{took:?}"
    );
    let reply = bestmove(&lines);
    let black_to_move: Position = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        .parse()
        .unwrap();
    assert!(black_to_move.parse_uci(&reply).is_ok(), "{reply} is legal for Black");

    // A clock: answers well within the time left.
    s.send("position startpos");
    let asked = Instant::now();
    s.send("go wtime 2000 btime 2000 winc 0 binc 0");
    s.until("bestmove", second);
    assert!(asked.elapsed() < Duration::from_millis(600), "{:?}", asked.elapsed());

    // Infinite: nothing until stop; then bestmove at once.
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    s.send("isready");
    let lines = s.until("readyok", second);
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
    let asked = Instant::now();
    s.send("stop");
    let lines = s.until("bestmove", second);
    assert!(asked.elapsed() < Duration::from_millis(200));
    assert!(Position::new().parse_uci(&bestmove(&lines)).is_ok());

    // MultiPV: three lines per depth.
    s.send("setoption name MultiPV value 3");
    s.send("go depth 5");
    let lines = s.until("bestmove", second);
    for k in 1..=3 {
        assert!(
            lines
                .iter()
                .any(|l| l.contains("depth 5 ") && l.contains(&format!(" multipv {k} "))),
            "multipv {k}: {lines:#?}"
        );
    }
    s.send("setoption name MultiPV value 1");

    // Nodes limit, skill level, hash size: all accepted.
    s.send("setoption name Hash value 32");
    s.send("setoption name Skill Level value 2");
    s.send("go nodes 5000");
    let lines = s.until("bestmove", second);
    assert!(Position::new().parse_uci(&bestmove(&lines)).is_ok());

    // Mated: no move to give.
    s.send("position fen R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    s.send("go depth 3");
    assert_eq!(bestmove(&s.until("bestmove", second)), "0000");

    s.send("quit");
    let status = s.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn stop_answers_within_50_ms() {
    let mut s = Session::start();
    s.send("uci");
    s.until("uciok", Duration::from_secs(5));
    s.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(500));
    let asked = Instant::now();
    s.send("stop");
    s.until("bestmove", Duration::from_secs(5));
    let delay = asked.elapsed();
    assert!(delay < Duration::from_millis(50), "{delay:?}");
    s.send("quit");
    s.child.wait().unwrap();
}

#[test]
fn client_drives_the_binary() {
    let mut engine = UciEngine::start(ENGINE, Duration::from_secs(5)).unwrap();
    assert!(engine.name().starts_with("chess-engine"));
    assert!(engine.has_option("Skill Level") && engine.has_option("hash") && !engine.has_option("Ponder"));
    engine.new_game(Duration::from_secs(5)).unwrap();
    let start = Position::new();
    let moves: Vec<_> = ["e2e4", "e7e5"]
        .iter()
        .map(|m| chess_core::Move::from_uci(m).unwrap())
        .collect();
    let moves: Vec<_> = {
        let mut pos = start.clone();
        moves.into_iter().map(|m| pos.play(m).unwrap()).collect()
    };
    let mut infos = 0;
    let go = Go {
        depth: Some(6),
        ..Go::default()
    };
    let answer = engine
        .go(&start, &moves, &go, Duration::from_secs(10), None, |_| infos += 1)
        .unwrap();
    assert!(infos >= 6);
    let mut pos = start.clone();
    for m in &moves {
        pos.play(*m).unwrap();
    }
    let best = answer.best.unwrap();
    assert!(pos.is_legal(best));
    if let Some(ponder) = answer.ponder {
        assert!(pos.after(best).unwrap().is_legal(ponder));
    }
}

#[test]
fn client_gives_up_on_a_hung_or_missing_engine() {
    // `cat` echoes: it never says uciok.
    let started = Instant::now();
    let error = UciEngine::start("cat", Duration::from_millis(300)).unwrap_err();
    assert!(
        matches!(
            error,
            ClientError::Timeout {
                waiting_for: "uciok",
                ..
            }
        ),
        "{error}"
    );
    assert!(started.elapsed() < Duration::from_secs(2));
    // `true` exits at once.
    let error = UciEngine::start("true", Duration::from_secs(5)).unwrap_err();
    assert!(matches!(error, ClientError::Exited { .. }), "{error}");
    let error = UciEngine::start("/nonexistent/engine", Duration::from_secs(5)).unwrap_err();
    assert!(matches!(error, ClientError::Spawn { .. }), "{error}");
    assert!(error.to_string().contains("/nonexistent/engine"));
}

/// Waits for the Done event of `task`, collecting Info events.
fn finish(worker: &mut Worker, task: u64, timeout: Duration) -> (Option<chess_core::Move>, usize) {
    let deadline = Instant::now() + timeout;
    let mut infos = 0;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match worker.wait(left).expect("the worker answers in time") {
            Event::Info { task: t, .. } if t == task => infos += 1,
            Event::Done { task: t, best } if t == task => return (best, infos),
            Event::Failed { task: t, message } if t == task => panic!("{message}"),
            _ => {}
        }
    }
}

#[test]
fn worker_plays_and_analyses_with_both_backends() {
    for backend in [Backend::Builtin, Backend::External(ENGINE.into())] {
        let mut worker = Worker::new(backend.clone());
        let start = Position::new();
        let task = worker.start(Task {
            start: start.clone(),
            moves: Vec::new(),
            kind: TaskKind::Play {
                level: Level::new(5),
                movetime: Duration::from_millis(200),
                clock: None,
            },
        });
        let (best, _) = finish(&mut worker, task, Duration::from_secs(10));
        assert!(start.is_legal(best.unwrap()), "{backend:?}");

        // Analysis runs until stopped, with the lines asked for.
        let task = worker.start(Task {
            start: start.clone(),
            moves: Vec::new(),
            kind: TaskKind::Analyse { lines: 2, threads: 2 },
        });
        let mut seen = [false; 2];
        let deadline = Instant::now() + Duration::from_secs(10);
        while !(seen[0] && seen[1]) && Instant::now() < deadline {
            if let Some(Event::Info { task: t, line }) = worker.wait(Duration::from_millis(100))
                && t == task
            {
                seen[line.multipv - 1] = true;
                let mut pos = start.clone();
                for m in line.pv {
                    pos.play(m).unwrap();
                }
            }
        }
        assert_eq!(seen, [true, true], "{backend:?}");
        assert_eq!(worker.running(), Some(task));
        worker.stop();
        let (best, _) = finish(&mut worker, task, Duration::from_secs(5));
        assert!(start.is_legal(best.unwrap()));
        assert_eq!(worker.running(), None);
    }
}

#[test]
fn worker_reports_a_missing_engine() {
    let mut worker = Worker::new(Backend::External("/nonexistent/engine".into()));
    let task = worker.start(Task {
        start: Position::new(),
        moves: Vec::new(),
        kind: TaskKind::Play {
            level: Level::MAX,
            movetime: Duration::from_millis(50),
            clock: None,
        },
    });
    match worker.wait(Duration::from_secs(5)) {
        Some(Event::Failed { task: t, message }) => {
            assert_eq!(t, task);
            assert!(message.contains("could not start"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

/// With `UCI_Chess960` on, positions are read as Chess960 (X-FEN or
/// Shredder-FEN), and castling goes in and out as the king taking its own
/// rook.
#[test]
fn chess960_session() {
    let mut s = Session::start();
    let second = Duration::from_secs(5);
    s.send("uci");
    let hello = s.until("uciok", second);
    assert!(
        hello.contains(&"option name UCI_Chess960 type check default false".to_string()),
        "{hello:?}"
    );
    s.send("setoption name UCI_Chess960 value true");
    // King f1, rook h1: O-O leaves the king on g1 and the rook on f1.
    let fen = "4k3/8/8/8/8/8/8/5K1R w H - 0 1";
    s.send(&format!("position fen {fen}"));
    s.send("go depth 2 searchmoves f1h1");
    assert_eq!(bestmove(&s.until("bestmove", second)), "f1h1");
    s.send(&format!("position fen {fen} moves f1h1"));
    s.send("go depth 3");
    let answer = bestmove(&s.until("bestmove", second));
    let mut after = Position::from_fen_960(fen).unwrap();
    after.play(after.parse_uci("f1h1").unwrap()).unwrap();
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    assert!(after.parse_uci(&answer).is_ok(), "{answer} in {}", after.fen());
    // `startpos` is start position 518, with king-takes-rook castling.
    s.send("position startpos moves e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1h1");
    s.send("go depth 2");
    let answer = bestmove(&s.until("bestmove", second));
    let mut pos = Position::new_960(518).unwrap();
    for m in ["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1h1"] {
        pos.play(pos.parse_uci(m).unwrap()).unwrap();
    }
    assert!(pos.parse_uci(&answer).is_ok(), "{answer}");
    // Off again: standard chess, castling as the king's two-step.
    s.send("setoption name UCI_Chess960 value false");
    s.send("position startpos moves e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1");
    s.send("isready");
    let lines = s.until("readyok", second);
    assert!(!lines.iter().any(|l| l.contains("not legal")), "{lines:?}");
    s.send("quit");
    let _ = s.child.wait();
}

/// The client puts an engine into Chess960 mode for a 960 game (and back
/// for a standard one), so castling as king-takes-rook and X-FEN are
/// understood.
#[test]
fn client_plays_a_960_game_with_castling() {
    let mut engine = UciEngine::start(ENGINE, Duration::from_secs(5)).unwrap();
    assert!(engine.has_option("UCI_Chess960"));
    // 750: RKNNQBBR; after 1. Nd3 Nd6 2. Ne3 Ne6 3. O-O-O (b1a1) O-O-O (b8a8).
    let start = Position::new_960(750).unwrap();
    let mut pos = start.clone();
    let moves: Vec<_> = ["c1d3", "c8d6", "d1e3", "d8e6", "b1a1", "b8a8"]
        .iter()
        .map(|m| pos.play(pos.parse_uci(m).unwrap()).unwrap())
        .collect();
    assert!(moves[4].is_castle() && moves[5].is_castle());
    let go = Go {
        depth: Some(4),
        ..Go::default()
    };
    let answer = engine
        .go(&start, &moves, &go, Duration::from_secs(10), None, |_| {})
        .unwrap();
    assert!(pos.is_legal(answer.best.unwrap()), "{:?} in {}", answer.best, pos.fen());
    // And a standard game afterwards: e1g1 castling again.
    let standard = Position::new();
    let mut pos = standard.clone();
    let moves: Vec<_> = ["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1g1"]
        .iter()
        .map(|m| pos.play(pos.parse_uci(m).unwrap()).unwrap())
        .collect();
    let answer = engine
        .go(&standard, &moves, &go, Duration::from_secs(10), None, |_| {})
        .unwrap();
    assert!(pos.is_legal(answer.best.unwrap()));
}

/// `OwnBook` and `BookFile`: the engine answers from a Polyglot book while
/// the position is in it, saying so, and searches once out of it.
#[test]
fn the_engine_plays_from_its_book() {
    let dir = std::env::temp_dir().join(format!("chess-engine-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.bin");
    // One entry for the start position: g1f3 (to 21, from 6).
    let mut entry = Position::new().zobrist().to_be_bytes().to_vec();
    entry.extend_from_slice(&(21u16 | 6 << 6).to_be_bytes());
    entry.extend_from_slice(&5u16.to_be_bytes());
    entry.extend_from_slice(&0u32.to_be_bytes());
    std::fs::write(&book, entry).unwrap();

    let mut s = Session::start();
    let second = Duration::from_secs(5);
    s.send("uci");
    let hello = s.until("uciok", second);
    assert!(hello.contains(&"option name OwnBook type check default false".to_string()));
    assert!(hello.contains(&"option name BookFile type string default <empty>".to_string()));
    s.send(&format!("setoption name BookFile value {}", book.display()));
    s.send("setoption name OwnBook value true");
    s.send("position startpos");
    s.send("go movetime 1000");
    let lines = s.until("bestmove", second);
    assert!(lines.contains(&"info string book move".to_string()), "{lines:?}");
    assert_eq!(bestmove(&lines), "g1f3");
    // Out of the book: a search.
    s.send("position startpos moves e2e4");
    s.send("go depth 3");
    let lines = s.until("bestmove", second);
    assert!(!lines.iter().any(|l| l == "info string book move"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("info depth")));
    // A file that is not a book is reported.
    std::fs::write(&book, [0u8; 7]).unwrap();
    s.send(&format!("setoption name BookFile value {}", book.display()));
    s.send("isready");
    let lines = s.until("readyok", second);
    assert!(lines.iter().any(|l| l.contains("cut short")), "{lines:?}");
    s.send("quit");
    let _ = s.child.wait();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_engine_api_plays_from_a_book() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let dir = std::env::temp_dir().join(format!("chess-engine-api-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("book.bin");
    let mut entry = Position::new().zobrist().to_be_bytes().to_vec();
    entry.extend_from_slice(&(21u16 | 6 << 6).to_be_bytes());
    entry.extend_from_slice(&1u16.to_be_bytes());
    entry.extend_from_slice(&0u32.to_be_bytes());
    std::fs::write(&path, entry).unwrap();
    let mut engine = chess_engine::Engine::new(4);
    engine.set_book(Some(Arc::new(chess_file::book::BookFile::open(&path).unwrap())));
    let stop = AtomicBool::new(false);
    let mut rng = chess_engine::Rng::seeded(1);
    let m = engine.play(
        &Position::new(),
        &[],
        Level::new(10),
        Duration::from_millis(50),
        &stop,
        &mut rng,
    );
    assert_eq!(m.unwrap().uci(), "g1f3");
    let _ = std::fs::remove_dir_all(&dir);
}

/// On a 1+0 clock (and with a minute to think per move allowed), both
/// backends budget their time from the clock: an answer comes in a few
/// seconds, well inside the time left, so the computer does not lose on
/// time by thinking.
#[test]
fn on_the_clock_the_engines_budget_their_time() {
    use chess_engine::worker::ClockTimes;
    for backend in [Backend::Builtin, Backend::External(ENGINE.into())] {
        let mut worker = Worker::new(backend.clone());
        let start = Position::new();
        let began = Instant::now();
        let task = worker.start(Task {
            start: start.clone(),
            moves: Vec::new(),
            kind: TaskKind::Play {
                level: Level::new(10),
                movetime: Duration::from_secs(60),
                clock: Some(ClockTimes {
                    wtime: Duration::from_secs(60),
                    btime: Duration::from_secs(60),
                    winc: Duration::ZERO,
                    binc: Duration::ZERO,
                    movestogo: None,
                }),
            },
        });
        let (best, _) = finish(&mut worker, task, Duration::from_secs(30));
        let took = began.elapsed();
        assert!(start.is_legal(best.unwrap()));
        assert!(took < Duration::from_secs(6), "{backend:?} took {took:?} of its 60 s");
    }
}

/// The waker is called when a task ends, after its event can be read: a
/// GUI woken by it finds the move at once.
#[test]
fn worker_wakes_its_owner_when_a_task_ends() {
    let (tx, rx) = std::sync::mpsc::channel();
    let mut worker = Worker::new(Backend::Builtin);
    let tx = std::sync::Mutex::new(tx);
    worker.set_waker(Some(chess_engine::worker::Waker::new(move || {
        let _ = tx.lock().unwrap().send(());
    })));
    let task = worker.start(Task {
        start: Position::new(),
        moves: Vec::new(),
        kind: TaskKind::Play {
            level: Level::new(3),
            movetime: Duration::from_millis(100),
            clock: None,
        },
    });
    rx.recv_timeout(Duration::from_secs(10))
        .expect("woken when the move is ready");
    let done = worker
        .poll()
        .into_iter()
        .any(|e| matches!(e, Event::Done { task: t, best: Some(_) } if t == task));
    assert!(done, "the move is there when the waker is called");
    assert_eq!(worker.running(), None);
}
