//! What a segment's games can look like past the opening table's plies,
//! in coarse terms: the home pawns still at home and each side's number of
//! pieces. A position of the opening table lists every game of the segment
//! that reaches it by ply 20 ([`OPENING_PLIES`]); a game can reach it later
//! only while it holds the same home pawns and as many pieces, so when no
//! game of the segment holds that state after ply 20, the table's row is
//! the whole answer and the segment's games need not be looked at.
//!
//! A state is a `u32`: the home pawns' mask (see `record::home_pawns`) in
//! the low 16 bits, White's pieces and pawns (the king left out) in the
//! next 4, Black's in the 4 after.

use chess_core::Color;

use super::segment::{OWN_START, SearchColumns, UNREADABLE};
use crate::material::Material;
use crate::record::{NEVER, OPENING_PLIES, PIECES};

/// The states a segment's games hold after the opening table's plies.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LateStates {
    /// Some game goes on past ply 254, where the index cannot say what it
    /// holds: any state may be held.
    pub unknown: bool,
    /// The states, sorted, each once.
    pub states: Vec<u32>,
}

/// A state: `mask` of home pawns, `totals` of pieces a side.
pub fn state(mask: u16, totals: [u8; 2]) -> u32 {
    u32::from(mask) | u32::from(totals[0] & 15) << 16 | u32::from(totals[1] & 15) << 20
}

impl LateStates {
    /// The states the games of `search` hold after ply 20.
    pub fn of(search: &SearchColumns) -> LateStates {
        let mut states = Vec::new();
        let mut unknown = false;
        let standard = Material::of(&chess_core::Position::new());
        let after = OPENING_PLIES as u32 + 1;
        // A game's changes after ply 20: (ply, what changes: a home pawn's
        // slot, or 16 + side for a loss). Reused from game to game.
        let mut changes: Vec<(u32, u8)> = Vec::with_capacity(48);
        for i in 0..search.len() {
            let plies = u32::from(search.plies[i]);
            if search.flags[i] & UNREADABLE != 0 || plies < after {
                continue;
            }
            if plies >= u32::from(NEVER) {
                unknown = true;
            }
            let start = if search.flags[i] & OWN_START != 0 {
                Material::of(&search.start_of(i))
            } else {
                standard
            };
            let mut totals = Color::ALL.map(|c| start.total(c));
            let mut mask = 0u16;
            changes.clear();
            for (slot, &left) in search.leave[i].iter().enumerate() {
                let left = u32::from(left);
                // At home at ply 21 if it left later.
                if left > after {
                    mask |= 1 << slot;
                    if left <= plies && left != u32::from(NEVER) {
                        changes.push((left, slot as u8));
                    }
                }
            }
            for (k, &lost) in search.losses[i].iter().enumerate() {
                let side = k / PIECES;
                let lost = u32::from(lost);
                if lost <= after {
                    totals[side] = totals[side].saturating_sub(1);
                } else if lost <= plies && lost != u32::from(NEVER) {
                    changes.push((lost, 16 + side as u8));
                }
            }
            changes.sort_unstable();
            states.push(state(mask, totals));
            for (k, &(ply, what)) in changes.iter().enumerate() {
                if what < 16 {
                    mask &= !(1 << what);
                } else {
                    let side = usize::from(what - 16);
                    totals[side] = totals[side].saturating_sub(1);
                }
                // One state a ply: the last change of a ply makes it.
                if changes.get(k + 1).is_none_or(|next| next.0 != ply) {
                    states.push(state(mask, totals));
                }
            }
        }
        states.sort_unstable();
        states.dedup();
        LateStates { unknown, states }
    }

    /// Whether some game may hold `state` after ply 20.
    pub fn may_hold(&self, state: u32) -> bool {
        self.unknown || self.states.binary_search(&state).is_ok()
    }

    /// About how many bytes of memory it takes.
    pub fn heap_bytes(&self) -> usize {
        self.states.capacity() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::home_pawns;

    /// Adds a game from the standard start to `search`.
    fn push(search: &mut SearchColumns, plies: u16, leave: [u8; 16], losses: [u8; 2 * PIECES]) {
        search.plies.push(plies);
        search.flags.push(0);
        search.leave.push(leave);
        search.losses.push(losses);
        search.end.push([0; 5]);
    }

    #[test]
    fn a_segment_holds_the_states_its_games_pass_through_after_ply_20() {
        let mut search = SearchColumns::default();
        // A game of 40 plies: the e-pawns leave at plies 1 and 2, White
        // takes a pawn at ply 30 (Black has 14 pieces from then on).
        let mut leave = [NEVER; 16];
        leave[4] = 1;
        leave[12] = 2;
        let mut losses = [NEVER; 2 * PIECES];
        losses[PIECES] = 30;
        push(&mut search, 40, leave, losses);
        let late = LateStates::of(&search);
        let mut pos = chess_core::Position::new();
        for san in ["e4", "e5"] {
            let m = pos.parse_san(san).unwrap();
            pos.play(m).unwrap();
        }
        let mask = home_pawns(&pos);
        assert!(late.may_hold(state(mask, [15, 15])), "plies 21 to 29");
        assert!(late.may_hold(state(mask, [15, 14])), "plies 30 to 40");
        assert!(!late.may_hold(state(mask, [14, 15])));
        assert!(!late.may_hold(state(home_pawns(&chess_core::Position::new()), [15, 15])));
        assert!(!late.unknown);
        // A game past ply 254: anything may be.
        push(&mut search, 300, [NEVER; 16], [NEVER; 2 * PIECES]);
        assert!(LateStates::of(&search).may_hold(0));
        // Changes at ply 21 itself: the d-pawn leaves and White loses a
        // piece there; after ply 20 the game never holds what it held
        // before them.
        let mut search = SearchColumns::default();
        let mut leave = [NEVER; 16];
        leave[3] = 21;
        let mut losses = [NEVER; 2 * PIECES];
        losses[0] = 21;
        push(&mut search, 30, leave, losses);
        let late = LateStates::of(&search);
        let all_home = home_pawns(&chess_core::Position::new());
        assert_eq!(late.states, [state(all_home & !(1 << 3), [14, 15])]);
    }
}
