//! Chess960: every position of `data/chess960.perft` (from Ethereal's
//! fischer.epd, via the Chess Programming Wiki) matches its perft counts, to
//! depth 4 in the normal run and to depth 6 with `--ignored`; the start
//! positions by number; X-FEN and Shredder-FEN; castling by the 960 rules.

use chess_core::{CastlingSide, Color, Move, Position, Square, chess960};

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in include_str!("data/chess960.perft").lines() {
        if let Some(fen) = line.strip_prefix("epd ") {
            cases.push(Case {
                fen: fen.to_string(),
                counts: Vec::new(),
            });
        } else if let Some(count) = line.strip_prefix("perft ") {
            let (depth, nodes) = count.split_once(' ').unwrap();
            cases
                .last_mut()
                .unwrap()
                .counts
                .push((depth.parse().unwrap(), nodes.parse().unwrap()));
        }
    }
    cases
}

fn run(depths: impl Fn(u32) -> bool) {
    let cases = cases();
    assert_eq!(cases.len(), 960);
    for case in cases {
        let pos = Position::from_fen_960(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.counts {
            if depths(depth) {
                assert_eq!(pos.perft(depth), expected, "{} depth {depth}", case.fen);
            }
        }
    }
}

#[test]
fn every_position_to_depth_4() {
    run(|d| d <= 4);
}

#[test]
#[ignore = "minutes in release mode: cargo test --release -p chess-core --test chess960 -- --ignored"]
fn every_position_to_depth_6() {
    run(|d| d <= 6);
}

#[test]
fn unbulked_perft_and_the_hash_agree_in_960() {
    for case in cases().iter().take(60) {
        let pos = Position::from_fen_960(&case.fen).unwrap();
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(pos.perft_unbulked(depth), expected, "{}", case.fen);
        }
        // Every move, castling included, keeps the incremental key right
        // and is taken back exactly.
        for &m in pos.legal_moves().iter() {
            let mut after = pos.clone();
            let undo = after.play_unchecked(m);
            let fresh = Position::from_fen_960(&after.fen()).unwrap();
            assert_eq!(after.zobrist(), fresh.zobrist(), "{} after {m}", case.fen);
            after.undo(m, undo);
            assert_eq!(after, pos, "{} undo {m}", case.fen);
        }
    }
}

#[test]
fn start_positions_by_number() {
    let rank = |n| {
        chess960::back_rank(n)
            .unwrap()
            .map(chess_core::Role::upper_char)
            .iter()
            .collect::<String>()
    };
    assert_eq!(rank(518), "RNBQKBNR");
    assert_eq!(rank(0), "BBQNNRKR");
    assert_eq!(rank(959), "RKRNNQBB");
    assert_eq!(rank(534), "RNBKQBNR");
    assert!(chess960::back_rank(960).is_none());
    // All 960 differ, with the bishops on both colours and the king between the rooks.
    let mut seen = std::collections::HashSet::new();
    for n in 0..960 {
        let r = rank(n);
        assert!(seen.insert(r.clone()), "{n}: {r}");
        let bishops: Vec<usize> = r.match_indices('B').map(|(i, _)| i).collect();
        assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: {r}");
        let (k, r1, r2) = (r.find('K').unwrap(), r.find('R').unwrap(), r.rfind('R').unwrap());
        assert!(r1 < k && k < r2, "{n}: {r}");
        let pos = Position::new_960(n).unwrap();
        assert_eq!(pos.castling().bits(), 0b1111);
        assert_eq!(Position::from_fen_960(&pos.fen()).unwrap(), pos, "{n}");
    }
    assert!(Position::new_960(960).is_none());
    // Where king and rook stand side by side on the squares they castle
    // to, swapped, castling is legal at once: d1 king, c1 rook (O-O-O).
    let n = (0..960).find(|&n| rank(n).find("RK") == Some(2)).unwrap();
    let pos = Position::new_960(n).unwrap();
    assert!(pos.legal_moves().iter().any(|m| m.is_castle()), "{}", rank(n));
}

#[test]
fn x_fen_and_shredder_fen_read_alike_and_x_fen_is_written() {
    // Rooks on b and g with the king on e: the outermost ones, so KQkq.
    let shredder = Position::from_fen_960("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1").unwrap();
    let x_fen = Position::from_fen_960("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1").unwrap();
    assert_eq!(shredder, x_fen);
    assert_eq!(x_fen.fen(), "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1");
    // Two rooks on the king's side: the inner one needs its file letter.
    let inner = Position::from_fen_960("4k3/8/8/8/8/8/8/4KRR1 w F - 0 1").unwrap();
    assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1");
    assert_eq!(inner.castling().rook_file(Color::White, CastlingSide::King), Some(5));
    let outer = Position::from_fen_960("4k3/8/8/8/8/8/8/4KRR1 w K - 0 1").unwrap();
    assert_eq!(outer.castling().rook_file(Color::White, CastlingSide::King), Some(6));
    // Errors name the place.
    let err = Position::from_fen_960("4k3/8/8/8/8/8/8/4KRR1 w X - 0 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid FEN: castling rights (field 3, byte 24): 'X' is not one of K, Q, k, q or '-'"
    );
    let err = Position::from_fen_960("4k3/8/8/8/8/8/8/4K1R1 w KB - 0 1").unwrap_err();
    assert!(err.to_string().contains("castling right Q but no rook on b1"), "{err}");
    // Standard FEN stays standard: a file letter is refused there.
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4KRR1 w F - 0 1").is_err());
}

fn castle(pos: &Position, side: CastlingSide) -> Option<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .find(|m| m.castling_side() == Some(side))
}

#[test]
fn the_king_may_stay_where_it_is() {
    // King on g1, rook on h1: O-O moves only the rook (to f1).
    let pos = Position::from_fen_960("6kr/8/8/8/8/8/8/6KR w Kk - 0 1").unwrap();
    let m = castle(&pos, CastlingSide::King).expect("castling");
    assert_eq!(m.uci(), "g1h1");
    let after = pos.after(m).unwrap();
    assert_eq!(after.fen(), "6kr/8/8/8/8/8/8/5RK1 b k - 1 1");
}

#[test]
fn the_rook_may_cross_the_kings_square() {
    // King b1, rook a1: O-O-O puts the king on c1 and the rook on d1.
    let pos = Position::from_fen_960("rk6/8/8/8/8/8/8/RK6 w Qq - 0 1").unwrap();
    let m = castle(&pos, CastlingSide::Queen).expect("castling");
    assert_eq!(pos.after(m).unwrap().fen(), "rk6/8/8/8/8/8/8/2KR4 b q - 1 1");
}

#[test]
fn the_king_lands_on_its_rooks_square() {
    // King f1, rook g1: O-O puts the king on g1 and the rook on f1.
    let pos = Position::from_fen_960("r4k2/8/8/8/8/8/8/5KR1 w K - 0 1").unwrap();
    let m = castle(&pos, CastlingSide::King).expect("castling");
    assert_eq!(m.uci(), "f1g1");
    assert_eq!(pos.after(m).unwrap().fen(), "r4k2/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn a_piece_between_blocks_castling() {
    // King b1, rook h1, a knight on e1 in the way.
    let pos = Position::from_fen_960("1k5r/8/8/8/8/8/8/1K2N2R w Kk - 0 1").unwrap();
    assert!(castle(&pos, CastlingSide::King).is_none());
    // A piece beyond the king's and rook's squares does not.
    let pos = Position::from_fen_960("1k5r/8/8/8/8/8/8/NK5R w Kk - 0 1").unwrap();
    assert!(castle(&pos, CastlingSide::King).is_some());
}

#[test]
fn the_rook_hides_no_attack_on_the_kings_path() {
    // White: rook b1, king c1, castling queenside keeps the king on c1 and
    // puts the rook on d1. Black's rook on a1 is behind White's rook: once
    // it leaves, c1 is attacked. Castling is illegal.
    let pos = Position::from_fen_960("4k3/8/8/8/8/8/8/rRK5 w Q - 0 1").unwrap();
    assert!(castle(&pos, CastlingSide::Queen).is_none());
    // Without the black rook it is legal.
    let pos = Position::from_fen_960("4k3/8/8/8/8/8/8/1RK5 w Q - 0 1").unwrap();
    assert!(castle(&pos, CastlingSide::Queen).is_some());
}

#[test]
fn an_attacked_square_on_the_kings_way_forbids_castling() {
    // King b1 to g1 for O-O, with a black rook on the d-file.
    let pos = Position::from_fen_960("3rk3/8/8/8/8/8/8/1K5R w K - 0 1").unwrap();
    assert!(castle(&pos, CastlingSide::King).is_none());
    // An attack on the rook's way only is no matter.
    let pos = Position::from_fen_960("5r1k/8/8/8/8/8/8/R5K1 w Q - 0 1").unwrap();
    assert!(castle(&pos, CastlingSide::Queen).is_none(), "the king crosses f1..c1");
    let pos = Position::from_fen_960("1r4k1/8/8/8/8/8/8/R5K1 w Q - 0 1").unwrap();
    assert!(
        castle(&pos, CastlingSide::Queen).is_some(),
        "b1 is the rook's way, not the king's"
    );
}

#[test]
fn moving_or_losing_a_castling_rook_ends_its_right_only() {
    let pos = Position::new_960(0).unwrap(); // BBQNNRKR: rooks on f1 and h1, king g1
    assert_eq!(
        pos.castling().rook_square(Color::White, CastlingSide::Queen),
        Some(Square::F1)
    );
    let mut after = pos.clone();
    after.play(after.parse_uci("g2g3").unwrap()).unwrap();
    after.play(after.parse_uci("g7g6").unwrap()).unwrap();
    // The bishop on b1... the rook on h1 has no way out; move the king instead.
    let king_move = after.parse_uci("g1g2").unwrap();
    after.play(king_move).unwrap();
    assert!(!after.castling().has_any(Color::White));
    assert!(after.castling().has_any(Color::Black));
}

#[test]
fn castling_is_o_o_in_san_and_king_takes_rook_in_uci() {
    let pos = Position::from_fen_960("rk6/8/8/8/8/8/8/RK6 w Qq - 0 1").unwrap();
    let m = castle(&pos, CastlingSide::Queen).unwrap();
    assert_eq!(pos.san(m).unwrap(), "O-O-O");
    assert_eq!(pos.parse_san("O-O-O").unwrap(), m);
    assert_eq!(pos.parse_san("0-0-0").unwrap(), m);
    assert_eq!(m.uci(), "b1a1");
    assert_eq!(pos.parse_uci("b1a1").unwrap(), m);
    // The king's own square, when it does not move, is no UCI castling.
    let pos = Position::from_fen_960("6kr/8/8/8/8/8/8/6KR w Kk - 0 1").unwrap();
    let m = pos.parse_san("O-O").unwrap();
    assert_eq!(m.uci(), "g1h1");
    assert_eq!(pos.san(m).unwrap(), "O-O");
}

#[test]
fn why_castling_is_illegal_in_960() {
    // The bishop on b5 covers f1, which the king crosses from b1 to g1.
    let pos = Position::from_fen_960("4k3/8/8/1b6/8/8/8/1K5R w K - 0 1").unwrap();
    let err = pos.parse_san("O-O").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal move O-O: castling through the attacked f1 (the bishop on b5 attacks it)"
    );
    let m = Move::new(Square::B1, Square::H1);
    assert_eq!(
        pos.why_illegal(m).unwrap().to_string(),
        "castling through the attacked f1 (the bishop on b5 attacks it)"
    );
    // The knight on b1 stands where the rook must pass.
    let pos = Position::from_fen_960("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1").unwrap();
    assert_eq!(
        pos.why_illegal(Move::new(Square::E1, Square::A1)).unwrap().to_string(),
        "castling is blocked by the knight on b1"
    );
    // The right is gone.
    let pos = Position::from_fen_960("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(
        pos.why_illegal(Move::new(Square::E1, Square::A1)).unwrap().to_string(),
        "castling queenside is no longer allowed: the king or the rook on a1 has moved"
    );
    // Hidden behind the rook that leaves: c1 is attacked once b1 is empty.
    let pos = Position::from_fen_960("4k3/8/8/8/8/8/8/rRK5 w Q - 0 1").unwrap();
    assert_eq!(
        pos.why_illegal(Move::new(Square::C1, Square::B1)).unwrap().to_string(),
        "castling into check: the rook on a1 attacks c1"
    );
}

#[test]
fn a_960_game_goes_to_pgn_and_back() {
    use chess_core::Game;
    // Start 0 (BBQNNRKR): king g1, rooks f1 and h1; the knights and the
    // queen leave, then O-O-O takes the king to c1 and the f1 rook to d1.
    let mut game = Game::new_960(0).unwrap();
    for san in [
        "Nd3", "Nd6", "Nc3", "Nc6", "Qd1", "Qd8", "e3", "e6", "Qe2", "Qe7", "O-O-O", "O-O-O",
    ] {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    let pgn = game.to_pgn();
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(
        pgn.contains("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("6. O-O-O O-O-O"), "{pgn}");
    assert_eq!(
        game.position().fen(),
        "bbkr3r/ppppqppp/2nnp3/8/8/2NNP3/PPPPQPPP/BBKR3R w - - 4 7"
    );
    let back = Game::from_pgn(&pgn).unwrap();
    assert!(back.start_position().is_chess960());
    assert_eq!(back.position(), game.position());
    assert_eq!(back.to_pgn(), pgn);
}

#[test]
fn the_variant_tag_is_read_as_programs_write_it() {
    use chess_core::Game;
    for variant in ["Chess960", "chess960", "Fischerandom", "Fischer Random", "chess 960"] {
        let pgn = format!(
            "[Variant \"{variant}\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\"]\n\n\
             1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n"
        );
        let game = Game::from_pgn(&pgn).unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert!(game.start_position().is_chess960(), "{variant}");
        assert_eq!(game.san_at(game.mainline_end()).unwrap(), "O-O");
    }
    // The Variant tag may come after the FEN, and the standard start is
    // position 518.
    let game =
        Game::from_pgn("[FEN \"rk6/8/8/8/8/8/8/RK6 w Qq - 0 1\"]\n[Variant \"Chess960\"]\n\n1. O-O-O *\n").unwrap();
    assert_eq!(game.position().fen(), "rk6/8/8/8/8/8/8/2KR4 b q - 1 1");
    let game = Game::from_pgn("[Variant \"Chess960\"]\n\n1. e4 *\n").unwrap();
    assert!(game.start_position().is_chess960());
    assert_eq!(game.start_position(), &Position::new_960(518).unwrap());
    // Without the tag, a Shredder-FEN is refused: it is not standard FEN.
    assert!(Game::from_pgn("[FEN \"rk6/8/8/8/8/8/8/RK6 w Aa - 0 1\"]\n\n1. Kc1 *\n").is_err());
}

#[test]
fn the_rook_may_stay_where_it_is() {
    // King e1, rook d1: O-O-O puts the king on c1; the rook is on d1 already.
    let pos = Position::from_fen_960("r3k3/8/8/8/8/8/8/3RK3 w Q - 0 1").unwrap();
    let m = castle(&pos, CastlingSide::Queen).expect("castling");
    assert_eq!(m.uci(), "e1d1");
    assert_eq!(pos.after(m).unwrap().fen(), "r3k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

#[test]
fn the_king_passes_its_own_rook() {
    // King b1, rook c1 between it and g1: O-O takes the king past the rook
    // to g1 and the rook to f1.
    let pos = Position::from_fen_960("1k6/8/8/8/8/8/8/1KR5 w C - 0 1").unwrap();
    let m = castle(&pos, CastlingSide::King).expect("castling");
    assert_eq!(m.uci(), "b1c1");
    assert_eq!(pos.san(m).unwrap(), "O-O");
    assert_eq!(pos.after(m).unwrap().fen(), "1k6/8/8/8/8/8/8/5RK1 b - - 1 1");
}
