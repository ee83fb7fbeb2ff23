//! Geometry of the board picture in SVG user units: where each point, checker, die and the cube go.

use crate::rules::Side;

/// Width of the picture (the `viewBox`).
pub const WIDTH: f32 = 1000.0;
/// Height of the picture (the `viewBox`).
pub const HEIGHT: f32 = 784.0;
/// Height of each player's information band (top: O, bottom: X).
pub const BAND: f32 = 52.0;
/// The frame beside the playing area.
pub const FRAME_SIDE: f32 = 20.0;
/// The frame above and below the playing area, where the point numbers are.
pub const FRAME_END: f32 = 30.0;
/// Width of the cube strip and of the bear-off tray.
pub const STRIP: f32 = 70.0;
/// Width of one point.
pub const POINT_WIDTH: f32 = 60.0;
/// Width of the bar.
pub const BAR_WIDTH: f32 = 60.0;
/// A checker's diameter.
pub const CHECKER: f32 = 56.0;
/// Length of a point's triangle.
pub const TRIANGLE: f32 = 250.0;
/// Checkers drawn one by one on a point; more show their count on the last one.
pub const STACK: usize = 5;
/// Top of the playing area.
pub const TOP: f32 = BAND + FRAME_END;
/// Gap between the two halves' stacks, where the dice go.
pub const MIDDLE_GAP: f32 = 60.0;
/// Bottom of the playing area.
pub const BOTTOM: f32 = TOP + 2.0 * STACK as f32 * CHECKER + MIDDLE_GAP;
/// The middle line of the playing area.
pub const MIDDLE: f32 = (TOP + BOTTOM) / 2.0;
/// Left edge of the left half of the points.
pub const LEFT_HALF: f32 = FRAME_SIDE + STRIP + FRAME_SIDE;
/// Left edge of the bar.
pub const BAR_LEFT: f32 = LEFT_HALF + 6.0 * POINT_WIDTH;
/// Left edge of the right half of the points.
pub const RIGHT_HALF: f32 = BAR_LEFT + BAR_WIDTH;
/// Height of a borne-off checker seen from the side.
pub const SLAB: f32 = 16.0;
/// Side of a die.
pub const DIE: f32 = 50.0;
/// Side of the cube.
pub const CUBE: f32 = 52.0;

/// The picture's height in pixels for a width in pixels.
#[must_use]
pub fn height_for(width: u32) -> u32 {
    ((f64::from(width) * f64::from(HEIGHT) / f64::from(WIDTH)).round() as u32).max(1)
}

/// Left edge of the tray (where borne-off checkers go): beside X's home board.
#[must_use]
pub fn tray_left(clockwise: bool) -> f32 {
    if clockwise {
        FRAME_SIDE
    } else {
        RIGHT_HALF + 6.0 * POINT_WIDTH + FRAME_SIDE
    }
}

/// Left edge of the cube strip: the other side from the tray.
#[must_use]
pub fn cube_strip_left(clockwise: bool) -> f32 {
    tray_left(!clockwise)
}

/// Centre of the bar.
#[must_use]
pub fn bar_centre() -> f32 {
    BAR_LEFT + BAR_WIDTH / 2.0
}

/// Where X's point `point` (1..=24) is: the centre of its column and whether it is in the
/// top half (its triangle hangs from the top edge).
#[must_use]
pub fn point_place(point: u8, clockwise: bool) -> (f32, bool) {
    let top = point >= 13;
    let column = match (top, clockwise) {
        (true, false) => point - 13,
        (false, false) => 12 - point,
        (true, true) => 24 - point,
        (false, true) => point - 1,
    };
    (column_centre(column), top)
}

/// Centre of column `column` (0..12, left to right, the bar not counted).
fn column_centre(column: u8) -> f32 {
    let column = f32::from(column.min(11));
    if column < 6.0 {
        LEFT_HALF + (column + 0.5) * POINT_WIDTH
    } else {
        RIGHT_HALF + (column - 6.0 + 0.5) * POINT_WIDTH
    }
}

/// The centre height of checker slot `slot` (0 at the board's edge) of a point in the top
/// or bottom half; fractional slots draw a checker over another (Plakoto pins).
#[must_use]
pub fn slot_y(top: bool, slot: f32) -> f32 {
    let offset = CHECKER / 2.0 + slot * CHECKER;
    if top {
        TOP + offset
    } else {
        BOTTOM - offset
    }
}

/// The centre height of bar slot `slot` for `side`'s checkers, counted from the middle out:
/// O's on the top half of the bar, X's on the bottom half, as in gnubg's diagram.
#[must_use]
pub fn bar_slot_y(side: Side, slot: usize) -> f32 {
    let offset = MIDDLE_GAP / 2.0 + CHECKER / 2.0 + slot as f32 * CHECKER;
    match side {
        Side::O => MIDDLE - offset,
        Side::X => MIDDLE + offset,
    }
}

/// The horizontal centre of the dice of the player on roll: the right half for X (the
/// player at the bottom), the left half for O, as players throw them on their right.
#[must_use]
pub fn dice_centre(on_roll: Side) -> f32 {
    match on_roll {
        Side::X => RIGHT_HALF + 3.0 * POINT_WIDTH,
        Side::O => LEFT_HALF + 3.0 * POINT_WIDTH,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_fits_the_picture() {
        assert_eq!(tray_left(false) + STRIP + FRAME_SIDE, WIDTH);
        assert_eq!(BOTTOM + FRAME_END + BAND, HEIGHT);
        assert_eq!(height_for(1000), 784);
        let mut columns: Vec<(i32, bool)> = (1..=24)
            .map(|p| {
                let (x, top) = point_place(p, false);
                (x as i32, top)
            })
            .collect();
        columns.sort_unstable();
        columns.dedup();
        assert_eq!(columns.len(), 24, "every point has its own place");
        assert_eq!(point_place(1, false).0, point_place(12, true).0);
        assert!(point_place(1, false).0 > bar_centre());
    }
}
