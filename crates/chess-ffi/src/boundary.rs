//! What every exported function shares: catching panics, the thread-local
//! last error, reading C strings with a length limit, writing strings
//! snprintf-style.

use std::cell::RefCell;
use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};

use chess_core::Square;

use crate::ChessError;

/// The room for the last error message, NUL included; longer messages are
/// cut at a character boundary and end in "…".
const LAST_ERROR_CAP: usize = 2048;

thread_local! {
    /// The calling thread's last error message, NUL-terminated. One buffer
    /// per thread, overwritten in place and never freed while the thread
    /// lives: a pointer `chess_last_error` gave stays readable, whatever
    /// fails next (it then reads the newer message).
    static LAST_ERROR: RefCell<[u8; LAST_ERROR_CAP]> = const { RefCell::new([0; LAST_ERROR_CAP]) };
}

/// A failure: the code returned and the message kept for `chess_last_error`.
#[derive(Debug)]
pub(crate) struct Fail {
    pub code: ChessError,
    pub message: String,
}

impl Fail {
    pub(crate) fn new(code: ChessError, message: impl Into<String>) -> Fail {
        Fail {
            code,
            message: message.into(),
        }
    }

    /// An argument out of range, or otherwise wrong.
    pub(crate) fn invalid(message: impl Into<String>) -> Fail {
        Fail::new(ChessError::CHESS_ERR_INVALID_ARG, message)
    }

    pub(crate) fn null(what: &str) -> Fail {
        Fail::new(ChessError::CHESS_ERR_NULL, format!("{what} is NULL"))
    }
}

pub(crate) type Res<T> = Result<T, Fail>;

/// Sets the calling thread's last error message (NUL bytes in it become
/// `?`; a message too long for the buffer is cut and ends in "…").
pub(crate) fn set_error(message: &str) {
    const ELLIPSIS: &str = "…";
    let mut text = message;
    let mut cut = false;
    if text.len() > LAST_ERROR_CAP - 1 {
        let mut end = LAST_ERROR_CAP - 1 - ELLIPSIS.len();
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text = &text[..end];
        cut = true;
    }
    LAST_ERROR.with(|e| {
        let buffer = &mut *e.borrow_mut();
        let suffix = if cut { ELLIPSIS } else { "" };
        let bytes = text
            .bytes()
            .chain(suffix.bytes())
            .map(|b| if b == 0 { b'?' } else { b });
        let mut len = 0;
        for (slot, b) in buffer.iter_mut().zip(bytes) {
            *slot = b;
            len += 1;
        }
        buffer[len] = 0;
    });
}

/// The last error's text: the thread's buffer, owned by the library.
pub(crate) fn last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr().cast())
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".to_string());
    format!("internal error (a bug in libchess, please report it): {what}")
}

/// Runs `f`; a failure or a panic sets the last error and gives `fallback`
/// (for functions with no error channel: a count, a bool, a colour).
pub(crate) fn run<T>(fallback: T, f: impl FnOnce() -> Res<T>) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(value)) => value,
        Ok(Err(fail)) => {
            set_error(&fail.message);
            fallback
        }
        Err(payload) => {
            set_error(&panic_message(payload.as_ref()));
            fallback
        }
    }
}

/// Runs `f` for a function that returns a `ChessError`.
pub(crate) fn run_code(f: impl FnOnce() -> Res<()>) -> ChessError {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => ChessError::CHESS_OK,
        Ok(Err(fail)) => {
            set_error(&fail.message);
            fail.code
        }
        Err(payload) => {
            set_error(&panic_message(payload.as_ref()));
            ChessError::CHESS_ERR_INTERNAL
        }
    }
}

/// Runs `f` for a function that returns a status: its value, or the
/// failure's (negative) code.
pub(crate) fn run_status(f: impl FnOnce() -> Res<i32>) -> i32 {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(status)) => status,
        Ok(Err(fail)) => {
            set_error(&fail.message);
            fail.code as i32
        }
        Err(payload) => {
            set_error(&panic_message(payload.as_ref()));
            ChessError::CHESS_ERR_INTERNAL as i32
        }
    }
}

/// Runs `f` for a function that returns a new handle (NULL on failure).
pub(crate) fn run_new<T>(f: impl FnOnce() -> Res<T>) -> *mut T {
    run(std::ptr::null_mut(), || f().map(|value| Box::into_raw(Box::new(value))))
}

/// What a pointer argument is, for the message when it is NULL ("the
/// game is NULL"): the one place that turns a NULL handle into an error.
pub(crate) trait Handle {
    /// The argument in words: "the position".
    const WHAT: &'static str;
}

impl Handle for crate::ChessMove {
    const WHAT: &'static str = "the output move";
}

impl Handle for usize {
    const WHAT: &'static str = "the output count";
}

impl<T> Handle for *mut T {
    const WHAT: &'static str = "the output pointer";
}

/// A shared reference from a handle pointer; NULL is `CHESS_ERR_NULL`
/// naming the argument.
///
/// # Safety
/// `ptr` is NULL or a live handle of this type, not used mutably elsewhere.
pub(crate) unsafe fn handle<'a, T: Handle>(ptr: *const T) -> Res<&'a T> {
    // SAFETY: the caller passes NULL (checked) or a handle from this library.
    unsafe { ptr.as_ref() }.ok_or_else(|| Fail::null(T::WHAT))
}

/// A mutable reference from a handle (or output) pointer; NULL is
/// `CHESS_ERR_NULL` naming the argument.
///
/// # Safety
/// `ptr` is NULL or a live handle of this type, used by no one else now.
pub(crate) unsafe fn handle_mut<'a, T: Handle>(ptr: *mut T) -> Res<&'a mut T> {
    // SAFETY: as for `handle`, and the C contract forbids concurrent use.
    unsafe { ptr.as_mut() }.ok_or_else(|| Fail::null(T::WHAT))
}

/// The square with C number `index` (0..63, a1 = 0).
pub(crate) fn square(index: u8) -> Res<Square> {
    Square::from_index(index).ok_or_else(|| Fail::invalid(format!("square {index} is out of range (0..63)")))
}

/// Item `index` of `items`, checked before any arithmetic on `index`
/// (`SIZE_MAX` included): out of range is `CHESS_ERR_INVALID_ARG`.
pub(crate) fn nth<'a, T>(items: &'a [T], index: usize, what: &str) -> Res<&'a T> {
    items
        .get(index)
        .ok_or_else(|| Fail::invalid(format!("{what} {index} does not exist (there are {})", items.len())))
}

/// Frees a handle made by `run_new` (NULL is a no-op).
///
/// # Safety
/// `ptr` is NULL or a handle of this type not freed before.
pub(crate) unsafe fn free<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: made by Box::into_raw in `run_new`, freed once.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

unsafe extern "C" {
    /// The C library's bounded string length (POSIX; also in MSVC's):
    /// reads at most `max_len` bytes, never past the first NUL.
    fn strnlen(s: *const c_char, max_len: usize) -> usize;
}

/// Reads a NUL-terminated string of at most `max` bytes, whatever its
/// encoding (PGN text, which may be Latin-1). Too long:
/// `CHESS_ERR_INVALID_ARG`.
///
/// # Safety
/// As for [`read_str`].
pub(crate) unsafe fn read_bytes<'a>(ptr: *const c_char, max: usize, what: &str) -> Res<&'a [u8]> {
    if ptr.is_null() {
        return Err(Fail::null(what));
    }
    // SAFETY: strnlen looks at no more than `max + 1` bytes and stops at
    // the NUL, all of which the caller guarantees readable.
    let len = unsafe { strnlen(ptr, max.saturating_add(1)) };
    if len > max {
        return Err(Fail::new(
            ChessError::CHESS_ERR_INVALID_ARG,
            format!("{what} is longer than {max} bytes"),
        ));
    }
    // SAFETY: the `len` bytes before the NUL are the string's.
    Ok(unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) })
}

/// Reads a NUL-terminated UTF-8 string of at most `max` bytes. Its length
/// is found with `strnlen`, so an unterminated string is never read beyond
/// `max + 1` bytes. Too long: `CHESS_ERR_INVALID_ARG`;
/// not UTF-8: `bad_utf8`.
///
/// # Safety
/// `ptr` is NULL or points to readable memory up to its NUL or `max + 1` bytes.
pub(crate) unsafe fn read_str<'a>(ptr: *const c_char, max: usize, what: &str, bad_utf8: ChessError) -> Res<&'a str> {
    // SAFETY: forwarded contract.
    let bytes = unsafe { read_bytes(ptr, max, what) }?;
    std::str::from_utf8(bytes).map_err(|e| Fail::new(bad_utf8, format!("{what} is not valid UTF-8 ({e})")))
}

/// Writes `text` snprintf-style: at most `cap - 1` bytes and a NUL (nothing
/// when `buf` is NULL or `cap` is 0); returns the length `text` needs.
///
/// # Safety
/// `buf` is NULL or writable for `cap` bytes.
pub(crate) unsafe fn write_str(text: &str, buf: *mut c_char, cap: usize) -> usize {
    // SAFETY: forwarded contract.
    unsafe { write_bytes(text.as_bytes(), buf, cap) }
}

/// [`write_str`] for bytes in any encoding (a file's text as it is).
///
/// # Safety
/// `buf` is NULL or writable for `cap` bytes.
pub(crate) unsafe fn write_bytes(bytes: &[u8], buf: *mut c_char, cap: usize) -> usize {
    if !buf.is_null() && cap > 0 {
        let n = bytes.len().min(cap - 1);
        // SAFETY: `buf` holds `cap` bytes and `n + 1 <= cap`.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), buf.cast::<u8>(), n);
            *buf.add(n) = 0;
        }
    }
    bytes.len()
}

/// Runs `f` for a function that writes text snprintf-style: the text's
/// length, or on failure 0 with an empty string in `buf` (when `cap > 0`),
/// so that code printing the buffer prints nothing rather than garbage.
///
/// # Safety
/// `buf` is NULL or writable for `cap` bytes.
pub(crate) unsafe fn run_text<S: AsRef<str>>(buf: *mut c_char, cap: usize, f: impl FnOnce() -> Res<S>) -> usize {
    match run(None, || f().map(Some)) {
        // SAFETY: forwarded contract.
        Some(text) => unsafe { write_str(text.as_ref(), buf, cap) },
        None => {
            // SAFETY: forwarded contract.
            unsafe { write_str("", buf, cap) };
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_last_error() -> String {
        // SAFETY: the buffer is NUL-terminated.
        unsafe { std::ffi::CStr::from_ptr(last_error()) }
            .to_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn a_long_message_is_cut_at_a_character_and_ends_in_an_ellipsis() {
        set_error(&"é".repeat(3000));
        let message = read_last_error();
        assert!(message.len() < LAST_ERROR_CAP, "{}", message.len());
        assert!(message.ends_with("é…"), "cut between characters");
        set_error("short");
        assert_eq!(read_last_error(), "short");
    }

    #[test]
    fn the_pointer_stays_the_same_and_nul_bytes_are_replaced() {
        let first = last_error();
        set_error("a\0b");
        assert_eq!(last_error(), first);
        assert_eq!(read_last_error(), "a?b");
    }
}
