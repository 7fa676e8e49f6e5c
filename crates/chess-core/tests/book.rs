//! Polyglot books: a hand-written book with known keys is found, castling
//! and promotion entries decode right, damaged bytes are errors with the
//! reason, and a book written from games reads back with exactly the
//! expected entries and weights.

use chess_core::book::{
    Book, BookBuilder, BookError, RawEntry, choose_best, choose_weighted, decode_move, encode_move,
};
use chess_core::{Move, Position, Role, Square, pgn::read_game};

fn raw(key: u64, uci_from: &str, uci_to: &str, promotion: u16, weight: u16) -> RawEntry {
    let sq = |s: &str| u16::from(s.parse::<Square>().unwrap().index());
    RawEntry {
        key,
        mv: sq(uci_to) | sq(uci_from) << 6 | promotion << 12,
        weight,
        learn: 0,
    }
}

fn bytes(entries: &[RawEntry]) -> Vec<u8> {
    entries.iter().flat_map(|e| e.to_bytes()).collect()
}

#[test]
fn a_hand_written_book_is_found_by_its_known_keys() {
    let start = 0x463b96181691fc9c;
    let after_e4 = 0x823c9b50fd114196;
    assert_eq!(Position::new().zobrist(), start);
    let book = bytes(&[
        raw(start, "d2", "d4", 0, 10),
        raw(start, "e2", "e4", 0, 30),
        raw(start, "e2", "e5", 0, 99), // not legal: left out
        raw(after_e4, "c7", "c5", 0, 7),
        raw(after_e4, "e7", "e5", 0, 7),
    ]);
    let book = Book::from_bytes(&book).unwrap();
    assert_eq!(book.len(), 5);
    let entries = book.entries(&Position::new());
    let moves: Vec<(String, u16)> = entries.iter().map(|e| (e.mv.uci(), e.weight)).collect();
    assert_eq!(moves, [("e2e4".to_string(), 30), ("d2d4".to_string(), 10)]);
    let mut pos = Position::new();
    pos.play(pos.parse_uci("e2e4").unwrap()).unwrap();
    assert_eq!(pos.zobrist(), after_e4);
    // Equal weights keep the file's order.
    let moves: Vec<String> = book.entries(&pos).iter().map(|e| e.mv.uci()).collect();
    assert_eq!(moves, ["c7c5", "e7e5"]);
    // Weighted choice follows the weights; none for an unknown position.
    assert_eq!(
        choose_weighted(&book.entries(&Position::new()), 0.0).unwrap().uci(),
        "e2e4"
    );
    assert_eq!(
        choose_weighted(&book.entries(&Position::new()), 0.99).unwrap().uci(),
        "d2d4"
    );
    assert_eq!(choose_best(&book.entries(&Position::new())).unwrap().uci(), "e2e4");
    pos.play(pos.parse_uci("a7a6").unwrap()).unwrap();
    assert!(book.entries(&pos).is_empty());
    assert_eq!(choose_best(&book.entries(&pos)), None);
}

#[test]
fn castling_and_promotion_decode_right() {
    // Polyglot writes castling as the king taking its rook.
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let short = raw(pos.zobrist(), "e1", "h1", 0, 1).mv;
    let long = raw(pos.zobrist(), "e1", "a1", 0, 1).mv;
    assert_eq!(decode_move(&pos, short).unwrap().uci(), "e1g1");
    assert!(decode_move(&pos, short).unwrap().is_castle());
    assert_eq!(decode_move(&pos, long).unwrap().uci(), "e1c1");
    assert_eq!(encode_move(&pos, pos.parse_san("O-O").unwrap()), short);
    assert_eq!(encode_move(&pos, pos.parse_san("O-O-O").unwrap()), long);
    // Promotions: 1 knight .. 4 queen in bits 12-14.
    let pos = Position::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
    for (code, role) in [(1, Role::Knight), (2, Role::Bishop), (3, Role::Rook), (4, Role::Queen)] {
        let m = decode_move(&pos, raw(0, "e7", "e8", code, 1).mv).unwrap();
        assert_eq!(m, Move::with_promotion(Square::E7, Square::E8, role));
        assert_eq!(encode_move(&pos, m), raw(0, "e7", "e8", code, 1).mv);
    }
    assert_eq!(
        decode_move(&pos, raw(0, "e7", "e8", 0, 1).mv),
        None,
        "no implicit queen"
    );
    assert_eq!(decode_move(&pos, raw(0, "e7", "e8", 7, 1).mv), None, "no such piece");
}

#[test]
fn damaged_books_are_errors_with_the_reason() {
    let good = bytes(&[raw(1, "e2", "e4", 0, 1), raw(2, "e2", "e4", 0, 1)]);
    assert_eq!(
        Book::from_bytes(&good[..20]).unwrap_err(),
        BookError::Truncated { len: 20 }
    );
    assert_eq!(
        Book::from_bytes(&good[..20]).unwrap_err().to_string(),
        "not a Polyglot book: its length (20 bytes) is not a multiple of 16 (the file is cut short)"
    );
    let unsorted = bytes(&[raw(2, "e2", "e4", 0, 1), raw(1, "e2", "e4", 0, 1)]);
    assert_eq!(
        Book::from_bytes(&unsorted).unwrap_err(),
        BookError::Unsorted { index: 1 }
    );
    assert!(Book::from_bytes(&[]).unwrap().is_empty());
    // Any bytes: a book or an error, never a panic.
    for n in 0..64u8 {
        let junk: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37)).collect();
        if let Ok(book) = Book::from_bytes(&junk) {
            let _ = book.entries(&Position::new());
        }
    }
}

#[test]
fn a_book_written_from_games_has_the_expected_entries_and_weights() {
    let mut builder = BookBuilder::new(2);
    for pgn in ["1. e4 e5 2. Nf3 1-0", "1. e4 c5 0-1", "1. e4 e5 1/2-1/2", "1. d4 d5 *"] {
        builder.add_game(&read_game(pgn).unwrap());
    }
    let all = builder.entries(1);
    let book_bytes = builder.to_bytes(1);
    let book = Book::from_bytes(&book_bytes).unwrap();
    // Round trip: what is written reads back identically.
    assert_eq!((0..book.len()).map(|i| book.entry(i)).collect::<Vec<_>>(), all);
    let of = |moves: &[&str]| {
        let mut pos = Position::new();
        for m in moves {
            pos.play(pos.parse_san(m).unwrap()).unwrap();
        }
        book.entries(&pos)
            .iter()
            .map(|e| (e.mv.uci(), e.weight))
            .collect::<Vec<_>>()
    };
    // 1. e4 in three games: a win (2), a loss (0), a draw (1) for White.
    // 1. d4 once, with no result: no score.
    assert_eq!(of(&[]), [("e2e4".to_string(), 3), ("d2d4".to_string(), 0)]);
    // After 1. e4: e5 twice (a loss and a draw for Black: 1), c5 once (a win: 2).
    assert_eq!(of(&["e4"]), [("c7c5".to_string(), 2), ("e7e5".to_string(), 1)]);
    // Ply 3 (2. Nf3) is beyond the limit.
    assert_eq!(of(&["e4", "e5"]), []);
    // At least two games per entry: 1. e4 and 1... e5 remain.
    let kept = BookBuilder::entries(&builder, 2);
    assert_eq!(kept.len(), 2);
    // Sorted by key.
    assert!(all.windows(2).all(|w| w[0].key <= w[1].key));
}
