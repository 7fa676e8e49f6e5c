//! How a game ends at a node: the outcomes the rules impose (checkmate,
//! stalemate, insufficient material, seventy-five moves, fivefold
//! repetition), results recorded (resignation, agreement, a file's result),
//! and the draws a player may claim (threefold repetition, fifty moves).

use super::tree::NodeId;
use super::{Game, PlayError};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::Color;
use crate::position::Position;
use crate::status::Status;

impl Game {
    /// How many times the position at `id` has occurred on the way from the
    /// start to `id`, counting the start position and `id` itself. Positions
    /// count as the same as FIDE defines it: same placement, side to move,
    /// castling rights and possible en passant captures.
    pub fn repetitions(&self, id: NodeId) -> usize {
        self.occurrences(self.position_at(id), id)
    }

    /// How many times `target` occurs among the positions from the start to
    /// `id`. Only the last `target.halfmoves()` plies are looked at: nothing
    /// before a capture or pawn move can repeat.
    fn occurrences(&self, target: &Position, id: NodeId) -> usize {
        let key = target.repetition_key();
        let mut count = 0;
        let mut at = Some(id);
        for _ in 0..=target.halfmoves() {
            let Some(n) = at else { break };
            let pos = self.position_at(n);
            if pos.repetition_key() == key && pos.same_for_repetition(target) {
                count += 1;
            }
            at = self.node(n).parent;
        }
        count
    }

    /// The outcome the rules impose at `id`: checkmate, stalemate,
    /// insufficient material, seventy-five moves, fivefold repetition. A
    /// checkmate counts even on the 150th half-move.
    pub fn outcome_by_rules(&self, id: NodeId) -> Option<Outcome> {
        let pos = self.position_at(id);
        match pos.status() {
            Status::Checkmate => Some(Outcome::Win {
                winner: !pos.turn(),
                reason: WinReason::Checkmate,
            }),
            Status::Stalemate => Some(Outcome::Draw(DrawReason::Stalemate)),
            Status::InsufficientMaterial => Some(Outcome::Draw(DrawReason::InsufficientMaterial)),
            Status::SeventyFiveMoves => Some(Outcome::Draw(DrawReason::SeventyFiveMoves)),
            // Five occurrences need at least 16 reversible plies.
            Status::Ongoing if pos.halfmoves() >= 16 && self.repetitions(id) >= 5 => {
                Some(Outcome::Draw(DrawReason::FivefoldRepetition))
            }
            Status::Ongoing => None,
        }
    }

    /// The outcome at the cursor: by the rules, or as recorded there
    /// (resignation, agreement, a claim, a PGN result). None while the game
    /// goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_at(self.cursor)
    }

    /// The outcome at `id` (see [`Game::outcome`]).
    pub fn outcome_at(&self, id: NodeId) -> Option<Outcome> {
        self.outcome_by_rules(id).or(self.recorded_result(id))
    }

    /// Records a result at the cursor (or clears it with `None`), such as a
    /// resignation or a result read from a file. A result the rules impose
    /// takes precedence over it.
    pub fn set_result(&mut self, outcome: Option<Outcome>) {
        let cursor = self.cursor;
        if outcome.is_some() || self.notes(cursor).is_some() {
            self.notes_mut(cursor).result = outcome;
        }
    }

    /// The result recorded at `id`, if any.
    pub fn recorded_result(&self, id: NodeId) -> Option<Outcome> {
        self.notes(id).and_then(|n| n.result)
    }

    /// `color` resigns at the cursor.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, PlayError> {
        self.record(Outcome::Win {
            winner: !color,
            reason: WinReason::Resignation,
        })
    }

    /// The players agree to a draw at the cursor.
    pub fn agree_draw(&mut self) -> Result<Outcome, PlayError> {
        self.record(Outcome::Draw(DrawReason::Agreement))
    }

    fn record(&mut self, outcome: Outcome) -> Result<Outcome, PlayError> {
        if let Some(done) = self.outcome() {
            return Err(PlayError::GameOver(done));
        }
        self.set_result(Some(outcome));
        Ok(outcome)
    }

    /// The draw the side to move may claim at the cursor, if any: threefold
    /// repetition or the fifty-move rule, now or after one of its legal moves
    /// (FIDE 9.2 and 9.3). None once the game is over.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.outcome().is_some() {
            return None;
        }
        let pos = self.position();
        if self.repetitions(self.cursor) >= 3 {
            return Some(DrawReason::ThreefoldRepetition);
        }
        if pos.halfmoves() >= 100 {
            return Some(DrawReason::FiftyMoves);
        }
        let mut threefold_next = false;
        let mut fifty_next = false;
        for &m in pos.legal_moves().iter() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            if next.halfmoves() >= 100 {
                fifty_next = true;
            }
            // The move would make its position occur a third time.
            if !threefold_next && next.halfmoves() >= 4 {
                threefold_next = self.occurrences(&next, self.cursor) >= 2;
            }
        }
        if threefold_next {
            Some(DrawReason::ThreefoldRepetition)
        } else if fifty_next {
            Some(DrawReason::FiftyMoves)
        } else {
            None
        }
    }

    /// Whether the side to move may claim a draw (see [`Game::claimable_draw`]).
    pub fn can_claim_draw(&self) -> bool {
        self.claimable_draw().is_some()
    }

    /// Claims the draw [`Game::claimable_draw`] allows, recording it.
    pub fn claim_draw(&mut self) -> Option<Outcome> {
        let reason = self.claimable_draw()?;
        let outcome = Outcome::Draw(reason);
        self.set_result(Some(outcome));
        Some(outcome)
    }
}
