//! gnubg's layout of `list game`: player 0's records in a left column, player 1's in a right
//! one, a line for each exchange, edits and endings on lines of their own.

use super::reply::{EditKind, GameListEntry};
use crate::analysis::{LuckMark, Mark};

/// gnubg's mark of a decision in `list game`.
fn mark_symbol(mark: Mark) -> &'static str {
    match mark {
        Mark::None => "",
        Mark::Doubtful => "?!",
        Mark::Bad => "?",
        Mark::VeryBad => "??",
    }
}

/// gnubg's mark of a roll's luck in `list game`.
fn luck_symbol(mark: LuckMark) -> &'static str {
    match mark {
        LuckMark::VeryLucky => "++",
        LuckMark::Lucky => "+",
        LuckMark::None => "",
        LuckMark::Unlucky => "-",
        LuckMark::VeryUnlucky => "--",
    }
}

/// The lines of `list game` for `entries`, as gnubg lays them out.
#[must_use]
pub fn game_list_lines(entries: &[GameListEntry]) -> Vec<String> {
    // gnubg writes player 0's records in a left column and ends the line after player 1's
    // (and after edits), so one line is "player 0, then player 1" when play alternates.
    // An edit belongs to the player on roll: player 1's also leaves an empty line after it.
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut open = false;
    let mut after_player_1 = false;
    for entry in entries {
        let edit = |kind: &EditKind, player: usize| {
            let number = match kind {
                EditKind::Board => 6,
                EditKind::CubeValue => 8,
                EditKind::CubeOwner => 9,
            };
            (
                format!("Unhandled movetype {number}{:22}", ""),
                Some(player),
                true,
            )
        };
        let (text, player, is_edit) = match entry {
            GameListEntry::Rolled {
                player,
                dice: [first, second],
            } => (
                format!("{first}{second}     : Rolled{:27}", ""),
                Some(*player),
                false,
            ),
            GameListEntry::Played {
                player,
                dice: [first, second],
                play,
                marks,
            } => {
                let (luck, play_mark, cube_mark) = marks.map_or(("", "", ""), |marks| {
                    (
                        luck_symbol(marks.luck),
                        mark_symbol(marks.play),
                        mark_symbol(marks.cube),
                    )
                });
                (
                    format!("{first}{second}{luck:<5}: {play:<19}{play_mark:<8}{cube_mark:<8}"),
                    Some(*player),
                    false,
                )
            }
            GameListEntry::Doubled { player, cube } => (
                format!("Doubles to {cube:4}{:30}", ""),
                Some(*player),
                false,
            ),
            GameListEntry::Took { player } => (format!("Takes{:39}", ""), Some(*player), false),
            GameListEntry::Edited { player, edit: kind } => edit(kind, *player),
            // Like an edit, these end their line; player 1's starts in the right column.
            GameListEntry::Resigned { player } | GameListEntry::Dropped { player } => {
                let word = if matches!(entry, GameListEntry::Resigned { .. }) {
                    "Resigns"
                } else {
                    "Drops"
                };
                let indent = if *player == 1 && line.is_empty() {
                    42
                } else {
                    0
                };
                (format!("{:indent$}{word}", ""), None, true)
            }
        };
        // Player 1's second entry in a row (a roll after his own double) keeps the right
        // column on a line of its own (gnubg).
        if player == Some(1) && after_player_1 {
            line.push_str(&" ".repeat(42));
        }
        after_player_1 = player == Some(1);
        line.push_str(&text);
        match player {
            // Player 1's edit ends its line and leaves an empty one (gnubg).
            Some(1) if is_edit => {
                lines.push(std::mem::take(&mut line));
                lines.push(String::new());
                open = false;
            }
            // Another edit ends its line itself and leaves a new one open (gnubg).
            _ if is_edit => {
                lines.push(std::mem::take(&mut line));
                open = true;
            }
            Some(1) => {
                lines.push(std::mem::take(&mut line));
                open = false;
            }
            _ => open = true,
        }
    }
    if open {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exchange_fills_one_line_and_an_edit_ends_its_own_and_leaves_one_open() {
        let lines = game_list_lines(&[
            GameListEntry::Played {
                player: 0,
                dice: [3, 1],
                play: "8/5 6/5".to_string(),
                marks: None,
            },
            GameListEntry::Rolled {
                player: 1,
                dice: [6, 4],
            },
            GameListEntry::Edited {
                player: 0,
                edit: EditKind::Board,
            },
        ]);
        assert_eq!(
            lines,
            [
                format!(
                    "31     : {:<19}{:16}64     : Rolled{:27}",
                    "8/5 6/5", "", ""
                ),
                format!("Unhandled movetype 6{:22}", ""),
                String::new(),
            ]
        );
    }

    #[test]
    fn an_analysed_play_has_gnubgs_marks_in_their_columns() {
        use super::super::reply::RecordMarks;
        let marked = |luck, play, cube| Some(RecordMarks { luck, play, cube });
        let lines = game_list_lines(&[
            GameListEntry::Played {
                player: 0,
                dice: [2, 1],
                play: "13/10".to_string(),
                marks: marked(LuckMark::None, Mark::Doubtful, Mark::None),
            },
            GameListEntry::Played {
                player: 1,
                dice: [4, 2],
                play: "13/9 8/6".to_string(),
                marks: marked(LuckMark::None, Mark::VeryBad, Mark::Bad),
            },
            GameListEntry::Played {
                player: 0,
                dice: [6, 3],
                play: "13/4*".to_string(),
                marks: marked(LuckMark::Unlucky, Mark::None, Mark::None),
            },
            GameListEntry::Played {
                player: 1,
                dice: [6, 6],
                play: String::new(),
                marks: marked(LuckMark::VeryUnlucky, Mark::None, Mark::Bad),
            },
        ]);
        // gnubg 1.07's lines after `analyse match`.
        assert_eq!(
            lines,
            [
                "21     : 13/10              ?!              42     : 13/9 8/6           ??      ?       ",
                "63-    : 13/4*                              66--   :                            ?       ",
            ]
        );
    }
}
