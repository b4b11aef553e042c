//! A small PNG encoder for the icons: RGBA, 8 bits a channel, each row filtered (none, left or up,
//! whichever leaves the smallest differences), then deflated with deflate's fixed Huffman codes and
//! matches found through a hash of the next three bytes; zlib's Adler-32 and PNG's CRC-32 by hand.
//! The icons are flat colours with anti-aliased edges, so rows of equal differences make long
//! matches, and a 512-pixel icon shrinks from a megabyte to a few dozen kilobytes.

/// A PNG file of RGBA pixels, row by row.
pub fn encode(width: u32, height: u32, rgba: &[u8]) -> Vec<u8> {
    let mut header = Vec::with_capacity(13);
    header.extend(width.to_be_bytes());
    header.extend(height.to_be_bytes());
    header.extend([8, 6, 0, 0, 0]); // 8 bits, RGBA, deflate, adaptive filters, no interlace
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut out, b"IHDR", &header);
    chunk(
        &mut out,
        b"IDAT",
        &zlib(&filtered(width as usize * 4, rgba)),
    );
    chunk(&mut out, b"IEND", &[]);
    out
}

/// The rows of `rgba`, each led by its filter type and filtered by it.
fn filtered(row: usize, rgba: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(rgba.len() + rgba.len() / row.max(1) + 1);
    let zero = vec![0u8; row];
    let mut above: &[u8] = &zero;
    for line in rgba.chunks(row) {
        let candidates: [(u8, Vec<u8>); 3] = [
            (0, line.to_vec()),
            (
                1,
                (0..line.len())
                    .map(|i| line[i].wrapping_sub(if i >= 4 { line[i - 4] } else { 0 }))
                    .collect(),
            ),
            (
                2,
                (0..line.len())
                    .map(|i| line[i].wrapping_sub(above[i]))
                    .collect(),
            ),
        ];
        // the usual heuristic: the smallest sum of the differences taken as signed bytes
        let cost = |v: &[u8]| {
            v.iter()
                .map(|&b| u64::from((b as i8).unsigned_abs()))
                .sum::<u64>()
        };
        let (kind, bytes) = candidates
            .into_iter()
            .min_by_key(|(_, v)| cost(v))
            .unwrap_or((0, line.to_vec()));
        out.push(kind);
        out.extend(bytes);
        above = line;
    }
    out
}

/// One PNG chunk: length, type, data, and the CRC-32 of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend((data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend(crc.to_be_bytes());
}

/// Bits written least significant first, as deflate packs them.
#[derive(Default)]
struct Bits {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits {
    fn put(&mut self, value: u32, count: u32) {
        self.acc |= u64::from(value) << self.n;
        self.n += count;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    /// A Huffman code, which deflate sends most significant bit first.
    fn code(&mut self, code: u32, len: u32) {
        self.put(code.reverse_bits() >> (32 - len), len);
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push(self.acc as u8);
        }
        self.out
    }
}

/// A literal or length symbol (0–287) in deflate's fixed Huffman code.
fn symbol(bits: &mut Bits, s: u32) {
    match s {
        0..=143 => bits.code(0x30 + s, 8),
        144..=255 => bits.code(0x190 + s - 144, 9),
        256..=279 => bits.code(s - 256, 7),
        _ => bits.code(0xc0 + s - 280, 8),
    }
}

/// The first length of each length symbol 257–285, and its extra bits.
const LENGTHS: [(u32, u32); 29] = [
    (3, 0),
    (4, 0),
    (5, 0),
    (6, 0),
    (7, 0),
    (8, 0),
    (9, 0),
    (10, 0),
    (11, 1),
    (13, 1),
    (15, 1),
    (17, 1),
    (19, 2),
    (23, 2),
    (27, 2),
    (31, 2),
    (35, 3),
    (43, 3),
    (51, 3),
    (59, 3),
    (67, 4),
    (83, 4),
    (99, 4),
    (115, 4),
    (131, 5),
    (163, 5),
    (195, 5),
    (227, 5),
    (258, 0),
];

/// The first distance of each distance symbol 0–29, and its extra bits.
const DISTANCES: [(u32, u32); 30] = [
    (1, 0),
    (2, 0),
    (3, 0),
    (4, 0),
    (5, 1),
    (7, 1),
    (9, 2),
    (13, 2),
    (17, 3),
    (25, 3),
    (33, 4),
    (49, 4),
    (65, 5),
    (97, 5),
    (129, 6),
    (193, 6),
    (257, 7),
    (385, 7),
    (513, 8),
    (769, 8),
    (1025, 9),
    (1537, 9),
    (2049, 10),
    (3073, 10),
    (4097, 11),
    (6145, 11),
    (8193, 12),
    (12289, 12),
    (16385, 13),
    (24577, 13),
];

/// The symbol of `value` in a table of (first value, extra bits), and its extra bits' value.
fn find(table: &[(u32, u32)], value: u32) -> (usize, u32, u32) {
    let i = table
        .iter()
        .rposition(|&(first, _)| first <= value)
        .unwrap_or(0);
    (i, value - table[i].0, table[i].1)
}

const WINDOW: usize = 32_768;
const MAX_MATCH: usize = 258;

/// A zlib stream of one deflate block with the fixed Huffman codes, matches found greedily through
/// the last place each three bytes were seen.
fn zlib(data: &[u8]) -> Vec<u8> {
    let mut bits = Bits::default();
    bits.put(0x78, 8); // deflate, 32 KiB window
    bits.put(0x01, 8); // no dictionary, check bits
    bits.put(1, 1); // the final block
    bits.put(1, 2); // fixed Huffman codes
    let mut last = vec![usize::MAX; 1 << 15];
    let hash = |i: usize| {
        let v = u32::from(data[i]) | u32::from(data[i + 1]) << 8 | u32::from(data[i + 2]) << 16;
        (v.wrapping_mul(0x9e37_79b1) >> 17) as usize
    };
    let mut i = 0;
    while i < data.len() {
        let mut best = (0, 0);
        if i + 3 <= data.len() {
            let h = hash(i);
            let seen = last[h];
            last[h] = i;
            // the byte just before (a run) or the last place of these three bytes
            for from in [i.checked_sub(1), (seen != usize::MAX).then_some(seen)]
                .into_iter()
                .flatten()
            {
                if i - from > WINDOW {
                    continue;
                }
                let len = (0..MAX_MATCH.min(data.len() - i))
                    .take_while(|&k| data[from + k] == data[i + k])
                    .count();
                if len > best.0 {
                    best = (len, i - from);
                }
            }
        }
        if best.0 >= 3 {
            let (len, dist) = (best.0 as u32, best.1 as u32);
            let (s, extra, n) = find(&LENGTHS, len);
            symbol(&mut bits, 257 + s as u32);
            bits.put(extra, n);
            let (s, extra, n) = find(&DISTANCES, dist);
            bits.code(s as u32, 5);
            bits.put(extra, n);
            // remember the places inside the match too, for later matches
            for j in i + 1..(i + best.0).min(data.len().saturating_sub(2)) {
                last[hash(j)] = j;
            }
            i += best.0;
        } else {
            symbol(&mut bits, u32::from(data[i]));
            i += 1;
        }
    }
    symbol(&mut bits, 256); // end of block
    let mut out = bits.finish();
    out.extend(adler32(data).to_be_bytes());
    out
}

/// CRC-32 (ISO-HDLC, the one of PNG and zip), bit by bit: the icons are small.
pub fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Adler-32, zlib's check of the uncompressed data.
pub fn adler32(data: &[u8]) -> u32 {
    const MOD: u32 = 65_521;
    let (mut a, mut b) = (1u32, 0u32);
    for chunk in data.chunks(5_000) {
        for &byte in chunk {
            a += u32::from(byte);
            b += a;
        }
        a %= MOD;
        b %= MOD;
    }
    (b << 16) | a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_their_published_values() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(crc32(b""), 0);
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
        assert_eq!(adler32(b""), 1);
    }

    #[test]
    fn deflates_as_zlib_does() {
        // three literals, one match of nine at distance three, one literal; the stream is what
        // Python's zlib.decompress reads back as b"abcabcabcabcx"
        assert_eq!(
            zlib(b"abcabcabcabcx"),
            [120, 1, 75, 76, 74, 134, 163, 10, 0, 34, 241, 5, 17]
        );
        assert_eq!(zlib(b""), [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]);
    }

    #[test]
    fn filters_choose_the_smallest_differences() {
        // two equal rows of one colour: the first row by its left neighbour, the second by the row
        // above
        let rgba = [9, 8, 7, 255, 9, 8, 7, 255].repeat(2);
        assert_eq!(
            filtered(8, &rgba),
            [1, 9, 8, 7, 255, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]
        );
    }

    #[test]
    fn png_chunks_are_well_formed() {
        let png = encode(16, 16, &[200; 16 * 16 * 4]);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let mut at = 8;
        let mut kinds = Vec::new();
        while at < png.len() {
            let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            let body = &png[at + 4..at + 8 + len];
            let crc = u32::from_be_bytes(png[at + 8 + len..at + 12 + len].try_into().unwrap());
            assert_eq!(crc32(body), crc);
            kinds.push(String::from_utf8_lossy(&body[..4]).into_owned());
            at += 12 + len;
        }
        assert_eq!(kinds, ["IHDR", "IDAT", "IEND"]);
    }
}
