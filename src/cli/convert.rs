//! `tavli convert IN OUT`: reads a match file and writes it as .mat or SGF.

use std::io::Write;
use std::path::PathBuf;

use super::exit::Outcome;
use super::validate::FormatArg;
use crate::matchfile::{
    decode, io_reason, read_bounded, read_file, read_match_text, write_mat, write_sgf, Format,
    InputError, SgfOptions,
};

/// Arguments of `tavli convert`.
#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The match file to read (`-` = stdin).
    #[arg(value_name = "IN")]
    pub input: PathBuf,
    /// The file to write (`-` = stdout).
    #[arg(value_name = "OUT")]
    pub output: PathBuf,
    /// Output format (default: from OUT's extension: `.sgf` is SGF, anything else .mat).
    #[arg(long, value_enum)]
    pub to: Option<FormatArg>,
    /// Input format (default: from IN's extension and content).
    #[arg(long, value_enum)]
    pub from: Option<FormatArg>,
}

/// Runs `tavli convert`: the converted match goes to the output file (or `out` for `-`),
/// problems to `err`. `Rejected` when the input has errors, `Failure` on I/O errors.
///
/// # Errors
/// I/O errors on `out`/`err` or stdin.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.input == args.output && args.input.as_os_str() != "-" {
        writeln!(err, "tavli convert: input and output are the same file")?;
        return Ok(Outcome::Failure);
    }
    let bytes = if args.input.as_os_str() == "-" {
        read_bounded(std::io::stdin().lock())
    } else {
        read_file(&args.input)
    };
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(InputError::TooLarge) => {
            writeln!(
                err,
                "tavli convert: {}: {}",
                args.input.display(),
                InputError::TooLarge
            )?;
            return Ok(Outcome::Rejected);
        }
        Err(InputError::Io(error)) if args.input.as_os_str() == "-" => {
            return Err(anyhow::Error::new(error).context("reading stdin"));
        }
        Err(error @ InputError::Io(_)) => {
            writeln!(err, "tavli convert: {}: {error}", args.input.display())?;
            return Ok(Outcome::Failure);
        }
    };
    let (text, _) = match decode(&bytes) {
        Ok(decoded) => decoded,
        Err(diagnostic) => {
            writeln!(
                err,
                "tavli convert: {}: {}",
                args.input.display(),
                diagnostic.message
            )?;
            return Ok(Outcome::Rejected);
        }
    };
    let from = match args.from {
        Some(format) => Format::from(format),
        None if args.input.as_os_str() == "-" => Format::sniff(&text),
        None => match Format::from_path(&args.input) {
            Format::Sgf => Format::Sgf,
            Format::Mat => Format::sniff(&text),
        },
    };
    let record = match read_match_text(&text, from) {
        Ok(record) => record,
        Err(error) => {
            for mut diagnostic in error.diagnostics {
                diagnostic.file = args.input.display().to_string();
                writeln!(err, "{diagnostic}")?;
            }
            writeln!(
                err,
                "tavli convert: {} has errors; nothing written (see `tavli validate`)",
                args.input.display()
            )?;
            return Ok(Outcome::Rejected);
        }
    };
    let to = match args.to {
        Some(format) => Format::from(format),
        None => Format::from_path(&args.output),
    };
    let output = match to {
        Format::Mat => write_mat(&record),
        Format::Sgf => write_sgf(&record, &SgfOptions::default()),
    };
    if args.output.as_os_str() == "-" {
        out.write_all(output.as_bytes())?;
        out.flush()?;
    } else if let Err(error) = std::fs::write(&args.output, output) {
        writeln!(
            err,
            "tavli convert: {}: {}",
            args.output.display(),
            io_reason(&error)
        )?;
        return Ok(Outcome::Failure);
    }
    Ok(Outcome::Success)
}
