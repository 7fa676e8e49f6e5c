//! Games: the move tree and cursor, outcomes, and the draw rules where
//! chess.js, lichess and cutechess all had bugs.

use chess_core::{Color, DrawReason, Game, NodeId, Outcome, PlayError, WinReason};

fn play(game: &mut Game, moves: &str) {
    for san in moves.split_whitespace() {
        game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
}

#[test]
fn variations_are_kept() {
    let mut game = Game::new();
    play(&mut game, "e4 e5 Nf3 Nc6");
    game.back();
    game.back();
    play(&mut game, "Bc4"); // a variation beside Nf3
    assert_eq!(game.mainline().len(), 4, "the main line is untouched");
    let e5 = game.mainline()[1];
    assert_eq!(game.children(e5).len(), 2);
    assert_eq!(game.san_at(game.children(e5)[1]).as_deref(), Some("Bc4"));
    // Playing the main move again follows it instead of adding a copy.
    game.back();
    play(&mut game, "Nf3");
    assert_eq!(game.children(e5).len(), 2);
    assert_eq!(game.cursor(), game.mainline()[2]);
}

#[test]
fn navigation() {
    let mut game = Game::new();
    play(&mut game, "d4 d5 c4");
    assert_eq!(game.ply(game.cursor()), 3);
    game.to_start();
    assert_eq!(game.cursor(), NodeId::ROOT);
    assert!(!game.back());
    assert!(game.forward());
    game.to_end();
    assert_eq!(game.san_at(game.cursor()).as_deref(), Some("c4"));
    assert!(!game.forward());
    let d5 = game.mainline()[1];
    assert!(game.go_to(d5));
    assert_eq!(
        game.position().fen(),
        "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"
    );
}

#[test]
fn promote_and_delete() {
    let mut game = Game::new();
    play(&mut game, "e4 e5");
    game.to_start();
    play(&mut game, "d4 d5");
    let d4 = game.children(NodeId::ROOT)[1];
    assert!(!game.is_mainline(d4));
    assert!(game.promote_to_main(game.cursor()));
    assert_eq!(game.children(NodeId::ROOT)[0], d4);
    assert!(game.is_mainline(game.cursor()));
    assert_eq!(game.san_at(game.mainline()[1]).as_deref(), Some("d5"));
    // Deleting the line with the cursor in it moves the cursor out.
    assert!(game.delete(d4));
    assert_eq!(game.cursor(), NodeId::ROOT);
    assert_eq!(game.children(NodeId::ROOT).len(), 1);
    assert!(!game.contains(d4));
    assert!(!game.delete(NodeId::ROOT));
    // pop takes back the last move.
    game.to_end();
    assert_eq!(game.pop().map(|m| m.uci()), Some("e7e5".to_string()));
    assert_eq!(game.mainline().len(), 1);
}

#[test]
fn checkmate_and_no_more_moves() {
    let mut game = Game::new();
    play(&mut game, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
    let mate = Outcome::Win {
        winner: Color::White,
        reason: WinReason::Checkmate,
    };
    assert_eq!(game.outcome(), Some(mate));
    assert_eq!(mate.to_string(), "Checkmate — White wins 1-0");
    assert!(matches!(game.play_san("Ke7"), Err(PlayError::GameOver(_))));
    // Going back, the game goes on.
    game.back();
    assert_eq!(game.outcome(), None);
}

#[test]
fn stalemate_and_dead_positions() {
    let mut game = Game::from_fen("7k/8/6Q1/8/8/8/8/K7 w - - 0 1").unwrap();
    play(&mut game, "Qf7");
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    assert_eq!(game.outcome().unwrap().to_string(), "Draw by stalemate");
    let mut game = Game::from_fen("8/8/8/4k3/8/8/3q4/4K3 w - - 0 1").unwrap();
    play(&mut game, "Kxd2");
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::InsufficientMaterial)));
}

/// Knights out and back: after the fourth ply the start position repeats.
const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn threefold_counts_the_start_position_and_can_be_claimed() {
    let mut game = Game::new();
    play(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(game.cursor()), 2, "the start position counts");
    assert!(!game.can_claim_draw() || game.claimable_draw() == Some(DrawReason::ThreefoldRepetition));
    play(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(game.cursor()), 3);
    assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
    // A claim is not forced: the game goes on until someone claims.
    assert_eq!(game.outcome(), None);
    let claimed = game.claim_draw().unwrap();
    assert_eq!(claimed, Outcome::Draw(DrawReason::ThreefoldRepetition));
    assert_eq!(game.outcome(), Some(claimed));
}

#[test]
fn threefold_claim_when_the_next_move_repeats() {
    let mut game = Game::new();
    // Start position seen twice so far (at the start and after the shuffle);
    // after Nf3 Nf6 Ng1, Black's Ng8 would bring it a third time: FIDE 9.2.
    play(&mut game, SHUFFLE);
    play(&mut game, "Nf3 Nf6 Ng1");
    assert_eq!(game.repetitions(game.cursor()), 2);
    assert_eq!(game.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
}

#[test]
fn fivefold_ends_the_game() {
    let mut game = Game::new();
    for _ in 0..3 {
        play(&mut game, SHUFFLE);
    }
    assert_eq!(game.outcome(), None);
    play(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(game.cursor()), 5);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::FivefoldRepetition)));
}

#[test]
fn repetition_needs_the_same_en_passant_possibility() {
    // After 1.e4 no black pawn can take en passant, so the position after
    // 1.e4 Nf6 2.Nf3 Ng8 3.Ng1 Nf6 ... repeats the one after 1.e4 ... Nf6.
    let mut game = Game::new();
    play(&mut game, "e4 Nf6 Nf3 Ng8 Ng1 Nf6");
    assert_eq!(game.repetitions(game.cursor()), 2);
    // With a possible en passant capture the first position differs: here
    // Black's pawn on d4 could take e3 right after e2-e4, never later.
    let mut game = Game::from_fen("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    play(&mut game, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    // The position after e4 (ep possible) and after the last Ng1 (not) differ.
    let after_e4 = game.mainline()[0];
    assert!(!game.position_at(after_e4).same_for_repetition(game.position()));
    assert_eq!(game.repetitions(game.cursor()), 2);
}

#[test]
fn fifty_moves_claim_and_seventy_five_end() {
    // Rook endgame with the clock at 99: any quiet move makes it 100.
    let mut game = Game::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 99 80").unwrap();
    assert_eq!(
        game.claimable_draw(),
        Some(DrawReason::FiftyMoves),
        "claim on the next move (FIDE 9.3)"
    );
    play(&mut game, "Ra2");
    assert_eq!(game.claimable_draw(), Some(DrawReason::FiftyMoves));
    let mut game = Game::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 149 100").unwrap();
    play(&mut game, "Ra2");
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::SeventyFiveMoves)));
    assert!(!game.can_claim_draw(), "no claim once the game is over");
}

#[test]
fn checkmate_on_the_hundredth_half_move_wins() {
    // The clock is at 99; Ra8 mates and makes it 100: a win, not a draw.
    let mut game = Game::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80").unwrap();
    play(&mut game, "Ra8#");
    assert_eq!(game.position().halfmoves(), 100);
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::White));
    assert!(!game.can_claim_draw());
    // The same at the seventy-five-move limit.
    let mut game = Game::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100").unwrap();
    play(&mut game, "Ra8#");
    assert_eq!(game.outcome().unwrap().winner(), Some(Color::White));
}

#[test]
fn resignation_and_agreement_are_recorded_and_cleared_by_a_move() {
    let mut game = Game::new();
    play(&mut game, "e4");
    let resigned = game.resign(Color::Black).unwrap();
    assert_eq!(resigned.to_string(), "Black resigns — White wins 1-0");
    assert_eq!(game.outcome(), Some(resigned));
    assert!(game.agree_draw().is_err(), "already over");
    play(&mut game, "e5");
    game.back();
    assert_eq!(game.outcome(), None, "playing a move cleared the recorded result");
    game.to_end();
    assert_eq!(game.agree_draw().unwrap().to_string(), "Draw by agreement");
}
