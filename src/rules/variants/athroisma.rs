//! Athroisma's legal plays (variants.md §7.2, recommended readings AD-1..AD-15): non-doubles as
//! two steps that never land on an opposing checker, doubles as 8 - n different checkers
//! moving n with capture by majority, re-entry by the exact entry number, and bear-off actions
//! by the dice sum in the bear-off phase.

use super::key_set::{key_set, KeySet};
use crate::rules::board::{Board, BAR};
use crate::rules::dice::Dice;
use crate::rules::play::{Play, Step, BAR_POINT, MAX_STEPS, OFF_POINT};
use crate::rules::side::Side;

/// A8: the entry number of `side`, the position (1..6) among its points 24..19 of the first
/// one holding no opposing checker; `None` when all six hold one.
#[must_use]
pub fn entry_number(board: &Board, side: Side) -> Option<u8> {
    let opp = &board.slots[side.opponent().index()];
    (1..=6u8).find(|&k| opp[usize::from(k) - 1] == 0)
}

/// A9: whether `side` is in the bear-off phase: every remaining checker on its points 1..6
/// and none waiting to re-enter.
#[must_use]
pub fn in_bear_off_phase(board: &Board, side: Side) -> bool {
    let hero = &board.slots[side.index()];
    hero[6..25].iter().all(|&n| n == 0) && hero[..6].iter().any(|&n| n > 0)
}

/// A10: whether `dice` must be rolled again: a non-double with a sum over 6 in the bear-off
/// phase.
#[must_use]
pub fn requires_reroll(board: &Board, side: Side, dice: Dice) -> bool {
    !dice.is_double() && dice.first() + dice.second() > 6 && in_bear_off_phase(board, side)
}

/// Which bear-off action a play is, if it is one (A11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BearOffAction {
    /// A non-double whose sum bears off one checker from that point.
    Sum(u8),
    /// Double option (1): the double counted as its sum (at most 6).
    DoubleAsSum(u8),
    /// Double option (2): one checker off the 1-point.
    DoubleFromAce,
    /// Double option (3): two checkers (or the only one) off the point shown by one die.
    DoubleFromPoint(u8),
}

/// Classifies a play of `dice`: a bear-off action, or `None` for ordinary steps.
#[must_use]
pub fn bear_off_action(dice: Dice, steps: &[Step]) -> Option<BearOffAction> {
    let first = steps.first()?;
    if !steps.iter().all(|step| step.to == OFF_POINT) {
        return None;
    }
    let point = first.from;
    if !dice.is_double() {
        return Some(BearOffAction::Sum(point));
    }
    let n = dice.first();
    Some(if steps.len() == 1 && point == 2 * n {
        BearOffAction::DoubleAsSum(point)
    } else if steps.len() == 1 && point == 1 {
        BearOffAction::DoubleFromAce
    } else {
        BearOffAction::DoubleFromPoint(point)
    })
}

/// Every legal play of `mover` with `dice`, one per resulting position. Empty when the turn
/// is lost, and also when the roll must be rolled again (see `requires_reroll`).
#[must_use]
pub fn legal_plays(board: &Board, mover: Side, dice: Dice) -> Vec<Play> {
    if requires_reroll(board, mover, dice) {
        return Vec::new();
    }
    let mut search = Search::new(board, mover);
    if dice.is_double() {
        search.run_double(dice.first());
    } else {
        search.run_non_double(dice);
    }
    search.add_bear_off_actions(dice);
    search.plays
}

#[derive(Clone, Copy)]
struct State {
    hero: [u8; 25],
    /// Checkers that have moved (or entered) this roll and may not move again (doubles).
    arrived: [u8; 24],
    /// Slots where a step ended on opposing checkers (doubles: capture candidates).
    contact: u32,
    /// Hero counts in 4-bit fields.
    key: u128,
}

impl State {
    fn lift(&mut self, source: usize) {
        self.hero[source] -= 1;
        self.key -= 1u128 << (4 * source);
    }

    fn land(&mut self, destination: usize) {
        self.hero[destination] += 1;
        self.arrived[destination] += 1;
        self.key += 1u128 << (4 * destination);
    }
}

struct Search {
    base: Board,
    mover: Side,
    opp: [u8; 25],
    entry: Option<u8>,
    steps: [Step; MAX_STEPS],
    keys: KeySet,
    plays: Vec<Play>,
    max_moves: usize,
}

impl Search {
    fn new(board: &Board, mover: Side) -> Search {
        Search {
            base: *board,
            mover,
            opp: board.slots[mover.opponent().index()],
            entry: entry_number(board, mover),
            steps: [Step::default(); MAX_STEPS],
            keys: key_set(32),
            plays: Vec::with_capacity(32),
            max_moves: 1,
        }
    }

    fn start_state(&self) -> State {
        let hero = self.base.slots[self.mover.index()];
        let key = hero.iter().enumerate().fold(0u128, |key, (index, &count)| {
            key | (u128::from(count.min(15)) << (4 * index))
        });
        State {
            hero,
            arrived: [0; 24],
            contact: 0,
            key,
        }
    }

    /// A4, A5: both dice in either order, never landing on an opposing checker; as many dice
    /// as possible, with no larger-die rule.
    fn run_non_double(&mut self, dice: Dice) {
        let state = self.start_state();
        let mut order = [dice.first(), dice.second()];
        self.search_non_double(0, order, &state);
        order.swap(0, 1);
        self.search_non_double(0, order, &state);
    }

    fn search_non_double(&mut self, depth: usize, dice: [u8; 2], state: &State) -> bool {
        let Some(&die) = dice.get(depth) else {
            return false;
        };
        if state.hero[BAR] > 0 {
            if self.entry != Some(die) {
                return false;
            }
            let mut next = *state;
            next.lift(BAR);
            next.land(24 - usize::from(die));
            self.steps[depth] = Step {
                from: BAR_POINT,
                to: 25 - die,
                hit: false,
            };
            if !self.search_non_double(depth + 1, dice, &next) {
                self.save(depth + 1, &next);
            }
            return true;
        }
        let die_index = usize::from(die);
        let mut used = false;
        for source in (die_index..24).rev() {
            let destination = source - die_index;
            if state.hero[source] == 0 || self.opp[23 - destination] > 0 {
                continue;
            }
            let mut next = *state;
            next.lift(source);
            next.land(destination);
            self.steps[depth] = Step {
                from: source as u8 + 1,
                to: destination as u8 + 1,
                hit: false,
            };
            used = true;
            if !self.search_non_double(depth + 1, dice, &next) {
                self.save(depth + 1, &next);
            }
        }
        used
    }

    /// A6-A8: up to 8 - n different checkers move n each (entries first); as many steps as
    /// possible among the final positions that respect the capture majority.
    fn run_double(&mut self, n: u8) {
        let state = self.start_state();
        self.search_double(0, 8 - usize::from(n), n, 23, &state);
    }

    fn search_double(&mut self, depth: usize, total: usize, n: u8, start: usize, state: &State) {
        if depth > 0 {
            self.save(depth, state);
        }
        if depth == total {
            return;
        }
        if state.hero[BAR] > 0 {
            if self.entry == Some(n) {
                let mut next = *state;
                next.lift(BAR);
                next.land(24 - usize::from(n));
                self.steps[depth] = Step {
                    from: BAR_POINT,
                    to: 25 - n,
                    hit: false,
                };
                self.search_double(depth + 1, total, n, 23, &next);
            }
            return;
        }
        let die_index = usize::from(n);
        for source in (die_index..=start).rev() {
            if state.hero[source] <= state.arrived[source] {
                continue;
            }
            let destination = source - die_index;
            let mut next = *state;
            next.lift(source);
            next.land(destination);
            let contact = self.opp[23 - destination] > 0;
            if contact {
                next.contact |= 1 << destination;
            }
            self.steps[depth] = Step {
                from: source as u8 + 1,
                to: destination as u8 + 1,
                hit: contact,
            };
            self.search_double(depth + 1, total, n, source, &next);
        }
    }

    /// A7: every point where steps ended on opposing checkers needs a strict majority.
    fn majority_holds(&self, state: &State) -> bool {
        let mut contact = state.contact;
        while contact != 0 {
            let destination = contact.trailing_zeros() as usize;
            contact &= contact - 1;
            if state.hero[destination] <= self.opp[23 - destination] {
                return false;
            }
        }
        true
    }

    fn save(&mut self, moves: usize, state: &State) {
        if moves < self.max_moves || !self.majority_holds(state) {
            return;
        }
        if moves > self.max_moves {
            self.keys.clear();
            self.plays.clear();
            self.max_moves = moves;
        }
        if !self.keys.insert(state.key) {
            return;
        }
        let mover = self.mover.index();
        let opponent = self.mover.opponent().index();
        let mut result = self.base;
        result.slots[mover] = state.hero;
        let mut contact = state.contact;
        while contact != 0 {
            let destination = contact.trailing_zeros() as usize;
            contact &= contact - 1;
            let opposite = 23 - destination;
            result.slots[opponent][BAR] += result.slots[opponent][opposite];
            result.slots[opponent][opposite] = 0;
        }
        self.plays.push(Play::new(&self.steps[..moves], result));
    }

    /// A11: the bear-off actions of the roll, in the bear-off phase.
    fn add_bear_off_actions(&mut self, dice: Dice) {
        if !in_bear_off_phase(&self.base, self.mover) {
            return;
        }
        let hero = self.base.slots[self.mover.index()];
        let mut actions: Vec<(u8, u8)> = Vec::with_capacity(3);
        if dice.is_double() {
            let n = dice.first();
            if 2 * n <= 6 {
                actions.push((2 * n, 1));
            }
            actions.push((1, 1));
            actions.push((n, 2));
        } else {
            let sum = dice.first() + dice.second();
            if sum <= 6 {
                actions.push((sum, 1));
            }
        }
        let mover = self.mover.index();
        for (point, wanted) in actions {
            let index = usize::from(point) - 1;
            let count = hero[index].min(wanted);
            if count == 0 {
                continue;
            }
            let mut result = self.base;
            result.slots[mover][index] -= count;
            result.off[mover] += count;
            if self.plays.iter().any(|play| play.result == result) {
                continue;
            }
            let step = Step {
                from: point,
                to: OFF_POINT,
                hit: false,
            };
            let steps = [step; 2];
            self.plays
                .push(Play::new(&steps[..usize::from(count)], result));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;

    #[test]
    fn opening_doubles_move_different_checkers() {
        let board = Board::start(Variant::Athroisma);
        for n in 1..=6 {
            let plays = legal_plays(&board, Side::X, Dice::new(n, n).unwrap());
            assert_eq!(plays.len(), 1, "{n}-{n}");
            assert_eq!(plays[0].dice_used(), usize::from(8 - n));
        }
    }

    #[test]
    fn classifies_bear_off_actions() {
        let off = |from| Step {
            from,
            to: OFF_POINT,
            hit: false,
        };
        let two_two = Dice::new(2, 2).unwrap();
        assert_eq!(
            bear_off_action(two_two, &[off(4)]),
            Some(BearOffAction::DoubleAsSum(4))
        );
        assert_eq!(
            bear_off_action(two_two, &[off(1)]),
            Some(BearOffAction::DoubleFromAce)
        );
        assert_eq!(
            bear_off_action(two_two, &[off(2), off(2)]),
            Some(BearOffAction::DoubleFromPoint(2))
        );
        assert_eq!(
            bear_off_action(Dice::new(1, 2).unwrap(), &[off(3)]),
            Some(BearOffAction::Sum(3))
        );
    }
}
