//! The moves of a `position` command, played from its start.

use chess_core::Position;

/// The result of [`play_moves`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The position reached.
    pub position: Position,
    /// The Zobrist hashes of the positions before it, oldest first (for
    /// repetition detection).
    pub history: Vec<u64>,
    /// Why the moves stopped early, if a move was not legal.
    pub error: Option<String>,
}

/// Applies UCI `moves` to `start`, stopping at the first move that is not
/// legal (and saying which).
pub fn play_moves(start: &Position, moves: &[String]) -> Played {
    let mut position = start.clone();
    let mut history = Vec::with_capacity(moves.len());
    for uci in moves {
        match position.parse_uci(uci) {
            Ok(m) => {
                history.push(position.zobrist());
                position.play_unchecked(m);
            }
            Err(e) => {
                return Played {
                    position,
                    history,
                    error: Some(format!("move `{uci}` is not legal here: {e}")),
                };
            }
        }
    }
    Played {
        position,
        history,
        error: None,
    }
}
