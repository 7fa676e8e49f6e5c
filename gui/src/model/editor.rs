//! Setting up a position: placing and removing pieces, side to move,
//! rights and counters, a FEN kept in sync both ways, validation with fixes,
//! and undo and redo.

use chess_core::{Board, CastlingSide, Color, Piece, Position, PositionError, Problem, Rank, Role, Setup, Square};

use super::history::History;

/// How many edits back undo remembers (a setup is small).
const UNDO_LIMIT: usize = 1000;

/// What a click on the board does in the editor.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Puts this piece on the square (the other colour with the right button).
    Place(Piece),
    /// Empties the square.
    Erase,
}

/// The position being set up.
#[derive(Clone, Debug)]
pub struct Editor {
    /// The setup, legal or not.
    pub setup: Setup,
    /// The selected tool of the palette.
    pub tool: Tool,
    /// The FEN field as typed.
    pub fen_text: String,
    /// Why the FEN field cannot be read, while it cannot.
    pub fen_error: Option<String>,
    /// Chess960 rules: castling rights with the rook of that side wherever
    /// the king and rooks stand on the first rank (X-FEN in the FEN field).
    pub chess960: bool,
    history: History<Setup>,
}

impl Default for Editor {
    fn default() -> Editor {
        Editor::new(Setup::start())
    }
}

impl Editor {
    /// An editor holding `setup`.
    pub fn new(setup: Setup) -> Editor {
        Editor {
            fen_text: setup.to_fen(),
            setup,
            tool: Tool::Place(Piece::new(Color::White, Role::Pawn)),
            fen_error: None,
            chess960: false,
            history: History::new(UNDO_LIMIT),
        }
    }

    /// Starts editing from a position (the one on the board in play mode),
    /// by its rules.
    pub fn load(&mut self, setup: Setup, chess960: bool) {
        self.chess960 = chess960;
        self.edit(|s| *s = setup);
    }

    /// Switches between standard chess and Chess960 rules. Rights the new
    /// rules do not allow stay, shown as problems to fix.
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
        self.sync_fen();
    }

    /// Changes the setup as one undoable step, and rewrites the FEN field.
    fn edit(&mut self, change: impl FnOnce(&mut Setup)) {
        let before = self.setup.clone();
        change(&mut self.setup);
        if self.setup != before {
            self.history.record(before);
        }
        self.sync_fen();
    }

    fn sync_fen(&mut self) {
        self.fen_text = self.setup.to_fen();
        self.fen_error = None;
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Takes back the last change.
    pub fn undo(&mut self) -> bool {
        let undone = self.history.undo(&mut self.setup);
        self.sync_fen();
        undone
    }

    /// Does again what undo took back.
    pub fn redo(&mut self) -> bool {
        let redone = self.history.redo(&mut self.setup);
        self.sync_fen();
        redone
    }

    // --- the board ---

    /// A click on `sq` with the selected tool; `other_colour` (the right
    /// button) places the piece of the other colour. Placing a piece where
    /// the same piece stands removes it.
    pub fn click(&mut self, sq: Square, other_colour: bool) {
        let placed = match self.tool {
            Tool::Erase => None,
            Tool::Place(p) => {
                let p = if other_colour { Piece::new(!p.color, p.role) } else { p };
                (self.setup.board.get(sq) != Some(p)).then_some(p)
            }
        };
        self.edit(|s| {
            s.board.set(sq, placed);
        });
    }

    /// Drags the piece on `from` to `to` (replacing what was there).
    pub fn move_piece(&mut self, from: Square, to: Square) {
        if from == to {
            return;
        }
        self.edit(|s| {
            let piece = s.board.set(from, None);
            s.board.set(to, piece);
        });
    }

    /// Drops a piece from the palette on `sq`.
    pub fn drop_piece(&mut self, piece: Piece, sq: Square) {
        self.edit(|s| {
            s.board.set(sq, Some(piece));
        });
    }

    /// Removes the piece on `sq` (dragged off the board).
    pub fn remove(&mut self, sq: Square) {
        self.edit(|s| {
            s.board.set(sq, None);
        });
    }

    /// Empties the board (and drops rights that need pieces, and the move
    /// counters: a new position starts at move 1).
    pub fn clear(&mut self) {
        self.edit(|s| {
            s.board = Board::empty();
            s.castling = chess_core::CastlingRights::NONE;
            s.ep_square = None;
            s.halfmoves = 0;
            s.fullmoves = 1;
        });
    }

    /// The standard starting position (by standard rules: the Chess960 box
    /// follows the position).
    pub fn start_position(&mut self) {
        self.chess960 = false;
        self.edit(|s| *s = Setup::start());
    }

    /// The board mirrored with colours swapped and the other side to move:
    /// the same position seen from the other side.
    pub fn flip_colours(&mut self) {
        self.edit(|s| {
            let mut castling = chess_core::CastlingRights::NONE;
            for (color, side) in s.castling.iter() {
                castling.set(!color, side, true);
            }
            s.board = s.board.flipped_colors();
            s.turn = !s.turn;
            s.castling = castling;
            s.ep_square = s.ep_square.map(Square::flip_vertical);
        });
    }

    // --- side to move, rights, counters ---

    /// Sets the side to move (an en passant square no longer possible goes).
    pub fn set_turn(&mut self, turn: Color) {
        self.edit(|s| {
            s.turn = turn;
            if s.ep_square.is_some_and(|ep| !s.en_passant_candidates().contains(&ep)) {
                s.ep_square = None;
            }
        });
    }

    /// Whether the right can be set: the king and that rook stand at home
    /// (in Chess960: the king on its first rank with a rook of its colour
    /// on that side).
    pub fn castling_possible(&self, color: Color, side: CastlingSide) -> bool {
        if self.chess960 {
            return self.rook_960(color, side).is_some();
        }
        let board = &self.setup.board;
        board.get(CastlingSide::king_from(color)) == Some(Piece::new(color, Role::King))
            && board.get(side.rook_from(color)) == Some(Piece::new(color, Role::Rook))
    }

    /// In Chess960, the file of the rook a right on `side` would castle
    /// with: the outermost rook of `color` on that side of its king, on
    /// their first rank (what X-FEN's `K`/`Q` mean).
    pub fn rook_960(&self, color: Color, side: CastlingSide) -> Option<u8> {
        let rank = if color == Color::White {
            Rank::First
        } else {
            Rank::Eighth
        };
        let at = |file: u8| {
            let sq = Square::from_index(file + 8 * rank.index())?;
            self.setup.board.get(sq)
        };
        let king = (0..8).find(|&f| at(f) == Some(Piece::new(color, Role::King)))?;
        let rook = Some(Piece::new(color, Role::Rook));
        match side {
            CastlingSide::King => (king + 1..8).rev().find(|&f| at(f) == rook),
            CastlingSide::Queen => (0..king).find(|&f| at(f) == rook),
        }
    }

    /// Grants or removes a castling right (in Chess960, with the rook
    /// [`Editor::rook_960`] finds).
    pub fn set_castling(&mut self, color: Color, side: CastlingSide, allowed: bool) {
        let rook = if self.chess960 {
            self.rook_960(color, side)
        } else {
            None
        };
        self.edit(|s| match (allowed, rook) {
            (true, Some(file)) => s.castling.set_with_rook(color, side, file),
            _ => s.castling.set(color, side, allowed),
        });
    }

    /// The squares that may be chosen as en passant square.
    pub fn ep_candidates(&self) -> Vec<Square> {
        self.setup.en_passant_candidates()
    }

    /// Sets the en passant square (or none).
    pub fn set_ep(&mut self, ep: Option<Square>) {
        self.edit(|s| s.ep_square = ep);
    }

    /// Sets the halfmove clock.
    pub fn set_halfmoves(&mut self, n: u32) {
        self.edit(|s| s.halfmoves = n);
    }

    /// Sets the move number (at least 1).
    pub fn set_fullmoves(&mut self, n: u32) {
        self.edit(|s| s.fullmoves = n.max(1));
    }

    // --- FEN and validation ---

    /// Takes a FEN typed or pasted in the FEN field (also `[FEN "..."]`).
    /// Text that reads as FEN replaces the setup, even if the position is
    /// illegal (so it can be fixed here); text that does not leaves the
    /// setup and says why.
    pub fn set_fen_text(&mut self, text: &str) {
        self.fen_text = text.to_string();
        let fen = unwrap_fen_tag(text);
        let read = if self.chess960 {
            Setup::from_fen_960(fen)
        } else {
            // A FEN only Chess960 reads (Shredder or X-FEN castling rights
            // of rooks off the corners) turns the Chess960 box on.
            Setup::from_fen(fen).or_else(|e| match Setup::from_fen_960(fen) {
                Ok(setup) => {
                    self.chess960 = true;
                    Ok(setup)
                }
                Err(_) => Err(e),
            })
        };
        match read {
            Ok(setup) => {
                let typed = self.fen_text.clone();
                self.edit(|s| *s = setup);
                // Keep what the person typed while they type.
                self.fen_text = typed;
            }
            Err(e) => self.fen_error = Some(e.to_string()),
        }
    }

    /// The FEN of the setup.
    pub fn fen(&self) -> String {
        self.setup.to_fen()
    }

    /// Every problem with the setup, errors first.
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems = if self.chess960 {
            self.setup.problems_960()
        } else {
            self.setup.problems()
        };
        problems.sort_by_key(|p| !p.is_error());
        problems
    }

    /// Applies the obvious fix of a problem.
    pub fn fix(&mut self, problem: &Problem) {
        let problem = problem.clone();
        self.edit(|s| {
            s.apply_fix(&problem);
        });
    }

    /// The position, if the setup is legal ("Play from here").
    pub fn position(&self) -> Result<Position, PositionError> {
        if self.chess960 {
            Position::from_setup_960(self.setup.clone())
        } else {
            Position::from_setup(self.setup.clone())
        }
    }

    /// Whether a pawn stands on `sq`'s back rank (shown as a problem too).
    pub fn is_back_rank(sq: Square) -> bool {
        matches!(sq.rank(), Rank::First | Rank::Eighth)
    }
}

/// The FEN inside `[FEN "..."]`, or the text itself.
pub fn unwrap_fen_tag(text: &str) -> &str {
    let t = text.trim();
    t.strip_prefix("[FEN")
        .and_then(|rest| rest.trim_end().strip_suffix(']'))
        .map(|inner| inner.trim().trim_matches('"'))
        .unwrap_or(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn build_a_rook_ending_and_play_from_it() {
        let mut ed = Editor::default();
        ed.clear();
        assert!(ed.position().is_err());
        ed.tool = Tool::Place(Piece::new(Color::White, Role::King));
        ed.click(sq("e1"), false);
        ed.click(sq("e8"), true); // the right button: a black king
        ed.tool = Tool::Place(Piece::new(Color::White, Role::Rook));
        ed.click(sq("a1"), false);
        assert_eq!(ed.fen(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert!(ed.position().is_ok());
        assert!(ed.castling_possible(Color::White, CastlingSide::Queen));
        assert!(!ed.castling_possible(Color::White, CastlingSide::King));
        ed.set_castling(Color::White, CastlingSide::Queen, true);
        assert_eq!(ed.fen(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    }

    #[test]
    fn problems_and_fixes() {
        let mut ed = Editor::default();
        ed.set_fen_text("4k3/8/8/8/8/8/8/4K3 w K - 0 1");
        assert!(ed.fen_error.is_none(), "an illegal position still loads");
        let problems = ed.problems();
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].to_string(), "castling right K but no rook on h1");
        ed.fix(&problems[0]);
        assert!(ed.problems().is_empty());
        ed.set_fen_text("8/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(ed.problems()[0].to_string(), "Black has no king");
    }

    #[test]
    fn clearing_the_board_clears_the_move_counters() {
        let mut ed = Editor::default();
        ed.set_fen_text("4k3/8/8/8/8/8/8/4K3 b - - 37 80");
        ed.clear();
        assert_eq!(ed.fen(), "8/8/8/8/8/8/8/8 b - - 0 1");
    }

    #[test]
    fn the_chess960_box_follows_the_position() {
        let mut ed = Editor::default();
        assert!(!ed.chess960);
        // Shredder castling rights of rooks on b1 and g1: Chess960's.
        ed.set_fen_text("qrbkrnnb/pppppppp/8/8/8/8/PPPPPPPP/QRBKRNNB w EBeb - 0 1");
        assert!(ed.fen_error.is_none(), "{:?}", ed.fen_error);
        assert!(ed.chess960, "a Chess960 FEN turns the box on");
        ed.start_position();
        assert!(!ed.chess960, "the standard start turns it off");
        ed.set_fen_text("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!(!ed.chess960);
    }

    #[test]
    fn kings_side_by_side_are_named_with_no_fix_to_flip_for_ever() {
        let mut ed = Editor::default();
        ed.set_fen_text("8/8/8/8/8/8/4k3/4K3 w - - 0 1");
        let problems = ed.problems();
        assert_eq!(problems.len(), 1);
        assert_eq!(
            problems[0].to_string(),
            "the kings stand next to each other (e1 and e2)"
        );
        assert_eq!(problems[0].fix(), None, "no button offers a fix");
        ed.fix(&problems[0]);
        assert_eq!(ed.fen(), "8/8/8/8/8/8/4k3/4K3 w - - 0 1", "nothing flipped");
        assert_eq!(ed.problems(), problems);
    }

    #[test]
    fn fen_field_both_ways() {
        let mut ed = Editor::default();
        ed.remove(sq("e2"));
        assert_eq!(ed.fen_text, "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
        ed.set_fen_text("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]");
        assert_eq!(ed.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let before = ed.fen();
        ed.set_fen_text("not a fen");
        assert!(ed.fen_error.as_deref().unwrap().starts_with("invalid FEN"));
        assert_eq!(ed.fen(), before, "a bad FEN changes nothing");
    }

    #[test]
    fn undo_and_redo() {
        let mut ed = Editor::default();
        ed.remove(sq("d1"));
        ed.remove(sq("d8"));
        assert!(ed.undo());
        assert!(ed.setup.board.get(sq("d8")).is_some());
        assert!(ed.redo());
        assert!(ed.setup.board.get(sq("d8")).is_none());
        assert!(ed.undo() && ed.undo());
        assert_eq!(ed.fen(), Setup::start().to_fen());
        assert!(!ed.undo());
    }

    #[test]
    fn en_passant_choices() {
        let mut ed = Editor::default();
        ed.set_fen_text("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
        assert_eq!(ed.ep_candidates(), [sq("d6")]);
        ed.set_ep(Some(sq("d6")));
        assert!(ed.position().is_ok());
        ed.set_turn(Color::Black);
        assert_eq!(ed.setup.ep_square, None, "no longer possible");
    }
}
