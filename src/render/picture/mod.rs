//! Boards as pictures: a self-contained SVG of a match state, and a PNG rasterised from it.
//!
//! The SVG is drawn from the same board data as the text diagram ([`crate::render::board`]):
//! points are laid out as gnubg lays them (X's 13..24 on top, X's home at the bottom right,
//! or mirrored with `clockwise`), only the point numbers change with the side they are
//! numbered for. Every checker drawn is an element that carries `data-side` (`X`/`O`),
//! `data-point` (X's point number 1..24, `bar` or `off`) and `data-n` (how many checkers it
//! stands for: 1, or the whole rest of a stack whose count is written on it), so a program
//! can read the position back from the picture. The `<title>` says the position in words
//! with its Position ID; `<desc>` lists every checker, for screen readers.
//!
//! ```
//! use tavli::render::picture::{position_svg, PictureOptions};
//! use tavli::rules::{MatchState, Side, Variant};
//! let state = MatchState::new_money_game(Variant::Standard, Side::X);
//! let svg = position_svg(&state, &PictureOptions::default());
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains("<title id=\"tavli-title\">Backgammon, money game: X on roll"));
//! assert!(svg.contains("4HPwATDgc/ABMA"));
//! ```

mod describe;
mod glyphs;
mod layout;
mod png;
mod svg;
mod theme;

pub use describe::{describe_position, title_text, variant_title};
pub use png::position_png;
pub use svg::{board_svg_fragment, position_svg};
pub use theme::Theme;

use std::fmt;

/// Narrowest and widest picture `--size` accepts (pixels).
pub const SIZE_RANGE: std::ops::RangeInclusive<u32> = 100..=8000;

/// How to draw a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureOptions {
    /// The players' names, indexed by `Side::index` (`names[0]` is `O`, drawn on top).
    pub names: [String; 2],
    /// The side whose numbering the point numbers follow; `None` is the player on roll.
    pub numbers_for: Option<crate::rules::Side>,
    /// Whether to write the point numbers at all.
    pub numbers: bool,
    /// The colours.
    pub theme: Theme,
    /// Width of the picture in pixels (the SVG's `width`; the PNG's size). The height
    /// follows from the board's proportions.
    pub width: u32,
    /// gnubg's `set clockwise on`: X's home board at the bottom left, the tray on the left.
    pub clockwise: bool,
}

impl Default for PictureOptions {
    fn default() -> PictureOptions {
        PictureOptions {
            names: ["O".to_string(), "X".to_string()],
            numbers_for: None,
            numbers: true,
            theme: Theme::Light,
            width: 800,
            clockwise: false,
        }
    }
}

impl PictureOptions {
    /// The height in pixels that goes with `width` (at least 1).
    #[must_use]
    pub fn height(&self) -> u32 {
        layout::height_for(self.width)
    }
}

/// Why a picture could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PictureError {
    /// The requested width is outside [`SIZE_RANGE`].
    Size(u32),
    /// The SVG could not be read back by the rasteriser (a bug: the message says why).
    Svg(String),
    /// The pixels could not be encoded as PNG.
    Encode(String),
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PictureError::Size(width) => write!(
                f,
                "a picture {width} pixels wide cannot be drawn: the size must be {} to {}",
                SIZE_RANGE.start(),
                SIZE_RANGE.end()
            ),
            PictureError::Svg(message) => write!(f, "the SVG cannot be rasterised: {message}"),
            PictureError::Encode(message) => write!(f, "the PNG cannot be encoded: {message}"),
        }
    }
}

impl std::error::Error for PictureError {}

/// Escapes text for XML content and attribute values.
#[must_use]
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 forbids (control characters, U+FFFE, U+FFFF) become a
            // replacement mark.
            c if ((c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
                || matches!(c, '\u{FFFE}' | '\u{FFFF}') =>
            {
                out.push('\u{FFFD}');
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaped_text_is_valid_xml_text() {
        assert_eq!(xml_escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(xml_escape("x\u{1}y\u{FFFF}"), "x\u{FFFD}y\u{FFFD}");
        assert_eq!(xml_escape("Ξένια\tok"), "Ξένια\tok");
    }
}
