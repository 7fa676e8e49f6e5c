//! The C ABI from Rust: every function behaves as the contract says, and
//! NULLs, garbage bytes, invalid UTF-8, over-long strings, zero-length and
//! short buffers and illegal moves give errors, never a crash.

use std::ffi::{CStr, CString, c_char};
use std::ptr::{null, null_mut};

use chess::*;

fn last_error() -> String {
    // SAFETY: chess_last_error never returns NULL.
    unsafe { CStr::from_ptr(chess_last_error()) }
        .to_string_lossy()
        .into_owned()
}

/// A string function's whole output, asked for its length first.
fn text(f: impl Fn(*mut c_char, usize) -> usize) -> String {
    let len = f(null_mut(), 0);
    let mut buf = vec![0u8; len + 1];
    assert_eq!(f(buf.as_mut_ptr().cast(), buf.len()), len);
    assert_eq!(buf[len], 0, "NUL-terminated");
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

fn mv(from: &str, to: &str) -> ChessMove {
    let sq = |s: &str| s.parse::<chess_core::Square>().unwrap().index();
    ChessMove {
        from: sq(from),
        to: sq(to),
        promotion: 0,
        flags: 0,
    }
}

#[test]
fn versions_and_errors() {
    assert_eq!(chess_abi_version(), CHESS_ABI_VERSION);
    let version = unsafe { CStr::from_ptr(chess_version()) }.to_str().unwrap();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    for code in [-100, -9, -8, -1, 0, 1, i32::MAX, i32::MIN] {
        assert!(!chess_error_string(code).is_null());
    }
    assert_eq!(
        unsafe { CStr::from_ptr(chess_error_string(-3)) }.to_str().unwrap(),
        "illegal move"
    );
    assert!(!chess_last_error().is_null());
}

#[test]
fn squares() {
    assert_eq!(chess_square_to_0x88(0), 0x00);
    assert_eq!(chess_square_to_0x88(28), 0x34); // e4
    assert_eq!(chess_square_to_0x88(63), 0x77);
    assert_eq!(chess_square_to_0x88(64), 0xFF);
    assert_eq!(chess_square_to_0x88(255), 0xFF);
    assert_eq!(chess_square_from_0x88(0x34), 28);
    assert_eq!(chess_square_from_0x88(0x08), 0xFF);
    assert_eq!(chess_square_from_0x88(0x80), 0xFF);
    for sq in 0..64 {
        assert_eq!(chess_square_from_0x88(chess_square_to_0x88(sq)), sq);
    }
}

#[test]
fn positions() {
    unsafe {
        let pos = chess_position_new();
        assert!(!pos.is_null());
        assert_eq!(
            text(|b, n| chess_position_to_fen(pos, b, n)),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(chess_position_turn(pos), ChessColor::CHESS_WHITE);
        assert_eq!(chess_position_piece_at(pos, 4), ChessPieceKind::CHESS_KING as u8); // e1
        assert_eq!(chess_position_piece_at(pos, 60), ChessPieceKind::CHESS_KING as u8 | 8); // e8
        assert_eq!(chess_position_piece_at(pos, 28), 0);
        assert_eq!(chess_position_perft(pos, 0), 1);
        assert_eq!(chess_position_perft(pos, 3), 8902);
        let mut moves = [ChessMove {
            from: 0,
            to: 0,
            promotion: 0,
            flags: 0,
        }; CHESS_MAX_MOVES];
        assert_eq!(chess_position_legal_moves(pos, moves.as_mut_ptr(), moves.len()), 20);
        assert_eq!(chess_position_legal_moves(pos, null_mut(), 0), 20, "count only");
        assert_eq!(
            chess_position_legal_moves(pos, moves.as_mut_ptr(), 3),
            20,
            "a short array"
        );
        assert!(chess_position_is_legal(pos, mv("e2", "e4")));
        assert!(!chess_position_is_legal(pos, mv("e2", "e5")));
        assert_eq!(chess_position_zobrist(pos), 0x463b96181691fc9c);

        let copy = chess_position_clone(pos);
        assert_eq!(chess_position_play(copy, mv("e2", "e4")), ChessError::CHESS_OK);
        assert_eq!(chess_position_turn(copy), ChessColor::CHESS_BLACK);
        assert_eq!(
            chess_position_turn(pos),
            ChessColor::CHESS_WHITE,
            "the clone is separate"
        );
        // Illegal: an error with the reason, and the position unchanged.
        let before = text(|b, n| chess_position_to_fen(copy, b, n));
        assert_eq!(
            chess_position_play(copy, mv("e4", "e5")),
            ChessError::CHESS_ERR_ILLEGAL_MOVE
        );
        assert_eq!(
            last_error(),
            "illegal move e4e5: not your turn: it is Black to move, not White"
        );
        assert_eq!(text(|b, n| chess_position_to_fen(copy, b, n)), before);
        chess_position_free(copy);
        chess_position_free(pos);
    }
}

#[test]
fn status_and_fen_errors() {
    unsafe {
        let mate = chess_position_from_fen(c("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").as_ptr());
        assert_eq!(chess_position_status(mate), ChessStatus::CHESS_STATUS_CHECKMATE);
        assert!(chess_position_is_check(mate));
        chess_position_free(mate);

        let stale = chess_position_from_fen(c("7k/5Q2/8/8/8/8/8/K7 b - - 0 1").as_ptr());
        assert_eq!(chess_position_status(stale), ChessStatus::CHESS_STATUS_STALEMATE);
        chess_position_free(stale);

        // The one that impossible-check validators refuse: it loads.
        let impossible = chess_position_from_fen(c("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1").as_ptr());
        assert!(!impossible.is_null());
        chess_position_free(impossible);

        for (fen, message) in [
            ("8/8/8/8/8/8/8/K7 w - - 0 1", "Black has no king"),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "expected 'w' or 'b'",
            ),
            ("", "the text is empty"),
        ] {
            assert!(chess_position_from_fen(c(fen).as_ptr()).is_null(), "{fen}");
            assert!(last_error().contains(message), "{fen}: {}", last_error());
        }
        // Four fields, missing counters.
        let four = chess_position_from_fen(c("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").as_ptr());
        assert!(!four.is_null());
        chess_position_free(four);
    }
}

#[test]
fn notation() {
    unsafe {
        let pos = chess_position_new();
        let mut out = ChessMove {
            from: 0,
            to: 0,
            promotion: 0,
            flags: 0,
        };
        assert_eq!(
            chess_position_parse_san(pos, c("Nf3").as_ptr(), &mut out),
            ChessError::CHESS_OK
        );
        assert_eq!(text(|b, n| chess_move_to_uci(out, b, n)), "g1f3");
        assert_eq!(text(|b, n| chess_position_move_to_san(pos, out, b, n)), "Nf3");
        assert_eq!(
            chess_position_parse_uci(pos, c("e2e4").as_ptr(), &mut out),
            ChessError::CHESS_OK
        );
        assert_eq!(out.flags, CHESS_MOVE_DOUBLE_PUSH);
        assert_eq!(
            chess_position_parse_san(pos, c("Xyz").as_ptr(), &mut out),
            ChessError::CHESS_ERR_PARSE
        );
        assert_eq!(
            chess_position_parse_san(pos, c("e5").as_ptr(), &mut out),
            ChessError::CHESS_ERR_ILLEGAL_MOVE
        );
        assert_eq!(
            chess_position_parse_uci(pos, c("e2e5").as_ptr(), &mut out),
            ChessError::CHESS_ERR_ILLEGAL_MOVE
        );
        assert_eq!(
            chess_position_parse_uci(pos, c("e2").as_ptr(), &mut out),
            ChessError::CHESS_ERR_PARSE
        );
        assert_eq!(
            text(|b, n| chess_position_move_to_san(pos, mv("e2", "e5"), b, n)),
            "",
            "0 for illegal"
        );
        chess_position_free(pos);

        let two = chess_position_from_fen(c("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").as_ptr());
        assert_eq!(
            chess_position_parse_san(two, c("Nd2").as_ptr(), &mut out),
            ChessError::CHESS_ERR_AMBIGUOUS_MOVE
        );
        assert_eq!(last_error(), "ambiguous move Nd2: it could be b1d2 or f1d2");
        chess_position_free(two);

        let pinned =
            chess_position_from_fen(c("r1bqkbnr/pppnpppp/8/1B1p4/3P4/4P3/PPP2PPP/RNBQK1NR b KQkq - 2 3").as_ptr());
        assert_eq!(
            text(|b, n| chess_position_why_illegal(pinned, mv("d7", "f6"), b, n)),
            "the knight on d7 is pinned by the bishop on b5"
        );
        assert_eq!(
            text(|b, n| chess_position_why_illegal(pinned, mv("g8", "f6"), b, n)),
            ""
        );
        chess_position_free(pinned);

        // No implicit queen: the promotion piece must be given.
        let promo = chess_position_from_fen(c("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").as_ptr());
        assert!(!chess_position_is_legal(promo, mv("a7", "a8")));
        let queen = ChessMove {
            promotion: ChessPieceKind::CHESS_QUEEN as u8,
            ..mv("a7", "a8")
        };
        assert!(chess_position_is_legal(promo, queen));
        assert_eq!(text(|b, n| chess_move_to_uci(queen, b, n)), "a7a8q");
        let king = ChessMove {
            promotion: ChessPieceKind::CHESS_KING as u8,
            ..mv("a7", "a8")
        };
        assert!(!chess_position_is_legal(promo, king));
        chess_position_free(promo);
    }
}

#[test]
fn games() {
    unsafe {
        let game = chess_game_new();
        for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"] {
            assert_eq!(
                chess_game_play_san(game, c(san).as_ptr()),
                ChessError::CHESS_OK,
                "{san}"
            );
        }
        assert_eq!(chess_game_move_count(game), 6);
        assert_eq!(chess_game_play_uci(game, c("h5f7").as_ptr()), ChessError::CHESS_OK);
        assert_eq!(chess_game_outcome(game), ChessOutcome::CHESS_OUTCOME_WHITE_WINS);
        assert_eq!(
            text(|b, n| chess_game_outcome_text(game, b, n)),
            "Checkmate — White wins 1-0"
        );
        // No move after the end; undo is always allowed.
        assert_eq!(
            chess_game_play_san(game, c("Ke7").as_ptr()),
            ChessError::CHESS_ERR_ILLEGAL_MOVE
        );
        assert_eq!(chess_game_undo(game), ChessError::CHESS_OK);
        assert_eq!(chess_game_outcome(game), ChessOutcome::CHESS_OUTCOME_ONGOING);
        let mut m = mv("a1", "a1");
        assert_eq!(chess_game_move_at(game, 0, &mut m), ChessError::CHESS_OK);
        assert_eq!(text(|b, n| chess_move_to_uci(m, b, n)), "e2e4");
        assert_eq!(chess_game_move_at(game, 6, &mut m), ChessError::CHESS_ERR_INVALID_ARG);
        assert_eq!(text(|b, n| chess_game_san_at(game, 4, b, n)), "Qh5");
        let pos = chess_game_position(game);
        assert_eq!(chess_position_turn(pos), ChessColor::CHESS_WHITE);

        // Tags, resignation, PGN.
        assert_eq!(
            chess_game_set_tag(game, c("White").as_ptr(), c("Ann \"A\"").as_ptr()),
            ChessError::CHESS_OK
        );
        assert_eq!(
            chess_game_set_tag(game, c("bad name").as_ptr(), c("x").as_ptr()),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        assert_eq!(
            text(|b, n| chess_game_tag(game, c("White").as_ptr(), b, n)),
            "Ann \"A\""
        );
        assert_eq!(chess_game_resign(game, ChessColor::CHESS_BLACK), ChessError::CHESS_OK);
        assert_eq!(chess_game_outcome(game), ChessOutcome::CHESS_OUTCOME_WHITE_WINS);
        assert_eq!(
            chess_game_resign(game, ChessColor(7)),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        let pgn = text(|b, n| chess_game_to_pgn(game, b, n));
        assert!(pgn.contains("[White \"Ann \\\"A\\\"\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
        assert!(pgn.ends_with("3. Qh5 Nf6 1-0\n"), "{pgn}");

        // The recorded result survives PGN and save/load.
        let back = chess_game_from_pgn(c(&pgn).as_ptr());
        assert_eq!(chess_game_outcome(back), ChessOutcome::CHESS_OUTCOME_WHITE_WINS);
        assert_eq!(chess_game_move_count(back), 6);
        let dir = tempfile::tempdir().unwrap();
        let path = c(dir.path().join("game.ron").to_str().unwrap());
        assert_eq!(chess_game_save(back, path.as_ptr()), ChessError::CHESS_OK);
        let loaded = chess_game_load(path.as_ptr());
        assert!(!loaded.is_null(), "{}", last_error());
        assert_eq!(chess_game_outcome(loaded), ChessOutcome::CHESS_OUTCOME_WHITE_WINS);
        assert_eq!(text(|b, n| chess_game_to_pgn(loaded, b, n)), pgn);
        // Playing or undoing clears it.
        assert_eq!(chess_game_undo(loaded), ChessError::CHESS_OK);
        assert_eq!(chess_game_outcome(loaded), ChessOutcome::CHESS_OUTCOME_ONGOING);
        chess_game_free(loaded);
        chess_game_free(back);
        chess_game_free(game);

        // Undo with nothing to undo.
        let fresh = chess_game_new();
        assert_eq!(chess_game_undo(fresh), ChessError::CHESS_ERR_INVALID_ARG);
        chess_game_free(fresh);
    }
}

#[test]
fn draw_claims() {
    unsafe {
        let game = chess_game_new();
        for _ in 0..2 {
            for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                assert_eq!(chess_game_play_san(game, c(san).as_ptr()), ChessError::CHESS_OK);
            }
        }
        assert!(chess_game_can_claim_draw(game));
        assert_eq!(chess_game_claim_draw(game), ChessError::CHESS_OK);
        assert_eq!(chess_game_outcome(game), ChessOutcome::CHESS_OUTCOME_DRAW);
        assert!(!chess_game_can_claim_draw(game), "false once the game is over");
        chess_game_free(game);

        let fifty = chess_game_from_fen(c("8/8/8/4k3/8/8/8/R3K3 w - - 99 80").as_ptr());
        assert!(chess_game_can_claim_draw(fifty));
        chess_game_free(fifty);
    }
}

#[test]
fn pgn_reader() {
    let pgn = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"c\"]\n\n1. d4 *\n";
    unsafe {
        let reader = chess_pgn_reader_from_string(c(pgn).as_ptr());
        let mut game = null_mut();
        assert_eq!(chess_pgn_reader_next(reader, &mut game), 1);
        assert_eq!(chess_game_outcome(game), ChessOutcome::CHESS_OUTCOME_WHITE_WINS);
        chess_game_free(game);
        assert_eq!(
            chess_pgn_reader_next(reader, &mut game),
            ChessError::CHESS_ERR_PARSE as i32
        );
        assert!(game.is_null());
        assert_eq!(
            last_error(),
            "game 2, line 7, column 13: illegal move Ke3: a king cannot move from e1 to e3"
        );
        assert_eq!(chess_pgn_reader_next(reader, &mut game), 1);
        assert_eq!(text(|b, n| chess_game_tag(game, c("Event").as_ptr(), b, n)), "c");
        chess_game_free(game);
        assert_eq!(chess_pgn_reader_next(reader, &mut game), 0);
        assert_eq!(
            chess_pgn_reader_next(reader, null_mut()),
            ChessError::CHESS_ERR_NULL as i32
        );
        chess_pgn_reader_free(reader);
        assert!(chess_pgn_reader_open(c("/no/such/file.pgn").as_ptr()).is_null());
        assert!(last_error().starts_with("cannot open /no/such/file.pgn"));
    }
}

#[test]
fn nulls_never_crash() {
    let mut m = mv("e2", "e4");
    let mut buf = [0 as c_char; 8];
    unsafe {
        // Handles made from NULL arguments are NULL.
        assert!(chess_position_from_fen(null()).is_null());
        assert_eq!(last_error(), "the FEN is NULL");
        assert!(chess_position_clone(null()).is_null());
        assert!(chess_game_from_fen(null()).is_null());
        assert!(chess_game_from_pgn(null()).is_null());
        assert!(chess_game_load(null()).is_null());
        assert!(chess_pgn_reader_open(null()).is_null());
        assert!(chess_pgn_reader_from_string(null()).is_null());
        // Frees of NULL do nothing.
        chess_position_free(null_mut());
        chess_game_free(null_mut());
        chess_pgn_reader_free(null_mut());
        // Functions with no error channel give their neutral value.
        assert_eq!(chess_position_to_fen(null(), buf.as_mut_ptr(), buf.len()), 0);
        assert_eq!(chess_position_turn(null()), ChessColor::CHESS_WHITE);
        assert_eq!(last_error(), "the position is NULL");
        assert_eq!(chess_position_piece_at(null(), 0), 0);
        assert!(!chess_position_is_check(null()));
        assert_eq!(chess_position_status(null()), ChessStatus::CHESS_STATUS_ONGOING);
        assert_eq!(chess_position_legal_moves(null(), &mut m, 1), 0);
        assert!(!chess_position_is_legal(null(), m));
        assert_eq!(chess_position_perft(null(), 3), 0);
        assert_eq!(chess_position_move_to_san(null(), m, buf.as_mut_ptr(), buf.len()), 0);
        assert_eq!(chess_position_why_illegal(null(), m, buf.as_mut_ptr(), buf.len()), 0);
        assert!(!chess_position_gives_check(null(), m));
        assert_eq!(chess_position_zobrist(null()), 0);
        assert_eq!(chess_position_castling_rights(null()), 0);
        assert_eq!(chess_position_ep_square(null()), 0xFF);
        assert_eq!(chess_position_halfmoves(null()), 0);
        assert_eq!(chess_position_fullmoves(null()), 0);
        assert_eq!(chess_position_diagram(null(), 0, buf.as_mut_ptr(), buf.len()), 0);
        assert!(chess_game_position(null()).is_null());
        assert!(chess_game_start_position(null()).is_null());
        assert_eq!(chess_game_move_count(null()), 0);
        assert_eq!(chess_game_san_at(null(), 0, buf.as_mut_ptr(), buf.len()), 0);
        assert_eq!(chess_game_outcome(null()), ChessOutcome::CHESS_OUTCOME_ONGOING);
        assert_eq!(chess_game_outcome_text(null(), buf.as_mut_ptr(), buf.len()), 0);
        assert!(!chess_game_can_claim_draw(null()));
        assert_eq!(chess_game_to_pgn(null(), buf.as_mut_ptr(), buf.len()), 0);
        assert_eq!(chess_game_tag(null(), c("a").as_ptr(), buf.as_mut_ptr(), buf.len()), 0);
        // Error-returning functions say CHESS_ERR_NULL.
        let null_err = ChessError::CHESS_ERR_NULL;
        assert_eq!(chess_position_play(null_mut(), m), null_err);
        assert_eq!(chess_position_parse_uci(null(), c("e2e4").as_ptr(), &mut m), null_err);
        assert_eq!(chess_position_parse_san(null(), c("e4").as_ptr(), &mut m), null_err);
        let pos = chess_position_new();
        assert_eq!(chess_position_parse_uci(pos, null(), &mut m), null_err);
        assert_eq!(chess_position_parse_san(pos, c("e4").as_ptr(), null_mut()), null_err);
        chess_position_free(pos);
        assert_eq!(chess_game_play(null_mut(), m), null_err);
        assert_eq!(chess_game_play_san(null_mut(), c("e4").as_ptr()), null_err);
        assert_eq!(chess_game_play_uci(null_mut(), c("e2e4").as_ptr()), null_err);
        assert_eq!(chess_game_undo(null_mut()), null_err);
        assert_eq!(chess_game_claim_draw(null_mut()), null_err);
        assert_eq!(chess_game_resign(null_mut(), ChessColor::CHESS_WHITE), null_err);
        assert_eq!(chess_game_agree_draw(null_mut()), null_err);
        assert_eq!(chess_game_move_at(null(), 0, &mut m), null_err);
        assert_eq!(
            chess_game_set_tag(null_mut(), c("a").as_ptr(), c("b").as_ptr()),
            null_err
        );
        assert_eq!(chess_game_save(null(), c("/tmp/x.ron").as_ptr()), null_err);
        let game = chess_game_new();
        assert_eq!(chess_game_play_san(game, null()), null_err);
        assert_eq!(chess_game_save(game, null()), null_err);
        assert_eq!(chess_game_set_tag(game, null(), c("b").as_ptr()), null_err);
        chess_game_free(game);
        assert_eq!(chess_pgn_reader_next(null_mut(), null_mut()), null_err as i32);
    }
}

#[test]
fn bad_strings_and_buffers() {
    unsafe {
        // Invalid UTF-8.
        let bad = [0xffu8, 0xfe, b'/', 0];
        assert!(chess_position_from_fen(bad.as_ptr().cast()).is_null());
        assert!(last_error().contains("not valid UTF-8"));
        let pos = chess_position_new();
        let mut m = mv("a1", "a1");
        assert_eq!(
            chess_position_parse_san(pos, bad.as_ptr().cast(), &mut m),
            ChessError::CHESS_ERR_PARSE
        );
        assert_eq!(
            chess_position_parse_uci(pos, bad.as_ptr().cast(), &mut m),
            ChessError::CHESS_ERR_PARSE
        );
        // Over-long input is an invalid argument, read no further than the limit.
        let long_fen = c(&"8/".repeat(200));
        assert!(chess_position_from_fen(long_fen.as_ptr()).is_null());
        assert!(last_error().contains("longer than 256 bytes"));
        let long_move = c(&"e4".repeat(40));
        assert_eq!(
            chess_position_parse_san(pos, long_move.as_ptr(), &mut m),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        // An unterminated buffer longer than the limit is never over-read:
        // only limit + 1 bytes are looked at.
        let unterminated = [b'a'; CHESS_MAX_MOVE_TEXT_LENGTH + 1];
        assert_eq!(
            chess_position_parse_san(pos, unterminated.as_ptr().cast(), &mut m),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        // Squares and promotion codes out of range.
        let off = ChessMove {
            from: 64,
            to: 200,
            promotion: 0,
            flags: 0,
        };
        assert!(!chess_position_is_legal(pos, off));
        assert_eq!(
            chess_position_play(chess_position_clone(pos), off),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        let weird = ChessMove {
            promotion: 99,
            ..mv("e2", "e4")
        };
        assert_eq!(
            chess_position_play(chess_position_clone(pos), weird),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        assert_eq!(chess_position_piece_at(pos, 64), 0);
        assert_eq!(chess_position_piece_at(pos, 255), 0);
        // Buffers: zero length writes nothing; a short one is cut and terminated.
        let mut small = [b'#' as c_char; 5];
        let full = chess_position_to_fen(pos, small.as_mut_ptr(), 0);
        assert_eq!(full, 56);
        assert_eq!(small[0], b'#' as c_char, "cap 0 writes nothing");
        assert_eq!(chess_position_to_fen(pos, small.as_mut_ptr(), 5), 56);
        assert_eq!(CStr::from_ptr(small.as_ptr()).to_str().unwrap(), "rnbq");
        assert_eq!(
            chess_position_to_fen(pos, null_mut(), 100),
            56,
            "NULL buffer: length only"
        );
        let mut one = [b'#' as c_char; 1];
        assert_eq!(chess_move_to_uci(mv("e2", "e4"), one.as_mut_ptr(), 1), 4);
        assert_eq!(one[0], 0);
        chess_position_free(pos);
        // Bad PGN and save files.
        assert!(chess_game_from_pgn(c("1. e4 {never closed").as_ptr()).is_null());
        assert!(last_error().contains("never closed"));
        let dir = tempfile::tempdir().unwrap();
        let junk = dir.path().join("junk.ron");
        std::fs::write(&junk, b"\x00\x01garbage").unwrap();
        assert!(chess_game_load(c(junk.to_str().unwrap()).as_ptr()).is_null());
        assert!(chess_game_load(c("/no/such/game.ron").as_ptr()).is_null());
        assert!(last_error().starts_with("cannot read /no/such/game.ron"));
        let game = chess_game_new();
        assert_eq!(
            chess_game_save(game, c("/no/such/dir/game.ron").as_ptr()),
            ChessError::CHESS_ERR_IO
        );
        chess_game_free(game);
    }
}

#[test]
fn last_error_is_per_thread() {
    unsafe {
        assert!(chess_position_from_fen(c("bad").as_ptr()).is_null());
        let here = last_error();
        let there = std::thread::spawn(last_error).join().unwrap();
        assert_eq!(there, "", "another thread has no error yet");
        assert_eq!(last_error(), here);
    }
}

proptest::proptest! {
    /// Random bytes (NUL-terminated) into every function that reads text.
    #[test]
    fn garbage_text_never_crashes(mut bytes in proptest::collection::vec(1u8..=255, 0..300)) {
        bytes.push(0);
        let text = bytes.as_ptr().cast::<c_char>();
        unsafe {
            chess_position_free(chess_position_from_fen(text));
            chess_game_free(chess_game_from_fen(text));
            chess_game_free(chess_game_from_pgn(text));
            let reader = chess_pgn_reader_from_string(text);
            let mut game = null_mut();
            // Games and bad games until the end (a NULL reader: an error at once).
            loop {
                match chess_pgn_reader_next(reader, &mut game) {
                    1 => chess_game_free(game),
                    status if status == ChessError::CHESS_ERR_PARSE as i32 => {}
                    _ => break,
                }
            }
            chess_pgn_reader_free(reader);
            let pos = chess_position_new();
            let mut m = mv("a1", "a1");
            chess_position_parse_san(pos, text, &mut m);
            chess_position_parse_uci(pos, text, &mut m);
            chess_position_free(pos);
            let g = chess_game_new();
            chess_game_play_san(g, text);
            chess_game_play_uci(g, text);
            chess_game_set_tag(g, text, text);
            let mut buf = [0 as c_char; 16];
            chess_game_tag(g, text, buf.as_mut_ptr(), buf.len());
            chess_game_free(g);
        }
        proptest::prop_assert!(!chess_last_error().is_null());
    }

    /// Any 4-byte move into the move functions.
    #[test]
    fn garbage_moves_never_crash(from: u8, to: u8, promotion: u8, flags: u8) {
        let m = ChessMove { from, to, promotion, flags };
        let mut buf = [0 as c_char; 16];
        unsafe {
            let pos = chess_position_new();
            chess_position_is_legal(pos, m);
            chess_position_gives_check(pos, m);
            chess_position_move_to_san(pos, m, buf.as_mut_ptr(), buf.len());
            chess_position_why_illegal(pos, m, buf.as_mut_ptr(), buf.len());
            chess_move_to_uci(m, buf.as_mut_ptr(), buf.len());
            chess_position_play(pos, m);
            chess_position_free(pos);
            let g = chess_game_new();
            chess_game_play(g, m);
            chess_game_free(g);
        }
    }
}

#[test]
fn engine_best_move() {
    unsafe {
        // Mate in one is found at full strength.
        let fen = c("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
        let pos = chess_position_from_fen(fen.as_ptr());
        let mut out = mv("a1", "a1");
        assert_eq!(chess_engine_best_move(pos, 200, 10, &mut out), ChessError::CHESS_OK);
        assert_eq!((out.from, out.to), (mv("d1", "d8").from, mv("d1", "d8").to));
        // Every level gives a legal move.
        for level in 1..=10 {
            let start = chess_position_new();
            assert_eq!(chess_engine_best_move(start, 20, level, &mut out), ChessError::CHESS_OK);
            assert!(chess_position_is_legal(start, out), "level {level}");
            chess_position_free(start);
        }
        // Bad arguments are refused and `out` is left alone.
        let before = out;
        assert_eq!(
            chess_engine_best_move(pos, 100, 0, &mut out),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        assert_eq!(last_error(), "level 0 is not between 1 and 10");
        assert_eq!(
            chess_engine_best_move(pos, 100, 11, &mut out),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        assert_eq!(
            chess_engine_best_move(pos, 0, 5, &mut out),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        assert_eq!(
            chess_engine_best_move(pos, u32::MAX, 5, &mut out),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        assert_eq!(
            chess_engine_best_move(null(), 100, 5, &mut out),
            ChessError::CHESS_ERR_NULL
        );
        assert_eq!(
            chess_engine_best_move(pos, 100, 5, null_mut()),
            ChessError::CHESS_ERR_NULL
        );
        assert_eq!(out, before);
        chess_position_free(pos);
        // No move in a mate.
        let mated = c("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
        let pos = chess_position_from_fen(mated.as_ptr());
        assert_eq!(
            chess_engine_best_move(pos, 50, 5, &mut out),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        assert!(last_error().contains("checkmate"), "{}", last_error());
        chess_position_free(pos);
    }
}

#[test]
fn a_text_without_a_game_is_no_game() {
    for text in [
        "",
        "  \n\t\n",
        "[Event \"only a tag\"]\n",
        "[Event \"a\"]\n[Site \"b\"]\n\n",
    ] {
        let game = unsafe { chess_game_from_pgn(c(text).as_ptr()) };
        assert!(game.is_null(), "{text:?}");
        assert!(
            last_error().ends_with("no game in the text"),
            "{text:?}: {}",
            last_error()
        );
    }
    // A result alone is a game (with no moves).
    let game = unsafe { chess_game_from_pgn(c("[Event \"x\"]\n\n1/2-1/2").as_ptr()) };
    assert!(!game.is_null());
    unsafe { chess_game_free(game) };
}

#[test]
fn a_directory_is_not_a_pgn_file() {
    let dir = std::env::temp_dir();
    let path = c(dir.to_str().unwrap());
    let reader = unsafe { chess_pgn_reader_open(path.as_ptr()) };
    assert!(reader.is_null());
    assert!(last_error().contains("is a directory"), "{}", last_error());
}

#[test]
fn a_compressed_file_is_read_with_collections_and_refused_without() {
    let gz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("c/sample.pgn.gz");
    let path = c(gz.to_str().unwrap());
    let reader = unsafe { chess_pgn_reader_open(path.as_ptr()) };
    if cfg!(feature = "collections") {
        assert!(!reader.is_null(), "{}", last_error());
        let mut game = null_mut();
        assert_eq!(unsafe { chess_pgn_reader_next(reader, &mut game) }, 1);
        unsafe {
            chess_game_free(game);
            chess_pgn_reader_free(reader);
        }
    } else {
        // Refused in words, not read as garbled moves.
        assert!(reader.is_null());
        assert!(last_error().contains("compressed"), "{}", last_error());
    }
}

#[test]
fn latin_1_reads_the_same_from_a_string_and_a_file() {
    let bytes: &[u8] = b"[White \"M\xfcller\"]\n\n1. e4 {d\xe9but} e5 *\n\0";
    let path = std::env::temp_dir().join(format!("latin1-ffi-{}.pgn", std::process::id()));
    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    let path_c = c(path.to_str().unwrap());
    unsafe {
        let from_text = chess_game_from_pgn(bytes.as_ptr().cast());
        let reader = chess_pgn_reader_from_string(bytes.as_ptr().cast());
        let mut from_string_reader = null_mut();
        assert_eq!(chess_pgn_reader_next(reader, &mut from_string_reader), 1);
        let file_reader = chess_pgn_reader_open(path_c.as_ptr());
        let mut from_file = null_mut();
        assert_eq!(chess_pgn_reader_next(file_reader, &mut from_file), 1);
        for game in [from_text, from_string_reader, from_file] {
            assert_eq!(text(|b, n| chess_game_tag(game, c("White").as_ptr(), b, n)), "Müller");
            assert!(text(|b, n| chess_game_to_pgn(game, b, n)).contains("{début}"));
            chess_game_free(game);
        }
        chess_pgn_reader_free(reader);
        chess_pgn_reader_free(file_reader);
    }
    std::fs::remove_file(path).unwrap();
}

#[test]
fn what_the_reader_repaired_is_listed_with_its_place() {
    let pgn = "[Event \"The \"Big\" Open\"]\n\n1. e4 e5 2. Ng1f3 Nc6 3. Bb5 a6 4. 0-0";
    unsafe {
        let game = chess_game_from_pgn(c(pgn).as_ptr());
        assert_eq!(chess_game_warning_count(game), 4);
        let (mut line, mut column) = (0, 0);
        let warning = |i: usize, line: &mut usize, column: &mut usize| {
            let (line, column): (*mut usize, *mut usize) = (line, column);
            text(|b, n| chess_game_warning_at(game, i, line, column, b, n))
        };
        assert_eq!(
            warning(0, &mut line, &mut column),
            "the Event tag has quotes inside that are not escaped: read as \"The \\\"Big\\\" Open\""
        );
        assert_eq!((line, column), (1, 1));
        assert_eq!(
            warning(1, &mut line, &mut column),
            "\"Ng1f3\" is not standard SAN: read as Nf3"
        );
        assert_eq!((line, column), (3, 13));
        assert_eq!(
            warning(2, &mut line, &mut column),
            "\"0-0\" is not standard SAN: read as O-O"
        );
        assert_eq!(warning(3, &mut line, &mut column), "the game has no result at its end");
        // Past the last one: 0, an empty buffer, the reason.
        let mut buf = [b'x' as c_char; 8];
        assert_eq!(
            chess_game_warning_at(game, 4, null_mut(), null_mut(), buf.as_mut_ptr(), 8),
            0
        );
        assert_eq!(buf[0], 0);
        assert_eq!(last_error(), "warning 4 does not exist (there are 4)");
        chess_game_free(game);
        // A game not read from PGN has none; NULL is an error, not a crash.
        let fresh = chess_game_new();
        assert_eq!(chess_game_warning_count(fresh), 0);
        chess_game_free(fresh);
        assert_eq!(chess_game_warning_count(null()), 0);
        assert_eq!(last_error(), "the game is NULL");
    }
}

#[test]
fn new_functions_take_null_and_say_so() {
    let mut buf = [0x55 as c_char; 8];
    let mut m = mv("e2", "e4");
    let mut squares = [0u8; 4];
    unsafe {
        assert_eq!(chess_square_from_name(null()), 0xFF);
        assert_eq!(last_error(), "the square name is NULL");
        assert_eq!(
            chess_position_attackers(null(), 0, ChessColor::CHESS_WHITE, squares.as_mut_ptr(), 4),
            0
        );
        assert_eq!(last_error(), "the position is NULL");
        assert_eq!(chess_position_checkers(null(), squares.as_mut_ptr(), 4), 0);
        assert_eq!(chess_position_pinned(null(), squares.as_mut_ptr(), 4), 0);
        assert!(chess_game_clone(null()).is_null());
        assert!(chess_game_from_position(null()).is_null());
        assert_eq!(chess_game_tag_count(null()), 0);
        assert_eq!(chess_game_tag_name_at(null(), 0, buf.as_mut_ptr(), buf.len()), 0);
        assert_eq!(buf[0], 0, "an empty string on failure");
        assert_eq!(chess_game_current_node(null()), CHESS_NO_NODE);
        assert_eq!(last_error(), "the game is NULL");
        assert_eq!(chess_game_node_parent(null(), 0), CHESS_NO_NODE);
        assert_eq!(chess_game_node_child_count(null(), 0), 0);
        assert_eq!(chess_game_node_move(null(), 0, &mut m), ChessError::CHESS_ERR_NULL);
        assert!(chess_game_node_position(null(), 0).is_null());
        assert!(!chess_game_node_clock(null(), 0, null_mut()));
        assert_eq!(chess_game_node_add_nag(null_mut(), 0, 1), ChessError::CHESS_ERR_NULL);
        assert_eq!(
            chess_game_node_add_move(null_mut(), 0, m, null_mut()),
            ChessError::CHESS_ERR_NULL
        );
        assert_eq!(chess_game_go_to(null_mut(), 0), ChessError::CHESS_ERR_NULL);
        let game = chess_game_new();
        assert_eq!(chess_game_node_move(game, 0, null_mut()), ChessError::CHESS_ERR_NULL);
        assert_eq!(last_error(), "the output move is NULL");
        assert_eq!(chess_game_node_set_comment(game, 0, null()), ChessError::CHESS_ERR_NULL);
        chess_game_free(game);
        assert_eq!(
            chess_engine_search(null_mut(), null(), null(), None, null_mut(), null_mut()),
            ChessError::CHESS_ERR_NULL
        );
        assert_eq!(last_error(), "the engine is NULL");
        chess_engine_stop(null());
        chess_engine_free(null_mut());
        assert_eq!(chess_engine_new_game(null_mut()), ChessError::CHESS_ERR_NULL);
        assert_eq!(
            chess_error_string(ChessError::CHESS_ERR_AMBIGUOUS_MOVE as i32),
            chess_error_string(-7)
        );
        assert_eq!(
            CStr::from_ptr(chess_error_string(-7)).to_str().unwrap(),
            "ambiguous move"
        );
    }
}

proptest::proptest! {
    /// Any node number, index or NAG into the tree functions of a game with
    /// variations: a value or an error, never a crash.
    #[test]
    fn garbage_nodes_never_crash(node: u32, index: usize, nag: u8) {
        let pgn = c("1. e4 (1. d4 d5) 1... e5 2. Nf3 *");
        let mut buf = [0 as c_char; 16];
        let mut m = mv("a1", "a1");
        unsafe {
            let g = chess_game_from_pgn(pgn.as_ptr());
            chess_game_node_parent(g, node);
            chess_game_node_child(g, node, index);
            chess_game_node_child_count(g, node);
            chess_game_node_san(g, node, buf.as_mut_ptr(), buf.len());
            chess_game_node_comment(g, node, buf.as_mut_ptr(), buf.len());
            chess_game_node_move(g, node, &mut m);
            chess_game_node_position(g, node);
            chess_game_node_add_nag(g, node, nag);
            chess_game_node_clock(g, node, null_mut());
            chess_game_move_at(g, index, &mut m);
            chess_game_san_at(g, index, buf.as_mut_ptr(), buf.len());
            chess_game_tag_value_at(g, index, buf.as_mut_ptr(), buf.len());
            if node > 5 {
                proptest::prop_assert_eq!(chess_game_go_to(g, node), ChessError::CHESS_ERR_INVALID_ARG);
                proptest::prop_assert_eq!(chess_game_node_delete(g, node), ChessError::CHESS_ERR_INVALID_ARG);
            }
            chess_game_free(g);
        }
    }
}

/// A search without limits runs until another thread stops it, and gives
/// its best line so far; meanwhile a second search on the same engine is
/// refused, not run on top of the first.
#[test]
fn an_engine_is_stopped_from_another_thread() {
    struct Engine(*mut ChessEngine);
    // SAFETY: the handle may be used from any thread, and chess_engine_stop
    // alongside a search.
    unsafe impl Send for Engine {}
    unsafe impl Sync for Engine {}
    let engine = std::sync::Arc::new(Engine(chess_engine_new(8)));
    let searcher = {
        let engine = engine.clone();
        std::thread::spawn(move || {
            let engine = &engine;
            unsafe {
                let pos = chess_position_new();
                let mut best = std::mem::zeroed::<ChessSearchInfo>();
                let code = chess_engine_search(engine.0, pos, null(), None, null_mut(), &mut best);
                let legal = chess_position_is_legal(pos, best.pv[0]);
                chess_position_free(pos);
                (code, legal, best.depth)
            }
        })
    };
    std::thread::sleep(std::time::Duration::from_millis(300));
    unsafe {
        let pos = chess_position_new();
        let limits = ChessSearchLimits {
            depth: 1,
            ..Default::default()
        };
        assert_eq!(
            chess_engine_search(engine.0, pos, &limits, None, null_mut(), null_mut()),
            ChessError::CHESS_ERR_INVALID_ARG
        );
        assert_eq!(last_error(), "the engine is searching already");
        chess_position_free(pos);
        chess_engine_stop(engine.0);
    }
    let (code, legal, depth) = searcher.join().unwrap();
    assert_eq!(code, ChessError::CHESS_OK);
    assert!(legal);
    assert!(depth >= 1);
    unsafe { chess_engine_free(engine.0) };
}

/// Searching a game sees its earlier positions: a rook down, Black takes
/// the draw that a third repetition gives (score 0), which a search of the
/// position alone cannot know of.
#[test]
fn a_search_of_a_game_sees_repetitions() {
    let fen = c("7k/8/8/8/8/8/8/1R4K1 w - - 0 1");
    // SAFETY: live handles, freed once; outputs writable.
    unsafe {
        let game = chess_game_from_fen(fen.as_ptr());
        for san in ["Rb2", "Kg8", "Rb1", "Kh8", "Rb2", "Kg8", "Rb1"] {
            assert_eq!(
                chess_game_play_san(game, c(san).as_ptr()),
                ChessError::CHESS_OK,
                "{san}"
            );
        }
        let engine = chess_engine_new(4);
        let limits = ChessSearchLimits {
            depth: 6,
            ..ChessSearchLimits::default()
        };
        let mut best = std::mem::zeroed::<ChessSearchInfo>();
        let code = chess_engine_search_game(engine, game, &limits, None, null_mut(), &mut best);
        assert_eq!(code, ChessError::CHESS_OK, "{}", last_error());
        assert_eq!((best.score_cp, best.mate), (0, 0), "the repetition is a draw");
        assert_eq!(best.pv[0], mv("g8", "h8"));
        let code = chess_engine_search(engine, chess_game_position(game), &limits, None, null_mut(), &mut best);
        assert_eq!(code, ChessError::CHESS_OK);
        assert!(best.score_cp < -300, "alone, the position is lost: {}", best.score_cp);
        // The same for a move at a level.
        let mut m = mv("a1", "a1");
        assert_eq!(
            chess_engine_best_move_in_game(game, 200, 10, &mut m),
            ChessError::CHESS_OK
        );
        assert_eq!(m, mv("g8", "h8"));
        assert_eq!(
            chess_engine_best_move_in_game(null(), 200, 10, &mut m),
            ChessError::CHESS_ERR_NULL
        );
        assert_eq!(
            chess_engine_search_game(engine, null(), &limits, None, null_mut(), &mut best),
            ChessError::CHESS_ERR_NULL
        );
        chess_engine_free(engine);
        chess_game_free(game);
    }
}

/// An engine searches on two threads when asked, and finds what one finds.
#[test]
fn an_engine_searches_on_several_threads() {
    // SAFETY: live handles, freed once; outputs writable.
    unsafe {
        let engine = chess_engine_new(8);
        assert_eq!(chess_engine_set_threads(engine, 0), ChessError::CHESS_ERR_INVALID_ARG);
        assert_eq!(chess_engine_set_threads(engine, 257), ChessError::CHESS_ERR_INVALID_ARG);
        assert_eq!(chess_engine_set_threads(null_mut(), 2), ChessError::CHESS_ERR_NULL);
        assert_eq!(chess_engine_set_threads(engine, 2), ChessError::CHESS_OK);
        // White mates in one (Qxf7#).
        let fen = c("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
        let pos = chess_position_from_fen(fen.as_ptr());
        assert!(!pos.is_null());
        let limits = ChessSearchLimits {
            depth: 6,
            ..ChessSearchLimits::default()
        };
        let mut best = std::mem::zeroed::<ChessSearchInfo>();
        let code = chess_engine_search(engine, pos, &limits, None, null_mut(), &mut best);
        assert_eq!(code, ChessError::CHESS_OK, "{}", last_error());
        let m = best.pv[0];
        assert_eq!((m.from, m.to, best.mate), (mv("h5", "f7").from, mv("h5", "f7").to, 1));
        chess_position_free(pos);
        chess_engine_free(engine);
    }
}
