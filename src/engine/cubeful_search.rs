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
use crate::engine::search::{won, Search, MAX_PLIES};
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
        .map(|&cube| {
            let stakes = stakes_at(base, cube);
            let equity = judge::cubeful_equity(&stakes, board, on_roll, probabilities, on_roll);
            if base.is_match() {
                equity
            } else {
                equity * f64::from(cube.value)
            }
        })
        .collect()
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
            let jacoby = !base.is_match() && base.jacoby && cube.owner.is_none();
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
            let double = averages[doubled].min(cash(base, on_roll, cube));
            no_double.max(double)
        })
        .collect()
}

/// The cubeful search over a [`Search`]: its evaluator, its move choice and its limits.
pub struct CubefulSearch<'s, 'a, E: Evaluator + ?Sized> {
    search: &'s Search<'a, E>,
}

impl<'s, 'a, E: Evaluator + ?Sized> CubefulSearch<'s, 'a, E> {
    /// The cubeful search over `search`.
    #[must_use]
    pub fn new(search: &'s Search<'a, E>) -> CubefulSearch<'s, 'a, E> {
        CubefulSearch { search }
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
        let (all, doubled) = with_doubles(base, on_roll, cubes);
        let equities = leaf(
            &base.at_position(board, on_roll),
            board,
            &probabilities,
            on_roll,
            &all,
        );
        NodeValue {
            equities: decide(base, on_roll, cubes, &doubled, &equities),
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
        let (after, scored) = self.search.best_reply(board, on_roll, dice, base);
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
mod tests {
    use super::*;
    use crate::engine::search::processor_time::thread_seconds;
    use crate::engine::Pubeval;
    use crate::rules::{MatchState, Variant};

    fn money() -> Stakes {
        Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X))
    }

    /// At 0 plies the cubeful search is the cube model on the evaluator's probabilities.
    #[test]
    fn zero_plies_is_the_cube_model() {
        let board = Board::start(Variant::Standard);
        let search = Search::new(&Pubeval, 0);
        let base = money();
        let (probabilities, analysis) = CubefulSearch::new(&search)
            .analyse_double(&board, Side::X, 0, &base, None)
            .unwrap_or_else(|| unreachable!());
        assert_eq!(
            probabilities,
            Pubeval.probabilities(&board, Variant::Standard, Side::X)
        );
        let model = base.analyse_double(&probabilities, Side::X);
        assert!((analysis.no_double - model.no_double).abs() < 1e-12);
        assert!((analysis.double_take - model.double_take).abs() < 1e-12);
        assert_eq!(analysis.double_allowed, model.double_allowed);
    }

    /// The cubeless probabilities found on the way are the cubeless search's.
    #[test]
    fn the_probabilities_are_the_cubeless_searchs() {
        let board = Board::start(Variant::Standard);
        let search = Search::new(&Pubeval, 1);
        let base = money();
        let (probabilities, _) = CubefulSearch::new(&search)
            .analyse_double(&board, Side::X, 1, &base, None)
            .unwrap_or_else(|| unreachable!());
        assert_eq!(
            probabilities,
            search.probabilities_at(&board, Side::X, 1, &base)
        );
    }

    /// A node's decision: the player on roll doubles when double/take and double/pass are both
    /// better than no double, and the opponent answers with the smaller.
    #[test]
    fn each_node_takes_the_best_cube_action() {
        let base = money();
        let cubes = [CubeState {
            value: 1,
            owner: None,
        }];
        let (all, doubled) = with_doubles(&base, Side::X, &cubes);
        assert_eq!(
            all[1],
            CubeState {
                value: 2,
                owner: Some(Side::O)
            }
        );
        // Not good enough to double: no double.
        assert_eq!(decide(&base, Side::X, &cubes, &doubled, &[0.3, 0.2]), [0.3]);
        // A take: double/take (0.8 points at the doubled cube).
        assert_eq!(decide(&base, Side::X, &cubes, &doubled, &[0.5, 0.8]), [0.8]);
        // A pass: the cash, 1 point.
        assert_eq!(decide(&base, Side::X, &cubes, &doubled, &[0.7, 1.6]), [1.0]);
        // The opponent's cube: no double for X.
        let theirs = [CubeState {
            value: 2,
            owner: Some(Side::O),
        }];
        let (all, doubled) = with_doubles(&base, Side::X, &theirs);
        assert_eq!(all.len(), 1);
        assert_eq!(decide(&base, Side::X, &theirs, &doubled, &[0.4]), [0.4]);
    }

    /// A leaf is a node too: the player on roll there takes the better of no double and double
    /// (gnubg's cubeful n-ply decides at its leaves), so a position past his doubling point is
    /// worth double/take or the cash at the centred cube, not no double. Before this, the
    /// leaves answered no double, and tavli's default doubled too early: judged by gnubg 2-ply
    /// (`cargo bench --bench gnubg_cube_judge -- 45 1` and `-- 45 29`) it made 15 wrong doubles
    /// in 2,431 decisions, 3 after.
    #[test]
    fn a_leaf_takes_the_best_cube_action() {
        let search = Search::new(&Pubeval, 1);
        let cubeful = CubefulSearch::new(&search);
        let base = money();
        let centred = [CubeState {
            value: 1,
            owner: None,
        }];
        let mut doubled = 0;
        for id in [
            "sGvkAyDgc/AjAA",
            "sOfgAwiwa8UDIA",
            "zNaMASKw5+AjAA",
            "rK2KASKw58EHAA",
            "YefBA0Bsm4oJCA",
            "3L0HAEDbtgWBAA",
            "3L0HAEDbtmUAAA",
            "3L0HAEC3uw0AAA",
            "0HPkBwDMTuIBUA",
            "4Dn4AULMTuIFIA",
            "4POYASiM5+ABIQ",
            "4DnmATCwz+AAJQ",
            "cGdkgA3wzmAOBA",
            "sHMkwEbDzoYMBA",
            "v48jAABsWwmADQ",
            "0GvwAAvg28gDQA",
        ] {
            let board = crate::codec::position_id::decode(id, Side::X, Variant::Standard)
                .unwrap_or_else(|error| panic!("{id}: {error}"));
            let node = cubeful.leaf_node(&board, Side::X, &base, &centred, None);
            let probabilities = Pubeval.probabilities(&board, Variant::Standard, Side::X);
            let model = base
                .at_position(&board, Side::X)
                .analyse_double(&probabilities, Side::X);
            let best = model
                .no_double
                .max(model.double_take.min(model.double_pass));
            assert!(
                (node.equities[0] - best).abs() < 1e-9,
                "{id}: {node:?} {model:?}"
            );
            if best > model.no_double {
                doubled += 1;
            }
        }
        // The positions are close cube decisions: some of them are doubles.
        assert!(doubled > 0);
    }

    /// A finished game scores what it is worth at each cube, gammons single under the Jacoby
    /// rule with the cube centred.
    #[test]
    fn a_finished_game_scores_at_each_cube() {
        let gammon = Probabilities {
            win: 1.0,
            win_gammon: 1.0,
            win_backgammon: 0.0,
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        };
        let cubes = [
            CubeState {
                value: 1,
                owner: None,
            },
            CubeState {
                value: 2,
                owner: Some(Side::O),
            },
        ];
        let jacoby = Stakes {
            jacoby: true,
            ..money()
        };
        assert_eq!(finished(&jacoby, &gammon, Side::X, &cubes), [1.0, 4.0]);
        let plain = Stakes {
            jacoby: false,
            ..money()
        };
        assert_eq!(finished(&plain, &gammon, Side::X, &cubes), [2.0, 4.0]);
    }

    /// The depth-1 leaves take the position after the best play from the batch that chose
    /// it: the same probabilities and equities, within rounding, as evaluating each leaf
    /// again, at 1 and 2 plies on a fixed set of the evaluator bench's positions (the
    /// processor time of each is reported with `--nocapture`).
    #[test]
    #[allow(clippy::print_stderr)]
    fn the_leaves_come_from_the_batch_within_rounding() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/bench/positions-botplay.txt"
        ))
        .expect("the bench's positions");
        let net = crate::engine::choice::embedded_net();
        let reference = crate::engine::net::evaluator::LeavesOneByOne(&net);
        let (batched, one_by_one) = (Search::new(&*net, 2), Search::new(&reference, 2));
        let base = Stakes {
            jacoby: false,
            ..money()
        };
        let (mut positions, mut largest) = (0, 0.0f64);
        let mut times = [0.0; 2];
        for line in text.lines().step_by(211).take(24) {
            let id = line.split_whitespace().next().expect("position ID");
            let board = crate::codec::position_id::decode(id, Side::X, Variant::Standard)
                .expect("valid ID");
            for depth in [1, 2] {
                let started = thread_seconds();
                let (p, a) = CubefulSearch::new(&batched)
                    .analyse_double(&board, Side::X, depth, &base, None)
                    .unwrap_or_else(|| unreachable!());
                let between = thread_seconds();
                let (q, b) = CubefulSearch::new(&one_by_one)
                    .analyse_double(&board, Side::X, depth, &base, None)
                    .unwrap_or_else(|| unreachable!());
                times[0] += between - started;
                times[1] += thread_seconds() - between;
                let differences = [
                    p.win - q.win,
                    p.win_gammon - q.win_gammon,
                    p.win_backgammon - q.win_backgammon,
                    p.lose_gammon - q.lose_gammon,
                    p.lose_backgammon - q.lose_backgammon,
                    a.no_double - b.no_double,
                    a.double_take - b.double_take,
                ];
                for difference in differences {
                    largest = largest.max(difference.abs());
                }
                assert_eq!(a.double_allowed, b.double_allowed);
            }
            positions += 1;
        }
        eprintln!(
            "{positions} positions at 1 and 2 plies: within {largest:e}; processor {:.0} ms from the batch, {:.0} ms evaluated again",
            times[0] * 1000.0,
            times[1] * 1000.0
        );
        assert!(positions >= 20, "{positions}");
        assert!(largest < 1e-5, "{largest:e}");
    }

    /// An exhausted budget answers nothing at 1 ply and more.
    #[test]
    fn a_passed_deadline_answers_nothing() {
        let board = Board::start(Variant::Standard);
        let search = Search::new(&Pubeval, 2);
        let passed = Some(Instant::now());
        assert!(CubefulSearch::new(&search)
            .analyse_double(&board, Side::X, 1, &money(), passed)
            .is_none());
    }
}
