//! Criterion benchmarks of perft on the six CPW positions, for chess-core,
//! shakmaty and cozy-chess side by side (`cargo bench -p chess-core --bench perft`).
//! The interleaved ratio table is the `compare` bench.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

#[path = "support/perft.rs"]
mod common;
use common::*;

fn bench(c: &mut Criterion) {
    for (name, fen, depth) in positions() {
        let depth = depth - 1; // keep criterion's many samples short
        let (a, b, z) = (ours(&fen), shakmaty_pos(&fen), cozy_pos(&fen));
        let nodes = a.perft(depth);
        let mut group = c.benchmark_group(format!("perft-bulk/{name}"));
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(10);
        group.bench_function("chess-core", |bch| bch.iter(|| a.perft(black_box(depth))));
        group.bench_function("shakmaty", |bch| bch.iter(|| shakmaty::perft(&b, black_box(depth))));
        group.bench_function("cozy-chess", |bch| bch.iter(|| cozy_perft(&z, black_box(depth), true)));
        group.finish();

        let depth = depth - 1;
        let nodes = a.perft(depth);
        let mut group = c.benchmark_group(format!("perft-unbulked/{name}"));
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(10);
        group.bench_function("chess-core", |bch| bch.iter(|| a.perft_unbulked(black_box(depth))));
        group.bench_function("shakmaty", |bch| {
            bch.iter(|| shakmaty_perft_unbulked(&b, black_box(depth)))
        });
        group.bench_function("cozy-chess", |bch| bch.iter(|| cozy_perft(&z, black_box(depth), false)));
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
