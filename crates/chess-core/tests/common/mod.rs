//! What the property tests share: positions compared with shakmaty, an
//! established library, in standard chess and in Chess960, and the checks
//! every move of a playout goes through.
#![allow(dead_code)] // each test file uses part of this module

use chess_core::{EnPassantMode, Move, Position, San, SanPlus, Status};
use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen, zobrist::Zobrist64};

/// shakmaty's position of `fen`. shakmaty refuses impossible checks
/// (B6b/8/8/8/2K5/5k2/8/b6B b); we warn, so they are let through.
pub fn shakmaty_of(fen: &str, mode: CastlingMode) -> Chess {
    let setup = fen
        .parse::<Fen>()
        .unwrap_or_else(|e| panic!("shakmaty cannot read {fen}: {e}"));
    match setup.into_position(mode) {
        Ok(pos) => pos,
        Err(e) => e
            .ignore_impossible_check()
            .unwrap_or_else(|e| panic!("shakmaty refuses {fen}: {e}")),
    }
}

/// Our position agrees with shakmaty's: legal moves, FEN, check, status,
/// material, both Zobrist keys, and the SAN of every move (as text and as
/// a value, both ways).
pub fn check_against_shakmaty(pos: &Position, theirs: &Chess, mode: CastlingMode) {
    let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.uci()).collect();
    let mut expected: Vec<String> = theirs
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(mode).to_string())
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
        let uci = m.to_uci(mode).to_string();
        let ours = pos
            .parse_uci(&uci)
            .unwrap_or_else(|e| panic!("{uci} in {}: {e}", pos.fen()));
        let expected = shakmaty::san::SanPlus::from_move(theirs.clone(), m).to_string();
        let san = pos.san(ours).unwrap();
        assert_eq!(san, expected, "SAN of {uci} in {}", pos.fen());
        assert_eq!(pos.parse_san(&san), Ok(ours), "{san} in {}", pos.fen());
        // Without the check mark, and with an annotation, it reads the same.
        let bare = san.trim_end_matches(['+', '#']);
        assert_eq!(pos.parse_san(&format!("{bare}!?")), Ok(ours));
        // As values: shakmaty's SAN reads as ours, writes back the same and
        // resolves to the move.
        let value: SanPlus = expected.parse().unwrap();
        assert_eq!(value.to_string(), expected);
        assert_eq!(value.san.to_move(pos), Ok(ours), "{expected} in {}", pos.fen());
        assert_eq!(San::from_move(pos, ours), value.san);
    }
}

/// Plays `m` (legal in `pos`) in both libraries, checking on the way that
/// unmake restores the exact position and that the incremental key equals
/// the key of the same position read fresh from its FEN (by `read`).
pub fn play_checked(
    pos: &mut Position,
    theirs: &mut Chess,
    m: Move,
    read: fn(&str) -> Result<Position, chess_core::Error>,
) {
    let before = pos.clone();
    let undo = pos.play_unchecked(m);
    let after = pos.clone();
    pos.undo(m, undo);
    assert_eq!(*pos, before, "undo of {m} in {}", before.fen());
    pos.play_unchecked(m);
    assert_eq!(*pos, after);

    let always = pos.fen_with(EnPassantMode::Always);
    let fresh = read(&always).unwrap();
    assert_eq!(fresh, *pos, "FEN round trip of {always}");
    assert_eq!(fresh.zobrist(), pos.zobrist());
    assert_eq!(read(&pos.fen()).unwrap().fen(), pos.fen());

    let uci = shakmaty::uci::UciMove::from_ascii(m.uci().as_bytes()).unwrap();
    theirs.play_unchecked(uci.to_move(theirs).unwrap());
}
