//! A match (or a money session) as a sequence of games: the game being played, the match
//! around it (length, score, Crawford game, post-Crawford play, Jacoby rule, beavers) and the
//! results of the games finished. It changes only through [`Match::apply`] (and
//! [`Match::apply_by`]), [`Match::start_game`] and its edits (`edit.rs`); the Crawford rule
//! and the scoring of a finished game are applied here and nowhere else.

mod edit;

pub use edit::{CrawfordMark, RecordedGame};

use super::{Action, Event, Game, GameError, MatchContext, WinEnding};
use crate::rules::match_state::GameState;
use crate::rules::resignation::Resignation;
use crate::rules::rule_set::RuleSet;
use crate::rules::side::Side;
use crate::rules::variants::WinKind;

/// A finished game: who won it, the points he scored and what the game counts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// The winner (`None`: a drawn Plakoto game).
    pub winner: Option<Side>,
    /// The points scored, cube included.
    pub points: u32,
    /// What the game counts as: a single game, a gammon or a backgammon (a gammon under
    /// the Jacoby rule with the cube centred counts as a single game, a drop as one).
    pub counted_as: Resignation,
}

/// A match to a length (0: a money session), its games and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The match as it stands: length, score, Crawford game, Jacoby rule, beavers.
    context: MatchContext,
    /// The game being played, or the last one (its context is the match as it was played).
    game: Game,
    /// No game yet, a game being played, or how the last one ended.
    state: GameState,
    /// Post-Crawford play: the Crawford game has been played (or cannot come any more).
    post_crawford: bool,
    /// The Crawford flag of gnubg's game record: the flag the game being played started
    /// with, or after a game ended the flag decided then for the next one. Edits of the
    /// score or of the Crawford state since do not change it (gnubg, checked live); `None`:
    /// decided from the score when the next game starts.
    recorded_crawford: Option<bool>,
    /// Whether the Crawford game comes as the score requires (gnubg's `set automatic
    /// crawford`).
    automatic_crawford: bool,
    /// The finished games, in order.
    results: Vec<GameOutcome>,
    /// The winner of the match, once a game has won it.
    winner: Option<Side>,
}

impl Match {
    /// A match at `context` with no game started yet (a game of `rules` waits, `on_roll` to
    /// roll), the Crawford rule applied as the score requires.
    #[must_use]
    pub fn new(rules: RuleSet, context: MatchContext, on_roll: Side) -> Match {
        Match {
            context,
            game: Game::new(rules, context, on_roll),
            state: GameState::NoGame,
            post_crawford: false,
            recorded_crawford: None,
            automatic_crawford: true,
            results: Vec::new(),
            winner: None,
        }
    }

    /// The match as it stands (after a game, the score it left).
    #[must_use]
    pub fn context(&self) -> &MatchContext {
        &self.context
    }

    /// The game being played, or the last one played.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// No game yet, a game being played, or how the last one ended.
    #[must_use]
    pub fn state(&self) -> GameState {
        self.state
    }

    /// Whether the Crawford game has been played (post-Crawford play).
    #[must_use]
    pub fn is_post_crawford(&self) -> bool {
        self.post_crawford
    }

    /// The finished games, in order.
    #[must_use]
    pub fn results(&self) -> &[GameOutcome] {
        &self.results
    }

    /// How many games have been finished.
    #[must_use]
    pub fn games_played(&self) -> u32 {
        u32::try_from(self.results.len()).unwrap_or(u32::MAX)
    }

    /// The winner of the match, once a game has won it.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Starts the next game, of `rules`, before its opening roll (either player rolls
    /// first), at the score as it stands. A game not finished is abandoned and does not
    /// count. The new game is the Crawford game as gnubg's record says (see
    /// `recorded_crawford`): an abandoned game's flag as it started, or the flag decided
    /// when the last game ended, whatever the score was set to since; one-away without it
    /// is post-Crawford play.
    ///
    /// # Errors
    /// [`GameError::MatchOver`] once the match has been won.
    pub fn start_game(&mut self, rules: RuleSet) -> Result<(), GameError> {
        if self.winner.is_some() {
            return Err(GameError::MatchOver);
        }
        match self.recorded_crawford {
            Some(crawford) if self.state != GameState::NoGame => {
                let one_away = self.context.somebody_one_away();
                self.context.crawford = crawford;
                self.post_crawford = !crawford
                    && (self.post_crawford
                        || (rules.has_crawford_rule(self.context.length) && one_away));
            }
            _ => self.update_crawford(rules),
        }
        self.recorded_crawford = Some(self.context.crawford);
        self.game = Game::opening(rules, self.context);
        self.state = GameState::Playing;
        Ok(())
    }

    /// Applies `action` to the game being played; a game that ends counts in the match: the
    /// score, the Crawford state, and [`Event::MatchWon`] after the game's events when it
    /// wins the match.
    ///
    /// # Errors
    /// The game's refusal; the match is unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, GameError> {
        let was_over = self.game.is_over();
        let mut events = self.game.apply(action)?;
        self.count_ending(was_over, &mut events);
        Ok(events)
    }

    /// [`Match::apply`] for `action` written for `side` (see [`Game::apply_by`]).
    ///
    /// # Errors
    /// The game's refusal; the match is unchanged.
    pub fn apply_by(&mut self, side: Side, action: Action) -> Result<Vec<Event>, GameError> {
        let was_over = self.game.is_over();
        let mut events = self.game.apply_by(side, action)?;
        self.count_ending(was_over, &mut events);
        Ok(events)
    }

    /// The game ended by `events` counts: its outcome, its points, the Crawford state and
    /// the match won. A result set over a drawn game takes the draw's place.
    fn count_ending(&mut self, was_over: bool, events: &mut Vec<Event>) {
        let Some(&end) = events
            .iter()
            .find(|event| matches!(event, Event::Won { .. } | Event::Drawn))
        else {
            return;
        };
        if was_over {
            if let Some(replaced) = self.results.pop() {
                if let Some(winner) = replaced.winner {
                    let score = &mut self.context.score[winner.index()];
                    *score = score.saturating_sub(replaced.points);
                }
            }
        }
        let Event::Won {
            winner,
            ending,
            points,
        } = end
        else {
            self.state = GameState::Over;
            self.results.push(GameOutcome {
                winner: None,
                points: 0,
                counted_as: Resignation::Single,
            });
            return;
        };
        self.state = match ending {
            WinEnding::Played(_) => GameState::Over,
            WinEnding::Dropped => GameState::Dropped,
            WinEnding::Resigned(_) => GameState::Resigned,
        };
        self.results.push(GameOutcome {
            winner: Some(winner),
            points,
            counted_as: self.counted_as(ending),
        });
        if self.score_win(winner, points) {
            self.context.crawford = false;
            events.push(Event::MatchWon { winner });
        }
    }

    /// What a game ended so counts as: its kind, or a single game under the Jacoby rule
    /// (money play, the cube in use and centred) and for a drop.
    fn counted_as(&self, ending: WinEnding) -> Resignation {
        let money_jacoby = self.context.length == 0 && self.context.jacoby;
        let centred = self.game.cube().owner.is_none();
        if self
            .game
            .rules()
            .jacoby_counts_single(money_jacoby, centred)
        {
            return Resignation::Single;
        }
        match ending {
            WinEnding::Played(WinKind::Single) | WinEnding::Dropped => Resignation::Single,
            WinEnding::Played(WinKind::Gammon | WinKind::Mother) => Resignation::Gammon,
            WinEnding::Played(WinKind::Backgammon) => Resignation::Backgammon,
            WinEnding::Resigned(kind) => kind,
        }
    }

    /// `winner` scores `points`: returns whether that wins the match; otherwise the Crawford
    /// state moves on (a Crawford game played leads to post-Crawford play).
    fn score_win(&mut self, winner: Side, points: u32) -> bool {
        let score = &mut self.context.score[winner.index()];
        *score = score.saturating_add(points);
        let length = self.context.length;
        if length > 0 && *score >= length {
            self.winner = Some(winner);
            return true;
        }
        if length > 0 {
            if self.context.crawford {
                self.post_crawford = true;
            }
            self.update_crawford(self.game.rules());
            self.recorded_crawford = Some(self.context.crawford);
        }
        false
    }

    /// The Crawford state for the next game of `rules`, as gnubg decides it: the Crawford
    /// game when exactly one player is 1-away for the first time (and `set automatic
    /// crawford` is on); post-Crawford play once anybody is 1-away otherwise (a 1-point match
    /// is post-Crawford from the start).
    fn update_crawford(&mut self, rules: RuleSet) {
        let MatchContext { length, score, .. } = self.context;
        let crawford =
            self.automatic_crawford && rules.is_crawford_game(length, score, self.post_crawford);
        self.context.crawford = crawford;
        if rules.has_crawford_rule(length) && !crawford && self.context.somebody_one_away() {
            self.post_crawford = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;

    /// A standard match to `length` (0: money play, but without the Jacoby rule) at 0-0.
    pub(super) fn standard(length: u32) -> Match {
        Match::new(
            RuleSet::new(Variant::Standard),
            MatchContext::match_game(length, [0, 0], false),
            Side::X,
        )
    }

    /// The player to act resigns a single game and his opponent accepts.
    pub(super) fn resign_single(play: &mut Match) -> Vec<Event> {
        let side = play.game().turn();
        play.apply(Action::Resign {
            side,
            kind: Resignation::Single,
        })
        .ok();
        play.apply(Action::Accept).unwrap_or_default()
    }

    #[test]
    fn a_match_scores_its_games_and_plays_the_crawford_game_once() {
        let mut play = standard(3);
        assert_eq!(play.state(), GameState::NoGame);
        let rules = play.game().rules();
        let mut crawford = Vec::new();
        let mut last = Vec::new();
        for _ in 0..3 {
            assert_eq!(play.start_game(rules), Ok(()));
            crawford.push(play.context().crawford);
            play.apply(Action::SetTurn(Side::O)).ok();
            // O resigns: X wins 1, 2, 3.
            last = resign_single(&mut play);
        }
        assert_eq!(crawford, [false, false, true]);
        assert_eq!(play.context().score, [0, 3]);
        assert_eq!(play.winner(), Some(Side::X));
        assert_eq!(last.last(), Some(&Event::MatchWon { winner: Side::X }));
        assert_eq!(
            (play.games_played(), play.state()),
            (3, GameState::Resigned)
        );
        assert!(!play.context().crawford, "no Crawford flag after the match");
        assert_eq!(play.start_game(rules), Err(GameError::MatchOver));
    }

    #[test]
    fn the_game_after_the_crawford_game_is_post_crawford() {
        let mut play = standard(5);
        play.set_score(5, [4, 0], None);
        assert!(play.context().crawford && !play.is_post_crawford());
        play.start_game(play.game().rules()).ok();
        play.apply(Action::SetTurn(Side::O)).ok();
        resign_single(&mut play);
        assert_eq!(play.context().score, [4, 1]);
        assert!(!play.context().crawford && play.is_post_crawford());
    }

    /// Game 2 of a 3-point match, X leading 1-0, being played.
    fn second_game_of_three() -> Match {
        let mut play = standard(3);
        let rules = play.game().rules();
        play.start_game(rules).ok();
        play.apply(Action::SetTurn(Side::O)).ok();
        resign_single(&mut play);
        play.start_game(rules).ok();
        play
    }

    #[test]
    fn a_new_game_in_place_of_an_abandoned_one_keeps_its_starting_crawford_flag() {
        // gnubg, checked live: a score set during the abandoned game does not make the new
        // game the Crawford game (one-away, it is post-Crawford play)...
        let mut play = second_game_of_three();
        let rules = play.game().rules();
        play.set_score(3, [0, 2], None);
        assert!(play.context().crawford, "shown as the Crawford game");
        play.start_game(rules).ok();
        assert_eq!(play.context().score, [0, 2]);
        assert!(!play.context().crawford && play.is_post_crawford());
        // ...and an abandoned Crawford game is replaced by a Crawford game, whatever the
        // score was set to.
        let mut play = second_game_of_three();
        play.apply(Action::SetTurn(Side::O)).ok();
        resign_single(&mut play);
        play.start_game(rules).ok();
        assert!(play.context().crawford);
        play.set_score(3, [0, 0], None);
        play.start_game(rules).ok();
        assert!(play.context().crawford && !play.is_post_crawford());
    }

    #[test]
    fn the_crawford_flag_of_the_next_game_is_decided_when_a_game_ends() {
        // Ended at 0-1, set to 0-2: post-Crawford play, not the Crawford game.
        let mut play = second_game_of_three();
        let rules = play.game().rules();
        play.set_score(3, [0, 1], None);
        play.apply(Action::SetTurn(Side::O)).ok();
        resign_single(&mut play);
        assert_eq!(play.context().score, [0, 2]);
        play.set_score(3, [1, 2], None);
        play.start_game(rules).ok();
        assert!(
            play.context().crawford,
            "0-2 reached by play: the Crawford game"
        );
        let mut play = standard(3);
        play.start_game(rules).ok();
        play.apply(Action::SetTurn(Side::O)).ok();
        resign_single(&mut play);
        play.set_score(3, [0, 2], None);
        play.start_game(rules).ok();
        assert!(!play.context().crawford && play.is_post_crawford());
    }

    #[test]
    fn a_money_gammon_under_the_jacoby_rule_counts_as_a_single_game() {
        let mut play = Match::new(
            RuleSet::new(Variant::Standard),
            MatchContext::money(),
            Side::X,
        );
        play.start_game(play.game().rules()).ok();
        play.apply(Action::SetTurn(Side::X)).ok();
        play.apply(Action::Resign {
            side: Side::X,
            kind: Resignation::Gammon,
        })
        .ok();
        let events = play.apply(Action::Accept).unwrap_or_default();
        assert_eq!(events.len(), 1, "no match won in money play: {events:?}");
        let outcome = play.results()[0];
        assert_eq!(outcome.counted_as, Resignation::Single);
        assert_eq!((outcome.winner, outcome.points), (Some(Side::O), 2));
        assert_eq!(play.context().score, [2, 0]);
    }
}
