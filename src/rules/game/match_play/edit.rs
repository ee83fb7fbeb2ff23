//! Edits of a match that are no move of its players: the settings and gnubg's `set`
//! commands (score, Crawford game, Jacoby rule, beavers), a match taken up from an ID or a
//! file, and the players exchanging places.

use super::{GameOutcome, Match};
use crate::rules::game::{GameInProgress, MatchContext};
use crate::rules::match_state::GameState;
use crate::rules::rule_set::RuleSet;
use crate::rules::side::Side;

/// A game of a match read from a file, for [`Match::adopt_history`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordedGame {
    /// The score it was played at.
    pub score: [u32; 2],
    /// Whether it was the Crawford game.
    pub crawford: bool,
    /// How it ended, if it did.
    pub outcome: Option<GameOutcome>,
}

/// A mark on a score set by hand (gnubg's `set score 4* 2`): the game is the Crawford game,
/// or post-Crawford play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrawfordMark {
    /// This game is the Crawford game.
    Crawford,
    /// This is post-Crawford play.
    PostCrawford,
}

impl Match {
    /// The match's context changes, and with it the game's.
    fn edit_context(&mut self, edit: impl FnOnce(&mut MatchContext)) {
        edit(&mut self.context);
        self.game.set_context(self.context);
    }

    /// Edit (gnubg's `set automatic crawford`): whether the Crawford game comes as the score
    /// requires, from the next game on.
    pub fn set_automatic_crawford(&mut self, on: bool) {
        self.automatic_crawford = on;
    }

    /// Edit (gnubg's `set beavers`): beavers allowed per double in money play.
    pub fn set_beavers(&mut self, count: u32) {
        self.edit_context(|context| context.beavers = count);
    }

    /// Edit (gnubg's `set jacoby` in a money session): the Jacoby rule.
    pub fn set_jacoby(&mut self, on: bool) {
        self.edit_context(|context| context.jacoby = on);
    }

    /// Edit (gnubg's `set crawford` and `set postcrawford`): this game is the Crawford game,
    /// or else post-Crawford play (when somebody is 1-away).
    pub fn set_crawford(&mut self, crawford: bool) {
        self.edit_context(|context| context.crawford = crawford);
        self.post_crawford = !crawford && self.context.somebody_one_away();
    }

    /// Edit (gnubg's `set score`): the match to `length` (0: a money session) stands at
    /// `score`, with the Crawford state `mark` says, or else as gnubg infers it: the Crawford
    /// game when one player is 1-away and the other has no point; post-Crawford play when
    /// both are 1-away (not at 0-0 in a 1-point match); with one 1-away and the other on
    /// points, post-Crawford unless this game is already the Crawford game. Without the cube
    /// there is neither; the Jacoby rule goes with match play, and the match is on again.
    pub fn set_score(&mut self, length: u32, score: [u32; 2], mark: Option<CrawfordMark>) {
        let one_away = score.map(|points| length > 0 && points + 1 == length);
        let mut crawford = self.context.crawford;
        let post_crawford = match mark {
            Some(CrawfordMark::Crawford) => {
                crawford = true;
                false
            }
            Some(CrawfordMark::PostCrawford) => {
                crawford = false;
                true
            }
            None => match one_away {
                [true, true] => {
                    crawford = false;
                    score[0] + score[1] > 0
                }
                [true, false] | [false, true] => {
                    let other = if one_away[0] { score[1] } else { score[0] };
                    if other == 0 {
                        crawford = true;
                        false
                    } else {
                        !crawford
                    }
                }
                [false, false] => {
                    crawford = false;
                    false
                }
            },
        };
        let cube = self.game.rules().cube_in_use();
        self.post_crawford = post_crawford && cube;
        self.edit_context(|context| {
            context.length = length;
            context.score = score;
            context.crawford = crawford && cube && length > 0;
            if length > 0 {
                context.jacoby = false;
            }
        });
        self.winner = None;
    }

    /// Edit: the score as a record states it (a match file's score line), the Crawford
    /// state left to follow from it when the next game starts; the match is on again.
    pub fn restate_score(&mut self, score: [u32; 2]) {
        if score != self.context.score {
            self.edit_context(|context| context.score = score);
            self.recorded_crawford = None;
            self.winner = None;
        }
    }

    /// Edit: the match and its game as an ID describes them: `context`, the game of `rules`
    /// resumed at `progress`, standing as `state` says; no game has been finished in it yet.
    /// The game's log goes on (gnubg keeps the game's record when an ID is set), marked
    /// [`Edit::Resumed`](crate::rules::game::Edit::Resumed).
    /// One-away outside the Crawford game is post-Crawford play; the game's record is not
    /// the Crawford game's, so a new game in its place is not one either (gnubg's `set
    /// matchid`, checked live).
    pub fn resume(
        &mut self,
        rules: RuleSet,
        context: MatchContext,
        progress: GameInProgress,
        state: GameState,
    ) {
        self.context = context;
        self.game.take_up(rules, context, progress);
        self.state = state;
        self.post_crawford = rules.has_crawford_rule(context.length)
            && !context.crawford
            && context.somebody_one_away();
        self.recorded_crawford = Some(false);
        self.results.clear();
        self.winner = None;
    }

    /// Edit: the game goes on from `progress` (a record followed where the rules refused it,
    /// a cube taken out of use); a finished game stays as it ended.
    pub fn resume_game(&mut self, progress: GameInProgress) {
        if !self.game.is_over() {
            self.game.go_on_from(progress);
        }
    }

    /// Edit: the games of a match read from a file become this match's history, after
    /// [`Match::resume`] has taken up the last of them: the games finished count, the
    /// Crawford state is what playing them here would have left, and the last game's points
    /// count if it has ended (a match it won stays won with gnubg's Crawford flag of its
    /// last game). A new game in place of an unfinished last game is not the Crawford game
    /// (as after [`Match::resume`]; gnubg's `load match`, checked live).
    pub fn adopt_history(&mut self, games: &[RecordedGame]) {
        let Some((last, earlier)) = games.split_last() else {
            return;
        };
        let length = self.context.length;
        let one_away = |score: [u32; 2]| length > 0 && score.iter().any(|&s| s + 1 == length);
        self.post_crawford = earlier
            .iter()
            .any(|game| game.crawford || one_away(game.score))
            || (one_away(last.score) && !last.crawford);
        self.results = games.iter().filter_map(|game| game.outcome).collect();
        self.winner = None;
        if let Some(GameOutcome {
            winner: Some(winner),
            points,
            ..
        }) = last.outcome
        {
            self.score_win(winner, points);
        }
    }

    /// Edit (gnubg's `swap players`): the two players exchange places in the game, the score
    /// and the results.
    pub fn swap(&mut self) {
        self.game = self.game.swapped();
        self.context.score.swap(0, 1);
        self.winner = self.winner.map(Side::opponent);
        for outcome in &mut self.results {
            outcome.winner = outcome.winner.map(Side::opponent);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{resign_single, standard};
    use super::*;
    use crate::rules::game::Action;
    use crate::rules::resignation::Resignation;

    #[test]
    fn set_score_infers_the_crawford_state_or_takes_the_mark() {
        let mut play = standard(5);
        play.set_score(5, [4, 4], None);
        assert!(!play.context().crawford && play.is_post_crawford());
        play.set_score(5, [4, 2], Some(CrawfordMark::PostCrawford));
        assert!(!play.context().crawford && play.is_post_crawford());
        play.set_score(5, [4, 2], None);
        assert!(!play.context().crawford && play.is_post_crawford());
        play.set_score(5, [1, 2], None);
        assert!(!play.context().crawford && !play.is_post_crawford());
        play.set_score(0, [3, 1], Some(CrawfordMark::Crawford));
        assert!(!play.context().crawford, "no Crawford game in money play");
    }

    #[test]
    fn a_loaded_history_counts_its_games_and_the_last_result() {
        let mut play = standard(5);
        let won = |winner, points| {
            Some(GameOutcome {
                winner: Some(winner),
                points,
                counted_as: Resignation::Single,
            })
        };
        play.resume(
            play.game().rules(),
            MatchContext::match_game(5, [4, 2], true),
            play.game().in_progress(),
            GameState::Resigned,
        );
        play.adopt_history(&[
            RecordedGame {
                score: [0, 0],
                crawford: false,
                outcome: won(Side::O, 4),
            },
            RecordedGame {
                score: [4, 0],
                crawford: false,
                outcome: won(Side::X, 2),
            },
            RecordedGame {
                score: [4, 2],
                crawford: true,
                outcome: won(Side::X, 1),
            },
        ]);
        assert_eq!(play.games_played(), 3);
        assert_eq!(play.context().score, [4, 3]);
        assert!(play.is_post_crawford() && !play.context().crawford);
    }

    #[test]
    fn swapping_exchanges_scores_and_winners() {
        let mut play = standard(1);
        play.start_game(play.game().rules()).ok();
        play.apply(Action::SetTurn(Side::O)).ok();
        resign_single(&mut play);
        play.swap();
        assert_eq!(play.context().score, [1, 0]);
        assert_eq!(play.winner(), Some(Side::O));
        assert_eq!(play.results()[0].winner, Some(Side::O));
    }
}
