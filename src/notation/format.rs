//! Writes a play of any rule set: gnubg's notation (`24/18 13/11`, `13/7*/5`, `8/5(2)`,
//! `bar/22*`, `6/off`) where checkers hit, the marked notation of `variant_format` otherwise.
//!
//! gnubg's layout, checked against gnubg's hint lists: sort the steps by source then destination,
//! highest first; join a step to the first earlier entry that ends where it starts; keep a
//! joining point only where an opponent blot stood before the move (marked `*`); write equal
//! entries once with a count; mark a final point `*` only for the first entry reaching it.

use super::variant_format::{bear_off_label, contact_mark, marked_layout};
use crate::rules::{Board, Dice, Side, Step, BAR_POINT, OFF_POINT};
use crate::rules::{Contact, RuleSet};
use std::fmt::Write;

/// The notation of the play made of `steps` by `mover` with `dice` on `before` (the board
/// before the play) under `rules`: gnubg's where contact is a hit (gnubg's variations, Old
/// English, Portes), else the steps with the rules' contact mark (`13/10^`, `10/8x(3)`),
/// after the label of a bear-off action (`sum 3: 3/off`). An empty step list gives an empty
/// string.
///
/// ```
/// use tavli::notation::format_play;
/// use tavli::rules::RuleSet;
/// use tavli::rules::{Dice, Side, Step};
/// let rules = RuleSet::default();
/// let steps = [Step { from: 24, to: 18, hit: false }, Step { from: 18, to: 13, hit: false }];
/// let dice = Dice::new(6, 5).unwrap();
/// assert_eq!(format_play(rules, &rules.start(), Side::X, dice, &steps), "24/13");
/// ```
#[must_use]
pub fn format_play(
    rules: RuleSet,
    before: &Board,
    mover: Side,
    dice: Dice,
    steps: &[Step],
) -> String {
    let opponent = mover.opponent().index();
    layout(rules, dice, steps, |point| {
        (1..=24).contains(&point) && before.slots[opponent][usize::from(24 - point)] == 1
    })
}

/// The notation of a recorded play, [`format_play`]'s without the board: where opponent
/// blots stood before the play is read from the steps' hit marks (the first checker to land
/// on a blot hits it), so a record of steps alone is written as it was played.
///
/// ```
/// use tavli::notation::format_recorded_play;
/// use tavli::rules::RuleSet;
/// use tavli::rules::{Dice, Step};
/// let steps = [Step { from: 13, to: 7, hit: true }, Step { from: 7, to: 5, hit: false }];
/// let dice = Dice::new(6, 2).unwrap();
/// assert_eq!(format_recorded_play(RuleSet::default(), dice, &steps), "13/7*/5");
/// ```
#[must_use]
pub fn format_recorded_play(rules: RuleSet, dice: Dice, steps: &[Step]) -> String {
    layout(rules, dice, steps, |point| {
        (1..=24).contains(&point) && steps.iter().any(|step| step.to == point && step.hit)
    })
}

/// The notation of `steps` under `rules`, `blot_before` telling where an opponent blot stood
/// before the play.
fn layout(rules: RuleSet, dice: Dice, steps: &[Step], blot_before: impl Fn(u8) -> bool) -> String {
    let contact = rules.contact();
    if contact == Some(Contact::Hit) {
        return gnubg_layout(steps, blot_before);
    }
    let body = marked_layout(steps, contact.map(contact_mark));
    match rules.bear_off_action(dice, steps) {
        Some(action) => format!("{}: {body}", bear_off_label(action)),
        None => body,
    }
}

/// gnubg's notation of the play made of `steps`, `blot_before` telling where an opponent
/// blot stood before it.
fn gnubg_layout(steps: &[Step], blot_before: impl Fn(u8) -> bool) -> String {
    let mut sorted: Vec<Step> = steps.to_vec();
    sorted.sort_by(|a, b| b.from.cmp(&a.from).then(b.to.cmp(&a.to)));

    // Join chains: each entry is the list of points one checker passed through.
    let mut entries: Vec<Vec<u8>> = Vec::with_capacity(4);
    for step in &sorted {
        let joined = entries.iter_mut().find(|entry| {
            let last = *entry.last().expect("entries are never empty");
            last != OFF_POINT && last == step.from
        });
        match joined {
            Some(entry) => entry.push(step.to),
            None => entries.push(vec![step.from, step.to]),
        }
    }

    // Group identical entries, keeping the order of first appearance.
    let mut groups: Vec<(Vec<u8>, usize)> = Vec::with_capacity(entries.len());
    for entry in entries {
        match groups.iter_mut().find(|(points, _)| *points == entry) {
            Some((_, count)) => *count += 1,
            None => groups.push((entry, 1)),
        }
    }

    let mut starred = [false; 26];
    let mut text = String::new();
    for (points, count) in &groups {
        if !text.is_empty() {
            text.push(' ');
        }
        write_point(&mut text, points[0]);
        let last_index = points.len() - 1;
        for (index, &point) in points.iter().enumerate().skip(1) {
            let blot = blot_before(point);
            if index < last_index {
                if blot {
                    text.push('/');
                    write_point(&mut text, point);
                    text.push('*');
                    starred[usize::from(point)] = true;
                }
            } else {
                text.push('/');
                write_point(&mut text, point);
                if blot && !starred[usize::from(point)] {
                    text.push('*');
                    starred[usize::from(point)] = true;
                }
            }
        }
        if *count > 1 {
            let _ = write!(text, "({count})");
        }
    }
    text
}

fn write_point(text: &mut String, point: u8) {
    match point {
        BAR_POINT => text.push_str("bar"),
        OFF_POINT => text.push_str("off"),
        _ => {
            let _ = write!(text, "{point}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_sixty_three() {
        let rules = RuleSet::default();
        let board = rules.start();
        let dice = Dice::new(6, 3).unwrap();
        let plays = rules.legal_plays(&board, Side::X, dice);
        let mut notations: Vec<String> = plays
            .iter()
            .map(|play| format_play(rules, &board, Side::X, dice, play.steps()))
            .collect();
        notations.sort();
        let mut expected = vec![
            "24/15",
            "24/18 13/10",
            "24/21 13/7",
            "24/21 24/18",
            "13/10 13/7",
            "13/4",
            "24/18 6/3",
            "24/18 8/5",
            "13/7 6/3",
            "13/7 8/5",
            "24/21 8/2",
            "13/10 8/2",
            "8/2 6/3",
            "8/5 8/2",
        ];
        expected.sort();
        assert_eq!(notations, expected);
    }
}
