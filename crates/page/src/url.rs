//! The address bar: `?ruleset=ID` and `&option.KEY=VALUE` start that ruleset directly;
//! `?g=LINK` (a share link, [`quirkat_rules::link`]) opens a shared game, with `&ply=N` the ply
//! shown (default: the last); `?rules=ID` opens the rules page of a ruleset (a game's id is its
//! default ruleset's); `?lesson=GAME` a game's course, with `&step=N` one of its steps; `?puzzle=GAME`
//! a game's puzzles, with `&id=GAME-NNN` one of them by its id (`?puzzle=srand&id=srand-008`), or
//! `&n=N` by its place in the order of difficulty ([`PuzzleChoice`]). An id names one position for
//! good, a place does not (the set found again puts its puzzles in other places), so the links the
//! page writes give the id ([`puzzle_query`]); an address with both is refused.

use quirkat_rules::link::{self, Shared};
use quirkat_rules::{Game, GameKind, Move, Rules, RulesetId};
use quirkat_teach::puzzle::{self, PuzzleSet};

/// The parameters of a query string, decoded, in order.
pub fn params(query: &str) -> Result<Vec<(String, String)>, String> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            Ok((decode(k)?, decode(v)?))
        })
        .collect()
}

/// The shared game the query string holds (`g=`), with the ply it asks to show: `None` when it
/// holds none, an error in words when the link or the ply cannot be used.
pub fn shared_from_query(query: &str) -> Result<Option<(Shared, usize)>, String> {
    let params = params(query)?;
    let Some(g) = value(&params, "g") else {
        return Ok(None);
    };
    let shared =
        link::decode(g.trim()).map_err(|e| format!("the shared link cannot be opened: {e}"))?;
    let ply = match value(&params, "ply") {
        None => shared.moves.len(),
        Some(p) => match p.parse::<usize>() {
            Ok(n) if n <= shared.moves.len() => n,
            _ => {
                return Err(format!(
                    "the shared link asks for ply '{}', but its game has {}",
                    short(p),
                    crate::plies(shared.moves.len())
                ));
            }
        },
    };
    Ok(Some((shared, ply)))
}

/// The query string that shares `moves` from `start` with `ply` shown: `?g=LINK` (and `&ply=N`
/// unless it is the last).
pub fn share_query(start: &Game, moves: &[Move], ply: usize) -> Result<String, String> {
    let g = link::encode(start, moves).map_err(|e| e.to_string())?;
    Ok(if ply == moves.len() {
        format!("?g={g}")
    } else {
        format!("?g={g}&ply={ply}")
    })
}

/// The rules page the query string asks for (`rules=ID`): `None` when it asks for none, the
/// ruleset, or an error in words when the id is no ruleset.
pub fn rules_page_from_query(query: &str) -> Option<Result<RulesetId, String>> {
    let asked = asking(query, "rules")?;
    Some(asked.and_then(|(id, _)| {
        id.parse::<RulesetId>().map_err(|_| {
            format!(
                "there is no ruleset '{}': the rules pages are those of the games below",
                short(&id)
            )
        })
    }))
}

/// The lesson the query string asks for (`lesson=GAME`, `step=N` from 1): `None` when it asks for
/// none, the game and the step, or an error in words.
pub fn lesson_from_query(query: &str) -> Option<Result<(GameKind, Option<usize>), String>> {
    let params = asking(query, "lesson")?;
    Some(params.and_then(|(lesson, params)| {
        let game = game_named(&lesson, "course")?;
        let step = match value(&params, "step") {
            None => None,
            Some(s) => Some(
                number_from_1(s)
                    .ok_or_else(|| format!("step '{}' is not a number from 1", short(s)))?,
            ),
        };
        Ok((game, step))
    }))
}

/// Which of a game's puzzles an address names (the app's `?puzzle=GAME&…`, an embed's
/// `mode=puzzle&puzzle=GAME&…`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleChoice {
    /// `n=N`: the puzzle at place N (from 1) in the order of difficulty. The set found again
    /// (`quirkat puzzles --output`) can put another puzzle there; kept for the links that give it.
    Place(usize),
    /// `id=GAME-NNN`: the puzzle with that id ([`quirkat_teach::puzzle::Puzzle::id`]), which names
    /// one position for good.
    Id(String),
}

/// Why an address that gives both `id=` and `n=` is refused: the two may name two puzzles, and
/// choosing either would show, without a word, a puzzle the writer may not have meant (the very
/// thing an id is for), so the writer is asked to keep the id alone.
pub const PUZZLE_ID_AND_N: &str = "both id= and n= are given: give the puzzle's id alone \
     (its place among the puzzles changes when the set is found again, its id does not)";

/// An address's `id=` and `n=` that choose no puzzle ([`PuzzleChoice::from_params`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadPuzzleChoice {
    /// Both are given: refused, whichever is well formed ([`PUZZLE_ID_AND_N`]).
    IdAndN,
    /// `id=` is not an id of the game's puzzles: the value, and why in words ([`PuzzleChoice::id`]).
    Id(String, String),
    /// `n=` is not a number from 1: the value.
    Place(String),
}

impl BadPuzzleChoice {
    /// In words, the parameter at fault written by `written(key, value)` as the address's reader
    /// names parameters (the app's `id 'x'`, an embed's `id='x'`).
    pub fn in_words(&self, written: impl Fn(&str, &str) -> String) -> String {
        match self {
            BadPuzzleChoice::IdAndN => PUZZLE_ID_AND_N.to_string(),
            BadPuzzleChoice::Id(id, why) => format!("{} {why}", written("id", id)),
            BadPuzzleChoice::Place(n) => format!("{} is not a number from 1", written("n", n)),
        }
    }
}

impl PuzzleChoice {
    /// The puzzle of `game` that an address's `id=` and `n=` choose, the one reading of them for
    /// the app's address and an embed's: `None` when neither is given (the page chooses).
    pub fn from_params(
        game: GameKind,
        id: Option<&str>,
        n: Option<&str>,
    ) -> Result<Option<PuzzleChoice>, BadPuzzleChoice> {
        match (id, n) {
            (Some(_), Some(_)) => Err(BadPuzzleChoice::IdAndN),
            (Some(id), None) => PuzzleChoice::id(game, id)
                .map(Some)
                .map_err(|why| BadPuzzleChoice::Id(id.to_string(), why)),
            (None, Some(n)) => number_from_1(n)
                .map(|k| Some(PuzzleChoice::Place(k)))
                .ok_or_else(|| BadPuzzleChoice::Place(n.to_string())),
            (None, None) => Ok(None),
        }
    }

    /// The puzzle of `game` with the id `id`, read by the teaching crate's own reading of ids
    /// ([`puzzle::id_number`]); else an error in words to follow the id in a message (`id 'x' …`):
    /// the id of another game's puzzle, or not an id.
    pub fn id(game: GameKind, id: &str) -> Result<PuzzleChoice, String> {
        if puzzle::id_number(game.id(), id).is_some() {
            return Ok(PuzzleChoice::Id(id.to_string()));
        }
        Err(
            match GameKind::ALL
                .into_iter()
                .find(|g| puzzle::id_number(g.id(), id).is_some())
            {
                Some(other) => format!(
                    "is the id of a puzzle of {}, not of {}",
                    other.name(),
                    game.name()
                ),
                None => format!(
                    "is not a puzzle id: they are written {}",
                    puzzle::id_of(game.id(), 17)
                ),
            },
        )
    }

    /// The place (from 1) in `set`, the puzzles of `game`, of the puzzle chosen: an error in words
    /// for a place beyond the set, or an id that is not in it (never given, or dropped when the set
    /// was found again).
    pub fn place_in(&self, game: GameKind, set: &PuzzleSet) -> Result<usize, String> {
        let count = set.puzzles.len();
        match self {
            PuzzleChoice::Place(k) if (1..=count).contains(k) => Ok(*k),
            PuzzleChoice::Place(k) => Err(format!("{} has {count} puzzles, not {k}", game.name())),
            PuzzleChoice::Id(id) => set
                .puzzles
                .iter()
                .position(|p| p.id == *id)
                .map(|i| i + 1)
                .ok_or_else(|| {
                    format!(
                        "{} has no puzzle {id} among its {count}: it may have been dropped when \
                         the set was found again",
                        game.name()
                    )
                }),
        }
    }
}

/// The puzzles the query string asks for (`puzzle=GAME`, and `id=GAME-NNN` or `n=N`, from 1, in
/// order of difficulty, not both: [`PUZZLE_ID_AND_N`]): `None` when it asks for none, the game and
/// the puzzle chosen (none: the page chooses), or an error in words. Whether the id or the place
/// is in the set is known once the set is fetched: [`PuzzleChoice::place_in`].
pub fn puzzle_from_query(query: &str) -> Option<Result<(GameKind, Option<PuzzleChoice>), String>> {
    let params = asking(query, "puzzle")?;
    Some(params.and_then(|(puzzle, params)| {
        let game = game_named(&puzzle, "puzzle set")?;
        let choice = PuzzleChoice::from_params(game, value(&params, "id"), value(&params, "n"))
            .map_err(|e| e.in_words(|key, v| format!("{key} '{}'", short(v))))?;
        Ok((game, choice))
    }))
}

/// The address of a puzzle of `game` by its id, `?puzzle=GAME&id=ID`: the link that stays with
/// the puzzle when the set is found again.
pub fn puzzle_query(game: GameKind, id: &str) -> String {
    format!("?puzzle={}&id={id}", game.id())
}

/// The value of a query string's parameter that names what it asks for, and all its parameters.
type Asked = (String, Vec<(String, String)>);

/// The value of `key=` in a query string, and all its parameters: `None` when it has no `key=`, an
/// error in words when the parameters cannot be decoded (and the undecoded string holds `key=`).
fn asking(query: &str, key: &str) -> Option<Result<Asked, String>> {
    match params(query) {
        Ok(p) => Some(Ok((value(&p, key)?.to_string(), p))),
        Err(e) => query.contains(&format!("{key}=")).then_some(Err(e)),
    }
}

/// The value of the first parameter `name`, if any.
pub(crate) fn value<'a>(params: &'a [(String, String)], name: &str) -> Option<&'a str> {
    params
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// The game whose id is `id`; else an error in words, `what` naming what the page lists.
fn game_named(id: &str, what: &str) -> Result<GameKind, String> {
    GameKind::from_id(id).ok_or_else(|| {
        format!(
            "there is no {what} '{}': the ones there are are below",
            short(id)
        )
    })
}

/// A number from 1, as written in an address.
fn number_from_1(s: &str) -> Option<usize> {
    s.parse::<usize>().ok().filter(|&n| n >= 1)
}

/// The rules the query string (`location.search`, with or without its `?`) asks for: `None` when it
/// names no ruleset, an error in words when it names a bad one or a bad option.
pub fn rules_from_query(query: &str) -> Result<Option<Rules>, String> {
    let mut ruleset = None;
    let mut options = Vec::new();
    for (k, v) in params(query)? {
        if k == "ruleset" {
            ruleset = Some(v);
        } else if let Some(key) = k.strip_prefix("option.") {
            options.push((key.to_string(), v));
        }
        // other parameters belong to the embedding page: ignored
    }
    let Some(id) = ruleset else {
        if let Some((k, _)) = options.first() {
            return Err(format!(
                "the address sets option.{k} but names no ruleset (add ruleset=ID)"
            ));
        }
        return Ok(None);
    };
    let id: RulesetId = id
        .parse()
        .map_err(|e| format!("the address cannot be opened: {e}"))?;
    Rules::from_pairs(id, options.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .map(Some)
        .map_err(|e| format!("the address asks for {}: {e}", id.id()))
}

/// Percent-decoding (and `+` as a space), refusing what is not UTF-8.
fn decode(s: &str) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                // two hex digits: `from_str_radix` alone would take a sign (`%+F`)
                let hex = s
                    .get(i + 1..i + 3)
                    .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| format!("the address has a bad escape in '{}'", short(s)))?;
                out.push(hex);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| format!("the address is not UTF-8 in '{}'", short(s)))
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

/// The shipped Srand puzzles, read as the page reads them, for the tests (on wasm32 too, where
/// the teaching crate does not compile them in).
#[cfg(test)]
pub(crate) fn srand_puzzles() -> PuzzleSet {
    puzzle::parse(
        GameKind::Srand,
        include_str!("../../teach/data/puzzles/srand.json"),
    )
    .unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_comes_from_the_address() {
        assert_eq!(lesson_from_query("?ruleset=srand"), None);
        assert_eq!(
            lesson_from_query("?lesson=srand"),
            Some(Ok((GameKind::Srand, None)))
        );
        assert_eq!(
            lesson_from_query("?lesson=towers&step=3"),
            Some(Ok((GameKind::Towers, Some(3))))
        );
        assert!(
            lesson_from_query("?lesson=chess")
                .unwrap()
                .unwrap_err()
                .contains("'chess'")
        );
        for bad in ["0", "x", "-1"] {
            let e = lesson_from_query(&format!("?lesson=zamma&step={bad}"))
                .unwrap()
                .unwrap_err();
            assert!(
                e.contains("step '") && e.contains("not a number from 1"),
                "{e}"
            );
        }
    }

    #[test]
    fn puzzles_come_from_the_address() {
        assert_eq!(puzzle_from_query("?lesson=srand"), None);
        assert_eq!(
            puzzle_from_query("?puzzle=zamma"),
            Some(Ok((GameKind::Zamma, None)))
        );
        assert_eq!(
            puzzle_from_query("?puzzle=queah&n=12"),
            Some(Ok((GameKind::Queah, Some(PuzzleChoice::Place(12)))))
        );
        assert!(
            puzzle_from_query("?puzzle=go")
                .unwrap()
                .unwrap_err()
                .contains("no puzzle set 'go'")
        );
        assert!(puzzle_from_query("?puzzle=srand&n=0").unwrap().is_err());
    }

    #[test]
    fn a_puzzle_comes_from_the_address_by_its_id() {
        let srand = &srand_puzzles();
        // an id whose number is not its place (the set was found again over an older one)
        let (place, p) = srand
            .puzzles
            .iter()
            .enumerate()
            .skip(1)
            .find(|(i, p)| puzzle::id_number("srand", &p.id) != Some(*i as u32 + 1))
            .unwrap();
        let asked = puzzle_from_query(&format!("?puzzle=srand&id={}", p.id));
        let Some(Ok((GameKind::Srand, Some(choice)))) = asked else {
            panic!("{asked:?}");
        };
        assert_eq!(choice, PuzzleChoice::Id(p.id.clone()));
        assert_eq!(choice.place_in(GameKind::Srand, srand), Ok(place + 1));
        // the link the page writes opens it again
        assert_eq!(
            puzzle_from_query(&puzzle_query(GameKind::Srand, &p.id)),
            Some(Ok((GameKind::Srand, Some(choice))))
        );
    }

    #[test]
    fn a_bad_puzzle_id_is_refused_in_words() {
        let e = |q: &str| puzzle_from_query(q).unwrap().unwrap_err();
        // another game's puzzle
        let m = e("?puzzle=srand&id=zamma-005");
        assert!(
            m.contains("id 'zamma-005'") && m.contains("of Zamma, not of Srand"),
            "{m}"
        );
        // not an id: as the teaching crate reads them (one number, one way to write it)
        for bad in [
            "srand-5",
            "srand-0005",
            "srand-000",
            "srand-",
            "srand",
            "005",
            "srand-x05",
        ] {
            let m = e(&format!("?puzzle=srand&id={bad}"));
            assert!(
                m.contains(&format!("id '{bad}' is not a puzzle id")) && m.contains("srand-017"),
                "{bad}: {m}"
            );
        }
        // well formed but not in the set (dropped when the set was found again): named once the
        // set is there, with the set's size
        let srand = &srand_puzzles();
        let dropped = (1..=srand.last_id)
            .map(|n| puzzle::id_of("srand", n))
            .find(|id| srand.puzzles.iter().all(|p| p.id != *id))
            .unwrap();
        let Some(Ok((_, Some(choice)))) = puzzle_from_query(&format!("?puzzle=srand&id={dropped}"))
        else {
            panic!("{dropped} is an id");
        };
        let m = choice.place_in(GameKind::Srand, srand).unwrap_err();
        assert!(
            m.contains(&format!(
                "Srand has no puzzle {dropped} among its {}",
                srand.puzzles.len()
            )),
            "{m}"
        );
    }

    #[test]
    fn the_app_and_an_embed_read_a_puzzles_id_and_place_by_one_rule() {
        let srand = GameKind::Srand;
        let choose = |id, n| PuzzleChoice::from_params(srand, id, n);
        assert_eq!(choose(None, None), Ok(None));
        assert_eq!(
            choose(Some("srand-008"), None),
            Ok(Some(PuzzleChoice::Id("srand-008".into())))
        );
        assert_eq!(choose(None, Some("3")), Ok(Some(PuzzleChoice::Place(3))));
        for n in ["0", "-1", "x", ""] {
            assert_eq!(choose(None, Some(n)), Err(BadPuzzleChoice::Place(n.into())));
        }
        // both: refused whichever is well formed, before either is read
        for (id, n) in [("srand-008", "1"), ("srand-008", "x"), ("x", "1")] {
            assert_eq!(
                choose(Some(id), Some(n)),
                Err(BadPuzzleChoice::IdAndN),
                "{id} {n}"
            );
        }
        let Err(bad) = choose(Some("zamma-001"), None) else {
            panic!("another game's id");
        };
        assert!(matches!(&bad, BadPuzzleChoice::Id(id, _) if id == "zamma-001"));
        // each reader names the parameter its own way; the reason is the same
        let app = bad.in_words(|k, v| format!("{k} '{v}'"));
        let embed = bad.in_words(|k, v| format!("{k}='{v}'"));
        assert_eq!(
            app,
            "id 'zamma-001' is the id of a puzzle of Zamma, not of Srand"
        );
        assert_eq!(
            embed,
            "id='zamma-001' is the id of a puzzle of Zamma, not of Srand"
        );
        assert_eq!(
            BadPuzzleChoice::IdAndN.in_words(|k, v| format!("{k}={v}")),
            PUZZLE_ID_AND_N
        );
    }

    #[test]
    fn a_puzzle_by_its_place_works_as_before_and_both_are_refused() {
        let srand = &srand_puzzles();
        let count = srand.puzzles.len();
        let Some(Ok((_, Some(choice)))) = puzzle_from_query("?puzzle=srand&n=2") else {
            panic!();
        };
        assert_eq!(choice.place_in(GameKind::Srand, srand), Ok(2));
        let m = PuzzleChoice::Place(count + 1)
            .place_in(GameKind::Srand, srand)
            .unwrap_err();
        assert_eq!(m, format!("Srand has {count} puzzles, not {}", count + 1));
        let m = puzzle_from_query("?puzzle=srand&n=x").unwrap().unwrap_err();
        assert!(m.contains("n 'x' is not a number from 1"), "{m}");
        // both, even when they name the same puzzle: refused
        let first = &srand.puzzles[0].id;
        for q in [
            format!("?puzzle=srand&id={first}&n=1"),
            format!("?puzzle=srand&n=3&id={first}"),
        ] {
            assert_eq!(
                puzzle_from_query(&q),
                Some(Err(PUZZLE_ID_AND_N.to_string())),
                "{q}"
            );
        }
    }

    #[test]
    fn a_rules_page_comes_from_the_address() {
        assert_eq!(rules_page_from_query(""), None);
        assert_eq!(rules_page_from_query("?ruleset=zamma"), None);
        assert_eq!(
            rules_page_from_query("?rules=zamma"),
            Some(Ok(RulesetId::Zamma))
        );
        assert_eq!(
            rules_page_from_query("rules=queah-1888&x=1"),
            Some(Ok(RulesetId::Queah1888))
        );
        let e = rules_page_from_query("?rules=chess").unwrap().unwrap_err();
        assert!(e.contains("no ruleset 'chess'"), "{e}");
        assert!(rules_page_from_query("?rules=%zz").unwrap().is_err());
    }

    #[test]
    fn a_ruleset_and_its_options_come_from_the_address() {
        assert_eq!(rules_from_query(""), Ok(None));
        assert_eq!(rules_from_query("?embed=1"), Ok(None));
        assert_eq!(
            rules_from_query("?ruleset=zamma"),
            Ok(Some(Rules::new(RulesetId::Zamma)))
        );
        let r = rules_from_query("?ruleset=queah-1888&option.drop_ends_turn=true&lang=fr")
            .unwrap()
            .unwrap();
        assert!(r.options.drop_ends_turn);
        assert_eq!(r.ruleset, RulesetId::Queah1888);
        let r = rules_from_query("ruleset=srand&option.enforcement=%68uffing").unwrap();
        assert!(r.is_some());
    }

    #[test]
    fn bad_addresses_are_refused_in_words() {
        let e = rules_from_query("?ruleset=chess").unwrap_err();
        assert!(e.contains("unknown ruleset"), "{e}");
        let e = rules_from_query("?ruleset=zamma&option.drop_ends_turn=true").unwrap_err();
        assert!(e.contains("zamma"), "{e}");
        let e = rules_from_query("?ruleset=srand&option.limit=lots").unwrap_err();
        assert!(e.contains("limit"), "{e}");
        assert!(rules_from_query("?ruleset=%zz").is_err());
        assert!(rules_from_query("?ruleset=%ff").is_err());
        // an escape is two hex digits, never a sign and one
        for bad in ["?ruleset=%+1", "?ruleset=srand&option.limit=%+9"] {
            let e = rules_from_query(bad).unwrap_err();
            assert!(e.contains("bad escape"), "{bad}: {e}");
        }
        assert!(rules_from_query("?option.limit=3").is_err());
    }

    #[test]
    fn a_shared_game_opens_at_its_ply_and_bad_links_are_refused() {
        let start = Game::new(Rules::new(RulesetId::Zamma));
        let mut game = start.clone();
        let mut moves = Vec::new();
        for _ in 0..7 {
            let legal = game.legal_moves();
            let m = legal[legal.len() / 3];
            game.apply(&m);
            moves.push(m);
        }
        let q = share_query(&start, &moves, 7).unwrap();
        assert!(!q.contains("ply"), "{q}");
        let (shared, ply) = shared_from_query(&q).unwrap().unwrap();
        assert_eq!((shared.moves.as_slice(), ply), (moves.as_slice(), 7));
        let q = share_query(&start, &moves, 3).unwrap();
        assert_eq!(shared_from_query(&q).unwrap().unwrap().1, 3);
        assert_eq!(shared_from_query("?ruleset=srand"), Ok(None));
        // a changed character, a cut link, a bad ply: each refused in words
        let g = q
            .trim_start_matches("?g=")
            .split('&')
            .next()
            .unwrap()
            .to_string();
        let mut changed = g.clone().into_bytes();
        changed[4] = if changed[4] == b'A' { b'B' } else { b'A' };
        let changed = String::from_utf8(changed).unwrap();
        for bad in [
            format!("?g={changed}"),
            format!("?g={}", &g[..g.len() - 2]),
            format!("?g={g}&ply=8"),
            format!("?g={g}&ply=two"),
            "?g=".to_string(),
            "?g=2abc".to_string(),
        ] {
            let e = shared_from_query(&bad).unwrap_err();
            assert!(e.starts_with("the shared link"), "{bad}: {e}");
        }
    }
}
