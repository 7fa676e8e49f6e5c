//! The app's tests, in one test program: each module is one subject (the
//! clock, the review, files...). One program rather than one per file,
//! because every test program links the whole app, egui and wgpu (about
//! 400 MB each in a debug build): twenty of them filled CI's disk.
//! `cargo test -p chess-gui clock::` runs one subject.
//!
//! The real-window test (`tests/real_window.rs`) stays its own program: it
//! drives the built binary, not the library.

mod common;

mod autosave;
mod board_look;
mod book;
mod chess960;
mod clock;
mod collection;
mod command_line;
mod computer;
mod drawing;
mod editor_and_files;
mod engines;
mod file_dialogs;
mod finished_games;
mod game_list;
mod layout_and_focus;
mod pgn_contents;
mod premove;
mod review;
mod screens;
mod small_things;
mod tabs;
mod ui;
