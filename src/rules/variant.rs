//! The game variants tavli plays: what differs between them is data here, rules dispatch on it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A backgammon variant. Standard, nackgammon and the hypergammons are gnubg's variations;
/// they share the standard movement rules and differ only in their starting position.
/// Old English and the Greek tavli games (Portes, Plakoto, Fevga) and Athroisma are tavli's
/// own; their rules live in `rules::variants` and dispatch on this value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
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
    /// Old English rules: at most five checkers on a point, free use of the dice.
    OldEnglish,
    /// Portes (tavli game 1): standard play, gammon 2, no triple game, no cube.
    Portes,
    /// Plakoto (tavli game 2): all 15 on the 24-point, blots are pinned instead of hit.
    Plakoto,
    /// Fevga (tavli game 3): both sides move the same way round, one checker holds a point.
    Fevga,
    /// Athroisma: doubles move 8 - n checkers, capture by majority, bear-off by the dice sum.
    Athroisma,
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
    pub const ALL: [Variant; 10] = [
        Variant::Standard,
        Variant::Nackgammon,
        Variant::Hypergammon1,
        Variant::Hypergammon2,
        Variant::Hypergammon3,
        Variant::OldEnglish,
        Variant::Portes,
        Variant::Plakoto,
        Variant::Fevga,
        Variant::Athroisma,
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
            Variant::OldEnglish => "old-english",
            Variant::Portes => "portes",
            Variant::Plakoto => "plakoto",
            Variant::Fevga => "fevga",
            Variant::Athroisma => "athroisma",
        }
    }

    /// gnubg's name for the variation, if gnubg has it.
    #[must_use]
    pub fn gnubg_name(self) -> Option<&'static str> {
        self.is_gnubg_variation().then(|| self.name())
    }

    /// Whether gnubg plays this variant (standard, nackgammon, the hypergammons).
    #[must_use]
    pub fn is_gnubg_variation(self) -> bool {
        matches!(
            self,
            Variant::Standard
                | Variant::Nackgammon
                | Variant::Hypergammon1
                | Variant::Hypergammon2
                | Variant::Hypergammon3
        )
    }

    /// Whether both sides move the same way round the board (Fevga). In every other variant
    /// the movement is contrary: a side's point `p` is the opponent's point `25 - p`.
    #[must_use]
    pub fn moves_same_way(self) -> bool {
        self == Variant::Fevga
    }

    /// The opponent's slot index (0..24) for the physical point that is slot `index` (0..24)
    /// in a side's own numbering: `23 - index` for contrary movement, `(index + 12) % 24` in
    /// Fevga, where a side's point `k` is the opponent's point `k + 12` (or `k - 12`).
    #[must_use]
    pub fn opposite_index(self, index: usize) -> usize {
        if self.moves_same_way() {
            (index + 12) % 24
        } else {
            23 - index
        }
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
            "old-english" | "oldenglish" | "english" => Variant::OldEnglish,
            "portes" => Variant::Portes,
            "plakoto" => Variant::Plakoto,
            "fevga" => Variant::Fevga,
            "athroisma" => Variant::Athroisma,
            _ => return Err(UnknownVariant(name.to_string())),
        };
        Ok(variant)
    }

    /// How many checkers each side has.
    #[must_use]
    pub fn checkers(self) -> u8 {
        match self {
            Variant::Standard
            | Variant::Nackgammon
            | Variant::OldEnglish
            | Variant::Portes
            | Variant::Plakoto
            | Variant::Fevga
            | Variant::Athroisma => 15,
            Variant::Hypergammon1 => 1,
            Variant::Hypergammon2 => 2,
            Variant::Hypergammon3 => 3,
        }
    }

    /// The starting layout of one side: `(point, count)` in that side's own numbering.
    #[must_use]
    pub fn start_layout(self) -> &'static [(u8, u8)] {
        match self {
            Variant::Standard | Variant::OldEnglish | Variant::Portes => {
                &[(24, 2), (13, 5), (8, 3), (6, 5)]
            }
            // In Fevga O's own 24 is X's 12: the two stacks are diagonally opposite.
            Variant::Plakoto | Variant::Fevga | Variant::Athroisma => &[(24, 15)],
            Variant::Nackgammon => &[(24, 2), (23, 2), (13, 4), (8, 3), (6, 4)],
            Variant::Hypergammon1 => &[(24, 1)],
            Variant::Hypergammon2 => &[(24, 1), (23, 1)],
            Variant::Hypergammon3 => &[(24, 1), (23, 1), (22, 1)],
        }
    }

    /// Whether the variant's positions can be written as a gnubg Position ID: the board must
    /// have contrary movement and no pinned checkers, so Plakoto and Fevga cannot (use the
    /// tavli position string for them).
    #[must_use]
    pub fn has_gnubg_position_id(self) -> bool {
        !matches!(self, Variant::Plakoto | Variant::Fevga)
    }

    /// Whether a win can be a backgammon (a triple game). The tavli games and Athroisma have
    /// none (PO3, PL7, F7, A13).
    #[must_use]
    pub fn has_backgammon(self) -> bool {
        !matches!(
            self,
            Variant::Portes | Variant::Plakoto | Variant::Fevga | Variant::Athroisma
        )
    }

    /// Whether the doubling cube (and with it Crawford, Jacoby and beavers) is used.
    /// No tavli game has a cube; Old English keeps the standard cube (decision OE-b).
    #[must_use]
    pub fn uses_cube(self) -> bool {
        !matches!(
            self,
            Variant::Portes | Variant::Plakoto | Variant::Fevga | Variant::Athroisma
        )
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

/// In JSON a variant is spelled as on the command line (`"standard"`, `"plakoto"`, see
/// [`Variant::name`]); any name [`Variant::from_name`] knows is read back.
impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Variant, D::Error> {
        let name = String::deserialize(deserializer)?;
        Variant::from_name(&name).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_spells_a_variant_as_the_command_line() {
        for variant in Variant::ALL {
            let text = serde_json::to_string(&variant).unwrap_or_default();
            assert_eq!(text, format!("\"{}\"", variant.name()));
            assert_eq!(serde_json::from_str::<Variant>(&text).ok(), Some(variant));
        }
    }

    #[test]
    fn layouts_hold_every_checker() {
        for variant in Variant::ALL {
            let total: u8 = variant.start_layout().iter().map(|(_, n)| n).sum();
            assert_eq!(total, variant.checkers(), "{variant}");
            assert_eq!(Variant::from_name(variant.name()), Ok(variant));
        }
        assert!(Variant::from_name("chess").is_err());
        assert_eq!(Variant::from_name("Old_English"), Ok(Variant::OldEnglish));
        assert_eq!(Variant::Plakoto.gnubg_name(), None);
        assert_eq!(Variant::Nackgammon.gnubg_name(), Some("nackgammon"));
    }

    #[test]
    fn opposite_points() {
        for variant in Variant::ALL {
            for index in 0..24 {
                let there = variant.opposite_index(index);
                assert_eq!(variant.opposite_index(there), index, "{variant} {index}");
            }
        }
        // Fevga: X's 12 (index 11) is O's own 24 (index 23).
        assert_eq!(Variant::Fevga.opposite_index(11), 23);
        assert_eq!(Variant::Standard.opposite_index(11), 12);
    }
}
