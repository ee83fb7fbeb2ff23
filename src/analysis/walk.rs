//! Walks a replayed match record on the rules' [`Game`], game by game and action by action,
//! and asks the judge about every decision: each roll's play (and the roll's luck), each
//! point where the player on roll could double, each double, take and pass.

use super::close_calls::CloseCalls;
use super::decision::{CubeAction, Decision, DecisionKind, Equity};
use super::details::{play_candidates, DecisionDetails};
use super::luck::{self, LuckEstimate};
use super::marks::{LuckMark, Mark};
use super::{AnalysisError, AnalysisMethod, AnalysisSettings};
use crate::codec::{gnubg_id, xgid};
use crate::engine::{CubeDecision, Evaluator, Judge};
use crate::matchfile::record::{GameAction, GameRecord, MatchRecord};
use crate::notation::format::format_play;
use crate::notation::resolve::apply_written_steps;
use crate::rules::game::{Action, Game, MatchContext};
use crate::rules::{Dice, MatchState, RuleSet, Side, Step, Variant};
use ranking::{ranked_and_played, settle};

/// How far (EMG) below no double the double may be for a no-double to count as a cube
/// decision: gnubg's "close" cube decisions.
pub const CLOSE_CUBE: f64 = 0.16;

/// At 0 plies, the plays of a roll the evaluator's one-pass ranking (cubeless) puts first
/// that are judged in full (cubeful) to find the best: the cubeful best is among them.
const ZERO_PLY_CANDIDATES: usize = 5;

/// The judges of one analysis: chequer play, cube decisions and luck, each at its depth.
struct Judges<'a, E: Evaluator + ?Sized> {
    chequer: Judge<'a, E>,
    cube: Judge<'a, E>,
    luck: Judge<'a, E>,
    luck_estimate: LuckEstimate,
    /// Close calls rolled out, with the evaluator the rollouts play with.
    close_calls: Option<(CloseCalls, &'a dyn Evaluator)>,
    /// Whether the luck takes what the chequer and cube analysis judged alike instead of
    /// judging it again (the same figures; off only to prove that).
    share: bool,
}

/// Every decision of `record` analysed with `evaluator` at `settings`' depths, in match order.
///
/// # Errors
/// [`AnalysisError::Variant`] for a variant the analysis cannot judge;
/// [`AnalysisError::Unplayable`] when the rules refuse a recorded action (a record that
/// `tavli validate` would report invalid).
pub fn analyse_decisions<E: Evaluator + ?Sized>(
    record: &MatchRecord,
    evaluator: &E,
    settings: &AnalysisSettings,
) -> Result<Vec<Decision>, AnalysisError> {
    analyse_decisions_by(record, evaluator, settings, &AnalysisMethod::default())
}

/// [`analyse_decisions`] by `method`.
///
/// # Errors
/// As [`analyse_decisions`].
pub fn analyse_decisions_by<E: Evaluator + ?Sized>(
    record: &MatchRecord,
    evaluator: &E,
    settings: &AnalysisSettings,
    method: &AnalysisMethod,
) -> Result<Vec<Decision>, AnalysisError> {
    walk_record(record, evaluator, settings, method, true)
}

/// [`analyse_decisions_by`], the luck sharing the work of the rest when `share` says so.
fn walk_record<E: Evaluator + ?Sized>(
    record: &MatchRecord,
    evaluator: &E,
    settings: &AnalysisSettings,
    method: &AnalysisMethod,
    share: bool,
) -> Result<Vec<Decision>, AnalysisError> {
    if record.variant != Variant::Standard {
        return Err(AnalysisError::Variant(record.variant));
    }
    // A reference is a sized evaluator: the rollouts take it as a trait object.
    let rollout_evaluator: &dyn Evaluator = &evaluator;
    let judges = Judges {
        chequer: Judge::new(evaluator, settings.chequer_plies),
        cube: Judge::new(evaluator, settings.cube_plies),
        luck: Judge::new(evaluator, settings.luck_plies),
        luck_estimate: method.luck,
        close_calls: method.rollout_close.map(|calls| (calls, rollout_evaluator)),
        share,
    };
    let mut decisions = Vec::new();
    for (index, game) in record.games.iter().enumerate() {
        GameWalk::new(record, game, index + 1, &judges).walk(game, &mut decisions)?;
    }
    Ok(decisions)
}

/// One game being walked.
struct GameWalk<'j, 'a, E: Evaluator + ?Sized> {
    game: Game,
    number: usize,
    judges: &'j Judges<'a, E>,
    beavers: bool,
    /// The judge's view of the double offered and not answered yet.
    pending: Option<(MatchState, CubeDecision)>,
    /// Whether the player on roll doubled this turn (no no-double decision before the roll).
    doubled: bool,
    /// Whether the next roll is the game's opening roll.
    opening: bool,
    /// The index of the recorded action being walked.
    action: usize,
}

impl<'j, 'a, E: Evaluator + ?Sized> GameWalk<'j, 'a, E> {
    fn new(
        record: &MatchRecord,
        game: &GameRecord,
        number: usize,
        judges: &'j Judges<'a, E>,
    ) -> Self {
        let money = record.length == 0;
        let context = MatchContext {
            length: record.length,
            score: game.score,
            crawford: game.crawford,
            jacoby: record.jacoby && money,
            beavers: u32::from(money),
        };
        GameWalk {
            game: Game::new(RuleSet::new(record.variant), context, game.first_to_act()),
            number,
            judges,
            beavers: money,
            pending: None,
            doubled: false,
            opening: true,
            action: 0,
        }
    }

    fn refused(&self, what: &str) -> AnalysisError {
        AnalysisError::Unplayable {
            game: self.number,
            action: what.to_string(),
        }
    }

    fn apply(&mut self, action: Action, what: &str) -> Result<(), AnalysisError> {
        self.game
            .apply(action)
            .map(|_| ())
            .map_err(|_| self.refused(what))
    }

    /// `side` acts now: the turn passed to it where the record says so.
    fn take_turn(&mut self, side: Side) -> Result<(), AnalysisError> {
        if self.game.turn() != side || self.game.on_roll() != side {
            self.apply(Action::SetTurn(side), "a turn")?;
        }
        Ok(())
    }

    fn walk(mut self, game: &GameRecord, out: &mut Vec<Decision>) -> Result<(), AnalysisError> {
        for (index, action) in game.actions.iter().enumerate() {
            if self.game.is_over() {
                break;
            }
            self.action = index;
            match action {
                GameAction::Play { side, dice, steps } => self.play(*side, *dice, steps, out)?,
                GameAction::Double { side, .. } => self.double(*side, out)?,
                GameAction::Take { .. } => self.answer(CubeAction::Take, Action::Take, out)?,
                GameAction::Drop { .. } => self.answer(CubeAction::Pass, Action::Drop, out)?,
                GameAction::Beaver { .. } => {
                    self.answer(CubeAction::Beaver, Action::Beaver, out)?;
                }
                GameAction::SetBoard { board, on_roll } => {
                    self.apply(Action::SetBoard(*board), "a board set up")?;
                    if let Some(side) = on_roll {
                        self.take_turn(*side)?;
                    }
                }
                GameAction::SetCubeValue { value, .. } => {
                    let owner = self.game.cube().owner;
                    let value = *value;
                    self.apply(Action::SetCube { value, owner }, "a cube set")?;
                }
                GameAction::SetCubeOwner { owner, .. } => {
                    let value = self.game.cube().value;
                    let owner = *owner;
                    self.apply(Action::SetCube { value, owner }, "a cube set")?;
                }
                // A resignation ends the game as its result says; an unplayed roll decides
                // nothing.
                GameAction::Resign { .. } | GameAction::Roll { .. } => {}
            }
        }
        Ok(())
    }

    /// The position in words: gnubg's ID and the XGID.
    fn ids(state: &MatchState) -> (String, String) {
        (
            gnubg_id::encode(state),
            xgid::encode(state).unwrap_or_default(),
        )
    }

    fn play(
        &mut self,
        side: Side,
        dice: Dice,
        steps: &[Step],
        out: &mut Vec<Decision>,
    ) -> Result<(), AnalysisError> {
        self.take_turn(side)?;
        let opening = std::mem::replace(&mut self.opening, false);
        // gnubg keeps the cube decision before a roll with the play that follows it: a roll
        // written without its play has neither. The cube decision's view of the position
        // before the roll serves the luck when the luck's depth would see it alike.
        let (cube_decision, before_roll_equity) =
            if !opening && !std::mem::replace(&mut self.doubled, false) {
                self.no_double()
            } else {
                (None, None)
            };
        let before_roll = self.game.match_state();
        self.apply(Action::Roll(dice), "a roll")?;
        let rolled = self.game.match_state();
        let board = *self.game.board();
        let written: Vec<(u8, u8)> = steps.iter().map(|step| (step.from, step.to)).collect();
        let after =
            apply_written_steps(&board, side, &written).map_err(|_| self.refused("a play"))?;
        let legal = self.game.legal_plays();
        let made = legal.iter().find(|play| play.result == after).copied();
        let rules = self.game.rules();
        let mut details = DecisionDetails {
            action: self.action,
            ..DecisionDetails::default()
        };
        let same_depth = self.judges.chequer.plies() == self.judges.luck.plies();
        // The roller's equity after the best play, when the chequer analysis found it at the
        // luck's depth (the luck against the position needs no more).
        let mut rolled_best = None;
        // The roller's equity after the judge's best play (the luck's choice, by cubeful
        // equity), when the chequer analysis judged it alike: every roll at the luck's depth
        // with no play to choose, and at 0 ply the best of the five plays the one-pass
        // ranking puts first, which the judge's ranking of every play puts first but in a
        // few decisions in ten thousand.
        let mut rolled_first = None;
        let zero_plies = same_depth && self.judges.luck.plies() == 0;
        let (played_text, best_text, loss, forced) = match made {
            None if legal.is_empty() || legal.iter().all(|p| p.dice_used() == 0) => {
                self.apply(Action::CannotMove, "a roll with no play")?;
                let after = self.judges.chequer.evaluate_after(&rolled, &board, side);
                details.after = Some(after.probabilities);
                if same_depth {
                    rolled_first = Some(after.cubeful_equity);
                }
                (
                    "(no move)".to_string(),
                    String::new(),
                    Equity::default(),
                    true,
                )
            }
            // A roll written without its play (the game resigned, or the record stops).
            None if steps.is_empty() => return Ok(()),
            None => return Err(self.refused("a play")),
            Some(play) => {
                let mut distinct: Vec<_> = legal.iter().map(|p| p.result).collect();
                distinct.sort_unstable_by_key(|b| b.slots);
                distinct.dedup();
                let forced = distinct.len() <= 1;
                let played_text = format_play(rules, &board, side, dice, play.steps());
                let (best_text, loss) = if forced {
                    let after = self
                        .judges
                        .chequer
                        .evaluate_after(&rolled, &play.result, side);
                    details.after = Some(after.probabilities);
                    if same_depth {
                        rolled_first = Some(after.cubeful_equity);
                    }
                    (played_text.clone(), Equity::default())
                } else {
                    let (ranked, played_index, played_entry, played_rank) =
                        ranked_and_played(&self.judges.chequer, &rolled, dice, &play);
                    let best = ranked
                        .first()
                        .cloned()
                        .unwrap_or_else(|| played_entry.clone());
                    let runner_up = ranked.get(1).cloned();
                    let played_equity = played_entry.equity;
                    details.after = Some(played_entry.probabilities);
                    details.candidates = play_candidates(&rolled, dice, &ranked, played_index);
                    if played_index.is_none() {
                        // At 0 ply a play outside the leaders: shown below them at its rank in
                        // the one-pass ranking.
                        let alone = std::slice::from_ref(&played_entry);
                        for mut candidate in play_candidates(&rolled, dice, alone, Some(0)) {
                            candidate.rank = played_rank;
                            details.candidates.push(candidate);
                        }
                    }
                    if same_depth {
                        rolled_best = Some(best.equity);
                    }
                    if zero_plies {
                        rolled_first = Some(best.equity);
                    }
                    let mut loss = Equity::between(&rolled, side, best.equity, played_equity);
                    let mut best_play = best.play;
                    if let Some((calls, evaluator)) = &self.judges.close_calls {
                        let rival = if best.play.result == play.result {
                            runner_up.map(|entry| (entry.play, entry.equity))
                        } else {
                            Some((play, played_equity))
                        };
                        if let Some((rival, rival_equity)) = rival {
                            if calls.is_close(&rolled, best.equity, rival_equity) {
                                if let Some((units, better)) =
                                    settle(calls, *evaluator, &rolled, &play, [&best.play, &rival])
                                {
                                    loss = Equity::from_units(&rolled, side, units);
                                    best_play = better;
                                }
                            }
                        }
                    }
                    let text = format_play(rules, &board, side, dice, best_play.steps());
                    (text, loss)
                };
                self.apply(Action::Play(play), "a play")?;
                (played_text, best_text, loss, forced)
            }
        };
        let estimate = self.judges.luck_estimate;
        // Against the position, the roll made is worth the chequer analysis's best play (its
        // choice, not a figure shared); elsewhere the luck's own choice, judged alike.
        let known = if estimate == LuckEstimate::Position && !opening {
            luck::Known {
                before_roll: before_roll_equity.filter(|_| self.judges.share),
                rolled: rolled_best,
            }
        } else {
            luck::Known {
                before_roll: None,
                rolled: rolled_first.filter(|_| self.judges.share),
            }
        };
        let luck_units = luck::luck_by(
            &self.judges.luck,
            &before_roll,
            dice,
            opening,
            estimate,
            known,
        );
        let (gnubg_id, xgid) = Self::ids(&rolled);
        let luck = Equity::from_units(&before_roll, side, luck_units);
        out.extend(cube_decision);
        out.push(Decision {
            game: self.number,
            player: side,
            state: rolled,
            gnubg_id,
            xgid,
            kind: DecisionKind::Chequer {
                dice,
                forced,
                luck,
                luck_mark: LuckMark::of(luck.emg),
            },
            played: played_text,
            best: best_text,
            loss: Equity {
                emg: loss.emg.max(0.0),
                mwc: loss.mwc.max(0.0),
                points: loss.points.max(0.0),
            },
            mark: Mark::of(loss.emg),
            details,
        });
        Ok(())
    }
}

mod cube;
mod ranking;

#[cfg(test)]
mod tests;
