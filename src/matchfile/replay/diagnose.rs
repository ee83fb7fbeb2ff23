//! Explains why written moves are not a legal play: the first rule they break, in words.

use super::super::ast::MoveText;
use super::super::diagnostic::Span;
use super::roll::jumps;
use crate::rules::{Board, Dice, Play, Side, BAR};

/// Dice a jump of `distance` pips uses with `dice` (bearing off may use a larger die).
fn dice_for(distance: u8, to: u8, dice: Dice) -> Option<usize> {
    let (a, b) = (dice.first(), dice.second());
    if dice.is_double() {
        if distance.is_multiple_of(a) && distance / a <= 4 && distance > 0 {
            return Some(usize::from(distance / a));
        }
        if to == 0 && distance < a {
            return Some(1);
        }
        return None;
    }
    if distance == a || distance == b {
        return Some(1);
    }
    if distance == a + b {
        return Some(2);
    }
    if to == 0 && distance < dice.high() {
        return Some(1);
    }
    None
}

/// Why the written moves are not a legal play.
pub(super) fn explain(
    board: &Board,
    side: Side,
    dice: Dice,
    moves: &[(MoveText, Span)],
    legal: &[Play],
) -> String {
    let jumps = jumps(moves);
    let mover = side.index();
    let opponent = side.opponent().index();
    if legal.iter().all(|play| play.dice_used() == 0) {
        return "no move is possible with this roll, but moves are written".to_string();
    }
    for &(from, to) in &jumps {
        if from > 25 || to > 25 {
            return format!("point {} does not exist", from.max(to));
        }
        if to >= from || from == 0 || to == 25 {
            return format!("{} moves backwards", step_text(from, to));
        }
    }
    // Checker not there: departures from a point exceed its checkers plus arrivals.
    for point in 1..=25u8 {
        let departures = jumps.iter().filter(|(from, _)| *from == point).count();
        if departures == 0 {
            continue;
        }
        let arrivals = jumps.iter().filter(|(_, to)| *to == point).count();
        let present = usize::from(board.slots[mover][usize::from(point - 1)]);
        if departures > present + arrivals {
            return if point == 25 {
                "there is no checker of the mover on the bar".to_string()
            } else if present == 0 {
                format!("there is no checker of the mover on point {point}")
            } else {
                format!("{departures} checkers move from point {point}, which holds {present}")
            };
        }
    }
    for &(from, to) in &jumps {
        if (1..=24).contains(&to) {
            let held = board.slots[opponent][usize::from(24 - to)];
            if held >= 2 {
                return format!(
                    "{} lands on point {to}, which the opponent holds with {held} checkers (blocked)",
                    step_text(from, to)
                );
            }
        }
        if dice_for(from - to, to, dice).is_none() {
            return format!(
                "{} moves {} pips, which the roll {dice} cannot make",
                step_text(from, to),
                from - to
            );
        }
    }
    let bar = usize::from(board.bar(side));
    let entering = jumps.iter().filter(|(from, _)| *from == 25).count();
    if bar > entering && jumps.len() > entering {
        return format!("{bar} checker(s) on the bar must enter before any other checker moves");
    }
    if jumps.iter().any(|(_, to)| *to == 0) {
        let outside: u32 = board.slots[mover][6..=BAR]
            .iter()
            .map(|&count| u32::from(count))
            .sum();
        let brought_in = jumps
            .iter()
            .filter(|(from, to)| *from > 6 && *to <= 6)
            .count();
        if outside as usize > brought_in {
            return "a checker is borne off while others are outside the home board".to_string();
        }
    }
    let used: usize = jumps
        .iter()
        .filter_map(|&(from, to)| dice_for(from - to, to, dice))
        .sum();
    let most = legal.iter().map(Play::dice_used).max().unwrap_or(0);
    if most == 1 && used == 1 && !dice.is_double() {
        let small = jumps
            .iter()
            .all(|&(from, to)| from - to == dice.low() && to != 0);
        let large_only = legal.iter().all(|play| {
            play.steps()
                .iter()
                .all(|step| step.from - step.to != dice.low() || step.to == 0)
        });
        if small && large_only {
            return format!(
                "only one die can be played and it must be the larger ({}), not {}",
                dice.high(),
                dice.low()
            );
        }
    }
    if used < most {
        return format!("the play uses {used} of the dice, but a play using {most} is possible (dice not fully used)");
    }
    if used > most {
        return format!("the moves use {used} dice, but the roll allows {most}");
    }
    "the moves do not make a legal play for this roll and position".to_string()
}

fn step_text(from: u8, to: u8) -> String {
    let point = |p: u8| match p {
        25 => "bar".to_string(),
        0 => "off".to_string(),
        p => p.to_string(),
    };
    format!("{}/{}", point(from), point(to))
}

#[cfg(test)]
mod tests {
    use super::super::roll::match_written_play;
    use super::*;
    use crate::rules::{legal_plays, Variant};

    fn text(points: &[u8]) -> (MoveText, Span) {
        (
            MoveText {
                points: points.to_vec(),
                hits: vec![false; points.len()],
                count: 1,
            },
            Span::default(),
        )
    }

    fn why(moves: &[&[u8]], dice: (u8, u8)) -> String {
        let board = Board::start(Variant::Standard);
        let dice = Dice::new(dice.0, dice.1).unwrap();
        let legal = legal_plays(&board, Side::X, dice);
        let moves: Vec<_> = moves.iter().map(|m| text(m)).collect();
        match match_written_play(&board, Side::X, dice, &moves, &legal) {
            Ok(_) => "legal".to_string(),
            Err(reason) => reason,
        }
    }

    #[test]
    fn legal_forms_are_matched() {
        assert_eq!(why(&[&[8, 5], &[6, 5]], (3, 1)), "legal");
        assert_eq!(why(&[&[24, 14]], (6, 4)), "legal");
        assert_eq!(why(&[&[6, 5], &[8, 5]], (3, 1)), "legal");
    }

    #[test]
    fn points_beyond_the_board_are_rejected_not_panicking() {
        assert!(why(&[&[31, 26]], (5, 1)).contains("does not exist"));
        assert!(why(&[&[99, 0]], (6, 6)).contains("does not exist"));
    }

    #[test]
    fn larger_die_rule() {
        // X: one checker on 13, the rest borne off; O holds X's 2 point. 13/7 and 13/8 are
        // both open but neither can go on to 2, so only one die can be played: the 6.
        let mut slots = [[0u8; 25]; 2];
        slots[Side::X.index()][12] = 1;
        slots[Side::O.index()][22] = 2;
        slots[Side::O.index()][0] = 13;
        let board = Board::from_slots(slots, Variant::Standard).unwrap();
        let dice = Dice::new(6, 5).unwrap();
        let legal = legal_plays(&board, Side::X, dice);
        let small = [text(&[13, 8])];
        let reason = match_written_play(&board, Side::X, dice, &small, &legal).unwrap_err();
        assert!(reason.contains("must be the larger"), "{reason}");
        let large = [text(&[13, 7])];
        assert!(match_written_play(&board, Side::X, dice, &large, &legal).is_ok());
    }

    #[test]
    fn reasons() {
        assert!(why(&[&[8, 2], &[6, 5]], (3, 1)).contains("pips"));
        assert!(why(&[&[7, 4], &[6, 5]], (3, 1)).contains("no checker"));
        assert!(why(&[&[8, 5]], (3, 1)).contains("dice not fully used"));
        assert!(why(&[&[24, 19], &[13, 11]], (5, 2)).contains("blocked"));
        assert!(why(&[&[24, 16]], (5, 2)).contains("cannot make"));
    }
}
