//! `hint` and `eval` on random positions: the figures printed are the mover's, the printed
//! equities agree with the printed probabilities, and `hint` lists the plays deepest-judged
//! first and, within a depth, in the order of the equity it prints.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tavli::codec::gnubg_id;
use tavli::rules::{legal_plays, Board, Dice, GameState, MatchState, Side, Variant};

/// A state reached by random plays from the start, the player on roll having rolled.
fn random_state(rng: &mut StdRng) -> Option<MatchState> {
    let mut board = Board::start(Variant::Standard);
    let mut mover = Side::X;
    let turns = rng.gen_range(0..60);
    for _ in 0..turns {
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).ok()?;
        let plays = legal_plays(&board, mover, dice);
        if !plays.is_empty() {
            let next = plays[rng.gen_range(0..plays.len())].result;
            if next.checkers_in_play(mover) == 0 {
                break;
            }
            board = next;
        }
        mover = mover.opponent();
    }
    let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).ok()?;
    if legal_plays(&board, mover, dice).is_empty() {
        return None;
    }
    Some(MatchState {
        board,
        on_roll: mover,
        turn: mover,
        dice: Some(dice),
        game_state: GameState::Playing,
        jacoby: false,
        ..MatchState::new_money_game(Variant::Standard, mover)
    })
}

/// The numbers of a line, in order.
fn numbers(line: &str) -> Vec<f64> {
    line.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|word| word.parse::<f64>().ok())
        .collect()
}

/// Cubeless money equity from gnubg's six figures (win, wg, wbg, lose, lg, lbg).
fn cubeless(figures: &[f64]) -> f64 {
    figures[0] - figures[3] + figures[1] - figures[4] + figures[2] - figures[5]
}

#[test]
fn hint_and_eval_figures_are_the_movers_and_hint_is_ranked_by_its_equity() {
    let mut rng = StdRng::seed_from_u64(20261202);
    let mut script =
        String::from("set player 0 human\nset player 1 human\nset jacoby off\nnew session\n");
    let mut positions = 0;
    while positions < 80 {
        let Some(state) = random_state(&mut rng) else {
            continue;
        };
        let plies = positions % 3;
        script.push_str(&format!(
            "set evaluation chequerplay evaluation plies {plies}\n\
             set evaluation cubedecision evaluation plies {}\n\
             set gnubgid {}\nhint 12\neval\n",
            plies.min(1),
            gnubg_id::encode(&state)
        ));
        positions += 1;
    }
    let (stdout, stderr, _) = crate::support::run_tavli_transcript(&script);
    assert_eq!(stderr, "", "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    let (mut hints, mut decided, mut evals) = (0, 0, 0);
    let mut previous: Option<(String, f64)> = None;
    for (index, line) in lines.iter().enumerate() {
        if let Some(at) = line.find("Eq.:") {
            let rank: usize = line
                .trim_start()
                .split('.')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            let column = line[8..line.len().min(22)].trim().to_string();
            let equity = numbers(&line[at + 4..])[0];
            let figures = numbers(lines[index + 1]);
            assert_eq!(figures.len(), 6, "{}", lines[index + 1]);
            assert!(
                (figures[0] + figures[3] - 1.0).abs() < 0.0015,
                "{}",
                lines[index + 1]
            );
            let money = cubeless(&figures);
            // Cubeful and cubeless equity may differ in sign only near zero.
            if money.abs() > 0.2 {
                assert_eq!(money > 0.0, equity > 0.0, "{line}\n{}", lines[index + 1]);
                decided += 1;
            }
            if rank > 1 {
                if let Some((previous_column, previous_equity)) = &previous {
                    if *previous_column == column {
                        assert!(
                            equity <= previous_equity + 1e-9,
                            "{line} after {previous_equity}"
                        );
                    }
                }
            }
            previous = Some((column, equity));
            hints += 1;
        }
        if line.starts_with("static:") || line.ends_with(" ply: ") || line.contains(" ply: ") {
            let row = numbers(line);
            if row.len() == 7 {
                // Win, W(g), W(bg), L(g), L(bg), Equity, Cubeful.
                let figures = [row[0], row[1], row[2], 1.0 - row[0], row[3], row[4]];
                assert!((cubeless(&figures) - row[5]).abs() < 0.004, "{line}");
                evals += 1;
            }
        }
    }
    assert!(hints > 400, "{hints} hint lines");
    assert!(decided > 100, "{decided} decided signs");
    assert!(evals >= 80, "{evals} eval rows");
}
