//! The game variants tavli plays: what differs between them is data here, rules dispatch on it.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A backgammon variant. Standard, nackgammon and the hypergammons are gnubg's variations;
/// they share the standard movement rules and differ only in their starting position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Variant {
    /// Standard backgammon, 15 checkers each.
    #[default]
    Standard,
    /// Nackgammon: 15 checkers, 2-2-4-3-4 start.
    Nackgammon,
    /// Hypergammon with one checker each (on the 24-point).
    Hypergammon1,
    /// Hypergammon with two checkers each (24 and 23).
    Hypergammon2,
    /// Hypergammon with three checkers each (24, 23 and 22).
    Hypergammon3,
}

/// A variant name that tavli does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant `{}` (known: ", self.0)?;
        for (index, variant) in Variant::ALL.iter().enumerate() {
            if index > 0 {
                write!(f, ", ")?;
            }
            write!(f, "{}", variant.name())?;
        }
        write!(f, ")")
    }
}

impl std::error::Error for UnknownVariant {}

impl Variant {
    /// Every variant, in a stable order.
    pub const ALL: [Variant; 5] = [
        Variant::Standard,
        Variant::Nackgammon,
        Variant::Hypergammon1,
        Variant::Hypergammon2,
        Variant::Hypergammon3,
    ];

    /// tavli's lower-case name, which is also gnubg's `set variation` name where gnubg has one.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Nackgammon => "nackgammon",
            Variant::Hypergammon1 => "1-chequer-hypergammon",
            Variant::Hypergammon2 => "2-chequer-hypergammon",
            Variant::Hypergammon3 => "3-chequer-hypergammon",
        }
    }

    /// gnubg's name for the variation, if gnubg has it.
    #[must_use]
    pub fn gnubg_name(self) -> Option<&'static str> {
        Some(self.name())
    }

    /// Reads a variant name: tavli's names, gnubg's names and a few common spellings
    /// (`backgammon`, `hypergammon`, `hypergammon2`, `1-checker-hypergammon`), case-insensitive.
    pub fn from_name(name: &str) -> Result<Variant, UnknownVariant> {
        let lower = name.trim().to_ascii_lowercase().replace('_', "-");
        let variant = match lower.as_str() {
            "standard" | "backgammon" | "normal" => Variant::Standard,
            "nackgammon" | "nack" => Variant::Nackgammon,
            "1-chequer-hypergammon" | "1-checker-hypergammon" | "hypergammon1" | "hyper1" => {
                Variant::Hypergammon1
            }
            "2-chequer-hypergammon" | "2-checker-hypergammon" | "hypergammon2" | "hyper2" => {
                Variant::Hypergammon2
            }
            "3-chequer-hypergammon"
            | "3-checker-hypergammon"
            | "hypergammon3"
            | "hyper3"
            | "hypergammon" => Variant::Hypergammon3,
            _ => return Err(UnknownVariant(name.to_string())),
        };
        Ok(variant)
    }

    /// How many checkers each side has.
    #[must_use]
    pub fn checkers(self) -> u8 {
        match self {
            Variant::Standard | Variant::Nackgammon => 15,
            Variant::Hypergammon1 => 1,
            Variant::Hypergammon2 => 2,
            Variant::Hypergammon3 => 3,
        }
    }

    /// The starting layout of one side: `(point, count)` in that side's own numbering.
    #[must_use]
    pub fn start_layout(self) -> &'static [(u8, u8)] {
        match self {
            Variant::Standard => &[(24, 2), (13, 5), (8, 3), (6, 5)],
            Variant::Nackgammon => &[(24, 2), (23, 2), (13, 4), (8, 3), (6, 4)],
            Variant::Hypergammon1 => &[(24, 1)],
            Variant::Hypergammon2 => &[(24, 1), (23, 1)],
            Variant::Hypergammon3 => &[(24, 1), (23, 1), (22, 1)],
        }
    }

    /// Whether the variant can be written as a gnubg Position ID.
    #[must_use]
    pub fn has_gnubg_position_id(self) -> bool {
        true
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(name: &str) -> Result<Variant, UnknownVariant> {
        Variant::from_name(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_hold_every_checker() {
        for variant in Variant::ALL {
            let total: u8 = variant.start_layout().iter().map(|(_, n)| n).sum();
            assert_eq!(total, variant.checkers(), "{variant}");
            assert_eq!(Variant::from_name(variant.name()), Ok(variant));
        }
        assert!(Variant::from_name("chess").is_err());
    }
}
