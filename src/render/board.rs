//! gnubg's ASCII board diagram (`show board`), as a pure function of the match state.

use crate::rules::{Board, Dice, MatchState, Resignation, Side, Variant, BAR};
use crate::rules::{PointContents, RuleSet};

/// Everything the board diagram shows: the state plus the texts gnubg prints around it.
///
/// The diagram is a pure function of this view; nothing is parsed and nothing printed.
#[derive(Clone, Copy, Debug)]
pub struct BoardView<'a> {
    /// The state to draw (board, who is on roll, dice, cube, score, pending decisions).
    pub state: &'a MatchState,
    /// The players' names, indexed by [`Side::index`] (`names[0]` is `O`, gnubg's player 0).
    pub names: [&'a str; 2],
    /// The 14-character Position ID printed on the first line (not checked).
    pub position_id: &'a str,
    /// The 12-character Match ID printed on the second line (not checked).
    pub match_id: &'a str,
    /// gnubg's `set clockwise on`: the diagram mirrored left-right.
    pub clockwise: bool,
    /// `true` for `show board`; `false` for `show board <position ID>`, which prints no names,
    /// scores, dice or cube and always numbers the points for `X` on roll (see [`render_board`]).
    pub annotated: bool,
}

/// The point-number rulers (43 characters), by layout and numbering.
const RULER_PLAIN_LOW: &str = "+12-11-10--9--8--7-------6--5--4--3--2--1-+";
const RULER_PLAIN_HIGH: &str = "+13-14-15-16-17-18------19-20-21-22-23-24-+";
const RULER_CLOCKWISE_LOW: &str = "+-1--2--3--4--5--6-------7--8--9-10-11-12-+";
const RULER_CLOCKWISE_HIGH: &str = "+24-23-22-21-20-19------18-17-16-15-14-13-+";

/// Which half of the board a row belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Half {
    /// `O`'s bar and borne-off checkers, `X`'s points 13..24.
    Top,
    /// `X`'s bar and borne-off checkers, `X`'s points 1..12.
    Bottom,
}

impl Half {
    /// The side whose bar and borne-off checkers are drawn in this half.
    fn owner(self) -> Side {
        match self {
            Half::Top => Side::O,
            Half::Bottom => Side::X,
        }
    }

    /// `X`'s point numbers of the two 6-point blocks, left block first, each left to right.
    fn points(self, clockwise: bool) -> [[u8; 6]; 2] {
        match (self, clockwise) {
            (Half::Top, false) => [[13, 14, 15, 16, 17, 18], [19, 20, 21, 22, 23, 24]],
            (Half::Bottom, false) => [[12, 11, 10, 9, 8, 7], [6, 5, 4, 3, 2, 1]],
            (Half::Top, true) => [[24, 23, 22, 21, 20, 19], [18, 17, 16, 15, 14, 13]],
            (Half::Bottom, true) => [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]],
        }
    }
}

/// Draws the board exactly as gnubg 1.07's `show board` does.
///
/// **Convention:** the result is the 15 lines of the diagram, each ending in `"\n"` (so the
/// string ends in exactly one `"\n"`). gnubg prints one more empty line after every board;
/// that line is *not* part of this string, the caller prints it.
///
/// Points are numbered for the player on roll (`state.on_roll`, gnubg's `fMove`; after the
/// game is over gnubg makes the loser the player on roll, which the state must reflect).
/// With `annotated == false` (gnubg's `show board <position ID>`) the diagram carries no
/// annotation and is always numbered for `X` on roll (`v`, `+13..24` on top): a caller
/// drawing a position ID puts the ID's player on roll as `X`.
#[must_use]
pub fn render_board(view: &BoardView) -> String {
    let state = view.state;
    let numbered_for = if view.annotated {
        state.on_roll
    } else {
        Side::X
    };
    let notes = if view.annotated {
        Annotations::of(view)
    } else {
        Annotations::default()
    };

    let indent = if view.clockwise { "    " } else { " " };
    let (top_ruler, bottom_ruler) = rulers(numbered_for, view.clockwise);
    let marker = match numbered_for {
        Side::X => 'v',
        Side::O => '^',
    };

    let mut text = String::with_capacity(16 * 80);
    text.push_str(indent);
    text.push_str("GNU Backgammon  Position ID: ");
    text.push_str(view.position_id);
    text.push('\n');
    text.push_str(indent);
    text.push_str("                Match ID   : ");
    text.push_str(view.match_id);
    text.push('\n');

    push_ruler(
        &mut text,
        indent,
        top_ruler,
        view.clockwise,
        &notes.ruler[0],
    );
    for row in 0..5 {
        push_row(
            &mut text,
            &state.board,
            state.variant,
            Half::Top,
            row,
            view.clockwise,
            notes.top_row(row),
        );
    }
    if view.clockwise {
        text.push_str(indent);
        text.push_str("|                  |BAR|                  |");
        text.push(marker);
        text.push(' ');
    } else {
        text.push(marker);
        text.push_str("|                  |BAR|                  |     ");
    }
    text.push_str(&notes.middle);
    text.push('\n');
    for row in (0..5).rev() {
        push_row(
            &mut text,
            &state.board,
            state.variant,
            Half::Bottom,
            row,
            view.clockwise,
            notes.bottom_row(row),
        );
    }
    push_ruler(
        &mut text,
        indent,
        bottom_ruler,
        view.clockwise,
        &notes.ruler[1],
    );
    text
}

/// The top and bottom rulers for the player the points are numbered for.
fn rulers(numbered_for: Side, clockwise: bool) -> (&'static str, &'static str) {
    let (low, high) = if clockwise {
        (RULER_CLOCKWISE_LOW, RULER_CLOCKWISE_HIGH)
    } else {
        (RULER_PLAIN_LOW, RULER_PLAIN_HIGH)
    };
    match numbered_for {
        Side::X => (high, low),
        Side::O => (low, high),
    }
}

/// A ruler line: 49 characters (indent, ruler, padding) and the name annotation.
fn push_ruler(text: &mut String, indent: &str, ruler: &str, clockwise: bool, note: &str) {
    text.push_str(indent);
    text.push_str(ruler);
    text.push_str(if clockwise { "  " } else { "     " });
    text.push_str(note);
    text.push('\n');
}

/// One row of a half; `row` counts from the board's edge (0) towards the middle (4).
fn push_row(
    text: &mut String,
    board: &Board,
    variant: Variant,
    half: Half,
    row: usize,
    clockwise: bool,
    note: Option<&str>,
) {
    let owner = half.owner();
    let [left, right] = half.points(clockwise);
    let off = off_columns(board.borne_off(owner), owner, row, clockwise);
    if clockwise {
        text.push_str(&off);
        text.push(' ');
    } else {
        text.push(' ');
    }
    text.push('|');
    for point in left {
        push_point(text, board, variant, point, row);
    }
    text.push('|');
    push_cell(text, (owner, board.slots[owner.index()][BAR]), row);
    text.push('|');
    for point in right {
        push_point(text, board, variant, point, row);
    }
    text.push('|');
    if clockwise {
        text.push_str("  ");
        text.push_str(note.unwrap_or(""));
    } else {
        text.push(' ');
        text.push_str(&off);
        if let Some(note) = note {
            text.push(' ');
            text.push_str(note);
        }
    }
    text.push('\n');
}

/// Draws one point's cell with the contents the rules give it (Fevga's geometry): gnubg's
/// drawing of a stack, and a pinned Plakoto checker as the lower-case letter of its side at
/// the edge, under the checkers that pin it.
fn push_point(text: &mut String, board: &Board, variant: Variant, point: u8, row: usize) {
    let contents = RuleSet::new(variant).point_contents(board, point);
    let (top, count) = if contents.x > 0 && contents.pinned != Some(Side::X) {
        (Side::X, contents.x)
    } else {
        (Side::O, contents.o)
    };
    let (top, count) = match contents.pinned {
        Some(pinned) => (
            pinned.opponent(),
            contents_count(&contents, pinned.opponent()),
        ),
        None => (top, count),
    };
    let mark = match contents.pinned {
        None => stack_mark(top, count, row),
        Some(pinned) => pinned_stack_mark(pinned, top, count, row),
    };
    text.push(' ');
    text.push(mark);
    text.push(' ');
}

fn contents_count(contents: &PointContents, side: Side) -> u8 {
    match side {
        Side::X => contents.x,
        Side::O => contents.o,
    }
}

/// A pinned checker (lower case, at the edge, row 0) under `count` checkers of `top`, which
/// fill rows 1-3 one per row; row 4 shows a checker for exactly 4, a digit for 5-9 and a
/// letter from `A` for 10 or more.
fn pinned_stack_mark(pinned: Side, top: Side, count: u8, row: usize) -> char {
    match row {
        0 => pinned.letter().to_ascii_lowercase(),
        1..=3 => {
            if usize::from(count) >= row {
                top.letter()
            } else {
                ' '
            }
        }
        _ => match count {
            4 => top.letter(),
            5..=9 => char::from(b'0' + count),
            10.. => char::from(b'A'.saturating_add(count - 10)),
            _ => ' ',
        },
    }
}

/// A 3-character cell of a stack at `row` (from the edge): a checker for rows 0-3, and in
/// row 4 a checker for exactly 5, a digit for 6-9 and a letter from `A` for 10 or more.
fn push_cell(text: &mut String, (side, count): (Side, u8), row: usize) {
    let mark = stack_mark(side, count, row);
    text.push(' ');
    text.push(mark);
    text.push(' ');
}

/// The character a stack of `count` checkers of `side` shows in `row` (0 = edge).
fn stack_mark(side: Side, count: u8, row: usize) -> char {
    let count = usize::from(count);
    if row < 4 {
        return if count > row { side.letter() } else { ' ' };
    }
    match count {
        5 => side.letter(),
        6..=9 => char::from(b'0' + count as u8),
        10.. => char::from(b'A'.saturating_add((count - 10) as u8)),
        _ => ' ',
    }
}

/// The 3 borne-off characters of `row`: column `c` shows a checker when `off > 5c + row`.
/// Clockwise boards print the columns right to left (the first column next to the board).
fn off_columns(off: u8, side: Side, row: usize, clockwise: bool) -> String {
    let column = |c: usize| {
        if usize::from(off) > 5 * c + row {
            side.letter()
        } else {
            ' '
        }
    };
    if clockwise {
        [column(2), column(1), column(0)].iter().collect()
    } else {
        [column(0), column(1), column(2)].iter().collect()
    }
}

/// The annotation texts beside the diagram.
#[derive(Default)]
struct Annotations {
    /// Name (and owned cube) beside the top ruler (`O`) and the bottom ruler (`X`).
    ruler: [String; 2],
    /// Score text per side (`N points`).
    score: [String; 2],
    /// Dice/turn text per side (`Rolled 31`, `On roll`, `Cube offered at 2`, ...).
    turn: [String; 2],
    /// Match and cube text on the middle line.
    middle: String,
}

impl Annotations {
    fn of(view: &BoardView) -> Annotations {
        let state = view.state;
        let ruler = Side::BOTH.map(|side| {
            let name = view.names[side.index()];
            // While a double is pending gnubg shows no cube beside the owner's name.
            if state.cube_owner == Some(side) && !state.double_offered {
                format!("{}: {name} (Cube: {})", side.letter(), state.cube_value)
            } else {
                format!("{}: {name}", side.letter())
            }
        });
        let score = state.score.map(points_text);
        let mut turn = [String::new(), String::new()];
        if state.double_offered {
            turn[state.turn.index()] =
                format!("Cube offered at {}", state.cube_value.saturating_mul(2));
        } else {
            let mut text = match state.dice {
                Some(dice) => rolled_text(dice),
                None if game_finished(&state.board) => String::new(),
                None => "On roll".to_owned(),
            };
            if let Some(resignation) = state.resignation {
                text.push_str(", resigns ");
                text.push_str(resignation_text(resignation));
            }
            turn[state.on_roll.index()] = text;
        }
        Annotations {
            ruler,
            score,
            turn,
            middle: middle_text(state),
        }
    }

    /// The annotation of top row `row` (0 = edge); `None` for the row next to the middle.
    fn top_row(&self, row: usize) -> Option<&str> {
        self.row_note(Side::O, row)
    }

    /// The annotation of bottom row `row` (0 = edge); `None` for the row next to the middle.
    fn bottom_row(&self, row: usize) -> Option<&str> {
        self.row_note(Side::X, row)
    }

    fn row_note(&self, side: Side, row: usize) -> Option<&str> {
        match row {
            0 => Some(&self.score[side.index()]),
            1 => Some(&self.turn[side.index()]),
            2 | 3 => Some(""),
            _ => None,
        }
    }
}

/// `1 point` or `N points`.
fn points_text(points: u32) -> String {
    if points == 1 {
        "1 point".to_owned()
    } else {
        format!("{points} points")
    }
}

/// `Rolled 31`, the dice in the order they were rolled.
fn rolled_text(dice: Dice) -> String {
    format!("Rolled {}{}", dice.first(), dice.second())
}

fn resignation_text(resignation: Resignation) -> &'static str {
    match resignation {
        Resignation::Single => "single game",
        Resignation::Gammon => "gammon",
        Resignation::Backgammon => "backgammon",
    }
}

/// Whether a side has borne off all its checkers (gnubg then shows no `On roll`).
fn game_finished(board: &Board) -> bool {
    Side::BOTH
        .iter()
        .any(|&side| board.checkers_in_play(side) == 0)
}

/// The middle line's text: match length, Crawford, or the centred cube; empty while a double
/// is pending and in money play with an owned cube.
fn middle_text(state: &MatchState) -> String {
    if state.double_offered {
        return String::new();
    }
    if !state.rules().cube_in_use() {
        // Portes, Plakoto, Fevga and Athroisma are played without the cube: none is drawn.
        return match state.match_length {
            0 => String::new(),
            1 => "1 point match".to_owned(),
            length => format!("{length} points match"),
        };
    }
    let cube = format!("(Cube: {})", state.cube_value);
    match state.match_length {
        0 if state.cube_owner.is_none() => cube,
        0 => String::new(),
        1 => "1 point match".to_owned(),
        // An owned cube hides the Crawford note too (only reachable with `set cube owner`).
        length if state.cube_owner.is_some() => format!("{length} points match"),
        length if state.crawford => format!("{length} points match (Crawford game)"),
        length => format!("{length} points match {cube}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn view(state: &MatchState) -> BoardView<'_> {
        BoardView {
            state,
            names: ["gnubg", "root"],
            position_id: "4HPwATDgc/ABMA",
            match_id: "cIkFAAAAAAAA",
            clockwise: false,
            annotated: true,
        }
    }

    #[test]
    fn stack_marks_follow_the_count() {
        assert_eq!(stack_mark(Side::X, 4, 3), 'X');
        assert_eq!(stack_mark(Side::X, 4, 4), ' ');
        assert_eq!(stack_mark(Side::O, 5, 4), 'O');
        assert_eq!(stack_mark(Side::O, 7, 4), '7');
        assert_eq!(stack_mark(Side::O, 10, 4), 'A');
        assert_eq!(stack_mark(Side::X, 15, 4), 'F');
    }

    #[test]
    fn off_columns_fill_from_the_edge() {
        assert_eq!(off_columns(13, Side::O, 0, false), "OOO");
        assert_eq!(off_columns(13, Side::O, 3, false), "OO ");
        assert_eq!(off_columns(13, Side::O, 3, true), " OO");
        assert_eq!(off_columns(0, Side::X, 0, false), "   ");
    }

    #[test]
    fn board_has_fifteen_lines_of_fixed_width() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        let text = render_board(&view(&state));
        assert!(text.ends_with("X: root\n"));
        assert_eq!(text.lines().count(), 15);
        for line in text.lines().skip(2) {
            assert!(line.len() >= 48, "{line:?}");
        }
    }

    #[test]
    fn games_without_a_cube_draw_none() {
        let mut state = MatchState::new_money_game(Variant::Plakoto, Side::O);
        assert_eq!(middle_text(&state), "");
        state.match_length = 5;
        assert_eq!(middle_text(&state), "5 points match");
    }

    #[test]
    fn middle_text_depends_on_match_and_cube() {
        let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
        assert_eq!(middle_text(&state), "(Cube: 1)");
        state.cube_owner = Some(Side::O);
        assert_eq!(middle_text(&state), "");
        state.match_length = 7;
        assert_eq!(middle_text(&state), "7 points match");
        state.cube_owner = None;
        state.cube_value = 2;
        assert_eq!(middle_text(&state), "7 points match (Cube: 2)");
        state.crawford = true;
        assert_eq!(middle_text(&state), "7 points match (Crawford game)");
        state.cube_owner = Some(Side::X);
        assert_eq!(middle_text(&state), "7 points match");
        state.cube_owner = None;
        state.match_length = 1;
        state.crawford = false;
        assert_eq!(middle_text(&state), "1 point match");
        state.double_offered = true;
        assert_eq!(middle_text(&state), "");
    }
}
