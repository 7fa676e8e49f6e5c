//! Game review with the real engine: a short game with a known blunder.

use std::sync::atomic::AtomicBool;

use chess_core::Game;
use chess_engine::Limits;
use chess_engine::review::{AnalyseOptions, Judgement, analyse_game, annotate, evals_of, review};

fn reviewed(pgn: &str) -> (Game, chess_engine::review::Review) {
    let mut game = Game::from_pgn(pgn).unwrap();
    let moves: Vec<_> = game.mainline().iter().filter_map(|&id| game.move_at(id)).collect();
    let options = AnalyseOptions {
        limits: Limits::depth(7),
        threads: 2,
        hash_mb: 8,
    };
    let evals = analyse_game(game.start_position(), &moves, &options, &AtomicBool::new(false), &|_, _| {}).unwrap();
    let review = review(game.start_position(), &moves, &evals);
    annotate(&mut game, &review);
    (game, review)
}

#[test]
fn the_engine_finds_a_hung_queen_and_says_so() {
    let (game, review) = reviewed("1. e4 e5 2. Nf3 Qg5 3. Nxg5 *");
    let queen_move = &review.moves[3];
    assert_eq!(queen_move.judgement, Some(Judgement::Blunder));
    assert_eq!(queen_move.coach.as_deref(), Some("hangs the queen on g5 to Nxg5"));
    assert!(queen_move.best.is_some());
    // White's good moves are not marked; taking the queen is best.
    assert!(review.moves.iter().step_by(2).all(|m| m.judgement.is_none()));
    let [white, black] = review.accuracy.map(Option::unwrap);
    assert!(white > 90.0 && black < white, "{white} {black}");
    // Written as lichess writes it, and read back.
    let pgn = game.to_pgn();
    assert!(pgn.contains("Qg5 $4"), "{pgn}");
    assert!(pgn.contains("Blunder: hangs the queen on g5 to Nxg5."), "{pgn}");
    let again = Game::from_pgn(&pgn).unwrap();
    let evals = evals_of(&again).expect("every move has an eval");
    assert_eq!(evals.len(), 6);
    assert!(matches!(evals[5].eval, chess_core::pgn::Eval::Centipawns(cp) if cp > 600));
}

#[test]
fn a_missed_mate_in_one_is_found() {
    // The scholar's mate, played and missed.
    let (_, review) = reviewed("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0");
    assert_eq!(review.moves[6].judgement, None, "mate is the best move");
    let (_, review) = reviewed("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. d3 *");
    // Black's Nf6 allowed mate, White's d3 missed it.
    assert_eq!(review.moves[5].coach.as_deref(), Some("allows mate in 1: Qxf7#"));
    assert_eq!(review.moves[6].coach.as_deref(), Some("misses mate in 1: Qxf7#"));
}
