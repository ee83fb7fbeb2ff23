//! A game's written result (`Wins N points`, SGF `RE[]`) checked against the replay: the
//! winner and the points of a finished game, or the resignation an unfinished game implies.

use super::super::diagnostic::{Diagnostic, DiagnosticKind, Span};
use super::super::record::RecordedEnding;
use super::GameReplay;
use crate::rules::game::{self, Action};
use crate::rules::WinKind;
use crate::rules::{Resignation, Side};

impl GameReplay<'_> {
    /// Points still needed by `side` to win the match.
    pub(super) fn needed(&self, side: Side) -> Option<u32> {
        let context = self.game().context();
        (context.length > 0).then(|| context.length.saturating_sub(context.score[side.index()]))
    }

    /// Whether the file has a game after the one whose result is written at `span`.
    fn game_follows(&self, span: Span) -> bool {
        self.input
            .games
            .iter()
            .any(|game| game.header.start > span.start)
    }

    pub(super) fn wins(&mut self, winner: Side, points: u32, and_match: bool, span: Span) {
        self.unplayed = None;
        self.losses = None;
        let cube_value = self.game().cube().value;
        if let Some(result) = self.result() {
            if self.result_written {
                // `Losses` then `Wins` (Galaxy) restate the same result.
                if result.winner != winner {
                    let message = format!(
                        "the game's result is already written as a win for {}",
                        self.name(result.winner)
                    );
                    self.error(DiagnosticKind::WrongResult, span, message);
                }
                return;
            }
            self.result_written = true;
            if result.winner != winner {
                let message = format!(
                    "{} is written as the winner, but {} won the game",
                    self.name(winner),
                    self.name(result.winner)
                );
                self.error(DiagnosticKind::WrongResult, span, message);
            } else if result.points != points {
                // Galaxy writes `Wins N point and the match` with N at least the points
                // needed but not the game's value (gnubg counts the game's value).
                let capped = points < result.points
                    && (Some(points) == self.needed(winner)
                        || (and_match && self.needed(winner).is_some_and(|n| points >= n)));
                if capped {
                    self.diagnostics.push(Diagnostic::warning(
                        DiagnosticKind::WrongResult,
                        span,
                        format!(
                            "`Wins {points}` is capped at the points needed; the game is worth {} (gnubg counts {})",
                            result.points, result.points
                        ),
                    ));
                } else if cube_value == 1
                    && points == 1
                    && result.ending == RecordedEnding::BearOff
                    && self.game().rules().cube_in_use()
                    && !self.game_follows(span)
                {
                    // Galaxy's "16 point match" money games apply the Jacoby rule. Only the
                    // file's last game: a later score line counts the game's full value, and
                    // the `Wins 1` is the one line that breaks the rules.
                    self.diagnostics.push(Diagnostic::warning(
                        DiagnosticKind::WrongResult,
                        span,
                        format!(
                            "`Wins 1` for a game worth {} with the cube centred: the writer applied the Jacoby rule, which match play does not have (gnubg counts {})",
                            result.points, result.points
                        ),
                    ));
                } else {
                    let message = format!(
                        "the game is worth {} point(s) (cube {cube_value}), not {points}",
                        result.points
                    );
                    self.error(DiagnosticKind::WrongResult, span, message);
                }
            }
            return;
        }
        if self.game().is_opening() && self.input.drops_opening_resignations {
            self.diagnostics.push(Diagnostic::warning(
                DiagnosticKind::WrongResult,
                span,
                "the game is resigned before its first roll (gnubg's import drops such a game: `No game in progress`)",
            ));
        }
        // The game is not over: the loser resigned (or forfeited) this much, worth what the
        // rules say (the kind times the cube; a tavli game has no cube and no triple game).
        let (rules, cube) = (self.game().rules(), *self.game().cube());
        let worth_of = |kind: Resignation| rules.resignation_points(kind, &cube);
        let largest = rules.largest_resignation();
        let kinds: Vec<Resignation> = (1..=largest.points())
            .filter_map(Resignation::from_points)
            .collect();
        let most = worth_of(largest);
        let resignation = match kinds.iter().copied().find(|&kind| worth_of(kind) >= points) {
            Some(resignation) => resignation,
            None => {
                let forfeit = self.needed(winner).is_some_and(|n| points >= n);
                if forfeit {
                    let message = format!(
                        "`Wins {points}` is more than any resignation with the cube on {cube_value}: a forfeit of the match, read as a {} resignation (as gnubg does)",
                        if largest == Resignation::Backgammon { "backgammon" } else { "gammon" }
                    );
                    self.diagnostics.push(Diagnostic::warning(
                        DiagnosticKind::WrongResult,
                        span,
                        message,
                    ));
                } else {
                    let message = format!(
                        "a resignation gives at most {most} points with the cube on {cube_value}, not {points}"
                    );
                    self.error(DiagnosticKind::WrongResult, span, message);
                }
                largest
            }
        };
        let worth = worth_of(resignation);
        if worth != points && worth <= most && points <= most {
            let capped = Some(points) == self.needed(winner);
            if capped {
                self.diagnostics.push(Diagnostic::warning(
                    DiagnosticKind::WrongResult,
                    span,
                    format!(
                        "`{points}` point(s) is capped at the points needed; with the cube on {cube_value} the resignation is worth {worth}"
                    ),
                ));
            } else {
                let worths: Vec<u32> = kinds.iter().map(|&kind| worth_of(kind)).collect();
                self.error(
                    DiagnosticKind::WrongResult,
                    span,
                    format!(
                        "with the cube on {cube_value}, a resignation is worth {} points, not {points}",
                        one_of(&worths)
                    ),
                );
            }
        }
        self.resigned(winner.opponent(), resignation, worth);
        self.result_written = true;
    }

    /// `loser` resigns `kind` and the rules end the game with it, worth `worth`; a drawn
    /// game (over already) takes the result as written.
    fn resigned(&mut self, loser: Side, kind: Resignation, worth: u32) {
        let resign = Action::Resign { side: loser, kind };
        if self.match_play.apply_by(loser, resign).is_ok() {
            self.apply_allowed(loser.opponent(), Action::Accept);
        } else {
            self.apply_allowed(
                loser.opponent(),
                Action::SetResult {
                    winner: loser.opponent(),
                    ending: game::WinEnding::Resigned(kind),
                    points: worth,
                },
            );
        }
    }

    pub(super) fn declared_result(
        &mut self,
        winner: Side,
        points: u32,
        resigned: bool,
        span: Span,
    ) {
        match self.result() {
            Some(result) => {
                if result.winner != winner || result.points != points {
                    let message = format!(
                        "RE says {} wins {points}, the replay gives {} winning {}",
                        self.name(winner),
                        self.name(result.winner),
                        result.points
                    );
                    self.error(DiagnosticKind::WrongResult, span, message);
                }
            }
            None if resigned => {
                self.result_written = false;
                self.wins(winner, points, false, span);
            }
            // The position is unknown (an unreadable record, or in the variant notation an
            // illegal play not set up as written), so the declared result is taken as
            // written (the loss was reported).
            None if self.lost => {
                self.apply_allowed(
                    winner,
                    Action::SetResult {
                        winner,
                        ending: game::WinEnding::Played(WinKind::Single),
                        points,
                    },
                );
                self.result_written = true;
            }
            None => {
                let message = format!(
                    "RE says {} wins {points}, but the moves do not finish the game",
                    self.name(winner)
                );
                self.error(DiagnosticKind::WrongResult, span, message);
            }
        }
    }
}

/// `1, 2 or 3`: the numbers as alternatives.
fn one_of(numbers: &[u32]) -> String {
    match numbers.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            let rest: Vec<String> = rest.iter().map(u32::to_string).collect();
            format!("{} or {last}", rest.join(", "))
        }
        _ => numbers.iter().map(u32::to_string).collect(),
    }
}
