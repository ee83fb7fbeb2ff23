//! nom parser for one command line: keyword resolution, bare-move lines and the commands'
//! arguments (those of `set` in [`set`], the cursor over the line's words in [`words`]).

mod set;
mod words;

use super::ast::{
    AnalysisScope, Command, FileCommand, NavigateCommand, NewCommand, ShowCommand, StatisticsScope,
    Stride,
};
use super::keywords::{self, Keyword, KeywordError, COMMANDS};
use super::response::{CommandError, ErrorKind};
use set::parse_set;
use words::Words;

/// Parses one line (without its newline) into a [`Command`].
pub fn parse_line(line: &str) -> Result<Command, CommandError> {
    let mut words = Words::new(line);
    let Some((first, offset)) = words.peek() else {
        return Ok(Command::Nothing);
    };
    if first.starts_with('#') || first.starts_with(':') {
        return Ok(Command::Nothing);
    }
    if is_move_word(&first) {
        return Ok(Command::Move(Some(words.rest())));
    }
    let top = resolve(COMMANDS, &first, offset)?;
    words.next();
    match top.name {
        "accept" => Ok(Command::Accept),
        "agree" => Ok(Command::Agree),
        "analyse" | "analysis" | "analyze" => {
            Ok(Command::Analyse(match sub_keyword(top, &mut words)?.name {
                "move" => AnalysisScope::Move,
                "game" => AnalysisScope::Game,
                "match" => AnalysisScope::Match,
                _ => AnalysisScope::Session,
            }))
        }
        "beaver" | "redouble" => Ok(Command::Beaver),
        "decline" => Ok(Command::Decline),
        "double" => Ok(Command::Double),
        "drop" | "pass" => Ok(Command::Drop),
        "end" => {
            sub_keyword(top, &mut words)?;
            Ok(Command::EndGame)
        }
        "eval" => Ok(Command::Eval(words.next().map(|(word, _)| word))),
        "exit" | "quit" => Ok(Command::Quit),
        "help" => Ok(Command::Help(words.collect_all())),
        "hint" => Ok(Command::Hint(
            words.next().and_then(|(word, _)| word.parse().ok()),
        )),
        "list" => {
            sub_keyword(top, &mut words)?;
            Ok(Command::ListGame)
        }
        "first" => Ok(Command::Navigate(
            match sub_keyword(top, &mut words)?.name {
                "game" => NavigateCommand::FirstGame,
                _ => NavigateCommand::FirstMove,
            },
        )),
        "next" | "previous" => {
            let stride = parse_stride(top, &mut words)?;
            let count = words.next().map(|(word, _)| word);
            Ok(Command::Navigate(if top.name == "next" {
                NavigateCommand::Next(stride, count)
            } else {
                NavigateCommand::Previous(stride, count)
            }))
        }
        "import" | "export" | "load" | "save" => parse_file(top, &mut words).map(Command::File),
        "move" => {
            let rest = words.rest();
            Ok(Command::Move((!rest.is_empty()).then_some(rest)))
        }
        "new" => parse_new(top, &mut words),
        "play" => Ok(Command::Play),
        "reject" => Ok(Command::Reject),
        "resign" => Ok(Command::Resign(words.next().map(|(word, _)| word))),
        "roll" => Ok(Command::Roll),
        "rollout" => Ok(Command::Rollout),
        "set" => parse_set(top, &mut words).map(Command::Set),
        "show" => parse_show(top, &mut words).map(Command::Show),
        "swap" => {
            sub_keyword(top, &mut words)?;
            Ok(Command::SwapPlayers)
        }
        "take" => Ok(Command::Take),
        other => Err(CommandError::new(
            ErrorKind::UnknownKeyword,
            format!("Unknown keyword `{}'.", crate::echo::echoed(other)),
        )),
    }
}

/// gnubg's rule: a first word starting with a digit or `bar/`, or exactly `b`/`ba`/`bar`, is a move.
fn is_move_word(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    lower.starts_with(|c: char| c.is_ascii_digit())
        || lower.starts_with("bar/")
        || matches!(lower.as_str(), "b" | "ba" | "bar")
}

fn resolve<'a>(
    table: &'a [Keyword],
    word: &str,
    offset: usize,
) -> Result<&'a Keyword, CommandError> {
    keywords::resolve(table, word).map_err(|error| keyword_error(&error, offset))
}

/// A keyword that did not resolve, as the command's error.
fn keyword_error(error: &KeywordError, offset: usize) -> CommandError {
    let kind = match error {
        KeywordError::Unknown(_) => ErrorKind::UnknownKeyword,
        KeywordError::Ambiguous { .. } => ErrorKind::AmbiguousKeyword,
        KeywordError::NotInTavli { .. } => ErrorKind::Unsupported,
    };
    CommandError::new(kind, error.to_string()).at(offset)
}

fn incomplete() -> CommandError {
    CommandError::new(ErrorKind::Incomplete, "Incomplete command.")
}

/// The next word resolved among `group`'s children; missing = "Incomplete command.".
fn sub_keyword<'a>(group: &'a Keyword, words: &mut Words) -> Result<&'a Keyword, CommandError> {
    let (word, offset) = words.next().ok_or_else(incomplete)?;
    keywords::resolve_child(group, &word).map_err(|error| keyword_error(&error, offset))
}

/// The stride word of `next`/`previous` (none: one move); a first word that is no stride
/// is left for the count, whose check gives gnubg's message.
fn parse_stride(group: &Keyword, words: &mut Words) -> Result<Stride, CommandError> {
    let Some((word, offset)) = words.peek() else {
        return Ok(Stride::Move);
    };
    if !word.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Ok(Stride::Move);
    }
    let keyword = resolve(group.children, &word, offset);
    let Ok(keyword) = keyword else {
        // An unknown word is a bad count (gnubg's message); an ambiguous one is an error.
        return match keyword {
            Err(error) if error.kind == ErrorKind::AmbiguousKeyword => Err(error),
            _ => Ok(Stride::Move),
        };
    };
    words.next();
    Ok(match keyword.name {
        "game" => Stride::Game,
        "roll" => Stride::Roll,
        "rolled" => Stride::Rolled,
        _ => Stride::Marked,
    })
}

fn parse_new(group: &Keyword, words: &mut Words) -> Result<Command, CommandError> {
    let keyword = sub_keyword(group, words)?;
    Ok(Command::New(match keyword.name {
        "game" => NewCommand::Game,
        "session" => NewCommand::Session,
        _ => NewCommand::Match(words.next().map(|(word, _)| match word.parse::<u32>() {
            Ok(length) if length <= 64 => Ok(length),
            _ => Err(word),
        })),
    }))
}

/// `import mat F`, `export match mat F`, `export position svg|png F`, `save match|position F`,
/// `load match|game|position F`:
/// the file name is the next word (quotes allow blanks), `None` when missing.
fn parse_file(group: &Keyword, words: &mut Words) -> Result<FileCommand, CommandError> {
    let first = sub_keyword(group, words)?;
    let keyword = if first.children.is_empty() {
        first
    } else {
        sub_keyword(first, words)?
    };
    let file = words.next().map(|(word, _)| word);
    Ok(match (group.name, first.name, keyword.name) {
        ("import", ..) => FileCommand::ImportMat(file),
        ("export", "position", "svg") => FileCommand::ExportPositionSvg(file),
        ("export", "position", _) => FileCommand::ExportPositionPng(file),
        ("export", ..) => FileCommand::ExportMatchMat(file),
        ("save", "match", _) => FileCommand::SaveMatch(file),
        ("save", ..) => FileCommand::SavePosition(file),
        ("load", "match", _) => FileCommand::LoadMatch(file),
        ("load", "game", _) => FileCommand::LoadGame(file),
        _ => FileCommand::LoadPosition(file),
    })
}

fn parse_show(group: &Keyword, words: &mut Words) -> Result<ShowCommand, CommandError> {
    let keyword = sub_keyword(group, words)?;
    Ok(match keyword.name {
        "analysis" => ShowCommand::Analysis,
        "automatic" => ShowCommand::Automatic,
        "beavers" => ShowCommand::Beavers,
        "board" => ShowCommand::Board(words.next().map(|(word, _)| word)),
        "crawford" => ShowCommand::Crawford,
        "cube" => ShowCommand::Cube,
        "dice" => ShowCommand::Dice,
        "evaluation" => ShowCommand::Evaluation,
        "jacoby" => ShowCommand::Jacoby,
        "matchlength" => ShowCommand::MatchLength,
        "pipcount" => ShowCommand::PipCount(words.next().map(|(word, _)| word)),
        "postcrawford" => ShowCommand::PostCrawford,
        "rng" => ShowCommand::Rng,
        "score" => ShowCommand::Score,
        "seed" => ShowCommand::Seed,
        "statistics" => ShowCommand::Statistics(match sub_keyword(keyword, words)?.name {
            "game" => StatisticsScope::Game,
            "match" => StatisticsScope::Match,
            _ => StatisticsScope::Session,
        }),
        "turn" => ShowCommand::Turn,
        "variation" => ShowCommand::Variation,
        _ => ShowCommand::Version,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::ast::{CubeSetting, PlayerSetting, SetCommand};

    #[test]
    fn comments_blank_lines_and_moves() {
        assert_eq!(parse_line(""), Ok(Command::Nothing));
        assert_eq!(parse_line("   "), Ok(Command::Nothing));
        assert_eq!(parse_line("# hello"), Ok(Command::Nothing));
        assert_eq!(parse_line(": ignored"), Ok(Command::Nothing));
        assert_eq!(
            parse_line("8/5 6/5"),
            Ok(Command::Move(Some("8/5 6/5".into())))
        );
        assert_eq!(
            parse_line("bar/22*"),
            Ok(Command::Move(Some("bar/22*".into())))
        );
        assert_eq!(parse_line("bar"), Ok(Command::Move(Some("bar".into()))));
        assert_eq!(
            parse_line("b/22").unwrap_err().message,
            "Unknown keyword `b/22'."
        );
        assert_eq!(parse_line("move"), Ok(Command::Move(None)));
    }

    #[test]
    fn abbreviations_resolve_like_gnubg() {
        assert_eq!(
            parse_line("sh bo"),
            Ok(Command::Show(ShowCommand::Board(None)))
        );
        assert_eq!(parse_line("r"), Ok(Command::Roll));
        assert_eq!(
            parse_line("se cu v 2"),
            Ok(Command::Set(SetCommand::Cube(CubeSetting::Value(Some(
                "2".into()
            )))))
        );
        // gnubg's first `set c...` is `set cache`, which tavli does not have.
        let error = parse_line("set c on").unwrap_err();
        assert_eq!(error.kind, ErrorKind::Unsupported);
        assert_eq!(error.offset, Some(4));
        assert_eq!(parse_line("sh s"), Ok(Command::Show(ShowCommand::Score)));
        assert_eq!(parse_line("sh st"), Err(incomplete()));
        let error = parse_line("ex").unwrap_err();
        assert_eq!(error.kind, ErrorKind::AmbiguousKeyword);
    }

    #[test]
    fn arguments() {
        assert_eq!(
            parse_line("set player 1 name   Bob  Smith  "),
            Ok(Command::Set(SetCommand::Player(
                Some("1".into()),
                PlayerSetting::Name(Some("Bob  Smith  ".into()))
            )))
        );
        assert_eq!(
            parse_line("set defaultnames \"a b\" c"),
            Ok(Command::Set(SetCommand::DefaultNames(vec![
                "a b".into(),
                "c".into()
            ])))
        );
        assert_eq!(
            parse_line("set jacoby of").unwrap_err().message,
            "Illegal keyword `of'."
        );
        assert_eq!(
            parse_line("show").unwrap_err().message,
            "Incomplete command."
        );
        assert_eq!(
            parse_line("new match 65"),
            Ok(Command::New(NewCommand::Match(Some(Err("65".into())))))
        );
        assert_eq!(
            parse_line("set seed -5"),
            Ok(Command::Set(SetCommand::Seed(Some(Err("-5".into())))))
        );
    }
}

#[cfg(test)]
mod grammar_tests {
    use super::*;

    #[test]
    fn navigation_commands_parse_with_their_stride_and_count() {
        use crate::protocol::ast::{NavigateCommand, Stride};
        let parsed = |line: &str| {
            parse_line(line).map(|command| match command {
                Command::Navigate(navigate) => Some(navigate),
                _ => None,
            })
        };
        assert_eq!(
            parsed("next"),
            Ok(Some(NavigateCommand::Next(Stride::Move, None)))
        );
        assert_eq!(
            parsed("next 3"),
            Ok(Some(NavigateCommand::Next(Stride::Move, Some("3".into()))))
        );
        assert_eq!(
            parsed("prev rolled 2"),
            Ok(Some(NavigateCommand::Previous(
                Stride::Rolled,
                Some("2".into())
            )))
        );
        assert_eq!(
            parsed("next m"),
            Ok(Some(NavigateCommand::Next(Stride::Marked, None)))
        );
        // A word that is no stride is left for the count (gnubg's error comes later).
        assert_eq!(
            parsed("next foo"),
            Ok(Some(NavigateCommand::Next(
                Stride::Move,
                Some("foo".into())
            )))
        );
        assert!(parse_line("next rol").is_err(), "roll or rolled");
        assert_eq!(parsed("first game"), Ok(Some(NavigateCommand::FirstGame)));
        assert_eq!(parsed("first m"), Ok(Some(NavigateCommand::FirstMove)));
        assert!(parse_line("first").is_err());
        // gnubg's `ne` is `new`; its `n` is a hidden `next` (`help n`), and `n game` starts
        // no game there.
        assert_eq!(parse_line("ne game"), Ok(Command::New(NewCommand::Game)));
        assert_eq!(
            parse_line("n game"),
            Ok(Command::Navigate(NavigateCommand::Next(Stride::Game, None)))
        );
    }

    #[test]
    fn grammar_examples_parse() {
        let grammar = include_str!("../../../grammar/command.ebnf");
        let examples: Vec<&str> = grammar
            .lines()
            .filter_map(|line| line.trim().strip_prefix("(* example: "))
            .filter_map(|line| line.strip_suffix(" *)"))
            .collect();
        assert!(examples.len() > 80, "only {} examples", examples.len());
        for example in examples {
            let command = parse_line(example);
            assert!(command.is_ok(), "{example}: {command:?}");
            assert_ne!(command, Ok(Command::Nothing), "{example}");
        }
    }
}
