//! Input quoted back in a message, one rule for the whole crate (REPL errors, codec errors,
//! the command line's position argument, UBGI error details): whole when short (as gnubg
//! quotes it), cut to [`MAX_ECHOED_CHARS`] characters and `...` when longer, so that a pasted
//! blob is not printed back in full (gnubg echoes any length, up to the whole line).

use std::borrow::Cow;

/// Characters of a word quoted back whole (gnubg's keywords are far shorter).
pub const MAX_ECHOED_CHARS: usize = 64;

/// `word` as an error message quotes it: itself up to [`MAX_ECHOED_CHARS`] characters, else
/// its first [`MAX_ECHOED_CHARS`] characters and `...`.
#[must_use]
pub fn echoed(word: &str) -> Cow<'_, str> {
    match word.char_indices().nth(MAX_ECHOED_CHARS) {
        None => Cow::Borrowed(word),
        Some((end, _)) => Cow::Owned(format!("{}...", &word[..end])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_word_is_quoted_whole() {
        assert_eq!(echoed("xyzzy"), "xyzzy");
        assert_eq!(echoed(""), "");
        let longest = "x".repeat(MAX_ECHOED_CHARS);
        assert_eq!(echoed(&longest), longest);
    }

    #[test]
    fn a_long_word_is_cut_at_a_character_boundary() {
        let long = "x".repeat(MAX_ECHOED_CHARS + 1);
        assert_eq!(
            echoed(&long),
            format!("{}...", "x".repeat(MAX_ECHOED_CHARS))
        );
        // Two bytes a character: cut after 64 characters, not 64 bytes.
        let greek = "λ".repeat(100);
        assert_eq!(
            echoed(&greek),
            format!("{}...", "λ".repeat(MAX_ECHOED_CHARS))
        );
    }
}
