//! Attack sets on 64-bit boards (bit 0 = a1, bit 63 = h8), for the
//! evaluation's mobility, threats and king safety and for static exchange
//! evaluation. The rules crate answers "is this square attacked" on its
//! 0x88 board; the engine asks "which squares does each piece reach" and
//! "which pieces reach this square" for many pieces at once, which sets of
//! squares answer fastest.

/// The a-file.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: u64 = FILE_A << 7;

/// The squares of file `file` (0 = a).
#[inline]
pub const fn file(file: usize) -> u64 {
    FILE_A << file
}

/// One square towards the eighth rank.
#[inline]
pub const fn north(b: u64) -> u64 {
    b << 8
}

/// One square towards the first rank.
#[inline]
pub const fn south(b: u64) -> u64 {
    b >> 8
}

/// One square towards the h-file.
#[inline]
pub const fn east(b: u64) -> u64 {
    (b << 1) & !FILE_A
}

/// One square towards the a-file.
#[inline]
pub const fn west(b: u64) -> u64 {
    (b >> 1) & !FILE_H
}

/// One square ahead for White (`white`: towards the eighth rank) or Black.
#[inline]
pub const fn forward(b: u64, white: bool) -> u64 {
    if white { north(b) } else { south(b) }
}

/// The squares the pawns `pawns` of White (`white`) or Black attack.
#[inline]
pub const fn pawn_attacks(pawns: u64, white: bool) -> u64 {
    let ahead = forward(pawns, white);
    east(ahead) | west(ahead)
}

/// Every square `b`'s squares reach towards the eighth rank (`white`) or the
/// first, the squares themselves excluded.
#[inline]
pub const fn span_ahead(b: u64, white: bool) -> u64 {
    if white {
        let mut s = north(b);
        s |= s << 8;
        s |= s << 16;
        s |= s << 32;
        s
    } else {
        let mut s = south(b);
        s |= s >> 8;
        s |= s >> 16;
        s |= s >> 32;
        s
    }
}

const fn leaper_table(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < steps.len() {
            let (f, r) = (file + steps[i].0, rank + steps[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// The squares a knight on each square attacks.
pub const KNIGHT: [u64; 64] = leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
/// The squares a king on each square attacks.
pub const KING: [u64; 64] = leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);

/// The eight directions as (file, rank) steps: the four whose squares
/// grow (north, east, north-east, north-west) first.
const DIRECTIONS: [(i32, i32); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];

/// `RAYS[direction][square]`: the squares from `square` to the edge.
const RAYS: [[u64; 64]; 8] = {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
            loop {
                f += DIRECTIONS[d].0;
                r += DIRECTIONS[d].1;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                rays[d][sq] |= 1 << (r * 8 + f);
            }
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// The squares a slider on `sq` reaches along direction `d` over
/// `occupied`, up to and including the first piece in the way.
#[inline(always)]
fn ray(d: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[d][sq];
    // The nearest blocker: the lowest bit on a growing ray, the highest on
    // a shrinking one. Without one, the far corner (h8 or a1) stands in:
    // no growing ray leaves h8 and no shrinking one leaves a1, so the
    // whole ray is left. No branch: blockers are common, and unpredictable.
    let blockers = ray & occupied;
    let first = if d < 4 {
        (blockers | 1 << 63).trailing_zeros()
    } else {
        63 - (blockers | 1).leading_zeros()
    } as usize;
    ray ^ RAYS[d][first]
}

/// The squares a bishop on `sq` attacks.
#[inline]
pub fn bishop(sq: usize, occupied: u64) -> u64 {
    ray(2, sq, occupied) | ray(3, sq, occupied) | ray(6, sq, occupied) | ray(7, sq, occupied)
}

/// The squares a rook on `sq` attacks.
#[inline]
pub fn rook(sq: usize, occupied: u64) -> u64 {
    ray(0, sq, occupied) | ray(1, sq, occupied) | ray(4, sq, occupied) | ray(5, sq, occupied)
}

/// The squares a queen on `sq` attacks.
#[inline]
pub fn queen(sq: usize, occupied: u64) -> u64 {
    bishop(sq, occupied) | rook(sq, occupied)
}

/// The squares of `b`, lowest first.
#[inline]
pub fn squares(mut b: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            sq
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::{Position, Square};

    /// The attack sets agree with the rules crate's own attack test on
    /// every square of some positions.
    #[test]
    fn sliders_agree_with_the_rules() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ] {
            let pos: Position = fen.parse().unwrap();
            let occupied = pos.occupied().0;
            for color in [chess_core::Color::White, chess_core::Color::Black] {
                let mut ours = 0u64;
                for (role, attacks) in [
                    (chess_core::Role::Bishop, bishop as fn(usize, u64) -> u64),
                    (chess_core::Role::Rook, rook),
                    (chess_core::Role::Queen, queen),
                ] {
                    for sq in pos.squares_of(chess_core::Piece::new(color, role)) {
                        ours |= attacks(sq.index() as usize, occupied);
                    }
                }
                for sq in pos.squares_of(chess_core::Piece::new(color, chess_core::Role::Knight)) {
                    ours |= KNIGHT[sq.index() as usize];
                }
                ours |= KING[pos.king(color).index() as usize];
                let pawns = pos.squares_of(chess_core::Piece::new(color, chess_core::Role::Pawn)).0;
                ours |= pawn_attacks(pawns, color == chess_core::Color::White);
                for sq in Square::all() {
                    let theirs = !pos.attackers_of(sq, color).is_empty();
                    assert_eq!(ours >> sq.index() & 1 == 1, theirs, "{fen}: {color:?} on {sq}");
                }
            }
        }
    }

    #[test]
    fn spans_and_files() {
        assert_eq!(span_ahead(1 << 8, true), file(0) & !0xffff);
        assert_eq!(span_ahead(1 << 55, false), file(7) & !(0xffffu64 << 48));
        assert_eq!(east(file(0)) | west(file(0)), file(1));
        assert_eq!(east(file(4)) | west(file(4)), file(3) | file(5));
    }
}
