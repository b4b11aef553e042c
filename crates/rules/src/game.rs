//! A game in progress: rules, position and the repetition history; checked moves, the end of the game
//! and perft.

use crate::board::{BitIter, NONE, bit};
use crate::error::PlayError;
use crate::family::{self, generate, make};
use crate::moves::{MAX_MOVES, Move, ParsedMove};
use crate::position::{Position, Side};
use crate::ruleset::{CaptureRule, Chains, Rules, Scoring};
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
            EndReason::Repetition => "the same position occurred again",
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
        over_by_limits(&self.rules, &self.pos, &self.history)
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

    /// Plays a move if it is legal here; on error nothing changes.
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        let found = self.parse_move(&m.text(self.rules.board))?;
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
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        let shown: String = text.trim().chars().take(60).collect();
        let parsed =
            ParsedMove::parse(self.rules.board, text).map_err(|error| PlayError::Notation {
                text: shown.clone(),
                error,
            })?;
        let legal = self.legal_moves();
        if legal.is_empty() {
            return Err(PlayError::GameOver);
        }
        if let Some(m) = legal.iter().find(|m| m.matches(&parsed)) {
            return Ok(*m);
        }
        if legal.len() >= MAX_MOVES
            && let Some(m) = family::find_unlisted(&self.rules, &self.pos, &parsed)
        {
            return Ok(m);
        }
        Err(PlayError::Illegal {
            text: shown,
            reason: self.explain(&parsed, &legal),
        })
    }

    /// Plays a legal move (from [`Game::legal_moves`]) without checking it.
    pub fn apply(&mut self, m: &Move) {
        self.pos = make(&self.rules, &self.pos, m);
        if family::irreversible(&self.rules, m) {
            self.history.clear();
        }
        self.history.push(self.pos.hash);
    }

    /// Why a well-formed move is not among the legal ones, in words.
    fn explain(&self, m: &ParsedMove, legal: &[Move]) -> String {
        let board = self.rules.board;
        let name = |p: u8| board.name(p).to_string();
        let pos = &self.pos;
        let me = pos.side.index();
        if pos.drop_pending && m.drop == NONE {
            return "a piece was just captured, so the turn begins by dropping one from the reserve \
                    (write @point:move)"
                .into();
        }
        if m.drop != NONE && !pos.drop_pending {
            return "no drop is due: a reserve piece is dropped only after losing a piece".into();
        }
        if m.drop != NONE && (pos.own[0] | pos.own[1]) & bit(m.drop) != 0 {
            return format!("cannot drop on {}: it is occupied", name(m.drop));
        }
        if m.drop != NONE && m.from == NONE {
            return "the drop must be followed by a move in the same turn".into();
        }
        if m.huff != NONE && pos.huff & bit(m.huff) == 0 {
            return if pos.huff == 0 {
                "no huff is allowed: the opponent did not miss a capture".into()
            } else {
                let who: Vec<String> = BitIter(pos.huff).map(name).collect();
                format!(
                    "only a piece that missed a capture may be huffed ({})",
                    who.join(", ")
                )
            };
        }
        let own_after_drop = pos.own[me] | if m.drop != NONE { bit(m.drop) } else { 0 };
        if own_after_drop & bit(m.from) == 0 {
            return if pos.own[1 - me] & bit(m.from) != 0 {
                format!("the piece on {} is not yours", name(m.from))
            } else {
                format!("there is no piece on {}", name(m.from))
            };
        }
        let same_turn = |l: &&Move| l.drop == m.drop && l.huff == m.huff;
        let captures: Vec<&Move> = legal
            .iter()
            .filter(same_turn)
            .filter(|l| l.capture)
            .collect();
        let forced = self.rules.capture == CaptureRule::Compulsory && !captures.is_empty();
        if forced && !m.capture {
            let most = captures.iter().map(|l| l.ncaptured).max().unwrap_or(0);
            return if self.rules.majority && most > 1 {
                format!("capture is compulsory, and the majority rule requires {most} captures")
            } else {
                let mut from: Vec<String> = captures.iter().map(|l| name(l.from)).collect();
                from.dedup();
                format!("capture is compulsory ({} can capture)", from.join(", "))
            };
        }
        if m.capture {
            let mine: Vec<&&Move> = captures.iter().filter(|l| l.from == m.from).collect();
            let goes_on = mine
                .iter()
                .any(|l| l.landings().len() > m.path.len() && l.landings().starts_with(&m.path));
            if goes_on && self.rules.chains == Chains::Compulsory {
                let at = *m.path.last().unwrap_or(&m.from);
                return format!(
                    "the chain must go on: the piece can capture again from {}",
                    name(at)
                );
            }
            if self.rules.majority && !captures.is_empty() {
                let most = captures.iter().map(|l| l.ncaptured).max().unwrap_or(0);
                if (m.path.len() as u8) < most {
                    return format!(
                        "capture is compulsory, and the majority rule requires {most} captures"
                    );
                }
            }
            if self.rules.chains == Chains::Single && m.path.len() > 1 {
                return "only one capture is allowed per turn".into();
            }
            return format!("{} cannot capture along that path", name(m.from));
        }
        if legal
            .iter()
            .filter(same_turn)
            .any(|l| l.from == m.from && !l.capture)
        {
            let p = pos.piece_at(m.from);
            if self.rules.men_forward
                && p.is_some_and(|p| !p.king)
                && self.rules.family == crate::Family::Leap
            {
                return format!(
                    "{} cannot go there: men move forward only, one point along a line",
                    name(m.from)
                );
            }
            return format!("{} cannot go there", name(m.from));
        }
        format!("the piece on {} has no legal move", name(m.from))
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
            make_leaves,
        };
        node.count(&self.pos, depth, &mut bufs, &mut history, 0)
    }
}

/// What a perft keeps fixed through the tree.
struct Node<'a> {
    rules: &'a Rules,
    make_leaves: bool,
}

impl Node<'_> {
    /// Leaves below `pos`; `window` is where the positions that can still recur start in `history`.
    fn count(
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
        generate(rules, pos, buf);
        if buf.is_empty() || over_by_limits(rules, pos, &history[window..]) {
            return 0;
        }
        if depth == 1 {
            if self.make_leaves {
                for m in buf.iter() {
                    // the whole position is made and kept, as a search would use it
                    let mut child = *pos;
                    family::play(rules, &mut child, m);
                    std::hint::black_box(&child);
                }
            }
            return buf.len() as u64;
        }
        let mut total = 0;
        for m in buf.iter() {
            let mut child = *pos;
            family::play(rules, &mut child, m);
            let w = if family::irreversible(rules, m) {
                history.len()
            } else {
                window
            };
            history.push(child.hash);
            total += self.count(&child, depth - 1, rest, history, w);
            history.pop();
        }
        total
    }
}

/// Whether the no-progress limit or repetition ends the game at `pos`, whose hash is the last of
/// `window` (the positions that can still recur).
pub(crate) fn over_by_limits(rules: &Rules, pos: &Position, window: &[u64]) -> bool {
    limit_reason(rules, pos, window).is_some()
}

/// Which limit, if any, ends the game at `pos` (see [`over_by_limits`]).
pub(crate) fn limit_reason(rules: &Rules, pos: &Position, window: &[u64]) -> Option<EndReason> {
    let limit = rules.options.limit;
    if limit > 0 && pos.no_progress >= limit {
        return Some(EndReason::NoProgress);
    }
    if rules.repetitions > 0 {
        // the same position has the same side to move, so only every other entry can match: the
        // last (`pos` itself), the one two before it, and so on. Pairs from the end have those
        // second, and an odd first entry is one of them.
        let pairs = window.rchunks_exact(2);
        let first = pairs.remainder().iter().filter(|&&h| h == pos.hash).count();
        let n = first + pairs.filter(|pair| pair[1] == pos.hash).count();
        if n >= rules.repetitions as usize {
            return Some(EndReason::Repetition);
        }
    }
    None
}

/// The outcome at `pos`, given whether the side to move has no legal move; `window` as for
/// [`over_by_limits`]. No legal move takes precedence over the limits (RULES.md, "End of game").
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
    let reason = limit_reason(rules, pos, window)?;
    let result = match rules.scoring {
        Scoring::Draw => GameResult::Draw,
        Scoring::Majority if material[0] > material[1] => GameResult::Win(Side::First),
        Scoring::Majority if material[1] > material[0] => GameResult::Win(Side::Second),
        Scoring::Majority => GameResult::Draw,
    };
    Some(Outcome {
        result,
        reason,
        material,
    })
}
