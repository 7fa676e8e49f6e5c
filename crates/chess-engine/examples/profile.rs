//! A profile of the search on a fixed set of positions (openings,
//! middlegames, endgames): nodes per second, the effective branching
//! factor, how often the transposition table answers, and how often each
//! pruning and reduction fires. The figures behind `docs/engine.md`
//! ("Profile").
//!
//! ```text
//! cargo run --release -p chess-engine --example profile -- [DEPTH]
//! ```

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use chess_core::Position;
use chess_engine::{Engine, Limits, Stats};

/// Positions of every phase, from test suites and games.
const POSITIONS: [&str; 16] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 9",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp1p1ppp/4pn2/2p5/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
    "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 3 13",
    "r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/5N1P/PPB2PP1/RNBQR1K1 w - - 1 13",
    "3r1rk1/pp3ppp/2n1b3/q1pp2B1/8/P1Q2NP1/1PP1PP1P/2KR3R w - - 0 15",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "6k1/5p2/6p1/8/7p/8/6PP/6K1 b - - 0 1",
    "8/3k4/8/8/8/4B3/4K1B1/8 w - - 0 1",
    "2r3k1/5pp1/p3p2p/1p1pP3/3P4/1P1Q1N2/P4PPP/6K1 w - - 0 25",
    "r1bqk2r/pppp1ppp/2n5/8/1bBPn3/2N2N2/PP3PPP/R1BQK2R w KQkq - 0 8",
];

fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(12);
    let stop = AtomicBool::new(false);
    let mut total = Stats::default();
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    // Node counts of the last iterations, for the branching factor.
    let mut ratios = Vec::new();
    for fen in POSITIONS {
        let pos: Position = fen.parse().expect("a bench position");
        let mut engine = Engine::new(64);
        let mut by_depth = Vec::new();
        let result = engine.search(&pos, &[], &Limits::depth(depth), &stop, |info| {
            by_depth.push(info.nodes);
        });
        // Nodes of iteration d alone, over those of d - 1, for the last
        // four iterations.
        let own: Vec<u64> = by_depth.windows(2).map(|w| w[1] - w[0]).collect();
        for w in own.windows(2).rev().take(4) {
            if w[0] > 0 {
                ratios.push(w[1] as f64 / w[0] as f64);
            }
        }
        println!(
            "{:>9} nodes {:>7.1} ms  {fen}",
            result.nodes,
            result.time.as_secs_f64() * 1000.0
        );
        nodes += result.nodes;
        time += result.time;
        total.add(&result.stats);
    }
    let s = total;
    let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
    let main_nodes = nodes - s.qnodes;
    let ebf = (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len().max(1) as f64).exp();
    println!();
    println!("depth {depth}, {} positions, one thread, 64 MiB table", POSITIONS.len());
    println!(
        "nodes {nodes} in {:.2} s: {:.2} M nodes/s",
        time.as_secs_f64(),
        nodes as f64 / time.as_secs_f64() / 1e6
    );
    println!(
        "quiescence nodes {:.1}% of all; effective branching factor {ebf:.2} (geometric mean of the last four iterations' ratios)",
        pct(s.qnodes, nodes)
    );
    println!(
        "table: found {:.1}% of main-search probes; settled {:.1}% of them",
        pct(s.tt_hits, s.tt_probes),
        pct(s.tt_cutoffs, s.tt_hits)
    );
    println!(
        "cutoffs: {:.1}% of main-search nodes; the first move {:.1}% of them",
        pct(s.cutoffs, main_nodes),
        pct(s.first_move_cutoffs, s.cutoffs)
    );
    println!(
        "null move: tried at {:.1}% of main nodes, cut {:.1}% of the time; reverse futility cut {:.1}% of main nodes; razoring {:.1}%",
        pct(s.null_tries, main_nodes),
        pct(s.null_cutoffs, s.null_tries),
        pct(s.rfp_cutoffs, main_nodes),
        pct(s.razored, main_nodes)
    );
    println!(
        "moves skipped: {} by futility, {} by late-move pruning, {} by SEE; {} reduced, {:.1}% of them searched again",
        s.futility_pruned,
        s.lmp_pruned,
        s.see_pruned,
        s.reduced,
        pct(s.re_searched, s.reduced)
    );
    println!("aspiration windows missed: {}", s.aspiration_fails);
    println!("singular extensions: {}", s.singular_extensions);
}
