//! The command line: clap definitions and dispatch. The only layer that writes to a terminal.

pub mod analyse;
pub mod analyse_html;
pub mod analyse_json;
pub mod analyse_summary;
pub mod bench;
pub mod board;
pub mod colour;
pub mod completions;
pub mod convert;
pub mod eval;
pub mod exit;
pub mod external;
pub mod hint;
pub mod id;
pub mod judge_args;
pub mod line_editor;
pub mod login;
pub mod man;
pub mod man_text;
pub mod moves;
pub mod position_arg;
pub mod progress;
pub mod repl;
pub mod rollout;
pub mod train;
pub mod train_stages;
pub mod ubgi;
pub mod validate;

use clap::{Parser, Subcommand};
pub use exit::Outcome;
use std::io::Write;

/// tavli: a backgammon command-line tool that speaks GNU Backgammon's text protocol.
///
/// Exit codes: 0 success; 1 some input was rejected or invalid; 2 usage, I/O or internal error.
#[derive(Parser, Debug)]
#[command(name = "tavli", version, about, long_about = None, disable_version_flag = true)]
#[command(
    after_help = "Examples:\n  tavli moves start 31\n  tavli board 4HPwATDgc/ABMA:cIkFAAAAAAAA\n  \
                        tavli validate fixtures/mat\n  tavli -t -q < script.txt"
)]
pub struct Cli {
    /// Print the version (`-v` as gnubg, `-V` as other tools).
    #[arg(short = 'v', short_alias = 'V', long = "version", action = clap::ArgAction::Version)]
    pub version: Option<bool>,
    /// When to colour tavli's own output (diagnostics, errors, help): on a terminal without
    /// NO_COLOR (auto), always or never. gnubg-compatible output is never coloured.
    #[arg(long = "color", visible_alias = "colour", value_name = "WHEN", value_enum, global = true, default_value_t = colour::ColourWhen::Auto)]
    pub color: colour::ColourWhen,
    /// What to do; with no subcommand tavli runs the REPL (gnubg's text protocol).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// REPL options, for `tavli` with no subcommand.
    #[command(flatten)]
    pub repl: repl::ReplArgs,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Read GNU Backgammon's command language (as `gnubg -t`) on standard input or from a file.
    #[command(
        after_help = "Examples:\n  tavli repl -c fixtures/readme/session.txt\n  \
                      printf 'new game\\nshow board\\n' | tavli repl"
    )]
    Repl(repl::ReplArgs),
    /// List every legal play of a position and roll, in gnubg notation.
    Moves(moves::MovesArgs),
    /// Draw a position as gnubg's `show board` does.
    Board(board::BoardArgs),
    /// Rank the plays of a position and roll: probabilities and equities (the REPL's `hint`).
    Hint(hint::HintArgs),
    /// Judge a position: probabilities, cubeless and cubeful equity, cube decision (`eval`).
    Eval(eval::EvalArgs),
    /// Convert a position between Position ID, Match ID, GNUbg ID, XGID and FIBS board.
    Id(id::IdArgs),
    /// Roll out a position: cubeful or cubeless, truncated or not, on all cores (gnubg's `rollout`).
    Rollout(rollout::RolloutArgs),
    /// Check match files (.mat, .txt, .sgf; directories recursively; `-` = stdin).
    #[command(
        after_help = "Examples:\n  tavli validate fixtures/mat/seed08-1pt.mat\n  \
                      tavli validate fixtures/mat --quiet --json\n  \
                      tavli validate fixtures/mat/corrupt/illegal-blocked.mat --html report.html"
    )]
    Validate(validate::Args),
    /// Analyse match files: every decision judged, statistics per player (see docs/analysis.md).
    #[command(
        after_help = "Examples:\n  tavli analyse --worst 1 fixtures/mat/seed08-1pt.mat\n  \
                      tavli analyse fixtures/mat --json --output analysis.ndjson --resume"
    )]
    Analyse(analyse::Args),
    /// Convert a match file between .mat and .sgf.
    #[command(
        after_help = "Examples:\n  tavli convert fixtures/mat/seed08-1pt.mat match.sgf\n  \
                      tavli convert match.sgf - --to mat"
    )]
    Convert(convert::Args),
    /// Serve gnubg's external-player protocol on a socket (`set player N external ADDRESS`).
    External(external::ExternalArgs),
    /// Speak UBGI (drafts v0.2 and v0.1) on standard input and output.
    Ubgi(ubgi::UbgiArgs),
    /// Train tavli's networks from its own games (TD self-play; see the README's training section).
    #[command(after_help = "Examples:\n  \
        tavli train td --out td.tnet --games 1000000 --rate 0.04 --final-rate 0.01\n  \
        tavli train sample --weights td.tnet --games 10000 --out positions.txt.gz\n  \
        tavli train label --positions positions.txt.gz --out labels.txt.gz --threads 2\n  \
        tavli train fit --data labels.txt.gz --resume td.tnet --out fit.tnet --epochs 20\n  \
        tavli train average --weights a.tnet --weights b.tnet --out mean.tnet\n  \
        tavli train calibrate --weights fit.tnet --out calibrated.tnet --rounds 3\n  \
        tavli train classify --counts positions.txt.gz")]
    Train(train::TrainArgs),
    /// Measure tavli: `bench strength` plays two evaluators against each other.
    #[command(after_help = "Example:\n  \
        tavli bench strength --a net --b pubeval --games 1000 --threads 2")]
    Bench(bench::BenchArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(after_help = "Examples:\n  \
        tavli completions bash > /usr/share/bash-completion/completions/tavli\n  \
        tavli completions zsh > ~/.zfunc/_tavli")]
    Completions(completions::CompletionsArgs),
    /// Print a man page (roff), generated from the same definitions as `--help`.
    #[command(
        after_help = "Examples:\n  tavli man | man -l -\n  tavli man moves\n  \
                            tavli man train fit\n  tavli man --dir /usr/local/share/man/man1"
    )]
    Man(man::ManArgs),
}

/// Reads the process's command line, clap's help and errors coloured as its `--color` says.
#[must_use]
pub fn parse() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let when = colour::ColourWhen::in_arguments(std::env::args_os());
    let matches = Cli::command().color(when.for_clap()).get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit())
}

/// Runs the parsed command line, writing data to `out` and diagnostics to `err`.
///
/// # Errors
/// I/O errors and internal failures; the binary reports them and exits with 2.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let colours = colour::Colours::of_process(cli.color);
    match cli.command {
        Some(Command::Moves(args)) => moves::run(&args, out, err),
        Some(Command::Board(args)) => board::run(&args, out, err),
        Some(Command::Id(args)) => id::run(&args, out, err),
        Some(Command::Hint(args)) => hint::run(&args, colours, out, err),
        Some(Command::Eval(args)) => eval::run(&args, colours, out, err),
        Some(Command::Rollout(args)) => rollout::run(&args, out, err),
        Some(Command::Validate(args)) => validate::run(&args, colours, out, err),
        Some(Command::Analyse(args)) => analyse::run(&args, colours, out, err),
        Some(Command::Convert(args)) => convert::run(&args, out, err),
        Some(Command::External(args)) => external::run(&args, out, err),
        Some(Command::Ubgi(args)) => ubgi::run(&args, out, err),
        Some(Command::Repl(args)) => repl::run(&args, out, err),
        Some(Command::Train(args)) => train::run(&args, out, err),
        Some(Command::Bench(args)) => bench::run(&args, out, err),
        Some(Command::Completions(args)) => completions::run(&args, out),
        Some(Command::Man(args)) => {
            let terminal = std::io::IsTerminal::is_terminal(&std::io::stdout());
            man::run(&args, terminal, out, err)
        }
        None => repl::run(&cli.repl, out, err),
    }
}
