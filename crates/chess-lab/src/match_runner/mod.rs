//! Plays a match between two UCI engines as engine authors test changes:
//! balanced openings each played twice (each engine with White once), game
//! pairs scored in the pentanomial model, the Elo difference with its 95%
//! error and the likelihood of superiority, and, with `--sprt`, a
//! sequential probability ratio test that stops the match as soon as it
//! knows whether A gains `elo1` over B or less than `elo0`.
//!
//! ```text
//! cargo run --release -p chess-lab -- match ENGINE_A ENGINE_B \
//!     [--games N] [--movetime MS | --tc BASE+INC | --nodes N] [--concurrency N] \
//!     [--sprt ELO0,ELO1[,ALPHA,BETA]] [--openings N] \
//!     [--option-a NAME=VALUE]... [--option-b NAME=VALUE]... [--pgn FILE] \
//!     [--chess960 [--seed N]] [--adjudicate] [--resume FILE | --resume-counts W,D,L,P0,P1,P2,P3,P4]
//! ```
//!
//! With `--tc 8+0.08` each engine has a clock (8 s and 0.08 s a move, as
//! fishtest's short tests), and a flag that falls loses; with `--movetime`
//! each move gets that long. `--openings N` takes N balanced lines of the
//! ECO table (see `openings.rs`); with `--chess960` each pair starts from
//! a random start position (reproducible with `--seed`) and both engines
//! get `UCI_Chess960`. `--nodes N` gives each move N nodes (a test the
//! machine's load cannot disturb; it ignores what a change costs in speed).
//! `--adjudicate` ends games as OpenBench does (both engines agree on a
//! score beyond 4 pawns for 3 moves each, or within 0.1 for 8 moves each
//! after move 40). Scores are from ENGINE_A's point of view. `--resume
//! FILE` goes on with a match that stopped, from the games of its PGN
//! (each game's `Round` places it; see `resume.rs`): give the same engines
//! and settings, and usually the same file as `--pgn`. `--resume-counts`
//! goes on from a stopped match's reported counts instead, where its PGN
//! was lost.

mod game;
mod openings;
mod resume;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chess_core::Game;
use chess_engine::client::UciEngine;
use chess_lab::sprt::{Pentanomial, Sprt, Verdict};
use game::{Adjudication, Finished, Names, TimeControl};

/// The match's settings.
struct Config {
    engines: [String; 2],
    options: [Vec<(String, String)>; 2],
    games: usize,
    control: TimeControl,
    adjudication: Adjudication,
    concurrency: usize,
    pgn: Option<String>,
    sprt: Option<Sprt>,
    openings: usize,
    /// Chess960 games, from start positions drawn with this seed.
    chess960: Option<u64>,
    /// The PGN of a stopped match to go on with.
    resume: Option<String>,
    /// Or the counts its report gave.
    resume_counts: Option<resume::Counts>,
}

/// `chess-lab match`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The engine tested (a program that speaks UCI).
    engine_a: String,
    /// The engine it is measured against.
    engine_b: String,
    /// Games to play (with `--sprt`: at most; unlimited when not given).
    #[arg(long)]
    games: Option<usize>,
    /// A fixed time a move, in milliseconds (100 when no control is given).
    #[arg(long, conflicts_with_all = ["tc", "nodes"])]
    movetime: Option<u64>,
    /// A clock, `BASE+INC` in seconds (`8+0.08`): a fallen flag loses.
    #[arg(long, value_parser = parse_clock, conflicts_with = "nodes")]
    tc: Option<TimeControl>,
    /// A fixed number of nodes a move.
    #[arg(long)]
    nodes: Option<u64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    concurrency: u16,
    /// A sequential test, `ELO0,ELO1[,ALPHA,BETA]` (alpha and beta 0.05
    /// unless given): the match stops at its verdict.
    #[arg(long, value_parser = parse_sprt)]
    sprt: Option<Sprt>,
    /// Balanced openings from the ECO table, each played with both colours.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    openings: u32,
    /// A UCI option for engine A, `NAME=VALUE` (repeat for more).
    #[arg(long = "option-a", value_parser = parse_option)]
    option_a: Vec<(String, String)>,
    /// A UCI option for engine B, `NAME=VALUE` (repeat for more).
    #[arg(long = "option-b", value_parser = parse_option)]
    option_b: Vec<(String, String)>,
    /// Appends each game to this PGN file.
    #[arg(long)]
    pgn: Option<String>,
    /// Chess960 games, from random start positions (each pair its own).
    #[arg(long)]
    chess960: bool,
    /// The seed of the Chess960 starts.
    #[arg(long, default_value_t = 1, requires = "chess960")]
    seed: u64,
    /// Ends games as OpenBench does (a clear win both engines agree on, or
    /// a dead draw after move 40).
    #[arg(long)]
    adjudicate: bool,
    /// Goes on with a stopped match from its PGN's games.
    #[arg(long, conflicts_with = "resume_counts")]
    resume: Option<String>,
    /// Goes on from a stopped match's reported counts, `W,D,L,P0,P1,P2,P3,P4`.
    #[arg(long, value_parser = resume::Counts::parse)]
    resume_counts: Option<resume::Counts>,
}

/// `8+0.08` (seconds) as a clock.
fn parse_clock(text: &str) -> Result<TimeControl, String> {
    TimeControl::parse_clock(text).ok_or_else(|| format!("{text:?} is not BASE+INC in seconds"))
}

/// `0,5` or `0,5,0.05,0.05`.
fn parse_sprt(text: &str) -> Result<Sprt, String> {
    let numbers: Vec<f64> = text
        .split(',')
        .map(|n| n.trim().parse().ok())
        .collect::<Option<_>>()
        .ok_or_else(|| format!("{text:?} is not ELO0,ELO1[,ALPHA,BETA]"))?;
    match numbers[..] {
        [elo0, elo1] => Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }),
        [elo0, elo1, alpha, beta] => Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        }),
        _ => Err(format!("{text:?}: two or four numbers")),
    }
}

/// `NAME=VALUE`.
fn parse_option(text: &str) -> Result<(String, String), String> {
    let (name, value) = text.split_once('=').ok_or("an option is NAME=VALUE")?;
    Ok((name.to_owned(), value.to_owned()))
}

impl From<Args> for Config {
    fn from(args: Args) -> Config {
        let control = match (args.movetime, args.tc, args.nodes) {
            (_, Some(clock), _) => clock,
            (_, _, Some(nodes)) => TimeControl::Nodes(nodes),
            (ms, ..) => TimeControl::PerMove(Duration::from_millis(ms.unwrap_or(100))),
        };
        let mut options = [args.option_a, args.option_b];
        if args.chess960 {
            for options in &mut options {
                options.push(("UCI_Chess960".to_owned(), "true".to_owned()));
            }
        }
        Config {
            engines: [args.engine_a, args.engine_b],
            options,
            // An SPRT runs until its verdict (or the games given, if fewer).
            games: args.games.unwrap_or(if args.sprt.is_some() { usize::MAX } else { 100 }),
            control,
            adjudication: Adjudication { on: args.adjudicate },
            concurrency: usize::from(args.concurrency),
            pgn: args.pgn,
            sprt: args.sprt,
            openings: args.openings as usize,
            chess960: args.chess960.then_some(args.seed),
            resume: args.resume,
            resume_counts: args.resume_counts,
        }
    }
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

/// The game pair `pair` starts from.
fn start_of(config: &Config, openings: &[Vec<chess_core::Move>], pair: usize) -> Game {
    match config.chess960 {
        Some(seed) => {
            let number = chess_core::chess960::number_from_seed(
                seed.wrapping_add((pair as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
            );
            Game::new_960(number).expect("numbers are below 960")
        }
        None => openings::game_after(&openings[pair % openings.len()]),
    }
}

/// What the games so far say.
#[derive(Default)]
struct Tally {
    /// Scores of finished games, by pair: first and second game.
    halves: HashMap<usize, [Option<f64>; 2]>,
    pairs: Pentanomial,
    wins: usize,
    draws: usize,
    losses: usize,
    time_losses: usize,
    forfeits: usize,
    /// The SPRT's verdict when its LLR first crossed a bound, with the games
    /// and LLR then. The match stops there; the games still being played
    /// are counted too and may move the LLR back inside, but a sequential
    /// test decides at its first crossing.
    reached: Option<(Verdict, usize, f64)>,
}

impl Tally {
    /// Game `game` (an index) ended as `finished` says.
    fn add(&mut self, game: usize, finished: &Finished) {
        let Finished {
            score_a,
            time_loss,
            forfeit,
        } = *finished;
        if score_a == 1.0 {
            self.wins += 1;
        } else if score_a == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        self.time_losses += usize::from(time_loss);
        self.forfeits += usize::from(forfeit);
        let halves = self.halves.entry(game / 2).or_default();
        halves[game % 2] = Some(score_a);
        if let [Some(a), Some(b)] = *halves {
            self.pairs.add_pair(a, b);
            self.halves.remove(&(game / 2));
        }
    }

    fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }
}

fn report(config: &Config, tally: &Tally, elapsed: Duration) {
    let variant = if config.chess960.is_some() { " (Chess960)" } else { "" };
    println!();
    println!("{} vs {}{variant}", config.engines[0], config.engines[1]);
    let n = tally.games();
    let points = tally.wins as f64 + tally.draws as f64 / 2.0;
    println!(
        "games {n} ({}), {}: +{} ={} -{}, score {points:.1}/{n} = {:.1}%; {} time losses, {} forfeits",
        config.control.describe(),
        format_args!("{:.0} s", elapsed.as_secs_f64()),
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * points / n.max(1) as f64,
        tally.time_losses,
        tally.forfeits,
    );
    println!("pairs (0, ½, 1, 1½, 2 points): {:?}", tally.pairs.0);
    match tally.pairs.estimate() {
        Some(e) => println!(
            "Elo difference (A - B): {:+.1} ± {:.1} (95%), LOS {:.1}%",
            e.elo,
            e.margin,
            100.0 * e.los
        ),
        None => println!("Elo difference (A - B): beyond measure with these pairs"),
    }
    if let Some(sprt) = &config.sprt {
        let (lower, upper) = sprt.bounds();
        let llr = tally.pairs.llr(sprt.elo0, sprt.elo1);
        let now = sprt.verdict(&tally.pairs);
        let verdict = match tally.reached.map_or(now, |(verdict, ..)| verdict) {
            Verdict::H1 => "H1 accepted: A gains",
            Verdict::H0 => "H0 accepted: A does not gain",
            Verdict::Continue => "no verdict yet",
        };
        println!(
            "SPRT elo0 {} elo1 {} (alpha {}, beta {}): LLR {llr:.2} [{lower:.2}, {upper:.2}]: {verdict}",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta,
        );
        if let Some((_, games, at)) = tally.reached
            && games != n
        {
            let late = match n - games {
                1 => "the game in flight then is".to_owned(),
                more => format!("the {more} games in flight then are"),
            };
            println!("(the LLR crossed its bound at game {games}, at {at:.2}; {late} counted above)");
        }
    }
}

/// Whether both sides run the same program (byte for byte) with the same
/// options: a stale build given two names looks like a change that is
/// worth nothing. Engines found on the `PATH` are not compared.
fn plays_itself(config: &Config) -> bool {
    let [a, b] = &config.engines;
    config.options[0] == config.options[1]
        && match (std::fs::read(a), std::fs::read(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
}

/// Plays the match and reports it.
pub fn run(args: Args) {
    let config = Arc::new(Config::from(args));
    for side in 0..2 {
        if let Err(e) = start_engine(&config, side) {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
    if plays_itself(&config) {
        println!(
            "warning: both engines are the same file, with the same options: the match plays an engine against itself"
        );
    }
    let openings = Arc::new(if config.chess960.is_some() {
        Vec::new()
    } else {
        openings::balanced(config.openings)
    });
    if config.chess960.is_none() {
        println!("{} balanced openings, each played with both colours", openings.len());
    }
    let mut tally = Tally::default();
    let finished = match &config.resume {
        Some(path) => resume::read(path, &config.engines).unwrap_or_else(|e| {
            eprintln!("cannot resume: {e}");
            std::process::exit(1)
        }),
        None => Default::default(),
    };
    for (&i, game) in &finished {
        tally.add(i, game);
    }
    if let Some(counts) = config.resume_counts {
        tally.wins = counts.wins;
        tally.draws = counts.draws;
        tally.losses = counts.losses;
        tally.pairs.0 = counts.pairs;
    }
    let resumed_from = match (&config.resume, config.resume_counts) {
        (Some(path), _) => Some(path.clone()),
        (None, Some(_)) => Some("the counts given".to_owned()),
        (None, None) => None,
    };
    if let Some(from) = resumed_from {
        println!(
            "resumed from {from}: {} games, {} pairs whole",
            tally.games(),
            tally.pairs.0.iter().sum::<u64>()
        );
        if let Some(sprt) = config.sprt
            && sprt.verdict(&tally.pairs) != Verdict::Continue
        {
            report(&config, &tally, Duration::ZERO);
            return;
        }
    }
    let started = Instant::now();
    let next = Arc::new(match config.resume_counts {
        Some(counts) => resume::Schedule::from(counts.games()),
        None => resume::Schedule::new(&finished),
    });
    let done = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Mutex::new(tally));
    let workers: Vec<_> = (0..config.concurrency)
        .map(|_| {
            let (config, openings, next, done, tally) = (
                Arc::clone(&config),
                Arc::clone(&openings),
                Arc::clone(&next),
                Arc::clone(&done),
                Arc::clone(&tally),
            );
            std::thread::spawn(move || {
                let mut engines = [None, None];
                let start = |side| start_engine(&config, side).ok();
                let names = Names([config.engines[0].as_str(), config.engines[1].as_str()]);
                while !done.load(Ordering::SeqCst) {
                    let i = next.next();
                    if i >= config.games {
                        break;
                    }
                    let game = start_of(&config, &openings, i / 2);
                    let played = game::play(
                        game,
                        i + 1,
                        &mut engines,
                        &start,
                        config.control,
                        config.adjudication,
                        &names,
                    );
                    let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
                    tally.add(i, &played.finished);
                    let verdict = config
                        .sprt
                        .map(|s| (s.verdict(&tally.pairs), tally.pairs.llr(s.elo0, s.elo1)));
                    let llr = verdict.map_or_else(String::new, |(_, llr)| format!(" LLR {llr:.2}"));
                    println!(
                        "game {:4}: {}  [A +{} ={} -{}{llr}]",
                        i + 1,
                        played.summary,
                        tally.wins,
                        tally.draws,
                        tally.losses
                    );
                    if let Some(path) = &config.pgn {
                        use std::io::Write;
                        let file = std::fs::OpenOptions::new().create(true).append(true).open(path);
                        if let Ok(mut file) = file {
                            let _ = writeln!(file, "{}", played.pgn);
                        }
                    }
                    if let Some((reached @ (Verdict::H0 | Verdict::H1), llr)) = verdict {
                        if tally.reached.is_none() {
                            tally.reached = Some((reached, tally.games(), llr));
                        }
                        done.store(true, Ordering::SeqCst);
                    }
                }
            })
        })
        .collect();
    for worker in workers {
        let _ = worker.join();
    }
    let tally = tally.lock().unwrap_or_else(|e| e.into_inner());
    report(&config, &tally, started.elapsed());
}
