//! The statistics of an engine match as engine authors keep them: games
//! are played in pairs (one opening, each engine with White once) and each
//! pair's score, 0 to 2, is one of five outcomes (the *pentanomial*
//! model of fishtest and OpenBench), which cancels most of the openings'
//! bias and measures the variance honestly. From it: the Elo difference
//! with its 95% error, the likelihood of superiority, and the sequential
//! probability ratio test (SPRT) that says, as early as the games allow,
//! whether a change gains at least `elo1` or less than `elo0`.
//!
//! ```
//! use chess_lab::sprt::{Pentanomial, Sprt, Verdict};
//! let mut pairs = Pentanomial::default();
//! for _ in 0..400 {
//!     pairs.add_pair(1.0, 0.5); // A won one game and drew the other
//! }
//! let test = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
//! assert_eq!(test.verdict(&pairs), Verdict::H1);
//! assert!(pairs.estimate().unwrap().elo > 100.0);
//! ```

/// The pair scores of the five outcomes, as a fraction of the pair's 2
/// points: lost both, lost one and drew one, ..., won both.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The expected score of a player `elo` points stronger (logistic Elo).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score (infinite at 0 and 1).
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// How many game pairs ended with each of the five pair scores (0, ½, 1,
/// 1½, 2 points for engine A).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; 5]);

/// An Elo difference measured from a match.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Engine A's Elo minus B's.
    pub elo: f64,
    /// Half the 95% interval's width, in Elo.
    pub margin: f64,
    /// The likelihood that A is the stronger (0 to 1).
    pub los: f64,
    /// A's score per game (0 to 1).
    pub score: f64,
}

impl Pentanomial {
    /// Counts a pair: A's scores in its two games (1, ½ or 0 each).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let halves = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[halves] += 1;
    }

    /// Game pairs counted.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// The share of pairs of each outcome.
    fn frequencies(&self) -> [f64; 5] {
        let n = self.pairs().max(1) as f64;
        self.0.map(|c| c as f64 / n)
    }

    /// A's score per game, and the variance of a pair's score (as a
    /// fraction of its 2 points).
    fn mean_and_variance(&self) -> (f64, f64) {
        let p = self.frequencies();
        let mean: f64 = p.iter().zip(PAIR_SCORES).map(|(p, x)| p * x).sum();
        let variance = p.iter().zip(PAIR_SCORES).map(|(p, x)| p * (x - mean).powi(2)).sum();
        (mean, variance)
    }

    /// The Elo difference with its 95% margin and the likelihood of
    /// superiority; none before a pair is played, or while every pair
    /// ended the same way at 0 or 2 points (the difference is then beyond
    /// measure).
    pub fn estimate(&self) -> Option<Estimate> {
        let n = self.pairs();
        if n == 0 {
            return None;
        }
        let (score, variance) = self.mean_and_variance();
        if score <= 0.0 || score >= 1.0 {
            return None;
        }
        let error = (variance / n as f64).sqrt();
        let low = (score - 1.96 * error).max(1e-6);
        let high = (score + 1.96 * error).min(1.0 - 1e-6);
        let los = if error > 0.0 {
            normal_cdf((score - 0.5) / error)
        } else if score > 0.5 {
            1.0
        } else if score < 0.5 {
            0.0
        } else {
            0.5
        };
        Some(Estimate {
            elo: elo_of(score),
            margin: (elo_of(high) - elo_of(low)) / 2.0,
            los,
            score,
        })
    }

    /// The log-likelihood ratio of "A is `elo1` stronger" against "A is
    /// `elo0` stronger", each the most likely pentanomial distribution with
    /// that expected score (the generalized SPRT of fishtest).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        // An outcome not seen yet is given a tiny share, as fishtest does,
        // so that every expected score in (0, 1) can be reached.
        let mut p = self.frequencies().map(|f| f.max(1e-3));
        let total: f64 = p.iter().sum();
        p.iter_mut().for_each(|f| *f /= total);
        let q0 = most_likely(&p, expected_score(elo0));
        let q1 = most_likely(&p, expected_score(elo1));
        n as f64 * (0..5).map(|i| p[i] * (q1[i] / q0[i]).ln()).sum::<f64>()
    }
}

/// The distribution closest to `p` (most likely under it) whose expected
/// pair score is `s`: `q_i = p_i / (1 + λ(x_i - s))`, λ found by bisection
/// (the constraint's sum falls as λ grows).
fn most_likely(p: &[f64; 5], s: f64) -> [f64; 5] {
    let sum = |lambda: f64| -> f64 {
        (0..5)
            .map(|i| p[i] * (PAIR_SCORES[i] - s) / (1.0 + lambda * (PAIR_SCORES[i] - s)))
            .sum()
    };
    // 1 + λ(x - s) > 0 for x = 0 and x = 1.
    let (mut low, mut high) = (-1.0 / (1.0 - s) + 1e-12, 1.0 / s - 1e-12);
    for _ in 0..200 {
        let mid = (low + high) / 2.0;
        if sum(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let lambda = (low + high) / 2.0;
    let mut q = [0.0; 5];
    for i in 0..5 {
        q[i] = p[i] / (1.0 + lambda * (PAIR_SCORES[i] - s));
    }
    q
}

/// The standard normal distribution function (Abramowitz and Stegun
/// 7.1.26, within 1.5e-7: plenty for a likelihood of superiority).
fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 { (1.0 + erf) / 2.0 } else { (1.0 - erf) / 2.0 }
}

/// A sequential probability ratio test: H0 "the change gains `elo0`" against
/// H1 "it gains `elo1`", with error rates `alpha` (accepting H1 wrongly)
/// and `beta` (accepting H0 wrongly).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// The gain of H0 (logistic Elo).
    pub elo0: f64,
    /// The gain of H1.
    pub elo1: f64,
    /// The chance of passing a change that does not gain.
    pub alpha: f64,
    /// The chance of failing a change that gains.
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not enough games yet.
    Continue,
    /// H0: the change does not gain `elo1` (rejected).
    H0,
    /// H1: the change gains (passed).
    H1,
}

impl Sprt {
    /// The log-likelihood ratio's bounds: H0 below the first, H1 above
    /// the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict for the pairs played.
    pub fn verdict(&self, pairs: &Pentanomial) -> Verdict {
        let llr = pairs.llr(self.elo0, self.elo1);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -50.0, 0.0, 5.0, 191.0] {
            assert!((elo_of(expected_score(elo)) - elo).abs() < 1e-9);
        }
        assert!((expected_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn pairs_are_counted_by_their_score() {
        let mut pairs = Pentanomial::default();
        pairs.add_pair(1.0, 1.0);
        pairs.add_pair(0.5, 0.0);
        pairs.add_pair(1.0, 0.0);
        pairs.add_pair(0.5, 0.5);
        assert_eq!(pairs.0, [0, 1, 2, 0, 1]);
        assert_eq!(pairs.pairs(), 4);
    }

    /// Even pairs: no difference, LOS ½; a lopsided match: the Elo of
    /// its score.
    #[test]
    fn the_estimate_is_the_scores_elo() {
        let even = Pentanomial([10, 20, 40, 20, 10]);
        let e = even.estimate().unwrap();
        assert!(e.elo.abs() < 1e-9 && (e.los - 0.5).abs() < 1e-9);
        // 3 of 4 points a pair on average: +191 Elo.
        let strong = Pentanomial([0, 0, 50, 0, 50]);
        let e = strong.estimate().unwrap();
        assert!((e.elo - 190.85).abs() < 0.01, "{e:?}");
        assert!(e.los > 0.999 && e.margin > 0.0);
        assert_eq!(Pentanomial([0, 0, 0, 0, 7]).estimate(), None, "beyond measure");
        assert_eq!(Pentanomial::default().estimate(), None);
    }

    /// The normal distribution function at known points.
    #[test]
    fn normal_cdf_is_right() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(1.96) - 0.975_002).abs() < 1e-5);
        assert!((normal_cdf(-1.0) - 0.158_655).abs() < 1e-5);
    }

    /// For small differences the generalized LLR is, to first order, the
    /// normal approximation `n (s1 - s0)(2 mean - s0 - s1) / (2 var)`.
    #[test]
    fn the_llr_agrees_with_the_normal_approximation() {
        for counts in [[30, 210, 500, 230, 30], [80, 190, 420, 210, 100], [5, 100, 800, 90, 5]] {
            let pairs = Pentanomial(counts);
            let (mean, variance) = pairs.mean_and_variance();
            let (s0, s1) = (expected_score(0.0), expected_score(5.0));
            let n = pairs.pairs() as f64;
            let approx = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
            let exact = pairs.llr(0.0, 5.0);
            assert!(
                (exact - approx).abs() < 0.05 * approx.abs().max(0.5),
                "{counts:?}: {exact} vs {approx}"
            );
        }
    }

    /// A clear gain passes, a clear loss fails, an even match goes on at
    /// first and, with many games, fails (it does not gain 5 Elo).
    #[test]
    fn the_verdicts() {
        let test = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lower, upper) = test.bounds();
        assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
        assert_eq!(test.verdict(&Pentanomial([20, 100, 200, 150, 60])), Verdict::H1);
        assert_eq!(test.verdict(&Pentanomial([60, 150, 200, 100, 20])), Verdict::H0);
        assert_eq!(test.verdict(&Pentanomial([2, 10, 20, 10, 2])), Verdict::Continue);
        assert_eq!(test.verdict(&Pentanomial([400, 2000, 4000, 2000, 400])), Verdict::H0);
        // The more pairs at the same frequencies, the further the LLR.
        let small = Pentanomial([2, 10, 20, 12, 3]).llr(0.0, 5.0);
        let large = Pentanomial([20, 100, 200, 120, 30]).llr(0.0, 5.0);
        assert!(large > small && small > 0.0);
    }
}
