//! A match (or a money session) as a sequence of games: length, score, Crawford state and
//! the games played, advanced only by [`Match::apply`].

use super::{Action, Event, Game, GameError, MatchContext, RuleSet};
use crate::rules::side::Side;
use crate::rules::variants::cube::next_game_is_crawford;

/// A match to `length` points (0: a money session) and its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    rules: RuleSet,
    length: u32,
    score: [u32; 2],
    jacoby: bool,
    beavers: u32,
    crawford: bool,
    crawford_played: bool,
    games: Vec<Game>,
}

impl Match {
    /// A match to `length` (0 for money play with `jacoby` and `beavers`), no game started.
    #[must_use]
    pub fn new(rules: RuleSet, length: u32, jacoby: bool, beavers: u32) -> Match {
        Match {
            rules,
            length,
            score: [0, 0],
            jacoby,
            beavers,
            crawford: false,
            crawford_played: false,
            games: Vec::new(),
        }
    }

    /// The match length (0 for money play).
    #[must_use]
    pub fn length(&self) -> u32 {
        self.length
    }

    /// Points of O (index 0) and X (index 1).
    #[must_use]
    pub fn score(&self) -> [u32; 2] {
        self.score
    }

    /// Whether the current (or next) game is the Crawford game.
    #[must_use]
    pub fn is_crawford(&self) -> bool {
        self.crawford
    }

    /// Whether the Crawford game has been played (post-Crawford play).
    #[must_use]
    pub fn is_post_crawford(&self) -> bool {
        self.crawford_played
    }

    /// The games so far, the current one last.
    #[must_use]
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// The game being played or the last one played.
    #[must_use]
    pub fn game(&self) -> Option<&Game> {
        self.games.last()
    }

    /// The winner of the match, once a score has reached the length.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        if self.length == 0 {
            return None;
        }
        Side::BOTH
            .into_iter()
            .find(|side| self.score[side.index()] >= self.length)
    }

    /// Starts the next game with `on_roll` to roll (the winner of the opening roll). The
    /// tavli games rotate (Portes, Plakoto, Fevga).
    ///
    /// # Errors
    /// [`GameError::MatchOver`] after the match has been won; [`GameError::GameOver`] is not
    /// returned: an unfinished game is abandoned.
    pub fn start_game(&mut self, on_roll: Side) -> Result<&Game, GameError> {
        if self.winner().is_some() {
            return Err(GameError::MatchOver);
        }
        let rules = match self.games.last() {
            Some(last) if last.is_over() => last.rules().next_game(),
            _ => self.rules,
        };
        if self.games.last().is_some_and(|last| !last.is_over()) {
            self.games.pop();
        }
        let context = MatchContext {
            length: self.length,
            score: self.score,
            crawford: self.crawford && rules.cube_in_use(),
            jacoby: self.jacoby,
            beavers: if self.length == 0 { self.beavers } else { 0 },
        };
        self.games.push(Game::new(rules, context, on_roll));
        Ok(&self.games[self.games.len() - 1])
    }

    /// Applies `action` to the current game; a game won updates the score and the Crawford
    /// state for the next one.
    ///
    /// # Errors
    /// [`GameError::NoGame`] before a game is started, else the game's refusal.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, GameError> {
        let game = self.games.last_mut().ok_or(GameError::NoGame)?;
        let events = game.apply(action)?;
        for event in &events {
            if let Event::Won { winner, points, .. } = *event {
                self.score[winner.index()] = self.score[winner.index()].saturating_add(points);
                if self.crawford {
                    self.crawford = false;
                    self.crawford_played = true;
                } else if next_game_is_crawford(self.length, self.score, self.crawford_played) {
                    self.crawford = true;
                }
            }
        }
        Ok(events)
    }
}
