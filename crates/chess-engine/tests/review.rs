//! Game review with the real engine: a short game with a known blunder.

use std::sync::atomic::AtomicBool;

use chess_core::Game;
use chess_engine::Limits;
use chess_engine::review::{AnalyseOptions, Judgement, analyse_game, annotate, evals_of, review};

fn reviewed(pgn: &str) -> (Game, chess_engine::review::Review) {
    let mut game = Game::from_pgn(pgn).unwrap();
    let moves = game.mainline_moves();
    let options = AnalyseOptions {
        limits: Limits::depth(7),
        // One thread: each searcher keeps its table from one position to the
        // next, so with two the positions each one saw (and so the line that
        // the coach's words come from) would vary from run to run.
        threads: 1,
        hash_mb: 8,
    };
    let evals = analyse_game(
        game.start_position(),
        &moves,
        &options,
        &AtomicBool::new(false),
        &|_, _| {},
    )
    .unwrap();
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

const TWENTY_GAMES: &str = include_str!("data/twenty-games.pgn");

/// Reads every game of `pgn`, failing on any error.
fn games_of(pgn: &str) -> Vec<Game> {
    let mut reader = chess_core::pgn::PgnReader::new(pgn.as_bytes());
    std::iter::from_fn(|| reader.read_game()).map(|g| g.unwrap()).collect()
}

#[test]
fn a_twenty_game_file_is_annotated_and_reads_back() {
    let options = AnalyseOptions {
        limits: Limits::depth(2),
        threads: 2,
        hash_mb: 4,
    };
    let mut out = Vec::new();
    let last = std::sync::Mutex::new(None);
    let summary = chess_engine::review::batch::review_pgn(
        TWENTY_GAMES.as_bytes(),
        &mut out,
        &options,
        &AtomicBool::new(false),
        &|p| *last.lock().unwrap() = Some(p),
    )
    .unwrap();
    assert_eq!(summary.reviewed, 20);
    assert!(summary.unreadable.is_empty());
    let progress = last.into_inner().unwrap().unwrap();
    assert_eq!((progress.games_done, progress.games), (20, 20));
    let before = games_of(TWENTY_GAMES);
    let after = games_of(&String::from_utf8(out).unwrap());
    assert_eq!(after.len(), 20);
    let mut marks = 0;
    for (old, new) in before.iter().zip(&after) {
        // Tags, moves and the players' own comments survive.
        assert_eq!(old.tags.get("White"), new.tags.get("White"));
        assert_eq!(old.moves(), new.moves());
        let line = new.mainline();
        for (&o, &n) in old.mainline().iter().zip(&line) {
            assert!(new.comment(n).contains(old.comment(o)), "{:?}", new.comment(n));
        }
        // Every main-line move has an evaluation (a mating move needs none).
        assert!(evals_of(new).is_some(), "{}", new.to_pgn());
        marks += line.iter().filter(|&&id| !new.nags(id).is_empty()).count();
    }
    assert!(marks > 0, "some move of twenty club games is marked");
}

#[test]
fn the_review_command_checks_its_arguments() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_chess-engine"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["review"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no input file"));
    let out = run(&["review", "x.pgn", "--depth", "3", "--movetime", "100"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("not both"));
    let out = run(&["review", "/nonexistent.pgn"]);
    assert_eq!(out.status.code(), Some(1));
    // A real run: the file's first games, at depth 1.
    let dir = std::env::temp_dir().join(format!("review-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("in.pgn");
    let two: Vec<&str> = TWENTY_GAMES.split("\n\n[Event").take(2).collect();
    std::fs::write(&input, two.join("\n\n[Event")).unwrap();
    let out = run(&["review", input.to_str().unwrap(), "--depth", "1", "--threads", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 game(s) reviewed"));
    let games = games_of(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(games.len(), 2);
    assert!(games.iter().all(|g| evals_of(g).is_some()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_uci_engine_reviews_too() {
    let game = Game::from_pgn("1. e4 e5 2. Nf3 Qg5 3. Nxg5 *").unwrap();
    let moves = game.mainline_moves();
    let options = AnalyseOptions {
        limits: Limits::depth(6),
        threads: 2,
        hash_mb: 8,
    };
    let program = std::path::Path::new(env!("CARGO_BIN_EXE_chess-engine"));
    let stop = AtomicBool::new(false);
    let evals =
        chess_engine::review::analyse_game_uci(program, game.start_position(), &moves, &options, &stop, &|_, _| {})
            .unwrap()
            .unwrap();
    let review = review(game.start_position(), &moves, &evals);
    assert_eq!(review.moves[3].judgement, Some(Judgement::Blunder));
    assert_eq!(review.moves[3].coach.as_deref(), Some("hangs the queen on g5 to Nxg5"));
    let missing = std::path::Path::new("/nonexistent/engine");
    assert!(
        chess_engine::review::analyse_game_uci(missing, game.start_position(), &moves, &options, &stop, &|_, _| {})
            .is_err()
    );
}

#[test]
fn reviewing_twice_keeps_one_sentence_and_the_players_comment() {
    let (mut game, review) = reviewed("1. e4 e5 2. Nf3 Qg5 { I wanted to attack g2 } 3. Nxg5 *");
    let qg5 = game.mainline()[3];
    let once = game.comment(qg5).to_string();
    assert!(once.ends_with("I wanted to attack g2"), "{once}");
    annotate(&mut game, &review);
    assert_eq!(game.comment(qg5), once);
    assert_eq!(game.nags(qg5), [4]);
}
