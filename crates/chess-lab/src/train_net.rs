//! Trains the evaluation's network (`src/eval/network.rs`), which corrects
//! the hand-made evaluation, on positions from the engine's own games: the
//! lines `chess-lab datagen` writes.
//!
//! ```text
//! cargo run --release -p chess-lab -- train-net DATA.txt... \
//!     --out crates/chess-engine/src/eval/network.bin \
//!     [--epochs N] [--lambda L] [--rate R] [--batch N] [--threads N] [--seed N] \
//!     [--init NETWORK.bin]
//! ```
//!
//! Each position's target is a blend of the search's score and the game's
//! result: `lambda · sigmoid(score / SCALE) + (1 − lambda) · result`. The
//! prediction is the sigmoid of the hand-made evaluation plus the
//! network's output (both in units of `SCALE` centipawns), fitted by Adam
//! on the squared error, with the learning rate falling along a cosine
//! over the epochs. Each position is also learnt mirrored left to right.
//! The last twentieth of the lines (whole games) is held out and its error
//! reported beside the hand-made evaluation's alone. With `--init`, training
//! starts from a stored network rather than from random weights (more
//! games for a network trained before; its held-out error is reported
//! first). A stored network of fewer hidden neurons than
//! `network::HIDDEN` is widened: the new neurons start with small random
//! input weights and no output weight, so training starts from the same
//! evaluation (to try a wider network, raise `HIDDEN`, pad `network.bin`
//! with zeros so the engine builds, and fine-tune from the narrower file:
//! `docs/engine.md`, "A wider network"). Training is
//! deterministic: the same data, options and seed give the same file. The
//! network depends on the hand-made evaluation: after the weights are
//! tuned again, train it again.

use std::time::Instant;

use chess_core::{Color, Position};
use chess_engine::eval::network::{self, FILE_SIZE, HIDDEN, INPUTS, MAX_WEIGHT, QA, QB, SCALE};

/// `chess-lab train-net`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Files of training lines (`chess-lab datagen`'s).
    #[arg(required = true)]
    files: Vec<String>,
    /// Where the network is written (the engine's is
    /// `crates/chess-engine/src/eval/network.bin`).
    #[arg(long)]
    out: String,
    /// Passes over the data.
    #[arg(long, default_value_t = 12)]
    epochs: usize,
    /// How much the search's score weighs in the target (the game's result
    /// the rest).
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// Adam's learning rate at the start.
    #[arg(long, default_value_t = 0.001)]
    rate: f32,
    /// Positions a step.
    #[arg(long, default_value_t = 16_384, value_parser = clap::value_parser!(u32).range(1..))]
    batch: u32,
    /// Threads.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..))]
    threads: u16,
    /// The seed of the first weights and of the order of positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Starts from this stored network instead of random weights.
    #[arg(long)]
    init: Option<String>,
}

/// The trainer's settings.
struct Config {
    files: Vec<String>,
    out: String,
    epochs: usize,
    lambda: f32,
    rate: f32,
    batch: usize,
    threads: usize,
    seed: u64,
    init: Option<String>,
}

impl From<Args> for Config {
    fn from(args: Args) -> Config {
        Config {
            files: args.files,
            out: args.out,
            epochs: args.epochs,
            lambda: args.lambda,
            rate: args.rate,
            batch: args.batch as usize,
            threads: usize::from(args.threads),
            seed: args.seed,
            init: args.init,
        }
    }
}

/// One training position: its pieces as White's inputs, whose move it
/// is, and the target from the side to move's point of view.
#[derive(Copy, Clone)]
struct Sample {
    inputs: [u16; 32],
    count: u8,
    black_to_move: bool,
    target: f32,
    /// The hand-made evaluation for the side to move, in logits.
    classical: f32,
}

impl Sample {
    /// The inputs of one view (`view_black`: Black's).
    fn view(&self, view_black: bool) -> impl Iterator<Item = usize> + '_ {
        self.inputs[..usize::from(self.count)].iter().map(move |&i| {
            let i = usize::from(i);
            if view_black { network::black_view(i) } else { i }
        })
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn read_samples(config: &Config) -> Vec<Sample> {
    let (lines, mut bad) = chess_lab::data::read_lines(&config.files).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let lambda = config.lambda;
    let (samples, skipped): (Vec<Vec<Sample>>, Vec<usize>) =
        on_threads(&lines, config.threads, |part| parse_lines(part, lambda))
            .into_iter()
            .unzip();
    bad += skipped.iter().sum::<usize>();
    if bad > 0 {
        eprintln!("{bad} lines skipped");
    }
    samples.into_iter().flatten().collect()
}

fn parse_lines(lines: &[String], lambda: f32) -> (Vec<Sample>, usize) {
    let mut samples = Vec::with_capacity(lines.len());
    let mut bad = 0;
    for line in lines {
        let Some((pos, score, result)) = chess_lab::data::split_line(line).and_then(|(fen, score, result)| {
            let pos = chess_lab::data::read_fen(fen)?;
            Some((pos, score as f32, result as f32))
        }) else {
            bad += 1;
            continue;
        };
        let white = lambda * sigmoid(score / SCALE as f32) + (1.0 - lambda) * result;
        samples.push(sample(&pos, white));
    }
    (samples, bad)
}

/// A training position with `white`, the target from White's point of view.
fn sample(pos: &Position, white: f32) -> Sample {
    let black_to_move = pos.turn() == Color::Black;
    let mut sample = Sample {
        inputs: [0; 32],
        count: 0,
        black_to_move,
        target: if black_to_move { 1.0 - white } else { white },
        classical: chess_engine::eval::evaluate_classical(pos) as f32 / SCALE as f32,
    };
    for (color, role, square) in network::pieces(pos) {
        if sample.count == 32 {
            break;
        }
        sample.inputs[usize::from(sample.count)] = network::input(Color::White, color, role, square) as u16;
        sample.count += 1;
    }
    sample
}

/// The network in real numbers (also its gradient and Adam's moments).
#[derive(Clone)]
struct Params {
    hidden: Vec<f32>,
    hidden_bias: Vec<f32>,
    output: Vec<f32>,
    output_bias: f32,
}

impl Params {
    fn zero() -> Params {
        Params {
            hidden: vec![0.0; INPUTS * HIDDEN],
            hidden_bias: vec![0.0; HIDDEN],
            output: vec![0.0; 2 * HIDDEN],
            output_bias: 0.0,
        }
    }

    /// Small random weights (deterministic from `seed`).
    fn random(seed: u64) -> Params {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |scale: f32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale
        };
        let mut p = Params::zero();
        p.hidden.iter_mut().for_each(|w| *w = next(0.15));
        p.hidden_bias.iter_mut().for_each(|w| *w = next(0.05) + 0.1);
        // The output weights start at zero: no correction to begin with.
        p
    }

    /// A stored network of a narrower hidden layer (`bytes` in the layout
    /// of [`network::Network::from_bytes`], with fewer neurons) in real
    /// numbers, widened to [`HIDDEN`] neurons: the new ones get small random
    /// input weights (as [`Params::random`]) and zero output weights, so the
    /// widened network gives the same output until training uses them.
    fn widened(bytes: &[u8], seed: u64) -> Option<Params> {
        let narrow = bytes.len().checked_sub(4)? / (2 * (INPUTS + 3));
        if narrow == 0 || narrow >= HIDDEN || bytes.len() != 2 * narrow * (INPUTS + 3) + 4 {
            return None;
        }
        let word = |i: usize| f32::from(i16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]));
        let mut p = Params::random(seed);
        for input in 0..INPUTS {
            for k in 0..narrow {
                p.hidden[input * HIDDEN + k] = word(input * narrow + k) / QA as f32;
            }
        }
        let base = INPUTS * narrow;
        for k in 0..narrow {
            p.hidden_bias[k] = word(base + k) / QA as f32;
            for view in 0..2 {
                p.output[view * HIDDEN + k] = word(base + narrow + view * narrow + k) / QB as f32;
            }
        }
        let at = bytes.len() - 4;
        let bias = i32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        p.output_bias = bias as f32 / (QA * QB) as f32;
        Some(p)
    }

    /// The engine's network `net` in real numbers again.
    fn from_network(net: &network::Network) -> Params {
        let real = |w: &i16, scale: i32| f32::from(*w) / scale as f32;
        Params {
            hidden: net.hidden_weights().iter().flatten().map(|w| real(w, QA)).collect(),
            hidden_bias: net.hidden_bias().iter().map(|w| real(w, QA)).collect(),
            output: net.output_weights().iter().flatten().map(|w| real(w, QB)).collect(),
            output_bias: net.output_bias() as f32 / (QA * QB) as f32,
        }
    }

    fn slices_mut(&mut self) -> [&mut [f32]; 4] {
        [
            &mut self.hidden,
            &mut self.hidden_bias,
            &mut self.output,
            std::slice::from_mut(&mut self.output_bias),
        ]
    }

    fn add(&mut self, other: &Params) {
        for (a, b) in self.slices_mut().into_iter().zip(other.slices()) {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        }
    }

    fn slices(&self) -> [&[f32]; 4] {
        [
            &self.hidden,
            &self.hidden_bias,
            &self.output,
            std::slice::from_ref(&self.output_bias),
        ]
    }

    /// The output (a logit) for `s`, with what the gradient needs: both
    /// views' sums before activation, side to move first.
    fn forward(&self, s: &Sample) -> (f32, [[f32; HIDDEN]; 2]) {
        let mut acc = [[0.0f32; HIDDEN]; 2];
        for (view, a) in acc.iter_mut().enumerate() {
            a.copy_from_slice(&self.hidden_bias);
            // View 0 is the side to move's.
            let black = (view == 0) == s.black_to_move;
            for i in s.view(black) {
                let row = &self.hidden[i * HIDDEN..(i + 1) * HIDDEN];
                a.iter_mut().zip(row).for_each(|(x, w)| *x += w);
            }
        }
        let mut y = self.output_bias + s.classical;
        for (view, a) in acc.iter().enumerate() {
            let w = &self.output[view * HIDDEN..(view + 1) * HIDDEN];
            for (x, w) in a.iter().zip(w) {
                let h = x.clamp(0.0, 1.0);
                y += h * h * w;
            }
        }
        (y, acc)
    }

    /// Adds the gradient of `(sigmoid(y) − target)²` for `s` to `grad`;
    /// returns the error.
    fn backward(&self, s: &Sample, grad: &mut Params) -> f32 {
        let (y, acc) = self.forward(s);
        let p = sigmoid(y);
        let d = 2.0 * (p - s.target) * p * (1.0 - p);
        grad.output_bias += d;
        for (view, a) in acc.iter().enumerate() {
            let w = &self.output[view * HIDDEN..(view + 1) * HIDDEN];
            let g = &mut grad.output[view * HIDDEN..(view + 1) * HIDDEN];
            let mut da = [0.0f32; HIDDEN];
            for k in 0..HIDDEN {
                let x = a[k];
                let h = x.clamp(0.0, 1.0);
                g[k] += d * h * h;
                da[k] = if x > 0.0 && x < 1.0 { d * w[k] * 2.0 * x } else { 0.0 };
            }
            grad.hidden_bias.iter_mut().zip(&da).for_each(|(g, d)| *g += d);
            let black = (view == 0) == s.black_to_move;
            for i in s.view(black) {
                let row = &mut grad.hidden[i * HIDDEN..(i + 1) * HIDDEN];
                row.iter_mut().zip(&da).for_each(|(g, d)| *g += d);
            }
        }
        (p - s.target) * (p - s.target)
    }

    /// The quantized network, as `network.rs` reads it.
    fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(FILE_SIZE);
        let q = |w: f32, scale: i32| ((w * scale as f32).round() as i16).to_le_bytes();
        self.hidden.iter().for_each(|&w| bytes.extend(q(w, QA)));
        self.hidden_bias.iter().for_each(|&w| bytes.extend(q(w, QA)));
        self.output.iter().for_each(|&w| bytes.extend(q(w, QB)));
        bytes.extend(((self.output_bias * (QA * QB) as f32).round() as i32).to_le_bytes());
        bytes
    }
}

/// Adam's state.
struct Adam {
    m: Params,
    v: Params,
    t: i32,
}

impl Adam {
    fn step(&mut self, params: &mut Params, grad: &Params, rate: f32, n: usize) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let scale = 1.0 / n as f32;
        let (ms, vs) = (self.m.slices_mut(), self.v.slices_mut());
        for (((p, g), (m, v)), layer) in params
            .slices_mut()
            .into_iter()
            .zip(grad.slices())
            .zip(ms.into_iter().zip(vs))
            .zip(0..)
        {
            // The hidden weights and the output weights are bounded; the
            // biases are not.
            let bound = if layer == 0 || layer == 2 { MAX_WEIGHT } else { f32::MAX };
            for i in 0..p.len() {
                let g = g[i] * scale;
                m[i] = B1 * m[i] + (1.0 - B1) * g;
                v[i] = B2 * v[i] + (1.0 - B2) * g * g;
                p[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
                p[i] = p[i].clamp(-bound, bound);
            }
        }
    }
}

/// `work` done on `items` cut into `threads` parts, one thread each; the
/// results in the parts' order.
fn on_threads<T: Sync, R: Send>(items: &[T], threads: usize, work: impl Fn(&[T]) -> R + Sync) -> Vec<R> {
    let chunk = items.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items.chunks(chunk).map(|part| scope.spawn(|| work(part))).collect();
        handles.into_iter().map(|h| h.join().expect("a thread")).collect()
    })
}

/// The mean error over `samples`, on `threads` threads.
fn error(params: &Params, samples: &[Sample], threads: usize) -> f32 {
    let sums = on_threads(samples, threads, |part| {
        part.iter()
            .map(|s| {
                let e = sigmoid(params.forward(s).0) - s.target;
                f64::from(e * e)
            })
            .sum::<f64>()
    });
    (sums.iter().sum::<f64>() / samples.len().max(1) as f64) as f32
}

/// Trains the network and writes it.
pub fn run(args: Args) {
    let config = Config::from(args);
    let started = Instant::now();
    let mut samples = read_samples(&config);
    // The last twentieth is held out: whole games the network never saw
    // (positions of one game are alike, so a random twentieth would
    // flatter it).
    let held = samples.split_off(samples.len() - samples.len() / 20);
    // Chess is the same game mirrored left to right (castling aside, which
    // the network does not see): each position is learnt mirrored too,
    // with the same target and the same hand-made evaluation (the terms
    // are nearly symmetric; the piece-square tables are not quite).
    let mirrored: Vec<Sample> = samples
        .iter()
        .map(|s| Sample {
            inputs: s.inputs.map(|i| network::mirrored(usize::from(i)) as u16),
            ..*s
        })
        .collect();
    samples.extend(mirrored);
    // A fixed shuffle of the rest, so each batch mixes many games.
    let mut state = config.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
    for i in (1..samples.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        samples.swap(i, (state % (i as u64 + 1)) as usize);
    }
    eprintln!(
        "{} positions to train on, {} held out, read in {:.1} s",
        samples.len(),
        held.len(),
        started.elapsed().as_secs_f32()
    );
    let classical = held
        .iter()
        .map(|s| f64::from((sigmoid(s.classical) - s.target).powi(2)))
        .sum::<f64>()
        / held.len().max(1) as f64;
    eprintln!("the hand-made evaluation's error on the held-out positions: {classical:.6}");
    let mut params = match &config.init {
        None => Params::random(config.seed),
        Some(path) => {
            let bytes = match std::fs::read(path) {
                Ok(bytes) => bytes,
                Err(error) => {
                    eprintln!("{path}: {error}");
                    std::process::exit(1)
                }
            };
            let params = if bytes.len() == FILE_SIZE {
                Params::from_network(&network::Network::from_bytes(&bytes))
            } else if let Some(params) = Params::widened(&bytes, config.seed) {
                eprintln!("{path}: a narrower network, widened to {HIDDEN} neurons");
                params
            } else {
                eprintln!("{path}: not a network of {FILE_SIZE} bytes, nor a narrower one");
                std::process::exit(1)
            };
            eprintln!(
                "{path}: held out {:.6} before training",
                error(&params, &held, config.threads)
            );
            params
        }
    };
    let mut adam = Adam {
        m: Params::zero(),
        v: Params::zero(),
        t: 0,
    };
    let out = config.out.as_str();
    for epoch in 0..config.epochs {
        let rate = config.rate * 0.5 * (1.0 + (std::f32::consts::PI * epoch as f32 / config.epochs as f32).cos());
        let mut train_error = 0.0f64;
        for batch in samples.chunks(config.batch) {
            let parts = on_threads(batch, config.threads, |part| {
                let mut grad = Params::zero();
                let e: f64 = part.iter().map(|s| f64::from(params.backward(s, &mut grad))).sum();
                (grad, e)
            });
            let mut parts = parts.into_iter();
            let (mut grad, mut e) = parts.next().expect("a part");
            for (g, more) in parts {
                grad.add(&g);
                e += more;
            }
            train_error += e;
            adam.step(&mut params, &grad, rate, batch.len());
        }
        eprintln!(
            "epoch {:3}: rate {rate:.6}, error {:.6}, held out {:.6}, {:.0} s",
            epoch + 1,
            train_error / samples.len() as f64,
            error(&params, &held, config.threads),
            started.elapsed().as_secs_f32()
        );
        // Written whole each epoch, then renamed over the last: stopped at
        // any time, the file is a complete network.
        let partial = format!("{out}.partial");
        if let Err(e) = std::fs::write(&partial, params.to_bytes()).and_then(|()| std::fs::rename(&partial, out)) {
            eprintln!("{out}: {e}");
            std::process::exit(1)
        }
    }
    let net = network::Network::from_bytes(&params.to_bytes());
    let start: Position = Position::new();
    eprintln!(
        "written to {out}; the start position evaluates to {} cp",
        net.evaluate(&start)
    );
}
