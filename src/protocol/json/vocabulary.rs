//! The shapes every JSON output of tavli shares: the board object and the labelled
//! probabilities. Dice, sides, variants and boards carry their JSON spelling on their own
//! types in `rules` (an array `[6, 4]`, a player number `0|1`, the command line's variant
//! name, `points`/`bar`/`off`).

use crate::codec::match_id;
use crate::engine::Probabilities;
use crate::protocol::text;
use crate::rules::MatchState;
use serde::{Serialize, Serializer};

/// The one board object of tavli's JSON: the position's Position ID (tavli's position text in
/// the variants gnubg lacks), its Match ID, and the state as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardObject {
    /// The Position ID.
    pub position_id: String,
    /// The Match ID.
    pub match_id: String,
    /// The board, the player on roll, the dice, the cube and the score.
    pub state: MatchState,
}

impl BoardObject {
    /// The board object of `state`.
    #[must_use]
    pub fn new(state: &MatchState) -> BoardObject {
        BoardObject {
            position_id: text::position_text(state),
            match_id: match_id::encode(state),
            state: *state,
        }
    }
}

/// gnubg's six figures (win, win gammon, win backgammon, lose, lose gammon, lose backgammon)
/// as the labelled probabilities of the player on roll (lose = 1 - win is implied).
#[must_use]
pub fn labelled(figures: &[f64; 6]) -> Probabilities {
    Probabilities {
        win: figures[0],
        win_gammon: figures[1],
        win_backgammon: figures[2],
        lose_gammon: figures[4],
        lose_backgammon: figures[5],
    }
}

/// Serializes gnubg's six figures as the labelled probabilities (`serialize_with`).
///
/// # Errors
/// The serializer's.
pub fn labelled_probabilities<S: Serializer>(
    figures: &[f64; 6],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    labelled(figures).serialize(serializer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Side, Variant};

    #[test]
    fn six_figures_become_five_labelled_probabilities() {
        let value =
            serde_json::to_value(labelled(&[0.6, 0.2, 0.01, 0.4, 0.1, 0.02])).unwrap_or_default();
        assert_eq!(
            value,
            serde_json::json!({"win": 0.6, "win_gammon": 0.2, "win_backgammon": 0.01,
                "lose_gammon": 0.1, "lose_backgammon": 0.02})
        );
    }

    #[test]
    fn the_board_object_spells_the_vocabulary() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        let value = serde_json::to_value(BoardObject::new(&state)).unwrap_or_default();
        assert_eq!(value["position_id"], "4HPwATDgc/ABMA");
        assert_eq!(value["state"]["variant"], "standard");
        assert_eq!(value["state"]["on_roll"], 1);
        assert_eq!(value["state"]["game_state"], "playing");
        assert_eq!(value["state"]["board"]["points"][1][5], 5);
    }
}
