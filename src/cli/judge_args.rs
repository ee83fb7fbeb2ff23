//! The options `tavli hint` and `tavli eval` share: the judge (evaluator, weights, plies), the
//! output form, and the match context (score, cube, match length) that a position form
//! without a Match ID lacks; and reading a POSITION argument with them into a match state.

use super::exit::Outcome;
use super::position_arg::{read_position, refuse_finished, VariantName};
use crate::codec::detect::{detect_form, PositionNotation};
use crate::engine::choice::{self, EvaluatorKind};
use crate::engine::cube::MAX_CUBE;
use crate::engine::search::MAX_PLIES;
use crate::protocol::evaluate::SessionEvaluator;
use crate::rules::{MatchState, Variant};
use std::path::PathBuf;

/// Longest match tavli's match equity table answers for.
pub const MAX_MATCH_LENGTH: u32 = 64;

/// How `tavli hint` and `tavli eval` judge, and what they print.
#[derive(clap::Args, Debug, Clone)]
pub struct JudgeArgs {
    /// The variant of the position (gnubg's variations: standard, nackgammon, the
    /// hypergammons).
    #[arg(long, default_value = "standard", value_parser = VariantName)]
    pub variant: String,
    /// Plies searched (gnubg's counting: 0 = the evaluator alone); 2 as in the REPL.
    #[arg(long, default_value_t = choice::DEFAULT_PLIES,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PLIES)))]
    pub plies: u32,
    /// The evaluator: `net` (tavli's networks) or `pubeval` (the baseline).
    #[arg(long, value_enum, default_value_t = EvaluatorKind::Net)]
    pub evaluator: EvaluatorKind,
    /// Networks from this weight file instead of the built-in ones (`--evaluator net`).
    #[arg(long, value_name = "PATH")]
    pub weights: Option<PathBuf>,
    /// One JSON document instead of gnubg's text layout.
    #[arg(long)]
    pub json: bool,
    /// The match context of a Position ID, a tavli position string or `start`.
    #[command(flatten)]
    pub context: ContextArgs,
}

/// Who owns the cube, seen from the player on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CubeOwnerArg {
    /// Nobody: the cube is in the middle.
    Centred,
    /// The player on roll.
    OnRoll,
    /// The player on roll's opponent.
    Opponent,
}

/// The match context for position forms that carry none (a Position ID, a tavli position
/// string, `start`): a money game with a centred cube at 1 and the Jacoby rule unless told.
/// A GNUbg ID and an XGID carry their own context and refuse these options; a FIBS board
/// carries all but the Jacoby rule.
#[derive(clap::Args, Debug, Clone, Default)]
#[command(next_help_heading = "Match context (for a Position ID, a position string or `start`)")]
pub struct ContextArgs {
    /// Match length in points; 0 (the default) is a money game.
    #[arg(long, value_name = "POINTS",
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_MATCH_LENGTH)))]
    pub match_length: Option<u32>,
    /// The score, the player on roll's points first: `2-4` (match play; default 0-0).
    #[arg(long, value_name = "ON_ROLL-OPPONENT", value_parser = parse_score)]
    pub score: Option<(u32, u32)>,
    /// The cube's value: 1, 2, 4, ... (default 1).
    #[arg(long, value_name = "VALUE")]
    pub cube: Option<u32>,
    /// Who owns the cube (default centred).
    #[arg(long, value_enum, value_name = "OWNER")]
    pub cube_owner: Option<CubeOwnerArg>,
    /// This game is the Crawford game (match play, one player a point from victory).
    #[arg(long)]
    pub crawford: bool,
    /// The Jacoby rule in money play (default true, as the REPL's money sessions).
    #[arg(long, value_name = "BOOL", action = clap::ArgAction::Set)]
    pub jacoby: Option<bool>,
}

impl ContextArgs {
    /// The first option given other than `--jacoby`, by its flag, if any.
    fn first_given_but_jacoby(&self) -> Option<&'static str> {
        [
            (self.match_length.is_some(), "--match-length"),
            (self.score.is_some(), "--score"),
            (self.cube.is_some(), "--cube"),
            (self.cube_owner.is_some(), "--cube-owner"),
            (self.crawford, "--crawford"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    /// `state` (a money game from a form without context) with these options applied.
    fn apply(&self, state: &mut MatchState) -> Result<(), String> {
        let length = self.match_length.unwrap_or(0);
        let on_roll = state.on_roll;
        if !state.rules().cube_in_use()
            && (self.cube.is_some() || self.cube_owner.is_some() || self.jacoby.is_some())
        {
            return Err(format!(
                "{} is played without the doubling cube: --cube, --cube-owner and --jacoby do \
                 not apply",
                state.variant
            ));
        }
        if length == 0 {
            if self.score.is_some() || self.crawford {
                return Err(
                    "--score and --crawford need --match-length (a money game has no score)"
                        .to_string(),
                );
            }
        } else if self.jacoby.is_some() {
            return Err("--jacoby applies to money games only (no --match-length)".to_string());
        }
        let (mine, theirs) = self.score.unwrap_or((0, 0));
        if length > 0 && (mine >= length || theirs >= length) {
            return Err(format!(
                "--score {mine}-{theirs}: in a {length}-point match each score is below {length}"
            ));
        }
        let cube = self.cube.unwrap_or(1);
        if !cube.is_power_of_two() || cube > MAX_CUBE {
            return Err(format!(
                "--cube {cube}: the cube is a power of two from 1 to {MAX_CUBE}"
            ));
        }
        let owner = match self.cube_owner.unwrap_or(CubeOwnerArg::Centred) {
            CubeOwnerArg::Centred => None,
            CubeOwnerArg::OnRoll => Some(on_roll),
            CubeOwnerArg::Opponent => Some(on_roll.opponent()),
        };
        if owner.is_some() && cube == 1 {
            return Err("--cube-owner: a cube at 1 is centred (give --cube 2 or more)".to_string());
        }
        if self.crawford {
            if mine + 1 != length && theirs + 1 != length {
                return Err(format!(
                    "--crawford: the Crawford game is played when a player needs one point, \
                     not at {mine}-{theirs} in a {length}-point match"
                ));
            }
            if cube != 1 {
                return Err("--crawford: the cube is not used in the Crawford game".to_string());
            }
        }
        state.match_length = length;
        state.score[on_roll.index()] = mine;
        state.score[on_roll.opponent().index()] = theirs;
        state.cube_value = cube;
        state.cube_owner = owner;
        state.crawford = self.crawford;
        state.jacoby = length == 0 && self.jacoby.unwrap_or(true);
        Ok(())
    }
}

/// Reads `ON_ROLL-OPPONENT` (`2-4`, also `2,4` or `2:4`).
fn parse_score(text: &str) -> Result<(u32, u32), String> {
    let (mine, theirs) = text
        .split_once(['-', ',', ':'])
        .ok_or_else(|| format!("`{text}` is not a score: write ON_ROLL-OPPONENT, as `2-4`"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{text}` is not a score: write ON_ROLL-OPPONENT, as `2-4`"))
    };
    Ok((number(mine)?, number(theirs)?))
}

/// Why a POSITION with its options cannot be judged: the outcome to exit with and the message.
pub type Refusal = (Outcome, String);

impl JudgeArgs {
    /// The match state of `position` read with these options: the form's own context, or the
    /// context options for a form that has none.
    ///
    /// # Errors
    /// A bad position or a finished game (rejected input); context options given to a form
    /// that carries its own, or contradicting each other (usage); a variant tavli has no
    /// evaluator for (rejected input).
    pub fn read_state(&self, position: &str) -> Result<MatchState, Refusal> {
        let variant = Variant::from_name(&self.variant)
            .map_err(|error| (Outcome::Failure, error.to_string()))?;
        if !variant.is_gnubg_variation() {
            return Err((
                Outcome::Rejected,
                format!(
                    "tavli has no evaluator for {variant} positions (gnubg's variations only: \
                     standard, nackgammon, the hypergammons); `tavli moves` lists the plays"
                ),
            ));
        }
        let mut state = read_position(position, variant)
            .map_err(|error| (Outcome::Rejected, error.to_string()))?;
        let usage = |message: String| (Outcome::Failure, message);
        match detect_form(position.trim()) {
            Some(PositionNotation::GnubgId | PositionNotation::Xgid) => {
                if let Some(flag) = self
                    .context
                    .first_given_but_jacoby()
                    .or(self.context.jacoby.map(|_| "--jacoby"))
                {
                    return Err(usage(carried(flag)));
                }
            }
            // A FIBS board carries the score, the cube and the match length, not the Jacoby
            // rule.
            Some(PositionNotation::FibsBoard) => {
                if let Some(flag) = self.context.first_given_but_jacoby() {
                    return Err(usage(carried(flag)));
                }
                if let Some(jacoby) = self.context.jacoby {
                    if state.is_match() {
                        return Err(usage(
                            "--jacoby applies to money games only (the board is of a match)"
                                .to_string(),
                        ));
                    }
                    state.jacoby = jacoby;
                }
            }
            _ => self.context.apply(&mut state).map_err(usage)?,
        }
        refuse_finished(&state).map_err(|message| (Outcome::Rejected, message))?;
        Ok(state)
    }

    /// The chosen evaluator, named as the REPL names it (`net`, `pubeval`).
    ///
    /// # Errors
    /// A weight file that cannot be read or used, or weights for pubeval (exit status 2).
    pub fn evaluator(&self) -> Result<SessionEvaluator, Refusal> {
        choice::build(self.evaluator, self.weights.as_deref())
            .map(|evaluator| SessionEvaluator::new(evaluator, self.evaluator.name()))
            .map_err(|error| match &self.weights {
                Some(path) => (Outcome::Failure, format!("{}: {error}", path.display())),
                None => (Outcome::Failure, error.to_string()),
            })
    }
}

/// The refusal of a context option `flag` given with a form that carries that context.
fn carried(flag: &str) -> String {
    format!(
        "{flag}: this position form carries its own match context (score, cube, match length, \
         Jacoby rule); the context options apply to a Position ID, a position string or \
         `start` (and --jacoby to a FIBS board)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Side;

    fn context(configure: impl FnOnce(&mut ContextArgs)) -> ContextArgs {
        let mut args = ContextArgs::default();
        configure(&mut args);
        args
    }

    fn applied(args: &ContextArgs) -> Result<MatchState, String> {
        let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
        args.apply(&mut state).map(|()| state)
    }

    #[test]
    fn scores_read_on_roll_first() {
        assert_eq!(parse_score("2-4"), Ok((2, 4)));
        assert_eq!(parse_score("0,10"), Ok((0, 10)));
        assert!(parse_score("2").is_err());
        assert!(parse_score("a-b").is_err());
    }

    #[test]
    fn the_context_lands_on_the_sides_of_the_player_on_roll() {
        let state = applied(&context(|args| {
            args.match_length = Some(7);
            args.score = Some((2, 4));
            args.cube = Some(2);
            args.cube_owner = Some(CubeOwnerArg::Opponent);
        }))
        .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(state.match_length, 7);
        assert_eq!(state.score[Side::X.index()], 2);
        assert_eq!(state.score[Side::O.index()], 4);
        assert_eq!(state.cube_owner, Some(Side::O));
        assert!(!state.jacoby);
    }

    #[test]
    fn contradictions_are_refused() {
        for args in [
            context(|args| args.score = Some((1, 1))),
            context(|args| args.crawford = true),
            context(|args| {
                args.match_length = Some(5);
                args.score = Some((5, 0));
            }),
            context(|args| args.cube = Some(3)),
            context(|args| args.cube_owner = Some(CubeOwnerArg::OnRoll)),
            context(|args| {
                args.match_length = Some(5);
                args.crawford = true;
            }),
            context(|args| {
                args.match_length = Some(5);
                args.jacoby = Some(true);
            }),
        ] {
            assert!(applied(&args).is_err(), "{args:?}");
        }
    }
}
