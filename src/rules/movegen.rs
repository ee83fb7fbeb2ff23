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
use super::play::Play;
use super::side::Side;

mod seen;
mod step;
mod whole_roll;

use seen::SeenPositions;
use step::{apply_step, at_or_below, highest_bit, key_with_step, nonzero_mask};
pub use whole_roll::{is_legal_step, plays_whole_roll};

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
    let (first, second) = (usize::from(dice.first()), usize::from(dice.second()));
    // One copy of the generator per side, so the slot arrays sit at constant offsets.
    match mover {
        Side::O => generate::<0>(board, (first, second), plays),
        Side::X => generate::<1>(board, (first, second), plays),
    }
}

/// The plays of `MOVER` (a side's index) with the dice `(first, second)`.
fn generate<const MOVER: usize>(
    board: &Board,
    (first, second): (usize, usize),
    plays: &mut Vec<Play>,
) {
    let (generator, root) = Generator::<MOVER, true>::new(board, plays);
    // Landing points are never blocked, so only an opposing blot can be hit: with none on
    // the board, no step hits.
    if root.blots == 0 {
        generator.without_hits().roll(&root, (first, second));
    } else {
        generator.roll(&root, (first, second));
    }
}

impl<const MOVER: usize, const HITS: bool> Generator<'_, MOVER, HITS> {
    /// The plays with the dice `(first, second)` from `root`.
    fn roll(mut self, root: &Node, (first, second): (usize, usize)) {
        let generator = &mut self;
        if first == second {
            // A step's sources are found after at most three steps, which bring at most three
            // checkers home: with four points outside the home board (slots 6 to 23) and none
            // on the bar, no checker can be borne off.
            if root.occupied & BAR_BIT == 0 && (root.occupied >> 6).count_ones() >= 4 {
                generator.doubles::<true>(root, first);
            } else {
                generator.doubles::<false>(root, first);
            }
        } else {
            SEEN.with(|seen| generator.mixed(root, (first, second), &mut seen.borrow_mut()));
        }
    }
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

/// Bit of the bar in the occupancy masks.
const BAR_BIT: u32 = 1 << BAR;

/// A point of the search: the steps made so far and, as the play's result, the board they
/// lead to, with bit masks over the mover's slots (slot 24 is its bar). Each step works on a
/// copy, so nothing has to be undone.
#[derive(Clone, Copy)]
struct Node {
    play: Play,
    /// Bit `i` set when the mover has a checker on slot `i`.
    occupied: u32,
    /// Bit `i` set when a single opponent checker stands on the mover's slot `i`.
    blots: u32,
    /// Sum of the weights of the steps made so far (see [`weights`]).
    key: u64,
}

/// Which pass of a mixed roll `Generator::mixed_pass` runs, which sets the second steps it
/// tries and how it recognises repeated positions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// The dice in the order given: every second step.
    First,
    /// Swapped, with no checker on the bar: only chains and bear-offs can be new.
    Swapped,
    /// Swapped, entering a checker from the bar: every second step.
    SwappedEntering,
}

/// What stays fixed while the plays of one roll are generated.
/// `HITS`: whether the opponent has a blot that a step could hit.
struct Generator<'a, const MOVER: usize, const HITS: bool> {
    /// Bit `i` set when the opponent holds the mover's slot `i` with two or more checkers
    /// (hits only remove single checkers, so this never changes during a roll).
    blocked: u32,
    plays: &'a mut Vec<Play>,
    /// Doubles: the most steps of any play saved so far.
    max_moves: usize,
    /// Find every repeated position of a mixed roll by key, not by rule (tests compare).
    by_key: bool,
}

impl<'a, const MOVER: usize> Generator<'a, MOVER, true> {
    /// The same generator for a board where no step can hit.
    fn without_hits(self) -> Generator<'a, MOVER, false> {
        Generator {
            blocked: self.blocked,
            plays: self.plays,
            max_moves: self.max_moves,
            by_key: self.by_key,
        }
    }
}

impl<'a, const MOVER: usize, const HITS: bool> Generator<'a, MOVER, HITS> {
    /// The opponent's index.
    const OPPONENT: usize = 1 - MOVER;

    #[inline(always)]
    fn new(board: &Board, plays: &'a mut Vec<Play>) -> (Generator<'a, MOVER, HITS>, Node) {
        let hero = &board.slots[MOVER];
        let opp = &board.slots[Self::OPPONENT];
        let (opp_any, opp_several) = (nonzero_mask(opp, 0xFF), nonzero_mask(opp, 0xFE));
        // The opponent's slot `23 - i` is the mover's slot `i`.
        let mirrored = |mask: u32| (mask & ((1 << 24) - 1)).reverse_bits() >> 8;
        let generator = Generator {
            blocked: mirrored(opp_several),
            plays,
            max_moves: 0,
            by_key: false,
        };
        let root = Node {
            play: Play::unmoved(*board),
            occupied: nonzero_mask(hero, 0xFF),
            blots: mirrored(opp_any & !opp_several),
            key: 0,
        };
        (generator, root)
    }

    /// The slots from which the mover may move a checker by `die`, as bits: only the bar while
    /// it holds a checker; otherwise points whose landing point is not blocked, and, with all
    /// checkers home, bear-offs by the exact number or from the highest point. `PLAIN`: the
    /// caller knows that no checker is on the bar and none can be borne off.
    #[inline(always)]
    fn legal_sources<const PLAIN: bool>(&self, occupied: u32, die: usize) -> u32 {
        if PLAIN {
            return occupied & (!self.blocked << die);
        }
        if occupied & BAR_BIT != 0 {
            return if self.blocked & (1 << (BAR - die)) == 0 {
                BAR_BIT
            } else {
                0
            };
        }
        let mut sources = occupied & (!self.blocked << die);
        if occupied != 0 && occupied < 1 << 6 {
            let highest = 31 - occupied.leading_zeros() as usize;
            sources |= occupied & (1 << (die - 1));
            if highest < die {
                sources |= 1 << highest;
            }
        }
        sources
    }

    /// Sets `next` to the node after step number `depth`, from `source` by `die`; its key only
    /// when `KEYED` (doubles need none).
    #[inline(always)]
    fn advance<const KEYED: bool>(
        &self,
        node: &Node,
        next: &mut Node,
        depth: usize,
        source: usize,
        die: usize,
    ) {
        *next = *node;
        let step = apply_step::<HITS>(&mut next.play.result, (MOVER, Self::OPPONENT), source, die);
        next.play.set_step(depth, step);
        if next.play.result.slots[MOVER][source] == 0 {
            next.occupied &= !(1 << source);
        }
        if source >= die {
            // Landing there leaves no opposing blot on it (it was hit or there was none).
            let destination = source - die;
            next.occupied |= 1 << destination;
            if KEYED {
                next.blots &= !(1 << destination);
            }
        }
        if KEYED {
            next.key = key_with_step(node, source, die);
        }
    }

    /// Saves `node`'s steps followed by one more from `source` by `die` (the last of `moves`
    /// steps).
    #[inline(always)]
    fn push_with_step(&mut self, node: &Node, moves: usize, source: usize, die: usize) {
        let index = self.plays.len();
        self.plays.push(node.play);
        if let Some(play) = self.plays.get_mut(index) {
            let step = apply_step::<HITS>(&mut play.result, (MOVER, Self::OPPONENT), source, die);
            play.set_step(moves - 1, step);
            play.set_len(moves);
        }
    }

    /// A mixed roll: every play using both dice, first die then second, then (swapped)
    /// second then first; if none, the plays using the larger die, else the smaller.
    fn mixed(&mut self, root: &Node, (first, second): (usize, usize), seen: &mut SeenPositions) {
        // In the swapped pass, a step of a different checker than the one moved first (and
        // no bear-off on either step) gives a position the first pass already found with
        // the same dice: moving one checker never blocks another's landing point, and a hit
        // only removes a blot. Only chains and bear-offs can be new.
        // With a checker on the bar both passes start by entering it, so this does not hold.
        let on_bar = root.play.result.slots[MOVER][BAR];
        let swapped = if on_bar == 0 {
            Pass::Swapped
        } else {
            Pass::SwappedEntering
        };
        let both_used = if self.by_key || (on_bar == 0 && self.may_bear_off(root)) {
            seen.clear();
            self.mixed_pass::<true, false>(root, first, second, Pass::First, seen)
                | self.mixed_pass::<true, false>(root, second, first, swapped, seen)
        } else if on_bar == 0 {
            // No bar and no bear-off: every repeated position is one `repeats_a_chain` or
            // `swapped_chain` recognises, so no keys are needed.
            if self.mixed_pass::<false, true>(root, first, second, Pass::First, seen) {
                self.swapped_chains(root, second, first);
                true
            } else {
                self.mixed_pass::<false, true>(root, second, first, Pass::Swapped, seen)
            }
        } else {
            // Entering from the bar (no bear-off is possible): the first pass enters by the
            // first die and never repeats itself; with two or more on the bar the swapped
            // pass enters the same two checkers on the same points, so repeats every play;
            // with one, it repeats only the chain `repeats_entering_chain` recognises.
            let found = self.mixed_pass::<false, false>(root, first, second, Pass::First, seen);
            if on_bar == 1 {
                found | self.mixed_pass::<false, false>(root, second, first, swapped, seen)
            } else {
                found
            }
        };
        if !both_used && !self.single_steps(root, first.max(second)) {
            self.single_steps(root, first.min(second));
        }
    }

    /// Whether a checker could be borne off within two steps: at most one checker is outside
    /// the home board (slots 0 to 5).
    fn may_bear_off(&self, root: &Node) -> bool {
        let outside = root.occupied >> 6;
        match outside.count_ones() {
            0 => true,
            1 => root.play.result.slots[MOVER][6 + outside.trailing_zeros() as usize] == 1,
            _ => false,
        }
    }

    /// Plays moving by `die` then by `then`; returns whether any such two-step play exists.
    /// `KEYED`: repeated positions are found by key (needed when a bear-off is possible);
    /// otherwise by the rules of `repeats_a_chain`, `swapped_chain` and
    /// `repeats_entering_chain`. `PLAIN`: no checker on the bar and no bear-off possible.
    fn mixed_pass<const KEYED: bool, const PLAIN: bool>(
        &mut self,
        root: &Node,
        die: usize,
        then: usize,
        pass: Pass,
        seen: &mut SeenPositions,
    ) -> bool {
        let mut both_used = false;
        let mut node = *root;
        let mut firsts = self.legal_sources::<PLAIN>(root.occupied, die);
        while firsts != 0 {
            let source = highest_bit(firsts);
            firsts &= !(1 << source);
            // The occupancy after the first step, to see whether the node is worth building.
            let mut occupied = root.occupied;
            if root.play.result.slots[MOVER][source] == 1 {
                occupied &= !(1 << source);
            }
            if source >= die {
                occupied |= 1 << (source - die);
            }
            let seconds = self.legal_sources::<PLAIN>(occupied, then);
            if seconds == 0 {
                continue;
            }
            both_used = true;
            let mut candidates = seconds;
            if pass == Pass::Swapped {
                let chain = if self.by_key {
                    (1 << source) >> die
                } else {
                    self.swapped_chain(root, source, die, then)
                };
                candidates &= chain | ((1 << then) - 1);
            }
            if candidates == 0 {
                continue;
            }
            self.advance::<KEYED>(root, &mut node, 0, source, die);
            while candidates != 0 {
                let next = highest_bit(candidates);
                candidates &= !(1 << next);
                let new = if KEYED {
                    let key = key_with_step(&node, next, then);
                    let (plays, sides) = (&*self.plays, (MOVER, Self::OPPONENT));
                    seen.insert(key, |index| {
                        let mut board = node.play.result;
                        apply_step::<HITS>(&mut board, sides, next, then);
                        plays[index].result == board
                    })
                } else {
                    match pass {
                        Pass::First => !self.repeats_a_chain(root, source, next, die, then),
                        Pass::Swapped => true,
                        Pass::SwappedEntering => {
                            !self.repeats_entering_chain(root, next, die, then)
                        }
                    }
                };
                // Otherwise the same position with the same dice: gnubg keeps the first
                // sequence found.
                if new {
                    self.push_with_step(&node, 2, next, then);
                }
            }
        }
        both_used
    }

    /// The swapped pass without bar or bear-off, once the first pass found plays: only the
    /// chains `swapped_chain` keeps, found for all first steps at once with bit masks.
    fn swapped_chains(&mut self, root: &Node, die: usize, then: usize) {
        let reach = die + then;
        let long = self.legal_sources::<true>(root.occupied, die) & !((1 << reach) - 1);
        let chain_lands = !self.blocked << reach;
        let checker_there = root.occupied << die;
        let same_chain = !((self.blocked | root.blots) << then) & !(root.blots << die);
        let mut sources = long & chain_lands & !checker_there & !same_chain;
        let mut node = *root;
        while sources != 0 {
            let source = highest_bit(sources);
            sources &= !(1 << source);
            self.advance::<false>(root, &mut node, 0, source, die);
            self.push_with_step(&node, 2, source - die, then);
        }
    }

    /// In the first pass, without bar or bear-off: whether moving `first` by `die` and then
    /// `second` by `then` repeats an earlier play. Two such sequences change the mover's
    /// checkers alike only when the later one moves its second checker onto the point its
    /// first step left (`second == first + then`) and the earlier one is the chain of that
    /// checker, by `die` then `then` (found first, its source being higher); the chain hits
    /// the same blots unless its intermediate point holds one, and exists unless that point
    /// is blocked.
    #[inline(always)]
    fn repeats_a_chain(
        &self,
        root: &Node,
        first: usize,
        second: usize,
        die: usize,
        then: usize,
    ) -> bool {
        second == first + then
            && second >= die
            && (self.blocked | root.blots) & (1 << (second - die)) == 0
    }

    /// In the swapped pass of a single checker on the bar, entering by `die`: whether moving
    /// `next` by `then` repeats a first-pass play. The first pass entered by `then`, so only
    /// the entered checker's chain can end alike: moving on from its entry point (whether
    /// it or a checker already there moves) reaches the point where the first pass's chain,
    /// entering by `then` and moving on by `die`, lands. That chain exists unless its entry
    /// point is blocked, and hits the same blots unless either entry point holds one.
    #[inline(always)]
    fn repeats_entering_chain(&self, root: &Node, next: usize, die: usize, then: usize) -> bool {
        next == BAR - die
            && (self.blocked | root.blots) & (1 << (BAR - then)) == 0
            && root.blots & (1 << (BAR - die)) == 0
    }

    /// In the pruned swapped pass, after a first step from `source` by `die`: the bit of the
    /// chain's second source (the landing point, moving on by `then`) if that chain can be
    /// new, else 0. A chain that does not bear off ends where two plays of the first pass
    /// end: a checker already on the landing point moving by `then` and then the first
    /// checker by `die` onto it (same hits), and the chain by `then` then `die`, which hits
    /// the same blots when neither intermediate point holds one. Either one makes it a
    /// duplicate.
    #[inline(always)]
    fn swapped_chain(&self, root: &Node, source: usize, die: usize, then: usize) -> u32 {
        if source < die {
            return 0;
        }
        let link = source - die;
        if link < then {
            // The chain bears off: left to the duplicate check.
            return 1 << link;
        }
        let other = source - then;
        let checker_there = root.occupied & (1 << link) != 0;
        let same_chain =
            (self.blocked | root.blots) & (1 << other) == 0 && root.blots & (1 << link) == 0;
        if checker_there || same_chain {
            0
        } else {
            1 << link
        }
    }

    /// The one-step plays by `die`, when no play uses both dice; returns whether there is one.
    fn single_steps(&mut self, root: &Node, die: usize) -> bool {
        let mut sources = self.legal_sources::<false>(root.occupied, die);
        let any = sources != 0;
        while sources != 0 {
            let source = highest_bit(sources);
            sources &= !(1 << source);
            self.push_with_step(root, 1, source, die);
        }
        any
    }

    /// A double: sequences of steps whose sources never increase, so each resulting
    /// position is reached exactly once; only the longest are kept. One loop per step.
    fn doubles<const PLAIN: bool>(&mut self, root: &Node, die: usize) {
        let (mut after_first, mut after_second, mut after_third) = (*root, *root, *root);
        let mut firsts = self.legal_sources::<PLAIN>(root.occupied, die);
        while firsts != 0 {
            let first = highest_bit(firsts);
            firsts &= !(1 << first);
            self.advance::<false>(root, &mut after_first, 0, first, die);
            let mut seconds =
                self.legal_sources::<PLAIN>(after_first.occupied, die) & at_or_below(first);
            if seconds == 0 {
                self.save_short(&after_first, 1);
            }
            while seconds != 0 {
                let second = highest_bit(seconds);
                seconds &= !(1 << second);
                self.advance::<false>(&after_first, &mut after_second, 1, second, die);
                let mut thirds =
                    self.legal_sources::<PLAIN>(after_second.occupied, die) & at_or_below(second);
                if thirds == 0 {
                    self.save_short(&after_second, 2);
                }
                while thirds != 0 {
                    let third = highest_bit(thirds);
                    thirds &= !(1 << third);
                    self.advance::<false>(&after_second, &mut after_third, 2, third, die);
                    let mut fourths =
                        self.legal_sources::<PLAIN>(after_third.occupied, die) & at_or_below(third);
                    if fourths == 0 {
                        self.save_short(&after_third, 3);
                        continue;
                    }
                    if self.max_moves < 4 {
                        self.plays.clear();
                        self.max_moves = 4;
                    }
                    while fourths != 0 {
                        let fourth = highest_bit(fourths);
                        fourths &= !(1 << fourth);
                        self.push_with_step(&after_third, 4, fourth, die);
                    }
                }
            }
        }
    }

    /// Saves `node`, a double's sequence of `moves` steps that cannot go on, unless longer
    /// plays exist.
    fn save_short(&mut self, node: &Node, moves: usize) {
        if moves < self.max_moves {
            return;
        }
        if moves > self.max_moves {
            self.plays.clear();
            self.max_moves = moves;
        }
        let mut play = node.play;
        play.set_len(moves);
        self.plays.push(play);
    }
}

#[cfg(test)]
mod tests;
