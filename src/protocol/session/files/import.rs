//! `import mat`, `load match` and `load position`: a file read and checked by the library,
//! then adopted as the session's match (finished games to the archive, the last game
//! replayed to where it ends, its actions the game in progress), as gnubg leaves a loaded
//! match.

use super::adopted_game::{Adoption, LoadedMatch, StepOrder};
use super::{file_error, io_message, Archive};
use crate::matchfile::diagnostic::Severity;
use crate::matchfile::record::{GameRecord, MatchRecord, RecordedEnding};
use crate::matchfile::{check_text, decode, Format};
use crate::protocol::response::{CommandError, ErrorKind, Response};
use crate::protocol::session::record::LoadedRecord;
use crate::protocol::session::Session;
use crate::rules::game::{GameOutcome, RecordedGame};
use crate::rules::Resignation;
use crate::rules::RuleSet;
use std::path::Path;

/// The longest match gnubg supports (a longer one in a file is refused).
const MAX_MATCH_LENGTH: u32 = 64;

/// How many times gnubg 1.07 reports a file that is not a .mat (once per variation it tries).
const MAT_RETRIES: usize = 6;

impl Session {
    /// `import mat` / `load match|position`: reads `path` in `format` and adopts the match.
    pub(super) fn import_file(
        &mut self,
        path: &str,
        format: Format,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let not_valid = || match format {
            Format::Mat => CommandError::new(
                ErrorKind::File,
                vec![format!("{path}: not a valid .mat file"); MAT_RETRIES].join("\n"),
            ),
            Format::Sgf => file_error(path, "syntax error"),
        };
        if Path::new(path).is_dir() {
            return Err(match format {
                Format::Mat => not_valid(),
                Format::Sgf => file_error(path, "input in flex scanner failed"),
            });
        }
        let bytes = crate::matchfile::read_file(Path::new(path)).map_err(|error| match error {
            crate::matchfile::InputError::Io(error) => file_error(path, &io_message(&error)),
            too_large @ crate::matchfile::InputError::TooLarge => {
                file_error(path, &too_large.to_string())
            }
        })?;
        let (text, _) = decode(&bytes).map_err(|_| not_valid())?;
        if format == Format::Sgf && !text.contains(['(', ';', '[']) {
            return Err(file_error(path, "warning: no backgammon games in SGF file"));
        }
        let (record, diagnostics) = check_text(&text, format);
        if record.games.is_empty() {
            return Err(not_valid());
        }
        if let Some(error) = diagnostics
            .iter()
            .find(|diagnostic| diagnostic.severity == Severity::Error)
        {
            // gnubg imports what it can; tavli refuses a file with errors and says why.
            let index = crate::matchfile::diagnostic::LineIndex::new(&text);
            let located = crate::matchfile::diagnostic::Located::new(path, &text, &index, error);
            return Err(file_error(
                path,
                &format!(
                    "line {}: {}: {} (nothing loaded; `tavli validate` lists every problem)",
                    located.line, located.kind, located.message
                ),
            ));
        }
        if record.length > MAX_MATCH_LENGTH {
            return Err(file_error(
                path,
                "the match is longer than 64 points; nothing loaded",
            ));
        }
        self.adopt(record, format);
        self.board(out);
        Ok(())
    }

    /// Makes `record` the session's match, at the end of its last game: every game is
    /// played again on the rules ([`Adoption`]), the finished ones archived, the last one
    /// taken up where it stands.
    fn adopt(&mut self, record: MatchRecord, format: Format) {
        let rules = RuleSet::new(record.variant);
        let loaded = LoadedMatch {
            rules,
            length: record.length,
            jacoby: record.jacoby,
            // gnubg reads a .mat play written in its notation into its canonical step order.
            step_order: if format == Format::Mat && rules.uses_gnubg_notation() {
                StepOrder::Canonical
            } else {
                StepOrder::AsWritten
            },
        };
        let Some((last, earlier)) = record.games.split_last() else {
            return;
        };
        let adopted = Adoption::play(last, &loaded, true);
        let mut finished: Vec<GameRecord> = earlier
            .iter()
            .filter(|game| game.result.is_some())
            .map(|game| GameRecord {
                actions: Adoption::play(game, &loaded, false).written,
                ..game.clone()
            })
            .collect();
        if last.result.is_some() {
            // The last game, over, is archived as the session keeps it (its roll not played
            // and its resignation as actions).
            finished.push(GameRecord {
                actions: adopted.kept.clone(),
                ..last.clone()
            });
        }
        self.names = record.players.clone();
        // The file's variant becomes the session's (as `set variation` would make it).
        self.settings.variation = record.variant;
        self.adopt_variant_match(last.result.map(|result| result.winner));
        self.adopt_state(&adopted.state());
        // The match counts the file's games and keeps the Crawford state playing them here
        // would have left.
        let history: Vec<RecordedGame> = record
            .games
            .iter()
            .map(|game| RecordedGame {
                score: game.score,
                crawford: game.crawford,
                outcome: game.result.map(|result| GameOutcome {
                    winner: Some(result.winner),
                    points: result.points,
                    counted_as: match result.ending {
                        RecordedEnding::Resigned(kind) => kind,
                        _ => Resignation::Single,
                    },
                }),
            })
            .collect();
        self.match_play.adopt_history(&history);
        // The game's record: the file's, then what happens from here on.
        self.loaded = LoadedRecord::new(adopted.kept, self.game().log().len());
        self.archive = Archive {
            games: finished,
            info: Some(record.info.clone()),
            comment: record.comment.clone(),
            crawford_rule: record.crawford_rule,
        };
    }
}
