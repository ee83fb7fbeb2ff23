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

/// Which games of a file a load adopts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::protocol::session) enum Games {
    /// All of them (`import mat`, `load match`, `load position`).
    All,
    /// The first game tree alone (`load game`): gnubg 1.07 loads it as `load match` loads a
    /// file holding only that game (checked live: the same score, board, Crawford state and
    /// game list on every SGF fixture, but for `load match`'s "No game in progress." after
    /// an edited game, which `load game` does not print, nor does tavli).
    First,
}

/// The text of `text`'s first SGF game tree, with what comes before it: the whole text when
/// it does not read as SGF without errors (its errors are then reported as `load match`
/// reports them) or holds one tree.
fn first_game(text: &str) -> &str {
    let (collection, errors) = crate::matchfile::sgf::parse_sgf_recovering(text);
    match collection.trees.first() {
        Some(tree) if errors.is_empty() && collection.trees.len() > 1 => &text[..tree.span.end],
        _ => text,
    }
}

impl Session {
    /// `import mat` / `load match|game|position`: reads `path` in `format` and adopts the
    /// match (its first game alone for [`Games::First`]).
    pub(super) fn import_file(
        &mut self,
        path: &str,
        format: Format,
        games: Games,
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
        let text = match games {
            Games::All => text.as_str(),
            Games::First => first_game(&text),
        };
        let (record, diagnostics) = check_text(text, format);
        if record.games.is_empty() {
            return Err(not_valid());
        }
        if let Some(error) = diagnostics
            .iter()
            .find(|diagnostic| diagnostic.severity == Severity::Error)
        {
            // gnubg imports what it can; tavli refuses a file with errors and says why.
            let index = crate::matchfile::diagnostic::LineIndex::new(text);
            let located = crate::matchfile::diagnostic::Located::new(path, text, &index, error);
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
        if format == Format::Mat {
            self.play_forced_last_roll();
        }
        self.board(out);
        Ok(())
    }

    /// gnubg 1.07's `import mat` plays a roll the file ends on without its play when the
    /// roll has one legal play (also with `set automatic move off`; checked live), without
    /// a word; a roll that cannot move stays rolled, and `load match` plays neither. A play
    /// that wins the game leaves it over: gnubg starts no next game there, whatever `set
    /// automatic game` says (checked live on random cuts of real matches).
    fn play_forced_last_roll(&mut self) {
        let game = self.game();
        if !self.playing() || game.resignation().is_some() || game.cube().offer.is_some() {
            return;
        }
        let plays = game.legal_plays();
        if let [play] = plays[..] {
            if !play.steps().is_empty() {
                let automatic_game = std::mem::replace(&mut self.settings.automatic.game, false);
                self.make_play(&play, false, &mut Response::new());
                self.settings.automatic.game = automatic_game;
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parser::parse_line;

    /// A game gnubg played (fixtures/sgf/seed11-5pt.sgf cut, exported by gnubg) that ends on
    /// user's roll of 32 without its play (`  22) 11: 1/0 1/0 1/0 1/0   32: `): the roll has
    /// one legal play.
    const FORCED_LAST_ROLL: &str = "; [EventDate \"2026.11.29\"]\n\
\n\
 5 point match\n\
\n\
 Game 1\n\
 gnubg : 0                      user : 0\n\
  1) 21: 13/11 24/23             41: 6/2* 2/1* \n\
  2) 32: 25/22 25/23             65: 6/1 24/18 \n\
  3) 31: 8/5 6/5                 32: 18/15 15/13 \n\
  4) 61: 23/22 11/5              53: 24/21 21/16 \n\
  5) 61: 13/7 8/7                66: 16/10 13/7 13/7 13/7\n\
  6) 55: 13/8 8/3 8/3 7/2        41: 10/9 13/9 \n\
  7) 65: 13/7 13/8               64: 8/2 13/9 \n\
  8) 51: 5/4 7/2                 54: 13/9 7/2 \n\
  9) 61: 6/5 7/1                 61: 9/8 8/2 \n\
 10) 52: 8/6 6/1                 11: 7/6 7/6 6/5 6/5\n\
 11) 65: 6/1                      Doubles => 2\n\
 12)  Takes                      53: 9/4 4/1 \n\
 13) 32: 5/2 6/4                 22: 8/6 8/6 6/4 6/4\n\
 14) 61: 2/1                     11: 9/8 9/8 8/7 8/7\n\
 15) 55: 22/17 22/17 17/12 17/12 43: 7/3 7/4 \n\
 16) 51: 12/11 11/6              31: 3/0 1/0 \n\
 17) 43: 12/9 9/5                63: 6/0 6/3 \n\
 18) 65: 5/0 6/0                 41: 4/0 1/0 \n\
 19) 44: 6/2 5/1 4/0 4/0         63: 6/0 3/0 \n\
 20) 65: 5/0 3/0                 33: 5/2 5/2 4/1 4/1\n\
 21) 32: 2/0 3/0                 53: 2/0 2/0 \n\
 22) 11: 1/0 1/0 1/0 1/0         32: \n";

    fn imported() -> Session {
        let path =
            std::env::temp_dir().join(format!("tavli-forced-last-roll-{}.mat", std::process::id()));
        std::fs::write(&path, FORCED_LAST_ROLL).expect("scratch file");
        let mut session = Session::new("root");
        let command = parse_line(&format!("import mat {}", path.display())).expect("parses");
        assert!(session.apply(command).is_ok());
        let _ = std::fs::remove_file(&path);
        session
    }

    /// gnubg 1.07 (live): `import mat` of this file shows gnubg on roll at Position ID
    /// FwAAoAEAAAAAAA, user's forced 32 played; `list game` ends on it.
    #[test]
    fn import_mat_plays_a_forced_last_roll_as_gnubg_does() {
        let session = imported();
        let state = session.state();
        assert_eq!(state.dice, None);
        assert_eq!(state.on_roll, crate::rules::Side::O);
        let id = crate::codec::position_id::encode(&state.board, state.on_roll);
        assert_eq!(id, "FwAAoAEAAAAAAA");
        assert!(matches!(
            session.record().last(),
            Some(crate::matchfile::record::GameAction::Play { steps, .. }) if steps.len() == 2
        ));
    }
}
