//! Figures for a collection opened in the app, measured as a player meets
//! them: how soon the list appears, how long frames take while the file is
//! read and indexed (none may pass 50 ms), how much memory the process
//! holds, how soon the explorer answers for positions of the first 20
//! plies (alone, and while the list searches on and on), its first answer
//! after a start, and how soon indexing stops when the app closes.
//!
//! `cargo run --release -p chess-gui --example collection_in_app -- FILE.pgn`
//! (or `-- GAMES`: real club games repeated, written to a temporary folder).
//! The benchmark's collection of 1,000,000 games is made by
//! `cargo run --release -p chess-db --example collection_figures -- 1000000 target/collections --make-only`.
//!
//! Frames are the app's own `ui` as kittest runs it (layout and
//! tessellation, no GPU), on the thread that would draw the window; the
//! index is built anew (the old one is removed first).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use chess_core::Position;
use chess_core::pgn::PgnReader;
use chess_gui::ChessApp;
use chess_gui::model::collection::Search;
use egui_kittest::Harness;

mod support;
use support::rss_mib;

/// Frame times: the slowest, the 99th percentile, how many passed 50 ms.
#[derive(Default)]
struct Frames(Vec<Duration>);

impl Frames {
    fn report(&mut self, what: &str) {
        self.0.sort();
        let n = self.0.len().max(1);
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let over = self.0.iter().filter(|d| d.as_millis() > 50).count();
        println!(
            "{what}: {} frames, median {:.2} ms, 99th percentile {:.2} ms, slowest {:.2} ms, {over} over 50 ms",
            self.0.len(),
            ms(self.0.get(n / 2).copied().unwrap_or_default()),
            ms(self.0.get(n * 99 / 100).copied().unwrap_or_default()),
            ms(self.0.last().copied().unwrap_or_default()),
        );
    }
}

fn harness(app: ChessApp) -> Harness<'static, ChessApp> {
    Harness::builder()
        .with_size(egui::vec2(1400.0, 860.0))
        .with_context_setup(chess_gui::setup)
        .build_ui_state(|ui, app: &mut ChessApp| app.ui(ui), app)
}

/// One frame, timed, with the memory looked at.
fn frame(h: &mut Harness<'static, ChessApp>, frames: &mut Frames, peak: &mut f64) {
    let start = Instant::now();
    h.step();
    frames.0.push(start.elapsed());
    *peak = peak.max(rss_mib());
    // A window draws at most 60 frames a second or so.
    std::thread::sleep(Duration::from_millis(4));
}

/// The positions of the first 20 plies of the file's first games.
fn opening_positions(path: &Path, games: usize) -> Vec<Vec<chess_core::Move>> {
    let source = chess_db::source::open(path).expect("the file");
    let reader = PgnReader::new(std::io::BufReader::new(source.reader));
    reader
        .filter_map(Result::ok)
        .take(games)
        .map(|g| g.mainline_moves().into_iter().take(20).collect())
        .collect()
}

/// Plays each line on the board move by move, waiting for the explorer's
/// answer to each position; with `search`, keeps the list searching for
/// that position meanwhile (counting the searches). Returns each answer's
/// latency (question to the frame that shows it).
fn follow(
    h: &mut Harness<'static, ChessApp>,
    lines: &[Vec<chess_core::Move>],
    frames: &mut Frames,
    peak: &mut f64,
    mut search: Option<(&Position, &mut usize)>,
) -> Vec<Duration> {
    let mut latencies = Vec::new();
    for line in lines {
        let mut position = Position::new();
        h.state_mut().model.play.replace_game(chess_core::Game::new());
        for &m in line {
            h.state_mut().model.play.play(m);
            position.play(m).expect("legal");
            let asked = Instant::now();
            loop {
                if let Some((deep, count)) = &mut search {
                    let collection = h.state_mut().model.collections.active_mut().expect("open");
                    if !collection.is_searching() {
                        collection.set_search(Search::Position(Box::new((*deep).clone())));
                        **count += 1;
                    }
                }
                frame(h, frames, peak);
                let collection = h.state().model.collections.active().expect("open");
                if let Some(explored) = collection.explored(&position) {
                    latencies.push(explored.latency);
                    break;
                }
                assert!(asked.elapsed().as_secs() < 30, "no answer");
            }
        }
    }
    latencies
}

/// The median, 95th percentile and slowest of `latencies`.
fn report(what: &str, latencies: &[Duration]) {
    let mut latencies = latencies.to_vec();
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let n = latencies.len().max(1);
    println!(
        "{what}, {} positions of plies 1-20: answer arrived (question to the frame that shows it) median {:.1} ms, 95th percentile {:.1} ms, slowest {:.1} ms",
        latencies.len(),
        ms(latencies[n / 2]),
        ms(latencies[n * 95 / 100]),
        ms(latencies.last().copied().unwrap_or_default()),
    );
}

/// A position past the opening table: the first game's at ply 30 (or at
/// its end).
fn deep_position(path: &Path) -> Position {
    let source = chess_db::source::open(path).expect("the file");
    let mut reader = PgnReader::new(std::io::BufReader::new(source.reader));
    let game = reader.next().expect("a game").expect("readable");
    let nodes = game.mainline();
    match nodes.get(29).or(nodes.last()) {
        Some(&node) => game.position_at(node).clone(),
        None => game.start_position().clone(),
    }
}

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "65000".into());
    let dir = tempfile::tempdir().expect("a folder");
    let path = match arg.parse::<usize>() {
        Ok(games) => {
            let twenty = include_str!("../../crates/chess-engine/tests/data/twenty-games.pgn");
            let path = dir.path().join("games.pgn");
            let text = format!("{twenty}\n").repeat(games.div_ceil(20));
            std::fs::write(&path, text).expect("write");
            path
        }
        Err(_) => PathBuf::from(arg),
    };
    let size = std::fs::metadata(&path).expect("the file").len();
    println!("file: {} ({:.0} MB)", path.display(), size as f64 / 1e6);
    let index = chess_db::default_index_path(&path);
    let _ = std::fs::remove_file(&index);

    // Opened as File → Open does, in a window of the app.
    let mut app = ChessApp::new();
    app.model.board.animate = false;
    let mut h = harness(app);
    h.step();
    let rss_before = rss_mib();
    let mut peak = rss_before;
    let mut frames = Frames::default();
    let opened = Instant::now();
    h.state_mut().model.list_games(&path);
    let mut first_rows = None;
    let mut listed = None;
    loop {
        frame(&mut h, &mut frames, &mut peak);
        let collection = h.state().model.collections.active().expect("open");
        if first_rows.is_none() && collection.list.rows() > 0 {
            first_rows = Some(opened.elapsed());
        }
        if listed.is_none() && !collection.list.is_scanning() {
            listed = Some(opened.elapsed());
        }
        if collection.is_indexed() && !collection.is_indexing() && listed.is_some() {
            break;
        }
    }
    let indexed = opened.elapsed();
    let games = h.state().model.collections.active().map_or(0, |c| c.list.games());
    println!("{games} games");
    println!(
        "list: first rows after {:.0} ms, whole list after {:.1} s; index built after {:.1} s (in the background)",
        first_rows.unwrap_or_default().as_secs_f64() * 1000.0,
        listed.unwrap_or_default().as_secs_f64(),
        indexed.as_secs_f64()
    );
    frames.report("frames while reading and indexing");
    println!("memory: {rss_before:.0} MiB before opening, at most {peak:.0} MiB while indexing");

    // The explorer, following the board through the first 20 plies.
    let lines = opening_positions(&path, 10);
    let mut frames = Frames::default();
    let latencies = follow(&mut h, &lines, &mut frames, &mut peak, None);
    report("explorer", &latencies);
    frames.report("frames while exploring");
    println!("memory: at most {peak:.0} MiB with the explorer's columns read");

    // The same while the list searches on and on: a position past the
    // opening table (found by replaying games), asked again as soon as
    // it is answered, so the collection's thread is never idle.
    let deep = deep_position(&path);
    let mut frames = Frames::default();
    let mut searches = 0;
    let latencies = follow(&mut h, &lines, &mut frames, &mut peak, Some((&deep, &mut searches)));
    report(
        &format!("explorer while the list searches ({searches} searches)"),
        &latencies,
    );
    frames.report("frames while exploring and searching");

    // The first answer after a start: the app opens the collection (its
    // index a cache on disk now) and the explorer asks at once, as it does
    // when the app starts with the collection reopened.
    drop(h);
    let mut app = ChessApp::new();
    app.model.board.animate = false;
    app.model.collections.explorer_shown = true;
    let mut h = harness(app);
    h.step();
    let started = Instant::now();
    h.state_mut().model.list_games(&path);
    let start = Position::new();
    let mut opened_at = None;
    let first = loop {
        h.step();
        let collection = h.state().model.collections.active().expect("open");
        if opened_at.is_none() && collection.is_indexed() {
            opened_at = Some(started.elapsed());
        }
        if collection.explored(&start).is_some() {
            break started.elapsed();
        }
        assert!(started.elapsed().as_secs() < 60, "no answer");
        std::thread::sleep(Duration::from_millis(1));
    };
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "after a start: the index open after {:.1} ms, the explorer's first answer after {:.1} ms",
        ms(opened_at.unwrap_or_default()),
        ms(first)
    );

    // Closing while indexing: the index is built anew, and the app let go.
    drop(h);
    let _ = std::fs::remove_file(&index);
    let mut app = ChessApp::new();
    app.model.list_games(&path);
    let mut h = harness(app);
    while !h.state().model.collections.active().is_some_and(|c| c.is_indexed()) {
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(1500));
    let progress = h.state().model.collections.active().and_then(|c| c.progress());
    let closing = Instant::now();
    drop(h);
    let dropped = closing.elapsed();
    // The collection's thread lets go of the index on its own time.
    std::thread::sleep(Duration::from_secs(2));
    // The index's builder stops at its next game; the cache stays usable.
    let db = chess_db::Database::open(&path, &chess_db::Options::default()).expect("reopen");
    let resumed = db.game_count();
    db.cancel();
    println!(
        "closing while indexing ({} games in): the app let go in {:.1} ms; the index kept {resumed} games for next time",
        progress.map_or(0, |p| p.games),
        ms(dropped)
    );
}
