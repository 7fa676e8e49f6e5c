//! Perft on the classic suites: every position, every depth up to 4 in the
//! normal run; all depths with `cargo test -p chess-core -- --ignored`.

use chess_core::Position;

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.split_whitespace();
                    let depth = it.next().unwrap().trim_start_matches('D').parse().unwrap();
                    let nodes = it.next().unwrap().parse().unwrap();
                    (depth, nodes)
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
}

fn run(text: &str, depths: impl Fn(u32) -> bool) {
    for case in suite(text) {
        let pos: Position = case.fen.parse().unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for &(depth, expected) in &case.counts {
            if depths(depth) {
                assert_eq!(pos.perft(depth), expected, "{} depth {depth}", case.fen);
            }
        }
    }
}

const SUITE: &str = include_str!("data/perftsuite.epd");
const CPW: &str = include_str!("data/cpw-perft.epd");

#[test]
fn perftsuite_to_depth_4() {
    run(SUITE, |d| d <= 4);
}

#[test]
fn cpw_to_depth_4() {
    run(CPW, |d| d <= 4);
}

#[test]
fn unbulked_perft_agrees() {
    for case in suite(CPW) {
        let pos: Position = case.fen.parse().unwrap();
        for &(depth, expected) in case.counts.iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(pos.perft_unbulked(depth), expected, "{}", case.fen);
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos: Position = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .unwrap();
    let divide = pos.divide(3);
    assert_eq!(divide.len(), 48);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 97862);
}

#[test]
#[ignore = "deep perft: minutes in release mode"]
fn perftsuite_all_depths() {
    run(SUITE, |d| d > 4);
}

#[test]
#[ignore = "deep perft: minutes in release mode"]
fn cpw_all_depths() {
    run(CPW, |d| d > 4);
}
