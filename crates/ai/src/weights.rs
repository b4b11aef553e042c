//! The evaluation's weights, kept as data: one file a profile in `crates/ai/weights/`, read at
//! compile time, each weight's line saying how its value was chosen (the command that tuned it and
//! the score it made, or why it was set by hand).
//!
//! # The files
//!
//! ```text
//! # a comment, to the end of the line
//! mobility = 10   # quirkat tune --ruleset towers --weight mobility --values 4,10 …
//! hanging = 25
//! ```
//!
//! One weight a line, `NAME = VALUE`: a name of [`WEIGHT_NAMES`], a whole number of centimen
//! (hundredths of a man; a file's unit is what it gives a man, 100 in every file but Ratti's,
//! [`crate::Evaluator::unit`]) between −[`MAX_WEIGHT`] and [`MAX_WEIGHT`]; `fade` alone counts
//! plies ([`Weights::fade`]). A name may appear once; a weight a file leaves out is 0 (its term
//! plays no part in that family), unless the file has a base (below). Blank lines and everything
//! after `#` are comments.
//!
//! A file may build on another: a line `base = FILE` names a file of the same directory, whose
//! weights are those of this file wherever it gives none. So a profile that differs from another
//! in one term says only that term, and follows the other when it is tuned. A base names no base
//! of its own (one level: no chains, no loops).
//!
//! ```text
//! base = leap-flying-kings.weights
//! exposed = 5
//! ```
//!
//! A file that does not read stops the build, naming the file and what is wrong; at run time
//! ([`parse`], for `quirkat tune`) the error names the line. `quirkat tune` rewrites a weight's line
//! when a self-play match shows a better value (docs/ai-levels.md, "Tuning the evaluation").
//!
//! # Profiles
//!
//! A ruleset's evaluation takes the weights of its [`Profile`]: its family, and in the leap and
//! column games whether kings fly (a flying king is worth more). The slow leap readings whose men
//! move every way and never promote, whose captures and chains are optional and whose limits are
//! scored by material (Satoel after Jacobson, Meurimueng) have a profile of their own, which counts
//! exposed pieces ([`Profile::LeapUnpromoted`]); so has the reading whose captures are single but
//! which is otherwise the same (Ratti), which does not count a piece's free steps
//! ([`Profile::LeapUnpromotedSingle`]); and so have the readings with flying kings whose captures
//! are single, which count a man's ranks gained ([`Profile::LeapSingleCaptures`]).

use quirkat_rules::ruleset::{CaptureRule, Chains, Scoring};
use quirkat_rules::{Family, Rules};
use std::fmt;

/// The weights of the evaluation terms (their meaning: [`crate::eval`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man (or any piece, outside towers) on the board.
    pub man: i32,
    /// A king.
    pub king: i32,
    /// A Queah piece in reserve.
    pub reserve: i32,
    /// Per rank gained by a man that moves forward towards promotion.
    pub advance: i32,
    /// A man one free step from promotion.
    pub promotion: i32,
    /// Per free adjacent point a piece can step to.
    pub mobility: i32,
    /// Per piece of the side to move that a short leap could take (subtracted).
    pub hanging: i32,
    /// Queah: per piece on a cell no leap can pass over.
    pub safe: i32,
    /// Surakarta: per circuit through a piece's point.
    pub circuit: i32,
    /// Surakarta: per enemy piece attacked along a circuit.
    pub attack: i32,
    /// Surakarta: per pair of adjacent own pieces (subtracted).
    pub bunching: i32,
    /// Towers: per stack controlled.
    pub top: i32,
    /// Towers: per own piece under one's own top.
    pub lives: i32,
    /// Towers: per enemy piece under one's own top.
    pub prisoner: i32,
    /// Towers: per own piece under one's own top but below an enemy piece (not in the top run).
    pub buried: i32,
    /// Leap family: per own piece and line along which a short leap could take it, the landing
    /// point beyond it empty and the point before it not its own (subtracted).
    pub exposed: i32,
    /// Where the no-progress limit is scored by material: the plies before the limit over which
    /// the score fades from the evaluation to the material count alone, the count the limit will
    /// score (a count of plies, not of centimen; 0: no fade; at most [`MAX_FADE`]).
    pub fade: i32,
}

/// The most plies a score may fade over before the limit ([`Weights::fade`]): the search's
/// transposition table tells positions apart by their no-progress count within that many plies
/// of the limit, and no further.
pub const MAX_FADE: i32 = 32;

/// The weights' names, in field order: the names of the files and of [`Weights::set`].
pub const WEIGHT_NAMES: [&str; 17] = [
    "man",
    "king",
    "reserve",
    "advance",
    "promotion",
    "mobility",
    "hanging",
    "safe",
    "circuit",
    "attack",
    "bunching",
    "top",
    "lives",
    "prisoner",
    "buried",
    "exposed",
    "fade",
];

/// Where the weights files are in the source tree this crate was built from (for `quirkat tune`).
pub const WEIGHTS_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/weights");

/// The largest weight a file may give, either way: a hundred thousand men.
pub const MAX_WEIGHT: i32 = 10_000_000;

impl Weights {
    /// Every weight 0: the start of a file without a base.
    pub const ZERO: Weights = ZERO;
}

/// Every weight 0.
const ZERO: Weights = Weights {
    man: 0,
    king: 0,
    reserve: 0,
    advance: 0,
    promotion: 0,
    mobility: 0,
    hanging: 0,
    safe: 0,
    circuit: 0,
    attack: 0,
    bunching: 0,
    top: 0,
    lives: 0,
    prisoner: 0,
    buried: 0,
    exposed: 0,
    fade: 0,
};

impl Weights {
    /// The weights for a ruleset: those of its [`Profile`].
    pub fn for_rules(rules: &Rules) -> Weights {
        Profile::of(rules).weights()
    }

    /// Sets one weight by name (one of [`WEIGHT_NAMES`]), to a value within ±[`MAX_WEIGHT`], as
    /// in the files.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        match name_index(name.as_bytes()) {
            Some(_) if value.unsigned_abs() > MAX_WEIGHT.unsigned_abs() => Err(format!(
                "{name} = {value} is beyond the weights' bound of ±{MAX_WEIGHT}"
            )),
            Some(i) => {
                *self.slot(i) = value;
                Ok(())
            }
            None => Err(format!(
                "unknown weight '{name}' (one of {})",
                WEIGHT_NAMES.join(", ")
            )),
        }
    }

    /// The weight named `WEIGHT_NAMES[i]`.
    pub const fn get(&self, i: usize) -> i32 {
        let mut w = *self;
        *w.slot(i)
    }

    /// The field of the weight named `WEIGHT_NAMES[i]` (`i` below 17).
    const fn slot(&mut self, i: usize) -> &mut i32 {
        match i {
            0 => &mut self.man,
            1 => &mut self.king,
            2 => &mut self.reserve,
            3 => &mut self.advance,
            4 => &mut self.promotion,
            5 => &mut self.mobility,
            6 => &mut self.hanging,
            7 => &mut self.safe,
            8 => &mut self.circuit,
            9 => &mut self.attack,
            10 => &mut self.bunching,
            11 => &mut self.top,
            12 => &mut self.lives,
            13 => &mut self.prisoner,
            14 => &mut self.buried,
            15 => &mut self.exposed,
            _ => &mut self.fade,
        }
    }
}

/// The weights a ruleset's evaluation takes: one file of `crates/ai/weights/` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// The leap family (Srand, Zamma and their readings, Alquerque) with short-leap kings or none.
    Leap,
    /// The leap family with flying kings.
    LeapFlyingKings,
    /// The slow leap readings with chains: men that move every way and never promote, optional
    /// captures and chains, the limits scored by material (Satoel after Jacobson 1919, Meurimueng):
    /// the leap weights with flying kings (kings there are none), mobility and hanging pieces
    /// included, and exposed pieces besides (its file builds on theirs: `base =
    /// leap-flying-kings.weights`). Material and exposed pieces alone, which the two readings had
    /// first, lost to level 6 with the leap weights at 300,000 nodes a move (docs/ai-levels.md,
    /// "Against level 6 as it was, another build"). Ratti, whose captures are single and which
    /// gained nothing from exposed pieces, has [`Profile::LeapUnpromotedSingle`]; Alquerque, whose
    /// limits are a draw, keeps [`Profile::LeapFlyingKings`].
    LeapUnpromoted,
    /// The slow leap reading with single captures: men that move every way and never promote,
    /// optional captures one man a move, the limits scored by material (Ratti): the leap weights
    /// with flying kings in quarter-centimen (a man 400), but for a piece's free steps, which count
    /// nothing there, and with a man's ranks gained, a quarter-centiman each (its file builds on
    /// theirs). With the free steps, level 6 scored itself about even a man down, since the free
    /// steps of its pieces outweighed the man, and lost such games at the no-progress limit by
    /// material (docs/ai-levels.md, "Ratti: a piece's free steps mislead"); with material alone it
    /// waited where no capture was in reach ("Ratti: ground gained").
    LeapUnpromotedSingle,
    /// The leap readings with flying kings whose captures are single, one man a move (Zamma after
    /// Monod 1951): the leap weights with flying kings, but for a man's ranks gained, which count
    /// there (its file builds on theirs). With the ranks worth nothing, as in Srand and Zamma,
    /// level 6 lost to level 6 as it was (docs/ai-levels.md, "Zamma after Monod: the ranks
    /// gained").
    LeapSingleCaptures,
    /// Queah.
    Queah,
    /// Surakarta and Bas-basan sepur.
    Surakarta,
    /// Towers Alquerque.
    Towers,
    /// Lasca: columns of men and kings, kings stepping.
    Columns,
    /// Bashni: columns with flying kings.
    ColumnsFlyingKings,
}

/// A profile's file, its text and its weights read from the text at compile time.
macro_rules! profiles {
    ($($profile:ident => $file:literal,)*) => {
        impl Profile {
            /// Every profile.
            pub const ALL: [Profile; [$($file),*].len()] = [$(Profile::$profile),*];

            /// The name of the profile's file in `crates/ai/weights/`.
            pub const fn file_name(self) -> &'static str {
                match self {
                    $(Profile::$profile => $file,)*
                }
            }

            /// The profile whose file is named `name` (as in a `base =` line).
            pub const fn named(name: &str) -> Option<Profile> {
                Profile::named_bytes(name.as_bytes())
            }

            /// [`Profile::named`] over bytes.
            const fn named_bytes(name: &[u8]) -> Option<Profile> {
                $(if same(name, $file.as_bytes()) {
                    return Some(Profile::$profile);
                })*
                None
            }

            /// The text of the profile's file, as built in.
            pub const fn text(self) -> &'static str {
                match self {
                    $(Profile::$profile => include_str!(concat!("../weights/", $file)),)*
                }
            }

            /// The profile's weights, as built in.
            pub const fn weights(self) -> Weights {
                match self {
                    $(Profile::$profile => {
                        const W: Weights = built_in!($file);
                        W
                    })*
                }
            }
        }
    };
}

/// A built-in file's weights, read while building, over its base's; a file that does not read
/// stops the build with its name and what is wrong (a constant's panic cannot format the line's
/// number: [`parse`] gives it).
macro_rules! built_in {
    ($file:literal) => {{
        const TEXT: &[u8] = include_str!(concat!("../weights/", $file)).as_bytes();
        match parse_bytes(TEXT) {
            Ok(read) => match read.base {
                None => read.over(ZERO),
                Some((start, end)) => {
                    let name = TEXT.split_at(end).0.split_at(start).1;
                    let Some(base) = Profile::named_bytes(name) else {
                        panic!(concat!(
                            "crates/ai/weights/",
                            $file,
                            ": a base that is no file of crates/ai/weights/"
                        ))
                    };
                    // read again here: `base.weights()` would reach this constant again
                    match parse_bytes(base.text().as_bytes()) {
                        Ok(b) if b.base.is_none() => read.over(b.over(ZERO)),
                        Ok(_) => panic!(concat!(
                            "crates/ai/weights/",
                            $file,
                            ": a base that names a base of its own"
                        )),
                        Err(_) => panic!(concat!(
                            "crates/ai/weights/",
                            $file,
                            ": a base that does not read (its own build error says why)"
                        )),
                    }
                }
            },
            Err(e) => match e.kind {
                WeightsErrorKind::NotAWeight => {
                    panic!(concat!(
                        "crates/ai/weights/",
                        $file,
                        ": a line not `NAME = VALUE`"
                    ))
                }
                WeightsErrorKind::UnknownName => {
                    panic!(concat!("crates/ai/weights/", $file, ": an unknown weight"))
                }
                WeightsErrorKind::Repeated => {
                    panic!(concat!(
                        "crates/ai/weights/",
                        $file,
                        ": a weight or base given twice"
                    ))
                }
                WeightsErrorKind::NotANumber => {
                    panic!(concat!(
                        "crates/ai/weights/",
                        $file,
                        ": a value not a whole number"
                    ))
                }
                WeightsErrorKind::TooLarge => {
                    panic!(concat!("crates/ai/weights/", $file, ": a value too large"))
                }
            },
        }
    }};
}

profiles! {
    Leap => "leap.weights",
    LeapFlyingKings => "leap-flying-kings.weights",
    LeapUnpromoted => "leap-unpromoted.weights",
    LeapUnpromotedSingle => "leap-unpromoted-single.weights",
    LeapSingleCaptures => "leap-single-captures.weights",
    Queah => "queah.weights",
    Surakarta => "surakarta.weights",
    Towers => "towers.weights",
    Columns => "columns.weights",
    ColumnsFlyingKings => "columns-flying-kings.weights",
}

impl Profile {
    /// The profile of a ruleset.
    pub fn of(rules: &Rules) -> Profile {
        match rules.family {
            Family::Queah => Profile::Queah,
            Family::Leap if slow_with_chains(rules) => Profile::LeapUnpromoted,
            Family::Leap if slow_single_captures(rules) => Profile::LeapUnpromotedSingle,
            Family::Leap if single_captures_flying_kings(rules) => Profile::LeapSingleCaptures,
            Family::Leap if rules.king_flying_capture => Profile::LeapFlyingKings,
            Family::Leap => Profile::Leap,
            Family::Surakarta => Profile::Surakarta,
            Family::Towers if rules.ranked_columns() && rules.king_flying_capture => {
                Profile::ColumnsFlyingKings
            }
            Family::Towers if rules.ranked_columns() => Profile::Columns,
            Family::Towers => Profile::Towers,
        }
    }
}

/// A slow leap reading with chains: men that never promote, optional captures and chains, the
/// limits scored by material (Satoel after Jacobson, Meurimueng).
fn slow_with_chains(rules: &Rules) -> bool {
    !rules.promotion
        && rules.capture == CaptureRule::Optional
        && rules.chains != Chains::Single
        && rules.scoring == Scoring::Majority
}

/// A slow leap reading with single captures: men that never promote, optional captures one man a
/// move, the limits scored by material (Ratti).
fn slow_single_captures(rules: &Rules) -> bool {
    !rules.promotion
        && rules.capture == CaptureRule::Optional
        && rules.chains == Chains::Single
        && rules.scoring == Scoring::Majority
}

/// A leap reading with flying kings whose men promote and whose captures are single, one man a
/// move (Zamma after Monod).
fn single_captures_flying_kings(rules: &Rules) -> bool {
    rules.king_flying_capture && rules.promotion && rules.chains == Chains::Single
}

/// Why a weights file does not read, and on which line (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightsError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub kind: WeightsErrorKind,
}

/// What is wrong with a line of a weights file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightsErrorKind {
    /// Not `NAME = VALUE`.
    NotAWeight,
    /// A name not in [`WEIGHT_NAMES`].
    UnknownName,
    /// A weight, or `base`, given a second time.
    Repeated,
    /// A value that is not a whole number.
    NotANumber,
    /// A value beyond ±[`MAX_WEIGHT`].
    TooLarge,
}

impl WeightsErrorKind {
    const fn says(self) -> &'static str {
        match self {
            WeightsErrorKind::NotAWeight => "not `NAME = VALUE`",
            WeightsErrorKind::UnknownName => "an unknown weight",
            WeightsErrorKind::Repeated => "a weight or base given twice",
            WeightsErrorKind::NotANumber => "a value that is not a whole number",
            WeightsErrorKind::TooLarge => "a value beyond ±10,000,000",
        }
    }
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind.says())?;
        if self.kind == WeightsErrorKind::UnknownName {
            write!(f, " (the names: {})", WEIGHT_NAMES.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for WeightsError {}

/// A weights file as read: the file its `base =` line names, and the weights it gives itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightsFile<'a> {
    /// The file named by the `base =` line, if the file has one.
    pub base: Option<&'a str>,
    read: Read,
}

impl WeightsFile<'_> {
    /// The file's weights: those it gives, and for the others those of `base`, the weights of the
    /// file its `base` line names ([`Weights::ZERO`] where it names none).
    pub fn over(&self, base: Weights) -> Weights {
        self.read.over(base)
    }
}

/// Reads a weights file (the form: the module documentation).
pub fn parse(text: &str) -> Result<WeightsFile<'_>, WeightsError> {
    let read = parse_bytes(text.as_bytes())?;
    // the span is trimmed of ASCII only and ends at a line's end or `#`: on character boundaries
    let base = read.base.map(|(start, end)| &text[start..end]);
    Ok(WeightsFile { base, read })
}

/// A file as read, in a form the compiler can run while building: where its base's name is in
/// the text, and the weights it gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Read {
    base: Option<(usize, usize)>,
    given: Weights,
    named: [bool; WEIGHT_NAMES.len()],
}

impl Read {
    /// The weights given, and `base`'s where none is.
    const fn over(&self, base: Weights) -> Weights {
        let mut w = base;
        let mut k = 0;
        while k < WEIGHT_NAMES.len() {
            if self.named[k] {
                *w.slot(k) = self.given.get(k);
            }
            k += 1;
        }
        w
    }
}

/// [`parse`] over bytes, in a form the compiler can run while building.
const fn parse_bytes(b: &[u8]) -> Result<Read, WeightsError> {
    let mut read = Read {
        base: None,
        given: ZERO,
        named: [false; WEIGHT_NAMES.len()],
    };
    let mut line = 0;
    let mut i = 0;
    while i < b.len() {
        line += 1;
        let start = i;
        while i < b.len() && b[i] != b'\n' {
            i += 1;
        }
        let mut end = start;
        while end < i && b[end] != b'#' {
            end += 1;
        }
        i += 1;
        let (s, e) = trim(b, start, end);
        if s == e {
            continue;
        }
        let mut eq = s;
        while eq < e && b[eq] != b'=' {
            eq += 1;
        }
        if eq == e {
            return fail(line, WeightsErrorKind::NotAWeight);
        }
        let (ns, ne) = trim(b, s, eq);
        let (vs, ve) = trim(b, eq + 1, e);
        if ns == ne || vs == ve {
            return fail(line, WeightsErrorKind::NotAWeight);
        }
        let name = b.split_at(ne).0.split_at(ns).1;
        if same(name, b"base") {
            if read.base.is_some() {
                return fail(line, WeightsErrorKind::Repeated);
            }
            read.base = Some((vs, ve));
            continue;
        }
        let Some(k) = name_index(name) else {
            return fail(line, WeightsErrorKind::UnknownName);
        };
        if read.named[k] {
            return fail(line, WeightsErrorKind::Repeated);
        }
        read.named[k] = true;
        let value = match number(b, vs, ve) {
            Ok(v) => v,
            Err(kind) => return fail(line, kind),
        };
        *read.given.slot(k) = value;
    }
    Ok(read)
}

const fn fail(line: usize, kind: WeightsErrorKind) -> Result<Read, WeightsError> {
    Err(WeightsError { line, kind })
}

/// `b[start..end]` without the spaces, tabs and carriage returns at either end.
const fn trim(b: &[u8], mut start: usize, mut end: usize) -> (usize, usize) {
    while start < end && matches!(b[start], b' ' | b'\t' | b'\r') {
        start += 1;
    }
    while end > start && matches!(b[end - 1], b' ' | b'\t' | b'\r') {
        end -= 1;
    }
    (start, end)
}

/// The index in [`WEIGHT_NAMES`] of the name spelt by `name`.
const fn name_index(name: &[u8]) -> Option<usize> {
    let mut k = 0;
    while k < WEIGHT_NAMES.len() {
        if same(WEIGHT_NAMES[k].as_bytes(), name) {
            return Some(k);
        }
        k += 1;
    }
    None
}

/// Whether `a` and `b` are the same bytes.
const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut j = 0;
    while j < a.len() && a[j] == b[j] {
        j += 1;
    }
    j == a.len()
}

/// The whole number spelt by `b[start..end]` (not empty): an optional sign, then digits.
const fn number(b: &[u8], start: usize, end: usize) -> Result<i32, WeightsErrorKind> {
    let negative = b[start] == b'-';
    let mut i = start;
    if b[start] == b'-' || b[start] == b'+' {
        i += 1;
    }
    if i == end {
        return Err(WeightsErrorKind::NotANumber);
    }
    let mut v: i64 = 0;
    while i < end {
        let d = b[i];
        if !d.is_ascii_digit() {
            return Err(WeightsErrorKind::NotANumber);
        }
        v = v * 10 + (d - b'0') as i64;
        if v > MAX_WEIGHT as i64 {
            return Err(WeightsErrorKind::TooLarge);
        }
        i += 1;
    }
    Ok(if negative { -v as i32 } else { v as i32 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use quirkat_rules::RulesetId;
    use quirkat_rules::rng::Rng;

    /// The weights of a built-in file as [`parse`] reads them, its base's weights read the same
    /// way.
    fn read_built_in(p: Profile) -> Weights {
        let file = parse(p.text()).unwrap_or_else(|e| panic!("{}: {e}", p.file_name()));
        let base = match file.base {
            None => Weights::ZERO,
            Some(name) => {
                let base = Profile::named(name).expect("a built-in base");
                let read = parse(base.text()).unwrap();
                assert_eq!(
                    read.base,
                    None,
                    "{} names a base of its own",
                    base.file_name()
                );
                read.over(Weights::ZERO)
            }
        };
        file.over(base)
    }

    #[test]
    fn every_built_in_file_reads_and_gives_its_profile_its_weights() {
        for p in Profile::ALL {
            let w = read_built_in(p);
            assert_eq!(w, p.weights(), "{}", p.file_name());
            assert_eq!(Profile::named(p.file_name()), Some(p));
            // a man's worth sets the scale: every profile values something
            assert!(
                (0..WEIGHT_NAMES.len()).any(|i| w.get(i) >= 100),
                "{}",
                p.file_name()
            );
        }
    }

    #[test]
    fn every_ruleset_has_a_profile_and_every_profile_a_ruleset() {
        let used: Vec<Profile> = RulesetId::ALL
            .iter()
            .map(|&r| Profile::of(&Rules::new(r)))
            .collect();
        for p in Profile::ALL {
            assert!(used.contains(&p), "no ruleset uses {}", p.file_name());
        }
    }

    /// The ids of the rulesets whose rules and profile pass `keep`, in `RulesetId::ALL`'s order.
    fn readings(keep: impl Fn(&Rules, Profile) -> bool) -> Vec<&'static str> {
        RulesetId::ALL
            .iter()
            .filter(|&&r| {
                let rules = Rules::new(r);
                keep(&rules, Profile::of(&rules))
            })
            .map(|r| r.id())
            .collect()
    }

    /// The two slow readings with chains take their own weights, which alone count exposed
    /// pieces and fade to the material count before the limit: the leap weights, exposed pieces
    /// and the fade. Ratti (single captures) has weights of its own; Alquerque without compulsory
    /// capture (its limits are a draw) keeps the leap weights.
    #[test]
    fn the_slow_readings_with_chains_and_only_they_weigh_exposed_pieces() {
        let of = |r: RulesetId| Profile::of(&Rules::new(r));
        let slow = readings(|_, p| p.weights().exposed > 0);
        assert_eq!(slow, ["meurimueng", "satoel-1919"]);
        assert_eq!(readings(|_, p| p.weights().fade > 0), slow);
        for r in [RulesetId::Satoel1919, RulesetId::Meurimueng] {
            assert_eq!(of(r), Profile::LeapUnpromoted);
        }
        assert_eq!(of(RulesetId::Ratti), Profile::LeapUnpromotedSingle);
        assert_eq!(of(RulesetId::AlquerqueMurray), Profile::LeapFlyingKings);
        let leap = Profile::LeapFlyingKings.weights();
        let slow = Profile::LeapUnpromoted.weights();
        assert!(slow.exposed > 0);
        assert_eq!(
            slow,
            Weights {
                exposed: slow.exposed,
                fade: slow.fade,
                ..leap
            }
        );
    }

    /// Zamma after Monod, the one reading with flying kings and single captures, counts a man's
    /// ranks gained, which the other leap readings with flying kings do not; its weights are
    /// theirs otherwise.
    #[test]
    fn single_captures_with_flying_kings_and_only_they_count_the_ranks_gained() {
        let of = |r: RulesetId| Profile::of(&Rules::new(r));
        let single = readings(|_, p| p == Profile::LeapSingleCaptures);
        assert_eq!(single, ["zamma-1951"]);
        for r in [RulesetId::Srand, RulesetId::Zamma] {
            assert_eq!(of(r), Profile::LeapFlyingKings, "{}", r.id());
        }
        assert_eq!(of(RulesetId::Crand1952), Profile::Leap);
        let leap = Profile::LeapFlyingKings.weights();
        let single = Profile::LeapSingleCaptures.weights();
        assert!(single.advance > 0 && leap.advance == 0);
        assert_eq!(
            single,
            Weights {
                advance: single.advance,
                ..leap
            }
        );
    }

    /// Ratti, the one slow reading whose captures are single, does not count a piece's free
    /// steps, which every other leap reading does, and counts a man's ranks gained, at less than a
    /// hundredth of a man; its weights are the leap weights otherwise, in a unit four times
    /// smaller (a man 400).
    #[test]
    fn the_slow_reading_with_single_captures_and_only_it_leaves_out_free_steps() {
        let single = readings(|_, p| p == Profile::LeapUnpromotedSingle);
        assert_eq!(single, ["ratti"]);
        let leap = Profile::LeapFlyingKings.weights();
        let ratti = Profile::LeapUnpromotedSingle.weights();
        assert!(leap.mobility > 0 && ratti.mobility == 0);
        assert!(ratti.advance > 0 && ratti.advance * 100 < ratti.man);
        assert_eq!(
            ratti,
            Weights {
                man: 4 * leap.man,
                hanging: 4 * leap.hanging,
                mobility: 0,
                advance: ratti.advance,
                ..leap
            }
        );
        let without_free_steps =
            readings(|rules, p| rules.family == Family::Leap && p.weights().mobility == 0);
        assert_eq!(without_free_steps, ["ratti"]);
    }

    #[test]
    fn a_file_reads_names_values_comments_and_blank_lines() {
        let text = "# towers\n\n  mobility = 10   # tuned\r\nhanging=-25\nking = +7\n";
        let w = parse(text).unwrap().over(ZERO);
        assert_eq!((w.mobility, w.hanging, w.king), (10, -25, 7));
        assert_eq!(
            Weights {
                mobility: 0,
                hanging: 0,
                king: 0,
                ..w
            },
            ZERO
        );
    }

    /// A file with a base gives its own weights and takes the base's for the others; `base` is
    /// a name like the weights' (once, with a value), but not a weight.
    #[test]
    fn a_file_takes_the_weights_it_does_not_give_from_its_base() {
        let file = parse("# Meurimueng\nbase = leap-flying-kings.weights  # the leap weights\nexposed = 5\nmobility = 0\n").unwrap();
        assert_eq!(file.base, Some("leap-flying-kings.weights"));
        let leap = Profile::LeapFlyingKings.weights();
        assert!(leap.mobility > 0 && leap.exposed == 0);
        assert_eq!(
            file.over(leap),
            Weights {
                exposed: 5,
                mobility: 0,
                ..leap
            }
        );
        assert_eq!(parse("man = 100\n").unwrap().base, None);
        assert_eq!(Profile::named("leap-flying-kings"), None);
        use WeightsErrorKind::*;
        for (text, line, kind) in [
            ("base = a.weights\nman = 1\nbase = b.weights\n", 3, Repeated),
            ("base =\n", 1, NotAWeight),
            ("base\n", 1, NotAWeight),
            ("bases = a.weights\n", 1, UnknownName),
        ] {
            assert_eq!(parse(text), Err(WeightsError { line, kind }), "{text:?}");
        }
    }

    #[test]
    fn a_bad_line_is_named_with_what_is_wrong() {
        use WeightsErrorKind::*;
        for (text, line, kind) in [
            ("man = 100\nmobility 10\n", 2, NotAWeight),
            ("man =\n", 1, NotAWeight),
            ("= 3\n", 1, NotAWeight),
            ("# c\nmen = 100\n", 2, UnknownName),
            ("man = 100\nman = 90\n", 2, Repeated),
            ("man = 1e2\n", 1, NotANumber),
            ("man = -\n", 1, NotANumber),
            ("man = 12 13\n", 1, NotANumber),
            ("man = 99999999999\n", 1, TooLarge),
        ] {
            assert_eq!(parse(text), Err(WeightsError { line, kind }), "{text:?}");
        }
        let said = parse("a = 1").unwrap_err().to_string();
        assert!(
            said.starts_with("line 1: an unknown weight (the names: man, king"),
            "{said}"
        );
    }

    #[test]
    fn any_bytes_give_weights_or_an_error_never_a_panic() {
        let mut rng = Rng::new(7);
        let alphabet = b"mankigbse0123456789-+ #\n\r\t\xff";
        for _ in 0..20_000 {
            let len = rng.below(40);
            let bytes: Vec<u8> = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            let _ = parse_bytes(&bytes);
        }
        // text, where a base's name is cut out of it: any characters, wide ones too
        let pieces = [
            "base", "man", " = ", "=", "é", "∞", "#", "\n", " ", "\t", "1", "-",
        ];
        for _ in 0..20_000 {
            let text: String = (0..rng.below(12))
                .map(|_| pieces[rng.below(pieces.len())])
                .collect();
            if let Ok(file) = parse(&text) {
                let _ = file.over(ZERO);
            }
        }
    }

    #[test]
    fn set_takes_every_name_and_refuses_others() {
        let mut w = ZERO;
        for (i, name) in WEIGHT_NAMES.iter().enumerate() {
            w.set(name, i as i32 + 1).unwrap();
            assert_eq!(w.get(i), i as i32 + 1);
        }
        assert!(w.set("queen", 900).is_err());
        // as in the files, a weight is at most ±MAX_WEIGHT
        let before = w;
        for v in [MAX_WEIGHT + 1, i32::MAX, i32::MIN, -MAX_WEIGHT - 1] {
            assert!(w.set("man", v).is_err(), "{v}");
        }
        assert_eq!(w, before);
        w.set("man", -MAX_WEIGHT).unwrap();
        assert_eq!(w.man, -MAX_WEIGHT);
    }
}
