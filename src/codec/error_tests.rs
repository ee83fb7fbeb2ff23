//! Tests of `error.rs`.

use super::*;
use crate::echo::MAX_ECHOED_CHARS;

#[test]
fn a_long_text_is_quoted_by_its_first_characters() {
    let long = "x".repeat(100_000);
    let cut = format!("`{}...`", "x".repeat(MAX_ECHOED_CHARS));
    let messages = [
        ParsePositionError::Unrecognised { text: long.clone() }.to_string(),
        ParseXgidError::BadNumber {
            field: "score",
            offset: 3,
            text: long.clone(),
        }
        .to_string(),
        ParseXgidError::BadDice {
            offset: 3,
            text: long.clone(),
        }
        .to_string(),
        ParseFibsBoardError::BadNumber {
            field: 5,
            offset: 3,
            text: long,
        }
        .to_string(),
    ];
    for message in messages {
        assert!(message.contains(&cut), "{message}");
        assert!(message.len() < 300, "{} bytes", message.len());
    }
    let short = ParsePositionError::Unrecognised {
        text: "nonsense".into(),
    };
    assert!(short
        .to_string()
        .starts_with("`nonsense` is not a position"));
}
