//! Whether a [`Setup`] is a legal position: [`Position::from_setup`] checks
//! it and reports every problem at once, so an editor can show them all.
//! The problems come with readable messages and, where there is an obvious
//! one, a fix ([`Problem::fix`], [`Setup::apply_fix`]).

use std::fmt;

use crate::castling::{CastlingRights, CastlingSide};
use crate::piece::{Color, Piece, Role};
use crate::position::Position;
use crate::setup::{Setup, ep_square_possible};
use crate::square::{Rank, Square, SquareSet};
use crate::x88::diff_index;

impl Setup {
    /// Every problem with this setup, errors and warnings, in a fixed order
    /// (see [`Problem`]). Empty for a legal position.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        find_problems(&Position::from_setup_unchecked(self), self.ep_square, true, &mut out);
        out
    }

    /// [`Setup::problems`] by Chess960's rules: a castling right needs the
    /// king anywhere on its first rank, and its rook (on the right's file)
    /// on that side of the king.
    pub fn problems_960(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        find_problems(
            &Position::from_setup_unchecked_in(self, true),
            self.ep_square,
            true,
            &mut out,
        );
        out
    }

    /// Applies the obvious fix for `problem`, if it has one (see
    /// [`Problem::fix`]). Returns whether anything changed.
    pub fn apply_fix(&mut self, problem: &Problem) -> bool {
        match *problem {
            Problem::BadCastlingRight { color, side, .. } => {
                let had = self.castling.has(color, side);
                self.castling.set(color, side, false);
                had
            }
            Problem::BadEnPassant(_) => self.ep_square.take().is_some(),
            Problem::PawnOnBackRank(color, sq) => {
                self.board.get(sq) == Some(Piece::new(color, Role::Pawn)) && self.board.set(sq, None).is_some()
            }
            Problem::OppositeCheck(_) => {
                self.turn = !self.turn;
                self.ep_square = None;
                true
            }
            _ => false,
        }
    }

    /// Removes castling rights whose king or rook is not at home, and an en
    /// passant square no double push could have made: the repairs
    /// [`Repair`] allows.
    pub fn repair(&mut self, repair: Repair) {
        for problem in self.problems() {
            let fixable = match problem {
                Problem::BadCastlingRight { .. } => repair.castling,
                Problem::BadEnPassant(_) => repair.en_passant,
                _ => false,
            };
            if fixable {
                self.apply_fix(&problem);
            }
        }
    }
}

/// Pushes the problems of `pos`, a setup built unchecked whose en passant
/// square was written `ep_written`, to `out` in the order of
/// [`Setup::problems`]. Warnings are
/// looked for only when asked: the retro-analysis behind
/// [`Problem::ImpossibleCheck`] is the one costly test, and deciding
/// whether a position is legal never needs it.
fn find_problems(pos: &Position, ep_written: Option<Square>, warnings: bool, out: &mut Vec<Problem>) {
    // Popcounts are slow where the CPU has no instruction for them (the
    // baseline x86-64 target): the common cases are told by cheaper tests.
    let one_king = |color| pos.squares_of(Piece::new(color, Role::King)).is_single();
    for color in Color::ALL {
        if !one_king(color) {
            match pos.squares_of(Piece::new(color, Role::King)).count() {
                0 => out.push(Problem::MissingKing(color)),
                n => out.push(Problem::TooManyKings(color, n)),
            }
        }
    }
    for sq in pos.squares_of_role(Role::Pawn) & BACK_RANKS {
        let color = pos.piece_at(sq).map_or(Color::White, |p| p.color);
        out.push(Problem::PawnOnBackRank(color, sq));
    }
    for color in Color::ALL {
        if no_more_than_the_starting_pieces(pos, color) {
            continue;
        }
        let pawns = pos.squares_of(Piece::new(color, Role::Pawn)).count();
        let pieces = pos.pieces_of(color).count();
        if pawns > 8 {
            out.push(Problem::TooManyPawns(color, pawns));
        }
        if pieces > 16 {
            out.push(Problem::TooManyPieces(color, pieces));
        } else if pawns <= 8 && promoted_at_least(pos, color) > 8 - pawns {
            out.push(Problem::ImpossibleMaterial(color));
        }
    }
    castling_problems(pos, out);
    if let Some(ep) = ep_written
        && !ep_square_possible(&pos.squares, pos.turn(), ep)
    {
        out.push(Problem::BadEnPassant(ep));
    }
    // Checks can only be judged with one king each.
    if one_king(Color::White) && one_king(Color::Black) {
        let (white, black) = (pos.king(Color::White), pos.king(Color::Black));
        if white.distance(black) <= 1 {
            // Each king attacks the other: that is the problem, not a check
            // that changing the side to move would mend (it would only move
            // the check to the other side, for ever).
            out.push(Problem::AdjacentKings(white, black));
            return;
        }
        let them = !pos.turn();
        if pos.is_attacked(pos.king88(them), pos.turn(), 0xff) {
            out.push(Problem::OppositeCheck(them));
        }
        if pos.is_check() {
            let checkers = pos.checkers();
            if checkers.count() > 2 {
                out.push(Problem::TooManyCheckers(checkers.count()));
            } else if warnings && check_is_impossible(pos, ep_written, checkers) {
                out.push(Problem::ImpossibleCheck);
            }
        }
    }
}

/// The castling rights its pieces do not allow: each right's rook must be
/// on its square, and the king at home (in standard chess on e1/e8; in
/// Chess960 anywhere on its first rank, on the other side of the rook).
fn castling_problems(pos: &Position, out: &mut Vec<Problem>) {
    let rights = pos.castling();
    let chess960 = pos.is_chess960();
    for (color, side) in rights.iter() {
        let king = Piece::new(color, Role::King);
        // Standard rights hold the a- and h-file rooks.
        let rook = rights.rook_square(color, side).unwrap_or(side.rook_from(color));
        let king_home = if chess960 {
            let kings = pos.squares_of(king);
            kings.is_single()
                && kings.into_iter().all(|k| {
                    k.rank().index() == color.back_rank_index()
                        && (k.file().index() < rook.file().index()) == (side == CastlingSide::King)
                })
        } else {
            pos.piece_at(CastlingSide::king_from(color)) == Some(king)
        };
        let rook_home = pos.piece_at(rook) == Some(Piece::new(color, Role::Rook));
        if !king_home || !rook_home {
            out.push(Problem::BadCastlingRight {
                color,
                side,
                king_missing: !king_home,
                rook,
                chess960,
            });
        }
    }
}

/// Retro-analysis of the side to move's checks in `pos` (its en passant
/// square written `ep_written`): is there no last move of the opponent that
/// could have given them? A warning only.
fn check_is_impossible(pos: &Position, ep_written: Option<Square>, checkers: SquareSet) -> bool {
    let turn = pos.turn();
    let king = pos.king(turn).to_0x88();
    let piece = |sq: Square| pos.piece_at(sq).map(|p| p.role);
    if let Some(ep) = ep_written.filter(|&ep| ep_square_possible(&pos.squares, turn, ep)) {
        // The last move was that double push: it must explain the check,
        // either by the pawn itself or by a line it opened.
        let pushed_to = ep.offset(if turn == Color::White { -16 } else { 16 });
        let pushed_from = ep.offset(if turn == Color::White { 16 } else { -16 });
        let (Some(pushed_to), Some(pushed_from)) = (pushed_to, pushed_from) else {
            return true;
        };
        if checkers.more_than_one() {
            return true;
        }
        if checkers.first() == Some(pushed_to) {
            return false;
        }
        let mut before = pos.to_setup();
        let pawn = before.board.set(pushed_to, None);
        before.board.set(pushed_from, pawn);
        let before = Position::from_setup_unchecked(&before);
        return !before.attackers_of(before.king(turn), !turn).is_empty();
    }
    if checkers.more_than_one() {
        let mut it = checkers;
        let (a, b) = (it.next().unwrap_or(Square::A1), it.next().unwrap_or(Square::A1));
        let sliders = [a, b]
            .iter()
            .filter(|&&s| piece(s).is_some_and(Role::is_slider))
            .count();
        // A double check needs a discovered one, which needs a slider;
        // and two checks along one line cannot both be new.
        let step = crate::x88::STEPS[diff_index(a.to_0x88(), king)];
        let same_line = step != 0 && step == crate::x88::STEPS[diff_index(king, b.to_0x88())];
        return sliders == 0 || same_line;
    }
    // A single pawn check from a square no pawn can have moved to.
    let checker = checkers.first().unwrap_or(Square::A1);
    piece(checker) == Some(Role::Pawn)
        && checker.rank()
            == if turn == Color::White {
                Rank::Seventh
            } else {
                Rank::Second
            }
}

/// The squares of the first and eighth ranks, where no pawn can stand.
const BACK_RANKS: SquareSet = SquareSet(0xff00_0000_0000_00ff);

/// Whether `color` has no more of each kind of piece than at the start (at
/// most eight pawns, a queen, two rooks, two knights, a bishop per colour
/// of square): then neither its count nor its promotions can be wrong.
fn no_more_than_the_starting_pieces(pos: &Position, color: Color) -> bool {
    let set = |role| pos.squares_of(Piece::new(color, role)).0;
    let at_most_one = |s: u64| s & s.wrapping_sub(1) == 0;
    let at_most_two = |s: u64| at_most_one(s & s.wrapping_sub(1));
    let bishops = set(Role::Bishop);
    at_most_one(set(Role::Queen))
        && at_most_two(set(Role::Rook))
        && at_most_two(set(Role::Knight))
        && at_most_one(bishops & SquareSet::LIGHT.0)
        && at_most_one(bishops & SquareSet::DARK.0)
        && set(Role::Pawn).count_ones() <= 8
}

/// The fewest promoted pieces `color` must have: pieces beyond the starting
/// set (one queen, two rooks, a light and a dark bishop, two knights).
fn promoted_at_least(pos: &Position, color: Color) -> usize {
    let count = |role| pos.squares_of(Piece::new(color, role)).count();
    let bishops = pos.squares_of(Piece::new(color, Role::Bishop));
    let light = (bishops & SquareSet::LIGHT).count();
    let dark = bishops.count() - light;
    count(Role::Queen).saturating_sub(1)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Knight).saturating_sub(2)
        + light.saturating_sub(1)
        + dark.saturating_sub(1)
}

/// Rights that [`Position::from_setup_repaired`] may drop instead of failing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Repair {
    /// Drop castling rights whose king or rook is not on its home square.
    pub castling: bool,
    /// Drop an en passant square that no double push could have produced.
    pub en_passant: bool,
}

impl Repair {
    /// Drop nothing: every problem is an error.
    pub const NONE: Repair = Repair {
        castling: false,
        en_passant: false,
    };
    /// Drop bad castling rights and a bad en passant square.
    pub const ALL: Repair = Repair {
        castling: true,
        en_passant: true,
    };
}

/// One thing wrong with a [`Setup`]. Most are errors (the position is not
/// legal); [`Problem::ImpossibleCheck`] is a warning.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// The side has no king.
    MissingKing(Color),
    /// The side has more than one king (how many).
    TooManyKings(Color, usize),
    /// A pawn stands on the first or eighth rank.
    PawnOnBackRank(Color, Square),
    /// More than eight pawns (how many).
    TooManyPawns(Color, usize),
    /// More than sixteen pieces (how many).
    TooManyPieces(Color, usize),
    /// More promoted pieces than missing pawns could have become.
    ImpossibleMaterial(Color),
    /// A castling right whose king or rook is not on its home square.
    BadCastlingRight {
        /// Whose right.
        color: Color,
        /// Which side.
        side: CastlingSide,
        /// The king is away (otherwise the rook is).
        king_missing: bool,
        /// Where the right's rook should stand.
        rook: Square,
        /// Chess960, where the king may stand anywhere on its first rank.
        chess960: bool,
    },
    /// An en passant square that no double push could have produced.
    BadEnPassant(Square),
    /// The side that is not to move is in check (the side given).
    OppositeCheck(Color),
    /// The kings stand next to each other (White's, then Black's square):
    /// no move could have brought it about, and no side to move mends it.
    AdjacentKings(Square, Square),
    /// The side to move is checked by more than two pieces.
    TooManyCheckers(usize),
    /// The check cannot have been given by any last move (a warning).
    ImpossibleCheck,
}

impl Problem {
    /// Whether this problem makes the position illegal (otherwise it is a
    /// warning).
    pub fn is_error(&self) -> bool {
        !matches!(self, Problem::ImpossibleCheck)
    }

    /// What [`Setup::apply_fix`] would do about it, if there is an obvious fix.
    pub fn fix(&self) -> Option<String> {
        Some(match self {
            Problem::BadCastlingRight { color, side, .. } => {
                format!("remove the right {}", CastlingRights::letter(*color, *side))
            }
            Problem::BadEnPassant(_) => "clear the en passant square".to_string(),
            Problem::PawnOnBackRank(_, sq) => format!("remove the pawn on {sq}"),
            Problem::OppositeCheck(color) => format!("make it {color} to move"),
            _ => return None,
        })
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::MissingKing(c) => write!(f, "{c} has no king"),
            Problem::TooManyKings(c, n) => write!(f, "{c} has {n} kings"),
            Problem::PawnOnBackRank(c, sq) => {
                let rank = if sq.rank() == Rank::First { "1st" } else { "8th" };
                write!(f, "{c} pawn on the {rank} rank ({sq})")
            }
            Problem::TooManyPawns(c, n) => write!(f, "{c} has {n} pawns (at most 8)"),
            Problem::TooManyPieces(c, n) => write!(f, "{c} has {n} pieces (at most 16)"),
            Problem::ImpossibleMaterial(c) => {
                write!(f, "{c} has more promoted pieces than missing pawns could have made")
            }
            Problem::BadCastlingRight {
                color,
                side,
                king_missing,
                rook,
                chess960,
            } => {
                let letter = CastlingRights::letter(*color, *side);
                let king = format!("{} king", color.name().to_lowercase());
                match (king_missing, chess960) {
                    (true, false) => write!(
                        f,
                        "castling right {letter} but no {king} on {}",
                        CastlingSide::king_from(*color)
                    ),
                    (true, true) => write!(
                        f,
                        "castling right {letter} but no {king} on its first rank, on the {} side of the rook on {rook}",
                        match side {
                            CastlingSide::King => "queen",
                            CastlingSide::Queen => "king",
                        }
                    ),
                    (false, _) => write!(f, "castling right {letter} but no rook on {rook}"),
                }
            }
            Problem::BadEnPassant(sq) => {
                write!(f, "en passant square {sq} but no pawn can just have moved past it")
            }
            Problem::OppositeCheck(c) => {
                write!(f, "the side not to move is in check ({c} king)")
            }
            Problem::AdjacentKings(white, black) => {
                write!(f, "the kings stand next to each other ({white} and {black})")
            }
            Problem::TooManyCheckers(n) => write!(f, "the king is attacked by {n} pieces (at most 2)"),
            Problem::ImpossibleCheck => f.write_str("no last move could have given this check"),
        }
    }
}

/// A setup that is not a legal position: every problem found, with readable
/// messages. Its `Display` joins the errors' messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    problems: Vec<Problem>,
}

impl PositionError {
    /// Every problem found: the errors, then any warnings.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The problems that make the position illegal.
    pub fn errors(&self) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(|p| p.is_error())
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, p) in self.errors().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// Checks `setup` against the rules and builds the position, or reports
    /// every problem at once. Warnings (an impossible check) do not fail.
    ///
    /// ```
    /// use chess_core::{Position, Problem, Setup, Color};
    /// let setup = Setup::from_fen("8/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
    /// let err = Position::from_setup(setup).unwrap_err();
    /// assert_eq!(err.problems(), &[Problem::MissingKing(Color::Black)]);
    /// assert_eq!(err.to_string(), "illegal position: Black has no king");
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup_repaired(setup, Repair::NONE)
    }

    /// Like [`Position::from_setup`], but first drops the bad rights that
    /// `repair` allows.
    pub fn from_setup_repaired(mut setup: Setup, repair: Repair) -> Result<Position, PositionError> {
        let pos = Position::from_setup_unchecked(&setup);
        match pos.check_legal(setup.ep_square) {
            Ok(()) => Ok(pos),
            Err(e) if repair == Repair::NONE => Err(e),
            Err(_) => {
                setup.repair(repair);
                let pos = Position::from_setup_unchecked(&setup);
                pos.check_legal(setup.ep_square)?;
                Ok(pos)
            }
        }
    }

    /// Whether this position, built unchecked with its en passant square
    /// written `ep_written`, is legal; if not, every problem.
    ///
    /// A legal position, the common case, costs a look for errors only; the
    /// complete list (with warnings) is made only for a position that is
    /// refused.
    pub(crate) fn check_legal(&self, ep_written: Option<Square>) -> Result<(), PositionError> {
        let mut errors = Vec::new();
        find_problems(self, ep_written, false, &mut errors);
        if errors.is_empty() {
            return Ok(());
        }
        let mut problems = Vec::new();
        find_problems(self, ep_written, true, &mut problems);
        let (mut problems, warnings): (Vec<_>, Vec<_>) = problems.into_iter().partition(Problem::is_error);
        problems.extend(warnings);
        Err(PositionError { problems })
    }

    /// Warnings about this position (an impossible check), for editors.
    pub fn warnings(&self) -> Vec<Problem> {
        self.to_setup()
            .problems()
            .into_iter()
            .filter(|p| !p.is_error())
            .collect()
    }
}
