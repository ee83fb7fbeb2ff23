//! The one-shot commands against live gnubg on random reachable states: `tavli board`,
//! `eval`, `hint`, `moves` and `id --to fibs` (and their `--json`) for boards from random
//! legal games of standard backgammon, nackgammon and the three hypergammons, with random
//! Match IDs (money with or without Jacoby, 1- to 25-point matches, scores 1-away,
//! Crawford and post-Crawford games, cubes 1 to 64 centred or owned, dice rolled or not,
//! sometimes a resignation offered). gnubg gets the state by `set gnubgid` (and `resign`)
//! and answers `show board`, `eval`, `hint 9999` and `hint` at 0 ply; tavli, given the GNUbg
//! ID gnubg shows, must draw the same board byte for byte, print the same FIBS
//! line, list the same plays (`moves`, `hint --all`), as many as gnubg's `hint`, and print
//! `eval` in gnubg's layout line for line (numbers and the proper cube action masked: the
//! evaluators differ). Of the hypergammons only the board and the FIBS line are compared
//! (gnubg has no hypergammon databases here and answers no `hint` there), and of a state
//! with a resignation offered only those and `eval` (gnubg's `hint` weighs the offer, `tavli
//! hint` ranks the plays, docs/hint-eval.md). Skipped when gnubg is
//! not installed; `TAVLI_DIFF_SEED` and `TAVLI_DIFF_POSITIONS` explore other and more cases.

use crate::support::repl::{gnubg_with_human_players, numbers_masked};
use crate::support::{env_number, gnubg_available, tavli};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::collections::BTreeSet;
use tavli::codec::gnubg_id;
use tavli::rules::{legal_plays, Board, Dice, GameState, MatchState, Side, Variant};

/// The variants gnubg plays.
const VARIANTS: [Variant; 5] = [
    Variant::Standard,
    Variant::Nackgammon,
    Variant::Hypergammon1,
    Variant::Hypergammon2,
    Variant::Hypergammon3,
];

/// The commands gnubg answers per case, each after a `set seed` line that marks its start.
const GNUBG_COMMANDS: [&str; 5] = [
    "show board",
    "eval",
    "hint 9999",
    "hint",
    "set output rawboard on\nshow board\nset output rawboard off",
];

/// A board from random legal play from the start of `variant`, with the side to play next;
/// `None` when a side has borne off every checker on the way.
fn random_board(rng: &mut StdRng, variant: Variant) -> Option<(Board, Side)> {
    let mut board = Board::start(variant);
    let mut mover = if rng.gen_bool(0.5) { Side::X } else { Side::O };
    for _ in 0..rng.gen_range(0..60) {
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).ok()?;
        if let Some(play) = legal_plays(&board, mover, dice).choose(rng) {
            if play.result.checkers_in_play(mover) == 0 {
                return None;
            }
            board = play.result;
        }
        mover = mover.opponent();
    }
    Some((board, mover))
}

/// A random state of a game being played in `variant`: the board from random play, then a
/// random match context and cube, the dice rolled or not.
fn random_state(rng: &mut StdRng, variant: Variant) -> Option<MatchState> {
    let (board, on_roll) = random_board(rng, variant)?;
    let mut state = MatchState {
        board,
        on_roll,
        turn: on_roll,
        game_state: GameState::Playing,
        jacoby: rng.gen_bool(0.5),
        ..MatchState::new_money_game(variant, on_roll)
    };
    let length = *[0u32, 0, 1, 2, 3, 5, 7, 11, 25].choose(rng)?;
    if length > 0 {
        state.match_length = length;
        state.jacoby = false;
        for points in &mut state.score {
            *points = if rng.gen_bool(0.3) {
                length - 1
            } else {
                rng.gen_range(0..length)
            };
        }
        let one_away = state.score.iter().filter(|&&points| points + 1 == length);
        state.crawford = one_away.count() == 1 && rng.gen_bool(0.5);
    }
    if !state.crawford {
        state.cube_value = 1 << rng.gen_range(0..=6);
        if state.cube_value > 1 {
            state.cube_owner = [None, Some(Side::X), Some(Side::O)]
                .choose(rng)
                .copied()
                .flatten();
        }
    }
    if rng.gen_bool(0.7) {
        state.dice = Some(Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).ok()?);
    }
    Some(state)
}

/// `tavli ARGS`: (stdout, stderr, exit code).
fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let output = tavli(args, "");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// gnubg's `eval` of a bear-off position without its one-sided database block (the table of
/// rolls, the averages and the effective pip counts, which tavli does not print,
/// docs/repl.md), its class `Bearoff1` or `Bearoff2` read as tavli's `Race`.
pub(crate) fn without_bearoff_block(text: &str) -> String {
    let Some(start) = text.find("Evaluator: \tBearoff") else {
        return text.to_string();
    };
    let Some(table) = text.find("        Win     W(g)") else {
        return text.to_string();
    };
    format!(
        "{}Evaluator: \tRace\n\n\n{}",
        &text[..start],
        &text[table..]
    )
}

/// `text` with every number as `#` and the labels that name the evaluator made gnubg's
/// (`net 0-ply` for `Cubeful 0-ply`, no `prune [expert]` or `[tavli net]`, gnubg's
/// `Crashed` class as `Contact`), and the cube actions' ranking and the proper cube action
/// left out: what stays is gnubg's layout and its rules-given lines.
pub(crate) fn masked(text: &str) -> String {
    numbers_masked(text)
        .lines()
        .map(|line| {
            let line = line
                .replace("Cubeful #-ply", "net #-ply")
                .replace(" prune [expert]", "")
                .replace(" [tavli net]", "")
                .replace("\tnet #-ply, ", "\t")
                .replace("net #-ply cubeless", "#-ply cubeless");
            // A cube action's row: its rank and label follow the equities (evaluator's).
            if let Some((_, figures)) = line
                .strip_prefix("# ")
                .filter(|rest| rest.starts_with("No ") || rest.contains("ouble, "))
                .and_then(|rest| rest.split_once("  "))
            {
                return format!("# <action>  {}", figures.trim_start());
            }
            match line.find("Proper cube action: ") {
                Some(index) => line[..index + "Proper cube action: ".len()].to_string(),
                // tavli has no network of its own for crashed positions.
                None => line.replace("Evaluator: \tCrashed", "Evaluator: \tContact"),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The plays of a `hint` answer in gnubg's layout (either program), in order.
fn hint_plays(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| line.contains("-ply") && line.contains("Eq.:"))
        .filter_map(|line| {
            let rest = line.get(24..)?;
            Some(rest[..rest.rfind(" Eq.:")?].trim().to_string())
        })
        .collect()
}

/// The plays of a `--json` answer of `moves` or `hint`.
fn json_plays(text: &str) -> Vec<String> {
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|value| value["plays"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .map(|play| play["play"].as_str().unwrap_or("?").to_string())
        .collect()
}

/// What is wrong with tavli's one-shot answers for `state`, given gnubg's answers to
/// [`GNUBG_COMMANDS`] (one part each), and how many legal plays gnubg listed there.
fn differences(state: &MatchState, resigned: bool, gnubg: &[&str]) -> (Vec<String>, usize) {
    // The GNUbg ID gnubg shows (after `resign`, with the resignation in its Match ID).
    let shown = |label: &str| {
        gnubg[0]
            .lines()
            .find_map(|line| line.split_once(label).map(|(_, id)| id.trim().to_string()))
    };
    let id = match (shown("Position ID: "), shown("Match ID   : ")) {
        (Some(position), Some(match_id)) => format!("{position}:{match_id}"),
        _ => gnubg_id::encode(state),
    };
    let variant = state.variant.name();
    let mut problems = Vec::new();
    let mut check = |what: &str, same: bool, theirs: &str, ours: &str| {
        if !same {
            problems.push(format!("{what}:\n--- gnubg\n{theirs}\n--- tavli\n{ours}"));
        }
    };
    let (board, error, _) = run(&["board", &id, "--variant", variant, "--x-name", "root"]);
    let drawn = gnubg[0].strip_suffix('\n').unwrap_or(gnubg[0]);
    check("board", board == drawn, drawn, &(board.clone() + &error));
    let (fibs, error, _) = run(&[
        "id",
        &id,
        "--variant",
        variant,
        "--to",
        "fibs",
        "--x-name",
        "root",
    ]);
    let line = gnubg[4].lines().find(|line| line.starts_with("board:"));
    check(
        "id --to fibs",
        Some(fibs.trim_end()) == line,
        line.unwrap_or(""),
        &(fibs.clone() + &error),
    );
    if state.dice.is_none() || resigned {
        // A resignation waiting: gnubg's `hint` weighs it where `tavli hint` ranks the
        // plays (docs/hint-eval.md), so only the board and `eval` are compared.
        // gnubg's `hint` without dice is the cube analysis; `tavli hint` asks for dice.
        if !state.variant.name().contains("hypergammon") {
            let (eval, error, _) = run(&["eval", &id, "--variant", variant, "--plies", "0"]);
            check(
                "eval",
                masked(&eval) == masked(&without_bearoff_block(gnubg[1])),
                gnubg[1],
                &(eval + &error),
            );
        }
        return (problems, 0);
    }
    if state.variant.name().contains("hypergammon") {
        // gnubg lists no plays there without its databases (tests/gnubg_movegen.rs compares
        // the hypergammons' plays through gnubg's rules in standard play).
        return (problems, 0);
    }
    let legal: BTreeSet<String> = hint_plays(gnubg[2]).into_iter().collect();
    let (moves, error, _) = run(&["moves", &id, "--variant", variant]);
    let listed: BTreeSet<String> = moves.lines().map(str::to_string).collect();
    check(
        "moves",
        listed == legal && listed.len() == moves.lines().count(),
        gnubg[2],
        &(moves.clone() + &error),
    );
    let (moves_json, error, _) = run(&["moves", &id, "--variant", variant, "--json"]);
    check(
        "moves --json",
        json_plays(&moves_json) == moves.lines().map(str::to_string).collect::<Vec<_>>(),
        &moves,
        &(moves_json + &error),
    );
    let (eval, error, _) = run(&["eval", &id, "--variant", variant, "--plies", "0"]);
    check(
        "eval",
        masked(&eval) == masked(&without_bearoff_block(gnubg[1])),
        gnubg[1],
        &(eval + &error),
    );
    let (all, error, _) = run(&["hint", &id, "--variant", variant, "--plies", "0", "--all"]);
    let ranked: BTreeSet<String> = hint_plays(&all).into_iter().collect();
    check(
        "hint --all",
        ranked == legal,
        gnubg[2],
        &(all.clone() + &error),
    );
    let (hint, error, _) = run(&["hint", &id, "--variant", variant, "--plies", "0"]);
    let (count, theirs) = (hint_plays(&hint).len(), hint_plays(gnubg[3]).len());
    check(
        &format!("hint's length ({count} against gnubg's {theirs})"),
        count == theirs,
        gnubg[3],
        &(hint.clone() + &error),
    );
    let (hint_json, error, _) = run(&["hint", &id, "--variant", variant, "--plies", "0", "--json"]);
    check(
        "hint --json",
        json_plays(&hint_json) == hint_plays(&hint),
        &hint,
        &(hint_json + &error),
    );
    (problems, legal.len())
}

#[test]
fn one_shot_commands_answer_random_states_as_gnubg() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: the one-shot differential test is skipped");
        return;
    }
    let seed: u64 = env_number("TAVLI_DIFF_SEED", 2026);
    let cases: usize = env_number("TAVLI_DIFF_POSITIONS", 40);
    let mut rng = StdRng::seed_from_u64(seed);
    // Each state, and sometimes a resignation its player on roll offers in gnubg (the Match
    // ID gnubg then shows is tavli's input).
    let mut states = Vec::new();
    while states.len() < cases {
        let variant = *VARIANTS.choose(&mut rng).unwrap_or(&Variant::Standard);
        if let Some(state) = random_state(&mut rng, variant) {
            let resignation = ["normal", "gammon", "backgammon"]
                .choose(&mut rng)
                .filter(|_| rng.gen_bool(0.2));
            states.push((state, resignation.copied()));
        }
    }
    let mut script = String::from(
        "set evaluation chequerplay evaluation plies 0\n\
         set evaluation cubedecision evaluation plies 0\n",
    );
    let mut mark = 0;
    for (state, resignation) in &states {
        script.push_str(&format!(
            "set variation {}\n{}\nset gnubgid {}\n",
            state.variant.name(),
            if state.is_match() {
                format!("new match {}", state.match_length)
            } else {
                "new session".to_string()
            },
            gnubg_id::encode(state)
        ));
        if let Some(resignation) = resignation {
            script.push_str(&format!("resign {resignation}\n"));
        }
        for command in GNUBG_COMMANDS {
            mark += 1;
            script.push_str(&format!("set seed {mark}\n{command}\n"));
        }
        mark += 1;
        script.push_str(&format!("set seed {mark}\n"));
    }
    let (gnubg_out, _) = gnubg_with_human_players(&script);
    let parts: Vec<&str> = gnubg_out
        .split("Seed set to ")
        .skip(1)
        .map(|part| part.split_once(".\n").map_or(part, |(_, rest)| rest))
        .collect();
    let per_case = GNUBG_COMMANDS.len() + 1;
    assert_eq!(parts.len(), states.len() * per_case, "one part per command");
    let answers: Vec<(Vec<String>, usize)> = std::thread::scope(|scope| {
        let halves: Vec<_> = states
            .chunks(states.len().div_ceil(2).max(1))
            .zip(parts.chunks(states.len().div_ceil(2).max(1) * per_case))
            .map(|(states, parts)| {
                scope.spawn(move || {
                    states
                        .iter()
                        .zip(parts.chunks(per_case))
                        .map(|((state, resignation), parts)| {
                            let (problems, plays) =
                                differences(state, resignation.is_some(), parts);
                            let id = gnubg_id::encode(state);
                            let problems: Vec<String> = problems
                                .into_iter()
                                .map(|problem| format!("{id}: {problem}"))
                                .collect();
                            (problems, plays)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves
            .into_iter()
            .flat_map(|half| half.join().unwrap_or_default())
            .collect()
    });
    let plays: usize = answers.iter().map(|(_, plays)| plays).sum();
    let failures: Vec<String> = answers
        .into_iter()
        .flat_map(|(problems, _)| problems)
        .collect();
    // The states with dice in standard play or nackgammon bring their plays to compare.
    assert!(
        plays > cases,
        "only {plays} plays compared over {cases} states"
    );
    assert!(
        failures.is_empty(),
        "{} differences over {cases} states (TAVLI_DIFF_SEED={seed}):\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
