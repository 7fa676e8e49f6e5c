//! Figures for a game list of a large PGN file: how long the list takes to
//! fill, how much memory it keeps, and how long a frame of the app takes
//! with the list open (against a frame without it, in the same process).
//!
//! `cargo run --release -p chess-gui --example game_list_figures -- [GAMES | FILE.pgn]`
//!
//! With a number, writes a file of that many games made of real club games
//! (tags, comments, a sideline: `crates/chess-engine/tests/data/twenty-games.pgn`
//! repeated) to a temporary folder first.

use std::time::{Duration, Instant};

use chess_gui::ChessApp;
use chess_gui::model::game_list::{Column, GameList};
use egui_kittest::Harness;

mod support;
use support::rss_mib;

/// Milliseconds a frame takes, the median of `n`.
fn frame_ms(h: &mut Harness<'static, ChessApp>, n: usize) -> f64 {
    let mut times: Vec<Duration> = (0..n)
        .map(|_| {
            let start = Instant::now();
            h.step();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[n / 2].as_secs_f64() * 1000.0
}

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "65000".into());
    let dir = tempfile::tempdir().unwrap();
    let path = match arg.parse::<usize>() {
        Ok(games) => {
            let twenty = include_str!("../../crates/chess-engine/tests/data/twenty-games.pgn");
            let path = dir.path().join("games.pgn");
            let mut text = String::with_capacity(twenty.len() * games / 20 + 1);
            for _ in 0..games.div_ceil(20) {
                text.push_str(twenty);
                text.push('\n');
            }
            std::fs::write(&path, text).unwrap();
            path
        }
        Err(_) => std::path::PathBuf::from(arg),
    };
    let size = std::fs::metadata(&path).unwrap().len();
    let rss_before = rss_mib();
    let start = Instant::now();
    let mut list = GameList::open(&path, true).unwrap();
    while list.is_scanning() {
        list.poll();
        std::thread::sleep(Duration::from_millis(2));
    }
    list.poll();
    let listed = start.elapsed();
    while list.poll() {
        std::thread::sleep(Duration::from_millis(5));
    }
    let checked = start.elapsed();
    let rss_after = rss_mib();
    println!("file: {:.1} MB, {} games", size as f64 / 1e6, list.games());
    println!(
        "listed in {:.2} s; every game checked in {:.2} s ({} unreadable)",
        listed.as_secs_f64(),
        checked.as_secs_f64(),
        list.problems.len()
    );
    println!(
        "kept per game: {:.0} bytes; RSS {:.0} MiB before, {:.0} MiB with the list",
        list.bytes_per_game(),
        rss_before,
        rss_after
    );
    let t = Instant::now();
    list.sort_by(Column::White);
    println!("sort by White: {:.0} ms", t.elapsed().as_secs_f64() * 1000.0);
    let t = Instant::now();
    list.set_filter("diaz");
    println!(
        "filter \"diaz\": {:.0} ms, {} rows",
        t.elapsed().as_secs_f64() * 1000.0,
        list.rows()
    );
    list.set_filter("");

    // Frames: the app without and with the list open, in one process.
    drop(list);
    let build = |open: bool| {
        let mut app = ChessApp::new();
        if open {
            app.model.collections.open_path(&path).unwrap();
            app.model.collections.explorer_shown = false;
        }
        let mut h = Harness::builder()
            .with_size(egui::vec2(1200.0, 800.0))
            .with_context_setup(chess_gui::setup)
            .build_ui_state(|ui, app: &mut ChessApp| app.ui(ui), app);
        h.step();
        h
    };
    let mut plain = build(false);
    let base = frame_ms(&mut plain, 60);
    let mut with_list = build(true);
    let listed_ms = frame_ms(&mut with_list, 60);
    println!(
        "frame: {base:.2} ms without the list, {listed_ms:.2} ms with it open ({:.1}x)",
        listed_ms / base
    );
}
