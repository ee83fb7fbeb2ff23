//! The checkers of an SVG board: each checker as an element that says its side, point and
//! count, stacks on the points and the bar, and the borne-off trays.

use super::{Canvas, N};
use crate::render::picture::glyphs::Anchor;
use crate::render::picture::layout::{self as l, STACK};
use crate::rules::RuleSet;
use crate::rules::{MatchState, Side};
use std::fmt::Write;

impl Canvas {
    /// One checker seen from above; `n` is how many it stands for, `label` a count on it.
    pub(super) fn checker(
        &mut self,
        side: Side,
        place: &str,
        x: f32,
        y: f32,
        n: u8,
        label: Option<u8>,
    ) {
        self.checker_marked(side, place, x, y, n, label, false);
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn checker_marked(
        &mut self,
        side: Side,
        place: &str,
        x: f32,
        y: f32,
        n: u8,
        label: Option<u8>,
        pinned: bool,
    ) {
        let p = self.palette;
        let i = side.index();
        let r = l::CHECKER / 2.0 - 1.0;
        let pin = if pinned { " data-pinned=\"true\"" } else { "" };
        let _ = writeln!(
            self.svg,
            "<circle class=\"checker\" data-side=\"{}\" data-point=\"{place}\" data-n=\"{n}\"{pin} \
             cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
            side.letter(),
            N(x),
            N(y),
            N(r),
            p.checker[i],
            p.checker_edge[i],
            N(p.edge_width)
        );
        let _ = writeln!(
            self.svg,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{}\" stroke=\"{}\" \
             stroke-opacity=\"0.55\" stroke-width=\"1.5\"/>",
            N(r * 0.68),
            self.shine,
            p.checker_edge[i],
            x = N(x),
            y = N(y)
        );
        if pinned {
            let _ = writeln!(
                self.svg,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" \
                 stroke-width=\"5\"/>",
                N(x),
                N(y),
                N(r - 3.0),
                p.pin
            );
        }
        if let Some(count) = label {
            let fill = p.checker_text[i];
            self.text(
                x,
                y + 8.5,
                24.0,
                Anchor::Middle,
                true,
                Some(fill),
                &count.to_string(),
            );
        }
    }

    /// A stack of `count` checkers of `side` on a point: at most five drawn; when more, the
    /// fifth carries the count of the whole stack.
    pub(super) fn stack(
        &mut self,
        side: Side,
        place: &str,
        x: f32,
        y_of: &dyn Fn(usize) -> f32,
        count: u8,
    ) {
        self.stack_in(side, place, x, y_of, count, STACK);
    }

    /// As [`Canvas::stack`] with room for `room` checkers, placed by `y_of(slot)`.
    pub(super) fn stack_in(
        &mut self,
        side: Side,
        place: &str,
        x: f32,
        y_of: &dyn Fn(usize) -> f32,
        count: u8,
        room: usize,
    ) {
        let shown = usize::from(count).min(room);
        for k in 0..shown {
            let last = k + 1 == shown && usize::from(count) > room;
            let (n, label) = if last {
                (count - (room as u8 - 1), Some(count))
            } else {
                (1, None)
            };
            self.checker(side, place, x, y_of(k), n, label);
        }
    }

    /// The checkers on the points, on the bar and borne off.
    pub(super) fn checkers(&mut self, state: &MatchState, clockwise: bool) {
        let board = &state.board;
        self.svg.push_str("<g class=\"checkers\">\n");
        for point in 1..=24u8 {
            let (x, top) = l::point_place(point, clockwise);
            let place = point.to_string();
            let contents = RuleSet::new(state.variant).point_contents(board, point);
            let count_of = |side: Side| match side {
                Side::X => contents.x,
                Side::O => contents.o,
            };
            if let Some(pinned) = contents.pinned {
                self.checker_marked(pinned, &place, x, l::slot_y(top, 0.0), 1, None, true);
                let pinner = pinned.opponent();
                let y_of = |k: usize| l::slot_y(top, 0.75 + k as f32);
                self.stack_in(pinner, &place, x, &y_of, count_of(pinner), STACK - 1);
                continue;
            }
            let y_of = |k: usize| l::slot_y(top, k as f32);
            self.stack(Side::X, &place, x, &y_of, contents.x);
            if contents.o > 0 {
                let skip = usize::from(contents.x).min(STACK);
                let y_of = |k: usize| l::slot_y(top, (k + skip) as f32);
                self.stack_in(
                    Side::O,
                    &place,
                    x,
                    &y_of,
                    contents.o,
                    STACK.saturating_sub(skip),
                );
            }
        }
        for side in Side::BOTH {
            let y_of = |k: usize| l::bar_slot_y(side, k);
            self.stack_in(side, "bar", l::bar_centre(), &y_of, board.bar(side), 4);
        }
        self.borne_off(state, clockwise);
        self.svg.push_str("</g>\n");
    }

    /// Borne-off checkers in the tray, seen from the side: O's at the top, X's at the bottom.
    pub(super) fn borne_off(&mut self, state: &MatchState, clockwise: bool) {
        let p = self.palette;
        let centre = l::tray_left(clockwise) + l::STRIP / 2.0;
        for side in Side::BOTH {
            let off = state.board.borne_off(side);
            let i = side.index();
            for k in 0..off {
                let y = match side {
                    Side::O => l::TOP + 6.0 + f32::from(k) * l::SLAB,
                    Side::X => l::BOTTOM - 6.0 - f32::from(k + 1) * l::SLAB,
                };
                let _ = writeln!(
                    self.svg,
                    "<rect class=\"checker\" data-side=\"{}\" data-point=\"off\" data-n=\"1\" \
                     x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"{}\" \
                     stroke=\"{}\" stroke-width=\"{}\"/>",
                    side.letter(),
                    N(centre - 26.0),
                    N(y + 1.0),
                    52,
                    N(l::SLAB - 2.0),
                    p.checker[i],
                    p.checker_edge[i],
                    N(p.edge_width.min(2.0))
                );
            }
            if off > 0 {
                let y = match side {
                    Side::O => l::MIDDLE - 12.0,
                    Side::X => l::MIDDLE + 28.0,
                };
                let fill = Some(p.numbers);
                self.text(
                    centre,
                    y,
                    20.0,
                    Anchor::Middle,
                    true,
                    fill,
                    &off.to_string(),
                );
            }
        }
    }
}
