//! gnubg's `show pipcount` line, as a pure function of the board and the player on roll.

use crate::rules::{Board, Side};

/// The text gnubg 1.07 prints for `show pipcount`: `The pip counts are: A 167, B 163.`
///
/// The player on roll (`on_roll`, gnubg's `fMove`; the loser once a game is over) comes
/// first, with his name from `names` (indexed by [`Side::index`]). The result is one line
/// ending in `"\n"`.
///
/// For `show pipcount <position ID>` gnubg keeps the current game's order of names and gives
/// the first name the pips of the ID's player on roll: pass a board on which `on_roll` holds
/// the ID's player-on-roll checkers.
#[must_use]
pub fn render_pipcount(board: &Board, on_roll: Side, names: [&str; 2]) -> String {
    let other = on_roll.opponent();
    format!(
        "The pip counts are: {} {}, {} {}.\n",
        names[on_roll.index()],
        board.pips(on_roll),
        names[other.index()],
        board.pips(other)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn player_on_roll_comes_first() {
        let mut board = Board::start(Variant::Standard);
        board.slots[Side::X.index()][7] -= 1;
        board.slots[Side::X.index()][5] -= 1;
        board.slots[Side::X.index()][4] += 2;
        assert_eq!(
            render_pipcount(&board, Side::O, ["gnubg", "root"]),
            "The pip counts are: gnubg 167, root 163.\n"
        );
        assert_eq!(
            render_pipcount(&board, Side::X, ["gnubg", "root"]),
            "The pip counts are: root 163, gnubg 167.\n"
        );
    }

    #[test]
    fn names_are_printed_in_full_and_bar_counts_25() {
        let mut board = Board::empty();
        board.slots[Side::X.index()][24] = 1;
        board.slots[Side::O.index()][0] = 2;
        assert_eq!(
            render_pipcount(&board, Side::X, ["Alice Smith", "root"]),
            "The pip counts are: root 25, Alice Smith 2.\n"
        );
    }
}
