//! Reading PGN files game by game.

use std::ffi::c_char;
use std::io::{BufRead, Cursor};

use chess_core::pgn::PgnReader;

use crate::boundary::{Fail, free, handle_mut, read_bytes, run, run_new, run_status};
use crate::game::{ChessGame, read_path};
use crate::{CHESS_MAX_PGN_LENGTH, ChessError};

/// A reader of PGN games (opaque), from a file or a string: it reads one
/// game at a time, so large files need little memory. Made by
/// `chess_pgn_reader_open` or `chess_pgn_reader_from_string`; released with
/// `chess_pgn_reader_free`.
#[derive(Debug)]
pub struct ChessPgnReader {
    reader: PgnReader<Box<dyn BufRead + Send>>,
}

impl crate::boundary::Handle for ChessPgnReader {
    const WHAT: &'static str = "the reader";
}

/// A reader of the PGN file at `path`: plain, or compressed (zstd, gzip,
/// bzip2: `.pgn.zst`, `.pgn.gz`, `.pgn.bz2`, told by content). NULL with
/// `CHESS_ERR_IO` (and the reason) when the file cannot be opened or is a
/// directory, or is compressed and this libchess was built without its
/// collections (which read compressed files).
///
/// # Safety
/// `path` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_pgn_reader_open(path: *const c_char) -> *mut ChessPgnReader {
    // SAFETY: contract of this function.
    run_new(|| {
        let path = unsafe { read_path(path) }?;
        // Plain or compressed (zstd, gzip, bzip2), told by content; a
        // directory is refused here rather than failing when read.
        let input = open_file(path)?;
        Ok(ChessPgnReader {
            reader: PgnReader::new(input),
        })
    })
}

/// The file at `path`, decompressed as it is read.
#[cfg(feature = "collections")]
fn open_file(path: &std::path::Path) -> Result<Box<dyn BufRead + Send>, Fail> {
    let source =
        chess_db::source::open(path).map_err(|e| Fail::new(ChessError::CHESS_ERR_IO, format!("cannot open {e}")))?;
    Ok(source.reader)
}

/// The file at `path`, plain PGN: a libchess without collections reads no
/// compressed file (and says so rather than reading its bytes as moves).
#[cfg(not(feature = "collections"))]
fn open_file(path: &std::path::Path) -> Result<Box<dyn BufRead + Send>, Fail> {
    use std::io::Read as _;
    let io = |e: std::io::Error| Fail::new(ChessError::CHESS_ERR_IO, format!("cannot open {}: {e}", path.display()));
    if path.is_dir() {
        return Err(Fail::new(
            ChessError::CHESS_ERR_IO,
            format!("cannot open {}: it is a directory", path.display()),
        ));
    }
    let mut file = std::fs::File::open(path).map_err(io)?;
    // The first bytes say whether it is zstd, gzip or bzip2.
    let mut magic = Vec::with_capacity(4);
    (&mut file).take(4).read_to_end(&mut magic).map_err(io)?;
    let compressed = matches!(
        magic[..],
        [0x28, 0xb5, 0x2f, 0xfd] | [0x1f, 0x8b, ..] | [b'B', b'Z', b'h', ..]
    );
    if compressed {
        return Err(Fail::new(
            ChessError::CHESS_ERR_IO,
            format!(
                "cannot open {}: a compressed file, which this libchess (built without collections) does not read",
                path.display()
            ),
        ));
    }
    Ok(Box::new(std::io::BufReader::new(Cursor::new(magic).chain(file))))
}

/// A reader of the PGN in `text` (copied; the caller keeps its string),
/// UTF-8 or Latin-1 as a file may be.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_pgn_reader_from_string(text: *const c_char) -> *mut ChessPgnReader {
    // SAFETY: contract of this function.
    run_new(|| {
        // Bytes, as a file's: text that is not UTF-8 is read as Latin-1.
        let text = unsafe { read_bytes(text, CHESS_MAX_PGN_LENGTH, "the PGN") }?;
        let input: Box<dyn BufRead + Send> = Box::new(Cursor::new(text.to_vec()));
        Ok(ChessPgnReader {
            reader: PgnReader::new(input),
        })
    })
}

/// Reads the next game. Returns 1 and stores a new game in `*out` (free it
/// with `chess_game_free`); 0 at the end of the input; or a negative
/// `ChessError` (`CHESS_ERR_PARSE` for a game that cannot be read: the last
/// error names its number, line and column, and the next call goes on with
/// the following game; `CHESS_ERR_IO` when reading fails).
///
/// # Safety
/// `reader` is NULL or a live reader; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_pgn_reader_next(reader: *mut ChessPgnReader, out: *mut *mut ChessGame) -> i32 {
    // SAFETY: contract of this function.
    run_status(|| {
        let r = unsafe { handle_mut(reader) }?;
        let out = unsafe { handle_mut(out) }?;
        *out = std::ptr::null_mut();
        match r.reader.read_game() {
            None => Ok(0),
            Some(Ok(game)) => {
                *out = Box::into_raw(Box::new(ChessGame::new(game)));
                Ok(1)
            }
            Some(Err(e)) => {
                let code = match e.kind {
                    chess_core::pgn::PgnErrorKind::Io(_) => ChessError::CHESS_ERR_IO,
                    _ => ChessError::CHESS_ERR_PARSE,
                };
                Err(Fail::new(code, e.to_string()))
            }
        }
    })
}

/// Frees a reader. NULL does nothing.
///
/// # Safety
/// `reader` is NULL or a reader not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn chess_pgn_reader_free(reader: *mut ChessPgnReader) {
    // SAFETY: contract of this function.
    run((), || {
        unsafe { free(reader) };
        Ok(())
    })
}
