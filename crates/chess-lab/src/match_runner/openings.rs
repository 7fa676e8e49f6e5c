//! The openings a match starts from: lines of the ECO table (the named
//! openings in `chess-core`, from lichess's CC0 list) 6 to 12 plies long,
//! kept only when the built-in engine finds them balanced (within 60
//! centipawns at depth 7), spread over the table so that every ECO volume
//! is played. Each is played twice, each engine with White once.

use chess_core::{Game, Position};
use chess_engine::{Engine, Limits, Score};

/// The shortest and longest lines taken, in plies.
const PLIES: std::ops::RangeInclusive<usize> = 6..=12;
/// How unbalanced an opening may be, in centipawns for the side to move.
const BALANCED_CP: i32 = 60;

/// The moves of `count` balanced openings, the same for every run.
pub fn balanced(count: usize) -> Vec<Vec<chess_core::Move>> {
    let lines: Vec<Vec<chess_core::Move>> = chess_core::opening::all()
        .iter()
        .filter_map(|opening| {
            let game = chess_core::pgn::read_game(opening.pgn).ok()?;
            let moves = game.mainline_moves();
            PLIES.contains(&moves.len()).then_some(moves)
        })
        .collect();
    if lines.is_empty() || count == 0 {
        return Vec::new();
    }
    // Every k-th line, so that the whole table is sampled; more than asked
    // for, since some are not balanced.
    let step = (lines.len() / (count * 2)).max(1);
    let mut engine = Engine::new(16);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut chosen = Vec::with_capacity(count);
    for offset in 0..step {
        for line in lines.iter().skip(offset).step_by(step) {
            if chosen.len() == count {
                return chosen;
            }
            let mut pos = Position::new();
            for &m in line {
                pos.play(m).expect("the table's lines are legal");
            }
            let result = engine.search(&pos, &[], &Limits::depth(7), &stop, |_| {});
            let balanced = match result.lines.first().map(|l| l.score) {
                Some(Score::Cp(cp)) => cp.abs() <= BALANCED_CP,
                _ => false,
            };
            if balanced && !chosen.contains(line) {
                chosen.push(line.clone());
            }
        }
    }
    chosen
}

/// The game after opening `moves`.
pub fn game_after(moves: &[chess_core::Move]) -> Game {
    let mut game = Game::new();
    for &m in moves {
        game.play(m).expect("the openings' moves are legal");
    }
    game
}
