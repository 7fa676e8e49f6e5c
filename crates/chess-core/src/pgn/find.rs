//! Byte search, eight bytes at a time in plain Rust (the rules crate has
//! no dependencies: this is the part of `memchr` the reader needs, and as
//! fast on its inputs, see the PGN benchmark).

/// The index of the last line break in `bytes`, eight bytes at a time from
/// the end (the lines of lichess exports run to many kilobytes).
pub(crate) fn rfind_newline(bytes: &[u8]) -> Option<usize> {
    const LOWS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut chunks = bytes.rchunks_exact(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])) ^ 0x0a0a_0a0a_0a0a_0a0a;
        // The high bit of each byte that was a line break, exactly (no
        // borrows between bytes).
        let found = !(((word & LOWS) + LOWS) | word | LOWS);
        if found != 0 {
            let byte = 7 - (found.leading_zeros() / 8) as usize;
            return Some(bytes.len() - (i + 1) * 8 + byte);
        }
    }
    chunks.remainder().iter().rposition(|&b| b == b'\n')
}

/// The index of the first `a` or `b` in `bytes` (comments are read this
/// way, so their text costs little).
///
/// The first 32 bytes are searched eight at a time (most comments are
/// short, `{ [%clk 0:04:58] }`); then blocks of 32 bytes are first asked
/// only whether they hold either byte: a loop without an early exit, which
/// the compiler turns into vector compares (16 bytes an instruction with
/// the baseline x86-64's SSE2), and the block that does is searched eight
/// bytes at a time.
pub(crate) fn find2(bytes: &[u8], a: u8, b: u8) -> Option<usize> {
    const HEAD: usize = 32;
    const BLOCK: usize = 32;
    let head = bytes.len().min(HEAD);
    if let Some(i) = find3(&bytes[..head], a, b, b) {
        return Some(i);
    }
    let mut blocks = bytes[head..].chunks_exact(BLOCK);
    for (i, block) in blocks.by_ref().enumerate() {
        let found = block.iter().fold(false, |found, &x| found | (x == a) | (x == b));
        if found {
            return find3(block, a, b, b).map(|j| head + i * BLOCK + j);
        }
    }
    let tail = blocks.remainder();
    find3(tail, a, b, b).map(|j| bytes.len() - tail.len() + j)
}

/// The index of the first `a`, `b` or `c` in `bytes`, eight bytes at a time.
#[inline]
pub(crate) fn find3(bytes: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // A zero byte in `word` shows where the byte was; the lowest one
    // found this way is exact (borrows only run upwards).
    let zero = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS;
    let mut chunks = bytes.chunks_exact(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let found = zero(word ^ (ONES * u64::from(a)))
            | zero(word ^ (ONES * u64::from(b)))
            | zero(word ^ (ONES * u64::from(c)));
        if found != 0 {
            return Some(i * 8 + (found.trailing_zeros() / 8) as usize);
        }
    }
    let tail = chunks.remainder();
    tail.iter()
        .position(|&x| x == a || x == b || x == c)
        .map(|j| bytes.len() - tail.len() + j)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_line_break_is_found_eight_bytes_at_a_time() {
        let text = b"ab\ncdefghij\n\nklmnopqrstuvwxy\n\x8a\x0b\xff\n\x80z";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let bytes = &text[start..end];
                assert_eq!(
                    rfind_newline(bytes),
                    bytes.iter().rposition(|&b| b == b'\n'),
                    "{start}..{end}"
                );
            }
        }
    }

    #[test]
    fn bytes_are_found_eight_at_a_time() {
        let text = b"abcdefgh}ijklmnopqrstuvwxyz0123456789\n\xe9\xff}\x7d\x80\n\n";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let bytes = &text[start..end];
                assert_eq!(
                    find2(bytes, b'}', b'\n'),
                    bytes.iter().position(|&b| b == b'}' || b == b'\n'),
                    "{start}..{end}"
                );
            }
        }
    }
}
