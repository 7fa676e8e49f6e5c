//! The explorer's counts of the games at a position: for each move played
//! from it, its games, results, the players' rating sum and the last year;
//! the results of the games that ended there; and the best-rated games.
//! Counted by a query from the games it finds, or kept in the index with an
//! opening position's row (counted once, when the index is built), and
//! added up segment by segment either way.

use crate::Corrupt;
use crate::index::bytes::{Reader, Writer};
use crate::index::segment::Outcomes;

/// How many best-rated games a tally keeps (and the explorer lists).
pub const TOP_GAMES: usize = 10;

/// One move's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Games that played it.
    pub games: u64,
    /// Of those, by result code (`header::GameResult`).
    pub results: [u64; 4],
    /// The sum of both players' ratings, over the games where both are
    /// rated.
    pub elo_sum: u64,
    /// How many ratings `elo_sum` adds (two a game).
    pub rated: u64,
    /// The last year it was played (0: no game dated).
    pub last_year: u16,
}

/// A game that may be among the best-rated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The players' average rating.
    pub average: u16,
    /// The game (its number in the segment in an index's row; in the
    /// collection, from 1, once a query has it).
    pub game: u64,
    /// The ply where it reaches the position.
    pub ply: u32,
    /// The players: numbers in their file's list of players.
    pub players: [u32; 2],
    /// Their ratings.
    pub elos: [u16; 2],
    /// The result code.
    pub result: u8,
    /// The year, if dated.
    pub year: Option<u16>,
}

impl Candidate {
    /// The order of the best-rated games: by average rating, best first,
    /// then by game number.
    pub fn rank(&self, other: &Candidate) -> std::cmp::Ordering {
        other.average.cmp(&self.average).then(self.game.cmp(&other.game))
    }
}

/// The counts of some games at a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// By move played (packed, `record::pack_move`), in the order first
    /// met: a position has a few, looked for one by one faster than
    /// hashed.
    pub moves: Vec<(u16, Counts)>,
    /// The games that ended at the position, by result code.
    pub ended: [u64; 4],
    /// The best-rated games, best first (at most [`TOP_GAMES`] once
    /// [`Tally::keep_top`] has run).
    pub top: Vec<Candidate>,
}

impl Tally {
    /// Counts game `i` of a segment whose `outcomes` are given, numbered
    /// `game`, which reached the position at `ply` and played `next`
    /// (`u16::MAX`: it ended there).
    pub fn add(&mut self, game: u64, ply: u32, next: u16, outcomes: &Outcomes, i: usize) {
        let result = outcomes.result(i).code();
        let elos = [outcomes.white_elo[i], outcomes.black_elo[i]];
        let year = outcomes.date(i).year();
        let rated = elos[0] > 0 && elos[1] > 0;
        if next == u16::MAX {
            self.ended[usize::from(result)] += 1;
        } else {
            let c = self.counts_of(next);
            c.games += 1;
            c.results[usize::from(result)] += 1;
            if rated {
                c.elo_sum += u64::from(elos[0]) + u64::from(elos[1]);
                c.rated += 2;
            }
            c.last_year = c.last_year.max(year.unwrap_or(0));
        }
        if rated {
            self.top.push(Candidate {
                average: ((u32::from(elos[0]) + u32::from(elos[1])) / 2) as u16,
                game,
                ply,
                players: [outcomes.white[i], outcomes.black[i]],
                elos,
                result,
                year,
            });
            if self.top.len() > 4 * TOP_GAMES {
                self.keep_top();
            }
        }
    }

    /// Adds `other`'s counts (its top games are kept as they are: see
    /// [`Tally::keep_top`]).
    pub fn merge(&mut self, other: Tally) {
        for (m, c) in other.moves {
            let total = self.counts_of(m);
            total.games += c.games;
            for (t, r) in total.results.iter_mut().zip(c.results) {
                *t += r;
            }
            total.elo_sum += c.elo_sum;
            total.rated += c.rated;
            total.last_year = total.last_year.max(c.last_year);
        }
        for (e, p) in self.ended.iter_mut().zip(other.ended) {
            *e += p;
        }
        self.top.extend(other.top);
    }

    /// The counts of move `m`, new ones if it has none yet.
    fn counts_of(&mut self, m: u16) -> &mut Counts {
        let k = match self.moves.iter().position(|(n, _)| *n == m) {
            Some(k) => k,
            None => {
                self.moves.push((m, Counts::default()));
                self.moves.len() - 1
            }
        };
        &mut self.moves[k].1
    }

    /// Keeps the best [`TOP_GAMES`] by average rating (then by game number).
    pub fn keep_top(&mut self) {
        self.top.sort_by(Candidate::rank);
        self.top.truncate(TOP_GAMES);
    }

    /// Writes the tally (its top games kept first).
    pub fn write(&self, w: &mut Writer) {
        let mut moves: Vec<&(u16, Counts)> = self.moves.iter().collect();
        moves.sort_by_key(|(m, _)| *m);
        w.u16s(&moves.iter().map(|(m, _)| *m).collect::<Vec<_>>());
        for (_, c) in &moves {
            w.varints(
                [
                    c.games,
                    c.results[0],
                    c.results[1],
                    c.results[2],
                    c.results[3],
                    c.elo_sum,
                    c.rated,
                    u64::from(c.last_year),
                ]
                .into_iter(),
            );
        }
        w.varints(self.ended.into_iter());
        w.varint(self.top.len() as u64);
        for t in &self.top {
            w.varints(
                [
                    t.game,
                    u64::from(t.ply),
                    u64::from(t.players[0]),
                    u64::from(t.players[1]),
                    u64::from(t.elos[0]),
                    u64::from(t.elos[1]),
                    u64::from(t.result),
                    u64::from(t.year.unwrap_or(0)),
                ]
                .into_iter(),
            );
        }
    }

    /// Reads a tally written by [`Tally::write`] for a segment of `games`
    /// games, checked: its games in the segment, its numbers in range.
    pub fn read(r: &mut Reader<'_>, games: usize) -> Result<Tally, Corrupt> {
        let bad = || Corrupt("an opening row's counts");
        let mut tally = Tally::default();
        let moves = r.u16s()?;
        for m in moves {
            let v = r.varints()?;
            let [g, r0, r1, r2, r3, elo_sum, rated, last_year] = v[..] else {
                return Err(bad());
            };
            let c = Counts {
                games: g,
                results: [r0, r1, r2, r3],
                elo_sum,
                rated,
                last_year: u16::try_from(last_year).map_err(|_| bad())?,
            };
            if c.results.iter().sum::<u64>() != c.games || c.games > games as u64 {
                return Err(bad());
            }
            if tally.moves.iter().any(|(n, _)| *n == m) {
                return Err(bad());
            }
            tally.moves.push((m, c));
        }
        tally.ended = r.varints()?.try_into().map_err(|_| bad())?;
        let count = r.varint()?;
        if count > TOP_GAMES as u64 {
            return Err(bad());
        }
        for _ in 0..count {
            let v = r.varints()?;
            let [game, ply, white, black, white_elo, black_elo, result, year] = v[..] else {
                return Err(bad());
            };
            let small = |n: u64| u16::try_from(n).map_err(|_| bad());
            let big = |n: u64| u32::try_from(n).map_err(|_| bad());
            if game >= games as u64 || result > 3 {
                return Err(bad());
            }
            let elos = [small(white_elo)?, small(black_elo)?];
            tally.top.push(Candidate {
                average: ((u32::from(elos[0]) + u32::from(elos[1])) / 2) as u16,
                game,
                ply: big(ply)?,
                players: [big(white)?, big(black)?],
                elos,
                result: result as u8,
                year: Some(small(year)?).filter(|&y| y > 0),
            });
        }
        Ok(tally)
    }
}
