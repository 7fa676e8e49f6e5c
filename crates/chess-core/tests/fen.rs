//! FEN: parsing, printing, round trips, every syntax error kind, and the
//! validation of positions (every problem kind, warnings, repairs).

use chess_core::{
    CastlingSide, Color, EnPassantMode, Error, FenErrorKind, FenField, Position, Problem, Repair, Setup, Square,
};

const SUITE: &str = include_str!("data/perftsuite.epd");
const CPW: &str = include_str!("data/cpw-perft.epd");

fn fens() -> impl Iterator<Item = &'static str> {
    SUITE
        .lines()
        .chain(CPW.lines())
        .map(|l| l.split(';').next().unwrap().trim())
}

#[test]
fn every_suite_position_loads_and_round_trips() {
    for fen in fens() {
        let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        // Written with the en passant square always, the text is what we read.
        let always = pos.fen_with(EnPassantMode::Always);
        assert_eq!(Position::from_fen(&always).unwrap(), pos, "{fen}");
        // The default (legal en passant only) is stable: print, parse, print.
        let legal = pos.fen();
        assert_eq!(Position::from_fen(&legal).unwrap().fen(), legal);
    }
}

#[test]
fn impossible_double_check_loads_with_a_warning() {
    let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    let pos: Position = fen.parse().unwrap();
    assert_eq!(pos.checkers().count(), 2);
    assert_eq!(pos.warnings(), vec![Problem::ImpossibleCheck]);
    assert_eq!(pos.fen(), fen);
}

#[test]
fn missing_fields_default() {
    let four = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(four, Position::new());
    let one = Setup::from_fen("8/8/8/8/8/8/8/K6k").unwrap();
    assert_eq!(one.to_fen(), "8/8/8/8/8/8/8/K6k w - - 0 1");
    let three = Setup::from_fen("8/8/8/8/8/8/8/K6k b -").unwrap();
    assert_eq!(three.to_fen(), "8/8/8/8/8/8/8/K6k b - - 0 1");
    // Extra spaces between fields are fine; a move number 0 means 1.
    let spaced = Setup::from_fen("  8/8/8/8/8/8/8/K6k   w  -  -  3  0 ").unwrap();
    assert_eq!(spaced.to_fen(), "8/8/8/8/8/8/8/K6k w - - 3 1");
}

#[test]
fn en_passant_square_written_only_when_a_capture_is_legal() {
    // After 1.e4 no black pawn can take: the default FEN has "-".
    let mut pos = Position::new();
    pos.play(chess_core::Move::new(Square::E2, Square::E4)).unwrap();
    assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(
        pos.fen_with(EnPassantMode::Always),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // A capturer stands ready but is pinned along the rank: pseudo-legal only.
    let pinned: Position = "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1".parse().unwrap();
    assert_eq!(pinned.ep_square(EnPassantMode::Always), Some(Square::D3));
    assert_eq!(pinned.ep_square(EnPassantMode::PseudoLegal), Some(Square::D3));
    assert_eq!(pinned.ep_square(EnPassantMode::Legal), None);
    assert_eq!(pinned.fen(), "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
}

fn syntax_error(fen: &str) -> (FenErrorKind, FenField, usize) {
    let e = Setup::from_fen(fen).unwrap_err();
    (e.kind, e.field, e.offset)
}

#[test]
fn one_test_per_syntax_error() {
    use FenErrorKind::*;
    use FenField::*;
    assert_eq!(syntax_error(""), (Empty, Placement, 0));
    assert_eq!(syntax_error("   "), (Empty, Placement, 0));
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/8 w - - 0 1 extra"),
        (TooManyFields, Fullmoves, 26)
    );
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/7x w - - 0 1"),
        (InvalidPiece('x'), Placement, 15)
    );
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/9 w - - 0 1"),
        (InvalidPiece('9'), Placement, 14)
    );
    assert_eq!(syntax_error("8/8/8/8/8/8/8/8p w - - 0 1"), (RankTooLong, Placement, 15));
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/71p w - - 0 1"),
        (ConsecutiveDigits, Placement, 15)
    );
    assert_eq!(syntax_error("8/8/8/8/8/8/7/8 w - - 0 1"), (RankTooShort, Placement, 13));
    assert_eq!(syntax_error("8/8/8/8/8/8/8/7 w - - 0 1"), (RankTooShort, Placement, 15));
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/8/8 w - - 0 1"),
        (TooManyRanks, Placement, 15)
    );
    assert_eq!(syntax_error("8/8/8/8/8/8/8 w - - 0 1"), (TooFewRanks, Placement, 13));
    assert_eq!(syntax_error("8/8/8/8/8/8/8/8 x - - 0 1"), (InvalidTurn, Turn, 16));
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/8 w KX - 0 1"),
        (InvalidCastling('X'), Castling, 19)
    );
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/8 w KK - 0 1"),
        (DuplicateCastling('K'), Castling, 19)
    );
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/8 w - e9 0 1"),
        (InvalidEnPassant, EnPassant, 20)
    );
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/8 w - - x 1"),
        (InvalidNumber, Halfmoves, 22)
    );
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/8 w - - -1 1"),
        (InvalidNumber, Halfmoves, 22)
    );
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/8 w - - 0 99999999999"),
        (NumberTooLarge, Fullmoves, 24)
    );
    // Non-ASCII text gives an error at the right byte, never a panic.
    assert_eq!(
        syntax_error("8/8/8/8/8/8/8/é w - - 0 1"),
        (InvalidPiece('é'), Placement, 14)
    );
}

#[test]
fn syntax_errors_read_well() {
    let e = Setup::from_fen("8/8/8/8/8/8/8/8 x - - 0 1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN: side to move (field 2, byte 16): expected 'w' or 'b'"
    );
}

fn problems(fen: &str) -> Vec<Problem> {
    Setup::from_fen(fen).unwrap().problems()
}

#[test]
fn one_test_per_validation_problem() {
    assert_eq!(
        problems("8/8/8/8/8/8/8/K7 w - - 0 1"),
        [Problem::MissingKing(Color::Black)]
    );
    assert_eq!(
        problems("k7/8/8/8/8/8/8/K6K w - - 0 1"),
        [Problem::TooManyKings(Color::White, 2)]
    );
    assert_eq!(
        problems("k6P/8/8/8/8/8/8/K7 w - - 0 1"),
        [Problem::PawnOnBackRank(Color::White, Square::H8)]
    );
    assert_eq!(
        problems("k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1"),
        [Problem::TooManyPawns(Color::Black, 9)]
    );
    assert_eq!(
        problems("k7/8/8/8/8/NNNNNNNN/NNNNNNNN/K7 w - - 0 1"),
        [Problem::TooManyPieces(Color::White, 17)]
    );
    assert_eq!(
        problems("k7/8/8/8/8/1QQ5/PPPPPPPP/K7 w - - 0 1"),
        [Problem::ImpossibleMaterial(Color::White)]
    );
    assert_eq!(
        problems("r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1"),
        [Problem::BadCastlingRight {
            color: Color::White,
            side: CastlingSide::King,
            king_missing: false,
            rook: Square::H1,
            chess960: false,
        }]
    );
    assert_eq!(
        problems("r3k2r/8/8/8/8/8/8/R2K3R w Qkq - 0 1"),
        [Problem::BadCastlingRight {
            color: Color::White,
            side: CastlingSide::Queen,
            king_missing: true,
            rook: Square::A1,
            chess960: false,
        }]
    );
    assert_eq!(
        problems("4k3/8/8/3p4/8/8/8/4K3 w - e6 0 1"),
        [Problem::BadEnPassant(Square::E6)]
    );
    assert_eq!(
        problems("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1"),
        [],
        "a pawn on e5 just came from e7"
    );
    assert_eq!(
        problems("4k3/8/8/8/8/8/8/4K3 w - e3 0 1"),
        [Problem::BadEnPassant(Square::E3)]
    );
    assert_eq!(
        problems("4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1"),
        [Problem::BadEnPassant(Square::E6)]
    );
    assert_eq!(problems("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), []);
    assert_eq!(
        problems("R3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        [Problem::OppositeCheck(Color::Black)]
    );
    assert_eq!(
        problems("4k3/8/8/8/1b6/3n4/8/r3K3 w - - 0 1"),
        [Problem::TooManyCheckers(3)]
    );
}

#[test]
fn kings_side_by_side_are_named_and_have_no_fix() {
    // Whoever is to move, each king "checks" the other: one problem, named,
    // and no fix that would flip the side to move back and forth.
    for fen in ["8/8/8/8/8/8/4k3/4K3 w - - 0 1", "8/8/8/8/8/8/4k3/4K3 b - - 0 1"] {
        let found = problems(fen);
        assert_eq!(found, [Problem::AdjacentKings(Square::E1, Square::E2)], "{fen}");
        assert_eq!(found[0].to_string(), "the kings stand next to each other (e1 and e2)");
        assert_eq!(found[0].fix(), None);
        let mut setup = Setup::from_fen(fen).unwrap();
        assert!(!setup.apply_fix(&found[0]));
    }
    // Diagonally too; a square apart they are fine.
    assert_eq!(
        problems("8/8/8/8/8/3k4/4K3/8 w - - 0 1"),
        [Problem::AdjacentKings(Square::E2, Square::D3)]
    );
    assert_eq!(problems("8/8/8/8/4k3/8/4K3/8 w - - 0 1"), []);
}

#[test]
fn every_problem_is_reported_at_once() {
    let found = problems("k6P/8/8/8/8/8/8/8 w K - 0 1");
    assert_eq!(
        found,
        [
            Problem::MissingKing(Color::White),
            Problem::PawnOnBackRank(Color::White, Square::H8),
            Problem::BadCastlingRight {
                color: Color::White,
                side: CastlingSide::King,
                king_missing: true,
                rook: Square::H1,
                chess960: false,
            },
        ]
    );
    let err = Position::from_fen("k6P/8/8/8/8/8/8/8 w K - 0 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal position: White has no king; White pawn on the 8th rank (h8); castling right K but no white king on e1"
    );
    assert!(matches!(err, Error::Position(_)));
}

#[test]
fn messages_and_fixes() {
    let p = Problem::BadCastlingRight {
        color: Color::White,
        side: CastlingSide::King,
        king_missing: false,
        rook: Square::H1,
        chess960: false,
    };
    assert_eq!(p.to_string(), "castling right K but no rook on h1");
    assert_eq!(p.fix().as_deref(), Some("remove the right K"));
    let mut setup = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1").unwrap();
    assert!(setup.apply_fix(&p));
    assert!(setup.problems().is_empty());
    assert_eq!(Problem::MissingKing(Color::Black).fix(), None);
    assert_eq!(
        Problem::OppositeCheck(Color::Black).to_string(),
        "the side not to move is in check (Black king)"
    );
}

#[test]
fn bad_rights_can_be_dropped_instead() {
    let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1").unwrap();
    assert!(Position::from_setup(setup.clone()).is_err());
    let pos = Position::from_setup_repaired(setup.clone(), Repair::ALL).unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    // Only what is allowed is dropped.
    let only_castling = Repair {
        castling: true,
        en_passant: false,
    };
    let err = Position::from_setup_repaired(setup, only_castling).unwrap_err();
    assert_eq!(err.problems(), [Problem::BadEnPassant(Square::E6)]);
}

#[test]
fn retro_analysis_warnings() {
    // A check by a pawn standing where no pawn move could have put it.
    assert_eq!(problems("8/8/8/8/8/3k4/4P3/4K3 b - - 0 1"), [Problem::ImpossibleCheck]);
    // Two knights cannot both give check after one move.
    assert_eq!(
        problems("8/8/8/8/8/1n6/4n3/2K1k3 w - - 0 1"),
        [Problem::ImpossibleCheck]
    );
    // An en passant square whose double push does not explain the check:
    // the rook's line crosses e3, which the pawn skipped, not e2.
    assert_eq!(
        problems("8/8/8/8/3pP3/k6R/8/4K3 b - e3 0 1"),
        [Problem::ImpossibleCheck]
    );
    // ... while a line through e2 was opened by the push: possible.
    assert_eq!(problems("8/8/8/8/3pP3/8/k6R/4K3 b - e3 0 1"), []);
    // A discovered double check is possible: no warning.
    assert_eq!(problems("4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1"), []);
}
