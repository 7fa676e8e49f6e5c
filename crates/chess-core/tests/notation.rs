//! SAN and UCI: printing exactly as the standard writes it, parsing what real
//! files contain, and typed errors.

use chess_core::{IllegalReason, Move, Position, Role, SanError, Square, UciError};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn san(fen: &str, uci: &str) -> String {
    let p = pos(fen);
    p.san(p.parse_uci(uci).unwrap()).unwrap()
}

#[test]
fn disambiguation() {
    // By file: knights on b1 and f1 both reach d2.
    assert_eq!(san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
    // By rank: rooks on a1 and a5 both reach a3.
    assert_eq!(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    assert_eq!(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3"), "R5a3");
    // Queens on a1, a3 and c1 all reach b2: a1 shares its file with a3 and
    // its rank with c1, so it needs both.
    let fen = "4k3/8/8/8/8/Q7/8/Q1Q4K w - - 0 1";
    assert_eq!(san(fen, "a1b2"), "Qa1b2");
    assert_eq!(san(fen, "a3b2"), "Q3b2");
    assert_eq!(san(fen, "c1b2"), "Qcb2");
    assert_eq!(pos(fen).parse_san("Qa1b2").unwrap().uci(), "a1b2");
    assert!(matches!(pos(fen).parse_san("Qab2"), Err(SanError::Ambiguous { .. })));
    // Not needed: only one rook can go there.
    assert_eq!(san("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "a1b1"), "Rb1");
    // Pawn captures always name the file.
    assert_eq!(san("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
}

#[test]
fn a_pinned_piece_never_needs_telling_apart() {
    // The knight on c6 is pinned by the bishop on b5: only the g8 knight can
    // go to e7, so "Ne7", not "Nge7"...
    let fen = "4k1n1/8/2n5/1B6/8/8/8/4K3 b - - 0 1";
    assert_eq!(san(fen, "g8e7"), "Ne7");
    // ... and both spellings parse: "Nge7" is over-specified, not wrong.
    let p = pos(fen);
    assert_eq!(p.parse_san("Ne7").unwrap().uci(), "g8e7");
    assert_eq!(p.parse_san("Nge7").unwrap().uci(), "g8e7");
    // The pinned knight's move is illegal, and the reason says why.
    match p.parse_san("Nce7") {
        Err(SanError::Illegal {
            reason: Some(IllegalReason::Pinned { .. }),
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn promotions_and_checks() {
    let fen = "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san(fen, "a7a8q"), "a8=Q");
    assert_eq!(san(fen, "a7b8q"), "axb8=Q+");
    assert_eq!(san(fen, "a7b8n"), "axb8=N");
    assert_eq!(san(fen, "a7b8r"), "axb8=R+");
    // Castling with check, and mate.
    assert_eq!(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
    assert_eq!(san("r3k3/8/8/8/8/8/8/3K4 b q - 0 1", "e8c8"), "O-O-O+");
    assert_eq!(
        san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"),
        "Qh4#"
    );
    // En passant.
    assert_eq!(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
}

#[test]
fn parsing_what_real_files_contain() {
    let start = Position::new();
    for text in ["e4", "e2e4", "e2-e4", "e4!", "e4?!", "e4!!", "Pe4", "e4+", "e4#"] {
        assert_eq!(start.parse_san(text).unwrap().uci(), "e2e4", "{text}");
    }
    for text in ["Nf3", "Ng1f3", "Ng1-f3", "Ngf3", "N1f3", "Nf3!?"] {
        assert_eq!(start.parse_san(text).unwrap().uci(), "g1f3", "{text}");
    }
    let castle = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    for text in ["O-O", "0-0", "O-O+", "o-o"] {
        assert_eq!(castle.parse_san(text).unwrap().uci(), "e1g1", "{text}");
    }
    let promote = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for text in ["a8=Q", "a8Q", "a8(Q)", "a8=Q+", "a8q"] {
        assert_eq!(promote.parse_san(text).unwrap().uci(), "a7a8q", "{text}");
    }
    let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    for text in ["exd6", "exd6e.p.", "exd6 e.p.", "exd6ep".trim_end_matches("ep")] {
        assert_eq!(ep.parse_san(text).unwrap().uci(), "e5d6", "{text}");
    }
}

#[test]
fn typed_errors() {
    let start = Position::new();
    assert!(matches!(start.parse_san("Xe4"), Err(SanError::Malformed { .. })));
    assert!(matches!(start.parse_san(""), Err(SanError::Malformed { .. })));
    assert!(matches!(start.parse_san("e9"), Err(SanError::Malformed { .. })));
    let err = start.parse_san("e5").unwrap_err();
    assert_eq!(err.to_string(), "illegal move e5: a pawn cannot move from e2 to e5");
    let err = start.parse_san("Nf6").unwrap_err();
    assert!(matches!(err, SanError::Illegal { .. }), "{err}");
    // No implicit queen.
    let promote = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        promote.parse_san("a8").unwrap_err(),
        SanError::Illegal {
            text: "a8".into(),
            reason: Some(IllegalReason::MissingPromotion)
        }
    );
    // Ambiguous: says which moves it could be.
    let two = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let err = two.parse_san("Nd2").unwrap_err();
    assert_eq!(err.to_string(), "ambiguous move Nd2: it could be b1d2 or f1d2");
    match err {
        SanError::Ambiguous { candidates, .. } => assert_eq!(candidates.len(), 2),
        other => panic!("{other:?}"),
    }
}

#[test]
fn uci() {
    let start = Position::new();
    assert_eq!(start.parse_uci("e2e4").unwrap().uci(), "e2e4");
    assert!(matches!(start.parse_uci("e2e5"), Err(UciError::Illegal(_))));
    assert!(matches!(start.parse_uci("e2"), Err(UciError::Malformed(_))));
    assert!(matches!(start.parse_uci("e7e8k"), Err(UciError::Malformed(_))));
    assert!(matches!(start.parse_uci("é2e4"), Err(UciError::Malformed(_))));
    assert_eq!(
        Move::from_uci("e7e8Q").unwrap(),
        Move::with_promotion(Square::E7, Square::E8, Role::Queen)
    );
    // Castling as the king's two-square move, or onto its rook.
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(castle.parse_uci("e1g1").unwrap().is_castle());
    assert_eq!(castle.parse_uci("e1h1").unwrap().uci(), "e1g1");
    assert_eq!(castle.parse_uci("e1a1").unwrap().uci(), "e1c1");
    // A promotion must say its piece.
    let promote = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let err = promote.parse_uci("a7a8").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move a7a8: a pawn reaching the last rank must promote: choose a queen, rook, bishop or knight"
    );
}
