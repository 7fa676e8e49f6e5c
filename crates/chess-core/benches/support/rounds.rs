#![allow(dead_code)] // each bench uses part of this module
//! Timing two contenders fairly on a noisy machine: rounds that run both,
//! in an order that alternates, and the ratio taken within each round, so
//! that the machine's drift hits both alike.

use std::time::Instant;

/// What [`interleaved`] measured.
#[derive(Debug)]
pub struct Rounds {
    /// Each contender's best time of a round, in seconds.
    pub best: [f64; 2],
    /// The per-round ratios of the second's time to the first's, sorted.
    pub ratios: Vec<f64>,
}

impl Rounds {
    /// The median ratio, the lowest and the highest.
    pub fn spread(&self) -> (f64, f64, f64) {
        let r = &self.ratios;
        (r[r.len() / 2], r[0], r[r.len() - 1])
    }
}

/// Runs `run(0)` and `run(1)` in each of `rounds` rounds.
pub fn interleaved(rounds: usize, mut run: impl FnMut(usize)) -> Rounds {
    let mut best = [f64::MAX; 2];
    let mut ratios = Vec::new();
    for round in 0..rounds {
        let mut t = [0.0; 2];
        let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for i in order {
            let start = Instant::now();
            run(i);
            t[i] = start.elapsed().as_secs_f64();
            best[i] = best[i].min(t[i]);
        }
        ratios.push(t[1] / t[0]);
    }
    ratios.sort_by(|a, b| a.total_cmp(b));
    Rounds { best, ratios }
}
