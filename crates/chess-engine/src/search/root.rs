//! The root: aspiration windows around the last score, every root move
//! searched (MultiPV excludes the lines already found), and the principal
//! variation completed from the table.

use chess_core::Move;

use super::Search;
use super::params::*;
use super::score::{INF, MATE_BOUND};
use crate::tt::Bound;

impl Search<'_> {
    /// The root search with an aspiration window around the previous
    /// iteration's score, widened from the score on failure.
    pub(super) fn aspirated_root(&mut self, depth: i32, previous: i32, excluded: &[Move]) -> (i32, Option<Vec<Move>>) {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INF, INF)
        };
        loop {
            let (score, pv) = self.root(depth, alpha, beta, excluded);
            if self.stopped {
                // An interrupted iteration counts only if a move proved
                // better than the window's floor; after a fail low, the
                // moves' scores are mere upper bounds, and the best of them
                // may be a blunder.
                return (score, if score > alpha { pv } else { None });
            }
            if score > alpha && score < beta {
                return (score, pv);
            }
            self.stats.aspiration_fails += 1;
            // Widened from the score found, not from the old bound: a
            // fail-soft score says how far outside the window the truth
            // lies. After a fail low the top comes down halfway too: the
            // truth lies below the old window, and a narrower window is
            // cheaper to search.
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
            } else {
                beta = (score + delta).min(INF);
            }
            delta += delta / ASPIRATION_GROWTH_DIVISOR;
            if delta > ASPIRATION_MAX_DELTA {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Searches each root move not `excluded`; returns the best score and
    /// line (the line is `None` when stopped before any move was searched).
    pub(super) fn root(
        &mut self,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        excluded: &[Move],
    ) -> (i32, Option<Vec<Move>>) {
        self.seldepth = 0;
        self.pv_len[0] = 0;
        self.root_depth = depth;
        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best: Option<Vec<Move>> = None;
        let mut best_index = None;
        let root_key = self.pos.zobrist();
        let in_check = self.pos.is_check();
        let mut searched = 0;
        for i in 0..self.root_moves.len() {
            let m = self.root_moves[i].0;
            if excluded.contains(&m) {
                continue;
            }
            let nodes_before = self.nodes;
            self.moved[0] = Some(super::history::PieceTo::of(&self.pos, m));
            let undo = self.pos.play_unchecked(m);
            self.keys.push(root_key);
            let gives_check = self.pos.is_check_after(m);
            let mut score;
            if searched == 0 {
                score = -self.negamax(depth - 1, 1, -beta, -alpha, true);
            } else {
                let quiet = !m.is_capture() && m.promotion().is_none();
                let r = if depth >= LMR_MIN_DEPTH
                    && searched >= LMR_ROOT_MIN_SEARCHED
                    && quiet
                    && !in_check
                    && !gives_check
                {
                    (self.reduction(depth, searched) - 1).clamp(0, depth - 2)
                } else {
                    0
                };
                score = -self.negamax(depth - 1 - r, 1, -alpha - 1, -alpha, true);
                if score > alpha && r > 0 {
                    score = -self.negamax(depth - 1, 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(depth - 1, 1, -beta, -alpha, true);
                }
            }
            self.keys.pop();
            self.pos.undo(m, undo);
            self.root_moves[i].1 = self.nodes - nodes_before;
            if self.stopped {
                break;
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                best_index = Some(i);
                let mut line = vec![m];
                line.extend(self.pv[1][1..self.pv_len[1]].iter().flatten());
                best = Some(line);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Search the best move first next time, then the others by the
        // size of their trees: a move that took long to refute is the
        // likeliest to become best at the next depth.
        if let Some(i) = best_index {
            let entry = self.root_moves.remove(i);
            self.root_moves.insert(0, entry);
            self.root_moves[1..].sort_by_key(|&(_, nodes)| std::cmp::Reverse(nodes));
        }
        if let Some(line) = best.as_mut() {
            self.extend_from_table(line);
            if !self.stopped {
                // After a fail low (an aspiration window too high) the
                // best score is only an upper bound, as anywhere else.
                let bound = Bound::of(best_score, original_alpha, beta);
                self.engine.tt.store(root_key, Some(line[0]), best_score, depth, bound);
            }
        }
        (best_score, best)
    }

    /// Lengthens a short line (cut by a table hit) with the table's moves,
    /// so a reply to ponder on is known.
    pub(super) fn extend_from_table(&self, line: &mut Vec<Move>) {
        let mut pos = self.pos.clone();
        let mut seen = vec![pos.zobrist()];
        for &m in line.iter() {
            pos.play_unchecked(m);
            seen.push(pos.zobrist());
        }
        while line.len() < 2 {
            let Some(m) = self.engine.tt.probe(pos.zobrist()).and_then(|e| e.mv) else {
                break;
            };
            let Some(m) = pos.legal_move(m) else { break };
            pos.play_unchecked(m);
            if seen.contains(&pos.zobrist()) {
                break;
            }
            seen.push(pos.zobrist());
            line.push(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use chess_core::Position;

    use crate::search::{Engine, Search};
    use crate::tt::Bound;

    /// Searches the start position's root to depth 4 in the window
    /// `alpha..beta` and returns the bound the table keeps for the root.
    fn root_bound(alpha: i32, beta: i32) -> (i32, Bound) {
        let pos = Position::new();
        let never = AtomicBool::new(false);
        let mut engine = Engine::new(1);
        let mut search = Search::new(&mut engine, &pos, &[], &never, &pos.legal_moves());
        let (score, _) = search.root(4, alpha, beta, &[]);
        let entry = engine.tt.probe(pos.zobrist()).expect("the root is stored");
        assert_eq!(i32::from(entry.score), score);
        (score, entry.bound)
    }

    #[test]
    fn a_root_that_fails_low_is_stored_as_an_upper_bound() {
        let (score, bound) = root_bound(500, 501);
        assert!(score <= 500);
        assert_eq!(bound, Bound::Upper);
    }

    #[test]
    fn a_root_that_fails_high_is_stored_as_a_lower_bound() {
        let (score, bound) = root_bound(-501, -500);
        assert!(score >= -500);
        assert_eq!(bound, Bound::Lower);
    }

    #[test]
    fn a_root_inside_its_window_is_stored_as_exact() {
        let (score, bound) = root_bound(-500, 500);
        assert!(score.abs() < 500);
        assert_eq!(bound, Bound::Exact);
    }
}
