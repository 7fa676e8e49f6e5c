//! Which file an index belongs to, and whether the file changed since: its
//! path, size and modification time, hashes of its first and last 64 KiB
//! and of sixteen 4 KiB samples between (so a copy with a new time is still
//! known, an edit in the middle is seen, and a file that only grew at its
//! end is told from one that changed).

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// How many bytes at each end are hashed.
const END: u64 = 1 << 16;

/// A file as the index knew it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The file's canonical path.
    pub path: PathBuf,
    /// Its size in bytes.
    pub size: u64,
    /// Its modification time, in nanoseconds since 1970 (0 if unknown).
    pub mtime: i64,
    /// The hash of its first 64 KiB.
    pub head: u64,
    /// The hash of its last 64 KiB (of the whole file when smaller).
    pub tail: u64,
    /// The hash of sixteen 4 KiB blocks spread between.
    pub middle: u64,
}

/// What became of a file since its index was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The same file.
    Same,
    /// The same bytes, and more after them.
    Appended,
    /// Anything else: the index is rebuilt.
    Changed,
}

/// The hash used for identities and checksums (XXH3, 64 bits).
pub fn hash(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

fn read_range(file: &mut File, start: u64, len: u64) -> io::Result<Vec<u8>> {
    file.seek(SeekFrom::Start(start))?;
    let mut buf = Vec::with_capacity(len as usize);
    file.take(len).read_to_end(&mut buf)?;
    Ok(buf)
}

/// The hash of sixteen 4 KiB blocks spread evenly over a file of `size`.
fn middle_hash(file: &mut File, size: u64) -> io::Result<u64> {
    const BLOCK: u64 = 1 << 12;
    let mut sample = Vec::with_capacity(16 * BLOCK as usize);
    for i in 1..=16 {
        let start = size / 17 * i;
        sample.extend(read_range(file, start, BLOCK.min(size - start))?);
    }
    Ok(hash(&sample))
}

impl Identity {
    /// The identity of the file at `path` now.
    pub fn of(path: &Path) -> io::Result<Identity> {
        let path = path.canonicalize()?;
        let mut file = File::open(&path)?;
        let meta = file.metadata()?;
        let size = meta.len();
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos() as i64);
        let head = hash(&read_range(&mut file, 0, END)?);
        let tail = hash(&read_range(&mut file, size.saturating_sub(END), END)?);
        let middle = middle_hash(&mut file, size)?;
        Ok(Identity {
            path,
            size,
            mtime,
            head,
            tail,
            middle,
        })
    }

    /// How the file now at `self.path` relates to the file `old` was.
    pub fn change_from(&self, old: &Identity) -> io::Result<Change> {
        if self.size == old.size && self.head == old.head && self.tail == old.tail && self.middle == old.middle {
            return Ok(Change::Same);
        }
        if self.size > old.size && self.head == old.head {
            // The old end, where it was: still there?
            let mut file = File::open(&self.path)?;
            let start = old.size.saturating_sub(END);
            let old_tail = hash(&read_range(&mut file, start, old.size - start)?);
            if old_tail == old.tail && middle_hash(&mut file, old.size)? == old.middle {
                return Ok(Change::Appended);
            }
        }
        Ok(Change::Changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_the_same_appended_or_changed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.pgn");
        let text: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &text).unwrap();
        let old = Identity::of(&path).unwrap();
        assert_eq!(Identity::of(&path).unwrap().change_from(&old).unwrap(), Change::Same);
        let mut longer = text.clone();
        longer.extend_from_slice(b"[Event \"more\"]\n\n1. e4 *\n");
        std::fs::write(&path, &longer).unwrap();
        assert_eq!(
            Identity::of(&path).unwrap().change_from(&old).unwrap(),
            Change::Appended
        );
        let mut changed = longer.clone();
        changed[150_000] ^= 1;
        std::fs::write(&path, &changed).unwrap();
        assert_eq!(Identity::of(&path).unwrap().change_from(&old).unwrap(), Change::Changed);
        // An edit in the middle of a file of the same size, where a sample falls.
        std::fs::write(&path, &text).unwrap();
        let mut edited = text.clone();
        edited[200_000 / 17 * 8 + 5] ^= 1;
        std::fs::write(&path, &edited).unwrap();
        assert_eq!(Identity::of(&path).unwrap().change_from(&old).unwrap(), Change::Changed);
        let mut changed = longer.clone();
        changed[150_000] ^= 1;
        std::fs::write(&path, &changed).unwrap();
        assert_eq!(Identity::of(&path).unwrap().change_from(&old).unwrap(), Change::Changed);
        std::fs::write(&path, &text[..1000]).unwrap();
        assert_eq!(Identity::of(&path).unwrap().change_from(&old).unwrap(), Change::Changed);
    }
}
