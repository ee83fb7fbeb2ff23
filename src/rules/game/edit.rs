//! Edits of a game that are no move of its players: the match around it moves on (a new
//! score, the Crawford flag, the Jacoby rule, the beaver setting), or the two players
//! exchange places. Unlike [`Game::apply`]'s actions they are allowed after the game ended:
//! the score changes once a game is won.

use super::{Event, Game, MatchContext};

impl Game {
    /// The game in a match that now stands at `context` (score, Crawford game, Jacoby rule,
    /// beavers); board, cube, turn, dice, offers and result stay.
    pub fn set_context(&mut self, context: MatchContext) {
        self.context = context;
    }

    /// The same game with the two players' places exchanged: checkers, cube owner, the
    /// double and the resignation offered, who is on roll, the score, the winner and every
    /// event of the log.
    #[must_use]
    pub fn swapped(&self) -> Game {
        let mut cube = self.cube;
        cube.owner = cube.owner.map(|owner| owner.opponent());
        if let Some(offer) = cube.offer.as_mut() {
            offer.from = offer.from.opponent();
            offer.beaverer = offer.beaverer.map(|beaverer| beaverer.opponent());
        }
        let [score_o, score_x] = self.context.score;
        let result = match self.result {
            Some(Event::Won {
                winner,
                ending,
                points,
            }) => Some(Event::Won {
                winner: winner.opponent(),
                ending,
                points,
            }),
            other => other,
        };
        Game {
            context: MatchContext {
                score: [score_x, score_o],
                ..self.context
            },
            board: self.board.swapped(),
            cube,
            on_roll: self.on_roll.opponent(),
            resignation: self
                .resignation
                .map(|(resigner, kind)| (resigner.opponent(), kind)),
            result,
            log: self.log.iter().map(Event::swapped).collect(),
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Action;
    use crate::rules::resignation::Resignation;
    use crate::rules::rule_set::RuleSet;
    use crate::rules::side::Side;
    use crate::rules::variant::Variant;

    fn match_game() -> Game {
        Game::new(
            RuleSet::new(Variant::Standard),
            MatchContext::match_game(7, [2, 5], false),
            Side::X,
        )
    }

    #[test]
    fn a_new_context_keeps_the_game_also_after_it_ended() {
        let mut game = match_game();
        game.apply(Action::Double).ok();
        game.apply(Action::Drop).ok();
        assert!(game.is_over());
        let before = game.clone();
        game.set_context(MatchContext::match_game(7, [2, 6], true));
        assert_eq!(game.context().score, [2, 6]);
        assert!(game.context().crawford);
        assert_eq!(
            (game.board(), game.cube(), game.result()),
            (before.board(), before.cube(), before.result())
        );
    }

    #[test]
    fn swapping_exchanges_every_side_and_twice_is_no_change() {
        let mut game = match_game();
        game.apply(Action::Double).ok();
        let swapped = game.swapped();
        assert_eq!(swapped.on_roll(), Side::O);
        assert_eq!(swapped.turn(), Side::X);
        assert_eq!(swapped.cube().offer.map(|offer| offer.from), Some(Side::O));
        assert_eq!(swapped.context().score, [5, 2]);
        assert_eq!(*swapped.board(), game.board().swapped());
        assert_eq!(swapped.swapped(), game);

        game.apply(Action::Resign {
            side: Side::O,
            kind: Resignation::Gammon,
        })
        .ok();
        game.apply(Action::Accept).ok();
        let swapped = game.swapped();
        assert_eq!(swapped.resignation(), Some((Side::X, Resignation::Gammon)));
        assert!(matches!(
            swapped.result(),
            Some(Event::Won {
                winner: Side::O,
                ..
            })
        ));
    }
}
