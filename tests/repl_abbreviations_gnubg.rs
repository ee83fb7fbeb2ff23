//! `show` abbreviations against live gnubg: each resolves to the first command of gnubg's
//! table that starts with the letters (`show s` is `show score`, `show st` `show statistics`),
//! and tavli prints what gnubg prints, byte for byte. Skipped when gnubg is not installed.

use crate::support::gnubg_available;
use crate::support::repl::{gnubg_with_human_players, tavli_with_human_players};

#[test]
fn show_abbreviations_print_what_gnubg_prints() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: abbreviation differential test skipped");
        return;
    }
    let prefixes = [
        "s", "sc", "se", "st", "cu", "cr", "di", "tu", "j", "autom", "pi", "po", "rn", "b",
    ];
    let mut script = String::from("set seed 42\nnew match 5\nset seed 9\n");
    for prefix in prefixes {
        script.push_str(&format!("show {prefix}\n"));
    }
    let (gnubg_out, gnubg_err) = gnubg_with_human_players(&script);
    let (tavli_out, tavli_err, _) = tavli_with_human_players(&script);
    let after_seed = |text: &str| {
        text.split_once("Seed set to 9.\n")
            .map_or(String::new(), |(_, rest)| rest.to_string())
    };
    assert!(!after_seed(&gnubg_out).is_empty());
    assert_eq!(after_seed(&tavli_out), after_seed(&gnubg_out), "{script}");
    assert_eq!(tavli_err, gnubg_err);
}
