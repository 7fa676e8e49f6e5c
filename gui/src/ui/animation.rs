//! Moves that glide: when the position on the board changes (a move
//! played, taken back, or stepped through), each piece that left a square
//! glides to the nearest square where the same piece appeared, as
//! lichess's board does. It covers castling (king and rook glide), en
//! passant, promotion (the new piece glides from the pawn's square) and
//! jumps of several moves alike.

use chess_core::{Piece, Role, Square};

/// A piece on its way from one square to another.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Glide {
    /// The piece as it is on arrival.
    pub piece: Piece,
    /// Where it comes from.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

/// The 64 squares' pieces, by [`Square::index`].
pub type Placement = [Option<Piece>; 64];

/// The placement `piece_at` gives.
pub fn placement(piece_at: &dyn Fn(Square) -> Option<Piece>) -> Placement {
    let mut board = [None; 64];
    for sq in Square::all() {
        board[usize::from(sq.index())] = piece_at(sq);
    }
    board
}

/// How the pieces moved from `old` to `new`: each piece that appeared on
/// a square comes from the nearest square the same piece left (a promoted
/// piece from a pawn of its colour that left); pieces with nowhere to come
/// from just appear.
pub fn glides(old: &Placement, new: &Placement) -> Vec<Glide> {
    let changed = |board: &Placement, other: &Placement| -> Vec<(Square, Piece)> {
        Square::all()
            .filter_map(|sq| {
                let i = usize::from(sq.index());
                board[i].filter(|&p| other[i] != Some(p)).map(|p| (sq, p))
            })
            .collect()
    };
    let mut left = changed(old, new);
    let arrived = changed(new, old);
    let mut glides = Vec::new();
    let mut unmatched = Vec::new();
    for &(to, piece) in &arrived {
        let nearest = left
            .iter()
            .enumerate()
            .filter(|(_, (_, p))| *p == piece)
            .min_by_key(|(_, (from, _))| from.distance(to))
            .map(|(i, _)| i);
        match nearest {
            Some(i) => {
                let (from, _) = left.swap_remove(i);
                glides.push(Glide { piece, from, to });
            }
            None => unmatched.push((to, piece)),
        }
    }
    // A promotion: the new piece comes from the pawn that left.
    for (to, piece) in unmatched {
        let pawn = Piece::new(piece.color, Role::Pawn);
        if let Some(i) = left.iter().position(|&(from, p)| p == pawn && from.distance(to) == 1) {
            let (from, _) = left.swap_remove(i);
            glides.push(Glide { piece, from, to });
        }
    }
    glides
}

/// The glides under way, started when the placement drawn changed.
#[derive(Clone, Debug, Default)]
pub struct Animation {
    shown: Option<Placement>,
    glides: Vec<Glide>,
    started: f64,
    skip_next: bool,
}

impl Animation {
    /// How long a glide takes, in seconds.
    pub const SECONDS: f64 = 0.15;

    /// Takes the placement about to be drawn at time `now` (seconds):
    /// when it differs from the last one, glides start (if `enabled`).
    /// Returns the glides and how far along they are (0 to 1, eased);
    /// none when nothing moves.
    pub fn update(&mut self, board: Placement, now: f64, enabled: bool) -> (&[Glide], f32) {
        if self.shown.is_some_and(|shown| shown != board) {
            let old = self.shown.unwrap_or(board);
            self.glides = if enabled && !self.skip_next {
                glides(&old, &board)
            } else {
                Vec::new()
            };
            self.started = now;
        }
        self.skip_next = false;
        self.shown = Some(board);
        let t = ((now - self.started) / Self::SECONDS).clamp(0.0, 1.0);
        if t >= 1.0 {
            self.glides.clear();
        }
        // Ease out: fast at first, settling onto the square.
        let eased = 1.0 - (1.0 - t as f32).powi(3);
        (&self.glides, eased)
    }

    /// The next change is not animated: a piece dropped by hand is
    /// already where it goes.
    pub fn skip_next(&mut self) {
        self.skip_next = true;
    }

    /// Whether pieces are still gliding (the app asks for frames until
    /// they land).
    pub fn is_running(&self) -> bool {
        !self.glides.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::{Game, Move, Position};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn board_of(pos: &Position) -> Placement {
        placement(&|sq| pos.piece_at(sq))
    }

    fn after(fen: &str, uci: &str) -> (Placement, Placement) {
        let pos: Position = fen.parse().unwrap();
        let m: Move = pos.parse_uci(uci).unwrap();
        let mut next = pos.clone();
        next.play(m).unwrap();
        (board_of(&pos), board_of(&next))
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_move_glides_its_piece() {
        let (old, new) = after(START, "g1f3");
        let g = glides(&old, &new);
        assert_eq!(g.len(), 1);
        assert_eq!((g[0].from, g[0].to), (sq("g1"), sq("f3")));
    }

    #[test]
    fn castling_glides_king_and_rook() {
        let (old, new) = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1");
        let mut g: Vec<_> = glides(&old, &new).iter().map(|g| (g.from, g.to)).collect();
        g.sort_by_key(|(from, _)| from.index());
        assert_eq!(g, [(sq("e1"), sq("g1")), (sq("h1"), sq("f1"))]);
    }

    #[test]
    fn en_passant_glides_the_pawn_and_the_taken_pawn_vanishes() {
        let (old, new) = after("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6");
        let g = glides(&old, &new);
        assert_eq!(g.len(), 1);
        assert_eq!((g[0].from, g[0].to), (sq("e5"), sq("d6")));
    }

    #[test]
    fn a_promotion_with_capture_glides_the_new_piece_from_the_pawn() {
        let (old, new) = after("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q");
        let g = glides(&old, &new);
        assert_eq!(g.len(), 1);
        assert_eq!((g[0].from, g[0].to), (sq("e7"), sq("d8")));
        assert_eq!(g[0].piece.role, Role::Queen);
    }

    #[test]
    fn taking_back_a_move_glides_it_back() {
        let (old, new) = after(START, "e2e4");
        let g = glides(&new, &old);
        assert_eq!((g[0].from, g[0].to), (sq("e4"), sq("e2")));
    }

    #[test]
    fn glides_run_for_their_time_then_stop() {
        let mut game = Game::default();
        let mut animation = Animation::default();
        let start = board_of(game.position());
        assert!(animation.update(start, 0.0, true).0.is_empty(), "nothing moved yet");
        let m = game.position().parse_san("e4").unwrap();
        game.play(m).unwrap();
        let moved = board_of(game.position());
        let (g, t) = animation.update(moved, 1.0, true);
        assert_eq!((g.len(), t), (1, 0.0));
        let (_, t) = animation.update(moved, 1.075, true);
        assert!(t > 0.5 && t < 1.0, "{t}");
        assert!(animation.is_running());
        let (g, _) = animation.update(moved, 1.2, true);
        assert!(g.is_empty());
        assert!(!animation.is_running());
        // Turned off, or after a drop: no glide.
        assert!(animation.update(start, 2.0, false).0.is_empty());
        animation.skip_next();
        assert!(animation.update(moved, 3.0, true).0.is_empty());
    }
}
