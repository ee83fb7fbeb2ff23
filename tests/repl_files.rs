//! The REPL's file commands against gnubg: `import mat`, `load match`, `export match mat` and
//! `save match` on the real fixtures give gnubg's stdout, stderr and files (SGF compared with
//! the `AP[...]` application property masked: tavli names itself there); error cases leave
//! the session unchanged.

use crate::support::repl::{
    gnubg_with_human_players as run_gnubg, scratch_dir, tavli_with_human_players as run_tavli,
};
use crate::support::{gnubg_available, tavli_binary};
use std::path::{Path, PathBuf};

const FIXTURES: &[&str] = &[
    "seed07-1pt",
    "seed07-3pt",
    "seed09-3pt",
    "seed13-7pt",
    "seed14-7pt",
    "seed21-money",
    "nack-3pt",
    "resign-crawford-3pt",
];

fn scratch(name: &str) -> PathBuf {
    scratch_dir("files").join(name)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// The SGF text without its `AP[...]` property.
fn mask_application(text: &str) -> String {
    let mut result = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("AP[") {
        result.push_str(&rest[..start]);
        let after = &rest[start..];
        let end = after.find(']').map_or(after.len(), |index| index + 1);
        rest = &after[end..];
    }
    result.push_str(rest);
    result
}

fn fixture(directory: &str, name: &str, extension: &str) -> String {
    format!(
        "{}/fixtures/{directory}/{name}.{extension}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Imports (or loads) `input`, shows the score and the game list, exports and saves; both
/// programs must print the same and write the same files.
fn compare_round_trip(load: &str, input: &str, name: &str, compare_sgf: bool) {
    // The import and the load tests run at once: each writes files of its own.
    let name = &format!("{}-{name}", load.replace(' ', "-"));
    let script = |tag: &str| {
        format!(
            "{load} {input}\nshow score\nlist game\nshow board\nexport match mat {}\nsave match {}\n",
            scratch(&format!("{name}-{tag}.mat")).display(),
            scratch(&format!("{name}-{tag}.sgf")).display()
        )
    };
    let (gnubg_out, gnubg_err) = run_gnubg(&script("gnubg"));
    let (tavli_out, tavli_err, _) = run_tavli(&script("tavli"));
    assert_eq!(tavli_out, gnubg_out, "{load} {name}: stdout");
    assert_eq!(tavli_err, gnubg_err, "{load} {name}: stderr");
    let mat = |tag: &str| read(&scratch(&format!("{name}-{tag}.mat")));
    let sgf = |tag: &str| mask_application(&read(&scratch(&format!("{name}-{tag}.sgf"))));
    assert!(!mat("gnubg").is_empty(), "{name}: gnubg wrote no .mat");
    assert_eq!(mat("tavli"), mat("gnubg"), "{load} {name}: exported .mat");
    if compare_sgf {
        assert_eq!(sgf("tavli"), sgf("gnubg"), "{load} {name}: saved .sgf");
    }
}

#[test]
fn import_mat_then_export_and_save_match_gnubg() {
    if !gnubg_available() {
        return;
    }
    for name in FIXTURES {
        compare_round_trip("import mat", &fixture("mat", name, "mat"), name, true);
    }
}

#[test]
fn load_match_then_export_and_save_match_gnubg() {
    if !gnubg_available() {
        return;
    }
    for name in FIXTURES {
        // The fixtures carry gnubg's analysis, which gnubg saves again and tavli does not.
        compare_round_trip("load match", &fixture("sgf", name, "sgf"), name, false);
    }
}

#[test]
fn errors_and_missing_arguments_match_gnubg() {
    if !gnubg_available() {
        return;
    }
    let garbage = scratch("garbage.mat");
    let _ = std::fs::write(&garbage, "hello world\nthis is not a match\n");
    let garbage_sgf = scratch("garbage.sgf");
    let _ = std::fs::write(&garbage_sgf, "hello world\n");
    let broken_sgf = scratch("broken.sgf");
    let _ = std::fs::write(&broken_sgf, "(;FF[4]GM[6]");
    let directory = std::env::temp_dir();
    let script = format!(
        "import mat /nonexistent/x.mat\nimport mat {garbage}\nimport mat {directory}\n\
         load match /nonexistent/x.sgf\nload match {garbage_sgf}\nload match {broken_sgf}\n\
         load match {directory}\nload position /nonexistent/x.sgf\n\
         save position {p}\nexport match mat {p}\nsave match {p}\n\
         export match mat\nsave match\nload match\nload position\nimport mat\nshow board\n",
        garbage = garbage.display(),
        garbage_sgf = garbage_sgf.display(),
        broken_sgf = broken_sgf.display(),
        directory = directory.display(),
        p = scratch("never-written.sgf").display(),
    );
    let (gnubg_out, gnubg_err) = run_gnubg(&script);
    let (tavli_out, tavli_err, _) = run_tavli(&script);
    assert_eq!(tavli_out, gnubg_out);
    assert_eq!(tavli_err, gnubg_err);
}

#[test]
fn a_live_match_saves_and_exports_as_gnubg_does() {
    if !gnubg_available() {
        return;
    }
    let script = |tag: &str| {
        format!(
            "set seed 7\nnew match 3\nmove 13/11 24/23\nroll\nexport match mat {m}\nsave match {s}\nsave position {p}\nexport match mat -\nexport match mat {m}\n",
            m = scratch(&format!("live-{tag}.mat")).display(),
            s = scratch(&format!("live-{tag}.sgf")).display(),
            p = scratch(&format!("live-position-{tag}.sgf")).display(),
        )
    };
    let (gnubg_out, _) = run_gnubg(&script("gnubg"));
    let (tavli_out, _, _) = run_tavli(&script("tavli"));
    assert_eq!(tavli_out, gnubg_out);
    for file in ["live-{}.mat", "live-{}.sgf", "live-position-{}.sgf"] {
        let name = |tag: &str| scratch(&file.replace("{}", tag));
        assert_eq!(
            mask_application(&read(&name("tavli"))),
            mask_application(&read(&name("gnubg"))),
            "{file}"
        );
    }
}

/// A match saved on a roll not played yet (gnubg writes the roll without moves) loads again
/// with the roll on the board, from .mat and from SGF; a new game in place of its unfinished
/// Crawford game is post-Crawford play, as in gnubg.
#[test]
fn a_match_saved_before_its_roll_is_played_loads_again() {
    if !gnubg_available() {
        return;
    }
    let script = |tag: &str| {
        let mat = scratch(&format!("pending-{tag}.mat"));
        let sgf = scratch(&format!("pending-{tag}.sgf"));
        format!(
            "set seed 5\nnew match 3\nresign\naccept\nresign\naccept\nroll\nexport match mat {m}\nsave match {s}\nimport mat {m}\nshow score\nlist game\nnew game\nshow score\nload match {s}\nshow board\nnew game\nshow score\n",
            m = mat.display(),
            s = sgf.display(),
        )
    };
    let (gnubg_out, _) = run_gnubg(&script("gnubg"));
    let (tavli_out, tavli_err, _) = run_tavli(&script("tavli"));
    assert!(tavli_err.is_empty(), "{tavli_err}");
    assert!(gnubg_out.contains("post-Crawford play"), "{gnubg_out}");
    assert_eq!(tavli_out, gnubg_out);
}

/// A board set during play is saved with the player who was on roll when it was set, as
/// gnubg writes it, not with the player on roll when the match is saved.
#[test]
fn a_board_set_during_play_saves_with_its_player_on_roll() {
    if !gnubg_available() {
        return;
    }
    let script = |tag: &str| {
        format!(
            "set seed 5\nnew game\nmove 13/11 6/5\nset board 4HPwATDgc/ABMA\nset dice 21\nmove 13/11 6/5\nsave match {s}\n",
            s = scratch(&format!("set-board-{tag}.sgf")).display(),
        )
    };
    let (gnubg_out, _) = run_gnubg(&script("gnubg"));
    let (tavli_out, _, _) = run_tavli(&script("tavli"));
    assert_eq!(tavli_out, gnubg_out);
    let name = |tag: &str| scratch(&format!("set-board-{tag}.sgf"));
    assert!(
        read(&name("gnubg")).contains(";PL[B]AE[a:y]"),
        "gnubg's file"
    );
    assert_eq!(
        mask_application(&read(&name("tavli"))),
        mask_application(&read(&name("gnubg")))
    );
}

/// Games of the REPL that end by a drop or an accepted resignation are exported with their
/// last record (` Drops`), as gnubg writes them, and saved as gnubg saves them (the roll a
/// game was resigned on as dice alone).
#[test]
fn dropped_and_resigned_games_export_as_gnubg_does() {
    if !gnubg_available() {
        return;
    }
    let script = |tag: &str| {
        format!(
            "set seed 5\nnew match 5\nmove 13/11 6/5\ndouble\ndrop\nmove\nresign\naccept\nroll\ndouble\ndrop\nexport match mat {m}\nsave match {s}\n",
            m = scratch(&format!("endings-{tag}.mat")).display(),
            s = scratch(&format!("endings-{tag}.sgf")).display(),
        )
    };
    let (gnubg_out, _) = run_gnubg(&script("gnubg"));
    let (tavli_out, _, _) = run_tavli(&script("tavli"));
    assert_eq!(tavli_out, gnubg_out);
    let name = |tag: &str, extension: &str| scratch(&format!("endings-{tag}.{extension}"));
    assert!(
        !read(&name("gnubg", "mat")).is_empty(),
        "gnubg wrote nothing"
    );
    assert_eq!(read(&name("tavli", "mat")), read(&name("gnubg", "mat")));
    assert_eq!(
        mask_application(&read(&name("tavli", "sgf"))),
        mask_application(&read(&name("gnubg", "sgf")))
    );
}

/// The Crawford rule is saved as gnubg records it for the match (`RU[Crawford]`): not after
/// `new match 1` nor after `new match 3` with `set automatic crawford off` (a later change
/// leaves the match's rule as it was), always after `import mat`, and as the file said after
/// `load match`, a 1-point match included.
#[test]
fn the_crawford_rule_is_saved_as_gnubg_records_it() {
    if !gnubg_available() {
        return;
    }
    let with_rule = scratch("crawford-rule-1pt.sgf");
    let text = std::fs::read_to_string(fixture("sgf", "seed07-1pt", "sgf")).unwrap();
    let (root, rest) = text.split_once('\n').unwrap();
    std::fs::write(&with_rule, format!("{root}RU[Crawford]\n{rest}")).unwrap();
    let script = |tag: &str| {
        let save = |case: &str| {
            format!(
                "save match {}\n",
                scratch(&format!("crawford-{case}-{tag}.sgf")).display()
            )
        };
        [
            "new match 1\n".to_string(),
            save("new-1"),
            "new match 3\nset automatic crawford off\n".to_string(),
            save("new-3"),
            "new match 3\nset automatic crawford on\n".to_string(),
            save("off-3"),
            format!("import mat {}\n", fixture("mat", "seed07-1pt", "mat")),
            save("import-1"),
            format!("load match {}\n", fixture("sgf", "seed07-1pt", "sgf")),
            save("load-1"),
            format!("load match {}\n", with_rule.display()),
            save("load-rule-1"),
            "set automatic crawford on\n".to_string(),
        ]
        .concat()
    };
    // `off-3` runs with automatic crawford off since `new-3`.
    run_gnubg(&script("gnubg"));
    run_tavli(&script("tavli"));
    for (case, rule) in [
        ("new-1", false),
        ("new-3", true),
        ("off-3", false),
        ("import-1", true),
        ("load-1", false),
        ("load-rule-1", true),
    ] {
        let name = |tag: &str| scratch(&format!("crawford-{case}-{tag}.sgf"));
        // Each game's rules (gnubg saves the fixture's analysis again, tavli does not).
        let rules = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|line| line.starts_with("(;"))
                .map(|root| {
                    root.split_once("RU[")
                        .and_then(|(_, rest)| rest.split_once(']'))
                        .map_or(String::new(), |(value, _)| value.to_string())
                })
                .collect()
        };
        let gnubg = rules(&read(&name("gnubg")));
        assert!(!gnubg.is_empty(), "{case}: gnubg wrote nothing");
        assert_eq!(
            gnubg.iter().all(|value| value.starts_with("Crawford")),
            rule,
            "{case}: gnubg's file {gnubg:?}"
        );
        assert_eq!(rules(&read(&name("tavli"))), gnubg, "{case}");
    }
}

/// tavli's rule (gnubg 1.07 discards the game instead): a failed import changes nothing.
#[test]
fn a_failed_load_leaves_the_session_unchanged() {
    let garbage = scratch("garbage-unchanged.mat");
    let _ = std::fs::write(&garbage, "not a match\n");
    let script = format!(
        "set seed 3\nnew match 5\nimport mat {}\nload match /nonexistent/x.sgf\nimport mat {}\nshow score\n",
        garbage.display(),
        std::env::temp_dir().display()
    );
    let (out, err, session) = run_tavli(&script);
    assert!(err.contains("not a valid .mat file"), "{err}");
    assert!(err.contains("No such file or directory"), "{err}");
    assert!(out.ends_with("The score (after 0 games) is: gnubg 0, root 0 (match to 5 points)"));
    assert_eq!(session.state().match_length, 5);
    insta::assert_snapshot!(
        "failed_load_stderr",
        err.replace(&*garbage.display().to_string(), "GARBAGE")
            .replace(&*std::env::temp_dir().display().to_string(), "TMP")
    );
}

#[test]
fn export_position_draws_the_board_as_svg_and_png() {
    let svg = scratch("export-position.svg");
    let png = scratch("export-position.png");
    let script = format!(
        "export position svg {}\nnew game\nexport position svg {}\nexport position png {}\nexport position png -\nexport position svg\n",
        svg.display(),
        svg.display(),
        png.display()
    );
    let (output, errors, session) = run_tavli(&script);
    // The messages, wherever the session writes them: before a game gnubg's "No game in
    // progress."; a PNG never goes to standard output; a missing name is refused as the other
    // exports refuse it.
    let transcript = format!("{output}{errors}");
    assert!(transcript.contains("No game in progress."), "{transcript}");
    assert!(
        transcript.contains("cannot be written to standard output"),
        "{transcript}"
    );
    assert!(
        transcript.contains("You must specify a file to export to."),
        "{transcript}"
    );
    let text = read(&svg);
    let document = roxmltree::Document::parse(&text).expect("the SVG is XML");
    let title = document
        .descendants()
        .find(|node| node.has_tag_name("title"))
        .and_then(|node| node.text())
        .unwrap_or_default()
        .to_string();
    let id = tavli::codec::position_id::encode(&session.state().board, session.state().on_roll);
    assert!(title.contains(&id), "{title} lacks {id}");
    let names = session.names();
    assert!(text.contains(&names[0]) && text.contains(&names[1]));
    let bytes = std::fs::read(&png).expect("the PNG was written");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().expect("the PNG decodes");
    assert_eq!(reader.info().width, 800);
}

/// A match comment of several lines (read from a .mat) is saved whole: gnubg's statistics
/// go at the end of each game's root node, not after the comment's first line (where the
/// saved file could not be loaded again), and `load match` reads the file back.
#[test]
fn a_comment_of_several_lines_survives_save_match() {
    let fixture_text = read(Path::new(&fixture("mat", "seed11-5pt", "mat")));
    let mat = scratch("comment.mat");
    let sgf = scratch("comment.sgf");
    let commented =
        fixture_text.replacen("\n", "\n; first line (of the comment)\n; second line\n", 1);
    std::fs::write(&mat, commented).unwrap();
    let (_, stderr, imported) = run_tavli(&format!(
        "import mat {}\nsave match {}\n",
        mat.display(),
        sgf.display()
    ));
    assert_eq!(stderr, "");
    let saved = read(&sgf);
    assert!(
        saved.contains("GC[first line (of the comment)\nsecond line]"),
        "{saved}"
    );
    let trees = saved.matches("(;FF[4]").count();
    assert!(trees > 1);
    assert_eq!(saved.matches("GS[M:").count(), trees, "{saved}");
    let (_, stderr, loaded) = run_tavli(&format!("load match {}\n", sgf.display()));
    assert_eq!(stderr, "", "the saved file loads");
    assert_eq!(loaded.state(), imported.state());
}

/// `swap players` turns every record of the match round, finished games included, as gnubg
/// does: the saved match names each action's player after the swap.
#[test]
fn swapped_players_save_their_actions_swapped() {
    if !gnubg_available() {
        return;
    }
    let script = |tag: &str| {
        format!(
            "set seed 7\nnew match 5\nmove 13/11 6/5\nset dice 3 1\nmove 8/5 6/5\nresign single\naccept\nset dice 4 2\nmove 8/4 6/4\nset dice 6 4\nmove 24/14\ndouble\ntake\nswap players\nset dice 5 2\nmove 13/8 13/11\nsave match {s}\n",
            s = scratch(&format!("swapped-{tag}.sgf")).display(),
        )
    };
    let (gnubg_out, _) = run_gnubg(&script("gnubg"));
    let (tavli_out, _, _) = run_tavli(&script("tavli"));
    assert_eq!(tavli_out, gnubg_out);
    let name = |tag: &str| scratch(&format!("swapped-{tag}.sgf"));
    assert!(
        read(&name("gnubg")).contains("PW[root]PB[gnubg]"),
        "gnubg's file"
    );
    assert_eq!(
        mask_application(&read(&name("tavli"))),
        mask_application(&read(&name("gnubg")))
    );
}

/// A match saved after `set score` starts at that score: saved and exported by each program,
/// each file loaded by both (`load match`, `import mat`) gives gnubg's board and score, the
/// Crawford game and post-Crawford play as gnubg reads them (an SGF's mark; a .mat has none,
/// and one player 1-away makes it the Crawford game).
#[test]
fn a_match_saved_after_set_score_loads_in_both_programs_as_in_gnubg() {
    if !gnubg_available() {
        return;
    }
    let setups = [
        ("post-crawford", "new match 3\nset score 1 2\n"),
        ("crawford", "new match 3\nset score 1 2\nset crawford on\n"),
        ("crawford-by-score", "new match 3\nset score 0 2\n"),
        (
            "set-post-crawford",
            "new match 5\nset score 4 1\nset postcrawford on\n",
        ),
        ("no-one-away", "new match 7\nset score 2 3\n"),
        (
            "games-after",
            "new match 5\nset score 2 3\nmove 13/11 24/23\nresign normal\naccept\nnew game\n",
        ),
    ];
    let file = |name: &str, tag: &str, extension: &str| {
        scratch(&format!("set-score-{name}-{tag}.{extension}"))
    };
    for tag in ["gnubg", "tavli"] {
        let script: String = setups
            .iter()
            .map(|(name, setup)| {
                format!(
                    "set seed 7\n{setup}show score\nsave match {}\nexport match mat {}\n",
                    file(name, tag, "sgf").display(),
                    file(name, tag, "mat").display()
                )
            })
            .collect();
        let saved = if tag == "gnubg" {
            run_gnubg(&script)
        } else {
            let (out, err, _) = run_tavli(&script);
            (out, err)
        };
        if tag == "tavli" {
            let (gnubg_out, gnubg_err) = run_gnubg(&script);
            assert_eq!(saved, (gnubg_out, gnubg_err), "saving");
        }
    }
    for (name, _) in setups {
        assert_eq!(
            mask_application(&read(&file(name, "tavli", "sgf"))),
            mask_application(&read(&file(name, "gnubg", "sgf"))),
            "{name}: saved .sgf"
        );
        assert_eq!(
            read(&file(name, "tavli", "mat")),
            read(&file(name, "gnubg", "mat")),
            "{name}: exported .mat"
        );
    }
    let loads: String = setups
        .iter()
        .flat_map(|(name, _)| {
            ["gnubg", "tavli"].map(|tag| {
                format!(
                    "load match {}\nshow score\nshow crawford\nimport mat {}\nshow score\nshow crawford\n",
                    file(name, tag, "sgf").display(),
                    file(name, tag, "mat").display()
                )
            })
        })
        .collect();
    let (gnubg_out, gnubg_err) = run_gnubg(&loads);
    let (tavli_out, tavli_err, _) = run_tavli(&loads);
    assert_eq!(tavli_err, gnubg_err, "loading");
    assert_eq!(tavli_out, gnubg_out, "loading");
    // Not 0-0 after any of them: every file was read from its own start.
    assert_eq!(
        gnubg_out.matches("The score (after").count(),
        setups.len() * 4
    );
    assert!(!gnubg_out.contains("gnubg 0, root 0"), "{gnubg_out}");
    // `validate` and `analyse` read the same start: said as a warning, and analysed.
    for (name, _) in setups {
        for extension in ["sgf", "mat"] {
            let path = file(name, "tavli", extension);
            for command in [
                &["validate"][..],
                &["analyse", "--plies", "0", "--jobs", "1"],
            ] {
                let output = std::process::Command::new(tavli_binary())
                    .args(command)
                    .args(["--color", "never"])
                    .arg(&path)
                    .output()
                    .expect("tavli runs");
                let said = format!(
                    "{}{}",
                    String::from_utf8_lossy(&output.stdout),
                    String::from_utf8_lossy(&output.stderr)
                );
                assert!(
                    output.status.success(),
                    "{command:?} {name}.{extension}: {said}"
                );
                assert!(
                    said.contains("wrong-score: warning: the match starts at"),
                    "{command:?} {name}.{extension}: {said}"
                );
            }
        }
    }
}
