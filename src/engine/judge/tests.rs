//! Tests of the judge: plays, evaluations and cube answers within and without a budget.

use super::*;
use crate::engine::cube::DoubleAction;
use crate::engine::Pubeval;
use crate::rules::{GameState, Variant};
use std::time::Duration;

/// Money at the start, `on_roll` to roll, the game under way (the judge's submodules'
/// tests share it).
pub(super) fn money(on_roll: Side) -> MatchState {
    MatchState {
        game_state: GameState::Playing,
        ..MatchState::new_money_game(Variant::Standard, on_roll)
    }
}

/// X's last two checkers on his ace and deuce points, O fourteen on his seven point with
/// one borne off (no gammon), 21 to play: `2/off 1/off` wins now and `2/off` (2/1 1/off)
/// a roll later, both a sure single win (+1). gnubg 1.07's `hint` lists the win now first
/// (`wP8PAIACAAAAAA`, 2-ply); tavli's net put `2/off` first.
#[test]
fn a_play_that_wins_now_ranks_first_among_equal_plays() {
    let mut board = Board::empty();
    board.slots[Side::X.index()][0] = 1;
    board.slots[Side::X.index()][1] = 1;
    board.off[Side::X.index()] = 13;
    board.slots[Side::O.index()][6] = 14;
    board.off[Side::O.index()] = 1;
    let state = MatchState {
        board,
        ..money(Side::X)
    };
    let net = crate::engine::choice::embedded_net();
    for plies in 0..=2 {
        let ranked = Judge::new(net.as_ref(), plies).ranked_plays(&state, Dice::new(2, 1).unwrap());
        assert_eq!(ranked.len(), 2, "{ranked:?}");
        assert_eq!(
            ranked[0].play.result.checkers_in_play(Side::X),
            0,
            "{plies} plies: {ranked:?}"
        );
        assert!(
            (ranked[0].equity - ranked[1].equity).abs() < 1e-6,
            "{ranked:?}"
        );
    }
}

#[test]
fn the_two_players_evaluations_are_complements() {
    let state = money(Side::X);
    let judge = Judge::new(&Pubeval, 1);
    let mine = judge.evaluate(&state, Side::X);
    let theirs = judge.evaluate(&state, Side::O);
    assert_eq!(theirs, mine.for_opponent(&state));
    assert!((mine.cubeless_equity + theirs.cubeless_equity).abs() < 1e-12);
}

#[test]
fn the_best_play_is_the_first_ranked_play() {
    let state = money(Side::O);
    let judge = Judge::new(&Pubeval, 1);
    let dice = Dice::new(6, 4).unwrap_or_else(|_| unreachable!());
    let ranked = judge.ranked_plays(&state, dice);
    assert_eq!(
        ranked.len(),
        crate::rules::count_legal_plays(&state.board, Side::O, dice)
    );
    assert_eq!(judge.best_play(&state, dice), Some(ranked[0].play));
    let replayed = judge.play_evaluation(&state, &ranked[0].play);
    assert_eq!(replayed.probabilities, ranked[0].probabilities);
}

/// Within a spent budget the play is chosen as the 0-ply ranking chooses it, in a match
/// with the cube owned as in money.
#[test]
fn a_spent_budget_chooses_the_zero_ply_rankings_first_play() {
    let dice = Dice::new(5, 3).unwrap_or_else(|_| unreachable!());
    let spent = Judge::new(&Pubeval, 2).with_limits(SearchLimits::budget(Duration::ZERO));
    for state in [
        money(Side::O),
        MatchState {
            match_length: 7,
            score: [3, 5],
            cube_value: 2,
            cube_owner: Some(Side::X),
            ..money(Side::X)
        },
    ] {
        let zero_ply = Judge::new(&Pubeval, 0).ranked_plays(&state, dice);
        assert_eq!(spent.best_play(&state, dice), Some(zero_ply[0].play));
    }
}

#[test]
fn the_cube_off_best_play_is_the_first_of_the_searchs_ranking() {
    let state = money(Side::X);
    let dice = Dice::new(6, 2).unwrap_or_else(|_| unreachable!());
    let judge = Judge::new(&Pubeval, 1);
    let plays = state.rules().legal_plays(&state.board, Side::X, dice);
    let stakes = Stakes::from_state(&state);
    let ranked = judge
        .search()
        .rank_plays(&state.board, &plays, Side::X, &stakes);
    let play = best_play(judge.search(), &state, dice).unwrap_or_else(|| unreachable!());
    assert_eq!(play.result, plays[ranked[0].index].result);
}

#[test]
fn a_spent_budget_answers_at_zero_plies() {
    let state = money(Side::X);
    let spent = Judge::new(&Pubeval, 2).with_limits(SearchLimits::budget(Duration::ZERO));
    let (probabilities, plies) = spent.probabilities(&state);
    assert_eq!(plies, 0);
    assert_eq!(
        probabilities,
        Pubeval.probabilities(&state.board, state.variant, Side::X)
    );
    assert_eq!(spent.probabilities_by_depth(&state).len(), 1);
    let decision = spent.cube_decision(&state, Side::X, true);
    assert_eq!(decision.plies, 0);
    assert_eq!(decision.double(), DoubleAction::NoDouble);
}

/// Pubeval whose evaluations become slow (a millisecond each) after the first `fast`:
/// a budget then runs out at a known depth, whatever the machine's load.
struct Slowing {
    calls: std::sync::atomic::AtomicUsize,
    fast: usize,
}

impl Slowing {
    fn new(fast: usize) -> Slowing {
        Slowing {
            calls: std::sync::atomic::AtomicUsize::new(0),
            fast,
        }
    }

    fn calls(&self) -> usize {
        self.calls.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Evaluator for Slowing {
    fn name(&self) -> &str {
        "slowing pubeval"
    }

    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
        let call = self
            .calls
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if call >= self.fast {
            std::thread::sleep(Duration::from_millis(1));
        }
        Pubeval.probabilities(board, variant, on_roll)
    }
}

/// The cube answer obeys the budget moves obey: with evaluations fast up to the end of the
/// 1-ply search and slow after, a 2-ply judge with a 150 ms budget answers the cube at the
/// depth it completed (1 ply, the same figures as an unlimited 1-ply judge), and stops
/// within the budget (plus the one roll under way when it ran out).
#[test]
fn a_spent_budget_answers_the_cube_at_the_depth_it_reached() {
    let state = money(Side::X);
    let counting = Slowing::new(usize::MAX);
    let (one_ply, _) = Judge::new(&counting, 1).probabilities(&state);
    // The deepening asks the evaluator once at 0 plies, then does the 1-ply search.
    let slowing = Slowing::new(1 + counting.calls());
    let budget = Duration::from_millis(150);
    let judge = Judge::new(&slowing, 2).with_limits(SearchLimits::budget(budget));
    let started = std::time::Instant::now();
    let decision = judge.cube_decision(&state, Side::X, false);
    let elapsed = started.elapsed();
    assert_eq!(decision.plies, 1);
    assert_eq!(decision.probabilities, one_ply);
    let unlimited = Judge::new(&Slowing::new(usize::MAX), 1).cube_decision(&state, Side::X, false);
    assert_eq!(decision, unlimited);
    // The search looks at the deadline before each roll at every level, so it stops within
    // one roll's work (a ranking of a reply's plays, some 30 slow evaluations) of the
    // budget; a whole reply roll of the 2-ply search (21 such rankings) would take 0.6 s.
    assert!(elapsed < budget + Duration::from_millis(400), "{elapsed:?}");
    assert!(slowing.calls() > 1 + counting.calls());
}

/// Probabilities made up from a hash of the position: plays that trade winning chances
/// against gammons, so that money and double match point choose differently.
struct Hashed;

impl Evaluator for Hashed {
    fn name(&self) -> &str {
        "hashed"
    }

    fn probabilities(&self, board: &Board, _: Variant, on_roll: Side) -> Probabilities {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut hasher = DefaultHasher::new();
        format!("{board:?} {on_roll:?}").hash(&mut hasher);
        let hash = hasher.finish();
        let fraction = |shift: u32| ((hash >> shift) & 0xffff) as f64 / 65535.0;
        let win = 0.3 + 0.4 * fraction(0);
        Probabilities {
            win,
            win_gammon: win * 0.5 * fraction(16),
            win_backgammon: 0.0,
            lose_gammon: (1.0 - win) * 0.5 * fraction(32),
            lose_backgammon: 0.0,
        }
    }
}

/// The replies inside the search are chosen for the real score: at double match point
/// (gammons worthless) the 1-ply figures differ from money's, and are the search's at the
/// match's stakes.
#[test]
fn the_searchs_replies_are_chosen_for_the_score() {
    let judge = Judge::new(&Hashed, 1);
    let money_state = money(Side::X);
    let match_state = MatchState {
        match_length: 5,
        score: [4, 4],
        ..money(Side::X)
    };
    let (at_money, _) = judge.probabilities(&money_state);
    let (at_match, _) = judge.probabilities(&match_state);
    assert_ne!(at_money, at_match);
    let stakes = Stakes::from_state(&match_state);
    assert_eq!(
        at_match,
        judge
            .search()
            .probabilities_at(&match_state.board, Side::X, 1, &stakes)
    );
}

#[test]
fn depths_without_a_budget_are_the_searchs() {
    let state = money(Side::X);
    let judge = Judge::new(&Pubeval, 1);
    let rows = judge.probabilities_by_depth(&state);
    let stakes = Stakes::from_state(&state);
    assert_eq!(rows.len(), 2);
    assert_eq!(
        rows[1],
        judge
            .search()
            .probabilities_at(&state.board, Side::X, 1, &stakes)
    );
    assert_eq!(judge.probabilities(&state), (rows[1], 1));
}
