//! How a game ended.

use std::fmt;

use crate::piece::Color;

/// Why a game was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The loser was checkmated.
    Checkmate,
    /// The loser resigned.
    Resignation,
    /// The loser ran out of time.
    Timeout,
    /// A result given in a PGN or save file, without a reason.
    Recorded,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever checkmate.
    InsufficientMaterial,
    /// 75 moves each without a capture or pawn move (automatic).
    SeventyFiveMoves,
    /// The same position five times (automatic).
    FivefoldRepetition,
    /// The same position three times, claimed.
    ThreefoldRepetition,
    /// 50 moves each without a capture or pawn move, claimed.
    FiftyMoves,
    /// The players agreed.
    Agreement,
    /// A result given in a PGN or save file, without a reason.
    Recorded,
}

/// The result of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// A draw.
    Draw(DrawReason),
}

impl Outcome {
    /// The PGN result: `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub const fn result(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White, ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black, ..
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The outcome a PGN result token stands for (`*` and anything else: none).
    pub fn from_result(token: &str) -> Option<Outcome> {
        match token {
            "1-0" => Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Recorded,
            }),
            "0-1" => Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Recorded,
            }),
            "1/2-1/2" => Some(Outcome::Draw(DrawReason::Recorded)),
            _ => None,
        }
    }

    /// Whether the rules of chess ended the game by themselves (checkmate,
    /// stalemate, dead position, seventy-five moves, fivefold repetition),
    /// rather than a player or a record.
    pub const fn is_by_rule(self) -> bool {
        matches!(
            self,
            Outcome::Win {
                reason: WinReason::Checkmate,
                ..
            } | Outcome::Draw(
                DrawReason::Stalemate
                    | DrawReason::InsufficientMaterial
                    | DrawReason::SeventyFiveMoves
                    | DrawReason::FivefoldRepetition
            )
        )
    }
}

impl fmt::Display for Outcome {
    /// A sentence for a status line: "Checkmate — White wins 1-0",
    /// "Draw by stalemate".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                let loser = !winner;
                let why = match reason {
                    WinReason::Checkmate => "Checkmate — ".to_string(),
                    WinReason::Resignation => format!("{loser} resigns — "),
                    WinReason::Timeout => format!("{loser} lost on time — "),
                    WinReason::Recorded => String::new(),
                };
                write!(f, "{why}{winner} wins {}", self.result())
            }
            Outcome::Draw(reason) => f.write_str(match reason {
                DrawReason::Stalemate => "Draw by stalemate",
                DrawReason::InsufficientMaterial => "Draw by insufficient material",
                DrawReason::SeventyFiveMoves => "Draw by the seventy-five-move rule",
                DrawReason::FivefoldRepetition => "Draw by fivefold repetition",
                DrawReason::ThreefoldRepetition => "Draw by threefold repetition (claimed)",
                DrawReason::FiftyMoves => "Draw by the fifty-move rule (claimed)",
                DrawReason::Agreement => "Draw by agreement",
                DrawReason::Recorded => "Draw 1/2-1/2",
            }),
        }
    }
}
