//! Opening books (Polyglot `.bin` files) and opening names.

use std::ffi::c_char;

use chess_file::book::{BookFile, BookFileError};

use crate::boundary::{Fail, free, handle, run, run_new, write_str};
use crate::game::read_path;
use crate::position::{ChessPosition, to_c_move};
use crate::{ChessError, ChessMove};

/// An opened Polyglot opening book (opaque): searched on disk, so a book
/// of hundreds of megabytes costs no memory. Made by `chess_book_open`,
/// released with `chess_book_free`.
#[derive(Debug)]
pub struct ChessBook {
    book: BookFile,
}

impl crate::boundary::Handle for ChessBook {
    const WHAT: &'static str = "the book";
}

/// A book move of a position.
/// cbindgen:field-names=[move, weight, learn]
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChessBookEntry {
    /// The move, in the position's own convention (standard castling
    /// `e1g1`). Named `move` in C.
    pub mv: ChessMove,
    /// How often to play it, relative to the position's other entries.
    pub weight: u16,
    /// The learn value (0 in books written by this toolkit).
    pub learn: u32,
}

fn book_fail(e: BookFileError) -> Fail {
    let code = match e {
        BookFileError::Io { .. } => ChessError::CHESS_ERR_IO,
        BookFileError::Book { .. } => ChessError::CHESS_ERR_PARSE,
    };
    Fail::new(code, e.to_string())
}

/// Opens the Polyglot book at `path`. NULL with `CHESS_ERR_IO` when it
/// cannot be read, `CHESS_ERR_PARSE` when it is not a book (cut short, or
/// its entries not sorted: the message says which).
///
/// # Safety
/// `path` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_book_open(path: *const c_char) -> *mut ChessBook {
    // SAFETY: contract of this function.
    run_new(|| {
        let path = unsafe { read_path(path) }?;
        Ok(ChessBook {
            book: BookFile::open(path).map_err(book_fail)?,
        })
    })
}

/// Frees a book. NULL does nothing.
///
/// # Safety
/// `book` is NULL or a book from `chess_book_open`, not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_book_free(book: *mut ChessBook) {
    // SAFETY: contract of this function.
    run((), || {
        unsafe { free(book) };
        Ok(())
    })
}

/// Every entry of the book for `pos`, highest weight first (ties: file
/// order); entries whose move is not legal in `pos` are left out. Writes
/// min(count, cap) entries into `out` (nothing when `out` is NULL or `cap`
/// is 0) and returns the count; 0 and the last error when the book cannot
/// be read.
///
/// # Safety
/// `book` and `pos` are NULL or live; `out` is NULL or writable for `cap`
/// entries.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_book_entries(
    book: *const ChessBook,
    pos: *const ChessPosition,
    out: *mut ChessBookEntry,
    cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    run(0, || {
        let b = unsafe { handle(book) }?;
        let p = unsafe { handle(pos) }?;
        let entries = b.book.entries(&p.pos).map_err(book_fail)?;
        if !out.is_null() {
            for (i, e) in entries.iter().take(cap).enumerate() {
                let entry = ChessBookEntry {
                    mv: to_c_move(e.mv),
                    weight: e.weight,
                    learn: e.learn,
                };
                // SAFETY: `out` holds `cap` entries and `i < cap`.
                unsafe { out.add(i).write(entry) };
            }
        }
        Ok(entries.len())
    })
}

/// The ECO code (`C65`) and name (`Ruy Lopez: Berlin Defense`) of `pos`
/// when it is a named opening position (transpositions included), each
/// snprintf-style into its buffer; returns the name's length. 0 and empty
/// strings when the position has no name (not an error), or for NULL.
///
/// # Safety
/// `pos` is NULL or live; `eco` and `name` are NULL or writable for
/// `eco_cap` and `name_cap` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_position_opening(
    pos: *const ChessPosition,
    eco: *mut c_char,
    eco_cap: usize,
    name: *mut c_char,
    name_cap: usize,
) -> usize {
    // SAFETY: contract of this function.
    let found = run(None, || Ok(chess_core::opening::lookup(&unsafe { handle(pos) }?.pos)));
    let (code, text) = found.map_or(("", ""), |o| (o.eco, o.name));
    // SAFETY: contract of this function.
    unsafe {
        write_str(code, eco, eco_cap);
        write_str(text, name, name_cap)
    }
}
