//! Reading a written play of any variant (grammar/variant-moves.ebnf): the syntax (nom) into
//! a `VariantMoveText`, and its resolution against a position to one of the legal plays.

use crate::rules::board::{Board, BAR};
use crate::rules::dice::Dice;
use crate::rules::play::{Play, BAR_POINT, OFF_POINT};
use crate::rules::side::Side;
use crate::rules::variant::Variant;
use crate::rules::variants::athroisma::{bear_off_action, BearOffAction};
use crate::rules::variants::legal_plays_in;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, digit1, one_of, space0, space1};
use nom::combinator::{map, map_res, opt, value};
use nom::multi::{many1, separated_list1};
use nom::sequence::{delimited, preceded, terminated, tuple};
use nom::IResult;
use std::fmt;

/// The label of an Athroisma bear-off action, as written before the colon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionLabel {
    /// `sum S`.
    Sum(u8),
    /// `double as sum S`.
    DoubleAsSum(u8),
    /// `double option (2)`.
    DoubleOptionTwo,
    /// `double option (3)`.
    DoubleOptionThree,
}

/// One written entry: a checker's start, its landings and how many checkers move so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenEntry {
    /// 1..=24, or 25 for the bar.
    pub start: u8,
    /// Each landing: the point (0 = off) and whether it carries a contact mark.
    pub landings: Vec<(u8, bool)>,
    /// How many checkers make this move (the `(n)` suffix; 1 without it).
    pub repeat: u8,
}

/// A written play, syntax only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantMoveText {
    /// The Athroisma bear-off action label, if written.
    pub action: Option<ActionLabel>,
    /// The entries in the order written.
    pub entries: Vec<WrittenEntry>,
}

/// Why a text is not a written play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVariantMoveError {
    /// Byte offset where reading stopped.
    pub offset: usize,
}

impl fmt::Display for ParseVariantMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not a move at byte {}: write moves as `24/18 13/11`, `13/10^`, `10/8x(3)` or \
             `sum 3: 3/off`",
            self.offset
        )
    }
}

impl std::error::Error for ParseVariantMoveError {}

/// Why a written play is not a legal play in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveVariantMoveError {
    /// An entry moves a checker the mover does not have there, or moves backwards.
    NoChecker {
        /// The point (25 = bar) in the mover's numbering.
        point: u8,
    },
    /// The move reaches a position no legal play reaches.
    Illegal,
    /// The bear-off label does not describe the play.
    WrongAction,
}

impl fmt::Display for ResolveVariantMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveVariantMoveError::NoChecker { point: 25 } => {
                write!(f, "illegal move: no checker on the bar to move")
            }
            ResolveVariantMoveError::NoChecker { point } => {
                write!(
                    f,
                    "illegal move: no checker on point {point} to move from there"
                )
            }
            ResolveVariantMoveError::Illegal => write!(f, "illegal move"),
            ResolveVariantMoveError::WrongAction => {
                write!(
                    f,
                    "illegal move: the label does not name this bear-off action"
                )
            }
        }
    }
}

impl std::error::Error for ResolveVariantMoveError {}

/// Reads a written play (grammar/variant-moves.ebnf). Surrounding blanks are ignored.
pub fn parse_variant_move(text: &str) -> Result<VariantMoveText, ParseVariantMoveError> {
    let trimmed = text.trim_end();
    match delimited(space0, variant_move, space0)(trimmed) {
        Ok(("", parsed)) => Ok(parsed),
        Ok((rest, _)) => Err(ParseVariantMoveError {
            offset: trimmed.len() - rest.len(),
        }),
        Err(nom::Err::Error(error) | nom::Err::Failure(error)) => Err(ParseVariantMoveError {
            offset: trimmed.len() - error.input.len(),
        }),
        Err(nom::Err::Incomplete(_)) => Err(ParseVariantMoveError {
            offset: trimmed.len(),
        }),
    }
}

fn variant_move(input: &str) -> IResult<&str, VariantMoveText> {
    map(
        tuple((
            opt(terminated(action, tuple((char(':'), space1)))),
            separated_list1(space1, entry),
        )),
        |(action, entries)| VariantMoveText { action, entries },
    )(input)
}

fn action(input: &str) -> IResult<&str, ActionLabel> {
    alt((
        map(
            preceded(tuple((tag("sum"), space1)), number),
            ActionLabel::Sum,
        ),
        map(
            preceded(tuple((tag("double as sum"), space1)), number),
            ActionLabel::DoubleAsSum,
        ),
        value(ActionLabel::DoubleOptionTwo, tag("double option (2)")),
        value(ActionLabel::DoubleOptionThree, tag("double option (3)")),
    ))(input)
}

fn entry(input: &str) -> IResult<&str, WrittenEntry> {
    map(
        tuple((
            alt((value(BAR_POINT, tag("bar")), number)),
            many1(preceded(
                char('/'),
                tuple((
                    alt((value(OFF_POINT, tag("off")), number)),
                    map(opt(one_of("*^x")), |mark| mark.is_some()),
                )),
            )),
            opt(delimited(char('('), number, char(')'))),
        )),
        |(start, landings, repeat)| WrittenEntry {
            start,
            landings,
            repeat: repeat.unwrap_or(1),
        },
    )(input)
}

fn number(input: &str) -> IResult<&str, u8> {
    map_res(digit1, str::parse::<u8>)(input)
}

/// Resolves a written play of `mover` with `dice` on `board` to the legal play reaching the
/// same position (the play is identified by its final position, as gnubg does).
pub fn resolve_variant_move(
    variant: Variant,
    board: &Board,
    mover: Side,
    dice: Dice,
    text: &VariantMoveText,
) -> Result<Play, ResolveVariantMoveError> {
    let after = apply_written(variant, board, mover, text)?;
    let play = legal_plays_in(variant, board, mover, dice)
        .into_iter()
        .find(|play| play.result == after)
        .ok_or(ResolveVariantMoveError::Illegal)?;
    if let Some(label) = text.action {
        let matches = match (label, bear_off_action(dice, play.steps())) {
            (ActionLabel::Sum(sum), Some(BearOffAction::Sum(point))) => sum == point,
            (ActionLabel::DoubleAsSum(sum), Some(BearOffAction::DoubleAsSum(point))) => {
                sum == point
            }
            (ActionLabel::DoubleOptionTwo, Some(BearOffAction::DoubleFromAce)) => true,
            (ActionLabel::DoubleOptionThree, Some(BearOffAction::DoubleFromPoint(_))) => true,
            // With 1-1 and a single checker on the 1-point, options (2) and (3) coincide.
            (ActionLabel::DoubleOptionThree, Some(BearOffAction::DoubleFromAce)) => {
                dice.first() == 1
            }
            _ => false,
        };
        if !matches {
            return Err(ResolveVariantMoveError::WrongAction);
        }
    }
    Ok(play)
}

/// The board after moving the written checkers, with the variant's contact: a hit in the
/// standard family, a pin in Plakoto (released when the point is left), nothing in Fevga,
/// and in Athroisma every opposing checker under the mover's at the end is captured.
fn apply_written(
    variant: Variant,
    board: &Board,
    mover: Side,
    text: &VariantMoveText,
) -> Result<Board, ResolveVariantMoveError> {
    let (me, them) = (mover.index(), mover.opponent().index());
    let mut after = *board;
    for entry in &text.entries {
        for _ in 0..entry.repeat {
            let mut from = entry.start;
            for &(to, _) in &entry.landings {
                if from == OFF_POINT || (to != OFF_POINT && to >= from) || from > BAR_POINT {
                    return Err(ResolveVariantMoveError::NoChecker { point: from });
                }
                let from_index = if from == BAR_POINT {
                    BAR
                } else {
                    usize::from(from) - 1
                };
                if after.slots[me][from_index] == 0 {
                    return Err(ResolveVariantMoveError::NoChecker { point: from });
                }
                after.slots[me][from_index] -= 1;
                if variant == Variant::Plakoto
                    && from_index < 24
                    && after.slots[me][from_index] == 0
                {
                    let there = variant.opposite_index(from_index) as u8 + 1;
                    after.set_pinned(mover.opponent(), there, false);
                }
                if to == OFF_POINT {
                    after.off[me] += 1;
                } else {
                    let index = usize::from(to) - 1;
                    let there = variant.opposite_index(index);
                    after.slots[me][index] += 1;
                    let lone = after.slots[them][there] == 1;
                    match variant {
                        Variant::Plakoto => {
                            if lone && !after.is_pinned(mover.opponent(), there as u8 + 1) {
                                after.set_pinned(mover.opponent(), there as u8 + 1, true);
                            }
                        }
                        Variant::Fevga | Variant::Athroisma => {}
                        _ => {
                            if lone {
                                after.slots[them][there] = 0;
                                after.slots[them][BAR] += 1;
                            }
                        }
                    }
                }
                from = to;
            }
        }
    }
    if variant == Variant::Athroisma {
        for index in 0..24 {
            let there = variant.opposite_index(index);
            if after.slots[me][index] > 0 && after.slots[them][there] > 0 {
                after.slots[them][BAR] += after.slots[them][there];
                after.slots[them][there] = 0;
            }
        }
    }
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_labels_marks_and_repeats() {
        let parsed = parse_variant_move("double option (3): 2/off(2)").unwrap();
        assert_eq!(parsed.action, Some(ActionLabel::DoubleOptionThree));
        assert_eq!(parsed.entries[0].repeat, 2);
        assert_eq!(parsed.entries[0].landings, vec![(0, false)]);
        let parsed = parse_variant_move(" 13/10^/9 24/23 ").unwrap();
        assert_eq!(parsed.entries[0].landings, vec![(10, true), (9, false)]);
        assert_eq!(
            parse_variant_move("13/10 x"),
            Err(ParseVariantMoveError { offset: 6 })
        );
        assert!(parse_variant_move("sum: 3/off").is_err());
    }

    #[test]
    fn resolves_against_the_position() {
        let board = Board::start(Variant::Plakoto);
        let dice = Dice::new(6, 5).unwrap();
        let text = parse_variant_move("24/18 24/19").unwrap();
        let play = resolve_variant_move(Variant::Plakoto, &board, Side::X, dice, &text).unwrap();
        assert_eq!(play.result.on_point(Side::X, 24), 13);
        let wrong = parse_variant_move("24/18 18/12").unwrap();
        assert_eq!(
            resolve_variant_move(Variant::Plakoto, &board, Side::X, dice, &wrong),
            Err(ResolveVariantMoveError::Illegal)
        );
        let nothing = parse_variant_move("13/8").unwrap();
        assert_eq!(
            resolve_variant_move(Variant::Plakoto, &board, Side::X, dice, &nothing),
            Err(ResolveVariantMoveError::NoChecker { point: 13 })
        );
    }
}
