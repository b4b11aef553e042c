//! The computer's part of the state: who plays each side, what has been asked of the AI worker,
//! and what it answered. The page's effects read [`AppState::wanted`] and send the request; the
//! answers come back as [`Action`]s, are checked with the engine, and a worker that answers
//! nonsense or nothing is restarted ([`AiState::restarts`]) without losing the game.

use super::{Action, AppState};
use crate::worker::protocol::{PlayerKind, Reply};
use quirkat_rules::{Move, Side};

/// What the page should ask the worker now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// A move for the side to move, at this level.
    Play(u8),
    /// The best move, for the hint button.
    Hint,
}

/// The computer's part of the state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AiState {
    /// The request in flight, and what it was for.
    pub pending: Option<(u32, Wanted)>,
    /// The hint button was pressed and the hint not yet asked.
    pub hint_wanted: bool,
    /// The hint: the best move of the position shown.
    pub hint: Option<Move>,
    /// The last score heard, from the first player's side (hundredths of a man).
    pub eval: Option<i32>,
    /// What the worker is doing, in words.
    pub info: Option<String>,
    /// What solving Queah in this tab cost (positions, memory, time), once it is done.
    pub solved: Option<String>,
    /// How many times the worker was restarted.
    pub restarts: u32,
    /// The benchmark figures, when asked for: `(ruleset, nodes, ms)`.
    pub bench: Option<Vec<(String, u64, f64)>>,
}

impl AppState {
    /// Who plays `side`.
    pub fn player(&self, side: Side) -> PlayerKind {
        self.settings.players[side.index()]
    }

    /// What the page should ask the worker now, if anything: nothing while a request is in flight,
    /// a hint when one was asked for, else a move when the computer is to move in the last position.
    pub fn wanted(&self) -> Option<Wanted> {
        if self.ai.pending.is_some() || self.outcome.is_some() {
            return None;
        }
        if self.ai.hint_wanted {
            return Some(Wanted::Hint);
        }
        match self.player(self.game().position().side_to_move()) {
            PlayerKind::Computer(level) if self.cursor == self.played.len() => {
                Some(Wanted::Play(level))
            }
            _ => None,
        }
    }

    /// Whether both sides are the computer (a demonstration: moves are paced for watching).
    pub fn demonstration(&self) -> bool {
        self.settings
            .players
            .iter()
            .all(|p| matches!(p, PlayerKind::Computer(_)))
    }

    /// Whether undo should step over the computer's moves (a person plays one side only).
    fn person_against_computer(&self) -> bool {
        let [a, b] = self.settings.players;
        (a == PlayerKind::Person) != (b == PlayerKind::Person)
    }

    /// One ply back, and on past the computer's turns when a person plays against it.
    pub(super) fn undo(&mut self) {
        if self.cursor == 0 {
            return;
        }
        self.go_to(self.cursor - 1);
        if self.person_against_computer() {
            while self.cursor > 0
                && self.player(self.game().position().side_to_move()) != PlayerKind::Person
            {
                self.go_to(self.cursor - 1);
            }
        }
    }

    /// The worker failed: forget the request, say so, and have the page restart it.
    fn worker_failed(&mut self, why: &str) {
        self.ai.pending = None;
        self.ai.info = None;
        self.ai.restarts += 1;
        self.set_notice(format!(
            "The computer's worker {why}; it was restarted, and the game goes on."
        ));
    }

    /// Applies what the worker said (or that it said nothing in time).
    pub(super) fn ai_action(&mut self, action: Action) {
        let pending = self.ai.pending;
        let is_pending = |id: u32| pending.is_some_and(|(p, _)| p == id);
        match action {
            Action::AiAsked(id, wanted) => {
                self.ai.pending = Some((id, wanted));
                if wanted == Wanted::Hint {
                    self.ai.hint_wanted = false;
                }
                self.ai.info = Some(match wanted {
                    Wanted::Play(l) => format!("the computer (level {l}) is thinking"),
                    Wanted::Hint => "looking for the best move".into(),
                });
            }
            Action::AiSilent(id) if is_pending(id) => {
                self.worker_failed("did not answer in time");
            }
            Action::AiReply(Reply::Garbled { text }) if pending.is_some() => {
                self.worker_failed(&format!("sent something unreadable ({text})"));
            }
            Action::AiReply(reply) if is_pending(reply.id()) => self.ai_reply(reply),
            Action::AiReply(Reply::Bench { lines, .. }) => self.ai.bench = Some(lines),
            _ => {}
        }
    }

    fn ai_reply(&mut self, reply: Reply) {
        let Some((_, wanted)) = self.ai.pending else {
            return;
        };
        let side = self.game().position().side_to_move();
        // a score from the worker is any number: negated without overflow
        let first_view = |score: i32| {
            if side == Side::First {
                score
            } else {
                score.saturating_neg()
            }
        };
        match reply {
            Reply::Progress {
                depth,
                score,
                nodes,
                ..
            } => {
                self.ai.eval = Some(first_view(score));
                self.ai.info = Some(format!(
                    "thinking: depth {depth}, {nodes} positions searched"
                ));
            }
            Reply::Building { done, .. } => {
                self.ai.info = Some(format!(
                    "solving Queah for the computer: {:.0}%",
                    done * 100.0
                ));
            }
            Reply::TableReady {
                positions,
                bytes,
                ms,
                ..
            } => {
                let report = format!(
                    "Queah solved in this tab: {positions} positions, {:.1} MB, {:.1} s",
                    bytes as f64 / 1e6,
                    ms / 1000.0
                );
                self.ai.info = Some(report.clone());
                self.ai.solved = Some(report);
            }
            Reply::Move { text, score, .. } => {
                self.ai.pending = None;
                self.ai.info = None;
                if let Some(s) = score {
                    self.ai.eval = Some(first_view(s));
                }
                let Some(text) = text else {
                    self.worker_failed("found no move in a game that is not over");
                    return;
                };
                match self.game().parse_move(&text) {
                    Err(e) => {
                        self.worker_failed(&format!("answered a move that is not legal ({e})"))
                    }
                    Ok(m) => match wanted {
                        Wanted::Hint => self.ai.hint = Some(m),
                        Wanted::Play(_) => {
                            self.push(m);
                            self.clear_notice();
                        }
                    },
                }
            }
            Reply::Error { message, .. } => self.worker_failed(&format!("failed: {message}")),
            Reply::Bench { lines, .. } => {
                self.ai.pending = None;
                self.ai.bench = Some(lines);
            }
            Reply::Garbled { text } => {
                self.worker_failed(&format!("sent something unreadable ({text})"))
            }
        }
    }
}
