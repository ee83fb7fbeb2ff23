//! The stored analysis of the current move, as gnubg writes it under `show board` once the
//! match is analysed: the cube analysis of a no-double or a double, then `Rolled 61 (-0.033):`
//! (the roll and its luck) and the ranked plays with the one played marked `*`.

use super::*;
use crate::analysis::decision::CubeAction;
use crate::analysis::{Decision, DecisionKind, LuckMark, Mark};
use crate::notation::apply_written_steps;
use crate::protocol::reply::RecordMarks;

/// How many plays gnubg lists under a stored move.
const LISTED_PLAYS: usize = 10;

impl Session {
    /// The marks of each record of game `game` (its index in the match record) for `list
    /// game`, when `actions` are that game's records and it is analysed: a play's luck, its
    /// mark and the mark of the cube decision before its roll.
    pub(super) fn record_marks(
        &self,
        game: usize,
        actions: &[GameAction],
    ) -> Vec<Option<RecordMarks>> {
        let record = self.match_record();
        if record.games.get(game).map(|game| game.actions.as_slice()) != Some(actions) {
            return Vec::new();
        }
        let decisions = self.stored_decisions(&record, game);
        if decisions.is_empty() {
            return Vec::new();
        }
        stored_move::decisions_by_record(actions, &decisions)
            .iter()
            .map(|found| {
                let mut marks = RecordMarks {
                    luck: LuckMark::None,
                    play: Mark::None,
                    cube: Mark::None,
                };
                for decision in found {
                    match decision.kind {
                        DecisionKind::Chequer { luck_mark, .. } => {
                            marks.luck = luck_mark;
                            marks.play = decision.mark;
                        }
                        DecisionKind::Cube {
                            action: CubeAction::NoDouble,
                            ..
                        } => marks.cube = decision.mark,
                        DecisionKind::Cube { .. } => {}
                    }
                }
                (!found.is_empty()).then_some(marks)
            })
            .collect()
    }

    /// Writes the stored analysis (`decisions`) of the `current` record; `view` stands at the
    /// position before it.
    pub(super) fn stored_analysis(
        &self,
        view: &Session,
        current: &GameAction,
        decisions: &[&Decision],
        out: &mut Response,
    ) {
        let options = &self.analysis.options;
        for decision in decisions {
            match decision.kind {
                DecisionKind::Cube { .. } => {
                    // The double's judgement at the analysis' depth, where it was decided.
                    if matches!(current, GameAction::Play { .. } | GameAction::Double { .. })
                        && view.game().dice().is_none()
                    {
                        let mut judge = view.clone();
                        judge.settings.evaluation.cube_decision = options.cube_plies;
                        // A player who may not double has no stored cube analysis: nothing.
                        let _ = judge.cube_hint(out);
                    }
                }
                DecisionKind::Chequer { dice, luck, .. } => {
                    let luck_text = if options.luck {
                        format!(" ({:+.3})", luck.emg)
                    } else {
                        String::new()
                    };
                    out.line(format!(
                        "Rolled {}{}{luck_text}:",
                        dice.first(),
                        dice.second()
                    ));
                    let GameAction::Play { side, steps, .. } = current else {
                        continue;
                    };
                    let state = decision.state;
                    let written: Vec<(u8, u8)> =
                        steps.iter().map(|step| (step.from, step.to)).collect();
                    let played = apply_written_steps(&state.board, *side, &written).ok();
                    let ranked = evaluate::ranked_plays(
                        self.evaluator.get(),
                        &state,
                        dice,
                        options.chequer_plies,
                    );
                    if ranked.is_empty() {
                        continue;
                    }
                    let entries = evaluate::hint_entries(&state, dice, ranked, LISTED_PLAYS);
                    let played_rank = entries
                        .iter()
                        .position(|entry| Some(entry.play.result) == played);
                    let text = crate::protocol::text::hint_text(self.evaluator.label(), &entries);
                    for (index, line) in text.lines().enumerate() {
                        // Three lines per play; a column before the first holds `*` for the
                        // one played.
                        if index % 3 == 0 {
                            let marker = if played_rank == Some(index / 3) {
                                '*'
                            } else {
                                ' '
                            };
                            out.line(format!("{marker}{line}"));
                        } else {
                            out.line(line);
                        }
                    }
                }
            }
        }
    }
}
