//! A game's written result (`Wins N points`, SGF `RE[]`) checked against the replay: the
//! winner and the points of a finished game, or the resignation an unfinished game implies.

use super::super::diagnostic::{Diagnostic, DiagnosticKind, Severity, Span};
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

    /// A `Wins` line: checked against the replay, and against the `Losses` line written
    /// before it (Galaxy writes the one result twice, once for each player).
    pub(super) fn wins(&mut self, winner: Side, points: u32, and_match: bool, span: Span) {
        let losses = self.losses.take();
        let decided_before = self.result().is_some();
        let errors_before = self.error_count();
        self.wins_line(winner, points, and_match, span);
        // Galaxy writes `Losses` in varying columns (an unnumbered ` Losses 2 point` line
        // stands in the winner's): its side says nothing, only its points are checked.
        if let Some((_, lost, losses_span)) = losses {
            if lost != points && self.error_count() == errors_before {
                if decided_before {
                    // The board decided the game: the `Losses` line is judged by it.
                    self.losses_after_result(lost, losses_span);
                } else {
                    // Both lines say what the resignation was worth; the file cannot tell
                    // which is wrong, so the second, where they stop agreeing, is flagged.
                    let message = format!(
                        "`Wins {points}` does not agree with the `Losses {lost}` written before it: a game has one result (gnubg reads only the `Wins` line)"
                    );
                    self.error(DiagnosticKind::WrongResult, span, message);
                }
            }
        }
    }

    /// A `Losses` line of a game whose result is known (the board's, or a `Wins` line's): for
    /// the game's value or the points the winner needed.
    pub(super) fn losses_after_result(&mut self, lost: u32, span: Span) {
        let Some(result) = self.result() else {
            return;
        };
        let capped = lost < result.points && Some(lost) == self.needed(result.winner);
        if lost != result.points && !capped {
            let cube_value = self.game().cube().value;
            let message = format!(
                "the game is worth {} point(s) (cube {cube_value}), not the {lost} of `Losses {lost}`",
                result.points
            );
            self.error(DiagnosticKind::WrongResult, span, message);
        }
    }

    /// How many errors this game's replay has found so far.
    fn error_count(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.severity == Severity::Error)
            .count()
    }

    /// A `Wins` line against the replay: the winner and points of a finished game, else the
    /// resignation it implies, applied.
    fn wins_line(&mut self, winner: Side, points: u32, and_match: bool, span: Span) {
        // A roll written without moves right before the `Wins` line of a resignation.
        self.keep_roll_unplayed();
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

#[cfg(test)]
mod tests {
    use crate::matchfile::diagnostic::{Diagnostic, DiagnosticKind, Severity};
    use crate::matchfile::{check_text, Format};

    /// The errors of .mat `text`, each with the text its span covers.
    fn errors(text: &str) -> Vec<(Diagnostic, String)> {
        let (_, diagnostics) = check_text(text, Format::Mat);
        diagnostics
            .into_iter()
            .filter(|diagnostic| diagnostic.severity == Severity::Error)
            .map(|diagnostic| {
                let written = text[diagnostic.span.start..diagnostic.span.end].to_string();
                (diagnostic, written)
            })
            .collect()
    }

    /// Game 1 of a 3-point match resigned by b after one roll as Galaxy writes it (`Losses`
    /// in b's column, `Wins` in a's on the line after), then game 2 at `score` to a.
    fn resigned(losses: u32, wins: u32, score: u32) -> String {
        format!(
            " 3 point match\n\n Game 1\n a : 0                          b : 0\n  1) 31: 8/5 6/5                 Losses {losses} point\n\n      Wins {wins} point\n\n Game 2\n a : {score}                          b : 0\n  1) 21: 13/11 6/5               43: 13/9 13/10\n"
        )
    }

    #[test]
    fn losses_and_wins_that_agree_are_one_result() {
        assert!(errors(&resigned(1, 1, 1)).is_empty());
        assert!(errors(&resigned(2, 2, 2)).is_empty());
    }

    #[test]
    fn a_resignation_whose_losses_and_wins_disagree_is_an_error_on_the_wins_line() {
        // The score line follows the `Wins` line, as gnubg reads it: only the two result
        // lines disagree, and which of them is wrong the file cannot say.
        for (losses, wins) in [(2, 1), (1, 2)] {
            let found = errors(&resigned(losses, wins, wins));
            assert_eq!(found.len(), 1, "{found:?}");
            let (error, written) = &found[0];
            assert_eq!(error.kind, DiagnosticKind::WrongResult);
            assert_eq!(written, &format!("Wins {wins} point"), "{error:?}");
            assert!(
                error.message.contains(&format!("Losses {losses}")),
                "{error:?}"
            );
        }
    }

    /// A gammon borne off by lasse in a 3-point match (worth 2), its result written `Losses
    /// {losses}` in opp's column then `Wins {wins}`, and game 2 at lasse 2.
    fn gammon(losses: u32, wins: u32) -> String {
        format!(
            " 3 point match\n\n Game 1\n lasse : 0                       opp : 0\n{}                                 Losses {losses} point\n      Wins {wins} point\n\n Game 2\n lasse : 2                       opp : 0\n  1) 21: 13/11 6/5               43: 13/9 13/10\n",
            "  1)                             64: 8/2 6/2\n  2) 44: 24/20 24/20 13/9 13/9   55: 13/8 13/8 8/3 8/3\n  3) 43: 9/5 8/5                 21: 6/4 24/23\n  4) 21: 13/11 6/5               43: 13/9 9/6\n  5) 44: 8/4 8/4 6/2 6/2         55:\n  6) 44: 9/5 5/1 5/1 13/9        61:\n  7) 52: 11/6 13/11              63: 25/22\n  8) 63: 9/3 6/3                 52:\n  9) 51: 20/15 15/14             43:\n 10) 63: 20/14 14/11             52:\n 11) 63: 14/8 8/5                51:\n 12) 65: 11/5 11/6               42:\n 13) 42: 6/2 2/0                 41:\n 14) 63: 6/0 6/3                 52:\n 15) 61: 5/0 5/4                 52:\n 16) 21: 5/3 5/4                 53: 25/20\n 17) 43: 4/0 3/0                 53: 25/20 20/17\n 18) 21: 2/0 1/0                 32: 20/17 8/6\n 19) 61: 4/0 1/0                 62: 17/11 13/11\n 20) 41: 4/0 3/2                 55: 17/12 13/8 11/6 11/6\n 21) 64: 4/0 3/0                 54: 12/7 8/4\n 22) 54: 3/0 2/0                 63: 8/2 7/4\n 23) 33: 2/0\n"
        )
    }

    #[test]
    fn a_finished_games_losses_line_is_checked_against_the_board() {
        assert!(errors(&gammon(2, 2)).is_empty());
        // The board says gammon, the `Wins` line agrees: the `Losses` line is the wrong one.
        let found = errors(&gammon(1, 2));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0.kind, DiagnosticKind::WrongResult);
        assert_eq!(found[0].1, "Losses 1 point", "{found:?}");
        assert!(found[0].0.message.contains("worth 2"), "{found:?}");
        // Both wrong: each line is flagged where it stands.
        let found = errors(&gammon(1, 3));
        let flagged: Vec<&str> = found.iter().map(|(_, written)| written.as_str()).collect();
        assert!(flagged.contains(&"Wins 3 point"), "{found:?}");
    }
}
