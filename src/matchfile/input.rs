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
            InputError::Io(error) => write!(formatter, "{error}"),
        }
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
