//! The address bar: `?ruleset=ID` and `&option.KEY=VALUE` start that ruleset directly;
//! `?g=LINK` (a share link, [`quirkat_rules::link`]) opens a shared game, with `&ply=N` the ply
//! shown (default: the last); `?rules=ID` opens the rules page of a ruleset (a game's id is its
//! default ruleset's); `?lesson=GAME` a game's course, with `&step=N` one of its steps; `?puzzle=GAME`
//! a game's puzzles, with `&n=N` one of them.

use quirkat_rules::link::{self, Shared};
use quirkat_rules::{Game, GameKind, Move, Rules, RulesetId};

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
    let value = |name: &str| params.iter().find(|(k, _)| k == name).map(|(_, v)| v);
    let Some(g) = value("g") else {
        return Ok(None);
    };
    let shared =
        link::decode(g.trim()).map_err(|e| format!("the shared link cannot be opened: {e}"))?;
    let ply = match value("ply") {
        None => shared.moves.len(),
        Some(p) => match p.parse::<usize>() {
            Ok(n) if n <= shared.moves.len() => n,
            _ => {
                return Err(format!(
                    "the shared link asks for ply '{}', but its game has {} plies",
                    short(p),
                    shared.moves.len()
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
    let params = match params(query) {
        Ok(p) => p,
        Err(e) => return query.contains("rules=").then_some(Err(e)),
    };
    let (_, id) = params.into_iter().find(|(k, _)| k == "rules")?;
    Some(id.parse::<RulesetId>().map_err(|_| {
        format!(
            "there is no ruleset '{}': the rules pages are those of the games below",
            short(&id)
        )
    }))
}

/// The lesson the query string asks for (`lesson=GAME`, `step=N` from 1): `None` when it asks for
/// none, the game and the step, or an error in words.
pub fn lesson_from_query(query: &str) -> Option<Result<(GameKind, Option<usize>), String>> {
    game_and_number(query, "lesson", "step", "course")
}

/// The puzzles the query string asks for (`puzzle=GAME`, `n=N` from 1, the puzzle in order of
/// difficulty): `None` when it asks for none, the game and the number, or an error in words.
pub fn puzzle_from_query(query: &str) -> Option<Result<(GameKind, Option<usize>), String>> {
    game_and_number(query, "puzzle", "n", "puzzle set")
}

/// `key=GAME` and `number=N` (from 1) of a query string; `what` names the thing in errors.
fn game_and_number(
    query: &str,
    key: &str,
    number: &str,
    what: &str,
) -> Option<Result<(GameKind, Option<usize>), String>> {
    let params = match params(query) {
        Ok(p) => p,
        Err(e) => return query.contains(&format!("{key}=")).then_some(Err(e)),
    };
    let value = |name: &str| {
        params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let id = value(key)?;
    let Some(game) = GameKind::ALL.into_iter().find(|g| g.id() == id) else {
        return Some(Err(format!(
            "there is no {what} '{}': the ones there are are below",
            short(&id)
        )));
    };
    let n = match value(number) {
        None => None,
        Some(s) => match s.parse::<usize>() {
            Ok(n) if n >= 1 => Some(n),
            _ => {
                return Some(Err(format!(
                    "{number} '{}' is not a number from 1",
                    short(&s)
                )));
            }
        },
    };
    Some(Ok((game, n)))
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
        .map_err(|e| format!("the address asks for an unknown ruleset: {e}"))?;
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
                let hex = s
                    .get(i + 1..i + 3)
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
            Some(Ok((GameKind::Queah, Some(12))))
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
