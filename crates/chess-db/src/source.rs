//! Opening a PGN file as people keep them: plain, or compressed with zstd
//! (lichess's monthly dumps), gzip or bzip2. The compression is told by the
//! file's first bytes, not its name, and undone as a stream: a file of any
//! size is read with a few buffers of memory.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// How a file's bytes are compressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain text.
    None,
    /// Zstandard (`.zst`): magic `28 B5 2F FD`.
    Zstd,
    /// gzip (`.gz`): magic `1F 8B`.
    Gzip,
    /// bzip2 (`.bz2`): magic `BZh`.
    Bzip2,
}

impl Compression {
    /// The compression whose magic number `head` (a file's first bytes)
    /// starts with; plain text otherwise.
    ///
    /// ```
    /// use chess_db::source::Compression;
    /// assert_eq!(Compression::detect(b"\x28\xb5\x2f\xfd\x04"), Compression::Zstd);
    /// assert_eq!(Compression::detect(b"[Event \"x\"]"), Compression::None);
    /// ```
    pub fn detect(head: &[u8]) -> Compression {
        if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Compression::Zstd
        } else if head.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if head.starts_with(b"BZh") && head.get(3).is_some_and(|b| (b'1'..=b'9').contains(b)) {
            Compression::Bzip2
        } else {
            Compression::None
        }
    }

    /// A name for messages: `"zstd"`, `"gzip"`, `"bzip2"`, `"plain"`.
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "plain",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        }
    }
}

/// A PGN file opened for reading: its text as a stream, however it is
/// stored, and how far into the file (in stored bytes) the stream has read.
pub struct Source {
    /// The text, decompressed.
    pub reader: Box<dyn BufRead + Send>,
    /// How the file is stored.
    pub compression: Compression,
    /// The file's size on disk.
    pub size: u64,
    /// Stored bytes read so far (for progress: `read / size`).
    pub read: Arc<AtomicU64>,
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Source")
            .field("compression", &self.compression)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

/// Counts the bytes read through it.
struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// The size of the buffers text is read through.
const BUFFER: usize = 1 << 16;

/// Opens `path` for reading its text, decompressing it if its first bytes
/// say it is compressed. A directory, a missing or unreadable file is an
/// error that names the path.
pub fn open(path: &Path) -> io::Result<Source> {
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let meta = std::fs::metadata(path).map_err(named)?;
    if meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}: is a directory, not a PGN file", path.display()),
        ));
    }
    let mut file = File::open(path).map_err(named)?;
    let mut head = [0u8; 4];
    let n = read_up_to(&mut file, &mut head).map_err(named)?;
    let compression = Compression::detect(&head[..n]);
    let file = File::open(path).map_err(named)?;
    let read = Arc::new(AtomicU64::new(0));
    let counted = Counting {
        inner: file,
        read: read.clone(),
    };
    let reader = decompressed(counted, compression).map_err(named)?;
    Ok(Source {
        reader,
        compression,
        size: meta.len(),
        read,
    })
}

/// The text of `input`, stored with `compression`, as a buffered stream.
pub fn decompressed<R: Read + Send + 'static>(
    input: R,
    compression: Compression,
) -> io::Result<Box<dyn BufRead + Send>> {
    Ok(match compression {
        Compression::None => Box::new(BufReader::with_capacity(BUFFER, input)),
        Compression::Zstd => {
            let decoder = zstd::stream::read::Decoder::with_buffer(BufReader::with_capacity(BUFFER, input))?;
            Box::new(BufReader::with_capacity(BUFFER, decoder))
        }
        Compression::Gzip => Box::new(BufReader::with_capacity(
            BUFFER,
            flate2::read::MultiGzDecoder::new(BufReader::with_capacity(BUFFER, input)),
        )),
        Compression::Bzip2 => Box::new(BufReader::with_capacity(
            BUFFER,
            bzip2::read::MultiBzDecoder::new(BufReader::with_capacity(BUFFER, input)),
        )),
    })
}

/// Reads until `buf` is full or the input ends; how many bytes were read.
fn read_up_to(input: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match input.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Reads `path` whole as text, decompressed (for small files and tests).
pub fn read_all(path: &Path) -> io::Result<Vec<u8>> {
    let mut source = open(path)?;
    let mut out = Vec::new();
    source.reader.read_to_end(&mut out)?;
    Ok(out)
}

/// Copies the spans `[start, end)` of `path`'s decompressed text (`end`
/// may be `u64::MAX`: to the end) to `out`: a plain file is read where each
/// span is, a compressed one read once through, the spans copied on the way
/// (so they must come in increasing order: an `InvalidInput` error
/// otherwise). `copied(i)` is told after span `i`; when it answers false
/// the copy stops, and `Ok(false)` says so.
pub fn copy_spans(
    path: &Path,
    spans: &[(u64, u64)],
    out: &mut dyn io::Write,
    mut copied: impl FnMut(usize) -> bool,
) -> io::Result<bool> {
    use std::io::{Seek, SeekFrom};
    let mut file = File::open(path)?;
    let mut head = [0u8; 4];
    let n = file.read(&mut head)?;
    if Compression::detect(&head[..n]) == Compression::None {
        for (i, &(start, end)) in spans.iter().enumerate() {
            file.seek(SeekFrom::Start(start))?;
            io::copy(&mut (&mut file).take(end.saturating_sub(start)), out)?;
            if !copied(i) {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    let mut reader = open(path)?.reader;
    let mut at = 0u64;
    for (i, &(start, end)) in spans.iter().enumerate() {
        if start < at {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "spans must come in increasing order",
            ));
        }
        io::copy(&mut (&mut reader).take(start - at), &mut io::sink())?;
        at = start + io::copy(&mut (&mut reader).take(end.saturating_sub(start)), out)?;
        if !copied(i) {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const PGN: &str = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";

    fn write(dir: &Path, name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn every_compression_reads_back_the_same_text_whatever_the_name() {
        let dir = tempfile::tempdir().unwrap();
        let zst = zstd::encode_all(PGN.as_bytes(), 3).unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(PGN.as_bytes()).unwrap();
        let gz = gz.finish().unwrap();
        let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
        bz.write_all(PGN.as_bytes()).unwrap();
        let bz = bz.finish().unwrap();
        for (name, bytes, compression) in [
            ("plain.pgn", PGN.as_bytes().to_vec(), Compression::None),
            ("a.pgn.zst", zst.clone(), Compression::Zstd),
            ("misnamed.pgn", zst, Compression::Zstd),
            ("a.pgn.gz", gz, Compression::Gzip),
            ("a.pgn.bz2", bz, Compression::Bzip2),
        ] {
            let path = write(dir.path(), name, &bytes);
            let source = open(&path).unwrap();
            assert_eq!(source.compression, compression, "{name}");
            assert_eq!(read_all(&path).unwrap(), PGN.as_bytes(), "{name}");
        }
    }

    #[test]
    fn concatenated_frames_and_members_read_whole() {
        let dir = tempfile::tempdir().unwrap();
        let mut zst = zstd::encode_all(&PGN.as_bytes()[..20], 3).unwrap();
        zst.extend(zstd::encode_all(&PGN.as_bytes()[20..], 3).unwrap());
        let path = write(dir.path(), "two-frames.pgn.zst", &zst);
        assert_eq!(read_all(&path).unwrap(), PGN.as_bytes());
        let mut gz = Vec::new();
        for part in [&PGN.as_bytes()[..20], &PGN.as_bytes()[20..]] {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(part).unwrap();
            gz.extend(e.finish().unwrap());
        }
        let path = write(dir.path(), "two-members.pgn.gz", &gz);
        assert_eq!(read_all(&path).unwrap(), PGN.as_bytes());
    }

    #[test]
    fn a_directory_or_a_missing_file_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let e = open(dir.path()).unwrap_err();
        assert!(e.to_string().contains("is a directory"), "{e}");
        let missing = dir.path().join("nope.pgn");
        let e = open(&missing).unwrap_err();
        assert!(e.to_string().contains("nope.pgn"), "{e}");
    }

    #[test]
    fn a_damaged_compressed_file_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let mut zst = zstd::encode_all(PGN.as_bytes(), 3).unwrap();
        let len = zst.len();
        zst[len / 2] ^= 0xff;
        zst.truncate(len - 3);
        let path = write(dir.path(), "bad.pgn.zst", &zst);
        assert!(read_all(&path).is_err());
    }
}
