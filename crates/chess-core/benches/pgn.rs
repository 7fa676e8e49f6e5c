//! PGN parsing and replay, in games per second: chess-core's reader (which
//! builds each game with its positions, comments and NAGs) against
//! pgn-reader + shakmaty (a visitor replaying every move), on a generated
//! corpus of 10,000 games, in one process with interleaved rounds.
//!
//! `cargo bench -p chess-core --bench pgn` (`ROUNDS=n` to change the rounds;
//! `WRITE_CORPUS=file.pgn` to keep the corpus).

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Instant;

use chess_core::pgn::{PgnReader, write_game};
use chess_core::{Game, Status};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};

/// A small deterministic generator (xorshift), so the corpus is the same
/// in every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// 10,000 games of random legal moves (20 to 150 plies), with clock
/// comments on some moves and an occasional NAG, as online games have.
fn corpus(games: usize) -> String {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = String::new();
    for i in 0..games {
        let mut game = Game::new();
        game.tags.set("Event", format!("Generated game {i}"));
        game.tags.set("White", "Random A");
        game.tags.set("Black", "Random B");
        let plies = 20 + rng.next() % 130;
        for ply in 0..plies {
            if game.position().status() != Status::Ongoing {
                break;
            }
            let moves = game.position().legal_moves();
            let m = moves[(rng.next() % moves.len() as u64) as usize];
            let node = game.play(m).unwrap();
            if rng.next() % 4 == 0 {
                game.set_comment(node, format!("[%clk 0:{:02}:{:02}]", 10 - ply / 20, rng.next() % 60));
            }
            if rng.next() % 20 == 0 {
                game.add_nag(node, 1 + (rng.next() % 6) as u8);
            }
        }
        out.push_str(&write_game(&game));
        out.push('\n');
    }
    out
}

fn ours(text: &[u8]) -> (usize, usize) {
    let mut games = 0;
    let mut moves = 0;
    for game in PgnReader::new(text) {
        let game = game.expect("the corpus reads");
        moves += game.mainline().len();
        games += 1;
        black_box(&game);
    }
    (games, moves)
}

struct Replay {
    moves: usize,
}

impl Visitor for Replay {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if name == b"FEN" {
            let fen = Fen::from_ascii(value.as_bytes()).expect("fen");
            tags.replace(fen.into_position(CastlingMode::Standard).expect("position"));
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<()> {
        let m = san_plus.san.to_move(pos).expect("legal");
        pos.play_unchecked(m);
        self.moves += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, pos: Chess) {
        black_box(pos);
    }
}

fn theirs(text: &[u8]) -> (usize, usize) {
    let mut reader = Reader::new(text);
    let mut visitor = Replay { moves: 0 };
    let mut games = 0;
    while reader.read_game(&mut visitor).expect("reads").is_some() {
        games += 1;
    }
    (games, visitor.moves)
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    let text = corpus(10_000);
    if let Ok(path) = std::env::var("WRITE_CORPUS") {
        std::fs::write(path, &text).expect("write the corpus");
    }
    println!(
        "corpus: 10,000 generated games, {:.1} MB of PGN",
        text.len() as f64 / 1e6
    );
    let mut best = [f64::MAX; 2];
    let mut ratios = Vec::new();
    let mut counts = [(0, 0); 2];
    for round in 0..rounds {
        let mut t = [0.0; 2];
        let order: [usize; 2] = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for i in order {
            let start = Instant::now();
            counts[i] = if i == 0 { ours(text.as_bytes()) } else { theirs(text.as_bytes()) };
            t[i] = start.elapsed().as_secs_f64();
            best[i] = best[i].min(t[i]);
        }
        ratios.push(t[1] / t[0]);
    }
    assert_eq!(counts[0], counts[1], "both read the same games and moves");
    ratios.sort_by(|a, b| a.total_cmp(b));
    let games = counts[0].0 as f64;
    println!(
        "chess-core:            {:>9.0} games/s ({:.1} M moves/s)",
        games / best[0],
        counts[0].1 as f64 / best[0] / 1e6
    );
    println!(
        "pgn-reader + shakmaty:  {:>9.0} games/s ({:.1} M moves/s)",
        games / best[1],
        counts[1].1 as f64 / best[1] / 1e6
    );
    println!(
        "ratio (ours / theirs, median of {rounds} interleaved rounds): {:.2}x",
        ratios[ratios.len() / 2]
    );
}
