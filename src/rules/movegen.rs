//! Legal-play generation for the standard family (standard, nackgammon, hypergammon).
//!
//! The search follows gnubg's order so that, when several step sequences reach the same
//! position, the one kept (and so the notation printed) is the one gnubg keeps: dice in the
//! order given, then swapped; sources from the back (bar, 24) towards 1; for doubles each
//! later step starts no further back than the previous one. A sequence is kept only if it
//! uses as many dice, and as many pips of dice, as the best found, which gives the rules
//! "use both dice if you can" and "use the larger die when only one can be used".

use super::board::{Board, BAR};
use super::dice::Dice;
use super::play::{Play, Step, BAR_POINT, OFF_POINT};
use super::side::Side;

/// Every legal play of `mover` with `dice`, one per distinct resulting position, in gnubg's
/// generation order. Empty when no checker can move.
#[must_use]
pub fn legal_plays(board: &Board, mover: Side, dice: Dice) -> Vec<Play> {
    let mut generator = Generator::new(board, mover, dice);
    generator.run();
    generator.into_plays()
}

/// The number of legal plays (distinct resulting positions); what perft and benches count.
#[must_use]
pub fn count_legal_plays(board: &Board, mover: Side, dice: Dice) -> usize {
    let mut generator = Generator::new(board, mover, dice);
    generator.run();
    generator.keys.len()
}

struct Generator {
    dice: [u8; 4],
    base: Board,
    mover: Side,
    steps: [Step; 4],
    keys: Vec<u128>,
    found: Vec<Found>,
    max_moves: u8,
    max_pips: u8,
}

#[derive(Clone, Copy)]
struct Found {
    steps: [Step; 4],
    moves: u8,
    pips: u8,
    hero: [u8; 25],
    opp: [u8; 25],
}

const HIT_SHIFT: u32 = 100;

fn position_key(hero: &[u8; 25]) -> u128 {
    hero.iter().enumerate().fold(0u128, |key, (index, &count)| {
        key | (u128::from(count) << (4 * index))
    })
}

impl Generator {
    fn new(board: &Board, mover: Side, dice: Dice) -> Generator {
        let (first, second) = (dice.first(), dice.second());
        let double = if first == second { first } else { 0 };
        Generator {
            dice: [first, second, double, double],
            base: *board,
            mover,
            steps: [Step::default(); 4],
            keys: Vec::with_capacity(32),
            found: Vec::with_capacity(32),
            max_moves: 0,
            max_pips: 0,
        }
    }

    fn run(&mut self) {
        let hero = self.base.slots[self.mover.index()];
        let opp = self.base.slots[self.mover.opponent().index()];
        let key = position_key(&hero);
        self.search(0, 23, 0, &hero, &opp, key);
        if self.dice[0] != self.dice[1] {
            self.dice.swap(0, 1);
            self.search(0, 23, 0, &hero, &opp, key);
            self.dice.swap(0, 1);
        }
    }

    /// Tries every step with die number `depth`; returns whether one was possible.
    fn search(
        &mut self,
        depth: usize,
        start: usize,
        pips: u8,
        hero: &[u8; 25],
        opp: &[u8; 25],
        key: u128,
    ) -> bool {
        if depth > 3 || self.dice[depth] == 0 {
            return false;
        }
        let die = self.dice[depth];
        let die_index = usize::from(die);
        if hero[BAR] > 0 {
            if opp[die_index - 1] >= 2 {
                return false;
            }
            let (hero, opp, key, hit) = apply_step(hero, opp, key, BAR, die_index);
            self.steps[depth] = Step {
                from: BAR_POINT,
                to: 25 - die,
                hit,
            };
            if !self.search(depth + 1, 23, pips + die, &hero, &opp, key) {
                self.save(depth as u8 + 1, pips + die, &hero, &opp, key);
            }
            return true;
        }
        let highest = highest_occupied(hero);
        let mut used = false;
        for source in (0..=start).rev() {
            if hero[source] == 0 || !step_is_legal(opp, highest, source, die_index) {
                continue;
            }
            let (new_hero, new_opp, new_key, hit) = apply_step(hero, opp, key, source, die_index);
            self.steps[depth] = Step {
                from: source as u8 + 1,
                to: if source >= die_index {
                    (source - die_index) as u8 + 1
                } else {
                    OFF_POINT
                },
                hit,
            };
            let next_start = if self.dice[0] == self.dice[1] {
                source
            } else {
                23
            };
            if !self.search(
                depth + 1,
                next_start,
                pips + die,
                &new_hero,
                &new_opp,
                new_key,
            ) {
                self.save(depth as u8 + 1, pips + die, &new_hero, &new_opp, new_key);
            }
            used = true;
        }
        used
    }

    fn save(&mut self, moves: u8, pips: u8, hero: &[u8; 25], opp: &[u8; 25], key: u128) {
        if moves < self.max_moves || pips < self.max_pips {
            return;
        }
        if moves > self.max_moves || pips > self.max_pips {
            self.keys.clear();
            self.found.clear();
        }
        self.max_moves = moves;
        self.max_pips = pips;
        if self.keys.contains(&key) {
            // Same position, same dice and pips used: gnubg keeps the first sequence found.
            return;
        }
        self.keys.push(key);
        self.found.push(Found {
            steps: self.steps,
            moves,
            pips,
            hero: *hero,
            opp: *opp,
        });
    }

    fn into_plays(self) -> Vec<Play> {
        let mover = self.mover.index();
        let opponent = self.mover.opponent().index();
        self.found
            .iter()
            .map(|found| {
                let mut result = self.base;
                result.slots[mover] = found.hero;
                result.slots[opponent] = found.opp;
                let steps = &found.steps[..usize::from(found.moves)];
                let borne_off = steps.iter().filter(|s| s.to == OFF_POINT).count() as u8;
                result.off[mover] += borne_off;
                debug_assert!(found.pips > 0);
                Play::new(steps, result)
            })
            .collect()
    }
}

/// The highest slot (1..=24, the bar being 24) holding a checker of the mover, ignoring slot 0;
/// bearing off is allowed when it is at most 5 (all checkers in the home board).
fn highest_occupied(hero: &[u8; 25]) -> usize {
    (1..25).rev().find(|&index| hero[index] > 0).unwrap_or(0)
}

fn step_is_legal(opp: &[u8; 25], highest: usize, source: usize, die: usize) -> bool {
    if source >= die {
        opp[23 - (source - die)] < 2
    } else {
        highest <= 5 && (source == highest || source + 1 == die)
    }
}

fn apply_step(
    hero: &[u8; 25],
    opp: &[u8; 25],
    key: u128,
    source: usize,
    die: usize,
) -> ([u8; 25], [u8; 25], u128, bool) {
    let mut hero = *hero;
    let mut opp = *opp;
    let mut key = key - (1u128 << (4 * source));
    hero[source] -= 1;
    let mut hit = false;
    if source >= die {
        let destination = source - die;
        let opposite = 23 - destination;
        if opp[opposite] == 1 {
            opp[opposite] = 0;
            opp[BAR] += 1;
            key |= 1u128 << (HIT_SHIFT + opposite as u32);
            hit = true;
        }
        hero[destination] += 1;
        key += 1u128 << (4 * destination);
    }
    (hero, opp, key, hit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;

    #[test]
    fn opening_rolls_have_gnubg_counts() {
        let board = Board::start(Variant::Standard);
        let dice = Dice::new(6, 3).unwrap();
        assert_eq!(legal_plays(&board, Side::X, dice).len(), 14);
        let total: usize = Dice::all_rolls()
            .into_iter()
            .map(|dice| count_legal_plays(&board, Side::X, dice))
            .sum();
        assert_eq!(total, 447);
    }

    #[test]
    fn plays_conserve_checkers() {
        let board = Board::start(Variant::Standard);
        for dice in Dice::all_rolls() {
            for play in legal_plays(&board, Side::O, dice) {
                assert_eq!(
                    play.result.checkers_in_play(Side::O) + u32::from(play.result.off[0]),
                    15
                );
                assert_eq!(
                    board.pips(Side::O) - play.result.pips(Side::O),
                    play.pips_moved()
                );
            }
        }
    }
}
