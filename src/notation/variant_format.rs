//! The marked notation of the variants whose contact is no hit (grammar/variant-moves.ebnf):
//! `^` for a Plakoto pin, `x` for an Athroisma capture, no mark in Fevga, and Athroisma's
//! bear-off actions as `sum 3: 3/off`, `double as sum 4: 4/off`, `double option (2): 1/off`,
//! `double option (3): 2/off(2)`. `format::format_play` chooses it.

use crate::rules::play::{Step, BAR_POINT, OFF_POINT};
use crate::rules::BearOffAction;
use crate::rules::Contact;
use std::fmt::Write;

/// The mark written after a point where a step made contact: `*` for a hit, `^` for a pin,
/// `x` for a capture.
#[must_use]
pub fn contact_mark(contact: Contact) -> char {
    match contact {
        Contact::Hit => '*',
        Contact::Pin => '^',
        Contact::Capture => 'x',
    }
}

/// The label written before an Athroisma bear-off action: `sum 3`, `double as sum 4`,
/// `double option (2)`, `double option (3)`.
#[must_use]
pub fn bear_off_label(action: BearOffAction) -> String {
    match action {
        BearOffAction::Sum(sum) => format!("sum {sum}"),
        BearOffAction::DoubleAsSum(sum) => format!("double as sum {sum}"),
        BearOffAction::DoubleFromAce => "double option (2)".to_string(),
        BearOffAction::DoubleFromPoint(_) => "double option (3)".to_string(),
    }
}

/// gnubg's layout (steps sorted from the back, a checker's steps joined, equal entries
/// counted) with contact taken from the steps themselves: an intermediate point is written
/// only where the step landing there made contact, and every contact point is marked.
pub(super) fn marked_layout(steps: &[Step], mark: Option<char>) -> String {
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
    use crate::notation::format_play;
    use crate::rules::RuleSet;
    use crate::rules::{Board, Dice, Side, Step, Variant};

    fn step(from: u8, to: u8, hit: bool) -> Step {
        Step { from, to, hit }
    }

    #[test]
    fn pins_and_captures_are_marked() {
        let board = Board::empty();
        let dice = Dice::new(3, 1).unwrap();
        let plakoto = RuleSet::new(Variant::Plakoto);
        let athroisma = RuleSet::new(Variant::Athroisma);
        let pin = [step(24, 23, false), step(13, 10, true)];
        assert_eq!(
            format_play(plakoto, &board, Side::X, dice, &pin),
            "24/23 13/10^"
        );
        let passing = [step(13, 10, true), step(10, 9, false)];
        assert_eq!(
            format_play(plakoto, &board, Side::X, dice, &passing),
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
            format_play(athroisma, &board, Side::X, two_two, &capture),
            "20/18(3) 10/8x(3)"
        );
        let option_three = [step(2, 0, false), step(2, 0, false)];
        assert_eq!(
            format_play(athroisma, &board, Side::X, two_two, &option_three),
            "double option (3): 2/off(2)"
        );
    }
}
