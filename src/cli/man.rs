//! `tavli man`: one man page per command (tavli.1, tavli-moves.1, tavli-train-fit.1, ...),
//! generated from the clap definitions of `Cli`, with EXAMPLES, EXIT STATUS and SEE ALSO.

use super::exit::Outcome;
use super::Cli;
use anyhow::Context;
use clap::CommandFactory;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `tavli man`.
#[derive(clap::Args, Debug)]
pub struct ManArgs {
    /// The command whose page to print (`moves`, `train fit`...); none: tavli's own page.
    #[arg(value_name = "SUBCOMMAND", conflicts_with = "dir")]
    pub subcommand: Vec<String>,
    /// Write every page (tavli.1 and one tavli-SUBCOMMAND.1 per command) into this folder
    /// instead, and list the files written.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// One generated page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// The page's name, also its file name without `.1`: `tavli`, `tavli-train-fit`.
    pub name: String,
    /// The page in roff.
    pub roff: String,
}

impl Page {
    /// The file the page is installed as (`tavli-moves.1`).
    #[must_use]
    pub fn file_name(&self) -> String {
        format!("{}.{SECTION}", self.name)
    }
}

/// The manual section of every page (user commands).
const SECTION: &str = "1";

/// The clap command tree as the pages describe it: built (so every subcommand knows its
/// display name, `tavli-train-fit`), without the `help` pseudo-subcommands.
fn command_tree() -> clap::Command {
    let mut command = Cli::command()
        .disable_help_subcommand(true)
        .mut_subcommand("train", |train| train.disable_help_subcommand(true))
        .mut_subcommand("bench", |bench| bench.disable_help_subcommand(true));
    command.build();
    command
}

/// Every page, tavli's own first, then each command's in the order of `--help`.
///
/// # Errors
/// Only if rendering into memory fails (it does not).
pub fn pages() -> std::io::Result<Vec<Page>> {
    let root = command_tree();
    let mut pages = Vec::new();
    collect(&root, None, &[], &mut pages)?;
    Ok(pages)
}

/// Renders `command`'s page and those of its subcommands; `examples` are the parent's.
fn collect(
    command: &clap::Command,
    parent: Option<&str>,
    parent_examples: &[String],
    pages: &mut Vec<Page>,
) -> std::io::Result<()> {
    let name = page_name(command);
    let examples = examples_of(command, &name, parent_examples);
    let mut roff = Vec::new();
    render(command, parent, &examples, &mut roff)?;
    pages.push(Page {
        name: name.clone(),
        roff: once_preamble(&String::from_utf8_lossy(&roff)),
    });
    let own_examples = help_examples(command);
    for subcommand in visible_subcommands(command) {
        collect(subcommand, Some(&name), &own_examples, pages)?;
    }
    Ok(())
}

/// The page with clap_mangen's two-line preamble (the `Aq` string) kept once: each section
/// rendered alone repeats it.
fn once_preamble(roff: &str) -> String {
    let mut seen = false;
    let mut page = String::with_capacity(roff.len());
    let mut lines = roff.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with(".ie \\n(.g .ds Aq") {
            let second = lines.next().unwrap_or_default();
            if !seen {
                seen = true;
                page.push_str(line);
                page.push('\n');
                page.push_str(second);
                page.push('\n');
            }
            continue;
        }
        page.push_str(line);
        page.push('\n');
    }
    page
}

fn page_name(command: &clap::Command) -> String {
    command
        .get_display_name()
        .unwrap_or_else(|| command.get_name())
        .to_string()
}

fn visible_subcommands(command: &clap::Command) -> impl Iterator<Item = &clap::Command> {
    command.get_subcommands().filter(|sub| !sub.is_hide_set())
}

/// The example command lines of a command's `--help` (its `Examples:` paragraph).
fn help_examples(command: &clap::Command) -> Vec<String> {
    let Some(text) = command.get_after_help() else {
        return Vec::new();
    };
    text.to_string()
        .lines()
        .filter_map(|line| line.strip_prefix("  "))
        .map(str::to_string)
        .collect()
}

/// A page's examples: the command's own, or else the lines of its parent's examples that run
/// it (`tavli train fit ...` in `tavli train --help`).
fn examples_of(command: &clap::Command, name: &str, parent_examples: &[String]) -> Vec<String> {
    let own = help_examples(command);
    if !own.is_empty() {
        return own;
    }
    let invocation = format!("{} ", name.replace('-', " "));
    parent_examples
        .iter()
        .filter(|line| line.starts_with(&invocation))
        .cloned()
        .collect()
}

/// Escapes text for a roff text line: backslashes, and a leading `.` or `'`.
fn escape(line: &str) -> String {
    let escaped = line.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

fn render(
    command: &clap::Command,
    parent: Option<&str>,
    examples: &[String],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let man = clap_mangen::Man::new(command.clone())
        .section(SECTION)
        .source(format!("tavli {}", env!("CARGO_PKG_VERSION")));
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    if command.get_arguments().any(|arg| !arg.is_hide_set()) {
        man.render_options_section(out)?;
    }
    if visible_subcommands(command).next().is_some() {
        // clap_mangen names each subcommand's page, `tavli-moves(1)`: every one is generated.
        man.render_subcommands_section(out)?;
    }
    if !examples.is_empty() {
        writeln!(out, ".SH EXAMPLES")?;
        for example in examples {
            writeln!(out, ".PP\n.nf\n{}\n.fi", escape(example))?;
        }
    }
    let notes = help_notes(command);
    if !notes.is_empty() {
        writeln!(out, ".SH NOTES")?;
        for note in notes {
            writeln!(out, ".PP\n{}", escape(&note))?;
        }
    }
    writeln!(out, ".SH \"EXIT STATUS\"")?;
    for outcome in Outcome::ALL {
        writeln!(
            out,
            ".TP\n{}\n{}",
            outcome.code(),
            escape(outcome.meaning())
        )?;
    }
    writeln!(out, ".PP\n{}", escape(Outcome::BROKEN_PIPE))?;
    let mut see_also: Vec<String> = Vec::new();
    if let Some(parent) = parent {
        see_also.push(parent.to_string());
    }
    see_also.extend(visible_subcommands(command).map(page_name));
    if !see_also.is_empty() {
        writeln!(out, ".SH \"SEE ALSO\"")?;
        let references: Vec<String> = see_also
            .iter()
            .map(|page| format!("\\fB{}\\fR({SECTION})", escape(page)))
            .collect();
        writeln!(out, "{}", references.join(", "))?;
    }
    if command.get_version().is_some() {
        man.render_version_section(out)?;
    }
    Ok(())
}

/// The lines of `--help`'s closing paragraph that are neither the `Examples:` heading nor an
/// example (`tavli external`'s "Then in gnubg: ...").
fn help_notes(command: &clap::Command) -> Vec<String> {
    let Some(text) = command.get_after_help() else {
        return Vec::new();
    };
    text.to_string()
        .lines()
        .filter(|line| {
            !line.trim().is_empty() && !line.starts_with("  ") && !line.starts_with("Example")
        })
        .map(str::to_string)
        .collect()
}

/// Runs `tavli man`: one page on `out`, or every page into `--dir` (the files listed on `out`).
/// A page for a `terminal` is shown formatted (by `man -l -` when `man` runs, else as plain
/// text); otherwise it is written as roff (`tavli man moves > tavli-moves.1`). An unknown
/// command is reported on `err` with the ones that have pages.
///
/// # Errors
/// I/O errors on the output or the folder.
pub fn run(
    args: &ManArgs,
    terminal: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let pages = pages()?;
    if let Some(dir) = &args.dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        for page in &pages {
            let path = dir.join(page.file_name());
            std::fs::write(&path, &page.roff)
                .with_context(|| format!("writing {}", path.display()))?;
            writeln!(out, "{}", path.display())?;
        }
        return Ok(Outcome::Success);
    }
    let wanted = std::iter::once("tavli")
        .chain(args.subcommand.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("-");
    match pages.iter().find(|page| page.name == wanted) {
        Some(page) if terminal => {
            out.flush()?;
            if !shown_by_man(&page.roff) {
                out.write_all(super::man_text::plain_text(&page.roff).as_bytes())?;
            }
            Ok(Outcome::Success)
        }
        Some(page) => {
            out.write_all(page.roff.as_bytes())?;
            Ok(Outcome::Success)
        }
        None => {
            let known: Vec<String> = pages
                .iter()
                .filter_map(|page| page.name.strip_prefix("tavli-"))
                .map(|name| name.replace('-', " "))
                .collect();
            writeln!(
                err,
                "tavli man: no page for `{}`; pages: {}",
                args.subcommand.join(" "),
                known.join(", ")
            )?;
            Ok(Outcome::Failure)
        }
    }
}

/// Shows `roff` with `man -l -` (its pager, on the terminal tavli writes to); false when
/// `man` cannot be run or fails, and then nothing was shown.
fn shown_by_man(roff: &str) -> bool {
    let child = std::process::Command::new("man")
        .args(["-l", "-"])
        .stdin(std::process::Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        return false;
    };
    if let Some(mut stdin) = child.stdin.take() {
        // A pager that quits early closes the pipe: that is not a failure.
        let _ = stdin.write_all(roff.as_bytes());
    }
    child.wait().is_ok_and(|status| status.success())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn every_command_has_a_page_and_every_reference_has_one() {
        let pages = pages().unwrap();
        let names: Vec<&str> = pages.iter().map(|page| page.name.as_str()).collect();
        for expected in [
            "tavli",
            "tavli-moves",
            "tavli-train-fit",
            "tavli-bench-strength",
        ] {
            assert!(
                names.contains(&expected),
                "{expected} missing from {names:?}"
            );
        }
        assert!(
            !names.iter().any(|name| name.ends_with("-help")),
            "{names:?}"
        );
        for page in &pages {
            for reference in references(&page.roff) {
                assert!(
                    names.contains(&reference.as_str()),
                    "{} refers to {reference}(1), which has no page",
                    page.name
                );
            }
        }
    }

    /// The `NAME(1)` references of a page (roff escapes removed).
    fn references(roff: &str) -> Vec<String> {
        let plain = roff
            .replace("\\fB", "")
            .replace("\\fR", "")
            .replace("\\-", "-");
        let mut found = Vec::new();
        for (index, _) in plain.match_indices("(1)") {
            let start = plain[..index]
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .map_or(0, |position| position + 1);
            found.push(plain[start..index].to_string());
        }
        found
    }

    #[test]
    fn every_page_has_examples_and_exit_status() {
        for page in pages().unwrap() {
            for section in [
                ".SH NAME",
                ".SH SYNOPSIS",
                ".SH EXAMPLES",
                ".SH \"EXIT STATUS\"",
            ] {
                assert!(page.roff.contains(section), "{} lacks {section}", page.name);
            }
        }
    }

    /// Every example of every page is a command line tavli's parser accepts.
    #[test]
    fn examples_parse() {
        for page in pages().unwrap() {
            for example in page.roff.split(".nf\n").skip(1) {
                let line = example.split('\n').next().unwrap().replace("\\-", "-");
                let Some(line) = line.strip_prefix("tavli ") else {
                    continue;
                };
                if line.contains(['\'', '"']) {
                    continue;
                }
                // The command before any redirection or pipe.
                let line = line.split(['|', '<', '>']).next().unwrap_or_default();
                let words = std::iter::once("tavli").chain(line.split_whitespace());
                if let Err(error) = Cli::try_parse_from(words) {
                    panic!("{}: example `tavli {line}`: {error}", page.name);
                }
            }
        }
    }

    #[test]
    fn nested_pages_take_their_lines_of_the_parent_examples() {
        let pages = pages().unwrap();
        let fit = pages.iter().find(|page| page.name == "tavli-train-fit");
        let fit = fit.unwrap();
        assert!(
            fit.roff.contains("tavli train fit \\-\\-data"),
            "{}",
            fit.roff
        );
        assert!(!fit.roff.contains("tavli train td"), "{}", fit.roff);
    }

    #[test]
    fn the_preamble_comes_once_before_the_title() {
        let page = &pages().unwrap()[0];
        assert_eq!(page.roff.matches(".ds Aq").count(), 2, "{}", page.roff);
        assert!(page.roff.lines().nth(2).unwrap().starts_with(".TH tavli 1"));
    }

    #[test]
    fn escapes_roff() {
        assert_eq!(escape(".x -y \\z"), "\\&.x \\-y \\ez");
    }
}
