//! The moves of a game in about one byte each, read back without
//! generating moves (as Scid and ChessBase store games).
//!
//! A move is one byte: its high four bits number the moving piece among the
//! mover's pieces (in square order, a1 first: a side has at most 16), its
//! low four bits say where it goes, by the piece's kind:
//!
//! | piece  | code |
//! |--------|------|
//! | pawn   | 0 one step, 1 two steps, 2 takes towards the a-file, 3 towards the h-file; 4 + 4·way + piece a promotion (way 0 step, 1 a-side, 2 h-side; piece 0 knight, 1 bishop, 2 rook, 3 queen) |
//! | knight | the jump, 0-7 |
//! | bishop | 8·diagonal + the target's file (diagonal 0 runs a1-h8-wise, 1 a8-h1-wise) |
//! | rook   | the target's file on its rank (0-7), or 8 + the target's rank on its file |
//! | queen  | as a rook; along a diagonal, its own file as an escape and a second byte, the target square (0-63) |
//! | king   | the step, 0-7; 8 castles king-side, 9 queen-side |
//!
//! So a game of 80 plies takes about 84 bytes, and a move is read back by
//! finding the piece and its target: a few instructions, no move generation.
//! Decoding checks what it can cheaply (the piece exists and is the
//! mover's, the target is on the board and not a king or an own piece, a
//! pawn moves as a pawn can): garbage is an error, never a panic; an index
//! is trusted beyond that only when its checksum holds.

use chess_core::{CastlingSide, Move, Position, Role, Square};

/// A move code that cannot be a move here.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BadCode;

impl std::fmt::Display for BadCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a stored move that is not a move of its position")
    }
}

impl std::error::Error for BadCode {}

/// The knight's jumps, as (files, ranks).
const JUMPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
/// The king's steps, as (files, ranks).
const STEPS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
/// The pieces a pawn promotes to, by their code.
const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

fn file(sq: Square) -> i8 {
    sq.file().index() as i8
}

fn rank(sq: Square) -> i8 {
    sq.rank().index() as i8
}

/// Appends the code of `m`, a legal move of `pos`, to `out`.
pub fn encode(pos: &Position, m: Move, out: &mut Vec<u8>) {
    let role = pos.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
    encode_role(pos, m, role, out);
}

/// [`encode`] for a caller that knows the moving piece's `role`.
#[inline]
pub fn encode_role(pos: &Position, m: Move, role: Role, out: &mut Vec<u8>) {
    let own = pos.pieces_of(pos.turn()).0;
    let from = m.from();
    let below = own & ((1u64 << from.index()) - 1);
    let piece = (below.count_ones() as u8) << 4;
    let (df, dr) = (file(m.to()) - file(from), rank(m.to()) - rank(from));
    let code = match role {
        Role::King => match m.castling_side() {
            Some(CastlingSide::King) => 8,
            Some(CastlingSide::Queen) => 9,
            None => STEPS.iter().position(|&s| s == (df, dr)).unwrap_or(0) as u8,
        },
        Role::Pawn => {
            let way = match df {
                0 => 0,
                -1 => 1,
                _ => 2,
            };
            match m.promotion() {
                Some(promoted) => 4 + 4 * way + PROMOTIONS.iter().position(|&r| r == promoted).unwrap_or(3) as u8,
                None if way == 0 && dr.abs() == 2 => 1,
                None if way == 0 => 0,
                None => way + 1,
            }
        }
        Role::Knight => JUMPS.iter().position(|&j| j == (df, dr)).unwrap_or(0) as u8,
        Role::Bishop => 8 * u8::from(dr != df) + file(m.to()) as u8,
        Role::Rook | Role::Queen if dr == 0 => file(m.to()) as u8,
        Role::Rook | Role::Queen if df == 0 => 8 + rank(m.to()) as u8,
        // A queen along a diagonal: the escape (its own file, which no
        // move along its rank can name), then the target.
        _ => {
            out.push(piece | file(from) as u8);
            out.push(m.to().index());
            return;
        }
    };
    out.push(piece | code);
}

/// The `k`-th set bit of `set` (from the lowest), if it has that many.
#[inline]
fn nth_bit(mut set: u64, k: u8) -> Option<u8> {
    for _ in 0..k {
        set &= set.wrapping_sub(1);
    }
    (set != 0).then(|| set.trailing_zeros() as u8)
}

/// Reads the move at `bytes[*at..]` in `pos` and moves `*at` past it.
#[inline]
pub fn decode(pos: &Position, bytes: &[u8], at: &mut usize) -> Result<Move, BadCode> {
    let &byte = bytes.get(*at).ok_or(BadCode)?;
    *at += 1;
    let us = pos.turn();
    let from = nth_bit(pos.pieces_of(us).0, byte >> 4)
        .and_then(Square::from_index)
        .ok_or(BadCode)?;
    let role = pos.piece_at(from).ok_or(BadCode)?.role;
    let code = byte & 15;
    let forward: i8 = if us == chess_core::Color::White { 1 } else { -1 };
    let mut promotion = None;
    let to = match role {
        Role::King if code >= 8 => {
            let side = match code {
                8 => CastlingSide::King,
                9 => CastlingSide::Queen,
                _ => return Err(BadCode),
            };
            return pos.castling_move(side).ok_or(BadCode);
        }
        Role::King => {
            let (f, r) = STEPS[code as usize];
            from.try_offset(f, r)
        }
        Role::Knight if code < 8 => {
            let (f, r) = JUMPS[code as usize];
            from.try_offset(f, r)
        }
        Role::Knight => None,
        Role::Pawn => {
            let (way, step) = match code {
                0 => (0, 1),
                1 => (0, 2),
                2 => (-1, 1),
                3 => (1, 1),
                _ => {
                    let index = code - 4;
                    promotion = Some(PROMOTIONS[(index % 4) as usize]);
                    ([0, -1, 1][(index / 4) as usize], 1)
                }
            };
            from.try_offset(way, step * forward)
        }
        Role::Bishop => {
            let target_file = (code & 7) as i8;
            let df = target_file - file(from);
            let dr = if code < 8 { df } else { -df };
            if df == 0 { None } else { from.try_offset(df, dr) }
        }
        Role::Rook | Role::Queen => {
            if code < 8 && code as i8 == file(from) {
                if role == Role::Rook {
                    return Err(BadCode);
                }
                // The queen's diagonal escape: the target follows.
                let &target = bytes.get(*at).ok_or(BadCode)?;
                *at += 1;
                let to = Square::from_index(target).ok_or(BadCode)?;
                let (df, dr) = (file(to) - file(from), rank(to) - rank(from));
                (df != 0 && df.abs() == dr.abs()).then_some(to)
            } else if code < 8 {
                from.try_offset(code as i8 - file(from), 0)
            } else {
                let dr = (code - 8) as i8 - rank(from);
                if dr == 0 { None } else { from.try_offset(0, dr) }
            }
        }
    }
    .ok_or(BadCode)?;
    let target = pos.piece_at(to);
    if target.is_some_and(|p| p.color == us || p.role == Role::King) {
        return Err(BadCode);
    }
    if role == Role::Pawn {
        let last_rank = if us == chess_core::Color::White { 7 } else { 0 };
        let captures = file(to) != file(from);
        let reaches_last = rank(to) == last_rank;
        let ok = if captures {
            target.is_some() || pos.ep_square(chess_core::EnPassantMode::Always) == Some(to)
        } else {
            target.is_none()
                && (rank(to) - rank(from) == forward
                    || from
                        .try_offset(0, forward)
                        .is_some_and(|mid| pos.piece_at(mid).is_none())
                        && rank(from) == if us == chess_core::Color::White { 1 } else { 6 })
        };
        if !ok || reaches_last != promotion.is_some() {
            return Err(BadCode);
        }
    }
    Ok(pos.trusted_move(from, to, promotion))
}

/// Plays the moves of `bytes` from `start`, calling `each` with the ply
/// (from 1) and the position after every move; stops early when `each`
/// says so. The number of plies played.
pub fn replay(
    start: &Position,
    bytes: &[u8],
    mut each: impl FnMut(usize, &Position) -> bool,
) -> Result<usize, BadCode> {
    let mut pos = start.clone();
    let mut at = 0;
    let mut ply = 0;
    while at < bytes.len() {
        let m = decode(&pos, bytes, &mut at)?;
        pos.play_unchecked(m);
        ply += 1;
        if !each(ply, &pos) {
            break;
        }
    }
    Ok(ply)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every legal move of every position of a few games, encoded and read
    /// back, is the same move (flags included).
    fn round_trip(pos: &Position) {
        for &m in pos.legal_moves().iter() {
            let mut bytes = Vec::new();
            encode(pos, m, &mut bytes);
            let mut at = 0;
            let back = decode(pos, &bytes, &mut at).unwrap_or_else(|e| panic!("{} in {}: {e}", m.uci(), pos.fen()));
            assert_eq!(at, bytes.len());
            assert_eq!(back, m, "{} in {}", m.uci(), pos.fen());
            assert_eq!(back.flags(), m.flags(), "{} in {}", m.uci(), pos.fen());
            let long =
                role_of(pos, m) == Role::Queen && m.from().file() != m.to().file() && m.from().rank() != m.to().rank();
            assert_eq!(bytes.len(), if long { 2 } else { 1 });
        }
    }

    fn role_of(pos: &Position, m: Move) -> Role {
        pos.piece_at(m.from()).unwrap().role
    }

    #[test]
    fn every_move_of_the_perft_suite_reads_back() {
        let suite = include_str!("../../chess-core/tests/data/perftsuite.epd");
        for line in suite.lines().filter(|l| !l.trim().is_empty()) {
            let pos: Position = line.split(';').next().unwrap().trim().parse().unwrap();
            round_trip(&pos);
            for &m in pos.legal_moves().iter() {
                round_trip(&pos.after(m).unwrap());
            }
        }
    }

    #[test]
    fn chess960_castling_reads_back() {
        for n in [0, 100, 518, 959] {
            let start = Position::new_960(n).unwrap();
            let mut pos = start.clone();
            // Clear the back ranks' path by playing a few developing moves.
            let mut rng = n as u64 + 1;
            for _ in 0..40 {
                round_trip(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let castle = moves.iter().copied().find(|m| m.is_castle());
                let m = castle.unwrap_or(moves[(rng >> 33) as usize % moves.len()]);
                pos.play_unchecked(m);
            }
        }
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        let pos = Position::new();
        for byte in 0..=255u8 {
            for second in [0u8, 7, 63, 64, 255] {
                let bytes = [byte, second];
                let mut at = 0;
                if let Ok(m) = decode(&pos, &bytes, &mut at) {
                    // Whatever decodes is a move of the mover's piece that
                    // takes no own piece and no king.
                    assert_eq!(pos.piece_at(m.from()).unwrap().color, pos.turn());
                }
            }
        }
    }
}
