//! `--resume FILE`: a match stopped before its verdict (a session cut off,
//! the machine needed) goes on from the games its PGN holds, each placed by
//! its `Round`. Pairs stay pairs, so the pentanomial count and the SPRT go
//! on as if the match had never stopped; the games that were being played
//! when it stopped are played again first.
//!
//! `--resume-counts W,D,L,P0,P1,P2,P3,P4` goes on from the counts a stopped
//! match reported (its `+W =D -L` and its pairs) where its PGN was lost with
//! the machine that played it: the SPRT depends on the pairs alone, so it
//! goes on as from the PGN, with the games after the last whole pair (the
//! report's time losses and forfeits count only the games played since).

use std::collections::BTreeMap;
use std::io::BufReader;
use std::sync::atomic::{AtomicUsize, Ordering};

use chess_core::Outcome;
use chess_core::pgn::PgnReader;

use super::game::{Finished, a_is_white, score_a};

/// The finished games of the match PGN `path`, by index (`Round` − 1). A
/// game of other engines or colours than this match between `engines`
/// gives it, a game without a number or a result, or a number twice, is an
/// error that names it.
pub fn read(path: &str, engines: &[String; 2]) -> Result<BTreeMap<usize, Finished>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut reader = PgnReader::new(BufReader::new(file));
    let mut games = BTreeMap::new();
    let mut number = 0;
    while let Some(tags) = reader.read_tags() {
        number += 1;
        let at = || format!("{path}, game {number}");
        let round = tags
            .get("Round")
            .and_then(|r| r.parse::<usize>().ok())
            .filter(|&r| r >= 1)
            .ok_or_else(|| format!("{}: no Round number to place it in the match", at()))?;
        let [a, b] = [engines[0].as_str(), engines[1].as_str()];
        let expected = if a_is_white(round) { [a, b] } else { [b, a] };
        let players = [tags.get("White").unwrap_or("?"), tags.get("Black").unwrap_or("?")];
        if players != expected {
            return Err(format!(
                "{}: round {round} is {} - {}, where this match has {} - {}",
                at(),
                players[0],
                players[1],
                expected[0],
                expected[1]
            ));
        }
        let result = tags.get("Result").unwrap_or("");
        let Some(outcome) = Outcome::from_result(result) else {
            return Err(format!("{}: result {result:?} is not a finished game", at()));
        };
        // The Termination says whether a flag fell or an engine forfeited.
        let termination = tags.get("Termination").unwrap_or("");
        let finished = Finished {
            score_a: score_a(outcome, round),
            time_loss: termination.contains("on time"),
            forfeit: termination.contains("forfeits"),
        };
        if games.insert(round - 1, finished).is_some() {
            return Err(format!("{}: round {round} a second time", at()));
        }
    }
    Ok(games)
}

/// A stopped match's tally as its report gave it, to go on from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Counts {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Pairs by A's points: 0, ½, 1, 1½, 2.
    pub pairs: [u64; 5],
}

impl Counts {
    /// Reads `W,D,L,P0,P1,P2,P3,P4`: the games must be the pairs' games
    /// exactly (a report of whole pairs), so the pairs say where to go on.
    pub fn parse(text: &str) -> Result<Counts, String> {
        let numbers: Vec<u64> = text
            .split(',')
            .map(|n| n.trim().parse::<u64>().map_err(|_| format!("{n:?} is not a count")))
            .collect::<Result<_, _>>()?;
        let [wins, draws, losses, p0, p1, p2, p3, p4] = numbers[..] else {
            return Err(format!("{} counts where W,D,L,P0,P1,P2,P3,P4 are 8", numbers.len()));
        };
        let pairs = [p0, p1, p2, p3, p4];
        let games = wins + draws + losses;
        let pair_games = 2 * pairs.iter().sum::<u64>();
        if games != pair_games {
            return Err(format!("{games} games where the pairs hold {pair_games}"));
        }
        // A's points counted two ways: by game and by pair.
        let points_by_game = 2 * wins + draws;
        let points_by_pair: u64 = pairs.iter().zip(0..).map(|(&n, halves)| n * halves).sum();
        if points_by_game != points_by_pair {
            return Err(format!(
                "the games give A {} points where the pairs give {}",
                points_by_game as f64 / 2.0,
                points_by_pair as f64 / 2.0
            ));
        }
        let count = |n: u64| usize::try_from(n).map_err(|_| format!("{n} is too many games"));
        Ok(Counts {
            wins: count(wins)?,
            draws: count(draws)?,
            losses: count(losses)?,
            pairs,
        })
    }

    /// How many games they count.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }
}

/// The games still to play, by index: first those a stopped match left
/// unfinished among the ones it finished, then every one after its last.
pub struct Schedule {
    missing: Vec<usize>,
    after: usize,
    taken: AtomicUsize,
}

impl Schedule {
    /// The games not in `finished` (all of them for a new match).
    pub fn new<T>(finished: &BTreeMap<usize, T>) -> Schedule {
        let after = finished.last_key_value().map_or(0, |(&last, _)| last + 1);
        Schedule {
            missing: (0..after).filter(|i| !finished.contains_key(i)).collect(),
            after,
            taken: AtomicUsize::new(0),
        }
    }

    /// The games from index `first` on (after a match's counts).
    pub fn from(first: usize) -> Schedule {
        Schedule {
            missing: Vec::new(),
            after: first,
            taken: AtomicUsize::new(0),
        }
    }

    /// The next game to play (each index once, across threads).
    pub fn next(&self) -> usize {
        let k = self.taken.fetch_add(1, Ordering::SeqCst);
        match self.missing.get(k) {
            Some(&i) => i,
            None => self.after + (k - self.missing.len()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A match PGN of `games` (round, white, black, result), read back as
    /// the match between A and B reads it.
    fn read_back(games: &[(&str, &str, &str, &str)]) -> Result<BTreeMap<usize, Finished>, String> {
        let text: String = games
            .iter()
            .map(|(round, white, black, result)| {
                format!(
                    "[Event \"chess-engine match\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
                     [Result \"{result}\"]\n[Termination \"White lost on time\"]\n\n1. e4 e5 {result}\n\n"
                )
            })
            .collect();
        static FILES: AtomicUsize = AtomicUsize::new(0);
        let n = FILES.fetch_add(1, Ordering::SeqCst);
        let path = std::env::temp_dir().join(format!("match-resume-{}-{n}.pgn", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let read = read(path.to_str().unwrap(), &["A".to_string(), "B".to_string()]);
        std::fs::remove_file(&path).unwrap();
        read
    }

    #[test]
    fn games_are_placed_by_round_and_scored_for_engine_a() {
        let games = read_back(&[
            ("2", "B", "A", "1-0"),
            ("1", "A", "B", "1/2-1/2"),
            ("4", "B", "A", "0-1"),
        ])
        .unwrap();
        let scores: Vec<(usize, f64)> = games.iter().map(|(&i, g)| (i, g.score_a)).collect();
        assert_eq!(scores, [(0, 0.5), (1, 0.0), (3, 1.0)]);
        assert!(games.values().all(|g| g.time_loss && !g.forfeit));
    }

    #[test]
    fn a_game_of_another_match_is_refused_with_its_place() {
        let wrong_colours = read_back(&[("1", "B", "A", "1-0")]).unwrap_err();
        assert!(wrong_colours.contains("game 1: round 1 is B - A"), "{wrong_colours}");
        let no_round = read_back(&[("?", "A", "B", "1-0")]).unwrap_err();
        assert!(no_round.contains("no Round number"), "{no_round}");
        let twice = read_back(&[("1", "A", "B", "1-0"), ("1", "A", "B", "0-1")]).unwrap_err();
        assert!(twice.contains("game 2: round 1 a second time"), "{twice}");
        let unfinished = read_back(&[("1", "A", "B", "*")]).unwrap_err();
        assert!(unfinished.contains("not a finished game"), "{unfinished}");
    }

    #[test]
    fn the_unfinished_games_are_played_first_then_the_ones_after() {
        let finished: BTreeMap<usize, ()> = [0, 1, 3, 5].into_iter().map(|i| (i, ())).collect();
        let schedule = Schedule::new(&finished);
        let order: Vec<usize> = (0..5).map(|_| schedule.next()).collect();
        assert_eq!(order, [2, 4, 6, 7, 8]);
        let fresh = Schedule::new(&BTreeMap::<usize, ()>::new());
        assert_eq!([fresh.next(), fresh.next()], [0, 1]);
        let after_counts = Schedule::from(3242);
        assert_eq!([after_counts.next(), after_counts.next()], [3242, 3243]);
    }

    #[test]
    fn counts_are_read_as_a_report_prints_them() {
        let counts = Counts::parse("886,1568,788,87,382,621,408,123").unwrap();
        assert_eq!((counts.wins, counts.draws, counts.losses), (886, 1568, 788));
        assert_eq!(counts.pairs, [87, 382, 621, 408, 123]);
        assert_eq!(counts.games(), 3242);
    }

    #[test]
    fn counts_that_disagree_are_refused_with_the_reason() {
        let short = Counts::parse("1,2,3").unwrap_err();
        assert!(short.contains("3 counts"), "{short}");
        let odd = Counts::parse("1,0,0,0,0,0,0,0").unwrap_err();
        assert!(odd.contains("1 games where the pairs hold 0"), "{odd}");
        let points = Counts::parse("2,0,0,0,0,1,0,0").unwrap_err();
        assert!(points.contains("A 2 points where the pairs give 1"), "{points}");
        let word = Counts::parse("1,x,0,0,0,0,0,0").unwrap_err();
        assert!(word.contains("\"x\" is not a count"), "{word}");
    }
}
