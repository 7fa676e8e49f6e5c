//! Position search: the games whose main line reaches a position, as FIDE
//! counts a position the same (placement, side to move, castling rights,
//! legal en passant captures), with the ply where each first does.
//!
//! Most games are ruled out before a move is replayed, by what the index
//! knows of each. A pawn that left its home square never comes back, so
//! the plies where a game's pawns at home are exactly the target's form a
//! window, empty for most games. No side's pawns or pieces grow back, so a
//! game must start with at least the target's material and end with at
//! most it, and it has as many pieces a side as the target only between
//! two of its captures: a second window, which the index keeps too. A
//! position of the opening that many games reach is looked up in the
//! opening table (one row read by key); a segment none of whose games
//! passes through the position's shape (its pawns and its numbers of
//! pieces, see `crate::shape`) is ruled out by one bucket of its shapes.
//! What is left is replayed, within both windows only, reading the moves
//! of those games alone.

use std::sync::Arc;

use chess_core::{Color, Position};

use crate::Database;
use crate::Error;
use crate::index::late;
use crate::index::popular::Row;
use crate::index::segment::{OWN_START, UNREADABLE, end_material};
use crate::material::Material;
use crate::movecode;
use crate::query::View;
use crate::query::filter::Filter;
use crate::record::{NEVER, OPENING_PLIES, PIECES, home_pawns, pack_move};

/// A game that reaches the position searched for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Match {
    /// The game's number (from 1, in file order).
    pub game: u64,
    /// The ply where it first reaches the position (0: its start).
    pub ply: u32,
    /// The move it played there (packed, see `record::pack_move`;
    /// `u16::MAX` when the game ended there).
    pub next: u16,
}

/// What a search looks for, made once.
pub(crate) struct Target {
    pub(crate) position: Position,
    /// Its key for repetitions (the opening table's).
    pub(crate) key: u64,
    /// The home pawns (a bit each, see `record::home_pawns`) as 16 masks.
    home: [u8; 16],
    material: Material,
    /// Each side's pieces and pawns (the king left out).
    totals: [u8; 2],
    /// Its home pawns and numbers of pieces, as `index::late` counts them.
    late_state: u32,
    /// Its shape (see `crate::shape`).
    shape: u32,
    /// The last ply looked at.
    max_ply: u32,
}

impl Target {
    pub(crate) fn new(position: &Position, max_ply: Option<u32>) -> Target {
        let mask = home_pawns(position);
        let material = Material::of(position);
        let totals = Color::ALL.map(|c| material.total(c));
        Target {
            position: position.clone(),
            key: position.repetition_key(),
            home: std::array::from_fn(|slot| if mask & 1 << slot != 0 { 0xff } else { 0 }),
            material,
            totals,
            late_state: late::state(mask, totals),
            shape: crate::shape::of(position),
            max_ply: max_ply.unwrap_or(u32::MAX),
        }
    }

    /// The plies where a game can have the target's pieces (see
    /// [`losses_window`]).
    #[inline]
    fn losses_window(&self, losses: &[u8; 2 * PIECES], start: [u8; 2]) -> Option<(u32, u32)> {
        losses_window(losses, start, self.totals)
    }

    /// The plies (from, to: both included) where game `i` can be at the
    /// target, by its home pawns; none when it never can.
    #[inline]
    fn window(&self, leave: &[u8; 16]) -> Option<(u32, u32)> {
        // The pawns the target has left home must have left; the ones it
        // has at home must still be there (in 16 lanes, which the compiler
        // turns into two vector operations).
        let mut from = 0u8;
        let mut until = NEVER;
        for (&leaves, &home) in leave.iter().zip(&self.home) {
            from = from.max(leaves & !home);
            until = until.min(leaves | !home);
        }
        if until == 0 {
            return None;
        }
        let to = if until == NEVER { u32::MAX } else { u32::from(until) - 1 };
        (u32::from(from) <= to).then_some((u32::from(from), to))
    }
}

/// The plies (from, to: both included) where a game that lost its pieces
/// when `losses` says (see `GameRecord::losses`), from a start with `start`
/// pieces a side (the king left out), has `totals` pieces a side; none when
/// it never can.
#[inline]
pub(crate) fn losses_window(losses: &[u8; 2 * PIECES], start: [u8; 2], totals: [u8; 2]) -> Option<(u32, u32)> {
    let mut from = 0u32;
    let mut to = u32::MAX;
    for side in 0..2 {
        // Pieces the side must have lost by then, and the next it must
        // not have lost yet.
        let lost = usize::from(start[side].checked_sub(totals[side])?);
        let plies = &losses[side * PIECES..side * PIECES + PIECES];
        if lost > 0 {
            from = from.max(u32::from(plies[lost.min(PIECES) - 1]));
        }
        if let Some(&next) = plies.get(lost)
            && next != NEVER
        {
            to = to.min(u32::from(next).saturating_sub(1));
        }
    }
    (from <= to).then_some((from, to))
}

/// The segment's opening row for the target, if it has one, and whether
/// it is the whole answer: it is when no game of the segment holds the
/// target's home pawns and numbers of pieces after the table's plies, and
/// then the segment's games need not be looked at.
pub(crate) fn opening_row(view: &View, target: &Target) -> Result<(Arc<Option<Row>>, bool), Error> {
    let row = view.opening(target.key)?;
    let whole = row.is_some() && row_is_whole(view, target)?;
    Ok((row, whole))
}

/// Whether the segment's opening row for the target, which it has, is the
/// whole answer (see [`opening_row`]).
pub(crate) fn row_is_whole(view: &View, target: &Target) -> Result<bool, Error> {
    Ok(target.max_ply <= OPENING_PLIES as u32 || !view.late_may_hold(target.late_state)?)
}

/// The matches of `target` in one segment; `allowed` says which games may
/// match (a filter's).
pub(crate) fn search_segment(view: &View, target: &Target, allowed: Option<&[bool]>) -> Result<Vec<Match>, Error> {
    let first = view.first;
    let (opening, whole) = opening_row(view, target)?;
    // A segment none of whose games passes through the target's shape
    // holds no game that reaches it: nothing of its games is read. (A row
    // lists games that reach it, so with a row the shape is held.)
    if opening.is_none() && !view.may_have_shape(target.shape)? {
        return Ok(Vec::new());
    }
    if let Some(row) = opening.as_ref()
        && whole
    {
        return Ok(row
            .entries
            .iter()
            .filter(|e| u32::from(e.ply) <= target.max_ply && allowed.is_none_or(|a| a[e.game as usize]))
            .map(|e| Match {
                game: first + u64::from(e.game) + 1,
                ply: u32::from(e.ply),
                next: e.next,
            })
            .collect());
    }
    let search = view.search()?;
    let games = search.len();
    // The opening table answers for the opening plies of the games it
    // lists; a game it lists need not be replayed there.
    let mut found: Vec<Option<(u32, u16)>> = vec![None; games];
    let in_table = match opening.as_ref() {
        Some(row) => {
            for e in &row.entries {
                let i = e.game as usize;
                let passes = search.flags[i] & UNREADABLE == 0 && allowed.is_none_or(|a| a[i]);
                if passes && u32::from(e.ply) <= target.max_ply {
                    found[i] = Some((u32::from(e.ply), e.next));
                }
            }
            true
        }
        None => false,
    };
    let full = Material::of(&Position::new());
    let start_ok = full.can_reach(&target.material);
    let standard_totals = Color::ALL.map(|c| full.total(c));
    let mut moves = view.moves();
    for i in 0..games {
        if found[i].is_some() || search.flags[i] & UNREADABLE != 0 || allowed.is_some_and(|a| !a[i]) {
            continue;
        }
        let Some((mut from, mut to)) = target.window(&search.leave[i]) else {
            continue;
        };
        // A game from its own position: that start, read once.
        let own_start = (search.flags[i] & OWN_START != 0).then(|| search.start_of(i));
        let start_material = own_start.as_ref().map(Material::of);
        let start_totals = start_material.map_or(standard_totals, |m| Color::ALL.map(|c| m.total(c)));
        let Some((lost_from, lost_to)) = target.losses_window(&search.losses[i], start_totals) else {
            continue;
        };
        from = from.max(lost_from);
        to = to.min(lost_to);
        // Positions 0 to plies; past the table's plies when it answered.
        to = to.min(u32::from(search.plies[i])).min(target.max_ply);
        if in_table {
            from = from.max(OPENING_PLIES as u32 + 1);
        }
        if from > to {
            continue;
        }
        // No side's pawns or pieces grow back: the target must lie between
        // the start's material and the end's.
        if !target.material.can_reach(&end_material(search, i)) {
            continue;
        }
        if !start_material.map_or(start_ok, |m| m.can_reach(&target.material)) {
            continue;
        }
        let start = own_start.unwrap_or_default();
        found[i] = replay_to(&start, moves.of(i)?, target, from, to)
            .map_err(|_| Error::Damaged(format!("game {} does not replay", first + i as u64 + 1)))?;
    }
    Ok(found
        .into_iter()
        .enumerate()
        .filter_map(|(i, f)| {
            f.map(|(ply, next)| Match {
                game: first + i as u64 + 1,
                ply,
                next,
            })
        })
        .collect())
}

/// Replays `moves` from `start` up to ply `to`, looking for the target from
/// ply `from` on: the first ply where the game is there, and the move it
/// played from it.
fn replay_to(
    start: &Position,
    moves: &[u8],
    target: &Target,
    from: u32,
    to: u32,
) -> Result<Option<(u32, u16)>, movecode::BadCode> {
    let mut pos = start.clone();
    let mut at = 0;
    let mut ply = 0u32;
    loop {
        let here = ply >= from && pos.repetition_key() == target.key && pos.same_for_repetition(&target.position);
        if here {
            let next = if at < moves.len() {
                pack_move(movecode::decode(&pos, moves, &mut at)?)
            } else {
                u16::MAX
            };
            return Ok(Some((ply, next)));
        }
        if ply >= to || at >= moves.len() {
            return Ok(None);
        }
        let m = movecode::decode(&pos, moves, &mut at)?;
        pos.play_unchecked(m);
        ply += 1;
    }
}

impl Database {
    /// The games whose main line reaches `position` (within the first
    /// `max_ply` plies, if given), in file order, each with the ply where it
    /// first does; `filter`, if given, must hold too. On what is indexed so
    /// far, while indexing runs.
    pub fn search_position(
        &self,
        position: &Position,
        max_ply: Option<u32>,
        filter: Option<&Filter>,
    ) -> Result<Vec<Match>, Error> {
        let target = Target::new(position, max_ply);
        self.each_view(filter, false, |view, allowed| search_segment(view, &target, allowed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game whose sides lost pieces at these plies (White's, then Black's).
    fn losses(white: &[u8], black: &[u8]) -> [u8; 2 * PIECES] {
        let mut out = [NEVER; 2 * PIECES];
        out[..white.len()].copy_from_slice(white);
        out[PIECES..PIECES + black.len()].copy_from_slice(black);
        out
    }

    #[test]
    fn a_game_has_a_positions_piece_count_only_between_two_losses() {
        // 1. e4 d5 2. exd5 Qxd5: each side has lost one pawn.
        let mut pos = Position::new();
        for san in ["e4", "d5", "exd5", "Qxd5"] {
            let m = pos.parse_san(san).unwrap();
            pos.play(m).unwrap();
        }
        let target = Target::new(&pos, None);
        let start = [15, 15];
        // Black lost its first at ply 3, White at ply 4, Black its second
        // at ply 9: plies 4 to 8.
        assert_eq!(target.losses_window(&losses(&[4], &[3, 9]), start), Some((4, 8)));
        // Nothing more taken: from ply 4 on.
        assert_eq!(target.losses_window(&losses(&[4], &[3]), start), Some((4, u32::MAX)));
        // White lost its second before Black lost its first: never.
        assert_eq!(target.losses_window(&losses(&[2, 3], &[5]), start), None);
        // Nothing taken by ply 254: if ever, after it.
        assert_eq!(target.losses_window(&losses(&[], &[]), start), Some((255, u32::MAX)));
        // A start with fewer pieces (a game from a FEN): fewer to lose.
        assert_eq!(target.losses_window(&losses(&[], &[]), [14, 14]), Some((0, u32::MAX)));
        // A start with fewer than the target: never.
        assert_eq!(target.losses_window(&losses(&[], &[]), [13, 15]), None);
    }
}
