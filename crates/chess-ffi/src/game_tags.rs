//! A game's PGN tags: set (`Result` records the result), read, and listed.

use std::ffi::c_char;

use chess_core::Outcome;

use crate::ChessError;
use crate::boundary::{Fail, Res, handle, handle_mut, read_str, run, run_code, run_text};
use crate::game::ChessGame;

/// Sets a PGN tag (`White`, `Event`, ...). An empty value removes it.
/// Names are at most 255 bytes of letters, digits and `_`; values at most 4096.
///
/// `Result` records the result, as `chess_game_resign` would: `1-0`,
/// `0-1` or `1/2-1/2` (the outcome and `chess_game_to_pgn` then give it;
/// one the rules contradict, such as `1-0` when White is checkmated, is
/// `CHESS_ERR_INVALID_ARG`); `*` or an empty value clears it. `FEN` and
/// `SetUp` are refused (`CHESS_ERR_INVALID_ARG`): they are written from the
/// start position, which `chess_game_from_fen` sets.
///
/// # Safety
/// `game` is NULL or a live game; `name` and `value` are NULL or
/// NUL-terminated strings.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_set_tag(
    game: *mut ChessGame,
    name: *const c_char,
    value: *const c_char,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let g = unsafe { handle_mut(game) }?;
        let name = unsafe { read_str(name, 255, "the tag name", ChessError::CHESS_ERR_INVALID_ARG) }?;
        let value = unsafe { read_str(value, 4096, "the tag value", ChessError::CHESS_ERR_INVALID_ARG) }?;
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(Fail::invalid(format!(
                "{name:?} is not a tag name (letters, digits and _)"
            )));
        }
        match name {
            "Result" => {
                record_result(g, value)?;
                let text = result_text(g);
                g.game.tags.set("Result", text);
                Ok(())
            }
            "FEN" | "SetUp" => Err(Fail::invalid(format!(
                "the {name} tag is written from the game's start position: make the game with \
                 chess_game_from_fen to start from another position"
            ))),
            _ if value.is_empty() => {
                g.game.tags.remove(name);
                Ok(())
            }
            _ => {
                g.game.tags.set(name, value);
                Ok(())
            }
        }
    })
}

/// Records the result a `Result` tag value gives.
fn record_result(g: &mut ChessGame, value: &str) -> Res<()> {
    let outcome = match value {
        "" | "*" => None,
        token => Some(
            Outcome::from_result(token)
                .ok_or_else(|| Fail::invalid(format!("{token:?} is not a result (1-0, 0-1, 1/2-1/2 or *)")))?,
        ),
    };
    let cursor = g.game.cursor();
    if let Some(by_rules) = g.game.outcome_by_rules(cursor) {
        if outcome.is_none_or(|o| o.winner() != by_rules.winner()) {
            return Err(Fail::invalid(format!(
                "the result is {}: {by_rules}",
                by_rules.result()
            )));
        }
        return Ok(());
    }
    g.game.set_result(outcome);
    Ok(())
}

/// The value of a tag, snprintf-style; 0, an empty string and the last
/// error when the tag is not set. `Result` gives the game's result, as
/// `chess_game_to_pgn` writes it.
///
/// # Safety
/// `game` is NULL or a live game; `name` is NULL or a NUL-terminated
/// string; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_tag(
    game: *const ChessGame,
    name: *const c_char,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            let g = handle(game)?;
            let name = read_str(name, 255, "the tag name", ChessError::CHESS_ERR_INVALID_ARG)?;
            match g.game.tags.get(name) {
                Some(_) if name == "Result" => Ok(result_text(g)),
                Some(value) => Ok(value.to_string()),
                None => Err(Fail::invalid(format!("tag {name} is not set"))),
            }
        })
    }
}

/// How many tags the game has (0 for NULL): with `chess_game_tag_name_at`
/// and `chess_game_tag_value_at`, every tag, in the order PGN writes them
/// apart from `SetUp` and `FEN` (see `chess_game_to_pgn`).
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_tag_count(game: *const ChessGame) -> usize {
    // SAFETY: contract of this function.
    run(0, || Ok(unsafe { handle(game) }?.game.tags.len()))
}

/// The name of tag `index` (from 0), snprintf-style; 0, an empty string
/// and the last error when `index` is not below `chess_game_tag_count`.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_tag_name_at(
    game: *const ChessGame,
    index: usize,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe { run_text(buf, cap, || Ok(tag_at(handle(game)?, index)?.0)) }
}

/// The value of tag `index` (from 0), snprintf-style, as
/// `chess_game_tag_name_at`.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_tag_value_at(
    game: *const ChessGame,
    index: usize,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe { run_text(buf, cap, || Ok(tag_at(handle(game)?, index)?.1)) }
}

fn tag_at(g: &ChessGame, index: usize) -> Res<(&str, String)> {
    let (name, value) = g
        .game
        .tags
        .iter()
        .nth(index)
        .ok_or_else(|| Fail::invalid(format!("tag {index} does not exist (there are {})", g.game.tags.len())))?;
    let value = if name == "Result" {
        result_text(g)
    } else {
        value.to_string()
    };
    Ok((name, value))
}

/// The game's result as its `Result` tag says it: `1-0`, `0-1`, `1/2-1/2`
/// or `*`.
fn result_text(g: &ChessGame) -> String {
    g.game.outcome().map_or("*", |o| o.result()).to_string()
}
