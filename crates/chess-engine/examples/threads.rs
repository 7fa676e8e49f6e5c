//! The speedup of searching on several threads (Lazy SMP) in time to
//! depth: each position searched to a fixed depth on one thread, then on
//! N, each time with a fresh engine (an empty table), in the same process.
//!
//! `cargo run --release -p chess-engine --example threads -- [THREADS] [DEPTH]`
//! (default 2 threads, depth 14). Run it on an idle machine: the threads
//! need a core each.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use chess_core::Position;
use chess_engine::{Engine, Limits};

/// Middlegames and endgames of real play, and the start.
const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
    "r2q1rk1/1b2bppp/p2ppn2/1p6/3NP3/1BN1B3/PPP2PPP/R2Q1RK1 w - - 0 11",
    "2r2rk1/pp1bqppp/2n1pn2/3p4/3P4/2PB1N2/PQ1N1PPP/R4RK1 w - - 4 14",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/2P5/5PPP/3R2K1 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// The time to finish `depth` on `threads` threads.
fn time_to_depth(pos: &Position, threads: usize, depth: u32) -> (Duration, u64) {
    let mut engine = Engine::new(64);
    engine.set_threads(threads);
    let started = Instant::now();
    let result = engine.search(pos, &[], &Limits::depth(depth), &AtomicBool::new(false), |_| {});
    (started.elapsed(), result.nodes)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(14);
    let (mut one, mut many) = (Duration::ZERO, Duration::ZERO);
    println!("time to depth {depth}: 1 thread against {threads}");
    for fen in POSITIONS {
        let pos: Position = fen.parse().expect("a FEN");
        let (t1, n1) = time_to_depth(&pos, 1, depth);
        let (tn, nn) = time_to_depth(&pos, threads, depth);
        one += t1;
        many += tn;
        println!(
            "{:>8.0} ms {:>10} nodes | {:>8.0} ms {:>10} nodes | {:.2}x  {fen}",
            t1.as_secs_f64() * 1000.0,
            n1,
            tn.as_secs_f64() * 1000.0,
            nn,
            t1.as_secs_f64() / tn.as_secs_f64()
        );
    }
    println!(
        "total: {:.1} s on 1 thread, {:.1} s on {threads}: {:.2}x",
        one.as_secs_f64(),
        many.as_secs_f64(),
        one.as_secs_f64() / many.as_secs_f64()
    );
}
