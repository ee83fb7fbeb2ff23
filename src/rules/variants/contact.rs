//! Legal-play generation for Old English, Plakoto and Fevga: a depth-first search over single
//! steps with each variant's landing, contact and forced-play rules.
//!
//! - Old English: standard steps and hits, no step may land on a point already holding five of
//!   the mover's checkers, and every sequence that cannot be extended is legal (no maximum-dice
//!   or larger-die filter).
//! - Plakoto: no bar; a step onto a single free opposing checker pins it, a pinned checker cannot
//!   move, a point where the opponent pins one of the mover's checkers is closed, no bear-off
//!   while a checker of the mover is pinned; standard forced play.
//! - Fevga: same-way movement, one opposing checker closes a point, the runner rule, the rule of
//!   the own starting quarter and the six-prime rule, all checked after every step; standard
//!   forced play.
//!
//! Plays are de-duplicated by resulting position; the first step sequence found is kept.
//! The search is checked against an exhaustive reference in `tests/variants.rs`.

use super::fevga;
use super::key_set::{key_set, KeySet};
use crate::rules::board::{Board, BAR};
use crate::rules::dice::Dice;
use crate::rules::play::{Play, Step, BAR_POINT, OFF_POINT};
use crate::rules::side::Side;

/// The variants this search serves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Family {
    /// Old English: five-checker limit, free use of the dice.
    OldEnglish,
    /// Plakoto: pins instead of hits.
    Plakoto,
    /// Fevga: same-way movement with runner, quarter and prime rules.
    Fevga,
}

/// Every legal play of `mover` with `dice` in the variant `family`, one per resulting position.
pub(crate) fn legal_plays(family: Family, board: &Board, mover: Side, dice: Dice) -> Vec<Play> {
    let mut search = Search::new(family, board, mover, dice);
    search.run();
    search.into_plays()
}

/// The number of legal plays, without building them.
pub(crate) fn count_legal_plays(family: Family, board: &Board, mover: Side, dice: Dice) -> usize {
    let mut search = Search::new(family, board, mover, dice);
    search.run();
    search.found.len()
}

/// The mover's side of the position during the search (the opponent's checkers only change
/// by hits in Old English and pins in Plakoto).
#[derive(Clone, Copy)]
struct State {
    hero: [u8; 25],
    opp: [u8; 25],
    /// Opponent's pinned checkers (Plakoto), in the opponent's numbering.
    opp_pins: u32,
    /// Checkers the mover has borne off so far (including before the roll).
    hero_off: u8,
    /// The points the mover holds (bit `i` = slot `i`), for Fevga's blocking rules.
    held: u32,
    /// Hero counts in 4-bit fields, plus the opponent's hit or pinned points from bit 100.
    key: u128,
}

const OPPONENT_SHIFT: u32 = 100;

#[derive(Clone, Copy)]
struct Found {
    steps: [Step; 4],
    moves: u8,
    state: State,
}

struct Search {
    family: Family,
    dice: [u8; 4],
    double: bool,
    base: Board,
    mover: Side,
    /// The mover's pinned checkers (Plakoto): they stay pinned during the mover's turn.
    hero_pins: u32,
    opp_off: u8,
    /// The points the opponent holds, in its numbering (constant in Fevga).
    opp_held: u32,
    steps: [Step; 4],
    /// Keys of the plays kept (non-doubles: few plays, a list is fastest).
    keys: Vec<u128>,
    /// Keys of the plays kept for doubles, which can have hundreds.
    double_keys: KeySet,
    visited: KeySet,
    found: Vec<Found>,
    max_moves: u8,
    max_pips: u8,
}

impl Search {
    fn new(family: Family, board: &Board, mover: Side, dice: Dice) -> Search {
        let (first, second) = (dice.first(), dice.second());
        let double = first == second;
        let extra = if double { first } else { 0 };
        Search {
            family,
            dice: [first, second, extra, extra],
            double,
            base: *board,
            mover,
            hero_pins: board.pinned[mover.index()],
            opp_off: board.off[mover.opponent().index()],
            opp_held: fevga::held_mask(&board.slots[mover.opponent().index()]),
            steps: [Step::default(); 4],
            keys: Vec::with_capacity(32),
            double_keys: key_set(if double { 128 } else { 0 }),
            visited: key_set(if double && family != Family::Plakoto {
                256
            } else {
                0
            }),
            found: Vec::with_capacity(32),
            max_moves: 0,
            max_pips: 0,
        }
    }

    fn run(&mut self) {
        let hero = self.base.slots[self.mover.index()];
        let opp = self.base.slots[self.mover.opponent().index()];
        let opp_pins = self.base.pinned[self.mover.opponent().index()];
        let mut key = hero.iter().enumerate().fold(0u128, |key, (index, &count)| {
            key | (u128::from(count.min(15)) << (4 * index))
        });
        if self.family == Family::Plakoto {
            key |= u128::from(opp_pins) << OPPONENT_SHIFT;
        }
        let state = State {
            hero,
            opp,
            opp_pins,
            hero_off: self.base.off[self.mover.index()],
            held: fevga::held_mask(&hero),
            key,
        };
        self.search(0, 23, 0, &state);
        if !self.double {
            self.dice.swap(0, 1);
            self.search(0, 23, 0, &state);
            self.dice.swap(0, 1);
        }
    }

    /// Tries every step with die number `depth`; returns whether one was possible.
    fn search(&mut self, depth: usize, start: usize, pips: u8, state: &State) -> bool {
        if depth > 3 || self.dice[depth] == 0 {
            return false;
        }
        let die = self.dice[depth];
        if state.hero[BAR] > 0 {
            // Only Old English has a bar among these variants (`Board::validate` refuses one
            // in Plakoto and Fevga); a checker there could never move.
            if self.family != Family::OldEnglish {
                return false;
            }
            let Some(next) = self.enter(state, die) else {
                return false;
            };
            self.steps[depth] = Step {
                from: BAR_POINT,
                to: 25 - die,
                hit: next.1,
            };
            self.descend(depth, 23, pips + die, &next.0);
            return true;
        }
        let mut used = false;
        for source in (0..=start).rev() {
            if state.hero[source] == 0 {
                continue;
            }
            let Some((next, step)) = self.step(state, source, die) else {
                continue;
            };
            used = true;
            self.steps[depth] = step;
            // Plakoto's landings do not depend on the mover's own checkers, so (as in gnubg's
            // standard search) later steps of a double never start further back. Old English
            // (five-checker limit) and Fevga (quarter and prime rules) depend on them: every
            // order is tried, with a table of positions already searched at each depth.
            let next_start = if self.double && self.family == Family::Plakoto {
                source
            } else {
                23
            };
            if self.double && self.family != Family::Plakoto {
                let memo = next.key ^ ((depth as u128) << 124);
                if !self.visited.insert(memo) {
                    continue;
                }
            }
            self.descend(depth, next_start, pips + die, &next);
        }
        used
    }

    fn descend(&mut self, depth: usize, start: usize, pips: u8, next: &State) {
        if !self.search(depth + 1, start, pips, next) {
            self.save(depth as u8 + 1, pips, next);
        }
    }

    /// Old English entry from the bar with `die`: the new state and whether it hit.
    fn enter(&self, state: &State, die: u8) -> Option<(State, bool)> {
        let destination = 24 - usize::from(die);
        let opposite = 23 - destination;
        if state.opp[opposite] >= 2 || state.hero[destination] >= super::OLD_ENGLISH_POINT_LIMIT {
            return None;
        }
        let mut next = *state;
        next.hero[BAR] -= 1;
        next.key -= 1u128 << (4 * BAR);
        let hit = land_standard(&mut next, destination, opposite);
        Some((next, hit))
    }

    /// One step of a checker from slot `source` (0..23) with `die`, if legal.
    fn step(&self, state: &State, source: usize, die: u8) -> Option<(State, Step)> {
        let die_index = usize::from(die);
        match self.family {
            Family::OldEnglish => self.step_old_english(state, source, die_index),
            Family::Plakoto => self.step_plakoto(state, source, die_index),
            Family::Fevga => self.step_fevga(state, source, die_index),
        }
    }

    fn step_old_english(&self, state: &State, source: usize, die: usize) -> Option<(State, Step)> {
        if source >= die {
            let destination = source - die;
            let opposite = 23 - destination;
            if state.opp[opposite] >= 2 || state.hero[destination] >= super::OLD_ENGLISH_POINT_LIMIT
            {
                return None;
            }
            let mut next = *state;
            lift(&mut next, source);
            let hit = land_standard(&mut next, destination, opposite);
            Some((next, moved(source, destination, hit)))
        } else {
            bear_off(state, source, die)
        }
    }

    fn step_plakoto(&self, state: &State, source: usize, die: usize) -> Option<(State, Step)> {
        if self.hero_pins & (1 << source) != 0 {
            return None;
        }
        let mut next = if source >= die {
            let destination = source - die;
            let opposite = 23 - destination;
            if self.hero_pins & (1 << destination) != 0 || state.opp[opposite] >= 2 {
                return None;
            }
            let mut next = *state;
            lift(&mut next, source);
            next.hero[destination] += 1;
            next.key += 1u128 << (4 * destination);
            let pin = state.opp[opposite] == 1 && state.opp_pins & (1 << opposite) == 0;
            if pin {
                next.opp_pins |= 1 << opposite;
                next.key |= 1u128 << (OPPONENT_SHIFT + opposite as u32);
            }
            (next, moved(source, destination, pin))
        } else {
            if self.hero_pins != 0 {
                return None;
            }
            bear_off(state, source, die)?
        };
        // Leaving a point frees the opponent's checker pinned there once the last pinner goes.
        let opposite = 23 - source;
        if next.0.hero[source] == 0 && next.0.opp_pins & (1 << opposite) != 0 {
            next.0.opp_pins &= !(1 << opposite);
            next.0.key &= !(1u128 << (OPPONENT_SHIFT + opposite as u32));
        }
        Some(next)
    }

    fn step_fevga(&self, state: &State, source: usize, die: usize) -> Option<(State, Step)> {
        if source == 23 && fevga::runner_blocks(state.held, state.hero_off) {
            return None;
        }
        let (next, step) = if source >= die {
            let destination = source - die;
            if state.opp[fevga::opposite(destination)] > 0 {
                return None;
            }
            let mut next = *state;
            lift(&mut next, source);
            next.hero[destination] += 1;
            next.held |= 1 << destination;
            next.key += 1u128 << (4 * destination);
            (next, moved(source, destination, false))
        } else {
            bear_off(state, source, die)?
        };
        if fevga::holds_start_quarter(next.held)
            || fevga::traps_opponent(next.held, self.opp_held, self.opp_off)
        {
            return None;
        }
        Some((next, step))
    }

    fn save(&mut self, moves: u8, pips: u8, state: &State) {
        if self.family != Family::OldEnglish {
            // Standard forced play: as many dice as possible, then the larger die.
            if moves < self.max_moves || pips < self.max_pips {
                return;
            }
            if moves > self.max_moves || pips > self.max_pips {
                self.keys.clear();
                self.double_keys.clear();
                self.found.clear();
            }
            self.max_moves = moves;
            self.max_pips = pips;
        }
        let new = if self.double {
            self.double_keys.insert(state.key)
        } else if self.keys.contains(&state.key) {
            false
        } else {
            self.keys.push(state.key);
            true
        };
        if !new {
            return;
        }
        self.found.push(Found {
            steps: self.steps,
            moves,
            state: *state,
        });
    }

    fn into_plays(self) -> Vec<Play> {
        let mover = self.mover.index();
        let opponent = self.mover.opponent().index();
        self.found
            .iter()
            .map(|found| {
                let mut result = self.base;
                result.slots[mover] = found.state.hero;
                result.slots[opponent] = found.state.opp;
                result.off[mover] = found.state.hero_off;
                result.pinned[opponent] = found.state.opp_pins;
                Play::new(&found.steps[..usize::from(found.moves)], result)
            })
            .collect()
    }
}

fn lift(state: &mut State, source: usize) {
    state.hero[source] -= 1;
    if state.hero[source] == 0 && source < 24 {
        state.held &= !(1 << source);
    }
    state.key -= 1u128 << (4 * source);
}

/// Puts a checker on `destination`, hitting a lone opposing checker (standard contact).
fn land_standard(state: &mut State, destination: usize, opposite: usize) -> bool {
    state.hero[destination] += 1;
    state.key += 1u128 << (4 * destination);
    if state.opp[opposite] == 1 {
        state.opp[opposite] = 0;
        state.opp[BAR] += 1;
        state.key |= 1u128 << (OPPONENT_SHIFT + opposite as u32);
        true
    } else {
        false
    }
}

fn moved(source: usize, destination: usize, hit: bool) -> Step {
    Step {
        from: source as u8 + 1,
        to: destination as u8 + 1,
        hit,
    }
}

/// A standard bear-off of the checker on slot `source` with `die` (greater than the point):
/// all checkers must be home, and a larger die bears off only from the highest point.
fn bear_off(state: &State, source: usize, die: usize) -> Option<(State, Step)> {
    let highest = (1..25)
        .rev()
        .find(|&index| state.hero[index] > 0)
        .unwrap_or(0);
    if highest > 5 || !(source == highest || source + 1 == die) {
        return None;
    }
    let mut next = *state;
    lift(&mut next, source);
    next.hero_off += 1;
    Some((
        next,
        Step {
            from: source as u8 + 1,
            to: OFF_POINT,
            hit: false,
        },
    ))
}
