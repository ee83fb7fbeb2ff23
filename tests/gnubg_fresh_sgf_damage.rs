//! Damaged copies of fresh gnubg SGF files (needs gnubg; about 20 seconds): gnubg plays
//! itself at 0 ply on a seed chosen at random (`TAVLI_FRESH_SEED` replays one), as in
//! `gnubg_fresh_matches.rs`, and each .sgf is damaged at a random place: cut inside a
//! property value, cut between two properties, a die of 7, dice that are no digits, and a
//! roll's dice changed so that none of its steps fits them. `tavli validate` must give an
//! error of the right kind at the damaged place (line and column), and none before the
//! damaged game.

use crate::gnubg_fresh_matches::{matches, play, seed, Random};
use crate::support::{gnubg_available, tavli};
use std::path::{Path, PathBuf};

/// The errors `tavli validate` gives for `text` (written to `path`): line, column, kind.
fn errors(path: &Path, text: &str) -> Vec<(usize, usize, String)> {
    std::fs::write(path, text).unwrap();
    let output = tavli(
        &["validate", "--color", "never", &path.to_string_lossy()],
        "",
    );
    let shown = String::from_utf8_lossy(&output.stdout).into_owned();
    let prefix = format!("{}:", path.display());
    shown
        .lines()
        .filter_map(|line| {
            let mut fields = line.strip_prefix(&prefix)?.splitn(4, ':');
            let line_number = fields.next()?.parse().ok()?;
            let column = fields.next()?.parse().ok()?;
            let kind = fields.next()?.trim().to_string();
            let message = fields.next()?;
            (!message.trim_start().starts_with("warning")).then_some((line_number, column, kind))
        })
        .collect()
}

/// The line and column (1-based, in characters as tavli counts them: bytes here, the files
/// being ASCII) of byte `at` of `text`.
fn line_and_column(text: &str, at: usize) -> (usize, usize) {
    let line_start = text[..at].rfind('\n').map_or(0, |newline| newline + 1);
    (text[..at].matches('\n').count() + 1, at - line_start + 1)
}

/// A move node of the file: the byte where its value starts (the first die) and the value.
struct MoveNode {
    at: usize,
    value: String,
}

/// Every roll of the file written as `;B[ddss..]` or `;W[ddss..]` (dice, then steps).
fn move_nodes(text: &str) -> Vec<MoveNode> {
    let mut nodes = Vec::new();
    for (at, _) in text.match_indices(';') {
        let rest = &text[at + 1..];
        if !(rest.starts_with("B[") || rest.starts_with("W[")) {
            continue;
        }
        let start = at + 3;
        let Some(length) = text[start..].find(']') else {
            continue;
        };
        let value = &text[start..start + length];
        let dice = value.as_bytes();
        if value.len() >= 4
            && dice[0].is_ascii_digit()
            && dice[1].is_ascii_digit()
            && value[2..].bytes().all(|c| c.is_ascii_lowercase())
        {
            nodes.push(MoveNode {
                at: start,
                value: value.to_string(),
            });
        }
    }
    nodes
}

/// The damages of `text` that apply: (what, damaged text, line, column or 0 for "anywhere on
/// the line", kind).
fn damages(
    text: &str,
    random: &mut Random,
) -> Vec<(&'static str, String, usize, usize, &'static str)> {
    let mut found = Vec::new();
    // The file cut inside a property value of a game, after its root node.
    let roots_end: usize = text.find("\n;").expect("a first move node");
    let end = text.rfind(')').expect("a last game tree");
    let values: Vec<usize> = text[roots_end..end]
        .match_indices('[')
        .map(|(at, _)| roots_end + at)
        .collect();
    let open = values[random.below(values.len())];
    let close = open + text[open..].find(']').expect("a closed value");
    if close > open + 1 {
        let cut = open + 1 + random.below(close - open - 1);
        let (line, column) = line_and_column(text, open);
        found.push((
            "cut inside a value",
            text[..cut].to_string(),
            line,
            column,
            "truncated",
        ));
    }
    // The file cut right after a property value, inside a game tree: the tree is not closed.
    let closes: Vec<usize> = text[roots_end..end]
        .match_indices(']')
        .map(|(at, _)| roots_end + at + 1)
        .filter(|&after| !text[after..].trim_start().starts_with(')'))
        .collect();
    let cut = closes[random.below(closes.len())];
    let (line, column) = line_and_column(text, cut);
    found.push((
        "cut after a value",
        text[..cut].to_string(),
        line,
        column,
        "truncated",
    ));
    let nodes = move_nodes(text);
    let replace = |at: usize, with: &str| format!("{}{with}{}", &text[..at], &text[at + 1..]);
    // A die of 7.
    let node = &nodes[random.below(nodes.len())];
    let die = node.at + random.below(2);
    let (line, column) = line_and_column(text, node.at);
    found.push(("a die of 7", replace(die, "7"), line, column, "bad-roll"));
    // A die that is no digit.
    let node = &nodes[random.below(nodes.len())];
    let (line, column) = line_and_column(text, node.at);
    found.push((
        "a die that is no digit",
        replace(node.at, "x"),
        line,
        column,
        "syntax",
    ));
    // A roll (not a double, no step from the bar or off) given dice no step fits.
    let letter = |c: u8| i32::from(c) - i32::from(b'a');
    let changeable: Vec<(&MoveNode, Vec<i32>)> = nodes
        .iter()
        .filter_map(|node| {
            let value = node.value.as_bytes();
            if value[0] == value[1] {
                return None;
            }
            let steps = &value[2..];
            if steps.len() % 2 != 0 || steps.iter().any(|&c| c > b'x') {
                return None;
            }
            let distances: Vec<i32> = steps
                .chunks(2)
                .map(|step| (letter(step[0]) - letter(step[1])).abs())
                .collect();
            // gnubg and tavli take a play by the position it reaches (`35: 11/9 9/3` is
            // 11/3): dice whose play could reach the same position are no damage, so
            // neither die nor their sum may be a step or the steps' sum.
            let total: i32 = distances.iter().sum();
            let unused: Vec<i32> = (1..=6)
                .filter(|d| !distances.contains(d) && *d != total)
                .collect();
            let pairs = unused
                .iter()
                .flat_map(|&a| unused.iter().map(move |&b| (a, b)))
                .filter(|&(a, b)| a != b && a + b != total)
                .count();
            (pairs > 0).then_some((node, unused))
        })
        .collect();
    if !changeable.is_empty() {
        let (node, unused) = &changeable[random.below(changeable.len())];
        let value = node.value.as_bytes();
        let total: i32 = value[2..]
            .chunks(2)
            .map(|step| (letter(step[0]) - letter(step[1])).abs())
            .sum();
        let pairs: Vec<(i32, i32)> = unused
            .iter()
            .flat_map(|&a| unused.iter().map(move |&b| (a, b)))
            .filter(|&(a, b)| a != b && a + b != total)
            .collect();
        let (first, second) = pairs[random.below(pairs.len())];
        let dice = format!("{first}{second}");
        let (line, _) = line_and_column(text, node.at);
        found.push((
            "dice no step fits",
            format!("{}{dice}{}", &text[..node.at], &text[node.at + 2..]),
            line,
            0,
            "illegal-move",
        ));
    }
    found
}

#[test]
fn damaged_fresh_gnubg_sgf_files_are_flagged_at_the_damage() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: skipped");
        return;
    }
    let seed = seed();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fresh-sgf-{seed}"));
    std::fs::create_dir_all(&dir).unwrap();
    // Other matches than the other fresh tests play on the same seed.
    let mut random = Random(seed ^ 0x0000_056F_0DA3_A6E5);
    let played = matches(&mut random, &dir);
    play(seed.wrapping_add(2), &played);
    let mut checked = 0;
    for one in &played {
        let context = format!("seed {seed} (TAVLI_FRESH_SEED={seed}), {}", one.name);
        let text = std::fs::read_to_string(dir.join(format!("{}.sgf", one.name))).unwrap();
        let path = dir.join(format!("{}-damaged.sgf", one.name));
        for (what, damaged, line, column, kind) in damages(&text, &mut random) {
            let found = errors(&path, &damaged);
            // A cut value is reported at its `[` (a move's at its first character).
            let at_place = |error: &(usize, usize, String)| {
                let place = match (what, column) {
                    (_, 0) => error.0 == line,
                    ("cut inside a value", _) => {
                        error.0 == line && (error.1 == column || error.1 == column + 1)
                    }
                    _ => (error.0, error.1) == (line, column),
                };
                place && error.2 == kind
            };
            // Nothing before the damaged game is wrong; in it, its root's `RE` may be (an
            // unreadable move leaves the game unfinished).
            let game_start = damaged
                .lines()
                .take(line)
                .enumerate()
                .filter(|(_, text)| text.starts_with("(;"))
                .map(|(index, _)| index + 1)
                .last()
                .unwrap_or(1);
            assert!(
                found.iter().any(at_place) && found.iter().all(|error| error.0 >= game_start),
                "{context}: {what}: expected {kind} at {line}:{column} (the game from line \
                 {game_start}), found {found:?}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 6 * 4, "{checked} damaged copies");
    let _ = std::fs::remove_dir_all(&dir);
}
