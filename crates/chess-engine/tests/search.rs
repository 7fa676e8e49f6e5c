//! The engine finds mates, wins won endgames, never returns an illegal
//! move, sees draws, and stops when told.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chess_core::{Move, Position};
use chess_engine::{Engine, Level, Limits, Rng, Score};

fn never() -> AtomicBool {
    AtomicBool::new(false)
}

fn pos(fen: &str) -> Position {
    fen.parse().unwrap()
}

/// Searches to `depth` and checks the score is the mate expected, and
/// that playing the line really mates.
fn assert_mate_in(fen: &str, moves: i32, depth: u32) {
    let position = pos(fen);
    let mut engine = Engine::new(16);
    let result = engine.search(&position, &[], &Limits::depth(depth), &never(), |_| {});
    assert_eq!(
        result.lines[0].score,
        Score::Mate(moves),
        "{fen}: {:?}",
        result.lines[0]
    );
    let mut board = position.clone();
    for &m in &result.lines[0].pv {
        board.play(m).unwrap();
    }
    assert_eq!(
        result.lines[0].pv.len() as i32,
        2 * moves - 1,
        "{fen}: {:?}",
        result.lines[0].pv
    );
    assert!(
        board.is_checkmate(),
        "{fen}: the line {:?} does not mate",
        result.lines[0].pv
    );
}

#[test]
fn mate_in_one() {
    assert_mate_in("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, 3);
    // Scholar's mate.
    assert_mate_in(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        1,
        3,
    );
    assert_mate_in("6k1/5ppp/8/8/8/8/8/4Q1K1 w - - 0 1", 1, 3);
}

#[test]
fn mate_in_two() {
    // 1. Nf6+ gxf6 2. Bxf7#.
    assert_mate_in(
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        2,
        5,
    );
    // The mates in three below, one move pair in.
    // 1... Qb6+ 2. Kd5 Qd6#.
    assert_mate_in("r1b1k2r/pppp1ppp/5q2/2K1n3/4P3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 2", 2, 5);
    // 1. Bf6+ Kg8 2. Re8#.
    assert_mate_in("r1b4k/ppp1Bp1p/1b6/n2P4/2p3q1/5N2/P4PPP/RN2R1K1 w - - 0 2", 2, 5);
    // A quiet move into zugzwang, 1. Ra6! (bxa6 2. b7#, or Bc7 2. Rxa7#),
    // where null-move pruning could mislead: found shallow and deep.
    assert_mate_in("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2, 5);
    assert_mate_in("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2, 12);
}

#[test]
fn mate_in_three() {
    // 1... Bc5+ 2. Kxc5 Qb6+ 3. Kd5 Qd6#.
    assert_mate_in("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3, 7);
    // 1. Qxh8+ Kxh8 2. Bf6+ Kg8 3. Re8#.
    assert_mate_in("r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 1", 3, 7);
}

#[test]
fn mated_side_knows_it() {
    let mut engine = Engine::new(16);
    let trapped = pos("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    let result = engine.search(&trapped, &[], &Limits::depth(2), &never(), |_| {});
    assert_eq!(result.best, None, "checkmated: no move");
    assert!(result.lines.is_empty());
}

/// Plays both sides with the engine until the game ends or `max_plies`.
fn self_play(start: &Position, nodes: u64, max_plies: usize) -> (Position, usize) {
    let mut engine = Engine::new(16);
    let mut position = start.clone();
    let mut history = Vec::new();
    for ply in 0..max_plies {
        if position.legal_moves().is_empty() {
            return (position, ply);
        }
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let result = engine.search(&position, &history, &limits, &never(), |_| {});
        let m = result.best.expect("a legal move exists");
        history.push(position.zobrist());
        position.play(m).expect("the engine plays legal moves");
    }
    (position, max_plies)
}

#[test]
fn converts_king_and_queen_against_king() {
    for fen in [
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
        "8/8/3k4/8/8/8/1Q6/6K1 w - - 0 1",
        "7k/8/8/8/8/8/8/K2Q4 w - - 0 1",
    ] {
        let (end, plies) = self_play(&pos(fen), 50_000, 100);
        assert!(end.is_checkmate(), "{fen}: no mate after {plies} plies: {}", end.fen());
    }
}

#[test]
fn converts_king_and_rook_against_king() {
    let (end, plies) = self_play(&pos("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"), 100_000, 120);
    assert!(end.is_checkmate(), "no mate after {plies} plies: {}", end.fen());
}

#[test]
fn never_an_illegal_move() {
    // Random games; at each position, searches with little budget (so
    // searches are cut off in odd places) and with levels (random picks).
    let mut rng = Rng::seeded(42);
    let mut engine = Engine::new(4);
    let stop = never();
    let mut checked = 0;
    for game in 0..12 {
        let mut position = Position::new();
        let mut history = Vec::new();
        for ply in 0..160 {
            let legal = position.legal_moves();
            if legal.is_empty() || position.halfmoves() >= 100 {
                break;
            }
            let limits = Limits {
                nodes: Some(1 + (ply * 37 + game * 101) as u64 % 3000),
                multipv: 1 + ply % 4,
                ..Limits::default()
            };
            let result = engine.search(&position, &history, &limits, &stop, |info| {
                let mut board = position.clone();
                for &m in &info.line.pv {
                    board.play(m).expect("every move of every line is legal");
                }
            });
            let best = result.best.expect("a legal move exists");
            assert!(position.is_legal(best), "{}: {best:?}", position.fen());
            let level = Level::new((ply % 10) as u8 + 1);
            let chosen = level.choose(&result, rng.next_f64()).unwrap();
            assert!(position.is_legal(chosen), "{}: {chosen:?}", position.fen());
            checked += 1;
            // Move on randomly, to reach all kinds of positions.
            let next: Move = legal[(rng.next_f64() * legal.len() as f64) as usize];
            history.push(position.zobrist());
            position.play(next).unwrap();
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn stalemate_and_single_move() {
    let mut engine = Engine::new(4);
    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        engine.search(&stalemate, &[], &Limits::depth(3), &never(), |_| {}).best,
        None
    );
    // Only Kh8-h7 is legal.
    let forced = pos("7k/8/8/8/8/8/6R1/K5R1 b - - 0 1");
    assert_eq!(forced.legal_moves().len(), 1);
    let result = engine.search(&forced, &[], &Limits::depth(20), &never(), |_| {});
    assert_eq!(result.best, Some(forced.legal_moves()[0]));
}

#[test]
fn avoids_stalemating_when_winning() {
    // Qf7 would stalemate; Qf8 mates.
    let position = pos("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    let mut engine = Engine::new(16);
    let result = engine.search(&position, &[], &Limits::depth(6), &never(), |_| {});
    let after = position.after(result.best.unwrap()).unwrap();
    assert!(!after.is_stalemate());
    assert!(
        matches!(result.lines[0].score, Score::Mate(n) if n > 0),
        "{:?}",
        result.lines[0]
    );
}

#[test]
fn sees_repetition_and_fifty_moves() {
    let mut engine = Engine::new(16);
    // A rook up, but the only move allowed returns to a position seen
    // before: a draw.
    let position = pos("8/8/8/4k3/8/8/8/R3K3 w - - 4 30");
    let m = position.parse_uci("a1a2").unwrap();
    let child = position.after(m).unwrap();
    let limits = Limits {
        depth: Some(6),
        search_moves: vec![m],
        ..Limits::default()
    };
    let fresh = engine.search(&position, &[], &limits, &never(), |_| {});
    assert!(fresh.lines[0].score.as_cp() > 300, "{:?}", fresh.lines[0]);
    let seen = engine.search(&position, &[child.zobrist()], &limits, &never(), |_| {});
    assert_eq!(seen.lines[0].score, Score::Cp(0));

    // At 99 halfmoves every quiet move ends the game in a draw.
    let fifty = pos("8/8/8/4k3/8/8/8/R3K3 w - - 99 80");
    let result = engine.search(&fifty, &[], &Limits::depth(6), &never(), |_| {});
    assert_eq!(result.lines[0].score, Score::Cp(0));
    // ...unless a mate comes first: a mate on the hundredth halfmove stands.
    let mate = pos("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 80");
    let result = engine.search(&mate, &[], &Limits::depth(3), &never(), |_| {});
    assert_eq!(result.lines[0].score, Score::Mate(1));
}

#[test]
fn multipv_gives_distinct_lines_best_first() {
    let mut engine = Engine::new(16);
    let limits = Limits {
        depth: Some(6),
        multipv: 4,
        ..Limits::default()
    };
    let result = engine.search(&Position::new(), &[], &limits, &never(), |_| {});
    assert_eq!(result.lines.len(), 4);
    let firsts: std::collections::HashSet<Move> = result.lines.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts.len(), 4);
    assert!(
        result
            .lines
            .windows(2)
            .all(|w| w[0].score.as_cp() >= w[1].score.as_cp())
    );
    assert_eq!(result.best, Some(result.lines[0].pv[0]));
}

#[test]
fn stop_is_honoured_within_50_ms() {
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        let position = pos(fen);
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let searcher = std::thread::spawn(move || {
            let mut engine = Engine::new(16);
            let result = engine.search(&position, &[], &Limits::default(), &flag, |_| {});
            (result, Instant::now())
        });
        std::thread::sleep(Duration::from_millis(300));
        let asked = Instant::now();
        stop.store(true, Ordering::SeqCst);
        let (result, returned) = searcher.join().unwrap();
        let delay = returned.saturating_duration_since(asked);
        assert!(delay < Duration::from_millis(50), "{fen}: stopped after {delay:?}");
        assert!(result.best.is_some());
        assert!(result.depth >= 3, "{fen}: depth {}", result.depth);
    }
}

#[test]
fn movetime_is_kept() {
    let mut engine = Engine::new(16);
    let start = Instant::now();
    let result = engine.search(
        &Position::new(),
        &[],
        &Limits::movetime(Duration::from_millis(200)),
        &never(),
        |_| {},
    );
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(150) && took < Duration::from_millis(400),
        "{took:?}"
    );
    assert!(result.best.is_some());
}

#[test]
fn levels_play_worse_but_legal() {
    // Level 1 picks among many moves; level 10 sticks to the best.
    let position = Position::new();
    let mut engine = Engine::new(16);
    let stop = never();
    let mut rng = Rng::seeded(1);
    let mut weak = std::collections::HashSet::new();
    for _ in 0..30 {
        let m = engine
            .play(&position, &[], Level::MIN, Duration::from_millis(50), &stop, &mut rng)
            .unwrap();
        weak.insert(m);
    }
    assert!(weak.len() >= 3, "level 1 varies its moves: {weak:?}");
    // A free queen is taken at every level.
    let free_queen = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    for n in 1..=10 {
        let m = engine
            .play(
                &free_queen,
                &[],
                Level::new(n),
                Duration::from_millis(50),
                &stop,
                &mut rng,
            )
            .unwrap();
        assert_eq!(m.uci(), "d2d5", "level {n}");
    }
}

#[test]
fn an_interrupted_search_keeps_a_sound_move() {
    // From a game against Stockfish: here 17. c4?? Ne2+ loses the queen to
    // a fork. A search stopped while its first move failed low once
    // returned such a move (the best of the upper bounds); stopped at any
    // point, the move must be as good as a complete shallower search's.
    let position = pos("2kr3r/2p3pp/p1pbqp2/Pp2p2P/4Pn2/3PB1Q1/1PPN1PP1/R4RK1 w - - 1 17");
    let mut engine = Engine::new(16);
    let all = Limits {
        depth: Some(5),
        multipv: 64,
        ..Limits::default()
    };
    let reference = engine.search(&position, &[], &all, &never(), |_| {});
    let best = reference.lines[0].score.as_cp();
    let score_of = |m: Move| {
        reference
            .lines
            .iter()
            .find(|l| l.pv[0] == m)
            .map(|l| l.score.as_cp())
            .unwrap()
    };
    for nodes in (1_000..80_000).step_by(1_500) {
        let mut engine = Engine::new(16);
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let m = engine.search(&position, &[], &limits, &never(), |_| {}).best.unwrap();
        assert!(
            score_of(m) > best - 200,
            "{nodes} nodes: {} scores {} (best {best})",
            m.uci(),
            score_of(m)
        );
    }
}

/// On several threads (Lazy SMP) the search finds the same mates, its
/// helpers stop with it (also when told to stop), and the nodes of every
/// thread are counted.
#[test]
fn several_threads_find_what_one_finds_and_stop_together() {
    let mut engine = Engine::new(16);
    engine.set_threads(3);
    assert_eq!(engine.threads(), 3);
    // White mates in one (Qxf7#).
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let result = engine.search(&pos(fen), &[], &Limits::depth(6), &never(), |_| {});
    assert_eq!(result.lines[0].score, Score::Mate(1));
    let alone = Engine::new(16).search(&pos(fen), &[], &Limits::depth(6), &never(), |_| {});
    assert_eq!(result.best, alone.best);
    // Told to stop from another thread, every thread ends soon.
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        flag.store(true, Ordering::SeqCst);
    });
    let started = Instant::now();
    let result = engine.search(&Position::new(), &[], &Limits::default(), &stop, |_| {});
    stopper.join().unwrap();
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    assert!(result.best.is_some());
    // Back to one thread: the same search as a new engine's.
    engine.set_threads(1);
    engine.new_game();
    let again = engine.search(&Position::new(), &[], &Limits::depth(7), &never(), |_| {});
    let fresh = Engine::new(16).search(&Position::new(), &[], &Limits::depth(7), &never(), |_| {});
    assert_eq!((again.nodes, again.best), (fresh.nodes, fresh.best));
}

#[test]
fn an_interrupted_multipv_search_keeps_the_best_line() {
    // With several lines, the second line's best move must not be searched
    // first in the next iteration: stopped right after it, the search would
    // answer it instead of the free queen. Node limits stop the search at
    // every point of the first iterations, deterministically.
    let free_queen = pos("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    for nodes in (1_024..40_000).step_by(1_024) {
        let mut engine = Engine::new(1);
        let limits = Limits {
            nodes: Some(nodes),
            multipv: 6,
            ..Limits::default()
        };
        let result = engine.search(&free_queen, &[], &limits, &never(), |_| {});
        let best = result.best.expect("a legal move").uci();
        assert_eq!(best, "d2d5", "stopped after {nodes} nodes at depth {}", result.depth);
    }
}
