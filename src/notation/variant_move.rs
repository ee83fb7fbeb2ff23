//! Reading a written play of any variant (grammar/variant-moves.ebnf): the syntax (nom) into
//! a `VariantMoveText`, and its resolution against a position to one of the legal plays.

use super::error::{ParseMoveError, ParseMoveErrorKind, ResolveMoveError, Span};
use super::token::{bear_off_label, checker_path, Spelling};
use crate::rules::board::{Board, BAR};
use crate::rules::dice::Dice;
use crate::rules::play::{Play, BAR_POINT, OFF_POINT};
use crate::rules::side::Side;
use crate::rules::BearOffAction;
use crate::rules::{Contact, RuleSet};
use nom::character::complete::{char, space0, space1};
use nom::combinator::{map, opt};
use nom::multi::separated_list1;
use nom::sequence::{delimited, terminated, tuple};
use nom::IResult;

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

/// Reads a written play (grammar/variant-moves.ebnf). Surrounding blanks are ignored.
pub(super) fn parse_entries(text: &str) -> Result<VariantMoveText, ParseMoveError> {
    let trimmed = text.trim_end();
    let offset = match delimited(space0, variant_move, space0)(trimmed) {
        Ok(("", parsed)) => return Ok(parsed),
        Ok((rest, _)) => trimmed.len() - rest.len(),
        Err(nom::Err::Error(error) | nom::Err::Failure(error)) => trimmed.len() - error.input.len(),
        Err(nom::Err::Incomplete(_)) => trimmed.len(),
    };
    Err(ParseMoveError {
        kind: ParseMoveErrorKind::NotAMove,
        span: Span {
            start: offset,
            end: offset,
        },
    })
}

impl std::str::FromStr for VariantMoveText {
    type Err = ParseMoveError;

    /// The syntax alone, whatever the rules (`notation::parse_move` picks the grammar).
    fn from_str(text: &str) -> Result<VariantMoveText, ParseMoveError> {
        parse_entries(text)
    }
}

fn variant_move(input: &str) -> IResult<&str, VariantMoveText> {
    map(
        tuple((
            opt(terminated(
                |input| bear_off_label(input, Spelling::Variant),
                tuple((char(':'), space1)),
            )),
            separated_list1(space1, entry),
        )),
        |(action, entries)| VariantMoveText { action, entries },
    )(input)
}

fn entry(input: &str) -> IResult<&str, WrittenEntry> {
    map(
        |input| checker_path(input, Spelling::Variant),
        |path| WrittenEntry {
            start: path.points[0],
            landings: path.points[1..]
                .iter()
                .copied()
                .zip(path.marks[1..].iter().copied())
                .collect(),
            repeat: path.repeat,
        },
    )(input)
}

/// Resolves a written play of `mover` with `dice` on `board` to the legal play reaching the
/// same position (the play is identified by its final position, as gnubg does).
pub(super) fn resolve_entries(
    rules: RuleSet,
    board: &Board,
    mover: Side,
    dice: Dice,
    text: &VariantMoveText,
) -> Result<Play, ResolveMoveError> {
    let after = apply_written(rules, board, mover, text)?;
    let play = rules
        .legal_plays(board, mover, dice)
        .into_iter()
        .find(|play| play.result == after)
        .ok_or(ResolveMoveError::Illegal)?;
    if let Some(label) = text.action {
        let matches = match (label, rules.bear_off_action(dice, play.steps())) {
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
            return Err(ResolveMoveError::WrongAction);
        }
    }
    Ok(play)
}

/// The board after moving the written checkers, with the rules' contact: a hit, a pin
/// (released when the point is left), nothing where a single checker holds a point, and a
/// capture of every opposing checker under the mover's at the end.
fn apply_written(
    rules: RuleSet,
    board: &Board,
    mover: Side,
    text: &VariantMoveText,
) -> Result<Board, ResolveMoveError> {
    let variant = rules.variant();
    let contact = rules.contact();
    let (me, them) = (mover.index(), mover.opponent().index());
    let mut after = *board;
    for entry in &text.entries {
        for _ in 0..entry.repeat {
            let mut from = entry.start;
            for &(to, _) in &entry.landings {
                if from == OFF_POINT || (to != OFF_POINT && to >= from) || from > BAR_POINT {
                    return Err(ResolveMoveError::NoChecker { point: from });
                }
                let from_index = if from == BAR_POINT {
                    BAR
                } else {
                    usize::from(from) - 1
                };
                if after.slots[me][from_index] == 0 {
                    return Err(ResolveMoveError::NoChecker { point: from });
                }
                after.slots[me][from_index] -= 1;
                if contact == Some(Contact::Pin)
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
                    match contact {
                        Some(Contact::Pin) => {
                            if lone && !after.is_pinned(mover.opponent(), there as u8 + 1) {
                                after.set_pinned(mover.opponent(), there as u8 + 1, true);
                            }
                        }
                        None | Some(Contact::Capture) => {}
                        Some(Contact::Hit) => {
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
    if contact == Some(Contact::Capture) {
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
    use crate::rules::Variant;

    #[test]
    fn reads_labels_marks_and_repeats() {
        let parsed = parse_entries("double option (3): 2/off(2)").unwrap();
        assert_eq!(parsed.action, Some(ActionLabel::DoubleOptionThree));
        assert_eq!(parsed.entries[0].repeat, 2);
        assert_eq!(parsed.entries[0].landings, vec![(0, false)]);
        let parsed = parse_entries(" 13/10^/9 24/23 ").unwrap();
        assert_eq!(parsed.entries[0].landings, vec![(10, true), (9, false)]);
        let error = parse_entries("13/10 x").unwrap_err();
        assert_eq!(error.kind, ParseMoveErrorKind::NotAMove);
        assert_eq!(error.span.start, 6);
        assert!(parse_entries("sum: 3/off").is_err());
    }

    #[test]
    fn resolves_against_the_position() {
        let plakoto = RuleSet::new(Variant::Plakoto);
        let board = Board::start(Variant::Plakoto);
        let dice = Dice::new(6, 5).unwrap();
        let text = parse_entries("24/18 24/19").unwrap();
        let play = resolve_entries(plakoto, &board, Side::X, dice, &text).unwrap();
        assert_eq!(play.result.on_point(Side::X, 24), 13);
        let wrong = parse_entries("24/18 18/12").unwrap();
        assert_eq!(
            resolve_entries(plakoto, &board, Side::X, dice, &wrong),
            Err(ResolveMoveError::Illegal)
        );
        let nothing = parse_entries("13/8").unwrap();
        assert_eq!(
            resolve_entries(plakoto, &board, Side::X, dice, &nothing),
            Err(ResolveMoveError::NoChecker { point: 13 })
        );
    }
}
