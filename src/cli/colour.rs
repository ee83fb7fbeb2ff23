//! `--color auto|always|never`: whether tavli's own output (validate's diagnostics and
//! summaries, error messages, the headings and labels of `analyse`, `hint` and `eval`, clap's
//! help) is coloured. Never the gnubg-compatible output (the REPL, `-t`).
//!
//! `auto` colours a stream only when it is a terminal and `NO_COLOR` is unset or empty
//! (`CLICOLOR_FORCE` forces, `CLICOLOR=0` and `TERM=dumb` turn it off, as anstream reads
//! them); `always` and `never` decide alone, as in ripgrep and cargo.

use anstream::{AutoStream, ColorChoice};
use anstyle::{AnsiColor, Style};

/// When to colour, as `--color` spells it.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColourWhen {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always, even through a pipe or with `NO_COLOR` set.
    Always,
    /// Never.
    Never,
}

impl ColourWhen {
    /// The same choice for clap's help and usage errors.
    #[must_use]
    pub fn for_clap(self) -> clap::ColorChoice {
        match self {
            ColourWhen::Auto => clap::ColorChoice::Auto,
            ColourWhen::Always => clap::ColorChoice::Always,
            ColourWhen::Never => clap::ColorChoice::Never,
        }
    }

    fn for_anstream(self) -> ColorChoice {
        match self {
            ColourWhen::Auto => ColorChoice::Auto,
            ColourWhen::Always => ColorChoice::AlwaysAnsi,
            ColourWhen::Never => ColorChoice::Never,
        }
    }

    /// The choice named on a command line before clap reads it (so that clap's own help and
    /// errors follow it): the last `--color WHEN` or `--color=WHEN` before a `--`, `auto`
    /// when there is none or it names no choice (clap then reports the bad value).
    #[must_use]
    pub fn in_arguments<I, S>(arguments: I) -> ColourWhen
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        let mut choice = ColourWhen::Auto;
        let mut words = arguments
            .into_iter()
            .map(|word| word.as_ref().to_os_string());
        while let Some(word) = words.next() {
            let Some(word) = word.to_str().map(str::to_string) else {
                continue;
            };
            if word == "--" {
                break;
            }
            let value = if word == "--color" || word == "--colour" {
                words
                    .next()
                    .and_then(|value| value.to_str().map(str::to_string))
            } else {
                word.strip_prefix("--color=")
                    .or_else(|| word.strip_prefix("--colour="))
                    .map(str::to_string)
            };
            if let Some(value) = value {
                choice = <ColourWhen as clap::ValueEnum>::from_str(&value, true).unwrap_or(choice);
            }
        }
        choice
    }
}

/// Whether each output stream of this run is coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Colours {
    /// Standard output (data: validate's text report).
    pub stdout: bool,
    /// Standard error (messages: `tavli: error: ...`).
    pub stderr: bool,
}

impl Colours {
    /// Decides for the process's standard output and error.
    #[must_use]
    pub fn of_process(when: ColourWhen) -> Colours {
        Colours {
            stdout: coloured(std::io::stdout(), when),
            stderr: coloured(std::io::stderr(), when),
        }
    }

    /// No colour anywhere (the library's callers and tests).
    #[must_use]
    pub fn none() -> Colours {
        Colours::default()
    }
}

/// Whether `stream` is coloured under `when` (anstream's reading of the terminal and the
/// environment).
fn coloured<S: anstream::stream::RawStream>(stream: S, when: ColourWhen) -> bool {
    AutoStream::new(stream, when.for_anstream()).current_choice() != ColorChoice::Never
}

/// The `error:` of `tavli: error: ...`, red when `coloured`.
#[must_use]
pub fn error_label(coloured: bool) -> String {
    let style = if coloured {
        AnsiColor::Red.on_default().bold()
    } else {
        Style::new()
    };
    crate::matchfile::style::paint(style, "error:")
}

/// The text outputs whose headings and labels are coloured on a terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextOutput {
    /// `tavli analyse`'s report: the file line, the players' row, the table's labels and
    /// `Worst decisions:`.
    Analyse,
    /// `tavli hint`: each play's rank and its `Eq.:` label.
    Hint,
    /// `tavli eval`: the `Position ID:`-style labels, the table's heading and row labels,
    /// `Cube analysis`, `Cubeful equities:` and `Proper cube action:`.
    Eval,
}

/// Section headings: bold cyan.
fn heading_style() -> Style {
    AnsiColor::Cyan.on_default().bold()
}

/// Labels: bold.
fn label_style() -> Style {
    Style::new().bold()
}

/// `text` (a whole output of `output`) with its headings and labels painted when
/// `coloured`; unchanged otherwise. Only escape sequences are added: without them the text
/// is the same, byte for byte.
#[must_use]
pub fn headings(text: &str, output: TextOutput, coloured: bool) -> String {
    if !coloured {
        return text.to_string();
    }
    let mut painted = String::with_capacity(text.len() + text.len() / 8);
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        let body = match output {
            TextOutput::Analyse => analyse_line(body, index),
            TextOutput::Hint => hint_line(body),
            TextOutput::Eval => eval_line(body),
        };
        painted.push_str(&body);
        painted.push_str(end);
    }
    painted
}

/// `label` (the start of `line` up to byte `end`) painted in `style`, the rest as is.
fn paint_start(line: &str, end: usize, style: Style) -> String {
    let (start, rest) = line.split_at(end);
    format!("{}{rest}", paint(style, start))
}

fn paint(style: Style, text: &str) -> String {
    crate::matchfile::style::paint(style, text)
}

/// The analyse report: `FILE: 7-point match, ...` has its file bold; the players' row
/// (empty label) is bold; each row's label is bold; `Worst decisions:` is a heading.
fn analyse_line(line: &str, index: usize) -> String {
    let trimmed = line.trim_start();
    if !line.starts_with(' ') {
        // A file's first line: the name before its last `: `.
        return match line.rfind(": ") {
            Some(end) => paint_start(line, end, label_style()),
            None => line.to_string(),
        };
    }
    if trimmed == "Worst decisions:" {
        let indent = line.len() - trimmed.len();
        return format!("{}{}", &line[..indent], paint(heading_style(), trimmed));
    }
    if line.starts_with("  ") && !line.starts_with("   ") && index > 0 {
        // `  Label<padding> value value`: the label runs to two spaces or more.
        return match trimmed.find("  ") {
            Some(end) => paint_start(line, 2 + end, label_style()),
            None => line.to_string(),
        };
    }
    if line.starts_with(&" ".repeat(36)) && !trimmed.is_empty() {
        // The players' row: no label, the two names.
        let indent = line.len() - trimmed.len();
        return format!("{}{}", &line[..indent], paint(label_style(), trimmed));
    }
    line.to_string()
}

/// A hint line: `    1. net 1-ply   8/5 6/5   Eq.: +0.147` has its rank and `Eq.:` bold.
fn hint_line(line: &str) -> String {
    let trimmed = line.trim_start();
    let indent = line.len() - trimmed.len();
    let rank = trimmed
        .find(". ")
        .filter(|&dot| dot > 0 && trimmed[..dot].bytes().all(|b| b.is_ascii_digit()));
    let Some(dot) = rank else {
        return line.to_string();
    };
    let rest = &trimmed[dot + 1..];
    let rest = match rest.find("Eq.:") {
        Some(at) => format!(
            "{}{}{}",
            &rest[..at],
            paint(label_style(), "Eq.:"),
            &rest[at + 4..]
        ),
        None => rest.to_string(),
    };
    format!(
        "{}{}{rest}",
        &line[..indent],
        paint(heading_style(), &trimmed[..=dot])
    )
}

/// An eval line: labels before `:` bold, the table's heading bold, section headings cyan.
fn eval_line(line: &str) -> String {
    let trimmed = line.trim_start();
    let indent = line.len() - trimmed.len();
    if trimmed == "Cube analysis" || trimmed == "Cubeful equities:" {
        return format!("{}{}", &line[..indent], paint(heading_style(), trimmed));
    }
    if trimmed.starts_with("Win ") && trimmed.contains("Equity") {
        return format!("{}{}", &line[..indent], paint(label_style(), trimmed));
    }
    for label in [
        "Position ID:",
        "Match ID:",
        "Evaluator:",
        "Proper cube action:",
        "static:",
    ] {
        if trimmed.starts_with(label) {
            return paint_start(line, indent + label.len(), label_style());
        }
    }
    // ` 1 ply:`, `2 ply:`: a depth's row.
    if let Some((depth, _)) = trimmed.split_once(" ply:") {
        if !depth.is_empty() && depth.bytes().all(|b| b.is_ascii_digit()) {
            return paint_start(line, indent + depth.len() + 5, label_style());
        }
    }
    line.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` without its escape sequences.
    fn plain(text: &str) -> String {
        let mut plain = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                plain.push(c);
            }
        }
        plain
    }

    #[test]
    fn headings_only_add_escapes_and_only_when_coloured() {
        let eval = "Position ID:\t4HPwATDgc/ABMA\nEvaluator: \tnet 2-ply, Contact\n\n        Win     W(g)    Equity\nstatic: 0.524   0.134   +0.066\n 1 ply: 0.530   0.139   +0.085\n\nCube analysis\nCubeful equities:\n1. No double           +0.073\nProper cube action: No double, take (21.4%)\n";
        let hint = "    1. net 1-ply        8/5 6/5                      Eq.: +0.147\n       0.551 0.159 0.007 - 0.449 0.111 0.005\n";
        let analyse = "a.mat: 1-point match, 1 game(s), analysed at 0 ply\n                                     gnubg                    user\n  Moves (unforced)                   9 (8)                    9 (9)\n  Worst decisions:\n    game 1 gnubg: 52 played 13/8 13/11, best 13/8 13/11: -0.000 EMG\n";
        for (text, output, painted) in [
            (eval, TextOutput::Eval, 8),
            (hint, TextOutput::Hint, 2),
            (analyse, TextOutput::Analyse, 4),
        ] {
            assert_eq!(headings(text, output, false), text);
            let coloured = headings(text, output, true);
            assert_eq!(plain(&coloured), text, "{output:?}");
            assert_eq!(
                coloured.matches("\u{1b}[0m").count(),
                painted,
                "{output:?}: {coloured}"
            );
        }
        assert!(headings(hint, TextOutput::Hint, true).contains("\u{1b}[1mEq.:\u{1b}[0m"));
    }

    #[test]
    fn the_last_color_word_before_a_double_dash_counts() {
        let when = |words: &[&str]| ColourWhen::in_arguments(words.iter().copied());
        assert_eq!(when(&["tavli", "validate", "x.mat"]), ColourWhen::Auto);
        assert_eq!(
            when(&["tavli", "--color", "never", "validate"]),
            ColourWhen::Never
        );
        assert_eq!(
            when(&["tavli", "validate", "--color=always"]),
            ColourWhen::Always
        );
        assert_eq!(
            when(&["tavli", "--color=never", "validate", "--colour", "always"]),
            ColourWhen::Always
        );
        assert_eq!(when(&["tavli", "--", "--color=never"]), ColourWhen::Auto);
        assert_eq!(when(&["tavli", "--color", "purple"]), ColourWhen::Auto);
    }

    #[test]
    fn the_error_label_is_red_only_when_coloured() {
        assert_eq!(error_label(false), "error:");
        assert!(error_label(true).starts_with("\u{1b}["));
    }
}
