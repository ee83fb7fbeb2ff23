//! What the `show` and settings commands report, as values: the settings, depths, titles and
//! names a reply is about. gnubg's sentences for them are made in `reply_text.rs`; `--json`
//! sets the values beside those sentences.

use super::ast::Decision;
use crate::rules::Resignation;
use serde::Serialize;

/// One move filter of `show evaluation`: after a ply, how many plays are kept and within
/// which equity of the best.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FilterReport {
    /// Plays kept at most.
    pub keep: usize,
    /// Equity window around the best play.
    pub window: f64,
}

/// A player's search depths when the computer plays for him (`show evaluation`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerDepthReport {
    /// The player's name.
    pub player: String,
    /// Plies for chequer play.
    pub chequerplay: u32,
    /// Plies for cube decisions.
    pub cube_decision: u32,
}

/// One play of a variant's ranked list (`hint` in tavli's own variants).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankedPlay {
    /// gnubg's notation of the play.
    pub notation: String,
    /// The heuristic's score (not an equity).
    pub score: f64,
}

/// A reply about settings or the state of the session, as data.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub enum Reply {
    /// `show automatic`: the automatic actions.
    Automatic {
        /// Bear off automatically.
        bearoff: bool,
        /// Apply the Crawford rule automatically.
        crawford: bool,
        /// Automatic doubles on tied opening rolls.
        doubles: u32,
        /// Start the next game automatically.
        game: bool,
        /// Play forced moves.
        moves: bool,
        /// Roll for a player who cannot double.
        roll: bool,
    },
    /// `show cube` in a variant played without the cube.
    PlayedWithoutCube {
        /// The variant's title.
        variant: String,
    },
    /// `show dice`: the dice of the player on roll, `None` before he rolls.
    Dice {
        /// The player on roll.
        player: String,
        /// The dice rolled, in the order shown.
        dice: Option<[u8; 2]>,
    },
    /// `show jacoby`.
    Jacoby {
        /// The rule of the money session being played (`None` in a match).
        session: Option<bool>,
        /// The rule of new money sessions.
        new_sessions: bool,
    },
    /// `show matchlength`: the length of a `new match` without a number.
    MatchLength {
        /// Points.
        points: u32,
    },
    /// `show turn` in a game.
    Turn {
        /// The player on turn.
        player: String,
        /// Whether he has rolled (he is "on move", not "on roll").
        rolled: bool,
        /// The resignation he has been offered, and who offered it.
        resignation: Option<(String, Resignation)>,
    },
    /// `show version`.
    Version {
        /// tavli's version.
        version: String,
    },
    /// `show variation`, and `set variation` (`changed`).
    Variation {
        /// The title of the variant being played, when a game is.
        playing: Option<String>,
        /// The title of the variation of new matches and sessions.
        default: String,
        /// Whether the default was just set.
        changed: bool,
    },
    /// `new match N`: a match has been started.
    MatchStarted {
        /// Its length in points.
        length: u32,
    },
    /// `set matchlength N`: the length of a `new match` without a number.
    MatchLengthSet {
        /// Points.
        points: u32,
    },
    /// An automatic double on a tied opening roll (money play).
    AutomaticDouble {
        /// The cube's value after it.
        cube: u32,
    },
    /// `set seed N`.
    Seed {
        /// The seed.
        seed: u64,
    },
    /// `set cube value N`.
    CubeValueSet {
        /// The value set.
        value: u32,
    },
    /// `set cube owner N`.
    CubeOwnerSet {
        /// The owner's name.
        player: String,
    },
    /// `set player N name NAME`, for one player.
    PlayerName {
        /// gnubg's number of the player (0 or 1).
        player: usize,
        /// The new name.
        name: String,
    },
    /// `set defaultnames A B`: the names of new matches.
    DefaultNames {
        /// Player 0's and player 1's names.
        names: [String; 2],
    },
    /// tavli's own variants: the winner of the previous game starts the next.
    PreviousWinnerStarts {
        /// The winner.
        player: String,
    },
    /// tavli's own variants: one opening roll of a die each (repeated on a tie).
    OpeningRoll {
        /// The players' names (player 0, player 1).
        names: [String; 2],
        /// Player 0's die and player 1's die.
        dice: [u8; 2],
    },
    /// `hint` in tavli's own variants: the plays ranked by the variant's heuristic.
    RankedPlays {
        /// What ranks them.
        ranking: String,
        /// The plays, best first.
        plays: Vec<RankedPlay>,
    },
    /// A position edit in a variant without cube: the cube was put back to 1.
    CubeReset {
        /// The variant's title.
        variant: String,
    },
    /// `set evaluation chequerplay|cubedecision plies N`.
    EvaluationDepth {
        /// For which decisions.
        decision: Decision,
        /// The plies set.
        plies: u32,
    },
    /// `set evaluation evaluator NAME`.
    Evaluator {
        /// The evaluator's short name.
        name: String,
        /// What it is.
        description: String,
    },
    /// `set player N chequerplay|cubedecision evaluation plies N`, for one player.
    PlayerDepth {
        /// The player.
        player: String,
        /// The plies set.
        plies: u32,
        /// Whether the player is human (the setting waits until the computer plays him).
        human: bool,
    },
    /// `show evaluation`.
    Evaluation {
        /// The evaluator's label.
        evaluator: String,
        /// Plies for chequer play of `hint` and `eval`.
        chequerplay: u32,
        /// The move filters, one per ply.
        filters: Vec<FilterReport>,
        /// Plies for cube decisions of `hint` and `eval`.
        cube_decision: u32,
        /// Each player's depths when the computer plays for him.
        players: Vec<PlayerDepthReport>,
    },
}
