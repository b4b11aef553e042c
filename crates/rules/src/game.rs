//! A game in progress: rules, position and the repetition history; checked moves, the end of the game
//! and perft.

use crate::board::{Bits, NONE, Point, bit};
use crate::error::PlayError;
use crate::family::{self, generate, make, tree};
use crate::illegal::Illegal;
use crate::moves::{MAX_MOVES, Move, ParsedMove};
use crate::position::{Position, Side};
use crate::ruleset::{CaptureRule, Chains, Family, Rejump, Rules, Scoring};
use std::fmt;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// That side won.
    Win(Side),
    /// Nobody won.
    Draw,
}

/// Why a game ended (RULES.md, "End of game").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The loser has no pieces left (in towers: none on top of a stack).
    AllCaptured,
    /// The loser has pieces but no legal move.
    Blocked,
    /// `limit` plies without progress; scored.
    NoProgress,
    /// A position occurred for the third time (second, in Olympiad rules); scored.
    Repetition,
}

impl EndReason {
    /// A short id: `all-captured`, `blocked`, `no-progress`, `repetition`.
    pub fn id(self) -> &'static str {
        match self {
            EndReason::AllCaptured => "all-captured",
            EndReason::Blocked => "blocked",
            EndReason::NoProgress => "no-progress",
            EndReason::Repetition => "repetition",
        }
    }
}

/// The end of a game: result, reason and each side's pieces (on board and in reserve).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won.
    pub result: GameResult,
    /// Why the game ended.
    pub reason: EndReason,
    /// Pieces of the first and second player at the end.
    pub material: [u32; 2],
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.result {
            GameResult::Win(s) => format!("{s} wins"),
            GameResult::Draw => "draw".to_string(),
        };
        let why = match self.reason {
            EndReason::AllCaptured => "the loser has no pieces left",
            EndReason::Blocked => "the loser has no legal move",
            EndReason::NoProgress => "the no-progress limit was reached",
            EndReason::Repetition => "the same position came back too often",
        };
        write!(
            f,
            "{who}: {why} ({}–{})",
            self.material[0], self.material[1]
        )
    }
}

/// A game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) rules: Rules,
    pub(crate) pos: Position,
    /// Hashes of the positions since the last irreversible move, the current one last.
    pub(crate) history: Vec<u64>,
}

impl Game {
    /// A new game from the ruleset's start position.
    pub fn new(rules: Rules) -> Game {
        let pos = Position::start(&rules);
        Game {
            rules,
            pos,
            history: vec![pos.hash],
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The hashes of the earlier positions that can still recur, oldest first (not the current one).
    pub fn history(&self) -> &[u64] {
        &self.history[..self.history.len() - 1]
    }

    /// How many times the current position has occurred (1 the first time).
    pub fn occurrences(&self) -> usize {
        let h = self.pos.hash;
        self.history.iter().filter(|&&x| x == h).count()
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        generate(&self.rules, &self.pos, &mut out);
        if !out.is_empty() && self.limit_reached() {
            out.clear();
        }
        out
    }

    fn limit_reached(&self) -> bool {
        EndRules::new(&self.rules)
            .limit(&self.pos, &self.history)
            .is_some()
    }

    /// The end of the game, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.legal_moves_and_outcome().1
    }

    /// [`Game::legal_moves`] and [`Game::outcome`] together, finding the moves once.
    pub fn legal_moves_and_outcome(&self) -> (Vec<Move>, Option<Outcome>) {
        let mut out = Vec::with_capacity(64);
        generate(&self.rules, &self.pos, &mut out);
        let outcome = outcome_of(&self.rules, &self.pos, out.is_empty(), &self.history);
        if outcome.is_some() {
            // no moves, or a limit has ended the game: what `legal_moves` returns then
            out.clear();
        }
        (out, outcome)
    }

    /// Whether `m` is legal here, and if not, why. `m` is compared with the legal moves (a flying
    /// chain beyond the most moves listed is looked for directly); no text is involved.
    pub fn check(&self, m: &Move) -> Result<(), Illegal> {
        self.resolve(&ParsedMove::of(m)).map(|_| ())
    }

    /// Plays a move if it is legal here; on error nothing changes.
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        let found = self
            .resolve(&ParsedMove::of(m))
            .map_err(|reason| PlayError::Illegal {
                text: m.text(self.rules.board),
                board: self.rules.board.kind,
                reason,
            })?;
        self.apply(&found);
        Ok(())
    }

    /// Reads a move in notation and plays it; returns the move played.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let m = self.parse_move(text)?;
        self.apply(&m);
        Ok(m)
    }

    /// Reads a move in notation and finds it among the legal moves, or says why it is not legal.
    ///
    /// A capture may also be written by its start and final point alone (`c3xg7`), as a player
    /// points at them: when exactly one legal chain goes from the one to the other that chain is
    /// meant, and when several do the move is [`PlayError::Ambiguous`]. (RULES.md writes every
    /// landing point; this abbreviation is our addition, and a move is always printed in full.)
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        let shown: String = text.trim().chars().take(60).collect();
        let board = self.rules.board;
        let parsed = ParsedMove::parse(board, text).map_err(|error| PlayError::Notation {
            text: shown.clone(),
            error,
        })?;
        let reason = match self.resolve(&parsed) {
            Ok(m) => return Ok(m),
            Err(reason) => reason,
        };
        if parsed.capture && parsed.path.len() == 1 && reason != Illegal::GameOver {
            let to = parsed.path[0];
            let candidates: Vec<Move> = self
                .legal_moves()
                .into_iter()
                .filter(|l| {
                    l.from == parsed.from
                        && l.drop == parsed.drop
                        && l.huff == parsed.huff
                        && l.capture
                        && l.len > 1
                        && l.to() == to
                })
                .collect();
            match candidates.as_slice() {
                [only] => return Ok(*only),
                [_, _, ..] => {
                    return Err(PlayError::Ambiguous {
                        text: shown,
                        board: board.kind,
                        candidates,
                    });
                }
                [] => {}
            }
        }
        Err(PlayError::Illegal {
            text: shown,
            board: board.kind,
            reason,
        })
    }

    /// The legal move that `m` names, or why there is none: [`Game::check`] for a move that is
    /// only written (a [`ParsedMove`] read from notation, or put together from a player's clicks).
    pub fn resolve(&self, m: &ParsedMove) -> Result<Move, Illegal> {
        let legal = self.legal_moves();
        if legal.is_empty() {
            return Err(Illegal::GameOver);
        }
        if let Some(found) = legal.iter().find(|l| l.matches(m)) {
            return Ok(*found);
        }
        if legal.len() >= MAX_MOVES
            && let Some(found) = family::find_unlisted(&self.rules, &self.pos, m)
        {
            return Ok(found);
        }
        Err(self.explain(m, &legal))
    }

    /// Plays a legal move (from [`Game::legal_moves`]) without checking it.
    pub fn apply(&mut self, m: &Move) {
        self.pos = make(&self.rules, &self.pos, m);
        if EndRules::new(&self.rules).irreversible(m) {
            self.history.clear();
        }
        self.history.push(self.pos.hash);
    }

    /// Why a well-formed move is not among the `legal` ones (not empty): the first rule it breaks,
    /// in the order a turn is written (drop or huff, the piece, the capture rules, the target).
    fn explain(&self, m: &ParsedMove, legal: &[Move]) -> Illegal {
        let board = self.rules.board;
        let pos = &self.pos;
        let me = pos.side.index();
        let points = |set: Bits| board.points_in(set).collect::<Vec<Point>>();
        if pos.drop_pending && m.drop == NONE {
            return Illegal::DropDue;
        }
        if m.drop != NONE && !pos.drop_pending {
            return if self.rules.family == Family::Queah && pos.own[me].count_ones() >= 4 {
                Illegal::FourOnBoard {
                    pieces: points(pos.own[me]),
                }
            } else {
                Illegal::NoDropDue
            };
        }
        if m.drop != NONE && (pos.own[0] | pos.own[1]) & bit(m.drop) != 0 {
            return Illegal::DropOccupied { at: Point(m.drop) };
        }
        if m.drop != NONE && m.from == NONE {
            return Illegal::DropAlone;
        }
        if m.huff != NONE && pos.huff & bit(m.huff) == 0 {
            return if pos.huff == 0 {
                Illegal::HuffNotAllowed
            } else {
                Illegal::HuffWrongPiece {
                    at: Point(m.huff),
                    allowed: points(pos.huff),
                }
            };
        }
        let from = Point(m.from);
        let own_after_drop = pos.own[me] | if m.drop != NONE { bit(m.drop) } else { 0 };
        if own_after_drop & from.bit() == 0 {
            return if pos.own[pos.side.other().index()] & from.bit() != 0 {
                Illegal::NotYourPiece { at: from }
            } else {
                Illegal::NoPiece { at: from }
            };
        }
        let same_turn = |l: &&Move| l.drop == m.drop && l.huff == m.huff;
        let captures: Vec<&Move> = legal
            .iter()
            .filter(same_turn)
            .filter(|l| l.capture)
            .collect();
        let most = captures.iter().map(|l| l.ncaptured).max().unwrap_or(0);
        let majority = || Illegal::Majority {
            required: most as u32,
            longest: captures
                .iter()
                .filter(|l| l.ncaptured == most)
                .take(Illegal::MOVES_KEPT)
                .map(|l| **l)
                .collect(),
        };
        let forced = self.rules.capture == CaptureRule::Compulsory && !captures.is_empty();
        if forced && !m.capture {
            if self.rules.majority && most > 1 {
                return majority();
            }
            let capturers = captures.iter().fold(0, |set, l| set | bit(l.from));
            return Illegal::CaptureCompulsory {
                capturers: points(capturers),
            };
        }
        if m.capture {
            let longer: Vec<&&Move> = captures
                .iter()
                .filter(|l| {
                    l.from == m.from
                        && l.landings().len() > m.path.len()
                        && l.landings().starts_with(&m.path)
                })
                .collect();
            if !longer.is_empty() && self.rules.chains == Chains::Compulsory {
                let mut next: Vec<Point> = longer.iter().map(|l| l.path[m.path.len()]).collect();
                next.sort_unstable();
                next.dedup();
                return Illegal::ChainGoesOn {
                    at: m.path.last().copied().unwrap_or(from),
                    next,
                };
            }
            if let Some(why) = self.rejump(m) {
                return why;
            }
            if self.rules.majority && !captures.is_empty() && (m.path.len() as u8) < most {
                return majority();
            }
            if self.rules.chains == Chains::Single && m.path.len() > 1 {
                return Illegal::SingleCapture;
            }
            return Illegal::CannotCapture {
                from,
                path: m.path.clone(),
            };
        }
        let to = m.path.first().copied().unwrap_or(from);
        if legal
            .iter()
            .filter(same_turn)
            .any(|l| l.from == m.from && !l.capture)
        {
            let man = pos.kings & from.bit() == 0;
            if (pos.own[0] | pos.own[1]) & to.bit() != 0 && to != from {
                return Illegal::Occupied { from, to };
            }
            if self.rules.men_forward
                && man
                && (self.rules.family == Family::Leap || self.rules.ranked_columns())
            {
                return Illegal::ManMovesForward { from, to };
            }
            return Illegal::Unreachable { from, to };
        }
        Illegal::NoMove { from }
    }

    /// A short-leap chain that jumps a point again where the rules forbid it: the point its previous
    /// leap jumped (towers), or any point jumped before with `no_rejump`.
    fn rejump(&self, m: &ParsedMove) -> Option<Illegal> {
        if self.rules.family != Family::Towers {
            return None;
        }
        let board = self.rules.board;
        let mut jumped: Vec<u8> = Vec::new();
        let mut a = m.from;
        for &Point(b) in &m.path {
            let q = board.between(a, b);
            if q == NONE {
                return None;
            }
            if self.rules.rejump == Rejump::NotLast && jumped.last() == Some(&q) {
                return Some(Illegal::JumpedJustBefore { at: Point(q) });
            }
            if self.rules.rejump == Rejump::Never && jumped.contains(&q) {
                return Some(Illegal::JumpedTwice { at: Point(q) });
            }
            jumped.push(q);
            a = b;
        }
        None
    }

    /// Perft: the number of move sequences of `depth` plies from here, counting distinct moves at every
    /// node and nothing below a finished game. The moves of the last ply are counted, not made.
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_with(depth, false)
    }

    /// Perft that also makes every move of the last ply: what `quirkat bench` times, so that its
    /// nodes per second include making every move.
    pub fn perft_making_leaves(&self, depth: u32) -> u64 {
        self.perft_with(depth, true)
    }

    fn perft_with(&self, depth: u32, make_leaves: bool) -> u64 {
        let mut bufs: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
        let mut history = self.history.clone();
        let node = Node {
            rules: &self.rules,
            end: EndRules::new(&self.rules),
            make_leaves,
        };
        let (pos, bufs, history) = (&self.pos, &mut bufs, &mut history);
        match family::settle(&self.rules) {
            tree::STACKLESS => node.count::<{ tree::STACKLESS }>(pos, depth, bufs, history, 0),
            tree::COLUMNS => node.count::<{ tree::COLUMNS }>(pos, depth, bufs, history, 0),
            _ => node.count::<{ tree::STACKS }>(pos, depth, bufs, history, 0),
        }
    }
}

/// What a perft keeps fixed through the tree.
struct Node<'a> {
    rules: &'a Rules,
    end: EndRules,
    make_leaves: bool,
}

impl Node<'_> {
    /// Leaves below `pos`; `window` is where the positions that can still recur start in `history`.
    /// `TREE` is the rules' [`family::settle`], settled once for the tree.
    fn count<const TREE: u8>(
        &self,
        pos: &Position,
        depth: u32,
        bufs: &mut [Vec<Move>],
        history: &mut Vec<u64>,
        window: usize,
    ) -> u64 {
        let rules = self.rules;
        if depth == 0 {
            return 1;
        }
        let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
        family::generate_settled::<TREE>(rules, pos, buf);
        if buf.is_empty() || self.end.limit(pos, &history[window..]).is_some() {
            return 0;
        }
        if depth == 1 {
            if self.make_leaves {
                // the whole position is made and kept, as a search would use it
                family::for_each_child::<TREE>(rules, pos, buf, |_, child| {
                    std::hint::black_box(child);
                });
            }
            return buf.len() as u64;
        }
        let mut total = 0;
        family::for_each_child::<TREE>(rules, pos, buf, |m, child| {
            let w = if self.end.irreversible(m) {
                history.len()
            } else {
                window
            };
            history.push(child.hash);
            total += self.count::<TREE>(child, depth - 1, rest, history, w);
            history.pop();
        });
        total
    }
}

/// The end-of-game rules of a ruleset (RULES.md, "End of game") that lie beyond one position's
/// moves: the no-progress limit, the repetition window, and how a game ended by either is scored.
/// [`Game`], its perft and a search all end games through this one type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRules {
    family: Family,
    limit: u16,
    repetitions: u8,
    scoring: Scoring,
}

impl EndRules {
    /// The end-of-game rules of `rules`.
    pub fn new(rules: &Rules) -> EndRules {
        EndRules {
            family: rules.family,
            limit: rules.options.limit,
            repetitions: rules.repetitions,
            scoring: rules.scoring,
        }
    }

    /// Whether positions before `m` can never occur again after it, so that the window of
    /// positions that can recur starts afresh (see [`family::irreversible`]).
    #[inline]
    pub fn irreversible(&self, m: &Move) -> bool {
        m.huff != NONE
            || m.drop != NONE
            || m.promotes
            || (m.capture && self.family != Family::Towers)
    }

    /// The limit that ends the game at `pos`, if any. `window` holds the hashes of the positions
    /// that can still recur, oldest first, `pos`'s own last: those since the last irreversible move.
    #[inline]
    pub fn limit(&self, pos: &Position, window: &[u64]) -> Option<EndReason> {
        self.limit_counted(pos, window).0
    }

    /// [`EndRules::limit`], and how often `pos` occurs in `window`, itself included (0 when the
    /// ruleset has no repetition rule, or the no-progress limit ended the game first).
    #[inline]
    pub fn limit_counted(&self, pos: &Position, window: &[u64]) -> (Option<EndReason>, usize) {
        if self.limit > 0 && pos.no_progress >= self.limit {
            return (Some(EndReason::NoProgress), 0);
        }
        if self.repetitions > 0 {
            // the same position has the same side to move, so only every other entry can match: the
            // last (`pos` itself), the one two before it, and so on. Pairs from the end have those
            // second, and an odd first entry is one of them.
            let pairs = window.rchunks_exact(2);
            let first = pairs.remainder().iter().filter(|&&h| h == pos.hash).count();
            let n = first + pairs.filter(|pair| pair[1] == pos.hash).count();
            if n >= self.repetitions as usize {
                return (Some(EndReason::Repetition), n);
            }
            return (None, n);
        }
        (None, 0)
    }

    /// The result of a game that a limit ended at `pos`, by the ruleset's scoring.
    pub fn scored(&self, pos: &Position) -> GameResult {
        let (first, second) = (pos.material(Side::First), pos.material(Side::Second));
        match self.scoring {
            Scoring::Draw => GameResult::Draw,
            Scoring::Majority if first > second => GameResult::Win(Side::First),
            Scoring::Majority if second > first => GameResult::Win(Side::Second),
            Scoring::Majority => GameResult::Draw,
        }
    }
}

/// The outcome at `pos`, given whether the side to move has no legal move; `window` as for
/// [`EndRules::limit`]. No legal move takes precedence over the limits (RULES.md, "End of game").
pub(crate) fn outcome_of(
    rules: &Rules,
    pos: &Position,
    no_moves: bool,
    window: &[u64],
) -> Option<Outcome> {
    let material = [pos.material(Side::First), pos.material(Side::Second)];
    if no_moves {
        let loser = pos.side;
        let reason = if pos.own[loser.index()] == 0 && pos.reserve[loser.index()] == 0 {
            EndReason::AllCaptured
        } else {
            EndReason::Blocked
        };
        return Some(Outcome {
            result: GameResult::Win(loser.other()),
            reason,
            material,
        });
    }
    let end = EndRules::new(rules);
    let reason = end.limit(pos, window)?;
    Some(Outcome {
        result: end.scored(pos),
        reason,
        material,
    })
}
