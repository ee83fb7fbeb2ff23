//! `tavli analyse FILE...`: every decision of each match file judged, per player statistics
//! as text or NDJSON, many files in parallel, written file by file (resumable).

use anyhow::Context;
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use super::analyse_html::{self, HtmlTarget};
use super::analyse_json;
use super::analyse_summary;
use super::exit::Outcome;
use super::validate::{collect, FormatArg};
use crate::analysis::close_calls::{self, CloseCalls};
use crate::analysis::shard::{Shard, ShardChoice};
use crate::analysis::summary::MatchTotals;
use crate::analysis::{
    analyse_match_by, AnalysisMethod, AnalysisSettings, Decision, LuckEstimate, MatchAnalysis,
    PlayerStatistics,
};
use crate::engine::choice::embedded_net;
use crate::engine::search::MAX_PLIES;
use crate::engine::Evaluator;
use crate::matchfile::diagnostic::{printable, Located, Severity};
use crate::matchfile::record::MatchRecord;
use crate::matchfile::{
    check_bytes, read_bounded, read_file, render_text, unreadable_report, FileReport, Format,
    InputError, Verdict,
};

/// Arguments of `tavli analyse`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Match files (.mat, .txt, .sgf) or directories (searched recursively); `-` reads stdin.
    /// With --merge: NDJSON files written by `tavli analyse --json`.
    #[arg(required = true, value_name = "FILE")]
    pub paths: Vec<PathBuf>,
    /// Instead of a report per file, each player's figures over all the files analysed,
    /// ranked by PR (text, or one JSON object per player with --json).
    #[arg(long, conflicts_with_all = ["decisions", "worst", "resume"])]
    pub summary: bool,
    /// Read back NDJSON written by --json (shards concatenated or not) and print the
    /// per-player summary of --summary over all of it; nothing is analysed.
    #[arg(long, conflicts_with_all = ["summary", "decisions", "worst", "resume", "format", "jobs", "plies", "shard", "html", "luck", "rollout_close"])]
    pub merge: bool,
    /// Plies searched for chequer plays and cube decisions (luck is judged at 0 ply, as gnubg
    /// does).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub plies: u32,
    /// What a roll's luck is measured against: `leaders` (the default), gnubg's average of
    /// the best play of each of the 21 rolls, each roll's best chosen among the six plays
    /// pubeval ranks first (luck rates agree with gnubg's as well as `rolls` do, at under
    /// half its time); `rolls`, gnubg's average exactly (every play of every roll judged,
    /// about twenty times the work of the rest of the analysis); `position`, the judge's
    /// equity of the position before the roll (fastest, but every player's luck reads about
    /// 13 mEMG per roll higher than gnubg's).
    #[arg(long, value_enum, default_value_t = LuckArg::Leaders, value_name = "HOW")]
    pub luck: LuckArg,
    /// Roll out close calls: where the play made and the best play (or the best two, when
    /// the play made was the best) are within --close-threshold of each other, both are
    /// rolled out on the same dice and the rollouts decide the loss and the mark.
    #[arg(long)]
    pub rollout_close: bool,
    /// With --rollout-close: how close (EMG) two plays must be to be rolled out.
    #[arg(long, default_value_t = close_calls::DEFAULT_THRESHOLD, value_name = "EMG", requires = "rollout_close")]
    pub close_threshold: f64,
    /// With --rollout-close: trials of each rollout (cubeful, variance reduction, 0 ply).
    #[arg(long, default_value_t = close_calls::DEFAULT_TRIALS, value_name = "N", requires = "rollout_close")]
    pub rollout_trials: u64,
    /// One JSON object per file on its own line (NDJSON) instead of text.
    #[arg(long)]
    pub json: bool,
    /// With --json: every decision of the match (position, dice, played, best, loss, mark,
    /// luck).
    #[arg(long)]
    pub decisions: bool,
    /// Also list each file's K worst decisions.
    #[arg(long, value_name = "K")]
    pub worst: Option<usize>,
    /// Analyse only the K-th (from 0) of N deterministic shares of the files (file i when i
    /// mod N is K, after expanding directories); `auto` reads K and N from a Kubernetes
    /// Indexed Job (JOB_COMPLETION_INDEX, TAVLI_SHARD_COUNT) or a Slurm job array
    /// (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT, SLURM_ARRAY_TASK_MIN).
    #[arg(long, value_name = "K/N|auto")]
    pub shard: Option<ShardChoice>,
    /// Write the output to FILE instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// With --json and --output: skip the files already in the output and append the rest.
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Format of stdin (and of files whose extension does not tell).
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Worker threads (default: the number of CPUs).
    #[arg(short, long)]
    pub jobs: Option<usize>,
    /// Also write each file's report as an HTML page: the statistics table, an equity graph
    /// per game and a card for every doubtful or worse decision. DIR holds one page per
    /// file; FILE takes one input; `-` writes the page on standard output in place of the
    /// report.
    #[arg(long, value_name = "DIR|FILE")]
    pub html: Option<PathBuf>,
}

/// `--luck`: what a roll's luck is measured against.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LuckArg {
    /// The judge's equity of the position before the roll.
    Position,
    /// The average over the 21 rolls of each one's best play (gnubg's).
    Rolls,
    /// As `rolls`, each roll's best play chosen among the six plays pubeval ranks first
    /// (the default: about three times faster; luck rates within a few mEMG of `rolls`).
    Leaders,
}

impl From<LuckArg> for LuckEstimate {
    fn from(luck: LuckArg) -> LuckEstimate {
        match luck {
            LuckArg::Position => LuckEstimate::Position,
            LuckArg::Rolls => LuckEstimate::Rolls,
            LuckArg::Leaders => LuckEstimate::Leaders,
        }
    }
}

/// How many files past the last one written the workers may analyse: the most results held
/// in memory at once.
const AHEAD: usize = 64;

/// Lets every waiting worker go when dropped.
struct ReleaseWorkers<'a>(&'a AtomicUsize);

impl Drop for ReleaseWorkers<'_> {
    fn drop(&mut self) {
        self.0.store(usize::MAX / 2, Ordering::Release);
    }
}

/// What became of one file.
enum FileOutcome {
    /// Analysed: the text to write (none with --summary), the file's totals, and its
    /// warnings as `tavli validate` gives them, to say on standard error.
    Analysed(String, MatchTotals, String),
    /// Not analysed: what to say on standard error, and the outcome.
    NotAnalysed(String, Outcome),
}

/// Runs `tavli analyse`.
///
/// # Errors
/// I/O errors on the output or stdin.
pub fn run(
    args: &Args,
    colours: super::colour::Colours,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    if args.merge {
        let mut output: Box<dyn Write> = match &args.output {
            None => Box::new(&mut *out),
            Some(path) => Box::new(
                std::fs::File::create(path)
                    .with_context(|| format!("creating {}", path.display()))?,
            ),
        };
        return analyse_summary::merge(&args.paths, args.json, &mut output, err);
    }
    if args.plies > MAX_PLIES {
        writeln!(err, "tavli analyse: --plies is at most {MAX_PLIES}")?;
        return Ok(Outcome::Failure);
    }
    if !(args.close_threshold.is_finite() && args.close_threshold >= 0.0)
        || args.rollout_trials == 0
    {
        writeln!(
            err,
            "tavli analyse: --close-threshold is a number of EMG from 0, --rollout-trials at least 1"
        )?;
        return Ok(Outcome::Failure);
    }
    if args.resume && !args.json {
        writeln!(
            err,
            "tavli analyse: --resume reads back NDJSON: use it with --json"
        )?;
        return Ok(Outcome::Failure);
    }
    if args.decisions && !args.json {
        writeln!(
            err,
            "tavli analyse: --decisions adds to the JSON output: use it with --json"
        )?;
        return Ok(Outcome::Failure);
    }
    let (mut files, missing) = collect(&args.paths);
    if let Some(choice) = args.shard {
        let shard = match choice {
            ShardChoice::Fixed(shard) => Ok(shard),
            ShardChoice::Auto => Shard::from_batch_engine(|name| std::env::var(name).ok()),
        };
        let shard = match shard {
            Ok(shard) => shard,
            Err(error) => {
                writeln!(err, "tavli analyse: {error}")?;
                return Ok(Outcome::Failure);
            }
        };
        if files.iter().any(|path| path.as_os_str() == "-") {
            writeln!(
                err,
                "tavli analyse: --shard shares out files: standard input (-) cannot be shared"
            )?;
            return Ok(Outcome::Failure);
        }
        files = shard.select(files);
    }
    for (path, why) in &missing {
        writeln!(err, "tavli analyse: {}: {why}", path.display())?;
    }
    let mut output: Box<dyn Write> = match &args.output {
        None => Box::new(&mut *out),
        Some(path) => {
            let done = if args.resume {
                finished_files(path)?
            } else {
                HashSet::new()
            };
            files.retain(|file| !done.contains(&file.display().to_string()));
            let file = std::fs::OpenOptions::new()
                .create(true)
                .write(true)
                .append(args.resume)
                .truncate(!args.resume)
                .open(path)
                .with_context(|| format!("opening {}", path.display()))?;
            Box::new(std::io::BufWriter::new(file))
        }
    };
    let html = match args
        .html
        .as_deref()
        .map(|html| analyse_html::targets(html, &files, args.summary))
    {
        None => None,
        Some(Ok(targets)) => Some(targets),
        Some(Err(message)) => {
            writeln!(err, "tavli analyse: {message}")?;
            return Ok(Outcome::Failure);
        }
    };
    let stdin = files
        .iter()
        .any(|p| p.as_os_str() == "-")
        .then(|| read_bounded(std::io::stdin().lock()));
    if let Some(Err(InputError::Io(error))) = stdin {
        return Err(anyhow::Error::new(error).context("reading stdin"));
    }
    let jobs = args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let progress = (files.len() > 1).then(|| super::progress::bar(files.len() as u64, "files"));
    let evaluator = embedded_net();
    let settings = AnalysisSettings::at(args.plies);
    let format = args.format.map(Format::from);
    let next = AtomicUsize::new(0);
    // Files written so far: a worker starts a file only within AHEAD files of it, so the
    // results waiting for a slow file before them stay few, whatever the number of files.
    let written_count = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, FileOutcome)>();
    let mut gathered = analyse_summary::Gathered::default();
    let mut outcome = if missing.is_empty() {
        Outcome::Success
    } else {
        Outcome::Failure
    };
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..jobs.max(1).min(files.len().max(1)) {
            let sender = sender.clone();
            let (files, next, evaluator, stdin, html) = (&files, &next, &evaluator, &stdin, &html);
            let written_count = &written_count;
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                while index >= written_count.load(Ordering::Acquire) + AHEAD {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
                let Some(path) = files.get(index) else { break };
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let html = html.as_ref().and_then(|targets| targets.get(index));
                    let input = Input {
                        path,
                        format,
                        stdin: stdin.as_ref(),
                        html,
                    };
                    analyse_file(&input, &**evaluator, &settings, args)
                }))
                .unwrap_or_else(|_| {
                    FileOutcome::NotAnalysed(
                        format!(
                            "tavli analyse: {}: internal error: the analysis failed\n",
                            path.display()
                        ),
                        Outcome::Failure,
                    )
                });
                if sender.send((index, result)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        // However the writing ends (an error on the output too), no worker waits any longer.
        let _release = ReleaseWorkers(&written_count);
        // Written in input order as soon as each file and those before it are done.
        let mut waiting = BTreeMap::new();
        let mut written = 0;
        for (index, result) in receiver {
            if let Some(bar) = &progress {
                bar.inc(1);
            }
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&written) {
                written += 1;
                written_count.store(written, Ordering::Release);
                if let FileOutcome::Analysed(_, _, warnings) = &result {
                    // A file with warnings is analysed; its warnings are said first.
                    err.write_all(warnings.as_bytes())?;
                }
                match result {
                    FileOutcome::Analysed(_, totals, _) if args.summary => gathered.push(totals),
                    FileOutcome::Analysed(text, _, _) => {
                        // The text report's headings on a terminal (never in a file or JSON).
                        let coloured = colours.stdout && args.output.is_none() && !args.json;
                        let text = super::colour::headings(
                            &text,
                            super::colour::TextOutput::Analyse,
                            coloured,
                        );
                        output.write_all(text.as_bytes())?;
                        output.flush()?;
                    }
                    FileOutcome::NotAnalysed(message, file_outcome) => {
                        err.write_all(message.as_bytes())?;
                        outcome = outcome.worst(file_outcome);
                    }
                }
            }
        }
        Ok(())
    })?;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if args.summary {
        gathered.write(args.json, &mut output)?;
    }
    output.flush()?;
    Ok(outcome)
}

/// The files named in the NDJSON already written to `path`: its complete lines (an
/// interrupted run's partial last line is cut off, so that appending starts on a new line).
fn finished_files(path: &Path) -> anyhow::Result<HashSet<String>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(HashSet::new()),
        Err(error) => {
            return Err(anyhow::Error::new(error).context(format!("reading {}", path.display())))
        }
    };
    let complete = text.rfind('\n').map_or(0, |end| end + 1);
    if complete < text.len() {
        std::fs::write(path, &text[..complete])
            .with_context(|| format!("cutting the partial line of {}", path.display()))?;
    }
    Ok(text[..complete]
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|value| {
            value
                .get("file")
                .and_then(|f| f.as_str())
                .map(str::to_string)
        })
        .collect())
}

/// One file to analyse: its path, format, the bytes of stdin, and where its page goes.
struct Input<'a> {
    path: &'a Path,
    format: Option<Format>,
    stdin: Option<&'a Result<Vec<u8>, InputError>>,
    html: Option<&'a HtmlTarget>,
}

/// Reads, checks and analyses one file.
fn analyse_file<E: Evaluator + ?Sized>(
    input: &Input<'_>,
    evaluator: &E,
    settings: &AnalysisSettings,
    args: &Args,
) -> FileOutcome {
    let Input {
        path,
        format,
        stdin,
        html,
    } = *input;
    let name = if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let bytes = if path.as_os_str() == "-" {
        match stdin {
            Some(Ok(bytes)) => Ok(bytes.clone()),
            Some(Err(InputError::TooLarge)) | None => Err(InputError::TooLarge),
            Some(Err(InputError::Io(error))) => Err(InputError::Io(std::io::Error::new(
                error.kind(),
                error.to_string(),
            ))),
        }
    } else {
        read_file(path)
    };
    let checked = match bytes {
        Ok(bytes) => check_bytes(&name, &bytes, format),
        Err(error) => {
            let report = unreadable_report(&name, format.unwrap_or(Format::Mat), &error);
            return invalid(&report);
        }
    };
    let record = match (&checked.record, checked.report.verdict) {
        (Some(record), Verdict::Valid | Verdict::ValidWithWarnings) => record,
        _ => return invalid(&checked.report),
    };
    let warnings: Vec<&Located> = checked
        .report
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.severity == Severity::Warning)
        .collect();
    let method = AnalysisMethod {
        luck: args.luck.into(),
        rollout_close: args.rollout_close.then_some(CloseCalls {
            threshold: args.close_threshold,
            trials: args.rollout_trials,
            ..CloseCalls::default()
        }),
    };
    match analyse_match_by(record, evaluator, settings, &method) {
        Ok(analysis) => {
            let text = match html
                .map(|target| analyse_html::write_page(target, &checked, &analysis, args.plies))
            {
                Some(Err(message)) => return FileOutcome::NotAnalysed(message, Outcome::Failure),
                Some(Ok(Some(page))) => page,
                _ if args.summary => String::new(),
                _ if args.json => {
                    analyse_json::json_line(&name, record, &analysis, &warnings, args)
                }
                _ => text_report(&name, record, &analysis, args),
            };
            let said = crate::matchfile::listed_diagnostics(
                warnings.iter().copied(),
                crate::matchfile::LISTED_DIAGNOSTICS,
                &name,
                &crate::matchfile::ReportStyle::plain(),
            );
            FileOutcome::Analysed(text, MatchTotals::of(&name, &analysis.players), said)
        }
        Err(error) => FileOutcome::NotAnalysed(
            format!("tavli analyse: {name}: {error}\n"),
            Outcome::Rejected,
        ),
    }
}

/// An invalid file, reported as `tavli validate` reports it (its errors and warnings, and
/// its summary line).
fn invalid(report: &FileReport) -> FileOutcome {
    FileOutcome::NotAnalysed(
        render_text(std::slice::from_ref(report), true, true),
        Outcome::Rejected,
    )
}

/// The `limit` decisions that lost the most, worst first.
pub(super) fn worst(decisions: &[Decision], limit: usize) -> Vec<&Decision> {
    let mut sorted: Vec<&Decision> = decisions.iter().filter(|d| d.loss.emg > 0.0).collect();
    sorted.sort_by(|a, b| b.loss.emg.total_cmp(&a.loss.emg));
    sorted.truncate(limit);
    sorted
}

/// The text report of one file: a coach's lines per player, then the worst decisions.
fn text_report(name: &str, record: &MatchRecord, analysis: &MatchAnalysis, args: &Args) -> String {
    let mut text = String::new();
    let length = if record.length == 0 {
        "money session".to_string()
    } else {
        format!("{}-point match", record.length)
    };
    // The file's own text (its players' names) shown with its control characters as
    // pictures, as its diagnostics are.
    let _ = writeln!(
        text,
        "{}: {length}, {} game(s), analysed at {} ply",
        printable(name),
        record.games.len(),
        args.plies
    );
    let [o, x] = &analysis.players;
    let row = |text: &mut String, label: &str, value: &dyn Fn(&PlayerStatistics) -> String| {
        let _ = writeln!(text, "  {label:<34} {:<24} {}", value(o), value(x));
    };
    row(&mut text, "", &|p| printable(&p.name).into_owned());
    row(&mut text, "Moves (unforced)", &|p| {
        format!("{} ({})", p.chequer.moves, p.chequer.unforced)
    });
    row(&mut text, "Doubtful / bad / very bad", &|p| {
        format!(
            "{} / {} / {}",
            p.chequer.doubtful, p.chequer.bad, p.chequer.very_bad
        )
    });
    row(&mut text, "Chequer error rate (mEMG)", &|p| {
        format!("{:.1} {}", p.chequer.error_rate, p.chequer.rating)
    });
    row(&mut text, "Cube decisions (close or actual)", &|p| {
        format!("{} ({})", p.cube.total_decisions, p.cube.decisions)
    });
    row(&mut text, "Cube errors (error rate mEMG)", &|p| {
        format!("{} ({:.1})", p.cube.errors, p.cube.error_rate)
    });
    if record.length == 0 {
        // gnubg's second column in money play: the equity lost times the cube.
        row(&mut text, "Points lost (chequer / cube)", &|p| {
            format!(
                "{:.3} / {:.3}",
                p.chequer.error_total_points, p.cube.error_total_points
            )
        });
    }
    row(&mut text, "Luck rate (mEMG per roll)", &|p| {
        format!("{:+.1}", p.luck.rate)
    });
    row(&mut text, "Overall error rate (mEMG)", &|p| {
        format!("{:.1} {}", p.overall.error_rate, p.overall.rating)
    });
    row(&mut text, "PR", &|p| format!("{:.1}", p.overall.pr));
    if record.length > 0 {
        row(&mut text, "Result / luck adjusted (MWC)", &|p| {
            format!(
                "{:+.1}% / {:+.1}%",
                100.0 * p.overall.actual_result,
                100.0 * p.overall.luck_adjusted_result
            )
        });
    } else {
        row(&mut text, "Result / luck adjusted (ppg)", &|p| {
            format!(
                "{:+.3} / {:+.3}",
                p.overall.actual_result, p.overall.luck_adjusted_result
            )
        });
    }
    if let Some(limit) = args.worst {
        let _ = writeln!(text, "  Worst decisions:");
        for decision in worst(&analysis.decisions, limit) {
            let dice = match &decision.kind {
                crate::analysis::DecisionKind::Chequer { dice, .. } => {
                    format!("{}{} ", dice.first(), dice.second())
                }
                crate::analysis::DecisionKind::Cube { .. } => "cube ".to_string(),
            };
            let _ = writeln!(
                text,
                "    game {} {}: {}played {}, best {}: -{:.3} EMG{}\n      GNUbg ID {}  XGID {}",
                decision.game,
                printable(&record.players[decision.player.index()]),
                dice,
                decision.played,
                decision.best,
                decision.loss.emg,
                match decision.mark.label() {
                    "" => String::new(),
                    label => format!(" ({label})"),
                },
                decision.gnubg_id,
                decision.xgid
            );
        }
    }
    text.push('\n');
    text
}
