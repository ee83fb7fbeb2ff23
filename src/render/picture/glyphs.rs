//! Text as outlines: a line of text turned into SVG path data from the DejaVu Sans faces
//! compiled into the binary (`src/render/picture/fonts/`, Bitstream Vera licence), for the PNG pictures.
//!
//! The PNG is rasterised from an SVG whose text is already paths, so the rasteriser needs no
//! font machinery (resvg is built without its `text` feature) and a picture looks the same on
//! every machine. Glyphs are placed by their advance widths, without kerning or shaping,
//! which is all the board's short Latin and Greek labels need.

use std::fmt::Write;
use std::sync::OnceLock;
use ttf_parser::{Face, GlyphId, OutlineBuilder};

/// DejaVu Sans, subset (see `src/render/picture/fonts/README.md` for the command that made it).
static REGULAR: &[u8] = include_bytes!("fonts/DejaVuSans-subset.ttf");
/// DejaVu Sans Bold, the same subset.
static BOLD: &[u8] = include_bytes!("fonts/DejaVuSans-Bold-subset.ttf");

/// The face for regular or bold text; `None` only if the embedded file were broken.
fn face(bold: bool) -> Option<&'static Face<'static>> {
    static FACES: OnceLock<[Option<Face<'static>>; 2]> = OnceLock::new();
    let faces = FACES.get_or_init(|| [Face::parse(REGULAR, 0).ok(), Face::parse(BOLD, 0).ok()]);
    faces[usize::from(bold)].as_ref()
}

/// How a line is placed on its `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is the left end.
    Start,
    /// `x` is the middle.
    Middle,
    /// `x` is the right end.
    End,
}

impl Anchor {
    /// The SVG `text-anchor` value.
    pub fn name(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// The glyph of `c` (the missing-glyph box when the subset lacks it).
fn glyph(face: &Face<'_>, c: char) -> GlyphId {
    face.glyph_index(c).unwrap_or(GlyphId(0))
}

/// The width of `text` at `size` (user units).
#[must_use]
pub fn advance(text: &str, size: f32, bold: bool) -> f32 {
    let Some(face) = face(bold) else { return 0.0 };
    let scale = size / f32::from(face.units_per_em().max(1));
    text.chars()
        .map(|c| f32::from(face.glyph_hor_advance(glyph(face, c)).unwrap_or(0)) * scale)
        .sum()
}

/// Writes path commands into a string, in user units.
struct PathData {
    d: String,
    x: f32,
    y: f32,
    scale: f32,
}

impl PathData {
    fn point(&mut self, x: f32, y: f32) {
        let _ = write!(
            self.d,
            "{:.1} {:.1}",
            self.x + x * self.scale,
            self.y - y * self.scale
        );
    }
}

impl OutlineBuilder for PathData {
    fn move_to(&mut self, x: f32, y: f32) {
        self.d.push('M');
        self.point(x, y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.d.push('L');
        self.point(x, y);
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.d.push('Q');
        self.point(x1, y1);
        self.d.push(' ');
        self.point(x, y);
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.d.push('C');
        self.point(x1, y1);
        self.d.push(' ');
        self.point(x2, y2);
        self.d.push(' ');
        self.point(x, y);
    }

    fn close(&mut self) {
        self.d.push('Z');
    }
}

/// The path data of `text` at `size`, its baseline at `y`, placed on `x` by `anchor`.
#[must_use]
pub fn text_path(text: &str, x: f32, y: f32, size: f32, anchor: Anchor, bold: bool) -> String {
    let Some(face) = face(bold) else {
        return String::new();
    };
    let width = advance(text, size, bold);
    let start = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - width / 2.0,
        Anchor::End => x - width,
    };
    let scale = size / f32::from(face.units_per_em().max(1));
    let mut path = PathData {
        d: String::with_capacity(text.len() * 120),
        x: start,
        y,
        scale,
    };
    for c in text.chars() {
        let id = glyph(face, c);
        face.outline_glyph(id, &mut path);
        path.x += f32::from(face.glyph_hor_advance(id).unwrap_or(0)) * scale;
    }
    path.d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_faces_draw_text() {
        assert!(face(false).is_some() && face(true).is_some());
        let width = advance("167 pips", 20.0, false);
        assert!((60.0..120.0).contains(&width), "{width}");
        assert!(advance("W", 20.0, true) > advance("i", 20.0, true));
        let path = text_path("Ξ1", 10.0, 20.0, 16.0, Anchor::End, false);
        assert!(path.starts_with('M') && path.contains('Z'), "{path}");
        assert!(text_path(" ", 0.0, 0.0, 16.0, Anchor::Start, false).is_empty());
    }
}
