//! A game's start: its `FEN` tag (with the repairs real files need) and its
//! `Variant` tag (Chess960 under the names programs give it).

use super::PgnWarningKind;
use crate::castling::CastlingRights;
use crate::position::Position;
use crate::setup::Setup;
use crate::validate::{Problem, Repair};

/// Whether a `Variant` tag's value names Chess960, as the programs that
/// write PGN spell it: `Chess960`, `Fischerandom`, `Fischer Random`,
/// `chess 960` (any case).
pub fn is_chess960(variant: &str) -> bool {
    let name: String = variant
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    matches!(name.as_str(), "chess960" | "fischerandom" | "fischerrandom" | "960")
}

/// A game's `FEN` tag, read: whether its position could be (it is in the
/// sink), the repairs made, and where the tag is.
pub(super) struct FenTag {
    pub(super) read: Result<(), crate::Error>,
    pub(super) repairs: Vec<PgnWarningKind>,
    pub(super) line: usize,
    pub(super) column: usize,
}

/// Reads the start position of a `FEN` tag into `pos`, forgiving what real
/// files get wrong with a warning for each repair: castling rights the
/// position cannot have are dropped, a move number 0 reads as 1. Other
/// problems are errors (and leave `pos` to be overwritten).
pub(super) fn fen_start(fen: &str, pos: &mut Position, repairs: &mut Vec<PgnWarningKind>) -> Result<(), crate::Error> {
    let written = match pos.set_fen(fen) {
        Ok(written) => written,
        Err(crate::Error::Position(e)) if e.errors().any(|p| matches!(p, Problem::BadCastlingRight { .. })) => {
            let setup = Setup::from_fen(fen)?;
            let written = crate::fen::parse(fen, |_, _| {})?;
            let only_castling = Repair {
                castling: true,
                en_passant: false,
            };
            *pos = Position::from_setup_repaired(setup, only_castling).map_err(|_| crate::Error::Position(e))?;
            let dropped = CastlingRights::from_bits(written.castling.bits() & !pos.castling().bits());
            repairs.push(PgnWarningKind::CastlingRightsDropped {
                dropped: dropped.to_string(),
            });
            written
        }
        Err(e) => return Err(e),
    };
    if written.fullmoves == 0 {
        repairs.push(PgnWarningKind::MoveNumberZero);
    }
    Ok(())
}
