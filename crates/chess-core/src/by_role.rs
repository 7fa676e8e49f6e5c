//! Facts by piece kind: [`ByRole`], one value for each [`Role`], and the
//! conventional piece values players count material in.

use std::ops::{Index, IndexMut};

use crate::piece::Role;

/// One value for each role, pawn to king: a table of facts by piece kind
/// that reads by name (`values.queen`) or by role (`values[role]`).
///
/// ```
/// use chess_core::{ByRole, Role};
/// let letters = ByRole { pawn: 'P', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };
/// assert_eq!(letters[Role::Knight], 'N');
/// assert_eq!(letters.map(|c| c.to_ascii_lowercase()).king, 'k');
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByRole<T> {
    /// The pawn's value.
    pub pawn: T,
    /// The knight's value.
    pub knight: T,
    /// The bishop's value.
    pub bishop: T,
    /// The rook's value.
    pub rook: T,
    /// The queen's value.
    pub queen: T,
    /// The king's value.
    pub king: T,
}

impl<T> ByRole<T> {
    /// The value of `role`.
    #[inline]
    pub const fn get(&self, role: Role) -> &T {
        match role {
            Role::Pawn => &self.pawn,
            Role::Knight => &self.knight,
            Role::Bishop => &self.bishop,
            Role::Rook => &self.rook,
            Role::Queen => &self.queen,
            Role::King => &self.king,
        }
    }

    /// The value of `role`, to change.
    #[inline]
    pub fn get_mut(&mut self, role: Role) -> &mut T {
        match role {
            Role::Pawn => &mut self.pawn,
            Role::Knight => &mut self.knight,
            Role::Bishop => &mut self.bishop,
            Role::Rook => &mut self.rook,
            Role::Queen => &mut self.queen,
            Role::King => &mut self.king,
        }
    }

    /// A table of `f` of each value.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByRole<U> {
        ByRole {
            pawn: f(self.pawn),
            knight: f(self.knight),
            bishop: f(self.bishop),
            rook: f(self.rook),
            queen: f(self.queen),
            king: f(self.king),
        }
    }

    /// Each role with its value, pawn to king.
    pub fn iter(&self) -> impl Iterator<Item = (Role, &T)> {
        Role::ALL.into_iter().map(move |role| (role, self.get(role)))
    }
}

impl<T> Index<Role> for ByRole<T> {
    type Output = T;

    #[inline]
    fn index(&self, role: Role) -> &T {
        self.get(role)
    }
}

impl<T> IndexMut<Role> for ByRole<T> {
    #[inline]
    fn index_mut(&mut self, role: Role) -> &mut T {
        self.get_mut(role)
    }
}

/// What each piece is worth in pawns, as players count material: pawn 1,
/// knight and bishop 3, rook 5, queen 9. The king, which is never traded,
/// counts 0. (The engine's evaluation has tuned values of its own.)
pub const PIECE_VALUES: ByRole<i32> = ByRole {
    pawn: 1,
    knight: 3,
    bishop: 3,
    rook: 5,
    queen: 9,
    king: 0,
};

impl Role {
    /// What the piece is worth in pawns ([`PIECE_VALUES`]): `Role::Rook.value()` is 5.
    #[inline]
    pub const fn value(self) -> i32 {
        *PIECE_VALUES.get(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_the_same_by_name_and_by_role() {
        let mut table = ByRole::default();
        for (i, role) in Role::ALL.into_iter().enumerate() {
            table[role] = i;
        }
        assert_eq!((table.pawn, table.knight, table.king), (0, 1, 5));
        let back: Vec<(Role, usize)> = table.iter().map(|(r, &v)| (r, v)).collect();
        assert_eq!(back, Role::ALL.into_iter().zip(0..).collect::<Vec<_>>());
    }

    #[test]
    fn the_usual_piece_values() {
        let values: Vec<i32> = Role::ALL.iter().map(|r| r.value()).collect();
        assert_eq!(values, [1, 3, 3, 5, 9, 0]);
        // Two rooks are worth a queen and a pawn, as players count.
        assert_eq!(2 * Role::Rook.value(), Role::Queen.value() + Role::Pawn.value());
    }
}
