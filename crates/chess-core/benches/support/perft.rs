#![allow(dead_code)] // each bench uses part of this module
//! Perft for the three libraries compared, written the way each is meant to
//! be used (shakmaty and cozy-chess copy-make; we make and unmake).

use chess_core::Position;

/// The Chess Programming Wiki's perft positions.
pub const CPW: &str = include_str!("../../tests/data/cpw-perft.epd");

/// The six CPW positions with a depth that takes a fraction of a second.
pub fn positions() -> Vec<(&'static str, String, u32)> {
    let names = ["startpos", "kiwipete", "pos3", "pos4", "pos5", "pos6"];
    let depths = [5, 4, 6, 5, 4, 4];
    CPW.lines()
        .zip(names)
        .zip(depths)
        .map(|((line, name), depth)| (name, line.split(';').next().unwrap().trim().to_string(), depth))
        .collect()
}

/// A position of ours from a FEN.
pub fn ours(fen: &str) -> Position {
    fen.parse().unwrap()
}

/// Unbulked perft written with the public API (`play_unchecked`, which
/// keeps the Zobrist key up to date, and `undo`), as a user would write it.
pub fn ours_perft_hashed(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        for &m in moves.iter() {
            let undo = pos.play_unchecked(std::hint::black_box(m));
            std::hint::black_box(&mut *pos);
            pos.undo(m, undo);
        }
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in moves.iter() {
        let undo = pos.play_unchecked(m);
        total += ours_perft_hashed(pos, depth - 1);
        pos.undo(m, undo);
    }
    total
}

/// A shakmaty position from a FEN.
pub fn shakmaty_pos(fen: &str) -> shakmaty::Chess {
    use shakmaty::{CastlingMode, fen::Fen};
    let fen: Fen = fen.parse().unwrap();
    fen.into_position(CastlingMode::Standard).unwrap()
}

/// A cozy-chess board from a FEN.
pub fn cozy_pos(fen: &str) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(fen, false).unwrap()
}

/// shakmaty's perft, every leaf move played (copy-make).
pub fn shakmaty_perft_unbulked(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position as _;
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        // The leaves: each move is played (on a copy) and counted.
        for m in &moves {
            let mut child = pos.clone();
            child.play_unchecked(*std::hint::black_box(m));
            std::hint::black_box(&child);
        }
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(*m);
            shakmaty_perft_unbulked(&child, depth - 1)
        })
        .sum()
}

/// cozy-chess's perft, bulk-counted or not (copy-make).
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if bulk && depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(std::hint::black_box(mv));
            if depth == 1 {
                // The leaves: each move is played (on a copy) and counted.
                std::hint::black_box(&child);
                nodes += 1;
            } else {
                nodes += cozy_perft(&child, depth - 1, bulk);
            }
        }
        false
    });
    nodes
}
