//! Material search: the games that come to have a given material (`KRPkr`)
//! and keep it for a number of plies, the endgame question players ask.
//! A game is replayed only if its material at the start and at the end
//! allow the target (no side's pawns or pieces grow back), and its replay
//! stops as soon as it has fallen below the target.

use chess_core::{Color, Role};

use crate::Database;
use crate::Error;
use crate::index::segment::{OWN_START, UNREADABLE, end_material};
use crate::material::Material;
use crate::movecode;
use crate::query::View;
use crate::query::filter::Filter;
use crate::query::position::{Match, losses_window};
use crate::record::pack_move;

/// The games of one segment with `target` for at least `plies` positions
/// in a row.
fn search_segment(view: &View, target: &Material, plies: u32, allowed: Option<&[bool]>) -> Result<Vec<Match>, Error> {
    let (search, first) = (view.search()?, view.first);
    let mut all_moves = view.moves();
    let full = Material::of(&chess_core::Position::new());
    let totals = Color::ALL.map(|c| target.total(c));
    let mut out = Vec::new();
    for i in 0..search.len() {
        if search.flags[i] & UNREADABLE != 0 || allowed.is_some_and(|a| !a[i]) {
            continue;
        }
        if !target.can_reach(&end_material(search, i)) {
            continue;
        }
        let own_start = search.flags[i] & OWN_START != 0;
        let mut pos = if own_start {
            search.start_of(i)
        } else {
            chess_core::Position::new()
        };
        let mut material = if own_start { Material::of(&pos) } else { full };
        if !material.can_reach(target) {
            continue;
        }
        // Only between two captures does a side have the target's number
        // of pieces: past that window the replay stops.
        let start_totals = Color::ALL.map(|c| material.total(c));
        let Some((_, to)) = losses_window(&search.losses[i], start_totals, totals) else {
            continue;
        };
        let moves = all_moves.of(i)?;
        let damaged = || Error::Damaged(format!("game {} does not replay", first + i as u64 + 1));
        let (mut at, mut ply, mut run_start) = (0usize, 0u32, None::<u32>);
        let found = loop {
            if material == *target {
                let start = *run_start.get_or_insert(ply);
                if ply + 1 - start >= plies {
                    break Some(start);
                }
            } else {
                run_start = None;
                if !material.can_reach(target) {
                    break None;
                }
            }
            if at >= moves.len() || ply >= to {
                break None;
            }
            let m = movecode::decode(&pos, moves, &mut at).map_err(|_| damaged())?;
            let us = pos.turn();
            if m.is_en_passant() {
                material.remove(!us, Role::Pawn);
            } else if let Some(taken) = pos.piece_at(m.to()).filter(|p| p.color != us) {
                material.remove(!us, taken.role);
            }
            if let Some(role) = m.promotion() {
                material.promote(us, role);
            }
            pos.play_unchecked(m);
            ply += 1;
        };
        if let Some(ply) = found {
            // The move played where the material was first reached.
            let mut replay = if own_start {
                search.start_of(i)
            } else {
                chess_core::Position::new()
            };
            let mut at = 0;
            for _ in 0..ply {
                let m = movecode::decode(&replay, moves, &mut at).map_err(|_| damaged())?;
                replay.play_unchecked(m);
            }
            let next = if at < moves.len() {
                pack_move(movecode::decode(&replay, moves, &mut at).map_err(|_| damaged())?)
            } else {
                u16::MAX
            };
            out.push(Match {
                game: first + i as u64 + 1,
                ply,
                next,
            });
        }
    }
    Ok(out)
}

impl Database {
    /// The games that come to have `target` material and keep it for at
    /// least `plies` positions in a row (1: reaching it is enough), in file
    /// order, each with the ply where that run starts; `filter`, if given,
    /// must hold too.
    pub fn search_material(&self, target: &Material, plies: u32, filter: Option<&Filter>) -> Result<Vec<Match>, Error> {
        let plies = plies.max(1);
        self.each_view(filter, false, |view, allowed| {
            search_segment(view, target, plies, allowed)
        })
    }
}
