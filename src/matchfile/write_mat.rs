//! Writes a [`MatchRecord`] as Jellyfish .mat text, laid out the way gnubg exports it.

use super::record::{GameAction, GameRecord, MatchRecord, RecordedEnding};
use crate::notation::variant_format::{bear_off_label, contact_mark};
use crate::rules::RuleSet;
use crate::rules::{Side, Step, Variant};
use std::fmt::Write;

/// The .mat text of `record` (gnubg's `export match mat` layout). Board set-ups (from an
/// edited SGF game) cannot be written in .mat and are left out, as gnubg does. A last game
/// still being played ends where gnubg's export ends it (after a roll not played: `52: `).
#[must_use]
pub fn write_mat(record: &MatchRecord) -> String {
    let mut out = String::new();
    for key in ["Site", "Event", "Round", "EventDate"] {
        if let Some(value) = record.info(key) {
            let _ = writeln!(out, "; [{key} \"{value}\"]");
        }
    }
    if let Some(variation) = variation_name(record.variant) {
        let _ = writeln!(out, "; [Variation \"{variation}\"]");
    }
    if let Some(value) = record.info("Transcriber") {
        let _ = writeln!(out, "; [Transcriber \"{value}\"]");
    }
    if !record.comment.is_empty() {
        out.push('\n');
        for line in &record.comment {
            let _ = writeln!(out, "; {line}");
        }
    }
    let _ = write!(out, "\n {} point match\n\n", record.length);
    let count = record.games.len();
    for (index, game) in record.games.iter().enumerate() {
        write_game(&mut out, record, index, game);
        if index + 1 < count || game.result.is_some() {
            out.push('\n');
        }
    }
    out
}

fn variation_name(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Standard => None,
        Variant::Nackgammon => Some("NackGammon"),
        Variant::Hypergammon1 => Some("HyperGammon (1)"),
        Variant::Hypergammon2 => Some("HyperGammon (2)"),
        Variant::Hypergammon3 => Some("HyperGammon (3)"),
        // Not gnubg variations: tavli's own names in the same header (documented in README).
        Variant::OldEnglish => Some("Old English"),
        Variant::Portes => Some("Portes"),
        Variant::Plakoto => Some("Plakoto"),
        Variant::Fevga => Some("Fevga"),
        Variant::Athroisma => Some("Athroisma"),
    }
}

/// `DD: 24/18 18/14 ` (half-moves not merged, a space after each of the first three). In
/// tavli's variants the contact mark is the variant's (`^` a Plakoto pin, `x` an Athroisma
/// capture, none in Fevga) and an Athroisma bear-off action carries its label
/// (`21: sum 3: 3/0`), as grammar/variant-moves.ebnf writes them.
fn play_text(variant: Variant, dice: crate::rules::Dice, steps: &[Step]) -> String {
    let rules = RuleSet::new(variant);
    let mut text = format!("{}{}: ", dice.high(), dice.low());
    if let Some(action) = rules.bear_off_action(dice, steps) {
        let _ = write!(text, "{}: ", bear_off_label(action));
    }
    let mark = rules.contact().map(contact_mark);
    for (index, step) in steps.iter().enumerate() {
        let _ = write!(text, "{}/{}", step.from, step.to);
        if let (true, Some(mark)) = (step.hit, mark) {
            text.push(mark);
        }
        // Up to four steps each is followed by a blank (gnubg's layout); Athroisma's doubles,
        // the only plays of more, separate every step.
        if index < 3 || index + 1 < steps.len() {
            text.push(' ');
        }
    }
    text
}

struct Lines {
    text: String,
    number: u32,
    left: Option<String>,
    right: Option<String>,
}

impl Lines {
    fn flush(&mut self) {
        if self.left.is_none() && self.right.is_none() {
            return;
        }
        self.number += 1;
        let _ = write!(self.text, "{:3}) ", self.number);
        let left = self.left.take().unwrap_or_default();
        match self.right.take() {
            Some(right) => {
                let _ = writeln!(self.text, "{left:<27} {right}");
            }
            None => {
                let _ = writeln!(self.text, "{left:<27} ");
            }
        }
    }

    /// The end of a game still being played, as gnubg's `export match mat` writes it (1.07,
    /// checked on random cuts of real matches): a line whose right column is filled ends
    /// with its newline, but for a roll not played yet (`52: `), after which the text stops;
    /// player 0's record alone on the last line is padded to its column (`52: 13/8 24/22`
    /// and 14 blanks) without a newline, but for a roll not played, written alone (`52: `).
    fn end_unfinished(&mut self, last_was_roll: bool) {
        match self.left.take() {
            Some(left) if self.right.is_none() => {
                self.number += 1;
                let _ = write!(self.text, "{:3}) ", self.number);
                if last_was_roll {
                    self.text.push_str(&left);
                } else {
                    let _ = write!(self.text, "{left:<27} ");
                }
            }
            left => {
                self.left = left;
                self.flush();
                if last_was_roll && self.text.ends_with('\n') {
                    self.text.pop();
                }
            }
        }
    }

    fn put(&mut self, side: Side, text: String) {
        match side {
            Side::O => {
                self.flush();
                self.left = Some(text);
            }
            Side::X => {
                self.right = Some(text);
                self.flush();
            }
        }
    }
}

/// A player's name as written in a score line: `:` becomes `_`. The colon separates name and
/// score there, and gnubg 1.07 crashes (buffer overflow) reading a name that holds one, so
/// tavli writes files every reader can take rather than the name unchanged.
fn score_line_name(name: &str) -> String {
    name.replace(':', "_")
}

fn write_game(out: &mut String, record: &MatchRecord, index: usize, game: &GameRecord) {
    let _ = writeln!(out, " Game {}", index + 1);
    let names = [
        score_line_name(&record.players[0]),
        score_line_name(&record.players[1]),
    ];
    let mut left = format!("{} : {}", names[0], game.score[0]);
    if left.chars().count() >= 31 {
        // gnubg pads to 31 characters; longer names still need a gap before the right name.
        left.push_str("   ");
    }
    let _ = writeln!(out, " {left:<31}{} : {}", names[1], game.score[1]);
    let mut lines = Lines {
        text: String::new(),
        number: 0,
        left: None,
        right: None,
    };
    let mut last_was_roll = false;
    for action in &game.actions {
        let (side, text) = match action {
            GameAction::Play { side, dice, steps } => {
                (*side, play_text(record.variant, *dice, steps))
            }
            GameAction::Double { side, value } => (*side, format!(" Doubles => {value}")),
            GameAction::Take { side } => (*side, " Takes".to_string()),
            GameAction::Drop { side } => (*side, " Drops".to_string()),
            GameAction::Beaver { side, value } => (*side, format!(" Beavers => {value}")),
            // A roll not played is written as one without moves, its dice as rolled (`15: `),
            // as gnubg writes it.
            GameAction::Roll { side, dice } => {
                (*side, format!("{}{}: ", dice.first(), dice.second()))
            }
            // .mat has no set-up record (gnubg's export cannot write edited games either);
            // a resignation shows in the game's result.
            GameAction::SetBoard { .. }
            | GameAction::SetCubeValue { .. }
            | GameAction::SetCubeOwner { .. }
            | GameAction::Resign { .. } => continue,
        };
        last_was_roll = matches!(action, GameAction::Roll { .. });
        lines.put(side, text);
    }
    let Some(result) = game.result else {
        lines.end_unfinished(last_was_roll);
        out.push_str(&lines.text);
        return;
    };
    let plural = if result.points == 1 { "" } else { "s" };
    let wins = format!("Wins {} point{plural}", result.points);
    match result.winner {
        Side::X if lines.left.is_some() && lines.right.is_none() => {
            // Player 0's last record (a drop, a roll before resigning) shares the line; gnubg
            // writes the win after a roll without the spaces around it.
            lines.right = Some(match result.ending {
                RecordedEnding::Resigned(_) => wins,
                _ => format!(" {wins} "),
            });
            lines.flush();
        }
        Side::X => {
            lines.flush();
            let _ = writeln!(lines.text, "{:34}{wins}", "");
        }
        Side::O => {
            lines.flush();
            let _ = writeln!(lines.text, "      {wins}");
        }
    }
    out.push_str(&lines.text);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// gnubg's `export match mat` (1.07, live) of a game waiting on `set dice 15`: the roll
    /// without moves, its dice in the order rolled; its `import mat` keeps it so.
    #[test]
    fn a_roll_not_played_is_written_without_moves_in_the_order_rolled() {
        let record = MatchRecord::for_test(
            3,
            vec![GameRecord::for_test(
                [0, 0],
                vec![
                    GameAction::Play {
                        side: Side::X,
                        dice: crate::rules::Dice::new(3, 1).expect("dice"),
                        steps: vec![
                            Step {
                                from: 6,
                                to: 5,
                                hit: false,
                            },
                            Step {
                                from: 8,
                                to: 5,
                                hit: false,
                            },
                        ],
                    },
                    GameAction::Roll {
                        side: Side::O,
                        dice: crate::rules::Dice::new(1, 5).expect("dice"),
                    },
                ],
            )],
        );
        let text = write_mat(&record);
        assert!(
            text.ends_with("  1)                             31: 6/5 8/5 \n  2) 15: "),
            "{text:?}"
        );
        let read = crate::matchfile::read_match_text(&text, crate::matchfile::Format::Mat);
        assert_eq!(
            read.map(|read| read.games[0].actions.clone()).ok(),
            Some(record.games[0].actions.clone())
        );
    }

    #[test]
    fn colons_in_names_are_written_as_underscores_and_read_back() {
        let record = MatchRecord {
            players: ["a:b".to_string(), "root".to_string()],
            ..MatchRecord::for_test(1, vec![GameRecord::for_test([0, 0], Vec::new())])
        };
        let text = write_mat(&record);
        assert!(text.contains(" a_b : 0 "), "{text}");
        let read = crate::matchfile::read_match_text(&text, crate::matchfile::Format::Mat);
        assert_eq!(
            read.map(|read| read.players[0].clone()).ok(),
            Some("a_b".to_string())
        );
    }
}
