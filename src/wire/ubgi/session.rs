//! The state of one UBGI conversation (options, position, dice) and the answers to `go`.

use super::command::{self, Command, Go, GoKind, PositionForm, UbgiError};
use super::options::{key_lines, UbgiOptions, MAX_PLY};
use super::{format_ubgi_play, PROTOCOL_VERSION};
use crate::codec::{gnubg_id, position_id, xgid};
use crate::engine::cube::{DoubleAction, Stakes, TakeAction};
use crate::engine::evaluator::Evaluator;
use crate::engine::judge::{Evaluation, Judge};
use crate::engine::search::SearchLimits;
use crate::rules::{Dice, GameState, MatchState, Side};
use std::time::Instant;

/// A UBGI engine session: the evaluator, the options, the position and the dice.
pub struct UbgiSession<E: Evaluator> {
    evaluator: E,
    name: String,
    options: UbgiOptions,
    /// The position in use; its `dice` are always [`UbgiSession::dice`].
    state: Option<MatchState>,
    /// The dice to play: from `dice`, or from a position whose ID records a roll. They stay
    /// until `newgame`, the next `dice` or such a position (also across a bare Position ID,
    /// as bkgm's reference runtime keeps them).
    dice: Option<Dice>,
    /// Whether the position's own ID records the roll (then no double is possible).
    rolled: bool,
    quit: bool,
    /// `engine.ply` before any `set` (the command line's `--ply`).
    default_ply: u32,
    /// When a move search stops deepening, and its threads.
    limits: SearchLimits,
}

type Reply = Result<Vec<String>, UbgiError>;

impl<E: Evaluator> UbgiSession<E> {
    /// A session that introduces itself as `name`.
    pub fn new(evaluator: E, name: &str) -> UbgiSession<E> {
        UbgiSession {
            evaluator,
            name: name.to_string(),
            options: UbgiOptions::default(),
            state: None,
            dice: None,
            rolled: false,
            quit: false,
            default_ply: 1,
            limits: SearchLimits::UNLIMITED,
        }
    }

    /// The same session with `engine.ply` starting at `ply` (1 to 3, root-inclusive) and move
    /// searches within `limits` (time budget, threads).
    #[must_use]
    pub fn with_search(mut self, ply: u32, limits: SearchLimits) -> UbgiSession<E> {
        let ply = ply.clamp(1, MAX_PLY);
        self.default_ply = ply;
        self.options.ply = ply;
        self.limits = limits;
        self
    }

    /// Whether `quit` was received.
    #[must_use]
    pub fn finished(&self) -> bool {
        self.quit
    }

    /// The current options.
    #[must_use]
    pub fn options(&self) -> &UbgiOptions {
        &self.options
    }

    /// The position in use, if any, with the dice to play in its `dice`.
    #[must_use]
    pub fn state(&self) -> Option<&MatchState> {
        self.state.as_ref()
    }

    /// The dice to play, which may have been given before any position.
    #[must_use]
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// Handles one input line and returns the reply lines (none for `newgame`, `position`,
    /// `dice`, `set`, `stop`, `quit` and blank lines, unless they fail).
    pub fn handle_line(&mut self, line: &str) -> Vec<String> {
        let reply = match command::parse(line) {
            Ok(None) => Ok(Vec::new()),
            Ok(Some(command)) => self.apply(command),
            Err(error) => {
                if line.split_whitespace().next() == Some("position") {
                    self.forget_position();
                }
                Err(error)
            }
        };
        reply.unwrap_or_else(|error| vec![error.to_string()])
    }

    /// Applies a parsed command. A failed command changes nothing, except a failed
    /// `position` (also one refused by the parser), which leaves no position in use.
    ///
    /// # Errors
    /// The protocol error to report.
    pub fn apply(&mut self, command: Command) -> Reply {
        match command {
            Command::Ubgi => {
                let mut lines = vec![
                    format!("id name {}", self.name),
                    "id author the tavli developers".to_string(),
                    format!("proto {PROTOCOL_VERSION}"),
                ];
                lines.extend(key_lines(self.default_ply));
                lines.push("ubgiok".to_string());
                Ok(lines)
            }
            Command::IsReady => Ok(vec!["readyok".to_string()]),
            Command::Quit => {
                self.quit = true;
                Ok(Vec::new())
            }
            Command::NewGame => {
                self.state = None;
                self.dice = None;
                self.rolled = false;
                Ok(Vec::new())
            }
            Command::Stop => Ok(Vec::new()),
            Command::Keys => Ok(key_lines(self.default_ply)),
            Command::Set { key, value } => self.options.set(&key, &value).map(|()| Vec::new()),
            Command::Get(key) => self.options.get(&key).map(|line| vec![line]),
            Command::Position(form) => {
                let result = self.position(form);
                if result.is_err() {
                    self.forget_position();
                }
                result.map(|()| Vec::new())
            }
            Command::Dice(first, second) => {
                let dice = Dice::new(first, second)
                    .map_err(|_| UbgiError::bad_value("dice must_be 1..6"))?;
                self.dice = Some(dice);
                if let Some(state) = self.state.as_mut() {
                    state.dice = Some(dice);
                }
                Ok(Vec::new())
            }
            Command::Go(go) => self.go(go),
        }
    }

    /// After a refused `position` the controller no longer has the old position: answering
    /// for it would answer a question nobody asked. The dice stay, as after a good one.
    fn forget_position(&mut self) {
        self.state = None;
        self.rolled = false;
    }

    fn position(&mut self, form: PositionForm) -> Result<(), UbgiError> {
        let variant = self.options.variant;
        let (mut state, records_dice) = match form {
            PositionForm::Gnubg {
                position,
                match_id: Some(match_id),
            } => (
                gnubg_id::decode_as_gnubg_reads(&format!("{position}:{match_id}"), variant)
                    .map_err(|e| UbgiError::bad_value(format!("gnubgid {e}")))?,
                true,
            ),
            PositionForm::Gnubg {
                position,
                match_id: None,
            } => {
                let board = position_id::decode(&position, Side::X, variant)
                    .map_err(|e| UbgiError::bad_value(format!("gnubgid {e}")))?;
                let state = MatchState {
                    board,
                    jacoby: self.options.jacoby,
                    ..MatchState::new_money_game(variant, Side::X)
                };
                (state, false)
            }
            PositionForm::Xgid(id) => (
                xgid::decode(&id, variant)
                    .map_err(|e| UbgiError::bad_value(format!("xgid {e}")))?,
                true,
            ),
        };
        // A roll in the ID replaces the dice; an ID without one keeps those given by `dice`.
        // A dice field with one die 0 records no roll (gnubg's reading, the REPL's and the
        // one-shot commands').
        self.rolled = records_dice && state.dice.is_some();
        if self.rolled {
            self.dice = state.dice;
        }
        state.dice = self.dice;
        self.state = Some(state);
        Ok(())
    }

    /// The judge of one request: `ply` root-inclusive (gnubg's plies + 1) within `limits`, the
    /// judge `tavli external` answers with at the same plies and budget.
    fn judge(&self, ply: u32, limits: SearchLimits) -> Judge<'_, E> {
        Judge::new(&self.evaluator, ply.saturating_sub(1)).with_limits(limits)
    }

    fn go(&self, go: Go) -> Reply {
        let state = self
            .state
            .as_ref()
            .ok_or_else(|| UbgiError::bad_state("missing position"))?;
        if state.board.checkers_in_play(Side::O) == 0
            || state.board.checkers_in_play(Side::X) == 0
            || matches!(
                state.game_state,
                GameState::Over | GameState::Resigned | GameState::Dropped
            )
        {
            return Err(UbgiError::bad_state("game over"));
        }
        if state.resignation.is_some() {
            return Err(UbgiError::unsupported("resignation decisions"));
        }
        let ply = go
            .depth
            .map_or(self.options.ply, |depth| depth.min(MAX_PLY));
        // `movetime MS` is this request's budget instead of the session's (0: no limit).
        let limits = go
            .movetime
            .map_or(self.limits, |milliseconds| SearchLimits {
                budget: crate::engine::choice::move_budget(milliseconds),
                ..self.limits
            });
        if go.kind == GoKind::Cube {
            return Ok(if state.double_offered {
                self.answer_double(state, ply, limits)
            } else {
                let (info, action) = self.cube_action(state, ply, limits);
                vec![info, format!("bestcube {action}")]
            });
        }
        if state.double_offered {
            return Err(UbgiError::bad_state("double pending (go cube answers it)"));
        }
        let dice = state
            .dice
            .ok_or_else(|| UbgiError::bad_state("missing dice"))?;
        Ok(match go.kind {
            GoKind::Turn => {
                // One budget for the turn: the cube decision within half of it (searched only
                // where a double is possible), the play within what is left.
                let started = Instant::now();
                let action = if self.may_double(state) {
                    let half = SearchLimits {
                        budget: limits.budget.map(|budget| budget / 2),
                        ..limits
                    };
                    self.cube_action(state, ply, half).1
                } else {
                    "nodouble"
                };
                let (info, payload) = self.chequer(state, dice, ply, left_of(limits, started));
                vec![info, format!("bestturn cube={action} move={payload}")]
            }
            _ => {
                let (info, payload) = self.chequer(state, dice, ply, limits);
                vec![info, format!("bestmove {payload}")]
            }
        })
    }

    /// Whether the player on roll may double now: the cube in use, the roll not recorded in
    /// the position, and the cube his to turn ([`Stakes::may_double`]).
    fn may_double(&self, state: &MatchState) -> bool {
        self.options.cube && !self.rolled && Stakes::from_state(state).may_double(state.on_roll)
    }

    /// The cube action of the player on roll before rolling, at `ply` within `limits`, with
    /// its `info` line (the depth its search reached). After a roll recorded in the position
    /// no double is possible.
    fn cube_action(
        &self,
        state: &MatchState,
        ply: u32,
        limits: SearchLimits,
    ) -> (String, &'static str) {
        let mover = state.on_roll;
        let decision = self
            .judge(ply, limits)
            .cube_decision(state, mover, self.options.beavers);
        let evaluation = decision.evaluation(state, mover);
        let action = if self.rolled || !self.options.cube {
            DoubleAction::NoDouble
        } else {
            decision.double()
        };
        let action = match action {
            DoubleAction::Double => "double",
            DoubleAction::NoDouble => "nodouble",
        };
        (self.info_line(decision.plies + 1, 0, &evaluation), action)
    }

    /// The answer to a pending double at `ply` within `limits` ([`Judge::answer_to_double`], as
    /// `tavli external` answers), with an `info` line of the player who must answer: their
    /// chances and their equity after the answer chosen, from the decision's own figures
    /// (money: per unit of the cube offered on, a beaver twice a take; match: match-winning
    /// chance), at the depth its search reached.
    fn answer_double(&self, state: &MatchState, ply: u32, limits: SearchLimits) -> Vec<String> {
        let doubler = state.on_roll;
        let taker = doubler.opponent();
        let decision =
            self.judge(ply, limits)
                .answer_to_double(state, doubler, self.options.beavers);
        let action = decision.take;
        let stakes = Stakes::from_state(state);
        let analysis = decision.analysis;
        let score = match action {
            TakeAction::Drop if state.is_match() => {
                stakes.match_winning_chance(taker, -i64::from(state.cube_value.max(1)))
            }
            TakeAction::Drop => -analysis.double_pass,
            TakeAction::Take if state.is_match() => {
                1.0 - stakes.equity_from_units(doubler, analysis.double_take)
            }
            TakeAction::Take => -analysis.double_take,
            TakeAction::Beaver => -2.0 * analysis.double_take,
        };
        let seen = decision.probabilities.seen_by(doubler, taker);
        let evaluation = Evaluation {
            probabilities: seen,
            cubeless_equity: score,
            cubeful_equity: score,
        };
        let answer = match action {
            TakeAction::Take => "take",
            TakeAction::Drop => "drop",
            TakeAction::Beaver => "beaver",
        };
        vec![
            self.info_line(decision.plies + 1, 0, &evaluation),
            format!("bestcube {answer}"),
        ]
    }

    /// The best play for `dice` at `ply` plies within `limits` and an `info` line describing
    /// the position after it, from the side of the player who plays, with the figures the
    /// search chose the play by (nothing searched again, so that the request takes no longer
    /// than choosing the play): with the cube in use the cubeful ranking's, without it the
    /// cubeless search's. The line's depth is the depth of its figures (root-inclusive): the
    /// depth the play was searched to, fewer than `ply` when the budget ran out or, within a
    /// budget, when the move filter left it the only candidate at a shallower depth (without a
    /// budget such a play is searched on to `ply`: time is no object); `ply` for a play that
    /// bears off the last checker (exact figures). When no checker can move, the position
    /// after the pass is searched within the budget.
    fn chequer(
        &self,
        state: &MatchState,
        dice: Dice,
        ply: u32,
        limits: SearchLimits,
    ) -> (String, String) {
        let mover = state.on_roll;
        let plays = state.rules().legal_plays(&state.board, mover, dice);
        let judge = self.judge(ply, limits);
        let chosen = if self.options.cube {
            judge
                .ranked_among(state, &plays)
                .into_iter()
                .next()
                .map(|first| {
                    let evaluation = Evaluation {
                        probabilities: first.probabilities,
                        cubeless_equity: first.cubeless_equity,
                        cubeful_equity: first.equity,
                    };
                    (first.play, evaluation, first.plies)
                })
        } else {
            let stakes = Stakes::from_state(state);
            judge
                .search()
                .best_evaluated(&state.board, &plays, mover, &stakes)
                .map(|(first, probabilities)| {
                    // With the cube off the cubeful equity is the cubeless one.
                    let equity = stakes.cubeless_equity(&probabilities, mover);
                    let evaluation = Evaluation {
                        probabilities,
                        cubeless_equity: equity,
                        cubeful_equity: equity,
                    };
                    (plays[first.index], evaluation, first.plies)
                })
        };
        let (payload, evaluation, depth) = match chosen {
            Some((play, _, plies)) if limits.budget.is_none() && plies + 1 < ply => {
                let (evaluation, evaluated) =
                    judge.evaluate_after_reaching(state, &play.result, mover);
                let depth = evaluated.map_or(ply, |plies| plies + 1);
                (format_ubgi_play(&play), evaluation, depth)
            }
            Some((play, evaluation, plies)) => {
                let exact = play.result.checkers_in_play(mover) == 0;
                let depth = if exact { ply } else { plies + 1 };
                (format_ubgi_play(&play), evaluation, depth)
            }
            None => {
                let (evaluation, evaluated) =
                    judge.evaluate_after_reaching(state, &state.board, mover);
                let depth = evaluated.map_or(ply, |plies| plies + 1);
                ("pass".to_string(), evaluation, depth)
            }
        };
        (self.info_line(depth, plays.len(), &evaluation), payload)
    }

    /// An `info` line: its `score` is the cubeful equity, or the cubeless one with
    /// `game.cube false`.
    fn info_line(&self, depth: u32, nodes: usize, evaluation: &Evaluation) -> String {
        let score = if self.options.cube {
            evaluation.cubeful_equity
        } else {
            evaluation.cubeless_equity
        };
        info_line(depth, nodes, score, evaluation)
    }
}

/// What is left of `limits`' budget since `started` (no budget stays none).
fn left_of(limits: SearchLimits, started: Instant) -> SearchLimits {
    SearchLimits {
        budget: limits
            .budget
            .map(|budget| budget.saturating_sub(started.elapsed())),
        ..limits
    }
}

fn info_line(depth: u32, nodes: usize, score: f64, evaluation: &Evaluation) -> String {
    let p = evaluation.probabilities;
    format!(
        "info depth {depth} nodes {nodes} score {score:.4} win {:.4} wg {:.4} wbg {:.4} lg {:.4} lbg {:.4}",
        p.win,
        p.win_gammon,
        p.win_backgammon,
        p.lose_gammon,
        p.lose_backgammon
    )
}

#[cfg(test)]
mod tests;
