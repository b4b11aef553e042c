//! Position strings: a whole game state as compact, URL-safe, versioned text.
//!
//! ```text
//! q1_<ruleset>_<options>_<board>_<turn>_<reserve1>.<reserve2>.<no-progress>_<history>
//! ```
//!
//! * `options`: the options that differ from the ruleset's defaults, `key-value` joined by `.`, the
//!   key written without its underscores (`norejump-true`, `enforcement-huffing`); empty when there
//!   are none;
//! * `board`: the points in index order (rank 1 from file a, then rank 2, …): a number is a run of
//!   empty points, `x`/`X` a man/king of the first player, `o`/`O` of the second; in the column games
//!   (towers, Lasca, Bashni) a column of more than one piece is written between dashes, bottom to
//!   top, each piece with its rank (`-xxo-` in towers; `-xOo-` in Lasca: a first player's man at the
//!   bottom, a second player's king, and the second player's man that commands);
//! * `turn`: `1` or `2`, then `d` when a Queah drop is due, or `h` and the points that may be huffed
//!   joined by `.`;
//! * `history`: the Zobrist keys (16 hex digits) of the earlier positions that can still recur,
//!   oldest first, joined by `.`; empty at the start and after every irreversible move.
//!
//! Only the characters `A–Z a–z 0–9 - . _` occur, so the string needs no escaping in a URL.
//! [`Game::to_position_string`] ∘ [`Game::from_position_string`] is the identity on every string
//! this module writes, and parsing checks every part, so no input can panic or build an impossible
//! state (more pieces than the start position, a drop with an empty reserve, …).

use crate::board::{BitIter, bit};
use crate::error::FormatError;
use crate::game::Game;
use crate::position::{Position, STACK_POINTS, Side, stack_of};
use crate::ruleset::{CaptureRule, Family, OptionKey, Rules, RulesetId};
use std::fmt::Write;

const VERSION: &str = "q1";

impl Game {
    /// The position string of this game state.
    pub fn to_position_string(&self) -> String {
        let rules = &self.rules;
        let pos = &self.pos;
        let board = rules.board;
        let mut s = format!("{VERSION}_{}_", rules.ruleset.id());
        let opts: Vec<String> = rules
            .changed_options()
            .iter()
            .map(|(k, v)| format!("{}-{v}", k.key().replace('_', "")))
            .collect();
        s.push_str(&opts.join("."));
        s.push('_');
        let mut empty = 0;
        for p in board.iter() {
            let Some(piece) = pos.piece_at(p) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                let _ = write!(s, "{empty}");
                empty = 0;
            }
            let (bits, height) = if rules.family == Family::Towers {
                pos.stack(p)
            } else {
                (0, 1)
            };
            if height > 1 {
                let kings = pos.column_kings(p);
                s.push('-');
                s.extend((0..height).map(|l| {
                    match ((bits >> l) & 1 == 0, (kings >> l) & 1 == 0) {
                        (true, true) => 'x',
                        (true, false) => 'X',
                        (false, true) => 'o',
                        (false, false) => 'O',
                    }
                }));
                s.push('-');
            } else {
                s.push(match (piece.side, piece.king) {
                    (Side::First, false) => 'x',
                    (Side::First, true) => 'X',
                    (Side::Second, false) => 'o',
                    (Side::Second, true) => 'O',
                });
            }
        }
        if empty > 0 {
            let _ = write!(s, "{empty}");
        }
        s.push('_');
        s.push(if pos.side == Side::First { '1' } else { '2' });
        if pos.drop_pending {
            s.push('d');
        } else if pos.huff != 0 {
            s.push('h');
            let names: Vec<&str> = BitIter(pos.huff).map(|p| board.name_of(p)).collect();
            s.push_str(&names.join("."));
        }
        let _ = write!(
            s,
            "_{}.{}.{}_",
            pos.reserve[0], pos.reserve[1], pos.no_progress
        );
        for (i, h) in self.history().iter().enumerate() {
            if i > 0 {
                s.push('.');
            }
            let _ = write!(s, "{h:016x}");
        }
        s
    }

    /// Reads a position string (see the module documentation).
    pub fn from_position_string(text: &str) -> Result<Game, FormatError> {
        let text = text.trim();
        let fields: Vec<&str> = text.split('_').collect();
        if fields.first() != Some(&VERSION) {
            return Err(FormatError::Version);
        }
        if fields.len() != 7 {
            return Err(FormatError::field(
                "position string",
                format!("expected 7 parts joined by '_', found {}", fields.len()),
            ));
        }
        let ruleset: RulesetId = fields[1].parse()?;
        if fields[1] != ruleset.id() {
            return Err(FormatError::field("ruleset", "ruleset ids are lowercase"));
        }
        let pairs: Vec<(&str, &str)> = if fields[2].is_empty() {
            Vec::new()
        } else {
            fields[2]
                .split('.')
                .map(|kv| {
                    kv.split_once('-').ok_or_else(|| {
                        FormatError::field("options", format!("'{kv}' is not key-value"))
                    })
                })
                .collect::<Result<_, _>>()?
        };
        let pairs: Vec<(&str, &str)> = pairs
            .iter()
            .map(|&(k, v)| Ok((full_key(k)?, v)))
            .collect::<Result<_, FormatError>>()?;
        let rules = Rules::from_pairs(ruleset, pairs)?;
        let mut pos = Position::empty(Side::First);
        parse_board(&rules, fields[3], &mut pos)?;
        parse_turn(&rules, fields[4], &mut pos)?;
        let counts: Vec<&str> = fields[5].split('.').collect();
        if counts.len() != 3 {
            return Err(FormatError::field(
                "counters",
                "expected reserve1.reserve2.no-progress",
            ));
        }
        let num = |s: &str, what: &'static str| -> Result<u16, FormatError> {
            if s.is_empty()
                || s.len() > 5
                || !s.bytes().all(|b| b.is_ascii_digit())
                || (s.len() > 1 && s.starts_with('0'))
            {
                return Err(FormatError::field(what, format!("'{s}' is not a number")));
            }
            s.parse()
                .map_err(|_| FormatError::field(what, format!("'{s}' is too large")))
        };
        let r0 = num(counts[0], "reserve")?;
        let r1 = num(counts[1], "reserve")?;
        pos.no_progress = num(counts[2], "no-progress counter")?;
        let start = Position::start(&rules);
        for (s, r) in [(0, r0), (1, r1)] {
            if r > start.reserve[s] as u16 {
                return Err(FormatError::field(
                    "reserve",
                    format!("at most {} in reserve", start.reserve[s]),
                ));
            }
            pos.reserve[s] = r as u8;
        }
        validate(&rules, &pos, &start)?;
        pos.hash = pos.compute_hash(&rules);
        let mut history = Vec::new();
        if !fields[6].is_empty() {
            for h in fields[6].split('.') {
                if h.len() != 16
                    || !h
                        .bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
                {
                    return Err(FormatError::field(
                        "history",
                        format!(
                            "'{}' is not 16 hex digits",
                            h.chars().take(20).collect::<String>()
                        ),
                    ));
                }
                history.push(
                    u64::from_str_radix(h, 16)
                        .map_err(|e| FormatError::field("history", e.to_string()))?,
                );
            }
        }
        history.push(pos.hash);
        Ok(Game {
            rules,
            pos,
            history,
        })
    }
}

/// The option key written without underscores, back to its full form.
fn full_key(short: &str) -> Result<&'static str, FormatError> {
    OptionKey::ALL
        .iter()
        .find(|k| k.key().replace('_', "") == short)
        .map(|k| k.key())
        .ok_or_else(|| FormatError::field("options", format!("unknown option '{short}'")))
}

fn parse_board(rules: &Rules, text: &str, pos: &mut Position) -> Result<(), FormatError> {
    let n = rules.board.len();
    let towers = rules.family == Family::Towers;
    let bad = |why: String| Err(FormatError::field("board", why));
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut p = 0usize;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_digit() {
            let j = bytes[i..]
                .iter()
                .position(|b| !b.is_ascii_digit())
                .map_or(bytes.len(), |k| i + k);
            let run = &text[i..j];
            if run.starts_with('0') || run.len() > 3 {
                return bad(format!("bad run of empty points '{run}'"));
            }
            p += run.parse::<usize>().unwrap_or(usize::MAX);
            i = j;
            continue;
        }
        if p >= n {
            return bad(format!("more than {n} points"));
        }
        let pt = p as u8;
        match c {
            b'x' | b'o' | b'X' | b'O' => {
                let side = if c.eq_ignore_ascii_case(&b'x') { 0 } else { 1 };
                let king = c.is_ascii_uppercase();
                if king && !rules.promotion {
                    return bad(format!(
                        "'{}' is a king, and {} has none",
                        c as char,
                        rules.ruleset.id()
                    ));
                }
                pos.own[side] |= bit(pt);
                if king {
                    pos.kings |= bit(pt);
                }
                if towers {
                    pos.stacks[p] = stack_of(side as u32, 1);
                    pos.ranks[p] = king as u32;
                }
                i += 1;
            }
            b'-' if towers => {
                let Some(len) = bytes[i + 1..].iter().position(|&b| b == b'-') else {
                    return bad("a stack is not closed with '-'".into());
                };
                let body = &bytes[i + 1..i + 1 + len];
                let letters: &[u8] = if rules.promotion { b"xoXO" } else { b"xo" };
                if body.len() < 2 || body.len() > 24 || !body.iter().all(|b| letters.contains(b)) {
                    return bad(format!(
                        "a stack holds 2 to 24 pieces written with {}",
                        String::from_utf8_lossy(letters)
                    ));
                }
                let (mut bits, mut kings) = (0u32, 0u32);
                for (l, &b) in body.iter().enumerate() {
                    if b.eq_ignore_ascii_case(&b'o') {
                        bits |= 1 << l;
                    }
                    if b.is_ascii_uppercase() {
                        kings |= 1 << l;
                    }
                }
                let top = body.len() - 1;
                pos.own[((bits >> top) & 1) as usize] |= bit(pt);
                if (kings >> top) & 1 != 0 {
                    pos.kings |= bit(pt);
                }
                pos.stacks[p] = stack_of(bits, body.len() as u32);
                pos.ranks[p] = kings;
                i += len + 2;
            }
            _ => {
                return bad(format!(
                    "unexpected '{}'",
                    text[i..].chars().next().unwrap_or('?')
                ));
            }
        }
        p += 1;
    }
    if p != n {
        return bad(format!("{p} points given, the board has {n}"));
    }
    debug_assert!(!towers || n <= STACK_POINTS);
    Ok(())
}

fn parse_turn(rules: &Rules, text: &str, pos: &mut Position) -> Result<(), FormatError> {
    let bad = |why: &str| Err(FormatError::field("turn", why.to_string()));
    let mut chars = text.chars();
    pos.side = match chars.next() {
        Some('1') => Side::First,
        Some('2') => Side::Second,
        _ => return bad("expected 1 or 2 for the side to move"),
    };
    let rest = chars.as_str();
    if rest.is_empty() {
        return Ok(());
    }
    if rest == "d" {
        if rules.family != Family::Queah {
            return bad("this ruleset has no drops");
        }
        pos.drop_pending = true;
        return Ok(());
    }
    let Some(points) = rest.strip_prefix('h') else {
        return bad("expected d or h after the side to move");
    };
    if rules.capture != CaptureRule::Huffing {
        return bad("this ruleset has no huffing");
    }
    for name in points.split('.') {
        let p = rules
            .board
            .parse_point(name)
            .filter(|_| name == name.to_ascii_lowercase());
        let Some(p) = p else {
            return bad("huffable points must be point names");
        };
        if pos.huff & p.bit() != 0 {
            return bad("a huffable point is named twice");
        }
        pos.huff |= p.bit();
    }
    Ok(())
}

/// Refuses states that no game can reach in ways the engine relies on.
fn validate(rules: &Rules, pos: &Position, start: &Position) -> Result<(), FormatError> {
    for side in [Side::First, Side::Second] {
        let most = start.material(side);
        if pos.material(side) > most {
            return Err(FormatError::field(
                "board",
                format!("the {side} player has more than {most} pieces"),
            ));
        }
    }
    if pos.huff & !pos.own[pos.side.other().index()] != 0 {
        return Err(FormatError::field(
            "turn",
            "only the opponent's pieces can be huffed",
        ));
    }
    if rules.family == Family::Queah {
        let me = pos.side.index();
        for s in 0..2 {
            if pos.own[s].count_ones() > 4 {
                return Err(FormatError::field(
                    "board",
                    "never more than four pieces of a side on the board",
                ));
            }
        }
        if pos.drop_pending && (pos.reserve[me] == 0 || pos.own[me].count_ones() >= 4) {
            return Err(FormatError::field(
                "turn",
                "a drop is due only with a reserve and fewer than four on the board",
            ));
        }
        if pos.drop_pending && rules.board.all() & !(pos.own[0] | pos.own[1]) == 0 {
            return Err(FormatError::field("turn", "a drop needs an empty cell"));
        }
    }
    Ok(())
}
