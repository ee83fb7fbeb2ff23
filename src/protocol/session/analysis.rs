//! The REPL's match analysis, as gnubg does it: `analyse game|match|session` puts every
//! decision of the session's match to the analysis core ([`crate::analysis`], which asks the
//! one judge), `show statistics game|match|session` reports them in gnubg's layout, and
//! `set analysis ...` / `show analysis` hold the depths, the luck switch and the thresholds.
//!
//! The analysis of each game is kept beside a copy of the game's record: a game counts as
//! analysed while its record is unchanged (a game played on, swapped players or a new match
//! leaves it unanalysed), so nothing elsewhere in the session has to forget it.

use super::*;
use crate::analysis::thresholds::Thresholds;
use crate::analysis::{walk, AnalysisError, AnalysisSettings, Decision, DecisionKind, LuckMark};
use crate::engine::search::MAX_PLIES;
use crate::matchfile::record::{GameRecord, MatchRecord};
use crate::protocol::ast::{
    AnalysisScope, AnalysisSetting, Decision as DecisionName, StatisticsScope, ThresholdName,
};
use crate::protocol::statistics_report::{CoveredGames, StatisticsReport};
use std::sync::Arc;

/// `set analysis ...`: depths, luck and thresholds.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisOptions {
    /// Plies for chequer plays.
    pub chequer_plies: u32,
    /// Plies for cube decisions.
    pub cube_plies: u32,
    /// Whether the luck of the rolls is analysed.
    pub luck: bool,
    /// The marks' thresholds.
    pub thresholds: Thresholds,
}

impl Default for AnalysisOptions {
    /// gnubg's defaults: 2 plies, luck analysed, gnubg's thresholds.
    fn default() -> AnalysisOptions {
        AnalysisOptions {
            chequer_plies: 2,
            cube_plies: 2,
            luck: true,
            thresholds: Thresholds::default(),
        }
    }
}

/// One analysed game: the record it was analysed on and its decisions.
#[derive(Clone, Debug, PartialEq)]
struct AnalysedGame {
    length: u32,
    record: GameRecord,
    decisions: Vec<Decision>,
}

/// The analysis settings and the analysed games of the session's match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SessionAnalysis {
    /// The settings.
    pub options: AnalysisOptions,
    /// By game index. Shared: the session is cloned before every command (a rejected command
    /// leaves it unchanged), and an analysed match's decisions are too many to copy each time.
    games: Vec<Option<Arc<AnalysedGame>>>,
}

impl SessionAnalysis {
    /// The decisions of game `index` of `record` when that game is analysed as it stands.
    pub(super) fn analysed(&self, record: &MatchRecord, index: usize) -> Option<&[Decision]> {
        self.decisions(record, index)
            .map(|analysed| analysed.decisions.as_slice())
    }

    /// The decisions of game `index` of `record` when they were analysed on that very record.
    fn decisions(&self, record: &MatchRecord, index: usize) -> Option<&AnalysedGame> {
        let analysed = self.games.get(index)?.as_deref()?;
        (analysed.length == record.length && record.games.get(index) == Some(&analysed.record))
            .then_some(analysed)
    }
}

fn threshold_word(name: ThresholdName) -> &'static str {
    match name {
        ThresholdName::Doubtful => "doubtful",
        ThresholdName::Bad => "bad",
        ThresholdName::VeryBad => "verybad",
        ThresholdName::Lucky => "lucky",
        ThresholdName::VeryLucky => "verylucky",
        ThresholdName::Unlucky => "unlucky",
        ThresholdName::VeryUnlucky => "veryunlucky",
    }
}

fn decision_word(decision: DecisionName) -> &'static str {
    match decision {
        DecisionName::Chequerplay => "chequerplay",
        DecisionName::CubeDecision => "cubedecision",
    }
}

impl Session {
    pub(super) fn analyse_command(
        &mut self,
        scope: AnalysisScope,
        _out: &mut Response,
    ) -> Result<(), CommandError> {
        if self.match_play.state() == GameState::NoGame {
            return Err(CommandError::not_now("No game in progress."));
        }
        let record = self.match_record();
        let Some(last) = record.games.len().checked_sub(1) else {
            return Err(CommandError::not_now("No game in progress."));
        };
        // The game looked at (see `navigation.rs`): the last one at the end of the match.
        let current = self.navigated_game().unwrap_or(last);
        let games = match scope {
            AnalysisScope::Move => return self.analyse_move(&record, current),
            AnalysisScope::Game => current..=current,
            AnalysisScope::Match | AnalysisScope::Session => 0..=last,
        };
        let mut analysed = Vec::new();
        for index in games {
            analysed.push((index, self.analyse_game(&record, index)?));
        }
        let stored = &mut self.analysis.games;
        if stored.len() < record.games.len() {
            stored.resize(record.games.len(), None);
        }
        for (index, game) in analysed {
            stored[index] = Some(Arc::new(game));
        }
        Ok(())
    }

    /// Every decision of game `index` of `record`, judged at the analysis settings.
    fn analyse_game(
        &self,
        record: &MatchRecord,
        index: usize,
    ) -> Result<AnalysedGame, CommandError> {
        let options = &self.analysis.options;
        let settings = AnalysisSettings {
            chequer_plies: options.chequer_plies,
            cube_plies: options.cube_plies,
            luck_plies: 0,
        };
        let luck = options.luck;
        let game = record.games[index].clone();
        let single = MatchRecord {
            games: vec![game.clone()],
            ..record.clone()
        };
        let mut decisions = walk::analyse_decisions(&single, self.evaluator.get(), &settings)
            .map_err(|error| match error {
                AnalysisError::Variant(_) => {
                    CommandError::new(ErrorKind::Unsupported, error.to_string())
                }
                AnalysisError::Unplayable { .. } => CommandError::not_now(format!(
                    "game {}: the rules refuse an action of the record",
                    index + 1
                )),
            })?;
        for decision in &mut decisions {
            decision.game = index + 1;
            if !luck {
                if let DecisionKind::Chequer {
                    luck, luck_mark, ..
                } = &mut decision.kind
                {
                    *luck = crate::analysis::Equity::default();
                    *luck_mark = LuckMark::None;
                }
            }
        }
        Ok(AnalysedGame {
            length: record.length,
            record: game,
            decisions,
        })
    }

    /// `analyse move`: the current move (the record after the place looked at, see
    /// `navigation.rs`; at a game's start its first record) judged and stored beside what the
    /// game already has analysed. At the end of a game there is no current move and, as in
    /// gnubg, nothing is analysed.
    fn analyse_move(&mut self, record: &MatchRecord, game: usize) -> Result<(), CommandError> {
        let Some(applied) = self.navigated_applied() else {
            return Err(CommandError::not_now("No game in progress."));
        };
        let actions = &record.games[game].actions;
        if applied >= actions.len() {
            return Ok(());
        }
        let whole = self.analyse_game(record, game)?;
        let fresh = stored_move::decisions_by_record(actions, &whole.decisions);
        let kept = self
            .analysis
            .analysed(record, game)
            .map(|decisions| stored_move::decisions_by_record(actions, decisions));
        let decisions: Vec<Decision> = (0..actions.len())
            .flat_map(|index| {
                let chosen = if index == applied {
                    &fresh[index]
                } else {
                    kept.as_ref().map_or(&fresh[index], |kept| &kept[index])
                };
                if index == applied || kept.is_some() {
                    chosen.iter().map(|decision| (*decision).clone()).collect()
                } else {
                    Vec::new()
                }
            })
            .collect();
        let stored = &mut self.analysis.games;
        if stored.len() < record.games.len() {
            stored.resize(record.games.len(), None);
        }
        stored[game] = Some(Arc::new(AnalysedGame { decisions, ..whole }));
        Ok(())
    }

    /// `show statistics game|match|session`: gnubg prints the match's and the session's table
    /// even with no game.
    pub(super) fn show_statistics(
        &self,
        scope: StatisticsScope,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        if scope == StatisticsScope::Game && self.match_play.state() == GameState::NoGame {
            return Err(CommandError::not_now("No game in progress."));
        }
        let mut record = if self.match_play.state() == GameState::NoGame
            && self.match_play.games_played() == 0
        {
            MatchRecord {
                games: Vec::new(),
                ..self.match_record()
            }
        } else {
            self.match_record()
        };
        let thresholds = self.analysis.options.thresholds;
        let mut decisions: Vec<Option<Vec<Decision>>> = (0..record.games.len())
            .map(|index| {
                self.analysis.decisions(&record, index).map(|analysed| {
                    let mut list = analysed.decisions.clone();
                    thresholds.remark(&mut list);
                    list
                })
            })
            .collect();
        let luck = self.analysis.options.luck;
        if scope == StatisticsScope::Game && !record.games.is_empty() {
            // The game looked at (see `navigation.rs`): the last one at the end.
            let last = record.games.len() - 1;
            let current = self.navigated_game().unwrap_or(last).min(last);
            let game = record.games.remove(current);
            record.games = vec![game];
            decisions = vec![decisions.remove(current)];
        }
        let covered = CoveredGames {
            record: &record,
            decisions: decisions.iter().map(|list| list.as_deref()).collect(),
            luck,
        };
        out.statistics(StatisticsReport::new(scope, &covered));
        Ok(())
    }

    pub(super) fn set_analysis(
        &mut self,
        setting: AnalysisSetting,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let options = &mut self.analysis.options;
        match setting {
            AnalysisSetting::Plies(decision, word) => {
                let current = match decision {
                    DecisionName::Chequerplay => &mut options.chequer_plies,
                    DecisionName::CubeDecision => &mut options.cube_plies,
                };
                let word_name = decision_word(decision);
                let Some(plies) = word
                    .and_then(|word| word.parse::<u32>().ok())
                    .filter(|plies| *plies <= MAX_PLIES)
                else {
                    // gnubg says what the setting stays at after the complaint.
                    return Err(CommandError::bad_argument(format!(
                        "Valid numbers of plies to look ahead are 0 to {MAX_PLIES}.\nAnalysis {word_name} will use {current} ply evaluation."
                    )));
                };
                *current = plies;
                out.line(format!(
                    "Analysis {word_name} will use {plies} ply evaluation."
                ));
            }
            AnalysisSetting::Luck(toggle) => {
                let on = toggle.ok_or_else(|| {
                    CommandError::bad_argument(
                        "You must specify whether to set 'analysis luck' on or off.",
                    )
                })?;
                options.luck = on;
                out.line(if on {
                    "Dice rolls will be analysed."
                } else {
                    "Dice rolls will not be analysed."
                });
            }
            AnalysisSetting::Threshold(name, word) => {
                let word_name = threshold_word(name);
                let Some(value) = word
                    .and_then(|word| word.parse::<f64>().ok())
                    .filter(|value| value.is_finite() && *value >= 0.0)
                else {
                    let kind = match name {
                        ThresholdName::Doubtful | ThresholdName::Bad | ThresholdName::VeryBad => {
                            "semi-positive"
                        }
                        _ => "positive",
                    };
                    return Err(CommandError::bad_argument(format!(
                        "You must specify a {kind} number for the threshold (see `help set analysis\nthreshold {word_name}')."
                    )));
                };
                let thresholds = &mut options.thresholds;
                *match name {
                    ThresholdName::Doubtful => &mut thresholds.doubtful,
                    ThresholdName::Bad => &mut thresholds.bad,
                    ThresholdName::VeryBad => &mut thresholds.very_bad,
                    ThresholdName::Lucky => &mut thresholds.lucky,
                    ThresholdName::VeryLucky => &mut thresholds.very_lucky,
                    ThresholdName::Unlucky => &mut thresholds.unlucky,
                    ThresholdName::VeryUnlucky => &mut thresholds.very_unlucky,
                } = value;
                out.line(format!("`{word_name}' threshold set to {value:.3}."));
            }
        }
        Ok(())
    }

    /// `show analysis`: gnubg's first lines and thresholds, then tavli's depths.
    pub(super) fn show_analysis(&self, out: &mut Response) {
        let options = &self.analysis.options;
        let thresholds = options.thresholds;
        out.line("Cube action will be analysed.");
        out.line(if options.luck {
            "Dice rolls will be analysed."
        } else {
            "Dice rolls will not be analysed."
        });
        out.line("Chequer play will be analysed.");
        out.line("");
        for side in [Side::O, Side::X] {
            out.line(format!(
                "Analyse {}'s chequerplay and cube decisions: yes",
                self.name(side)
            ));
        }
        out.line("");
        out.line("Analysis thresholds:");
        out.line(format!("  {:+.3} doubtful", -thresholds.doubtful));
        out.line(format!("  {:+.3} bad", -thresholds.bad));
        out.line(format!("  {:+.3} very bad", -thresholds.very_bad));
        out.line("");
        out.line(format!("  {:+.3} very lucky", thresholds.very_lucky));
        out.line(format!("  {:+.3} lucky", thresholds.lucky));
        out.line(format!("  {:+.3} unlucky", -thresholds.unlucky));
        out.line(format!("  {:+.3} very unlucky", -thresholds.very_unlucky));
        out.line("");
        out.line("Analysis will be performed with the following evaluation parameters:");
        let evaluator = self.evaluator.label();
        out.line(format!(
            "    Chequer play: {}-ply (tavli {evaluator})",
            options.chequer_plies
        ));
        out.line(format!(
            "    Cube decisions: {}-ply (tavli {evaluator})",
            options.cube_plies
        ));
        out.line(format!("    Luck analysis: 0-ply (tavli {evaluator})"));
    }
}
