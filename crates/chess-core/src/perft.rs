//! Perft: counting the leaves of the move tree, the standard proof that a
//! move generator is exact.
//!
//! Perft plays moves without updating the Zobrist key: no count depends on
//! it, and [`Position::undo`] restores it. (shakmaty, which perft is compared
//! with, keeps no key at all.)

use crate::moves::{Move, MoveList};
use crate::position::Position;

impl Position {
    /// The number of move sequences of length `depth` (`depth` 0 is 1).
    ///
    /// Uses bulk counting: at the last ply the legal moves are counted, not
    /// played.
    ///
    /// ```
    /// use chess_core::Position;
    /// assert_eq!(Position::new().perft(3), 8902);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        let mut pos = self.clone();
        perft_bulk(&mut pos, depth)
    }

    /// Like [`Position::perft`], but every leaf move is played and taken
    /// back: a benchmark of make/unmake as much as of generation.
    pub fn perft_unbulked(&self, depth: u32) -> u64 {
        let mut pos = self.clone();
        perft_full(&mut pos, depth)
    }

    /// Perft split by first move ("divide"), in generation order: what
    /// people compare against another program to find a bug.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut pos = self.clone();
        pos.legal_moves()
            .iter()
            .map(|&m| {
                let undo = pos.play_impl::<false>(m);
                let n = perft_bulk(&mut pos, depth - 1);
                pos.undo(m, undo);
                (m, n)
            })
            .collect()
    }
}

/// One move list per ply, made once per perft call (a new list per node
/// would be zeroed each time).
fn lists(depth: u32) -> Vec<MoveList> {
    (0..depth).map(|_| MoveList::new()).collect()
}

fn perft_bulk(pos: &mut Position, depth: u32) -> u64 {
    perft_bulk_with(pos, depth, &mut lists(depth))
}

fn perft_bulk_with(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let Some((moves, rest)) = lists.split_first_mut() else {
                return 0;
            };
            pos.fill_legal_moves(moves);
            let mut total = 0;
            for &m in moves.iter() {
                let undo = pos.play_impl::<false>(m);
                total += perft_bulk_with(pos, depth - 1, rest);
                pos.undo(m, undo);
            }
            total
        }
    }
}

fn perft_full(pos: &mut Position, depth: u32) -> u64 {
    perft_full_with(pos, depth, &mut lists(depth))
}

fn perft_full_with(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let Some((moves, rest)) = lists.split_first_mut() else {
        return 1;
    };
    pos.fill_legal_moves(moves);
    if depth == 1 {
        // The leaves: each move is played and taken back, and counted.
        for &m in moves.iter() {
            let undo = pos.play_impl::<false>(std::hint::black_box(m));
            // The position after the move must really exist: without this
            // the compiler sees `undo` overwrite it and drops the work.
            std::hint::black_box(&mut *pos);
            pos.undo(m, undo);
        }
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in moves.iter() {
        let undo = pos.play_impl::<false>(m);
        total += perft_full_with(pos, depth - 1, rest);
        pos.undo(m, undo);
    }
    total
}
