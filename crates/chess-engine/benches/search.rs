//! Search speed: nodes per second on a few positions at a fixed depth, next
//! to perft's speed on the same positions measured in the same run (a
//! ratio that survives a noisy machine).
//!
//! `cargo bench -p chess-engine --bench search`

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use chess_core::Position;
use chess_engine::{Engine, Limits};
use criterion::{Criterion, criterion_group, criterion_main};

const POSITIONS: [(&str, &str, u32); 3] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 12),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        10,
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 20),
];

fn search(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    for (name, fen, depth) in POSITIONS {
        let pos: Position = fen.parse().unwrap();
        // Nodes per second, printed once beside perft's (bulk-counted leaves
        // per second) on the same position.
        let mut engine = Engine::new(64);
        let t = Instant::now();
        let result = engine.search(&pos, &[], &Limits::depth(depth), &stop, |_| {});
        let search_nps = result.nodes as f64 / t.elapsed().as_secs_f64();
        let t = Instant::now();
        let leaves = pos.perft(5);
        let perft_nps = leaves as f64 / t.elapsed().as_secs_f64();
        println!(
            "{name}: search depth {depth}: {} nodes, {:.2} M nodes/s; perft 5: {:.1} M leaves/s; search/perft = {:.3}",
            result.nodes,
            search_nps / 1e6,
            perft_nps / 1e6,
            search_nps / perft_nps
        );
        c.bench_function(&format!("search {name} depth {}", depth.min(6)), |b| {
            b.iter(|| {
                let mut engine = Engine::new(16);
                engine.search(&pos, &[], &Limits::depth(depth.min(6)), &stop, |_| {})
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search
}
criterion_main!(benches);
