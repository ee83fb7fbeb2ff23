//! Writes a [`MatchRecord`] as gnubg SGF (`GM[6]`): one game tree per game.

use super::record::{Ending, GameAction, MatchRecord};
use crate::rules::game::RuleSet;
use crate::rules::{Side, Variant};
use std::fmt::Write;

/// The SGF text of `record`, loadable with gnubg's `load match`.
#[must_use]
pub fn write_sgf(record: &MatchRecord) -> String {
    let mut out = String::new();
    let mut crawford_seen = false;
    for (index, game) in record.games.iter().enumerate() {
        let _ = write!(
            out,
            "(;FF[4]GM[6]CA[UTF-8]AP[tavli:{}]MI[length:{}][game:{index}][ws:{}][bs:{}]PW[{}]PB[{}]",
            env!("CARGO_PKG_VERSION"),
            record.length,
            game.score[0],
            game.score[1],
            escape(&record.players[0]),
            escape(&record.players[1]),
        );
        if index == 0 {
            for (key, property) in [
                ("EventDate", "DT"),
                ("Event", "EV"),
                ("Round", "RO"),
                ("Site", "PC"),
                ("Transcriber", "AN"),
            ] {
                if let Some(value) = record.info(key) {
                    let value = if key == "EventDate" {
                        value.replace('.', "-")
                    } else {
                        value.to_string()
                    };
                    let _ = write!(out, "{property}[{}]", escape(&value));
                }
            }
            if !record.comment.is_empty() {
                let _ = write!(out, "GC[{}]", escape(&record.comment.join("\n")));
            }
        }
        let mut rules: Vec<&str> = Vec::new();
        if RuleSet::new(record.variant).has_crawford_rule(record.length) {
            rules.push("Crawford");
            if game.crawford && !crawford_seen {
                rules.push("CrawfordGame");
                crawford_seen = true;
            }
        } else if record.length == 0 && record.jacoby {
            rules.push("Jacoby");
        }
        match record.variant {
            Variant::Standard => {}
            Variant::Nackgammon => rules.push("Nackgammon"),
            Variant::Hypergammon1 => rules.push("Hypergammon1"),
            Variant::Hypergammon2 => rules.push("Hypergammon2"),
            Variant::Hypergammon3 => rules.push("Hypergammon3"),
            // tavli's documented RU[] tokens for variants gnubg does not have.
            Variant::OldEnglish => rules.push("OldEnglish"),
            Variant::Portes => rules.push("Portes"),
            Variant::Plakoto => rules.push("Plakoto"),
            Variant::Fevga => rules.push("Fevga"),
            Variant::Athroisma => rules.push("Athroisma"),
        }
        if !rules.is_empty() {
            let _ = write!(out, "RU[{}]", rules.join(":"));
        }
        if let Some(result) = game.result {
            let winner = colour(result.winner);
            let resigned = if matches!(result.ending, Ending::Resigned(_)) {
                "R"
            } else {
                ""
            };
            let _ = write!(out, "RE[{winner}+{}{resigned}]", result.points);
        }
        out.push('\n');
        let mut last_double: Option<Side> = None;
        for action in &game.actions {
            match action {
                GameAction::Play { side, dice, steps } => {
                    let _ = write!(out, ";{}[{}{}", colour(*side), dice.high(), dice.low());
                    for step in steps {
                        out.push(letter(step.from, *side));
                        out.push(letter(step.to, *side));
                    }
                    out.push_str("]\n");
                }
                GameAction::Double { side, .. } => {
                    last_double = Some(*side);
                    let _ = writeln!(out, ";{}[double]", colour(*side));
                }
                GameAction::Take { side } => {
                    let _ = writeln!(out, ";{}[take]", colour(*side));
                }
                GameAction::Drop { side } => {
                    let _ = writeln!(out, ";{}[drop]", colour(*side));
                }
                GameAction::SetBoard { board, on_roll } => {
                    out.push(';');
                    if let Some(side) = on_roll {
                        let _ = write!(out, "PL[{}]", colour(*side));
                    }
                    out.push_str("AE[a:y]");
                    for (side, property) in [(Side::O, "AW"), (Side::X, "AB")] {
                        let mut first = true;
                        for point in 1..=25u8 {
                            let count = board.slots[side.index()][usize::from(point - 1)];
                            for _ in 0..count {
                                if first {
                                    out.push_str(property);
                                    first = false;
                                }
                                let _ = write!(out, "[{}]", letter(point, side));
                            }
                        }
                    }
                    out.push('\n');
                }
                GameAction::Beaver { side, .. } => {
                    // A beaver is a second `double` by the doubled player, then a take from
                    // the original doubler.
                    let _ = writeln!(out, ";{}[double]", colour(*side));
                    let doubler = last_double.unwrap_or(side.opponent());
                    let _ = writeln!(out, ";{}[take]", colour(doubler));
                }
            }
        }
        out.push_str(")\n");
    }
    out
}

fn colour(side: Side) -> char {
    match side {
        Side::O => 'W',
        Side::X => 'B',
    }
}

/// The letter of `point` (mover's numbering, 25 = bar, 0 = off) for `side`.
fn letter(point: u8, side: Side) -> char {
    match point {
        25 => 'y',
        0 => 'z',
        p => {
            let p = p.clamp(1, 24);
            match side {
                Side::O => char::from(b'a' + p - 1),
                Side::X => char::from(b'x' - (p - 1)),
            }
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}
