//! The UBGI keys tavli declares (`keys`, `set`, `get`): their types, defaults and values.

use super::command::{echo, UbgiError};
use crate::rules::Variant;

/// The deepest `engine.ply`: 3 looks two rolls ahead (gnubg's 2-ply, with move filters and a
/// time budget per move).
pub const MAX_PLY: u32 = 3;

/// The engine's settings (`set`/`get`/`keys`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UbgiOptions {
    /// `engine.ply`: root-inclusive checker-play depth, 1 (the evaluator alone), 2 (one roll
    /// of lookahead) or 3 (two); cube decisions use the evaluator alone.
    pub ply: u32,
    /// `game.variant`: how Position IDs are read.
    pub variant: Variant,
    /// `game.beavers`: whether beavers may be answered in money play.
    pub beavers: bool,
    /// `game.jacoby`: the Jacoby rule for positions given without a Match ID.
    pub jacoby: bool,
    /// `game.cube`: whether the cube is in use (gnubg's `set cube use`). Off, plays are
    /// chosen by the cubeless search and the player on roll never doubles; a pending double
    /// is answered as with the cube on.
    pub cube: bool,
}

impl Default for UbgiOptions {
    fn default() -> UbgiOptions {
        UbgiOptions {
            ply: 1,
            variant: Variant::Standard,
            beavers: true,
            jacoby: false,
            cube: true,
        }
    }
}

/// The `key` lines of a session whose `engine.ply` starts at `default_ply`.
#[must_use]
pub fn key_lines(default_ply: u32) -> Vec<String> {
    KEY_LINES
        .iter()
        .map(|line| {
            if default_ply != 1 && line.starts_with("key engine.ply ") {
                line.replacen("1..3 1 ", &format!("1..3 {default_ply} "), 1)
            } else {
                (*line).to_string()
            }
        })
        .collect()
}

/// The keys this engine declares, as `key` lines (`engine.ply` with its library default 1).
pub const KEY_LINES: [&str; 5] = [
    "key engine.ply int 1..3 1 root-inclusive checker-play depth",
    "key game.variant enum backgammon|nackgammon|hypergammon1|hypergammon2|hypergammon3 backgammon variant for position ids",
    "key game.beavers bool true beavers allowed in money play",
    "key game.jacoby bool false Jacoby rule for positions without a match id",
    "key game.cube bool true cube in use (false: cubeless play, no doubles)",
];

fn variant_key(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "backgammon",
        Variant::Nackgammon => "nackgammon",
        Variant::Hypergammon1 => "hypergammon1",
        Variant::Hypergammon2 => "hypergammon2",
        Variant::Hypergammon3 => "hypergammon3",
        // The engine plays the standard family only; `game.variant` accepts nothing else.
        other => other.name(),
    }
}

fn parse_variant_key(text: &str) -> Option<Variant> {
    match text {
        "backgammon" | "standard" => Some(Variant::Standard),
        "nackgammon" => Some(Variant::Nackgammon),
        "hypergammon1" => Some(Variant::Hypergammon1),
        "hypergammon2" => Some(Variant::Hypergammon2),
        "hypergammon3" | "hypergammon" => Some(Variant::Hypergammon3),
        _ => None,
    }
}

/// A `bool` key's value: the spec's `true` or `false`, nothing else.
fn parse_bool(text: &str) -> Option<bool> {
    match text {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

impl UbgiOptions {
    /// `set KEY VALUE`: the options are unchanged when it fails.
    ///
    /// # Errors
    /// `unsupported` for an unknown key, `bad_value` for a value outside the key's type.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), UbgiError> {
        match key {
            "engine.ply" => match value.parse::<u32>() {
                Ok(ply @ 1..=MAX_PLY) => self.ply = ply,
                _ => return Err(UbgiError::bad_value("engine.ply must_be 1..3")),
            },
            "game.variant" => match parse_variant_key(value) {
                Some(variant) => self.variant = variant,
                None => {
                    return Err(UbgiError::bad_value(
                        "game.variant must_be backgammon|nackgammon|hypergammon1|hypergammon2|hypergammon3",
                    ))
                }
            },
            "game.beavers" => match parse_bool(value) {
                Some(on) => self.beavers = on,
                None => return Err(UbgiError::bad_value("game.beavers must_be true|false")),
            },
            "game.jacoby" => match parse_bool(value) {
                Some(on) => self.jacoby = on,
                None => return Err(UbgiError::bad_value("game.jacoby must_be true|false")),
            },
            "game.cube" => match parse_bool(value) {
                Some(on) => self.cube = on,
                None => return Err(UbgiError::bad_value("game.cube must_be true|false")),
            },
            _ => return Err(UbgiError::unsupported(format!("key {}", echo(key)))),
        }
        Ok(())
    }

    /// `get KEY`: the `value` line.
    ///
    /// # Errors
    /// `unsupported` for an unknown key.
    pub fn get(&self, key: &str) -> Result<String, UbgiError> {
        let value = match key {
            "engine.ply" => self.ply.to_string(),
            "game.variant" => variant_key(self.variant).to_string(),
            "game.beavers" => self.beavers.to_string(),
            "game.jacoby" => self.jacoby.to_string(),
            "game.cube" => self.cube.to_string(),
            _ => return Err(UbgiError::unsupported(format!("key {}", echo(key)))),
        };
        Ok(format!("value {key} {value}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn booleans_are_true_or_false_only() {
        let mut options = UbgiOptions::default();
        assert_eq!(
            options.set("game.jacoby", "on").unwrap_err().to_string(),
            "error bad_value game.jacoby must_be true|false"
        );
        assert!(!options.jacoby);
        options.set("game.jacoby", "true").unwrap();
        assert_eq!(
            options.get("game.jacoby").unwrap(),
            "value game.jacoby true"
        );
    }

    #[test]
    fn every_declared_key_can_be_read_and_set_to_its_default() {
        let mut options = UbgiOptions::default();
        for line in KEY_LINES {
            let words: Vec<&str> = line.split(' ').collect();
            let (key, default) = match words[2] {
                "int" | "enum" => (words[1], words[4]),
                _ => (words[1], words[3]),
            };
            options.set(key, default).unwrap();
            assert_eq!(options.get(key).unwrap(), format!("value {key} {default}"));
        }
        assert_eq!(options, UbgiOptions::default());
    }
}
