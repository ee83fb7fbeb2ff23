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
    let mut plays = Vec::new();
    legal_plays_into(board, mover, dice, &mut plays);
    plays
}

/// Like [`legal_plays`], but writes into `plays` (cleared first) so a caller generating for
/// many positions can reuse one buffer.
pub fn legal_plays_into(board: &Board, mover: Side, dice: Dice, plays: &mut Vec<Play>) {
    plays.clear();
    SEEN.with(|seen| {
        let mut seen = seen.borrow_mut();
        let mut generator = Generator::new(board, mover, dice, plays, &mut seen);
        generator.run();
    });
}

/// The number of legal plays (distinct resulting positions); what perft and benches count.
#[must_use]
pub fn count_legal_plays(board: &Board, mover: Side, dice: Dice) -> usize {
    PLAYS.with(|plays| {
        let mut plays = plays.borrow_mut();
        legal_plays_into(board, mover, dice, &mut plays);
        plays.len()
    })
}

thread_local! {
    static SEEN: std::cell::RefCell<SeenPositions> = std::cell::RefCell::new(SeenPositions::new());
    static PLAYS: std::cell::RefCell<Vec<Play>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A set of position keys, emptied in O(1) by changing its stamp.
struct SeenPositions {
    stamps: Vec<u32>,
    slots: Vec<u32>,
    keys: Vec<u128>,
    stamp: u32,
}

const TABLE_BITS: u32 = 13;
const TABLE_SIZE: usize = 1 << TABLE_BITS;

impl SeenPositions {
    fn new() -> SeenPositions {
        SeenPositions {
            stamps: vec![0; TABLE_SIZE],
            slots: vec![0; TABLE_SIZE],
            keys: Vec::with_capacity(64),
            stamp: 0,
        }
    }

    fn clear(&mut self) {
        self.keys.clear();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// Inserts `key`; returns false if it was already there (or the table is full).
    fn insert(&mut self, key: u128) -> bool {
        if self.keys.len() >= TABLE_SIZE / 2 {
            // More distinct positions than any roll produces; fall back to a scan.
            if self.keys.contains(&key) {
                return false;
            }
            self.keys.push(key);
            return true;
        }
        let mixed = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let mut index = (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TABLE_BITS)) as usize;
        loop {
            if self.stamps[index] != self.stamp {
                self.stamps[index] = self.stamp;
                self.slots[index] = self.keys.len() as u32;
                self.keys.push(key);
                return true;
            }
            if self.keys[self.slots[index] as usize] == key {
                return false;
            }
            index = (index + 1) & (TABLE_SIZE - 1);
        }
    }
}

struct Generator<'a> {
    dice: [u8; 4],
    base: &'a Board,
    mover: Side,
    steps: [Step; 4],
    hero: [u8; 25],
    opp: [u8; 25],
    key: u128,
    plays: &'a mut Vec<Play>,
    seen: &'a mut SeenPositions,
    max_moves: u8,
    max_pips: u8,
}

const HIT_SHIFT: u32 = 100;

fn position_key(hero: &[u8; 25]) -> u128 {
    hero.iter().enumerate().fold(0u128, |key, (index, &count)| {
        key | (u128::from(count) << (4 * index))
    })
}

/// What a step changed, so it can be undone.
#[derive(Clone, Copy)]
struct Undo {
    source: usize,
    destination: Option<usize>,
    hit: Option<usize>,
    key: u128,
}

impl<'a> Generator<'a> {
    fn new(
        board: &'a Board,
        mover: Side,
        dice: Dice,
        plays: &'a mut Vec<Play>,
        seen: &'a mut SeenPositions,
    ) -> Generator<'a> {
        let (first, second) = (dice.first(), dice.second());
        let double = if first == second { first } else { 0 };
        seen.clear();
        let hero = board.slots[mover.index()];
        let opp = board.slots[mover.opponent().index()];
        Generator {
            dice: [first, second, double, double],
            base: board,
            mover,
            steps: [Step::default(); 4],
            hero,
            opp,
            key: position_key(&hero),
            plays,
            seen,
            max_moves: 0,
            max_pips: 0,
        }
    }

    fn run(&mut self) {
        self.search(0, 23, 0);
        if self.dice[0] != self.dice[1] {
            self.dice.swap(0, 1);
            self.search(0, 23, 0);
            self.dice.swap(0, 1);
        }
    }

    fn make(&mut self, source: usize, die: usize) -> (Undo, bool) {
        let undo_key = self.key;
        self.key -= 1u128 << (4 * source);
        self.hero[source] -= 1;
        if source < die {
            return (
                Undo {
                    source,
                    destination: None,
                    hit: None,
                    key: undo_key,
                },
                false,
            );
        }
        let destination = source - die;
        let opposite = 23 - destination;
        let mut hit = None;
        if self.opp[opposite] == 1 {
            self.opp[opposite] = 0;
            self.opp[BAR] += 1;
            self.key |= 1u128 << (HIT_SHIFT + opposite as u32);
            hit = Some(opposite);
        }
        self.hero[destination] += 1;
        self.key += 1u128 << (4 * destination);
        (
            Undo {
                source,
                destination: Some(destination),
                hit,
                key: undo_key,
            },
            hit.is_some(),
        )
    }

    fn unmake(&mut self, undo: Undo) {
        self.hero[undo.source] += 1;
        if let Some(destination) = undo.destination {
            self.hero[destination] -= 1;
        }
        if let Some(opposite) = undo.hit {
            self.opp[opposite] = 1;
            self.opp[BAR] -= 1;
        }
        self.key = undo.key;
    }

    /// Tries every step with die number `depth`; returns whether one was possible.
    fn search(&mut self, depth: usize, start: usize, pips: u8) -> bool {
        if depth > 3 || self.dice[depth] == 0 {
            return false;
        }
        let die = self.dice[depth];
        let die_index = usize::from(die);
        if self.hero[BAR] > 0 {
            if self.opp[die_index - 1] >= 2 {
                return false;
            }
            let (undo, hit) = self.make(BAR, die_index);
            self.steps[depth] = Step {
                from: BAR_POINT,
                to: 25 - die,
                hit,
            };
            if !self.search(depth + 1, 23, pips + die) {
                self.save(depth as u8 + 1, pips + die);
            }
            self.unmake(undo);
            return true;
        }
        let highest = highest_occupied(&self.hero);
        let mut used = false;
        for source in (0..=start.min(highest)).rev() {
            if self.hero[source] == 0 || !step_is_legal(&self.opp, highest, source, die_index) {
                continue;
            }
            let (undo, hit) = self.make(source, die_index);
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
            if !self.search(depth + 1, next_start, pips + die) {
                self.save(depth as u8 + 1, pips + die);
            }
            self.unmake(undo);
            used = true;
        }
        used
    }

    fn save(&mut self, moves: u8, pips: u8) {
        if moves < self.max_moves || pips < self.max_pips {
            return;
        }
        if moves > self.max_moves || pips > self.max_pips {
            self.seen.clear();
            self.plays.clear();
        }
        self.max_moves = moves;
        self.max_pips = pips;
        if !self.seen.insert(self.key) {
            // Same position, same dice and pips used: gnubg keeps the first sequence found.
            return;
        }
        let mut result = *self.base;
        result.slots[self.mover.index()] = self.hero;
        result.slots[self.mover.opponent().index()] = self.opp;
        let steps = &self.steps[..usize::from(moves)];
        let borne_off = steps.iter().filter(|s| s.to == OFF_POINT).count() as u8;
        result.off[self.mover.index()] += borne_off;
        self.plays.push(Play::new(steps, result));
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
