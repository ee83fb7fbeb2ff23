//! Fresh match files from gnubg (needs gnubg; about 20 seconds): gnubg plays itself at 0 ply
//! with a seed chosen at random (`TAVLI_FRESH_SEED` replays one), N-point matches and money
//! sessions with the cube, with and without Crawford and Jacoby, and saves each as .sgf and
//! exports it as .mat. Every file must be valid, its .mat and .sgf the same match, tavli's
//! .mat of either byte for byte gnubg's, and gnubg must read tavli's files as its own. Then
//! each .mat is corrupted (a step of the wrong distance, a score line, a cube value, two move
//! lines swapped) and the first error must be the right kind on the changed line.

use crate::support::{gnubg_available, run_gnubg, tavli};
use std::path::{Path, PathBuf};
use tavli::matchfile::{
    read_match_text, validate_path, write_mat, write_sgf, Format, SgfOptions, Verdict,
};

/// A small deterministic generator (SplitMix64) for the match settings and the corruptions.
pub(crate) struct Random(pub(crate) u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// The seed of this run: `TAVLI_FRESH_SEED`, or the clock.
pub(crate) fn seed() -> u64 {
    std::env::var("TAVLI_FRESH_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |elapsed| elapsed.as_secs() % 1_000_000)
        })
}

/// One match gnubg plays: its name and the commands before `new match`/`new session`.
pub(crate) struct Played {
    pub(crate) name: String,
    script: String,
}

/// The matches of this run: four N-point matches and two money sessions.
pub(crate) fn matches(random: &mut Random, dir: &Path) -> Vec<Played> {
    let mut played = Vec::new();
    for index in 0..6 {
        let mut script = String::new();
        let name;
        if index < 4 {
            let length = [1, 3, 5, 7, 9][random.below(5)];
            let crawford = random.below(4) != 0;
            name = format!("match{index}-{length}pt");
            script.push_str(&format!(
                "set crawford {}\nset automatic game on\nnew match {length}\n",
                if crawford { "on" } else { "off" }
            ));
        } else {
            let games = 2 + random.below(4);
            let jacoby = random.below(2) == 0;
            name = format!("session{index}-money");
            script.push_str(&format!(
                "set jacoby {}\nset automatic game off\nnew session\n",
                if jacoby { "on" } else { "off" }
            ));
            for _ in 1..games {
                script.push_str("new game\n");
            }
        }
        let path = dir.join(&name);
        script.push_str(&format!(
            "save match {0}.sgf\nexport match mat {0}.mat\n",
            path.display()
        ));
        played.push(Played { name, script });
    }
    played
}

/// Has gnubg play the matches (seeded) and write them under `dir`.
pub(crate) fn play(seed: u64, played: &[Played]) {
    let mut script = format!("set seed {seed}\n");
    for player in 0..2 {
        script.push_str(&format!(
            "set player {player} gnubg\nset player {player} chequerplay evaluation plies 0\n\
             set player {player} cubedecision evaluation plies 0\n"
        ));
    }
    script.push_str("set automatic roll on\n");
    for one in played {
        script.push_str(&one.script);
    }
    run_gnubg(&script);
}

/// gnubg's .mat export without its `EventDate` line (the day it was written).
fn without_date(text: &str) -> String {
    text.lines()
        .filter(|line| !line.starts_with("; [EventDate"))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// What gnubg exports as .mat after reading `path` with `command` (`load match`, `import mat`).
fn gnubg_reexport(command: &str, path: &Path, out: &Path) -> String {
    run_gnubg(&format!(
        "{command} {}\nexport match mat {}\n",
        path.display(),
        out.display()
    ));
    without_date(&std::fs::read_to_string(out).unwrap_or_default())
}

#[test]
fn fresh_gnubg_matches_are_valid_round_trip_and_gnubg_reads_ours() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: skipped");
        return;
    }
    let seed = seed();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fresh-gnubg-{seed}"));
    std::fs::create_dir_all(&dir).unwrap();
    let mut random = Random(seed);
    let played = matches(&mut random, &dir);
    play(seed, &played);
    for one in &played {
        let context = format!("seed {seed} (TAVLI_FRESH_SEED={seed}), {}", one.name);
        let mat_path = dir.join(format!("{}.mat", one.name));
        let sgf_path = dir.join(format!("{}.sgf", one.name));
        let mat = validate_path(&mat_path);
        let sgf = validate_path(&sgf_path);
        // gnubg's .mat does not say whether a money session has the Jacoby rule: a gammon
        // with the cube centred counted in full reads it as off, with a warning.
        let jacoby_read_off = mat.verdict == Verdict::ValidWithWarnings
            && mat.diagnostics.iter().all(|d| {
                d.message
                    .starts_with("the file does not say whether the Jacoby rule applies")
            });
        assert!(
            mat.verdict == Verdict::Valid || jacoby_read_off,
            "{context}: {}",
            mat.summary()
        );
        assert_eq!(sgf.verdict, Verdict::Valid, "{context}: {}", sgf.summary());
        assert_eq!(
            (mat.games, mat.final_score),
            (sgf.games, sgf.final_score),
            "{context}"
        );
        let mat_text = std::fs::read_to_string(&mat_path).unwrap();
        let sgf_text = std::fs::read_to_string(&sgf_path).unwrap();
        let from_mat = read_match_text(&mat_text, Format::Mat).unwrap();
        let from_sgf = read_match_text(&sgf_text, Format::Sgf).unwrap();
        assert_eq!(write_mat(&from_mat), mat_text, "{context}: .mat rewritten");
        assert_eq!(
            write_mat(&from_sgf),
            mat_text,
            "{context}: .sgf written as .mat"
        );
        // gnubg reads tavli's SGF as the match it played, and tavli's .mat as its own .mat.
        let ours_sgf = dir.join(format!("{}-tavli.sgf", one.name));
        let ours_mat = dir.join(format!("{}-tavli.mat", one.name));
        std::fs::write(&ours_sgf, write_sgf(&from_mat, &SgfOptions::default())).unwrap();
        std::fs::write(&ours_mat, write_mat(&from_sgf)).unwrap();
        let scratch = dir.join("gnubg-export.mat");
        assert_eq!(
            gnubg_reexport("load match", &ours_sgf, &scratch),
            without_date(&mat_text),
            "{context}: gnubg reading tavli's SGF"
        );
        assert_eq!(
            gnubg_reexport("import mat", &ours_mat, &scratch),
            gnubg_reexport("import mat", &mat_path, &scratch),
            "{context}: gnubg importing tavli's .mat"
        );
        corrupted_copies_are_flagged(&mat_text, &dir, &one.name, &mut random, &context);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The first error `tavli validate` gives for `text` (written to `path`): line and kind.
fn first_error(path: &Path, text: &str) -> Option<(usize, String)> {
    std::fs::write(path, text).unwrap();
    let output = tavli(
        &["validate", "--color", "never", &path.to_string_lossy()],
        "",
    );
    let shown = String::from_utf8_lossy(&output.stdout).into_owned();
    let prefix = format!("{}:", path.display());
    shown.lines().find_map(|line| {
        let rest = line.strip_prefix(&prefix)?;
        let mut fields = rest.splitn(4, ':');
        let line_number = fields.next()?.parse().ok()?;
        let _column = fields.next()?;
        let kind = fields.next()?.trim().to_string();
        let message = fields.next()?;
        (!message.trim_start().starts_with("warning")).then_some((line_number, kind))
    })
}

/// Each corruption of `text` that applies: (name, changed text, 1-based line, expected kind).
fn corruptions(
    text: &str,
    random: &mut Random,
) -> Vec<(&'static str, String, usize, &'static str)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let rebuild = |index: usize, new: String| {
        let mut changed: Vec<String> = lines.iter().map(ToString::to_string).collect();
        changed[index] = new;
        changed.join("\n")
    };
    let mut found = Vec::new();
    // A step whose distance is neither die (the roll not a double, the step not bearing off).
    let mut steps = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        for (start, _) in line.match_indices(": ") {
            let dice = &line[start.saturating_sub(2)..start];
            let digits: Vec<u32> = dice.chars().filter_map(|c| c.to_digit(10)).collect();
            let rest = &line[start + 2..];
            let step = rest.split(' ').next().unwrap_or("");
            let Some((from, to)) = step.trim_end_matches('*').split_once('/') else {
                continue;
            };
            let (Ok(from), Ok(to)) = (from.parse::<u32>(), to.parse::<u32>()) else {
                continue;
            };
            if digits.len() != 2 || digits[0] == digits[1] || to == 0 {
                continue;
            }
            let distances: Vec<u32> = (1..=6)
                .filter(|d| {
                    !digits.contains(d)
                        && *d != digits[0] + digits[1]
                        && from > *d
                        && from - d != to
                })
                .collect();
            if !distances.is_empty() {
                steps.push((index, start + 2, step.len(), from, distances));
            }
        }
    }
    if !steps.is_empty() {
        let (index, at, length, from, distances) = steps[random.below(steps.len())].clone();
        let distance = distances[random.below(distances.len())];
        let line = lines[index];
        let new = format!(
            "{}{from}/{}{}",
            &line[..at],
            from - distance,
            &line[at + length..]
        );
        found.push((
            "a step of the wrong distance",
            rebuild(index, new),
            index + 1,
            "illegal-move",
        ));
    }
    // A score line after the first game, one point more for one player.
    let scores: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(index, _)| *index > 0 && lines[index - 1].trim_start().starts_with("Game "))
        .map(|(index, _)| index)
        .skip(1)
        .collect();
    if !scores.is_empty() {
        let index = scores[random.below(scores.len())];
        let line = lines[index];
        let colon = line.rfind(": ").unwrap() + 2;
        let digits = line[colon..].trim_end();
        let value: u32 = digits.parse().unwrap();
        let new = format!("{}{}", &line[..colon], value + 1);
        found.push((
            "a score line",
            rebuild(index, new),
            index + 1,
            "wrong-score",
        ));
    }
    // A cube value twice what it should be.
    let doubles: Vec<(usize, usize)> = lines
        .iter()
        .enumerate()
        .flat_map(|(index, line)| {
            line.match_indices("Doubles => ")
                .map(move |(at, _)| (index, at))
        })
        .collect();
    if !doubles.is_empty() {
        let (index, at) = doubles[random.below(doubles.len())];
        let line = lines[index];
        let start = at + "Doubles => ".len();
        let digits: String = line[start..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let value: u32 = digits.parse().unwrap();
        let new = format!(
            "{}{}{}",
            &line[..start],
            value * 2,
            &line[start + digits.len()..]
        );
        found.push((
            "a cube value",
            rebuild(index, new),
            index + 1,
            "wrong-cube-value",
        ));
    }
    // Two adjacent numbered move lines swapped.
    let numbered = |line: &str| {
        let trimmed = line.trim_start();
        let digits = trimmed.chars().take_while(char::is_ascii_digit).count();
        digits > 0 && trimmed[digits..].starts_with(')')
    };
    let pairs: Vec<usize> = (0..lines.len().saturating_sub(1))
        .filter(|&index| numbered(lines[index]) && numbered(lines[index + 1]))
        .collect();
    if !pairs.is_empty() {
        let index = pairs[random.below(pairs.len())];
        let mut changed: Vec<&str> = lines.clone();
        changed.swap(index, index + 1);
        found.push((
            "two lines swapped",
            changed.join("\n"),
            index + 1,
            "move-number",
        ));
    }
    found
}

fn corrupted_copies_are_flagged(
    text: &str,
    dir: &Path,
    name: &str,
    random: &mut Random,
    context: &str,
) {
    let path = dir.join(format!("{name}-corrupt.mat"));
    let corrupted = corruptions(text, random);
    // Every match has a move line to break and two move lines to swap.
    assert!(
        corrupted.len() >= 2,
        "{context}: {} corruptions",
        corrupted.len()
    );
    for (what, changed, line, kind) in corrupted {
        let found = first_error(&path, &changed);
        assert_eq!(
            found,
            Some((line, kind.to_string())),
            "{context}: {what} at line {line}:\n{changed}"
        );
    }
}
