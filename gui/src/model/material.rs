//! The material on the board as players count it: what each side has
//! taken since the game's start, and the difference in pawns.

use chess_core::{ByColor, Color, Piece, Position, Role};

/// What each side has taken since `start` (the game's first position, the
/// usual set or a position set up), at `pos`: the opponent's pieces missing
/// from the board, most valuable first, by the side that took them; a
/// piece more than at the start is a promoted pawn, not a capture. And the
/// material difference in pawns from White's side
/// ([`Role::value`](chess_core::Role::value)).
pub fn captures(start: &Position, pos: &Position) -> (ByColor<Vec<Role>>, i32) {
    let count = |p: &Position, color, role| p.squares_of(Piece::new(color, role)).count();
    let mut taken: ByColor<Vec<Role>> = ByColor::default();
    let mut material = ByColor::new(0i32, 0);
    for color in [Color::White, Color::Black] {
        let mut promoted = 0;
        let taker = !color;
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            let (before, now) = (count(start, color, role), count(pos, color, role));
            promoted += now.saturating_sub(before);
            taken[taker].extend(std::iter::repeat_n(role, before.saturating_sub(now)));
            material[color] += now as i32 * role.value();
        }
        let (before, now) = (count(start, color, Role::Pawn), count(pos, color, Role::Pawn));
        let pawns_taken = before.saturating_sub(now).saturating_sub(promoted);
        taken[taker].extend(std::iter::repeat_n(Role::Pawn, pawns_taken));
        material[color] += now as i32 * Role::Pawn.value();
    }
    (taken, material.white - material.black)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(fen: &str) -> Position {
        fen.parse().unwrap()
    }

    #[test]
    fn captured_pieces_and_material() {
        let start = Position::new();
        let (taken, diff) = captures(
            &start,
            &at("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3"),
        );
        assert_eq!(taken, ByColor::new(vec![Role::Queen], vec![Role::Queen]));
        assert_eq!(diff, 0);
        let (taken, diff) = captures(&start, &at("4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"));
        assert_eq!(taken.white.len(), 15);
        assert!(taken.black.is_empty());
        assert_eq!(diff, 39);
    }

    /// A game from a set-up position counts only what was taken in it: K+R
    /// against K took nothing.
    #[test]
    fn a_set_up_position_counts_from_itself() {
        let start = at("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let (taken, diff) = captures(&start, &start);
        assert!(taken.iter().all(|(_, t)| t.is_empty()), "{taken:?}");
        assert_eq!(diff, 5);
        let after = at("8/8/8/8/8/8/8/4K1k1 w - - 0 1");
        let (taken, _) = captures(&start, &after);
        assert_eq!(taken, ByColor::new(vec![], vec![Role::Rook]));
    }

    /// A second queen is a promoted pawn, not a missing one taken.
    #[test]
    fn a_promotion_is_not_a_capture() {
        let start = Position::new();
        let pos = at("rnbqkb1r/pppppp1p/Q4n2/8/8/8/PPPPPPP1/RNBQKBNR b KQkq - 0 8");
        let (taken, diff) = captures(&start, &pos);
        assert_eq!(
            taken,
            ByColor::new(vec![Role::Pawn], vec![]),
            "White took g7's pawn; its h-pawn promoted"
        );
        assert_eq!(diff, 9);
    }
}
