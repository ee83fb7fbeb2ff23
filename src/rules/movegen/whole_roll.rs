//! A quick legality test for a play that uses the whole roll in single-die steps, each legal
//! in turn: such a play is always a legal play, so no list of legal plays is needed.

use crate::rules::board::{Board, BAR};
use crate::rules::dice::Dice;
use crate::rules::play::Step;
use crate::rules::side::Side;

/// Whether `mover` may move one checker `from -> to` with a die of `die` on `board` by the
/// standard rules (bar first; bearing off with the exact die, or a larger one from the
/// highest point). Whether a checker stands on `from` is not asked.
#[must_use]
pub fn is_legal_step(board: &Board, mover: Side, from: u8, to: u8, die: u8) -> bool {
    if from > 25 || to > 24 || to >= from {
        return false;
    }
    let hero = mover.index();
    if board.slots[hero][BAR] > 0 && from != 25 {
        return false;
    }
    if to > 0 {
        return from.checked_sub(die) == Some(to)
            && board.slots[mover.opponent().index()][usize::from(24 - to)] < 2;
    }
    let outside = board.slots[hero][6..=BAR].iter().any(|&count| count > 0);
    if outside || from > 6 {
        return false;
    }
    from == die
        || (from < die
            && board.slots[hero][usize::from(from)..6]
                .iter()
                .all(|&count| count == 0))
}

/// Moves a checker of `mover` `from -> to` on `board` (a step [`is_legal_step`] allows),
/// hitting a blot on `to`; `false`, with `board` unchanged, when no checker is on `from`.
fn make_step(board: &mut Board, mover: Side, from: u8, to: u8) -> bool {
    let (hero, opponent) = (mover.index(), mover.opponent().index());
    let source = usize::from(from) - 1;
    if board.slots[hero][source] == 0 {
        return false;
    }
    board.slots[hero][source] -= 1;
    if to == 0 {
        board.off[hero] += 1;
        return true;
    }
    let opposite = usize::from(24 - to);
    if board.slots[opponent][opposite] == 1 {
        board.slots[opponent][opposite] = 0;
        board.slots[opponent][BAR] += 1;
    }
    board.slots[hero][usize::from(to) - 1] += 1;
    true
}

/// Whether `steps` play the whole of `dice` by the standard rules, one die a step in the
/// order given (a non-double's dice either way round), each legal on the board the earlier
/// ones leave, and reach `result`. `false` says nothing: the play may still be legal.
#[must_use]
pub fn plays_whole_roll(
    board: &Board,
    mover: Side,
    dice: Dice,
    steps: &[Step],
    result: &Board,
) -> bool {
    let die_orders: &[[u8; 4]] = if dice.is_double() {
        &[[dice.first(); 4]]
    } else {
        &[
            [dice.high(), dice.low(), 0, 0],
            [dice.low(), dice.high(), 0, 0],
        ]
    };
    if steps.len() != if dice.is_double() { 4 } else { 2 } {
        return false;
    }
    die_orders.iter().any(|order| {
        let mut after = *board;
        steps.iter().zip(order).all(|(step, &die)| {
            is_legal_step(&after, mover, step.from, step.to, die)
                && make_step(&mut after, mover, step.from, step.to)
        }) && after == *result
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movegen::legal_plays;
    use crate::rules::variant::Variant;

    #[test]
    fn every_whole_roll_play_from_the_start_is_recognised() {
        let board = Board::start(Variant::Standard);
        for (first, second) in [(3, 1), (6, 5), (2, 2), (6, 6), (4, 2)] {
            let dice = Dice::new(first, second).unwrap_or_else(|_| unreachable!());
            for play in legal_plays(&board, Side::X, dice) {
                assert!(
                    plays_whole_roll(&board, Side::X, dice, play.steps(), &play.result),
                    "{dice}: {:?}",
                    play.steps()
                );
            }
        }
    }

    #[test]
    fn steps_that_break_a_rule_are_not_recognised() {
        let board = Board::start(Variant::Standard);
        let dice = Dice::new(3, 1).unwrap_or_else(|_| unreachable!());
        let step = |from, to| Step {
            from,
            to,
            hit: false,
        };
        // 8/5 and 7/6: no checker on 7.
        let steps = [step(8, 5), step(7, 6)];
        assert!(!plays_whole_roll(&board, Side::X, dice, &steps, &board));
        // 24/21 and 6/5 reach another board than the one claimed.
        let steps = [step(24, 21), step(6, 5)];
        assert!(!plays_whole_roll(&board, Side::X, dice, &steps, &board));
        // Bearing off with checkers outside.
        assert!(!is_legal_step(&board, Side::X, 3, 0, 3));
        assert!(!is_legal_step(&board, Side::X, 6, 9, 3));
    }
}
