//! The geometry of the 0x88 board: direction deltas and the difference table.
//!
//! On a 0x88 board the difference `from - to` between two squares is unique
//! for every pair of squares that share a line or a knight jump (it lies in
//! -119..=119). So a 240-entry table indexed by `0x77 + from - to` can say in
//! one lookup which kinds of piece standing on `from` could attack `to`, and
//! in which step a slider walks from `from` to reach `to`. Attack and check
//! detection use it to skip every piece that is not even aligned.

/// The eight knight jumps.
pub(crate) const KNIGHT_DELTAS: [i8; 8] = [-33, -31, -18, -14, 14, 18, 31, 33];
/// The eight king steps (also the eight line directions).
pub(crate) const KING_DELTAS: [i8; 8] = [-17, -16, -15, -1, 1, 15, 16, 17];
/// The four diagonal directions.
pub(crate) const BISHOP_DELTAS: [i8; 4] = [-17, -15, 15, 17];
/// The four orthogonal directions.
pub(crate) const ROOK_DELTAS: [i8; 4] = [-16, -1, 1, 16];

/// Attack-table bits: which piece kinds can attack along a difference.
pub(crate) const ATTACK_WHITE_PAWN: u8 = 1;
pub(crate) const ATTACK_BLACK_PAWN: u8 = 2;
pub(crate) const ATTACK_KNIGHT: u8 = 4;
pub(crate) const ATTACK_BISHOP: u8 = 8;
pub(crate) const ATTACK_ROOK: u8 = 16;
pub(crate) const ATTACK_KING: u8 = 32;

/// Whether a 0x88 index lies on the board.
#[inline(always)]
pub(crate) const fn on_board(index: u8) -> bool {
    index & 0x88 == 0
}

/// The table index for an attacker on `from` and a target on `to`.
#[inline(always)]
pub(crate) const fn diff_index(from: u8, to: u8) -> usize {
    0x77 + from as usize - to as usize
}

const fn build_tables() -> ([u8; 240], [i8; 240]) {
    let mut attacks = [0u8; 240];
    let mut steps = [0i8; 240];
    // For an attacker on `from` reaching `to = from + k * d`, the index is
    // 0x77 + from - to = 0x77 - k * d.
    let mut i = 0;
    while i < 8 {
        let d = KNIGHT_DELTAS[i] as i32;
        attacks[(0x77 - d) as usize] |= ATTACK_KNIGHT;
        let d = KING_DELTAS[i] as i32;
        attacks[(0x77 - d) as usize] |= ATTACK_KING;
        i += 1;
    }
    // A white pawn attacks up-left (+15) and up-right (+17); a black one down.
    attacks[0x77 - 15] |= ATTACK_WHITE_PAWN;
    attacks[0x77 - 17] |= ATTACK_WHITE_PAWN;
    attacks[0x77 + 15] |= ATTACK_BLACK_PAWN;
    attacks[0x77 + 17] |= ATTACK_BLACK_PAWN;

    let mut dir = 0;
    while dir < 4 {
        let mut k = 1;
        while k <= 7 {
            let d = BISHOP_DELTAS[dir] as i32;
            let idx = (0x77 - k * d) as usize;
            attacks[idx] |= ATTACK_BISHOP;
            steps[idx] = d as i8;
            let d = ROOK_DELTAS[dir] as i32;
            let idx = (0x77 - k * d) as usize;
            attacks[idx] |= ATTACK_ROOK;
            steps[idx] = d as i8;
            k += 1;
        }
        dir += 1;
    }
    (attacks, steps)
}

const TABLES: ([u8; 240], [i8; 240]) = build_tables();

/// `ATTACKS[diff_index(from, to)]`: the kinds of piece on `from` that can
/// attack `to` on an empty board (see the `ATTACK_*` bits).
pub(crate) static ATTACKS: [u8; 240] = TABLES.0;

/// `STEPS[diff_index(from, to)]`: the step that walks from `from` to `to`
/// along a line, or 0 when the squares share no line.
pub(crate) static STEPS: [i8; 240] = TABLES.1;

/// For each board piece code, the attack bits that piece uses (a queen uses
/// both line kinds, a pawn the bit of its colour).
pub(crate) static ATTACK_BITS_OF_CODE: [u8; 32] = {
    use crate::piece::{BLACK_BIT, WHITE_BIT};
    let mut t = [0u8; 32];
    let colors = [WHITE_BIT, BLACK_BIT];
    let mut c = 0;
    while c < 2 {
        let base = colors[c] as usize;
        t[base + 1] = if c == 0 { ATTACK_WHITE_PAWN } else { ATTACK_BLACK_PAWN };
        t[base + 2] = ATTACK_KNIGHT;
        t[base + 3] = ATTACK_BISHOP;
        t[base + 4] = ATTACK_ROOK;
        t[base + 5] = ATTACK_BISHOP | ATTACK_ROOK;
        t[base + 6] = ATTACK_KING;
        c += 1;
    }
    t
};

/// The eight line steps, as [`STEPS`] gives them.
const LINE_STEPS: [i8; 8] = [1, -1, 16, -16, 17, -17, 15, -15];

/// `DIRECTION_OF_STEP[step + 17]`: the index of a line step in
/// [`LINE_STEPS`] (and [`RAYS`]); step 0 (no line) gives 8, whose rays
/// are empty.
static DIRECTION_OF_STEP: [u8; 64] = {
    let mut t = [0u8; 64];
    t[17] = 8;
    let mut d = 0;
    while d < 8 {
        t[(LINE_STEPS[d] + 17) as usize] = d as u8;
        d += 1;
    }
    t
};

/// `RAYS[d][sq]`: the squares (a 64-square set) from `sq` (not included)
/// to the edge of the board along line step `LINE_STEPS[d]`, so that a
/// question about a whole line (is anything on it? what is nearest?) needs
/// no walk.
static RAYS: [[u64; 128]; 9] = {
    let mut t = [[0u64; 128]; 9];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 128 {
            if sq & 0x88 == 0 {
                let mut s = sq as i32 + LINE_STEPS[d] as i32;
                while s >= 0 && s < 128 && s & 0x88 == 0 {
                    t[d][sq] |= 1 << index64(s as u8);
                    s += LINE_STEPS[d] as i32;
                }
            }
            sq += 1;
        }
        d += 1;
    }
    t
};

/// The squares from `sq88` (not included) to the edge along the line step
/// `step` as [`STEPS`] gives it (none for step 0).
#[inline(always)]
pub(crate) fn ray(step: i8, sq88: u8) -> u64 {
    RAYS[DIRECTION_OF_STEP[(step as i32 + 17) as usize & 63] as usize % 9][sq88 as usize & 127]
}

/// The squares strictly between `from` and `to` when they share a line
/// (`step` is `STEPS[diff_index(from, to)]`); none otherwise.
#[inline(always)]
pub(crate) fn between(step: i8, from: u8, to: u8) -> u64 {
    ray(step, from) & !ray(step, to) & !bit(to)
}

/// The 64-square index (a1 = 0) of a 0x88 index.
#[inline(always)]
pub(crate) const fn index64(sq88: u8) -> u32 {
    ((sq88 + (sq88 & 7)) >> 1) as u32
}

/// The 0x88 index of a 64-square index (a table: one load instead of three
/// operations, in every loop over a piece set).
#[inline(always)]
pub(crate) fn index88(sq64: u32) -> u8 {
    INDEX88[sq64 as usize & 63]
}

static INDEX88: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (i + (i & !7)) as u8;
        i += 1;
    }
    t
};

/// The piece-set bit of a 0x88 square (0 for an off-board index).
#[inline(always)]
pub(crate) fn bit(sq88: u8) -> u64 {
    BITS[sq88 as usize & 127]
}

static BITS: [u64; 128] = {
    let mut t = [0u64; 128];
    let mut sq = 0;
    while sq < 128 {
        if sq & 0x88 == 0 {
            t[sq] = 1 << index64(sq as u8);
        }
        sq += 1;
    }
    t
};

/// All ones when `condition` holds, else zero: for branch-free updates.
#[inline(always)]
pub(crate) const fn mask(condition: bool) -> u64 {
    0u64.wrapping_sub(condition as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_and_between_match_a_walk() {
        let bit = |sq: u8| 1u64 << ((sq + (sq & 7)) >> 1);
        for from in (0u8..128).filter(|&s| on_board(s)) {
            for to in (0u8..128).filter(|&s| on_board(s) && s != from) {
                let step = STEPS[diff_index(from, to)];
                let (mut walked, mut beyond) = (0u64, 0u64);
                if step != 0 {
                    let mut s = from.wrapping_add(step as u8);
                    while s != to {
                        walked |= bit(s);
                        s = s.wrapping_add(step as u8);
                    }
                    s = s.wrapping_add(step as u8);
                    while on_board(s) {
                        beyond |= bit(s);
                        s = s.wrapping_add(step as u8);
                    }
                }
                assert_eq!(between(step, from, to), walked, "{from:#x} {to:#x}");
                assert_eq!(ray(step, to), beyond, "{from:#x} {to:#x}");
            }
        }
    }

    /// Brute force: does a piece with these deltas reach `to` from `from` on
    /// an empty board?
    fn reaches(from: u8, to: u8, deltas: &[i8], slide: bool) -> Option<i8> {
        for &d in deltas {
            let mut t = from.wrapping_add(d as u8);
            while on_board(t) {
                if t == to {
                    return Some(d);
                }
                if !slide {
                    break;
                }
                t = t.wrapping_add(d as u8);
            }
        }
        None
    }

    #[test]
    fn table_agrees_with_brute_force() {
        let squares: Vec<u8> = (0..128u8).filter(|&s| on_board(s)).collect();
        for &from in &squares {
            for &to in &squares {
                if from == to {
                    continue;
                }
                let bits = ATTACKS[diff_index(from, to)];
                let check = |bit: u8, deltas: &[i8], slide: bool| {
                    assert_eq!(
                        bits & bit != 0,
                        reaches(from, to, deltas, slide).is_some(),
                        "from {from:#x} to {to:#x} bit {bit}"
                    );
                };
                check(ATTACK_KNIGHT, &KNIGHT_DELTAS, false);
                check(ATTACK_KING, &KING_DELTAS, false);
                check(ATTACK_BISHOP, &BISHOP_DELTAS, true);
                check(ATTACK_ROOK, &ROOK_DELTAS, true);
                check(ATTACK_WHITE_PAWN, &[15, 17], false);
                check(ATTACK_BLACK_PAWN, &[-15, -17], false);
                let line = reaches(from, to, &KING_DELTAS, true);
                assert_eq!(STEPS[diff_index(from, to)], line.unwrap_or(0));
            }
        }
    }
}
