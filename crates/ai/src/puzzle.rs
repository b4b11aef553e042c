//! Puzzles judged by search: whether exactly one move of a position wins decisively, and if so
//! its winning line, what it wins, how deep the search must look to find it, and the refutation of
//! every other move. `quirkat puzzles` (crates/cli) finds puzzles with [`judge`], and the cli's
//! tests judge every shipped puzzle again with it, so the two cannot disagree on the definition.
//!
//! # The definition
//!
//! With `D` = [`Params::depth`], `G` = [`Params::margin`], and every search made from cleared
//! tables (so that a verdict depends only on the position), without a clock, stopping at its depth,
//! at [`Params::nodes`] nodes or at [`Params::moves`] moves generated and scanned
//! ([`Searcher::set_move_limit`]), whichever comes first, late quiet moves reduced by one ply
//! only ([`Reductions::OnePly`]), with the result of its last completed iteration:
//!
//! 1. **A choice**: the position has from [`MIN_MOVES`] (a choice between two is a guess) to
//!    [`MAX_MOVES`] legal moves.
//! 2. **The search finds one move that stands out**: a search of the position to depth `D` chooses
//!    a move, and a search to depth `D` among the other moves (when there are more than one) scores
//!    their best at least `G` below it, unless the chosen move's score is a won game; neither
//!    score of a won game for both. The **difficulty** is the smallest depth `d` in `1..=D` from
//!    which the first search chose the winning move at every depth `d..=D` (when it stops early,
//!    on a win it has seen to the end, its last choice stands for the depths after).
//! 3. **Every move scored**: the position after each legal move is searched to depth `D − 1`, and
//!    the move's score is that result from the mover's side (a game the move ends is scored by its
//!    outcome). The chosen move must score highest, alone, a won game or at least `G` above every
//!    other move, and no other move may score a won game.
//! 4. **Not a plain recapture**: the winning move is not the position's only capture.
//! 5. **It wins something**: the winning **line** is the move and the principal variation after it
//!    from step 3 (lengthened by searches of depth 3 from its end while it is shorter than six
//!    plies). If the move's score is a won game, the gain is the game and the solution is the line
//!    cut to five plies at most, ending with the mover's move. Otherwise the gain of the line cut
//!    after 1, 3 or 5 plies is the pieces the mover is ahead by then, counted against the
//!    position, and taking the opponent's next reply in the line into account (the least of the
//!    two counts): material, board and reserve, in every family but towers, where pieces never
//!    leave the board and the count is of the pieces taken (jumps made) by each side. The cut with
//!    the largest gain is taken (the shortest of equal ones); a gain below one piece is not a
//!    puzzle.
//! 6. **Refutations**: for every other move, the opponent's reply line from its search in step 3,
//!    three plies (or one, if the line is shorter; none if the move ends the game).
//!
//! # Queah and the solved table
//!
//! Given the solved [`Table`] of the rules, a Queah position is judged exactly: it is a puzzle only
//! if the table scores it a **win** for the side to move and exactly one move keeps the win, in at
//! most [`Params::win_plies`] plies and within the no-progress limit (the position's count plus the
//! plies to the win; the table knows the game without that limit and repetition). The table
//! replaces the margins of steps 2 and 3 (the search of step 2 must still choose the winning move:
//! that is the difficulty), the gain is the game, and the solution is the table's line (the fastest
//! win against the slowest defence), five plies at most. Steps 1, 4 and 6 apply as they are.

use crate::clock::ZeroClock;
use crate::queah::{Table, Value};
use crate::search::{Limits, MATE, MATE_BOUND, Reductions, RootMoves, Searcher};
use quirkat_rules::{Family, Game, GameResult, Move, make};
use std::fmt;

/// The parameters of the definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// `D`: the depth of the search of the position; each move's resulting position is searched to
    /// `D − 1`.
    pub depth: u32,
    /// `G`: how much more than the next best move the winning move must score, in centimen, unless
    /// it wins the game.
    pub margin: i32,
    /// The most nodes of any one search (it stops at the depth or the nodes, whichever comes
    /// first).
    pub nodes: u64,
    /// The most moves any one search may generate, over all its nodes
    /// ([`Searcher::set_move_limit`]): what bounds the time where a node can list thousands of
    /// capture chains.
    pub moves: u64,
    /// Queah with the solved table: the longest win taken, in plies.
    pub win_plies: u16,
}

/// The fewest legal moves of a puzzle: a choice between two moves is a guess.
pub const MIN_MOVES: usize = 3;
/// The most legal moves of a puzzle (each needs its refutation).
pub const MAX_MOVES: usize = 40;
/// The greatest cut of the winning line, in plies.
pub const SOLUTION_PLIES: usize = 5;
/// The greatest length of a refutation, in plies.
pub const REFUTATION_PLIES: usize = 3;
/// The line is lengthened to this many plies (when it is shorter) to count its gain.
const LINE_PLIES: usize = SOLUTION_PLIES + 1;

impl Params {
    /// The parameters for a game family: depth 6 in the leap games (Srand, Zamma), 5 in Surakarta
    /// (many moves a ply, and captures round the circuits), 8 in Queah and towers (small boards:
    /// their searches are cheap); 200,000 nodes and 4,000,000 moves a search at most; a margin of
    /// 150 centimen (a man and a half); Queah wins in at most 9 plies. Chosen so that
    /// `quirkat puzzles` makes the five shipped sets within 20 minutes of one core (a release
    /// build; 10½ measured), and the cli's test judges them all again in well under a minute.
    pub fn for_family(family: Family) -> Params {
        Params {
            depth: match family {
                Family::Leap => 6,
                Family::Surakarta => 5,
                Family::Queah | Family::Towers => 8,
            },
            margin: 150,
            nodes: 200_000,
            moves: 4_000_000,
            win_plies: 9,
        }
    }

    /// The limits of a search to `depth`.
    fn limits(&self, depth: u32) -> Limits {
        Limits {
            time_ms: None,
            depth: Some(depth),
            nodes: Some(self.nodes),
        }
    }
}

/// What a winning line wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gain {
    /// The game.
    Game,
    /// This many pieces.
    Pieces(u32),
}

/// A position that is a puzzle.
#[derive(Clone, Debug)]
pub struct Found {
    /// The winning move.
    pub best: Move,
    /// Its score from the mover's side (for Queah with the table in a won position: a won game's
    /// score, `MATE` less the plies to the win).
    pub score: i32,
    /// The best score of the other moves.
    pub next: i32,
    /// The winning line: the move, the replies and the mover's moves, ending with the mover's.
    pub solution: Vec<Move>,
    /// What the line wins.
    pub gain: Gain,
    /// The smallest depth from which the search keeps to the winning move.
    pub difficulty: u32,
    /// Every other legal move, in the order of the rules' generator, with the opponent's reply
    /// line (empty when the move ends the game).
    pub refutations: Vec<(Move, Vec<Move>)>,
}

/// Why a position is not a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum Rejected {
    /// The game is over, or fewer than [`MIN_MOVES`] moves are legal.
    NoChoice,
    /// More than [`MAX_MOVES`] moves are legal (how many).
    TooManyMoves(usize),
    /// Two moves are equally best or both win the game, or (Queah) both keep the table's win (the
    /// moves' texts).
    TwoWinning(String, String),
    /// The best move does not stand out by the margin (the two best scores).
    NotDecisive(i32, i32),
    /// The best move is the only capture.
    OnlyCapture,
    /// The search of the position to depth `D` chooses another move than the table's winning one,
    /// or another move than the search's choice scores highest in step 3 (its text).
    NotChosen(String),
    /// The line wins no piece.
    NoGain,
    /// Queah: the table's win is longer than [`Params::win_plies`], or the no-progress limit may cut
    /// it (its plies).
    WinTooLong(u16),
    /// Queah: the table does not score the position a win for the side to move.
    NotWon,
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejected::NoChoice => write!(f, "fewer than {MIN_MOVES} legal moves"),
            Rejected::TooManyMoves(n) => write!(f, "{n} legal moves, more than {MAX_MOVES}"),
            Rejected::TwoWinning(a, b) => write!(f, "two moves win: {a} and {b}"),
            Rejected::NotDecisive(a, b) => {
                write!(
                    f,
                    "the best move scores {a}, the next best {b}: not decisive"
                )
            }
            Rejected::OnlyCapture => f.write_str("the winning move is the only capture"),
            Rejected::NotChosen(m) => write!(f, "the search of the position chooses {m}"),
            Rejected::NoGain => f.write_str("the winning line wins no piece"),
            Rejected::WinTooLong(n) => write!(f, "the win takes {n} plies"),
            Rejected::NotWon => f.write_str("the solved table does not score the position a win"),
        }
    }
}

/// One legal move with its score and the opponent's reply line.
struct Scored {
    m: Move,
    score: i32,
    line: Vec<Move>,
}

/// The transposition table's size of the judge's searcher, in megabytes: which entries a search
/// keeps depends on it, so a verdict is repeated exactly only with the same size.
pub const TABLE_MB: usize = 16;

/// A searcher for [`judge`], with a table of [`TABLE_MB`].
pub fn searcher() -> Searcher {
    Searcher::new(TABLE_MB)
}

/// Searches `game` within `limits` from cleared tables.
fn search(searcher: &mut Searcher, game: &Game, limits: &Limits) -> crate::SearchResult {
    searcher.clear();
    searcher.search(game, limits, &ZeroClock, &mut |_| true)
}

/// The score of a finished game for the side to move, as the search scores it.
fn finished(game: &Game) -> Option<i32> {
    let o = game.outcome()?;
    let me = game.position().side_to_move();
    Some(match o.result {
        GameResult::Win(s) if s == me => MATE,
        GameResult::Win(_) => -MATE,
        GameResult::Draw => 0,
    })
}

/// Judges `game`'s position by the definition of the module documentation, with `table` for Queah
/// (ignored unless it covers the rules). `searcher` should come from [`searcher`] (the size of its
/// table matters); it is cleared before every search, its move limit
/// ([`Searcher::set_move_limit`]) set to [`Params::moves`], and its late moves reduced one ply
/// ([`Reductions::OnePly`]: a deeper reduction of a quiet move could hide a second win, and the
/// shipped puzzles were judged so).
pub fn judge(
    game: &Game,
    params: &Params,
    searcher: &mut Searcher,
    table: Option<&Table>,
) -> Result<Found, Rejected> {
    searcher.set_move_limit(Some(params.moves));
    searcher.set_reductions(Reductions::OnePly);
    let legal = game.legal_moves();
    if legal.len() < MIN_MOVES {
        return Err(Rejected::NoChoice);
    }
    if legal.len() > MAX_MOVES {
        return Err(Rejected::TooManyMoves(legal.len()));
    }
    let rules = *game.rules();
    let text = |m: &Move| m.text(rules.board);
    let pos = game.position();
    let table = table.filter(|t| t.covers(&rules));
    let value = table.and_then(|t| t.lookup(pos));
    let after = |m: &Move| table.and_then(|t| t.lookup(&make(&rules, pos, m)));
    // Queah, a position the table scores a win: exactly one move keeps it, soon enough
    let table_win = match value {
        Some(Value::Win(_)) => {
            let wins: Vec<(Move, u16)> = legal
                .iter()
                .filter_map(|m| match after(m)?.before() {
                    Value::Win(n) => Some((*m, n)),
                    _ => None,
                })
                .collect();
            let (m, n) = match wins.as_slice() {
                [one] => *one,
                [a, b, ..] => return Err(Rejected::TwoWinning(text(&a.0), text(&b.0))),
                // every move leaves the table's states: not judged
                [] => return Err(Rejected::NotWon),
            };
            let limit = u32::from(rules.options.limit);
            if n > params.win_plies
                || (limit > 0 && u32::from(pos.no_progress()) + u32::from(n) > limit)
            {
                return Err(Rejected::WinTooLong(n));
            }
            Some((m, n))
        }
        Some(_) => return Err(Rejected::NotWon),
        None => None,
    };
    // step 2: the search of the position, depth by depth, and of the other moves
    let mut choices: Vec<Option<Move>> = Vec::new();
    searcher.clear();
    let root = searcher.search(game, &params.limits(params.depth), &ZeroClock, &mut |p| {
        choices.push(p.pv.first().copied());
        true
    });
    let best = root.best.expect("the game is not over");
    if let Some((m, _)) = table_win
        && m != best
    {
        return Err(Rejected::NotChosen(text(&best)));
    }
    if table_win.is_none() {
        let others: Vec<Move> = legal.iter().copied().filter(|m| *m != best).collect();
        searcher.clear();
        let rest = searcher.search_among(
            game,
            &params.limits(params.depth),
            &ZeroClock,
            &mut |_| true,
            0,
            0,
            RootMoves::Only(&others),
        );
        let next = rest.best.expect("a second move");
        decisive(root.score, rest.score, params, || {
            (text(&best), text(&next))
        })?;
    }
    // step 3: every move scored, with the opponent's reply line
    let scored: Vec<Scored> = legal
        .iter()
        .map(|m| {
            let mut child = game.clone();
            child.apply(m);
            if let Some(s) = finished(&child) {
                return Scored {
                    m: *m,
                    score: -s,
                    line: Vec::new(),
                };
            }
            let r = search(searcher, &child, &params.limits(params.depth - 1));
            let mut line = r.pv;
            if line.is_empty() {
                line.extend(r.best);
            }
            Scored {
                m: *m,
                score: -r.score,
                line,
            }
        })
        .collect();
    let best_i = legal.iter().position(|m| *m == best).expect("a legal move");
    let score = scored[best_i].score;
    let next = scored
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != best_i)
        .max_by_key(|(_, s)| s.score)
        .map(|(_, s)| s)
        .expect("a second move");
    if table_win.is_none() {
        if scored.iter().any(|s| s.score > score) {
            let top = scored.iter().max_by_key(|s| s.score).expect("moves");
            return Err(Rejected::NotChosen(text(&top.m)));
        }
        decisive(score, next.score, params, || (text(&best), text(&next.m)))?;
    }
    // step 4: not a plain recapture
    if best.is_capture() && legal.iter().filter(|m| m.is_capture()).count() == 1 {
        return Err(Rejected::OnlyCapture);
    }
    let mut difficulty = (choices.len() as u32).clamp(1, params.depth);
    while difficulty > 1 && choices[difficulty as usize - 2] == Some(best) {
        difficulty -= 1;
    }
    // step 5: the line and its gain
    let (solution, gain) = if let (Some(t), Some(_)) = (table, table_win) {
        let mut end = game.clone();
        end.apply(&best);
        let mut line = vec![best];
        while line.len() < SOLUTION_PLIES {
            let Some(m) = t.best_move(&end) else { break };
            end.apply(&m);
            line.push(m);
        }
        line.truncate(odd(line.len()));
        (line, Gain::Game)
    } else {
        let mut line = vec![best];
        line.extend(scored[best_i].line.iter().copied());
        lengthen(&mut line, game, searcher, params);
        if score > MATE_BOUND {
            line.truncate(odd(line.len().min(SOLUTION_PLIES)));
            (line, Gain::Game)
        } else {
            let counts = counts(game, &line);
            let (won, cut) = [1, 3, 5]
                .into_iter()
                .filter(|&l| l <= line.len())
                .map(|l| (counts[l].min(*counts.get(l + 1).unwrap_or(&counts[l])), l))
                .max_by_key(|&(g, l)| (g, std::cmp::Reverse(l)))
                .expect("the line has its first move");
            if won < 1 {
                return Err(Rejected::NoGain);
            }
            line.truncate(cut);
            (line, Gain::Pieces(won as u32))
        }
    };
    let next = next.score;
    // step 6
    let refutations = scored
        .into_iter()
        .enumerate()
        .filter(|(i, _)| *i != best_i)
        .map(|(_, s)| {
            let mut line = s.line;
            line.truncate(odd(line.len().min(REFUTATION_PLIES)));
            (s.m, line)
        })
        .collect();
    let score = match table_win {
        Some((_, n)) => MATE - i32::from(n),
        None => score,
    };
    Ok(Found {
        best,
        score,
        next,
        solution,
        gain,
        difficulty,
        refutations,
    })
}

/// The test of steps 2 and 3: `best` above `next`, a won game or `margin` above it, and `next` not
/// a won game.
fn decisive(
    best: i32,
    next: i32,
    params: &Params,
    names: impl Fn() -> (String, String),
) -> Result<(), Rejected> {
    if best <= next || next > MATE_BOUND {
        let (a, b) = names();
        return Err(Rejected::TwoWinning(a, b));
    }
    if best <= MATE_BOUND && best - next < params.margin {
        return Err(Rejected::NotDecisive(best, next));
    }
    Ok(())
}

/// The greatest odd number at most `n` (0 for 0).
fn odd(n: usize) -> usize {
    if n == 0 { 0 } else { n - (1 - n % 2) }
}

/// Lengthens `line` (played from `game`) to [`LINE_PLIES`] by searches of depth 3 from its end,
/// while the game goes on.
fn lengthen(line: &mut Vec<Move>, game: &Game, searcher: &mut Searcher, params: &Params) {
    let mut end = game.clone();
    for m in line.iter() {
        end.apply(m);
    }
    while line.len() < LINE_PLIES && end.outcome().is_none() {
        let r = search(searcher, &end, &params.limits(3));
        let more: Vec<Move> = if r.pv.is_empty() {
            r.best.into_iter().collect()
        } else {
            r.pv
        };
        if more.is_empty() {
            break;
        }
        for m in more.into_iter().take(LINE_PLIES - line.len()) {
            end.apply(&m);
            line.push(m);
        }
    }
}

/// The pieces the side to move in `game` is ahead by after each ply of `line` (index 0: before
/// it), counted against the position: material in every family but towers, jumps made there.
fn counts(game: &Game, line: &[Move]) -> Vec<i32> {
    let me = game.position().side_to_move();
    let towers = game.rules().family == Family::Towers;
    let balance = |g: &Game| {
        let p = g.position();
        p.material_lead(me)
    };
    let start = balance(game);
    let mut g = game.clone();
    let mut taken = 0;
    let mut out = vec![0];
    for m in line {
        let mine = g.position().side_to_move() == me;
        if towers {
            let n = m.capture_count() as i32;
            taken += if mine { n } else { -n };
        }
        g.apply(m);
        out.push(if towers { taken } else { balance(&g) - start });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use quirkat_rules::{Rules, RulesetId};

    #[test]
    fn odd_cuts() {
        assert_eq!((0..7).map(odd).collect::<Vec<_>>(), [0, 1, 1, 3, 3, 5, 5]);
    }

    /// Srand's three first moves are alike: no one of them wins.
    #[test]
    fn the_start_is_no_puzzle() {
        let game = Game::new(Rules::new(RulesetId::Srand));
        let params = Params {
            depth: 3,
            ..Params::for_family(Family::Leap)
        };
        let verdict = judge(&game, &params, &mut searcher(), None);
        assert!(
            matches!(
                verdict,
                Err(Rejected::NotDecisive(..) | Rejected::TwoWinning(..))
            ),
            "{verdict:?}"
        );
    }

    /// In towers pieces never leave the board: the gain is the pieces taken, each side's jumps.
    #[test]
    fn towers_counts_the_jumps() {
        let start = Game::new(Rules::new(RulesetId::Towers));
        let mut game = start.clone();
        let (mut line, mut want, mut taken) = (Vec::new(), vec![0], [0, 0]);
        // the first legal move every ply, until both sides have captured
        while taken.contains(&0) {
            let m = game.legal_moves()[0];
            let n = m.capture_count() as i32;
            taken[line.len() % 2] += n;
            want.push(taken[0] - taken[1]);
            line.push(m);
            game.apply(&m);
        }
        let me = start.position().side_to_move();
        assert_eq!(game.position().material(me), start.position().material(me));
        assert_eq!(counts(&start, &line), want);
    }
}
