//! Replays a written match on the rules core, game after game (the score, the Crawford game
//! and the match length are checked here; each game in `game`), reporting every problem as a
//! diagnostic.
//!
//! Both readers turn their syntax tree into a [`MatchInput`] (a format-neutral list of
//! written events with spans); [`replay`] checks it and builds the [`MatchRecord`].
//!
//! The match is the rules' [`Match`], which scores each game and decides the Crawford game;
//! a game is played at the score its score line states (gnubg imports it so: an edit of the
//! score, [`Match::restate_score`]), one variant for the whole file. The first game may start
//! at any score (a match saved after `set score`): a warning, its Crawford state as the file
//! marks it; validation, analysis and the REPL's loads all take the match from here, so they
//! agree on where it starts. Each game is played on
//! the match: every written record becomes an action applied by `Match::apply_by`, each
//! refusal a diagnostic at the record's span, and the record is then followed as written so
//! that the rest of the game is still checked.
//!
//! gnubg's variations replay on gnubg's move generator as gnubg imports them. tavli's own
//! variants (Old English, Portes, Plakoto, Fevga, Athroisma) replay on their rules
//! (`rules::variants`): a written play is read in the variant notation and identified by the
//! position it reaches; results are scored per variant (Portes and the others without a
//! triple game, Plakoto's mother rule and draw); a cube action in a game without a cube is a
//! `cube-not-allowed` error, and those matches have no Crawford game.

mod cube;
mod diagnose;
mod game;
mod input;
mod result;
mod roll;

pub use input::{Event, EventKind, GameInput, MatchInput};

/// What the replay made of one written event: the actions it became and whether the
/// replay still knew the board when it read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventTrace {
    /// The indices in the game's [`super::record::GameRecord::actions`] of the actions this
    /// event became (empty when it became none: a refused or unreadable record, a result).
    pub actions: std::ops::Range<usize>,
    /// Whether the replay knew the board before this event (false once a record could not
    /// be set up on the board: the later ones are kept as written, unchecked).
    pub board_known: bool,
    /// Whether the replay's game was already over before this event.
    pub after_end: bool,
}

use super::diagnostic::{Diagnostic, DiagnosticKind, Severity, Span};
use super::record::{GameAction, MatchRecord};
use crate::rules::game::{Game, Match, MatchContext};
use crate::rules::RuleSet;
use crate::rules::{Dice, Side, Variant};
use game::replay_game;

impl GameReplay<'_> {
    /// The game being replayed.
    fn game(&self) -> &Game {
        self.match_play.game()
    }
}

fn side_name(players: &[String; 2], side: Side) -> String {
    let name = &players[side.index()];
    if name.is_empty() {
        format!("player {}", side.index())
    } else {
        name.clone()
    }
}

/// Checks `input` and returns the record and the diagnostics.
#[must_use]
pub fn replay(input: &MatchInput) -> (MatchRecord, Vec<Diagnostic>) {
    let (record, diagnostics, _) = replay_traced(input);
    (record, diagnostics)
}

/// As [`replay`], with what became of each written event: one list per replayed game, one
/// [`EventTrace`] per event of [`GameInput::events`] (games the replay did not reach, after
/// the match was won, have none).
///
/// A money session whose file does not say whether the Jacoby rule applies is replayed with
/// the rule on (gnubg's default); if its written results then fail and fit with the rule off
/// (a gammon with the cube centred counted in full), it is read with the rule off, and a
/// warning says so where the first such result is written.
#[must_use]
pub fn replay_traced(input: &MatchInput) -> (MatchRecord, Vec<Diagnostic>, Vec<Vec<EventTrace>>) {
    let assumed = replay_as_written(input);
    let money = input.length.is_none_or(|(length, _)| length == 0);
    if !(money && input.jacoby && input.jacoby_assumed) {
        return assumed;
    }
    let errors = |diagnostics: &[Diagnostic]| {
        diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count()
    };
    let Some(first) = assumed
        .1
        .iter()
        .find(|d| d.severity == Severity::Error && d.kind == DiagnosticKind::WrongResult)
        .map(|d| d.span)
    else {
        return assumed;
    };
    let without = MatchInput {
        jacoby: false,
        ..input.clone()
    };
    let (record, mut diagnostics, traces) = replay_as_written(&without);
    if errors(&diagnostics) >= errors(&assumed.1) {
        return assumed;
    }
    diagnostics.push(Diagnostic::warning(
        DiagnosticKind::WrongResult,
        first,
        "the file does not say whether the Jacoby rule applies, and this result counts a gammon with the cube centred in full: read with the rule off (gnubg's `import mat` applies its own setting, on by default)",
    ));
    (record, diagnostics, traces)
}

/// [`replay_traced`] with the Jacoby rule as `input` says.
fn replay_as_written(input: &MatchInput) -> (MatchRecord, Vec<Diagnostic>, Vec<Vec<EventTrace>>) {
    let mut traces = Vec::new();
    let mut diagnostics = Vec::new();
    let length = input.length.map_or(0, |(length, _)| length);
    let mut record = MatchRecord {
        length,
        players: input.players.clone(),
        variant: input.variant,
        jacoby: input.jacoby,
        crawford_rule: input.crawford_rule,
        info: input.info.clone(),
        comment: input.comment.clone(),
        games: Vec::new(),
    };
    let rules = RuleSet::new(input.variant);
    let mut match_play = Match::new(
        rules,
        MatchContext {
            length,
            score: [0, 0],
            crawford: false,
            jacoby: input.jacoby,
            // A written beaver is one instant redouble, taken at once.
            beavers: if length == 0 { 1 } else { 0 },
        },
        Side::X,
    );
    // The match has a Crawford game only when it has the rule: an SGF without `RU[Crawford]`
    // plays none (gnubg's `load match`, checked live); a .mat always has the rule.
    match_play.set_automatic_crawford(input.crawford_rule);
    let game_count = input.games.len();
    for (index, game) in input.games.iter().enumerate() {
        let expected_score = match_play.context().score;
        let written = game.score.map(|(score, _)| score);
        let score = written.unwrap_or(expected_score);
        let mut score_is_wrong = false;
        // The first game starts where its score line says: a match saved after a score set
        // by hand (gnubg's `set score`) starts there, and gnubg loads it so. A damaged line
        // reads the same, so `validate` says it, as a warning.
        let starts_later = index == 0 && written.is_some_and(|score| score != expected_score);
        let won = length > 0 && (score[0] >= length || score[1] >= length);
        if let Some((score, span)) = game.score {
            if starts_later && !won {
                diagnostics.push(Diagnostic::warning(
                    DiagnosticKind::WrongScore,
                    span,
                    format!(
                        "the match starts at {}-{}, not 0-0 (a score set by hand, or a changed \
                         score line)",
                        score[0], score[1]
                    ),
                ));
            } else if score != expected_score {
                score_is_wrong = true;
                let message = if starts_later {
                    format!(
                        "score line says {}-{}: the {length}-point match is won before its \
                         first game",
                        score[0], score[1]
                    )
                } else {
                    format!(
                        "score line says {}-{}, the earlier games give {}-{}",
                        score[0], score[1], expected_score[0], expected_score[1]
                    )
                };
                diagnostics.push(Diagnostic::error(DiagnosticKind::WrongScore, span, message));
            }
        }
        if won {
            // Behind a wrong score line the game is skipped because of that line (its error,
            // just said): the skip is then its consequence, a warning.
            let (severity, reason) = if score_is_wrong {
                (Severity::Warning, " as its score line says")
            } else {
                (Severity::Error, "")
            };
            diagnostics.push(Diagnostic {
                severity,
                kind: DiagnosticKind::MatchLength,
                span: game.header,
                message: format!(
                    "game {} starts at {}-{}{reason}, after the {length}-point match was won \
                     (gnubg ignores it)",
                    index + 1,
                    score[0],
                    score[1]
                ),
            });
            break;
        }
        match_play.restate_score(score);
        if match_play.start_game(rules).is_err() {
            break;
        }
        if starts_later {
            take_crawford_mark(&mut match_play, game);
        }
        let crawford = match_play.context().crawford;
        if let Some((declared, span)) = game.declared_crawford {
            if declared != crawford && length > 0 {
                let message = if declared {
                    format!(
                        "game {} is marked as the Crawford game, but at {}-{} it is not",
                        index + 1,
                        score[0],
                        score[1]
                    )
                } else {
                    format!(
                        "game {} at {}-{} is the Crawford game, but it is not marked so",
                        index + 1,
                        score[0],
                        score[1]
                    )
                };
                diagnostics.push(Diagnostic::warning(
                    DiagnosticKind::BadHeader,
                    span,
                    message,
                ));
            }
        }
        let is_last = index + 1 == game_count;
        let (game_record, trace) =
            replay_game(input, game, &mut match_play, is_last, &mut diagnostics);
        record.games.push(game_record);
        traces.push(trace);
    }
    if let (Some((_, span)), Some(last)) = (input.length, record.games.last()) {
        let final_score = record.final_score();
        if length > 0 && last.result.is_some() && final_score.iter().all(|&s| s < length) {
            diagnostics.push(Diagnostic::warning(
                DiagnosticKind::MatchLength,
                span,
                format!(
                    "the match stops at {}-{}, before either player reached {length} points",
                    final_score[0], final_score[1]
                ),
            ));
        }
    }
    (record, diagnostics, traces)
}

/// The first game of a match that starts at a score set by hand has no earlier games to
/// decide whether it is the Crawford game: the file's mark says it (an SGF's
/// `RU[Crawford:CrawfordGame]`, or `RU[Crawford]` for post-Crawford play), as gnubg's `load
/// match` takes it, when somebody is 1-away (otherwise there is no Crawford game to mark,
/// and the mark is reported as any other). Without a mark (a .mat has none) the rules decide
/// from the score as for any game: exactly one player 1-away is the Crawford game (gnubg's
/// `import mat`).
fn take_crawford_mark(match_play: &mut Match, game: &GameInput) {
    let context = *match_play.context();
    let rules = match_play.game().rules();
    if let Some((declared, _)) = game.declared_crawford {
        if rules.has_crawford_rule(context.length)
            && context.somebody_one_away()
            && declared != context.crawford
        {
            match_play.set_crawford(declared);
        }
    }
}

/// One game's replay: the match with the game as the rules keep it, and what the replay
/// adds to it.
struct GameReplay<'a> {
    input: &'a MatchInput,
    /// The match and its game (board, cube, turn, dice, pending double and result), changed
    /// by `Match::apply_by`.
    match_play: &'a mut Match,
    /// Moves can no longer be checked (the position is lost after an unusable move).
    lost: bool,
    /// A roll written without moves although moves were possible (where, how many plays,
    /// the dice in the written order): fine only right before a resignation or at the end of
    /// the file, where it is the roll not played yet.
    unplayed: Option<(Span, usize, Dice)>,
    /// The game's result has been written (a `Wins` line or a declared result).
    result_written: bool,
    /// An illegal play was found in this game: later ones may be its consequences.
    illegal_seen: bool,
    /// A `Losses` line not yet followed by `Wins`.
    losses: Option<(Side, u32, Span)>,
    actions: Vec<GameAction>,
    diagnostics: Vec<Diagnostic>,
}

/// Parses a .mat variation name (`Backgammon`, `NackGammon`, `HyperGammon (2)`, and tavli's
/// `Old English`, `Portes`, `Plakoto`, `Fevga`, `Athroisma`) or an SGF `RU[]` variant token
/// (`Nackgammon`, `Hypergammon2`, `OldEnglish`, `Plakoto`, ...), case and spaces ignored.
#[must_use]
pub fn variant_from_header(name: &str) -> Option<Variant> {
    let lower: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    match lower.as_str() {
        "backgammon" | "standard" | "" => Some(Variant::Standard),
        "nackgammon" => Some(Variant::Nackgammon),
        "hypergammon" | "hypergammon3" => Some(Variant::Hypergammon3),
        "hypergammon1" => Some(Variant::Hypergammon1),
        "hypergammon2" => Some(Variant::Hypergammon2),
        "oldenglish" => Some(Variant::OldEnglish),
        "portes" => Some(Variant::Portes),
        "plakoto" => Some(Variant::Plakoto),
        "fevga" => Some(Variant::Fevga),
        "athroisma" => Some(Variant::Athroisma),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::matchfile::diagnostic::{Diagnostic, DiagnosticKind, Severity};
    use crate::matchfile::{check_text, Format};

    /// The one error among `diagnostics`, of `kind`, its message containing `words`.
    fn the_one_error<'a>(
        diagnostics: &'a [Diagnostic],
        kind: DiagnosticKind,
        words: &str,
    ) -> &'a Diagnostic {
        let errors: Vec<&Diagnostic> = diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert_eq!(errors.len(), 1, "{diagnostics:?}");
        assert_eq!(errors[0].kind, kind, "{diagnostics:?}");
        assert!(errors[0].message.contains(words), "{errors:?}");
        errors[0]
    }

    #[test]
    fn a_first_game_starts_at_its_score_line_and_a_warning_says_so() {
        let text = include_str!("../../../fixtures/mat/seed07-3pt.mat").replacen(
            " gnubg : 0                      user : 0",
            " gnubg : 1                      user : 0",
            1,
        );
        let (record, diagnostics) = check_text(&text, Format::Mat);
        assert_eq!(record.games[0].score, [1, 0]);
        let start = diagnostics
            .iter()
            .find(|d| d.message.contains("the match starts at 1-0, not 0-0"))
            .expect("the start is said");
        assert_eq!(start.severity, Severity::Warning);
        assert_eq!(
            &text[start.span.start..start.span.end],
            " gnubg : 1                      user : 0"
        );
        // The second game's line (1-0, written after the first game was won from 0-0) no
        // longer adds up: that is the one error.
        the_one_error(
            &diagnostics,
            DiagnosticKind::WrongScore,
            "score line says 1-0, the earlier games give 2-0",
        );
    }

    #[test]
    fn a_first_game_that_starts_after_the_match_is_won_is_an_error_at_its_score_line() {
        let text =
            " 1 point match\n\n Game 1\n a : 0                          b : 2\n  1) 31: 8/5 6/5\n";
        let (_, diagnostics) = check_text(text, Format::Mat);
        let error = the_one_error(
            &diagnostics,
            DiagnosticKind::WrongScore,
            "the 1-point match is won before its first game",
        );
        assert!(text[error.span.start..].starts_with(" a : 0"));
        assert!(
            diagnostics
                .iter()
                .any(|d| d.kind == DiagnosticKind::MatchLength && d.severity == Severity::Warning),
            "{diagnostics:?}"
        );
    }

    /// A 3-point match as gnubg's `save match` writes it after `new match 3`, `set score`
    /// at `score` (and `set crawford on` for `RU[Crawford:CrawfordGame]`), the opening roll
    /// 51 not played yet.
    fn saved_after_set_score(score: [u32; 2], rules: &str) -> String {
        format!(
            "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:3][game:0][ws:{}][bs:{}]PW[gnubg]PB[root]DT[2026-12-07]RU[{rules}]\n;PL[W]DI[51])\n",
            score[0], score[1]
        )
    }

    #[test]
    fn a_first_game_at_a_score_set_by_hand_is_the_crawford_game_as_the_file_marks_it() {
        // gnubg, checked live: `load match` takes the SGF's mark; `import mat` has none and
        // makes the game with exactly one player 1-away the Crawford game.
        let mat =
            " 3 point match\n\n Game 1\n gnubg : 1                      root : 2\n  1) 51: \n";
        for (score, text, format, crawford) in [
            (
                [1, 2],
                saved_after_set_score([1, 2], "Crawford"),
                Format::Sgf,
                false,
            ),
            (
                [1, 2],
                saved_after_set_score([1, 2], "Crawford:CrawfordGame"),
                Format::Sgf,
                true,
            ),
            (
                [0, 2],
                saved_after_set_score([0, 2], "Crawford"),
                Format::Sgf,
                false,
            ),
            ([1, 2], mat.to_string(), Format::Mat, true),
        ] {
            let (record, diagnostics) = check_text(&text, format);
            let game = &record.games[0];
            assert_eq!((game.score, game.crawford), (score, crawford), "{text}");
            let kinds: Vec<DiagnosticKind> = diagnostics.iter().map(|d| d.kind).collect();
            assert_eq!(
                kinds,
                [DiagnosticKind::WrongScore, DiagnosticKind::Truncated],
                "{text}: {diagnostics:?}"
            );
            assert!(diagnostics.iter().all(|d| d.severity == Severity::Warning));
        }
    }

    #[test]
    fn a_crawford_mark_where_nobody_is_one_away_is_reported_not_taken() {
        let text = saved_after_set_score([1, 1], "Crawford:CrawfordGame");
        let (record, diagnostics) = check_text(&text, Format::Sgf);
        assert!(!record.games[0].crawford);
        let mark = diagnostics
            .iter()
            .find(|d| d.kind == DiagnosticKind::BadHeader)
            .expect("the mark is reported");
        assert!(
            mark.message
                .contains("marked as the Crawford game, but at 1-1 it is not"),
            "{mark:?}"
        );
        assert_eq!(mark.severity, Severity::Warning);
    }

    #[test]
    fn a_wrong_score_that_ends_the_match_is_the_error_and_the_skipped_game_its_warning() {
        let text = include_str!("../../../fixtures/mat/seed07-3pt.mat").replace(
            " gnubg : 1                      user : 0",
            " gnubg : 3                      user : 0",
        );
        let (_, diagnostics) = check_text(&text, Format::Mat);
        the_one_error(
            &diagnostics,
            DiagnosticKind::WrongScore,
            "score line says 3-0",
        );
        let skipped = diagnostics
            .iter()
            .find(|d| d.kind == DiagnosticKind::MatchLength && d.message.contains("game 2"))
            .expect("the skipped game is still said");
        assert_eq!(skipped.severity, Severity::Warning);
        assert!(
            skipped.message.contains("as its score line says"),
            "{skipped:?}"
        );
    }

    #[test]
    fn a_double_as_a_games_first_roll_is_a_bad_roll_and_the_game_goes_on() {
        let text = " 3 point match\n\n Game 1\n a : 0     b : 0\n  1) 11: 24/23 24/23 6/5 6/5     52: 13/8 24/22\n  2) 65: 13/7 13/8\n";
        let (record, diagnostics) = check_text(text, Format::Mat);
        let error = the_one_error(&diagnostics, DiagnosticKind::BadRoll, "never a double");
        assert_eq!(&text[error.span.start..error.span.end], "11");
        // The play is kept and the later moves are checked from it.
        assert_eq!(record.games[0].actions.len(), 3);
    }

    /// A gammon with the cube centred (bearing off every chequer while the other has none
    /// off), written `Wins 1 point` in a 3-point match.
    fn gammon_written_as_one(next_game: &str) -> String {
        format!(
            " 3 point match\n\n Game 1\n lasse : 0                       opp : 0\n{}      Wins 1 point\n{next_game}",
            "  1)                             64: 8/2 6/2\n  2) 44: 24/20 24/20 13/9 13/9   55: 13/8 13/8 8/3 8/3\n  3) 43: 9/5 8/5                 21: 6/4 24/23\n  4) 21: 13/11 6/5               43: 13/9 9/6\n  5) 44: 8/4 8/4 6/2 6/2         55:\n  6) 44: 9/5 5/1 5/1 13/9        61:\n  7) 52: 11/6 13/11              63: 25/22\n  8) 63: 9/3 6/3                 52:\n  9) 51: 20/15 15/14             43:\n 10) 63: 20/14 14/11             52:\n 11) 63: 14/8 8/5                51:\n 12) 65: 11/5 11/6               42:\n 13) 42: 6/2 2/0                 41:\n 14) 63: 6/0 6/3                 52:\n 15) 61: 5/0 5/4                 52:\n 16) 21: 5/3 5/4                 53: 25/20\n 17) 43: 4/0 3/0                 53: 25/20 20/17\n 18) 21: 2/0 1/0                 32: 20/17 8/6\n 19) 61: 4/0 1/0                 62: 17/11 13/11\n 20) 41: 4/0 3/2                 55: 17/12 13/8 11/6 11/6\n 21) 64: 4/0 3/0                 54: 12/7 8/4\n 22) 54: 3/0 2/0                 63: 8/2 7/4\n 23) 33: 2/0\n"
        )
    }

    #[test]
    fn wins_one_for_a_gammon_in_match_play_is_an_error_when_the_next_score_counts_the_gammon() {
        let text = gammon_written_as_one(
            "\n Game 2\n lasse : 2                       opp : 0\n  1) 21: 13/11 6/5               43: 13/9 13/10\n",
        );
        let (_, diagnostics) = check_text(&text, Format::Mat);
        let wins = text.find("Wins 1").unwrap();
        let error = diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
            .expect("an error");
        assert_eq!(error.kind, DiagnosticKind::WrongResult, "{diagnostics:?}");
        assert_eq!(error.span.start, wins, "{diagnostics:?}");
        assert!(error.message.contains("worth 2"), "{error:?}");
        // The last game of a file: nothing contradicts a writer that counted it as a money
        // game with the Jacoby rule, and the warning says so.
        let (_, diagnostics) = check_text(&gammon_written_as_one(""), Format::Mat);
        assert!(
            diagnostics.iter().all(|d| d.severity == Severity::Warning),
            "{diagnostics:?}"
        );
        assert!(
            diagnostics.iter().any(|d| d.message.contains("Jacoby")),
            "{diagnostics:?}"
        );
    }
}
