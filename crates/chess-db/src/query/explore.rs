//! The opening explorer: for a position, the moves played next in the
//! collection, each with its games, White wins, draws and Black wins, the
//! players' average rating and the last year it was played, most played
//! first; and the top games (by average rating) that reached it. A game
//! counts once, at the first time it reaches the position.

use std::collections::HashMap;

use chess_core::{Move, Position};

use crate::Database;
use crate::Error;
use crate::header::GameResult;
use crate::query::Need;
use crate::query::filter::Filter;
use crate::query::position::{Target, search_segment};
use crate::record::unpack_move;

/// How many top games the explorer lists.
pub const TOP_GAMES: usize = 10;

/// A move played from the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The move.
    pub mv: Move,
    /// The move in SAN (`Nf3`).
    pub san: String,
    /// The move in UCI (`g1f3`).
    pub uci: String,
    /// Games that played it.
    pub games: u64,
    /// Of those, won by White.
    pub white: u64,
    /// Drawn.
    pub draws: u64,
    /// Won by Black.
    pub black: u64,
    /// The average rating of the players, over the games where both are
    /// rated.
    pub average_elo: Option<u16>,
    /// The last year it was played (of the games with a dated header).
    pub last_year: Option<u16>,
}

/// One of the best-rated games that reached the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopGame {
    /// Its number (from 1).
    pub game: u64,
    /// The ply where it reached the position.
    pub ply: u32,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// White's rating (0 unknown).
    pub white_elo: u16,
    /// Black's rating (0 unknown).
    pub black_elo: u16,
    /// The result.
    pub result: GameResult,
    /// The year, if dated.
    pub year: Option<u16>,
}

/// The explorer's answer for a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explorer {
    /// Games that reach the position.
    pub games: u64,
    /// Of those, won by White, drawn and won by Black.
    pub white: u64,
    /// See `white`.
    pub draws: u64,
    /// See `white`.
    pub black: u64,
    /// The moves played from it, most played first.
    pub moves: Vec<MoveRow>,
    /// The best-rated games that reached it (both players rated), best
    /// first.
    pub top: Vec<TopGame>,
}

/// One move's counts, as segments add them up.
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    games: u64,
    results: [u64; 4],
    elo_sum: u64,
    rated: u64,
    last_year: u16,
}

/// What one segment gives.
#[derive(Debug, Default)]
struct Part {
    moves: HashMap<u16, Counts>,
    ended: [u64; 4],
    top: Vec<Candidate>,
}

/// A game that may be among the top games.
#[derive(Debug)]
struct Candidate {
    average: u16,
    game: u64,
    ply: u32,
    /// The players: their numbers in the file's name lists, until the
    /// segment's best are kept, then their names.
    players: [u32; 2],
    names: [String; 2],
    elos: [u16; 2],
    result: GameResult,
    year: Option<u16>,
}

impl Database {
    /// The explorer for `position`: the moves played from it in the
    /// collection (the games `filter` lets through, if given), with their
    /// counts, and the top games.
    pub fn explore(&self, position: &Position, filter: Option<&Filter>) -> Result<Explorer, Error> {
        let target = Target::new(position, None);
        let need = Need {
            outcomes: true,
            headers: false,
        };
        let parts = self.each_view(filter, need, |view, allowed| {
            let matches = search_segment(view, &target, allowed)?;
            let Some(h) = view.outcomes.as_ref() else {
                return Ok(Vec::new());
            };
            let mut part = Part::default();
            for m in matches {
                let i = (m.game - 1 - view.first) as usize;
                let result = h.result(i);
                let counts = if m.next == u16::MAX {
                    part.ended[result as usize] += 1;
                    None
                } else {
                    Some(part.moves.entry(m.next).or_default())
                };
                let elos = [h.white_elo[i], h.black_elo[i]];
                let year = h.date(i).year();
                if let Some(c) = counts {
                    c.games += 1;
                    c.results[result as usize] += 1;
                    if elos[0] > 0 && elos[1] > 0 {
                        c.elo_sum += u64::from(elos[0]) + u64::from(elos[1]);
                        c.rated += 2;
                    }
                    c.last_year = c.last_year.max(year.unwrap_or(0));
                }
                if elos[0] > 0 && elos[1] > 0 {
                    let average = ((u32::from(elos[0]) + u32::from(elos[1])) / 2) as u16;
                    part.top.push(Candidate {
                        average,
                        game: m.game,
                        ply: m.ply,
                        players: [h.white[i], h.black[i]],
                        names: Default::default(),
                        elos,
                        result,
                        year,
                    });
                    if part.top.len() > 4 * TOP_GAMES {
                        keep_top(&mut part.top);
                    }
                }
            }
            keep_top(&mut part.top);
            // Names now, from this file's lists: files number them apart.
            let ids: Vec<u32> = part.top.iter().flat_map(|c| c.players).collect();
            let mut names = view.index.player_names(&ids)?.into_iter();
            for c in &mut part.top {
                c.names = [names.next().unwrap_or_default(), names.next().unwrap_or_default()];
            }
            Ok(vec![part])
        })?;
        let mut moves: HashMap<u16, Counts> = HashMap::new();
        let mut ended = [0u64; 4];
        let mut top = Vec::new();
        for part in parts {
            for (m, c) in part.moves {
                let total = moves.entry(m).or_default();
                total.games += c.games;
                for (t, r) in total.results.iter_mut().zip(c.results) {
                    *t += r;
                }
                total.elo_sum += c.elo_sum;
                total.rated += c.rated;
                total.last_year = total.last_year.max(c.last_year);
            }
            for (e, p) in ended.iter_mut().zip(part.ended) {
                *e += p;
            }
            top.extend(part.top);
        }
        keep_top(&mut top);
        let mut explorer = Explorer {
            top: top
                .into_iter()
                .map(|c| {
                    let [white, black] = c.names;
                    TopGame {
                        game: c.game,
                        ply: c.ply,
                        white,
                        black,
                        white_elo: c.elos[0],
                        black_elo: c.elos[1],
                        result: c.result,
                        year: c.year,
                    }
                })
                .collect(),
            ..Explorer::default()
        };
        let mut totals = ended;
        for (&packed, c) in &moves {
            for (t, r) in totals.iter_mut().zip(c.results) {
                *t += r;
            }
            let (mv, san, uci) = match unpack_move(position, packed) {
                Some(m) => (m, position.san(m).unwrap_or_else(|_| m.uci()), m.uci()),
                None => {
                    return Err(Error::Damaged(
                        "a stored move that is not legal where it was played".into(),
                    ));
                }
            };
            explorer.moves.push(MoveRow {
                mv,
                san,
                uci,
                games: c.games,
                white: c.results[GameResult::WhiteWins as usize],
                draws: c.results[GameResult::Draw as usize],
                black: c.results[GameResult::BlackWins as usize],
                average_elo: (c.rated > 0).then(|| (c.elo_sum / c.rated) as u16),
                last_year: (c.last_year > 0).then_some(c.last_year),
            });
        }
        explorer.games = totals.iter().sum();
        explorer.white = totals[GameResult::WhiteWins as usize];
        explorer.draws = totals[GameResult::Draw as usize];
        explorer.black = totals[GameResult::BlackWins as usize];
        explorer
            .moves
            .sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.san.cmp(&b.san)));
        Ok(explorer)
    }
}

/// Keeps the best [`TOP_GAMES`] by average rating (then by game number).
#[allow(clippy::type_complexity)]
fn keep_top(top: &mut Vec<Candidate>) {
    top.sort_by(|a, b| b.average.cmp(&a.average).then(a.game.cmp(&b.game)));
    top.truncate(TOP_GAMES);
}
