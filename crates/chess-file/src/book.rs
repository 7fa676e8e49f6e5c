//! Polyglot books on disk, searched without loading them: each lookup
//! reads the few entries a binary search visits (`pread`, about 2·log2(n)
//! reads of 16 bytes: 56 for a 300 MB book), so a book of hundreds of
//! megabytes costs no memory and opens at once.
//!
//! Seeking was chosen over memory-mapping: mapping needs `unsafe` (a file
//! changed by another program while mapped is undefined behaviour), and a
//! lookup's few reads cost microseconds next to a move's thinking time.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use chess_core::Position;
use chess_core::book::{BookEntry, BookError, ENTRY_SIZE, RawEntry, entries_of, search};

/// Books up to this size are checked whole when opened (every key in
/// order); bigger ones are checked along each search.
pub const CHECK_WHOLE_UP_TO: u64 = 64 << 20;

/// Why a book file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum BookFileError {
    /// The file cannot be opened or read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a Polyglot book.
    #[error("{path}: {error}")]
    Book {
        /// The file.
        path: PathBuf,
        /// Why.
        error: BookError,
    },
}

/// An opened Polyglot book file.
#[derive(Debug)]
pub struct BookFile {
    file: File,
    path: PathBuf,
    entries: u64,
}

impl BookFile {
    /// Opens the book at `path`: a length that is no multiple of 16 is
    /// refused, and a book up to [`CHECK_WHOLE_UP_TO`] is checked to be
    /// sorted (bigger ones as they are searched).
    pub fn open(path: impl AsRef<Path>) -> Result<BookFile, BookFileError> {
        let path = path.as_ref().to_path_buf();
        let io = |source| BookFileError::Io {
            path: path.clone(),
            source,
        };
        let file = File::open(&path).map_err(io)?;
        let meta = file.metadata().map_err(io)?;
        if meta.is_dir() {
            return Err(io(std::io::Error::other("it is a directory")));
        }
        let len = meta.len();
        if !len.is_multiple_of(ENTRY_SIZE as u64) {
            return Err(BookFileError::Book {
                path,
                error: BookError::Truncated { len },
            });
        }
        let book = BookFile {
            entries: len / ENTRY_SIZE as u64,
            file,
            path,
        };
        if len <= CHECK_WHOLE_UP_TO {
            book.check_sorted()?;
        }
        Ok(book)
    }

    /// How many entries the book has.
    pub fn len(&self) -> u64 {
        self.entries
    }

    /// Whether the book has no entry.
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    fn io(&self, source: std::io::Error) -> BookFileError {
        BookFileError::Io {
            path: self.path.clone(),
            source,
        }
    }

    fn check_sorted(&self) -> Result<(), BookFileError> {
        let file = self.file.try_clone().map_err(|e| self.io(e))?;
        let mut reader = BufReader::with_capacity(1 << 16, file);
        let mut last = 0;
        let mut entry = [0u8; ENTRY_SIZE];
        for index in 0..self.entries {
            reader.read_exact(&mut entry).map_err(|e| self.io(e))?;
            let key = RawEntry::from_bytes(&entry).key;
            if key < last {
                return Err(BookFileError::Book {
                    path: self.path.clone(),
                    error: BookError::Unsorted { index },
                });
            }
            last = key;
        }
        Ok(())
    }

    /// Entry `index` (below [`BookFile::len`]).
    pub fn entry(&self, index: u64) -> Result<RawEntry, BookFileError> {
        let mut b = [0u8; ENTRY_SIZE];
        read_exact_at(&self.file, &mut b, index * ENTRY_SIZE as u64).map_err(|e| self.io(e))?;
        Ok(RawEntry::from_bytes(&b))
    }

    /// The entries stored for `key`, in file order. Keys seen out of order
    /// along the search are an error (the book is not sorted).
    pub fn raw_entries(&self, key: u64) -> Result<Vec<RawEntry>, BookFileError> {
        let range = search(self.entries, key, |i| self.entry(i).map(|e| e.key))?;
        let entries: Vec<RawEntry> = range.map(|i| self.entry(i)).collect::<Result<_, _>>()?;
        if let Some(bad) = entries.iter().position(|e| e.key != key) {
            return Err(BookFileError::Book {
                path: self.path.clone(),
                error: BookError::Unsorted { index: bad as u64 },
            });
        }
        Ok(entries)
    }

    /// The book moves of `pos`: legal there, in its convention, highest
    /// weight first.
    pub fn entries(&self, pos: &Position) -> Result<Vec<BookEntry>, BookFileError> {
        Ok(entries_of(pos, &self.raw_entries(pos.zobrist())?))
    }
}

/// Reads `buf.len()` bytes at `offset`, not moving a shared cursor.
#[cfg(unix)]
fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

/// Reads `buf.len()` bytes at `offset`.
#[cfg(windows)]
fn read_exact_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> std::io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buf.is_empty() {
        match file.seek_read(buf, offset)? {
            0 => return Err(std::io::ErrorKind::UnexpectedEof.into()),
            n => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
        }
    }
    Ok(())
}
