//! Facts by side: [`ByColor`], one value for White and one for Black.

use std::ops::{Index, IndexMut};

use crate::piece::Color;

/// One value for each side: a pair that reads by name (`clocks.white`) or
/// by colour (`clocks[color]`), where an array of two would need an index
/// and a convention for which is which. With the `serde` feature it is
/// written as the pair `(white, black)`, as a two-element array is, so a
/// file format may take it in place of one.
///
/// ```
/// use chess_core::{ByColor, Color};
/// let mut captured = ByColor::new(0, 0);
/// captured[Color::Black] += 1;
/// assert_eq!(captured, ByColor { white: 0, black: 1 });
/// assert_eq!(captured.map(|n| n * 2).black, 2);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// White's and Black's values.
    #[inline]
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor { white, black }
    }

    /// The value of each side, from `f` of its colour.
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            white: f(Color::White),
            black: f(Color::Black),
        }
    }

    /// The value of `color`.
    #[inline]
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value of `color`, to change.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// A pair of `f` of each value.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            white: f(self.white),
            black: f(self.black),
        }
    }

    /// A pair of references to the values.
    pub const fn as_ref(&self) -> ByColor<&T> {
        ByColor {
            white: &self.white,
            black: &self.black,
        }
    }

    /// Each side with its value, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::White, &self.white), (Color::Black, &self.black)].into_iter()
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    #[inline]
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize> serde::Serialize for ByColor<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (&self.white, &self.black).serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for ByColor<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (white, black) = <(T, T)>::deserialize(deserializer)?;
        Ok(ByColor { white, black })
    }
}

impl<T> From<[T; 2]> for ByColor<T> {
    /// `[white, black]`.
    fn from([white, black]: [T; 2]) -> ByColor<T> {
        ByColor { white, black }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_reads_the_same_by_name_and_by_colour() {
        let mut pair = ByColor::from_fn(|c| c.char());
        assert_eq!((pair.white, pair.black), ('w', 'b'));
        pair[Color::White] = 'W';
        assert_eq!(pair[Color::White], 'W');
        let back: Vec<(Color, char)> = pair.iter().map(|(c, &v)| (c, v)).collect();
        assert_eq!(back, [(Color::White, 'W'), (Color::Black, 'b')]);
    }
}
