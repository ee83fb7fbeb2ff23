//! Writes a play of any variant (grammar/variant-moves.ebnf): gnubg's notation for the
//! standard family, Portes and Old English; `^` for a Plakoto pin, `x` for an Athroisma
//! capture, and Athroisma's bear-off actions as `sum 3: 3/off`, `double as sum 4: 4/off`,
//! `double option (2): 1/off`, `double option (3): 2/off(2)`.

use super::format::format_play;
use crate::rules::board::Board;
use crate::rules::dice::Dice;
use crate::rules::game::RuleSet;
use crate::rules::play::{Step, BAR_POINT, OFF_POINT};
use crate::rules::side::Side;
use crate::rules::variant::Variant;
use crate::rules::variants::athroisma::{bear_off_action, BearOffAction};
use std::fmt::Write;

/// The mark written after a point where a step made contact in `variant`: `*` for a hit,
/// `^` for a Plakoto pin, `x` for an Athroisma capture; `None` in Fevga (no contact).
#[must_use]
pub fn contact_mark(variant: Variant) -> Option<char> {
    RuleSet::new(variant).contact_mark()
}

/// The notation of the play made of `steps` by `mover` with `dice` on `before` in `variant`.
/// An empty step list gives an empty string.
#[must_use]
pub fn format_variant_play(
    variant: Variant,
    before: &Board,
    mover: Side,
    dice: Dice,
    steps: &[Step],
) -> String {
    match variant {
        Variant::Plakoto | Variant::Fevga => format_with_marks(steps, contact_mark(variant)),
        Variant::Athroisma => {
            let body = format_with_marks(steps, contact_mark(variant));
            match bear_off_action(dice, steps) {
                None => body,
                Some(BearOffAction::Sum(sum)) => format!("sum {sum}: {body}"),
                Some(BearOffAction::DoubleAsSum(sum)) => format!("double as sum {sum}: {body}"),
                Some(BearOffAction::DoubleFromAce) => format!("double option (2): {body}"),
                Some(BearOffAction::DoubleFromPoint(_)) => format!("double option (3): {body}"),
            }
        }
        _ => format_play(before, mover, steps),
    }
}

/// gnubg's layout (steps sorted from the back, a checker's steps joined, equal entries
/// counted) with contact taken from the steps themselves: an intermediate point is written
/// only where the step landing there made contact, and every contact point is marked.
fn format_with_marks(steps: &[Step], mark: Option<char>) -> String {
    let mut sorted: Vec<Step> = steps.to_vec();
    sorted.sort_by(|a, b| b.from.cmp(&a.from).then(b.to.cmp(&a.to)));

    // Each entry: the start and the (point, contact) landings of one checker.
    let mut entries: Vec<Entry> = Vec::with_capacity(sorted.len());
    for step in &sorted {
        let joined = entries.iter_mut().find(|(start, landings)| {
            let last = landings.last().map_or(*start, |&(point, _)| point);
            last != OFF_POINT && last == step.from
        });
        match joined {
            Some((_, landings)) => landings.push((step.to, step.hit)),
            None => entries.push((step.from, vec![(step.to, step.hit)])),
        }
    }
    let mut groups: Vec<(Entry, usize)> = Vec::with_capacity(entries.len());
    for entry in entries {
        match groups.iter_mut().find(|(existing, _)| *existing == entry) {
            Some((_, count)) => *count += 1,
            None => groups.push((entry, 1)),
        }
    }

    let mut text = String::new();
    for ((start, landings), count) in &groups {
        if !text.is_empty() {
            text.push(' ');
        }
        write_point(&mut text, *start);
        let last_index = landings.len() - 1;
        for (index, &(point, contact)) in landings.iter().enumerate() {
            let marked = contact && mark.is_some();
            if index < last_index && !marked {
                continue;
            }
            text.push('/');
            write_point(&mut text, point);
            if let (true, Some(symbol)) = (marked, mark) {
                text.push(symbol);
            }
        }
        if *count > 1 {
            let _ = write!(text, "({count})");
        }
    }
    text
}

/// One checker's path: where it starts and each (point, made contact) landing.
type Entry = (u8, Vec<(u8, bool)>);

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

    fn step(from: u8, to: u8, hit: bool) -> Step {
        Step { from, to, hit }
    }

    #[test]
    fn pins_and_captures_are_marked() {
        let board = Board::empty();
        let dice = Dice::new(3, 1).unwrap();
        let pin = [step(24, 23, false), step(13, 10, true)];
        assert_eq!(
            format_variant_play(Variant::Plakoto, &board, Side::X, dice, &pin),
            "24/23 13/10^"
        );
        let passing = [step(13, 10, true), step(10, 9, false)];
        assert_eq!(
            format_variant_play(Variant::Plakoto, &board, Side::X, dice, &passing),
            "13/10^/9"
        );
        let two_two = Dice::new(2, 2).unwrap();
        let capture = [
            step(20, 18, false),
            step(20, 18, false),
            step(20, 18, false),
            step(10, 8, true),
            step(10, 8, true),
            step(10, 8, true),
        ];
        assert_eq!(
            format_variant_play(Variant::Athroisma, &board, Side::X, two_two, &capture),
            "20/18(3) 10/8x(3)"
        );
        let option_three = [step(2, 0, false), step(2, 0, false)];
        assert_eq!(
            format_variant_play(Variant::Athroisma, &board, Side::X, two_two, &option_three),
            "double option (3): 2/off(2)"
        );
    }
}
