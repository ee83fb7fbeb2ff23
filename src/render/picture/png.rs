//! PNG pictures: the SVG rasterised by resvg, its text set in the DejaVu Sans faces shipped
//! inside the binary (subsets: Latin, Latin-1, Latin Extended-A, Greek, punctuation), so a
//! picture looks the same on every machine whatever fonts it has. Licence:
//! `assets/fonts/LICENSE` (Bitstream Vera licence; DejaVu changes are public domain).

use super::{position_svg, PictureError, PictureOptions, SIZE_RANGE};
use crate::rules::MatchState;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};
use std::sync::{Arc, OnceLock};

/// DejaVu Sans, subset (see `assets/fonts/README.md` for the command that made it).
static REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-subset.ttf");
/// DejaVu Sans Bold, the same subset.
static BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold-subset.ttf");

/// The embedded fonts, read once.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut database = fontdb::Database::new();
            for face in [REGULAR, BOLD] {
                database.load_font_source(fontdb::Source::Binary(Arc::new(face)));
            }
            database.set_sans_serif_family("DejaVu Sans");
            Arc::new(database)
        })
        .clone()
}

/// The position as PNG bytes, `options.width` pixels wide.
///
/// # Errors
/// [`PictureError::Size`] for a width outside [`SIZE_RANGE`]; the others only if the
/// rasteriser or the encoder fails.
pub fn position_png(state: &MatchState, options: &PictureOptions) -> Result<Vec<u8>, PictureError> {
    if !SIZE_RANGE.contains(&options.width) {
        return Err(PictureError::Size(options.width));
    }
    svg_to_png(&position_svg(state, options), options.width)
}

/// Rasterises an SVG document (such as [`position_svg`]'s) `width` pixels wide, keeping its
/// proportions, with the embedded fonts only (no system fonts are read).
///
/// # Errors
/// [`PictureError::Size`] for a width outside [`SIZE_RANGE`] or a picture too tall to
/// allocate, [`PictureError::Svg`] when the text is not an SVG document resvg can read.
pub fn svg_to_png(svg: &str, width: u32) -> Result<Vec<u8>, PictureError> {
    if !SIZE_RANGE.contains(&width) {
        return Err(PictureError::Size(width));
    }
    let options = usvg::Options {
        font_family: "DejaVu Sans".to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
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
