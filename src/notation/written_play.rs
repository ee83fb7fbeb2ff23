//! Finds the legal play that a recorded play's jumps describe (match files write jumps in any
//! order, with hits unmarked or half-moves left out) and sets up jumps that are no legal play.

use super::resolve::apply_written_steps;
use crate::rules::movegen::is_legal_step;
use crate::rules::{Board, Dice, Play, Side, Step};

/// Makes one jump `from -> to` of `mover` on `board`, hitting a blot on `to`, and says whether
/// it hit. `None` if the jump moves backwards or off the board, there is no checker on `from`
/// or `to` is blocked.
fn make_jump(board: &mut Board, mover: Side, from: u8, to: u8) -> Option<bool> {
    if !(1..=25).contains(&from) || to >= from {
        return None;
    }
    let after = apply_written_steps(board, mover, &[(from, to)]).ok()?;
    let hit = after.bar(mover.opponent()) > board.bar(mover.opponent());
    *board = after;
    Some(hit)
}

/// Makes all `jumps` of `mover` directly (no dice, no rules beyond "a checker is there" and
/// "the landing point is not blocked"), in the written order or else in the first order that
/// works. Returns the board and the steps in the order made; `None` for more than eight
/// jumps or when no order works.
#[must_use]
pub fn apply_jumps_in_any_order(
    board: &Board,
    mover: Side,
    jumps: &[(u8, u8)],
) -> Option<(Board, Vec<Step>)> {
    if jumps.len() > 8 {
        return None;
    }
    let mut order: Vec<usize> = (0..jumps.len()).collect();
    let try_order = |order: &[usize]| -> Option<(Board, Vec<Step>)> {
        let mut result = *board;
        let mut steps = Vec::with_capacity(order.len());
        for &index in order {
            let (from, to) = jumps[index];
            let hit = make_jump(&mut result, mover, from, to)?;
            steps.push(Step { from, to, hit });
        }
        Some((result, steps))
    };
    if let Some(found) = try_order(&order) {
        return Some(found);
    }
    // Other orders (a bar entry written last, a checker moved on before it arrived).
    while next_permutation(&mut order) {
        if let Some(found) = try_order(&order) {
            return Some(found);
        }
    }
    None
}

/// The next lexicographic permutation of `order`; `false` after the last one.
fn next_permutation(order: &mut [usize]) -> bool {
    let Some(pivot) = (1..order.len()).rev().find(|&i| order[i - 1] < order[i]) else {
        return false;
    };
    let Some(swap) = (pivot..order.len())
        .rev()
        .find(|&j| order[j] > order[pivot - 1])
    else {
        return false;
    };
    order.swap(pivot - 1, swap);
    order[pivot..].reverse();
    true
}

/// A standard-game play that uses the whole roll in single-die jumps, each legal in turn (in
/// the written order, else the two jumps of a non-double swapped): such a play is always a
/// legal play, so no list of legal plays is needed. Returns the board and the steps in the
/// written order, hits marked where they happened.
#[must_use]
pub fn full_roll_play(
    board: &Board,
    mover: Side,
    dice: Dice,
    jumps: &[(u8, u8)],
) -> Option<(Board, Vec<Step>)> {
    let count = jumps.len();
    let wanted = if dice.is_double() { 4 } else { 2 };
    if count != wanted {
        return None;
    }
    let die_orders: [[u8; 4]; 2] = if dice.is_double() {
        [[dice.first(); 4], [dice.first(); 4]]
    } else {
        [
            [dice.high(), dice.low(), 0, 0],
            [dice.low(), dice.high(), 0, 0],
        ]
    };
    // Written order first (so hit marks stay on the written half-moves), then swapped.
    let orders: [[usize; 4]; 2] = [[0, 1, 2, 3], [1, 0, 2, 3]];
    let order_count = if count == 2 { 2 } else { 1 };
    let dice_count = if dice.is_double() { 1 } else { 2 };
    for order in &orders[..order_count] {
        for dice_order in &die_orders[..dice_count] {
            let mut result = *board;
            let mut steps = [Step::default(); 4];
            let mut ok = true;
            for (&index, &die) in order[..count].iter().zip(dice_order) {
                let (from, to) = jumps[index];
                if !is_legal_step(&result, mover, from, to, die) {
                    ok = false;
                    break;
                }
                match make_jump(&mut result, mover, from, to) {
                    Some(hit) => steps[index] = Step { from, to, hit },
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                return Some((result, steps[..count].to_vec()));
            }
        }
    }
    None
}

/// The legal play the written `jumps` make: the one reaching the same position, or, when a
/// hit on an intermediate point was not written, the one moving the same checkers. The
/// steps are the written ones when they are as many as the play's, else the play's own.
#[must_use]
pub fn find_written_play(
    board: &Board,
    mover: Side,
    jumps: &[(u8, u8)],
    legal: &[Play],
) -> Option<(Play, Vec<Step>)> {
    let (result, steps) = apply_jumps_in_any_order(board, mover, jumps)?;
    if let Some(play) = legal.iter().find(|play| play.result == result) {
        let steps = if steps.len() == play.dice_used() {
            steps
        } else {
            play.steps().to_vec()
        };
        return Some((*play, steps));
    }
    let hero = mover.index();
    legal
        .iter()
        .find(|play| {
            play.result.slots[hero] == result.slots[hero]
                && play.result.off[hero] == result.off[hero]
        })
        .map(|play| (*play, play.steps().to_vec()))
}

/// The only legal play whose steps include every written jump and more (a play with
/// half-moves left out), if exactly one resulting position has such a play.
#[must_use]
pub fn complete_partial_play(jumps: &[(u8, u8)], legal: &[Play]) -> Option<Play> {
    if jumps.is_empty() {
        return None;
    }
    let mut found: Option<&Play> = None;
    for play in legal {
        let mut remaining: Vec<(u8, u8)> = play.steps().iter().map(|s| (s.from, s.to)).collect();
        let contains =
            jumps.iter().all(
                |jump| match remaining.iter().position(|step| step == jump) {
                    Some(position) => {
                        remaining.swap_remove(position);
                        true
                    }
                    None => false,
                },
            );
        if contains && remaining.len() + jumps.len() == play.dice_used() && !remaining.is_empty() {
            if found.is_some_and(|other| other.result != play.result) {
                return None;
            }
            found = Some(play);
        }
    }
    found.copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{legal_plays, Variant};

    fn dice(first: u8, second: u8) -> Dice {
        Dice::new(first, second).unwrap()
    }

    fn pairs(steps: &[Step]) -> Vec<(u8, u8)> {
        steps.iter().map(|step| (step.from, step.to)).collect()
    }

    /// X: one checker on 13, fourteen borne off; O: all fifteen on X's 24 point.
    fn last_checker_on_13() -> Board {
        let mut slots = [[0u8; 25]; 2];
        slots[Side::X.index()][12] = 1;
        slots[Side::O.index()][0] = 15;
        Board::from_slots(slots, Variant::Standard).unwrap()
    }

    #[test]
    fn jumps_are_made_in_the_first_order_that_works() {
        let board = Board::start(Variant::Standard);
        // 5/4 needs the checker that 6/5 brings.
        let (_, steps) = apply_jumps_in_any_order(&board, Side::X, &[(5, 4), (6, 5)]).unwrap();
        assert_eq!(pairs(&steps), [(6, 5), (5, 4)]);
        assert!(apply_jumps_in_any_order(&board, Side::X, &[(7, 4)]).is_none());
        assert!(apply_jumps_in_any_order(&board, Side::X, &[(6, 9)]).is_none());
        assert!(apply_jumps_in_any_order(&board, Side::X, &[(13, 11)]).is_some());
        assert!(apply_jumps_in_any_order(&board, Side::X, &[(13, 1)]).is_none());
    }

    #[test]
    fn a_full_roll_keeps_the_written_order() {
        let board = Board::start(Variant::Standard);
        let (after, steps) =
            full_roll_play(&board, Side::X, dice(3, 1), &[(6, 5), (8, 5)]).unwrap();
        assert_eq!(pairs(&steps), [(6, 5), (8, 5)]);
        assert!(legal_plays(&board, Side::X, dice(3, 1))
            .iter()
            .any(|play| play.result == after));
        // 5/3 is only possible after 6/5: checked swapped, reported as written.
        let (_, steps) = full_roll_play(&board, Side::X, dice(2, 1), &[(5, 3), (6, 5)]).unwrap();
        assert_eq!(pairs(&steps), [(5, 3), (6, 5)]);
        assert!(full_roll_play(&board, Side::X, dice(1, 1), &[(6, 5)]).is_none());
        assert!(full_roll_play(&board, Side::X, dice(3, 1), &[(8, 2), (6, 5)]).is_none());
    }

    #[test]
    fn written_plays_are_found_among_the_legal_plays() {
        let board = Board::start(Variant::Standard);
        let legal = legal_plays(&board, Side::X, dice(6, 4));
        let (play, steps) = find_written_play(&board, Side::X, &[(24, 14)], &legal).unwrap();
        assert_eq!(steps.len(), 2, "one jump of two dice: the play's own steps");
        assert_eq!(play.dice_used(), 2);
        assert!(find_written_play(&board, Side::X, &[(24, 16)], &legal).is_none());
    }

    #[test]
    fn a_play_with_a_half_move_left_out_is_completed_when_unique() {
        let board = Board::start(Variant::Standard);
        let legal = legal_plays(&board, Side::X, dice(6, 5));
        // 24/18 and then any of several fives: no one completion.
        assert!(complete_partial_play(&[(24, 18)], &legal).is_none());
        assert!(complete_partial_play(&[], &legal).is_none());
        let board = last_checker_on_13();
        let legal = legal_plays(&board, Side::X, dice(6, 5));
        let play = complete_partial_play(&[(13, 7)], &legal).unwrap();
        assert_eq!(play.result.on_point(Side::X, 2), 1);
        // The whole play written is not a partial one.
        assert!(complete_partial_play(&[(13, 7), (7, 2)], &legal).is_none());
    }
}
