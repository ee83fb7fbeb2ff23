//! `show seed`: the seed of the dice generator, as gnubg words it. Compared with live gnubg
//! after `set seed N`; at start (and after `set seed` with no number) tavli's seed is its own
//! draw from the system, so the test checks that the seed shown is the one the dice come from.

use crate::support::gnubg_available;
use crate::support::repl::{gnubg_with_human_players, tavli_with_human_players};

#[test]
fn show_seed_after_set_seed_is_gnubgs() {
    if !gnubg_available() {
        eprintln!("gnubg is not installed: differential seed test skipped");
        return;
    }
    // A game rolled on does not change the seed shown; a word after `show seed` is ignored.
    let script = "set seed 42\nshow seed\nset seed 4294967295\nshow seed\nset seed 7\n\
        new session\nshow seed\nshow seed 5\nset seed 0\nshow seed\n";
    let (tavli_out, tavli_err, _) = tavli_with_human_players(script);
    let (gnubg_out, gnubg_err) = gnubg_with_human_players(script);
    let seeds = |text: &str| {
        text.lines()
            .filter(|line| line.starts_with("The current seed") || line.starts_with("Seed"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(seeds(&tavli_out), seeds(&gnubg_out));
    assert_eq!(seeds(&tavli_out).len(), 9, "{tavli_out}");
    assert_eq!(tavli_err, gnubg_err);
}

/// The number `show seed` prints in `out` (the last one).
fn shown_seed(out: &str) -> u64 {
    out.lines()
        .filter_map(|line| line.strip_prefix("The current seed is "))
        .next_back()
        .and_then(|seed| seed.parse().ok())
        .unwrap_or_else(|| panic!("no seed shown in {out}"))
}

/// The opening rolls of the games (a tie is rolled again, on a line of its own).
fn openings(out: &str) -> Vec<String> {
    out.lines()
        .filter(|line| line.contains(" rolls "))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_seed_shown_is_the_one_the_dice_come_from() {
    let games = "new session\nnew game\nnew game\nnew game\nnew game\n";
    for start in ["", "set seed\n"] {
        let (out, err, _) = tavli_with_human_players(&format!("{start}show seed\n{games}"));
        assert_eq!(err, "");
        let seed = shown_seed(&out);
        let (again, _, _) = tavli_with_human_players(&format!("set seed {seed}\n{games}"));
        assert!(openings(&out).len() >= 5, "{out}");
        assert_eq!(openings(&out), openings(&again), "seed {seed}");
    }
}
