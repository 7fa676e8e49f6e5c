//! Polyglot book files: read by seeking, a truncated or unsorted file is
//! an error naming the file and the reason; `make_book` writes a book that
//! reads back.

use chess_core::Position;
use chess_core::book::{BookBuilder, RawEntry};
use chess_file::book::{BookFile, BookFileError};

fn entry(key: u64, mv: u16, weight: u16) -> RawEntry {
    RawEntry {
        key,
        mv,
        weight,
        learn: 0,
    }
}

#[test]
fn a_book_file_is_searched_by_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.bin");
    let e2e4 = 28 | 12 << 6;
    let d2d4 = 27 | 11 << 6;
    let start = Position::new().zobrist();
    let entries = [
        entry(1, 0, 1),
        entry(start, d2d4, 5),
        entry(start, e2e4, 9),
        entry(u64::MAX, 0, 1),
    ];
    let bytes: Vec<u8> = entries.iter().flat_map(|e| e.to_bytes()).collect();
    std::fs::write(&path, bytes).unwrap();
    let book = BookFile::open(&path).unwrap();
    assert_eq!(book.len(), 4);
    let found: Vec<(String, u16)> = book
        .entries(&Position::new())
        .unwrap()
        .iter()
        .map(|e| (e.mv.uci(), e.weight))
        .collect();
    assert_eq!(found, [("e2e4".to_string(), 9), ("d2d4".to_string(), 5)]);
    assert_eq!(book.raw_entries(2).unwrap(), []);
}

#[test]
fn damaged_files_are_errors_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let cut = dir.path().join("cut.bin");
    std::fs::write(&cut, [0u8; 40]).unwrap();
    let err = BookFile::open(&cut).unwrap_err();
    assert!(matches!(err, BookFileError::Book { .. }));
    assert!(
        err.to_string()
            .ends_with("not a Polyglot book: its length (40 bytes) is not a multiple of 16 (the file is cut short)"),
        "{err}"
    );
    let unsorted = dir.path().join("unsorted.bin");
    let bytes: Vec<u8> = [entry(5, 0, 1), entry(3, 0, 1)]
        .iter()
        .flat_map(|e| e.to_bytes())
        .collect();
    std::fs::write(&unsorted, bytes).unwrap();
    let err = BookFile::open(&unsorted).unwrap_err();
    assert!(err.to_string().contains("entry 1 has a smaller key"), "{err}");
    assert!(matches!(
        BookFile::open(dir.path().join("missing.bin")),
        Err(BookFileError::Io { .. })
    ));
    assert!(matches!(BookFile::open(dir.path()), Err(BookFileError::Io { .. })));
}

#[test]
fn make_book_writes_a_book_that_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let bin = dir.path().join("book.bin");
    std::fs::write(&pgn, "1. e4 e5 2. Nf3 1-0\n\n1. e4 c5 0-1\n\n1. e4 e5 1/2-1/2\n").unwrap();
    let out = std::process::Command::new(env!("CARGO"))
        .args(["run", "-q", "-p", "chess-file", "--example", "make_book", "--"])
        .arg(&pgn)
        .arg(&bin)
        .args(["--max-ply", "2", "--min-games", "2"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("3 games (0 unreadable), 2 entries"));
    let book = BookFile::open(&bin).unwrap();
    let mut builder = BookBuilder::new(2);
    for game in ["1. e4 e5 2. Nf3 1-0", "1. e4 c5 0-1", "1. e4 e5 1/2-1/2"] {
        builder.add_game(&chess_core::pgn::read_game(game).unwrap());
    }
    let expected = builder.entries(2);
    let read: Vec<RawEntry> = (0..book.len()).map(|i| book.entry(i).unwrap()).collect();
    assert_eq!(read, expected);
    let e4 = book.entries(&Position::new()).unwrap();
    assert_eq!((e4[0].mv.uci(), e4[0].weight), ("e2e4".to_string(), 3));
}
