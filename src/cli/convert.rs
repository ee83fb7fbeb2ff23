//! `tavli convert IN OUT`: reads a match file and writes it as .mat or SGF.

use anyhow::{bail, Context};
use std::io::{Read, Write};
use std::path::PathBuf;

use super::validate::FormatArg;
use crate::matchfile::{decode, read_match_text, write_mat, write_sgf, Format};

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

/// Runs `tavli convert`; returns 0 on success, 1 when the input has errors, 2 on I/O errors.
pub fn run(args: Args) -> anyhow::Result<u8> {
    if args.input == args.output && args.input.as_os_str() != "-" {
        bail!("input and output are the same file");
    }
    let bytes = if args.input.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("reading stdin")?;
        bytes
    } else {
        match std::fs::read(&args.input) {
            Ok(bytes) => bytes,
            Err(error) => {
                writeln!(
                    std::io::stderr().lock(),
                    "tavli convert: {}: {error}",
                    args.input.display()
                )?;
                return Ok(2);
            }
        }
    };
    let (text, _) = match decode(&bytes) {
        Ok(decoded) => decoded,
        Err(diagnostic) => {
            writeln!(
                std::io::stderr().lock(),
                "tavli convert: {}: {}",
                args.input.display(),
                diagnostic.message
            )?;
            return Ok(1);
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
            let mut stderr = std::io::stderr().lock();
            for mut diagnostic in error.diagnostics {
                diagnostic.file = args.input.display().to_string();
                writeln!(stderr, "{diagnostic}")?;
            }
            writeln!(
                stderr,
                "tavli convert: {} has errors; nothing written (see `tavli validate`)",
                args.input.display()
            )?;
            return Ok(1);
        }
    };
    let to = match args.to {
        Some(format) => Format::from(format),
        None => Format::from_path(&args.output),
    };
    let output = match to {
        Format::Mat => write_mat(&record),
        Format::Sgf => write_sgf(&record),
    };
    if args.output.as_os_str() == "-" {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(output.as_bytes())?;
        stdout.flush()?;
    } else if let Err(error) = std::fs::write(&args.output, output) {
        writeln!(
            std::io::stderr().lock(),
            "tavli convert: {}: {error}",
            args.output.display()
        )?;
        return Ok(2);
    }
    Ok(0)
}
