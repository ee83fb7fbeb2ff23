//! Cubeful search as gnubg describes its cubeful n-ply: the cube state is carried through the
//! search, and at every node where the player on roll may double, no double, double/take and
//! double/pass are compared; the leaves (0 plies) are the cube model's cubeful equities of the
//! evaluator's probabilities ([`crate::engine::cube`]), each at the cube efficiency of its own
//! position ([`crate::engine::cube_efficiency`]). A money bear-off that the two-sided
//! database covers is a leaf at any depth, valued exactly as the judge values it
//! ([`crate::engine::judge::cubeful_equity`]).
//!
//! A node is evaluated for a list of cube states at once: for each state in which the player on
//! roll may double, the state after his double (the cube twice as high, the opponent's) is added;
//! the 21 rolls are averaged for every state (the plays chosen cubeless at 0 ply for the score,
//! as [`Search`] chooses them), and then, state by state, the player on roll takes the better of
//! not doubling and doubling (where the opponent answers with the smaller of double/take and
//! double/pass). Equities are money points (the cube's value counted) or match-winning chances,
//! so that states with different cubes can be compared and averaged.

use crate::engine::cube::{CubeAnalysis, Stakes, RESULT_POINTS};
use crate::engine::evaluator::Evaluator;
use crate::engine::judge;
use crate::engine::probabilities::Probabilities;
use crate::engine::search::{won, Replies, Search, MAX_PLIES};
use crate::rules::{Board, Dice, Side};
use std::time::Instant;

/// A cube position: its value and owner (`None`: centred).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CubeState {
    /// The cube's value.
    pub value: u32,
    /// Its owner.
    pub owner: Option<Side>,
}

/// What a node is worth to the player on roll: his cubeless probabilities and his cubeful
/// equity in each cube state asked (money: points; match: match-winning chance).
#[derive(Clone, Debug, PartialEq)]
struct NodeValue {
    probabilities: Probabilities,
    equities: Vec<f64>,
}

/// The stakes of `base` with the cube at `cube`.
fn stakes_at(base: &Stakes, cube: CubeState) -> Stakes {
    Stakes {
        cube_value: cube.value,
        cube_owner: cube.owner,
        ..*base
    }
}

/// `side`'s value of winning a single game at `cube`: the cash.
fn cash(base: &Stakes, side: Side, cube: CubeState) -> f64 {
    if base.is_match() {
        base.match_winning_chance(side, i64::from(cube.value))
    } else {
        f64::from(cube.value)
    }
}

/// The cubeful equity of `on_roll` at `board`, with `probabilities` seen by him, in each state
/// of `cubes`, as the judge values a position ([`judge::cubeful_equity`]: exact where the
/// two-sided bear-off database covers it, else the cube model's); `base` is at `board`.
fn leaf(
    base: &Stakes,
    board: &Board,
    probabilities: &Probabilities,
    on_roll: Side,
    cubes: &[CubeState],
) -> Vec<f64> {
    cubes
        .iter()
        .map(|&cube| leaf_in(base, board, probabilities, on_roll, cube))
        .collect()
}

/// [`leaf`] in one cube state.
fn leaf_in(
    base: &Stakes,
    board: &Board,
    probabilities: &Probabilities,
    on_roll: Side,
    cube: CubeState,
) -> f64 {
    let stakes = stakes_at(base, cube);
    let equity = judge::cubeful_equity(&stakes, board, on_roll, probabilities, on_roll);
    if base.is_match() {
        equity
    } else {
        equity * f64::from(cube.value)
    }
}

/// The value for `on_roll`, about to roll at `board` with `probabilities` (seen by him), in
/// `cube`, his cube decision taken as at every node ([`decide`]): the better of no double and
/// double (the opponent answering with the smaller of double/take and double/pass), each the
/// cube model's ([`leaf_in`]; `at` is `base` at `board`).
fn decided_leaf(
    base: &Stakes,
    at: &Stakes,
    board: &Board,
    probabilities: &Probabilities,
    on_roll: Side,
    cube: CubeState,
) -> f64 {
    let value = |cube: CubeState| leaf_in(at, board, probabilities, on_roll, cube);
    let no_double = value(cube);
    if !stakes_at(base, cube).may_double(on_roll) {
        return no_double;
    }
    let doubled = value(CubeState {
        value: cube.value.saturating_mul(2),
        owner: Some(on_roll.opponent()),
    });
    double_or_not(no_double, doubled, cash(base, on_roll, cube))
}

/// The player on roll's better of not doubling (`no_double`) and doubling, where the opponent
/// answers with the smaller of double/take (`doubled`, the value after the double) and
/// double/pass (`cash`).
fn double_or_not(no_double: f64, doubled: f64, cash: f64) -> f64 {
    no_double.max(doubled.min(cash))
}

/// `equity` (money: points; match: match-winning chance) per unit of `base`'s cube in money.
fn per_unit(base: &Stakes, equity: f64) -> f64 {
    if base.is_match() {
        equity
    } else {
        equity / f64::from(base.cube_value)
    }
}

/// The exact equity of a finished game whose result `probabilities` (seen by `side`) give, in
/// each state of `cubes`: what the result scores at that cube (single under the Jacoby rule
/// with the cube centred).
fn finished(
    base: &Stakes,
    probabilities: &Probabilities,
    side: Side,
    cubes: &[CubeState],
) -> Vec<f64> {
    let outcomes = probabilities.outcomes();
    cubes
        .iter()
        .map(|&cube| {
            let jacoby = base.jacoby_in_force(cube.owner);
            outcomes
                .iter()
                .zip(RESULT_POINTS)
                .map(|(p, points)| {
                    let points = if jacoby { points.signum() } else { points };
                    let points = points * i64::from(cube.value);
                    let value = if base.is_match() {
                        base.match_winning_chance(side, points)
                    } else {
                        points as f64
                    };
                    p * value
                })
                .sum()
        })
        .collect()
}

/// `cubes` with, after them, the state following a double of `on_roll` in each state where he
/// may double; and for each of `cubes` the index of its doubled state.
fn with_doubles(
    base: &Stakes,
    on_roll: Side,
    cubes: &[CubeState],
) -> (Vec<CubeState>, Vec<Option<usize>>) {
    let mut all = cubes.to_vec();
    let mut doubled = Vec::with_capacity(cubes.len());
    for &cube in cubes {
        if stakes_at(base, cube).may_double(on_roll) {
            doubled.push(Some(all.len()));
            all.push(CubeState {
                value: cube.value.saturating_mul(2),
                owner: Some(on_roll.opponent()),
            });
        } else {
            doubled.push(None);
        }
    }
    (all, doubled)
}

/// The best of no double and double for `on_roll` in each of `cubes`, from the averages over
/// the rolls in every state of `all` (see [`with_doubles`]).
fn decide(
    base: &Stakes,
    on_roll: Side,
    cubes: &[CubeState],
    doubled: &[Option<usize>],
    averages: &[f64],
) -> Vec<f64> {
    cubes
        .iter()
        .zip(doubled)
        .enumerate()
        .map(|(index, (&cube, doubled))| {
            let no_double = averages[index];
            let Some(doubled) = *doubled else {
                return no_double;
            };
            double_or_not(no_double, averages[doubled], cash(base, on_roll, cube))
        })
        .collect()
}

/// The cubeful search over a [`Search`]: its evaluator, its move choice and its limits. The
/// replies it chooses are kept for as long as it lives (one question: a ranking's levels
/// search their candidates' replies again one ply deeper).
pub struct CubefulSearch<'s, 'a, E: Evaluator + ?Sized> {
    search: &'s Search<'a, E>,
    replies: Replies,
}

impl<'s, 'a, E: Evaluator + ?Sized> CubefulSearch<'s, 'a, E> {
    /// The cubeful search over `search`.
    #[must_use]
    pub fn new(search: &'s Search<'a, E>) -> CubefulSearch<'s, 'a, E> {
        CubefulSearch {
            search,
            replies: Replies::default(),
        }
    }

    /// The cube decision of `doubler`, on roll at `board` before rolling, searched `depth` plies
    /// deep (at most [`MAX_PLIES`]) at the score and cube of `base`: his cubeless probabilities
    /// and the three equities in the units of [`CubeAnalysis`]; `None` once `deadline` passes
    /// (the 21 rolls' work shared by the search's threads).
    #[must_use]
    pub fn analyse_double(
        &self,
        board: &Board,
        doubler: Side,
        depth: u32,
        base: &Stakes,
        deadline: Option<Instant>,
    ) -> Option<(Probabilities, CubeAnalysis)> {
        let cube = CubeState {
            value: base.cube_value,
            owner: base.cube_owner,
        };
        let after_double = CubeState {
            value: base.cube_value.saturating_mul(2),
            owner: Some(doubler.opponent()),
        };
        let cubes = [cube, after_double];
        let depth = depth.min(MAX_PLIES);
        let root = if depth == 0 {
            let probabilities = self
                .search
                .evaluator()
                .probabilities(board, base.variant, doubler);
            NodeValue {
                equities: leaf(
                    &base.at_position(board, doubler),
                    board,
                    &probabilities,
                    doubler,
                    &cubes,
                ),
                probabilities,
            }
        } else {
            let rolls = Dice::all_rolls();
            let replies = self.search.share(rolls.len(), deadline, |item| {
                self.roll_value(board, doubler, rolls[item], depth, base, &cubes, deadline)
            })?;
            average(&rolls, &replies, cubes.len())
        };
        let units = |equity: f64| {
            if base.is_match() {
                base.equity_in_units(doubler, equity)
            } else {
                equity / f64::from(base.cube_value)
            }
        };
        let analysis = CubeAnalysis {
            no_double: units(root.equities[0]),
            double_take: units(root.equities[1]),
            double_pass: 1.0,
            double_allowed: base.may_double(doubler),
        };
        Some((root.probabilities, analysis))
    }

    /// The cubeful value of `board` for `on_roll`, about to roll, searched `depth` plies deep
    /// (at most [`MAX_PLIES`]) in the cube state of `base`, his cube decisions taken at every
    /// node including this one (as gnubg values the position after a play, the opponent on
    /// roll): his cubeless probabilities and his cubeful equity (money: per unit of `base`'s
    /// cube; match: match-winning chance); `None` once `deadline` passes.
    #[must_use]
    pub fn value(
        &self,
        board: &Board,
        on_roll: Side,
        depth: u32,
        base: &Stakes,
        deadline: Option<Instant>,
    ) -> Option<(Probabilities, f64)> {
        self.values(std::slice::from_ref(board), on_roll, depth, base, deadline)
            .map(|mut values| values.remove(0))
    }

    /// [`CubefulSearch::value`] of each of `positions` (the same player on roll in each), the
    /// positions' 21 rolls shared by the search's threads.
    #[must_use]
    pub fn values(
        &self,
        positions: &[Board],
        on_roll: Side,
        depth: u32,
        base: &Stakes,
        deadline: Option<Instant>,
    ) -> Option<Vec<(Probabilities, f64)>> {
        let cube = [CubeState {
            value: base.cube_value,
            owner: base.cube_owner,
        }];
        let units = |node: NodeValue| (node.probabilities, per_unit(base, node.equities[0]));
        let depth = depth.min(MAX_PLIES);
        if depth == 0 {
            return Some(
                positions
                    .iter()
                    .map(|board| units(self.leaf_node(board, on_roll, base, &cube, None)))
                    .collect(),
            );
        }
        // A money bear-off of the two-sided database is exact at any depth.
        let exact: Vec<bool> = positions
            .iter()
            .map(|board| judge::exact_cube(base, board, on_roll).is_some())
            .collect();
        let (all, doubled) = with_doubles(base, on_roll, &cube);
        let rolls = Dice::all_rolls();
        let replies = self
            .search
            .share(positions.len() * rolls.len(), deadline, |item| {
                let position = item / rolls.len();
                if exact[position] {
                    return Some(None);
                }
                let dice = rolls[item % rolls.len()];
                self.roll_value(
                    &positions[position],
                    on_roll,
                    dice,
                    depth,
                    base,
                    &all,
                    deadline,
                )
                .map(Some)
            })?;
        let values = positions
            .iter()
            .zip(replies.chunks_exact(rolls.len()))
            .map(|(board, replies)| {
                let replies: Option<Vec<NodeValue>> = replies.iter().cloned().collect();
                let node = match replies {
                    Some(replies) => {
                        let averaged = average(&rolls, &replies, all.len());
                        NodeValue {
                            equities: decide(base, on_roll, &cube, &doubled, &averaged.equities),
                            probabilities: averaged.probabilities,
                        }
                    }
                    None => self.leaf_node(board, on_roll, base, &cube, None),
                };
                units(node)
            })
            .collect();
        Some(values)
    }

    /// The value of `board` for `on_roll`, about to roll, `depth` plies deep, in each of
    /// `cubes`, his cube decisions taken; `None` once `deadline` passes (looked at before each
    /// roll).
    fn node(
        &self,
        board: &Board,
        on_roll: Side,
        depth: u32,
        base: &Stakes,
        cubes: &[CubeState],
        deadline: Option<Instant>,
    ) -> Option<NodeValue> {
        if depth == 0 {
            return Some(self.leaf_node(board, on_roll, base, cubes, None));
        }
        // A money bear-off of the two-sided database is exact at any depth.
        if let Some((probabilities, _)) = judge::exact_cube(base, board, on_roll) {
            return Some(NodeValue {
                equities: leaf(base, board, &probabilities, on_roll, cubes),
                probabilities,
            });
        }
        let (all, doubled) = with_doubles(base, on_roll, cubes);
        let rolls = Dice::all_rolls();
        let mut replies = Vec::with_capacity(rolls.len());
        for &dice in &rolls {
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                return None;
            }
            replies.push(self.roll_value(board, on_roll, dice, depth, base, &all, deadline)?);
        }
        let averaged = average(&rolls, &replies, all.len());
        Some(NodeValue {
            equities: decide(base, on_roll, cubes, &doubled, &averaged.equities),
            probabilities: averaged.probabilities,
        })
    }

    /// [`CubefulSearch::value`] at 0 plies from `probabilities` (his, as the evaluator gave
    /// them): the figure [`CubefulSearch::values`] gives, for one position (the luck values
    /// every play of every roll so).
    #[must_use]
    pub fn leaf_value(
        &self,
        board: &Board,
        on_roll: Side,
        base: &Stakes,
        probabilities: &Probabilities,
    ) -> f64 {
        let cube = CubeState {
            value: base.cube_value,
            owner: base.cube_owner,
        };
        let node = self.leaf_node(board, on_roll, base, &[cube], Some(*probabilities));
        per_unit(base, node.equities[0])
    }

    /// The value of `board` for `on_roll`, about to roll, at 0 plies in each of `cubes`, his cube
    /// decision taken: exact where the two-sided bear-off database covers it, else the cube
    /// model's on `known` (his probabilities, when the caller has them) or on the evaluator's,
    /// no double against double/take and double/pass.
    fn leaf_node(
        &self,
        board: &Board,
        on_roll: Side,
        base: &Stakes,
        cubes: &[CubeState],
        known: Option<Probabilities>,
    ) -> NodeValue {
        if let Some((probabilities, _)) = judge::exact_cube(base, board, on_roll) {
            return NodeValue {
                equities: leaf(base, board, &probabilities, on_roll, cubes),
                probabilities,
            };
        }
        let probabilities = known.unwrap_or_else(|| {
            self.search
                .evaluator()
                .probabilities(board, base.variant, on_roll)
        });
        // As at every other node, the player on roll takes the better of not doubling and
        // doubling, each valued by the cube model (gnubg's cubeful n-ply does this at its
        // leaves too); only the root's own decision is left to the caller.
        let at = base.at_position(board, on_roll);
        NodeValue {
            equities: cubes
                .iter()
                .map(|&cube| decided_leaf(base, &at, board, &probabilities, on_roll, cube))
                .collect(),
            probabilities,
        }
    }

    /// The value for `on_roll`, who rolls `dice` at `board` and plays his best play (chosen as
    /// the search chooses its replies), the position after it searched `depth - 1` plies deep,
    /// in each of `cubes`; `None` once `deadline` passes.
    #[allow(clippy::too_many_arguments)]
    fn roll_value(
        &self,
        board: &Board,
        on_roll: Side,
        dice: Dice,
        depth: u32,
        base: &Stakes,
        cubes: &[CubeState],
        deadline: Option<Instant>,
    ) -> Option<NodeValue> {
        let (after, scored) = self
            .search
            .kept_reply(&self.replies, board, on_roll, dice, base);
        if after.checkers_in_play(on_roll) == 0 {
            let probabilities = won(base.variant, &after, on_roll);
            return Some(NodeValue {
                equities: finished(base, &probabilities, on_roll, cubes),
                probabilities,
            });
        }
        let opponent = on_roll.opponent();
        let theirs = match (depth, scored) {
            // The leaf: the evaluator judged the position after the play when it ranked the
            // roll's plays (in a batch), so it is not evaluated again.
            (1, Some(probabilities)) => self.leaf_node(
                &after,
                opponent,
                base,
                cubes,
                Some(probabilities.inverted()),
            ),
            _ => self.node(&after, opponent, depth - 1, base, cubes, deadline)?,
        };
        Some(NodeValue {
            probabilities: theirs.probabilities.inverted(),
            equities: theirs
                .equities
                .iter()
                .map(|&equity| base.for_opponent(equity))
                .collect(),
        })
    }
}

/// The average over the 21 rolls of `replies` (in [`Dice::all_rolls`] order), each with
/// `states` equities.
fn average(rolls: &[Dice], replies: &[NodeValue], states: usize) -> NodeValue {
    let mut probabilities = Probabilities::ZERO;
    let mut equities = vec![0.0; states];
    for (dice, reply) in rolls.iter().zip(replies) {
        probabilities.add_weighted(dice.chance(), &reply.probabilities);
        for (total, equity) in equities.iter_mut().zip(&reply.equities) {
            *total += dice.chance() * equity;
        }
    }
    NodeValue {
        probabilities: probabilities.normalised(),
        equities,
    }
}

#[cfg(test)]
mod tests;
