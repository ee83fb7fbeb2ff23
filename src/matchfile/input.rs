//! Reading match files and streams with a size limit, so that memory stays bounded whatever
//! the input (`/dev/urandom`, an endless pipe): past [`MAX_FILE_SIZE`] bytes the input is
//! refused without being read further.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// Largest match file or stream read (bytes): 4 MiB, eight times the largest real match
/// file seen (an analysed 7-point SGF of 480 KB). Larger inputs are refused.
pub const MAX_FILE_SIZE: usize = 4 * 1024 * 1024;

/// Why an input could not be read.
#[derive(Debug)]
pub enum InputError {
    /// More than [`MAX_FILE_SIZE`] bytes.
    TooLarge,
    /// The operating system's error.
    Io(std::io::Error),
}

impl fmt::Display for InputError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::TooLarge => write!(formatter, "{}", too_large_message()),
            InputError::Io(error) => write!(formatter, "{}", io_reason(error)),
        }
    }
}

/// Why a file could not be opened, read or written, worded the same by every command
/// (`validate`, `analyse`, `convert`): the operating system's message in lower case, without
/// its ` (os error N)` number, as in "no such file or directory".
#[must_use]
pub fn io_reason(error: &std::io::Error) -> String {
    let text = error.to_string();
    let text = match text.find(" (os error") {
        Some(end) => &text[..end],
        None => text.as_str(),
    };
    let mut characters = text.chars();
    match characters.next() {
        Some(first) => first.to_lowercase().chain(characters).collect(),
        None => String::new(),
    }
}

impl std::error::Error for InputError {}

/// The message of an input over the limit.
#[must_use]
pub fn too_large_message() -> String {
    format!(
        "more than {MAX_FILE_SIZE} bytes (4 MiB), the largest match file tavli reads; \
         not read further"
    )
}

/// Reads `reader` to its end, refusing it after [`MAX_FILE_SIZE`] bytes.
///
/// # Errors
/// [`InputError::TooLarge`] past the limit, [`InputError::Io`] when reading fails.
pub fn read_bounded(reader: impl Read) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE_SIZE as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(InputError::Io)?;
    if bytes.len() > MAX_FILE_SIZE {
        return Err(InputError::TooLarge);
    }
    Ok(bytes)
}

/// Reads the file at `path` (a regular file, a device or a pipe), refusing it after
/// [`MAX_FILE_SIZE`] bytes; a regular file over the limit is refused unread.
///
/// # Errors
/// As [`read_bounded`], and when the file cannot be opened.
pub fn read_file(path: &Path) -> Result<Vec<u8>, InputError> {
    let file = std::fs::File::open(path).map_err(InputError::Io)?;
    if let Ok(metadata) = file.metadata() {
        if metadata.is_file() && metadata.len() > MAX_FILE_SIZE as u64 {
            return Err(InputError::TooLarge);
        }
    }
    read_bounded(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_worded_in_lower_case_without_the_error_number() {
        let missing = read_file(Path::new("/nonexistent/tavli-input-test.mat")).unwrap_err();
        assert_eq!(missing.to_string(), "no such file or directory");
        let directory = read_file(Path::new("/")).unwrap_err();
        assert_eq!(directory.to_string(), "is a directory");
        let other = std::io::Error::other("Custom reason");
        assert_eq!(io_reason(&other), "custom reason");
    }

    #[test]
    fn an_endless_stream_is_refused_at_the_limit() {
        let endless = std::io::repeat(b'x');
        assert!(matches!(read_bounded(endless), Err(InputError::TooLarge)));
    }

    #[test]
    fn input_up_to_the_limit_is_read_whole() {
        let text = vec![b'a'; MAX_FILE_SIZE];
        assert_eq!(read_bounded(&text[..]).unwrap().len(), MAX_FILE_SIZE);
        assert!(matches!(
            read_bounded(&[text, vec![b'b']].concat()[..]),
            Err(InputError::TooLarge)
        ));
    }

    #[test]
    fn a_device_that_never_ends_is_refused() {
        assert!(matches!(
            read_file(Path::new("/dev/zero")),
            Err(InputError::TooLarge)
        ));
    }
}
