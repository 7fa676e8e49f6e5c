//! The terms of the evaluation, measured on a position: each is reported
//! to a [`Sink`] as "this weight counts n times for this side". The engine's
//! sink adds the weights up; the tuner's records the counts. One walk over
//! the position serves both, so what is tuned is what is played.

use chess_core::{Color, Piece, Position, Role};

use super::layout::*;
use crate::bitboard::{self as bb, squares};

/// Receives the terms of a position.
pub(crate) trait Sink {
    /// Weight `index` counts `n` times for White (`white`) or Black.
    fn add(&mut self, index: usize, white: bool, n: i32);
}

/// How much each role counts towards the game phase (24 = all pieces on).
pub(crate) const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase with every piece on the board.
pub(crate) const MAX_PHASE: i32 = 24;

/// King attack units a piece brings when it reaches the squares around
/// the enemy king, by role (pawn to king).
const ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// Attack units beyond this count as this many.
const MAX_ATTACK_UNITS: i32 = 60;
/// Attack units for each safe check, by the checking role.
const CHECK_UNITS: [i32; 6] = [0, 3, 2, 4, 4, 0];

/// One side's pieces as sets, by role (pawn to king).
#[derive(Copy, Clone)]
struct Side {
    roles: [u64; 6],
    all: u64,
    king: usize,
}

impl Side {
    fn of(pos: &Position, color: Color) -> Side {
        let mut roles = [0u64; 6];
        for (r, role) in Role::ALL.into_iter().enumerate() {
            roles[r] = pos.squares_of(Piece::new(color, role)).0;
        }
        Side {
            roles,
            all: roles.iter().fold(0, |a, b| a | b),
            king: pos.king(color).index() as usize,
        }
    }
}

/// What one side attacks: everything, twice, and by each role.
#[derive(Copy, Clone, Default)]
struct Attacks {
    all: u64,
    twice: u64,
    by_role: [u64; 6],
}

impl Attacks {
    #[inline]
    fn add(&mut self, role: usize, squares: u64) {
        self.twice |= self.all & squares;
        self.all |= squares;
        self.by_role[role] |= squares;
    }
}

/// The square `sq` as seen from `white`'s side (a1 = 0 for White, a8 = 0
/// for Black).
#[inline]
fn relative(sq: usize, white: bool) -> usize {
    if white { sq } else { sq ^ 56 }
}

/// The rank of `sq` from `white`'s side (0 = its first rank).
#[inline]
fn relative_rank(sq: usize, white: bool) -> usize {
    relative(sq, white) / 8
}

/// The squares of rank `rank` as seen from `white`'s side (0 = its first).
#[inline]
fn rank(rank: usize, white: bool) -> u64 {
    0xff << (8 * if white { rank } else { 7 - rank })
}

fn distance(a: usize, b: usize) -> i32 {
    let files = (a % 8) as i32 - (b % 8) as i32;
    let ranks = (a / 8) as i32 - (b / 8) as i32;
    files.abs().max(ranks.abs())
}

/// What the walk found besides the terms: the game phase, and the piece
/// counts the endgame rules look at.
pub(crate) struct Walked {
    pub(crate) phase: i32,
    /// `[color][role]` piece counts.
    pub(crate) count: [[i32; 6]; 2],
    /// Each side's bishops stand on light squares only, dark only, or both
    /// (bit 0: some on light, bit 1: some on dark).
    pub(crate) bishop_colors: [u8; 2],
}

/// Reports every term of `pos` to `sink`.
pub(crate) fn walk<S: Sink>(pos: &Position, sink: &mut S) -> Walked {
    let sides = [Side::of(pos, Color::White), Side::of(pos, Color::Black)];
    let occupied = sides[0].all | sides[1].all;
    let pawn_attacks = [
        bb::pawn_attacks(sides[0].roles[0], true),
        bb::pawn_attacks(sides[1].roles[0], false),
    ];
    let king_zones = [
        bb::KING[sides[0].king] | 1 << sides[0].king,
        bb::KING[sides[1].king] | 1 << sides[1].king,
    ];
    let mut attacks = [Attacks::default(); 2];
    let mut units = [0i32; 2];
    let mut walked = Walked {
        phase: 0,
        count: [[0; 6]; 2],
        bishop_colors: [0; 2],
    };

    // Material, squares, mobility and the attack maps. Counted a role at
    // a time, set-wise where a term does not depend on the square.
    for c in 0..2 {
        let white = c == 0;
        let us = &sides[c];
        attacks[c].add(0, pawn_attacks[c]);
        attacks[c].add(5, bb::KING[us.king]);
        for (r, &set) in us.roles.iter().enumerate() {
            let n = set.count_ones() as i32;
            if n > 0 {
                sink.add(MATERIAL + r, white, n);
            }
            walked.phase += PHASE[r] * n;
            walked.count[c][r] = n;
            for sq in squares(set) {
                sink.add(PST + 64 * r + relative(sq, white), white, 1);
            }
        }
        let bishops = us.roles[2];
        let light = chess_core::SquareSet::LIGHT.0;
        walked.bishop_colors[c] = u8::from(bishops & light != 0) | u8::from(bishops & !light != 0) << 1;
        // Mobility: the squares each piece reaches that hold no own pawn or
        // king and no enemy pawn attacks.
        let area = !(us.roles[0] | 1 << us.king) & !pawn_attacks[1 - c];
        let mut mobility = |r: usize, term: usize, reach: u64| {
            sink.add(term + (reach & area).count_ones() as usize, white, 1);
            attacks[c].add(r, reach);
            if reach & king_zones[1 - c] != 0 {
                units[c] += ATTACK_UNITS[r];
            }
        };
        for sq in squares(us.roles[1]) {
            mobility(1, KNIGHT_MOBILITY, bb::KNIGHT[sq]);
        }
        for sq in squares(us.roles[2]) {
            mobility(2, BISHOP_MOBILITY, bb::bishop(sq, occupied));
        }
        for sq in squares(us.roles[3]) {
            mobility(3, ROOK_MOBILITY, bb::rook(sq, occupied));
        }
        for sq in squares(us.roles[4]) {
            mobility(4, QUEEN_MOBILITY, bb::queen(sq, occupied));
        }
    }

    for c in 0..2 {
        let white = c == 0;
        let (us, them) = (&sides[c], &sides[1 - c]);
        pawns(sink, us, them, &attacks[1 - c], occupied, white);
        pieces(sink, us, them, pawn_attacks[c], white);
        threats(sink, them, &attacks[c], &attacks[1 - c], white);
        push_threats(sink, us, them, &attacks[c], &attacks[1 - c], occupied, white);
        shelter(sink, us, them, white);
        pawnless_flank(sink, us, them, white);
        king_attack(sink, us, them, &attacks[c], &attacks[1 - c], occupied, units[c], white);
    }
    sink.add(TEMPO, pos.turn() == Color::White, 1);
    walked
}

/// Pawn structure and passed pawns of `us`: set-wise, then square by
/// square only for the terms that depend on the rank.
fn pawns<S: Sink>(sink: &mut S, us: &Side, them: &Side, their_attacks: &Attacks, occupied: u64, white: bool) {
    let own = us.roles[0];
    let theirs = them.roles[0];
    let count = |sink: &mut S, term: usize, set: u64| {
        if set != 0 {
            sink.add(term, white, set.count_ones() as i32);
        }
    };
    // With an own pawn ahead on the file: behind some own pawn.
    let doubled = own & bb::span_ahead(own, !white);
    count(sink, DOUBLED_PAWN, doubled);
    // No own pawn on the files beside.
    let own_files = own | bb::span_ahead(own, true) | bb::span_ahead(own, false);
    let isolated = own & !(bb::east(own_files) | bb::west(own_files));
    count(sink, ISOLATED_PAWN, isolated);
    // Backward: the squares an own pawn can defend one day are those beside
    // it and ahead of those; a pawn on none of them whose stop square an
    // enemy pawn attacks can neither be defended nor advance safely.
    let beside = bb::east(own) | bb::west(own);
    let defendable = beside | bb::span_ahead(beside, white);
    let stop_attacked = bb::forward(their_attacks.by_role[0], !white);
    count(sink, BACKWARD_PAWN, own & !defendable & !isolated & stop_attacked);
    for sq in squares(own & (bb::east(own) | bb::west(own))) {
        sink.add(PHALANX_PAWN + relative_rank(sq, white), white, 1);
    }
    for sq in squares(own & bb::pawn_attacks(own, white)) {
        sink.add(SUPPORTED_PAWN + relative_rank(sq, white), white, 1);
    }
    // Passed: no enemy pawn ahead on its file or the files beside (the
    // squares behind enemy pawns and behind the squares beside them are
    // "stopped"), and no own pawn ahead (of doubled pawns, the front one).
    let stopped = bb::span_ahead(theirs | bb::east(theirs) | bb::west(theirs), !white);
    for sq in squares(own & !stopped & !doubled) {
        let rank = relative_rank(sq, white);
        let ahead = bb::span_ahead(1u64 << sq, white);
        sink.add(PASSED_PAWN + rank, white, 1);
        let stop = if white { sq + 8 } else { sq - 8 };
        if occupied & 1 << stop != 0 {
            sink.add(PASSED_BLOCKED + rank, white, 1);
        }
        if (occupied | their_attacks.all) & ahead == 0 {
            sink.add(PASSED_FREE + rank, white, 1);
        }
        sink.add(PASSED_OWN_KING + rank, white, distance(us.king, stop));
        sink.add(PASSED_ENEMY_KING + rank, white, distance(them.king, stop));
    }
}

/// The bishop pair, bad bishops, minor pieces behind pawns, rooks on open
/// files and on the seventh rank, and outposts of `us`.
fn pieces<S: Sink>(sink: &mut S, us: &Side, them: &Side, our_pawn_attacks: u64, white: bool) {
    if us.roles[2].count_ones() >= 2 {
        sink.add(BISHOP_PAIR, white, 1);
    }
    let light = chess_core::SquareSet::LIGHT.0;
    for sq in squares(us.roles[2]) {
        let colour = if light & 1 << sq != 0 { light } else { !light };
        let n = (us.roles[0] & colour).count_ones() as i32;
        if n > 0 {
            sink.add(BAD_BISHOP_PAWN, white, n);
        }
    }
    let all_pawns = us.roles[0] | them.roles[0];
    let minors = us.roles[1] | us.roles[2];
    let in_front = bb::forward(minors, white);
    let n = (in_front & all_pawns).count_ones() as i32;
    if n > 0 {
        sink.add(MINOR_BEHIND_PAWN, white, n);
    }
    let seventh = rank(6, white);
    let eighth = rank(7, white);
    if us.roles[3] & seventh != 0 && (them.roles[0] & seventh != 0 || 1u64 << them.king & eighth != 0) {
        sink.add(ROOK_ON_SEVENTH, white, (us.roles[3] & seventh).count_ones() as i32);
    }
    for sq in squares(us.roles[3]) {
        let file = bb::file(sq % 8);
        if all_pawns & file == 0 {
            sink.add(ROOK_OPEN_FILE, white, 1);
        } else if us.roles[0] & file == 0 {
            sink.add(ROOK_SEMI_OPEN_FILE, white, 1);
        }
    }
    // Squares an enemy pawn may still attack one day: those ahead of it,
    // seen from its side, on the files beside it.
    let their_reach = bb::span_ahead(bb::east(them.roles[0]) | bb::west(them.roles[0]), !white);
    for (r, term) in [(1, KNIGHT_OUTPOST), (2, BISHOP_OUTPOST)] {
        for sq in squares(us.roles[r]) {
            let rank = relative_rank(sq, white);
            let bit = 1u64 << sq;
            if (3..=5).contains(&rank) && our_pawn_attacks & bit != 0 && their_reach & bit == 0 {
                sink.add(term, white, 1);
            }
        }
    }
}

/// The attacks `ours` on `them`'s pieces.
fn threats<S: Sink>(sink: &mut S, them: &Side, ours: &Attacks, theirs: &Attacks, white: bool) {
    let minors = ours.by_role[1] | ours.by_role[2];
    for r in 0..5 {
        let victims = them.roles[r];
        if r > 0 {
            let n = (victims & ours.by_role[0]).count_ones() as i32;
            if n > 0 {
                sink.add(THREAT_BY_PAWN + r, white, n);
            }
        }
        let n = (victims & minors).count_ones() as i32;
        if n > 0 {
            sink.add(THREAT_BY_MINOR + r, white, n);
        }
        let n = (victims & ours.by_role[3]).count_ones() as i32;
        if n > 0 && r != 3 {
            sink.add(THREAT_BY_ROOK + r, white, n);
        }
    }
    let pieces = them.all & !(1u64 << them.king);
    let hanging = pieces & ours.all & !theirs.all;
    if hanging != 0 {
        sink.add(HANGING, white, hanging.count_ones() as i32);
    }
    let n = (pieces & ours.by_role[5]).count_ones() as i32;
    if n > 0 {
        sink.add(THREAT_BY_KING, white, n);
    }
}

/// The enemy pieces (not pawns, not the king) `us`'s pawns would attack
/// after a safe push: one square, or two from their second rank, to a
/// square no enemy pawn attacks and that is defended or not attacked.
fn push_threats<S: Sink>(
    sink: &mut S,
    us: &Side,
    them: &Side,
    ours: &Attacks,
    theirs: &Attacks,
    occupied: u64,
    white: bool,
) {
    let third = rank(2, white);
    let single = bb::forward(us.roles[0], white) & !occupied;
    let double = bb::forward(single & third, white) & !occupied;
    let safe = (single | double) & !theirs.by_role[0] & (ours.all | !theirs.all);
    let targets = them.all & !them.roles[0] & !(1u64 << them.king);
    let n = (bb::pawn_attacks(safe, white) & targets).count_ones() as i32;
    if n > 0 {
        sink.add(PAWN_PUSH_THREAT, white, n);
    }
}

/// The pawns in front of `us`'s king: its own (shelter) and the enemy's
/// (storm), on its file and the files beside.
fn shelter<S: Sink>(sink: &mut S, us: &Side, them: &Side, white: bool) {
    let king_file = (us.king % 8).clamp(1, 6);
    let king_rank = relative_rank(us.king, white);
    // The ranks ahead of the king, seen from its side.
    let ahead = bb::span_ahead(0xff << (us.king / 8 * 8), white);
    for file in king_file - 1..=king_file + 1 {
        let mask = bb::file(file) & ahead;
        // How many ranks ahead of the king the nearest of `pawns` on this
        // file stands (7 when none does): the lowest square for White, the
        // highest for Black.
        let nearest = |pawns: u64| {
            let on_file = pawns & mask;
            if on_file == 0 {
                return 7;
            }
            let sq = if white {
                on_file.trailing_zeros()
            } else {
                63 - on_file.leading_zeros()
            };
            relative_rank(sq as usize, white) - king_rank
        };
        sink.add(PAWN_SHELTER + nearest(us.roles[0]), white, 1);
        sink.add(PAWN_STORM + nearest(them.roles[0]), white, 1);
    }
}

/// `us`'s king on a flank with no pawns of either side: the files a-c for
/// a king on a, a-d on b or c, c-f on d or e, e-h on f or g, f-h on h.
fn pawnless_flank<S: Sink>(sink: &mut S, us: &Side, them: &Side, white: bool) {
    let (first, last) = match us.king % 8 {
        0 => (0, 2),
        1 | 2 => (0, 3),
        3 | 4 => (2, 5),
        5 | 6 => (4, 7),
        _ => (5, 7),
    };
    let flank = (first..=last).fold(0, |b, f| b | bb::file(f));
    if (us.roles[0] | them.roles[0]) & flank == 0 {
        sink.add(PAWNLESS_FLANK, white, 1);
    }
}

/// `us`'s attack on `them`'s king: attack units from the pieces that reach
/// the squares around it and from safe checks, counted once and squared
/// (the danger grows faster than the attackers do).
#[allow(clippy::too_many_arguments)]
fn king_attack<S: Sink>(
    sink: &mut S,
    us: &Side,
    them: &Side,
    ours: &Attacks,
    theirs: &Attacks,
    occupied: u64,
    mut units: i32,
    white: bool,
) {
    let safe = !theirs.all & !us.all;
    let king = them.king;
    let bishop_lines = bb::bishop(king, occupied);
    let rook_lines = bb::rook(king, occupied);
    let checks = [
        0,
        bb::KNIGHT[king],
        bishop_lines,
        rook_lines,
        bishop_lines | rook_lines,
        0,
    ];
    for r in 1..5 {
        let n = (checks[r] & ours.by_role[r] & safe).count_ones() as i32;
        if n > 0 {
            sink.add(SAFE_CHECK + r, white, n);
            units += CHECK_UNITS[r] * n;
        }
    }
    if units > 0 && us.roles[4] != 0 {
        let units = units.min(MAX_ATTACK_UNITS);
        sink.add(KING_ATTACK, white, units);
        sink.add(KING_ATTACK + 1, white, units * units / 4);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records each weight's count for each side.
    struct Counts(Vec<[i32; 2]>);

    impl Sink for Counts {
        fn add(&mut self, index: usize, white: bool, n: i32) {
            self.0[index][usize::from(!white)] += n;
        }
    }

    /// The shelter and storm counted square by square: for each file, the
    /// nearest pawn ahead of the king by walking every pawn on it.
    fn shelter_by_squares(us: &Side, them: &Side, white: bool) -> Vec<(usize, usize)> {
        let king_file = (us.king % 8).clamp(1, 6);
        let king_rank = relative_rank(us.king, white);
        let nearest = |pawns: u64, file: usize| {
            (0..64)
                .filter(|&sq| pawns & 1 << sq != 0 && sq % 8 == file)
                .map(|sq| relative_rank(sq, white))
                .filter(|&rank| rank > king_rank)
                .map(|rank| rank - king_rank)
                .min()
                .unwrap_or(7)
        };
        (king_file - 1..=king_file + 1)
            .map(|file| (nearest(us.roles[0], file), nearest(them.roles[0], file)))
            .collect()
    }

    /// Positions of every phase: those reached by seeded random games from
    /// the start and from a middlegame.
    fn positions() -> Vec<Position> {
        let mut rng = crate::Rng::seeded(0x2545_f491_4f6c_dd1d);
        let mut out = Vec::new();
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 9",
        ] {
            for _ in 0..20 {
                let mut pos: Position = fen.parse().unwrap();
                for _ in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[(rng.next_u64() % moves.len() as u64) as usize]).unwrap();
                    out.push(pos.clone());
                }
            }
        }
        out
    }

    /// How many times `term` counts for White and for Black in `fen`.
    fn counted(fen: &str, term: usize) -> [i32; 2] {
        let pos: Position = fen.parse().unwrap();
        let mut counts = Counts(vec![[0; 2]; COUNT]);
        walk(&pos, &mut counts);
        counts.0[term]
    }

    #[test]
    fn a_pawn_behind_its_neighbours_with_its_stop_square_attacked_is_backward() {
        // d3 behind c4 and e4, d4 attacked by c5; the isolated c5 is not backward.
        assert_eq!(counted("4k3/8/8/2p5/2P1P3/3P4/8/4K3 w - - 0 1", BACKWARD_PAWN), [1, 0]);
        // With d4 free of attack, d3 may still advance to its neighbours.
        assert_eq!(counted("4k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1", BACKWARD_PAWN), [0, 0]);
    }

    #[test]
    fn a_bishop_counts_its_own_pawns_on_its_colour() {
        // The dark-squared d2 bishop, own pawns on c3 and e3 (dark) and b3 (light).
        assert_eq!(counted("4k3/8/8/8/8/1PP1P3/3B4/4K3 w - - 0 1", BAD_BISHOP_PAWN), [2, 0]);
    }

    #[test]
    fn a_minor_piece_with_a_pawn_in_front_is_shielded() {
        assert_eq!(counted("4k3/8/8/8/4p3/4N3/8/4K3 w - - 0 1", MINOR_BEHIND_PAWN), [1, 0]);
        assert_eq!(counted("4k3/3b4/3P4/8/8/8/8/4K3 w - - 0 1", MINOR_BEHIND_PAWN), [0, 1]);
    }

    #[test]
    fn a_rook_on_the_seventh_counts_with_the_king_on_the_eighth_or_pawns_on_the_seventh() {
        assert_eq!(counted("4k3/R7/8/8/8/8/8/4K3 w - - 0 1", ROOK_ON_SEVENTH), [1, 0]);
        assert_eq!(counted("8/R5p1/4k3/8/8/8/8/4K3 w - - 0 1", ROOK_ON_SEVENTH), [1, 0]);
        assert_eq!(counted("8/R7/4k3/8/8/8/8/4K3 w - - 0 1", ROOK_ON_SEVENTH), [0, 0]);
        assert_eq!(counted("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", ROOK_ON_SEVENTH), [0, 1]);
    }

    #[test]
    fn a_piece_next_to_the_enemy_king_is_threatened_by_it() {
        assert_eq!(counted("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", THREAT_BY_KING), [1, 0]);
    }

    #[test]
    fn a_safe_push_that_would_attack_a_piece_is_a_threat() {
        // e3-e4 would attack the knight on d5.
        assert_eq!(counted("4k3/8/8/3n4/8/4P3/8/4K3 w - - 0 1", PAWN_PUSH_THREAT), [1, 0]);
        // So would e2-e4, over e3.
        assert_eq!(counted("4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1", PAWN_PUSH_THREAT), [1, 0]);
        // Not when a black pawn guards e4.
        assert_eq!(counted("4k3/8/8/3n1p2/8/4P3/8/4K3 w - - 0 1", PAWN_PUSH_THREAT), [0, 0]);
    }

    #[test]
    fn a_king_on_a_flank_without_pawns_is_exposed() {
        // The king on g1 (files e-h) has none; the one on e8 (c-f) has d7.
        assert_eq!(counted("4k3/3p4/8/8/8/8/PPP5/6K1 w - - 0 1", PAWNLESS_FLANK), [1, 0]);
    }

    #[test]
    fn shelter_counts_the_nearest_pawn_ahead_of_the_king_on_each_file() {
        let positions = positions();
        assert!(positions.len() > 2_000);
        for pos in &positions {
            let sides = [Side::of(pos, Color::White), Side::of(pos, Color::Black)];
            for c in 0..2 {
                let white = c == 0;
                let mut counts = Counts(vec![[0; 2]; COUNT]);
                shelter(&mut counts, &sides[c], &sides[1 - c], white);
                let mut expected = vec![[0; 2]; COUNT];
                for (own, theirs) in shelter_by_squares(&sides[c], &sides[1 - c], white) {
                    expected[PAWN_SHELTER + own][c] += 1;
                    expected[PAWN_STORM + theirs][c] += 1;
                }
                assert_eq!(counts.0, expected, "{pos}");
            }
        }
    }
}
