//! The engine protocols driven as a controller drives them: `tavli ubgi` over its standard
//! input and output, `tavli external` over TCP (the processes: [`process`]), and random
//! positions to ask them about.

use super::random_position::random_walk;
use super::tavli_binary;
use rand::rngs::StdRng;
use rand::Rng;
use tavli::rules::{Board, Dice, GameState, MatchState, Play, Side, Variant};

/// A random position with the player on roll, a random match context and dice: money or a
/// 7-point match at any score (the Crawford game included), the cube centred at 1 or owned
/// at 2 or 4 by either player. `None` when the walk ended the game.
pub fn random_case(rng: &mut StdRng) -> Option<(MatchState, Dice)> {
    let first = if rng.gen_bool(0.5) { Side::O } else { Side::X };
    let (board, on_roll) = random_walk(rng, Variant::Standard, first)?;
    let match_length = if rng.gen_bool(0.4) { 0 } else { 7 };
    let score = if match_length == 0 {
        [0, 0]
    } else {
        [rng.gen_range(0..7), rng.gen_range(0..7)]
    };
    let one_away = match_length > 0 && score.contains(&6);
    let crawford = one_away && rng.gen_bool(0.5);
    let (cube_value, cube_owner) = match rng.gen_range(0..6) {
        _ if crawford => (1, None),
        0 => (2, Some(Side::O)),
        1 => (2, Some(Side::X)),
        2 => (4, Some(on_roll)),
        _ => (1, None),
    };
    // High die first, as the engines are told the roll (the order of a play's moves follows).
    let (first_die, second_die) = (rng.gen_range(1..=6), rng.gen_range(1..=6));
    let dice = Dice::new(first_die.max(second_die), first_die.min(second_die)).ok()?;
    let state = MatchState {
        board,
        game_state: GameState::Playing,
        match_length,
        score,
        crawford,
        cube_value,
        cube_owner,
        jacoby: false,
        dice: Some(dice),
        ..MatchState::new_money_game(Variant::Standard, on_roll)
    };
    Some((state, dice))
}

/// The result of the legal play of `state` with `dice` that `written` (by `format`) names,
/// its moves in any order.
pub fn result_named(
    state: &MatchState,
    dice: Dice,
    written: &str,
    format: &dyn Fn(&MatchState, &Play) -> String,
) -> Option<Board> {
    let moves = |text: &str| {
        let mut moves: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        moves.sort_unstable();
        moves
    };
    let plays = state.rules().legal_plays(&state.board, state.on_roll, dice);
    plays
        .iter()
        .find(|play| moves(&format(state, play)) == moves(written))
        .map(|play| play.result)
}

mod process;
pub use process::{External, Ubgi};

impl Ubgi {
    /// Starts the `tavli ubgi` cargo built with `args`.
    pub fn start(args: &[&str]) -> Ubgi {
        Ubgi::start_binary(tavli_binary(), args)
    }
}

impl External {
    /// Starts the `tavli external` cargo built with `args` and connects to it.
    pub fn start(args: &[&str]) -> External {
        External::start_binary(tavli_binary(), args)
    }
}
