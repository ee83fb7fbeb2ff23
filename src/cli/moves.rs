//! `tavli moves`: every legal play of a position and roll, as text, JSON or NDJSON batches.

use super::exit::Outcome;
use super::position_arg::{position_text, read_position, refuse_finished};
use crate::notation::format_play;
use crate::rules::RuleSet;
use crate::rules::{Dice, MatchState, Play, Step, Variant};
use anyhow::Context;
use serde::Serialize;
use std::io::{BufRead, Read, Write};

/// Arguments of `tavli moves`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  tavli moves start 31\n  tavli moves 4HPwATDgc/ABMA 6-5 --json\n  \
                  tavli moves --batch positions.txt > plays.ndjson"
)]
pub struct MovesArgs {
    /// The position: a Position ID, a GNUbg ID (POSITION:MATCH), an XGID, a FIBS board
    /// string or `start`. A bare Position ID is seen from the player on roll.
    #[arg(required_unless_present = "batch")]
    pub position: Option<String>,
    /// The roll: `31`, `3-1` or `3 1`. May be left out when the position carries dice.
    #[arg(num_args = 0..=2)]
    pub dice: Vec<String>,
    /// The variant of the position.
    #[arg(long, default_value = "standard", value_parser = super::position_arg::VariantName)]
    pub variant: String,
    /// One JSON document with each play (`play`, in gnubg's notation), its steps and resulting Position ID.
    #[arg(long)]
    pub json: bool,
    /// Read `POSITION DICE` lines from FILE (`-` for standard input) and write one NDJSON
    /// line per input line. Exit status 1 if any line failed.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "json"])]
    pub batch: Option<String>,
}

#[derive(Serialize)]
struct PlayRecord<'a> {
    /// The play in gnubg's notation.
    play: String,
    steps: &'a [Step],
    /// The resulting position, seen from the opponent (who is on roll next).
    position_id: String,
}

#[derive(Serialize)]
struct MovesRecord<'a> {
    position: &'a str,
    dice: [u8; 2],
    plays: Vec<PlayRecord<'a>>,
}

#[derive(Serialize)]
struct ErrorRecord<'a> {
    error: ErrorBody<'a>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    kind: &'a str,
    message: String,
}

/// A line's failure: which kind, and the message.
struct LineError {
    kind: &'static str,
    message: String,
}

/// The notation of a play in the state's variant (gnubg's for gnubg's variations).
fn notation(state: &MatchState, dice: Dice, play: &Play) -> String {
    format_play(
        state.rules(),
        &state.board,
        state.on_roll,
        dice,
        play.steps(),
    )
}

/// Every legal play of the state's player on roll, in any variant, into `plays`.
fn generate(state: &MatchState, dice: Dice, plays: &mut Vec<Play>) {
    state
        .rules()
        .legal_plays_into(&state.board, state.on_roll, dice, plays);
}

fn play_records<'a>(state: &MatchState, dice: Dice, plays: &'a [Play]) -> Vec<PlayRecord<'a>> {
    let mover = state.on_roll;
    plays
        .iter()
        .map(|play| PlayRecord {
            play: notation(state, dice, play),
            steps: play.steps(),
            position_id: position_text(state.variant, &play.result, mover.opponent()),
        })
        .collect()
}

fn resolve_dice(state: &MatchState, words: &[&str]) -> Result<Dice, LineError> {
    if words.is_empty() {
        return state.dice.ok_or(LineError {
            kind: "dice",
            message: "no dice given and the position has none".to_string(),
        });
    }
    Dice::parse(&words.join(" ")).map_err(|error| LineError {
        kind: "dice",
        message: error.to_string(),
    })
}

/// Reads a position with a game to play: a finished game or match has no plays (refused
/// rather than answered with an empty list, which means a roll with no legal play).
fn read_line_position(text: &str, variant: Variant) -> Result<MatchState, LineError> {
    let state = read_position(text, variant).map_err(|error| LineError {
        kind: "position",
        message: error.to_string(),
    })?;
    refuse_finished(&state).map_err(|message| LineError {
        kind: "position",
        message,
    })?;
    Ok(state)
}

/// Runs `tavli moves`.
///
/// # Errors
/// I/O errors on the output or the batch input.
pub fn run(args: &MovesArgs, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let variant = match Variant::from_name(&args.variant) {
        Ok(variant) => variant,
        Err(error) => {
            writeln!(err, "tavli: {error}")?;
            return Ok(Outcome::Failure);
        }
    };
    if let Some(path) = &args.batch {
        return run_batch(path, variant, out, err);
    }
    let position = args.position.as_deref().unwrap_or_default();
    let state = match read_line_position(position, variant) {
        Ok(state) => state,
        Err(error) => {
            writeln!(err, "tavli: {}", error.message)?;
            return Ok(Outcome::Rejected);
        }
    };
    let words: Vec<&str> = args.dice.iter().map(String::as_str).collect();
    let dice = match resolve_dice(&state, &words) {
        Ok(dice) => dice,
        Err(error) => {
            writeln!(err, "tavli: {}", error.message)?;
            return Ok(Outcome::Rejected);
        }
    };
    if RuleSet::new(state.variant).requires_reroll(&state.board, state.on_roll, dice) {
        writeln!(
            err,
            "tavli: in {} this roll is not played: the player rolls again",
            state.variant
        )?;
        return Ok(Outcome::Rejected);
    }
    let mut plays = Vec::new();
    generate(&state, dice, &mut plays);
    if args.json {
        let record = MovesRecord {
            position,
            dice: [dice.first(), dice.second()],
            plays: play_records(&state, dice, &plays),
        };
        serde_json::to_writer_pretty(&mut *out, &record)?;
        writeln!(out)?;
    } else {
        for play in &plays {
            writeln!(out, "{}", notation(&state, dice, play))?;
        }
    }
    Ok(Outcome::Success)
}

/// A batch line as read: its text, or [`NotUtf8`].
type BatchLine = Result<String, NotUtf8>;

/// A batch line whose bytes are not UTF-8.
#[derive(Debug, Clone, Copy)]
struct NotUtf8;

/// The NDJSON bytes of a run of batch lines, and the failed lines with their messages.
type BatchOutput = (Vec<u8>, Vec<(usize, String)>);

/// Longest line of a batch (bytes); a position and a roll take under 100.
const MAX_BATCH_LINE_BYTES: usize = 4096;

/// Lines per chunk of a batch; each chunk is split between the worker threads.
const BATCH_CHUNK: usize = 8192;

fn run_batch(
    path: &str,
    variant: Variant,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let mut input: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        let file = std::fs::File::open(path).with_context(|| format!("opening {path}"))?;
        Box::new(std::io::BufReader::with_capacity(1 << 16, file))
    };
    let workers = std::thread::available_parallelism()
        .map(std::num::NonZeroUsize::get)
        .unwrap_or(1)
        .clamp(1, 8);
    let mut outcome = Outcome::Success;
    let mut first_line = 1usize;
    loop {
        let mut lines = Vec::with_capacity(BATCH_CHUNK);
        for _ in 0..BATCH_CHUNK {
            let mut bytes = Vec::new();
            // A line is bounded: a stream without newlines is refused, not held whole.
            let read = Read::take(&mut input, MAX_BATCH_LINE_BYTES as u64 + 1)
                .read_until(b'\n', &mut bytes)
                .with_context(|| format!("reading {path}"))?;
            if read == 0 {
                break;
            }
            if read > MAX_BATCH_LINE_BYTES && bytes.last() != Some(&b'\n') {
                anyhow::bail!(
                    "reading {path}: line {} is longer than {MAX_BATCH_LINE_BYTES} bytes, \
                     the longest batch line",
                    first_line + lines.len()
                );
            }
            // A line that is not UTF-8 fails alone, as any other bad line does.
            lines.push(String::from_utf8(bytes).map_err(|_| NotUtf8));
        }
        if lines.is_empty() {
            break;
        }
        let per_worker = lines.len().div_ceil(workers);
        let results: Vec<BatchOutput> = std::thread::scope(|scope| {
            let handles: Vec<_> = lines
                .chunks(per_worker)
                .enumerate()
                .map(|(index, chunk)| {
                    let offset = first_line + index * per_worker;
                    scope.spawn(move || write_batch_lines(chunk, offset, variant))
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| handle.join().unwrap_or_default())
                .collect()
        });
        for (bytes, failures) in results {
            out.write_all(&bytes)?;
            for (line_number, message) in failures {
                outcome = Outcome::Rejected;
                writeln!(err, "tavli: {path}:{line_number}: {message}")?;
            }
        }
        first_line += lines.len();
    }
    out.flush()?;
    Ok(outcome)
}

/// Formats the NDJSON lines of `lines` (numbered from `first_line`); returns the bytes and
/// the failed lines with their messages.
fn write_batch_lines(lines: &[BatchLine], first_line: usize, variant: Variant) -> BatchOutput {
    let mut bytes = Vec::with_capacity(lines.len() * 1024);
    let mut failures = Vec::new();
    let mut plays = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let result = match line {
            Ok(line) => batch_line(line.trim_end_matches(['\n', '\r']), variant, &mut plays),
            Err(NotUtf8) => Err(LineError {
                kind: "syntax",
                message: "the line is not valid UTF-8".to_string(),
            }),
        };
        match result {
            Ok((position, state, dice)) => {
                write_record(&mut bytes, position, &state, dice, &plays);
            }
            Err(error) => {
                let record = ErrorRecord {
                    error: ErrorBody {
                        kind: error.kind,
                        message: error.message.clone(),
                    },
                };
                // Writing JSON into a Vec cannot fail.
                let _ = serde_json::to_writer(&mut bytes, &record);
                failures.push((first_line + index, error.message));
            }
        }
        bytes.push(b'\n');
    }
    (bytes, failures)
}

/// Writes one batch record by hand (the hot path of `--batch`): the same JSON that
/// `MovesRecord` serialises to.
fn write_record(
    bytes: &mut Vec<u8>,
    position: &str,
    state: &MatchState,
    dice: Dice,
    plays: &[Play],
) {
    let mover = state.on_roll;
    bytes.extend_from_slice(b"{\"position\":");
    let _ = serde_json::to_writer(&mut *bytes, position);
    bytes.extend_from_slice(b",\"dice\":[");
    bytes.push(b'0' + dice.first());
    bytes.push(b',');
    bytes.push(b'0' + dice.second());
    bytes.extend_from_slice(b"],\"plays\":[");
    for (index, play) in plays.iter().enumerate() {
        if index > 0 {
            bytes.push(b',');
        }
        bytes.extend_from_slice(b"{\"play\":\"");
        bytes.extend_from_slice(notation(state, dice, play).as_bytes());
        bytes.extend_from_slice(b"\",\"steps\":[");
        for (step_index, step) in play.steps().iter().enumerate() {
            if step_index > 0 {
                bytes.push(b',');
            }
            bytes.extend_from_slice(b"{\"from\":");
            push_number(bytes, step.from);
            bytes.extend_from_slice(b",\"to\":");
            push_number(bytes, step.to);
            bytes.extend_from_slice(if step.hit {
                b",\"hit\":true}"
            } else {
                b",\"hit\":false}"
            });
        }
        bytes.extend_from_slice(b"],\"position_id\":\"");
        bytes.extend_from_slice(
            position_text(state.variant, &play.result, mover.opponent()).as_bytes(),
        );
        bytes.extend_from_slice(b"\"}");
    }
    bytes.extend_from_slice(b"]}");
}

fn push_number(bytes: &mut Vec<u8>, value: u8) {
    if value >= 10 {
        bytes.push(b'0' + value / 10);
    }
    bytes.push(b'0' + value % 10);
}

fn batch_line<'a>(
    line: &'a str,
    variant: Variant,
    plays: &mut Vec<Play>,
) -> Result<(&'a str, MatchState, Dice), LineError> {
    let mut words = line.split_whitespace();
    let position = words.next().ok_or(LineError {
        kind: "syntax",
        message: "empty line: expected `POSITION DICE`".to_string(),
    })?;
    let state = read_line_position(position, variant)?;
    let rest: Vec<&str> = words.collect();
    let dice = resolve_dice(&state, &rest)?;
    if RuleSet::new(state.variant).requires_reroll(&state.board, state.on_roll, dice) {
        return Err(LineError {
            kind: "dice",
            message: format!("in {} this roll is not played: roll again", state.variant),
        });
    }
    generate(&state, dice, plays);
    Ok((position, state, dice))
}
