//! What every exported function shares: catching panics, the thread-local
//! last error, reading C strings with a length limit, writing strings
//! snprintf-style.

use std::cell::RefCell;
use std::ffi::{CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::ChessError;

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
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

    pub(crate) fn null(what: &str) -> Fail {
        Fail::new(ChessError::CHESS_ERR_NULL, format!("{what} is NULL"))
    }
}

pub(crate) type Res<T> = Result<T, Fail>;

/// Sets the calling thread's last error message.
pub(crate) fn set_error(message: &str) {
    let clean: Vec<u8> = message.bytes().map(|b| if b == 0 { b'?' } else { b }).collect();
    let text = CString::new(clean).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = text);
}

/// The last error's text, owned by the library.
pub(crate) fn last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
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

/// A shared reference from a handle pointer.
///
/// # Safety
/// `ptr` is NULL or a live handle of this type, not used mutably elsewhere.
pub(crate) unsafe fn handle<'a, T>(ptr: *const T, what: &str) -> Res<&'a T> {
    // SAFETY: the caller passes NULL (checked) or a handle from this library.
    unsafe { ptr.as_ref() }.ok_or_else(|| Fail::null(what))
}

/// A mutable reference from a handle pointer.
///
/// # Safety
/// `ptr` is NULL or a live handle of this type, used by no one else now.
pub(crate) unsafe fn handle_mut<'a, T>(ptr: *mut T, what: &str) -> Res<&'a mut T> {
    // SAFETY: as for `handle`, and the C contract forbids concurrent use.
    unsafe { ptr.as_mut() }.ok_or_else(|| Fail::null(what))
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
    if !buf.is_null() && cap > 0 {
        let n = text.len().min(cap - 1);
        // SAFETY: `buf` holds `cap` bytes and `n + 1 <= cap`.
        unsafe {
            std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), n);
            *buf.add(n) = 0;
        }
    }
    text.len()
}
