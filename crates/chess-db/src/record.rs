//! What indexing takes from one game, read by a [`Visitor`] on the PGN
//! reader's worker threads: the header values the filters need, the main
//! line's moves in their compact code, the opening positions' keys, when
//! each home pawn left its square, and the material at the end.
//! Variations are skipped unread: the index is of main lines.

use chess_core::pgn::{RawTag, Skip, Visitor};
use chess_core::{Color, Move, Outcome, Position, Role, Square};

use crate::header::{Date, GameResult, parse_eco, parse_elo};
use crate::material::Material;
use crate::movecode;
use crate::shape::Shape;

/// How many plies of each game the opening table covers (positions at
/// plies 0 to this, included).
pub const OPENING_PLIES: usize = 20;

/// A home pawn that never left its square, or left after ply 254.
pub const NEVER: u8 = 255;

/// The most pieces and pawns a side has besides its king: how many losses
/// [`GameRecord::losses`] keeps a side.
pub const PIECES: usize = 15;

/// One game, as the index keeps it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRecord {
    /// The `White`, `Black`, `Event`, `Site` and `TimeControl` tags one
    /// after the other (one allocation a game, not five), each ending at
    /// its `ends`.
    names: String,
    ends: [u32; 5],
    /// `WhiteElo` (0 when unknown).
    pub white_elo: u16,
    /// `BlackElo` (0 when unknown).
    pub black_elo: u16,
    /// `Date` (or `UTCDate`).
    pub date: Date,
    /// The result the reader reports: the `Result` tag's, else the
    /// termination marker's (`chess_core::pgn`'s rule, applied before the
    /// visitor sees it).
    pub result: GameResult,
    /// `ECO`, as a number (see [`parse_eco`]).
    pub eco: Option<u16>,
    /// The start position's FEN when it is not the standard one (or the
    /// game is Chess960), and whether it is Chess960.
    pub start: Option<(String, bool)>,
    /// The main line's moves (see [`movecode`]).
    pub moves: Vec<u8>,
    /// Half-moves in the main line.
    pub plies: u32,
    /// For each home square of a pawn (a2-h2, then a7-h7): the ply of the
    /// first position without its pawn there (0 when it had none at the
    /// start, [`NEVER`] when it stayed).
    pub leave: [u8; 16],
    /// For each side (White's 15, then Black's): the ply of the first
    /// position after its first, second, ... fifteenth piece or pawn was
    /// taken ([`NEVER`]: not taken, or after ply 254). A side's pieces only
    /// go down, so the plies where a game has as many as a position are a
    /// window between two of these.
    pub losses: [u8; 2 * PIECES],
    /// The material after the last move.
    pub end: Material,
    /// The opening table's entries: each position of plies 0 to
    /// [`OPENING_PLIES`], first time only: its key, its ply and the move
    /// played from it ([`pack_move`]; `u16::MAX` after the last).
    pub openings: Vec<(u64, u8, u16)>,
    /// The shapes the game passes through (see [`crate::shape`]), from
    /// its start's, each once, in order.
    pub shapes: Vec<u32>,
}

impl GameRecord {
    fn name(&self, k: usize) -> &str {
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        self.names.get(start..self.ends[k] as usize).unwrap_or("")
    }

    /// `White`.
    pub fn white(&self) -> &str {
        self.name(0)
    }

    /// `Black`.
    pub fn black(&self) -> &str {
        self.name(1)
    }

    /// `Event`.
    pub fn event(&self) -> &str {
        self.name(2)
    }

    /// `Site`.
    pub fn site(&self) -> &str {
        self.name(3)
    }

    /// `TimeControl`.
    pub fn time_control(&self) -> &str {
        self.name(4)
    }
}

/// A move in 16 bits: from (0-63), to (0-63), the promotion role's number.
pub fn pack_move(m: Move) -> u16 {
    u16::from(m.from().index()) | u16::from(m.to().index()) << 6 | m.promotion().map_or(0, |r| r as u16) << 12
}

/// The move packed by [`pack_move`], as it is in `pos` (flags included).
pub fn unpack_move(pos: &Position, packed: u16) -> Option<Move> {
    let from = Square::from_index((packed & 63) as u8)?;
    let to = Square::from_index((packed >> 6 & 63) as u8)?;
    let promotion = Role::from_index((packed >> 12) as u8);
    pos.legal_move(match promotion {
        Some(role) => Move::with_promotion(from, to, role),
        None => Move::new(from, to),
    })
}

/// The slot of a home square in [`GameRecord::leave`].
fn home_slot(color: Color, sq: Square) -> Option<usize> {
    let home = if color == Color::White { 1 } else { 6 };
    (sq.rank().index() == home).then(|| color.index() * 8 + sq.file().index() as usize)
}

/// Which home squares have their pawn in `pos`, as [`GameRecord::leave`]
/// orders them: a bit each.
pub fn home_pawns(pos: &Position) -> u16 {
    let mut mask = 0;
    for color in Color::ALL {
        for sq in pos.squares_of(chess_core::Piece::new(color, Role::Pawn)) {
            if let Some(slot) = home_slot(color, sq) {
                mask |= 1 << slot;
            }
        }
    }
    mask
}

/// The standard start, and its material.
static STANDARD: std::sync::LazyLock<Position> = std::sync::LazyLock::new(Position::new);
static STANDARD_MATERIAL: std::sync::LazyLock<Material> = std::sync::LazyLock::new(|| Material::of(&STANDARD));
static STANDARD_SHAPE: std::sync::LazyLock<Shape> = std::sync::LazyLock::new(|| Shape::new(&STANDARD));

/// The visitor that makes [`GameRecord`]s.
#[derive(Debug, Default)]
pub struct Recorder {
    game: GameRecord,
    result_tag: GameResult,
    utc_date: Date,
    start: Option<Position>,
    /// How many pieces each side has lost so far.
    lost: [usize; 2],
    /// The game's shape so far.
    shape: Shape,
    /// White, Black, Event, Site and TimeControl, as read (reused).
    names: [String; 5],
}

impl Recorder {
    /// A recorder for games one after another.
    pub fn new() -> Recorder {
        Recorder::default()
    }
}

impl Visitor for Recorder {
    type Output = GameRecord;

    fn begin_game(&mut self) {
        // What a game that could not be read left behind.
        self.game = GameRecord::default();
        self.result_tag = GameResult::Unknown;
        self.utc_date = Date::default();
        self.start = None;
        for name in &mut self.names {
            name.clear();
        }
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let g = &mut self.game;
        let slot = match name {
            b"White" => 0,
            b"Black" => 1,
            b"Event" => 2,
            b"Site" => 3,
            b"TimeControl" => 4,
            _ => 5,
        };
        if let Some(kept) = self.names.get_mut(slot) {
            kept.clear();
            kept.push_str(&value.text());
            return;
        }
        match name {
            b"WhiteElo" => g.white_elo = parse_elo(&value.text()).unwrap_or(0),
            b"BlackElo" => g.black_elo = parse_elo(&value.text()).unwrap_or(0),
            b"Date" => g.date = Date::parse(&value.text()),
            b"UTCDate" => self.utc_date = Date::parse(&value.text()),
            b"Result" => self.result_tag = GameResult::parse(&value.text()),
            b"ECO" => g.eco = parse_eco(&value.text()),
            _ => {}
        }
    }

    fn begin_moves(&mut self, start: &Position) -> Skip {
        // Most games start from the standard position: what it gives is known.
        let standard = !start.is_chess960() && start.zobrist() == STANDARD.zobrist() && *start == *STANDARD;
        if standard {
            self.game.leave = [NEVER; 16];
            self.game.end = *STANDARD_MATERIAL;
            self.shape = STANDARD_SHAPE.clone();
            self.start = None;
        } else {
            let home = home_pawns(start);
            for (slot, leave) in self.game.leave.iter_mut().enumerate() {
                *leave = if home & 1 << slot != 0 { NEVER } else { 0 };
            }
            self.game.end = Material::of(start);
            self.shape = Shape::new(start);
            self.game.start = Some((start.fen(), start.is_chess960()));
            self.start = Some(start.clone());
        }
        self.game.losses = [NEVER; 2 * PIECES];
        self.lost = [0; 2];
        // Room for a usual game at once.
        self.game.moves.reserve(128);
        self.game.openings.reserve(OPENING_PLIES + 1);
        self.game.shapes.reserve(48);
        self.game.shapes.push(self.shape.key());
        Skip(false)
    }

    #[inline]
    fn play(&mut self, before: &Position, m: Move) {
        let g = &mut self.game;
        let ply = g.plies as usize;
        let us = before.turn();
        let role = before.piece_at(m.from()).map_or(Role::Pawn, |p| p.role);
        movecode::encode_role(before, m, role, &mut g.moves);
        if ply <= OPENING_PLIES {
            // A position met again is kept again: the opening table keeps
            // the first time (see `Popular::build`).
            g.openings.push((before.repetition_key(), ply as u8, pack_move(m)));
        }
        // After ply 254 the index cannot say when: "stayed", which keeps
        // every search that relies on it exact (it only searches more).
        let left = u8::try_from(ply + 1).unwrap_or(NEVER);
        if role == Role::Pawn
            && let Some(slot) = home_slot(us, m.from())
        {
            g.leave[slot] = g.leave[slot].min(left);
        }
        if m.is_capture() {
            let them = !us;
            let lost = &mut self.lost[them.index()];
            if *lost < PIECES {
                g.losses[them.index() * PIECES + *lost] = left;
            }
            *lost += 1;
            if m.is_en_passant() {
                g.end.remove(them, Role::Pawn);
            } else if let Some(taken) = before.piece_at(m.to()) {
                g.end.remove(them, taken.role);
                if taken.role == Role::Pawn
                    && let Some(slot) = home_slot(them, m.to())
                {
                    g.leave[slot] = g.leave[slot].min(left);
                }
            }
        }
        if let Some(role) = m.promotion() {
            g.end.promote(us, role);
        }
        if self.shape.play(before, m, role) {
            g.shapes.push(self.shape.key());
        }
        g.plies += 1;
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn end_game(&mut self, result: Option<Outcome>) -> GameRecord {
        let mut g = std::mem::take(&mut self.game);
        let length: usize = self.names.iter().map(String::len).sum();
        g.names.reserve_exact(length);
        for (k, name) in self.names.iter_mut().enumerate() {
            g.names.push_str(name);
            g.ends[k] = g.names.len() as u32;
            name.clear();
        }
        g.result = match result {
            Some(outcome) => GameResult::parse(outcome.result()),
            None => self.result_tag,
        };
        if g.date.year().is_none() {
            g.date = self.utc_date;
        }
        // The position after the last move, when it is in the opening table.
        if (g.plies as usize) <= OPENING_PLIES {
            let start = self.start.take().unwrap_or_else(|| STANDARD.clone());
            let mut last = None;
            let _ = movecode::replay(&start, &g.moves, |_, pos| {
                last = Some(pos.repetition_key());
                true
            });
            let key = last.unwrap_or_else(|| start.repetition_key());
            g.openings.push((key, g.plies as u8, u16::MAX));
        }
        self.result_tag = GameResult::Unknown;
        self.utc_date = Date::default();
        self.start = None;
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::pgn::PgnReader;

    fn record(pgn: &str) -> GameRecord {
        PgnReader::new(pgn.as_bytes())
            .visit_game(&mut Recorder::new())
            .unwrap()
            .unwrap()
    }

    #[test]
    fn a_game_is_recorded_with_its_header_moves_and_openings() {
        let g = record(
            "[White \"Tal, M\"]\n[Black \"Botvinnik\"]\n[WhiteElo \"2700\"]\n[Date \"1960.??.??\"]\n[ECO \"B12\"]\n[Result \"1-0\"]\n\n\
             1. e4 c6 (1... e5) 2. d4 d5 3. exd5 cxd5 1-0",
        );
        assert_eq!(
            (g.white(), g.black(), g.white_elo, g.black_elo),
            ("Tal, M", "Botvinnik", 2700, 0)
        );
        assert_eq!(
            (g.date.year(), g.eco, g.result),
            (Some(1960), Some(112), GameResult::WhiteWins)
        );
        assert_eq!(g.plies, 6);
        assert_eq!(g.moves.len(), 6);
        // Seven positions (0 to 6), the last with no move after it.
        assert_eq!(g.openings.len(), 7);
        assert_eq!(g.openings[6].2, u16::MAX);
        assert_eq!(g.openings[0].0, Position::new().repetition_key());
        // e2 left at ply 1 (after 1. e4), c7 at ply 2, d2 and d7 at 3 and 4.
        assert_eq!(g.leave[4], 1);
        assert_eq!(g.leave[8 + 2], 2);
        assert_eq!(g.leave[3], 3);
        assert_eq!(g.leave[8 + 3], 4);
        assert_eq!(g.leave[0], NEVER);
        // Material: a pawn each taken.
        assert_eq!(g.end.pawns(Color::White), 7);
        assert_eq!(g.end.pawns(Color::Black), 7);
        assert_eq!(g.start, None);
    }

    #[test]
    fn a_game_from_a_fen_keeps_its_start() {
        let g = record("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *");
        assert_eq!(
            g.start.as_ref().map(|(fen, c960)| (fen.as_str(), *c960)),
            Some(("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false))
        );
        assert_eq!(g.leave[4], 1);
        assert_eq!(g.leave[0], 0, "no pawn on a2 at the start");
        assert_eq!(g.result, GameResult::Unknown);
    }
}
