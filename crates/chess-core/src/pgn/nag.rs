//! Move marks (`!`, `?`, `!?`...) and the NAGs they stand for.

/// The move marks PGN writes after a move and their NAGs: `!` is `$1`,
/// `?` `$2`, `!!` `$3`, `??` `$4`, `!?` `$5`, `?!` `$6`.
pub const MOVE_MARKS: [(u8, &str); 6] = [(1, "!"), (2, "?"), (3, "!!"), (4, "??"), (5, "!?"), (6, "?!")];

/// The mark of a move-quality NAG (`$1`-`$6`): `nag_symbol(4)` is `"??"`.
///
/// ```
/// assert_eq!(chess_core::pgn::nag_symbol(4), Some("??"));
/// assert_eq!(chess_core::pgn::nag_symbol(10), None);
/// ```
pub fn nag_symbol(nag: u8) -> Option<&'static str> {
    MOVE_MARKS.iter().find(|&&(n, _)| n == nag).map(|&(_, symbol)| symbol)
}
