//! Static evaluation: how good a position looks without searching, in
//! centipawns from the side to move's point of view.
//!
//! The core is PeSTO (Ronald Friederich's piece-square tables, tuned on
//! millions of positions): every piece has a middlegame and an endgame value
//! that depend on its square, and the two are blended by how much material is
//! left (the game phase). On top of that, two pieces of endgame knowledge a
//! search cannot see in time: a lone king must be driven to the edge to be
//! mated ("mop-up"), and a side with only a minor piece cannot win.
//!
//! Classical terms on top (pawn structure, passed pawns, the bishop pair,
//! rooks on open files, a king shelter) were tried and measured: +14 ± 58
//! Elo over 100 games at 100 ms a move, no measurable gain; so was mobility
//! (squares reached that no enemy pawn guards, per piece): -17 ± 40 over
//! 200 games of self-play. So they are not here; see the README.

use chess_core::{ByRole, Color, Piece, Position, Role, Square};

/// PeSTO's middlegame value of each role (the engine's own, tuned: players
/// count material in [`chess_core::PIECE_VALUES`]).
const MG_VALUE: ByRole<i32> = ByRole {
    pawn: 82,
    knight: 337,
    bishop: 365,
    rook: 477,
    queen: 1025,
    king: 0,
};
/// PeSTO's endgame value of each role.
const EG_VALUE: ByRole<i32> = ByRole {
    pawn: 94,
    knight: 281,
    bishop: 297,
    rook: 512,
    queen: 936,
    king: 0,
};
/// How much each role counts towards the game phase (24 = all pieces on).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

/// PeSTO's piece-square tables, as published: White's view, a8 first
/// (row by row down to h1), pawn to king.
#[rustfmt::skip]
const MG_TABLE: [[i32; 64]; 6] = [
    [ // pawn
          0,   0,   0,   0,   0,   0,  0,   0,
         98, 134,  61,  95,  68, 126, 34, -11,
         -6,   7,  26,  31,  65,  56, 25, -20,
        -14,  13,   6,  21,  23,  12, 17, -23,
        -27,  -2,  -5,  12,  17,   6, 10, -25,
        -26,  -4,  -4, -10,   3,   3, 33, -12,
        -35,  -1, -20, -23, -15,  24, 38, -22,
          0,   0,   0,   0,   0,   0,  0,   0,
    ],
    [ // knight
        -167, -89, -34, -49,  61, -97, -15, -107,
         -73, -41,  72,  36,  23,  62,   7,  -17,
         -47,  60,  37,  65,  84, 129,  73,   44,
          -9,  17,  19,  53,  37,  69,  18,   22,
         -13,   4,  16,  13,  28,  19,  21,   -8,
         -23,  -9,  12,  10,  19,  17,  25,  -16,
         -29, -53, -12,  -3,  -1,  18, -14,  -19,
        -105, -21, -58, -33, -17, -28, -19,  -23,
    ],
    [ // bishop
        -29,   4, -82, -37, -25, -42,   7,  -8,
        -26,  16, -18, -13,  30,  59,  18, -47,
        -16,  37,  43,  40,  35,  50,  37,  -2,
         -4,   5,  19,  50,  37,  37,   7,  -2,
         -6,  13,  13,  26,  34,  12,  10,   4,
          0,  15,  15,  15,  14,  27,  18,  10,
          4,  15,  16,   0,   7,  21,  33,   1,
        -33,  -3, -14, -21, -13, -12, -39, -21,
    ],
    [ // rook
         32,  42,  32,  51, 63,  9,  31,  43,
         27,  32,  58,  62, 80, 67,  26,  44,
         -5,  19,  26,  36, 17, 45,  61,  16,
        -24, -11,   7,  26, 24, 35,  -8, -20,
        -36, -26, -12,  -1,  9, -7,   6, -23,
        -45, -25, -16, -17,  3,  0,  -5, -33,
        -44, -16, -20,  -9, -1, 11,  -6, -71,
        -19, -13,   1,  17, 16,  7, -37, -26,
    ],
    [ // queen
        -28,   0,  29,  12,  59,  44,  43,  45,
        -24, -39,  -5,   1, -16,  57,  28,  54,
        -13, -17,   7,   8,  29,  56,  47,  57,
        -27, -27, -16, -16,  -1,  17,  -2,   1,
         -9, -26,  -9, -10,  -2,  -4,   3,  -3,
        -14,   2, -11,  -2,  -5,   2,  14,   5,
        -35,  -8,  11,   2,   8,  15,  -3,   1,
         -1, -18,  -9,  10, -15, -25, -31, -50,
    ],
    [ // king
        -65,  23,  16, -15, -56, -34,   2,  13,
         29,  -1, -20,  -7,  -8,  -4, -38, -29,
         -9,  24,   2, -16, -20,   6,  22, -22,
        -17, -20, -12, -27, -30, -25, -14, -36,
        -49,  -1, -27, -39, -46, -44, -33, -51,
        -14, -14, -22, -46, -44, -30, -15, -27,
          1,   7,  -8, -64, -43, -16,   9,   8,
        -15,  36,  12, -54,   8, -28,  24,  14,
    ],
];

#[rustfmt::skip]
const EG_TABLE: [[i32; 64]; 6] = [
    [ // pawn
          0,   0,   0,   0,   0,   0,   0,   0,
        178, 173, 158, 134, 147, 132, 165, 187,
         94, 100,  85,  67,  56,  53,  82,  84,
         32,  24,  13,   5,  -2,   4,  17,  17,
         13,   9,  -3,  -7,  -7,  -8,   3,  -1,
          4,   7,  -6,   1,   0,  -5,  -1,  -8,
         13,   8,   8,  10,  13,   0,   2,  -7,
          0,   0,   0,   0,   0,   0,   0,   0,
    ],
    [ // knight
        -58, -38, -13, -28, -31, -27, -63, -99,
        -25,  -8, -25,  -2,  -9, -25, -24, -52,
        -24, -20,  10,   9,  -1,  -9, -19, -41,
        -17,   3,  22,  22,  22,  11,   8, -18,
        -18,  -6,  16,  25,  16,  17,   4, -18,
        -23,  -3,  -1,  15,  10,  -3, -20, -22,
        -42, -20, -10,  -5,  -2, -20, -23, -44,
        -29, -51, -23, -15, -22, -18, -50, -64,
    ],
    [ // bishop
        -14, -21, -11,  -8, -7,  -9, -17, -24,
         -8,  -4,   7, -12, -3, -13,  -4, -14,
          2,  -8,   0,  -1, -2,   6,   0,   4,
         -3,   9,  12,   9, 14,  10,   3,   2,
         -6,   3,  13,  19,  7,  10,  -3,  -9,
        -12,  -3,   8,  10, 13,   3,  -7, -15,
        -14, -18,  -7,  -1,  4,  -9, -15, -27,
        -23,  -9, -23,  -5, -9, -16,  -5, -17,
    ],
    [ // rook
        13, 10, 18, 15, 12,  12,   8,   5,
        11, 13, 13, 11, -3,   3,   8,   3,
         7,  7,  7,  5,  4,  -3,  -5,  -3,
         4,  3, 13,  1,  2,   1,  -1,   2,
         3,  5,  8,  4, -5,  -6,  -8, -11,
        -4,  0, -5, -1, -7, -12,  -8, -16,
        -6, -6,  0,  2, -9,  -9, -11,  -3,
        -9,  2,  3, -1, -5, -13,   4, -20,
    ],
    [ // queen
         -9,  22,  22,  27,  27,  19,  10,  20,
        -17,  20,  32,  41,  58,  25,  30,   0,
        -20,   6,   9,  49,  47,  35,  19,   9,
          3,  22,  24,  45,  57,  40,  57,  36,
        -18,  28,  19,  47,  31,  34,  39,  23,
        -16, -27,  15,   6,   9,  17,  10,   5,
        -22, -23, -30, -16, -16, -23, -36, -32,
        -33, -28, -22, -43,  -5, -32, -20, -41,
    ],
    [ // king
        -74, -35, -18, -18, -11,  15,   4, -17,
        -12,  17,  14,  17,  17,  38,  23,  11,
         10,  17,  23,  15,  20,  45,  44,  13,
         -8,  22,  24,  27,  26,  33,  26,   3,
        -18,  -4,  21,  24,  27,  23,   9, -11,
        -19,  -3,  11,  21,  23,  16,   7,  -9,
        -27, -11,   4,  13,  14,   4,  -5, -17,
        -53, -34, -21, -11, -28, -14, -24, -43,
    ],
];

/// Value plus square bonus for `[color][role][square 0..63, a1 = 0]`, built
/// once at compile time so evaluation is one lookup per piece.
type Table = [[[i32; 64]; 6]; 2];

const fn build(values: &ByRole<i32>, tables: &[[i32; 64]; 6]) -> Table {
    let mut out = [[[0; 64]; 6]; 2];
    let mut role = 0;
    while role < 6 {
        let value = *values.get(Role::ALL[role]);
        let mut sq = 0;
        while sq < 64 {
            // The tables list a8 first; a1 = 0 is row 7 of White's table and
            // row 0 of Black's (Black sees the board mirrored).
            out[0][role][sq] = value + tables[role][sq ^ 56];
            out[1][role][sq] = value + tables[role][sq];
            sq += 1;
        }
        role += 1;
    }
    out
}

const MG: Table = build(&MG_VALUE, &MG_TABLE);
const EG: Table = build(&EG_VALUE, &EG_TABLE);

/// Material values the search uses to order captures and to judge
/// exchanges (SEE), in centipawns: the king's is above all others.
pub const ORDER_VALUE: ByRole<i32> = ByRole {
    pawn: 100,
    knight: 320,
    bishop: 330,
    rook: 500,
    queen: 900,
    king: 20_000,
};

/// The evaluation of `pos` in centipawns for the side to move.
///
/// ```
/// use chess_core::Position;
/// // The starting position is nearly balanced.
/// assert!(chess_engine::evaluate(&Position::new()).abs() < 30);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    // Counts of [color][role index] for the endgame rules below.
    let mut count = [[0i32; 6]; 2];
    for color in [Color::White, Color::Black] {
        let c = color.index();
        for (r, role) in Role::ALL.into_iter().enumerate() {
            for sq in pos.squares_of(Piece::new(color, role)) {
                let i = sq.index() as usize;
                mg[c] += MG[c][r][i];
                eg[c] += EG[c][r][i];
                phase += PHASE[r];
                count[c][r] += 1;
            }
        }
    }
    let phase = phase.min(MAX_PHASE);
    let mg_score = mg[0] - mg[1];
    let eg_score = eg[0] - eg[1];
    let mut score = (mg_score * phase + eg_score * (MAX_PHASE - phase)) / MAX_PHASE;

    // Endgame knowledge, from White's point of view.
    score += mop_up(pos, &count, score);
    if score > 0 && cannot_win(&count[0]) || score < 0 && cannot_win(&count[1]) {
        score /= 16;
    }

    if pos.turn() == Color::White { score } else { -score }
}

/// Whether a side with these piece counts cannot mate at all: no pawns and
/// at most one minor piece.
fn cannot_win(count: &[i32; 6]) -> bool {
    count[0] == 0 && count[3] == 0 && count[4] == 0 && count[1] + count[2] <= 1
}

/// Against a bare king, reward driving it to the edge and bringing the own
/// king close: the mate itself is too deep for the search to see.
fn mop_up(pos: &Position, count: &[[i32; 6]; 2], score: i32) -> i32 {
    let bare = |c: usize| count[c][..5].iter().all(|&n| n == 0);
    let strong = if score > 0 { 0 } else { 1 };
    let weak = 1 - strong;
    if !bare(weak) || cannot_win(&count[strong]) {
        return 0;
    }
    let colors = [Color::White, Color::Black];
    let weak_king = pos.king(colors[weak]);
    let strong_king = pos.king(colors[strong]);
    let bonus = 10 * center_distance(weak_king) + 4 * (14 - manhattan(weak_king, strong_king)) + 400;
    if strong == 0 { bonus } else { -bonus }
}

/// Manhattan distance from the four centre squares (0 on them, 6 in a corner).
fn center_distance(sq: Square) -> i32 {
    let file = sq.file().index() as i32;
    let rank = sq.rank().index() as i32;
    (3 - file).max(file - 4) + (3 - rank).max(rank - 4)
}

fn manhattan(a: Square, b: Square) -> i32 {
    (a.file().index() as i32 - b.file().index() as i32).abs()
        + (a.rank().index() as i32 - b.rank().index() as i32).abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&fen.parse().unwrap())
    }

    #[test]
    fn symmetric() {
        // Mirroring the board and swapping colours gives the same score.
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "8/5k2/8/3P4/8/2K5/8/8 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let pos: Position = fen.parse().unwrap();
            assert_eq!(evaluate(&pos), evaluate(&pos.flipped()), "{fen}");
        }
    }

    #[test]
    fn material_counts() {
        // White a queen up is far ahead, from White's and Black's view.
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        // A lone knight cannot win.
        assert!(eval("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").abs() < 30);
    }

    #[test]
    fn mop_up_prefers_the_cornered_king() {
        let centre = eval("8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1");
        let corner = eval("k7/8/8/8/8/8/8/1Q2K3 w - - 0 1");
        assert!(corner > centre, "{corner} > {centre}");
    }
}
