//! Generates training positions from the engine's own games: self-play at
//! a fixed number of nodes a move, from openings of a few random moves
//! (and some Chess960 starts), every quiet position written with the
//! search's score and the game's result. The evaluation's tuner
//! (`chess-lab tune`) learns from these lines.
//!
//! ```text
//! cargo run --release -p chess-lab -- datagen OUT.txt \
//!     [--games N] [--nodes N] [--threads N] [--seed N] [--chess960 PERCENT]
//! ```
//!
//! Each line is `FEN | score | result`: the score in centipawns and the
//! result (1, 0.5 or 0) both from White's point of view. Lines are appended,
//! a game at a time, so the program can be stopped and started again (with
//! another `--seed`, or the same games come again).
//!
//! What is written: positions after the random opening, not in check, whose
//! best move is quiet (neither capture nor promotion) and whose score is not
//! a mate: the positions a static evaluation is asked about.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use chess_core::{Color, Position};
use chess_engine::{Engine, Limits, Rng, Score};

/// `chess-lab datagen`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The file the lines are appended to.
    out: String,
    /// Games to play (unlimited when not given: stop it with Ctrl+C).
    #[arg(long, default_value_t = usize::MAX, hide_default_value = true)]
    games: usize,
    /// Nodes searched a move.
    #[arg(long, default_value_t = 6000)]
    nodes: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    threads: u16,
    /// The random openings' seed (another seed, other games).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The share of games from a Chess960 start, in percent.
    #[arg(long = "chess960", default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=100))]
    chess960_percent: u64,
}

/// Plies of random moves before the engine plays (standard chess), and for
/// Chess960 starts (already unbalanced by the setup).
const RANDOM_PLIES: usize = 8;
const RANDOM_PLIES_960: usize = 4;
/// An opening is kept when a short search scores it within this.
const OPENING_MAX_SCORE: i32 = 300;
/// A game is adjudicated won when the score stays beyond this for
/// `WIN_PLIES` plies in a row, drawn when it stays within `DRAW_SCORE`
/// for `DRAW_PLIES` plies after `DRAW_FROM_PLY`.
const WIN_SCORE: i32 = 1500;
const WIN_PLIES: usize = 6;
const DRAW_SCORE: i32 = 8;
const DRAW_PLIES: usize = 12;
const DRAW_FROM_PLY: usize = 80;
const MAX_PLIES: usize = 400;

/// A random start: a few random legal moves from the standard position or
/// a Chess960 one; none when the moves led to mate or stalemate.
fn random_start(rng: &mut Rng, chess960_percent: u64) -> Option<(Position, Vec<u64>)> {
    let (mut pos, plies) = if rng.next_u64() % 100 < chess960_percent {
        (Position::new_960((rng.next_u64() % 960) as u32)?, RANDOM_PLIES_960)
    } else {
        (Position::new(), RANDOM_PLIES)
    };
    let mut keys = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
        keys.push(pos.zobrist());
        pos.play_unchecked(m);
    }
    pos.has_legal_moves().then_some((pos, keys))
}

/// A position to write, with the score from White's view.
struct Sample {
    fen: String,
    white_score: i32,
}

/// Plays one game from a random start; returns its samples and White's
/// result, or none when the opening was unbalanced.
fn play_game(engine: &mut Engine, rng: &mut Rng, config: &Args) -> Option<(Vec<Sample>, f64)> {
    let (mut pos, mut keys) = random_start(rng, config.chess960_percent)?;
    engine.new_game();
    let stop = AtomicBool::new(false);
    let check = engine.search(&pos, &keys, &Limits::depth(6), &stop, |_| {});
    match check.lines.first().map(|l| l.score) {
        Some(Score::Cp(cp)) if cp.abs() <= OPENING_MAX_SCORE => {}
        _ => return None,
    }
    let limits = Limits {
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    let mut samples = Vec::new();
    let (mut win_run, mut draw_run) = (0usize, 0usize);
    let mut last_winner = None;
    let mut ply = 0;
    let result = loop {
        if !pos.has_legal_moves() {
            break if pos.is_check() {
                if pos.turn() == Color::White { 0.0 } else { 1.0 }
            } else {
                0.5
            };
        }
        let repetitions = keys.iter().filter(|&&k| k == pos.zobrist()).count();
        if repetitions >= 2 || pos.halfmoves() >= 100 || pos.is_insufficient_material() || ply >= MAX_PLIES {
            break 0.5;
        }
        let result = engine.search(&pos, &keys, &limits, &stop, |_| {});
        let Some(best) = result.best else { break 0.5 };
        let score = result.lines.first().map_or(Score::Cp(0), |l| l.score);
        let white = score.for_white(pos.turn());
        // Adjudication, on the engine's own word.
        match white {
            Score::Mate(n) => {
                win_run = WIN_PLIES;
                last_winner = Some(n > 0);
            }
            Score::Cp(cp) if cp.abs() >= WIN_SCORE => {
                let winner = cp > 0;
                win_run = if last_winner == Some(winner) { win_run + 1 } else { 1 };
                last_winner = Some(winner);
            }
            Score::Cp(_) => win_run = 0,
        }
        if win_run >= WIN_PLIES {
            break if last_winner == Some(true) { 1.0 } else { 0.0 };
        }
        draw_run = match white {
            Score::Cp(cp) if cp.abs() <= DRAW_SCORE && ply >= DRAW_FROM_PLY => draw_run + 1,
            _ => 0,
        };
        if draw_run >= DRAW_PLIES {
            break 0.5;
        }
        let quiet = !best.is_capture() && best.promotion().is_none();
        if let Score::Cp(cp) = white
            && quiet
            && !pos.is_check()
        {
            samples.push(Sample {
                fen: pos.fen(),
                white_score: cp,
            });
        }
        keys.push(pos.zobrist());
        pos.play_unchecked(best);
        ply += 1;
    };
    Some((samples, result))
}

/// Plays the games and writes their positions.
pub fn run(args: Args) {
    let config = Arc::new(args);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&config.out)
        .unwrap_or_else(|e| {
            eprintln!("{}: {e}", config.out);
            std::process::exit(1)
        });
    let out = Arc::new(Mutex::new(std::io::BufWriter::new(file)));
    let games = Arc::new(AtomicUsize::new(0));
    let positions = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let workers: Vec<_> = (0..usize::from(config.threads))
        .map(|thread| {
            let (config, out, games, positions) = (
                Arc::clone(&config),
                Arc::clone(&out),
                Arc::clone(&games),
                Arc::clone(&positions),
            );
            std::thread::spawn(move || {
                let mut engine = Engine::new(16);
                let mut rng = Rng::seeded(
                    config
                        .seed
                        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                        .wrapping_add(thread as u64 + 1),
                );
                loop {
                    let Some((samples, result)) = play_game(&mut engine, &mut rng, &config) else {
                        continue;
                    };
                    let n = games.fetch_add(1, Ordering::SeqCst);
                    if n >= config.games {
                        break;
                    }
                    let mut text = String::new();
                    for s in &samples {
                        text.push_str(&format!("{} | {} | {result:.1}\n", s.fen, s.white_score));
                    }
                    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
                    let _ = out.write_all(text.as_bytes());
                    let _ = out.flush();
                    let total = positions.fetch_add(samples.len(), Ordering::SeqCst) + samples.len();
                    if (n + 1) % 100 == 0 {
                        let secs = started.elapsed().as_secs_f64();
                        eprintln!(
                            "{} games, {total} positions, {:.0} positions/s",
                            n + 1,
                            total as f64 / secs
                        );
                    }
                }
            })
        })
        .collect();
    for worker in workers {
        let _ = worker.join();
    }
}
