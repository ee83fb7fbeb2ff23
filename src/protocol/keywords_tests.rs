//! Unit tests of the keyword tree and of `resolve`: gnubg's first match after `show` and
//! `set` (each prefix checked with gnubg 1.07), unique prefixes elsewhere.

use super::*;

/// The `show` keyword, which carries gnubg's order of its table.
fn show() -> &'static Keyword {
    COMMANDS
        .iter()
        .find(|keyword| keyword.name == "show")
        .expect("show")
}

/// The `set` keyword, which carries gnubg's order of its table.
fn set() -> &'static Keyword {
    COMMANDS
        .iter()
        .find(|keyword| keyword.name == "set")
        .expect("set")
}

#[test]
fn exact_alias_and_unique_prefix() {
    assert_eq!(resolve(COMMANDS, "show").map(|k| k.name), Ok("show"));
    assert_eq!(resolve(COMMANDS, "sh").map(|k| k.name), Ok("show"));
    assert_eq!(resolve_child(show(), "bo").map(|k| k.name), Ok("board"));
    assert_eq!(resolve(COMMANDS, "ROLL").map(|k| k.name), Ok("roll"));
    assert_eq!(resolve(COMMANDS, "r").map(|k| k.name), Ok("roll"));
    assert_eq!(resolve(COMMANDS, "sw").map(|k| k.name), Ok("swap"));
    assert_eq!(
        resolve_child(set(), "matchl").map(|k| k.name),
        Ok("matchlength")
    );
}

#[test]
fn n_and_p_step_through_the_game_as_gnubgs_hidden_commands() {
    // gnubg 1.07: `help n` is "n - Step ahead within the game", `help p` "p - Step backward
    // within the game", and `ne` is `new` ("Incomplete command.").
    assert_eq!(resolve(COMMANDS, "n").map(|k| k.name), Ok("next"));
    assert_eq!(resolve(COMMANDS, "N").map(|k| k.name), Ok("next"));
    assert_eq!(resolve(COMMANDS, "p").map(|k| k.name), Ok("previous"));
    assert_eq!(resolve(COMMANDS, "ne").map(|k| k.name), Ok("new"));
    assert_eq!(resolve(COMMANDS, "nex").map(|k| k.name), Ok("next"));
    assert_eq!(resolve(COMMANDS, "pr").map(|k| k.name), Ok("previous"));
}

#[test]
fn show_and_set_take_gnubgs_first_match() {
    // Each checked with gnubg 1.07 (`show WORD`, `set WORD`, what it printed).
    let name = |parent: &Keyword, word: &str| resolve_child(parent, word).map(|k| k.name);
    for (word, meant) in [
        ("s", "score"),
        ("S", "score"),
        ("sc", "score"),
        ("se", "seed"),
        ("st", "statistics"),
        ("cu", "cube"),
        ("cr", "crawford"),
        ("di", "dice"),
        ("b", "beavers"),
        ("bo", "board"),
        ("an", "analysis"),
        ("ev", "evaluation"),
        ("pi", "pipcount"),
        ("tu", "turn"),
        ("j", "jacoby"),
        ("v", "version"),
        ("va", "variation"),
        ("autom", "automatic"),
    ] {
        assert_eq!(name(show(), word), Ok(meant), "show {word}");
    }
    for (word, meant) in [
        ("a", "analysis"),
        ("au", "automatic"),
        ("b", "beavers"),
        ("bo", "board"),
        ("cl", "clockwise"),
        ("e", "evaluation"),
        ("j", "jacoby"),
        ("ro", "rollout"),
        ("x", "xgid"),
    ] {
        assert_eq!(name(set(), word), Ok(meant), "set {word}");
    }
    // gnubg's first match is a command tavli does not have: refused, naming it.
    for (parent, word, gnubg) in [
        (show(), "c", "calibration"),
        (show(), "d", "delay"),
        (show(), "t", "temperaturemap"),
        (show(), "auto", "autosave"),
        (set(), "s", "sgf"),
        (set(), "t", "theorywindow"),
        (set(), "d", "delay"),
        (set(), "m", "matchequitytable"),
    ] {
        assert_eq!(
            resolve_child(parent, word).map(|k| k.name),
            Err(KeywordError::NotInTavli {
                word: word.to_string(),
                gnubg
            })
        );
    }
    assert_eq!(
        resolve_child(show(), "d").unwrap_err().to_string(),
        "`d' is gnubg's `delay', which tavli does not implement."
    );
    assert_eq!(
        resolve_child(show(), "ki").unwrap_err(),
        KeywordError::Unknown("ki".to_string())
    );
}

#[test]
fn only_show_and_set_carry_gnubgs_order() {
    // Under a keyword without gnubg's order an abbreviation is a unique prefix: `set cube c`
    // starts both `center` and `centre`.
    let cube = resolve_child(set(), "cube").expect("set cube");
    assert!(matches!(
        resolve_child(cube, "c"),
        Err(KeywordError::Ambiguous { .. })
    ));
    // The tables alone know no order: `d` starts only `dice` among tavli's `show` keywords.
    assert_eq!(resolve(SHOW, "d").map(|k| k.name), Ok("dice"));
    let ordered: Vec<&str> = COMMANDS
        .iter()
        .filter(|keyword| keyword.gnubg_order.is_some())
        .map(|keyword| keyword.name)
        .collect();
    assert_eq!(ordered, ["set", "show"]);
}

#[test]
fn analysis_is_gnubgs_hidden_synonym_of_analyse() {
    // gnubg 1.07: `help analysis` is "analysis - Run analysis"; `analys` is still `analyse`.
    assert_eq!(
        resolve(COMMANDS, "analysis").map(|k| k.name),
        Ok("analysis")
    );
    assert_eq!(resolve(COMMANDS, "analysi").map(|k| k.name), Ok("analysis"));
    assert_eq!(resolve(COMMANDS, "analys").map(|k| k.name), Ok("analyse"));
    assert_eq!(resolve(COMMANDS, "analyz").map(|k| k.name), Ok("analyze"));
}

#[test]
fn ambiguous_prefix_names_the_candidates() {
    let error = resolve(NEW, "").unwrap_err();
    assert_eq!(error, KeywordError::Unknown(String::new()));
    let error = resolve(COMMANDS, "ex").unwrap_err();
    assert_eq!(
        error.to_string(),
        "Ambiguous keyword `ex' (could be: exit, export)."
    );
    assert_eq!(
        resolve(COMMANDS, "xyzzy").unwrap_err().to_string(),
        "Unknown keyword `xyzzy'."
    );
}

#[test]
fn aliases_and_names_are_unique_per_level() {
    fn check(table: &[Keyword]) {
        let mut seen = std::collections::HashSet::new();
        for keyword in table {
            assert!(seen.insert(keyword.name), "duplicate {}", keyword.name);
            for alias in keyword.aliases {
                assert!(keyword.name.starts_with(alias), "{alias} not a prefix");
                assert!(seen.insert(alias), "duplicate alias {alias}");
            }
            check(keyword.children);
        }
    }
    check(COMMANDS);
    assert!(all_paths().len() > 50);
}
