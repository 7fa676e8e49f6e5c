//! Material: how many pieces of each kind each side has. A game's material
//! never grows back: a side's pawns and its pieces in all only ever become
//! fewer (a promotion turns a pawn into a piece), which is what lets a
//! search drop a game early.

use chess_core::{Color, Piece, Position, Role};

/// The roles counted, in this order (kings are always there).
pub const ROLES: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// How many pawns, knights, bishops, rooks and queens each side has.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Material {
    /// `[colour][role]`, roles in the order of [`ROLES`].
    pub counts: [[u8; 5]; 2],
}

/// A material text that is not one (`KRPkr` wants one king a side and the
/// letters K, Q, R, B, N, P).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialError(pub String);

impl std::fmt::Display for MaterialError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MaterialError {}

impl From<MaterialError> for crate::Error {
    fn from(e: MaterialError) -> crate::Error {
        crate::Error::Query(e.0)
    }
}

impl std::str::FromStr for Material {
    type Err = MaterialError;

    /// As [`Material::parse`].
    fn from_str(text: &str) -> Result<Material, MaterialError> {
        Material::parse(text)
    }
}

fn role_index(role: Role) -> Option<usize> {
    ROLES.iter().position(|&r| r == role)
}

impl Material {
    /// The material of `pos`.
    pub fn of(pos: &Position) -> Material {
        let mut m = Material::default();
        for color in Color::ALL {
            for (i, &role) in ROLES.iter().enumerate() {
                m.counts[color.index()][i] = pos.squares_of(Piece::new(color, role)).count() as u8;
            }
        }
        m
    }

    /// Reads material as players write it: White's pieces in capitals,
    /// Black's in small letters, a king each (`KRPkr`: king, rook and pawn
    /// against king and rook). The order of the letters does not matter.
    ///
    /// ```
    /// use chess_db::Material;
    /// let m = Material::parse("KRPkr")?;
    /// assert_eq!(m.to_string(), "KRPkr");
    /// assert!(Material::parse("KRP").is_err()); // no black king
    /// # Ok::<(), chess_db::MaterialError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Material, MaterialError> {
        let mut m = Material::default();
        let mut kings = [0; 2];
        for c in text.trim().chars() {
            let piece = Piece::from_char(c)
                .ok_or_else(|| MaterialError(format!("{c:?} is not a piece letter (K Q R B N P, small for Black)")))?;
            let side = piece.color.index();
            match role_index(piece.role) {
                Some(i) => {
                    m.counts[side][i] += 1;
                    if m.counts[side][i] > 10 || (piece.role == Role::Pawn && m.counts[side][i] > 8) {
                        return Err(MaterialError(format!("too many {c}: no position has that many")));
                    }
                }
                None => kings[side] += 1,
            }
        }
        if kings != [1, 1] {
            return Err(MaterialError(format!(
                "{text:?}: the material needs one white king (K) and one black king (k)"
            )));
        }
        if m.total(Color::White) > 15 || m.total(Color::Black) > 15 {
            return Err(MaterialError(format!(
                "{text:?}: a side has at most 15 pieces besides its king"
            )));
        }
        Ok(m)
    }

    /// The pawns of `color`.
    pub fn pawns(&self, color: Color) -> u8 {
        self.counts[color.index()][0]
    }

    /// The pieces of `color` besides its king, pawns included.
    pub fn total(&self, color: Color) -> u8 {
        self.counts[color.index()].iter().sum()
    }

    /// Whether a game that has `self` now can still come to have `target`
    /// later: no side's pawns or pieces in all grow back.
    pub fn can_reach(&self, target: &Material) -> bool {
        Color::ALL
            .iter()
            .all(|&c| target.pawns(c) <= self.pawns(c) && target.total(c) <= self.total(c))
    }

    /// Takes away a piece of `color` (captured).
    pub fn remove(&mut self, color: Color, role: Role) {
        if let Some(i) = role_index(role) {
            let count = &mut self.counts[color.index()][i];
            *count = count.saturating_sub(1);
        }
    }

    /// A pawn of `color` becomes a `role`.
    pub fn promote(&mut self, color: Color, role: Role) {
        self.remove(color, Role::Pawn);
        if let Some(i) = role_index(role) {
            self.counts[color.index()][i] += 1;
        }
    }

    /// The counts in five bytes, four bits each (none is over 15).
    pub fn pack(&self) -> [u8; 5] {
        let flat: Vec<u8> = self.counts.iter().flatten().copied().collect();
        std::array::from_fn(|i| flat[2 * i].min(15) | flat[2 * i + 1].min(15) << 4)
    }

    /// The counts packed by [`Material::pack`].
    pub fn unpack(bytes: [u8; 5]) -> Material {
        let mut m = Material::default();
        for i in 0..10 {
            let nibble = (bytes[i / 2] >> (4 * (i % 2))) & 15;
            m.counts[i / 5][i % 5] = nibble;
        }
        m
    }
}

impl std::fmt::Display for Material {
    /// `KQRRBBNNPPPPPPPPkqrrbbnnpppppppp`: each side's king, then its pieces
    /// from the queen down.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for color in Color::ALL {
            write!(f, "{}", Piece::new(color, Role::King).char())?;
            for i in (0..5).rev() {
                for _ in 0..self.counts[color.index()][i] {
                    write!(f, "{}", Piece::new(color, ROLES[i]).char())?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_reads_writes_and_packs() {
        let start = Material::of(&Position::new());
        assert_eq!(start.to_string(), "KQRRBBNNPPPPPPPPkqrrbbnnpppppppp");
        assert_eq!(Material::parse(&start.to_string()).unwrap(), start);
        assert_eq!(Material::unpack(start.pack()), start);
        let ending = Material::parse("kKPRr").unwrap();
        assert_eq!(ending.to_string(), "KRPkr");
        assert!(start.can_reach(&ending));
        assert!(!ending.can_reach(&start));
        for bad in ["", "KRP", "KKk", "KXk", "KPPPPPPPPPk"] {
            assert!(Material::parse(bad).is_err(), "{bad}");
        }
    }
}
