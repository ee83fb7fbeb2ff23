//! The training data files: gzip-compressed text, one record a line. A positions file holds a
//! gnubg Position ID per line (seen from the player on roll); a labels file holds the ID and
//! that player's five rollout probabilities (`ID win win-gammon win-backgammon lose-gammon
//! lose-backgammon`); a sibling groups file holds the IDs of one decision's siblings a line.
//! Files are appended to in gzip members, so a run that stops can go on.

use crate::codec::position_id;
use crate::engine::Probabilities;
use crate::rules::{Board, Side, Variant};
use crate::train::fit::Example;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;

/// A bad line in a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for DataError {}

/// Largest data file read, once decompressed (bytes): 512 MiB, some twenty times the largest
/// training file (a gzip bomb or a wrong file is refused instead of filling the memory).
pub const MAX_DATA_BYTES: u64 = 512 * 1024 * 1024;

/// Longest line of a data file (bytes): a Position ID and five probabilities take 60.
pub const MAX_LINE_BYTES: usize = 1024;

/// The lines of a data file (gzip when the name ends in `.gz`); a missing file has none.
///
/// # Errors
/// The file exists but cannot be read or decompressed, holds more than [`MAX_DATA_BYTES`]
/// once decompressed, or a line longer than [`MAX_LINE_BYTES`].
pub fn read_lines(path: &Path) -> std::io::Result<Vec<String>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let file = std::fs::File::open(path)?;
    let reader: Box<dyn Read> = if path.extension().is_some_and(|e| e == "gz") {
        Box::new(MultiGzDecoder::new(file))
    } else {
        Box::new(file)
    };
    let mut reader = BufReader::new(reader.take(MAX_DATA_BYTES + 1));
    let mut lines = Vec::new();
    let mut total = 0u64;
    loop {
        let mut line = String::new();
        let read = (&mut reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_line(&mut line)?;
        if read == 0 {
            break;
        }
        total += read as u64;
        if total > MAX_DATA_BYTES {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "more than {MAX_DATA_BYTES} bytes (512 MiB), the largest data file tavli reads"
                ),
            ));
        }
        if line.ends_with('\n') {
            line.pop();
            if line.ends_with('\r') {
                line.pop();
            }
        } else if read > MAX_LINE_BYTES {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "line {}: longer than {MAX_LINE_BYTES} bytes, the longest line of a data file",
                    lines.len() + 1
                ),
            ));
        }
        lines.push(line);
    }
    Ok(lines)
}

/// Appends `lines` to a data file (a new gzip member when the name ends in `.gz`).
///
/// # Errors
/// The file cannot be written.
pub fn append_lines(path: &Path, lines: &[String]) -> std::io::Result<()> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    let mut text = String::new();
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    if path.extension().is_some_and(|e| e == "gz") {
        let mut encoder = GzEncoder::new(file, Compression::best());
        encoder.write_all(text.as_bytes())?;
        encoder.finish()?.sync_all()
    } else {
        let mut file = file;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    }
}

/// A labels line for `id` with `probabilities`.
#[must_use]
pub fn label_line(id: &str, probabilities: &Probabilities) -> String {
    format!(
        "{id} {:.5} {:.5} {:.5} {:.5} {:.5}",
        probabilities.win,
        probabilities.win_gammon,
        probabilities.win_backgammon,
        probabilities.lose_gammon,
        probabilities.lose_backgammon
    )
}

/// Reads a labels line (`number` is 1-based, for the error).
///
/// # Errors
/// A bad Position ID, a missing or non-numeric probability, or a value outside 0..=1.
pub fn parse_label(line: &str, number: usize) -> Result<Example, DataError> {
    let error = |message: String| DataError {
        line: number,
        message,
    };
    let mut words = line.split_whitespace();
    let id = words
        .next()
        .ok_or_else(|| error("empty line".to_string()))?;
    let board = position_id::decode(id, Side::X, Variant::Standard)
        .map_err(|e| error(format!("bad Position ID {id}: {e}")))?;
    let mut targets = [0f32; 5];
    for target in &mut targets {
        let word = words
            .next()
            .ok_or_else(|| error("fewer than five probabilities".to_string()))?;
        let value: f32 = word
            .parse()
            .map_err(|_| error(format!("not a number: {word}")))?;
        if !(0.0..=1.0).contains(&value) {
            return Err(error(format!("probability out of range: {word}")));
        }
        *target = value;
    }
    if words.next().is_some() {
        return Err(error("more than five probabilities".to_string()));
    }
    Ok(Example { board, targets })
}

/// Reads a sibling groups line (`number` is 1-based, for the error): the Position IDs of one
/// decision's siblings, separated by spaces, each seen from the player on roll.
///
/// # Errors
/// A bad Position ID, or fewer than two.
pub fn parse_group(line: &str, number: usize) -> Result<Vec<Board>, DataError> {
    let error = |message: String| DataError {
        line: number,
        message,
    };
    let group = line
        .split_whitespace()
        .map(|id| {
            position_id::decode(id, Side::X, Variant::Standard)
                .map_err(|e| error(format!("bad Position ID {id}: {e}")))
        })
        .collect::<Result<Vec<Board>, DataError>>()?;
    if group.len() < 2 {
        return Err(error(format!(
            "{} Position ID{}: a group holds two or more",
            group.len(),
            if group.len() == 1 { "" } else { "s" }
        )));
    }
    Ok(group)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip_through_a_gzip_file_in_two_members() {
        let dir = std::env::temp_dir().join(format!("tavli-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("labels.txt.gz");
        let _ = std::fs::remove_file(&path);
        let p = Probabilities {
            win: 0.5,
            win_gammon: 0.1,
            win_backgammon: 0.0,
            lose_gammon: 0.2,
            lose_backgammon: 0.01,
        };
        let id = position_id::encode(&Board::start(Variant::Standard), Side::X);
        append_lines(&path, &[label_line(&id, &p)]).unwrap();
        append_lines(&path, &[label_line(&id, &p)]).unwrap();
        let lines = read_lines(&path).unwrap();
        assert_eq!(lines.len(), 2);
        let example = parse_label(&lines[1], 2).unwrap();
        assert_eq!(example.board, Board::start(Variant::Standard));
        assert_eq!(example.targets, [0.5, 0.1, 0.0, 0.2, 0.01]);
        assert!(parse_label("4HPwATDgc/ABMA 0.5 0.1", 3).is_err());
        assert!(parse_label("4HPwATDgc/ABMA 0.5 0.1 0 0 2", 4).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_group_line_is_two_or_more_position_ids() {
        let start = Board::start(Variant::Standard);
        let id = position_id::encode(&start, Side::X);
        assert_eq!(
            parse_group(&format!("{id} {id}  {id}"), 1).unwrap(),
            [start; 3]
        );
        let error = parse_group(&id, 7).unwrap_err();
        assert_eq!(error.line, 7);
        assert!(error.message.contains("1 Position ID:"), "{error}");
        assert!(parse_group("", 1)
            .unwrap_err()
            .message
            .contains("0 Position IDs"));
        let error = parse_group(&format!("{id} nonsense"), 2).unwrap_err();
        assert!(
            error.message.contains("bad Position ID nonsense"),
            "{error}"
        );
    }

    #[test]
    fn a_line_longer_than_the_limit_is_refused_with_its_number() {
        let dir = std::env::temp_dir().join(format!("tavli-data-long-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("labels.txt");
        let text = format!("a\r\nb\n{}\n", "x".repeat(MAX_LINE_BYTES + 1));
        std::fs::write(&path, text).unwrap();
        let error = read_lines(&path).unwrap_err();
        assert!(error.to_string().contains("line 3"), "{error}");
        std::fs::write(&path, "a\r\nb").unwrap();
        assert_eq!(read_lines(&path).unwrap(), ["a", "b"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
