//! `MatchRecord`: a replayed match (players, rules, games, actions, results), format-neutral.

use crate::rules::{Board, Dice, Resignation, Side, Step, Variant};
use serde::Serialize;

/// A match or money session as replayed from a file: what the writers write.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchRecord {
    /// Match length; 0 for a money session.
    pub length: u32,
    /// Names of player 0 (`O`, left column, SGF White) and player 1 (`X`, SGF Black).
    pub players: [String; 2],
    /// The variant played.
    pub variant: Variant,
    /// Whether the Jacoby rule applies (money sessions).
    pub jacoby: bool,
    /// Whether the match is recorded under the Crawford rule, as gnubg records it (SGF
    /// `RU[Crawford]`): gnubg's `new match` of more than 1 point with `set automatic
    /// crawford` on, its `import mat`, and a loaded SGF that says so; not `new match 1`.
    pub crawford_rule: bool,
    /// Match information kept for writing: `(key, value)` pairs such as `("Site", "..")`,
    /// `("Event", ..)`, `("Round", ..)`, `("EventDate", "YYYY.MM.DD")`, `("Transcriber", ..)`.
    pub info: Vec<(String, String)>,
    /// Free comment lines of the match.
    pub comment: Vec<String>,
    /// The games in order.
    pub games: Vec<GameRecord>,
}

/// One game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// Score of player 0 and player 1 before the game.
    pub score: [u32; 2],
    /// Whether this is the Crawford game.
    pub crawford: bool,
    /// The actions in order.
    pub actions: Vec<GameAction>,
    /// How the game ended; `None` when the record stops before the end.
    pub result: Option<RecordedResult>,
}

/// One recorded action (in JSON tagged `"action"`, in snake case, the side as `"player"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum GameAction {
    /// A roll and the play made with it (no steps: no legal move, or not moved before a
    /// resignation).
    Play {
        /// Who rolled.
        #[serde(rename = "player")]
        side: Side,
        /// The dice.
        dice: Dice,
        /// The single-die steps in the mover's numbering, in the order written.
        steps: Vec<Step>,
    },
    /// A double to `value`.
    Double {
        /// Who doubled.
        #[serde(rename = "player")]
        side: Side,
        /// The cube value offered.
        value: u32,
    },
    /// The double was taken.
    Take {
        /// Who took.
        #[serde(rename = "player")]
        side: Side,
    },
    /// The double was dropped (the game ends).
    Drop {
        /// Who dropped.
        #[serde(rename = "player")]
        side: Side,
    },
    /// The board was set up by editing (SGF only; .mat cannot hold it, as in gnubg).
    SetBoard {
        /// The position.
        board: Board,
        /// Who is to roll, when given.
        on_roll: Option<Side>,
    },
    /// A beaver: the doubled player takes and redoubles to `value`, keeping the cube at the
    /// doubler's side.
    Beaver {
        /// Who beavered.
        #[serde(rename = "player")]
        side: Side,
        /// The new cube value.
        value: u32,
    },
    /// Dice rolled (or set) and not played: the roll a game in progress waits on, or one an
    /// edit replaced before it was played (REPL games; the file readers record none).
    Roll {
        /// Who rolled.
        #[serde(rename = "player")]
        side: Side,
        /// The dice, in the order rolled.
        dice: Dice,
    },
    /// `side` resigned and the resignation was accepted; the game's result says how much.
    Resign {
        /// Who resigned.
        #[serde(rename = "player")]
        side: Side,
    },
    /// The cube's value was edited (gnubg's `set cube value`, its move type 8).
    SetCubeValue {
        /// Who was on roll.
        on_roll: Side,
        /// The value set.
        value: u32,
    },
    /// The cube's owner was edited or the cube centred (gnubg's `set cube owner|centre`, its
    /// move type 9).
    SetCubeOwner {
        /// Who was on roll.
        on_roll: Side,
        /// The owner set; `None` centred.
        owner: Option<Side>,
    },
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RecordedResult {
    /// The winner.
    pub winner: Side,
    /// Points won (after cube, gammons and resignations).
    pub points: u32,
    /// How it ended.
    pub ending: RecordedEnding,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordedEnding {
    /// The winner bore off all checkers.
    BearOff,
    /// The loser dropped a double.
    Dropped,
    /// The loser resigned (or forfeited) this much.
    Resigned(Resignation),
    /// Plakoto: the loser's mother checker was pinned (2 points).
    Mother,
}

impl MatchRecord {
    /// The score after the last game: the last game's starting score plus its result
    /// (gnubg's `show score` after importing the file).
    #[must_use]
    pub fn final_score(&self) -> [u32; 2] {
        match self.games.last() {
            None => [0, 0],
            Some(game) => {
                let mut score = game.score;
                if let Some(result) = game.result {
                    score[result.winner.index()] =
                        score[result.winner.index()].saturating_add(result.points);
                }
                score
            }
        }
    }

    /// Number of games that have a result.
    #[must_use]
    pub fn finished_games(&self) -> usize {
        self.games
            .iter()
            .filter(|game| game.result.is_some())
            .count()
    }

    /// The value of `key` in the match information.
    #[must_use]
    pub fn info(&self, key: &str) -> Option<&str> {
        self.info
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.as_str())
    }
}

/// Test set-up shared by the writers' tests: a standard match between gnubg and root,
/// without information, under the Crawford rule.
#[cfg(test)]
impl MatchRecord {
    pub(crate) fn for_test(length: u32, games: Vec<GameRecord>) -> MatchRecord {
        MatchRecord {
            length,
            players: ["gnubg".to_string(), "root".to_string()],
            variant: Variant::Standard,
            jacoby: false,
            crawford_rule: true,
            info: Vec::new(),
            comment: Vec::new(),
            games,
        }
    }
}

/// Test set-up: a game at `score`, not the Crawford game, with `actions` and no result.
#[cfg(test)]
impl GameRecord {
    pub(crate) fn for_test(score: [u32; 2], actions: Vec<GameAction>) -> GameRecord {
        GameRecord {
            score,
            crawford: false,
            actions,
            result: None,
        }
    }
}

impl GameRecord {
    /// The player who acts first in the game (the first roll's, play's, double's or set-up's),
    /// or `O` when nothing is recorded: the player on roll of a game taken up from the record.
    #[must_use]
    pub fn first_to_act(&self) -> Side {
        self.actions
            .iter()
            .find_map(|action| match action {
                GameAction::Play { side, .. }
                | GameAction::Double { side, .. }
                | GameAction::Take { side }
                | GameAction::Drop { side }
                | GameAction::Beaver { side, .. }
                | GameAction::Roll { side, .. }
                | GameAction::Resign { side } => Some(*side),
                GameAction::SetBoard { on_roll, .. } => *on_roll,
                GameAction::SetCubeValue { on_roll, .. }
                | GameAction::SetCubeOwner { on_roll, .. } => Some(*on_roll),
            })
            .unwrap_or(Side::O)
    }

    /// The same game with the two players' places exchanged: scores, actions and winner.
    #[must_use]
    pub fn swapped(&self) -> GameRecord {
        let [score_o, score_x] = self.score;
        GameRecord {
            score: [score_x, score_o],
            crawford: self.crawford,
            actions: self.actions.iter().map(GameAction::swapped).collect(),
            result: self.result.map(|result| RecordedResult {
                winner: result.winner.opponent(),
                ..result
            }),
        }
    }
}

impl GameAction {
    /// The same action by the other player (gnubg's `swap players` turns every record of
    /// the match round): plays keep their steps, written in the mover's numbering; a set
    /// board has its checkers exchanged.
    #[must_use]
    pub fn swapped(&self) -> GameAction {
        match self {
            GameAction::Play { side, dice, steps } => GameAction::Play {
                side: side.opponent(),
                dice: *dice,
                steps: steps.clone(),
            },
            GameAction::Double { side, value } => GameAction::Double {
                side: side.opponent(),
                value: *value,
            },
            GameAction::Take { side } => GameAction::Take {
                side: side.opponent(),
            },
            GameAction::Drop { side } => GameAction::Drop {
                side: side.opponent(),
            },
            GameAction::SetBoard { board, on_roll } => GameAction::SetBoard {
                board: board.swapped(),
                on_roll: on_roll.map(Side::opponent),
            },
            GameAction::Beaver { side, value } => GameAction::Beaver {
                side: side.opponent(),
                value: *value,
            },
            GameAction::Roll { side, dice } => GameAction::Roll {
                side: side.opponent(),
                dice: *dice,
            },
            GameAction::Resign { side } => GameAction::Resign {
                side: side.opponent(),
            },
            GameAction::SetCubeValue { on_roll, value } => GameAction::SetCubeValue {
                on_roll: on_roll.opponent(),
                value: *value,
            },
            GameAction::SetCubeOwner { on_roll, owner } => GameAction::SetCubeOwner {
                on_roll: on_roll.opponent(),
                owner: owner.map(Side::opponent),
            },
        }
    }
}

/// The index of the roll the game `actions` waits on: a [`GameAction::Roll`] that is the last
/// action but for a resignation.
#[must_use]
pub fn pending_roll(actions: &[GameAction]) -> Option<usize> {
    let index = actions
        .iter()
        .rposition(|action| !matches!(action, GameAction::Resign { .. }))?;
    matches!(actions[index], GameAction::Roll { .. }).then_some(index)
}
