//! Bridges the REPL to tavli's judge ([`crate::engine::judge`]): ranked hints, `eval` and cube
//! reports worded for gnubg's layouts, and the computer player's decisions, all decided there.

use super::cube_report::{CubeAction, CubeAnswer, CubeReport};
use super::response::{EvaluationReport, EvaluationRow, HintEntry};
use crate::codec::{match_id, position_id};
use crate::engine::choice::{self, EvaluatorKind};
use crate::engine::cube::{DoubleAction, ResignationValue, Stakes, TakeAction};
use crate::engine::evaluator::{Evaluator, Probabilities};
use crate::engine::judge::{CubeDecision, Evaluation, Judge, PlayEvaluation};
use crate::engine::match_cube;
use crate::notation::format_play;
use crate::rules::{Board, Dice, MatchState, Play, Resignation, Side};
use serde::Serialize;
use std::fmt;
use std::sync::Arc;

/// How deep the session's evaluator searches, as gnubg's `set evaluation chequerplay|
/// cubedecision evaluation plies N` and `set player N ...` set it: plies for choosing plays and
/// plies for cube and resignation decisions (and the rows of `eval`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SearchDepth {
    /// Plies searched to choose or rank a play.
    pub chequerplay: u32,
    /// Plies searched for cube decisions, resignations and `eval`.
    pub cube_decision: u32,
}

impl SearchDepth {
    /// tavli's default everywhere in the REPL: gnubg's 2-ply (a move in about 15 ms, the
    /// slowest well under a second; deterministic, no time budget, so a seeded script plays the
    /// same game on every machine).
    pub const DEFAULT: SearchDepth = SearchDepth {
        chequerplay: crate::engine::choice::DEFAULT_PLIES,
        cube_decision: crate::engine::choice::DEFAULT_PLIES,
    };
}

impl Default for SearchDepth {
    fn default() -> SearchDepth {
        SearchDepth::DEFAULT
    }
}

/// The evaluator a session judges with (hints, `eval`, the computer player), chosen by its
/// owner, with the short name its output shows (`net`, `pubeval`); shared, so the copy of the
/// session every command works on costs a pointer. Sessions start with tavli's networks.
#[derive(Clone)]
pub struct SessionEvaluator {
    evaluator: Arc<dyn Evaluator + Send + Sync>,
    label: String,
}

impl SessionEvaluator {
    /// A session evaluator judging with `evaluator`, shown as `label`.
    pub fn new(evaluator: Arc<dyn Evaluator + Send + Sync>, label: &str) -> SessionEvaluator {
        SessionEvaluator {
            evaluator,
            label: label.to_string(),
        }
    }

    /// The evaluator.
    #[must_use]
    pub fn get(&self) -> &dyn Evaluator {
        &*self.evaluator
    }

    /// The short name shown beside its figures.
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }
}

impl Default for SessionEvaluator {
    fn default() -> SessionEvaluator {
        SessionEvaluator::new(choice::embedded_net(), EvaluatorKind::Net.name())
    }
}

impl fmt::Debug for SessionEvaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SessionEvaluator")
            .field(&self.evaluator.name())
            .finish()
    }
}

/// Two sessions judge alike when they hold the same evaluator (the same shared instance).
impl PartialEq for SessionEvaluator {
    fn eq(&self, other: &SessionEvaluator) -> bool {
        std::ptr::addr_eq(Arc::as_ptr(&self.evaluator), Arc::as_ptr(&other.evaluator))
            && self.label == other.label
    }
}

/// What is printed where gnubg prints its evaluation kind (`Cubeful 2-ply`): the evaluator's
/// short name and the plies searched.
#[must_use]
pub fn evaluator_column(label: &str, plies: u32) -> String {
    format!("{label} {plies}-ply")
}

/// Win, win gammon, win backgammon, lose, lose gammon, lose backgammon as gnubg prints them
/// (gammons include backgammons).
#[must_use]
pub fn gnubg_figures(probabilities: &Probabilities) -> [f64; 6] {
    [
        probabilities.win,
        probabilities.win_gammon,
        probabilities.win_backgammon,
        1.0 - probabilities.win,
        probabilities.lose_gammon,
        probabilities.lose_backgammon,
    ]
}

/// The legal plays for the player on roll in `state` with `dice`, judged `plies` deep as the
/// computer's search judges them, in the order gnubg's `hint` lists them
/// ([`Judge::ranked_plays`]). The first is the computer's choice.
#[must_use]
pub fn ranked_plays(
    engine: &dyn Evaluator,
    state: &MatchState,
    dice: Dice,
    plies: u32,
) -> Vec<PlayEvaluation> {
    Judge::new(engine, plies).ranked_plays(state, dice)
}

/// The first `limit` of the judge's `ranked` plays of the player on roll in `state` with
/// `dice`, worded as `hint` lists them: gnubg's notation and six figures. In match play the
/// judge's match-winning chances are shown as gnubg shows them by default, as normalised
/// equity (winning a single game at the current cube +1, losing one -1).
#[must_use]
pub fn hint_entries(
    state: &MatchState,
    dice: Dice,
    ranked: Vec<PlayEvaluation>,
    limit: usize,
) -> Vec<HintEntry> {
    let stakes = Stakes::from_state(state);
    ranked
        .into_iter()
        .take(limit)
        .map(|ranked| HintEntry {
            notation: format_play(
                state.rules(),
                &state.board,
                state.on_roll,
                dice,
                ranked.play.steps(),
            ),
            equity: stakes.equity_in_units(state.on_roll, ranked.equity),
            probabilities: gnubg_figures(&ranked.probabilities),
            plies: ranked.plies,
            play: ranked.play,
        })
        .collect()
}

/// The class of position gnubg names after `Evaluator:` (`Over`, `Race`, `Contact`), as
/// tavli's evaluator sees it.
#[must_use]
pub fn position_class(board: &Board) -> &'static str {
    if board.checkers_in_play(Side::O) == 0 || board.checkers_in_play(Side::X) == 0 {
        "Over"
    } else if board.in_contact() {
        "Contact"
    } else {
        "Race"
    }
}

/// The cube analysis of `state` for the double of `doubler` (the player on roll), seen by
/// `viewer` (the doubler, or his opponent answering a pending double), judged `plies` deep and
/// shown as `label`; `beaver_allowed` says whether the session would permit a beaver of this
/// double. `eval`'s cube section is this analysis too ([`evaluation_report`]).
#[must_use]
pub fn cube_report(
    evaluator: &SessionEvaluator,
    state: &MatchState,
    viewer: Side,
    beaver_allowed: bool,
    plies: u32,
) -> CubeReport {
    let decision =
        Judge::new(evaluator.get(), plies).cube_decision(state, state.on_roll, beaver_allowed);
    cube_analysis(evaluator.label(), state, viewer, plies, &decision)
}

/// [`cube_report`] worded from the judge's `decision`, judged `plies` deep; the answer is the
/// judge's ([`CubeDecision::take`]), as the computer answers.
fn cube_analysis(
    label: &str,
    state: &MatchState,
    viewer: Side,
    plies: u32,
    decision: &CubeDecision,
) -> CubeReport {
    let doubler = decision.doubler;
    let probabilities = decision.probabilities.seen_by(doubler, viewer);
    let evaluation = Evaluation::of(state, probabilities, viewer);
    let stakes = Stakes::from_state(state);
    let analysis = decision.analysis;
    CubeReport {
        evaluator: label.to_string(),
        plies,
        cubeless_equity: stakes.equity_in_units(viewer, evaluation.cubeless_equity),
        money_equity: state.is_match().then(|| probabilities.money_equity()),
        probabilities: gnubg_figures(&probabilities),
        no_double: analysis.no_double,
        double_take: analysis.double_take,
        double_pass: analysis.double_pass,
        answer: decision.take.into(),
        redouble: state.cube_owner == Some(doubler),
        jacoby_applies: !state.is_match() && state.cube_owner.is_none() && state.jacoby,
        from_taker: viewer != doubler,
    }
}

/// `eval` of `state` for the player on roll: a row for every ply from 0 (gnubg's `static`) to
/// `plies`, and, when `cube` says whether a beaver would be allowed, the cube analysis.
///
/// Each row is the judge's cube decision at that depth, as gnubg's rows are its cube
/// decisions at each depth: the cubeless figures the decision was found from and, as the
/// Cubeful column, its no double equity (the player on roll rolling with the cube where it is,
/// whatever his best cube action; where he may not double, the only one). Found by experiment
/// with gnubg 1.07: on 40 positions from its self-play at 7 scores and cubes where the player
/// on roll may double (money, his cube or the centred cube; 7-point match at 0-0, 4-away
/// 2-away, 2-away 4-away, post-Crawford, his cube at 2-2), the Cubeful column of every row was
/// the no double line of `hint` at that depth, 280 of 280, in positions to double, too good to
/// double and not to double alike. The cube section is the deepest decision worded as `hint`
/// words it ([`cube_report`]), so the two agree to the byte.
#[must_use]
pub fn evaluation_report(
    evaluator: &SessionEvaluator,
    state: &MatchState,
    cube: Option<bool>,
    plies: u32,
) -> EvaluationReport {
    let side = state.on_roll;
    let stakes = Stakes::from_state(state);
    // A beaver changes the answer, never the equities of a row.
    let beaver_allowed = cube.unwrap_or(false);
    let decisions: Vec<CubeDecision> = (0..=plies)
        .map(|depth| Judge::new(evaluator.get(), depth).cube_decision(state, side, beaver_allowed))
        .collect();
    let rows = decisions
        .iter()
        .zip(0..)
        .map(|(decision, depth)| {
            let evaluation = Evaluation::of(state, decision.probabilities, side);
            EvaluationRow {
                plies: depth,
                probabilities: gnubg_figures(&decision.probabilities),
                cubeless_equity: stakes.equity_in_units(side, evaluation.cubeless_equity),
                cubeful_equity: decision.analysis.no_double,
            }
        })
        .collect();
    let cube = cube
        .and(decisions.last())
        .map(|decision| cube_analysis(evaluator.label(), state, side, plies, decision));
    EvaluationReport {
        position_id: position_id::encode(&state.board, side),
        match_id: match_id::encode(state),
        evaluator: evaluator.label().to_string(),
        plies,
        position_class: position_class(&state.board),
        rows,
        cube,
    }
}

/// The computer's play for the player on roll in `state` with `dice`, searched `plies` deep:
/// the first play `hint` lists, so the computer plays what `hint` recommends.
#[must_use]
pub fn computer_play(
    engine: &dyn Evaluator,
    state: &MatchState,
    dice: Dice,
    plies: u32,
) -> Option<Play> {
    ranked_plays(engine, state, dice, plies)
        .into_iter()
        .next()
        .map(|ranked| ranked.play)
}

/// Whether the computer, on roll in `state` before rolling, doubles (judging `plies` deep;
/// `beaver_allowed` says whether the session would permit a beaver of the double), as gnubg's
/// computer player decides:
/// * only where its chance of winning, cubeless and one ply shallower (0 plies at 0), is at
///   least the dead cube's doubling point ([`dead_cube_double_point`]), gnubg's "market
///   window" before it weighs the cube at all;
/// * then as the judge's cube decision says ([`CubeDecision::double`]: a proper double, not
///   one whose beaver would cost more than not doubling), the cube report only wording it;
/// * but a proper double that gains nothing, which `hint` calls "Optional double"
///   ([`CubeReport::is_optional`]), only at 0 plies and while that chance of winning is above
///   0.001.
///
/// Checked live with gnubg 1.07's computer player (`set player N gnubg`, `play`) on random
/// cases (`scripts/computer-double-vs-gnubg.py`): it rolls on "Optional double" at 1 and 2
/// plies (at 0 its source doubles one; the only 0-ply optional double met live was a sure
/// loss, which it rolled), never doubles "Too good" or "No double, beaver", and now and then
/// rolls on a 1-ply "Double" at 2-away 2-away, where its 0-ply chance of winning is below
/// the dead cube's doubling point.
#[must_use]
pub fn computer_doubles(
    engine: &dyn Evaluator,
    state: &MatchState,
    beaver_allowed: bool,
    plies: u32,
) -> bool {
    let (shallower, _) = Judge::new(engine, plies.saturating_sub(1)).probabilities(state);
    // A doubling point of 0/0 (doubling changes nothing) is NaN: no market window, as gnubg.
    let in_window = shallower.win >= dead_cube_double_point(state, beaver_allowed, &shallower);
    if !in_window {
        return false;
    }
    let decision = Judge::new(engine, plies).cube_decision(state, state.on_roll, beaver_allowed);
    if decision.double() != DoubleAction::Double {
        return false;
    }
    let optional =
        cube_analysis(engine.name(), state, state.on_roll, plies, &decision).is_optional();
    !optional || (plies == 0 && shallower.win > 0.001)
}

/// The chance of winning above which the player on roll in `state` gains by doubling a cube
/// that will never be turned again, his cubeless `probabilities` giving the make-up of his
/// wins and losses: money, Janowski's dead cube point (average win `W` and loss `L` in cubes:
/// `L / (W + L)`; with the Jacoby rule and the cube centred `(L - 1/2) / (W + L - 1)`, `(L -
/// 1/4) / (W + L - 1/2)` with beavers allowed); match play, risk over risk plus gain in
/// match-winning chances ([`match_cube::dead_cube_double_point`]). gnubg's computer
/// player weighs the cube only at or above this point. NaN where doubling changes nothing.
#[must_use]
pub fn dead_cube_double_point(
    state: &MatchState,
    beaver_allowed: bool,
    probabilities: &Probabilities,
) -> f64 {
    let win = probabilities.win;
    let lose = 1.0 - win;
    let share = |part: f64, whole: f64| if whole > 0.0 { part / whole } else { 0.0 };
    if !state.is_match() {
        // Cubes won on average by a win, lost by a loss.
        let average_win = 1.0 + share(probabilities.win_gammon + probabilities.win_backgammon, win);
        let average_loss = 1.0
            + share(
                probabilities.lose_gammon + probabilities.lose_backgammon,
                lose,
            );
        return if state.cube_owner.is_none() && state.jacoby {
            let free = if beaver_allowed { 0.25 } else { 0.5 };
            (average_loss - free) / (average_win + average_loss - 2.0 * free)
        } else {
            average_loss / (average_loss + average_win)
        };
    }
    match_cube::dead_cube_double_point(&Stakes::from_state(state), probabilities, state.on_roll)
}

/// The computer's answer to the double of the player on roll in `state` (judging `plies`
/// deep): the answer `hint` words; `beaver_allowed` says whether the session permits a beaver
/// now.
#[must_use]
pub fn computer_take_action(
    engine: &dyn Evaluator,
    state: &MatchState,
    beaver_allowed: bool,
    plies: u32,
) -> TakeAction {
    Judge::new(engine, plies)
        .cube_decision(state, state.on_roll, beaver_allowed)
        .take
}

/// The computer's answer, as the player who doubled, to the beaver of his double: `state` is
/// the game after the beaver (the doubler on roll and to answer, the beaverer owning the cube
/// at its beavered value and offering it back at twice that). [`TakeAction::Beaver`] is a
/// raccoon. As gnubg 1.07's computer player answers (found live with `set player N gnubg` and
/// `play`), it judges the position `plies` deep as a redouble of its own of the beavered cube
/// (`beavers`: the session has beavers on, whether or not any are left) and
/// * where that redouble would be proper, optional or too good (the beaver was a mistake),
///   raccoons when `raccoon_allowed` (a beaver left, the raccoon within gnubg's largest cube),
///   else takes;
/// * where the beaver was right (the answer to the redouble would be a beaver), takes;
/// * where the redouble is not proper and would be taken, drops when taking costs at least as
///   much as dropping (double/take at or below -1, the beavered cube lost), else takes.
#[must_use]
pub fn computer_answers_beaver(
    engine: &dyn Evaluator,
    state: &MatchState,
    beavers: bool,
    raccoon_allowed: bool,
    plies: u32,
) -> TakeAction {
    let doubler = state.on_roll;
    let redouble = MatchState {
        cube_owner: Some(doubler),
        double_offered: false,
        turn: doubler,
        ..*state
    };
    let decision = Judge::new(engine, plies).cube_decision(&redouble, doubler, beavers);
    let report = cube_analysis(engine.name(), &redouble, doubler, plies, &decision);
    match (report.action(), report.answer) {
        (_, CubeAnswer::Beaver) => TakeAction::Take,
        (CubeAction::Double | CubeAction::TooGood, _) if raccoon_allowed => TakeAction::Beaver,
        (CubeAction::Double | CubeAction::TooGood, _) => TakeAction::Take,
        (CubeAction::NoDouble, _) if decision.analysis.double_take <= -1.0 => TakeAction::Drop,
        (CubeAction::NoDouble, _) => TakeAction::Take,
    }
}

/// The largest chance of another result that still leaves a loss certain for the computer's
/// resignation: gnubg's evaluator gives a lost race exactly 0 chances (its sanity checks and
/// bear-off databases), tavli's race network a few in a million (`3QAAgDLvTgAAAA`: win
/// 0.0000006; `awAAwN22kAAAAA`: 0.000003); where both give 0.000018 (`nwAAAPa9AwAAAA`, the
/// bear-off database) gnubg plays on.
const CERTAIN_WITHIN: f64 = 1e-5;

/// The resignation the computer on roll in `state` offers before its cube decision, as gnubg
/// 1.07's computer player does (found live with `set player N gnubg` and `play`): only in a
/// race (no contact), only when its cubeless 0-ply evaluation makes the result certain in
/// what the game is worth to it (money: gammons do not count while the Jacoby rule holds;
/// match: match-winning chances, so that against an opponent 1 away every loss is the same):
/// a backgammon where losing one is possible and every likely result is worth as little, else
/// a gammon likewise, else a single game; a single game whatever the level while the Jacoby
/// rule holds. The chances of results worth more or less than the one resigned must be within
/// [`CERTAIN_WITHIN`].
#[must_use]
pub fn computer_resignation(engine: &dyn Evaluator, state: &MatchState) -> Option<Resignation> {
    if state.board.in_contact() {
        return None;
    }
    let side = state.on_roll;
    let (probabilities, _) = Judge::new(engine, 0).probabilities(state);
    let stakes = Stakes::from_state(state);
    let jacoby = !state.is_match() && state.jacoby && state.cube_owner.is_none();
    // What each of the six results (Probabilities::outcomes' order) is worth to him.
    let worth: Vec<f64> = (0..6)
        .map(|result: usize| {
            let (win, lose) = (result < 3, result >= 3);
            let gammon = result % 3 >= 1;
            let backgammon = result % 3 == 2;
            let sure = Probabilities::from([
                f64::from(u8::from(win)),
                f64::from(u8::from(win && gammon)),
                f64::from(u8::from(win && backgammon)),
                f64::from(u8::from(lose && gammon)),
                f64::from(u8::from(lose && backgammon)),
            ]);
            if jacoby {
                2.0 * sure.win - 1.0
            } else {
                stakes.cubeless_equity(&sure, side)
            }
        })
        .collect();
    let chances = probabilities.outcomes();
    let certain = |result: usize| {
        let other: f64 = chances
            .iter()
            .zip(&worth)
            .filter(|(_, value)| (*value - worth[result]).abs() > 1e-9)
            .map(|(chance, _)| chance.max(0.0))
            .sum();
        other <= CERTAIN_WITHIN
    };
    let level = if probabilities.lose_backgammon > CERTAIN_WITHIN && certain(5) {
        Resignation::Backgammon
    } else if probabilities.lose_gammon > CERTAIN_WITHIN && certain(4) {
        Resignation::Gammon
    } else if certain(3) {
        Resignation::Single
    } else {
        return None;
    };
    Some(if jacoby { Resignation::Single } else { level })
}

/// Whether the computer, as `receiver`, accepts a resignation worth `points` cube multiples
/// (judging `plies` deep).
#[must_use]
pub fn computer_accepts_resignation(
    engine: &dyn Evaluator,
    state: &MatchState,
    receiver: Side,
    points: u32,
    plies: u32,
) -> bool {
    resignation_value(engine, state, receiver, points, plies).should_accept()
}

/// What `hint` shows for a pending resignation of `points` offered to `receiver`: his equity
/// playing on and after accepting (gnubg's normalised units), from the numbers the computer
/// answers with (judged `plies` deep).
#[must_use]
pub fn resignation_value(
    engine: &dyn Evaluator,
    state: &MatchState,
    receiver: Side,
    points: u32,
    plies: u32,
) -> ResignationValue {
    Judge::new(engine, plies).resignation(state, receiver, points)
}

#[cfg(test)]
mod tests;
