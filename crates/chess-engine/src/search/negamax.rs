//! The principal-variation alpha-beta search: transposition table, check
//! and singular extensions (with multi-cut), null-move pruning, reverse
//! futility, razoring, futility and late-move pruning, late-move
//! reductions and internal iterative reduction.

use std::sync::atomic::Ordering;
use std::time::Instant;

use chess_core::{Color, Move, Role};

use super::history::{Earlier, PieceTo};
use super::ordering::{MovePicker, loses_more_than};
use super::params::*;
use super::score::{INF, MATE, MATE_BOUND, refined_eval, score_to_tt, tt_cutoff};
use super::{CHECK_EVERY, MAX_PLY, Search};
use crate::tt::Bound;

impl Search<'_> {
    pub(super) fn reduction(&self, depth: i32, searched: usize) -> i32 {
        i32::from(self.engine.lmr[(depth as usize).min(63)][searched.min(63)])
    }

    /// Whether to abort: asked to stop, out of time or out of nodes. Looked
    /// at every [`CHECK_EVERY`] nodes.
    #[inline]
    pub(super) fn check_stop(&mut self) -> bool {
        if self.nodes.is_multiple_of(CHECK_EVERY) && !self.stopped && self.can_stop {
            self.stopped = self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.max_nodes
                || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    /// Whether the current position occurred before on this path since
    /// the last null move (see [`repeats`]).
    pub(super) fn is_repetition(&self) -> bool {
        repeats(self.pos.zobrist(), &self.keys[self.null_floor..], self.pos.halfmoves())
    }

    pub(super) fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, mut beta: i32, allow_null: bool) -> i32 {
        self.pv_len[ply] = ply;
        self.network.enter(ply, &self.pos);
        if self.check_stop() {
            return 0;
        }
        let in_check = self.pos.is_check();
        // Draws by rule; mates found already bound what this node can score.
        if self.is_repetition() || self.pos.halfmoves() >= 100 && !in_check || self.pos.is_insufficient_material() {
            return 0;
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiescence(ply, alpha, beta);
        }
        self.nodes += 1;
        if ply >= MAX_PLY - 1 {
            return self.evaluate(ply);
        }

        let pv_node = beta - alpha > 1;
        let key = self.pos.zobrist();
        // A singular search of this node: the hash move left out, and the
        // table neither trusted nor written (its entry is the whole node's).
        let excluded = self.excluded[ply];
        let entry = self.engine.tt.probe(key);
        self.stats.tt_probes += 1;
        self.stats.tt_hits += u64::from(entry.is_some());
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry
            && excluded.is_none()
            && !pv_node
            && i32::from(e.depth) >= depth
            && let Some(score) = tt_cutoff(&e, ply, alpha, beta)
        {
            self.stats.tt_cutoffs += 1;
            return score;
        }

        // Internal iterative reduction: a node no earlier search has seen
        // is searched a ply shallower (no hash move to try first).
        let depth = if tt_move.is_none() && depth >= IIR_MIN_DEPTH {
            depth - 1
        } else {
            depth
        };

        // The evaluations the pruning below judges by: the static one, and
        // that one sharpened by a bound the table holds for this position
        // (null move and futility use the sharpened one).
        let plain_eval = if in_check { -INF } else { self.evaluate(ply) };
        let static_eval = if in_check {
            -INF
        } else {
            refined_eval(plain_eval, entry.as_ref(), ply)
        };
        self.evals[ply] = static_eval;
        let improving = self.improving(ply);
        if !pv_node && !in_check && excluded.is_none() && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta, a shallow search won't fall.
            // Judged by the plain evaluation: a table's lower bound lifting
            // it over beta cut nodes whose one winning move was a quiet
            // zugzwang (the mate in 2 of tests/search.rs).
            let rfp_depth = depth - RFP_IMPROVING * i32::from(improving);
            if depth <= RFP_MAX_DEPTH && plain_eval - RFP_MARGIN * rfp_depth >= beta {
                self.stats.rfp_cutoffs += 1;
                // The evaluation judged: the sharpened one can be below beta,
                // which would read as a fail low.
                return plain_eval;
            }
            // Razoring: far below alpha near the leaves, only a capture
            // could help, and quiescence says whether one does (not with
            // pawns and at most one minor piece, where a quiet move into
            // zugzwang or a pawn's push can decide).
            if depth <= RAZOR_MAX_DEPTH
                && static_eval + RAZOR_MARGIN * depth <= alpha
                && self.has_pieces(self.pos.turn())
            {
                let score = self.quiescence(ply, alpha, alpha + 1);
                if self.stopped {
                    return 0;
                }
                if score <= alpha {
                    self.stats.razored += 1;
                    return score;
                }
            }
            // Null move: if passing still beats beta, a real move will too
            // (not with pawns and at most one minor piece, where zugzwang
            // is common and passing can be the best move).
            if allow_null && depth >= NMP_MIN_DEPTH && static_eval >= beta && self.has_pieces(self.pos.turn()) {
                let r = NMP_BASE_REDUCTION
                    + depth / NMP_DEPTH_DIVISOR
                    + ((static_eval - beta) / NMP_EVAL_DIVISOR).min(NMP_EVAL_MAX);
                self.stats.null_tries += 1;
                let undo = self.pos.play_null();
                self.keys.push(key);
                // A pass is no move of the game: what came before it cannot
                // be repeated by what follows.
                let floor = std::mem::replace(&mut self.null_floor, self.keys.len());
                self.moved[ply] = None;
                let score = -self.negamax(depth - 1 - r, ply + 1, -beta, -beta + 1, false);
                self.null_floor = floor;
                self.keys.pop();
                self.pos.undo_null(undo);
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    self.stats.null_cutoffs += 1;
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // Singular extension: is the hash move the only good one? Asked
        // before this node's moves are generated, as the question reuses
        // this ply's lists.
        let mut singular = false;
        if let Some(e) = entry
            && excluded.is_none()
            && depth >= SE_MIN_DEPTH
            && ply < 2 * self.root_depth as usize
            && i32::from(e.depth) >= depth - SE_TT_DEPTH_MARGIN
            && matches!(e.bound, Bound::Lower | Bound::Exact)
            && i32::from(e.score).abs() < MATE_BOUND
            && let Some(hash_move) = tt_move.and_then(|m| self.pos.legal_move(m))
        {
            let singular_beta = i32::from(e.score) - SE_MARGIN_PER_DEPTH * depth;
            self.excluded[ply] = Some(hash_move);
            let score = self.negamax((depth - 1) / 2, ply, singular_beta - 1, singular_beta, false);
            self.excluded[ply] = None;
            // That search's line is not this node's: a node that then fails
            // low must report no line, not the one without the hash move.
            self.pv_len[ply] = ply;
            if self.stopped {
                return 0;
            }
            if score < singular_beta {
                singular = true;
                self.stats.singular_extensions += 1;
            } else if singular_beta >= beta {
                // Multi-cut: another move beats beta too.
                return singular_beta;
            }
        }

        self.pos.fill_legal_moves(&mut self.lists[ply]);
        if let Some(skip) = excluded {
            self.lists[ply].retain(|&m| m != skip);
        }
        let count = self.lists[ply].len();
        if count == 0 {
            // With a move left out, the others were none: a fail low.
            return if excluded.is_some() {
                alpha
            } else if in_check {
                -MATE + ply as i32
            } else {
                0
            };
        }
        let earlier = self.earlier(ply);
        let mut picker = MovePicker::main(tt_move, self.engine.killers[ply], earlier);

        // Whether the hash move (searched first) captures: the quiet moves
        // after it rarely do better, and are reduced more.
        let mut tt_capture = false;
        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move = None;
        let mut searched = 0;
        // The quiet moves searched before a cutoff, to lower their history.
        let mut quiets_tried = [Move::new(chess_core::Square::A1, chess_core::Square::A1); 64];
        let mut quiet_count = 0usize;
        while let Some(m) = picker.next(
            &self.pos,
            &self.engine.histories,
            &mut self.lists[ply],
            &mut self.keys_of_moves[ply],
        ) {
            let quiet = !m.is_capture() && m.promotion().is_none();
            let is_killer = self.engine.killers[ply].contains(&Some(m));
            let is_tt_move = Some(m) == tt_move;
            tt_capture |= is_tt_move && m.is_capture();
            // Late-move pruning: deep in the list, quiet moves at low depth
            // rarely matter. Futility: nor do they when far below alpha.
            // Checks are kept: asked before the move is made, and only of a
            // move that would be pruned (the others learn it once made,
            // more cheaply for castling, en passant and promotions).
            let may_prune = !pv_node && !in_check && quiet && searched > 0 && best_score > -MATE_BOUND;
            let lmp_count = (LMP_BASE + LMP_SCALE * depth * depth) / (1 + LMP_NOT_IMPROVING * i32::from(!improving));
            let late = may_prune && depth <= LMP_MAX_DEPTH && quiet_count as i32 >= lmp_count;
            let futile = may_prune
                && depth <= FUTILITY_MAX_DEPTH
                && static_eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha;
            if (late || futile) && !self.pos.gives_check_unchecked(m) {
                if late {
                    self.stats.lmp_pruned += 1;
                } else {
                    self.stats.futility_pruned += 1;
                }
                continue;
            }
            // SEE pruning: near the leaves, a move that loses material on
            // its square (more than a margin growing with the depth) is
            // not worth a search, once a move has kept the node from mate.
            // Promotions are never skipped.
            let see_margin = if quiet {
                SEE_QUIET_MARGIN * depth
            } else {
                SEE_CAPTURE_MARGIN * depth * depth
            };
            if searched > 0
                && !in_check
                && best_score > -MATE_BOUND
                && depth <= SEE_PRUNE_MAX_DEPTH
                && !m.is_castle()
                && m.promotion().is_none()
                && loses_more_than(&self.pos, m, see_margin)
            {
                self.stats.see_pruned += 1;
                continue;
            }
            let moved = PieceTo::of(&self.pos, m);
            let undo = self.pos.play_unchecked(m);
            let gives_check = self.pos.is_check_after(m);
            self.keys.push(key);
            self.moved[ply] = Some(moved);
            let mut score;
            let extension = i32::from(singular && is_tt_move);
            if searched == 0 {
                score = -self.negamax(depth - 1 + extension, ply + 1, -beta, -alpha, true);
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH && searched >= LMR_MIN_SEARCHED && quiet && !in_check && !gives_check {
                    // Looked up only here: most quiet moves are pruned or
                    // cut off before they would be reduced. The move is
                    // made by now: the mover is the side not to move.
                    let mover = !self.pos.turn();
                    let h = self.engine.histories.quiet(mover, m, moved, &earlier);
                    r = self.reduction(depth, searched);
                    r -= i32::from(pv_node) + i32::from(is_killer);
                    r += LMR_TT_CAPTURE * i32::from(tt_capture);
                    r += LMR_NOT_IMPROVING * i32::from(!improving);
                    r -= (h / LMR_HISTORY_DIVISOR).clamp(-LMR_HISTORY_MAX, LMR_HISTORY_MAX);
                    r = r.clamp(0, depth - 2);
                }
                self.stats.reduced += u64::from(r > 0);
                let depth = depth + extension;
                score = -self.negamax(depth - 1 - r, ply + 1, -alpha - 1, -alpha, true);
                if score > alpha && r > 0 {
                    self.stats.re_searched += 1;
                    score = -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(depth - 1, ply + 1, -beta, -alpha, true);
                }
            }
            self.keys.pop();
            self.pos.undo(m, undo);
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        self.stats.cutoffs += 1;
                        self.stats.first_move_cutoffs += u64::from(searched == 1);
                        if quiet {
                            self.reward_quiet(m, &quiets_tried[..quiet_count.min(64)], depth, ply, &earlier);
                        }
                        break;
                    }
                }
            }
            if quiet {
                if let Some(slot) = quiets_tried.get_mut(quiet_count) {
                    *slot = m;
                }
                quiet_count += 1;
            }
        }
        if excluded.is_none() {
            let bound = Bound::of(best_score, original_alpha, beta);
            self.engine
                .tt
                .store(key, best_move, score_to_tt(best_score, ply), depth, bound);
        }
        best_score
    }

    /// A quiet move caused a cutoff: remember it as a killer, and raise its
    /// history and lower that of the quiet moves tried before it.
    fn reward_quiet(&mut self, m: Move, tried: &[Move], depth: i32, ply: usize, earlier: &Earlier) {
        let killers = &mut self.engine.killers[ply];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        self.engine.histories.reward(&self.pos, m, tried, depth, earlier);
    }

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        head[ply][ply] = Some(m);
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Whether the side to move at `ply` is improving: its static
    /// evaluation above the one two plies before (four, when that one was
    /// in check). In check, it is not; with nothing to compare, it is
    /// taken to be (pruning less).
    fn improving(&self, ply: usize) -> bool {
        let now = self.evals[ply];
        if now == -INF {
            return false;
        }
        let before = [2, 4]
            .into_iter()
            .filter_map(|back| ply.checked_sub(back))
            .map(|p| self.evals[p])
            .find(|&e| e != -INF);
        before.is_none_or(|e| now > e)
    }

    /// Whether `color` has more than pawns and one minor piece.
    pub(super) fn has_pieces(&self, color: Color) -> bool {
        let count = |role| self.pos.squares_of(chess_core::Piece::new(color, role)).count();
        count(Role::Rook) + count(Role::Queen) > 0 || count(Role::Knight) + count(Role::Bishop) > 1
    }
}

/// Whether the position `key` occurred among the `earlier` positions (the
/// newest last) since the last irreversible move, `halfmoves` plies ago.
/// One repetition is enough to score a draw.
fn repeats(key: u64, earlier: &[u64], halfmoves: u32) -> bool {
    let n = earlier.len();
    let limit = (halfmoves as usize).min(n);
    (2..=limit).step_by(2).any(|back| earlier[n - back] == key)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use chess_core::Position;

    use super::repeats;
    use crate::search::params::RAZOR_MARGIN;
    use crate::search::score::INF;
    use crate::search::{Engine, Search};

    /// A null-window search of `fen` at depth 1, one ply from the root,
    /// with alpha where razoring just applies (the static evaluation plus
    /// `RAZOR_MARGIN`): its score, and whether the node was razored.
    fn razor_at_depth_1(fen: &str) -> (i32, i32, bool) {
        let pos: Position = fen.parse().unwrap();
        let never = AtomicBool::new(false);
        let mut engine = Engine::new(1);
        let alpha = engine.eval_cache.evaluate(&pos) + RAZOR_MARGIN;
        let mut search = Search::new(&mut engine, &pos, &[], &never, &pos.legal_moves());
        let score = search.negamax(1, 1, alpha, alpha + 1, true);
        (score, alpha, search.stats.razored == 1)
    }

    /// Behind by a queen against a rook and a pawn, with nothing to capture:
    /// quiescence finds no rescue, so the node is razored, scoring no more
    /// than alpha.
    #[test]
    fn a_node_far_below_alpha_with_nothing_to_capture_is_razored() {
        let (score, alpha, razored) = razor_at_depth_1("6k1/5ppp/8/3q4/8/8/3P1PPP/3R2K1 w - - 0 1");
        assert!(razored);
        assert!(score <= alpha, "{score} > {alpha}");
    }

    /// The same, but the queen hangs: quiescence's capture beats alpha, so
    /// the node is searched and fails high.
    #[test]
    fn a_capture_that_saves_the_node_keeps_it_from_being_razored() {
        let (score, alpha, razored) = razor_at_depth_1("6k1/5ppp/8/3q4/8/8/5PPP/3R2K1 w - - 0 1");
        assert!(!razored);
        assert!(score > alpha, "{score} <= {alpha}");
    }

    /// With only pawns and one minor piece, a quiet move can decide (a
    /// zugzwang, a pawn's push): no razoring.
    #[test]
    fn no_razoring_with_pawns_and_one_minor_piece() {
        let (_, _, razored) = razor_at_depth_1("6k1/5ppp/8/3q4/8/8/5PPP/3N2K1 w - - 0 1");
        assert!(!razored);
    }

    /// A search of the start position whose path has the static
    /// evaluations `evals` from the root on (`None`: in check).
    fn improving_at(evals: &[Option<i32>]) -> bool {
        let pos = Position::new();
        let never = AtomicBool::new(false);
        let mut engine = Engine::new(1);
        let mut search = Search::new(&mut engine, &pos, &[], &never, &pos.legal_moves());
        for (ply, eval) in evals.iter().enumerate() {
            search.evals[ply] = eval.unwrap_or(-INF);
        }
        search.improving(evals.len() - 1)
    }

    #[test]
    fn a_side_is_improving_when_its_evaluation_beats_the_one_two_plies_before() {
        assert!(improving_at(&[Some(10), Some(-50), Some(20)]));
        assert!(!improving_at(&[Some(10), Some(-50), Some(10)]));
        assert!(!improving_at(&[Some(10), Some(-50), Some(-5)]));
    }

    #[test]
    fn past_a_check_two_plies_before_the_evaluation_four_plies_before_counts() {
        assert!(improving_at(&[Some(10), Some(0), None, Some(0), Some(20)]));
        assert!(!improving_at(&[Some(30), Some(0), None, Some(0), Some(20)]));
    }

    #[test]
    fn in_check_a_side_is_not_improving() {
        assert!(!improving_at(&[Some(10), Some(0), None]));
    }

    #[test]
    fn with_nothing_to_compare_a_side_is_taken_to_be_improving() {
        assert!(improving_at(&[None, Some(0)]));
        assert!(improving_at(&[None, Some(0), None, Some(0), Some(-300)]));
    }

    #[test]
    fn a_position_seen_two_or_four_plies_ago_repeats() {
        assert!(repeats(7, &[7, 1], 2));
        assert!(repeats(7, &[7, 2, 3, 4], 4));
    }

    #[test]
    fn only_positions_with_the_same_side_to_move_count() {
        assert!(!repeats(7, &[1, 7], 5));
    }

    #[test]
    fn nothing_before_an_irreversible_move_repeats() {
        assert!(!repeats(7, &[7, 2, 3, 4], 3));
        assert!(!repeats(7, &[7, 1], 1));
    }
}
