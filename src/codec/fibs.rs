//! The FIBS `board:` line as gnubg writes it (`show board` with `set output rawboard on`, and
//! the requests it sends to external players) and reads it (FIBS and external clients).
//!
//! 53 `:`-separated fields: `board`, two names, match length, two scores, 26 board values,
//! turn, two pairs of dice, cube, two may-double flags, was-doubled, colour, direction,
//! home, bar, two borne-off counts, four flags, post-Crawford and "not the Crawford game".
//! gnubg always draws the checkers from `X`'s side: positive values are `X`'s checkers on
//! `X`'s points, negative values `O`'s, field 7 is `O`'s bar and field 32 `X`'s.
//!
//! gnubg reads a board line in one place only, its external-player interface (`external
//! ADDRESS`; `set board` takes Position IDs and the `simple` form). There it refuses every line
//! whose score reaches the match length, as it writes them after a match's last game ("Error:
//! badly formed board", checked live in tests/fibs_finished.rs; `tavli external` answers the
//! same). This reader, for `tavli id`, `board` and `moves`, goes one step further and reads a
//! winner's score equal to the length, as gnubg reads the GNUbg ID it shows there.

use super::error::{IllegalPosition, ParseFibsBoardError};
use super::match_id::MAX_CUBE_LOG2;
use super::position_id::board_from_slots;
use crate::rules::{Dice, GameState, MatchState, Side, Variant, BAR};

/// Fields in a board line, the `board` literal included.
pub const FIELD_COUNT: usize = 53;
/// The match length FIBS writes for an unlimited (money) session.
pub const FIBS_MONEY_LENGTH: i64 = 9999;

/// Which of gnubg's two writers a board line follows. They differ only in the name and
/// score columns and in the was-doubled field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FibsFlavour {
    /// `show board` with `set output rawboard on`: `X`'s name and score first; was-doubled
    /// is `-1` when `X` must answer a double and `1` when `O` must.
    #[default]
    ShowBoard,
    /// The request gnubg sends to an external player: the first name and score are those
    /// of player `turn XOR on_roll` (so `O` unless a decision is pending); was-doubled is
    /// `1` whenever a double waits for an answer.
    ExternalPlayer,
}

/// A decoded board line: the match state and both players' names (index = side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FibsBoard {
    /// Names of `O` (index 0) and `X` (index 1), as written.
    pub names: [String; 2],
    /// The position, dice, cube and score. A board line does not say whether the Jacoby
    /// rule is in force (`jacoby` is gnubg's default: on in money play, off in a match)
    /// nor whether a resignation is pending.
    pub state: MatchState,
}

fn first_side(state: &MatchState, flavour: FibsFlavour) -> Side {
    match flavour {
        FibsFlavour::ShowBoard => Side::X,
        FibsFlavour::ExternalPlayer => {
            if state.turn == state.on_roll {
                Side::O
            } else {
                Side::X
            }
        }
    }
}

fn is_post_crawford(state: &MatchState) -> bool {
    let length = state.match_length;
    length > 0 && !state.crawford && (state.score[0] + 1 == length || state.score[1] + 1 == length)
}

/// Writes the board line of `state` as gnubg does; `names` are indexed by side (`O`, `X`)
/// and a `:` in a name is written as `_`.
#[must_use]
pub fn encode(state: &MatchState, names: [&str; 2], flavour: FibsFlavour) -> String {
    let first = first_side(state, flavour);
    let second = first.opponent();
    let x = &state.board.slots[Side::X.index()];
    let o = &state.board.slots[Side::O.index()];
    let mut fields: Vec<String> = vec![
        "board".to_string(),
        names[first.index()].replace(':', "_"),
        names[second.index()].replace(':', "_"),
    ];
    let mut push = |value: i64| fields.push(value.to_string());
    push(i64::from(state.match_length));
    push(i64::from(state.score[first.index()]));
    push(i64::from(state.score[second.index()]));
    push(-i64::from(o[BAR]));
    for point in 1..=24usize {
        let x_count = i64::from(x[point - 1]);
        let o_count = i64::from(o[24 - point]);
        push(if x_count > 0 { x_count } else { -o_count });
    }
    push(i64::from(x[BAR]));
    push(if state.on_roll == Side::X { 1 } else { -1 });
    let dice = state
        .dice
        .map_or([0, 0], |dice| [dice.first(), dice.second()]);
    for _ in 0..2 {
        push(i64::from(dice[0]));
        push(i64::from(dice[1]));
    }
    push(i64::from(state.cube_value));
    push(i64::from(state.cube_owner != Some(Side::O)));
    push(i64::from(state.cube_owner != Some(Side::X)));
    push(match (state.double_offered, flavour, state.turn) {
        (false, _, _) => 0,
        (true, FibsFlavour::ExternalPlayer, _) => 1,
        (true, FibsFlavour::ShowBoard, Side::X) => -1,
        (true, FibsFlavour::ShowBoard, Side::O) => 1,
    });
    for value in [1, -1, 0, 25] {
        push(value);
    }
    push(i64::from(state.board.off[Side::X.index()]));
    push(i64::from(state.board.off[Side::O.index()]));
    for _ in 0..4 {
        push(0);
    }
    push(i64::from(is_post_crawford(state)));
    push(i64::from(!state.crawford));
    fields.join(":")
}

/// One numeric field with its 1-based number and offset.
struct Field {
    number: usize,
    offset: usize,
    value: i64,
}

impl Field {
    fn bad(&self, expected: &'static str) -> ParseFibsBoardError {
        ParseFibsBoardError::BadValue {
            field: self.number,
            offset: self.offset,
            value: self.value,
            expected,
        }
    }

    fn sign(&self, expected: &'static str) -> Result<i64, ParseFibsBoardError> {
        match self.value {
            1 | -1 => Ok(self.value),
            _ => Err(self.bad(expected)),
        }
    }

    fn count(&self) -> Result<u32, ParseFibsBoardError> {
        u32::try_from(self.value)
            .ok()
            .filter(|&value| value <= 0x7fff)
            .ok_or_else(|| self.bad("a number from 0 to 32767"))
    }
}

/// Reads a board line as written by gnubg (either flavour) or FIBS: any colour and
/// direction, match length 9999 for money, the dice of whichever player has them. A board
/// of a finished match (one score equal to the match length, as gnubg writes after the last
/// game) is that match with its game over, as gnubg reads the GNUbg ID it shows there; a
/// score above the length, or both at it, is refused (gnubg refuses such a Match ID).
pub fn decode(
    text: &str,
    variant: Variant,
    flavour: FibsFlavour,
) -> Result<FibsBoard, ParseFibsBoardError> {
    let body = text
        .strip_prefix("board:")
        .ok_or(ParseFibsBoardError::MissingPrefix)?;
    let parts: Vec<&str> = body.split(':').collect();
    if parts.len() + 1 != FIELD_COUNT {
        return Err(ParseFibsBoardError::WrongFieldCount {
            found: parts.len() + 1,
        });
    }
    let mut offset = "board:".len();
    let mut numbers = Vec::with_capacity(FIELD_COUNT - 3);
    let mut names = [String::new(), String::new()];
    for (index, part) in parts.iter().enumerate() {
        let number = index + 2;
        if index < 2 {
            names[index] = (*part).to_string();
        } else {
            let value = part
                .parse::<i64>()
                .map_err(|_| ParseFibsBoardError::BadNumber {
                    field: number,
                    offset,
                    text: (*part).to_string(),
                })?;
            numbers.push(Field {
                number,
                offset,
                value,
            });
        }
        offset += part.chars().count() + 1;
    }
    // `numbers[k]` is field k + 4.
    let field = |number: usize| &numbers[number - 4];

    let colour = field(42).sign("1 or -1 (colour)")?;
    let direction = field(43).sign("1 or -1 (direction)")?;
    let mut slots = [[0u8; 25]; 2];
    for index in 0..=25usize {
        let board_field = field(7 + index);
        let value = board_field.value;
        if value == 0 {
            continue;
        }
        let count =
            u8::try_from(value.unsigned_abs()).map_err(|_| board_field.bad("a checker count"))?;
        let owner = if value.signum() == colour {
            Side::X
        } else {
            Side::O
        };
        // The "player" (X) moves towards index 0 when direction is -1.
        let x_point = if direction == -1 { index } else { 25 - index };
        let slot = match (owner, x_point) {
            (Side::X, 25) | (Side::O, 0) => BAR,
            (Side::X, 0) | (Side::O, 25) => {
                return Err(board_field.bad("no checkers of this player on the other's bar"))
            }
            (Side::X, point) => point - 1,
            (Side::O, point) => 24 - point,
        };
        slots[owner.index()][slot] = count;
    }
    let board = board_from_slots(slots, variant)
        .map_err(|problem: IllegalPosition| ParseFibsBoardError::Illegal(problem))?;

    let turn = field(33).sign("1 or -1 (turn)")?;
    let on_roll = if turn == colour { Side::X } else { Side::O };
    let dice = read_dice(&[field(34), field(35)])?.or(read_dice(&[field(36), field(37)])?);
    let cube_field = field(38);
    let cube_value = u32::try_from(cube_field.value)
        .ok()
        .filter(|value| value.is_power_of_two() && value.ilog2() <= u32::from(MAX_CUBE_LOG2))
        .ok_or_else(|| cube_field.bad("a cube value 1, 2, 4, ... 4096"))?;
    let x_may_double = field(39).value != 0;
    let o_may_double = field(40).value != 0;
    let cube_owner = match (x_may_double, o_may_double) {
        (true, false) => Some(Side::X),
        (false, true) => Some(Side::O),
        _ => None,
    };
    let was_doubled = field(41).value;
    let answerer = match (was_doubled, flavour) {
        (0, _) => None,
        (_, FibsFlavour::ExternalPlayer) => Some(on_roll.opponent()),
        (-1, FibsFlavour::ShowBoard) => Some(Side::X),
        (1, FibsFlavour::ShowBoard) => Some(Side::O),
        _ => return Err(field(41).bad("-1, 0 or 1 (was doubled)")),
    };

    let raw_length = field(4).value;
    let match_length = if raw_length == FIBS_MONEY_LENGTH {
        0
    } else {
        field(4).count()?
    };
    let first = match (flavour, answerer) {
        (FibsFlavour::ExternalPlayer, None) => Side::O,
        _ => Side::X,
    };
    let mut score = [0u32; 2];
    score[first.index()] = field(5).count()?;
    score[first.opponent().index()] = field(6).count()?;
    // gnubg writes the board of a finished match with the winner's score at the match
    // length, and reads the Match ID it shows there; a score above the length (after a gammon
    // or a doubled cube in the last game) it writes too, but refuses as a Match ID, and so
    // does tavli, here as there.
    if match_length > 0 {
        let [low, high] = if score[0] <= score[1] {
            score
        } else {
            [score[1], score[0]]
        };
        if high > match_length || low >= match_length {
            return Err(ParseFibsBoardError::ScoreNotBelowMatchLength {
                score: if high > match_length { high } else { low },
                match_length,
            });
        }
    }
    let match_over = match_length > 0 && score.iter().any(|&points| points >= match_length);
    // As gnubg's reader: the two flags only matter when a player is 1-away (in a 1-point
    // match both are, and gnubg writes its Crawford flag there too).
    let one_away = match_length > 0 && score.iter().any(|&points| points + 1 == match_length);
    let crawford = one_away && field(52).value == 0 && field(53).value == 0;
    let names = if first == Side::X {
        let [first_name, second_name] = names;
        [second_name, first_name]
    } else {
        names
    };
    Ok(FibsBoard {
        names,
        state: MatchState {
            board,
            variant,
            cube_value,
            cube_owner,
            on_roll,
            turn: answerer.unwrap_or(on_roll),
            crawford,
            game_state: if match_over {
                GameState::Over
            } else {
                GameState::Playing
            },
            double_offered: answerer.is_some(),
            resignation: None,
            dice,
            match_length,
            score,
            jacoby: match_length == 0,
        },
    })
}

fn read_dice(fields: &[&Field; 2]) -> Result<Option<Dice>, ParseFibsBoardError> {
    match (fields[0].value, fields[1].value) {
        (0, 0) => Ok(None),
        (first @ 1..=6, second @ 1..=6) => Ok(Dice::new(first as u8, second as u8).ok()),
        (1..=6, _) => Err(fields[1].bad("a die from 1 to 6")),
        _ => Err(fields[0].bad("a die from 1 to 6, or 0 with the other die 0")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Board;

    const OPENING: &str = "board:root:gnubg:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:3:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";

    #[test]
    fn opening_round_trip() {
        let fibs = decode(OPENING, Variant::Standard, FibsFlavour::ShowBoard).unwrap();
        assert_eq!(fibs.names, ["gnubg".to_string(), "root".to_string()]);
        assert_eq!(fibs.state.board, Board::start(Variant::Standard));
        assert_eq!(fibs.state.on_roll, Side::X);
        assert_eq!(fibs.state.dice, Some(Dice::new(3, 1).unwrap()));
        assert_eq!(
            encode(&fibs.state, ["gnubg", "root"], FibsFlavour::ShowBoard),
            OPENING
        );
    }

    #[test]
    fn hypergammon_counts_borne_off_checkers_of_its_own_few() {
        // gnubg's `show board` (rawboard) in 3-checker hypergammon, X with one checker off:
        // the borne-off fields count against 3, not 15.
        let line = "board:root:gnubg:0:0:0:0:1:1:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:-1:-1:-1:0:1:5:4:5:4:1:1:1:0:1:-1:0:25:1:0:0:0:0:0:0:1";
        let fibs = decode(line, Variant::Hypergammon3, FibsFlavour::ShowBoard).unwrap();
        assert_eq!(
            encode(&fibs.state, ["gnubg", "root"], FibsFlavour::ShowBoard),
            line
        );
    }

    #[test]
    fn names_with_colons() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        assert!(encode(&state, ["gnubg", "a:b"], FibsFlavour::ShowBoard)
            .starts_with("board:a_b:gnubg:"));
    }

    #[test]
    fn money_as_9999_and_other_directions() {
        let fibs_money = OPENING.replacen(":0:0:0:0:-2", ":9999:0:0:0:-2", 1);
        let fibs = decode(&fibs_money, Variant::Standard, FibsFlavour::ShowBoard).unwrap();
        assert_eq!(fibs.state.match_length, 0);
        // The same position seen by O: colour -1, direction 1, board reversed and negated.
        let fields: Vec<&str> = OPENING.split(':').collect();
        let mut mirrored: Vec<String> = fields.iter().map(|s| (*s).to_string()).collect();
        for index in 0..26 {
            let value: i64 = fields[6 + 25 - index].parse().unwrap();
            mirrored[6 + index] = (-value).to_string();
        }
        mirrored[32] = "-1".to_string(); // turn = colour: "you" (X) are on roll
        mirrored[41] = "-1".to_string(); // colour
        mirrored[42] = "1".to_string(); // direction
        let fibs = decode(
            &mirrored.join(":"),
            Variant::Standard,
            FibsFlavour::ShowBoard,
        )
        .unwrap();
        assert_eq!(fibs.state.board, Board::start(Variant::Standard));
        assert_eq!(fibs.state.on_roll, Side::X);
    }

    #[test]
    fn a_finished_match_is_read_with_its_game_over() {
        // gnubg's `show board` (rawboard) after X won a 1-point match by bearing off.
        let won = "board:root:gnubg:1:1:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:-2:0:-1:0:0:0:0:1:1:1:0:1:-1:0:25:15:13:0:0:0:0:1:1";
        let fibs = decode(won, Variant::Standard, FibsFlavour::ShowBoard).unwrap();
        assert_eq!(fibs.state.score, [0, 1]);
        assert_eq!(fibs.state.game_state, GameState::Over);
        assert!(!fibs.state.crawford);
        assert_eq!(
            encode(&fibs.state, ["gnubg", "root"], FibsFlavour::ShowBoard),
            won
        );
        let bad = |text: String| decode(&text, Variant::Standard, FibsFlavour::ShowBoard);
        assert_eq!(
            bad(won.replacen(":1:1:0:", ":1:2:0:", 1)),
            Err(ParseFibsBoardError::ScoreNotBelowMatchLength {
                score: 2,
                match_length: 1
            })
        );
        assert!(bad(won.replacen(":1:1:0:", ":1:1:1:", 1)).is_err());
    }

    #[test]
    fn errors() {
        let bad = |text: &str| decode(text, Variant::Standard, FibsFlavour::ShowBoard).unwrap_err();
        assert_eq!(bad("bored:x"), ParseFibsBoardError::MissingPrefix);
        assert_eq!(
            bad("board:a:b:1"),
            ParseFibsBoardError::WrongFieldCount { found: 4 }
        );
        assert!(matches!(
            bad(&OPENING.replacen(":-2:", ":x:", 1)),
            ParseFibsBoardError::BadNumber {
                field: 8,
                offset: 25,
                ..
            }
        ));
        assert!(matches!(
            bad(&OPENING.replacen(":-2:", ":-16:", 1)),
            ParseFibsBoardError::Illegal(_)
        ));
    }
}
