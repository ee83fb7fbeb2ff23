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

/// The positions found so far, by key, emptied in O(1) by changing its stamp. Entry `i`
/// refers to play `i` of the generator's list.
struct SeenPositions {
    stamps: Vec<u32>,
    slots: Vec<u32>,
    keys: Vec<u64>,
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

    /// Records `key` for the next play unless a play with the same key and the same board
    /// (`same(index)`) is already there; returns whether it was new.
    fn insert(&mut self, key: u64, same: impl Fn(usize) -> bool) -> bool {
        if self.keys.len() >= TABLE_SIZE / 2 {
            // More distinct positions than any roll produces; fall back to a scan.
            if (0..self.keys.len()).any(|index| self.keys[index] == key && same(index)) {
                return false;
            }
            self.keys.push(key);
            return true;
        }
        let mut index = (key >> (64 - TABLE_BITS)) as usize;
        loop {
            if self.stamps[index] != self.stamp {
                self.stamps[index] = self.stamp;
                self.slots[index] = self.keys.len() as u32;
                self.keys.push(key);
                return true;
            }
            let found = self.slots[index] as usize;
            if self.keys[found] == key && same(found) {
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
    /// Bit `i` set when `hero[i] > 0`.
    occupied: u32,
    opp: [u8; 25],
    key: u64,
    plays: &'a mut Vec<Play>,
    seen: &'a mut SeenPositions,
    max_moves: u8,
    max_pips: u8,
    /// Doubles: each resulting position is reached by exactly one non-increasing sequence of
    /// sources, so no duplicate check is needed.
    double: bool,
    /// The second pass of a mixed roll (dice swapped) from a position with no checker on the
    /// bar: two-step plays of different checkers duplicate plays of the first pass.
    prune_second_pass: bool,
    /// Destination of the first step in the current sequence (slot index), if not borne off.
    first_destination: Option<usize>,
}

/// Random 64-bit weights: a position's key is the sum of the mover's slot weights times
/// their counts, plus a weight per opponent checker hit. Equal keys are confirmed by
/// comparing boards, so a collision can never merge two positions.
const fn weights(seed: u64) -> [u64; 25] {
    let mut weights = [0u64; 25];
    let mut state = seed;
    let mut index = 0;
    while index < 25 {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        weights[index] = z ^ (z >> 31);
        index += 1;
    }
    weights
}

const SLOT_WEIGHTS: [u64; 25] = weights(1);
const HIT_WEIGHTS: [u64; 25] = weights(2);

fn position_key(hero: &[u8; 25]) -> u64 {
    hero.iter()
        .zip(SLOT_WEIGHTS)
        .fold(0u64, |key, (&count, weight)| {
            key.wrapping_add(weight.wrapping_mul(u64::from(count)))
        })
}

/// What a step changed, so it can be undone.
#[derive(Clone, Copy)]
struct Undo {
    source: usize,
    destination: Option<usize>,
    hit: Option<usize>,
    key: u64,
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
            occupied: occupancy(&hero),
            opp,
            key: position_key(&hero),
            plays,
            seen,
            max_moves: 0,
            max_pips: 0,
            double: first == second,
            prune_second_pass: false,
            first_destination: None,
        }
    }

    fn run(&mut self) {
        self.search(0, 23, 0);
        if self.dice[0] != self.dice[1] {
            self.dice.swap(0, 1);
            // In the swapped pass, a step of a different checker than the one moved first
            // (and no bear-off on either step) gives a position the first pass already found
            // with the same dice and pips: moving one checker never blocks another's landing
            // point, and a hit only removes a blot. Only chains and bear-offs can be new.
            self.prune_second_pass = self.hero[BAR] == 0;
            self.search(0, 23, 0);
            self.dice.swap(0, 1);
        }
    }

    fn make(&mut self, source: usize, die: usize) -> (Undo, bool) {
        let undo_key = self.key;
        self.key = self.key.wrapping_sub(SLOT_WEIGHTS[source]);
        self.hero[source] -= 1;
        if self.hero[source] == 0 {
            self.occupied &= !(1 << source);
        }
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
            self.key = self.key.wrapping_add(HIT_WEIGHTS[opposite]);
            hit = Some(opposite);
        }
        self.hero[destination] += 1;
        self.occupied |= 1 << destination;
        self.key = self.key.wrapping_add(SLOT_WEIGHTS[destination]);
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
        self.occupied |= 1 << undo.source;
        if let Some(destination) = undo.destination {
            self.hero[destination] -= 1;
            if self.hero[destination] == 0 {
                self.occupied &= !(1 << destination);
            }
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
        let above_one = self.occupied & !1;
        let highest = if above_one == 0 {
            0
        } else {
            31 - above_one.leading_zeros() as usize
        };
        let mut used = false;
        let mut candidates = self.occupied & ((2u32 << start) - 1);
        if depth == 1 && self.prune_second_pass {
            // Only the checker moved first (a chain) and bear-offs can give new positions;
            // the die still counts as usable if any other checker could move.
            let new_ones =
                self.first_destination.map_or(0, |first| 1u32 << first) | ((1u32 << die_index) - 1);
            let mut others = candidates & !new_ones;
            candidates &= new_ones;
            while others != 0 {
                let source = 31 - others.leading_zeros() as usize;
                others &= !(1 << source);
                if step_is_legal(&self.opp, highest, source, die_index) {
                    used = true;
                    break;
                }
            }
        }
        while candidates != 0 {
            let source = 31 - candidates.leading_zeros() as usize;
            candidates &= !(1 << source);
            if !step_is_legal(&self.opp, highest, source, die_index) {
                continue;
            }
            let (undo, hit) = self.make(source, die_index);
            if depth == 0 {
                self.first_destination = source.checked_sub(die_index);
            }
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
        let (hero, opp) = (&self.hero, &self.opp);
        let (mover, opponent) = (self.mover.index(), self.mover.opponent().index());
        let plays = &*self.plays;
        if !self.double
            && !self.seen.insert(self.key, |index| {
                plays[index].result.slots[mover] == *hero
                    && plays[index].result.slots[opponent] == *opp
            })
        {
            // Same position, same dice and pips used: gnubg keeps the first sequence found.
            return;
        }
        let mut result = *self.base;
        result.slots[mover] = self.hero;
        result.slots[opponent] = self.opp;
        let steps = &self.steps[..usize::from(moves)];
        let borne_off = steps.iter().filter(|s| s.to == OFF_POINT).count() as u8;
        result.off[self.mover.index()] += borne_off;
        self.plays.push(Play::new(steps, result));
    }
}

/// The set of slots holding a checker of the mover, as bits.
fn occupancy(hero: &[u8; 25]) -> u32 {
    hero.iter()
        .enumerate()
        .filter(|(_, &count)| count > 0)
        .fold(0, |bits, (index, _)| bits | (1 << index))
}

/// Whether the mover may move a checker from slot `source` by `die`; `highest` is the highest
/// occupied slot above slot 0 (bearing off needs it to be at most 5, all checkers home).
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
