//! The parsed form of one command line: what was asked, with its arguments, and no side effects.
//!
//! Arguments whose validity gnubg checks only after looking at the game (for example `set dice`
//! with no game answers "There must be a game in progress" whatever the dice) are kept as the
//! words typed; the session validates them in gnubg's order.

use crate::rules::Variant;
use serde::Serialize;

/// A two-state setting value (`on`/`off`, `yes`/`no`, `true`/`false`).
pub type Toggle = Option<bool>;

/// One of gnubg's `set automatic` settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AutomaticSetting {
    /// `bearoff`.
    Bearoff,
    /// `crawford`.
    Crawford,
    /// `doubles` (takes a number, not a toggle).
    Doubles,
    /// `game`.
    Game,
    /// `move`.
    Move,
    /// `roll`.
    Roll,
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerKind {
    /// Moves are typed by the user.
    Human,
    /// tavli plays the side itself (gnubg's `gnubg` player type).
    Computer,
}

/// The decisions a search depth is set for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// `chequerplay`: choosing (and, for `hint`, ranking) plays.
    Chequerplay,
    /// `cubedecision`: doubles, takes, resignations (and the rows of `eval`).
    CubeDecision,
}

/// `set evaluation ...`: how `hint` and `eval` judge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum EvaluationSetting {
    /// `chequerplay|cubedecision evaluation plies N` (the number as typed, `None` when missing).
    Plies(Decision, Option<String>),
    /// `evaluator NAME` (tavli's own): the evaluator everything in the session judges with.
    Evaluator(Option<String>),
}

/// What `analyse ...` covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnalysisScope {
    /// `analyse move`: the last move recorded.
    Move,
    /// `analyse game`: the game in progress or the last one played.
    Game,
    /// `analyse match`: every game of the match.
    Match,
    /// `analyse session`: the same as `match` (one match per session).
    Session,
}

/// What `next` and `previous` step over (gnubg's `next [game|roll|rolled|marked] N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stride {
    /// One recorded move (a play, a cube action, an edit).
    Move,
    /// To the start of another game.
    Game,
    /// To a roll: the position before it.
    Roll,
    /// To a roll: the position with the dice rolled.
    Rolled,
    /// To a move the analysis marked (doubtful or worse, chequer or cube).
    Marked,
}

/// Moving through the match as gnubg does: `next`, `previous`, `first game|move`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NavigateCommand {
    /// `next [STRIDE] [COUNT]`: the count word, if any, kept raw.
    Next(Stride, Option<String>),
    /// `previous [STRIDE] [COUNT]`.
    Previous(Stride, Option<String>),
    /// `first game`: the start of the match's first game.
    FirstGame,
    /// `first move`: the start of the current game.
    FirstMove,
}

/// What `show statistics ...` covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StatisticsScope {
    /// `game`: the game in progress or the last one played.
    Game,
    /// `match`: every game of the match.
    Match,
    /// `session`: the same as `match`.
    Session,
}

/// One of gnubg's analysis thresholds (`set analysis threshold NAME X`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ThresholdName {
    /// `doubtful`.
    Doubtful,
    /// `bad`.
    Bad,
    /// `verybad`.
    VeryBad,
    /// `lucky`.
    Lucky,
    /// `verylucky`.
    VeryLucky,
    /// `unlucky`.
    Unlucky,
    /// `veryunlucky`.
    VeryUnlucky,
}

/// `set analysis ...`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum AnalysisSetting {
    /// `chequerplay|cubedecision evaluation plies N` (the number as typed).
    Plies(Decision, Option<String>),
    /// `luck on|off`.
    Luck(Toggle),
    /// `threshold NAME X` (the number as typed).
    Threshold(ThresholdName, Option<String>),
}

/// What `set player N ...` changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum PlayerSetting {
    /// `human` or `gnubg`.
    Kind(PlayerKind),
    /// `chequerplay|cubedecision evaluation plies N`: how deep the computer searches for the
    /// player (the number as typed, `None` when missing).
    Plies(Decision, Option<String>),
    /// `name X` (the rest of the line, `None` when missing).
    Name(Option<String>),
    /// Nothing after the player.
    Missing,
    /// An unknown word after the player.
    Unknown(String),
}

/// `set cube ...`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CubeSetting {
    /// `set cube value N` (raw word).
    Value(Option<String>),
    /// `set cube owner 0|1|name` (raw word).
    Owner(Option<String>),
    /// `set cube centre` / `center`.
    Centre,
    /// `set cube use on|off`.
    Use(Toggle),
}

/// `set ...`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum SetCommand {
    /// `set analysis ...`.
    Analysis(AnalysisSetting),
    /// `set rollout ...`.
    Rollout(RolloutSetting),
    /// `set automatic <what> <value>`; the value word is kept raw (`doubles` takes a number).
    Automatic(AutomaticSetting, Option<String>),
    /// `set beavers N` (`None` when missing or not a non-negative number).
    Beavers(Option<u32>),
    /// `set board ...`: the words after `board`.
    Board(Vec<String>),
    /// `set clockwise on|off`.
    Clockwise(Toggle),
    /// `set crawford on|off`.
    Crawford(Toggle),
    /// `set cube ...`.
    Cube(CubeSetting),
    /// `set defaultnames A B`.
    DefaultNames(Vec<String>),
    /// `set dice ...`: the words after `dice`.
    Dice(Vec<String>),
    /// `set evaluation ...`.
    Evaluation(EvaluationSetting),
    /// `set gnubgid ...`: the rest of the line.
    GnubgId(String),
    /// `set jacoby on|off`.
    Jacoby(Toggle),
    /// `set matchid ID`.
    MatchId(String),
    /// `set matchlength N` (`None` when not a number from 0 to 64).
    MatchLength(Option<u32>),
    /// `set player N|both ...`: the player word and the setting.
    Player(Option<String>, PlayerSetting),
    /// `set postcrawford on|off`.
    PostCrawford(Toggle),
    /// `set rng mersenne|manual`.
    Rng(RngChoice),
    /// `set score A B [L]`: the words after `score`.
    Score(Vec<String>),
    /// `set seed [N]`: `None` = from system entropy; `Some(Err)` = not a valid seed.
    Seed(Option<Result<u64, String>>),
    /// `set turn P` (raw word).
    Turn(Option<String>),
    /// `set variation NAME`.
    Variation(VariationName),
    /// `set xgid ...`: the rest of the line.
    Xgid(String),
}

/// A dice generator name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RngChoice {
    /// `manual`.
    Manual,
    /// `mersenne`.
    Mersenne,
}

/// What `set variation` names: one variant (gnubg's names for gnubg's variations, tavli's
/// for its own), or the tavli rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum VariationName {
    /// One variant for every game.
    Variant(Variant),
    /// `tavli`: Portes, Plakoto and Fevga in rotation, one per game (tavli's own).
    Tavli,
}

/// `show ...`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ShowCommand {
    /// `show analysis`.
    Analysis,
    /// `show automatic`.
    Automatic,
    /// `show beavers`.
    Beavers,
    /// `show board [POSITION-ID]`.
    Board(Option<String>),
    /// `show crawford`.
    Crawford,
    /// `show cube`.
    Cube,
    /// `show dice`.
    Dice,
    /// `show evaluation`.
    Evaluation,
    /// `show jacoby`.
    Jacoby,
    /// `show matchlength`.
    MatchLength,
    /// `show pipcount [POSITION-ID]`.
    PipCount(Option<String>),
    /// `show postcrawford`.
    PostCrawford,
    /// `show rng`.
    Rng,
    /// `show seed`.
    Seed,
    /// `show score`.
    Score,
    /// `show statistics game|match|session`.
    Statistics(StatisticsScope),
    /// `show turn`.
    Turn,
    /// `show variation`.
    Variation,
    /// `show version`.
    Version,
}

/// `new ...`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum NewCommand {
    /// `new game`.
    Game,
    /// `new match [N]`: `None` = the default length; `Some(Err)` = not a length from 0 to 64.
    Match(Option<Result<u32, String>>),
    /// `new session`.
    Session,
}

/// A file command; each holds the file name typed (`None` when missing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum FileCommand {
    /// `import mat FILE`: read a Jellyfish .mat match.
    ImportMat(Option<String>),
    /// `export match mat FILE`: write the match as .mat.
    ExportMatchMat(Option<String>),
    /// `export position svg FILE` (`png`: [`FileCommand::ExportPositionPng`]): the board as
    /// a picture.
    ExportPositionSvg(Option<String>),
    /// `export position png FILE`: the board as a PNG picture.
    ExportPositionPng(Option<String>),
    /// `save match FILE`: write the match as gnubg SGF.
    SaveMatch(Option<String>),
    /// `save position FILE`: write the current position as gnubg SGF.
    SavePosition(Option<String>),
    /// `load match FILE`: read a gnubg SGF match.
    LoadMatch(Option<String>),
    /// `load game FILE`: read the first game of a gnubg SGF file, as `load match` of a file
    /// holding that game alone.
    LoadGame(Option<String>),
    /// `load position FILE`: read a gnubg SGF position (a one-game match).
    LoadPosition(Option<String>),
}

/// A `set rollout ...` setting (`None`: the value was missing or not a number).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum RolloutSetting {
    /// `set rollout trials N`.
    Trials(Option<u64>),
    /// `set rollout truncation enable on|off`.
    TruncationEnable(Toggle),
    /// `set rollout truncation plies N`.
    TruncationPlies(Option<u32>),
    /// `set rollout seed N`.
    Seed(Option<u64>),
    /// `set rollout cubeful on|off`.
    Cubeful(Toggle),
    /// `set rollout varredn on|off`.
    VarianceReduction(Toggle),
    /// `set rollout chequerplay plies N`.
    ChequerplayPlies(Option<u32>),
}

/// One command line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Command {
    /// An empty line, a `#` comment or a `:` line: does nothing.
    Nothing,
    /// `new game|match|session`.
    New(NewCommand),
    /// `analyse move|game|match|session`.
    Analyse(AnalysisScope),
    /// `roll`.
    Roll,
    /// `move [MOVE]` or a bare move line; the move text is parsed against the position later.
    Move(Option<String>),
    /// `play`.
    Play,
    /// `end game`.
    EndGame,
    /// `double`.
    Double,
    /// `take`.
    Take,
    /// `drop` / `pass`.
    Drop,
    /// `beaver` / `redouble`.
    Beaver,
    /// `resign [single|gammon|backgammon|1|2|3]` (raw word).
    Resign(Option<String>),
    /// `accept`.
    Accept,
    /// `reject`.
    Reject,
    /// `agree`.
    Agree,
    /// `decline`.
    Decline,
    /// `swap players`.
    SwapPlayers,
    /// `set ...`.
    Set(SetCommand),
    /// `show ...`.
    Show(ShowCommand),
    /// `hint [N]`.
    Hint(Option<u32>),
    /// `eval [POSITION]`: the word after `eval`, if any.
    Eval(Option<String>),
    /// `rollout`: roll out the current position.
    Rollout,
    /// `list game`.
    ListGame,
    /// `next`, `previous`, `first`: moving through the match.
    Navigate(NavigateCommand),
    /// `import`, `export`, `save`, `load`.
    File(FileCommand),
    /// `help [COMMAND...]`: the words after `help`.
    Help(Vec<String>),
    /// `quit` / `exit`.
    Quit,
}
