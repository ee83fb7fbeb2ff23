//! One trial of a rollout: the game played on from the position by the evaluator, the cube
//! played when the rollout is cubeful, stopped at the truncation depth (the evaluator judging
//! the position reached) or at the game's end, and, with variance reduction, the luck of every
//! roll (the value after the roll drawn less the average over the 21 rolls) taken off.

use super::cube_play::{cube_turn, CubeTurn, CubefulScale};
use super::statistics::FIGURES;
use crate::engine::cube::Stakes;
use crate::engine::search::Search;
use crate::engine::{Evaluator, Probabilities};
use crate::rules::{legal_plays, Board, Dice, Side};

/// How a trial is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrialRules {
    /// Plies played before the evaluator judges the position (`None`: to the end of the game).
    pub truncation: Option<u32>,
    /// Whether the cube is played (and a cubeful value kept).
    pub cubeful: bool,
    /// Whether each roll's luck is taken off.
    pub variance_reduction: bool,
    /// Whether the player on roll at the start may double before the first roll.
    pub cube_decision_at_start: bool,
}

/// The result of one trial, for the player on roll at the start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrialResult {
    /// The cubeless probabilities (less the luck, so figures may leave `0..=1`).
    pub probabilities: Probabilities,
    /// The cubeful value (money: in units of the starting cube; match: match-winning chance);
    /// 0 in a cubeless rollout.
    pub cubeful: f64,
    /// Whether the trial stopped at the truncation depth (not at the game's end or a drop).
    pub truncated: bool,
    /// Plies played.
    pub plies: u32,
}

/// Plays trials from one position.
pub struct TrialPlayer<'a> {
    search: Search<'a, dyn Evaluator + 'a>,
    plies: u32,
    board: Board,
    root: Side,
    start: Stakes,
    rules: TrialRules,
    scale: CubefulScale,
    rolls: Vec<Dice>,
}

/// Once both sides have played this many plies without the game ending, the evaluator judges
/// (a safeguard: real games end long before).
const LONGEST_GAME: u32 = 2_000;

impl<'a> TrialPlayer<'a> {
    /// Trials of `board` with `root` on roll and the cube and score of `start`, each play
    /// chosen and each position judged by `evaluator` searched `plies` deep.
    #[must_use]
    pub fn new(
        evaluator: &'a dyn Evaluator,
        plies: u32,
        board: Board,
        root: Side,
        start: Stakes,
        rules: TrialRules,
    ) -> TrialPlayer<'a> {
        TrialPlayer {
            search: Search::new(evaluator, plies),
            plies,
            board,
            root,
            start,
            rules,
            scale: CubefulScale {
                viewer: root,
                start_cube: start.cube_value.max(1),
            },
            rolls: Dice::all_rolls(),
        }
    }

    /// The cube context at the start.
    #[must_use]
    pub fn start(&self) -> &Stakes {
        &self.start
    }

    /// Where the cubeful values are measured.
    #[must_use]
    pub fn scale(&self) -> &CubefulScale {
        &self.scale
    }

    /// The position after `mover`'s best play with `dice` (the board itself when no checker
    /// can move).
    fn best_after(&self, board: &Board, mover: Side, dice: Dice, context: &Stakes) -> Board {
        let plays = legal_plays(board, mover, dice);
        self.search
            .rank_plays(board, &plays, mover, context)
            .first()
            .map_or(*board, |best| plays[best.index].result)
    }

    /// The root player's probabilities after `mover` played to `after` (exact when the play
    /// bore off his last checker).
    fn value_after(&self, after: &Board, mover: Side, context: &Stakes) -> Probabilities {
        self.search
            .probabilities_after(after, mover, self.plies, context)
            .seen_by(mover, self.root)
    }

    /// The position after `mover`'s best play with `dice` and the root player's probabilities
    /// there, as [`Self::best_after`] and [`Self::value_after`] give them. At 0 plies the
    /// probabilities come from the batch that chose the play, as the search's own last ply
    /// takes them, so that a reduced rollout of one ply is the 1-ply search's value exactly.
    fn best_after_valued(
        &self,
        board: &Board,
        mover: Side,
        dice: Dice,
        context: &Stakes,
    ) -> (Board, Probabilities) {
        if self.plies == 0 {
            let (after, scored) = self.search.best_reply(board, mover, dice, context);
            let value = match scored {
                Some(probabilities) if after.checkers_in_play(mover) > 0 => {
                    probabilities.seen_by(mover, self.root)
                }
                _ => self.value_after(&after, mover, context),
            };
            return (after, value);
        }
        let after = self.best_after(board, mover, dice, context);
        (after, self.value_after(&after, mover, context))
    }

    /// Plays one trial, the dice of each ply from `roll` (called once per ply, in order).
    pub fn play(&self, roll: &mut dyn FnMut() -> Dice) -> TrialResult {
        let mut board = self.board;
        let mut mover = self.root;
        let mut context = self.start;
        let mut luck = Probabilities::ZERO;
        let mut cubeful_luck = 0.0;
        let depth = self
            .rules
            .truncation
            .unwrap_or(LONGEST_GAME)
            .min(LONGEST_GAME);
        let mut ply = 0;
        loop {
            if !self.rules.variance_reduction && ply >= depth {
                let probabilities = self
                    .search
                    .probabilities_at(&board, mover, self.plies, &context)
                    .seen_by(mover, self.root);
                return self.finish(probabilities, &context, &board, mover, true, ply);
            }
            if self.rules.cubeful && (ply > 0 || self.rules.cube_decision_at_start) {
                let before = self
                    .search
                    .probabilities_at(&board, mover, self.plies, &context);
                match cube_turn(&context, &board, &before, mover) {
                    CubeTurn::Rolled => {}
                    CubeTurn::Taken(after) => context = after,
                    CubeTurn::Dropped => {
                        let mut probabilities = before.seen_by(mover, self.root);
                        probabilities.add_weighted(-1.0, &luck);
                        return TrialResult {
                            probabilities,
                            cubeful: self.scale.result(&context, mover, 1) - cubeful_luck,
                            truncated: false,
                            plies: ply,
                        };
                    }
                }
            }
            let dice = roll();
            ply += 1;
            if self.rules.variance_reduction {
                let drawn = dice.high_first();
                let mut average = Probabilities::ZERO;
                let mut cubeful_average = 0.0;
                let mut drawn_result = (board, Probabilities::ZERO, 0.0);
                for &candidate in &self.rolls {
                    let (after, value) = self.best_after_valued(&board, mover, candidate, &context);
                    average.add_weighted(candidate.chance(), &value);
                    let cubeful = if self.rules.cubeful {
                        self.scale.value(&context, &after, mover.opponent(), &value)
                    } else {
                        0.0
                    };
                    cubeful_average += candidate.chance() * cubeful;
                    if candidate == drawn {
                        drawn_result = (after, value, cubeful);
                    }
                }
                let (after, value, cubeful) = drawn_result;
                let over = after.checkers_in_play(mover) == 0;
                if ply >= depth || over {
                    // The average is the unbiased value here; what came before is corrected
                    // by the luck.
                    average.add_weighted(-1.0, &luck);
                    return TrialResult {
                        probabilities: average,
                        cubeful: cubeful_average - cubeful_luck,
                        truncated: !over,
                        plies: ply,
                    };
                }
                luck.add_weighted(1.0, &value);
                luck.add_weighted(-1.0, &average);
                cubeful_luck += cubeful - cubeful_average;
                board = after;
            } else {
                board = self.best_after(&board, mover, dice, &context);
                if board.checkers_in_play(mover) == 0 {
                    let probabilities = self.value_after(&board, mover, &context);
                    return self.finish(
                        probabilities,
                        &context,
                        &board,
                        mover.opponent(),
                        false,
                        ply,
                    );
                }
            }
            mover = mover.opponent();
        }
    }

    fn finish(
        &self,
        probabilities: Probabilities,
        context: &Stakes,
        board: &Board,
        on_roll: Side,
        truncated: bool,
        plies: u32,
    ) -> TrialResult {
        let cubeful = if self.rules.cubeful {
            self.scale.value(context, board, on_roll, &probabilities)
        } else {
            0.0
        };
        TrialResult {
            probabilities,
            cubeful,
            truncated,
            plies,
        }
    }

    /// A trial's figures as the statistics keep them: the five probabilities, the cubeless
    /// and the cubeful value (match play: match-winning chances, normalised at the end).
    #[must_use]
    pub fn figures(&self, result: &TrialResult) -> [f64; FIGURES] {
        let p = &result.probabilities;
        [
            p.win,
            p.win_gammon,
            p.win_backgammon,
            p.lose_gammon,
            p.lose_backgammon,
            self.start.cubeless_equity(p, self.root),
            result.cubeful,
        ]
    }
}
