//! The judge: the one place that answers "what do I play", "do I double, take or beaver", "do
//! I accept this resignation" and "what is this position worth" (probabilities, cubeless and
//! cubeful equity), at a given depth and within a time budget, for every variant.
//!
//! The REPL, the external player and UBGI ask it and only word its answers; match analysis
//! (every recorded play and cube decision judged) and cubeful search build on it. A [`Judge`]
//! is an evaluator searched `plies` deep ([`Search`]) within [`SearchLimits`]; the cube and
//! resignation arithmetic on the probabilities it finds is [`Stakes`]'s.

use crate::engine::cube::{ResignationValue, Stakes};
use crate::engine::cubeful_search::CubefulSearch;
use crate::engine::evaluator::{Evaluator, Probabilities};
use crate::engine::search::{Search, SearchLimits};
use crate::rules::{Board, Dice, MatchState, Play, Side};

mod answers;
mod exact;
mod offer;
mod ranking;
pub use answers::{CubeDecision, Evaluation, PlayEvaluation};
use exact::exact_decision;
pub use exact::{cubeful_equity, exact_cube};

/// An evaluator searched `plies` deep within limits, answering every decision of a game.
pub struct Judge<'a, E: Evaluator + ?Sized> {
    search: Search<'a, E>,
    limits: SearchLimits,
}

impl<'a, E: Evaluator + ?Sized> Judge<'a, E> {
    /// `evaluator` searched `plies` deep (gnubg's counting: 0 is the evaluator alone; at most
    /// [`crate::engine::search::MAX_PLIES`]), no time budget, one thread.
    #[must_use]
    pub fn new(evaluator: &'a E, plies: u32) -> Judge<'a, E> {
        Judge {
            search: Search::new(evaluator, plies),
            limits: SearchLimits::UNLIMITED,
        }
    }

    /// The same judge within `limits`: each question (a play, a cube decision, a position)
    /// stops deepening when the budget is spent, the last complete depth answering.
    #[must_use]
    pub fn with_limits(mut self, limits: SearchLimits) -> Judge<'a, E> {
        self.search = self.search.with_limits(limits);
        self.limits = limits;
        self
    }

    /// The plies searched.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.search.plies()
    }

    /// The limits each question is answered within.
    #[must_use]
    pub fn limits(&self) -> SearchLimits {
        self.limits
    }

    /// The search behind the judge (for callers that rank plays of their own).
    #[must_use]
    pub fn search(&self) -> &Search<'a, E> {
        &self.search
    }

    // ----- what do I play -----

    /// The play the player on roll in `state` chooses with `dice` (`state.dice` is ignored),
    /// or `None` when no checker can move: the first of [`Judge::ranked_plays`] within the
    /// judge's limits, the play `hint` lists first (a play that bears off the last checker
    /// first, then by the cubeful equity after the play at the depth reached). The engine
    /// protocols choose so with the cube in use; games played with the cube off, which a
    /// [`MatchState`] cannot say, choose by [`Judge::cubeless_best_play`].
    #[must_use]
    pub fn best_play(&self, state: &MatchState, dice: Dice) -> Option<Play> {
        self.ranked_plays(state, dice)
            .into_iter()
            .next()
            .map(|evaluation| evaluation.play)
    }

    /// The play for a game played without the cube (gnubg's `set cube use off`), where a
    /// [`MatchState`] still shows a centred cube that [`Judge::best_play`] would value: the
    /// first of the search's cubeless ranking by the score of `state` ([`best_play`]), ties
    /// in generation order.
    #[must_use]
    pub fn cubeless_best_play(&self, state: &MatchState, dice: Dice) -> Option<Play> {
        best_play(&self.search, state, dice)
    }

    /// The play an engine chooses: [`Judge::best_play`] with the cube in use,
    /// [`Judge::cubeless_best_play`] when the game is played without it.
    #[must_use]
    pub fn play_for(&self, state: &MatchState, dice: Dice, cube_in_use: bool) -> Option<Play> {
        if cube_in_use {
            self.best_play(state, dice)
        } else {
            self.cubeless_best_play(state, dice)
        }
    }

    /// Every legal play of the player on roll in `state` with `dice`, judged as gnubg's `hint`
    /// judges them: the position after each play valued by the cubeful search at the play's
    /// depth (the cube decisions taken at every node, the opponent's first), the plays
    /// filtered level by level by that value ([`ranking`]). In the order of gnubg's `hint`
    /// (its `RefreshMoveList`): a play that bears off the last checker first ("winning now is
    /// at least as good as winning later"), then the plays searched deepest first, within a
    /// depth by the cubeful equity after them, equal equities by the cubeless one; plays
    /// equal in both keep the ranking's order (gnubg's stable sort keeps its shallower plies'
    /// order, so there its own evaluator's figures decide).
    #[must_use]
    pub fn ranked_plays(&self, state: &MatchState, dice: Dice) -> Vec<PlayEvaluation> {
        let plays = state.rules().legal_plays(&state.board, state.on_roll, dice);
        self.ranked_among(state, &plays)
    }

    /// [`Judge::ranked_plays`] among `plays` only (plays of the player on roll in `state`):
    /// the one place that says which play is best, for callers that choose among some plays
    /// (the luck's candidates).
    #[must_use]
    pub fn ranked_among(&self, state: &MatchState, plays: &[Play]) -> Vec<PlayEvaluation> {
        let mover = state.on_roll;
        let mut ranked = ranking::ranked_plays(&self.search, self.limits, state, plays);
        // A stable sort: plays equal in every key keep the search's order.
        let wins_now =
            |evaluation: &PlayEvaluation| evaluation.play.result.checkers_in_play(mover) == 0;
        ranked.sort_by(|a, b| {
            // A play that wins now is exact at any depth (gnubg scores it at the depth of
            // the others, which it always joins: nothing is worth more).
            wins_now(b)
                .cmp(&wins_now(a))
                .then(b.plies.cmp(&a.plies))
                .then(b.equity.total_cmp(&a.equity))
                .then(b.cubeless_equity.total_cmp(&a.cubeless_equity))
        });
        ranked
    }

    /// `play` of the player on roll in `state` judged `plies` deep, whatever the move filters
    /// would have kept (a recorded play beside the best one).
    #[must_use]
    pub fn play_evaluation(&self, state: &MatchState, play: &Play) -> PlayEvaluation {
        let mover = state.on_roll;
        let evaluation = self.evaluate_after(state, &play.result, mover);
        PlayEvaluation {
            play: *play,
            plies: self.plies(),
            equity: evaluation.cubeful_equity,
            cubeless_equity: evaluation.cubeless_equity,
            probabilities: evaluation.probabilities,
        }
    }

    // ----- what is this position worth -----

    /// The cubeless probabilities of the player on roll in `state`, about to roll, searched
    /// as deep as the limits allow, and the plies reached.
    #[must_use]
    pub fn probabilities(&self, state: &MatchState) -> (Probabilities, u32) {
        self.search.probabilities_within_limits(
            &state.board,
            state.on_roll,
            &Stakes::from_state(state),
        )
    }

    /// What `state` is worth to `side`: computed for the player on roll and turned round, so
    /// that the two players' figures are exact complements ([`Judge::evaluate_reaching`]).
    #[must_use]
    pub fn evaluate(&self, state: &MatchState, side: Side) -> Evaluation {
        self.evaluate_reaching(state, side).0
    }

    /// [`Judge::evaluate`] and the plies its search reached within the limits: the cube
    /// decision of the player on roll ([`Judge::cube_decision`], the cubeful search at the
    /// judge's depth within its limits), its probabilities and, as the cubeful equity, his
    /// equity after his best cube action ([`CubeDecision::evaluation`]), as gnubg's external
    /// `evaluation ... cubeful` answers.
    #[must_use]
    pub fn evaluate_reaching(&self, state: &MatchState, side: Side) -> (Evaluation, u32) {
        let beavers = Stakes::from_state(state).beavers;
        let decision = self.cube_decision(state, state.on_roll, beavers);
        (decision.evaluation(state, side), decision.plies)
    }

    /// What the position `after` (a play of `mover` in `state`) is worth to `mover`, the
    /// opponent on roll, as [`Judge::ranked_plays`] values a play: the cubeful equity the
    /// cubeful search's (the opponent's cube decision taken), the probabilities the cubeless
    /// search's; the exact result when the play bore off the last checker.
    #[must_use]
    pub fn evaluate_after(&self, state: &MatchState, after: &Board, mover: Side) -> Evaluation {
        self.evaluate_after_reaching(state, after, mover).0
    }

    /// [`Judge::evaluate_after`] and the plies its search reached within the limits (`None`
    /// for a play that bears off the last checker: its figures are exact, nothing searched).
    #[must_use]
    pub fn evaluate_after_reaching(
        &self,
        state: &MatchState,
        after: &Board,
        mover: Side,
    ) -> (Evaluation, Option<u32>) {
        let ((probabilities, cubeful_equity), plies) =
            ranking::value_after(&self.search, self.limits, state, after, mover);
        let evaluation = Evaluation {
            probabilities,
            cubeless_equity: Stakes::from_state(state).cubeless_equity(&probabilities, mover),
            cubeful_equity,
        };
        (evaluation, plies)
    }

    /// [`Judge::evaluate_after`] at 0 plies from `probabilities`, the mover's after the play as
    /// the evaluator gave them ([`Evaluator::score_plays`]), so that a play ranked and then
    /// judged is evaluated once; deeper judges search as [`Judge::evaluate_after`] does.
    #[must_use]
    pub fn evaluate_after_from(
        &self,
        state: &MatchState,
        after: &Board,
        mover: Side,
        probabilities: Probabilities,
    ) -> Evaluation {
        if self.plies() != 0 || after.checkers_in_play(mover) == 0 {
            return self.evaluate_after(state, after, mover);
        }
        let stakes = Stakes::from_state(state);
        let theirs = CubefulSearch::new(&self.search).leaf_value(
            after,
            mover.opponent(),
            &stakes,
            &probabilities.inverted(),
        );
        Evaluation {
            probabilities,
            cubeless_equity: stakes.cubeless_equity(&probabilities, mover),
            cubeful_equity: stakes.for_opponent(theirs),
        }
    }

    /// The probabilities of the player on roll in `state` at every depth from 0 to `plies`
    /// (gnubg's `eval` rows), fewer when the budget runs out.
    #[must_use]
    pub fn probabilities_by_depth(&self, state: &MatchState) -> Vec<Probabilities> {
        let stakes = Stakes::from_state(state);
        let deadline = self.limits.deadline();
        let mut rows = Vec::new();
        for depth in 0..=self.plies() {
            match self.search.probabilities_by(
                &state.board,
                state.on_roll,
                depth,
                &stakes,
                deadline.filter(|_| depth > 0),
            ) {
                Some(probabilities) => rows.push(probabilities),
                None => break,
            }
        }
        rows
    }

    // ----- the cube -----

    /// The cube decision of `doubler` in `state` (the player on roll, before rolling; or the
    /// player who offered the pending double), `beavers` saying whether a beaver of this double
    /// would be allowed. The cube is doubled from `state`'s value and owner. Answered within
    /// the judge's limits as a play is: deepening until the budget is spent, the last complete
    /// depth answering (the engine protocols' default, [`crate::engine::choice::move_limits`],
    /// gives each cube question the 50 ms a move gets).
    #[must_use]
    pub fn cube_decision(&self, state: &MatchState, doubler: Side, beavers: bool) -> CubeDecision {
        let stakes = Stakes {
            beavers: beavers && !state.is_match(),
            ..Stakes::from_state(state)
        };
        if doubler != state.on_roll {
            let (on_roll, plies) = self.probabilities(state);
            return CubeDecision::from_probabilities(state, doubler, beavers, &on_roll, plies);
        }
        // Money bear-offs of up to six checkers a side: the exact two-sided database.
        if let Some(exact) = exact_decision(&stakes, state, doubler, self.plies()) {
            return exact;
        }
        let cubeful = CubefulSearch::new(&self.search);
        let deadline = self.limits.deadline();
        let mut answer = None;
        for depth in 0..=self.plies() {
            // Without a budget only the full depth is searched.
            if deadline.is_none() && depth < self.plies() {
                continue;
            }
            match cubeful.analyse_double(
                &state.board,
                doubler,
                depth,
                &stakes,
                deadline.filter(|_| depth > 0),
            ) {
                Some(found) => answer = Some((found, depth)),
                None => break,
            }
        }
        let ((probabilities, analysis), plies) = answer.unwrap_or_else(|| {
            // Depth 0 has no deadline: it always answers.
            let probabilities =
                self.search
                    .evaluator()
                    .probabilities(&state.board, state.variant, doubler);
            (
                (
                    probabilities,
                    stakes.analyse_double(&probabilities, doubler),
                ),
                0,
            )
        });
        CubeDecision {
            doubler,
            probabilities,
            plies,
            analysis,
            take: stakes.answer(&analysis),
        }
    }

    // ----- resignations -----

    /// A resignation of `points` (1..=3 cube multiples) offered to `receiver` in `state`,
    /// weighed: his equity playing on and after accepting (gnubg's normalised units).
    #[must_use]
    pub fn resignation(&self, state: &MatchState, receiver: Side, points: u32) -> ResignationValue {
        let (on_roll, _) = self.probabilities(state);
        Stakes::from_state(state).resignation_value(
            &on_roll.seen_by(state.on_roll, receiver),
            receiver,
            points,
        )
    }
}

/// The best play for the player on roll in `state` with `dice` (`state.dice` is ignored) by
/// `evaluator` as it is (a [`Search`] searches), or `None` when no checker can move: cubeless,
/// by the score of `state`, ties in gnubg's generation order. For games with the cube off
/// (the engines told so, `tavli bench strength`, the training's head to head), where
/// [`Judge::best_play`] would value a centred cube nobody can turn.
pub fn best_play<E: Evaluator + ?Sized>(
    evaluator: &E,
    state: &MatchState,
    dice: Dice,
) -> Option<Play> {
    let mover = state.on_roll;
    let plays = state.rules().legal_plays(&state.board, mover, dice);
    let stakes = Stakes::from_state(state);
    let ranked = evaluator.rank_plays(&state.board, &plays, mover, &stakes);
    ranked.first().map(|best| plays[best.index])
}

#[cfg(test)]
mod tests;
