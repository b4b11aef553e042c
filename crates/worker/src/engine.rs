//! The worker's side: a gloo-worker [`Worker`] that keeps one [`Searcher`] (its transposition
//! table carries over from move to move) and the solved Queah tables it has built, and answers each
//! [`Request`] with progress and a final [`Reply`]. A request is served to the end before the next
//! is read; the page ignores answers to requests it no longer wants.

use super::protocol::{Reply, Request};
use gloo::worker::{HandlerId, Worker, WorkerScope};
use quirkat_ai::queah::Table;
use quirkat_ai::{Choice, Clock, Limits, Player, SolvedTable, choose_move, search::Searcher};
use quirkat_rules::{Family, Game, Rules};

/// Milliseconds from the worker's clock.
struct Now;

impl Clock for Now {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}

/// Transposition table size, in megabytes.
const TT_MB: usize = 16;

/// The AI worker.
pub struct AiWorker {
    searcher: Searcher,
    tables: Vec<Table>,
}

impl AiWorker {
    /// The solved table for these rules, built (and reported) on first need.
    fn table(
        &mut self,
        rules: &Rules,
        scope: &WorkerScope<Self>,
        who: HandlerId,
        id: u32,
    ) -> Option<&Table> {
        if rules.family != Family::Queah {
            return None;
        }
        if !self.tables.iter().any(|t| t.covers(rules)) {
            let start = Now.now_ms();
            let table = Table::build_with_progress(rules, &mut |done, total| {
                scope.respond(
                    who,
                    Reply::Building {
                        id,
                        done: done as f64 / total.max(1) as f64,
                    },
                );
            })?;
            scope.respond(
                who,
                Reply::TableReady {
                    id,
                    positions: table.positions() as u64,
                    bytes: table.bytes() as u64,
                    ms: Now.now_ms() - start,
                },
            );
            self.tables.push(table);
        }
        self.tables.iter().find(|t| t.covers(rules))
    }

    fn serve(&mut self, scope: &WorkerScope<Self>, who: HandlerId, request: Request) -> Reply {
        let id = request.id();
        let game = match &request {
            Request::Play { position, .. }
            | Request::Hint { position, .. }
            | Request::Analyse { position, .. } => match Game::from_position_string(position) {
                Ok(g) => Some(g),
                Err(e) => {
                    return Reply::Error {
                        id,
                        message: format!("the worker could not read the position: {e}"),
                    };
                }
            },
            Request::Bench { .. } => None,
        };
        let board = game.as_ref().map(|g| g.rules().board);
        let mut last_score = None;
        let mut progress = |p: &quirkat_ai::Progress| {
            last_score = Some(p.score);
            if let Some(b) = board {
                scope.respond(
                    who,
                    Reply::Progress {
                        id,
                        depth: p.depth,
                        score: p.score,
                        nodes: p.nodes,
                        pv: p.pv.iter().map(|m| m.text(b)).collect(),
                    },
                );
            }
            true
        };
        match (request, game) {
            (
                Request::Play {
                    level,
                    seed,
                    time_ms,
                    ..
                },
                Some(game),
            ) => {
                let level = level.clamp(1, 6);
                let table = if level >= 5 {
                    // built before the search borrows the searcher
                    self.table(&game.rules().clone(), scope, who, id);
                    self.tables.iter().find(|t| t.covers(game.rules()))
                } else {
                    None
                };
                let choice = Choice {
                    time_ms,
                    table: table.map(|t| t as &dyn SolvedTable),
                    ..Choice::new(Player::Level(level), seed)
                };
                let m = choose_move(&game, &choice, &Now, &mut self.searcher, &mut progress);
                Reply::Move {
                    id,
                    text: m.map(|m| m.text(game.rules().board)),
                    score: last_score,
                }
            }
            (Request::Hint { time_ms, .. }, Some(game)) => {
                let limits = Limits {
                    time_ms: Some(time_ms),
                    depth: None,
                    nodes: None,
                };
                let r = self.searcher.search(&game, &limits, &Now, &mut progress);
                Reply::Move {
                    id,
                    text: r.best.map(|m| m.text(game.rules().board)),
                    score: Some(r.score),
                }
            }
            (Request::Analyse { nodes, .. }, Some(game)) => {
                self.searcher.clear();
                let r = self
                    .searcher
                    .search(&game, &Limits::nodes(nodes), &Now, &mut progress);
                Reply::Move {
                    id,
                    text: r.best.map(|m| m.text(game.rules().board)),
                    score: Some(r.score),
                }
            }
            (Request::Bench { nodes, .. }, _) => Reply::Bench {
                id,
                lines: quirkat_ai::bench::bench_search(&Now, nodes)
                    .into_iter()
                    .map(|l| (l.ruleset.id().to_string(), l.nodes, l.elapsed_ms))
                    .collect(),
            },
            (_, None) => Reply::Error {
                id,
                message: "no position".into(),
            },
        }
    }
}

impl Worker for AiWorker {
    type Message = ();
    type Input = Request;
    type Output = Reply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        AiWorker {
            searcher: Searcher::new(TT_MB),
            tables: Vec::new(),
        }
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, who: HandlerId) {
        let reply = self.serve(scope, who, request);
        scope.respond(who, reply);
    }
}
