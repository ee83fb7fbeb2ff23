//! Draws a match state as one self-contained SVG document (no scripts, fonts or images).

mod checkers;

use super::describe::{self, number_for, numbered_for};
use super::glyphs::{self, Anchor};
use super::layout as l;
use super::theme::Palette;
use super::{xml_escape, PictureOptions};
use crate::rules::{GameState, MatchState, Side};
use std::fmt::Write;

/// A number for an attribute: whole numbers without decimals, others with one.
struct N(f32);

impl std::fmt::Display for N {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        if tenths % 10 == 0 {
            write!(f, "{}", tenths / 10)
        } else {
            write!(f, "{:.1}", self.0)
        }
    }
}

/// The position as an SVG document (UTF-8 text starting with `<svg`).
///
/// Never fails: every state can be drawn (an impossible board is drawn as it is).
#[must_use]
pub fn position_svg(state: &MatchState, options: &PictureOptions) -> String {
    position_svg_with_id(state, options, "tavli", Text::Elements)
}

/// As [`position_svg`], with element ids starting with `id` so that several pictures can
/// sit inline in one HTML page (ids must be unique there). `id` should be ASCII letters,
/// digits and `-`; other characters are replaced by `-`.
#[must_use]
pub fn board_svg_fragment(state: &MatchState, options: &PictureOptions, id: &str) -> String {
    position_svg_with_id(state, options, id, Text::Elements)
}

/// How the picture's text is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Text {
    /// As `<text>` elements: selectable, searchable, set in the viewer's fonts.
    Elements,
    /// As the outlines of the embedded DejaVu Sans: what the PNG is rasterised from.
    Paths,
}

/// The SVG document; `text` says how its text is written.
pub(super) fn position_svg_with_id(
    state: &MatchState,
    options: &PictureOptions,
    id: &str,
    text: Text,
) -> String {
    let id: String = id
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let palette = options.theme.palette();
    let mut svg = String::with_capacity(32 * 1024);
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tavli-board\" viewBox=\"0 0 {} {}\" width=\"{}\" \
         height=\"{}\" role=\"img\" aria-labelledby=\"{id}-title {id}-desc\" \
         font-family=\"DejaVu Sans, Verdana, sans-serif\" data-variant=\"{}\" \
         data-theme=\"{}\">",
        N(l::WIDTH),
        N(l::HEIGHT),
        options.width,
        options.height(),
        state.variant.name(),
        options.theme.name()
    );
    let _ = writeln!(
        svg,
        "<title id=\"{id}-title\">{}</title>\n<desc id=\"{id}-desc\">{}</desc>",
        xml_escape(&describe::title_text(state, options)),
        xml_escape(&describe::describe_position(state, options))
    );
    let _ = writeln!(
        svg,
        "<defs><radialGradient id=\"{id}-shine\" cx=\"0.35\" cy=\"0.3\" r=\"0.75\">\
         <stop offset=\"0\" stop-color=\"#ffffff\" stop-opacity=\"0.45\"/>\
         <stop offset=\"1\" stop-color=\"#ffffff\" stop-opacity=\"0\"/></radialGradient></defs>"
    );
    let mut canvas = Canvas {
        svg,
        paths: text == Text::Paths,
        palette,
        shine: format!("url(#{id}-shine)"),
    };
    canvas.board(options.clockwise);
    canvas.points(state, options);
    canvas.checkers(state, options.clockwise);
    canvas.cube(state, options.clockwise);
    canvas.dice(state);
    canvas.bands(state, options);
    let mut svg = canvas.svg;
    svg.push_str("</svg>\n");
    svg
}

/// The SVG being written and how to colour it.
struct Canvas {
    svg: String,
    /// Text drawn as outlines (for the rasteriser) instead of `<text>`.
    paths: bool,
    palette: Palette,
    shine: String,
}

impl Canvas {
    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: &str, extra: &str) {
        let _ = writeln!(
            self.svg,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"{extra}/>",
            N(x),
            N(y),
            N(w),
            N(h)
        );
    }

    /// A line of text: a `<text>` element, or (for the PNG) its outline as a `<path>`.
    #[allow(clippy::too_many_arguments)]
    fn text(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        anchor: Anchor,
        bold: bool,
        fill: Option<&str>,
        content: &str,
    ) {
        let fill = fill.map_or_else(String::new, |fill| format!(" fill=\"{fill}\""));
        if self.paths {
            let d = glyphs::text_path(content, x, y, size, anchor, bold);
            if !d.is_empty() {
                let _ = writeln!(self.svg, "<path d=\"{d}\"{fill}/>");
            }
            return;
        }
        let anchor = match anchor {
            Anchor::Start => String::new(),
            other => format!(" text-anchor=\"{}\"", other.name()),
        };
        let weight = if bold { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            self.svg,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{anchor}{weight}{fill}>{}</text>",
            N(x),
            N(y),
            N(size),
            xml_escape(content)
        );
    }

    /// Frame, playing surfaces, bar, tray and cube strip.
    fn board(&mut self, clockwise: bool) {
        let p = self.palette;
        self.rect(0.0, 0.0, l::WIDTH, l::HEIGHT, p.band, "");
        let frame = format!(" rx=\"12\" stroke=\"{}\" stroke-width=\"3\"", p.frame_edge);
        self.rect(
            1.5,
            l::BAND,
            l::WIDTH - 3.0,
            l::HEIGHT - 2.0 * l::BAND,
            p.frame,
            &frame,
        );
        let height = l::BOTTOM - l::TOP;
        let inset = format!(" stroke=\"{}\" stroke-width=\"2\"", p.frame_edge);
        for left in [l::LEFT_HALF, l::RIGHT_HALF] {
            self.rect(
                left,
                l::TOP,
                6.0 * l::POINT_WIDTH,
                height,
                p.surface,
                &inset,
            );
        }
        for left in [l::tray_left(clockwise), l::cube_strip_left(clockwise)] {
            self.rect(left, l::TOP, l::STRIP, height, p.tray, &inset);
        }
        let _ = writeln!(
            self.svg,
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>",
            N(l::TOP),
            N(l::BOTTOM),
            p.frame_edge,
            x = N(l::bar_centre())
        );
    }

    /// The 24 triangles and their numbers.
    fn points(&mut self, state: &MatchState, options: &PictureOptions) {
        let p = self.palette;
        let numbers = numbered_for(state, options);
        self.svg.push_str("<g class=\"points\">\n");
        for point in 1..=24u8 {
            let (x, top) = l::point_place(point, options.clockwise);
            let (base, tip) = if top {
                (l::TOP, l::TOP + l::TRIANGLE)
            } else {
                (l::BOTTOM, l::BOTTOM - l::TRIANGLE)
            };
            let half = l::POINT_WIDTH / 2.0 - 1.0;
            let _ = writeln!(
                self.svg,
                "<polygon class=\"point\" data-point=\"{point}\" points=\"{},{} {},{} {},{}\" \
                 fill=\"{}\"/>",
                N(x - half),
                N(base),
                N(x + half),
                N(base),
                N(x),
                N(tip),
                p.points[usize::from(point % 2)]
            );
        }
        self.svg.push_str("</g>\n");
        if !options.numbers {
            return;
        }
        let _ = writeln!(
            self.svg,
            "<g class=\"numbers\" fill=\"{}\" aria-hidden=\"true\">",
            p.numbers
        );
        for point in 1..=24u8 {
            let (x, top) = l::point_place(point, options.clockwise);
            let y = if top {
                l::TOP - l::FRAME_END / 2.0 + 6.0
            } else {
                l::BOTTOM + l::FRAME_END / 2.0 + 6.0
            };
            let number = number_for(state.variant, numbers, point).to_string();
            self.text(x, y, 16.0, Anchor::Middle, false, None, &number);
        }
        self.svg.push_str("</g>\n");
    }

    /// offered. Variants without a cube draw none.
    fn cube(&mut self, state: &MatchState, clockwise: bool) {
        if !state.rules().cube_in_use() || state.game_state != GameState::Playing {
            return;
        }
        let p = self.palette;
        let strip = l::cube_strip_left(clockwise) + l::STRIP / 2.0;
        let (x, y, value, owner) = if state.double_offered {
            let x = l::dice_centre(state.on_roll);
            (x, l::MIDDLE, state.cube_value.saturating_mul(2), "offered")
        } else {
            match state.cube_owner {
                None => (strip, l::MIDDLE, state.cube_value, "centre"),
                Some(Side::O) => (strip, l::TOP + 10.0 + l::CUBE / 2.0, state.cube_value, "O"),
                Some(Side::X) => (
                    strip,
                    l::BOTTOM - 10.0 - l::CUBE / 2.0,
                    state.cube_value,
                    "X",
                ),
            }
        };
        let face = if value <= 1 { 64 } else { value };
        let size: u8 = match face {
            0..=99 => 28,
            100..=999 => 20,
            _ => 14,
        };
        let _ = writeln!(
            self.svg,
            "<g class=\"cube\" data-value=\"{value}\" data-owner=\"{owner}\">\
             <rect x=\"{}\" y=\"{}\" width=\"{c}\" height=\"{c}\" rx=\"7\" fill=\"{}\" \
             stroke=\"{}\" stroke-width=\"2\"/>",
            N(x - l::CUBE / 2.0),
            N(y - l::CUBE / 2.0),
            p.cube,
            p.frame_edge,
            c = N(l::CUBE)
        );
        let size = f32::from(size);
        let fill = Some(p.cube_text);
        self.text(
            x,
            y + size * 0.36,
            size,
            Anchor::Middle,
            true,
            fill,
            &face.to_string(),
        );
        self.svg.push_str("</g>\n");
    }

    /// The dice of the player on roll, in that player's right-hand half.
    fn dice(&mut self, state: &MatchState) {
        let Some(dice) = state.dice else { return };
        if state.double_offered || state.game_state != GameState::Playing {
            return;
        }
        let x = l::dice_centre(state.on_roll);
        for (value, dx) in [(dice.first(), -34.0), (dice.second(), 34.0)] {
            self.die(state.on_roll, value, x + dx, l::MIDDLE);
        }
    }

    fn die(&mut self, side: Side, value: u8, x: f32, y: f32) {
        let p = self.palette;
        let i = side.index();
        let half = l::DIE / 2.0;
        let _ = write!(
            self.svg,
            "<g class=\"die\" data-value=\"{value}\"><rect x=\"{}\" y=\"{}\" width=\"{d}\" \
             height=\"{d}\" rx=\"8\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>",
            N(x - half),
            N(y - half),
            p.checker[i],
            p.checker_edge[i],
            d = N(l::DIE)
        );
        let s = 13.0;
        let pips: &[(f32, f32)] = match value {
            1 => &[(0.0, 0.0)],
            2 => &[(-s, -s), (s, s)],
            3 => &[(-s, -s), (0.0, 0.0), (s, s)],
            4 => &[(-s, -s), (s, -s), (-s, s), (s, s)],
            5 => &[(-s, -s), (s, -s), (0.0, 0.0), (-s, s), (s, s)],
            _ => &[(-s, -s), (s, -s), (-s, 0.0), (s, 0.0), (-s, s), (s, s)],
        };
        for (dx, dy) in pips {
            let _ = write!(
                self.svg,
                "<circle cx=\"{}\" cy=\"{}\" r=\"4.8\" fill=\"{}\"/>",
                N(x + dx),
                N(y + dy),
                p.checker_text[i]
            );
        }
        self.svg.push_str("</g>\n");
    }

    /// The players' bands: name, pips and score; the match on top, what happens below.
    fn bands(&mut self, state: &MatchState, options: &PictureOptions) {
        let p = self.palette;
        let _ = writeln!(self.svg, "<g class=\"bands\" fill=\"{}\">", p.band_text);
        for side in Side::BOTH {
            let y = match side {
                Side::O => l::BAND / 2.0 + 7.0,
                Side::X => l::HEIGHT - l::BAND / 2.0 + 7.0,
            };
            let i = side.index();
            if state.on_roll == side && state.game_state == GameState::Playing {
                let _ = writeln!(
                    self.svg,
                    "<polygon points=\"8,{} 20,{} 8,{}\" fill=\"{}\"/>",
                    N(y - 16.0),
                    N(y - 8.0),
                    N(y),
                    p.band_text
                );
            }
            let _ = writeln!(
                self.svg,
                "<circle cx=\"38\" cy=\"{}\" r=\"13\" fill=\"{}\" stroke=\"{}\" \
                 stroke-width=\"2\"/>",
                N(y - 7.0),
                p.checker[i],
                p.checker_edge[i]
            );
            let name: String = options.names[i].chars().take(24).collect();
            let mut rest = format!(" \u{b7} {} pips", state.board.pips(side));
            if state.is_match() {
                let score = state.score[i];
                let _ = write!(
                    rest,
                    " \u{b7} {score} point{}",
                    if score == 1 { "" } else { "s" }
                );
            }
            if self.paths {
                self.text(60.0, y, 20.0, Anchor::Start, true, None, &name);
                let after = 60.0 + glyphs::advance(&name, 20.0, true);
                self.text(after, y, 20.0, Anchor::Start, false, None, &rest);
            } else {
                let _ = writeln!(
                    self.svg,
                    "<text x=\"60\" y=\"{}\" font-size=\"20\"><tspan font-weight=\"bold\">{}\
                     </tspan>{}</text>",
                    N(y),
                    xml_escape(&name),
                    xml_escape(&rest)
                );
            }
            let right = match side {
                Side::O => describe::match_words(state),
                Side::X => short_situation(state, options),
            };
            self.text(l::WIDTH - 20.0, y, 20.0, Anchor::End, false, None, &right);
        }
        self.svg.push_str("</g>\n");
    }
}

/// The situation for the bottom band, with side letters rather than names (room is short).
fn short_situation(state: &MatchState, options: &PictureOptions) -> String {
    let letters = PictureOptions {
        names: [String::new(), String::new()],
        ..options.clone()
    };
    describe::situation(state, &letters)
}
