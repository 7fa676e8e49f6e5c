//! PGN reading and replay on four corpora shaped like real files (see
//! `corpora.rs`: puzzle collections, annotated studies, online games,
//! over-the-board databases), each measured on its own, in one process
//! with interleaved rounds:
//! - chess-core's visitor (every move of every variation resolved and
//!   played, nothing kept) against pgn-reader 0.29 + shakmaty doing the
//!   same: the comparison;
//! - chess-core building each `Game` (the tree, comments and NAGs), which
//!   is more work, for reference.
//!
//! `cargo bench -p chess-core --bench pgn` (`ROUNDS=n` to change the 9
//! rounds; `CORPUS=name` for one corpus; `WRITE_CORPUS=dir` to keep the
//! corpora as files; `PGN_FILE=file.pgn` to measure a file instead; `RUN=`
//! `visitor`, `pgn-reader` or `games` to run one reader once, for a
//! profiler, `REPEAT` times).

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Instant;

use chess_core::pgn::PgnReader;
use chess_core::{Move, Outcome, Position};
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};

#[path = "support/corpora.rs"]
mod corpora;
#[path = "support/rounds.rs"]
mod rounds;

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

/// Our visitor's main line alone: every variation answered with `Skip`.
struct MainLineCount(usize);

impl chess_core::pgn::Visitor for MainLineCount {
    type Output = ();

    fn play(&mut self, _before: &Position, m: Move) {
        black_box(m);
        self.0 += 1;
    }

    fn begin_variation(&mut self) -> chess_core::pgn::Skip {
        chess_core::pgn::Skip(true)
    }

    fn end_game(&mut self, result: Option<Outcome>) {
        black_box(result);
    }
}

fn ours_main_line(text: &[u8]) -> (usize, usize) {
    let mut reader = PgnReader::new(text);
    let mut count = MainLineCount(0);
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
        moves += game.move_count();
        games += 1;
        black_box(&game);
    }
    (games, moves)
}

/// pgn-reader's visitor replaying every move, variations included, the way
/// its documentation's validator does with shakmaty, plus what variations
/// need: the position before the last move, and a stack of them.
struct Replay {
    moves: usize,
}

/// A pgn-reader visitor's tag: a `FEN` is the start position.
fn fen_tag(start: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
    if name == b"FEN" {
        let fen = Fen::from_ascii(value.as_bytes()).expect("fen");
        start.replace(fen.into_position(CastlingMode::Standard).expect("position"));
    }
    ControlFlow::Continue(())
}

struct Line {
    pos: Chess,
    /// The position before the last move (where a variation starts).
    before: Chess,
    stack: Vec<(Chess, Chess)>,
}

impl Visitor for Replay {
    type Tags = Option<Chess>;
    type Movetext = Line;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        fen_tag(tags, name, value)
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Line> {
        let pos = tags.unwrap_or_default();
        ControlFlow::Continue(Line {
            before: pos.clone(),
            pos,
            stack: Vec::new(),
        })
    }

    fn san(&mut self, line: &mut Line, san_plus: SanPlus) -> ControlFlow<()> {
        let m = san_plus.san.to_move(&line.pos).expect("legal");
        line.before.clone_from(&line.pos);
        line.pos.play_unchecked(m);
        self.moves += 1;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, line: &mut Line) -> ControlFlow<(), Skip> {
        let before = line.before.clone();
        let back = std::mem::replace(&mut line.pos, before.clone());
        line.stack.push((back, before));
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, line: &mut Line) -> ControlFlow<()> {
        if let Some((pos, before)) = line.stack.pop() {
            line.pos = pos;
            line.before = before;
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, line: Line) {
        black_box(line.pos);
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

/// pgn-reader's plain replay, as its documentation's validator writes it:
/// variations skipped, so no copy of the position before each move (the
/// replay above, which can go back for a variation, pays for that copy on
/// every move).
struct MainLine {
    moves: usize,
}

impl Visitor for MainLine {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        fen_tag(tags, name, value)
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

fn theirs_main_line(text: &[u8]) -> (usize, usize) {
    let mut reader = Reader::new(text);
    let mut visitor = MainLine { moves: 0 };
    let mut games = 0;
    while reader.read_game(&mut visitor).expect("reads").is_some() {
        games += 1;
    }
    (games, visitor.moves)
}

fn median(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(|a, b| a.total_cmp(b));
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(9);
    let only = std::env::var("CORPUS").unwrap_or_default();
    let start = Instant::now();
    let corpora: Vec<_> = match std::env::var("PGN_FILE") {
        // A file of one's own instead (real games: compare the shapes).
        Ok(path) => vec![corpora::Corpus {
            name: "file",
            what: "PGN_FILE",
            text: String::from_utf8_lossy(&std::fs::read(&path).expect("read PGN_FILE")).into_owned(),
        }],
        Err(_) => corpora::all()
            .into_iter()
            .filter(|c| only.is_empty() || only == c.name)
            .collect(),
    };
    // One reader once, for profilers: RUN=visitor, RUN=pgn-reader or RUN=games.
    if let Ok(run) = std::env::var("RUN") {
        let f: fn(&[u8]) -> (usize, usize) = match run.as_str() {
            "visitor" => ours_visitor,
            "pgn-reader" => theirs,
            _ => ours_games,
        };
        let repeat: usize = std::env::var("REPEAT").ok().and_then(|r| r.parse().ok()).unwrap_or(1);
        for corpus in &corpora {
            let (mut games, mut moves) = (0, 0);
            for _ in 0..repeat {
                (games, moves) = f(corpus.text.as_bytes());
            }
            println!("{run} {}: {games} games, {moves} moves", corpus.name);
        }
        return;
    }
    println!("corpora made in {:.1} s", start.elapsed().as_secs_f64());
    if let Ok(dir) = std::env::var("WRITE_CORPUS") {
        for corpus in &corpora {
            std::fs::write(format!("{dir}/{}.pgn", corpus.name), &corpus.text).expect("write the corpus");
        }
    }
    println!(
        "\nmedian of {rounds} interleaved rounds of per-round ratios (lowest-highest); speeds are the best round\n"
    );
    println!(
        "{:<8} {:>6} {:>7} {:>8} | {:>16} {:>16} | {:>18} {:>18}",
        "corpus", "MB", "games", "moves", "visitor MB/s", "games/s", "vs pgn-reader", "building games vs"
    );
    type Run = fn(&[u8]) -> (usize, usize);
    let runs: [Run; 3] = [ours_visitor, theirs, ours_games];
    for corpus in &corpora {
        let text = corpus.text.as_bytes();
        let mut best = [f64::MAX; 3];
        let mut ratios = [Vec::new(), Vec::new()];
        let mut counts = [(0, 0); 3];
        for round in 0..rounds {
            let mut t = [0.0; 3];
            let order: [usize; 3] = if round % 2 == 0 { [0, 1, 2] } else { [2, 1, 0] };
            for i in order {
                let start = Instant::now();
                counts[i] = (runs[i])(text);
                t[i] = start.elapsed().as_secs_f64();
                best[i] = best[i].min(t[i]);
            }
            ratios[0].push(t[1] / t[0]);
            ratios[1].push(t[1] / t[2]);
        }
        assert!(
            counts.iter().all(|&c| c == counts[0]),
            "{}: all read the same games and moves: {counts:?}",
            corpus.name
        );
        let mb = text.len() as f64 / 1e6;
        let (games, moves) = counts[0];
        let [visitor, building] = ratios.map(median);
        println!(
            "{:<8} {:>6.1} {:>7} {:>8} | {:>7.0} (theirs {:>4.0}) {:>7.0} (theirs {:>5.0}) | {:>5.2}x ({:.2}-{:.2}) {:>5.2}x ({:.2}-{:.2})",
            corpus.name,
            mb,
            games,
            moves,
            mb / best[0],
            mb / best[1],
            games as f64 / best[0],
            games as f64 / best[1],
            visitor.0,
            visitor.1,
            visitor.2,
            building.0,
            building.1,
            building.2,
        );
    }
    println!("\nthe main line alone, both skipping every variation (no copy of the position per move):");
    for corpus in &corpora {
        let text = corpus.text.as_bytes();
        assert_eq!(
            ours_main_line(text),
            theirs_main_line(text),
            "{}: the same main lines",
            corpus.name
        );
        let measured = rounds::interleaved(rounds, |i| {
            black_box(if i == 0 {
                ours_main_line(text)
            } else {
                theirs_main_line(text)
            });
        });
        let (median, low, high) = measured.spread();
        println!("{:<8} {median:.2}x ({low:.2}-{high:.2})", corpus.name);
    }

    // The same visitor on every core: ParallelReader cuts the input at
    // game boundaries and replays the pieces on worker threads.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("\nParallelReader (visitor replay), best of {rounds} rounds, on 1 and {cores} worker threads:");
    for corpus in &corpora {
        let text = corpus.text.as_bytes();
        let mut best = [f64::MAX; 2];
        let mut games = 0;
        for _ in 0..rounds {
            for (i, threads) in [1, cores].into_iter().enumerate() {
                let start = Instant::now();
                games = 0;
                chess_core::pgn::ParallelReader::new(text).threads(threads).visit_games(
                    || Count(0),
                    |_, game| {
                        game.expect("the corpus reads");
                        games += 1;
                    },
                );
                best[i] = best[i].min(start.elapsed().as_secs_f64());
            }
        }
        let mb = text.len() as f64 / 1e6;
        println!(
            "{:<8} 1 thread {:>8.0} games/s {:>5.0} MB/s | {cores} threads {:>8.0} games/s {:>5.0} MB/s | {:.2}x",
            corpus.name,
            games as f64 / best[0],
            mb / best[0],
            games as f64 / best[1],
            mb / best[1],
            best[0] / best[1]
        );
    }
    println!("\nthe corpora:");
    for corpus in &corpora {
        println!("  {:<8} {}", corpus.name, corpus.what);
    }
}
