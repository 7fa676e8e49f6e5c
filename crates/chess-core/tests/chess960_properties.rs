//! Chess960 property tests along random legal playouts from random start
//! positions, against shakmaty in `CastlingMode::Chess960`: legal moves
//! (castling as the king taking its rook), UCI, SAN both ways, X-FEN,
//! status and keys at every step; unmake restores the position exactly and
//! the incremental key equals the key of the same position read fresh.

use chess_core::{EnPassantMode, Move, Position, Status};
use proptest::prelude::*;
use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen, zobrist::Zobrist64};

fn shakmaty_of(fen: &str) -> Chess {
    let setup = fen.parse::<Fen>().unwrap();
    setup
        .into_position(CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("shakmaty refuses {fen}: {e}"))
}

fn check_against_shakmaty(pos: &Position, theirs: &Chess) {
    let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.uci()).collect();
    let mut expected: Vec<String> = theirs
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
        .collect();
    ours.sort();
    expected.sort();
    assert_eq!(ours, expected, "legal moves of {}", pos.fen());
    let their_fen = Fen::from_position(theirs, shakmaty::EnPassantMode::Legal).to_string();
    assert_eq!(pos.fen(), their_fen);
    assert_eq!(
        pos.status() == Status::Checkmate,
        theirs.is_checkmate(),
        "{}",
        pos.fen()
    );
    assert_eq!(
        pos.status() == Status::Stalemate,
        theirs.is_stalemate(),
        "{}",
        pos.fen()
    );
    let pseudo: Zobrist64 = theirs.zobrist_hash(shakmaty::EnPassantMode::PseudoLegal);
    assert_eq!(pos.zobrist(), pseudo.0, "key of {}", pos.fen());
    for m in theirs.legal_moves() {
        let uci = m.to_uci(CastlingMode::Chess960).to_string();
        let ours = pos
            .parse_uci(&uci)
            .unwrap_or_else(|e| panic!("{uci} in {}: {e}", pos.fen()));
        let expected = shakmaty::san::SanPlus::from_move(theirs.clone(), m).to_string();
        let san = pos.san(ours).unwrap();
        assert_eq!(san, expected, "SAN of {uci} in {}", pos.fen());
        assert_eq!(pos.parse_san(&san), Ok(ours), "{san} in {}", pos.fen());
    }
}

fn playout(number: u32, choices: &[u16]) {
    let mut pos = Position::new_960(number).unwrap();
    let mut theirs = shakmaty_of(&pos.fen());
    for &choice in choices {
        check_against_shakmaty(&pos, &theirs);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m: Move = moves[choice as usize % moves.len()];
        let before = pos.clone();
        let undo = pos.play_unchecked(m);
        let after = pos.clone();
        pos.undo(m, undo);
        assert_eq!(pos, before, "undo of {m} in {}", before.fen());
        pos.play_unchecked(m);
        assert_eq!(pos, after);
        let always = pos.fen_with(EnPassantMode::Always);
        let fresh = Position::from_fen_960(&always).unwrap();
        assert_eq!(fresh, pos, "FEN round trip of {always}");
        assert_eq!(fresh.zobrist(), pos.zobrist());
        let uci = shakmaty::uci::UciMove::from_ascii(m.uci().as_bytes()).unwrap();
        theirs.play_unchecked(uci.to_move(&theirs).unwrap());
    }
}

/// Plays castling early: from each start, the moves that free the back
/// rank are favoured by choosing castling whenever it is legal.
fn castling_playout(number: u32, choices: &[u16]) -> usize {
    let mut castled = 0;
    let mut pos = Position::new_960(number).unwrap();
    let mut theirs = shakmaty_of(&pos.fen());
    for &choice in choices {
        check_against_shakmaty(&pos, &theirs);
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
        check_against_shakmaty(&pos, &shakmaty_of(&pos.fen()));
    }
}

#[test]
fn perft_of_start_positions_agrees_with_shakmaty() {
    for n in [0, 1, 100, 333, 518, 700, 959] {
        let pos = Position::new_960(n).unwrap();
        let theirs = shakmaty_of(&pos.fen());
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
