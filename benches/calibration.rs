//! Are the networks' probabilities calibrated? The networks play money games against
//! themselves at 0 ply (cube off); before every roll the mover's five probabilities are noted,
//! and when the game ends each noted figure is set beside what happened (won, won a gammon, ...
//! from that mover's side). In self-play an evaluator that knew the game would have no mean
//! error in any of them, so a mean error is a bias of the networks, e.g. gammons seen too
//! rarely. Reported per position class (contact, race) and per stage of the game, with a 95%
//! interval over games (figures of one game are not independent). Not a test: it reports.
//!
//! Run: `cargo bench --bench calibration -- [GAMES] [WEIGHTS] [SEED]` (default 2,000 games,
//! the built-in networks, seed 1).

use std::path::Path;
use std::sync::Mutex;
use tavli::engine::evaluator::Evaluator;
use tavli::engine::judge::best_play;
use tavli::engine::net::evaluator::{NetEvaluator, PositionClass};
use tavli::engine::Probabilities;
use tavli::rules::{Dice, MatchState, Side, Variant};
use tavli::rules::{GameResult, RuleSet};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Figures noted: the five probabilities and the cubeless equity.
const FIGURES: usize = 6;
const FIGURE_NAMES: [&str; FIGURES] = [
    "win",
    "win gammon",
    "win backgammon",
    "lose gammon",
    "lose backgammon",
    "equity",
];

/// Where a noted position belongs: its class and how far the game has gone.
const GROUPS: [&str; 5] = [
    "contact, moves 1-10",
    "contact, moves 11-30",
    "contact, moves 31+",
    "race",
    "all",
];

fn group_of(class: PositionClass, turn: usize) -> Option<usize> {
    match class {
        PositionClass::Contact if turn < 10 => Some(0),
        PositionClass::Contact if turn < 30 => Some(1),
        PositionClass::Contact => Some(2),
        PositionClass::Race => Some(3),
        PositionClass::BearOff | PositionClass::Over => None,
    }
}

fn figures(probabilities: &Probabilities) -> [f64; FIGURES] {
    [
        probabilities.win,
        probabilities.win_gammon,
        probabilities.win_backgammon,
        probabilities.lose_gammon,
        probabilities.lose_backgammon,
        probabilities.money_equity(),
    ]
}

/// Per group: positions noted, and per figure the sum of predicted and, over games, the sum
/// and sum of squares of each game's total error (realised less predicted).
#[derive(Clone, Default)]
struct Tally {
    positions: [u64; GROUPS.len()],
    predicted: [[f64; FIGURES]; GROUPS.len()],
    error: [[f64; FIGURES]; GROUPS.len()],
    error_squares: [[f64; FIGURES]; GROUPS.len()],
    games: u64,
}

impl Tally {
    fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        for group in 0..GROUPS.len() {
            self.positions[group] += other.positions[group];
            for figure in 0..FIGURES {
                self.predicted[group][figure] += other.predicted[group][figure];
                self.error[group][figure] += other.error[group][figure];
                self.error_squares[group][figure] += other.error_squares[group][figure];
            }
        }
    }
}

/// One self-play game with the dice of `seed`, its noted figures added to `tally`.
fn play_and_note(net: &NetEvaluator, seed: u64, tally: &mut Tally) {
    let mut rng = StdRng::seed_from_u64(seed);
    let roll =
        |rng: &mut StdRng| Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
    let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
    let mut noted: Vec<(usize, Side, [f64; FIGURES])> = Vec::new();
    let mut dice = loop {
        let dice = roll(&mut rng);
        if !dice.is_double() {
            break dice;
        }
    };
    let mut result = None;
    for turn in 0..5000 {
        let mover = state.on_roll;
        // The opening roll is given, not rolled by the mover: note from the second turn on.
        if turn > 0 {
            let class = PositionClass::of(&state.board);
            if let Some(group) = group_of(class, turn) {
                let probabilities = net.probabilities(&state.board, Variant::Standard, mover);
                noted.push((group, mover, figures(&probabilities)));
            }
        }
        if let Some(play) = best_play(net, &state, dice) {
            state.board = play.result;
        }
        if let Some(GameResult::Win { winner, kind }) =
            RuleSet::new(Variant::Standard).result(&state.board)
        {
            result = Some((winner, kind.points()));
            break;
        }
        state.on_roll = mover.opponent();
        state.turn = state.on_roll;
        dice = roll(&mut rng);
    }
    let Some((winner, points)) = result else {
        return;
    };
    let mut game_error = [[0.0; FIGURES]; GROUPS.len()];
    for (group, mover, predicted) in noted {
        let won = mover == winner;
        let sign = if won { 1.0 } else { -1.0 };
        let indicator = |condition: bool| if condition { 1.0 } else { 0.0 };
        let realised = [
            indicator(won),
            indicator(won && points >= 2),
            indicator(won && points >= 3),
            indicator(!won && points >= 2),
            indicator(!won && points >= 3),
            sign * f64::from(points),
        ];
        for target in [group, GROUPS.len() - 1] {
            tally.positions[target] += 1;
            for figure in 0..FIGURES {
                tally.predicted[target][figure] += predicted[figure];
                game_error[target][figure] += realised[figure] - predicted[figure];
            }
        }
    }
    tally.games += 1;
    for ((errors, squares), game_errors) in tally
        .error
        .iter_mut()
        .zip(tally.error_squares.iter_mut())
        .zip(&game_error)
    {
        for ((error, square), game_error) in errors.iter_mut().zip(squares).zip(game_errors) {
            *error += game_error;
            *square += game_error.powi(2);
        }
    }
}

fn main() {
    let arguments: Vec<String> = std::env::args()
        .skip(1)
        .filter(|argument| argument != "--bench")
        .collect();
    let games: u64 = arguments
        .first()
        .map_or(2000, |text| text.parse().expect("GAMES is a number"));
    let net = match arguments.get(1).map(String::as_str) {
        None | Some("-") => NetEvaluator::embedded(),
        Some(path) => NetEvaluator::from_file(Path::new(path)).expect("a weight file"),
    };
    let seed: u64 = arguments
        .get(2)
        .map_or(1, |text| text.parse().expect("SEED is a number"));
    let threads = std::thread::available_parallelism().map_or(1, usize::from) as u64;
    let total = Mutex::new(Tally::default());
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let (net, total) = (&net, &total);
            scope.spawn(move || {
                let mut tally = Tally::default();
                let mut game = thread;
                while game < games {
                    play_and_note(
                        net,
                        seed.wrapping_mul(1_000_003).wrapping_add(game),
                        &mut tally,
                    );
                    game += threads;
                }
                total.lock().expect("tally").merge(&tally);
            });
        }
    });
    let tally = total.into_inner().expect("tally");
    println!(
        "{} self-play games at 0 ply, seed {seed}, {:.0} s: mean predicted and mean error \
         (what happened less the prediction) per position, 95% interval over games",
        tally.games,
        started.elapsed().as_secs_f64()
    );
    for (group, name) in GROUPS.iter().enumerate() {
        let positions = tally.positions[group] as f64;
        if positions == 0.0 {
            continue;
        }
        println!("{name} ({} positions):", tally.positions[group]);
        for (figure, figure_name) in FIGURE_NAMES.iter().enumerate() {
            let games = tally.games as f64;
            let mean_game_error = tally.error[group][figure] / games;
            let variance = tally.error_squares[group][figure] / games - mean_game_error.powi(2);
            let per_position = positions / games;
            let half_width = 1.96 * (variance / games).sqrt() / per_position;
            println!(
                "  {figure_name:<16} predicted {:.4}  error {:+.4} ± {:.4}",
                tally.predicted[group][figure] / positions,
                tally.error[group][figure] / positions,
                half_width
            );
        }
    }
}
