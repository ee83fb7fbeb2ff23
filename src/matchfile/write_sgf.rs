//! Writes a [`MatchRecord`] as gnubg SGF (`GM[6]`): one game tree per game, with the
//! options that give the layout of gnubg's own `save match` and `save position`.

use super::record::{pending_roll, GameAction, MatchRecord, RecordedEnding};
use crate::rules::RuleSet;
use crate::rules::{Dice, Side, Variant};
use std::fmt::Write;

/// How the SGF is laid out beyond its content. The default is tavli's plain SGF; gnubg's
/// `save match` and `save position` write gnubg's statistics, close each tree on its last
/// node and end with nodes the record does not hold (a roll not played yet, the cube).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgfOptions {
    /// gnubg's `GS[...]` statistics property at the end of each game's root node, with only
    /// the plays of each player counted (an unanalysed game).
    pub statistics: bool,
    /// Each tree's last node is closed on its own line (`;B[52])`), not on the next one.
    pub close_on_last_node: bool,
    /// gnubg's `save match` right after `roll`: the roll the last game waits on, written
    /// `;PL[W]DI[52]`, is also written as a move node without half-moves (`;W[52]`).
    pub pending_roll_as_move: bool,
    /// Nodes written after the last game's actions.
    pub tail: Vec<TailNode>,
}

/// A node after the last game's actions (see [`SgfOptions::tail`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TailNode {
    /// `;CV[2]`: the cube's value.
    CubeValue(u32),
    /// `;CP[w]`, `;CP[b]`, `;CP[c]`: the cube's owner, `None` centred.
    CubeOwner(Option<Side>),
    /// `;PL[W]` or `;PL[W]DI[52]`: who is on roll and the dice rolled (as rolled, first
    /// die first).
    Turn(Side, Option<Dice>),
    /// `;W[52]`: a roll not played yet (high die first).
    Roll(Side, Dice),
}

/// The SGF text of `record`, loadable with gnubg's `load match`, laid out as `options` say.
/// The roll a game waits on (the last game's, or the one its player resigned on) is written
/// as gnubg writes dice set (`;PL[W]DI[52]`) after the other actions; any other roll not
/// played as a roll without moves. Resignations (the result says them) and cube edits are
/// not written.
#[must_use]
pub fn write_sgf(record: &MatchRecord, options: &SgfOptions) -> String {
    let mut out = String::new();
    let mut crawford_seen = false;
    let count = record.games.len();
    for (index, game) in record.games.iter().enumerate() {
        let pending = pending_roll(&game.actions);
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
        // gnubg writes the rule when the match has it (not after `new match 1`); tavli also
        // when a game of the record is the Crawford game.
        let crawford_rule = record.crawford_rule || record.games.iter().any(|game| game.crawford);
        if crawford_rule && RuleSet::new(record.variant).has_crawford_rule(record.length) {
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
            let resigned = if matches!(result.ending, RecordedEnding::Resigned(_)) {
                "R"
            } else {
                ""
            };
            let _ = write!(out, "RE[{winner}+{}{resigned}]", result.points);
        }
        if options.statistics {
            let plays = |wanted: Side| {
                game.actions
                    .iter()
                    .enumerate()
                    .filter(|&(at, action)| match action {
                        GameAction::Play { side, .. } => *side == wanted,
                        GameAction::Roll { side, .. } => *side == wanted && Some(at) != pending,
                        _ => false,
                    })
                    .count()
            };
            out.push_str(&statistics(plays(Side::O), plays(Side::X)));
        }
        out.push('\n');
        let mut last_double: Option<Side> = None;
        for (at, action) in game.actions.iter().enumerate() {
            if Some(at) == pending {
                continue;
            }
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
                GameAction::Roll { side, dice } => {
                    write_tail_node(&mut out, TailNode::Roll(*side, *dice))
                }
                GameAction::Resign { .. }
                | GameAction::SetCubeValue { .. }
                | GameAction::SetCubeOwner { .. } => {}
            }
        }
        if let Some(&GameAction::Roll { side, dice }) = pending.map(|at| &game.actions[at]) {
            write_tail_node(&mut out, TailNode::Turn(side, Some(dice)));
            if options.pending_roll_as_move && index + 1 == count {
                write_tail_node(&mut out, TailNode::Roll(side, dice));
            }
        }
        if index + 1 == count {
            for node in &options.tail {
                write_tail_node(&mut out, *node);
            }
        }
        if options.close_on_last_node && out.ends_with('\n') {
            out.pop();
        }
        out.push_str(")\n");
    }
    out
}

fn write_tail_node(out: &mut String, node: TailNode) {
    match node {
        TailNode::CubeValue(value) => {
            let _ = writeln!(out, ";CV[{value}]");
        }
        TailNode::CubeOwner(owner) => {
            let owner = owner.map_or('c', |side| colour(side).to_ascii_lowercase());
            let _ = writeln!(out, ";CP[{owner}]");
        }
        TailNode::Turn(side, dice) => {
            let _ = write!(out, ";PL[{}]", colour(side));
            if let Some(dice) = dice {
                let _ = write!(out, "DI[{}{}]", dice.first(), dice.second());
            }
            out.push('\n');
        }
        TailNode::Roll(side, dice) => {
            let _ = writeln!(out, ";{}[{}{}]", colour(side), dice.high(), dice.low());
        }
    }
}

/// gnubg's `GS[...]` statistics of an unanalysed game: only the number of plays (`M`) of
/// each player is counted.
fn statistics(white: usize, black: usize) -> String {
    format!(
        "GS[M:0 0 {white} {black} 0 0 0 0 0 0 {white} {black} {floats4}][C:{ints20} {floats24}][D:{ints10} {floats4}]",
        floats4 = ["0.000000"; 4].join(" "),
        ints20 = ["0"; 20].join(" "),
        floats24 = ["0.000000"; 24].join(" "),
        ints10 = ["0"; 10].join(" "),
    )
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchfile::record::{GameRecord, RecordedResult};
    use crate::rules::{Resignation, Step};

    fn play(side: Side, dice: (u8, u8), steps: &[(u8, u8)]) -> GameAction {
        GameAction::Play {
            side,
            dice: Dice::new(dice.0, dice.1).expect("dice"),
            steps: steps
                .iter()
                .map(|&(from, to)| Step {
                    from,
                    to,
                    hit: false,
                })
                .collect(),
        }
    }

    /// gnubg's `save match` (1.07, live) after `set dice 51`, `resign normal`, `accept`,
    /// then `set dice 31`, `move 8/5 6/5`, `set dice 46`: each roll not played is a node of
    /// dice, the resigned game's as well as the one the match waits on.
    #[test]
    fn rolls_not_played_are_written_as_gnubg_writes_dice_set() {
        let roll = |side: Side, first: u8, second: u8| GameAction::Roll {
            side,
            dice: Dice::new(first, second).expect("dice"),
        };
        let resigned = GameRecord {
            result: Some(RecordedResult {
                winner: Side::X,
                points: 1,
                ending: RecordedEnding::Resigned(Resignation::Single),
            }),
            ..GameRecord::for_test(
                [0, 0],
                vec![
                    play(Side::O, (3, 1), &[(8, 5), (6, 5)]),
                    play(Side::X, (4, 2), &[(8, 4), (6, 4)]),
                    roll(Side::O, 5, 1),
                    GameAction::Resign { side: Side::O },
                ],
            )
        };
        let waiting = GameRecord::for_test(
            [0, 1],
            vec![
                play(Side::O, (3, 1), &[(8, 5), (6, 5)]),
                roll(Side::X, 4, 6),
            ],
        );
        let record = MatchRecord::for_test(3, vec![resigned, waiting]);
        let text = write_sgf(&record, &SgfOptions::default());
        let nodes: Vec<&str> = text.lines().filter(|line| line.starts_with(';')).collect();
        assert_eq!(
            nodes,
            [
                ";W[31hefe]",
                ";B[42qusu]",
                ";PL[W]DI[51]",
                ";W[31hefe]",
                ";PL[B]DI[46]"
            ],
            "{text}"
        );
        assert!(text.contains("RE[B+1R]"), "{text}");
        let read = crate::matchfile::read_match_text(&text, crate::matchfile::Format::Sgf)
            .unwrap_or_else(|error| panic!("{error}\n{text}"));
        // The file readers record a resignation in the result alone.
        let mut expected = record.games.clone();
        expected[0]
            .actions
            .retain(|action| !matches!(action, GameAction::Resign { .. }));
        assert!(read.games == expected, "{:?}", read.games);
    }

    /// gnubg writes `RU[Crawford]` for a match that has the rule: not after `new match 1`,
    /// always after `import mat` (also of a 1-point match), and as a loaded SGF says.
    #[test]
    fn the_crawford_rule_is_written_when_the_match_has_it() {
        let record = |length: u32, crawford_rule: bool| MatchRecord {
            crawford_rule,
            ..MatchRecord::for_test(
                length,
                vec![GameRecord::for_test(
                    [0, 0],
                    vec![play(Side::O, (3, 1), &[(8, 5), (6, 5)])],
                )],
            )
        };
        let written = |length, rule| write_sgf(&record(length, rule), &SgfOptions::default());
        assert!(!written(1, false).contains("RU["), "{}", written(1, false));
        assert!(written(1, true).contains("RU[Crawford]"));
        assert!(!written(3, false).contains("RU["));
        assert!(written(3, true).contains("RU[Crawford]"));
        // Money play has no Crawford rule, whatever the record says.
        assert!(!written(0, true).contains("RU["));
        // A Crawford game in the record is written with its rule.
        let mut crawford = record(3, false);
        crawford.games[0].score = [2, 0];
        crawford.games[0].crawford = true;
        let text = write_sgf(&crawford, &SgfOptions::default());
        assert!(text.contains("RU[Crawford:CrawfordGame]"), "{text}");
        for (rule, length) in [(false, 1), (true, 1), (false, 3), (true, 3)] {
            let text = written(length, rule);
            let read = crate::matchfile::read_match_text(&text, crate::matchfile::Format::Sgf)
                .unwrap_or_else(|error| panic!("{error}\n{text}"));
            assert_eq!(read.crawford_rule, rule, "{text}");
        }
        // A .mat does not say it: read with the rule, as gnubg's `import mat` reads it.
        let mat = crate::matchfile::write_mat(&record(1, false));
        let read = crate::matchfile::read_match_text(&mat, crate::matchfile::Format::Mat)
            .unwrap_or_else(|error| panic!("{error}\n{mat}"));
        assert!(read.crawford_rule, "{mat}");
    }
}
