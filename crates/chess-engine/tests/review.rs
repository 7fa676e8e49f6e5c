//! Game review with the real engine: a short game with a known blunder.

use std::sync::atomic::AtomicBool;

use chess_core::Game;
use chess_core::pgn::Eval;
use chess_engine::Limits;
use chess_engine::review::{AnalyseOptions, Judgement, analyse_game, annotate, evals_of, review};

fn reviewed(pgn: &str) -> (Game, chess_engine::review::Review) {
    let mut game = Game::from_pgn(pgn).unwrap();
    let moves = game.mainline_moves();
    let options = AnalyseOptions {
        limits: Limits::depth(7),
        threads: 2,
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
    let chess_core::ByColor { white, black } = review.accuracy.map(Option::unwrap);
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
    // Not a terminal: no progress bar drawn, only the summary.
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.starts_with("2 game(s) reviewed"), "{said:?}");
    assert!(!said.contains('\r'), "{said:?}");
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

/// Reviews the main line of `game` at `depth` on `threads` threads.
fn review_of(game: &Game, depth: u32, threads: usize) -> chess_engine::review::Review {
    let moves = game.mainline_moves();
    let options = AnalyseOptions {
        limits: Limits::depth(depth),
        threads,
        hash_mb: 4,
    };
    let evals = analyse_game(
        game.start_position(),
        &moves,
        &options,
        &AtomicBool::new(false),
        &|_, _| {},
    )
    .unwrap();
    review(game.start_position(), &moves, &evals)
}

#[test]
fn a_game_reviewed_again_gets_the_same_marks_and_words() {
    // Three games of the twenty, each reviewed three times: on one thread,
    // on two, and on two again. Every evaluation, mark and sentence the same.
    for game in games_of(TWENTY_GAMES).iter().take(3) {
        let one = review_of(game, 8, 1);
        assert_eq!(review_of(game, 8, 2), one);
        assert_eq!(review_of(game, 8, 2), one);
        assert!(one.moves.iter().any(|m| m.judgement.is_some()), "a club game has marks");
    }
}

/// Lila's rule (`modules/tree/src/main/Advice.scala`, CpAdvice then
/// MateAdvice), written again from its source for the test: `prev` and
/// `info` from White's side, `white_moved` whether White made the move.
fn lila_judgement(prev: Eval, info: Eval, white_moved: bool) -> Option<Judgement> {
    // Score.mate(0) after the move: the side to move is mated, by the mover.
    let as_score = |e: Eval, white_to_move: bool| match e {
        Eval::Mate(0) => Eval::Mate(if white_to_move { -1 } else { 1 }),
        e => e,
    };
    let (prev, info) = (as_score(prev, white_moved), as_score(info, !white_moved));
    let chances = |cp: i32| (2.0 / (1.0 + (-0.00368208 * f64::from(cp)).exp()) - 1.0f64).clamp(-1.0, 1.0);
    if let (Eval::Centipawns(cp), Eval::Centipawns(info_cp)) = (prev, info) {
        let d = chances(info_cp) - chances(cp);
        // info.color is the mover: fold(-d, d) takes -d for White.
        let delta = if white_moved { -d } else { d };
        return [
            (0.3, Judgement::Blunder),
            (0.2, Judgement::Mistake),
            (0.1, Judgement::Inaccuracy),
        ]
        .into_iter()
        .find(|(t, _)| *t <= delta)
        .map(|(_, j)| j);
    }
    let invert = |e: Eval| match e {
        Eval::Centipawns(cp) if !white_moved => Eval::Centipawns(-cp),
        Eval::Mate(n) if !white_moved => Eval::Mate(-n),
        e => e,
    };
    let (p, n) = (invert(prev), invert(info));
    let cp_or_zero = |e: Eval| if let Eval::Centipawns(cp) = e { cp } else { 0 };
    let created = matches!((p, n), (Eval::Centipawns(_), Eval::Mate(m)) if m < 0);
    let lost = matches!((p, n), (Eval::Mate(m), Eval::Centipawns(_)) if m > 0)
        || matches!((p, n), (Eval::Mate(a), Eval::Mate(b)) if a > 0 && b < 0);
    if created {
        let before = cp_or_zero(p);
        Some(if before < -999 {
            Judgement::Inaccuracy
        } else if before < -700 {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        })
    } else if lost {
        let after = cp_or_zero(n);
        Some(if after > 999 {
            Judgement::Inaccuracy
        } else if after > 700 {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        })
    } else {
        None
    }
}

#[test]
fn every_mark_is_lilas_on_the_reviews_own_evaluations() {
    let mut marked = 0;
    for game in games_of(TWENTY_GAMES).iter().take(8) {
        let moves = game.mainline_moves();
        let options = AnalyseOptions {
            limits: Limits::depth(6),
            threads: 2,
            hash_mb: 4,
        };
        let evals = analyse_game(
            game.start_position(),
            &moves,
            &options,
            &AtomicBool::new(false),
            &|_, _| {},
        )
        .unwrap();
        let reviewed = review(game.start_position(), &moves, &evals);
        for (i, m) in reviewed.moves.iter().enumerate() {
            let engine_move = evals[i].pv.first() == Some(&m.played);
            let lila = lila_judgement(evals[i].eval, evals[i + 1].eval, m.mover == chess_core::Color::White);
            let expected = if engine_move { None } else { lila };
            assert_eq!(
                m.judgement,
                expected,
                "move {i} ({}): {:?} to {:?}",
                m.played,
                evals[i].eval,
                evals[i + 1].eval
            );
            // The engine's move is never marked, and never "missed".
            if engine_move {
                assert!(m.coach.is_none() && m.best.is_none());
            }
            marked += usize::from(m.judgement.is_some());
        }
    }
    assert!(marked > 20, "{marked} marks");
}
