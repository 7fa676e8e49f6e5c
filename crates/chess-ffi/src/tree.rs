//! A game's move tree: the main line and its variations, with comments,
//! NAGs and clock times, walked and edited node by node.
//!
//! A node is the position after a move, named by a `ChessNode` number that
//! stays valid while the game lives (until that node is deleted). The root
//! (number 0) is the start position. Children are in order: the first is
//! the main continuation, the others are variations.

use std::ffi::c_char;

use chess_core::NodeId;

use crate::boundary::{Fail, Res, handle, handle_mut, nth, read_str, run, run_code, run_text};
use crate::game::ChessGame;
use crate::position::{ChessPosition, from_c_move, to_c_move};
use crate::{ChessError, ChessMove};

/// A node of a game's move tree: the position after a move (0 is the
/// start position). Valid while the game lives and the node is not deleted.
pub type ChessNode = u32;

/// No node: the parent of the root, or a failure.
pub const CHESS_NO_NODE: ChessNode = u32::MAX;

/// The longest comment accepted, in bytes (1 MiB).
pub const CHESS_MAX_COMMENT_LENGTH: usize = 1 << 20;

/// The game's node with number `node`.
fn node_of(game: &ChessGame, node: ChessNode) -> Res<NodeId> {
    game.game
        .node_id(node as usize)
        .ok_or_else(|| Fail::invalid(format!("node {node} is not in the game")))
}

/// The game behind a handle and its node `node`: NULL and a node not in
/// the game are the errors every node function gives.
///
/// # Safety
/// As for `handle`.
unsafe fn game_node<'a>(game: *const ChessGame, node: ChessNode) -> Res<(&'a ChessGame, NodeId)> {
    // SAFETY: forwarded contract.
    let g = unsafe { handle(game) }?;
    Ok((g, node_of(g, node)?))
}

/// As [`game_node`], for a function that edits the game.
///
/// # Safety
/// As for `handle_mut`.
unsafe fn game_node_mut<'a>(game: *mut ChessGame, node: ChessNode) -> Res<(&'a mut ChessGame, NodeId)> {
    // SAFETY: forwarded contract.
    let g = unsafe { handle_mut(game) }?;
    let id = node_of(g, node)?;
    Ok((g, id))
}

fn to_c_node(id: NodeId) -> ChessNode {
    // Games hold fewer than 2^32 nodes (ids are u32 in the core).
    id.index() as ChessNode
}

/// The node of the current position: where `chess_game_play` adds the next
/// move, and what `chess_game_position` shows (`CHESS_NO_NODE` for NULL).
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_current_node(game: *const ChessGame) -> ChessNode {
    // SAFETY: contract of this function.
    run(CHESS_NO_NODE, || Ok(to_c_node(unsafe { handle(game) }?.game.cursor())))
}

/// Makes `node` the current position: the next `chess_game_play` plays from
/// there (following a child with that move, or adding a variation), and
/// `chess_game_move_count`/`_move_at` describe the line to it.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_go_to(game: *mut ChessGame, node: ChessNode) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let (g, id) = unsafe { game_node_mut(game, node) }?;
        g.game.go_to(id);
        g.changed();
        Ok(())
    })
}

/// The node before `node`: `CHESS_NO_NODE` for the root, and for a node not
/// in the game or NULL (with the last error set).
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_parent(game: *const ChessGame, node: ChessNode) -> ChessNode {
    // SAFETY: contract of this function.
    run(CHESS_NO_NODE, || {
        let (g, id) = unsafe { game_node(game, node) }?;
        Ok(g.game.parent(id).map_or(CHESS_NO_NODE, to_c_node))
    })
}

/// How many moves continue from `node`: the main continuation and the
/// variations (0 for NULL or a node not in the game, with the last error).
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_child_count(game: *const ChessGame, node: ChessNode) -> usize {
    // SAFETY: contract of this function.
    run(0, || {
        let (g, id) = unsafe { game_node(game, node) }?;
        Ok(g.game.children(id).len())
    })
}

/// Child `index` of `node`: 0 is the main continuation, 1.. the variations
/// in order. `CHESS_NO_NODE` (and the last error) when there is none.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_child(game: *const ChessGame, node: ChessNode, index: usize) -> ChessNode {
    // SAFETY: contract of this function.
    run(CHESS_NO_NODE, || {
        let (g, id) = unsafe { game_node(game, node) }?;
        nth(g.game.children(id), index, "child").map(|&child| to_c_node(child))
    })
}

/// The move that leads to `node`, written to `out`; `CHESS_ERR_INVALID_ARG`
/// for the root (no move leads to it) or a node not in the game.
///
/// # Safety
/// `game` is NULL or a live game; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_move(
    game: *const ChessGame,
    node: ChessNode,
    out: *mut ChessMove,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let (g, id) = unsafe { game_node(game, node) }?;
        let out = unsafe { handle_mut(out) }?;
        let m = g
            .game
            .move_at(id)
            .ok_or_else(|| Fail::invalid("the root has no move: it is the start position"))?;
        *out = to_c_move(m);
        Ok(())
    })
}

/// The SAN of the move that leads to `node` (`Nf3`, `exd8=Q#`),
/// snprintf-style; 0 and an empty string for the root.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_san(
    game: *const ChessGame,
    node: ChessNode,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            let (g, id) = game_node(game, node)?;
            g.game
                .san_at(id)
                .ok_or_else(|| Fail::invalid("the root has no move: it is the start position"))
        })
    }
}

/// The number of half-moves from the start to `node` (0 for the root): the
/// move number is `ply / 2 + 1` from the standard start, White moving
/// when `ply` is even.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_ply(game: *const ChessGame, node: ChessNode) -> usize {
    // SAFETY: contract of this function.
    run(0, || {
        let (g, id) = unsafe { game_node(game, node) }?;
        Ok(g.game.ply(id))
    })
}

/// The position at `node`, owned by the game: valid until the game changes
/// or is freed. Do not free it. NULL (and the last error) for a node not
/// in the game.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_position(game: *const ChessGame, node: ChessNode) -> *const ChessPosition {
    // SAFETY: contract of this function.
    run(std::ptr::null(), || {
        let (g, id) = unsafe { game_node(game, node) }?;
        Ok(ChessPosition::from_ref(g.game.position_at(id)) as *const ChessPosition)
    })
}

/// The comment after the move of `node` (for the root: the comment before
/// the first move), snprintf-style; empty when there is none. Commands such
/// as `[%clk 0:03:00]` are part of it, as in the file.
///
/// # Safety
/// `game` is NULL or a live game; `buf` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_comment(
    game: *const ChessGame,
    node: ChessNode,
    buf: *mut c_char,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    unsafe {
        run_text(buf, cap, || {
            let (g, id) = game_node(game, node)?;
            Ok(g.game.comment(id))
        })
    }
}

/// Replaces the comment after the move of `node` (an empty string removes
/// it). UTF-8, at most `CHESS_MAX_COMMENT_LENGTH` bytes; a `}` would end
/// the comment in PGN and is refused.
///
/// # Safety
/// `game` is NULL or a live game; `text` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_set_comment(
    game: *mut ChessGame,
    node: ChessNode,
    text: *const c_char,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let (g, id) = unsafe { game_node_mut(game, node) }?;
        let text = unsafe {
            read_str(
                text,
                CHESS_MAX_COMMENT_LENGTH,
                "the comment",
                ChessError::CHESS_ERR_PARSE,
            )
        }?;
        if text.contains('}') {
            return Err(Fail::invalid(
                "a comment cannot contain '}' (it would end the comment in PGN)",
            ));
        }
        g.game.set_comment(id, text);
        Ok(())
    })
}

/// The clock time recorded after the move of `node` by a `[%clk h:mm:ss]`
/// command in its comment, as every online game's PGN has: true and the
/// milliseconds left in `*ms`, or false when the comment has none (also
/// for NULL or a node not in the game, with the last error).
///
/// # Safety
/// `game` is NULL or a live game; `ms` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_clock(game: *const ChessGame, node: ChessNode, ms: *mut u64) -> bool {
    // SAFETY: contract of this function.
    run(false, || {
        let (g, id) = unsafe { game_node(game, node) }?;
        let Some(clock) = chess_core::pgn::clock(g.game.comment(id)) else {
            return Ok(false);
        };
        if let Some(ms) = unsafe { ms.as_mut() } {
            *ms = u64::try_from(clock.as_millis()).unwrap_or(u64::MAX);
        }
        Ok(true)
    })
}

/// The numeric annotation glyphs of `node` (1 is "!", 2 "?", 3 "!!", 4
/// "??", 5 "!?", 6 "?!", ...): writes min(count, cap) into `out` and
/// returns the count.
///
/// # Safety
/// `game` is NULL or a live game; `out` is NULL or writable for `cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_nags(
    game: *const ChessGame,
    node: ChessNode,
    out: *mut u8,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    run(0, || {
        let (g, id) = unsafe { game_node(game, node) }?;
        let nags = g.game.nags(id);
        if !out.is_null() {
            for (i, &nag) in nags.iter().take(cap).enumerate() {
                // SAFETY: `out` holds `cap` bytes and `i < cap`.
                unsafe { out.add(i).write(nag) };
            }
        }
        Ok(nags.len())
    })
}

/// Adds a NAG (1..255) to `node`, once; 0 is `CHESS_ERR_INVALID_ARG`.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_add_nag(game: *mut ChessGame, node: ChessNode, nag: u8) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let (g, id) = unsafe { game_node_mut(game, node) }?;
        if nag == 0 {
            return Err(Fail::invalid("NAG 0 means nothing (1..255)"));
        }
        g.game.add_nag(id, nag);
        Ok(())
    })
}

/// Removes every NAG of `node`.
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_clear_nags(game: *mut ChessGame, node: ChessNode) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let (g, id) = unsafe { game_node_mut(game, node) }?;
        g.game.set_nags(id, Vec::new());
        Ok(())
    })
}

/// Adds `mv` after `node` without changing the current position: the main
/// continuation if `node` has none, a variation otherwise; an existing
/// child with that move is reused. Its node goes to `*out` (which may be
/// NULL). An illegal move is `CHESS_ERR_ILLEGAL_MOVE`.
///
/// # Safety
/// `game` is NULL or a live game; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_add_move(
    game: *mut ChessGame,
    node: ChessNode,
    mv: ChessMove,
    out: *mut ChessNode,
) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let (g, id) = unsafe { game_node_mut(game, node) }?;
        let m = from_c_move(mv)?;
        let current = g.game.cursor();
        g.game.go_to(id);
        let added = g.game.play(m);
        g.game.go_to(current);
        let added = added.map_err(crate::game::play_error)?;
        if let Some(out) = unsafe { out.as_mut() } {
            *out = to_c_node(added);
        }
        Ok(())
    })
}

/// Deletes `node` and everything after it. If the current position was in
/// the deleted part, it moves to `node`'s parent. The root cannot be
/// deleted (`CHESS_ERR_INVALID_ARG`).
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_delete(game: *mut ChessGame, node: ChessNode) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let (g, id) = unsafe { game_node_mut(game, node) }?;
        if !g.game.delete(id) {
            return Err(Fail::invalid("the root cannot be deleted"));
        }
        g.changed();
        Ok(())
    })
}

/// Makes the line through `node` the main line (at every branching point
/// above it, its branch becomes the main continuation).
///
/// # Safety
/// `game` is NULL or a live game.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_game_node_promote(game: *mut ChessGame, node: ChessNode) -> ChessError {
    // SAFETY: contract of this function.
    run_code(|| {
        let (g, id) = unsafe { game_node_mut(game, node) }?;
        g.game.promote_to_main(id);
        Ok(())
    })
}
