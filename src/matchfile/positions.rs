//! Read-only views of a replayed match for pictures and reports: the state before each
//! recorded action, the board before a diagnostic's record, and the legal plays closest to
//! an illegal one. Nothing here changes how a file is replayed or judged.

use super::diagnostic::{Diagnostic, Span};
use super::record::{GameAction, MatchRecord};
use super::replay::{self, EventKind, MatchInput};
use crate::notation::format_play;
use crate::rules::RuleSet;
use crate::rules::{Board, Dice, GameState, MatchState, Side, Step, Variant, BAR};

/// One recorded action and the state it was taken in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Who acted.
    pub side: Side,
    /// The index of the action in the game's [`super::record::GameRecord::actions`].
    pub action: usize,
    /// The action in words or notation: `31: 8/5 6/5`, `Doubles => 2`, `Takes`, ...
    pub text: String,
    /// The state before the action (board, cube, score, the actor on roll, the dice).
    pub before: MatchState,
    /// The board after the action.
    pub after: Board,
    /// Whether the board after follows from a legal play or from no play (false when the
    /// steps were applied as written because they are no legal play: after an illegal play
    /// the replay went on with the position the writer meant).
    pub checked: bool,
}

/// The state at the start of game `index` of `record`.
fn game_start(record: &MatchRecord, index: usize) -> MatchState {
    let mut state = MatchState::new_money_game(record.variant, Side::X);
    state.match_length = record.length;
    state.jacoby = record.jacoby;
    if let Some(game) = record.games.get(index) {
        state.score = game.score;
        state.crawford = game.crawford;
    }
    state
}

/// The notation of `steps` played by `side` with `dice` on `board`. A play of no steps is
/// `(no move)` when the roll has no legal play, and `(no play recorded)` when it has: the
/// roll was left unplayed before a resignation, or followed a play the replay could not set
/// up on the board.
fn play_text(variant: Variant, board: &Board, side: Side, dice: Dice, steps: &[Step]) -> String {
    if steps.is_empty() {
        return if RuleSet::new(variant)
            .legal_plays(board, side, dice)
            .is_empty()
        {
            "(no move)".to_string()
        } else {
            "(no play recorded)".to_string()
        };
    }
    format_play(RuleSet::new(variant), board, side, dice, steps)
}

/// The board after `side` plays `steps` with `dice`: the legal play made of those steps,
/// or (after an illegal play) the steps applied as written; the flag says which.
fn apply_steps(
    variant: Variant,
    board: &Board,
    side: Side,
    dice: Dice,
    steps: &[Step],
) -> (Board, bool) {
    let key = |steps: &[Step]| {
        let mut key: Vec<(u8, u8)> = steps.iter().map(|s| (s.from, s.to)).collect();
        key.sort_unstable();
        key
    };
    let wanted = key(steps);
    let legal = RuleSet::new(variant).legal_plays(board, side, dice);
    if steps.is_empty() {
        // No legal play, or a roll left unplayed (before a resignation, after a lost
        // position): the board stays as it is, as in the replay.
        return (*board, true);
    }
    if let Some(play) = legal.iter().find(|play| key(play.steps()) == wanted) {
        return (play.result, true);
    }
    let after = apply_as_written(variant, board, side, steps);
    // The same play in another order of the dice (`17/12/10` recorded, `17/15/10` generated).
    let checked = legal.iter().any(|play| play.result == after);
    (after, checked)
}

/// `steps` applied one by one, hits sent to the bar (pinned in Plakoto, none in Fevga).
fn apply_as_written(variant: Variant, board: &Board, side: Side, steps: &[Step]) -> Board {
    let mut after = *board;
    let me = side.index();
    let them = side.opponent().index();
    for step in steps {
        let from = if step.from >= 25 {
            BAR
        } else {
            usize::from(step.from.max(1)) - 1
        };
        after.slots[me][from] = after.slots[me][from].saturating_sub(1);
        if step.to == 0 {
            after.off[me] = after.off[me].saturating_add(1);
            continue;
        }
        let to = usize::from(step.to.min(24)) - 1;
        after.slots[me][to] = after.slots[me][to].saturating_add(1);
        let there = variant.opposite_index(to);
        if step.hit && variant != Variant::Fevga && after.slots[them][there] > 0 {
            if variant == Variant::Plakoto {
                after.set_pinned(side.opponent(), there as u8 + 1, true);
            } else {
                let hit = after.slots[them][there];
                after.slots[them][there] = 0;
                after.slots[them][BAR] = after.slots[them][BAR].saturating_add(hit);
            }
        }
    }
    after
}

/// Every game's actions with the state before each, in order.
#[must_use]
pub fn game_turns(record: &MatchRecord) -> Vec<Vec<Turn>> {
    (0..record.games.len())
        .map(|index| turns_of(record, index))
        .collect()
}

fn turns_of(record: &MatchRecord, index: usize) -> Vec<Turn> {
    let mut state = game_start(record, index);
    let mut pending: Option<u32> = None;
    let mut turns = Vec::new();
    let Some(game) = record.games.get(index) else {
        return turns;
    };
    for (action_index, action) in game.actions.iter().enumerate() {
        let mut before = state;
        let (side, text, after, checked) = match action {
            GameAction::Play { side, dice, steps } => {
                before.on_roll = *side;
                before.turn = *side;
                before.dice = Some(*dice);
                let (after, checked) =
                    apply_steps(record.variant, &state.board, *side, *dice, steps);
                let text = play_text(record.variant, &state.board, *side, *dice, steps);
                let text = format!("{}{}: {text}", dice.first(), dice.second());
                (*side, text, after, checked)
            }
            GameAction::Double { side, value } => {
                before.on_roll = *side;
                before.turn = *side;
                pending = Some(*value);
                (*side, format!("Doubles => {value}"), state.board, true)
            }
            GameAction::Take { side } => {
                before.on_roll = side.opponent();
                before.turn = *side;
                before.double_offered = true;
                if let Some(value) = pending.take() {
                    state.cube_value = value;
                }
                state.cube_owner = Some(*side);
                (*side, "Takes".to_string(), state.board, true)
            }
            GameAction::Drop { side } => {
                before.on_roll = side.opponent();
                before.turn = *side;
                before.double_offered = true;
                state.game_state = GameState::Dropped;
                (*side, "Drops".to_string(), state.board, true)
            }
            GameAction::Beaver { side, value } => {
                pending = None;
                state.cube_value = *value;
                state.cube_owner = Some(side.opponent());
                (*side, format!("Beavers => {value}"), state.board, true)
            }
            GameAction::SetBoard { board, on_roll } => {
                let side = on_roll.unwrap_or(state.on_roll);
                (side, "(board set up)".to_string(), *board, true)
            }
            // Not turns of the written record: a roll not played, a resignation (the result
            // says it), the cube edited.
            GameAction::SetCubeValue { value, .. } => {
                state.cube_value = *value;
                continue;
            }
            GameAction::SetCubeOwner { owner, .. } => {
                state.cube_owner = *owner;
                continue;
            }
            GameAction::Roll { .. } | GameAction::Resign { .. } => continue,
        };
        state.board = after;
        state.on_roll = side.opponent();
        state.turn = side.opponent();
        turns.push(Turn {
            side,
            action: action_index,
            text,
            before,
            after,
            checked,
        });
    }
    turns
}

/// Where a diagnostic is in the match: its game, the written record it is about and the
/// state just before that record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagnosticPlace {
    /// The game (0-based).
    pub game: usize,
    /// How many of the game's actions were recorded before this record (the index in
    /// [`game_turns`] of the action it is, when it was recorded).
    pub turn: usize,
    /// Whether the replay recorded an action for this record (an unusable play is not).
    pub recorded: bool,
    /// The state before the record: board, cube and score; the writer on roll, with the
    /// written dice when the record is a roll.
    pub before: MatchState,
    /// The written dice, when the record is a roll with dice 1..6.
    pub dice: Option<Dice>,
    /// The span of the whole record.
    pub record: Span,
}

/// Places `diagnostic` in `input` (from [`super::match_input`]): `None` when it is not
/// about a written record of a game (a header, the file as a whole).
#[must_use]
pub fn place_diagnostic(input: &MatchInput, diagnostic: &Diagnostic) -> Option<DiagnosticPlace> {
    let at = diagnostic.span.start;
    let game = input
        .games
        .iter()
        .rposition(|game| game.header.start <= at)?;
    let events = &input.games[game].events;
    let event = events.iter().rposition(|event| event.span.start <= at)?;
    let span = events[event].span;
    if at >= span.end.max(span.start + 1) {
        return None;
    }
    let mut prefix = input.clone();
    prefix.games.truncate(game + 1);
    prefix.games[game].events.truncate(event);
    let (record, _) = replay::replay(&prefix);
    let turns = turns_of(&record, game);
    prefix.games[game].events = events[..=event].to_vec();
    let (with_record, _) = replay::replay(&prefix);
    let recorded = with_record
        .games
        .get(game)
        .is_some_and(|g| g.actions.len() > turns.len());
    let mut before = match turns.last() {
        Some(turn) => {
            let mut state = turn.before;
            state.board = turn.after;
            state.dice = None;
            state.double_offered = false;
            if let Some(last) = record.games.get(game).and_then(|g| g.actions.last()) {
                apply_cube(&mut state, last);
            }
            state
        }
        None => game_start(&record, game),
    };
    let written = &events[event];
    before.on_roll = written.side;
    before.turn = written.side;
    let dice = match &written.kind {
        EventKind::Roll { dice, .. } => Dice::new(dice[0], dice[1]).ok(),
        _ => None,
    };
    before.dice = dice;
    Some(DiagnosticPlace {
        game,
        turn: turns.len(),
        recorded,
        before,
        dice,
        record: written.span,
    })
}

/// The cube after `action` (the turns keep the cube state *before* each action).
fn apply_cube(state: &mut MatchState, action: &GameAction) {
    match action {
        GameAction::Take { side } => state.cube_owner = Some(*side),
        GameAction::Beaver { side, value } => {
            state.cube_value = *value;
            state.cube_owner = Some(side.opponent());
        }
        _ => {}
    }
}

/// The jumps of a written play in gnubg notation (`13/7*/5 6/5(2)` gives 13-7, 7-5, 6-5,
/// 6-5; `bar` is 25, `off` 0); parts that are not jumps are skipped.
fn jumps(text: &str) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for token in text.split_whitespace() {
        let (body, times) = match token.split_once('(') {
            Some((body, rest)) => (body, rest.trim_end_matches(')').parse().unwrap_or(1)),
            None => (token, 1usize),
        };
        let points: Vec<u8> = body
            .split('/')
            .filter_map(|part| {
                let part = part.trim_end_matches(['*', '^', 'x']);
                match part.to_ascii_lowercase().as_str() {
                    "bar" | "b" => Some(25),
                    "off" | "o" => Some(0),
                    digits => digits.parse().ok(),
                }
            })
            .collect();
        for _ in 0..times.min(4) {
            out.extend(points.windows(2).map(|pair| (pair[0], pair[1])));
        }
    }
    out
}

/// What part of a jump two plays are compared on.
type JumpKey = dyn Fn(&(u8, u8)) -> (u8, u8);

/// How alike two written plays are: shared jumps count most, then shared start and end
/// points.
fn likeness(written: &[(u8, u8)], legal: &[(u8, u8)]) -> usize {
    let shared = |key: &JumpKey| {
        let mut rest: Vec<(u8, u8)> = legal.iter().map(key).collect();
        written
            .iter()
            .filter(|jump| {
                let jump = key(jump);
                rest.iter()
                    .position(|other| *other == jump)
                    .map(|found| rest.swap_remove(found))
                    .is_some()
            })
            .count()
    };
    4 * shared(&|&(a, b)| (a, b)) + shared(&|&(a, _)| (a, 0)) + shared(&|&(_, b)| (0, b))
}

/// The legal plays of `state`'s player on roll with `dice` that come closest to the
/// `written` play (best first, at most `count`), in the variant's notation.
#[must_use]
pub fn closest_legal_plays(
    state: &MatchState,
    dice: Dice,
    written: &str,
    count: usize,
) -> Vec<String> {
    let side = state.on_roll;
    let board = &state.board;
    let wanted = jumps(written);
    let mut plays: Vec<(usize, String)> = RuleSet::new(state.variant)
        .legal_plays(board, side, dice)
        .iter()
        .map(|play| {
            let text = play_text(state.variant, board, side, dice, play.steps());
            (likeness(&wanted, &jumps(&text)), text)
        })
        .collect();
    plays.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    plays.dedup_by(|a, b| a.1 == b.1);
    plays
        .into_iter()
        .take(count)
        .map(|(_, text)| text)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_plays_are_read_as_jumps() {
        assert_eq!(
            jumps("13/7*/5 6/5(2)"),
            vec![(13, 7), (7, 5), (6, 5), (6, 5)]
        );
        assert_eq!(jumps("bar/22* 6/off"), vec![(25, 22), (6, 0)]);
        assert!(
            likeness(&jumps("8/5 6/5"), &jumps("8/5 6/5"))
                > likeness(&jumps("8/5 6/5"), &jumps("8/5 6/4"))
        );
    }

    #[test]
    fn the_closest_play_comes_first() {
        let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
        state.on_roll = Side::X;
        let dice = Dice::new(3, 1).expect("dice");
        let plays = closest_legal_plays(&state, dice, "8/5 6/4", 3);
        assert_eq!(plays.len(), 3);
        assert!(
            plays[0].contains("8/5") || plays[0].contains("6/5"),
            "{plays:?}"
        );
    }
}
