//! Matches a move written in gnubg's syntax against the legal plays of a position
//! (legality, not syntax).

use super::error::ResolveMoveError;
use super::parser::MoveText;
use crate::rules::RuleSet;
use crate::rules::{Board, Dice, Play, Side, BAR, BAR_POINT, OFF_POINT};

/// Applies the written steps as direct jumps (each hits only a blot on its end point) and
/// returns the legal play with the same resulting position, as gnubg's `move` does.
/// Any order of the steps is accepted; `24/13` and `24/18 18/13` are the same play.
///
/// # Errors
/// [`ResolveMoveError`] when a step starts where there is no checker, lands on a blocked
/// point, or the result is not that of any legal play.
pub(super) fn resolve_jumps(
    rules: RuleSet,
    board: &Board,
    mover: Side,
    dice: Dice,
    text: &MoveText,
) -> Result<Play, ResolveMoveError> {
    let result = apply_written_steps(board, mover, &text.steps)?;
    rules
        .legal_plays(board, mover, dice)
        .into_iter()
        .find(|play| play.result == result)
        .ok_or(ResolveMoveError::Illegal)
}

/// The board after making the written jumps, without checking dice or rules beyond
/// "there is a checker to move" and "the landing point is not held by two or more".
///
/// # Errors
/// [`ResolveMoveError::NoChecker`] or [`ResolveMoveError::Blocked`].
pub fn apply_written_steps(
    board: &Board,
    mover: Side,
    steps: &[(u8, u8)],
) -> Result<Board, ResolveMoveError> {
    let mut board = *board;
    let hero = mover.index();
    let opponent = mover.opponent().index();
    for &(from, to) in steps {
        let source = if from == BAR_POINT {
            BAR
        } else {
            usize::from(from) - 1
        };
        if from == OFF_POINT || from > BAR_POINT || board.slots[hero][source] == 0 {
            return Err(ResolveMoveError::NoChecker { point: from });
        }
        if to == OFF_POINT {
            board.slots[hero][source] -= 1;
            board.off[hero] += 1;
            continue;
        }
        if to >= BAR_POINT {
            return Err(ResolveMoveError::Illegal);
        }
        let opposite = usize::from(24 - to);
        match board.slots[opponent][opposite] {
            0 => {}
            1 => {
                board.slots[opponent][opposite] = 0;
                board.slots[opponent][BAR] += 1;
            }
            _ => return Err(ResolveMoveError::Blocked { point: to }),
        }
        board.slots[hero][source] -= 1;
        board.slots[hero][usize::from(to) - 1] += 1;
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::format_play;
    use crate::notation::parser::parse_jumps;

    fn resolve(board: &Board, dice: (u8, u8), text: &str) -> Result<String, ResolveMoveError> {
        let dice = Dice::new(dice.0, dice.1).unwrap();
        let rules = RuleSet::default();
        let play = resolve_jumps(rules, board, Side::X, dice, &parse_jumps(text).unwrap())?;
        Ok(format_play(rules, board, Side::X, dice, play.steps()))
    }

    #[test]
    fn any_order_and_joined_or_split_steps() {
        let board = RuleSet::default().start();
        assert_eq!(resolve(&board, (3, 1), "8/5 6/5").unwrap(), "8/5 6/5");
        assert_eq!(resolve(&board, (3, 1), "6/5 8/5").unwrap(), "8/5 6/5");
        assert_eq!(resolve(&board, (6, 5), "24/13").unwrap(), "24/13");
        assert_eq!(resolve(&board, (6, 5), "24/18 18/13").unwrap(), "24/13");
        assert_eq!(resolve(&board, (6, 5), "24/18/13").unwrap(), "24/13");
    }

    #[test]
    fn illegal_moves_are_rejected() {
        let board = RuleSet::default().start();
        assert_eq!(
            resolve(&board, (3, 1), "8/3"),
            Err(ResolveMoveError::Illegal)
        );
        assert_eq!(
            resolve(&board, (6, 5), "24/18 18/12"),
            Err(ResolveMoveError::Blocked { point: 12 })
        );
        assert_eq!(
            resolve(&board, (3, 1), "7/4 5/4"),
            Err(ResolveMoveError::NoChecker { point: 7 })
        );
        assert_eq!(
            resolve(&board, (3, 1), "8/5"),
            Err(ResolveMoveError::Illegal)
        );
    }
}
