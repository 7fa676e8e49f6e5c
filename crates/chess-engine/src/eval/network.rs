//! A small neural network that corrects the hand-made evaluation (an
//! "NNUE" in its simplest form): 768 inputs, one per (colour, role,
//! square), seen from each side; one hidden layer of [`HIDDEN`] neurons
//! whose weights both sides share; one output, added to the hand-made
//! evaluation.
//!
//! Each side's view of the board is its own: the pieces are "mine" or
//! "theirs", and Black's board is mirrored so that its pieces start on the
//! first ranks. The hidden layer is computed for both views, each neuron
//! clipped to 0..1 and squared ("SCReLU"), and the output weighs the side
//! to move's neurons apart from the other side's. The weights are trained
//! by `chess-lab train-net` on the engine's own games, to correct what the
//! hand-made terms miss (see `docs/engine.md`), and stored quantized, as
//! integers, in `network.bin`.

use chess_core::{Color, Piece, Position, Role};

use crate::bitboard::squares;

/// Inputs: 2 colours (mine, theirs) × 6 roles × 64 squares.
pub const INPUTS: usize = 768;
/// Neurons in the hidden layer.
pub const HIDDEN: usize = 64;
/// The hidden layer's weights and biases are stored multiplied by this, so
/// a neuron's 1.0 (where its clipping starts) is this integer.
pub const QA: i32 = 255;
/// The output weights are stored multiplied by this.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output: the output is a logit
/// (the expected score is its sigmoid), and this scale is the one the
/// evaluation's tuner fits between centipawns and results (400 / K).
pub const SCALE: i32 = 139;
/// The largest weight, in either layer, in the trainer's real numbers:
/// it keeps the quantized sums within their integers.
pub const MAX_WEIGHT: f32 = 1.98;

/// The size in bytes of a stored network: the hidden weights, the hidden
/// biases, the output weights (i16, little-endian), then the output bias
/// (i32).
pub const FILE_SIZE: usize = 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

/// The input for a piece of `color` and `role` on `square` (0 = a1 … 63 =
/// h8), as seen by `view`.
#[inline(always)]
pub fn input(view: Color, color: Color, role: Role, square: usize) -> usize {
    let theirs = usize::from(color != view);
    let square = if view == Color::White { square } else { square ^ 56 };
    theirs * 384 + (role as usize - 1) * 64 + square
}

/// White's view's input `white` as Black sees it: mine and theirs
/// swapped, the square mirrored top to bottom.
#[inline(always)]
pub fn black_view(white: usize) -> usize {
    (1 - white / 384) * 384 + white % 384 / 64 * 64 + ((white % 64) ^ 56)
}

/// Input `input` with its square mirrored left to right.
#[inline(always)]
pub fn mirrored(input: usize) -> usize {
    // The file is an input's lowest three bits.
    input ^ 7
}

/// Every piece of `pos` as (colour, role, square).
pub fn pieces(pos: &Position) -> impl Iterator<Item = (Color, Role, usize)> {
    Pieces::of(pos).0.into_iter().enumerate().flat_map(|(kind, set)| {
        let (color, role) = Pieces::kind(kind);
        squares(set).map(move |square| (color, role, square))
    })
}

/// A network's weights, quantized.
pub struct Network {
    hidden: [[i16; HIDDEN]; INPUTS],
    hidden_bias: [i16; HIDDEN],
    /// The side to move's neurons' weights, then the other side's.
    output: [[i16; HIDDEN]; 2],
    output_bias: i32,
}

impl Network {
    /// Reads a network stored as [`FILE_SIZE`] bytes (see there).
    pub const fn from_bytes(bytes: &[u8]) -> Network {
        assert!(bytes.len() == FILE_SIZE, "a network file has the wrong size");
        let mut net = Network {
            hidden: [[0; HIDDEN]; INPUTS],
            hidden_bias: [0; HIDDEN],
            output: [[0; HIDDEN]; 2],
            output_bias: 0,
        };
        let mut at = 0;
        let mut i = 0;
        while i < INPUTS * HIDDEN {
            net.hidden[i / HIDDEN][i % HIDDEN] = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
            at += 2;
            i += 1;
        }
        i = 0;
        while i < HIDDEN {
            net.hidden_bias[i] = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
            at += 2;
            i += 1;
        }
        i = 0;
        while i < 2 * HIDDEN {
            net.output[i / HIDDEN][i % HIDDEN] = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
            at += 2;
            i += 1;
        }
        net.output_bias = i32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        net
    }

    /// The hidden layer's weights, a row per input, times [`QA`].
    pub fn hidden_weights(&self) -> &[[i16; HIDDEN]; INPUTS] {
        &self.hidden
    }

    /// The hidden layer's biases, times [`QA`].
    pub fn hidden_bias(&self) -> &[i16; HIDDEN] {
        &self.hidden_bias
    }

    /// The output weights (the side to move's neurons', then the other
    /// side's), times [`QB`].
    pub fn output_weights(&self) -> &[[i16; HIDDEN]; 2] {
        &self.output
    }

    /// The output bias, times [`QA`] · [`QB`].
    pub fn output_bias(&self) -> i32 {
        self.output_bias
    }

    /// The network's output for `pos` in centipawns for the side to move:
    /// the correction to the hand-made evaluation.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&self.accumulate(pos), pos.turn())
    }

    /// The hidden layer's sums for `pos`, computed whole.
    pub fn accumulate(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            white: self.hidden_bias,
            black: self.hidden_bias,
        };
        for (color, role, square) in pieces(pos) {
            self.add_piece(&mut acc, color, role, square);
        }
        acc
    }

    /// Updates `acc`, the sums for the pieces `before`, to those for the
    /// pieces `after`: only the pieces that differ are counted, which
    /// after a move are two to four. The result is exactly [`Network::accumulate`]'s
    /// for `after`: the sums are integers (wrapping alike either way).
    pub fn update(&self, acc: &mut Accumulator, before: &Pieces, after: &Pieces) {
        for (kind, (&was, &is)) in before.0.iter().zip(&after.0).enumerate() {
            if was == is {
                continue;
            }
            let (color, role) = Pieces::kind(kind);
            for square in squares(was & !is) {
                self.remove_piece(acc, color, role, square);
            }
            for square in squares(is & !was) {
                self.add_piece(acc, color, role, square);
            }
        }
    }

    /// Counts a piece into both views' sums.
    #[inline(always)]
    fn add_piece(&self, acc: &mut Accumulator, color: Color, role: Role, square: usize) {
        let [white, black] = self.rows(color, role, square);
        add(&mut acc.white, white);
        add(&mut acc.black, black);
    }

    /// Takes a piece out of both views' sums.
    #[inline(always)]
    fn remove_piece(&self, acc: &mut Accumulator, color: Color, role: Role, square: usize) {
        let [white, black] = self.rows(color, role, square);
        sub(&mut acc.white, white);
        sub(&mut acc.black, black);
    }

    /// A piece's weight rows in White's view and in Black's.
    #[inline(always)]
    fn rows(&self, color: Color, role: Role, square: usize) -> [&[i16; HIDDEN]; 2] {
        [
            &self.hidden[input(Color::White, color, role, square)],
            &self.hidden[input(Color::Black, color, role, square)],
        ]
    }

    /// The network's output, in centipawns for `turn`, from the hidden
    /// layer's sums.
    pub fn output(&self, acc: &Accumulator, turn: Color) -> i32 {
        let (mine, theirs) = if turn == Color::White {
            (&acc.white, &acc.black)
        } else {
            (&acc.black, &acc.white)
        };
        let sum = activate(mine, &self.output[0]) + activate(theirs, &self.output[1]);
        (sum / QA + self.output_bias) * SCALE / (QA * QB)
    }
}

/// The hidden layer's sums for one position, before activation: each
/// view's own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    white: [i16; HIDDEN],
    black: [i16; HIDDEN],
}

/// The squares of each colour's each role, as bit sets (a1 = bit 0): what
/// the network's inputs are, and what tells two positions' inputs apart.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pieces([u64; 12]);

impl Pieces {
    /// The pieces of `pos`.
    pub fn of(pos: &Position) -> Pieces {
        let mut pieces = [0; 12];
        for (kind, bits) in pieces.iter_mut().enumerate() {
            let (color, role) = Pieces::kind(kind);
            *bits = pos.squares_of(Piece::new(color, role)).0;
        }
        Pieces(pieces)
    }

    /// The colour and role of kind `kind` (0..12).
    #[inline(always)]
    fn kind(kind: usize) -> (Color, Role) {
        (Color::ALL[kind / 6], Role::ALL[kind % 6])
    }
}

#[inline(always)]
fn add(acc: &mut [i16; HIDDEN], weights: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(weights) {
        *a = a.wrapping_add(*w);
    }
}

#[inline(always)]
fn sub(acc: &mut [i16; HIDDEN], weights: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(weights) {
        *a = a.wrapping_sub(*w);
    }
}

/// The neurons clipped, squared and weighed: Σ clamp(a, 0, QA)² · w.
#[inline(always)]
fn activate(acc: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    let mut sum = 0i32;
    for (&a, &w) in acc.iter().zip(weights) {
        let v = i32::from(a.clamp(0, QA as i16));
        // v · w fits in an i16 product's i32; times v again stays within
        // i32 for the weights' bound.
        sum += v * w as i32 * v;
    }
    sum
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network({INPUTS} → {HIDDEN} × 2 → 1)")
    }
}

/// The engine's network.
pub static NETWORK: Network = Network::from_bytes(include_bytes!("network.bin"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_piece_has_its_own_input_in_each_view() {
        let mut seen = vec![false; INPUTS];
        for view in Color::ALL {
            seen.iter_mut().for_each(|s| *s = false);
            for color in Color::ALL {
                for role in Role::ALL {
                    for square in 0..64 {
                        let i = input(view, color, role, square);
                        assert!(!seen[i]);
                        seen[i] = true;
                    }
                }
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                for square in 0..64 {
                    let white = input(Color::White, color, role, square);
                    assert_eq!(black_view(white), input(Color::Black, color, role, square));
                    assert_eq!(mirrored(white), input(Color::White, color, role, square ^ 7));
                }
            }
        }
        // White's pawn on e2 is, for Black, "their" pawn on e7.
        assert_eq!(input(Color::White, Color::White, Role::Pawn, 12), 12);
        assert_eq!(input(Color::Black, Color::White, Role::Pawn, 12), 384 + 52);
    }

    /// A stored network: every weight zero but those `set` gives.
    fn stored(set: impl Fn(&mut Vec<i16>, &mut i32)) -> Network {
        let mut weights = vec![0i16; (FILE_SIZE - 4) / 2];
        let mut output_bias = 0;
        set(&mut weights, &mut output_bias);
        let mut bytes: Vec<u8> = weights.iter().flat_map(|w| w.to_le_bytes()).collect();
        bytes.extend(output_bias.to_le_bytes());
        Network::from_bytes(&bytes)
    }

    #[test]
    fn a_neuron_fully_on_outputs_its_weight_in_units_of_scale() {
        let bias = INPUTS * HIDDEN;
        let output = bias + HIDDEN;
        // Neuron 0's bias is 1.0 (fully on, both views); the side to
        // move's output weight for it is 1.0, the other side's 0.5.
        let net = stored(|w, _| {
            w[bias] = QA as i16;
            w[output] = QB as i16;
            w[output + HIDDEN] = (QB / 2) as i16;
        });
        let pos = Position::new();
        assert_eq!(net.evaluate(&pos), SCALE + SCALE / 2);
        // Clipped at 1.0: more does not count.
        let net = stored(|w, _| {
            w[bias] = 3 * QA as i16;
            w[output] = QB as i16;
        });
        assert_eq!(net.evaluate(&pos), SCALE);
        // The output bias is stored in units of QA · QB.
        let net = stored(|_, b| *b = -2 * QA * QB);
        assert_eq!(net.evaluate(&pos), -2 * SCALE);
    }

    #[test]
    fn a_piece_counts_for_the_side_it_belongs_to() {
        // Neuron 0 lights up for "my" queen on d1 (White's view) / d8
        // (Black's view); only the side to move's neurons count.
        let queen = input(Color::White, Color::White, Role::Queen, 3);
        let output = INPUTS * HIDDEN + HIDDEN;
        let net = stored(|w, _| {
            w[queen * HIDDEN] = QA as i16;
            w[output] = QB as i16;
        });
        let white: Position = "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1".parse().unwrap();
        assert_eq!(net.evaluate(&white), SCALE);
        let black: Position = "3qk3/8/8/8/8/8/8/3QK3 b - - 0 1".parse().unwrap();
        assert_eq!(net.evaluate(&black), SCALE);
        // Without Black's queen, Black to move sees no queen of its own.
        let no_black_queen: Position = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1".parse().unwrap();
        assert_eq!(net.evaluate(&no_black_queen), 0);
    }

    #[test]
    fn the_engine_s_network_only_corrects() {
        // Trained, not empty, and its corrections are modest.
        let mut any = false;
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "8/5k2/8/3P4/8/2K5/8/8 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let correction = NETWORK.evaluate(&fen.parse().unwrap());
            assert!(correction.abs() < 200, "{fen}: {correction}");
            any |= correction != 0;
        }
        assert!(any);
    }

    #[test]
    fn both_views_agree_on_a_mirrored_position() {
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "8/5k2/8/3P4/8/2K5/8/8 w - - 0 1",
        ] {
            let pos: Position = fen.parse().unwrap();
            assert_eq!(NETWORK.evaluate(&pos), NETWORK.evaluate(&pos.flipped()), "{fen}");
        }
    }
}
