//! Chess960 (Fischer Random): the 960 start positions by their standard
//! numbers, and FEN with the castling field of X-FEN and Shredder-FEN.
//!
//! In Chess960 the back rank is shuffled (the bishops on opposite colours,
//! the king between the rooks) and castling moves the king and the rook to
//! the squares of standard castling, from wherever they stand. A castling
//! right names its rook: X-FEN writes `K`/`Q` when that rook is the
//! outermost on its side of the king and the rook's file letter otherwise
//! (`HAha`-style file letters only are Shredder-FEN); both are read.

use crate::castling::CastlingSide;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::setup::Setup;
use crate::square::{File, Rank, Square};
use crate::validate::PositionError;

/// The knights' places among the five squares left once the bishops and
/// the queen stand, for the remainder 0..10 of the numbering.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank (White's pieces, from the a-file) of Chess960 start
/// position `number` (0..960) in the standard numbering (Scharnagl's):
/// 518 is the standard `RNBQKBNR`. None from 960 on.
///
/// ```
/// use chess_core::{chess960, Role};
/// let rank = chess960::back_rank(518).unwrap();
/// assert_eq!(rank.map(Role::upper_char).iter().collect::<String>(), "RNBQKBNR");
/// let rank = chess960::back_rank(0).unwrap();
/// assert_eq!(rank.map(Role::upper_char).iter().collect::<String>(), "BBQNNRKR");
/// ```
pub fn back_rank(number: u32) -> Option<[Role; 8]> {
    if number >= 960 {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = number as usize;
    // The light-squared bishop on b, d, f or h; the dark one on a, c, e or g.
    rank[(n % 4) * 2 + 1] = Some(Role::Bishop);
    n /= 4;
    rank[(n % 4) * 2] = Some(Role::Bishop);
    n /= 4;
    // The queen, then the knights, on the empty squares counted from a.
    let empty = |rank: &[Option<Role>; 8]| -> Vec<usize> { (0..8).filter(|&f| rank[f].is_none()).collect() };
    let queen = empty(&rank)[n % 6];
    rank[queen] = Some(Role::Queen);
    n /= 6;
    let free = empty(&rank);
    let (first, second) = KNIGHTS[n];
    rank[free[first]] = Some(Role::Knight);
    rank[free[second]] = Some(Role::Knight);
    // Rook, king, rook on the three left.
    for (f, role) in empty(&rank).into_iter().zip([Role::Rook, Role::King, Role::Rook]) {
        rank[f] = Some(role);
    }
    Some(rank.map(|r| r.unwrap_or(Role::Pawn)))
}

/// A start position number (0..960) drawn from `seed`, evenly: for a
/// random start, pass anything random (a clock, a counter, a hash); the
/// same seed gives the same start, so a match can be replayed. The seed is
/// mixed (SplitMix64), so neighbouring seeds give unrelated starts.
///
/// ```
/// use chess_core::{chess960, Position};
/// let n = chess960::number_from_seed(7);
/// assert!(n < 960);
/// assert_eq!(n, chess960::number_from_seed(7));
/// assert!(Position::new_960(n).is_some());
/// ```
pub fn number_from_seed(seed: u64) -> u32 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    // 960 divides 2^64 unevenly by a negligible 1 in 10^16.
    ((z ^ (z >> 31)) % 960) as u32
}

impl Position {
    /// Chess960 start position `number` (0..960, standard numbering; 518 is
    /// the standard start), with all four castling rights. None from 960 on.
    /// For a random start, pass a random number below 960.
    ///
    /// ```
    /// use chess_core::Position;
    /// let pos = Position::new_960(0).unwrap();
    /// assert_eq!(pos.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(pos.is_chess960());
    /// assert_eq!(pos.legal_moves().len(), 20);
    /// ```
    pub fn new_960(number: u32) -> Option<Position> {
        let rank = back_rank(number)?;
        let mut setup = Setup::empty();
        for (file, &role) in File::ALL.iter().zip(rank.iter()) {
            setup
                .board
                .set(Square::new(*file, Rank::First), Some(Piece::new(Color::White, role)));
            setup
                .board
                .set(Square::new(*file, Rank::Eighth), Some(Piece::new(Color::Black, role)));
            setup.board.set(
                Square::new(*file, Rank::Second),
                Some(Piece::new(Color::White, Role::Pawn)),
            );
            setup.board.set(
                Square::new(*file, Rank::Seventh),
                Some(Piece::new(Color::Black, Role::Pawn)),
            );
        }
        let king = rank.iter().position(|&r| r == Role::King).unwrap_or(4) as u8;
        let queenside = rank.iter().position(|&r| r == Role::Rook).unwrap_or(0) as u8;
        let kingside = rank.iter().rposition(|&r| r == Role::Rook).unwrap_or(7) as u8;
        debug_assert!(queenside < king && king < kingside);
        for color in Color::ALL {
            setup.castling.set_with_rook(color, CastlingSide::King, kingside);
            setup.castling.set_with_rook(color, CastlingSide::Queen, queenside);
        }
        Position::from_setup_960(setup).ok()
    }

    /// Checks a Chess960 `setup` (castling rights with their rooks' files:
    /// the king on its first rank between the rooks it may castle with) and
    /// builds the position, or reports every problem, as
    /// [`Position::from_setup`] does for standard chess.
    pub fn from_setup_960(setup: Setup) -> Result<Position, PositionError> {
        let pos = Position::from_setup_unchecked_in(&setup, true);
        pos.check_legal(setup.ep_square)?;
        Ok(pos)
    }

    /// A Chess960 position from a FEN whose castling field is X-FEN (`KQkq`
    /// for the outermost rooks, file letters such as `Kb` otherwise) or
    /// Shredder-FEN (`HAha`).
    ///
    /// ```
    /// use chess_core::Position;
    /// let pos = Position::from_fen_960("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1")?;
    /// assert_eq!(pos.fen(), "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1");
    /// // Castling is the king taking its own rook: O-O-O (O-O would put the
    /// // king on g1, which the rook on g8 attacks).
    /// assert!(pos.legal_moves().iter().any(|m| m.uci() == "e1b1" && m.is_castle()));
    /// assert!(!pos.legal_moves().iter().any(|m| m.uci() == "e1g1"));
    /// # Ok::<(), chess_core::Error>(())
    /// ```
    pub fn from_fen_960(fen: &str) -> Result<Position, crate::Error> {
        let setup = Setup::from_fen_960(fen)?;
        Ok(Position::from_setup_960(setup)?)
    }
}
