//! Move ordering: the hash move, captures by victim and attacker (those
//! that lose by static exchange late), killers, then quiet moves by history.

use chess_core::{Move, MoveList, Position, Role};

use super::history::{Earlier, Histories, PieceTo};
use crate::eval::ORDER_VALUE;
use crate::see::see_ge;

/// Ordering keys: the hash move first, then captures (by MVV-LVA), then
/// killers, then captures found to lose material, then quiet moves.
const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const BAD_CAPTURE: i32 = 1 << 26;
/// The key of a quiet move not yet scored: below every capture and killer,
/// above every history score. The main search scores quiet moves only when
/// the first of them comes up ([`score_quiets`]): most nodes cut off
/// before, and the history is fresher by then.
const UNSCORED_QUIET: i32 = 1 << 25;

/// Whether a capture loses material by static exchange.
pub(super) fn loses_material(pos: &Position, m: Move) -> bool {
    loses_more_than(pos, m, 0)
}

/// Whether `m` loses more than `margin` by static exchange. Taking a piece
/// worth at least the taker never does, which spares most SEE calls.
pub(super) fn loses_more_than(pos: &Position, m: Move, margin: i32) -> bool {
    let attacker = pos.piece_at(m.from()).map_or(0, |p| ORDER_VALUE[p.role]);
    attacker > victim_value(pos, m) && !see_ge(pos, m, -margin)
}

/// The value of the piece `m` captures (0 for none).
pub(super) fn victim_value(pos: &Position, m: Move) -> i32 {
    match pos.piece_at(m.to()) {
        Some(p) => ORDER_VALUE[p.role],
        None if m.is_en_passant() => ORDER_VALUE.pawn,
        None => 0,
    }
}

/// Hands out a node's moves best first: the hash move, captures and
/// promotions by most valuable victim / least valuable attacker, the
/// killers, then quiet moves by history (butterfly and continuation, after
/// the `earlier` moves). It owns what the order depends on; the moves and
/// their keys stay in the searcher's per-ply buffers, lent at each call
/// (the picker is a small value, the search recurses between calls).
///
/// In the main search the quiet moves are scored only when the first of
/// them comes up (most nodes cut off before, and the history is fresher
/// by then), and a capture that loses material by static exchange goes
/// after the killers, found out only when it comes up (SEE is not free).
/// In quiescence every move is scored at once and none is deferred.
#[derive(Copy, Clone, Debug)]
pub(super) struct MovePicker {
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    earlier: Earlier,
    /// The main search's way (above), or quiescence's.
    main: bool,
    /// Whether the keys are set (at the first call of [`next`](Self::next)).
    scored: bool,
    /// Where the next move goes: the moves before it are handed out.
    next: usize,
}

impl MovePicker {
    /// The main search's picker.
    pub(super) fn main(tt_move: Option<Move>, killers: [Option<Move>; 2], earlier: Earlier) -> MovePicker {
        MovePicker {
            tt_move,
            killers,
            earlier,
            main: true,
            scored: false,
            next: 0,
        }
    }

    /// Quiescence's picker.
    pub(super) fn quiescence(tt_move: Option<Move>, killers: [Option<Move>; 2], earlier: Earlier) -> MovePicker {
        MovePicker {
            main: false,
            ..MovePicker::main(tt_move, killers, earlier)
        }
    }

    /// The next move, or none when every move of `moves` has been handed
    /// out. `moves` and `keys` are the node's (the same at each call).
    pub(super) fn next(
        &mut self,
        pos: &Position,
        histories: &Histories,
        moves: &mut MoveList,
        keys: &mut [i32],
    ) -> Option<Move> {
        if !self.scored {
            self.score(pos, histories, moves, keys);
            self.scored = true;
        }
        loop {
            let i = self.next;
            if i >= moves.len() {
                return None;
            }
            if !self.main {
                self.next += 1;
                return Some(pick(moves, keys, i));
            }
            let m = pick_lazily(pos, histories, &self.earlier, moves, keys, i);
            let key = &mut keys[i];
            if (GOOD_CAPTURE..TT_MOVE).contains(key) && m.promotion().is_none() && loses_material(pos, m) {
                *key = BAD_CAPTURE + (*key - GOOD_CAPTURE);
                continue;
            }
            self.next += 1;
            return Some(m);
        }
    }

    /// Sets each move's ordering key ([`UNSCORED_QUIET`] for quiet moves in
    /// the main search).
    fn score(&self, pos: &Position, histories: &Histories, moves: &MoveList, keys: &mut [i32]) {
        for (m, key) in moves.iter().zip(keys.iter_mut()) {
            *key = if Some(*m) == self.tt_move {
                TT_MOVE
            } else if m.is_capture() || m.promotion() == Some(Role::Queen) {
                let attacker = pos.piece_at(m.from()).map_or(0, |p| p.role as i32);
                let promotion = m.promotion().map_or(0, |r| ORDER_VALUE[r]);
                GOOD_CAPTURE + 16 * (victim_value(pos, *m) + promotion) - attacker
            } else if m.promotion().is_some() {
                // Under-promotions last.
                -(1 << 28)
            } else if self.killers[0] == Some(*m) {
                (1 << 27) + 1
            } else if self.killers[1] == Some(*m) {
                1 << 27
            } else if self.main {
                UNSCORED_QUIET
            } else {
                histories.quiet(pos.turn(), *m, PieceTo::of(pos, *m), &self.earlier)
            };
        }
    }
}

/// Scores by history, as it stands now, the quiet moves from `first` on
/// that [`MovePicker::score`] left unscored.
fn score_quiets(
    pos: &Position,
    histories: &Histories,
    earlier: &Earlier,
    moves: &MoveList,
    scores: &mut [i32],
    first: usize,
) {
    for j in first..moves.len() {
        if scores[j] == UNSCORED_QUIET {
            let m = moves[j];
            scores[j] = histories.quiet(pos.turn(), m, PieceTo::of(pos, m), earlier);
        }
    }
}

/// [`pick`], scoring the quiet moves first when the move picked is the
/// first of them left unscored (they all come after the others).
fn pick_lazily(
    pos: &Position,
    histories: &Histories,
    earlier: &Earlier,
    moves: &mut MoveList,
    scores: &mut [i32],
    i: usize,
) -> Move {
    let m = pick(moves, scores, i);
    if scores[i] != UNSCORED_QUIET {
        return m;
    }
    score_quiets(pos, histories, earlier, moves, scores, i);
    pick(moves, scores, i)
}

/// Brings the best-scored remaining move to position `i` (a selection sort
/// done lazily: most nodes cut off after a move or two).
#[inline]
fn pick(moves: &mut MoveList, scores: &mut [i32], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    scores.swap(i, best);
    moves.swap(i, best);
    moves[i]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys in the order the moves are handed out: the main search's
    /// way (lazily) if `lazy`, else quiescence's (all scored at once).
    fn picked_keys(pos: &Position, histories: &Histories, killers: [Option<Move>; 2], lazy: bool) -> Vec<i32> {
        let earlier: Earlier = [None, None];
        let mut moves = MoveList::new();
        pos.fill_legal_moves(&mut moves);
        let mut keys = [0; chess_core::MAX_MOVES];
        let mut picker = if lazy {
            MovePicker::main(None, killers, earlier)
        } else {
            MovePicker::quiescence(None, killers, earlier)
        };
        let mut picked = Vec::new();
        while picker.next(pos, histories, &mut moves, &mut keys).is_some() {
            picked.push(keys[picker.next - 1]);
        }
        picked
    }

    #[test]
    fn lazily_scored_quiet_moves_come_in_the_order_of_their_history() {
        let pos: Position = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
            .parse()
            .unwrap();
        let mut histories = Histories::new();
        // Quiet moves that cut off after others failed: histories of both signs.
        let quiet = |uci: &str| pos.parse_uci(uci).unwrap();
        let earlier: Earlier = [None, None];
        histories.reward(&pos, quiet("d2d3"), &[quiet("a2a3"), quiet("h2h3")], 6, &earlier);
        histories.reward(&pos, quiet("e1g1"), &[quiet("b1c3")], 4, &earlier);
        let killers = [Some(quiet("c2c3")), None];

        let eager = picked_keys(&pos, &histories, killers, false);
        let lazy = picked_keys(&pos, &histories, killers, true);
        // The quiet moves come in the same order either way.
        let quiets = |keys: &[i32]| keys.iter().copied().filter(|&k| k < UNSCORED_QUIET).collect::<Vec<_>>();
        assert_eq!(quiets(&lazy), quiets(&eager));
        assert_eq!(lazy.len(), eager.len());
        // Captures and killers first, then history from best to worst.
        for keys in [&eager, &lazy] {
            assert!(keys.windows(2).all(|w| w[0] >= w[1]), "{keys:?}");
        }
        assert!(eager.iter().any(|&k| k < 0) && eager.iter().any(|&k| (1..UNSCORED_QUIET).contains(&k)));
        // The main search puts the captures that lose material (Bxf7+ and
        // Nxe5 here) after the killer; quiescence does not.
        let killer = lazy.iter().position(|&k| k == (1 << 27) + 1).unwrap();
        assert_eq!(
            lazy[killer + 1..]
                .iter()
                .filter(|&&k| (BAD_CAPTURE..1 << 27).contains(&k))
                .count(),
            2
        );
        assert!(eager.iter().all(|&k| !(BAD_CAPTURE..1 << 27).contains(&k)));
    }
}
