//! The match cube model against gnubg's, on gnubg's own probabilities: positions from gnubg
//! 0-ply self-play are set at scores and cubes of a 7-point match, gnubg 0-ply `eval`s each
//! (its five probabilities, cubeless and no-double cubeful match-winning chances, double/take,
//! double/pass, proper cube action) and tavli's cube model ([`tavli::engine::cube`]) values the
//! same state from gnubg's probabilities, so that only the two cube models differ. Shared by
//! the bench `gnubg_match_cube` (figures) and the integration test `match_cube_gnubg` (limits).

use tavli::codec::gnubg_id;
use tavli::engine::cube::{self, DoubleAction, Stakes, TakeAction};
use tavli::engine::net::PositionClass;
use tavli::engine::Probabilities;
use tavli::notation::format_play;
use tavli::rules::{legal_plays, Board, Dice, GameState, MatchState, RuleSet, Side};

#[path = "gnubg.rs"]
mod gnubg_runner;
pub use gnubg_runner::{run as gnubg, GNUBG};
use gnubg_runner::{SelfPlay, SelfPlayCube};

/// The match length of every context.
pub const MATCH_LENGTH: u32 = 7;

/// A score and cube of a 7-point match, seen by the player on roll.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    /// Points the player on roll still needs.
    pub away: u32,
    /// Points his opponent still needs.
    pub opponent_away: u32,
    /// The cube's value.
    pub cube: u32,
    /// `None`: centred; `Some(true)`: the player on roll owns it; `Some(false)`: his opponent.
    pub owned_by_roller: Option<bool>,
    /// Whether this is the Crawford game.
    pub crawford: bool,
}

impl Context {
    const fn new(away: u32, opponent_away: u32, cube: u32, owned: Option<bool>) -> Context {
        Context {
            away,
            opponent_away,
            cube,
            owned_by_roller: owned,
            crawford: false,
        }
    }

    const fn crawford(away: u32, opponent_away: u32) -> Context {
        Context {
            crawford: true,
            ..Context::new(away, opponent_away, 1, None)
        }
    }

    /// A short name: `2a-4a` (on roll first), the cube and its owner, Crawford or post-Crawford.
    #[must_use]
    pub fn label(&self) -> String {
        let owner = match self.owned_by_roller {
            None => "centred",
            Some(true) => "roller's",
            Some(false) => "opponent's",
        };
        let stage = if self.crawford {
            " Crawford"
        } else if self.away == 1 || self.opponent_away == 1 {
            " post-Crawford"
        } else {
            ""
        };
        format!(
            "{}a-{}a cube {} {owner}{stage}",
            self.away, self.opponent_away, self.cube
        )
    }
}

/// The scores and cubes compared: the brief's list (0-0, 2-away 2-away, 3a-2a, 2a-4a, 4a-4a,
/// 5a-3a, the Crawford game from both sides, post-Crawford from both sides, the cube at 2
/// owned by either player, the cube at 4) and their mirror images.
#[must_use]
pub fn contexts() -> Vec<Context> {
    let centred = [
        (7, 7),
        (2, 2),
        (3, 2),
        (2, 3),
        (2, 4),
        (4, 2),
        (4, 4),
        (5, 3),
        (3, 5),
        (3, 3),
        (6, 4),
    ];
    let mut list: Vec<Context> = centred
        .iter()
        .map(|&(away, opponent)| Context::new(away, opponent, 1, None))
        .collect();
    for (away, opponent) in [(1, 4), (4, 1), (1, 2), (2, 1)] {
        list.push(Context::crawford(away, opponent));
    }
    // Post-Crawford: the trailer on roll (he may double) and the leader on roll.
    for (away, opponent) in [(2, 1), (3, 1), (4, 1), (1, 2), (1, 3), (1, 4)] {
        list.push(Context::new(away, opponent, 1, None));
    }
    list.push(Context::new(3, 1, 2, Some(false)));
    for (away, opponent) in [(7, 7), (4, 4), (5, 3), (3, 5), (3, 2), (2, 3)] {
        list.push(Context::new(away, opponent, 2, Some(true)));
        list.push(Context::new(away, opponent, 2, Some(false)));
    }
    for (away, opponent) in [(7, 7), (6, 5), (5, 6)] {
        list.push(Context::new(away, opponent, 4, Some(true)));
        list.push(Context::new(away, opponent, 4, Some(false)));
    }
    list
}

/// The scores and cubes of the chequer play comparison: the gammon-sensitive ones (double
/// match point, the Crawford game at 1a-2a from both sides, gammon-go and gammon-save with a
/// live cube and with the cube at 2) and some ordinary ones.
#[must_use]
pub fn play_contexts() -> Vec<Context> {
    vec![
        Context::new(7, 7, 1, None),
        Context::new(1, 1, 1, None),
        Context::crawford(1, 2),
        Context::crawford(2, 1),
        Context::new(2, 5, 1, None),
        Context::new(5, 2, 1, None),
        Context::new(4, 6, 2, Some(true)),
        Context::new(6, 4, 2, Some(false)),
        Context::new(2, 4, 1, None),
        Context::new(4, 2, 1, None),
        Context::new(3, 5, 1, None),
        Context::new(5, 3, 1, None),
        Context::new(3, 1, 1, None),
        Context::new(1, 3, 1, None),
        Context::new(4, 4, 2, Some(true)),
        Context::new(4, 4, 2, Some(false)),
    ]
}

/// Every position at every context with a roll of its own (the same roll at each context).
#[must_use]
pub fn play_cases(
    positions: &[MatchState],
    contexts: &[Context],
) -> Vec<(Context, MatchState, Dice)> {
    let rolls = Dice::all_rolls();
    let mut cases = Vec::new();
    for (index, position) in positions.iter().enumerate() {
        let dice = rolls[(index * 7 + 3) % rolls.len()];
        for context in contexts {
            cases.push((*context, at_context(position, context), dice));
        }
    }
    cases
}

/// Distinct positions (before the roll) from `games` gnubg 0-ply self-play money games, cube
/// off, seeded `seed`: at most `count`, taken evenly over the games so that openings, middle
/// games, races and bear-offs all come.
#[must_use]
pub fn self_play_positions(games: usize, seed: u64, count: usize) -> Vec<MatchState> {
    let settings = SelfPlay {
        games,
        seed,
        cube: SelfPlayCube::Off,
        rolled_only: false,
        before_roll: true,
        distinct_boards: true,
        count: Some(count),
    };
    gnubg_runner::self_play_positions(&settings, |_| true)
}

/// `position` (its board and player on roll) at `context`.
#[must_use]
pub fn at_context(position: &MatchState, context: &Context) -> MatchState {
    let roller = position.on_roll;
    let mut score = [0; 2];
    score[roller.index()] = MATCH_LENGTH - context.away;
    score[roller.opponent().index()] = MATCH_LENGTH - context.opponent_away;
    MatchState {
        match_length: MATCH_LENGTH,
        score,
        cube_value: context.cube,
        cube_owner: context
            .owned_by_roller
            .map(|mine| if mine { roller } else { roller.opponent() }),
        crawford: context.crawford,
        jacoby: false,
        dice: None,
        turn: roller,
        double_offered: false,
        resignation: None,
        game_state: GameState::Playing,
        ..*position
    }
}

/// What gnubg 0-ply says of a state, for the player on roll: its probabilities and its
/// match-winning chances (cubeless, cubeful without doubling; and where he may double,
/// double/take, double/pass and the proper action as (double, take)).
#[derive(Clone, Copy, Debug, Default)]
pub struct GnubgView {
    /// The five probabilities of the player on roll.
    pub probabilities: Option<Probabilities>,
    /// Cubeless match-winning chance.
    pub cubeless: Option<f64>,
    /// Cubeful match-winning chance of not doubling (the static line's "Cubeful").
    pub no_double: Option<f64>,
    /// Cubeful match-winning chance after double/take.
    pub double_take: Option<f64>,
    /// Match-winning chance after double/pass.
    pub double_pass: Option<f64>,
    /// gnubg's proper action: (the player on roll doubles, his opponent takes).
    pub proper: Option<(bool, bool)>,
}

/// gnubg 0-ply's views of `states`, in order (gnubg's own match-winning chances, 6 digits).
#[must_use]
pub fn gnubg_views(states: &[MatchState]) -> Vec<GnubgView> {
    let mut script = String::from(
        "set player 0 human\nset player 1 human\n\
         set evaluation cubedecision evaluation plies 0\n\
         set evaluation chequerplay evaluation plies 0\n\
         set output mwc on\nset output digits 5\nnew match 7\n",
    );
    for (index, state) in states.iter().enumerate() {
        script.push_str(&format!(
            "set player 0 name mark{index}\nset gnubgid {}\neval\n",
            gnubg_id::encode(state)
        ));
    }
    script.push_str(&format!("set player 0 name mark{}\n", states.len()));
    parse_views(&gnubg(&script), states.len())
}

fn percent(word: &str) -> Option<f64> {
    word.trim_end_matches('%')
        .parse::<f64>()
        .ok()
        .map(|v| v / 100.0)
}

/// Reads gnubg's `eval` output, each state's after the marker naming it.
fn parse_views(output: &str, count: usize) -> Vec<GnubgView> {
    let mut views = vec![GnubgView::default(); count];
    let mut current: Option<usize> = None;
    for line in output.lines() {
        if let Some(rest) = line.strip_prefix("Player 0 is now known as `mark") {
            current = rest.trim_end_matches("'.").parse::<usize>().ok();
            continue;
        }
        let Some(view) = current.and_then(|index| views.get_mut(index)) else {
            continue;
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"static:") && words.len() >= 8 {
            let numbers: Vec<f64> = words[1..6].iter().filter_map(|w| w.parse().ok()).collect();
            if numbers.len() == 5 {
                view.probabilities = Some(Probabilities {
                    win: numbers[0],
                    win_gammon: numbers[1],
                    win_backgammon: numbers[2],
                    lose_gammon: numbers[3],
                    lose_backgammon: numbers[4],
                });
            }
            view.cubeless = percent(words[6]);
            view.no_double = percent(words[7]);
        } else if let Some(action) = line.strip_prefix("Proper cube action: ") {
            let double = action.starts_with("Double") || action.starts_with("Redouble");
            let take = action.contains("take") || action.contains("beaver");
            view.proper = Some((double, take));
        } else if words.len() >= 3 && words[0].ends_with('.') && words[0].len() == 2 {
            let value = words
                .iter()
                .find(|w| w.ends_with('%'))
                .and_then(|w| percent(w));
            if line.contains("ouble, take") {
                view.double_take = value;
            } else if line.contains("ouble, pass") {
                view.double_pass = value;
            }
        }
    }
    views
}

/// gnubg's position class names, as `eval` prints them, for tavli's classes.
#[must_use]
pub fn class_name(state: &MatchState) -> &'static str {
    match PositionClass::of(&state.board) {
        PositionClass::Contact => "contact",
        PositionClass::Race => "race",
        PositionClass::BearOff | PositionClass::Over => "bear-off",
    }
}

/// One state compared: gnubg's figures and tavli's on gnubg's probabilities, in gnubg's
/// normalised equity (EMG: a single game at the current cube is worth 1).
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The context's label.
    pub context: String,
    /// tavli's class of the position.
    pub class: &'static str,
    /// The state compared.
    pub state: MatchState,
    /// tavli's no double less gnubg's, EMG.
    pub no_double: f64,
    /// tavli's double/take less gnubg's, EMG (where the player on roll may double).
    pub double_take: Option<f64>,
    /// tavli's cubeless less gnubg's, EMG (both from the same probabilities: the table).
    pub cubeless: f64,
    /// gnubg's proper action and tavli's, as (double, take), where he may double.
    pub actions: Option<((bool, bool), (bool, bool))>,
    /// Whether tavli's actions are as good as gnubg's by gnubg's own equities (equal up to
    /// gnubg's printed precision: a certain win doubled or not is the same), where he may
    /// double.
    pub agrees: Option<bool>,
}

/// How far apart two of gnubg's printed match-winning chances may be and still be equal.
const PRINTED: f64 = 2e-5;

/// Whether `chosen` (double, take) is as good as `proper` by gnubg's `no_double`, `take`,
/// `pass` (the doubler's match-winning chances).
fn as_good(
    chosen: (bool, bool),
    proper: (bool, bool),
    no_double: f64,
    take: f64,
    pass: f64,
) -> bool {
    let take_right = chosen.1 == proper.1 || (take - pass).abs() <= PRINTED;
    // The double is judged against the taker's best answer.
    let value = |double: bool| if double { take.min(pass) } else { no_double };
    let double_right = chosen.0 == proper.0 || (value(chosen.0) - value(proper.0)).abs() <= PRINTED;
    take_right && double_right
}

/// tavli's model against gnubg's view of `state`; `None` if gnubg's output lacked a figure.
#[must_use]
pub fn compare(context: &Context, state: &MatchState, view: &GnubgView) -> Option<Comparison> {
    let probabilities = view.probabilities?;
    let roller: Side = state.on_roll;
    let stakes = Stakes::from_state(state);
    let emg = |mwc: f64| stakes.equity_in_units(roller, mwc);
    let tavli_no_double = cube::cubeful_equity(&stakes, &probabilities, roller);
    let tavli_cubeless = stakes.cubeless_equity(&probabilities, roller);
    let mut double_take = None;
    let mut actions = None;
    let mut agrees = None;
    if let (Some(gnubg_take), Some(proper)) = (view.double_take, view.proper) {
        let doubled = Stakes {
            cube_value: stakes.cube_value * 2,
            cube_owner: Some(roller.opponent()),
            ..stakes
        };
        let tavli_take = cube::cubeful_equity(&doubled, &probabilities, roller);
        double_take = Some(emg(tavli_take) - emg(gnubg_take));
        let analysis = stakes.analyse_double(&probabilities, roller);
        let tavli = (
            analysis.double_action() == DoubleAction::Double,
            stakes.answer(&analysis) != TakeAction::Drop,
        );
        actions = Some((proper, tavli));
        if let Some(gnubg_pass) = view.double_pass {
            agrees = Some(as_good(
                tavli,
                proper,
                view.no_double?,
                gnubg_take,
                gnubg_pass,
            ));
        }
    }
    Some(Comparison {
        context: context.label(),
        class: class_name(state),
        state: *state,
        no_double: emg(tavli_no_double) - emg(view.no_double?),
        double_take,
        cubeless: emg(tavli_cubeless) - emg(view.cubeless?),
        actions,
        agrees,
    })
}

/// Every position at every context, compared.
#[must_use]
pub fn compare_all(positions: &[MatchState], contexts: &[Context]) -> Vec<Comparison> {
    let mut cases = Vec::new();
    for position in positions {
        for context in contexts {
            cases.push((*context, at_context(position, context)));
        }
    }
    let states: Vec<MatchState> = cases.iter().map(|(_, state)| *state).collect();
    let views = gnubg_views(&states);
    cases
        .iter()
        .zip(&views)
        .filter_map(|((context, state), view)| compare(context, state, view))
        .collect()
}

/// One chequer play decision at the score: gnubg 0-ply's plays (its notation, probabilities
/// for the mover and cubeful match-winning chance, which it ranks by) and the boards after
/// them.
#[derive(Clone, Debug)]
pub struct PlayDecision {
    /// The context's label.
    pub context: String,
    /// The state, the player on roll to play.
    pub state: MatchState,
    /// gnubg's plays: notation, its cubeful match-winning chance, the mover's probabilities
    /// and the board after the play (tavli's legal play of that notation).
    pub plays: Vec<(String, f64, Probabilities, Board)>,
}

/// The states' plays as gnubg 0-ply ranks them (`hint` of every play), each with `dice`.
#[must_use]
pub fn gnubg_plays(cases: &[(Context, MatchState, Dice)]) -> Vec<PlayDecision> {
    let mut script = String::from(
        "set player 0 human\nset player 1 human\n\
         set evaluation chequerplay evaluation plies 0\n\
         set output mwc on\nset output digits 5\nnew match 7\n",
    );
    for (index, (_, state, dice)) in cases.iter().enumerate() {
        let (high, low) = (dice.high(), dice.low());
        script.push_str(&format!(
            "set player 0 name mark{index}\nset gnubgid {}\nset dice {high} {low}\nhint 500\n",
            gnubg_id::encode(state)
        ));
    }
    script.push_str(&format!("set player 0 name mark{}\n", cases.len()));
    let output = gnubg(&script);
    let mut found: Vec<Vec<(String, f64, Probabilities)>> = vec![Vec::new(); cases.len()];
    let mut current: Option<usize> = None;
    let mut pending: Option<(String, f64)> = None;
    for line in output.lines() {
        if let Some(rest) = line.strip_prefix("Player 0 is now known as `mark") {
            current = rest.trim_end_matches("'.").parse::<usize>().ok();
            continue;
        }
        let Some(plays) = current.and_then(|index| found.get_mut(index)) else {
            continue;
        };
        // "    1. Cubeful 0-ply    8/5 6/5                      MWC:  52.1234% ..." and
        // below it "       0.52148 0.15391 0.00756 - 0.47852 0.12987 0.00755".
        if let Some((head, tail)) = line.split_once(" 0-ply ") {
            if head
                .trim_start()
                .trim_start_matches('*')
                .trim()
                .ends_with("Cubeful")
            {
                if let Some((play, value)) = tail.split_once("MWC:") {
                    let chance = value.split_whitespace().next().and_then(percent);
                    pending = chance.map(|chance| (play.trim().to_string(), chance));
                    continue;
                }
            }
        }
        if let Some((play, chance)) = pending.take() {
            let numbers: Vec<f64> = line
                .split_whitespace()
                .filter(|word| *word != "-")
                .filter_map(|word| word.parse().ok())
                .collect();
            if numbers.len() == 6 {
                plays.push((
                    play,
                    chance,
                    Probabilities {
                        win: numbers[0],
                        win_gammon: numbers[1],
                        win_backgammon: numbers[2],
                        lose_gammon: numbers[4],
                        lose_backgammon: numbers[5],
                    },
                ));
            }
        }
    }
    cases
        .iter()
        .zip(found)
        .map(|((context, state, dice), plays)| {
            let legal = legal_plays(&state.board, state.on_roll, *dice);
            let rules = RuleSet::new(state.variant);
            let plays = plays
                .into_iter()
                .filter_map(|(text, chance, probabilities)| {
                    let play = legal.iter().find(|play| {
                        format_play(rules, &state.board, state.on_roll, *dice, play.steps()) == text
                    })?;
                    Some((text, chance, probabilities, play.result))
                })
                .collect();
            PlayDecision {
                context: context.label(),
                state: *state,
                plays,
            }
        })
        .collect()
}

/// How a ranking of gnubg's plays by `value` (the mover's probabilities and the board after
/// the play) fares by gnubg's own equities: whether its first play is not gnubg's best, and
/// the match-winning chance it gives up by gnubg's figures.
#[must_use]
pub fn play_choice(
    decision: &PlayDecision,
    value: impl Fn(&Probabilities, &Board) -> f64,
) -> Option<(bool, f64)> {
    let best = decision
        .plays
        .iter()
        .map(|(_, chance, _, _)| *chance)
        .fold(f64::NEG_INFINITY, f64::max);
    let chosen = decision
        .plays
        .iter()
        .max_by(|a, b| value(&a.2, &a.3).total_cmp(&value(&b.2, &b.3)))?;
    let lost = best - chosen.1;
    Some((lost > 2e-6, lost))
}
