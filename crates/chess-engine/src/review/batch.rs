//! Reviewing every game of a PGN file: what `chess-engine review` does.

use std::io::Write;
use std::sync::atomic::AtomicBool;

use chess_core::pgn::{PgnError, PgnReader};

use super::{AnalyseOptions, analyse_game, annotate, review};

/// Where a batch review is, for a progress bar.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Games finished (or skipped).
    pub games_done: usize,
    /// Games in the file.
    pub games: usize,
    /// Positions of the current game analysed, and how many it has.
    pub positions_done: usize,
    /// See [`Progress::positions_done`].
    pub positions: usize,
}

/// What a batch review did.
#[derive(Debug, Default)]
pub struct Summary {
    /// Games reviewed and written.
    pub reviewed: usize,
    /// Games that could not be read, with why and where; they are not written.
    pub unreadable: Vec<PgnError>,
}

/// Reviews every game of `pgn` and writes each, annotated (NAGs, `[%eval]`
/// on every main-line move, the coach's sentence on each mistake and
/// blunder), to `out`, one after the other. A game that cannot be read is
/// left out and listed in the summary; `stop` ends the run after the game
/// being reviewed.
pub fn review_pgn(
    pgn: &[u8],
    out: &mut dyn Write,
    options: &AnalyseOptions,
    stop: &AtomicBool,
    progress: &(dyn Fn(Progress) + Sync),
) -> std::io::Result<Summary> {
    let mut count = PgnReader::new(pgn);
    let games = std::iter::from_fn(|| count.read_tags()).count();
    let mut reader = PgnReader::new(pgn);
    let mut summary = Summary::default();
    let mut games_done = 0;
    while let Some(read) = reader.read_game() {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let mut game = match read {
            Ok(game) => game,
            Err(e) => {
                summary.unreadable.push(e);
                games_done += 1;
                continue;
            }
        };
        let moves = game.mainline_moves();
        let on_position = |done, total| {
            progress(Progress {
                games_done,
                games,
                positions_done: done,
                positions: total,
            })
        };
        let Some(evals) = analyse_game(game.start_position(), &moves, options, stop, &on_position) else {
            break;
        };
        let reviewed = review(game.start_position(), &moves, &evals);
        annotate(&mut game, &reviewed);
        if summary.reviewed > 0 {
            writeln!(out)?;
        }
        out.write_all(game.to_pgn().as_bytes())?;
        summary.reviewed += 1;
        games_done += 1;
        progress(Progress {
            games_done,
            games,
            positions_done: 0,
            positions: 0,
        });
    }
    out.flush()?;
    Ok(summary)
}
