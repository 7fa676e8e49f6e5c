//! Where each term of the evaluation sits among the weights: every term is
//! a run of weights (one for each rank, square or count it is measured
//! by), and the runs lie one after another. The tuner (`chess-lab tune`)
//! learns the weights by these positions and writes them back by name.

/// The piece values, pawn to king (the king's is unused).
pub const MATERIAL: usize = 0;
/// Piece-square bonuses: `PST + 64 · role + square`, the square seen from
/// the piece's own side (a1 = 0 for White, a8 = 0 for Black).
pub const PST: usize = MATERIAL + 6;
/// A knight's safe squares (not held by own pawns or king, not attacked
/// by enemy pawns), 0 to 8.
pub const KNIGHT_MOBILITY: usize = PST + 6 * 64;
/// A bishop's safe squares, 0 to 13.
pub const BISHOP_MOBILITY: usize = KNIGHT_MOBILITY + 9;
/// A rook's safe squares, 0 to 14.
pub const ROOK_MOBILITY: usize = BISHOP_MOBILITY + 14;
/// A queen's safe squares, 0 to 27.
pub const QUEEN_MOBILITY: usize = ROOK_MOBILITY + 15;
/// A pawn with another of its side ahead on its file.
pub const DOUBLED_PAWN: usize = QUEEN_MOBILITY + 28;
/// A pawn with no pawn of its side on the files beside it.
pub const ISOLATED_PAWN: usize = DOUBLED_PAWN + 1;
/// A pawn that no pawn of its side can ever defend (none beside it or
/// behind it on the files beside) and that cannot advance to find one (an
/// enemy pawn attacks the square in front of it); isolated pawns aside.
pub const BACKWARD_PAWN: usize = ISOLATED_PAWN + 1;
/// A pawn with a pawn of its side beside it, by its rank (seen from its
/// side, 0 = first rank).
pub const PHALANX_PAWN: usize = BACKWARD_PAWN + 1;
/// A pawn defended by a pawn, by its rank.
pub const SUPPORTED_PAWN: usize = PHALANX_PAWN + 8;
/// A passed pawn (no enemy pawn ahead on its file or the files beside),
/// by its rank.
pub const PASSED_PAWN: usize = SUPPORTED_PAWN + 8;
/// A passed pawn whose next square is occupied, by its rank.
pub const PASSED_BLOCKED: usize = PASSED_PAWN + 8;
/// A passed pawn whose way to the last rank is empty and not attacked by
/// the enemy, by its rank.
pub const PASSED_FREE: usize = PASSED_BLOCKED + 8;
/// A passed pawn, once for each square between its own king and the
/// square in front of it, by its rank.
pub const PASSED_OWN_KING: usize = PASSED_FREE + 8;
/// The same, for the enemy king's distance.
pub const PASSED_ENEMY_KING: usize = PASSED_OWN_KING + 8;
/// Two bishops or more.
pub const BISHOP_PAIR: usize = PASSED_ENEMY_KING + 8;
/// A rook on a file without pawns.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// A rook on a file without pawns of its side.
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// A knight on the fourth to sixth rank, defended by a pawn, that no enemy
/// pawn can ever attack.
pub const KNIGHT_OUTPOST: usize = ROOK_SEMI_OPEN_FILE + 1;
/// The same for a bishop.
pub const BISHOP_OUTPOST: usize = KNIGHT_OUTPOST + 1;
/// A bishop, once for each pawn of its side on squares of its colour
/// (pawns the bishop cannot defend, that block its lines).
pub const BAD_BISHOP_PAWN: usize = BISHOP_OUTPOST + 1;
/// A knight or bishop with a pawn (of either side) right in front of it,
/// which shields it from the front.
pub const MINOR_BEHIND_PAWN: usize = BAD_BISHOP_PAWN + 1;
/// A rook on the seventh rank (seen from its side) while the enemy king
/// stands on the eighth or enemy pawns on the seventh.
pub const ROOK_ON_SEVENTH: usize = MINOR_BEHIND_PAWN + 1;
/// An enemy piece attacked by a pawn, by the piece's role.
pub const THREAT_BY_PAWN: usize = ROOK_ON_SEVENTH + 1;
/// An enemy piece attacked by a knight or bishop, by its role.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 6;
/// An enemy piece attacked by a rook, by its role (not a rook: rooks on
/// one line attack each other).
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 6;
/// An enemy piece attacked and not defended.
pub const HANGING: usize = THREAT_BY_ROOK + 6;
/// An enemy piece (not the king) attacked by the king.
pub const THREAT_BY_KING: usize = HANGING + 1;
/// An enemy piece (not a pawn) that a pawn would attack after a safe push
/// (one square, or two from its second rank).
pub const PAWN_PUSH_THREAT: usize = THREAT_BY_KING + 1;
/// The king's shelter, for each of the three files around it: how far
/// ahead of the king the nearest pawn of its side stands (7: none).
pub const PAWN_SHELTER: usize = PAWN_PUSH_THREAT + 1;
/// The storm, on the same files: how far ahead of the king the nearest
/// enemy pawn stands (7: none).
pub const PAWN_STORM: usize = PAWN_SHELTER + 8;
/// The king on a flank (three or four files around it) without pawns of
/// either side: open to attack, and no pawns to shelter behind.
pub const PAWNLESS_FLANK: usize = PAWN_STORM + 8;
/// An attack on the enemy king, measured in attack units (pieces that
/// reach the squares around it, and safe checks): the first weight counts
/// once a unit, the second once per unit squared over 4 (the danger grows
/// faster than the attackers do).
pub const KING_ATTACK: usize = PAWNLESS_FLANK + 1;
/// A check the enemy cannot answer by taking the checker's square, by the
/// checking role (knight to queen).
pub const SAFE_CHECK: usize = KING_ATTACK + 2;
/// A bonus for the side to move.
pub const TEMPO: usize = SAFE_CHECK + 6;
/// How many weights there are.
pub const COUNT: usize = TEMPO + 1;

/// Each term's name, first weight and number of weights, in order: what
/// the tuner prints and writes.
pub const TERMS: &[(&str, usize, usize)] = &[
    ("MATERIAL", MATERIAL, 6),
    ("PST", PST, 6 * 64),
    ("KNIGHT_MOBILITY", KNIGHT_MOBILITY, 9),
    ("BISHOP_MOBILITY", BISHOP_MOBILITY, 14),
    ("ROOK_MOBILITY", ROOK_MOBILITY, 15),
    ("QUEEN_MOBILITY", QUEEN_MOBILITY, 28),
    ("DOUBLED_PAWN", DOUBLED_PAWN, 1),
    ("ISOLATED_PAWN", ISOLATED_PAWN, 1),
    ("BACKWARD_PAWN", BACKWARD_PAWN, 1),
    ("PHALANX_PAWN", PHALANX_PAWN, 8),
    ("SUPPORTED_PAWN", SUPPORTED_PAWN, 8),
    ("PASSED_PAWN", PASSED_PAWN, 8),
    ("PASSED_BLOCKED", PASSED_BLOCKED, 8),
    ("PASSED_FREE", PASSED_FREE, 8),
    ("PASSED_OWN_KING", PASSED_OWN_KING, 8),
    ("PASSED_ENEMY_KING", PASSED_ENEMY_KING, 8),
    ("BISHOP_PAIR", BISHOP_PAIR, 1),
    ("ROOK_OPEN_FILE", ROOK_OPEN_FILE, 1),
    ("ROOK_SEMI_OPEN_FILE", ROOK_SEMI_OPEN_FILE, 1),
    ("KNIGHT_OUTPOST", KNIGHT_OUTPOST, 1),
    ("BISHOP_OUTPOST", BISHOP_OUTPOST, 1),
    ("BAD_BISHOP_PAWN", BAD_BISHOP_PAWN, 1),
    ("MINOR_BEHIND_PAWN", MINOR_BEHIND_PAWN, 1),
    ("ROOK_ON_SEVENTH", ROOK_ON_SEVENTH, 1),
    ("THREAT_BY_PAWN", THREAT_BY_PAWN, 6),
    ("THREAT_BY_MINOR", THREAT_BY_MINOR, 6),
    ("THREAT_BY_ROOK", THREAT_BY_ROOK, 6),
    ("HANGING", HANGING, 1),
    ("THREAT_BY_KING", THREAT_BY_KING, 1),
    ("PAWN_PUSH_THREAT", PAWN_PUSH_THREAT, 1),
    ("PAWN_SHELTER", PAWN_SHELTER, 8),
    ("PAWN_STORM", PAWN_STORM, 8),
    ("PAWNLESS_FLANK", PAWNLESS_FLANK, 1),
    ("KING_ATTACK", KING_ATTACK, 2),
    ("SAFE_CHECK", SAFE_CHECK, 6),
    ("TEMPO", TEMPO, 1),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The runs tile the weights: each starts where the one before ends.
    #[test]
    fn terms_tile_the_weights() {
        let mut next = 0;
        for &(name, start, len) in TERMS {
            assert_eq!(start, next, "{name}");
            next += len;
        }
        assert_eq!(next, COUNT);
    }
}
