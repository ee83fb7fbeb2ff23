//! Property tests of the codecs: random legal boards and match states survive every
//! encode/decode round trip, and no decoder panics on arbitrary text.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use tavli::codec::position_id::board_from_slots;
use tavli::codec::{fibs, gnubg_id, match_id, parse_position, position_id, xgid, FibsFlavour};
use tavli::rules::{Board, Dice, GameState, MatchState, Resignation, Side, Variant};

fn variant() -> impl Strategy<Value = Variant> {
    select(Variant::ALL.to_vec())
}

fn side() -> impl Strategy<Value = Side> {
    select(Side::BOTH.to_vec())
}

/// A legal board of `variant`: checkers dropped on random slots, `O`'s skipped where `X`
/// already stands, and the rare both-barred-against-closed-boards case filtered out.
fn board(variant: Variant) -> impl Strategy<Value = Board> {
    let checkers = usize::from(variant.checkers());
    (vec(0usize..25, 0..=checkers), vec(0usize..25, 0..=checkers)).prop_filter_map(
        "legal board",
        move |(x_slots, o_slots)| {
            let mut slots = [[0u8; 25]; 2];
            for slot in x_slots {
                slots[Side::X.index()][slot] += 1;
            }
            for slot in o_slots {
                if slot < 24 && slots[Side::X.index()][23 - slot] > 0 {
                    continue;
                }
                slots[Side::O.index()][slot] += 1;
            }
            board_from_slots(slots, variant).ok()
        },
    )
}

fn any_board() -> impl Strategy<Value = (Variant, Board)> {
    variant().prop_flat_map(|variant| (Just(variant), board(variant)))
}

fn dice() -> impl Strategy<Value = Option<Dice>> {
    prop_oneof![
        Just(None),
        (1u8..=6, 0u8..=5).prop_map(|(high, below)| {
            let low = high.saturating_sub(below).max(1);
            Some(Dice::new(high, low).expect("dice in range"))
        }),
    ]
}

fn game_state() -> impl Strategy<Value = GameState> {
    select(vec![
        GameState::NoGame,
        GameState::Playing,
        GameState::Over,
        GameState::Resigned,
        GameState::Dropped,
    ])
}

fn resignation() -> impl Strategy<Value = Option<Resignation>> {
    select(vec![
        None,
        Some(Resignation::Single),
        Some(Resignation::Gammon),
        Some(Resignation::Backgammon),
    ])
}

/// Match length and score: money (any 15-bit scores) or a match with scores up to the length.
fn score() -> impl Strategy<Value = (u32, [u32; 2])> {
    prop_oneof![
        (0u32..=0x7fff, 0u32..=0x7fff).prop_map(|(o, x)| (0, [o, x])),
        (1u32..=64)
            .prop_flat_map(|length| (Just(length), (0..=length, 0..=length)))
            .prop_map(|(length, (o, x))| (length, [o, x])),
    ]
}

/// Any match state a Match ID can hold (dice stored larger first, as gnubg writes them).
fn match_state() -> impl Strategy<Value = MatchState> {
    (
        any_board(),
        (0u32..=12, prop::option::of(side()), side(), side()),
        (any::<bool>(), game_state(), any::<bool>(), resignation()),
        (dice(), score(), any::<bool>()),
    )
        .prop_map(
            |(
                (variant, board),
                (cube_log2, cube_owner, on_roll, turn),
                (crawford, game_state, double_offered, resignation),
                (dice, (match_length, score), jacoby),
            )| MatchState {
                board,
                variant,
                cube_value: 1 << cube_log2,
                cube_owner,
                on_roll,
                turn,
                crawford: crawford && match_length > 0,
                game_state,
                double_offered,
                resignation,
                dice,
                match_length,
                score,
                jacoby,
            },
        )
}

/// Whether gnubg's reading of an XGID (`shortest` 2) or a FIBS line (`shortest` 1) gives
/// the Crawford flag back: it needs a player 1-away in a match of at least `shortest` points.
fn crawford_readable(state: &MatchState, shortest: u32) -> bool {
    let length = state.match_length;
    let one_away = length >= shortest && state.score.iter().any(|&points| points + 1 == length);
    !state.crawford || one_away
}

/// A state an XGID can hold: playing, no resignation, a pending double only by the player
/// on roll, scores below the match length, Crawford only at 1-away with the cube at 1.
fn xgid_state() -> impl Strategy<Value = MatchState> {
    match_state().prop_filter_map("XGID-representable", |mut state| {
        state.game_state = GameState::Playing;
        state.jacoby = state.jacoby && state.match_length == 0;
        state.resignation = None;
        if state.double_offered {
            state.dice = None;
            state.turn = state.on_roll.opponent();
        } else {
            state.turn = state.on_roll;
        }
        if state.match_length > 0 && state.score.iter().any(|&s| s >= state.match_length) {
            return None;
        }
        if state.score.iter().any(|&s| s > 9999) {
            return None;
        }
        if !crawford_readable(&state, 2) {
            return None;
        }
        if state.crawford {
            state.cube_value = 1;
            state.cube_owner = None;
        }
        Some(state)
    })
}

/// A state a FIBS line holds: as for XGID, Jacoby as gnubg's default, any turn when doubled.
fn fibs_state() -> impl Strategy<Value = MatchState> {
    match_state().prop_filter_map("FIBS-representable", |mut state| {
        state.game_state = GameState::Playing;
        state.resignation = None;
        state.jacoby = state.match_length == 0;
        if !state.double_offered {
            state.turn = state.on_roll;
        }
        if state.match_length > 0 && state.score.iter().any(|&s| s >= state.match_length) {
            return None;
        }
        crawford_readable(&state, 1).then_some(state)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn position_id_round_trip((variant, board) in any_board(), on_roll in side()) {
        let text = position_id::encode(&board, on_roll);
        prop_assert_eq!(text.len(), 14);
        prop_assert!(matches!(text.chars().last(), Some('A' | 'Q' | 'g' | 'w')));
        prop_assert_eq!(position_id::decode(&text, on_roll, variant), Ok(board));
        prop_assert_eq!(position_id::decode_lenient(&text, on_roll, variant), Ok(board));
    }

    #[test]
    fn match_id_round_trip(state in match_state()) {
        let text = match_id::encode(&state);
        prop_assert_eq!(text.len(), 12);
        let fields = match_id::decode(&text).expect("own Match ID decodes");
        prop_assert_eq!(fields.into_state(state.board, state.variant), Ok(state));
    }

    #[test]
    fn gnubg_id_round_trip(state in match_state()) {
        let text = gnubg_id::encode(&state);
        prop_assert_eq!(gnubg_id::decode(&text, state.variant), Ok(state));
        // `set gnubgid` settles the Match ID first; if that changes the player on roll (a
        // pending beaver steps back to the beaverer), the Position ID, written for the old
        // player on roll, is read for the new one: the board comes out swapped.
        let mut settled = gnubg_id::settled_as_gnubg_sets(state);
        if settled.on_roll != state.on_roll {
            settled.board = state.board.swapped();
        }
        prop_assert_eq!(gnubg_id::apply_lenient(&text, &state), Ok(settled));
    }

    #[test]
    fn xgid_round_trip(state in xgid_state()) {
        let text = xgid::encode(&state).expect("representable state");
        prop_assert_eq!(xgid::decode(&text, state.variant), Ok(state));
        let fields = xgid::parse(&text, state.variant).expect("own XGID parses");
        prop_assert_eq!(fields.to_string(), text);
    }

    #[test]
    fn fibs_round_trip(state in fibs_state(), external in any::<bool>()) {
        let flavour = if external { FibsFlavour::ExternalPlayer } else { FibsFlavour::ShowBoard };
        let mut expected = state;
        if external && state.double_offered {
            // The external flavour only says a double is pending, not who answers.
            expected.turn = state.on_roll.opponent();
        }
        let text = fibs::encode(&expected, ["o:name", "x name"], flavour);
        let decoded = fibs::decode(&text, state.variant, flavour).expect("own line decodes");
        prop_assert_eq!(decoded.state, expected);
        prop_assert_eq!(decoded.names, ["o_name".to_string(), "x name".to_string()]);
    }

    #[test]
    fn detected_forms_agree(state in xgid_state()) {
        let by_gnubg_id = parse_position(&gnubg_id::encode(&state), state.variant);
        prop_assert_eq!(by_gnubg_id, Ok(state));
        let text = xgid::encode(&state).expect("representable state");
        prop_assert_eq!(parse_position(&text, state.variant), Ok(state));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn position_id_decoders_never_panic(text in "[A-Za-z0-9+/!: ]{0,16}|\\PC{0,20}") {
        if let Ok(board) = position_id::decode_lenient(&text, Side::X, Variant::Standard) {
            let again = position_id::encode(&board, Side::X);
            prop_assert_eq!(position_id::decode(&again, Side::X, Variant::Standard), Ok(board));
        }
        if position_id::decode(&text, Side::O, Variant::Standard).is_ok() {
            prop_assert_eq!(text.chars().count(), 14);
        }
    }

    #[test]
    fn match_and_gnubg_id_decoders_never_panic(
        text in "[A-Za-z0-9+/]{12}|[A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12}|[A-Za-z0-9+/:; ]{0,40}|\\PC{0,40}"
    ) {
        if let Ok(fields) = match_id::decode(&text) {
            prop_assert_eq!(match_id::decode(&fields.encode()), Ok(fields));
        }
        if let Ok(state) = gnubg_id::decode(&text, Variant::Standard) {
            prop_assert_eq!(gnubg_id::decode(&gnubg_id::encode(&state), Variant::Standard), Ok(state));
        }
        let current = MatchState::new_money_game(Variant::Standard, Side::X);
        if let Ok(state) = gnubg_id::apply_lenient(&text, &current) {
            prop_assert!(state.board.validate(Variant::Standard).is_ok());
        }
    }

    #[test]
    fn xgid_decoder_never_panics(
        text in "(XGID=)?[-A-Pa-q]{24,27}(:-?[0-9D]{1,3}){7,10}|[-A-Za-z0-9:=]{0,60}|\\PC{0,60}"
    ) {
        if let Ok(state) = xgid::decode(&text, Variant::Standard) {
            if let Ok(written) = xgid::encode(&state) {
                prop_assert_eq!(xgid::decode(&written, Variant::Standard), Ok(state));
            }
        }
    }

    #[test]
    fn fibs_decoder_never_panics(text in "board:[a-z]{0,3}:[a-z]{0,3}(:-?[0-9]{1,2}){48,52}|board:[-0-9:a-z]{0,120}|\\PC{0,80}") {
        if let Ok(decoded) = fibs::decode(&text, Variant::Standard, FibsFlavour::ShowBoard) {
            prop_assert!(decoded.state.board.validate(Variant::Standard).is_ok());
        }
        let detected = parse_position(&text, Variant::Standard);
        if let Ok(state) = detected {
            prop_assert!(state.board.validate(Variant::Standard).is_ok());
        }
    }
}
