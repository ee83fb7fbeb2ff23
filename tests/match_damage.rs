//! Mutation testing of `tavli validate` on real match files (gnubg as the oracle where it can
//! be; about a minute): real files of `../shared/fixtures/matches` (every format its
//! MANIFEST.tsv lists; `fixtures/mat/real` when the shared copy is absent) and fresh gnubg
//! .mat and .sgf files, each given one random damage: a die changed, a move's point changed,
//! a step dropped or written twice, a double removed or swapped with its answer, a score
//! line, a `Wins N` or a `Losses N` changed, a game header dropped, a line cut, a byte's
//! bits flipped, an SGF move node dropped or written twice. Seeded: `TAVLI_DAMAGE_SEED`
//! replays a run, `TAVLI_DAMAGE_COUNT` sets how many real files are damaged.
//!
//! The oracle is decided apart from `validate`: a changed play is wrong when gnubg's own
//! `import mat` finds an invalid move it did not find in the original; a changed score line is
//! wrong by the arithmetic of the results before it (the first game's is where the match
//! starts, as after gnubg's `set score`: it must be said, as a warning); a dropped step, a dropped header, a double
//! gone or answered before it is offered, a missing or doubled SGF move are wrong by the rules
//! whatever the position. `validate` must flag a wrong record at the damaged line (or, where
//! the record only becomes inconsistent later, at the first line where it does), in words and
//! never before the damage; it may accept a damage that leaves a valid record (another legal
//! play). Never a panic, never a hang, exit 1 exactly when an error is listed. `tavli analyse`
//! on the same copy refuses what `validate` rejects and says what it says: it never analyses
//! a wrong record silently. The rates (flagged at the line, later, only warned, accepted) are
//! printed (`--nocapture`).

mod damages;

use crate::gnubg_fresh_matches::{matches, play, Random};
use crate::support::{env_number, gnubg_available, output_within, run_gnubg, tavli_binary};
use damages::{flipped, mat_damages, sgf_damages, Expect};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// What `validate` made of a damaged copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    AtLine,
    Later,
    Earlier,
    WarnedOnly,
    Accepted,
}

/// A diagnostic of the text report: line, kind, message, whether it is a warning.
struct Shown {
    line: usize,
    kind: String,
    message: String,
    warning: bool,
}

/// Runs `tavli validate` on `path` (at most 20 seconds): exit code and diagnostics.
fn validate(path: &Path) -> (Option<i32>, Vec<Shown>) {
    let child = Command::new(tavli_binary())
        .args(["validate", "--color", "never", "--max-diagnostics", "0"])
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tavli starts");
    let (code, shown) = output_within(child, Duration::from_secs(20));
    let prefix = format!("{}:", path.display());
    let diagnostics = shown
        .lines()
        .filter_map(|line| {
            let mut fields = line.strip_prefix(&prefix)?.splitn(4, ':');
            let line_number = fields.next()?.parse().ok()?;
            let _column: usize = fields.next()?.parse().ok()?;
            let kind = fields.next()?.trim().to_string();
            let message = fields.next()?.trim().to_string();
            let warning = message.starts_with("warning");
            Some(Shown {
                line: line_number,
                kind,
                message,
                warning,
            })
        })
        .collect();
    (code, diagnostics)
}

/// What is wrong with `tavli analyse` on `path` (at 0 ply, at most 60 seconds), given what
/// `validate` found there: a file with errors is refused (exit 1, no report, its errors on
/// standard error), one without is analysed (exit 0, a report) with its warnings said.
fn analysed_as_validated(path: &Path, errors: &[&Shown], shown: &[Shown]) -> Vec<String> {
    let stderr_path = path.with_extension("stderr");
    let child = Command::new(tavli_binary())
        .args(["analyse", "--plies", "0", "--color", "never", "--jobs", "1"])
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .expect("tavli starts");
    let (code, report) = output_within(child, Duration::from_secs(60));
    let said = std::fs::read_to_string(&stderr_path).unwrap_or_default();
    let _ = std::fs::remove_file(&stderr_path);
    let place = |diagnostic: &Shown| format!("{}:{}:", path.display(), diagnostic.line);
    let mut problems = Vec::new();
    if errors.is_empty() {
        if code != Some(0) || report.trim().is_empty() {
            problems.push(format!(
                "analyse: exit {code:?} on a file validate accepts: {said}"
            ));
        }
    } else if code != Some(1) || !report.trim().is_empty() {
        problems.push(format!(
            "analyse: exit {code:?} and a report of {} bytes on a file validate rejects",
            report.len()
        ));
    }
    // The first 200, as `validate` lists them by default.
    let first = shown.iter().take(200);
    if let Some(unsaid) = first
        .into_iter()
        .find(|diagnostic| !said.contains(&place(diagnostic)))
    {
        problems.push(format!(
            "analyse does not say {}: {}",
            place(unsaid),
            unsaid.message
        ));
    }
    problems
}

/// How many invalid moves gnubg's `import mat` reports for `path`.
fn gnubg_invalid_moves(path: &Path) -> usize {
    run_gnubg(&format!("import mat {}\n", path.display()))
        .matches("Invalid move")
        .count()
}

/// The real files to damage: every format of the shared fixtures' manifest (gnubg reads them;
/// the ones it rejects are left out), or the repository's copy of some.
fn real_files() -> Vec<PathBuf> {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/matches");
    let root = if shared.join("MANIFEST.tsv").exists() {
        shared
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mat/real")
    };
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).unwrap();
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields.len() > 6 && fields[6] != "rejected").then(|| root.join(fields[0]))
        })
        .collect()
}

/// Whether a message reads as words for a player, not as a program's debugging output (a
/// control character of the file quoted in it is shown as its picture, `␛`, so that it does
/// not act on the terminal; a Rust escape, `\u{1b}`, is debugging output). The file's own
/// text quoted between backticks is left out of the check for Rust's debug forms (an escape
/// is never right, quoted or not): a damaged line may hold `{ ` or `::` itself (seed 602517
/// turned `52: 24/22` into `52{ 24/22`, and the message quoted it).
fn in_words(message: &str) -> bool {
    let message = message.trim_start_matches("warning: ");
    let words: String = message
        .split('`')
        .enumerate()
        .filter(|(index, _)| index % 2 == 0)
        .map(|(_, part)| part)
        .collect::<Vec<_>>()
        .join("``");
    !message.is_empty()
        && !["panicked", "\\u{"]
            .iter()
            .any(|debug| message.contains(debug))
        && !["Some(", "None", "Err(", "Ok(", "{ ", "::"]
            .iter()
            .any(|debug| words.contains(debug))
}

#[test]
fn damaged_real_match_files_are_flagged_where_they_go_wrong() {
    let seed = env_number(
        "TAVLI_DAMAGE_SEED",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |elapsed| elapsed.as_secs() % 1_000_000),
    );
    let count: usize = env_number("TAVLI_DAMAGE_COUNT", 40);
    let gnubg = gnubg_available();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("damage-{seed}"));
    std::fs::create_dir_all(&dir).unwrap();
    let mut random = Random(seed ^ 0x6D61_7463_685F_646D);
    let all = real_files();
    let mut sources: Vec<PathBuf> = (0..count)
        .map(|_| all[random.below(all.len())].clone())
        .collect();
    if gnubg {
        let played = matches(&mut random, &dir);
        play(seed.wrapping_add(3), &played);
        for one in &played {
            for extension in ["mat", "sgf"] {
                sources.push(dir.join(format!("{}.{extension}", one.name)));
            }
        }
    } else {
        eprintln!("gnubg not installed: no fresh files, and no oracle for changed plays");
    }
    let mut rates: BTreeMap<(&str, Outcome), usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for (number, source) in sources.iter().enumerate() {
        let bytes = std::fs::read(source).unwrap();
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        let is_sgf = source
            .extension()
            .is_some_and(|extension| extension == "sgf");
        let mut damages = if is_sgf {
            sgf_damages(text, &mut random)
        } else {
            mat_damages(text, &mut random)
        };
        let skip = text.find("\n ").unwrap_or(0);
        damages.push(flipped(&bytes, skip, &mut random));
        // One damage a file, at random; the fresh files get every kind.
        if number < count {
            let chosen = random.below(damages.len());
            damages = vec![damages.swap_remove(chosen)];
        }
        let extension = if is_sgf { "sgf" } else { "mat" };
        let original = dir.join(format!("original-{number}.{extension}"));
        std::fs::write(&original, &bytes).unwrap();
        let (_, before) = validate(&original);
        if before.iter().any(|shown| !shown.warning) {
            failures.push(format!(
                "{}: the undamaged file is not valid",
                source.display()
            ));
            continue;
        }
        let before_invalid = (gnubg && !is_sgf).then(|| gnubg_invalid_moves(&original));
        for damage in damages {
            let path = dir.join(format!("damaged-{number}.{extension}"));
            std::fs::write(&path, &damage.text).unwrap();
            let context = format!(
                "TAVLI_DAMAGE_SEED={seed}: {} in {} (line {})",
                damage.kind,
                source.display(),
                damage.from,
            );
            let (code, shown) = validate(&path);
            let errors: Vec<&Shown> = shown.iter().filter(|shown| !shown.warning).collect();
            let wrong = match damage.expect {
                Expect::WrongAt | Expect::WrongFrom => true,
                Expect::AskGnubg => {
                    before_invalid.is_some_and(|before| gnubg_invalid_moves(&path) > before)
                }
                Expect::SaidAt | Expect::Open => false,
            };
            let outcome = if errors.iter().any(|error| error.line == damage.line) {
                Outcome::AtLine
            } else if errors.iter().any(|error| error.line > damage.line) {
                Outcome::Later
            } else if !errors.is_empty() {
                Outcome::Earlier
            } else if shown.iter().any(|shown| shown.line >= damage.from) {
                Outcome::WarnedOnly
            } else {
                Outcome::Accepted
            };
            *rates.entry((damage.kind, outcome)).or_default() += 1;
            let mut problems = Vec::new();
            match code {
                None => problems.push("no answer within 20 seconds".to_string()),
                Some(0 | 1) if (code == Some(1)) != errors.is_empty() => {}
                Some(code) => {
                    problems.push(format!("exit {code} with {} error(s) listed", errors.len()))
                }
            }
            // An SGF game's result is on its root line, before its moves: a game the damage
            // leaves unfinished is wrong there.
            let root = if is_sgf {
                text.split('\n')
                    .take(damage.from)
                    .enumerate()
                    .filter(|(_, line)| line.starts_with("(;"))
                    .map(|(index, _)| index + 1)
                    .last()
            } else {
                None
            };
            let early = errors.iter().find(|error| {
                error.line < damage.from
                    && Some(error.line) != root
                    && !(damage.kind == "bytes flipped" && error.kind == "unreadable")
            });
            if let Some(error) = early {
                problems.push(format!(
                    "an error before the damage, line {}: {}",
                    error.line, error.message
                ));
            }
            if let Some(shown) = shown.iter().find(|shown| !in_words(&shown.message)) {
                problems.push(format!("not in words: {}", shown.message));
            }
            problems.extend(analysed_as_validated(&path, &errors, &shown));
            let placed = match damage.expect {
                Expect::WrongAt | Expect::AskGnubg => outcome == Outcome::AtLine,
                Expect::WrongFrom => matches!(outcome, Outcome::AtLine | Outcome::Later),
                Expect::SaidAt | Expect::Open => true,
            };
            if damage.expect == Expect::SaidAt
                && !shown.iter().any(|shown| shown.line == damage.line)
            {
                problems.push(format!(
                    "nothing said at line {}: {:?}",
                    damage.line,
                    shown
                        .iter()
                        .map(|shown| format!("{}: {}: {}", shown.line, shown.kind, shown.message))
                        .collect::<Vec<_>>()
                ));
            }
            if wrong && !placed {
                problems.push(format!(
                    "wrong, expected at line {}{}, found {outcome:?}: {:?}",
                    damage.line,
                    if damage.expect == Expect::WrongFrom {
                        " or later"
                    } else {
                        ""
                    },
                    shown
                        .iter()
                        .map(|shown| format!("{}: {}: {}", shown.line, shown.kind, shown.message))
                        .collect::<Vec<_>>()
                ));
            }
            if problems.is_empty() {
                let _ = std::fs::remove_file(&path);
            } else {
                let kept = dir.join(format!("failed-{number}-{}.{extension}", failures.len()));
                let _ = std::fs::rename(&path, &kept);
                failures.push(format!(
                    "{context}: {} (the copy: {})",
                    problems.join("; "),
                    kept.display()
                ));
            }
        }
    }
    let mut table = format!("damages of seed {seed} (TAVLI_DAMAGE_SEED={seed}):\n");
    for ((kind, outcome), times) in &rates {
        table.push_str(&format!("  {kind:34} {outcome:?}: {times}\n"));
    }
    eprintln!("{table}");
    assert!(
        failures.is_empty(),
        "{table}{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
