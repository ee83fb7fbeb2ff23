//! The per-player summary of `tavli analyse`: `--summary` over the files analysed in the run,
//! `--merge` over NDJSON written by `--json` (read back line by line), printed ranked as text
//! or as NDJSON (one player per line).

use anyhow::Context;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::PathBuf;

use super::exit::Outcome;
use crate::analysis::summary::{ArchiveSummary, MatchTotals};
use crate::matchfile::diagnostic::printable;

/// Reads the per-file NDJSON lines of `paths` (`-` is stdin) and writes the summary. A line
/// that is not one of `tavli analyse --json` is reported (exit status 1) and the rest summed;
/// an unreadable file is reported (exit status 2).
///
/// # Errors
/// I/O errors on the output.
pub fn merge(
    paths: &[PathBuf],
    json: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let mut outcome = Outcome::Success;
    let mut matches = Vec::new();
    for path in paths {
        let name = path.display();
        let reader: Box<dyn BufRead> = if path.as_os_str() == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            match std::fs::File::open(path) {
                Ok(file) => Box::new(std::io::BufReader::new(file)),
                Err(error) => {
                    writeln!(err, "tavli analyse: {name}: {error}")?;
                    outcome = outcome.worst(Outcome::Failure);
                    continue;
                }
            }
        };
        for (number, line) in reader.lines().enumerate() {
            let line = match line {
                Ok(line) => line,
                Err(error) => {
                    writeln!(err, "tavli analyse: {name}: {error}")?;
                    outcome = outcome.worst(Outcome::Failure);
                    break;
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            match serde_json::from_str::<MatchTotals>(&line) {
                Ok(totals) => matches.push(totals),
                Err(error) => {
                    writeln!(
                        err,
                        "tavli analyse: {name}:{}: not a line of `tavli analyse --json`: {error}",
                        number + 1
                    )?;
                    outcome = outcome.worst(Outcome::Rejected);
                }
            }
        }
    }
    for file in ArchiveSummary::duplicates(&mut matches) {
        writeln!(
            err,
            "tavli analyse: {file} is in the input more than once: counted once"
        )?;
    }
    write_summary(&ArchiveSummary::of(matches), json, out)?;
    Ok(outcome)
}

/// Writes `summary` as a ranked table or as NDJSON.
///
/// # Errors
/// I/O errors on the output.
pub fn write_summary(
    summary: &ArchiveSummary,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let text = if json {
        summary
            .players
            .iter()
            .fold(String::new(), |mut text, player| {
                let _ = writeln!(
                    text,
                    "{}",
                    serde_json::to_string(player).unwrap_or_default()
                );
                text
            })
    } else {
        table(summary)
    };
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .context("writing the summary")
}

/// The ranked table of the players.
fn table(summary: &ArchiveSummary) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{} match(es), {} player(s), ranked by PR",
        summary.matches,
        summary.players.len()
    );
    let width = summary
        .players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(0)
        .max("Player".len());
    let _ = writeln!(
        text,
        "  {:>4}  {:<width$}  {:>7}  {:>9}  {:>12}  {:>10}  {:>10}  {:>6}  Rating",
        "Rank", "Player", "Matches", "Decisions", "Chequer mEMG", "Cube mEMG", "Luck mEMG", "PR"
    );
    for player in &summary.players {
        if player.decisions == 0 {
            // Nothing counted: no rate, no PR, no rating to show.
            let _ = writeln!(
                text,
                "  {:>4}  {:<width$}  {:>7}  {:>9}  {:>12}  {:>10}  {:>10}  {:>6}  -",
                player.rank,
                printable(&player.name),
                player.matches,
                0,
                "-",
                "-",
                "-",
                "-"
            );
            continue;
        }
        let _ = writeln!(
            text,
            "  {:>4}  {:<width$}  {:>7}  {:>9}  {:>12.1}  {:>10.1}  {:>+10.1}  {:>6.1}  {}",
            player.rank,
            printable(&player.name),
            player.matches,
            player.decisions,
            player.chequer.error_rate,
            player.cube.error_rate,
            player.luck.rate,
            player.overall.pr,
            player.overall.rating
        );
    }
    text
}

/// The totals of each file analysed in a `--summary` run, gathered as the files finish.
#[derive(Default)]
pub struct Gathered {
    matches: Vec<MatchTotals>,
}

impl Gathered {
    /// Adds one analysed file.
    pub fn push(&mut self, totals: MatchTotals) {
        self.matches.push(totals);
    }

    /// Writes the summary of the files gathered.
    ///
    /// # Errors
    /// I/O errors on the output.
    pub fn write(mut self, json: bool, out: &mut dyn Write) -> anyhow::Result<()> {
        // A file named twice on the command line is analysed twice but counted once.
        ArchiveSummary::duplicates(&mut self.matches);
        write_summary(&ArchiveSummary::of(self.matches), json, out)
    }
}
