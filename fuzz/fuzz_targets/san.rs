//! Move text (SAN and UCI) against a few positions: never a panic, and any
//! move that parses prints back to SAN that parses to the same move.
#![no_main]
use libfuzzer_sys::fuzz_target;

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1r2k3/P7/8/3pP3/8/8/8/R3K2R w KQ d6 0 1",
    "4k1n1/8/2n5/1B6/8/8/8/4K3 b - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for fen in POSITIONS {
        let pos: chess_core::Position = fen.parse().unwrap();
        if let Ok(m) = pos.parse_san(text) {
            let san = pos.san(m).unwrap();
            assert_eq!(pos.parse_san(&san), Ok(m));
        }
        let _ = pos.parse_uci(text);
    }
});
