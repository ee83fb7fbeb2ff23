//! PNG pictures: the SVG, with its text already turned into the outlines of the DejaVu Sans
//! faces shipped in the binary ([`super::glyphs`]), rasterised by resvg and encoded by png.
//! resvg is built without its `text` feature, so no font is looked up on the machine and a
//! picture looks the same everywhere.

use super::svg::{position_svg_with_id, Text};
use super::{PictureError, PictureOptions, SIZE_RANGE};
use crate::rules::MatchState;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

/// The position as PNG bytes, `options.width` pixels wide.
///
/// # Errors
/// [`PictureError::Size`] for a width outside [`SIZE_RANGE`]; the others only if the
/// rasteriser or the encoder fails.
pub fn position_png(state: &MatchState, options: &PictureOptions) -> Result<Vec<u8>, PictureError> {
    if !SIZE_RANGE.contains(&options.width) {
        return Err(PictureError::Size(options.width));
    }
    let svg = position_svg_with_id(state, options, "tavli", Text::Paths);
    svg_to_png(&svg, options.width)
}

/// Rasterises an SVG document `width` pixels wide, keeping its proportions. `<text>`
/// elements are not drawn (resvg is built without text support): [`position_png`] writes
/// its text as paths.
///
/// Fails with [`PictureError::Size`] for a width outside [`SIZE_RANGE`] or a picture too
/// tall to allocate, [`PictureError::Svg`] when the text is not an SVG document resvg reads.
fn svg_to_png(svg: &str, width: u32) -> Result<Vec<u8>, PictureError> {
    if !SIZE_RANGE.contains(&width) {
        return Err(PictureError::Size(width));
    }
    let options = usvg::Options::default();
    let tree = usvg::Tree::from_str(svg, &options)
        .map_err(|error| PictureError::Svg(error.to_string()))?;
    let size = tree.size();
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).round().max(1.0) as u32;
    if height > SIZE_RANGE.end().saturating_mul(4) {
        return Err(PictureError::Size(width));
    }
    let mut pixmap = Pixmap::new(width, height).ok_or(PictureError::Size(width))?;
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    encode_rgb(&pixmap).map_err(|error| PictureError::Encode(error.to_string()))
}

/// Encodes the pixels as an 8-bit RGB PNG with the png crate's fast (fdeflate) compression:
/// several times faster than tiny-skia's own RGBA encoder at its default level, for files
/// about as small on pictures like these. The pictures are opaque (the SVG paints its whole
/// background), so the premultiplied pixels are the colours themselves.
fn encode_rgb(pixmap: &Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|pixel| [pixel[0], pixel[1], pixel[2]])
        .collect();
    let mut bytes = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(bytes)
}
