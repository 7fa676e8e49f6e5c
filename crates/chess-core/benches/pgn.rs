//! PGN parsing and replay, in games per second, on a generated corpus of
//! 10,000 games, in one process with interleaved rounds:
//! - chess-core's visitor (every move resolved and played, nothing kept)
//!   against pgn-reader + shakmaty doing the same: the comparison;
//! - chess-core building each `Game` (the tree with a position per move,
//!   comments and NAGs), which is more work, for reference.
//!
//! `cargo bench -p chess-core --bench pgn` (`ROUNDS=n` to change the 9 rounds;
//! `WRITE_CORPUS=file.pgn` to keep the corpus).

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Instant;

use chess_core::pgn::{PgnReader, write_game};
use chess_core::{Game, Move, Outcome, Position, Status};
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
            if rng.next().is_multiple_of(4) {
                game.set_comment(node, format!("[%clk 0:{:02}:{:02}]", 10 - ply / 20, rng.next() % 60));
            }
            if rng.next().is_multiple_of(20) {
                game.add_nag(node, 1 + (rng.next() % 6) as u8);
            }
        }
        out.push_str(&write_game(&game));
        out.push('\n');
    }
    out
}

struct Count(usize);

impl chess_core::pgn::Visitor for Count {
    type Output = ();

    fn play(&mut self, _before: &Position, m: Move) {
        black_box(m);
        self.0 += 1;
    }

    fn end_game(&mut self, result: Option<Outcome>) {
        black_box(result);
    }
}

fn ours_visitor(text: &[u8]) -> (usize, usize) {
    let mut reader = PgnReader::new(text);
    let mut count = Count(0);
    let mut games = 0;
    while let Some(game) = reader.visit_game(&mut count) {
        game.expect("the corpus reads");
        games += 1;
    }
    (games, count.0)
}

fn ours_games(text: &[u8]) -> (usize, usize) {
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
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(9);
    let text = corpus(10_000);
    if let Ok(path) = std::env::var("WRITE_CORPUS") {
        std::fs::write(path, &text).expect("write the corpus");
    }
    println!(
        "corpus: 10,000 generated games, {:.1} MB of PGN",
        text.len() as f64 / 1e6
    );
    type Reader = fn(&[u8]) -> (usize, usize);
    let runs: [(&str, Reader); 3] = [
        ("chess-core visitor", ours_visitor),
        ("pgn-reader + shakmaty", theirs),
        ("chess-core, building games", ours_games),
    ];
    let mut best = [f64::MAX; 3];
    let mut ratios = [Vec::new(), Vec::new()];
    let mut counts = [(0, 0); 3];
    for round in 0..rounds {
        let mut t = [0.0; 3];
        let order: [usize; 3] = if round % 2 == 0 { [0, 1, 2] } else { [2, 1, 0] };
        for i in order {
            let start = Instant::now();
            counts[i] = (runs[i].1)(text.as_bytes());
            t[i] = start.elapsed().as_secs_f64();
            best[i] = best[i].min(t[i]);
        }
        ratios[0].push(t[1] / t[0]);
        ratios[1].push(t[1] / t[2]);
    }
    assert!(
        counts.iter().all(|&c| c == counts[0]),
        "all read the same games and moves: {counts:?}"
    );
    let games = counts[0].0 as f64;
    for (i, (name, _)) in runs.iter().enumerate() {
        println!(
            "{name:<28} {:>8.0} games/s ({:.1} M moves/s)",
            games / best[i],
            counts[i].1 as f64 / best[i] / 1e6
        );
    }
    let [visitor, building] = ratios.map(|mut r| {
        r.sort_by(|a, b| a.total_cmp(b));
        (r[r.len() / 2], r[0], r[r.len() - 1])
    });
    println!(
        "median of {rounds} interleaved rounds (lowest-highest): visitor vs pgn-reader {:.2}x ({:.2}-{:.2}); building games vs pgn-reader {:.2}x ({:.2}-{:.2})",
        visitor.0, visitor.1, visitor.2, building.0, building.1, building.2
    );
}
