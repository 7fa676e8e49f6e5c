//! Chess960 property tests along random legal playouts from random start
//! positions, against shakmaty in `CastlingMode::Chess960`: legal moves
//! (castling as the king taking its rook), UCI, SAN both ways, X-FEN,
//! status and keys at every step; unmake restores the position exactly and
//! the incremental key equals the key of the same position read fresh.

mod common;

use chess_core::{Move, Position};
use common::{check_against_shakmaty, play_checked, shakmaty_of};
use proptest::prelude::*;
use shakmaty::{CastlingMode, Position as _};

fn playout(number: u32, choices: &[u16]) {
    let mut pos = Position::new_960(number).unwrap();
    let mut theirs = shakmaty_of(&pos.fen(), CastlingMode::Chess960);
    for &choice in choices {
        check_against_shakmaty(&pos, &theirs, CastlingMode::Chess960);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m: Move = moves[choice as usize % moves.len()];
        play_checked(&mut pos, &mut theirs, m, Position::from_fen_960);
    }
}

/// Plays castling early: from each start, the moves that free the back
/// rank are favoured by choosing castling whenever it is legal.
fn castling_playout(number: u32, choices: &[u16]) -> usize {
    let mut castled = 0;
    let mut pos = Position::new_960(number).unwrap();
    let mut theirs = shakmaty_of(&pos.fen(), CastlingMode::Chess960);
    for &choice in choices {
        check_against_shakmaty(&pos, &theirs, CastlingMode::Chess960);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let castle = moves.iter().copied().find(|m| m.is_castle());
        // Pieces off the back rank first, so that castling becomes possible.
        let developing: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.from().rank() != m.to().rank() && !m.is_castle())
            .collect();
        let m = castle.unwrap_or_else(|| {
            if developing.is_empty() {
                moves[choice as usize % moves.len()]
            } else {
                developing[choice as usize % developing.len()]
            }
        });
        castled += usize::from(m.is_castle());
        pos.play_unchecked(m);
        let uci = shakmaty::uci::UciMove::from_ascii(m.uci().as_bytes()).unwrap();
        theirs.play_unchecked(uci.to_move(&theirs).unwrap());
    }
    castled
}

#[test]
fn playouts_from_every_start_castle_and_agree() {
    let choices: Vec<u16> = (0..40u16).map(|i| i.wrapping_mul(7919)).collect();
    let castled: usize = (0..960).step_by(7).map(|n| castling_playout(n, &choices)).sum();
    // Both sides castle in most games: castling is well exercised.
    assert!(castled > 150, "{castled} castlings in 138 games");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_960_playouts(number in 0u32..960, choices in prop::collection::vec(any::<u16>(), 1..80)) {
        playout(number, &choices);
    }

    /// Any text into the Chess960 FEN reader: a position or an error, and
    /// a position it gives reads back from its own X-FEN.
    #[test]
    fn the_960_fen_reader_never_panics(text in "[1-8kqrbnpKQRBNP/]{1,70} [wb] [A-Ha-hKQkq-]{1,5} [a-h1-8-]{1,2} [0-9]{1,2} [0-9]{1,2}") {
        if let Ok(pos) = Position::from_fen_960(&text) {
            prop_assert_eq!(Position::from_fen_960(&pos.fen()).unwrap(), pos);
        }
    }

    #[test]
    fn any_text_into_the_960_fen_reader(text in ".{0,90}") {
        match Position::from_fen_960(&text) {
            Ok(pos) => prop_assert_eq!(Position::from_fen_960(&pos.fen()).unwrap(), pos),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn random_960_playouts_that_castle(number in 0u32..960, choices in prop::collection::vec(any::<u16>(), 1..60)) {
        castling_playout(number, &choices);
    }
}

#[test]
fn every_start_position_agrees_with_shakmaty() {
    for n in 0..960 {
        let pos = Position::new_960(n).unwrap();
        check_against_shakmaty(
            &pos,
            &shakmaty_of(&pos.fen(), CastlingMode::Chess960),
            CastlingMode::Chess960,
        );
    }
}

#[test]
fn perft_of_start_positions_agrees_with_shakmaty() {
    for n in [0, 1, 100, 333, 518, 700, 959] {
        let pos = Position::new_960(n).unwrap();
        let theirs = shakmaty_of(&pos.fen(), CastlingMode::Chess960);
        for depth in 1..=3 {
            assert_eq!(
                pos.perft(depth),
                shakmaty::perft(&theirs, depth),
                "start {n} depth {depth}"
            );
        }
    }
    assert_eq!(Position::new_960(0).unwrap().perft(3), 9006);
}
