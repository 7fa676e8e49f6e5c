//! The network's hidden sums along the search's current line, one per ply,
//! each updated from its parent's by the pieces that differ: a move
//! changes two to four of the thirty-odd pieces, so the sums cost a few
//! rows a node instead of every piece's.
//!
//! The update is lazy: a node only records its pieces, and its sums are
//! computed when its evaluation is asked for (many nodes are cut off
//! before). Sums are a function of the pieces alone, so a ply's sums are
//! right whatever line filled the plies above it; the line only keeps the
//! differences small.

use chess_core::Position;

use super::network::{Accumulator, NETWORK, Pieces};

/// One ply's pieces and, once computed, their sums.
#[derive(Copy, Clone, Debug)]
struct Frame {
    pieces: Pieces,
    /// The network's sums for `pieces`, when `computed`.
    sums: Accumulator,
    computed: bool,
}

/// The sums of each ply of the line being searched; ply 0 is the root.
#[derive(Clone, Debug)]
pub(crate) struct Accumulators {
    frames: Vec<Frame>,
}

impl Accumulators {
    /// The line of a search from `root`, with room for `plies` plies
    /// below it.
    pub(crate) fn new(root: &Position, plies: usize) -> Accumulators {
        let frame = Frame {
            pieces: Pieces::of(root),
            sums: NETWORK.accumulate(root),
            computed: true,
        };
        Accumulators {
            frames: vec![frame; plies + 1],
        }
    }

    /// Records that the line's node at `ply` is `pos` (the root's ply 0
    /// is set once, by [`Accumulators::new`]).
    #[inline]
    pub(crate) fn enter(&mut self, ply: usize, pos: &Position) {
        let pieces = Pieces::of(pos);
        let frame = &mut self.frames[ply];
        // The same pieces again (a re-search, quiescence after the main
        // search at one node): the sums stand.
        if !(frame.computed && frame.pieces == pieces) {
            frame.pieces = pieces;
            frame.computed = false;
        }
    }

    /// The network's output for `pos`, the node entered at `ply`, in
    /// centipawns for the side to move.
    pub(crate) fn output(&mut self, ply: usize, pos: &Position) -> i32 {
        // The nearest ply above with its sums computed (the root has).
        let mut from = ply;
        while !self.frames[from].computed {
            from -= 1;
        }
        for p in from + 1..=ply {
            let (above, below) = self.frames.split_at_mut(p);
            let (parent, frame) = (&above[p - 1], &mut below[0]);
            frame.sums = parent.sums;
            NETWORK.update(&mut frame.sums, &parent.pieces, &frame.pieces);
            frame.computed = true;
        }
        let output = NETWORK.output(&self.frames[ply].sums, pos.turn());
        debug_assert_eq!(output, NETWORK.evaluate(pos), "{pos}");
        output
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift), for random lines.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Plays random lines from `root`, entering each node and asking its
    /// output at random (so updates span several plies), and checks every
    /// output against the network computed whole.
    fn random_lines_agree(root: Position, seed: u64) {
        let mut line = Accumulators::new(&root, 64);
        let mut rng = Rng(seed);
        let mut checked = 0;
        for _ in 0..40 {
            let mut pos = root.clone();
            for ply in 1..64 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if rng.below(8) == 0 && !pos.is_check() {
                    pos.play_null();
                } else {
                    pos.play_unchecked(moves[rng.below(moves.len())]);
                }
                line.enter(ply, &pos);
                if rng.below(3) == 0 {
                    assert_eq!(line.output(ply, &pos), NETWORK.evaluate(&pos), "{pos}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100);
    }

    #[test]
    fn updated_sums_are_the_sums_computed_whole() {
        // Castling both ways, en passant, promotions with and without
        // capture, Chess960 castling with the king and rook crossing.
        for (seed, fen) in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ]
        .into_iter()
        .enumerate()
        {
            random_lines_agree(fen.parse().unwrap(), seed as u64 + 1);
        }
        let chess960 = Position::from_fen_960("1rk2r2/pppppppp/8/8/8/8/PPPPPPPP/1RK2R2 w FBfb - 0 1").unwrap();
        random_lines_agree(chess960, 4);
    }

    #[test]
    fn a_node_entered_again_with_other_pieces_is_recomputed() {
        let root = Position::new();
        let mut line = Accumulators::new(&root, 4);
        for uci in ["e2e4", "d2d4"] {
            let mut child = root.clone();
            child.play(child.parse_uci(uci).unwrap()).unwrap();
            line.enter(1, &child);
            assert_eq!(line.output(1, &child), NETWORK.evaluate(&child));
        }
    }
}
