//! The two-sided database checked: values worked by hand, an independent enumeration with the
//! rules' own move generator, symmetry and dominance, the one-sided database where the other
//! side is sure to finish next roll, rollouts, and gnubg's exact two-sided figures.

use super::two_sided::{covers, money_cube_analysis, TwoSidedDatabase, TwoSidedEntry};
use super::two_sided_generate::side_positions;
use super::{bear_off_board as bear_off, BearoffDatabase, HomeCounts};
use crate::engine::choice::embedded_net;
use crate::engine::cube::Stakes;
use crate::engine::rollout::{Rollout, RolloutSettings};
use crate::rules::{legal_plays, Board, Dice, MatchState, Side, Variant};
use std::collections::HashMap;

fn entry(mine: HomeCounts, theirs: HomeCounts) -> TwoSidedEntry {
    TwoSidedDatabase::get()
        .entry(mine, theirs)
        .expect("at most six checkers")
}

fn close(found: f64, expected: f64) -> bool {
    (found - expected).abs() < 1e-6
}

#[test]
fn tiny_positions_have_the_values_worked_by_hand() {
    // One checker each on the ace point: the side on roll bears off first.
    let aces = entry([1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]);
    assert!(close(f64::from(aces.win), 1.0));
    assert!(close(aces.centred(), 1.0) && close(f64::from(aces.opponent_owns), 1.0));

    // One on the six point against one on the ace point: only this roll counts. It bears off
    // with a 6 (11 rolls), with 5-1 5-2 5-3 5-4 4-2 4-3 (12) and 2-2 3-3 4-4 5-5 (4): 27/36.
    let six_against_ace = entry([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]);
    assert!(close(f64::from(six_against_ace.win), 0.75));
    // Cubeful: the cube cannot come back, so every state is worth 0.75 - 0.25 rolling; a
    // double is worth min(1, 2 x 0.5): the opponent's take and pass are equal.
    assert!(close(f64::from(six_against_ace.centred_no_double), 0.5));
    assert!(close(f64::from(six_against_ace.owned_no_double), 0.5));
    assert!(close(f64::from(six_against_ace.opponent_owns), 0.5));
    assert!(close(six_against_ace.centred(), 1.0) && close(six_against_ace.owned(), 1.0));

    // One on the six point each. The side on roll misses with 1-1 (left on the 2 point), 2-1
    // (3 point), 3-1 (2 point), 4-1 and 3-2 (1 point): 9/36; the other then bears off with
    // 27/36 or leaves the first a sure finish: 27/36 + 9/36 x 9/36 = 0.8125.
    let sixes = entry([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]);
    assert!(close(f64::from(sixes.win), 0.8125));
    // After a miss the other side holds 0.5 cubeless and a double worth 1 (take or pass):
    // cube centred or its own, it is worth 1 to him, so rolling centred is 27/36 - 9/36 = 0.5;
    // he owning it (he cannot double) it is 27/36 - 9/36 = 0.5 as well; the first owning it,
    // he has 0.5: 27/36 - 9/36 x 0.5 = 0.625.
    assert!(close(f64::from(sixes.centred_no_double), 0.5));
    assert!(close(f64::from(sixes.opponent_owns), 0.5));
    assert!(close(f64::from(sixes.owned_no_double), 0.625));
    assert!(close(sixes.centred(), 1.0));
}

/// The winning chance of `mine` on roll against `theirs` by exhaustive search with the rules'
/// move generator (not the database's bear-off walk), in f64.
fn reference(
    mine: HomeCounts,
    theirs: HomeCounts,
    memo: &mut HashMap<(HomeCounts, HomeCounts), f64>,
) -> f64 {
    if mine.iter().all(|&n| n == 0) {
        return 1.0;
    }
    if theirs.iter().all(|&n| n == 0) {
        return 0.0;
    }
    if let Some(&found) = memo.get(&(mine, theirs)) {
        return found;
    }
    let board = bear_off(mine, theirs);
    let mut win = 0.0;
    for high in 1..=6u8 {
        for low in 1..=high {
            let dice = Dice::new(high, low).expect("two dice");
            let weight = if high == low { 1.0 } else { 2.0 } / 36.0;
            let best = legal_plays(&board, Side::X, dice)
                .iter()
                .map(|play| {
                    let mut after = [0u8; 6];
                    after.copy_from_slice(&play.result.slots[Side::X.index()][..6]);
                    1.0 - reference(theirs, after, memo)
                })
                .fold(f64::MIN, f64::max);
            win += weight * best;
        }
    }
    memo.insert((mine, theirs), win);
    win
}

#[test]
fn winning_chances_equal_an_independent_enumeration_up_to_three_checkers() {
    let small: Vec<HomeCounts> = side_positions()
        .into_iter()
        .filter(|counts| (1..=3).contains(&counts.iter().sum::<u8>()))
        .collect();
    let mut memo = HashMap::new();
    for &mine in &small {
        for &theirs in &small {
            let expected = reference(mine, theirs, &mut memo);
            let found = f64::from(entry(mine, theirs).win);
            assert!(
                (found - expected).abs() < 1e-6,
                "{mine:?} {theirs:?}: {found} {expected}"
            );
        }
    }
}

#[test]
fn figures_are_symmetric_bounded_and_better_with_fewer_checkers() {
    let database = TwoSidedDatabase::get();
    let positions = side_positions();
    for (step, &mine) in positions.iter().enumerate().skip(1).step_by(7) {
        for &theirs in positions.iter().skip(1 + step % 5).step_by(11) {
            let board = bear_off(mine, theirs);
            let found = database.covering(&board, Side::X).expect("covered");
            // The same pair with the sides' names exchanged.
            assert_eq!(database.covering(&board.swapped(), Side::O), Some(found));
            assert!((0.0..=1.0).contains(&found.win));
            for equity in [
                found.centred(),
                found.owned(),
                f64::from(found.opponent_owns),
            ] {
                assert!((-1.0..=1.0).contains(&equity), "{mine:?} {theirs:?}");
            }
            // Owning the cube is worth at least having it centred, which is worth at least
            // the other side owning it.
            assert!(found.owned() >= found.centred() - 1e-6);
            assert!(found.centred() >= f64::from(found.opponent_owns) - 1e-6);
            // One checker fewer (borne off) never hurts.
            for point in 0..6 {
                if mine[point] > 0 {
                    let mut fewer = mine;
                    fewer[point] -= 1;
                    let better = entry(fewer, theirs);
                    assert!(better.win >= found.win - 1e-6, "{mine:?} {theirs:?}");
                    assert!(better.centred() >= found.centred() - 1e-6);
                }
            }
        }
    }
}

#[test]
fn against_a_sure_finish_the_one_sided_chance_of_finishing_now_decides() {
    let one_sided = BearoffDatabase::get();
    // Each of these bears off with any roll.
    let sure: [HomeCounts; 3] = [[1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]];
    for mine in side_positions().into_iter().skip(1) {
        let now = f64::from(one_sided.rolls_to_finish(mine).expect("six checkers")[1]);
        for theirs in sure {
            let found = entry(mine, theirs);
            assert!((f64::from(found.win) - now).abs() < 1e-6, "{mine:?}");
            // The cube never comes back: every state is worth the cubeless equity rolling.
            for equity in [
                found.centred_no_double,
                found.owned_no_double,
                found.opponent_owns,
            ] {
                assert!(
                    (f64::from(equity) - (2.0 * now - 1.0)).abs() < 1e-5,
                    "{mine:?}"
                );
            }
        }
    }
}

#[test]
fn covered_positions_need_both_sides_home_small_and_gammon_free() {
    let board = bear_off([2, 1, 0, 0, 0, 3], [0, 0, 1, 1, 0, 0]);
    assert!(covers(&board));
    // Seven checkers left: the one-sided database judges it.
    assert!(!covers(&bear_off([2, 2, 0, 0, 0, 3], [0, 0, 1, 1, 0, 0])));
    // A checker outside the home board.
    let mut outside = board;
    outside.slots[Side::X.index()][6] = 1;
    outside.slots[Side::X.index()][5] -= 1;
    assert!(!covers(&outside));
    // Hypergammon: three checkers home, none borne off: a gammon is possible.
    let mut hyper = Board::empty();
    hyper.slots[Side::X.index()][..3].copy_from_slice(&[1, 1, 1]);
    hyper.slots[Side::O.index()][..3].copy_from_slice(&[1, 1, 0]);
    hyper.off = [0, 1];
    assert!(!covers(&hyper));
    hyper.off = [1, 1];
    hyper.slots[Side::X.index()][0] = 0;
    assert!(covers(&hyper));
    // The evaluator's probabilities there are the database's.
    let probabilities = super::probabilities(&board, Side::X, 15).expect("a bear-off");
    let found = entry([2, 1, 0, 0, 0, 3], [0, 0, 1, 1, 0, 0]);
    assert_eq!(probabilities.win, f64::from(found.win));
    assert_eq!(probabilities.win_gammon + probabilities.lose_gammon, 0.0);
}

#[test]
fn money_cube_decisions_come_from_the_database_and_match_play_keeps_its_own() {
    let board = bear_off([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1]);
    let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
    state.board = board;
    let stakes = Stakes::from_state(&state);
    let (probabilities, analysis) =
        money_cube_analysis(&stakes, &board, Side::X).expect("money, covered");
    assert!(close(probabilities.win, 0.8125));
    assert!(close(analysis.no_double, 0.5) && close(analysis.double_take, 1.0));
    assert!(analysis.double_allowed);
    // Owning the cube: rolling is worth 0.625, still a double.
    let owned = Stakes {
        cube_owner: Some(Side::X),
        cube_value: 2,
        ..stakes
    };
    let (_, analysis) = money_cube_analysis(&owned, &board, Side::X).expect("covered");
    assert!(close(analysis.no_double, 0.625));
    // The other side owning it: no double allowed, rolling worth 0.5.
    let theirs = Stakes {
        cube_owner: Some(Side::O),
        cube_value: 2,
        ..stakes
    };
    let (_, analysis) = money_cube_analysis(&theirs, &board, Side::X).expect("covered");
    assert!(close(analysis.no_double, 0.5) && !analysis.double_allowed);
    let in_a_match = Stakes {
        match_length: 5,
        ..stakes
    };
    assert!(money_cube_analysis(&in_a_match, &board, Side::X).is_none());
}

#[test]
fn rollouts_agree_with_the_exact_winning_chance_within_their_standard_error() {
    let evaluator = embedded_net();
    let positions = [
        ([1, 1, 1, 0, 0, 0], [0, 1, 1, 1, 0, 0]),
        ([2, 1, 0, 1, 0, 1], [1, 0, 2, 0, 1, 1]),
        ([0, 0, 1, 1, 2, 2], [3, 0, 0, 0, 0, 3]),
    ];
    for (mine, theirs) in positions {
        let exact = f64::from(entry(mine, theirs).win);
        let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
        state.board = bear_off(mine, theirs);
        for variance_reduction in [false, true] {
            let settings = RolloutSettings {
                truncation: None,
                cubeful: false,
                variance_reduction,
                plies: 0,
                seed: 11,
                cube_decision_at_start: false,
            };
            let rollout = Rollout::new(&*evaluator, &state, settings).expect("a rollout");
            let estimate = rollout.estimate(&rollout.run(0..720, 2, &mut |_| {}));
            let (mean, error) = (
                estimate.figures.probabilities.win,
                estimate.standard_errors.probabilities.win,
            );
            assert!(
                (mean - exact).abs() <= 3.0 * error + 1e-4,
                "{mine:?} {theirs:?} {variance_reduction}: {mean} ± {error}, exact {exact}"
            );
        }
    }
}

/// One `eval` of gnubg: the win of the static row, its cubeful equity (the no-double
/// equity of the cube state), and the cube analysis's double/take when it gives one.
#[derive(Debug, Default)]
struct GnubgEval {
    win: f64,
    cubeful: f64,
    double_take: Option<f64>,
}

fn parse_gnubg(output: &str) -> Vec<GnubgEval> {
    let mut evals: Vec<GnubgEval> = Vec::new();
    for line in output.lines().map(str::trim) {
        let numbers = |line: &str| -> Vec<f64> {
            line.split_whitespace()
                .filter_map(|word| word.parse().ok())
                .collect()
        };
        if let Some(rest) = line.strip_prefix("static:") {
            let figures = numbers(rest);
            evals.push(GnubgEval {
                win: figures[0],
                cubeful: figures[6],
                double_take: None,
            });
        } else if line.starts_with(|c: char| c.is_ascii_digit()) && line.contains("Double, take") {
            if let Some(last) = evals.last_mut() {
                last.double_take = numbers(line.split("take").nth(1).unwrap_or(""))
                    .first()
                    .copied();
            }
        }
    }
    evals
}

/// The XGID of `x` (on roll) against `o`, money, cube `value_log` and `owner` (1 `x`, -1 `o`).
fn xgid(x: HomeCounts, o: HomeCounts, value_log: u8, owner: i8) -> String {
    let mut points = ['-'; 26];
    for point in 0..6 {
        if x[point] > 0 {
            points[point + 1] = char::from(b'A' + x[point] - 1);
        }
        if o[point] > 0 {
            points[24 - point] = char::from(b'a' + o[point] - 1);
        }
    }
    let position: String = points.iter().collect();
    format!("XGID={position}:{value_log}:{owner}:1:00:0:0:3:0:10")
}

/// gnubg's `eval` of a bear-off inside its own two-sided database reports exact figures (to
/// three decimals): random pairs of the database, each with the cube centred, owned by the
/// side on roll and owned by the other.
#[test]
#[allow(clippy::print_stderr)] // says why it is skipped
fn random_positions_agree_with_gnubg() {
    use rand::{Rng, SeedableRng};
    const GNUBG: &str = "/usr/games/gnubg";
    if !std::path::Path::new(GNUBG).exists() {
        eprintln!("gnubg is not installed: skipped");
        return;
    }
    let positions = side_positions();
    let mut rng = rand::rngs::StdRng::seed_from_u64(30);
    let pairs: Vec<(HomeCounts, HomeCounts)> = (0..24)
        .map(|_| {
            (
                positions[rng.gen_range(1..positions.len())],
                positions[rng.gen_range(1..positions.len())],
            )
        })
        .collect();
    let mut script = String::from("set player 0 human\nset player 1 human\nnew game\n");
    for &(x, o) in &pairs {
        for (value_log, owner) in [(0, 0), (1, 1), (1, -1)] {
            script.push_str(&format!(
                "set xgid {}\neval\n",
                xgid(x, o, value_log, owner)
            ));
        }
    }
    let mut child = std::process::Command::new(GNUBG)
        .args(["-t", "-q"])
        .env("LC_ALL", "C")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("gnubg starts");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("piped");
        stdin
            .write_all(script.as_bytes())
            .expect("gnubg reads its script");
    }
    let output = child.wait_with_output().expect("gnubg answers");
    let evals = parse_gnubg(&String::from_utf8_lossy(&output.stdout));
    assert_eq!(
        evals.len(),
        3 * pairs.len(),
        "one eval per position and cube"
    );
    // Three decimals, and gnubg's own table rounds its figures to 16 bits.
    let near = |found: f64, expected: f64| (found - expected).abs() <= 0.0006;
    for (&(x, o), evals) in pairs.iter().zip(evals.chunks_exact(3)) {
        let found = entry(x, o);
        for eval in evals {
            assert!(
                near(f64::from(found.win), eval.win),
                "{x:?} {o:?}: {eval:?} {found:?}"
            );
        }
        let states = [
            found.centred_no_double,
            found.owned_no_double,
            found.opponent_owns,
        ];
        for (eval, no_double) in evals.iter().zip(states) {
            assert!(
                near(f64::from(no_double), eval.cubeful),
                "{x:?} {o:?}: {eval:?} {found:?}"
            );
        }
        for eval in &evals[..2] {
            let double_take = eval.double_take.expect("gnubg analyses the double");
            assert!(
                near(2.0 * f64::from(found.opponent_owns), double_take),
                "{x:?} {o:?}: {eval:?}"
            );
        }
    }
}
