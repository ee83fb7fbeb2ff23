//! Bridges the REPL to tavli's judge ([`crate::engine::judge`]): ranked hints, `eval` and cube
//! reports worded for gnubg's layouts, and the computer player's decisions, all decided there.

use super::cube_report::{CubeAnswer, CubeReport};
use super::response::{EvaluationReport, EvaluationRow, HintEntry};
use crate::codec::{match_id, position_id};
use crate::engine::choice::{self, EvaluatorKind};
use crate::engine::cube::{DoubleAction, ResignationValue, Stakes, TakeAction};
use crate::engine::evaluator::{Evaluator, Probabilities};
use crate::engine::judge::{CubeDecision, Evaluation, Judge, PlayEvaluation};
use crate::notation::format_play;
use crate::rules::{Board, Dice, MatchState, Play, Side};
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
/// double.
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

/// [`cube_report`] worded from the judge's `decision`, judged `plies` deep.
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
    let answer = match decision.take {
        TakeAction::Take => CubeAnswer::Take,
        TakeAction::Drop => CubeAnswer::Pass,
        TakeAction::Beaver => CubeAnswer::Beaver,
    };
    CubeReport {
        evaluator: label.to_string(),
        plies,
        cubeless_equity: stakes.equity_in_units(viewer, evaluation.cubeless_equity),
        money_equity: state.is_match().then(|| probabilities.money_equity()),
        probabilities: gnubg_figures(&probabilities),
        no_double: analysis.no_double,
        double_take: analysis.double_take,
        double_pass: analysis.double_pass,
        answer,
        redouble: state.cube_owner == Some(doubler),
        from_taker: viewer != doubler,
    }
}

/// `eval` of `state` for the player on roll: a row for every ply from 0 (gnubg's `static`) to
/// `plies`, and, when `cube` says whether a beaver would be allowed, the cube analysis of the
/// deepest row.
#[must_use]
pub fn evaluation_report(
    evaluator: &SessionEvaluator,
    state: &MatchState,
    cube: Option<bool>,
    plies: u32,
) -> EvaluationReport {
    let side = state.on_roll;
    let stakes = Stakes::from_state(state);
    let judge = Judge::new(evaluator.get(), plies);
    let judged = judge.probabilities_by_depth(state);
    let rows = judged
        .iter()
        .zip(0..)
        .map(|(on_roll, depth)| {
            let evaluation = Evaluation::before_cube_decision(state, *on_roll, side);
            EvaluationRow {
                plies: depth,
                probabilities: gnubg_figures(on_roll),
                cubeless_equity: stakes.equity_in_units(side, evaluation.cubeless_equity),
                cubeful_equity: stakes.equity_in_units(side, evaluation.cubeful_equity),
            }
        })
        .collect();
    let deepest = judged.len().saturating_sub(1) as u32;
    let cube = cube.zip(judged.last()).map(|(beaver_allowed, on_roll)| {
        let decision =
            CubeDecision::from_probabilities(state, side, beaver_allowed, on_roll, deepest);
        cube_analysis(evaluator.label(), state, side, deepest, &decision)
    });
    EvaluationReport {
        position_id: position_id::encode(&state.board, side),
        match_id: match_id::encode(state),
        evaluator: evaluator.label().to_string(),
        plies: judge.plies(),
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

/// Whether the computer, on roll in `state` before rolling and allowed to double, doubles
/// (judging `plies` deep).
#[must_use]
pub fn computer_doubles(engine: &dyn Evaluator, state: &MatchState, plies: u32) -> bool {
    Judge::new(engine, plies)
        .cube_decision(state, state.on_roll, false)
        .double()
        == DoubleAction::Double
}

/// The computer's answer to the double of the player on roll in `state` (judging `plies`
/// deep); `beaver_allowed` says whether the session permits a beaver now.
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
mod tests {
    use super::*;
    use crate::engine::Pubeval;
    use crate::rules::{Board, GameState, Variant};

    fn money(board: Board, on_roll: Side) -> MatchState {
        MatchState {
            board,
            game_state: GameState::Playing,
            jacoby: false,
            ..MatchState::new_money_game(Variant::Standard, on_roll)
        }
    }

    /// `side` has `own` checkers on its own points (1-based), the opponent `theirs` likewise.
    fn board(side: Side, own: &[(usize, u8)], theirs: &[(usize, u8)]) -> Board {
        let mut slots = [[0u8; 25]; 2];
        for &(point, count) in own {
            slots[side.index()][point - 1] = count;
        }
        for &(point, count) in theirs {
            slots[side.opponent().index()][point - 1] = count;
        }
        Board::from_slots(slots, Variant::Standard).unwrap_or_else(|_| unreachable!())
    }

    #[test]
    fn first_ranked_play_is_best_play_and_all_plays_are_listed() {
        let state = money(Board::start(Variant::Standard), Side::X);
        for dice in Dice::all_rolls() {
            let ranked = ranked_plays(&Pubeval, &state, dice, 0);
            assert_eq!(
                ranked.len(),
                crate::rules::count_legal_plays(&state.board, Side::X, dice)
            );
            assert_eq!(
                ranked.first().map(|entry| entry.play),
                computer_play(&Pubeval, &state, dice, 0)
            );
        }
    }

    #[test]
    fn hint_figures_are_the_movers_probabilities() {
        let state = money(Board::start(Variant::Standard), Side::O);
        let dice = Dice::new(3, 1).unwrap_or_else(|_| unreachable!());
        let ranked = ranked_plays(&Pubeval, &state, dice, 0);
        let best = &ranked[0];
        let figures = gnubg_figures(&best.probabilities);
        assert!((figures[0] + figures[3] - 1.0).abs() < 1e-12);
        assert!(figures[0] > 0.45 && figures[0] < 0.7, "{figures:?}");
        // 31 at the start: the engine makes the 5 point.
        assert_eq!(best.play.result.slots[Side::O.index()][4], 2);
    }

    #[test]
    fn match_play_hints_are_normalised_equities_as_gnubg_shows_them() {
        // 3-point match at 0-0: the judge ranks in match-winning chances, hint shows gnubg's
        // normalised equity (its default `set output mwc off`), ranked the same way.
        let state = MatchState {
            match_length: 3,
            ..money(Board::start(Variant::Standard), Side::O)
        };
        let dice = Dice::new(3, 1).unwrap_or_else(|_| unreachable!());
        let ranked = ranked_plays(&Pubeval, &state, dice, 0);
        let chances: Vec<f64> = ranked.iter().map(|play| play.equity).collect();
        let entries = hint_entries(&state, dice, ranked, usize::MAX);
        let stakes = Stakes::from_state(&state);
        for (entry, chance) in entries.iter().zip(&chances) {
            assert!((0.0..=1.0).contains(chance), "{chance}");
            let expected = stakes.equity_in_units(Side::O, *chance);
            assert!((entry.equity - expected).abs() < 1e-12);
            assert!(entry.equity.abs() < 3.0, "{}", entry.equity);
        }
        assert!(entries
            .windows(2)
            .all(|pair| pair[0].equity >= pair[1].equity));
        // A match-winning chance above one half is a positive equity.
        assert_eq!(chances[0] > 0.5, entries[0].equity > 0.0);
    }

    #[test]
    fn computer_takes_an_even_double_and_drops_a_hopeless_one() {
        // Opening position, doubler on roll: an easy take.
        let even = money(Board::start(Variant::Standard), Side::X);
        assert_ne!(
            computer_take_action(&Pubeval, &even, false, 0),
            TakeAction::Drop
        );
        // The doubler bears off from two checkers on his 1 point against a full board far
        // from home: a certain loss for the taker.
        let hopeless = money(board(Side::X, &[(1, 2)], &[(22, 10), (21, 5)]), Side::X);
        assert_eq!(
            computer_take_action(&Pubeval, &hopeless, true, 0),
            TakeAction::Drop
        );
        // Too good to double: playing on wins a backgammon (O's checkers are in X's home).
        assert!(!computer_doubles(&Pubeval, &hopeless, 0));
    }

    #[test]
    fn computer_doubles_a_strong_race_lead_but_not_the_opening() {
        let opening = money(Board::start(Variant::Standard), Side::X);
        assert!(!computer_doubles(&Pubeval, &opening, 0));
        // A pure race, all checkers home: X (30 pips) against O (75 pips), X on roll.
        let race = money(
            board(
                Side::X,
                &[(1, 5), (2, 5), (3, 5)],
                &[(4, 5), (5, 5), (6, 5)],
            ),
            Side::X,
        );
        // A near-certain single win for X, no gammon: double, and O must drop.
        assert!(computer_doubles(&Pubeval, &race, 0));
        assert_eq!(
            computer_take_action(&Pubeval, &race, false, 0),
            TakeAction::Drop
        );
    }

    #[test]
    fn computer_accepts_a_resignation_only_when_it_gives_enough() {
        // X (receiver) is about to bear off his last two checkers; O has all fifteen far away
        // (on his own 24 point is impossible without contact, so in his outer board).
        let state = money(board(Side::X, &[(1, 2)], &[(12, 15)]), Side::O);
        // O resigns; X receives. O has borne off nothing and is not in X's home board: a
        // gammon is what X wins, so a single is not enough and a gammon is.
        assert!(!computer_accepts_resignation(
            &Pubeval,
            &state,
            Side::X,
            1,
            0
        ));
        assert!(computer_accepts_resignation(
            &Pubeval,
            &state,
            Side::X,
            2,
            0
        ));
        assert!(computer_accepts_resignation(
            &Pubeval,
            &state,
            Side::X,
            3,
            0
        ));
        // With the Jacoby rule and a centred cube gammons do not count: a single is enough.
        let jacoby = MatchState {
            jacoby: true,
            ..state
        };
        assert!(computer_accepts_resignation(
            &Pubeval,
            &jacoby,
            Side::X,
            1,
            0
        ));
    }
}
