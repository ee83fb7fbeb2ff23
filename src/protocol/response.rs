//! What a command produced, as values: text lines, boards and errors. Rendering is elsewhere.

use super::cube_report::CubeReport;
use super::reply::Reply;
use super::session::RolloutReport;
use super::statistics_report::StatisticsReport;
use crate::rules::game::Event;
use crate::rules::{MatchState, Play};
use serde::Serialize;

/// A board to draw, with everything the renderer needs beyond the match state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardSnapshot {
    /// The game state drawn.
    pub state: MatchState,
    /// The players' names (index = side).
    pub names: [String; 2],
    /// Whether `set clockwise on` is in force.
    pub clockwise: bool,
    /// `false` for `show board POSITION-ID`: no names, scores, dice or cube text.
    pub annotated: bool,
}

/// One legal play in a hint list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintEntry {
    /// gnubg's notation of the play.
    #[serde(rename = "play")]
    pub notation: String,
    /// Equity for the player on roll by tavli's evaluator.
    pub equity: f64,
    /// Win, win gammon, win backgammon, lose, lose gammon, lose backgammon (in JSON the
    /// labelled object of the five, lose implied).
    #[serde(serialize_with = "super::json::labelled_probabilities")]
    pub probabilities: [f64; 6],
    /// How many plies deep the play was judged.
    pub plies: u32,
    /// The play.
    #[serde(skip)]
    pub play: Play,
}

/// One row of `eval`: the position judged at one depth (gnubg's `static`, `1 ply`, ...).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvaluationRow {
    /// Plies searched (0: the evaluator alone).
    pub plies: u32,
    /// Win, win gammon, win backgammon, lose, lose gammon, lose backgammon (in JSON the
    /// labelled object of the five, lose implied).
    #[serde(serialize_with = "super::json::labelled_probabilities")]
    pub probabilities: [f64; 6],
    /// Cubeless equity (match play: normalised match-winning chance).
    pub cubeless_equity: f64,
    /// Cubeful equity in the same units.
    pub cubeful_equity: f64,
}

/// What `eval` reports about the current position (the player on roll's view).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvaluationReport {
    /// The Position ID of the position evaluated.
    pub position_id: String,
    /// The Match ID of the current state.
    pub match_id: String,
    /// The evaluator's short name (`net`, `pubeval`).
    pub evaluator: String,
    /// Plies searched (gnubg names them beside the evaluator: `net 2-ply, Contact`).
    pub plies: u32,
    /// The position class gnubg names beside the evaluator (`Contact`, `Race`, `Over`).
    pub position_class: &'static str,
    /// The position judged at 0 plies, 1 ply, ... up to the depth set for cube decisions
    /// (never empty: the deepest is last).
    pub rows: Vec<EvaluationRow>,
    /// The cube analysis, when the player on roll may double.
    pub cube: Option<CubeReport>,
}

impl EvaluationReport {
    /// The deepest row: the figures the cube analysis and the computer use.
    #[must_use]
    pub fn deepest(&self) -> Option<&EvaluationRow> {
        self.rows.last()
    }
}

/// One piece of output, in order.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Output {
    /// A line of text (a newline follows).
    Line {
        /// The text.
        text: String,
    },
    /// Text with no newline after it (gnubg's match score lines).
    Partial {
        /// The text.
        text: String,
    },
    /// A file written to standard output (`export match mat -`, `save match -`,
    /// `export position svg -`): its text is printed as is, without a newline after it.
    Export {
        /// What the text is.
        format: ExportFormat,
        /// The file's text.
        text: String,
    },
    /// A board.
    Board {
        /// What to draw.
        board: Box<BoardSnapshot>,
    },
    /// A hint list.
    Hints {
        /// The short name of the evaluator that ranked the plays (`net`, `pubeval`); each
        /// entry says how many plies deep it was judged.
        evaluator: String,
        /// The plays, best first.
        entries: Vec<HintEntry>,
    },
    /// A cube analysis (`hint` before rolling or when a double is pending).
    CubeAnalysis {
        /// The analysis.
        report: Box<CubeReport>,
    },
    /// A position evaluation (`eval`).
    Evaluation {
        /// The evaluation.
        report: Box<EvaluationReport>,
    },
    /// A finished rollout (`rollout`).
    Rollout {
        /// The rollout's figures and settings.
        report: Box<RolloutReport>,
    },
    /// The statistics of an analysed match (`show statistics ...`).
    Statistics {
        /// The statistics.
        report: Box<StatisticsReport>,
    },
    /// A reply about settings or the session's state as data: the text renderer prints
    /// gnubg's lines for it (see [`super::reply_text`]), `--json` sets them beside it.
    Reply {
        /// The reply.
        reply: Box<Reply>,
    },
    /// A step of the game as data (`--json`): the text renderer prints nothing for it, the
    /// lines gnubg prints for it are beside it.
    Event {
        /// The event.
        event: GameEvent,
    },
}

/// The format of a file written to standard output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExportFormat {
    /// A Jellyfish .mat match file.
    Mat,
    /// A gnubg SGF file (match or position).
    Sgf,
    /// An SVG picture of the board.
    Svg,
}

/// A game event with what its data needs to be read without the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameEvent {
    /// What happened.
    #[serde(skip)]
    pub event: Event,
    /// For a play: its notation, as gnubg writes it.
    pub notation: Option<String>,
    /// The players' names when it happened (index = side), for its sentence.
    #[serde(skip)]
    pub names: [String; 2],
    /// For a play: whether gnubg announces it (`... moves ...`): the computer's plays and
    /// forced ones, not a play the user typed.
    #[serde(skip)]
    pub announced: bool,
}

/// The output of one accepted command.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Response {
    /// The outputs in order.
    pub outputs: Vec<Output>,
    /// Whether the command asks the REPL to stop (`quit`).
    pub quit: bool,
}

impl Response {
    /// An empty response.
    #[must_use]
    pub fn new() -> Response {
        Response::default()
    }

    /// Appends a line.
    pub fn line(&mut self, text: impl Into<String>) {
        self.outputs.push(Output::Line { text: text.into() });
    }

    /// Appends text with no newline.
    pub fn partial(&mut self, text: impl Into<String>) {
        self.outputs.push(Output::Partial { text: text.into() });
    }

    /// Appends the text of a file written to standard output.
    pub fn export(&mut self, format: ExportFormat, text: impl Into<String>) {
        self.outputs.push(Output::Export {
            format,
            text: text.into(),
        });
    }

    /// Appends a game event, which the renderers give gnubg's sentence for it (see
    /// [`super::event_text`]); `names` are the players' names.
    pub fn event(&mut self, event: Event, names: &[String; 2]) {
        self.outputs.push(Output::Event {
            event: GameEvent {
                event,
                notation: None,
                names: names.clone(),
                announced: false,
            },
        });
    }

    /// Appends a play event with its notation, `announced` when gnubg prints the play.
    pub fn play_event(
        &mut self,
        event: Event,
        notation: String,
        names: &[String; 2],
        announced: bool,
    ) {
        self.outputs.push(Output::Event {
            event: GameEvent {
                event,
                notation: Some(notation),
                names: names.clone(),
                announced,
            },
        });
    }

    /// Appends a reply, which the renderers give gnubg's lines for.
    pub fn reply(&mut self, reply: Reply) {
        self.outputs.push(Output::Reply {
            reply: Box::new(reply),
        });
    }

    /// Appends the statistics of an analysed match.
    pub fn statistics(&mut self, report: StatisticsReport) {
        self.outputs.push(Output::Statistics {
            report: Box::new(report),
        });
    }

    /// Appends a board.
    pub fn board(&mut self, board: BoardSnapshot) {
        self.outputs.push(Output::Board {
            board: Box::new(board),
        });
    }
}

/// What kind of rejection a [`CommandError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// A word that is not a keyword here.
    UnknownKeyword,
    /// A prefix of several keywords (tavli only; gnubg takes the first).
    AmbiguousKeyword,
    /// A command group without its sub-command (`show`).
    Incomplete,
    /// A move that does not parse or is not legal.
    IllegalMove,
    /// An XGID or GNUbg ID that does not read (gnubg reports these on standard error).
    BadId,
    /// A bad or missing argument.
    BadArgument,
    /// The command is not possible in the current state.
    NotNow,
    /// The input line is longer than the REPL accepts.
    LineTooLong,
    /// Something gnubg has that tavli does not implement.
    Unsupported,
    /// A file could not be read or written, or is not a match file (reported on standard
    /// error, prefixed with the file name, as gnubg does).
    File,
    /// A cube analysis was asked for a player who may not double (gnubg writes this to
    /// standard error).
    CubeUnavailable,
}

/// A rejected command: gnubg's message, and the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CommandError {
    /// What kind of rejection.
    pub kind: ErrorKind,
    /// gnubg's message (may hold several lines separated by `\n`; no final newline).
    pub message: String,
    /// Byte offset in the line of the word at fault, when there is one.
    pub offset: Option<usize>,
}

impl CommandError {
    /// An error of `kind` with `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> CommandError {
        CommandError {
            kind,
            message: message.into(),
            offset: None,
        }
    }

    /// A state error (`NotNow`).
    pub fn not_now(message: impl Into<String>) -> CommandError {
        CommandError::new(ErrorKind::NotNow, message)
    }

    /// A bad-argument error.
    pub fn bad_argument(message: impl Into<String>) -> CommandError {
        CommandError::new(ErrorKind::BadArgument, message)
    }

    /// The same error, pointing at `offset`.
    #[must_use]
    pub fn at(mut self, offset: usize) -> CommandError {
        self.offset = Some(offset);
        self
    }
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CommandError {}
