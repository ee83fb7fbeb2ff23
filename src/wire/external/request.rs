//! The requests of gnubg's external-player protocol: their types, the line parser and gnubg
//! 1.07's error texts (its bison parser's `syntax error, unexpected X, expecting Y`).

use nom::branch::alt;
use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::{char, digit1, one_of};
use nom::combinator::{opt, recognize};
use nom::sequence::{delimited, pair};
use nom::IResult;
use std::fmt;

/// Numbers in a FIBS board after the two names.
pub const BOARD_NUMBERS: usize = 50;

/// A parsed request.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// `version`.
    Version,
    /// `help`.
    Help,
    /// `exit` or `quit`: close the connection.
    Exit,
    /// `set debug BOOL`.
    SetDebug(bool),
    /// `set interface new|old`.
    SetInterface(bool),
    /// `set prompt STRING` (not supported, as in gnubg).
    SetPrompt,
    /// A board line: answer with a move, cube action or resignation answer.
    Board(BoardRequest),
    /// `evaluation fibsboard ...`: answer with six numbers.
    Evaluation(BoardRequest, EvaluationOptions),
}

/// The board part of a request: the numbers given (at most 50) and the session options.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct BoardRequest {
    /// The two names as written (quotes removed).
    pub names: [String; 2],
    /// The numbers after the names; fewer than 50 keep the previous request's values.
    pub numbers: Vec<i64>,
    /// `jacobyrule`, when given.
    pub jacoby: Option<bool>,
    /// `crawfordrule`, default on.
    pub crawford_rule: Option<bool>,
    /// `resignation N`, default 0.
    pub resignation: i64,
    /// `beavers`, default on.
    pub beavers: Option<bool>,
    /// Every option as given, in order, with the value gnubg's debug output shows
    /// (`1`/`0` for booleans, the integer, nothing for the noise).
    pub given_options: Vec<(&'static str, String)>,
}

/// Options of an `evaluation` request. `cubeful` and `plies` (0, or 1 and more for one roll
/// of lookahead) change the answer; noise, pruning and determinism are accepted and recorded.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct EvaluationOptions {
    /// Whether the sixth number is cubeful (`cubeful` or `cube on`).
    pub cubeful: bool,
    /// `plies N` (gnubg counting).
    pub plies: i64,
    /// `noise X`.
    pub noise: f64,
}

/// Why a request got an `Error: ...` reply. `Display` gives the text after `Error: `.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExternalError {
    /// An empty line.
    NoCommand,
    /// A syntax error, worded like gnubg's parser: the token found and what was expected.
    Syntax {
        /// Byte offset in the line where the unexpected token starts.
        offset: usize,
        /// The token class found (`E_CHARACTER`, `EOL`, ...).
        unexpected: &'static str,
        /// What would have been accepted, if gnubg says so.
        expecting: Option<&'static str>,
    },
    /// More than 50 numbers in a board.
    TooManyElements,
    /// The board does not describe a position (scores, turn, colour, direction, checkers).
    BadlyFormedBoard,
    /// `set prompt`.
    PromptNotSupported,
    /// A line longer than the server accepts.
    LineTooLong,
}

impl fmt::Display for ExternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExternalError::NoCommand => write!(f, "no command given"),
            ExternalError::Syntax {
                unexpected,
                expecting: Some(expecting),
                ..
            } => write!(
                f,
                "syntax error, unexpected {unexpected}, expecting {expecting}"
            ),
            ExternalError::Syntax { unexpected, .. } => {
                write!(f, "syntax error, unexpected {unexpected}")
            }
            ExternalError::TooManyElements => {
                write!(f, "Invalid board. Maximum number of elements is 52")
            }
            ExternalError::BadlyFormedBoard => write!(f, "badly formed board"),
            ExternalError::PromptNotSupported => write!(f, "set option 'prompt' not supported"),
            ExternalError::LineTooLong => write!(f, "line too long"),
        }
    }
}

impl std::error::Error for ExternalError {}

/// A whitespace-separated word and where it starts.
#[derive(Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    offset: usize,
}

struct Cursor<'a> {
    line: &'a str,
    position: usize,
}

impl<'a> Cursor<'a> {
    fn new(line: &'a str) -> Cursor<'a> {
        Cursor { line, position: 0 }
    }

    fn skip_space(&mut self) {
        let rest = &self.line[self.position..];
        let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\n']);
        self.position += rest.len() - trimmed.len();
    }

    fn word(&mut self) -> Option<Word<'a>> {
        self.skip_space();
        let rest = &self.line[self.position..];
        if rest.is_empty() {
            return None;
        }
        let length = rest.find([' ', '\t', '\r', '\n']).unwrap_or(rest.len());
        let word = Word {
            text: &rest[..length],
            offset: self.position,
        };
        self.position += length;
        Some(word)
    }

    fn rest(&mut self) -> (&'a str, usize) {
        self.skip_space();
        (&self.line[self.position..], self.position)
    }

    fn end(&self) -> usize {
        self.line.len()
    }
}

fn syntax(
    offset: usize,
    unexpected: &'static str,
    expecting: Option<&'static str>,
) -> ExternalError {
    ExternalError::Syntax {
        offset,
        unexpected,
        expecting,
    }
}

fn parse_bool(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "yes" | "on" | "true" => Some(true),
        "no" | "off" | "false" => Some(false),
        _ => None,
    }
}

fn integer(input: &str) -> IResult<&str, &str> {
    recognize(pair(opt(one_of("+-")), digit1))(input)
}

fn parse_integer(text: &str) -> Option<i64> {
    match integer(text) {
        Ok(("", digits)) => digits.parse::<i64>().ok(),
        _ => None,
    }
}

fn name(input: &str) -> IResult<&str, &str> {
    alt((
        delimited(char('\''), take_while(|c| c != '\''), char('\'')),
        delimited(char('"'), take_while(|c| c != '"'), char('"')),
        take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))(input)
}

/// Expects the line to end after `cursor`.
fn expect_end(cursor: &mut Cursor<'_>) -> Result<(), ExternalError> {
    match cursor.word() {
        None => Ok(()),
        Some(word) => Err(syntax(word.offset, "E_CHARACTER", Some("EOL"))),
    }
}

/// Parses one request line (without its newline; NUL bytes already removed).
///
/// # Errors
/// An [`ExternalError`] worded as gnubg words it.
pub fn parse_request(line: &str) -> Result<Request, ExternalError> {
    let mut cursor = Cursor::new(line);
    let Some(first) = cursor.word() else {
        return Err(ExternalError::NoCommand);
    };
    let keyword = first.text.to_ascii_lowercase();
    if keyword.starts_with("board:") {
        cursor.position = first.offset;
        let board = parse_board(&mut cursor)?;
        let board = parse_options(&mut cursor, board, None)?;
        return Ok(Request::Board(board));
    }
    match keyword.as_str() {
        "version" => expect_end(&mut cursor).map(|()| Request::Version),
        "help" => expect_end(&mut cursor).map(|()| Request::Help),
        "exit" | "quit" => expect_end(&mut cursor).map(|()| Request::Exit),
        "set" => parse_set(&mut cursor),
        "evaluation" => {
            let expecting = Some("FIBSBOARD");
            match cursor.word() {
                None => return Err(syntax(cursor.end(), "EOL", expecting)),
                Some(word) if word.text.eq_ignore_ascii_case("fibsboard") => {}
                Some(word) => return Err(syntax(word.offset, "E_STRING", expecting)),
            }
            let (rest, offset) = cursor.rest();
            if !rest.to_ascii_lowercase().starts_with("board:") {
                let unexpected = if rest.is_empty() { "EOL" } else { "E_STRING" };
                return Err(syntax(offset, unexpected, expecting));
            }
            let board = parse_board(&mut cursor)?;
            let mut options = EvaluationOptions::default();
            let board = parse_options(&mut cursor, board, Some(&mut options))?;
            Ok(Request::Evaluation(board, options))
        }
        _ => Err(syntax(first.offset, "E_CHARACTER", None)),
    }
}

fn parse_set(cursor: &mut Cursor<'_>) -> Result<Request, ExternalError> {
    let expecting = Some("DEBUG or E_INTERFACE or PROMPT");
    let Some(setting) = cursor.word() else {
        return Err(syntax(cursor.end(), "EOL", expecting));
    };
    match setting.text.to_ascii_lowercase().as_str() {
        "debug" => {
            let value = expect_bool(cursor)?;
            expect_end(cursor)?;
            Ok(Request::SetDebug(value))
        }
        "interface" => {
            let expecting = Some("NEW or OLD");
            let value = match cursor.word() {
                None => return Err(syntax(cursor.end(), "EOL", expecting)),
                Some(word) => match word.text.to_ascii_lowercase().as_str() {
                    "new" => true,
                    "old" => false,
                    _ => return Err(syntax(word.offset, "E_CHARACTER", expecting)),
                },
            };
            expect_end(cursor)?;
            Ok(Request::SetInterface(value))
        }
        "prompt" => match cursor.word() {
            None => Err(syntax(cursor.end(), "EOL", Some("E_STRING"))),
            Some(_) => Ok(Request::SetPrompt),
        },
        _ => Err(syntax(setting.offset, "E_CHARACTER", expecting)),
    }
}

fn expect_bool(cursor: &mut Cursor<'_>) -> Result<bool, ExternalError> {
    let expecting = Some("E_BOOLEAN");
    match cursor.word() {
        None => Err(syntax(cursor.end(), "EOL", expecting)),
        Some(word) => {
            parse_bool(word.text).ok_or_else(|| syntax(word.offset, "E_CHARACTER", expecting))
        }
    }
}

fn expect_integer(cursor: &mut Cursor<'_>) -> Result<i64, ExternalError> {
    let expecting = Some("E_INTEGER");
    match cursor.word() {
        None => Err(syntax(cursor.end(), "EOL", expecting)),
        Some(word) => {
            parse_integer(word.text).ok_or_else(|| syntax(word.offset, "E_CHARACTER", expecting))
        }
    }
}

/// An optional boolean after `prune`/`deterministic`: consumed only if it is one.
fn optional_bool(cursor: &mut Cursor<'_>) -> Option<bool> {
    let saved = cursor.position;
    match cursor.word().and_then(|word| parse_bool(word.text)) {
        Some(value) => Some(value),
        None => {
            cursor.position = saved;
            None
        }
    }
}

fn parse_board(cursor: &mut Cursor<'_>) -> Result<BoardRequest, ExternalError> {
    let (rest, start) = cursor.rest();
    // "board:" is known to be there (case-insensitively).
    let mut input = &rest[6..];
    let at = |input: &str| start + rest.len() - input.len();
    let mut names = [String::new(), String::new()];
    for (index, slot) in names.iter_mut().enumerate() {
        match name(input) {
            Ok((remaining, text)) => {
                *slot = text.to_string();
                input = remaining;
            }
            Err(_) => {
                let unexpected = if input.is_empty() || input.starts_with(char::is_whitespace) {
                    "FIBSBOARDEND"
                } else {
                    "E_CHARACTER"
                };
                return Err(syntax(at(input), unexpected, Some("E_STRING")));
            }
        }
        match input.strip_prefix(':') {
            Some(remaining) => input = remaining,
            None if input.is_empty() || input.starts_with(char::is_whitespace) => {
                return Err(syntax(at(input), "FIBSBOARDEND", Some("':'")));
            }
            None => {
                let expecting = if index == 0 { None } else { Some("':'") };
                return Err(syntax(at(input), "E_CHARACTER", expecting));
            }
        }
    }
    let mut numbers = Vec::new();
    loop {
        match integer(input) {
            Ok((remaining, digits)) => {
                let value = digits.parse::<i64>().unwrap_or(i64::MAX);
                numbers.push(value);
                input = remaining;
            }
            Err(_) => {
                let unexpected = if input.is_empty() || input.starts_with(char::is_whitespace) {
                    "FIBSBOARDEND"
                } else {
                    "E_CHARACTER"
                };
                return Err(syntax(at(input), unexpected, Some("E_INTEGER")));
            }
        }
        if numbers.len() > BOARD_NUMBERS {
            return Err(ExternalError::TooManyElements);
        }
        match input.strip_prefix(':') {
            Some(remaining) => input = remaining,
            None if input.is_empty() || input.starts_with(char::is_whitespace) => break,
            None => return Err(syntax(at(input), "E_CHARACTER", Some("':'"))),
        }
    }
    cursor.position = at(input);
    Ok(BoardRequest {
        names,
        numbers,
        ..BoardRequest::default()
    })
}

/// A boolean as gnubg's debug output shows it.
fn flag(value: bool) -> String {
    u8::from(value).to_string()
}

fn parse_options(
    cursor: &mut Cursor<'_>,
    mut board: BoardRequest,
    mut evaluation: Option<&mut EvaluationOptions>,
) -> Result<BoardRequest, ExternalError> {
    while let Some(word) = cursor.word() {
        let keyword = word.text.to_ascii_lowercase();
        match (keyword.as_str(), evaluation.as_deref_mut()) {
            ("jacobyrule", _) => {
                let value = expect_bool(cursor)?;
                board.jacoby = Some(value);
                board.given_options.push(("jacobyrule", flag(value)));
            }
            ("crawfordrule", _) => {
                let value = expect_bool(cursor)?;
                board.crawford_rule = Some(value);
                board.given_options.push(("crawfordrule", flag(value)));
            }
            ("beavers", _) => {
                let value = expect_bool(cursor)?;
                board.beavers = Some(value);
                board.given_options.push(("beavers", flag(value)));
            }
            ("resignation", _) => {
                board.resignation = expect_integer(cursor)?;
                let shown = board.resignation.to_string();
                board.given_options.push(("resignation", shown));
            }
            ("plies", Some(options)) => {
                options.plies = expect_integer(cursor)?;
                board
                    .given_options
                    .push(("plies", options.plies.to_string()));
            }
            ("noise", Some(options)) => {
                let expecting = Some("E_INTEGER");
                let Some(value) = cursor.word() else {
                    return Err(syntax(cursor.end(), "EOL", expecting));
                };
                // gnubg's debug map holds the noise as a decimal and shows no value for it.
                board.given_options.push(("noise", String::new()));
                options.noise = match parse_integer(value.text) {
                    Some(integer) => integer as f64 / 10000.0,
                    None => value
                        .text
                        .parse::<f64>()
                        .ok()
                        .filter(|noise| noise.is_finite())
                        .ok_or_else(|| syntax(value.offset, "E_CHARACTER", expecting))?,
                };
            }
            ("prune", Some(_)) => {
                let value = optional_bool(cursor).unwrap_or(true);
                board.given_options.push(("prune", flag(value)));
            }
            ("deterministic", Some(_)) => {
                let value = optional_bool(cursor).unwrap_or(true);
                board.given_options.push(("deterministic", flag(value)));
            }
            ("cube", Some(options)) => {
                options.cubeful = expect_bool(cursor)?;
                board.given_options.push(("cubeful", flag(options.cubeful)));
            }
            ("cubeful", Some(options)) => {
                options.cubeful = true;
                board.given_options.push(("cubeful", flag(true)));
            }
            ("cubeless", Some(options)) => {
                options.cubeful = false;
                board.given_options.push(("cubeful", flag(false)));
            }
            _ => return Err(syntax(word.offset, "E_CHARACTER", Some("EOL"))),
        }
    }
    Ok(board)
}
