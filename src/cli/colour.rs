//! `--color auto|always|never`: whether tavli's own output (validate's diagnostics, error
//! messages, clap's help) is coloured. Never the gnubg-compatible output (the REPL, `-t`).
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

#[cfg(test)]
mod tests {
    use super::*;

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
