//! Tunes the evaluation's weights by Texel's method: the weights that best
//! predict the results of the engine's own games (`chess-lab datagen`) from
//! their positions, through a logistic curve, are found by gradient
//! descent (Adam), and written back to `src/eval/weights.rs`.
//!
//! ```text
//! cargo run --release -p chess-lab -- tune DATA.txt [DATA.txt ...] \
//!     [--epochs N] [--lambda L] [--rate R] [--threads N] [--limit N] [--out FILE] [--k K]
//! ```
//!
//! The target of each position blends the game's result with the search's
//! score: `lambda · result + (1 − lambda) · sigmoid(score)` (lambda 1 is
//! pure Texel tuning). The evaluation is linear in its weights once each
//! position's terms are counted ([`chess_engine::eval::trace`]), so the
//! counts are taken once and every epoch is a pass over small arrays. The
//! last twentieth of the positions is held out (whole games, as the lines
//! of a game lie together): its error is printed beside the training
//! error, so overfitting shows. `--k` fixes the logistic curve's scale
//! instead of fitting it, so that two runs' errors can be compared (with
//! `--epochs 0`, the error of the weights as they are).

use std::fmt::Write as _;

use chess_engine::eval::{self, Trace, WEIGHTS, layout};

/// `chess-lab tune`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Files of training lines (`chess-lab datagen`'s).
    #[arg(required = true)]
    files: Vec<String>,
    /// Passes of gradient descent.
    #[arg(long, default_value_t = 3000)]
    epochs: usize,
    /// How much the game's result weighs in the target (the search's score
    /// the rest): 1 is pure Texel tuning.
    #[arg(long, default_value_t = 0.5)]
    lambda: f64,
    /// Adam's learning rate.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Threads (every core when not given).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Reads at most this many positions.
    #[arg(long, default_value_t = usize::MAX, hide_default_value = true)]
    limit: usize,
    /// Where the weights are written.
    #[arg(long, default_value = "crates/chess-engine/src/eval/weights.rs")]
    out: String,
    /// The logistic curve's scale, when given; otherwise fitted to the data.
    #[arg(long)]
    k: Option<f64>,
}

/// The tuner's settings.
struct Config {
    files: Vec<String>,
    epochs: usize,
    lambda: f64,
    rate: f64,
    threads: usize,
    limit: usize,
    out: String,
    k: Option<f64>,
}

impl From<Args> for Config {
    fn from(args: Args) -> Config {
        Config {
            files: args.files,
            epochs: args.epochs,
            lambda: args.lambda,
            rate: args.rate,
            threads: args.threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                usize::from,
            ),
            limit: args.limit,
            out: args.out,
            k: args.k,
        }
    }
}

/// A training position: its terms and what it should evaluate to.
struct Sample {
    trace: Trace,
    result: f64,
    score: f64,
}

/// Reads `FEN | score | result` lines; a line that does not read is
/// counted and skipped.
fn read_samples(config: &Config) -> Vec<(String, f64, f64)> {
    let (text, mut bad) = chess_lab::data::read_lines(&config.files).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let mut lines = Vec::new();
    for line in &text {
        match chess_lab::data::split_line(line) {
            Some((fen, score, result)) => lines.push((fen.to_owned(), score, result)),
            None => bad += 1,
        }
        if lines.len() >= config.limit {
            break;
        }
    }
    if bad > 0 {
        eprintln!("{bad} lines skipped");
    }
    lines
}

/// The terms of every position, counted on `threads` threads.
fn trace_all(lines: Vec<(String, f64, f64)>, threads: usize) -> Vec<Sample> {
    let chunk = lines.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = lines
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .filter_map(|(fen, score, result)| {
                            let pos = chess_lab::data::read_fen(fen)?;
                            Some(Sample {
                                trace: eval::trace(&pos),
                                result: *result,
                                score: *score,
                            })
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a tracing thread"))
            .collect()
    })
}

fn sigmoid(x: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * x / 400.0).exp())
}

/// The mean squared error of `weights` over `samples` against the targets.
fn error(samples: &[Sample], targets: &[f64], weights: &[(f64, f64)], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .zip(targets)
        .map(|(s, t)| {
            let e = t - sigmoid(s.trace.evaluate(weights), k);
            e * e
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// The scale of the logistic curve that fits the results best with the
/// weights as they are (golden-section search).
fn fit_k(samples: &[Sample], weights: &[(f64, f64)]) -> f64 {
    let results: Vec<f64> = samples.iter().map(|s| s.result).collect();
    let (mut lo, mut hi) = (0.1f64, 5.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if error(samples, &results, weights, a) < error(samples, &results, weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the error over `samples`, per weight (middlegame,
/// endgame), summed.
fn gradient(samples: &[Sample], targets: &[f64], weights: &[(f64, f64)], k: f64) -> Vec<(f64, f64)> {
    let mut grad = vec![(0.0, 0.0); weights.len()];
    let max_phase = 24.0;
    for (s, t) in samples.iter().zip(targets) {
        let p = sigmoid(s.trace.evaluate(weights), k);
        // d(error)/d(eval), up to a constant factor.
        let d = (p - t) * p * (1.0 - p);
        let phase = f64::from(s.trace.phase);
        let divisor = f64::from(s.trace.divisor);
        let mg = d * phase / max_phase / divisor;
        let eg = d * (max_phase - phase) / max_phase * f64::from(s.trace.eg_scale) / 64.0 / divisor;
        for &(i, n) in &s.trace.terms {
            let g = &mut grad[i as usize];
            g.0 += mg * f64::from(n);
            g.1 += eg * f64::from(n);
        }
    }
    grad
}

/// Tunes the weights and writes them.
pub fn run(args: Args) {
    let config = Config::from(args);
    let started = std::time::Instant::now();
    let lines = read_samples(&config);
    let all = trace_all(lines, config.threads);
    // The last twentieth is held out.
    let mut train = all;
    let held = train.split_off(train.len() - train.len() / 20);
    eprintln!(
        "{} positions to train on, {} held out ({:.1} s)",
        train.len(),
        held.len(),
        started.elapsed().as_secs_f64()
    );
    let mut weights: Vec<(f64, f64)> = WEIGHTS.iter().map(|w| (f64::from(w.0), f64::from(w.1))).collect();
    let k = config.k.unwrap_or_else(|| fit_k(&train, &weights));
    let target = |s: &Sample| config.lambda * s.result + (1.0 - config.lambda) * sigmoid(s.score, k);
    let train_targets: Vec<f64> = train.iter().map(target).collect();
    let held_targets: Vec<f64> = held.iter().map(target).collect();
    eprintln!(
        "K = {k:.4}; error before: {:.6} (held out {:.6})",
        error(&train, &train_targets, &weights, k),
        error(&held, &held_targets, &weights, k)
    );

    // Adam, on the whole batch each epoch.
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let mut m = vec![(0.0, 0.0); weights.len()];
    let mut v = vec![(0.0, 0.0); weights.len()];
    let chunk = train.len().div_ceil(config.threads).max(1);
    for epoch in 1..=config.epochs {
        let grad = std::thread::scope(|scope| {
            let weights = &weights;
            let handles: Vec<_> = train
                .chunks(chunk)
                .zip(train_targets.chunks(chunk))
                .map(|(s, t)| scope.spawn(move || gradient(s, t, weights, k)))
                .collect();
            let mut total = vec![(0.0, 0.0); weights.len()];
            for h in handles {
                for (t, g) in total.iter_mut().zip(h.join().expect("a gradient thread")) {
                    t.0 += g.0;
                    t.1 += g.1;
                }
            }
            total
        });
        let scale = 1.0 / train.len() as f64;
        for i in 0..weights.len() {
            let g = (grad[i].0 * scale, grad[i].1 * scale);
            m[i].0 = beta1 * m[i].0 + (1.0 - beta1) * g.0;
            m[i].1 = beta1 * m[i].1 + (1.0 - beta1) * g.1;
            v[i].0 = beta2 * v[i].0 + (1.0 - beta2) * g.0 * g.0;
            v[i].1 = beta2 * v[i].1 + (1.0 - beta2) * g.1 * g.1;
            let correct1 = 1.0 - beta1.powi(epoch as i32);
            let correct2 = 1.0 - beta2.powi(epoch as i32);
            weights[i].0 -= config.rate * (m[i].0 / correct1) / ((v[i].0 / correct2).sqrt() + epsilon);
            weights[i].1 -= config.rate * (m[i].1 / correct1) / ((v[i].1 / correct2).sqrt() + epsilon);
        }
        // The king's value means nothing (both sides have one).
        weights[layout::MATERIAL + 5] = (0.0, 0.0);
        if epoch % 100 == 0 || epoch == config.epochs {
            eprintln!(
                "epoch {epoch}: error {:.6} (held out {:.6}), {:.0} s",
                error(&train, &train_targets, &weights, k),
                error(&held, &held_targets, &weights, k),
                started.elapsed().as_secs_f64()
            );
        }
    }
    // The engine reads whole centipawns: report what the rounding costs,
    // with the same K and targets, so the figure compares with the last epoch.
    let rounded: Vec<(f64, f64)> = weights.iter().map(|w| (w.0.round(), w.1.round())).collect();
    eprintln!(
        "rounded to centipawns: error {:.6} (held out {:.6})",
        error(&train, &train_targets, &rounded, k),
        error(&held, &held_targets, &rounded, k)
    );
    std::fs::write(&config.out, weights_source(&weights)).unwrap_or_else(|e| {
        eprintln!("{}: {e}", config.out);
        std::process::exit(1)
    });
    eprintln!("written to {}", config.out);
}

/// `src/eval/weights.rs` for these weights, rounded to centipawns.
fn weights_source(weights: &[(f64, f64)]) -> String {
    let mut out = String::from(
        "//! The evaluation's weights, (middlegame, endgame) in centipawns, in the
//! order of [`layout::TERMS`](super::layout::TERMS). Written by the tuner
//! (`chess-lab tune`, see `docs/engine.md`): change the tuner or its data,
//! not this file.

use super::S;
use super::layout::COUNT;

/// Every weight of the evaluation.
#[rustfmt::skip]
pub const WEIGHTS: [S; COUNT] = [
",
    );
    for &(name, start, len) in layout::TERMS {
        let _ = writeln!(out, "    // {name}");
        for row in weights[start..start + len].chunks(8) {
            let cells: Vec<String> = row
                .iter()
                .map(|w| format!("S({}, {}),", w.0.round() as i32, w.1.round() as i32))
                .collect();
            let _ = writeln!(out, "    {}", cells.join(" "));
        }
    }
    out.push_str("];\n");
    out
}
