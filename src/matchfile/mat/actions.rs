//! Reads one action written in a column of a .mat move line: a roll and its move tokens (in
//! gnubg's notation or, in files of tavli's variants, with the variant marks and Athroisma
//! labels), a cube action or a result.

use super::super::ast::{Action, ActionLabel, MoveText, Spanned};
use super::super::diagnostic::Span;
use super::super::replay::variant_from_header;
use super::number;
use crate::notation::token::{self, checker_path, Spelling};
use crate::rules::RuleSet;
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while_m_n};
use nom::character::complete::{char, space0, space1};
use nom::combinator::{map, opt, value};
use nom::sequence::{pair, preceded, terminated, tuple};
use nom::IResult;

/// Which move notation the file's moves are read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MoveSyntax {
    /// gnubg's: `*` marks a hit.
    Gnubg,
    /// tavli's variants: also `^` and `x` marks and Athroisma bear-off labels.
    Variant,
}

impl MoveSyntax {
    /// The syntax for a `Variation` header value.
    pub(super) fn for_variation(name: &str) -> MoveSyntax {
        match variant_from_header(name).map(RuleSet::new) {
            Some(rules) if !rules.uses_gnubg_notation() => MoveSyntax::Variant,
            _ => MoveSyntax::Gnubg,
        }
    }
}

/// One action at the start of `input`; spans inside are relative to `input`.
pub(super) fn action(input: &str, syntax: MoveSyntax) -> IResult<&str, Action> {
    alt((
        |rest| roll(input, rest, syntax),
        map(
            preceded(
                alt((tag_no_case("Doubles"), tag_no_case("Double"))),
                opt(preceded(tuple((space0, tag("=>"), space0)), number)),
            ),
            Action::Double,
        ),
        value(
            Action::Take,
            alt((tag_no_case("Takes"), tag_no_case("Take"))),
        ),
        value(
            Action::Drop,
            alt((
                tag_no_case("Drops"),
                tag_no_case("Drop"),
                tag_no_case("Passes"),
                tag_no_case("Pass"),
            )),
        ),
        map(
            preceded(
                alt((tag_no_case("Beavers"), tag_no_case("Beaver"))),
                opt(preceded(tuple((space0, tag("=>"), space0)), number)),
            ),
            Action::Beaver,
        ),
        map(
            preceded(
                alt((tag_no_case("Raccoons"), tag_no_case("Raccoon"))),
                opt(preceded(tuple((space0, tag("=>"), space0)), number)),
            ),
            Action::Raccoon,
        ),
        map(
            tuple((
                preceded(pair(alt((tag("Wins"), tag("Win"))), space1), number),
                preceded(space1, alt((tag("points"), tag("point")))),
                opt(preceded(space1, tag("and the match"))),
            )),
            |(points, _, and_match)| Action::Wins {
                points,
                and_match: and_match.is_some(),
            },
        ),
        map(
            terminated(
                preceded(pair(alt((tag("Losses"), tag("Loses"))), space1), number),
                preceded(space1, alt((tag("points"), tag("point")))),
            ),
            Action::Losses,
        ),
    ))(input)
}

/// `DD:` then move tokens (or `Cannot Move` / `???`); `origin` is the action's start.
fn roll<'a>(origin: &'a str, input: &'a str, syntax: MoveSyntax) -> IResult<&'a str, Action> {
    let (mut rest, digits) = terminated(
        take_while_m_n(2, 2, |c: char| c.is_ascii_digit()),
        char(':'),
    )(input)?;
    let bytes = digits.as_bytes();
    let dice = [bytes[0] - b'0', bytes[1] - b'0'];
    let dice_span = Span::new(0, 2);
    let mut moves = Vec::new();
    let mut cannot_move = false;
    let mut label = None;
    if syntax == MoveSyntax::Variant {
        if let Ok((after, found)) = preceded(space0, bear_off_label)(rest) {
            label = Some(found);
            rest = after;
        }
    }
    // A play has at most 4 half-moves (8 with `(n)` spelled out); more is not a play.
    while moves.len() < 8 {
        let trimmed = rest.trim_start();
        if let Ok((after, _)) = tag_no_case::<_, _, nom::error::Error<&str>>("Cannot Move")(trimmed)
        {
            cannot_move = true;
            rest = after;
            continue;
        }
        // `???` (any number of `?`): the play is unknown; read as "not played".
        if let Ok((after, _)) =
            take_while_m_n::<_, _, nom::error::Error<&str>>(3, 16, |c| c == '?')(trimmed)
        {
            rest = after;
            continue;
        }
        match move_token(trimmed, syntax) {
            Ok((after, text)) if after.is_empty() || after.starts_with(' ') => {
                let start = origin.len() - trimmed.len();
                let end = origin.len() - after.len();
                moves.push(Spanned::new(text, Span::new(start, end)));
                rest = after;
            }
            _ => break,
        }
    }
    Ok((
        rest,
        Action::Roll {
            dice: Spanned::new(dice, dice_span),
            moves,
            cannot_move,
            label,
        },
    ))
}

/// An Athroisma bear-off label and its colon: `sum 3:`, `double as sum 4:`,
/// `double option (2):`, `double option (3):`.
fn bear_off_label(input: &str) -> IResult<&str, ActionLabel> {
    terminated(
        |input| token::bear_off_label(input, MATCH_FILE_GNUBG),
        char(':'),
    )(input)
}

/// `13/7*/5`, `bar/22`, `6/off(2)`; with the variant syntax also `13/10^`, `10/8x(3)`.
fn move_token(input: &str, syntax: MoveSyntax) -> IResult<&str, MoveText> {
    let spelling = match syntax {
        MoveSyntax::Gnubg => MATCH_FILE_GNUBG,
        MoveSyntax::Variant => Spelling::MatchFile {
            marks: &['*', '^', 'x'],
        },
    };
    map(
        move |input| checker_path(input, spelling),
        |path| MoveText {
            points: path.points,
            hits: path.marks,
            count: path.repeat,
        },
    )(input)
}

/// Match-file spelling with gnubg's one contact mark, `*`.
const MATCH_FILE_GNUBG: Spelling = Spelling::MatchFile { marks: &['*'] };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_token_forms() {
        let (_, text) = move_token("13/7*/5", MoveSyntax::Gnubg).unwrap();
        assert_eq!(text.points, vec![13, 7, 5]);
        assert_eq!(text.hits, vec![false, true, false]);
        let (_, text) = move_token("bar/22(2)", MoveSyntax::Gnubg).unwrap();
        assert_eq!((text.points, text.count), (vec![25, 22], 2));
        let (_, text) = move_token("6/off", MoveSyntax::Gnubg).unwrap();
        assert_eq!(text.points, vec![6, 0]);
    }

    #[test]
    fn variant_marks_and_labels_only_in_variant_files() {
        let (_, text) = move_token("10/8x(3)", MoveSyntax::Variant).unwrap();
        assert_eq!(
            (text.points, text.hits, text.count),
            (vec![10, 8], vec![false, true], 3)
        );
        let (_, text) = move_token("13/10^/9", MoveSyntax::Variant).unwrap();
        assert_eq!(text.hits, vec![false, true, false]);
        let (rest, _) = move_token("13/10^", MoveSyntax::Gnubg).unwrap();
        assert_eq!(rest, "^");
        let Ok((_, Action::Roll { label, moves, .. })) =
            action("22: double option (3): 2/0 2/0", MoveSyntax::Variant)
        else {
            panic!("not a roll");
        };
        assert_eq!(label, Some(ActionLabel::DoubleOptionThree));
        assert_eq!(moves.len(), 2);
        assert_eq!(
            MoveSyntax::for_variation("Old English"),
            MoveSyntax::Variant
        );
        assert_eq!(MoveSyntax::for_variation("NackGammon"), MoveSyntax::Gnubg);
    }
}
