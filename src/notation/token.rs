//! The tokens written plays are made of, read once for every reader: a checker's path
//! (`13/7*/5`, `bar/22(2)`, `10/8x(3)`) and an Athroisma bear-off label (`sum 3`). tavli's
//! variant grammar spells them strictly; match files as the programs that write them do.

use super::variant_move::ActionLabel;
use crate::rules::play::{BAR_POINT, OFF_POINT};
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while_m_n};
use nom::character::complete::{char, digit1, space1};
use nom::combinator::{map, map_res, opt, value};
use nom::multi::many1;
use nom::sequence::{delimited, pair, preceded};
use nom::IResult;

/// How the tokens may be spelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spelling {
    /// tavli's variant grammar (`grammar/variant-moves.ebnf`): lower-case `bar` only where a
    /// path starts and `off` only where it lands, a contact mark (`*`, `^` or `x`) only after
    /// a landing, numbers of any length.
    Variant,
    /// Match files: `bar` and `off` in any case and anywhere, a contact mark (one of
    /// `marks`) also after the start, points and label numbers of one or two digits.
    MatchFile {
        /// The contact marks the file's variant has.
        marks: &'static [char],
    },
}

/// One checker's path as written, syntax only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CheckerPath {
    /// The points of the path in the mover's numbering: 25 is the bar, 0 is off.
    pub points: Vec<u8>,
    /// For each point, whether a contact mark followed it.
    pub marks: Vec<bool>,
    /// How many checkers take this path (the `(n)` suffix; 1 without it).
    pub repeat: u8,
}

/// A checker's path: a point, then `/` and a point one or more times (each point may carry
/// a contact mark as `spelling` allows), then an optional `(n)`.
pub(crate) fn checker_path(input: &str, spelling: Spelling) -> IResult<&str, CheckerPath> {
    let (rest, start) = start_point(input, spelling)?;
    let (rest, start_mark) = match spelling {
        Spelling::Variant => (rest, false),
        Spelling::MatchFile { marks } => contact_mark(rest, marks),
    };
    let (rest, landings) = many1(preceded(char('/'), |input| {
        let (rest, point) = landing_point(input, spelling)?;
        let marks = match spelling {
            Spelling::Variant => &['*', '^', 'x'][..],
            Spelling::MatchFile { marks } => marks,
        };
        let (rest, mark) = contact_mark(rest, marks);
        Ok((rest, (point, mark)))
    }))(rest)?;
    let (rest, repeat) = opt(delimited(char('('), any_number, char(')')))(rest)?;
    let mut points = vec![start];
    let mut marks = vec![start_mark];
    for (point, mark) in landings {
        points.push(point);
        marks.push(mark);
    }
    Ok((
        rest,
        CheckerPath {
            points,
            marks,
            repeat: repeat.unwrap_or(1),
        },
    ))
}

/// An Athroisma bear-off label without its colon: `sum 3`, `double as sum 4`,
/// `double option (2)`, `double option (3)`.
pub(crate) fn bear_off_label(input: &str, spelling: Spelling) -> IResult<&str, ActionLabel> {
    let label_number = |input| match spelling {
        Spelling::Variant => any_number(input),
        Spelling::MatchFile { .. } => short_number(input),
    };
    alt((
        map(
            preceded(pair(tag("sum"), space1), label_number),
            ActionLabel::Sum,
        ),
        map(
            preceded(pair(tag("double as sum"), space1), label_number),
            ActionLabel::DoubleAsSum,
        ),
        value(ActionLabel::DoubleOptionTwo, tag("double option (2)")),
        value(ActionLabel::DoubleOptionThree, tag("double option (3)")),
    ))(input)
}

fn start_point(input: &str, spelling: Spelling) -> IResult<&str, u8> {
    match spelling {
        Spelling::Variant => alt((value(BAR_POINT, tag("bar")), any_number))(input),
        Spelling::MatchFile { .. } => match_file_point(input),
    }
}

fn landing_point(input: &str, spelling: Spelling) -> IResult<&str, u8> {
    match spelling {
        Spelling::Variant => alt((value(OFF_POINT, tag("off")), any_number))(input),
        Spelling::MatchFile { .. } => match_file_point(input),
    }
}

/// A point in a match file: a number of one or two digits, `bar` or `off` in any case.
fn match_file_point(input: &str) -> IResult<&str, u8> {
    alt((
        value(BAR_POINT, tag_no_case("bar")),
        value(OFF_POINT, tag_no_case("off")),
        short_number,
    ))(input)
}

/// An optional contact mark (one of `marks`).
fn contact_mark<'a>(input: &'a str, marks: &[char]) -> (&'a str, bool) {
    match input.chars().next() {
        Some(c) if marks.contains(&c) => (&input[c.len_utf8()..], true),
        _ => (input, false),
    }
}

fn any_number(input: &str) -> IResult<&str, u8> {
    map_res(digit1, str::parse::<u8>)(input)
}

fn short_number(input: &str) -> IResult<&str, u8> {
    map_res(
        take_while_m_n(1, 2, |c: char| c.is_ascii_digit()),
        str::parse::<u8>,
    )(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GNUBG_FILE: Spelling = Spelling::MatchFile { marks: &['*'] };

    #[test]
    fn match_files_take_any_case_and_marks_after_the_start() {
        let (rest, path) = checker_path("BAR/22*/Off(2) 6/5", GNUBG_FILE).unwrap();
        assert_eq!(rest, " 6/5");
        assert_eq!(path.points, [25, 22, 0]);
        assert_eq!(path.marks, [false, true, false]);
        assert_eq!(path.repeat, 2);
        let (_, path) = checker_path("13*/7", GNUBG_FILE).unwrap();
        assert_eq!(path.marks, [true, false]);
        assert!(checker_path("123/7", GNUBG_FILE).is_err());
    }

    #[test]
    fn the_variant_grammar_is_strict() {
        let (_, path) = checker_path("bar/20^/off(3)", Spelling::Variant).unwrap();
        assert_eq!(path.points, [25, 20, 0]);
        assert_eq!(path.marks, [false, true, false]);
        assert_eq!(path.repeat, 3);
        assert!(checker_path("BAR/20", Spelling::Variant).is_err());
        assert!(checker_path("off/20", Spelling::Variant).is_err());
        assert!(checker_path("20/bar", Spelling::Variant).is_err());
        assert!(checker_path("13*/7", Spelling::Variant).is_err());
    }

    #[test]
    fn bear_off_labels() {
        assert_eq!(
            bear_off_label("sum 12", Spelling::Variant),
            Ok(("", ActionLabel::Sum(12)))
        );
        assert_eq!(
            bear_off_label("double as sum 4:", GNUBG_FILE),
            Ok((":", ActionLabel::DoubleAsSum(4)))
        );
        assert_eq!(
            bear_off_label("sum 123", GNUBG_FILE),
            Ok(("3", ActionLabel::Sum(12)))
        );
    }
}
