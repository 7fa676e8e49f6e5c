//! Property tests along random legal playouts, from the start and from the
//! perft suite's positions:
//! - unmake restores the exact position, and the incremental Zobrist key
//!   equals the key computed from scratch;
//! - the FEN of every reached position reads back to the same position;
//! - legal moves, FEN, status and keys agree with shakmaty, an established
//!   library, at every step;
//! - the SAN of every legal move is shakmaty's, and parses back to the move;
//! - no text makes the FEN parser panic.

use chess_core::{EnPassantMode, Move, Position, Setup, Status};
use proptest::prelude::*;
use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen, zobrist::Zobrist64};

const SUITE: &str = include_str!("data/perftsuite.epd");

fn start_positions() -> Vec<String> {
    SUITE
        .lines()
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect()
}

fn shakmaty_of(fen: &str) -> Chess {
    // shakmaty refuses impossible checks (B6b/8/8/8/2K5/5k2/8/b6B b); we warn.
    let setup = fen.parse::<Fen>().unwrap();
    match setup.into_position(CastlingMode::Standard) {
        Ok(pos) => pos,
        Err(e) => e.ignore_impossible_check().unwrap(),
    }
}

fn check_against_shakmaty(pos: &Position, theirs: &Chess) {
    let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.uci()).collect();
    let mut expected: Vec<String> = theirs
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    ours.sort();
    expected.sort();
    assert_eq!(ours, expected, "legal moves of {}", pos.fen());
    let their_fen = Fen::from_position(theirs, shakmaty::EnPassantMode::Legal).to_string();
    assert_eq!(pos.fen(), their_fen);
    assert_eq!(pos.is_check(), theirs.is_check());
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
    assert_eq!(
        pos.is_insufficient_material(),
        theirs.is_insufficient_material(),
        "{}",
        pos.fen()
    );
    let pseudo: Zobrist64 = theirs.zobrist_hash(shakmaty::EnPassantMode::PseudoLegal);
    let legal: Zobrist64 = theirs.zobrist_hash(shakmaty::EnPassantMode::Legal);
    assert_eq!(pos.zobrist(), pseudo.0, "Polyglot key of {}", pos.fen());
    assert_eq!(pos.repetition_key(), legal.0, "repetition key of {}", pos.fen());

    for m in theirs.legal_moves() {
        let uci = m.to_uci(CastlingMode::Standard).to_string();
        let ours = pos.parse_uci(&uci).unwrap();
        let expected = shakmaty::san::SanPlus::from_move(theirs.clone(), m).to_string();
        let san = pos.san(ours).unwrap();
        assert_eq!(san, expected, "SAN of {uci} in {}", pos.fen());
        assert_eq!(pos.parse_san(&san), Ok(ours), "{san} in {}", pos.fen());
        // Without the check mark, and with an annotation, it reads the same.
        let bare = san.trim_end_matches(['+', '#']);
        assert_eq!(pos.parse_san(&format!("{bare}!?")), Ok(ours));
    }
}

/// Every SAN naming one of our pieces and any target square either parses to
/// a legal move or fails: the parser never accepts an illegal move.
fn san_never_accepts_illegal_moves(pos: &Position) {
    let legal = pos.legal_moves();
    for from in pos.pieces_of(pos.turn()) {
        let piece = pos.piece_at(from).unwrap();
        let letter = if piece.role == chess_core::Role::Pawn {
            String::new()
        } else {
            piece.role.upper_char().to_string()
        };
        for to in chess_core::Square::all() {
            for promotion in ["", "=Q", "=N"] {
                for text in [
                    format!("{letter}{from}{to}{promotion}"),
                    format!("{letter}{to}{promotion}"),
                ] {
                    if let Ok(m) = pos.parse_san(&text) {
                        assert!(legal.contains(&m), "{text} parsed to illegal {m} in {}", pos.fen());
                    }
                }
            }
        }
    }
}

fn playout(start: usize, choices: &[u16]) {
    let fens = start_positions();
    let fen = &fens[start % fens.len()];
    let mut pos: Position = fen.parse().unwrap();
    let mut theirs = shakmaty_of(fen);
    for (ply, &choice) in choices.iter().enumerate() {
        check_against_shakmaty(&pos, &theirs);
        if ply % 8 == 0 {
            san_never_accepts_illegal_moves(&pos);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m: Move = moves[choice as usize % moves.len()];

        // Make then unmake restores the position exactly.
        let before = pos.clone();
        let undo = pos.play_unchecked(m);
        let after = pos.clone();
        pos.undo(m, undo);
        assert_eq!(pos, before, "undo of {m} in {}", before.fen());
        pos.play_unchecked(m);
        assert_eq!(pos, after);

        // The incremental key equals the key of the same position read fresh.
        let always = pos.fen_with(EnPassantMode::Always);
        let fresh = Position::from_fen(&always).unwrap();
        assert_eq!(fresh, pos, "FEN round trip of {always}");
        assert_eq!(fresh.zobrist(), pos.zobrist());
        assert_eq!(Position::from_fen(&pos.fen()).unwrap().fen(), pos.fen());

        let uci = shakmaty::uci::UciMove::from_ascii(m.uci().as_bytes()).unwrap();
        theirs.play_unchecked(uci.to_move(&theirs).unwrap());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_playouts(start in 0usize..1000, choices in prop::collection::vec(any::<u16>(), 1..120)) {
        playout(start, &choices);
    }

    #[test]
    fn fen_parser_never_panics(text in ".{0,100}") {
        let _ = Setup::from_fen(&text);
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn move_parsers_never_panic(text in ".{0,40}", san_like in "[KQRBNPa-h1-8xX=+#!?()O0o.-]{0,12}") {
        let pos = Position::new();
        let _ = pos.parse_san(&text);
        let _ = pos.parse_uci(&text);
        let _ = pos.parse_san(&san_like);
        let endgame: Position = "1r2k3/P7/8/3pP3/8/8/8/R3K2R w KQ d6 0 1".parse().unwrap();
        let _ = endgame.parse_san(&san_like);
    }

    #[test]
    fn pgn_reader_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        for game in chess_core::pgn::PgnReader::new(bytes.as_slice()) {
            let _ = game.map(|g| g.to_pgn());
        }
    }

    #[test]
    fn pgn_like_text_never_panics(text in r#"(\[[A-Za-z]{1,5} "[^"\n]{0,10}"\]\n){0,3}([0-9]{1,2}\.{1,3} |[KQRBN]?[a-h]?x?[a-h][1-8](=[QRBN])?[+#!?]{0,2} |\{[^}]{0,10}\} |\( |\) |\$[0-9]{1,3} |1-0 |\* |; [a-z ]{0,8}\n){0,40}"#) {
        // Whatever reads, writes and reads back the same.
        for game in chess_core::pgn::PgnReader::new(text.as_bytes()).flatten() {
            let again = chess_core::pgn::read_game(&game.to_pgn()).unwrap();
            prop_assert_eq!(again.to_pgn(), game.to_pgn());
        }
    }

    #[test]
    fn fen_like_text_never_panics(text in "[1-9kqrbnpKQRBNP/]{1,80}( [wb-]( [KQkq-]{1,5}( [a-h1-8-]{1,3}( [0-9]{1,4}( [0-9]{1,4})?)?)?)?)?") {
        if let Ok(setup) = Setup::from_fen(&text) {
            let problems = setup.problems();
            match Position::from_setup(setup) {
                Ok(pos) => {
                    prop_assert!(problems.iter().all(|p| !p.is_error()));
                    // Whatever is legal can be searched without panicking.
                    let _ = pos.perft(2);
                    let _ = pos.status();
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }
}
