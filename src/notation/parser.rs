//! Reads written moves (`24/18 13/11`, `bar/22*`, `13/7/1`, `8/2(2)`, `8 5 6 5`) into steps.
//!
//! The grammar is `grammar/move.ebnf`. This is syntax only: the steps are resolved against a
//! position by `resolve`.

use super::error::{ParseMoveError, ParseMoveErrorKind, Span};
use crate::rules::{BAR_POINT, OFF_POINT};
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::char as character;
use nom::combinator::{map, map_res};
use nom::IResult;

/// A written move: the steps as written (each a direct jump), in the mover's numbering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// `(from, to)` pairs; 25 is the bar, 0 is off.
    pub steps: Vec<(u8, u8)>,
}

fn point_number(input: &str) -> IResult<&str, u32> {
    map_res(take_while1(|c: char| c.is_ascii_digit()), |digits: &str| {
        digits.parse::<u32>()
    })(input)
}

fn point_word(input: &str) -> IResult<&str, u32> {
    alt((
        map(tag_no_case("bar"), |_| 25),
        map(tag_no_case("ba"), |_| 25),
        map(tag_no_case("b"), |_| 25),
        map(tag_no_case("off"), |_| 0),
        map(tag_no_case("of"), |_| 0),
        map(tag_no_case("o"), |_| 0),
        map(character('-'), |_| 0),
    ))(input)
}

fn point(input: &str) -> IResult<&str, u32> {
    alt((point_number, point_word))(input)
}

/// One token of a move line.
enum Token {
    Point(u32),
    Slash,
    Repeat(u32),
    Separator,
}

fn tokenize(text: &str) -> Result<Vec<(Token, Span)>, ParseMoveError> {
    let mut tokens = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let start = text.len() - rest.len();
        if c.is_whitespace() || c == ',' {
            rest = &rest[c.len_utf8()..];
            tokens.push((
                Token::Separator,
                Span {
                    start,
                    end: start + 1,
                },
            ));
            continue;
        }
        if c == '*' || c == ')' {
            rest = &rest[1..];
            continue;
        }
        if c == '/' {
            rest = &rest[1..];
            tokens.push((
                Token::Slash,
                Span {
                    start,
                    end: start + 1,
                },
            ));
            continue;
        }
        if c == '(' {
            let after = &rest[1..];
            match point_number(after) {
                Ok((remaining, count)) => {
                    rest = remaining;
                    let end = text.len() - rest.len();
                    tokens.push((Token::Repeat(count), Span { start, end }));
                }
                Err(_) => {
                    return Err(ParseMoveError {
                        kind: ParseMoveErrorKind::BadRepeat,
                        span: Span {
                            start,
                            end: start + 1,
                        },
                    })
                }
            }
            continue;
        }
        match point(rest) {
            Ok((remaining, value)) => {
                rest = remaining;
                let end = text.len() - rest.len();
                tokens.push((Token::Point(value), Span { start, end }));
            }
            Err(_) => {
                return Err(ParseMoveError {
                    kind: ParseMoveErrorKind::UnexpectedCharacter(c),
                    span: Span {
                        start,
                        end: start + c.len_utf8(),
                    },
                })
            }
        }
    }
    Ok(tokens)
}

/// Parses a written move (gnubg's `move` syntax) into direct jumps: `13/7/1` is
/// `[(13, 7), (7, 1)]`, `8/2(2)` is `[(8, 2), (8, 2)]`, `bar/22* 6/off` is
/// `[(25, 22), (6, 0)]`.
///
/// # Errors
/// A [`ParseMoveError`] with the span of the offending text.
pub(super) fn parse_jumps(text: &str) -> Result<MoveText, ParseMoveError> {
    let whole = Span {
        start: 0,
        end: text.len(),
    };
    let tokens = tokenize(text)?;
    // Expand into a flat list of points: a point after `/` ends one step and starts the next.
    let mut numbers: Vec<(u32, Span)> = Vec::new();
    // Index in `numbers` where the current group (since the last point not after `/`) begins.
    let mut group_start = 0usize;
    let mut previous_was_point = false;
    let mut pending_slash: Option<Span> = None;
    let mut group_has_chain = false;
    for (index, (token, span)) in tokens.iter().enumerate() {
        match token {
            Token::Separator => {
                if let Some(slash) = pending_slash {
                    return Err(dangling(slash));
                }
                previous_was_point = false;
            }
            Token::Slash => {
                if !previous_was_point || pending_slash.is_some() {
                    return Err(dangling(*span));
                }
                pending_slash = Some(*span);
                previous_was_point = false;
            }
            Token::Point(value) => {
                if *value > 25 {
                    return Err(ParseMoveError {
                        kind: ParseMoveErrorKind::PointOutOfRange(*value),
                        span: *span,
                    });
                }
                if pending_slash.take().is_some() {
                    // A chain point: it ends the previous step and, if another `/` follows,
                    // starts the next one.
                    numbers.push((*value, *span));
                    let chain_continues = matches!(tokens.get(index + 1), Some((Token::Slash, _)))
                        || matches!(
                            (tokens.get(index + 1), tokens.get(index + 2)),
                            (Some((Token::Repeat(_), _)), Some((Token::Slash, _)))
                        );
                    if chain_continues {
                        if *value == u32::from(BAR_POINT) || *value == u32::from(OFF_POINT) {
                            return Err(ParseMoveError {
                                kind: ParseMoveErrorKind::InnerBarOrOff,
                                span: *span,
                            });
                        }
                        numbers.push((*value, *span));
                    }
                    group_has_chain = true;
                } else {
                    group_start = numbers.len();
                    group_has_chain = false;
                    numbers.push((*value, *span));
                }
                previous_was_point = true;
            }
            Token::Repeat(count) => {
                if *count < 2 || !previous_was_point && !group_has_chain {
                    return Err(ParseMoveError {
                        kind: ParseMoveErrorKind::BadRepeat,
                        span: *span,
                    });
                }
                let group: Vec<(u32, Span)> = numbers[group_start..].to_vec();
                for _ in 1..*count {
                    if numbers.len() + group.len() > 8 {
                        return Err(ParseMoveError {
                            kind: ParseMoveErrorKind::TooManySteps,
                            span: *span,
                        });
                    }
                    numbers.extend_from_slice(&group);
                }
            }
        }
        if numbers.len() > 8 {
            return Err(ParseMoveError {
                kind: ParseMoveErrorKind::TooManySteps,
                span: *span,
            });
        }
    }
    if let Some(slash) = pending_slash {
        return Err(dangling(slash));
    }
    if numbers.is_empty() {
        return Err(ParseMoveError {
            kind: ParseMoveErrorKind::Empty,
            span: whole,
        });
    }
    if numbers.len() % 2 == 1 {
        return Err(ParseMoveError {
            kind: ParseMoveErrorKind::OddPointCount,
            span: whole,
        });
    }
    let mut steps = Vec::with_capacity(numbers.len() / 2);
    for pair in numbers.chunks(2) {
        let (from, from_span) = pair[0];
        let (to, to_span) = pair[1];
        if from == u32::from(OFF_POINT) {
            return Err(ParseMoveError {
                kind: ParseMoveErrorKind::FromOff,
                span: from_span,
            });
        }
        if to == u32::from(BAR_POINT) {
            return Err(ParseMoveError {
                kind: ParseMoveErrorKind::ToBar,
                span: to_span,
            });
        }
        steps.push((from as u8, to as u8));
    }
    Ok(MoveText { steps })
}

impl std::str::FromStr for MoveText {
    type Err = ParseMoveError;

    /// The syntax alone, whatever the rules (`notation::parse_move` picks the grammar).
    fn from_str(text: &str) -> Result<MoveText, ParseMoveError> {
        parse_jumps(text)
    }
}

fn dangling(span: Span) -> ParseMoveError {
    ParseMoveError {
        kind: ParseMoveErrorKind::DanglingSlash,
        span,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(text: &str) -> Vec<(u8, u8)> {
        parse_jumps(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .steps
    }

    #[test]
    fn accepts_every_documented_form() {
        assert_eq!(steps("24/18 13/11"), vec![(24, 18), (13, 11)]);
        assert_eq!(steps("bar/22*"), vec![(25, 22)]);
        assert_eq!(steps("6/off"), vec![(6, 0)]);
        assert_eq!(steps("8/2(2)"), vec![(8, 2), (8, 2)]);
        assert_eq!(steps("13/7/1"), vec![(13, 7), (7, 1)]);
        assert_eq!(steps("13/7/1(2)"), vec![(13, 7), (7, 1), (13, 7), (7, 1)]);
        assert_eq!(steps("8 5 6 5"), vec![(8, 5), (6, 5)]);
        assert_eq!(steps("25/20 6/0"), vec![(25, 20), (6, 0)]);
        assert_eq!(steps("b/22 6/o"), vec![(25, 22), (6, 0)]);
        assert_eq!(steps("BAR/22, 6/-"), vec![(25, 22), (6, 0)]);
        assert_eq!(steps("13/8*/5"), vec![(13, 8), (8, 5)]);
        assert_eq!(steps("6/5(4)"), vec![(6, 5), (6, 5), (6, 5), (6, 5)]);
        assert_eq!(
            steps("8/7*(2) 6/5(2)"),
            vec![(8, 7), (8, 7), (6, 5), (6, 5)]
        );
    }

    #[test]
    fn rejects_malformed_moves() {
        for text in [
            "",
            "   ",
            "/24/18",
            "24//18",
            "24/",
            "24/18/",
            "8/2(1)",
            "8/2(0)",
            "8/2(",
            "24/18 13",
            "0/5",
            "5/25",
            "26/20",
            "13/off/5",
            "6/5(5)",
            "24/18 x",
            "1/2 3/4 5/6 7/8 9/10",
            "=1",
        ] {
            assert!(parse_jumps(text).is_err(), "{text:?} should be rejected");
        }
    }

    #[test]
    fn error_spans_point_at_the_problem() {
        let error = parse_jumps("24/18 1x/2").unwrap_err();
        assert_eq!(error.span.start, 7);
        assert_eq!(error.kind, ParseMoveErrorKind::UnexpectedCharacter('x'));
    }
}
