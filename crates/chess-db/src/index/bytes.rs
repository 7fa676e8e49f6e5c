//! The binary form of a segment's columns: arrays written one after the
//! other, each with its length, little-endian; lists of small numbers as
//! varints. The reader checks every length against what is left, so a
//! damaged blob is an error, never a panic or an allocation of its claims.

use crate::Corrupt;

/// Writes columns into one buffer.
#[derive(Debug, Default)]
pub struct Writer(Vec<u8>);

impl Writer {
    fn len(&mut self, n: usize) {
        self.varint(n as u64);
    }

    /// A number in 1 to 10 bytes, 7 bits a byte.
    pub fn varint(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.0.push(n as u8 | 0x80);
            n >>= 7;
        }
        self.0.push(n as u8);
    }

    /// Bytes, with their length.
    pub fn bytes(&mut self, data: &[u8]) {
        self.len(data.len());
        self.0.extend_from_slice(data);
    }

    /// 16-bit numbers.
    pub fn u16s(&mut self, data: &[u16]) {
        self.len(data.len());
        for &x in data {
            self.0.extend_from_slice(&x.to_le_bytes());
        }
    }

    /// 32-bit numbers.
    pub fn u32s(&mut self, data: &[u32]) {
        self.len(data.len());
        for &x in data {
            self.0.extend_from_slice(&x.to_le_bytes());
        }
    }

    /// 64-bit numbers.
    pub fn u64s(&mut self, data: &[u64]) {
        self.len(data.len());
        for &x in data {
            self.0.extend_from_slice(&x.to_le_bytes());
        }
    }

    /// Numbers of any size, each as a varint.
    pub fn varints(&mut self, data: impl ExactSizeIterator<Item = u64>) {
        self.len(data.len());
        for x in data {
            self.varint(x);
        }
    }

    /// The bytes written.
    pub fn finish(self) -> Vec<u8> {
        self.0
    }
}

/// Reads columns written by [`Writer`].
#[derive(Debug)]
pub struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    /// A reader of `data`.
    pub fn new(data: &'a [u8]) -> Reader<'a> {
        Reader(data)
    }

    /// Whether everything has been read.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A varint.
    pub fn varint(&mut self) -> Result<u64, Corrupt> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let (&b, rest) = self.0.split_first().ok_or(Corrupt("a number cut short"))?;
            self.0 = rest;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(Corrupt("a number too long"))
    }

    /// A length, of items `size` bytes each, that what is left can hold.
    fn len(&mut self, size: usize) -> Result<usize, Corrupt> {
        let n = self.varint()?;
        let n = usize::try_from(n).map_err(|_| Corrupt("a length"))?;
        if n.checked_mul(size).is_none_or(|bytes| bytes > self.0.len()) {
            return Err(Corrupt("a length longer than the data"));
        }
        Ok(n)
    }

    fn take(&mut self, bytes: usize) -> &'a [u8] {
        let (head, rest) = self.0.split_at(bytes);
        self.0 = rest;
        head
    }

    /// Bytes.
    pub fn bytes(&mut self) -> Result<&'a [u8], Corrupt> {
        let n = self.len(1)?;
        Ok(self.take(n))
    }

    /// 16-bit numbers.
    pub fn u16s(&mut self) -> Result<Vec<u16>, Corrupt> {
        let n = self.len(2)?;
        Ok(self
            .take(2 * n)
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect())
    }

    /// 32-bit numbers.
    pub fn u32s(&mut self) -> Result<Vec<u32>, Corrupt> {
        let n = self.len(4)?;
        Ok(self
            .take(4 * n)
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }

    /// 64-bit numbers.
    pub fn u64s(&mut self) -> Result<Vec<u64>, Corrupt> {
        let n = self.len(8)?;
        Ok(self
            .take(8 * n)
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect())
    }

    /// Varints.
    pub fn varints(&mut self) -> Result<Vec<u64>, Corrupt> {
        // Each takes a byte at least.
        let n = self.len(1)?;
        (0..n).map(|_| self.varint()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_read_back_and_lies_are_caught() {
        let mut w = Writer::default();
        w.bytes(b"abc");
        w.u16s(&[1, 65535]);
        w.u32s(&[7]);
        w.u64s(&[u64::MAX]);
        w.varints([0u64, 127, 128, u64::MAX].into_iter());
        let data = w.finish();
        let mut r = Reader::new(&data);
        assert_eq!(r.bytes().unwrap(), b"abc");
        assert_eq!(r.u16s().unwrap(), [1, 65535]);
        assert_eq!(r.u32s().unwrap(), [7]);
        assert_eq!(r.u64s().unwrap(), [u64::MAX]);
        assert_eq!(r.varints().unwrap(), [0, 127, 128, u64::MAX]);
        assert!(r.is_empty());
        // A length that claims more than there is.
        assert!(Reader::new(&[0xff, 0xff, 0xff, 0x0f, 1, 2]).u64s().is_err());
        for cut in 0..data.len() {
            let mut r = Reader::new(&data[..cut]);
            let _ = (r.bytes(), r.u16s(), r.u32s(), r.u64s(), r.varints());
        }
    }
}
