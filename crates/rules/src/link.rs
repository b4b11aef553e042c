//! Share links: a game (rules, start and moves) as a short URL-safe string, for a `g=` parameter.
//!
//! # Format, version 1 (a public contract)
//!
//! A link is the character `1` (the version) followed by the payload bytes in base64url
//! (RFC 4648 §5: `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`), without padding; the unused low bits of the
//! last character are zero. The payload is:
//!
//! 1. the ruleset id (`srand`, …): a length byte and its UTF-8 bytes;
//! 2. the options that differ from the ruleset's defaults, as `KEY=VALUE` separated by spaces
//!    (the record's `[Options]`): a varint length (0 when none) and the bytes;
//! 3. the start position string, when the game does not start from the ruleset's start position:
//!    a varint length (0 when it does) and the bytes;
//! 4. the number of plies, a varint, at most [`MAX_PLIES`];
//! 5. the moves, as one unsigned integer, little-endian, without high zero bytes: move `k` is its
//!    index `i_k` in [`Game::legal_moves`] of the position before it (`n_k` moves), and the integer
//!    is `i_1 + n_1·(i_2 + n_2·(i_3 + …))` — a mixed-radix number, as short as the choices allow
//!    (a forced move costs nothing);
//! 6. a 3-byte check of everything before it (SplitMix64's [`mix`] folded over the bytes, the low
//!    24 bits, little-endian).
//!
//! Varints are LEB128 (7 bits a byte, low first, the high bit set on all but the last byte),
//! minimal. The order of [`Game::legal_moves`] is deterministic and part of this contract: a
//! change to it needs a new version.
//!
//! [`decode`] replays and checks every move, and refuses anything that is not exactly what
//! [`encode`] writes, with a typed [`LinkError`]; `encode(decode(s)) == s` for every accepted `s`.
//!
//! ```
//! use quirkat_rules::{Game, Rules, RulesetId, link};
//!
//! let start = Game::new(Rules::new(RulesetId::Srand));
//! let moves: Vec<_> = start.legal_moves().into_iter().take(1).collect();
//! let s = link::encode(&start, &moves).unwrap();
//! assert!(s.starts_with('1'));
//! let back = link::decode(&s).unwrap();
//! assert_eq!((back.start, back.moves), (start, moves));
//! ```

use crate::error::FormatError;
use crate::game::Game;
use crate::moves::{MAX_MOVES, Move};
use crate::record::Record;
use crate::rng::mix;
use std::fmt;

/// The version character in front of every link this module writes.
pub const VERSION: char = '1';

/// The most plies a link holds (so that a short link cannot ask for an endless replay).
pub const MAX_PLIES: usize = 20_000;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a link cannot be read (or a game cannot be written as one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Empty, or not of a version this engine reads.
    Version,
    /// A character outside base64url, at this character index of the link.
    Character(usize),
    /// The base64url text has a length no bytes give, or non-zero unused bits.
    Padding,
    /// The data ends inside this part.
    Truncated(&'static str),
    /// This part is not written as [`encode`] writes it (a non-minimal number, a high zero byte,
    /// text that is not UTF-8).
    NotCanonical(&'static str),
    /// The check bytes do not match: the link was changed or cut.
    Check,
    /// The ruleset, options or start position cannot be used.
    Game(FormatError),
    /// The game is over before this ply (from 1), which the link still has.
    GameOver(usize),
    /// The move data holds more than the plies it announces.
    Trailing,
    /// (encoding) The move at this ply (from 1) is not legal there.
    Illegal(usize),
    /// More than [`MAX_PLIES`] plies.
    TooLong,
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Version => write!(f, "not a game link of version {VERSION}"),
            LinkError::Character(i) => write!(f, "character {} is not base64url", i + 1),
            LinkError::Padding => f.write_str("the link's length or last character is wrong"),
            LinkError::Truncated(part) => write!(f, "the link is cut short in its {part}"),
            LinkError::NotCanonical(part) => write!(f, "the link's {part} is malformed"),
            LinkError::Check => f.write_str("the link was changed or cut (its check fails)"),
            LinkError::Game(e) => write!(f, "the link's game: {e}"),
            LinkError::GameOver(ply) => write!(f, "the game is over before ply {ply}"),
            LinkError::Trailing => f.write_str("the link holds more moves than it says"),
            LinkError::Illegal(ply) => write!(f, "ply {ply} is not a legal move"),
            LinkError::TooLong => write!(f, "a link holds at most {MAX_PLIES} plies"),
        }
    }
}

impl std::error::Error for LinkError {}

/// A decoded link: the start and the moves (checked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    /// The game at the start.
    pub start: Game,
    /// The moves played from it.
    pub moves: Vec<Move>,
    /// The game after the moves.
    pub game: Game,
}

impl Shared {
    /// The game as a [`Record`] (moves in notation).
    pub fn record(&self) -> Record {
        let rules = self.start.rules();
        let mut r = Record::new(rules);
        if self.start != Game::new(*rules) {
            r.start = Some(self.start.to_position_string());
        }
        r.moves = self.moves.iter().map(|m| m.text(rules.board)).collect();
        r
    }
}

/// The link of `moves` played from `start`; [`LinkError::Illegal`] when one is not legal.
pub fn encode(start: &Game, moves: &[Move]) -> Result<String, LinkError> {
    if moves.len() > MAX_PLIES {
        return Err(LinkError::TooLong);
    }
    let rules = start.rules();
    let mut bytes = Vec::new();
    let id = rules.ruleset.id().as_bytes();
    bytes.push(id.len() as u8);
    bytes.extend_from_slice(id);
    let options: Vec<String> = rules
        .changed_options()
        .into_iter()
        .map(|(k, v)| format!("{}={v}", k.key()))
        .collect();
    put_text(&mut bytes, &options.join(" "));
    let start_text = if *start == Game::new(*rules) {
        String::new()
    } else {
        start.to_position_string()
    };
    put_text(&mut bytes, &start_text);
    put_varint(&mut bytes, moves.len() as u64);
    let mut game = start.clone();
    let mut digits = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let legal = game.legal_moves();
        let index = legal
            .iter()
            .position(|x| x == m)
            .ok_or(LinkError::Illegal(i + 1))?;
        digits.push((index as u32, legal.len() as u32));
        game.apply(m);
    }
    // Horner from the last move: value = i_1 + n_1 * (i_2 + n_2 * (…)).
    let mut value: Vec<u8> = Vec::new();
    for &(index, n) in digits.iter().rev() {
        let mut carry = index as u64;
        for byte in value.iter_mut() {
            let x = *byte as u64 * n as u64 + carry;
            *byte = x as u8;
            carry = x >> 8;
        }
        while carry > 0 {
            value.push(carry as u8);
            carry >>= 8;
        }
    }
    bytes.extend_from_slice(&value);
    let check = check(&bytes);
    bytes.extend_from_slice(&check);
    let mut s = String::with_capacity(1 + bytes.len() * 4 / 3 + 2);
    s.push(VERSION);
    base64(&bytes, &mut s);
    Ok(s)
}

/// Reads a link, replaying and checking every move.
pub fn decode(link: &str) -> Result<Shared, LinkError> {
    let body = link.strip_prefix(VERSION).ok_or(LinkError::Version)?;
    let bytes = unbase64(body)?;
    if bytes.len() < 3 {
        return Err(LinkError::Truncated("check"));
    }
    let (data, sum) = bytes.split_at(bytes.len() - 3);
    if check(data) != sum {
        return Err(LinkError::Check);
    }
    let mut r = Reader { data, at: 0 };
    let len = r.byte("ruleset")? as usize;
    let ruleset = r.text(len, "ruleset")?;
    let len = r.varint("options")?;
    let options = r.text(len, "options")?;
    let len = r.varint("start")?;
    let start = r.text(len, "start")?;
    let plies = r.varint("ply count")?;
    if plies > MAX_PLIES {
        return Err(LinkError::TooLong);
    }
    let mut value = data[r.at..].to_vec();
    if value.last() == Some(&0) {
        return Err(LinkError::NotCanonical("moves"));
    }
    // The moves' number is below the product of the plies' counts of legal moves, each at most
    // MAX_MOVES: at most MOVE_BITS bits a ply. One longer than the plies left can hold is refused
    // before the replay and after every ply of it, each of which divides the whole number (a
    // forged megabyte would take minutes).
    if value.len() > room(plies) {
        return Err(LinkError::Trailing);
    }
    let mut record = Record {
        ruleset,
        start: (!start.is_empty()).then_some(start),
        ..Record::default()
    };
    for kv in options.split(' ').filter(|s| !s.is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .ok_or(LinkError::NotCanonical("options"))?;
        record.options.push((k.to_string(), v.to_string()));
    }
    let start = record.start_game().map_err(LinkError::Game)?;
    let mut game = start.clone();
    let mut moves = Vec::new();
    for ply in 1..=plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            return Err(LinkError::GameOver(ply));
        }
        let index = divide(&mut value, legal.len() as u32);
        let m = legal[index as usize];
        game.apply(&m);
        moves.push(m);
        // after the last ply, no room at all: nothing may be left
        if value.len() > room(plies - ply) {
            return Err(LinkError::Trailing);
        }
    }
    let shared = Shared { start, moves, game };
    // Options written in another order or with default values read as the same rules: refuse
    // them, so that a link has one spelling.
    if encode(&shared.start, &shared.moves).as_deref() != Ok(link) {
        return Err(LinkError::NotCanonical("game header"));
    }
    Ok(shared)
}

/// The bits a ply's index takes at the most: the ceiling of log2 of [`MAX_MOVES`].
const MOVE_BITS: usize = (usize::BITS - (MAX_MOVES - 1).leading_zeros()) as usize;

/// The most bytes the moves' number of `plies` plies can take.
fn room(plies: usize) -> usize {
    (plies * MOVE_BITS).div_ceil(8)
}

/// Divides the little-endian `value` by `n` in place, dropping high zero bytes; the remainder.
fn divide(value: &mut Vec<u8>, n: u32) -> u32 {
    let mut rem: u64 = 0;
    for byte in value.iter_mut().rev() {
        let x = (rem << 8) | *byte as u64;
        *byte = (x / n as u64) as u8;
        rem = x % n as u64;
    }
    while value.last() == Some(&0) {
        value.pop();
    }
    rem as u32
}

fn check(data: &[u8]) -> [u8; 3] {
    let mut h: u64 = 0x7175_6972_6b61_7431;
    for &b in data {
        h = mix(h ^ b as u64);
    }
    [h as u8, (h >> 8) as u8, (h >> 16) as u8]
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn put_text(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self, part: &'static str) -> Result<u8, LinkError> {
        let b = *self.data.get(self.at).ok_or(LinkError::Truncated(part))?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self, part: &'static str) -> Result<usize, LinkError> {
        let mut v: u64 = 0;
        for shift in (0..).step_by(7) {
            let b = self.byte(part)?;
            if shift >= 28 {
                return Err(LinkError::NotCanonical(part));
            }
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                if b == 0 && shift > 0 {
                    return Err(LinkError::NotCanonical(part));
                }
                return Ok(v as usize);
            }
        }
        unreachable!("the loop returns")
    }

    fn text(&mut self, len: usize, part: &'static str) -> Result<String, LinkError> {
        let end = self
            .at
            .checked_add(len)
            .filter(|&e| e <= self.data.len())
            .ok_or(LinkError::Truncated(part))?;
        let s = std::str::from_utf8(&self.data[self.at..end])
            .map_err(|_| LinkError::NotCanonical(part))?;
        self.at = end;
        Ok(s.to_string())
    }
}

fn base64(bytes: &[u8], out: &mut String) {
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for k in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * k)) as usize & 63] as char);
        }
    }
}

fn unbase64(text: &str) -> Result<Vec<u8>, LinkError> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for (i, c) in text.bytes().enumerate() {
        let v = ALPHABET
            .iter()
            .position(|&a| a == c)
            .ok_or(LinkError::Character(i + 1))? as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if bits >= 6 || acc != 0 {
        return Err(LinkError::Padding);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, RulesetId};

    /// `link` with its bytes (less the check) changed by `edit` and the check made again.
    fn forged(link: &str, edit: impl FnOnce(&mut Vec<u8>)) -> String {
        let bytes = unbase64(&link[1..]).unwrap();
        let mut data = bytes[..bytes.len() - 3].to_vec();
        edit(&mut data);
        let sum = check(&data);
        data.extend_from_slice(&sum);
        let mut s = VERSION.to_string();
        base64(&data, &mut s);
        s
    }

    #[test]
    fn a_moves_number_longer_than_its_plies_can_hold_is_refused_before_the_replay() {
        assert_eq!(MOVE_BITS, 17);
        assert_eq!((room(0), room(1), room(12)), (0, 3, 26));
        let start = Game::new(Rules::new(RulesetId::Srand));
        let mut game = start.clone();
        let mut moves = Vec::new();
        for k in 0..12 {
            let legal = game.legal_moves();
            let m = legal[(5 * k + 3) % legal.len()];
            game.apply(&m);
            moves.push(m);
        }
        let good = encode(&start, &moves).unwrap();
        assert!(decode(&good).is_ok());
        // more than the 12 plies can hold: found within the replay, or before it
        for extra in [&[255u8; 20][..], &[7; 30], &[9; 100_000]] {
            let long = forged(&good, |d| d.extend_from_slice(extra));
            assert_eq!(
                decode(&long),
                Err(LinkError::Trailing),
                "{} more",
                extra.len()
            );
        }
        // before the replay: a long number is refused before the ruleset is even looked up
        let unknown = forged(&good, |d| {
            let at = d.windows(5).position(|w| w == b"srand").unwrap();
            d[at + 4] = b'x';
        });
        assert!(matches!(decode(&unknown), Err(LinkError::Game(_))));
        let both = forged(&unknown, |d| d.extend_from_slice(&[9; 100]));
        assert_eq!(decode(&both), Err(LinkError::Trailing));
    }
}
