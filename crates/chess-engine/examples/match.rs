//! Plays a match between two UCI engines and prints the score with an Elo
//! difference and its 95% error bar.
//!
//! ```text
//! cargo run --release -p chess-engine --example match -- ENGINE_A ENGINE_B \
//!     [--games N] [--movetime MS] [--concurrency N] \
//!     [--option-a NAME=VALUE]... [--option-b NAME=VALUE]... [--pgn FILE] \
//!     [--chess960 [--seed N]]
//! ```
//!
//! Each opening from a fixed book of common lines is played twice, each
//! engine having White once, so neither gains from the openings. With
//! `--chess960` the games are Chess960 instead: each pair starts from a
//! random start position (reproducible with `--seed`), and both engines get
//! `UCI_Chess960`. Games end
//! by the rules (mate, stalemate, insufficient material) or by the draws an
//! arbiter would grant on a claim (threefold repetition, fifty moves); an
//! engine that crashes, hangs or plays an illegal move loses that game.
//! Scores are from ENGINE_A's point of view.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chess_core::{Color, DrawReason, Game, Outcome, WinReason};
use chess_engine::client::UciEngine;
use chess_engine::uci::Go;

/// Common openings, a few moves deep, so games differ.
const OPENINGS: &[&str] = &[
    "e4 e5 Nf3 Nc6 Bb5 a6",
    "e4 e5 Nf3 Nc6 Bc4 Bc5",
    "e4 e5 Nf3 Nc6 d4 exd4",
    "e4 e5 Nf3 Nf6 Nxe5 d6",
    "e4 e5 Nc3 Nf6 f4 d5",
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
    "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 g6",
    "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6",
    "e4 c5 c3 Nf6 e5 Nd5",
    "e4 e6 d4 d5 Nc3 Bb4",
    "e4 e6 d4 d5 e5 c5 c3 Nc6",
    "e4 c6 d4 d5 e5 Bf5",
    "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5",
    "e4 d6 d4 Nf6 Nc3 g6",
    "e4 d5 exd5 Qxd5 Nc3 Qa5",
    "e4 Nf6 e5 Nd5 d4 d6",
    "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7",
    "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4",
    "d4 d5 c4 dxc4 Nf3 Nf6 e3 e6",
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6",
    "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O",
    "d4 Nf6 c4 e6 Nf3 b6 g3 Bb7",
    "d4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6",
    "d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5",
    "d4 f5 g3 Nf6 Bg2 g6",
    "d4 d5 Bf4 Nf6 e3 c5",
    "c4 e5 Nc3 Nf6 Nf3 Nc6",
    "c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7",
    "Nf3 d5 g3 Nf6 Bg2 c6",
    "Nf3 Nf6 c4 e6 Nc3 d5",
    "e4 e5 f4 exf4 Nf3 g5",
    "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4",
    "d4 e6 c4 Bb4+ Bd2 Qe7",
    "b3 e5 Bb2 Nc6 e3 Nf6",
    "e4 g6 d4 Bg7 Nc3 d6",
    "d4 Nf6 Nf3 e6 Bg5 c5",
    "e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7",
    "e4 e5 Nf3 Nc6 Nc3 Nf6 d4 exd4",
    "c4 Nf6 g3 e6 Bg2 d5",
    "e4 c5 Nf3 d6 Bb5+ Bd7",
];

struct Config {
    engines: [String; 2],
    options: [Vec<(String, String)>; 2],
    games: usize,
    movetime: Duration,
    concurrency: usize,
    pgn: Option<String>,
    /// Chess960 games, from start positions drawn with this seed.
    chess960: Option<u64>,
}

fn usage() -> ! {
    eprintln!(
        "usage: match ENGINE_A ENGINE_B [--games N] [--movetime MS] [--concurrency N] \
         [--option-a NAME=VALUE]... [--option-b NAME=VALUE]... [--pgn FILE] [--chess960 [--seed N]]"
    );
    std::process::exit(2)
}

fn parse_args() -> Config {
    let mut positional = Vec::new();
    let mut config = Config {
        engines: [String::new(), String::new()],
        options: [Vec::new(), Vec::new()],
        games: 100,
        movetime: Duration::from_millis(100),
        concurrency: 1,
        pgn: None,
        chess960: None,
    };
    let mut seed = 1;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match arg.as_str() {
            "--games" => config.games = value().parse().unwrap_or_else(|_| usage()),
            "--movetime" => config.movetime = Duration::from_millis(value().parse().unwrap_or_else(|_| usage())),
            "--concurrency" => config.concurrency = value().parse::<usize>().unwrap_or_else(|_| usage()).max(1),
            "--pgn" => config.pgn = Some(value()),
            "--chess960" => config.chess960 = Some(seed),
            "--seed" => seed = value().parse().unwrap_or_else(|_| usage()),
            "--option-a" | "--option-b" => {
                let text = value();
                let (name, v) = text.split_once('=').unwrap_or_else(|| usage());
                let side = usize::from(arg == "--option-b");
                config.options[side].push((name.to_owned(), v.to_owned()));
            }
            "--help" | "-h" => usage(),
            _ => positional.push(arg),
        }
    }
    let [a, b] = <[String; 2]>::try_from(positional).unwrap_or_else(|_| usage());
    config.engines = [a, b];
    if config.chess960.is_some() {
        config.chess960 = Some(seed);
        for options in &mut config.options {
            options.push(("UCI_Chess960".to_owned(), "true".to_owned()));
        }
    }
    config
}

/// A finished game: the outcome (from the rules or a forfeit) and the PGN.
struct Played {
    /// 1, ½ or 0 for engine A.
    score_a: f64,
    pgn: String,
    summary: String,
}

fn start_engine(config: &Config, side: usize) -> Result<UciEngine, String> {
    let answer = Duration::from_secs(10);
    let mut engine = UciEngine::start(&config.engines[side], answer).map_err(|e| e.to_string())?;
    for (name, value) in &config.options[side] {
        engine.set_option(name, value).map_err(|e| e.to_string())?;
    }
    engine.is_ready(answer).map_err(|e| e.to_string())?;
    Ok(engine)
}

/// Where a game starts: a book opening, or a Chess960 start position.
#[derive(Copy, Clone, Debug)]
enum Start {
    Opening(&'static str),
    Chess960(u32),
}

/// The start of game pair `pair`.
fn start_of(config: &Config, pair: usize) -> Start {
    match config.chess960 {
        Some(seed) => Start::Chess960(chess_core::chess960::number_from_seed(
            seed.wrapping_add((pair as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
        )),
        None => Start::Opening(OPENINGS[pair % OPENINGS.len()]),
    }
}

/// Plays one game; `a_is_white` says which engine has White.
fn play_game(config: &Config, engines: &mut [Option<UciEngine>; 2], start: Start, a_is_white: bool) -> Played {
    let mut game = match start {
        Start::Chess960(number) => Game::new_960(number).expect("numbers are below 960"),
        Start::Opening(opening) => {
            let mut game = Game::new();
            for san in opening.split_whitespace() {
                game.play_san(san).expect("the book's moves are legal");
            }
            game
        }
    };
    let side_of = |color: Color| usize::from((color == Color::White) != a_is_white);
    for (side, slot) in engines.iter_mut().enumerate() {
        if let Some(engine) = slot
            && engine.new_game(Duration::from_secs(10)).is_err()
        {
            *slot = None;
        }
        if slot.is_none() {
            *slot = start_engine(config, side).ok();
        }
    }
    let go = Go {
        movetime: Some(config.movetime),
        ..Go::default()
    };
    let mut forfeit: Option<(Color, String)> = None;
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        if game.repetitions(game.cursor()) >= 3 {
            break Outcome::Draw(DrawReason::ThreefoldRepetition);
        }
        if game.position().halfmoves() >= 100 {
            break Outcome::Draw(DrawReason::FiftyMoves);
        }
        if game.ply(game.cursor()) >= 600 {
            break Outcome::Draw(DrawReason::Agreement);
        }
        let turn = game.position().turn();
        let side = side_of(turn);
        let Some(engine) = engines[side].as_mut() else {
            forfeit = Some((turn, "could not be started".into()));
            break Outcome::Win {
                winner: !turn,
                reason: WinReason::Resignation,
            };
        };
        let answer = engine.go(
            game.start_position(),
            &game.moves(),
            &go,
            config.movetime + Duration::from_secs(5),
            None,
            |_| {},
        );
        match answer {
            Ok(answer) if answer.best.is_some() => {
                game.play(answer.best.unwrap()).expect("the client checks legality");
            }
            other => {
                let why = match other {
                    Ok(_) => "gave no move in a position with legal moves".to_owned(),
                    Err(e) => e.to_string(),
                };
                engines[side] = None;
                forfeit = Some((turn, why));
                break Outcome::Win {
                    winner: !turn,
                    reason: WinReason::Resignation,
                };
            }
        }
    };
    let score_white = match outcome {
        Outcome::Win {
            winner: Color::White, ..
        } => 1.0,
        Outcome::Win { .. } => 0.0,
        Outcome::Draw(_) => 0.5,
    };
    let score_a = if a_is_white { score_white } else { 1.0 - score_white };
    let names = |side: usize| std::path::Path::new(&config.engines[side]).display().to_string();
    let (white, black) = if a_is_white {
        (names(0), names(1))
    } else {
        (names(1), names(0))
    };
    game.tags.set("Event", "chess-engine match");
    game.tags.set("White", white.as_str());
    game.tags.set("Black", black.as_str());
    let reason = match &forfeit {
        Some((color, why)) => format!("{color} forfeits: {why}"),
        None => outcome.to_string(),
    };
    if game.outcome().is_none() {
        game.set_result(Some(outcome));
    }
    game.tags.set("Termination", reason.as_str());
    Played {
        score_a,
        pgn: chess_core::pgn::write_game(&game),
        summary: match start {
            Start::Chess960(number) => format!(
                "{white} - {black}: {reason} ({} plies, start {number})",
                game.ply(game.cursor())
            ),
            Start::Opening(_) => format!("{white} - {black}: {reason} ({} plies)", game.ply(game.cursor())),
        },
    }
}

/// The Elo difference for a score fraction.
fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

fn main() {
    let config = Arc::new(parse_args());
    for side in 0..2 {
        if let Err(e) = start_engine(&config, side) {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
    let next = Arc::new(AtomicUsize::new(0));
    let results = Arc::new(Mutex::new(Vec::new()));
    let workers: Vec<_> = (0..config.concurrency)
        .map(|_| {
            let (config, next, results) = (Arc::clone(&config), Arc::clone(&next), Arc::clone(&results));
            std::thread::spawn(move || {
                let mut engines = [None, None];
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= config.games {
                        break;
                    }
                    let start = start_of(&config, i / 2);
                    let played = play_game(&config, &mut engines, start, i % 2 == 0);
                    let mut results = results.lock().unwrap_or_else(|e| e.into_inner());
                    results.push(played.score_a);
                    let n = results.len();
                    let total: f64 = results.iter().sum();
                    println!("game {:3}/{}: {}  [A {total}/{n}]", i + 1, config.games, played.summary);
                    if let Some(path) = &config.pgn {
                        use std::io::Write;
                        let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
                        if let Ok(mut file) = file {
                            let _ = writeln!(file, "{}", played.pgn);
                        }
                    }
                }
            })
        })
        .collect();
    for worker in workers {
        let _ = worker.join();
    }
    let results = results.lock().unwrap_or_else(|e| e.into_inner());
    let n = results.len() as f64;
    let wins = results.iter().filter(|&&s| s == 1.0).count();
    let draws = results.iter().filter(|&&s| s == 0.5).count();
    let losses = results.iter().filter(|&&s| s == 0.0).count();
    let p = results.iter().sum::<f64>() / n;
    let variance = results.iter().map(|s| (s - p).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (variance / n).sqrt();
    println!();
    let variant = if config.chess960.is_some() { " (Chess960)" } else { "" };
    println!("{} vs {}{variant}", config.engines[0], config.engines[1]);
    println!(
        "games {}, movetime {} ms: +{wins} ={draws} -{losses}, score {:.1}/{} = {:.1}%",
        results.len(),
        config.movetime.as_millis(),
        p * n,
        n,
        100.0 * p
    );
    let bound = |q: f64| {
        if q <= 0.0 {
            "-inf".to_owned()
        } else if q >= 1.0 {
            "+inf".to_owned()
        } else {
            format!("{:+.0}", elo(q))
        }
    };
    if p > 0.0 && p < 1.0 {
        println!(
            "Elo difference (A - B): {:+.0} ± {:.0} (95% interval {} to {})",
            elo(p),
            (elo((p + margin).min(0.999)) - elo((p - margin).max(0.001))) / 2.0,
            bound(p - margin),
            bound(p + margin)
        );
    } else {
        println!("Elo difference (A - B): beyond measure with this score (all games one way)");
    }
}
