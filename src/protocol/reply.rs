//! What the `show`, settings and edit commands report, and what the match says after a game,
//! as values: the settings, depths, titles, names, scores and results a reply is about.
//! gnubg's sentences for them are made in `reply_text.rs` (`score_text.rs` for the score
//! and the game's result, `game_list_text.rs` for `list game`); `--json` sets the values
//! beside those sentences.

use super::ast::{AutomaticSetting, Decision, PlayerKind};
pub use super::named_side::{GameWinner, NamedSide, OfferedResignation};
use crate::rules::{Resignation, Variant};
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
    /// The player.
    #[serde(flatten)]
    pub side: NamedSide,
    /// Plies for chequer play.
    pub chequerplay: u32,
    /// Plies for cube decisions.
    pub cube_decision: u32,
}

/// One play of a variant's ranked list (`hint` in tavli's own variants).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RankedPlay {
    /// gnubg's notation of the play.
    #[serde(rename = "play")]
    pub notation: String,
    /// The heuristic's score (not an equity).
    pub score: f64,
}

/// A player's pip count (`show pipcount`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PipCount {
    /// The player.
    #[serde(flatten)]
    pub side: NamedSide,
    /// His pips.
    pub pips: u32,
}

/// Where the match stands: the score line gnubg prints after each game, for `show score`
/// and `set score`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoreReport {
    /// The players' names (player 0, player 1).
    pub names: [String; 2],
    /// Their points.
    pub score: [u32; 2],
    /// Games finished in this match or session.
    pub games: u32,
    /// The match length (0: a money session); `match_length` in JSON, as in the board state.
    #[serde(rename = "match_length")]
    pub length: u32,
    /// Whether this game is the Crawford game.
    pub crawford: bool,
    /// Whether this is post-Crawford play.
    pub post_crawford: bool,
    /// Money play: whether the Jacoby rule is in force.
    pub jacoby: bool,
}

/// What a `list game` record is an edit of (gnubg's move types 6, 8 and 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EditKind {
    /// `set board`.
    Board,
    /// `set cube value`.
    CubeValue,
    /// `set cube owner` or `set cube centre`.
    CubeOwner,
}

/// The marks `list game` writes beside a play of an analysed game (gnubg's `+`/`-` after
/// the dice, `?!`/`?`/`??` after the play and for the cube decision before the roll).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RecordMarks {
    /// The luck of the roll.
    pub luck: crate::analysis::LuckMark,
    /// The play.
    pub play: crate::analysis::Mark,
    /// The cube decision before the roll.
    pub cube: crate::analysis::Mark,
}

/// One record of the game in progress, as `list game` lists it; `player` numbered as gnubg
/// numbers the players (0 and 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "record", rename_all = "snake_case")]
pub enum GameListEntry {
    /// A roll not played yet.
    Rolled {
        /// Who rolled.
        player: usize,
        /// The dice, in the order rolled.
        dice: [u8; 2],
    },
    /// A roll and its play (an empty play: no legal move).
    Played {
        /// Who played.
        player: usize,
        /// The dice, in the order rolled.
        dice: [u8; 2],
        /// The play in gnubg's notation.
        play: String,
        /// Its marks, once analysed.
        #[serde(skip_serializing_if = "Option::is_none")]
        marks: Option<RecordMarks>,
    },
    /// A double or a beaver, to `cube`.
    Doubled {
        /// Who doubled.
        player: usize,
        /// The cube's value offered.
        cube: u32,
    },
    /// A double taken.
    Took {
        /// Who took.
        player: usize,
    },
    /// An edit by the player on roll.
    Edited {
        /// The player on roll.
        player: usize,
        /// What was edited.
        edit: EditKind,
    },
    /// An accepted resignation.
    Resigned {
        /// Who resigned.
        player: usize,
    },
    /// A dropped double.
    Dropped {
        /// Who dropped.
        player: usize,
    },
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
        /// The variant.
        variant: Variant,
        /// Its title, for gnubg's sentence.
        #[serde(skip)]
        title: String,
    },
    /// `show dice`: the dice of the player on roll, `None` before he rolls.
    Dice {
        /// The player on roll.
        #[serde(flatten)]
        side: NamedSide,
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
        /// Points (`match_length` in JSON, as in the board state).
        #[serde(rename = "match_length")]
        points: u32,
    },
    /// `show turn` in a game.
    Turn {
        /// The player on turn.
        #[serde(flatten)]
        side: NamedSide,
        /// Whether he has rolled (he is "on move", not "on roll").
        rolled: bool,
        /// The resignation he has been offered, and who offered it.
        resignation: Option<OfferedResignation>,
    },
    /// `show version`.
    Version {
        /// tavli's version.
        version: String,
    },
    /// `show variation`, and `set variation` (`changed`).
    Variation {
        /// The variant being played, when a game is.
        playing: Option<Variant>,
        /// Whether the game being played is one of tavli's rotation (Portes, Plakoto, Fevga).
        rotating: bool,
        /// The variation of new matches and sessions (`None`: tavli's rotation).
        default: Option<Variant>,
        /// Whether new matches and sessions rotate Portes, Plakoto and Fevga.
        rotation: bool,
        /// Whether the default was just set.
        changed: bool,
        /// The title of the variant being played, for gnubg's sentences.
        #[serde(skip)]
        playing_title: Option<String>,
        /// The title of the default variation, for gnubg's sentences.
        #[serde(skip)]
        default_title: String,
    },
    /// `new match N`: a match has been started.
    MatchStarted {
        /// Its length in points (`match_length` in JSON, as in the board state).
        #[serde(rename = "match_length")]
        length: u32,
    },
    /// `set matchlength N`: the length of a `new match` without a number.
    MatchLengthSet {
        /// Points (`match_length` in JSON, as in the board state).
        #[serde(rename = "match_length")]
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
        /// The value set (`cube_value` in JSON, as in the board state).
        #[serde(rename = "cube_value")]
        value: u32,
    },
    /// `set cube owner N`.
    CubeOwnerSet {
        /// The owner's name.
        #[serde(flatten)]
        side: NamedSide,
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
        #[serde(flatten)]
        side: NamedSide,
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
        /// The variant.
        variant: Variant,
        /// Its title, for the sentence.
        #[serde(skip)]
        title: String,
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
        #[serde(flatten)]
        side: NamedSide,
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

    /// `set beavers N` and `show beavers`: beavers allowed per double in money play.
    Beavers {
        /// How many.
        count: u32,
    },
    /// `set clockwise on|off`.
    Clockwise {
        /// Whether player 1 moves clockwise.
        on: bool,
    },
    /// `set jacoby on|off`: the rule of new money sessions.
    JacobySet {
        /// Whether it is used.
        on: bool,
    },
    /// `set seed` without a number: the dice are seeded from the system.
    SystemSeed,
    /// `set automatic doubles N`.
    AutomaticDoublesSet {
        /// Automatic doubles allowed.
        count: u32,
        /// Whether a match is being played (they apply to money sessions only).
        match_play: bool,
        /// Whether the cube is in use.
        cube_use: bool,
    },
    /// `set automatic bearoff|crawford|game|move|roll on|off`.
    AutomaticSet {
        /// Which setting.
        setting: AutomaticSetting,
        /// Its new value.
        on: bool,
    },
    /// `set crawford on|off`: whether this game is the Crawford game.
    CrawfordSet {
        /// The value set.
        on: bool,
    },
    /// `set postcrawford on|off`: whether this is post-Crawford play.
    PostCrawfordSet {
        /// The value set.
        on: bool,
    },
    /// `set cube use on|off`.
    CubeUse {
        /// Whether the cube may be used.
        on: bool,
        /// Whether a game is being played and it is the Crawford game.
        crawford_game: bool,
        /// Whether money play is under the Jacoby rule.
        money_jacoby: bool,
    },
    /// `set cube centre`.
    CubeCentred,
    /// The cube is disabled, so a position's cube value was not taken (an ID load).
    CubeDisabled,
    /// `set player N human|gnubg`, for one player.
    PlayerKindSet {
        /// The player's name.
        #[serde(flatten)]
        side: NamedSide,
        /// Who plays him now.
        kind: PlayerKind,
    },
    /// `set dice`, or the dice of a loaded position.
    DiceSet {
        /// The dice, in the order set.
        dice: [u8; 2],
    },
    /// `set turn N`.
    TurnSet {
        /// The player now on roll.
        #[serde(flatten)]
        side: NamedSide,
    },
    /// `set gnubgid`: the IDs it found and set, as gnubg names them.
    GnubgId {
        /// `POSITION:MATCH`: the Position ID and the Match ID found, as typed, either empty
        /// when the text had none.
        id: String,
    },
    /// A Match ID with a double offered is loaded as the position before the double.
    DoubleSteppedBack,
    /// A Match ID whose second die is 0 (the first set) is loaded with the dice not rolled,
    /// after gnubg's `set dice` refusal.
    HalfRolledDice,
    /// The score (`show score`, `set score`, and after each game).
    Score(ScoreReport),
    /// `show crawford`.
    CrawfordGame {
        /// Whether this game is the Crawford game (`None`: money play).
        crawford: Option<bool>,
    },
    /// `show postcrawford`.
    PostCrawford {
        /// Whether this is post-Crawford play (`None`: money play).
        post_crawford: Option<bool>,
    },
    /// `show cube` in a game with the cube in use.
    Cube {
        /// Its value (`cube_value` in JSON, as in the board state).
        #[serde(rename = "cube_value")]
        value: u32,
        /// Its owner, `None` when centred.
        owner: Option<NamedSide>,
    },
    /// `show cube` in the Crawford game.
    CubeInCrawfordGame,
    /// `show cube` with `set cube use off`.
    CubeNotUsed,
    /// `show dice` before a game.
    DiceBeforeGame,
    /// `show pipcount`: the player on roll first.
    PipCounts {
        /// Each player's count.
        players: [PipCount; 2],
    },
    /// `show rng`.
    Rng,
    /// `show seed`: the seed the dice generator was last given.
    CurrentSeed {
        /// The seed.
        seed: u64,
    },
    /// `show turn` with no game.
    NoGameBeingPlayed,
    /// `hint` when the roll has no legal play.
    NoLegalMoves,
    /// `list game`: the records of the game in progress.
    GameList {
        /// The records in order.
        entries: Vec<GameListEntry>,
    },
    /// `hint` on a pending resignation: the answering player's equities and his right answer.
    ResignationHint {
        /// Equity playing on.
        equity_before: f64,
        /// Equity after accepting.
        equity_after: f64,
        /// Whether he should accept.
        accept: bool,
    },
    /// `new session` (or `new match 0`): a money session has been started.
    SessionStarted,
    /// A game has ended: what it counts as in the match and its points.
    GameScored {
        /// The winner.
        #[serde(flatten)]
        side: NamedSide,
        /// What the game counts as (a gammon under the Jacoby rule counts as a single game).
        counted_as: Resignation,
        /// The points won, cube included.
        points: u32,
    },
    /// `end game`: the game was played to its end.
    GameComplete {
        /// The winner and the points he gained, if the game was won.
        winner: Option<GameWinner>,
    },
    /// `export match mat` of a game with board edits: the format cannot hold them.
    EditedGameExport,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Side;
    use serde_json::json;

    fn value(reply: &Reply) -> serde_json::Value {
        serde_json::to_value(reply).unwrap_or_default()
    }

    #[test]
    fn a_side_is_its_player_number_with_its_name_beside_it() {
        let alice = NamedSide::new(Side::X, "alice");
        assert_eq!(
            value(&Reply::Dice {
                side: alice.clone(),
                dice: Some([6, 4]),
            }),
            json!({"reply": "dice", "player": 1, "name": "alice", "dice": [6, 4]})
        );
        assert_eq!(
            value(&Reply::GameScored {
                side: alice.clone(),
                counted_as: Resignation::Gammon,
                points: 2,
            }),
            json!({"reply": "game_scored", "player": 1, "name": "alice",
                "counted_as": "gammon", "points": 2})
        );
        assert_eq!(
            value(&Reply::GameComplete {
                winner: Some(GameWinner {
                    side: alice.clone(),
                    points: 4,
                }),
            }),
            json!({"reply": "game_complete",
                "winner": {"player": 1, "name": "alice", "points": 4}})
        );
        assert_eq!(
            value(&Reply::GameComplete { winner: None }),
            json!({"reply": "game_complete", "winner": null})
        );
        assert_eq!(
            value(&Reply::Cube {
                value: 2,
                owner: Some(NamedSide::new(Side::O, "gnubg")),
            }),
            json!({"reply": "cube", "cube_value": 2, "owner": {"player": 0, "name": "gnubg"}})
        );
        assert_eq!(
            value(&Reply::Turn {
                side: alice.clone(),
                rolled: false,
                resignation: Some(OfferedResignation {
                    side: alice,
                    resignation: Resignation::Single,
                }),
            }),
            json!({"reply": "turn", "player": 1, "name": "alice", "rolled": false,
                "resignation": {"player": 1, "name": "alice", "resignation": "single"}})
        );
    }

    #[test]
    fn a_variant_is_spelled_as_the_command_line_spells_it() {
        assert_eq!(
            value(&Reply::CubeReset {
                variant: Variant::OldEnglish,
                title: "Old English".to_string(),
            }),
            json!({"reply": "cube_reset", "variant": "old-english"})
        );
        assert_eq!(
            value(&Reply::Variation {
                playing: Some(Variant::Portes),
                rotating: true,
                default: None,
                rotation: true,
                changed: false,
                playing_title: Some("Portes (tavli rotation)".to_string()),
                default_title: "Tavli".to_string(),
            }),
            json!({"reply": "variation", "playing": "portes", "rotating": true,
                "default": null, "rotation": true, "changed": false})
        );
    }
}
