//! The quiescence search: captures (and check evasions) until the position
//! is quiet, standing pat on the static evaluation (sharpened by the table's bound).

use super::history::PieceTo;
use super::ordering::{MovePicker, loses_material, victim_value};
use super::params::*;
use super::score::{INF, MATE, refined_eval, score_to_tt, tt_cutoff};
use super::{MAX_PLY, Search};
use crate::tt::Bound;

impl Search<'_> {
    /// Resolves captures (and check evasions) until the position is quiet,
    /// so a static evaluation is never taken in the middle of an exchange.
    pub(super) fn quiescence(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = ply;
        self.network.enter(ply, &self.pos);
        if self.check_stop() {
            return 0;
        }
        self.nodes += 1;
        self.stats.qnodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(ply);
        }
        let key = self.pos.zobrist();
        let entry = self.engine.tt.probe(key);
        if beta - alpha == 1
            && let Some(e) = entry
            && let Some(score) = tt_cutoff(&e, ply, alpha, beta)
        {
            return score;
        }
        let tt_move = entry.and_then(|e| e.mv);
        let original_alpha = alpha;
        let mut best_move = None;
        let in_check = self.pos.is_check();
        let mut best_score;
        let stand_pat;
        if in_check {
            self.pos.fill_legal_moves(&mut self.lists[ply]);
            if self.lists[ply].is_empty() {
                return -MATE + ply as i32;
            }
            best_score = -INF;
            stand_pat = -INF;
        } else {
            // The static evaluation, sharpened by a bound the table holds
            // for this position (as the main search's pruning does).
            stand_pat = refined_eval(self.evaluate(ply), entry.as_ref(), ply);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            self.pos.fill_legal_captures(&mut self.lists[ply]);
        }
        let mut picker = MovePicker::quiescence(tt_move, self.engine.killers[ply], self.earlier(ply));
        while let Some(m) = picker.next(
            &self.pos,
            &self.engine.histories,
            &mut self.lists[ply],
            &mut self.keys_of_moves[ply],
        ) {
            if !in_check && m.promotion().is_none() {
                // Delta pruning: even winning this piece cannot reach alpha;
                // and captures that lose material are left out.
                if stand_pat + victim_value(&self.pos, m) + QS_DELTA_MARGIN <= alpha || loses_material(&self.pos, m) {
                    continue;
                }
            }
            self.moved[ply] = Some(PieceTo::of(&self.pos, m));
            let undo = self.pos.play_unchecked(m);
            let score = -self.quiescence(ply + 1, -beta, -alpha);
            self.pos.undo(m, undo);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.engine
            .tt
            .store(key, best_move, score_to_tt(best_score, ply), 0, bound);
        best_score
    }
}
