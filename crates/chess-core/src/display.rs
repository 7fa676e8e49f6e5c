//! Board diagrams in ASCII and Unicode.

use std::fmt;

use crate::board::Board;
use crate::piece::Color;
use crate::position::Position;
use crate::square::{File, Rank, Square};

impl Board {
    /// A diagram of the board, from `perspective`'s side, with ASCII letters
    /// (`unicode = false`, `.` for empty squares) or chess symbols.
    ///
    /// ```
    /// use chess_core::{Board, Color};
    /// let text = Board::start().diagram(false, Color::White);
    /// assert!(text.starts_with("8 r n b q k b n r\n"));
    /// assert!(text.ends_with("  a b c d e f g h\n"));
    /// ```
    pub fn diagram(&self, unicode: bool, perspective: Color) -> String {
        let mut out = String::new();
        let ranks: Vec<Rank> = match perspective {
            Color::White => Rank::ALL.iter().rev().copied().collect(),
            Color::Black => Rank::ALL.to_vec(),
        };
        let files: Vec<File> = match perspective {
            Color::White => File::ALL.to_vec(),
            Color::Black => File::ALL.iter().rev().copied().collect(),
        };
        for &rank in &ranks {
            out.push(rank.char());
            for &file in &files {
                out.push(' ');
                let sq = Square::new(file, rank);
                out.push(match (self.get(sq), unicode) {
                    (Some(p), false) => p.char(),
                    (Some(p), true) => p.unicode(),
                    (None, false) => '.',
                    (None, true) => {
                        if sq.is_light() {
                            '·'
                        } else {
                            '∙'
                        }
                    }
                });
            }
            out.push('\n');
        }
        out.push(' ');
        for &file in &files {
            out.push(' ');
            out.push(file.char());
        }
        out.push('\n');
        out
    }
}

impl fmt::Display for Board {
    /// The ASCII diagram from White's side.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagram(false, Color::White))
    }
}

impl Position {
    /// A Unicode diagram from White's side.
    pub fn unicode(&self) -> String {
        self.board().diagram(true, Color::White)
    }
}

impl fmt::Display for Position {
    /// The ASCII diagram from White's side, then the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.board(), self.fen())
    }
}
