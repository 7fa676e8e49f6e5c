//! Move ordering: the hash move, captures by victim and attacker (those
//! that lose by static exchange late), killers, then quiet moves by history.

use chess_core::{Move, MoveList, Position, Role};

use super::history::{Earlier, Histories, PieceTo};
use crate::eval::ORDER_VALUE;
use crate::see::see_ge;

/// Ordering keys: the hash move first, then captures (by MVV-LVA), then
/// killers, then captures found to lose material, then quiet moves.
pub(super) const TT_MOVE: i32 = 1 << 30;
pub(super) const GOOD_CAPTURE: i32 = 1 << 28;
pub(super) const BAD_CAPTURE: i32 = 1 << 26;
/// The key of a quiet move not yet scored: below every capture and killer,
/// above every history score. The main search scores quiet moves only when
/// the first of them comes up ([`score_quiets`]): most nodes cut off
/// before, and the history is fresher by then.
pub(super) const UNSCORED_QUIET: i32 = 1 << 25;

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

/// Move-ordering keys: hash move, then captures and promotions by most
/// valuable victim / least valuable attacker (the search moves those that
/// lose material after the killers when it meets them), then killers, then
/// quiet moves by history (butterfly and continuation, after the `earlier`
/// moves), or [`UNSCORED_QUIET`] when `lazy`.
#[allow(clippy::too_many_arguments)]
pub(super) fn score_moves(
    pos: &Position,
    histories: &Histories,
    killers: [Option<Move>; 2],
    earlier: &Earlier,
    moves: &MoveList,
    scores: &mut [i32],
    tt_move: Option<Move>,
    lazy: bool,
) {
    for (m, score) in moves.iter().zip(scores.iter_mut()) {
        *score = if Some(*m) == tt_move {
            TT_MOVE
        } else if m.is_capture() || m.promotion() == Some(Role::Queen) {
            let attacker = pos.piece_at(m.from()).map_or(0, |p| p.role as i32);
            let promotion = m.promotion().map_or(0, |r| ORDER_VALUE[r]);
            GOOD_CAPTURE + 16 * (victim_value(pos, *m) + promotion) - attacker
        } else if m.promotion().is_some() {
            // Under-promotions last.
            -(1 << 28)
        } else if killers[0] == Some(*m) {
            (1 << 27) + 1
        } else if killers[1] == Some(*m) {
            1 << 27
        } else if lazy {
            UNSCORED_QUIET
        } else {
            histories.quiet(pos.turn(), *m, PieceTo::of(pos, *m), earlier)
        };
    }
}

/// Scores by history, as it stands now, the quiet moves from `first` on
/// that [`score_moves`] left unscored.
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
pub(super) fn pick_lazily(
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
pub(super) fn pick(moves: &mut MoveList, scores: &mut [i32], i: usize) -> Move {
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

    /// The keys in the order the moves are picked: by `pick_lazily` (as
    /// negamax does) if `lazy`, else all scored at once and by `pick`.
    fn picked_keys(pos: &Position, histories: &Histories, killers: [Option<Move>; 2], lazy: bool) -> Vec<i32> {
        let earlier: Earlier = [None, None];
        let mut moves = MoveList::new();
        pos.fill_legal_moves(&mut moves);
        let mut keys = [0; chess_core::MAX_MOVES];
        score_moves(pos, histories, killers, &earlier, &moves, &mut keys, None, lazy);
        (0..moves.len())
            .map(|i| {
                if lazy {
                    pick_lazily(pos, histories, &earlier, &mut moves, &mut keys, i);
                } else {
                    pick(&mut moves, &mut keys, i);
                }
                keys[i]
            })
            .collect()
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
        assert_eq!(lazy, eager);
        // Captures and killers first, then history from best to worst.
        assert!(eager.windows(2).all(|w| w[0] >= w[1]), "{eager:?}");
        assert!(eager.iter().any(|&k| k < 0) && eager.iter().any(|&k| (1..UNSCORED_QUIET).contains(&k)));
    }
}
