//! Resignations offered, refused and accepted (needs gnubg; a few seconds). gnubg's players
//! resign when the game is lost and never refuse (the fresh matches of
//! `gnubg_fresh_matches.rs` have such resignations, at every cube); here two human players
//! in gnubg's REPL and in tavli's play the same script: in each game of a match the player on
//! roll offers, at the first roll, resignations of rising level that the other refuses, then
//! one that is accepted, in a money session (the levels and the Jacoby rule at random;
//! `TAVLI_FRESH_SEED` replays a run). Both
//! programs must answer alike, refused offers leave no trace in the files, and tavli must read
//! gnubg's .sgf and .mat (gnubg 1.07 writes such a game's .mat line as `  1) 31:       Wins 2
//! points`, and reads neither back whole) to the score gnubg reports, and gnubg tavli's.

use crate::gnubg_fresh_matches::{seed, Random};
use crate::support::{gnubg_available, run_gnubg, tavli};
use std::path::{Path, PathBuf};
use tavli::matchfile::{validate_path, Verdict};

const LEVELS: [&str; 3] = ["normal", "gammon", "backgammon"];

/// The script of a money session of 2 to 5 games, each with refused offers then an accepted
/// one, with or without the Jacoby rule. Returns the script (without its saving lines) and
/// the points each game is won by.
fn script(random: &mut Random) -> (String, Vec<u32>) {
    let jacoby = random.below(2) == 0;
    let mut script = format!(
        "set player 0 human\nset player 1 human\nset automatic roll on\n\
         set automatic game off\nset jacoby {}\nnew session\n",
        if jacoby { "on" } else { "off" }
    );
    let mut points = Vec::new();
    for game in 0..2 + random.below(4) {
        if game > 0 {
            script.push_str("new game\n");
        }
        let accepted = random.below(3);
        for (level, word) in LEVELS.iter().enumerate().take(accepted + 1) {
            if level < accepted && random.below(2) == 0 {
                continue;
            }
            let answer = if level == accepted {
                "accept"
            } else {
                "reject"
            };
            script.push_str(&format!("resign {word}\n{answer}\n"));
        }
        // A resigned gammon counts under the Jacoby rule too, as gnubg counts it.
        points.push(accepted as u32 + 1);
    }
    (script, points)
}

/// The lines of a REPL's transcript about resignations and their outcome, the players'
/// names made one (the programs' dice, and so who is on roll, differ).
fn resignation_lines(transcript: &str) -> Vec<String> {
    let names: Vec<String> = transcript
        .lines()
        .filter_map(|line| line.split(" is: ").nth(1))
        .flat_map(|scores| scores.split(',').take(2))
        .filter_map(|part| part.split_whitespace().next().map(ToString::to_string))
        .collect();
    transcript
        .lines()
        .map(|line| {
            let mut line = line.trim().to_string();
            for name in &names {
                line = line.replace(name.as_str(), "PLAYER");
            }
            line
        })
        .filter(|line| {
            [
                "offers to resign",
                "declines",
                "accepts and wins",
                " wins a",
                "already declined",
            ]
            .iter()
            .any(|word| line.contains(word))
        })
        .collect()
}

/// The last `The score (after N games) is: A x, B y` line's two scores.
fn final_score(transcript: &str) -> Option<[u32; 2]> {
    let line = transcript
        .lines()
        .rfind(|line| line.contains("The score (after"))?;
    let scores: Vec<u32> = line
        .split(" is: ")
        .nth(1)?
        .split(',')
        .filter_map(|part| {
            part.split_whitespace()
                .find_map(|word| word.trim_end_matches(['(', '.']).parse().ok())
        })
        .collect();
    (scores.len() >= 2).then(|| [scores[0], scores[1]])
}

/// Runs tavli's REPL on `input`.
fn run_tavli(input: &str) -> String {
    String::from_utf8_lossy(&tavli(&[], input).stdout).into_owned()
}

fn saving(dir: &Path, name: &str) -> String {
    format!(
        "show score\nsave match {0}.sgf\nexport match mat {0}.mat\n",
        dir.join(name).display()
    )
}

#[test]
fn refused_and_accepted_resignations_are_answered_and_read_as_gnubg_does() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: skipped");
        return;
    }
    let seed = seed();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("resignations-{seed}"));
    std::fs::create_dir_all(&dir).unwrap();
    let mut random = Random(seed ^ 0x0E51_6A7E);
    let (moves, points) = script(&mut random);
    let context = format!("seed {seed} (TAVLI_FRESH_SEED={seed}): {moves}");
    let prefix = format!("set seed {}\n", seed % 100_000);
    let gnubg = run_gnubg(&format!("{prefix}{moves}{}", saving(&dir, "gnubg")));
    let ours = run_tavli(&format!("{prefix}{moves}{}", saving(&dir, "tavli")));
    // Both answer every offer alike, and come to the same score.
    assert_eq!(
        resignation_lines(&ours),
        resignation_lines(&gnubg),
        "{context}: the answers to the offers"
    );
    let score = final_score(&gnubg).expect("gnubg's score");
    let our_score = final_score(&ours).expect("tavli's score");
    assert_eq!(
        (score.iter().sum::<u32>(), our_score.iter().sum::<u32>()),
        (points.iter().sum::<u32>(), points.iter().sum::<u32>()),
        "{context}: the accepted levels"
    );
    // tavli reads both programs' files to that score; gnubg's are valid, with warnings about
    // what gnubg itself cannot read back (its .mat's run-on line).
    for (name, score) in [
        ("gnubg.sgf", score),
        ("gnubg.mat", score),
        ("tavli.sgf", our_score),
        ("tavli.mat", our_score),
    ] {
        let report = validate_path(&dir.join(name));
        assert_ne!(
            report.verdict,
            Verdict::Invalid,
            "{context}: {name}: {}",
            report.summary()
        );
        assert_eq!(
            (report.games, report.final_score),
            (points.len(), score),
            "{context}: {name}"
        );
    }
    // gnubg loads an SGF game resigned at its first roll (only its .mat import drops one).
    for name in ["gnubg.sgf", "tavli.sgf", "tavli.mat"] {
        let report = validate_path(&dir.join(name));
        assert_eq!(
            report.verdict,
            Verdict::Valid,
            "{context}: {name}: {:?}",
            report.diagnostics
        );
    }
    let read = run_gnubg(&format!(
        "load match {}\nshow score\n",
        dir.join("gnubg.sgf").display()
    ));
    assert_eq!(
        final_score(&read),
        Some(score),
        "{context}: gnubg reading its SGF"
    );
    // gnubg reads tavli's .mat to the same score.
    let read = run_gnubg(&format!(
        "import mat {}\nshow score\n",
        dir.join("tavli.mat").display()
    ));
    assert_eq!(
        final_score(&read),
        Some(our_score),
        "{context}: gnubg reading tavli's .mat"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
