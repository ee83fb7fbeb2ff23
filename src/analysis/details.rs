//! What a report shows of an analysed decision beyond its figures: the recorded action it
//! was, the decider's chances after it (a point of the equity graph) and the best
//! alternatives with their equities (the plays or cube actions a coach compares), all kept
//! from the judge's answers during the analysis, so that nothing is judged twice.

use super::decision::CubeAction;
use crate::engine::{CubeDecision, PlayEvaluation, Probabilities, Stakes};
use crate::notation::format::format_play;
use crate::rules::{Dice, MatchState};

/// The alternatives kept for a chequer play: the best ones (the play made is added when it is
/// not among them).
pub const CANDIDATES: usize = 5;

/// One alternative of a decision: a play or a cube action, with its equity.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The play (gnubg notation) or the cube action in words (`double, take`).
    pub action: String,
    /// Its rank among the judged alternatives (1 for the best).
    pub rank: usize,
    /// The decider's normalised equity (EMG) after it; for a cube decision the doubler's.
    pub equity: f64,
    /// The decider's cubeless probabilities after a play (none for a cube action).
    pub probabilities: Option<Probabilities>,
    /// The plies it was judged to.
    pub plies: u32,
    /// Whether this is what was played (for a double: the answer it is worth, the
    /// smaller of double/take and double/pass).
    pub played: bool,
}

/// The report's view of a decision.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DecisionDetails {
    /// The index of the recorded action in its game's actions (a no-double decision has the
    /// index of the roll it came before).
    pub action: usize,
    /// The decider's cubeless probabilities after the decision: after the play made for a
    /// chequer play, before the roll for a cube decision (a cube action does not change them).
    pub after: Option<Probabilities>,
    /// The best alternatives, best first (plays, or the cube actions).
    pub candidates: Vec<Candidate>,
}

/// The [`CANDIDATES`] best of `ranked` (the judge's ranking of the plays of the player on
/// roll in `state` with `dice`) and the play made (`played`, its index in `ranked`), each
/// with the mover's normalised equity.
#[must_use]
pub fn play_candidates(
    state: &MatchState,
    dice: Dice,
    ranked: &[PlayEvaluation],
    played: Option<usize>,
) -> Vec<Candidate> {
    let mover = state.on_roll;
    let stakes = Stakes::from_state(state);
    let rules = state.rules();
    ranked
        .iter()
        .enumerate()
        .filter(|(index, _)| *index < CANDIDATES || Some(*index) == played)
        .map(|(index, entry)| Candidate {
            action: format_play(rules, &state.board, mover, dice, entry.play.steps()),
            rank: index + 1,
            equity: stakes.equity_in_units(mover, entry.equity),
            probabilities: Some(entry.probabilities),
            plies: entry.plies,
            played: Some(index) == played,
        })
        .collect()
}

/// The cube actions of `decision` ranked by the doubler's equity: no double, double/take,
/// double/pass (normalised equity); the one `action` chose marked played.
#[must_use]
pub fn cube_candidates(decision: &CubeDecision, action: CubeAction) -> Vec<Candidate> {
    let analysis = decision.analysis;
    let made = match action {
        CubeAction::NoDouble => "no double",
        // Doubling is worth the smaller of the two answers to the doubler.
        CubeAction::Double if analysis.double_take <= analysis.double_pass => "double, take",
        CubeAction::Double => "double, pass",
        CubeAction::Take | CubeAction::Beaver => "double, take",
        CubeAction::Pass => "double, pass",
    };
    let mut candidates: Vec<Candidate> = [
        ("no double", analysis.no_double),
        ("double, take", analysis.double_take),
        ("double, pass", analysis.double_pass),
    ]
    .into_iter()
    .filter(|(name, _)| analysis.double_allowed || *name == "no double")
    .map(|(name, equity)| Candidate {
        action: name.to_string(),
        rank: 0,
        equity,
        probabilities: None,
        plies: decision.plies,
        played: name == made,
    })
    .collect();
    // A double is taken or passed as the taker chooses: the doubler gets the smaller.
    candidates.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    for (index, candidate) in candidates.iter_mut().enumerate() {
        candidate.rank = index + 1;
    }
    candidates
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{CubeAnalysis, TakeAction};
    use crate::rules::Side;

    fn decision(no_double: f64, double_take: f64) -> CubeDecision {
        CubeDecision {
            doubler: Side::X,
            probabilities: Probabilities {
                win: 0.7,
                win_gammon: 0.1,
                win_backgammon: 0.0,
                lose_gammon: 0.05,
                lose_backgammon: 0.0,
            },
            plies: 0,
            analysis: CubeAnalysis {
                no_double,
                double_take,
                double_pass: 1.0,
                double_allowed: true,
            },
            take: TakeAction::Take,
        }
    }

    #[test]
    fn cube_actions_are_ranked_for_the_doubler_and_the_one_made_is_marked() {
        let candidates = cube_candidates(&decision(0.6, 0.8), CubeAction::Take);
        let names: Vec<&str> = candidates.iter().map(|c| c.action.as_str()).collect();
        assert_eq!(names, ["double, pass", "double, take", "no double"]);
        assert_eq!(candidates[1].rank, 2);
        assert!(candidates[1].played && !candidates[0].played && !candidates[2].played);
        // A double is worth the taker's best answer to the doubler.
        let doubled = cube_candidates(&decision(0.6, 0.8), CubeAction::Double);
        assert!(doubled[1].played && !doubled[0].played);
    }

    #[test]
    fn a_cube_that_cannot_be_turned_has_only_no_double() {
        let mut dead = decision(0.6, 0.8);
        dead.analysis.double_allowed = false;
        let candidates = cube_candidates(&dead, CubeAction::NoDouble);
        assert_eq!(candidates.len(), 1);
        assert!(candidates[0].played);
    }
}
