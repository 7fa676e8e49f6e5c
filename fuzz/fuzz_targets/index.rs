//! Bytes into an index file: the file a real index was built in, with
//! bytes changed where the input says (or the input as the whole file).
//! Opening it and querying never panics, and never answers wrongly: the
//! index is rebuilt, or a query says it is damaged, or the answers are
//! those of a sound index.
//!
//! `cargo +nightly fuzz run index -- -detect_leaks=0`: the leak check
//! reports the 32 bytes glibc keeps for each thread's thread-local
//! destructors (the searches run on every core), not a leak of ours.
#![no_main]
use std::path::PathBuf;
use std::sync::OnceLock;

use chess_core::Position;
use chess_db::{Database, Error, Filter, Material, Options};
use libfuzzer_sys::fuzz_target;

/// A small collection with what an index must get right: shared openings,
/// a game from a FEN, a Chess960 game, a broken game, no result.
const GAMES: &str = "\
[White \"Carlsen\"]\n[Black \"Caruana\"]\n[WhiteElo \"2830\"]\n[BlackElo \"2800\"]\n[Date \"2024.01.02\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n\
[White \"Ding\"]\n[Black \"Carlsen\"]\n[Result \"0-1\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 0-1\n\n\
[White \"Nakamura\"]\n[Black \"Ding\"]\n[FEN \"4k2r/8/8/8/8/8/R7/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n[Result \"1/2-1/2\"]\n\n1. Ra8+ Kd7 2. Ra7+ Kc6 1/2-1/2\n\n\
[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n[Result \"*\"]\n\n9. g3 *\n\n\
[White \"Broken\"]\n\n1. e4 e5 2. Ke3 *\n\n\
[White \"Caruana\"]\n[Black \"Nakamura\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 *\n";

struct Fixture {
    pgn: PathBuf,
    index: PathBuf,
    good: Vec<u8>,
    expected: String,
}

fn options(index: &std::path::Path) -> Options {
    Options {
        index: Some(index.to_path_buf()),
        threads: Some(1),
        segment_games: Some(2),
        ..Options::default()
    }
}

/// Everything queries can see, or the first error one gives.
fn answers(db: &Database) -> Result<String, Error> {
    let mut out = String::new();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    ] {
        let pos: Position = fen.parse().unwrap();
        out.push_str(&format!("{:?}\n", db.search_position(&pos, None, None)?));
        out.push_str(&format!("{:?}\n", db.explore(&pos, None)?));
    }
    out.push_str(&format!("{:?}\n", db.search_material(&Material::parse("KRkr").unwrap(), 1, None)?));
    let mut player = Filter::default();
    player.set("player", "carl").unwrap();
    out.push_str(&format!("{:?}\n", db.filter(&player)?));
    out.push_str(&format!("{:?}\n", db.unreadable()?));
    out.push_str(&format!("{:?}\n", db.game_count()));
    Ok(out)
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("chess-db-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pgn = dir.join("games.pgn");
        std::fs::write(&pgn, GAMES).unwrap();
        let index = dir.join("index.sqlite");
        let db = Database::open(&pgn, &options(&index)).unwrap();
        db.wait().unwrap();
        let expected = answers(&db).unwrap();
        drop(db);
        let good = std::fs::read(&index).unwrap();
        Fixture {
            pgn,
            index,
            good,
            expected,
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let f = fixture();
    let Some((&mode, rest)) = data.split_first() else { return };
    let bytes = if mode == 0 {
        // The input is the whole file.
        rest.to_vec()
    } else {
        // Five bytes a change: where (in the good file) and what to flip.
        let mut bytes = f.good.clone();
        for patch in rest.chunks_exact(5) {
            let at = u32::from_le_bytes([patch[0], patch[1], patch[2], patch[3]]) as usize % bytes.len();
            bytes[at] ^= patch[4];
        }
        bytes
    };
    std::fs::write(&f.index, &bytes).unwrap();
    let answered = Database::open(&f.pgn, &options(&f.index)).and_then(|db| {
        db.wait()?;
        answers(&db)
    });
    if let Ok(answered) = answered {
        assert_eq!(answered, f.expected);
    }
});
