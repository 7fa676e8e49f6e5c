//! Premoves against the computer, as on lichess: while the computer
//! thinks, the person picks a piece of theirs and a square (by clicks or a
//! drag); the move waits, shown on the board, and is played the moment the
//! computer has moved, if it is legal then (a pawn reaching the last rank
//! becomes a queen). One premove at a time; a right click cancels it.

use chess_core::{Move, Role, Square};

use super::{Click, Model};

/// Said when the person touches the board while the computer is to move
/// and the piece is not theirs to premove.
pub(super) const COMPUTER_TO_MOVE: &str = "The computer is to move";

/// A premove being made or waiting.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Premove {
    /// The piece picked, before a square is.
    pub from: Option<Square>,
    /// The move waiting for the computer's: from, to.
    pub waiting: Option<(Square, Square)>,
}

impl Model {
    /// A click on the board while the computer is to move: picks the
    /// person's piece, then the square it is to go to.
    pub(super) fn premove_click(&mut self, sq: Square) {
        let mine = self
            .play
            .piece_at(sq)
            .is_some_and(|p| p.color != self.play.position().turn());
        match self.premove.from {
            Some(from) if from != sq && !mine => self.set_premove(from, sq),
            _ if mine => {
                self.premove = Premove {
                    from: Some(sq),
                    waiting: None,
                };
            }
            _ => {
                self.premove = Premove::default();
                // The computer's own pieces are not the person's to pick.
                if self.play.piece_at(sq).is_some() {
                    self.play.message = Some(COMPUTER_TO_MOVE.to_string());
                }
            }
        }
    }

    /// A piece of the person's dropped on `to` while the computer thinks.
    pub(super) fn premove_drop(&mut self, from: Square, to: Option<Square>) {
        let mine = self
            .play
            .piece_at(from)
            .is_some_and(|p| p.color != self.play.position().turn());
        match to {
            Some(to) if mine && to != from => self.set_premove(from, to),
            _ => self.premove = Premove::default(),
        }
    }

    fn set_premove(&mut self, from: Square, to: Square) {
        self.premove = Premove {
            from: None,
            waiting: Some((from, to)),
        };
        self.play.message = Some(format!(
            "Premove {from}-{to}: played when the computer has moved (right click cancels)"
        ));
    }

    /// Right click: no premove.
    pub(super) fn cancel_premove(&mut self) {
        if self.premove != Premove::default() {
            self.premove = Premove::default();
            self.play.message = Some("Premove cancelled".into());
        }
    }

    /// The computer has moved: the waiting premove is played at once if it
    /// is legal now, else dropped with a word.
    pub(super) fn play_premove(&mut self) {
        let Some((from, to)) = self.premove.waiting.take() else {
            self.premove = Premove::default();
            return;
        };
        self.premove = Premove::default();
        let pos = self.play.position();
        let m = pos
            .legal_move(Move::with_promotion(from, to, Role::Queen))
            .or_else(|| pos.legal_move(Move::new(from, to)))
            .or_else(|| pos.castle_onto_rook(Move::new(from, to)))
            .or_else(|| pos.castle_by_king_square(Move::new(from, to)));
        match m {
            Some(m) => {
                let _: Click = self.play.play(m);
            }
            None => self.play.message = Some(format!("Premove {from}-{to} is not legal now: dropped")),
        }
    }
}
