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

    /// The judge of cube decisions: the evaluator alone (UBGI's cube answers are 0-ply).
    fn cube_judge(&self) -> Judge<'_, E> {
        Judge::new(&self.evaluator, 0).with_limits(self.limits)
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
        if go.kind == GoKind::Cube {
            return Ok(if state.double_offered {
                self.answer_double(state)
            } else {
                let (info, action) = self.cube_action(state);
                vec![info, format!("bestcube {action}")]
            });
        }
        if state.double_offered {
            return Err(UbgiError::bad_state("double pending (go cube answers it)"));
        }
        let dice = state
            .dice
            .ok_or_else(|| UbgiError::bad_state("missing dice"))?;
        // `movetime MS` is this request's budget instead of the session's (0: no limit).
        let limits = go
            .movetime
            .map_or(self.limits, |milliseconds| SearchLimits {
                budget: crate::engine::choice::move_budget(milliseconds),
                ..self.limits
            });
        let (info, payload) = self.chequer(state, dice, ply, limits);
        Ok(match go.kind {
            GoKind::Turn => {
                let (_, action) = self.cube_action(state);
                vec![info, format!("bestturn cube={action} move={payload}")]
            }
            _ => vec![info, format!("bestmove {payload}")],
        })
    }

    /// The cube action of the player on roll before rolling, with its `info` line. After a
    /// roll recorded in the position no double is possible.
    fn cube_action(&self, state: &MatchState) -> (String, &'static str) {
        let mover = state.on_roll;
        let decision = self
            .cube_judge()
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
        (self.info_line(1, 0, &evaluation), action)
    }

    /// The answer to a pending double, with an `info` line of the player who must answer:
    /// their chances and their equity after the answer chosen (money: per unit of the cube
    /// offered on; match: match-winning chance).
    fn answer_double(&self, state: &MatchState) -> Vec<String> {
        let doubler = state.on_roll;
        let taker = doubler.opponent();
        let judge = self.cube_judge();
        let decision = judge.cube_decision(state, doubler, self.options.beavers);
        let action = decision.take;
        let cube = state.cube_value.max(1);
        let score = match action {
            TakeAction::Drop if state.is_match() => {
                Stakes::from_state(state).match_winning_chance(taker, -i64::from(cube))
            }
            TakeAction::Drop => -1.0,
            TakeAction::Take | TakeAction::Beaver => {
                let factor = if action == TakeAction::Take { 2 } else { 4 };
                let taken = MatchState {
                    cube_value: cube.saturating_mul(factor),
                    cube_owner: Some(taker),
                    double_offered: false,
                    turn: doubler,
                    dice: None,
                    ..*state
                };
                let equity = judge.evaluate(&taken, taker).cubeful_equity;
                if state.is_match() {
                    equity
                } else {
                    equity * f64::from(factor)
                }
            }
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
            self.info_line(1, 0, &evaluation),
            format!("bestcube {answer}"),
        ]
    }

    /// The best play for `dice` at `ply` plies within `limits` and an `info` line describing
    /// the position after it, from the side of the player who plays. The line's depth is the
    /// depth its figures reached (root-inclusive): `ply` without a budget, fewer when the
    /// budget ran out (the play's choice then stopped at least as soon, and the evaluation gets
    /// what it left); `ply` for a play that bears off the last checker (exact figures).
    fn chequer(
        &self,
        state: &MatchState,
        dice: Dice,
        ply: u32,
        limits: SearchLimits,
    ) -> (String, String) {
        let mover = state.on_roll;
        let plays = state.rules().legal_plays(&state.board, mover, dice);
        let started = Instant::now();
        let judge = Judge::new(&self.evaluator, ply.saturating_sub(1)).with_limits(limits);
        let best = judge.play_for(state, dice, self.options.cube);
        let board = best.map_or(state.board, |play| play.result);
        // The `info` evaluation gets what is left of the budget, so that the request as a
        // whole keeps to it (as deep as that allows: 0 plies when nothing is left).
        let left = SearchLimits {
            budget: limits
                .budget
                .map(|budget| budget.saturating_sub(started.elapsed())),
            ..limits
        };
        let (evaluation, evaluated) = judge
            .with_limits(left)
            .evaluate_after_reaching(state, &board, mover);
        let depth = evaluated.map_or(ply, |plies| plies + 1);
        let payload = best.map_or_else(|| "pass".to_string(), |play| format_ubgi_play(&play));
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
mod tests {
    use super::*;
    use crate::engine::evaluator::Probabilities;
    use crate::engine::Pubeval;
    use crate::rules::{Board, Variant};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// Pubeval that counts its evaluations: the work a request did, whatever the machine's
    /// load.
    #[derive(Default)]
    struct Counting {
        calls: AtomicUsize,
    }

    impl Evaluator for Counting {
        fn name(&self) -> &str {
            "counting"
        }

        fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
            self.calls.fetch_add(1, Ordering::Relaxed);
            Pubeval.probabilities(board, variant, on_roll)
        }
    }

    /// The reply to `go` at `engine.ply` 3 for 2-2 from the opening position (many plays),
    /// in a session whose own budget is `budget`, and the evaluations it took.
    fn go_from_the_opening(budget: Option<Duration>, go: &str) -> (Vec<String>, usize) {
        let limits = SearchLimits { budget, threads: 1 };
        let mut session = UbgiSession::new(Counting::default(), "tavli").with_search(3, limits);
        assert!(session
            .handle_line("position gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA")
            .is_empty());
        assert!(session.handle_line("dice 2 2").is_empty());
        let reply = session.handle_line(go);
        (reply, session.evaluator.calls.load(Ordering::Relaxed))
    }

    #[test]
    fn info_depth_is_the_depth_reached_within_the_budget() {
        let (unlimited, _) = go_from_the_opening(None, "go");
        assert!(unlimited[0].starts_with("info depth 3 "), "{unlimited:?}");
        // A spent budget: the play chosen and judged by the evaluator alone, depth 1.
        let (spent, _) = go_from_the_opening(Some(Duration::ZERO), "go");
        assert!(spent[0].starts_with("info depth 1 "), "{spent:?}");
        assert!(spent[1].starts_with("bestmove "), "{spent:?}");
        // A play that bears off the last checker is exact: the depth asked, whatever the
        // budget (X on his ace and deuce, 21; O one checker from home).
        let limits = SearchLimits {
            budget: Some(Duration::ZERO),
            threads: 1,
        };
        let mut session = UbgiSession::new(Counting::default(), "tavli").with_search(3, limits);
        session.handle_line("position gnubgid AgAAFAAAAAAAAA:cIkFAAAAAAAA");
        session.handle_line("dice 2 1");
        assert_eq!(
            session.handle_line("go"),
            [
                "info depth 3 nodes 2 score 1.0000 win 1.0000 wg 0.0000 wbg 0.0000 lg 0.0000 \
                 lbg 0.0000",
                "bestmove 2/off 1/off"
            ]
        );
    }

    #[test]
    fn movetime_is_the_budget_of_its_request() {
        let (unlimited, full_work) = go_from_the_opening(None, "go");
        assert!(unlimited[1].starts_with("bestmove "), "{unlimited:?}");
        // `movetime 0` lifts the session's budget: the same search, evaluation for evaluation.
        let (lifted, lifted_work) =
            go_from_the_opening(Some(Duration::from_millis(1)), "go movetime 0");
        assert_eq!((lifted, lifted_work), (unlimited.clone(), full_work));
        // A millisecond stops the deepening within a roll's work: a small part of the full
        // 2-ply search, still a legal answer. (How small depends on the machine: a release
        // build on a fast one did 10.1% of the work in the millisecond, so a quarter is asked.)
        let (timed, timed_work) = go_from_the_opening(None, "go movetime 1");
        assert!(timed[1].starts_with("bestmove "), "{timed:?}");
        assert!(
            timed_work * 4 < full_work,
            "{timed_work} of {full_work} evaluations"
        );
        // The session's own budget (`--move-time`) limits a `go` that gives none.
        let (_, session_work) = go_from_the_opening(Some(Duration::from_millis(1)), "go");
        assert!(
            session_work * 4 < full_work,
            "{session_work} of {full_work} evaluations"
        );
    }
}
