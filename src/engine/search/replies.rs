//! The replies one question's search has chosen, and the values of the positions it searched,
//! kept for as long as the question: a position met again is not ranked or searched again. A
//! later level searches its candidates' replies again one ply deeper (the same best reply for
//! each roll), and rolls that leave the position as it was (a dance from the bar, or every
//! roll that enters the same way and can do no more) meet the same position below them: in a
//! 2-ply search of the bench's positions a quarter of the positions whose rolls were ranked
//! had been ranked already. The cubeless search keeps its levels' own replies and the values
//! below them (a few entries a candidate, so that the evaluator's weights keep the caches);
//! the cubeful search keeps every reply. A reply is a
//! function of the position, the player, the roll and the stakes it is chosen for, so a kept
//! reply is the one a fresh ranking would give; replies are kept for the first stakes asked
//! only (a question has one), those for other stakes chosen afresh.

use crate::engine::cube::Stakes;
use crate::engine::evaluator::Probabilities;
use crate::rules::{Board, Dice, Side};
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

/// A reply: the position after the best play, and the probabilities for the player who made
/// it where the evaluator gave them while choosing it.
pub(crate) type Reply = (Board, Option<Probabilities>);

/// The replies chosen within one question, shared by the threads that search it.
#[derive(Debug, Default)]
pub(crate) struct Replies {
    /// The stakes the kept replies were chosen for.
    stakes: OnceLock<Stakes>,
    chosen: Mutex<HashMap<(Board, Side, Dice), Reply>>,
    /// The probabilities of positions searched (position, player on roll, plies).
    values: Mutex<HashMap<(Board, Side, u32), Probabilities>>,
}

impl Replies {
    /// The reply of `on_roll` rolling `dice` at `board`, chosen for `stakes`: the one kept, or
    /// `choose()`'s, then kept (for the first stakes asked only). Two threads may choose the
    /// same reply at once; both find the same.
    pub(crate) fn get_or_choose(
        &self,
        board: &Board,
        on_roll: Side,
        dice: Dice,
        stakes: &Stakes,
        choose: impl FnOnce() -> Reply,
    ) -> Reply {
        if self.stakes.get_or_init(|| *stakes) != stakes {
            return choose();
        }
        let key = (*board, on_roll, dice);
        if let Some(reply) = locked(&self.chosen).get(&key) {
            return *reply;
        }
        let reply = choose();
        locked(&self.chosen).insert(key, reply);
        reply
    }

    /// The probabilities of `board` for `on_roll` searched `depth` plies deep for `stakes`:
    /// those kept, or `search()`'s, then kept when it answered (for the first stakes asked
    /// only, as the replies).
    pub(crate) fn value_or_search(
        &self,
        board: &Board,
        on_roll: Side,
        depth: u32,
        stakes: &Stakes,
        search: impl FnOnce() -> Option<Probabilities>,
    ) -> Option<Probabilities> {
        if self.stakes.get_or_init(|| *stakes) != stakes {
            return search();
        }
        let key = (*board, on_roll, depth);
        if let Some(value) = locked(&self.values).get(&key) {
            return Some(*value);
        }
        let value = search()?;
        locked(&self.values).insert(key, value);
        Some(value)
    }
}

/// The map behind `mutex`, even if a thread panicked holding it (a map of answers stays
/// whole: an insert either happened or did not).
fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MatchState, Variant};

    #[test]
    fn a_reply_is_chosen_once_per_position_player_and_roll_for_the_first_stakes() {
        let replies = Replies::default();
        let money = Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X));
        let board = Board::start(Variant::Standard);
        let dice = Dice::new(6, 5).unwrap();
        let mut chosen = 0;
        for _ in 0..3 {
            let reply = replies.get_or_choose(&board, Side::X, dice, &money, || {
                chosen += 1;
                (board, None)
            });
            assert_eq!(reply, (board, None));
        }
        assert_eq!(chosen, 1);
        for (side, dice) in [(Side::O, dice), (Side::X, Dice::new(6, 4).unwrap())] {
            replies.get_or_choose(&board, side, dice, &money, || {
                chosen += 1;
                (board, None)
            });
        }
        assert_eq!(chosen, 3);
        // Other stakes choose afresh every time.
        let match_stakes = Stakes {
            match_length: 7,
            ..money
        };
        for _ in 0..2 {
            replies.get_or_choose(&board, Side::X, dice, &match_stakes, || {
                chosen += 1;
                (board, None)
            });
        }
        assert_eq!(chosen, 5);
    }

    #[test]
    fn a_value_is_searched_once_per_position_player_and_depth_once_it_answered() {
        let replies = Replies::default();
        let money = Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X));
        let board = Board::start(Variant::Standard);
        let mut searched = 0;
        let mut search = |answer: Option<Probabilities>| {
            replies.value_or_search(&board, Side::X, 2, &money, || {
                searched += 1;
                answer
            })
        };
        // A search the deadline stopped is not kept.
        assert_eq!(search(None), None);
        let value = Some(Probabilities::ZERO);
        assert_eq!(search(value), value);
        assert_eq!(search(None), value);
        assert_eq!(searched, 2);
        assert_eq!(
            replies.value_or_search(&board, Side::X, 1, &money, || value),
            value
        );
    }
}
