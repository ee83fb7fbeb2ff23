//! The UBGI session's answers: budgets, depths and the cube.

use super::*;
use crate::engine::evaluator::Probabilities;
use crate::engine::Pubeval;
use crate::rules::{Board, Variant};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Pubeval that counts its evaluations: the work a request did, whatever the machine's
/// load.
#[derive(Default)]
struct Counting {
    calls: AtomicUsize,
}

impl Evaluator for Counting {
    fn name(&self) -> &str {
        "counting"
    }

    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
        self.calls.fetch_add(1, Ordering::Relaxed);
        Pubeval.probabilities(board, variant, on_roll)
    }
}

/// The reply to `go` at `engine.ply` 3 for 2-2 from the opening position (many plays),
/// in a session whose own budget is `budget`, and the evaluations it took.
fn go_from_the_opening(budget: Option<Duration>, go: &str) -> (Vec<String>, usize) {
    let limits = SearchLimits { budget, threads: 1 };
    let mut session = UbgiSession::new(Counting::default(), "tavli").with_search(3, limits);
    assert!(session
        .handle_line("position gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA")
        .is_empty());
    assert!(session.handle_line("dice 2 2").is_empty());
    let reply = session.handle_line(go);
    (reply, session.evaluator.calls.load(Ordering::Relaxed))
}

#[test]
fn info_depth_is_the_depth_reached_within_the_budget() {
    let (unlimited, _) = go_from_the_opening(None, "go");
    assert!(unlimited[0].starts_with("info depth 3 "), "{unlimited:?}");
    // A spent budget: the play chosen and judged by the evaluator alone, depth 1.
    let (spent, _) = go_from_the_opening(Some(Duration::ZERO), "go");
    assert!(spent[0].starts_with("info depth 1 "), "{spent:?}");
    assert!(spent[1].starts_with("bestmove "), "{spent:?}");
    // A play that bears off the last checker is exact: the depth asked, whatever the
    // budget (X on his ace and deuce, 21; O one checker from home).
    let limits = SearchLimits {
        budget: Some(Duration::ZERO),
        threads: 1,
    };
    let mut session = UbgiSession::new(Counting::default(), "tavli").with_search(3, limits);
    session.handle_line("position gnubgid AgAAFAAAAAAAAA:cIkFAAAAAAAA");
    session.handle_line("dice 2 1");
    assert_eq!(
        session.handle_line("go"),
        [
            "info depth 3 nodes 2 score 1.0000 win 1.0000 wg 0.0000 wbg 0.0000 lg 0.0000 \
             lbg 0.0000",
            "bestmove 2/off 1/off"
        ]
    );
}

#[test]
fn movetime_is_the_budget_of_its_request() {
    let (unlimited, full_work) = go_from_the_opening(None, "go");
    assert!(unlimited[1].starts_with("bestmove "), "{unlimited:?}");
    // `movetime 0` lifts the session's budget: the same search, evaluation for evaluation.
    let (lifted, lifted_work) =
        go_from_the_opening(Some(Duration::from_millis(1)), "go movetime 0");
    assert_eq!((lifted, lifted_work), (unlimited.clone(), full_work));
    // A millisecond stops the deepening within a roll's work: a small part of the full
    // 2-ply search, still a legal answer. (How small depends on the machine: a release
    // build on a fast one did 10.1% of the work in the millisecond, so a quarter is asked.)
    let (timed, timed_work) = go_from_the_opening(None, "go movetime 1");
    assert!(timed[1].starts_with("bestmove "), "{timed:?}");
    assert!(
        timed_work * 4 < full_work,
        "{timed_work} of {full_work} evaluations"
    );
    // The session's own budget (`--move-time`) limits a `go` that gives none.
    let (_, session_work) = go_from_the_opening(Some(Duration::from_millis(1)), "go");
    assert!(
        session_work * 4 < full_work,
        "{session_work} of {full_work} evaluations"
    );
}

/// A race of two home boards (checkers per point, ace point first), X on roll, in money
/// play or a 7-point match at 2-3; with `doubled`, X has doubled and O must answer.
fn race(x: [u8; 6], o: [u8; 6], match_length: u32, doubled: bool) -> MatchState {
    let mut board = Board::empty();
    for (point, (x, o)) in x.into_iter().zip(o).enumerate() {
        board.slots[Side::X.index()][point] = x;
        board.slots[Side::O.index()][point] = o;
    }
    MatchState {
        board,
        game_state: GameState::Playing,
        match_length,
        score: if match_length > 0 { [2, 3] } else { [0, 0] },
        jacoby: false,
        double_offered: doubled,
        turn: if doubled { Side::O } else { Side::X },
        ..MatchState::new_money_game(Variant::Standard, Side::X)
    }
}

/// 57 pips (X's in every race here).
const HOME_57: [u8; 6] = [2, 2, 2, 3, 3, 3];
/// 62 pips: X 5 ahead.
const HOME_62: [u8; 6] = [1, 2, 2, 3, 3, 4];
/// 66 pips: X 9 ahead, or 9 behind.
const HOME_66: [u8; 6] = [0, 2, 2, 3, 4, 4];

fn position_line(state: &MatchState) -> String {
    format!("position gnubgid {}", crate::codec::gnubg_id::encode(state))
}

/// The value after `key` on an `info` line.
fn info_value(info: &str, key: &str) -> f64 {
    let words: Vec<&str> = info.split(' ').collect();
    let index = words.iter().position(|word| *word == key);
    index
        .and_then(|index| words.get(index + 1))
        .and_then(|word| word.parse().ok())
        .unwrap_or_else(|| panic!("no {key} in {info}"))
}

/// The answer to a pending double is worded from the decision's own figures: its `score` is
/// what the position after the answer is worth to the taker, searched at the same depth (the
/// cube at twice the offer owned by the taker, a beaver four times; a drop loses the cube
/// offered on), and its depth is the depth searched. Take, drop and beaver all occur.
#[test]
fn a_pending_doubles_score_is_the_takers_equity_after_the_answer() {
    let mut answers = std::collections::BTreeSet::new();
    let mut states = Vec::new();
    for match_length in [0, 7] {
        for (x, o) in [(HOME_57, HOME_62), (HOME_57, HOME_66), (HOME_66, HOME_57)] {
            states.push(race(x, o, match_length, true));
        }
    }
    // A redouble in money: X owns the cube at 2.
    states.push(MatchState {
        cube_value: 2,
        cube_owner: Some(Side::X),
        ..race(HOME_66, HOME_57, 0, true)
    });
    for ply in 1..=2 {
        let judge = Judge::new(&Pubeval, ply - 1);
        for written in &states {
            let mut session =
                UbgiSession::new(Pubeval, "tavli").with_search(ply, SearchLimits::UNLIMITED);
            assert!(session.handle_line(&position_line(written)).is_empty());
            let state = *session.state().expect("the position");
            assert!(state.double_offered);
            let reply = session.handle_line("go cube");
            let answer = reply[1].strip_prefix("bestcube ").expect("bestcube");
            let (doubler, taker) = (Side::X, Side::O);
            let cube = state.cube_value;
            let after = |factor: u32| {
                let taken = MatchState {
                    cube_value: cube * factor,
                    cube_owner: Some(taker),
                    double_offered: false,
                    turn: doubler,
                    ..state
                };
                let equity = judge.evaluate(&taken, taker).cubeful_equity;
                if state.is_match() {
                    equity
                } else {
                    equity * f64::from(factor)
                }
            };
            let expected = match answer {
                "drop" if state.is_match() => {
                    Stakes::from_state(&state).match_winning_chance(taker, -i64::from(cube))
                }
                "drop" => -1.0,
                "take" => after(2),
                "beaver" => after(4),
                other => panic!("{other}"),
            };
            let score = info_value(&reply[0], "score");
            assert!(
                (score - expected).abs() < 1e-4,
                "{ply} ply {reply:?}: expected {expected}"
            );
            assert_eq!(info_value(&reply[0], "depth"), f64::from(ply), "{reply:?}");
            answers.insert(answer.to_string());
        }
    }
    assert_eq!(
        answers.into_iter().collect::<Vec<_>>(),
        ["beaver", "drop", "take"]
    );
}

/// `go cube` is the judge's cube decision at the request's depth (`engine.ply`, or `depth`),
/// within its budget: a spent one answers at 1 ply (the evaluator alone), and the `info`
/// line says the depth reached.
#[test]
fn cube_answers_are_searched_as_deep_as_asked_within_the_budget() {
    let state = race(HOME_57, HOME_66, 0, false);
    let session_at = |budget: Option<Duration>| {
        let limits = SearchLimits { budget, threads: 1 };
        let mut session = UbgiSession::new(Pubeval, "tavli").with_search(3, limits);
        assert!(session.handle_line(&position_line(&state)).is_empty());
        session
    };
    let expected = |plies: u32| {
        let decision = Judge::new(&Pubeval, plies).cube_decision(&state, Side::X, true);
        let evaluation = decision.evaluation(&state, Side::X);
        let action = match decision.double() {
            DoubleAction::Double => "double",
            DoubleAction::NoDouble => "nodouble",
        };
        vec![
            info_line(plies + 1, 0, evaluation.cubeful_equity, &evaluation),
            format!("bestcube {action}"),
        ]
    };
    let mut unlimited = session_at(None);
    let mut answers = Vec::new();
    for (go, plies) in [
        ("go cube", 2),
        ("go cube depth 2", 1),
        ("go cube depth 1", 0),
    ] {
        let reply = unlimited.handle_line(go);
        assert_eq!(reply, expected(plies), "{go}");
        answers.push(reply);
    }
    // The depths' figures differ: each reply is its own depth's.
    assert_ne!(answers[0][0], answers[1][0]);
    assert_ne!(answers[1][0], answers[2][0]);
    let mut spent = session_at(Some(Duration::ZERO));
    assert_eq!(spent.handle_line("go cube"), expected(0));
    assert_eq!(spent.handle_line("go cube movetime 0"), expected(2));
}

/// Without a budget `go turn` is `go cube`'s action and `go`'s play and line; with a spent
/// one both parts answer at 1 ply. Where no double is possible (the cube the opponent's)
/// the action is `nodouble` without a search.
#[test]
fn go_turn_is_the_cube_action_then_the_play() {
    let mut doubles = 0;
    for state in [
        race(HOME_57, HOME_66, 0, false),
        race(HOME_57, HOME_62, 7, false),
        race(HOME_66, HOME_57, 0, false),
    ] {
        for budget in [None, Some(Duration::ZERO)] {
            let limits = SearchLimits { budget, threads: 1 };
            let mut session = UbgiSession::new(Pubeval, "tavli").with_search(2, limits);
            assert!(session.handle_line(&position_line(&state)).is_empty());
            assert!(session.handle_line("dice 4 2").is_empty());
            let cube = session.handle_line("go cube");
            let chequer = session.handle_line("go");
            let turn = session.handle_line("go turn");
            let action = cube[1].strip_prefix("bestcube ").expect("bestcube");
            let play = chequer[1].strip_prefix("bestmove ").expect("bestmove");
            assert_eq!(turn[0], chequer[0]);
            assert_eq!(turn[1], format!("bestturn cube={action} move={play}"));
            doubles += usize::from(action == "double");
        }
    }
    assert!(doubles >= 2, "{doubles}");
    // The cube the opponent's: no search for the cube.
    let owned = MatchState {
        cube_value: 2,
        cube_owner: Some(Side::O),
        ..race(HOME_57, HOME_66, 0, false)
    };
    let mut session =
        UbgiSession::new(Counting::default(), "tavli").with_search(1, SearchLimits::UNLIMITED);
    assert!(session.handle_line(&position_line(&owned)).is_empty());
    assert!(session.handle_line("dice 4 2").is_empty());
    let chequer = session.handle_line("go");
    let before = session.evaluator.calls.load(Ordering::Relaxed);
    let turn = session.handle_line("go turn");
    let work = session.evaluator.calls.load(Ordering::Relaxed) - before;
    assert!(
        turn[1].starts_with("bestturn cube=nodouble move="),
        "{turn:?}"
    );
    assert_eq!(turn[0], chequer[0]);
    let chequer_work = {
        let before = session.evaluator.calls.load(Ordering::Relaxed);
        session.handle_line("go");
        session.evaluator.calls.load(Ordering::Relaxed) - before
    };
    assert_eq!(work, chequer_work);
}

/// Both wire layers ask the same judge: at every depth, with no budget and with a spent one,
/// UBGI's `go cube` (before the roll, and with the double pending) is `tavli external`'s
/// answer to the same board, in money (beavers on and off) and in a match, the cube centred
/// or the doubler's.
#[test]
fn ubgi_and_external_answer_the_cube_alike_at_the_same_plies_and_budget() {
    use crate::codec::fibs::{self, FibsFlavour};
    use crate::wire::external::{ExternalSession, Reply, SessionDefaults};
    let mut states = Vec::new();
    for match_length in [0, 7] {
        for (x, o) in [(HOME_57, HOME_62), (HOME_57, HOME_66), (HOME_66, HOME_57)] {
            states.push(race(x, o, match_length, false));
        }
    }
    states.push(MatchState {
        cube_value: 2,
        cube_owner: Some(Side::X),
        ..race(HOME_66, HOME_57, 0, false)
    });
    let mut asked = 0;
    for budget in [None, Some(Duration::ZERO)] {
        let limits = SearchLimits { budget, threads: 1 };
        for plies in 0..=2 {
            for beavers in [true, false] {
                let defaults = SessionDefaults {
                    jacoby: false,
                    beavers,
                    cube: true,
                };
                let mut external =
                    ExternalSession::new(Pubeval, defaults).with_search(plies, limits);
                let mut ubgi = UbgiSession::new(Pubeval, "tavli").with_search(plies + 1, limits);
                assert!(ubgi
                    .handle_line(&format!("set game.beavers {beavers}"))
                    .is_empty());
                for before in &states {
                    let offered = MatchState {
                        double_offered: true,
                        turn: Side::O,
                        ..*before
                    };
                    for state in [before, &offered] {
                        assert!(ubgi.handle_line(&position_line(state)).is_empty());
                        let reply = ubgi.handle_line("go cube");
                        let by_ubgi = reply[1].strip_prefix("bestcube ").expect("bestcube");
                        let board = fibs::encode(state, ["O", "X"], FibsFlavour::ShowBoard);
                        let Reply::Send(text) = external.handle_line(&board) else {
                            panic!("external closed on {board}");
                        };
                        let by_external = match text.trim_end() {
                            "roll" => "nodouble",
                            other => other,
                        };
                        assert_eq!(
                            by_ubgi, by_external,
                            "{board}: {plies} plies, budget {budget:?}, beavers {beavers}"
                        );
                        asked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(asked, 2 * 3 * 2 * states.len() * 2);
}

/// Real positions for the chequer's tests: every 9,973rd of the bench's bot-play set (X on
/// roll, with its dice) with more than one legal play, as game states in money.
fn bench_positions() -> Vec<(MatchState, Dice)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/positions-botplay.txt"
    ))
    .expect("the bench's positions");
    text.lines()
        .step_by(9973)
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let id = words.next()?;
            let board = crate::codec::position_id::decode(id, Side::X, Variant::Standard).ok()?;
            let mut die = || words.next().and_then(|word| word.parse::<u8>().ok());
            let dice = Dice::new(die()?, die()?).ok()?;
            let state = MatchState {
                board,
                game_state: GameState::Playing,
                ..MatchState::new_money_game(Variant::Standard, Side::X)
            };
            let plays = state.rules().legal_plays(&board, Side::X, dice);
            (plays.len() > 1).then_some((state, dice))
        })
        .collect()
}

/// `go` describes its play with the figures the search chose it by, searching nothing again:
/// on real positions, with the cube in use and without it, at every depth, within a budget
/// that does not run out, it plays the judge's play ([`Judge::play_for`]), its `info` line
/// holds the judge's figures for that play at the depth the line says (the cubeful judge's
/// with the cube, the cubeless search's without), and it takes the evaluations of the choice
/// alone (one more at depth 1 without the cube: the 0-ply ranking keeps no probabilities).
/// Where the move filter left the play alone at a shallower depth, the line says that depth;
/// without a budget the play is then searched on to the depth asked, and elsewhere the line
/// is the same.
#[test]
fn info_gives_the_figures_the_play_was_chosen_by() {
    let positions = bench_positions();
    assert!(positions.len() >= 8, "{}", positions.len());
    let mut shallower = 0;
    for (position, dice) in &positions {
        let mover = position.on_roll;
        for cube in [true, false] {
            for ply in 1..=3 {
                let go = |budget: Option<Duration>| {
                    let limits = SearchLimits { budget, threads: 1 };
                    let mut session =
                        UbgiSession::new(Counting::default(), "tavli").with_search(ply, limits);
                    assert!(session
                        .handle_line(&format!("set game.cube {cube}"))
                        .is_empty());
                    assert!(session.handle_line(&position_line(position)).is_empty());
                    let roll = format!("dice {} {}", dice.high(), dice.low());
                    assert!(session.handle_line(&roll).is_empty());
                    let reply = session.handle_line("go");
                    let work = session.evaluator.calls.load(Ordering::Relaxed);
                    // The position as the session read it (its ID carries score and rules).
                    (reply, work, *session.state().expect("a position"))
                };
                let (reply, work, state) = go(Some(Duration::from_secs(600)));
                let chooser = Counting::default();
                let play = Judge::new(&chooser, ply - 1)
                    .play_for(&state, *dice, cube)
                    .expect("a play");
                let choice_work = chooser.calls.load(Ordering::Relaxed);
                assert_eq!(reply[1], format!("bestmove {}", format_ubgi_play(&play)));
                assert!(
                    work == choice_work || (work == choice_work + 1 && !cube && ply == 1),
                    "{work} evaluations against {choice_work}: cube {cube}, ply {ply}"
                );
                let depth = info_value(&reply[0], "depth") as u32;
                assert!((1..=ply).contains(&depth), "{reply:?}");
                let counting = Counting::default();
                let at_depth = Judge::new(&counting, depth - 1);
                let stakes = Stakes::from_state(&state);
                let evaluation = if cube {
                    at_depth.evaluate_after(&state, &play.result, mover)
                } else {
                    let probabilities = at_depth.search().probabilities_after(
                        &play.result,
                        mover,
                        depth - 1,
                        &stakes,
                    );
                    let equity = stakes.cubeless_equity(&probabilities, mover);
                    Evaluation {
                        probabilities,
                        cubeless_equity: equity,
                        cubeful_equity: equity,
                    }
                };
                let nodes = state.rules().legal_plays(&state.board, mover, *dice).len();
                let score = if cube {
                    evaluation.cubeful_equity
                } else {
                    evaluation.cubeless_equity
                };
                assert_eq!(
                    reply[0],
                    info_line(depth, nodes, score, &evaluation),
                    "cube {cube}, ply {ply}, {}",
                    position_line(&state)
                );
                let (unlimited, _, _) = go(None);
                assert_eq!(unlimited[1], reply[1]);
                if depth < ply {
                    shallower += 1;
                    assert!(unlimited[0].starts_with(&format!("info depth {ply} ")));
                } else {
                    assert_eq!(unlimited[0], reply[0]);
                }
            }
        }
    }
    // The move filter left a play alone at a shallower depth somewhere.
    assert!(shallower > 0, "{shallower}");
}
