//! FEN to a position through the C ABI, per FEN: `chess_position_from_fen`
//! and `chess_position_free` against shakmaty behind a C function of the
//! same shape (a C string in, a boxed position out, panics caught, freed
//! after), in one process with interleaved rounds, on the perft suites'
//! positions and on 2,000 positions from real-looking games.
//!
//! `cargo bench -p chess-ffi --bench fen` (`ROUNDS=n` for other than 9).

use std::ffi::{CStr, CString, c_char};
use std::hint::black_box;

use chess::{chess_position_free, chess_position_from_fen};

#[path = "../../chess-core/benches/support/rounds.rs"]
mod rounds;
use shakmaty::{CastlingMode, Chess, fen::Fen};

const PERFT_SUITES: [&str; 2] = [
    include_str!("../../chess-core/tests/data/perftsuite.epd"),
    include_str!("../../chess-core/tests/data/cpw-perft.epd"),
];

/// shakmaty behind the C ABI as libchess is: NULL for a bad FEN.
extern "C" fn shakmaty_position_from_fen(fen: *const c_char) -> *mut Chess {
    std::panic::catch_unwind(|| {
        if fen.is_null() {
            return std::ptr::null_mut();
        }
        // SAFETY: a NUL-terminated string, as for libchess.
        let bytes = unsafe { CStr::from_ptr(fen) }.to_bytes();
        let Ok(text) = std::str::from_utf8(bytes) else {
            return std::ptr::null_mut();
        };
        Fen::from_ascii(text.as_bytes())
            .ok()
            .and_then(|f| {
                f.into_position::<Chess>(CastlingMode::Standard)
                    .or_else(shakmaty::PositionError::ignore_impossible_check)
                    .ok()
            })
            .map_or(std::ptr::null_mut(), |pos| Box::into_raw(Box::new(pos)))
    })
    .unwrap_or(std::ptr::null_mut())
}

extern "C" fn shakmaty_position_free(pos: *mut Chess) {
    if !pos.is_null() {
        // SAFETY: made by Box::into_raw above, freed once.
        drop(unsafe { Box::from_raw(pos) });
    }
}

/// Positions of plausible games: a few random legal moves from the perft
/// suites' positions, so the set has middlegames, endings and rights.
fn game_like(suites: &[String]) -> Vec<String> {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut out = Vec::new();
    while out.len() < 2000 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mut pos: chess_core::Position = suites[(rng % suites.len() as u64) as usize].parse().unwrap();
        for _ in 0..(rng >> 8) % 30 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            pos.play_unchecked(moves[(rng % moves.len() as u64) as usize]);
        }
        out.push(pos.fen());
    }
    out
}

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(9);
    let suites: Vec<String> = PERFT_SUITES
        .iter()
        .flat_map(|s| s.lines())
        .filter_map(|l| l.split(';').next())
        .map(|f| f.trim().to_string())
        .filter(|f| !f.is_empty())
        .collect();
    let games = game_like(&suites);
    println!("FEN through the C ABI: median of {rounds} rounds of per-round ratios (lowest-highest)\n");
    println!(
        "{:<16} {:>6} {:>12} {:>12} {:>22}",
        "positions", "count", "ours ns/FEN", "shakmaty", "ours vs shakmaty"
    );
    for (name, fens) in [("perft suites", &suites), ("game-like", &games)] {
        let fens: Vec<CString> = fens.iter().map(|f| CString::new(f.as_str()).unwrap()).collect();
        let reps = 200_000 / fens.len() + 1;
        let measured = rounds::interleaved(rounds, |i| {
            let mut ok = 0;
            for _ in 0..reps {
                for fen in &fens {
                    if i == 0 {
                        // SAFETY: a NUL-terminated string; the position is freed once.
                        let pos = unsafe { chess_position_from_fen(black_box(fen.as_ptr())) };
                        ok += !pos.is_null() as usize;
                        unsafe { chess_position_free(black_box(pos)) };
                    } else {
                        let pos = shakmaty_position_from_fen(black_box(fen.as_ptr()));
                        ok += !pos.is_null() as usize;
                        shakmaty_position_free(black_box(pos));
                    }
                }
            }
            assert_eq!(ok, reps * fens.len(), "every FEN loads");
        });
        let (median, low, high) = measured.spread();
        let per = |t: f64| t / (reps * fens.len()) as f64 * 1e9;
        println!(
            "{name:<16} {:>6} {:>12.0} {:>12.0} {:>9.2}x ({:.2}-{:.2})",
            fens.len(),
            per(measured.best[0]),
            per(measured.best[1]),
            median,
            low,
            high
        );
    }
}
