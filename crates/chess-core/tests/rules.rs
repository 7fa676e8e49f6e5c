//! Hashing (the published Polyglot keys), the status of positions (mates,
//! stalemates, every insufficient-material case and near misses, the
//! seventy-five-move rule), queries and `why_illegal`.

use chess_core::{Color, IllegalReason, Move, Position, Role, Square, Status};

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play_uci(moves: &str) -> Position {
    let mut p = Position::new();
    for uci in moves.split_whitespace() {
        let from: Square = uci[0..2].parse().unwrap();
        let to: Square = uci[2..4].parse().unwrap();
        p.play(Move::new(from, to)).unwrap();
    }
    p
}

#[test]
fn polyglot_keys_of_the_published_positions() {
    // From the Polyglot book format description.
    let cases = [
        ("", 0x463b96181691fc9c),
        ("e2e4", 0x823c9b50fd114196),
        ("e2e4 d7d5", 0x0756b94461c50fb0),
        ("e2e4 d7d5 e4e5", 0x662fafb965db29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637),
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560),
    ];
    for (moves, key) in cases {
        let played = play_uci(moves);
        assert_eq!(played.zobrist(), key, "after {moves:?} (incremental)");
        let fresh = pos(&played.fen_with(chess_core::EnPassantMode::Always));
        assert_eq!(fresh.zobrist(), key, "after {moves:?} (from FEN)");
    }
}

#[test]
fn repetition_key_ignores_an_en_passant_that_is_not_legal() {
    // The capture on d3 is pseudo-legal (Polyglot hashes it) but pinned.
    let pinned = pos("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    let without = pos("8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
    assert_ne!(pinned.zobrist(), without.zobrist());
    assert_eq!(pinned.repetition_key(), without.repetition_key());
}

#[test]
fn checkmates() {
    let fools = play_uci("f2f3 e7e5 g2g4 d8h4");
    assert_eq!(fools.status(), Status::Checkmate);
    assert!(fools.is_checkmate() && fools.is_check());
    let scholars = pos("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
    assert_eq!(scholars.status(), Status::Checkmate);
    let smothered = pos("6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1");
    assert_eq!(smothered.status(), Status::Checkmate);
    let back_rank = pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert_eq!(back_rank.status(), Status::Checkmate);
    // Mate by en passant is not possible, but an en passant capture can be
    // the only escape: not mate.
    let escape = pos("8/8/8/2k5/3Pp3/8/8/4K2Q b - d3 0 1");
    assert_ne!(escape.status(), Status::Checkmate);
    assert!(escape.legal_moves().iter().any(|m| m.is_en_passant()));
    // A checkmate on the 150th half-move is still a checkmate.
    let late = pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 100");
    assert_eq!(late.status(), Status::Checkmate);
    assert!(!late.is_seventyfive_moves());
}

#[test]
fn stalemates() {
    assert_eq!(pos("7k/5Q2/8/8/8/8/8/K7 b - - 0 1").status(), Status::Stalemate);
    assert_eq!(pos("k7/P7/K7/8/8/8/8/8 b - - 0 1").status(), Status::Stalemate);
    // Stalemate with a pinned piece that cannot move (the bishop on a7 is
    // pinned along the a-file; the king's squares are covered).
    assert_eq!(pos("k7/b1K5/8/8/8/8/8/R7 b - - 0 1").status(), Status::Stalemate);
    // The same bishop pinned along its diagonal can still move: no stalemate.
    assert_eq!(pos("k7/1bK5/8/8/8/8/8/7Q b - - 0 1").status(), Status::Ongoing);
    assert!(pos("7k/5Q2/8/8/8/8/8/K7 b - - 0 1").is_stalemate());
}

#[test]
fn insufficient_material() {
    let dead = [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",     // K v K
        "8/8/8/4k3/8/8/8/4KN2 w - - 0 1",    // KN v K
        "8/8/8/4k3/8/8/8/4KB2 w - - 0 1",    // KB v K
        "8/8/8/4kb2/8/8/8/4K3 w - - 0 1",    // K v KB
        "8/8/8/4kb2/8/8/8/4KB2 w - - 0 1",   // KB v KB, same colour (f5 and f1 light)
        "8/8/4k3/2b5/8/8/8/B3KB2 w - - 0 1", // three bishops, not all on one colour: see below
    ];
    for fen in &dead[..5] {
        assert_eq!(pos(fen).status(), Status::InsufficientMaterial, "{fen}");
    }
    // c5 is dark, a1 dark, f1 light: not all on one colour.
    assert_eq!(pos(dead[5]).status(), Status::Ongoing);
    let all_dark = pos("8/8/4k3/2b5/8/8/8/B3K1B1 w - - 0 1"); // c5, a1, g1: all dark
    assert_eq!(all_dark.status(), Status::InsufficientMaterial);

    let near_misses = [
        "8/8/8/4k3/8/8/8/3NKN2 w - - 0 1",  // KNN v K: mate can be helped
        "8/8/8/4kn2/8/8/8/4KN2 w - - 0 1",  // KN v KN
        "8/8/8/4kn2/8/8/8/4KB2 w - - 0 1",  // KB v KN
        "8/8/8/4k1b1/8/8/8/4KB2 w - - 0 1", // KB v KB, opposite colours
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",  // a pawn
        "8/8/8/4k3/8/8/8/4KR2 w - - 0 1",   // a rook
        "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1",   // a queen
        "8/8/8/4kb2/8/8/8/4KB1N w - - 0 1", // KBN v KB
    ];
    for fen in near_misses {
        assert_eq!(pos(fen).status(), Status::Ongoing, "{fen}");
    }
    // One side alone (for flag-fall rules): KN cannot win, KQ v KN can.
    let kn = pos("8/8/8/4kq2/8/8/8/4KN2 w - - 0 1");
    assert!(kn.has_insufficient_material(Color::White));
    assert!(!kn.has_insufficient_material(Color::Black));
}

#[test]
fn seventy_five_moves() {
    assert_eq!(pos("8/8/8/4k3/8/8/8/R3K3 w - - 149 100").status(), Status::Ongoing);
    assert_eq!(
        pos("8/8/8/4k3/8/8/8/R3K3 w - - 150 100").status(),
        Status::SeventyFiveMoves
    );
    // Stalemate comes first.
    assert_eq!(pos("7k/5Q2/8/8/8/8/8/K7 b - - 200 150").status(), Status::Stalemate);
}

#[test]
fn attackers_checkers_pins() {
    let p = pos("r1bqkbnr/pppnpppp/8/1B1p4/3P4/4P3/PPP2PPP/RNBQK1NR b KQkq - 2 3");
    assert!(p.pinned().contains(Square::D7));
    assert_eq!(p.pinner_of(Square::D7), Some(Square::B5));
    assert!(p.checkers().is_empty());
    let check = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(check.checkers().collect::<Vec<_>>(), [Square::H4]);
    let attackers: Vec<Square> = check.attackers_of(Square::F2, Color::White).collect();
    assert_eq!(attackers, [Square::E1]);
}

#[test]
fn gives_check() {
    let p = Position::new();
    assert!(!p.gives_check(Move::new(Square::E2, Square::E4)));
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(p.gives_check(Move::new(Square::A1, Square::A8)));
    // Castling that gives check with the rook.
    let p = pos("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(p.gives_check(Move::new(Square::E1, Square::C1)));
    // Discovered check by en passant.
    let p = pos("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1");
    assert!(p.gives_check(Move::new(Square::E5, Square::D6)));
    // An illegal move gives no check.
    assert!(!p.gives_check(Move::new(Square::A5, Square::H6)));
}

#[track_caller]
fn why(fen: &str, from: Square, to: Square) -> String {
    pos(fen).why_illegal(Move::new(from, to)).expect("illegal").to_string()
}

#[test]
fn why_illegal_explains() {
    let pinned = "r1bqkbnr/pppnpppp/8/1B1p4/3P4/4P3/PPP2PPP/RNBQK1NR b KQkq - 2 3";
    assert_eq!(
        why(pinned, Square::D7, Square::F6),
        "the knight on d7 is pinned by the bishop on b5"
    );
    let start = chess_core::Setup::start().to_fen();
    assert_eq!(
        why(&start, Square::E7, Square::E5),
        "not your turn: it is White to move, not Black"
    );
    assert_eq!(why(&start, Square::E3, Square::E4), "there is no piece on e3");
    assert_eq!(
        why(&start, Square::G1, Square::G3),
        "a knight cannot move from g1 to g3"
    );
    assert_eq!(
        why(&start, Square::C1, Square::E3),
        "the bishop on c1 is blocked by the pawn on d2"
    );
    assert_eq!(
        why(&start, Square::D1, Square::D2),
        "the queen on d1 cannot capture its own pawn on d2"
    );
    assert_eq!(
        why(&start, Square::E2, Square::D3),
        "the pawn on e2 can move diagonally only to capture"
    );
    let into_check = "4k3/8/8/8/7q/8/8/3K4 w - - 0 1";
    assert_eq!(
        why(into_check, Square::D1, Square::E1),
        "the king would be in check from the queen on h4"
    );
    let through = "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1";
    assert_eq!(
        why(through, Square::E1, Square::G1),
        "castling through the attacked f1 (the bishop on c4 attacks it)"
    );
    let lost = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    assert_eq!(
        why(lost, Square::E1, Square::G1),
        "castling kingside is no longer allowed: the king or the rook on h1 has moved"
    );
    let blocked = "4k3/8/8/8/8/8/8/4KB1R w K - 0 1";
    assert_eq!(
        why(blocked, Square::E1, Square::G1),
        "castling is blocked by the bishop on f1"
    );
    let out_of_check = "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1";
    assert_eq!(
        why(out_of_check, Square::E1, Square::G1),
        "cannot castle out of check (the king is attacked by the rook on e2)"
    );
    let into = "4k1r1/8/8/8/8/8/8/4K2R w K - 0 1";
    assert_eq!(
        why(into, Square::E1, Square::G1),
        "castling into check: the rook on g8 attacks g1"
    );
    let in_check = "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1";
    assert_eq!(
        why(in_check, Square::A1, Square::A5),
        "the king is in check from the rook on e2, and this move does not stop it"
    );
    // En passant that would expose the king along the rank.
    let rank = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1";
    assert_eq!(
        why(rank, Square::E5, Square::D6),
        "the king would be in check from the rook on h5"
    );
    // Pinned and in check: the pin is the reason given.
    let pinned_in_check = "4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1";
    assert_eq!(
        why(pinned_in_check, Square::D2, Square::B3),
        "the knight on d2 is pinned by the bishop on b4"
    );
    let double = "4k3/8/8/8/1b4N1/8/8/r3K3 w - - 0 1";
    assert_eq!(
        why(double, Square::G4, Square::E3),
        "the king is in double check: only a king move helps"
    );
}

#[test]
fn why_illegal_on_promotions() {
    let p = pos("7k/P7/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(
        p.why_illegal(Move::new(Square::A7, Square::A8)),
        Some(IllegalReason::MissingPromotion)
    );
    assert_eq!(
        p.why_illegal(Move::with_promotion(Square::A7, Square::A8, Role::Queen)),
        None
    );
    assert_eq!(
        p.why_illegal(Move::with_promotion(Square::A7, Square::A8, Role::King)),
        Some(IllegalReason::BadPromotion)
    );
    assert_eq!(
        p.why_illegal(Move::with_promotion(Square::A1, Square::A2, Role::Queen)),
        Some(IllegalReason::BadPromotion)
    );
    // Legal moves have no reason.
    for m in Position::new().legal_moves().iter() {
        assert_eq!(Position::new().why_illegal(*m), None);
    }
}

#[test]
fn play_refuses_and_keeps_the_position() {
    let mut p = Position::new();
    let before = p.clone();
    let err = p.play(Move::new(Square::E2, Square::E5)).unwrap_err();
    assert_eq!(err.to_string(), "illegal move e2e5: a pawn cannot move from e2 to e5");
    assert_eq!(p, before);
}

#[test]
fn null_move() {
    let mut p = play_uci("e2e4 d7d5 e4e5 f7f5");
    let before = p.clone();
    let undo = p.play_null();
    assert_eq!(p.turn(), Color::Black);
    assert_eq!(p.ep_square(chess_core::EnPassantMode::Always), None);
    assert_eq!(p.zobrist(), pos(&p.fen()).zobrist());
    p.undo_null(undo);
    assert_eq!(p, before);
}

#[test]
fn diagrams() {
    let text = Position::new().to_string();
    assert!(text.starts_with("8 r n b q k b n r\n7 p p p p p p p p\n6 . . . . . . . .\n"));
    assert!(Position::new().unicode().starts_with("8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
    let flipped = Position::new().board().diagram(false, Color::Black);
    assert!(flipped.starts_with("1 R N B K Q B N R\n"));
    assert!(flipped.ends_with("  h g f e d c b a\n"));
}

/// A move rebuilt from its squares by `trusted_move` has the flags move
/// generation gives it, for every legal move of the perft suites and of
/// the positions one move on (castling, en passant and promotions
/// included), and `castling_move` finds the castling moves generated.
#[test]
fn trusted_moves_have_the_flags_of_generated_moves() {
    let suite = include_str!("data/perftsuite.epd");
    let mut checked = 0;
    for line in suite.lines().filter(|l| !l.trim().is_empty()) {
        let pos: Position = line.split(';').next().unwrap().trim().parse().unwrap();
        let mut positions = vec![pos.clone()];
        positions.extend(pos.legal_moves().iter().map(|&m| pos.after(m).unwrap()));
        for pos in positions {
            for &m in pos.legal_moves().iter() {
                let rebuilt = pos.trusted_move(m.from(), m.to(), m.promotion());
                assert_eq!(
                    (rebuilt, rebuilt.flags()),
                    (m, m.flags()),
                    "{} in {}",
                    m.uci(),
                    pos.fen()
                );
                if let Some(side) = m.castling_side() {
                    assert_eq!(pos.castling_move(side), Some(m));
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
}
