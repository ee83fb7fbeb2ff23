//! `tavli validate FILE...`: checks match files in parallel and reports diagnostics.

use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::exit::Outcome;
use crate::matchfile::{
    read_bounded, read_file, unreadable_report, validate_bytes, validate_path, FileReport, Format,
    InputError, Verdict,
};

/// Arguments of `tavli validate`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// Match files (.mat, .txt, .sgf) or directories (searched recursively); `-` reads stdin.
    #[arg(required = true, value_name = "FILE")]
    pub paths: Vec<PathBuf>,
    /// Print a JSON report on stdout instead of text.
    #[arg(long)]
    pub json: bool,
    /// Format of stdin (and of files whose extension does not tell).
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Print only the per-file summaries, not each diagnostic.
    #[arg(short, long)]
    pub quiet: bool,
    /// Do not print warnings.
    #[arg(long)]
    pub no_warnings: bool,
    /// List at most N diagnostics of a file, then say how many more there are (0: list every
    /// one; `--json` always lists every one).
    #[arg(long, value_name = "N", default_value_t = crate::matchfile::LISTED_DIAGNOSTICS)]
    pub max_diagnostics: usize,
    /// Worker threads (default: the number of CPUs).
    #[arg(short, long)]
    pub jobs: Option<usize>,
    /// Also write a self-contained HTML report of the (one) file: the match, its games and
    /// moves, and at each problem the board before the offending record.
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
}

/// A format named on the command line.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatArg {
    /// Jellyfish .mat text.
    Mat,
    /// gnubg SGF.
    Sgf,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Format {
        match format {
            FormatArg::Mat => Format::Mat,
            FormatArg::Sgf => Format::Sgf,
        }
    }
}

/// Extensions picked up when walking a directory.
const MATCH_EXTENSIONS: [&str; 3] = ["mat", "txt", "sgf"];

/// A path named on the command line that gives no file to read, and why.
pub(crate) type Missing = (PathBuf, &'static str);

/// Expands directories into their match files (sorted); paths that give none (missing, or a
/// directory without match files) are returned apart, each with why.
pub(crate) fn collect(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<Missing>) {
    let mut files = Vec::new();
    let mut missing = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            files.push(path.clone());
        } else if path.is_dir() {
            let before = files.len();
            walk(path, &mut files);
            if files.len() == before {
                missing.push((
                    path.clone(),
                    "no match files (.mat, .txt, .sgf) in this directory",
                ));
            }
        } else if path.exists() {
            files.push(path.clone());
        } else {
            missing.push((path.clone(), "no such file or directory"));
        }
    }
    (files, missing)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, files);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| MATCH_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        {
            files.push(path);
        }
    }
}

/// Checks `files` on `jobs` threads; reports come back in input order.
#[must_use]
pub fn validate_files(
    files: &[PathBuf],
    format: Option<Format>,
    stdin: Option<&Result<Vec<u8>, InputError>>,
    jobs: usize,
    progress: Option<&indicatif::ProgressBar>,
) -> Vec<FileReport> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<FileReport>>> = Mutex::new(vec![None; files.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(files.len().max(1)) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = files.get(index) else {
                    break;
                };
                let report = if path.as_os_str() == "-" {
                    match stdin {
                        Some(Ok(bytes)) => validate_bytes("<stdin>", bytes, format),
                        Some(Err(error)) => {
                            unreadable_report("<stdin>", format.unwrap_or(Format::Mat), error)
                        }
                        None => validate_bytes("<stdin>", &[], format),
                    }
                } else if let Some(format) = format {
                    let name = path.display().to_string();
                    match read_file(path) {
                        Ok(bytes) => validate_bytes(&name, &bytes, Some(format)),
                        Err(error) => unreadable_report(&name, format, &error),
                    }
                } else {
                    validate_path(path)
                };
                if let Some(bar) = progress {
                    bar.inc(1);
                }
                if let Ok(mut results) = results.lock() {
                    if let Some(slot) = results.get_mut(index) {
                        *slot = Some(report);
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

/// Runs `tavli validate`, writing reports to `out` (coloured when `colours.stdout`) and
/// problems with the arguments to `err`.
/// The outcome is `Success` when every file is valid (warnings allowed), `Rejected` when one is
/// invalid, `Failure` when a path cannot be read.
///
/// # Errors
/// I/O errors on `out`/`err` or stdin.
pub fn run(
    args: &Args,
    colours: super::colour::Colours,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let (files, missing) = collect(&args.paths);
    if args.html.is_some() && (files.len() != 1 || !missing.is_empty()) {
        writeln!(
            err,
            "tavli validate: --html writes the report of one match file, and {} were given",
            files.len() + missing.len()
        )?;
        return Ok(Outcome::Failure);
    }
    for (path, why) in &missing {
        writeln!(err, "tavli validate: {}: {why}", path.display())?;
    }
    // Standard input is read once (bounded: an endless stream is refused at the limit).
    let stdin = files
        .iter()
        .any(|p| p.as_os_str() == "-")
        .then(|| read_bounded(std::io::stdin().lock()));
    let stdin = match stdin {
        Some(Err(InputError::Io(error))) => {
            return Err(anyhow::Error::new(error).context("reading stdin"))
        }
        other => other,
    };
    let jobs = args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let progress = (files.len() > 1).then(|| super::progress::bar(files.len() as u64, "files"));
    let format = args.format.map(Format::from);
    if let (Some(out_path), Some(path)) = (&args.html, files.first()) {
        let (name, read) = if path.as_os_str() == "-" {
            let read = match &stdin {
                Some(Ok(bytes)) => Ok(bytes.clone()),
                _ => Err(InputError::TooLarge),
            };
            ("<stdin>".to_string(), read)
        } else {
            (path.display().to_string(), read_file(path))
        };
        let bytes = match read {
            Ok(bytes) => bytes,
            Err(InputError::TooLarge) => {
                writeln!(err, "tavli validate: {name}: {}", InputError::TooLarge)?;
                return Ok(Outcome::Rejected);
            }
            Err(InputError::Io(error)) => {
                return Err(anyhow::Error::new(error).context(format!("reading {name}")))
            }
        };
        let checked = crate::matchfile::check_bytes(&name, &bytes, format);
        let page = crate::render::html_report::render_report(
            &crate::render::html_report::from_match::report_listing(&checked, args.max_diagnostics),
            &crate::render::picture::PictureOptions::default(),
        );
        if out_path.as_os_str() == "-" {
            // `--html -`: the page on standard output, and the text report after it is dropped.
            out.write_all(page.as_bytes())?;
            out.flush()?;
            return Ok(outcome_of(&missing, &[checked.report]));
        }
        std::fs::write(out_path, page)
            .with_context(|| format!("writing {}", out_path.display()))?;
    }
    let reports = validate_files(&files, format, stdin.as_ref(), jobs, progress.as_ref());
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let stdout = out;
    if args.json {
        let counts = Counts::of(&reports);
        let json = serde_json::json!({
            "files": reports,
            "summary": {
                "files": reports.len(),
                "valid": counts.valid,
                "valid_with_warnings": counts.warnings,
                "invalid": counts.invalid,
                "missing": missing.iter().map(|(p, _)| p.display().to_string()).collect::<Vec<_>>(),
            }
        });
        writeln!(stdout, "{}", serde_json::to_string_pretty(&json)?)?;
    } else {
        let style = if colours.stdout {
            crate::matchfile::ReportStyle::coloured()
        } else {
            crate::matchfile::ReportStyle::plain()
        };
        let text = crate::matchfile::render_text_styled(
            &reports,
            !args.quiet,
            !args.no_warnings,
            args.max_diagnostics,
            &style,
        );
        stdout.write_all(text.as_bytes())?;
    }
    stdout.flush()?;
    Ok(outcome_of(&missing, &reports))
}

/// The exit outcome of a run: `Failure` when a path gives no file (missing, or a directory
/// without match files), `Rejected` when a file is invalid, `Success` otherwise.
fn outcome_of(missing: &[Missing], reports: &[FileReport]) -> Outcome {
    if !missing.is_empty() {
        Outcome::Failure
    } else if reports.iter().any(|r| r.verdict == Verdict::Invalid) {
        Outcome::Rejected
    } else {
        Outcome::Success
    }
}

struct Counts {
    valid: usize,
    warnings: usize,
    invalid: usize,
}

impl Counts {
    fn of(reports: &[FileReport]) -> Counts {
        let count = |verdict| reports.iter().filter(|r| r.verdict == verdict).count();
        Counts {
            valid: count(Verdict::Valid),
            warnings: count(Verdict::ValidWithWarnings),
            invalid: count(Verdict::Invalid),
        }
    }
}
