//! `chess-engine`: the engine as a UCI program, for any chess GUI (cutechess,
//! Arena, En Croissant, ...) or for our own app and match runner.
//!
//! Reads commands on stdin and answers on stdout. Searches run on a second
//! thread, so `stop`, `isready` and `quit` are answered while it thinks.
//!
//! `chess-engine review IN.pgn [--depth N | --movetime MS] [--threads N]`
//! reviews every game of a file instead and writes it, annotated, to
//! stdout (see [`chess_engine::review`]), with a progress bar on stderr.

use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use chess_core::Position;
use chess_engine::uci::{Command, Go, format_bestmove, format_info, parse_command_in, play_moves};
use chess_engine::{Engine, Level, Rng};
use chess_file::book::BookFile;

const NAME: &str = concat!("chess-engine ", env!("CARGO_PKG_VERSION"));
const MAX_HASH_MB: usize = 4096;
/// The most search threads (Lazy SMP) the `Threads` option takes.
const MAX_THREADS: usize = 256;

struct Uci {
    /// The engine, when no search holds it.
    engine: Option<Engine>,
    /// The running search; it hands the engine back when it ends.
    search: Option<JoinHandle<Engine>>,
    stop: Arc<AtomicBool>,
    /// Counts searches, so a timer set on `ponderhit` only stops its own.
    generation: Arc<AtomicU64>,
    /// The `go` of the running search, for `ponderhit`.
    pondering: Option<(Go, chess_core::Color)>,
    position: Position,
    history: Vec<u64>,
    hash_mb: usize,
    /// The `Threads` option.
    threads: usize,
    skill: Level,
    multipv: usize,
    rng: Rng,
    /// The `UCI_Chess960` option: positions and moves in Chess960 terms.
    chess960: bool,
    /// The `OwnBook` option: answer from the book while the position is in it.
    own_book: bool,
    /// The book of the `BookFile` option.
    book: Option<Arc<BookFile>>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "review") {
        std::process::exit(review_command(&args[1..]));
    }
    let mut uci = Uci {
        engine: Some(Engine::new(16)),
        search: None,
        stop: Arc::new(AtomicBool::new(false)),
        generation: Arc::new(AtomicU64::new(0)),
        pondering: None,
        position: Position::new(),
        history: Vec::new(),
        hash_mb: 16,
        threads: 1,
        skill: Level::MAX,
        multipv: 1,
        rng: Rng::from_clock(),
        chess960: false,
        own_book: false,
        book: None,
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        match parse_command_in(&line, uci.chess960) {
            Ok(Command::Quit) => break,
            Ok(command) => uci.handle(command),
            Err(e) => println!("info string {e}"),
        }
    }
    uci.finish_search();
}

impl Uci {
    fn handle(&mut self, command: Command) {
        match command {
            Command::Uci => {
                println!("id name {NAME}");
                println!("id author the chess-toolkit authors");
                println!("option name Hash type spin default 16 min 1 max {MAX_HASH_MB}");
                println!("option name Threads type spin default 1 min 1 max {MAX_THREADS}");
                println!("option name Skill Level type spin default 10 min 1 max 10");
                println!("option name MultiPV type spin default 1 min 1 max 64");
                println!("option name Clear Hash type button");
                println!("option name UCI_Chess960 type check default false");
                println!("option name OwnBook type check default false");
                println!("option name BookFile type string default <empty>");
                println!("uciok");
            }
            Command::Debug(_) => {}
            Command::IsReady => println!("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => {
                self.finish_search();
                self.engine_mut().new_game();
            }
            Command::Position { start, moves } => {
                self.finish_search();
                let played = play_moves(&start, &moves);
                if let Some(message) = played.error {
                    println!("info string {message}; using the position before it");
                }
                (self.position, self.history) = (played.position, played.history);
            }
            Command::Go(go) => self.go(go),
            Command::Stop => self.finish_search(),
            Command::PonderHit => self.ponderhit(),
            Command::Quit => unreachable!("handled by the loop"),
        }
    }

    /// An engine with the options' hash size and threads.
    fn fresh_engine(&self) -> Engine {
        let mut engine = Engine::new(self.hash_mb);
        engine.set_threads(self.threads);
        engine
    }

    fn engine_mut(&mut self) -> &mut Engine {
        self.engine.get_or_insert_with(|| Engine::new(16))
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        self.finish_search();
        let number = value.and_then(|v| v.trim().parse::<i64>().ok());
        match (name.to_ascii_lowercase().as_str(), number) {
            ("hash", Some(mb)) => {
                self.hash_mb = mb.clamp(1, MAX_HASH_MB as i64) as usize;
                let mb = self.hash_mb;
                self.engine_mut().set_hash_mb(mb);
            }
            ("threads", Some(n)) => {
                self.threads = n.clamp(1, MAX_THREADS as i64) as usize;
                let threads = self.threads;
                self.engine_mut().set_threads(threads);
            }
            ("skill level", Some(level)) => self.skill = Level::new(level.clamp(1, 10) as u8),
            ("multipv", Some(n)) => self.multipv = n.clamp(1, 64) as usize,
            ("clear hash", _) => self.engine_mut().new_game(),
            ("uci_chess960", _) => self.chess960 = value.is_some_and(|v| v.trim().eq_ignore_ascii_case("true")),
            ("ownbook", _) => self.own_book = value.is_some_and(|v| v.trim().eq_ignore_ascii_case("true")),
            ("bookfile", _) => {
                let path = value.unwrap_or("").trim();
                self.book = None;
                if !path.is_empty() && path != "<empty>" {
                    match BookFile::open(path) {
                        Ok(book) => self.book = Some(Arc::new(book)),
                        Err(e) => println!("info string {e}"),
                    }
                }
            }
            _ => println!("info string ignored option `{name}` (value {value:?})"),
        }
    }

    fn go(&mut self, go: Go) {
        self.finish_search();
        // From the book while the position is in it (not when asked to
        // analyse or ponder, which want a search).
        if self.own_book
            && !go.infinite
            && !go.ponder
            && let Some(book) = &self.book
            && let Ok(entries) = book.entries(&self.position)
            && let Some(m) = chess_core::book::choose_weighted(&entries, self.rng.next_f64())
        {
            println!("info string book move");
            println!("{}", format_bestmove(Some(m), None));
            return;
        }
        let mut engine = self.engine.take().unwrap_or_else(|| self.fresh_engine());
        let pos = self.position.clone();
        let history = self.history.clone();
        let mut limits = go.limits(&pos, self.multipv);
        let level = self.skill;
        if level < Level::MAX {
            let level_limits = level.limits(Duration::MAX);
            limits.depth = limits.depth.min(level_limits.depth).or(level_limits.depth);
            limits.nodes = limits.nodes.min(level_limits.nodes).or(level_limits.nodes);
            limits.multipv = limits.multipv.max(level_limits.multipv);
        }
        let wait_for_stop = go.infinite || go.ponder;
        self.pondering = go.ponder.then(|| (go.clone(), pos.turn()));
        self.stop.store(false, Ordering::SeqCst);
        self.generation.fetch_add(1, Ordering::SeqCst);
        let stop = Arc::clone(&self.stop);
        let random = self.rng.next_f64();
        let shown_lines = self.multipv;
        self.search = Some(std::thread::spawn(move || {
            let result = engine.search(&pos, &history, &limits, &stop, |info| {
                if info.multipv <= shown_lines {
                    println!("{}", format_info(info));
                }
            });
            let best = if level < Level::MAX {
                level.choose(&result, random)
            } else {
                result.best
            };
            let ponder = if best == result.best { result.ponder } else { None };
            // UCI: after `go infinite` or `go ponder`, answer only on `stop`
            // (or `ponderhit`, which turns the search into a timed one).
            while wait_for_stop && !stop.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
            println!("{}", format_bestmove(best, ponder));
            engine
        }));
    }

    /// The move we pondered on was played: give the search the time the
    /// clock allows, from now.
    fn ponderhit(&mut self) {
        let Some((go, turn)) = self.pondering.take() else {
            return;
        };
        let white = turn == chess_core::Color::White;
        let (time, inc) = if white {
            (go.wtime, go.winc)
        } else {
            (go.btime, go.binc)
        };
        let budget = match (go.movetime, time) {
            (Some(movetime), _) => movetime,
            (None, Some(time)) => time / go.movestogo.unwrap_or(30).clamp(1, 50) + inc.unwrap_or_default() * 3 / 4,
            (None, None) => Duration::from_secs(1),
        };
        let stop = Arc::clone(&self.stop);
        let generation = Arc::clone(&self.generation);
        let mine = generation.load(Ordering::SeqCst);
        std::thread::spawn(move || {
            std::thread::sleep(budget);
            if generation.load(Ordering::SeqCst) == mine {
                stop.store(true, Ordering::SeqCst);
            }
        });
    }

    /// Stops a running search (it prints its `bestmove`) and takes the
    /// engine back.
    fn finish_search(&mut self) {
        if let Some(handle) = self.search.take() {
            self.stop.store(true, Ordering::SeqCst);
            self.pondering = None;
            match handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    println!("info string the search failed; starting afresh");
                    self.engine = Some(self.fresh_engine());
                }
            }
        }
    }
}

const REVIEW_USAGE: &str = "usage: chess-engine review IN.pgn [--depth N | --movetime MS] [--threads N] > OUT.pgn";

/// The options of `chess-engine review`, or what is wrong with them.
fn review_options(args: &[String]) -> Result<(String, chess_engine::review::AnalyseOptions), String> {
    use chess_engine::Limits;
    let mut options = chess_engine::review::AnalyseOptions::default();
    let mut input = None;
    let mut limit = None;
    let mut args = args.iter();
    let number = |flag: &str, value: Option<&String>| -> Result<u64, String> {
        let value = value.ok_or(format!("{flag} needs a number"))?;
        value
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or(format!("{flag} needs a positive number, not {value:?}"))
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--depth" | "--movetime" if limit.is_some() => return Err("give --depth or --movetime, not both".into()),
            "--depth" => limit = Some(Limits::depth(number(arg, args.next())?.min(64) as u32)),
            "--movetime" => limit = Some(Limits::movetime(Duration::from_millis(number(arg, args.next())?))),
            "--threads" => options.threads = number(arg, args.next())?.min(256) as usize,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            path if input.is_none() => input = Some(path.to_string()),
            extra => return Err(format!("one input file only ({extra:?} is a second)")),
        }
    }
    if let Some(limit) = limit {
        options.limits = limit;
    }
    Ok((input.ok_or("no input file")?, options))
}

/// `chess-engine review`: returns the exit code.
fn review_command(args: &[String]) -> i32 {
    let (path, options) = match review_options(args) {
        Ok(ok) => ok,
        Err(e) => {
            eprintln!("chess-engine review: {e}\n{REVIEW_USAGE}");
            return 2;
        }
    };
    let pgn = match std::fs::read(&path) {
        Ok(pgn) => pgn,
        Err(e) => {
            eprintln!("chess-engine review: cannot read {path}: {e}");
            return 1;
        }
    };
    let start = std::time::Instant::now();
    // indicatif draws nothing when stderr is not a terminal (a log file, a
    // pipe): no carriage-return lines there.
    let bar = indicatif::ProgressBar::new(1000);
    bar.set_style(
        indicatif::ProgressStyle::with_template("[{bar:30}] {msg}  {percent:>3}%  {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("#>."),
    );
    let show = |p: chess_engine::review::batch::Progress| {
        let fraction = if p.games == 0 {
            1.0
        } else {
            let within = if p.positions == 0 {
                0.0
            } else {
                p.positions_done as f64 / p.positions as f64
            };
            (p.games_done as f64 + within) / p.games as f64
        };
        bar.set_position((fraction * 1000.0) as u64);
        bar.set_message(format!("{}/{} games", p.games_done, p.games));
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let stop = AtomicBool::new(false);
    let reviewed = chess_engine::review::batch::review_pgn(&pgn, &mut out, &options, &stop, &show);
    bar.finish_and_clear();
    match reviewed {
        Ok(summary) => {
            let minutes = start.elapsed().as_secs_f64() / 60.0;
            eprintln!(
                "{} game(s) reviewed in {:.1} s ({:.1} games a minute, {} thread(s))",
                summary.reviewed,
                minutes * 60.0,
                summary.reviewed as f64 / minutes.max(1e-9),
                options.threads
            );
            for e in &summary.unreadable {
                eprintln!("left out: {e}");
            }
            i32::from(!summary.unreadable.is_empty())
        }
        Err(e) => {
            eprintln!("chess-engine review: cannot write: {e}");
            1
        }
    }
}
