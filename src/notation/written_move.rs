//! One reading of a written play for every rule set: the grammar its rules call for (gnubg's
//! `move` syntax for the standard movement, grammar/variant-moves.ebnf otherwise) and the
//! resolution of what was written to one of the legal plays.

use super::error::{ParseMoveError, ResolveMoveError};
use super::parser::{parse_jumps, MoveText};
use super::resolve::resolve_jumps;
use super::variant_move::{parse_entries, resolve_entries, VariantMoveText};
use crate::rules::RuleSet;
use crate::rules::{Board, Dice, Play, Side};

/// A written play, syntax only, in one of the two grammars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrittenMove {
    /// gnubg's syntax: direct jumps (`24/18 13/11`, `8 5 6 5`, `b/22`).
    Jumps(MoveText),
    /// The variant grammar: checker paths with contact marks, repeats and Athroisma's
    /// bear-off labels (`13/10^`, `10/8x(3)`, `sum 3: 3/off`).
    Entries(VariantMoveText),
}

/// Reads a written play in the grammar of `rules`: gnubg's where the checkers move by the
/// standard rules (gnubg reads those moves), the variant grammar otherwise.
///
/// ```
/// use tavli::notation::{parse_move, WrittenMove};
/// use tavli::rules::RuleSet;
/// use tavli::rules::Variant;
/// let Ok(WrittenMove::Jumps(text)) = parse_move(RuleSet::default(), "13/7/1") else { panic!() };
/// assert_eq!(text.steps, vec![(13, 7), (7, 1)]);
/// let plakoto = RuleSet::new(Variant::Plakoto);
/// assert!(matches!(parse_move(plakoto, "13/10^"), Ok(WrittenMove::Entries(_))));
/// assert!(parse_move(RuleSet::default(), "24/").is_err());
/// ```
///
/// # Errors
/// A [`ParseMoveError`] with the span of the offending text.
pub fn parse_move(rules: RuleSet, text: &str) -> Result<WrittenMove, ParseMoveError> {
    if rules.has_standard_movement() {
        parse_jumps(text).map(WrittenMove::Jumps)
    } else {
        parse_entries(text).map(WrittenMove::Entries)
    }
}

/// Resolves a written play of `mover` with `dice` on `board` to the legal play under `rules`
/// that reaches the same position (a play is identified by its result, as gnubg does): gnubg's
/// jumps each hit only a blot on their landing point and may not land on a held point; the
/// variant grammar's paths make the rules' contact.
///
/// # Errors
/// [`ResolveMoveError`] when a step starts where there is no checker, a jump lands on a
/// held point, a bear-off label names another action, or no legal play has that result.
pub fn resolve_move(
    rules: RuleSet,
    board: &Board,
    mover: Side,
    dice: Dice,
    written: &WrittenMove,
) -> Result<Play, ResolveMoveError> {
    match written {
        WrittenMove::Jumps(text) => resolve_jumps(rules, board, mover, dice, text),
        WrittenMove::Entries(text) => resolve_entries(rules, board, mover, dice, text),
    }
}
