//! UBGI request lines to [`Command`]s: one form per command, and one rule for every command
//! (too few or too many words is `bad_command` with the expected form; a word of the right
//! shape but a wrong value is `bad_value`).

use std::fmt;

/// A refused request: one of the four codes of the v0.2 error system and a detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UbgiError {
    /// `bad_command`, `bad_value`, `bad_state` or `unsupported`.
    pub code: &'static str,
    /// What was wrong, on one printable line.
    pub detail: String,
}

impl UbgiError {
    /// Unknown command or malformed syntax.
    pub fn bad_command(detail: impl Into<String>) -> UbgiError {
        UbgiError::new("bad_command", detail)
    }

    /// A word of the right shape with an invalid value.
    pub fn bad_value(detail: impl Into<String>) -> UbgiError {
        UbgiError::new("bad_value", detail)
    }

    /// A valid command that cannot be applied now.
    pub fn bad_state(detail: impl Into<String>) -> UbgiError {
        UbgiError::new("bad_state", detail)
    }

    /// A feature, key or format tavli does not implement.
    pub fn unsupported(detail: impl Into<String>) -> UbgiError {
        UbgiError::new("unsupported", detail)
    }

    fn new(code: &'static str, detail: impl Into<String>) -> UbgiError {
        UbgiError {
            code,
            detail: printable(&detail.into()),
        }
    }
}

impl fmt::Display for UbgiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error {} {}", self.code, self.detail)
    }
}

impl std::error::Error for UbgiError {}

/// Control characters become `?`, so that a detail stays on one line.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// A word of the input as it may appear in an error detail: quoted as every message quotes
/// input (crate::echo: a long word cut and marked with `...`), control characters as `?`.
#[must_use]
pub fn echo(word: &str) -> String {
    printable(&crate::echo::echoed(word))
}

/// What `go` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoKind {
    /// `go`, `go chequer`, `go role chequer`: the checker play for the dice.
    Chequer,
    /// `go cube`: the cube action, or the answer to a pending double.
    Cube,
    /// `go turn`: the cube action before the roll and the play of the dice.
    Turn,
}

/// A `go` request with its search limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Go {
    /// The decision asked for.
    pub kind: GoKind,
    /// `depth N`: the root-inclusive depth for this request (clamped to what tavli searches).
    pub depth: Option<u32>,
    /// `movetime MS`: this request's time budget in milliseconds instead of the session's
    /// (`--move-time`); 0 lifts the limit.
    pub movetime: Option<u64>,
    /// `nodes N` and `trials N` are accepted and not needed: tavli's search is of fixed
    /// depth within a time budget, and runs no rollouts.
    pub limits_ignored: bool,
}

/// The position forms of `position`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionForm {
    /// `position gnubgid POSITIONID[:MATCHID]` or `position gnubgid POSITIONID MATCHID`.
    Gnubg {
        /// The Position ID.
        position: String,
        /// The Match ID, when given.
        match_id: Option<String>,
    },
    /// `position xgid XGID`.
    Xgid(String),
}

/// One parsed request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ubgi`: the handshake.
    Ubgi,
    /// `isready`.
    IsReady,
    /// `quit`.
    Quit,
    /// `newgame`: forget the position and the dice.
    NewGame,
    /// `stop` (v0.1): nothing is ever searching in the background, so nothing to stop.
    Stop,
    /// `keys`.
    Keys,
    /// `set KEY VALUE`, or v0.1's `setoption name NAME value VALUE` with the name mapped.
    Set {
        /// The v0.2 key.
        key: String,
        /// The value word.
        value: String,
    },
    /// `get KEY`.
    Get(String),
    /// `position ...`.
    Position(PositionForm),
    /// `dice D1 D2`, each 1..6.
    Dice(u8, u8),
    /// `go ...`.
    Go(Go),
}

const SET_FORM: &str = "expected: set <key> <value>";
const SETOPTION_FORM: &str = "expected: setoption name <name> value <value>";
const GET_FORM: &str = "expected: get <key>";
const POSITION_FORM: &str =
    "expected: position gnubgid <position-id>[:<match-id>] | position xgid <xgid>";
const DICE_FORM: &str = "expected: dice <d1> <d2>";
const GO_FORM: &str =
    "expected: go [[role] chequer|cube|turn] [movetime <ms>] [depth <n>] [nodes <n>] [trials <n>]";

/// v0.1 session commands tavli does not implement (the position IDs carry score and cube).
const V01_UNSUPPORTED: [&str; 4] = ["newsession", "setscore", "setcube", "setturn"];

/// Parses one line (without its newline). `Ok(None)` for a blank line, which gets no reply.
///
/// # Errors
/// A [`UbgiError`] for an unknown command or a line that does not match its command's form.
pub fn parse(line: &str) -> Result<Option<Command>, UbgiError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&command, arguments)) = words.split_first() else {
        return Ok(None);
    };
    let bare = |parsed: Command| -> Result<Command, UbgiError> {
        if arguments.is_empty() {
            Ok(parsed)
        } else {
            Err(UbgiError::bad_command(format!("expected: {command}")))
        }
    };
    let parsed = match command {
        "ubgi" => bare(Command::Ubgi)?,
        "isready" => bare(Command::IsReady)?,
        "quit" => bare(Command::Quit)?,
        "newgame" => bare(Command::NewGame)?,
        "stop" => bare(Command::Stop)?,
        "keys" => bare(Command::Keys)?,
        "set" => match arguments {
            [key, value] => Command::Set {
                key: (*key).to_string(),
                value: (*value).to_string(),
            },
            _ => return Err(UbgiError::bad_command(SET_FORM)),
        },
        "setoption" => parse_setoption(arguments)?,
        "get" => match arguments {
            [key] => Command::Get((*key).to_string()),
            _ => return Err(UbgiError::bad_command(GET_FORM)),
        },
        "position" => Command::Position(parse_position(arguments)?),
        "dice" => parse_dice(arguments)?,
        "go" => Command::Go(parse_go(arguments)?),
        _ if V01_UNSUPPORTED.contains(&command) => {
            return Err(UbgiError::unsupported(format!(
                "{command} (give score and cube in the position's Match ID or XGID)"
            )))
        }
        _ => {
            return Err(UbgiError::bad_command(format!(
                "unknown command {}",
                echo(command)
            )))
        }
    };
    Ok(Some(parsed))
}

fn parse_setoption(arguments: &[&str]) -> Result<Command, UbgiError> {
    let ["name", rest @ ..] = arguments else {
        return Err(UbgiError::bad_command(SETOPTION_FORM));
    };
    // v0.1 names may have several words; the value is one word after the last `value`.
    match rest {
        [name @ .., "value", value] if !name.is_empty() => Ok(Command::Set {
            key: v01_key(&name.join(" ")),
            value: (*value).to_string(),
        }),
        _ => Err(UbgiError::bad_command(SETOPTION_FORM)),
    }
}

/// Maps a v0.1 option name to a v0.2 key (`Ply` -> `engine.ply`, `Variant` -> `game.variant`);
/// other names are kept, so that `get`/`set` report them as unsupported keys.
fn v01_key(name: &str) -> String {
    match name.to_ascii_lowercase().as_str() {
        "ply" | "plies" | "depth" => "engine.ply".to_string(),
        "variant" => "game.variant".to_string(),
        "beavers" => "game.beavers".to_string(),
        "jacoby" => "game.jacoby".to_string(),
        "cube" => "game.cube".to_string(),
        _ => name.to_string(),
    }
}

fn parse_position(arguments: &[&str]) -> Result<PositionForm, UbgiError> {
    match arguments {
        ["gnubgid", id] => Ok(match id.split_once(':') {
            Some((position, match_id)) => PositionForm::Gnubg {
                position: position.to_string(),
                match_id: Some(match_id.to_string()),
            },
            None => PositionForm::Gnubg {
                position: (*id).to_string(),
                match_id: None,
            },
        }),
        ["gnubgid", position, match_id] if !position.contains(':') => Ok(PositionForm::Gnubg {
            position: (*position).to_string(),
            match_id: Some((*match_id).to_string()),
        }),
        ["xgid", id] => Ok(PositionForm::Xgid((*id).to_string())),
        [format, ..] if *format != "gnubgid" && *format != "xgid" => Err(UbgiError::unsupported(
            format!("position format {}", echo(format)),
        )),
        _ => Err(UbgiError::bad_command(POSITION_FORM)),
    }
}

fn parse_dice(arguments: &[&str]) -> Result<Command, UbgiError> {
    let [first, second] = arguments else {
        return Err(UbgiError::bad_command(DICE_FORM));
    };
    let die = |text: &str| text.parse::<u8>().ok().filter(|d| (1..=6).contains(d));
    match (die(first), die(second)) {
        (Some(a), Some(b)) => Ok(Command::Dice(a, b)),
        _ => Err(UbgiError::bad_value("dice must_be 1..6")),
    }
}

fn parse_go(arguments: &[&str]) -> Result<Go, UbgiError> {
    let kind_of = |word: &str| match word {
        "chequer" | "checker" => Some(GoKind::Chequer),
        "cube" => Some(GoKind::Cube),
        "turn" => Some(GoKind::Turn),
        _ => None,
    };
    let (kind, mut rest) = match arguments {
        ["role", word, rest @ ..] => match kind_of(word) {
            Some(kind) => (kind, rest),
            None => return Err(UbgiError::bad_command(GO_FORM)),
        },
        [word, rest @ ..] if kind_of(word).is_some() => {
            (kind_of(word).unwrap_or(GoKind::Chequer), rest)
        }
        rest => (GoKind::Chequer, rest),
    };
    let mut go = Go {
        kind,
        depth: None,
        movetime: None,
        limits_ignored: false,
    };
    while let [name, value, tail @ ..] = rest {
        let number = |what: &str| -> Result<u64, UbgiError> {
            // A whole number too large for 64 bits is read as the largest (`depth` is then
            // searched as 3, as any depth over 3 is; `movetime` is a budget never spent).
            match value.parse::<u64>() {
                Err(error) if matches!(error.kind(), std::num::IntErrorKind::PosOverflow) => {
                    Ok(u64::MAX)
                }
                parsed => parsed
                    .map_err(|_| UbgiError::bad_value(format!("{what} must_be a whole number"))),
            }
        };
        match *name {
            "depth" => match number("depth")? {
                0 => return Err(UbgiError::bad_value("depth must_be 1 or more")),
                depth => go.depth = Some(u32::try_from(depth).unwrap_or(u32::MAX)),
            },
            "movetime" => go.movetime = Some(number("movetime")?),
            "nodes" | "trials" => {
                number(name)?;
                go.limits_ignored = true;
            }
            _ => return Err(UbgiError::bad_command(GO_FORM)),
        }
        rest = tail;
    }
    if rest.is_empty() {
        Ok(go)
    } else {
        Err(UbgiError::bad_command(GO_FORM))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(line: &str) -> String {
        parse(line).unwrap_err().to_string()
    }

    fn go(line: &str) -> Go {
        match parse(line) {
            Ok(Some(Command::Go(go))) => go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn v01_and_v02_go_forms() {
        for line in ["go", "go chequer", "go role chequer", "go checker"] {
            assert_eq!(go(line).kind, GoKind::Chequer, "{line}");
        }
        assert_eq!(go("go role cube").kind, GoKind::Cube);
        assert_eq!(go("go role turn").kind, GoKind::Turn);
        assert_eq!(go("go depth 2").depth, Some(2));
        assert_eq!(go("go depth 2").kind, GoKind::Chequer);
        let timed = go("go chequer movetime 100");
        assert_eq!((timed.movetime, timed.depth), (Some(100), None));
        assert!(!timed.limits_ignored);
        assert_eq!(go("go movetime 0").movetime, Some(0));
        assert_eq!(go("go").movetime, None);
        let all = go("go role turn movetime 5 depth 1 nodes 10 trials 3");
        assert_eq!(
            (all.kind, all.depth, all.movetime),
            (GoKind::Turn, Some(1), Some(5))
        );
        assert!(all.limits_ignored);
        assert_eq!(
            error("go movetime -5"),
            "error bad_value movetime must_be a whole number"
        );
        assert!(error("go movetime").starts_with("error bad_command"));
        assert!(error("go role").starts_with("error bad_command expected: go "));
        assert!(error("go chequer cube").starts_with("error bad_command"));
        assert!(error("go depth").starts_with("error bad_command"));
        assert_eq!(
            error("go depth x"),
            "error bad_value depth must_be a whole number"
        );
        assert_eq!(
            error("go depth 0"),
            "error bad_value depth must_be 1 or more"
        );
        let huge = go("go depth 99999999999999999999 movetime 99999999999999999999");
        assert_eq!(
            (huge.depth, huge.movetime),
            (Some(u32::MAX), Some(u64::MAX))
        );
        assert!(error("go depth -1").ends_with("depth must_be a whole number"));
    }

    #[test]
    fn one_rule_for_extra_and_missing_words() {
        assert_eq!(
            error("isready extra"),
            "error bad_command expected: isready"
        );
        assert_eq!(error("quit now"), "error bad_command expected: quit");
        assert_eq!(
            error("set engine.ply 2 extra"),
            "error bad_command expected: set <key> <value>"
        );
        assert_eq!(
            error("get engine.ply extra"),
            "error bad_command expected: get <key>"
        );
        assert_eq!(
            error("dice 6"),
            "error bad_command expected: dice <d1> <d2>"
        );
        assert_eq!(error("dice 6 1 2"), error("dice 6"));
        assert_eq!(error("dice 6 7"), "error bad_value dice must_be 1..6");
        assert!(error("position gnubgid a b c").starts_with("error bad_command expected: position"));
        assert_eq!(
            error("setoption name Variant value back gammon"),
            "error bad_command expected: setoption name <name> value <value>"
        );
        assert_eq!(parse("   "), Ok(None));
    }

    #[test]
    fn setoption_names_map_to_keys() {
        assert_eq!(
            parse("setoption name Ply value 2"),
            Ok(Some(Command::Set {
                key: "engine.ply".into(),
                value: "2".into()
            }))
        );
        assert_eq!(
            parse("setoption name Eval Mode value cubeful"),
            Ok(Some(Command::Set {
                key: "Eval Mode".into(),
                value: "cubeful".into()
            }))
        );
    }

    #[test]
    fn echoed_words_are_cut_with_a_mark() {
        let long = "z".repeat(100);
        assert_eq!(
            error(&long),
            format!(
                "error bad_command unknown command {}...",
                "z".repeat(crate::echo::MAX_ECHOED_CHARS)
            )
        );
        assert_eq!(
            error("frob\u{7}"),
            "error bad_command unknown command frob?"
        );
        assert!(error("setscore 1 2").starts_with("error unsupported setscore"));
    }
}
