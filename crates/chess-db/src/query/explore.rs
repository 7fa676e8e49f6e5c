//! The opening explorer: for a position, the moves played next in the
//! collection, each with its games, White wins, draws and Black wins, the
//! players' average rating and the last year it was played, most played
//! first; and the top games (by average rating) that reached it. A game
//! counts once, at the first time it reaches the position.

use chess_core::{Move, Position};

use crate::Database;
use crate::Error;
use crate::header::GameResult;
use crate::query::filter::Filter;
use crate::query::position::{Target, row_is_whole, search_segment};
use crate::record::unpack_move;
use crate::tally::{Candidate, TOP_GAMES, Tally};

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

/// A segment's best-rated games with their players' names (files number
/// players apart, so names are taken segment by segment).
struct Named {
    candidate: Candidate,
    names: [String; 2],
}

impl Database {
    /// The explorer for `position`: the moves played from it in the
    /// collection (the games `filter` lets through, if given), with their
    /// counts, and the top games.
    pub fn explore(&self, position: &Position, filter: Option<&Filter>) -> Result<Explorer, Error> {
        let target = Target::new(position, None);
        let filtered = filter.is_some_and(|f| !f.is_empty());
        let parts = self.each_view(filter, false, |view, allowed| {
            // A row that is the whole answer and kept its counts answers
            // without the segment's games; otherwise they are counted.
            // (Counts are kept only with a row: the segment has one.)
            let kept = match filtered {
                true => None,
                false => match view.kept_tally(target.key)?.as_ref() {
                    Some(tally) if row_is_whole(view, &target)? => Some(tally.clone()),
                    _ => None,
                },
            };
            let mut tally = match kept {
                Some(mut tally) => {
                    for c in &mut tally.top {
                        c.game += view.first + 1;
                    }
                    tally
                }
                None => {
                    let matches = search_segment(view, &target, allowed)?;
                    let mut tally = Tally::default();
                    // The outcomes only of a segment with games to count.
                    if !matches.is_empty() {
                        let outcomes = view.outcomes()?;
                        for m in matches {
                            let i = (m.game - 1 - view.first) as usize;
                            tally.add(m.game, m.ply, m.next, &outcomes, i);
                        }
                    }
                    tally
                }
            };
            tally.keep_top();
            // Names now, from this file's lists.
            let top = std::mem::take(&mut tally.top);
            let ids: Vec<u32> = top.iter().flat_map(|c| c.players).collect();
            let mut names = view.index.player_names(&ids)?.into_iter();
            let named: Vec<Named> = top
                .into_iter()
                .map(|candidate| Named {
                    candidate,
                    names: [names.next().unwrap_or_default(), names.next().unwrap_or_default()],
                })
                .collect();
            Ok(vec![(tally, named)])
        })?;
        let mut total = Tally::default();
        let mut top: Vec<Named> = Vec::new();
        for (tally, named) in parts {
            total.merge(tally);
            top.extend(named);
        }
        top.sort_by(|a, b| a.candidate.rank(&b.candidate));
        top.truncate(TOP_GAMES);
        let (moves, ended) = (total.moves, total.ended);
        let mut explorer = Explorer {
            top: top
                .into_iter()
                .map(|Named { candidate: c, names }| {
                    let [white, black] = names;
                    TopGame {
                        game: c.game,
                        ply: c.ply,
                        white,
                        black,
                        white_elo: c.elos[0],
                        black_elo: c.elos[1],
                        result: GameResult::from_code(c.result),
                        year: c.year,
                    }
                })
                .collect(),
            ..Explorer::default()
        };
        let mut totals = ended;
        for (packed, c) in &moves {
            for (t, r) in totals.iter_mut().zip(c.results) {
                *t += r;
            }
            let (mv, san, uci) = match unpack_move(position, *packed) {
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
