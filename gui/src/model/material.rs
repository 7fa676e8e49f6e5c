//! The material on the board as players count it: what each side has
//! taken, and the difference in pawns.

use chess_core::{Color, Position};

/// What each side has taken: the opponent's pieces missing from the board
/// (against the usual set, so promotions can make it less), as `(taker,
/// captured roles, most valuable first)`, and the material difference in
/// pawns from White's side ([`Role::value`](chess_core::Role::value)).
pub fn captures(pos: &Position) -> ([Vec<chess_core::Role>; 2], i32) {
    use chess_core::{Piece, Role};
    let start = [
        (Role::Queen, 1),
        (Role::Rook, 2),
        (Role::Bishop, 2),
        (Role::Knight, 2),
        (Role::Pawn, 8),
    ];
    let mut taken: [Vec<Role>; 2] = [Vec::new(), Vec::new()];
    let mut material = [0i32; 2];
    for color in [Color::White, Color::Black] {
        for (role, count) in start {
            let on_board = pos.squares_of(Piece::new(color, role)).count() as i32;
            material[color.index()] += on_board * role.value();
            for _ in on_board..count {
                // `color`'s piece is gone: the other side took it.
                taken[(!color).index()].push(role);
            }
        }
    }
    (taken, material[0] - material[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captured_pieces_and_material() {
        use chess_core::Role;
        let pos: Position = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3"
            .parse()
            .unwrap();
        let (taken, diff) = captures(&pos);
        assert_eq!(taken, [vec![Role::Queen], vec![Role::Queen]]);
        assert_eq!(diff, 0);
        let pos: Position = "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".parse().unwrap();
        let (taken, diff) = captures(&pos);
        assert_eq!(taken[0].len(), 15);
        assert!(taken[1].is_empty());
        assert_eq!(diff, 39);
    }
}
