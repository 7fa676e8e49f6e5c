//! The shapes a segment's games pass through (see `crate::shape`), kept as
//! a set that says "no" for sure and "yes" wrongly one time in 64: a
//! position whose shape no game of a segment holds is reached by none of
//! them, and the segment's columns are not read. This is what finds a
//! position deep in games without replaying the collection: a position of
//! ply 40 has a shape few games hold, so most segments are ruled out by a
//! few kilobytes each.
//!
//! The set is cut into buckets by the keys' first bits (256 in a full
//! segment, fewer in a small one, so a bucket holds about as many shapes
//! whatever the segment's size), each stored as its own row, so that a
//! question reads one bucket a segment. A bucket is a Golomb-Rice coded
//! set: its `n` keys mapped into `0..n·64`, sorted, and their gaps written
//! as a quotient in unary and six bits: about eight bits a shape.

use super::bytes::{Reader, Writer};
use crate::Corrupt;

/// Bits of a gap's remainder: the set says yes wrongly about one time in
/// `2^RICE_BITS`.
const RICE_BITS: u32 = 6;

/// The most buckets a segment is cut into.
const MOST_BUCKETS: usize = 256;

/// How many buckets a segment of `games` games is cut into: one for every
/// 256 games, a power of two, 1 to 256.
pub fn buckets(games: usize) -> usize {
    (games / 256).next_power_of_two().clamp(1, MOST_BUCKETS)
}

/// The bucket of `key` among `buckets`.
pub fn bucket_of(key: u32, buckets: usize) -> usize {
    let bits = buckets.trailing_zeros();
    if bits == 0 { 0 } else { (key >> (32 - bits)) as usize }
}

/// Where `key` falls in `0..range`, by the bits the bucket did not use.
fn place(key: u32, buckets: usize, range: u64) -> u64 {
    let rest = key << buckets.trailing_zeros();
    (u64::from(rest) * range) >> 32
}

/// The buckets of a segment's shapes (`keys`, each game's, in any order,
/// repeated or not), each coded as the store keeps it.
pub fn encode(keys: Vec<u32>, buckets: usize) -> Vec<Vec<u8>> {
    // Spread into their buckets first (one pass, counted), then each
    // bucket sorted on its own: small sorts that stay in the cache, several
    // times faster than one sort of the segment's millions.
    let mut starts = vec![0usize; buckets + 1];
    for &k in &keys {
        starts[bucket_of(k, buckets) + 1] += 1;
    }
    for b in 0..buckets {
        starts[b + 1] += starts[b];
    }
    let mut spread = vec![0u32; keys.len()];
    let mut next = starts.clone();
    for &k in &keys {
        let b = bucket_of(k, buckets);
        spread[next[b]] = k;
        next[b] += 1;
    }
    drop(keys);
    (0..buckets)
        .map(|b| {
            let these = &mut spread[starts[b]..starts[b + 1]];
            these.sort_unstable();
            let mut held = Vec::with_capacity(these.len());
            held.extend(these.iter().copied());
            held.dedup();
            encode_bucket(&held, buckets)
        })
        .collect()
}

/// One bucket's keys (sorted, each once) as a Rice-coded set.
fn encode_bucket(keys: &[u32], buckets: usize) -> Vec<u8> {
    let range = (keys.len() as u64) << RICE_BITS;
    let mut bits = BitWriter::default();
    let mut last = 0;
    for &key in keys {
        // Mapping keeps the order: the places come sorted.
        let at = place(key, buckets, range);
        let gap = at - last;
        last = at;
        // The quotient in unary (ones, then a zero), then the remainder.
        let mut quotient = gap >> RICE_BITS;
        while quotient >= 32 {
            bits.push(u64::from(u32::MAX), 32);
            quotient -= 32;
        }
        let ones = (1u64 << quotient) - 1;
        bits.push(
            ones << (RICE_BITS + 1) | (gap & ((1 << RICE_BITS) - 1)),
            quotient as u32 + 1 + RICE_BITS,
        );
    }
    let mut w = Writer::default();
    w.varint(keys.len() as u64);
    w.bytes(&bits.finish());
    w.finish()
}

/// Whether the bucket `coded` (of a segment cut into `buckets`) may hold
/// `key`: `false` for sure, `true` wrongly about once in 64.
pub fn may_hold(coded: &[u8], buckets: usize, key: u32) -> Result<bool, Corrupt> {
    let mut r = Reader::new(coded);
    let n = r.varint()?;
    let coded = r.bytes()?;
    if n > (coded.len() as u64).saturating_mul(8) {
        return Err(Corrupt("a shape bucket with more shapes than bits"));
    }
    if n == 0 {
        return Ok(false);
    }
    let range = n << RICE_BITS;
    let wanted = place(key, buckets, range);
    let mut bits = BitReader::new(coded);
    let mut value = 0u64;
    for _ in 0..n {
        let mut quotient = 0u64;
        while bits.next().ok_or(Corrupt("a shape bucket cut short"))? {
            quotient += 1;
            if quotient > range >> RICE_BITS {
                return Err(Corrupt("a shape bucket's gap out of range"));
            }
        }
        let mut remainder = 0u64;
        for _ in 0..RICE_BITS {
            remainder = remainder << 1 | u64::from(bits.next().ok_or(Corrupt("a shape bucket cut short"))?);
        }
        value += quotient << RICE_BITS | remainder;
        if value >= wanted {
            return Ok(value == wanted);
        }
    }
    Ok(false)
}

/// Bits written high first.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    /// Bits held, not yet a whole byte (the first in the highest place).
    held: u64,
    count: u32,
}

impl BitWriter {
    /// Writes the `width` low bits of `value`, the highest first.
    fn push(&mut self, value: u64, width: u32) {
        self.held = self.held << width | (value & ((1 << width) - 1));
        self.count += width;
        while self.count >= 8 {
            self.count -= 8;
            self.bytes.push((self.held >> self.count) as u8);
        }
    }

    /// The bytes, the last padded with zeros.
    fn finish(mut self) -> Vec<u8> {
        if self.count > 0 {
            self.bytes.push((self.held << (8 - self.count)) as u8);
        }
        self.bytes
    }
}

/// Bits read high first.
struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> BitReader<'a> {
    fn new(bytes: &'a [u8]) -> BitReader<'a> {
        BitReader { bytes, at: 0 }
    }

    /// The next bit; `None` past the end.
    #[inline]
    fn next(&mut self) -> Option<bool> {
        let byte = self.bytes.get(self.at / 8)?;
        let bit = byte >> (7 - self.at % 8) & 1;
        self.at += 1;
        Some(bit == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A key from a number, spread as shapes are (SplitMix64's finish).
    fn key(i: u64) -> u32 {
        let mut z = i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z >> 32) as u32
    }

    #[test]
    fn every_shape_put_in_is_found_and_few_others_are() {
        let keys: Vec<u32> = (0..200_000).map(key).collect();
        let buckets = buckets(10_000);
        assert_eq!(buckets, 64);
        let coded = encode(keys.clone(), buckets);
        for &k in &keys {
            assert_eq!(may_hold(&coded[bucket_of(k, buckets)], buckets, k), Ok(true));
        }
        let others = (1_000_000..1_100_000)
            .map(key)
            .filter(|&k| may_hold(&coded[bucket_of(k, buckets)], buckets, k) == Ok(true))
            .count();
        // One in 64 expected: 1,562 of 100,000.
        assert!((1_000..2_200).contains(&others), "{others} wrongly held");
        // About eight bits a shape.
        let bytes: usize = coded.iter().map(Vec::len).sum();
        assert!(bytes < 200_000 * 9 / 8, "{bytes} bytes");
    }

    #[test]
    fn a_segment_without_shapes_holds_none() {
        let coded = encode(Vec::new(), 1);
        assert_eq!(may_hold(&coded[0], 1, 42), Ok(false));
    }

    proptest! {
        #[test]
        fn a_damaged_bucket_is_an_error_or_an_answer_never_a_panic(
            keys in proptest::collection::vec(any::<u32>(), 0..300),
            flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..4),
            probe in any::<u32>(),
        ) {
            let coded = encode(keys.clone(), 1);
            for &k in &keys {
                prop_assert_eq!(may_hold(&coded[0], 1, k), Ok(true));
            }
            let mut bad = coded[0].clone();
            for (at, x) in flips {
                if !bad.is_empty() {
                    let at = at % bad.len();
                    bad[at] ^= x;
                }
            }
            let _ = may_hold(&bad, 1, probe);
            let _ = may_hold(&bad[..bad.len() / 2], 1, probe);
        }
    }
}
