//! Cube actions as written: doubles, takes, drops and beavers, applied to the rules' game,
//! each refusal (the turn, the cube's owner, the Crawford game, a variant without a cube)
//! reported at the record and the record then followed as written.

use super::super::diagnostic::{DiagnosticKind, Span};
use super::super::record::GameAction;
use super::GameReplay;
use crate::rules::game::{Action, GameError};
use crate::rules::Side;
use crate::rules::{Cube, CubeRefusal, Offer};

impl GameReplay<'_> {
    /// A cube action in a variant played without the cube is an error (then checked as if
    /// the cube were used, so the rest of the game can be followed).
    fn refuse_without_cube(&mut self, span: Span) {
        let rules = self.game().rules();
        if !rules.cube_in_use() {
            let variant = rules.variant();
            self.error(
                DiagnosticKind::CubeNotAllowed,
                span,
                format!("{} ({variant})", CubeRefusal::NoCube),
            );
        }
    }

    pub(super) fn double(&mut self, side: Side, value: Option<u32>, span: Span) {
        let offered = self.game().cube().value.saturating_mul(2);
        if self.match_play.apply_by(side, Action::Double).is_err() {
            for refusal in self.game().double_refusals(side) {
                self.refused_double(side, refusal, span);
            }
            self.follow_record(|progress| {
                progress.opening = false;
                progress.on_roll = side;
                progress.dice = None;
                progress.resignation = None;
                progress.cube.offer = Some(Offer {
                    from: side,
                    redoubles: 0,
                    beaverer: None,
                });
            });
        }
        if let Some(value) = value {
            if value != offered {
                self.error(
                    DiagnosticKind::WrongCubeValue,
                    span,
                    format!(
                        "the cube is on {}, a double makes it {offered}, not {value}",
                        self.game().cube().value,
                    ),
                );
            }
        }
        self.actions.push(GameAction::Double {
            side,
            value: offered,
        });
    }

    /// Reports one rule `side`'s double breaks. A dead cube is not reported: gnubg imports
    /// such a double.
    fn refused_double(&mut self, side: Side, refusal: GameError, span: Span) {
        let message = match refusal {
            GameError::Cube(CubeRefusal::NoCube) => {
                return self.refuse_without_cube(span);
            }
            GameError::Cube(CubeRefusal::Dead) => return,
            GameError::BeforeOpeningRoll => "a double before the game's first roll".to_string(),
            GameError::NotYourTurn(expected) => format!(
                "a double by {} out of turn: {} is to roll",
                self.name(side),
                self.name(expected)
            ),
            GameError::Cube(CubeRefusal::Pending) => format!(
                "a double by {} while a double waits for an answer",
                self.name(side)
            ),
            GameError::Cube(CubeRefusal::Crawford) => {
                "no doubling in the Crawford game".to_string()
            }
            GameError::Cube(CubeRefusal::NotOwner) => format!(
                "{} cannot double: {} owns the cube",
                self.name(side),
                self.name(side.opponent())
            ),
            other => format!("a double by {}: {other}", self.name(side)),
        };
        self.error(DiagnosticKind::CubeNotAllowed, span, message);
    }

    /// `side` answers the double (`what`: `a take`, `a drop`, `a beaver`) with `action`.
    /// Without a double to answer the answer is reported and ignored (`None`); an answer by
    /// the player not doubled is reported and read as if the double had been offered to him.
    /// Otherwise the rules' verdict on the answer: applied, or why not.
    fn answer(
        &mut self,
        side: Side,
        action: Action,
        span: Span,
        what: &str,
    ) -> Option<Result<(), GameError>> {
        match self.game().may_answer(side) {
            Ok(()) => {}
            Err(GameError::NotYourTurn(responder)) => {
                let message = format!(
                    "{what} by {}, but the double was offered to {}",
                    self.name(side),
                    self.name(responder)
                );
                self.error(DiagnosticKind::WrongPlayer, span, message);
                self.follow_record(|progress| {
                    if let Some(offer) = progress.cube.offer.as_mut() {
                        offer.from = side.opponent();
                    }
                    progress.on_roll = side.opponent();
                });
            }
            Err(_) => {
                self.error(
                    DiagnosticKind::NoDouble,
                    span,
                    format!("{what} with no double offered"),
                );
                return None;
            }
        }
        Some(self.match_play.apply_by(side, action).map(|_| ()))
    }

    pub(super) fn take(&mut self, side: Side, span: Span) {
        if self.game().may_answer(side).is_err() {
            self.refuse_without_cube(span);
        }
        if self.answer(side, Action::Take, span, "a take").is_some() {
            self.actions.push(GameAction::Take { side });
        }
    }

    pub(super) fn drop_cube(&mut self, side: Side, span: Span) {
        if self.game().may_answer(side).is_err() {
            self.refuse_without_cube(span);
        }
        if self.answer(side, Action::Drop, span, "a drop").is_some() {
            self.actions.push(GameAction::Drop { side });
        }
    }

    /// A written beaver: the doubled player takes and redoubles, keeping the cube at four
    /// times its value, and the doubler rolls next.
    pub(super) fn beaver(&mut self, side: Side, value: Option<u32>, span: Span) {
        self.refuse_without_cube(span);
        let value_before = self.game().cube().value;
        let Some(verdict) = self.answer(side, Action::Beaver, span, "a beaver") else {
            return;
        };
        match verdict {
            Ok(()) => {}
            Err(GameError::Cube(CubeRefusal::BeaverInMatch)) => self.error(
                DiagnosticKind::CubeNotAllowed,
                span,
                "beavers are not allowed in match play".to_string(),
            ),
            Err(other) => {
                let message = format!("a beaver by {}: {other}", self.name(side));
                self.error(DiagnosticKind::CubeNotAllowed, span, message);
            }
        }
        let beavered = value_before.saturating_mul(4);
        if let Some(value) = value {
            if value != beavered {
                self.error(
                    DiagnosticKind::WrongCubeValue,
                    span,
                    format!(
                        "a beaver on a cube of {value_before} makes it {beavered}, not {value}"
                    ),
                );
            }
        }
        // The beaverer keeps the cube (the rules of the beaver, and gnubg's import); the
        // doubler rolls next.
        self.follow_record(|progress| {
            progress.cube = Cube {
                value: beavered,
                owner: Some(side),
                offer: None,
            };
            progress.on_roll = side.opponent();
            progress.dice = None;
        });
        self.actions.push(GameAction::Beaver {
            side,
            value: beavered,
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::matchfile::{check_text, Format};

    #[test]
    fn a_double_before_the_opening_roll_still_waits_for_an_answer() {
        let text = " 3 point match\n\n Game 1\n a : 0                          b : 0\n  1)  Doubles => 2                31: 8/5 6/5\n";
        let (_, diagnostics) = check_text(text, Format::Mat);
        let messages: Vec<&str> = diagnostics
            .iter()
            .map(|diagnostic| diagnostic.message.as_str())
            .collect();
        assert!(
            messages.contains(&"a double before the game's first roll"),
            "{messages:?}"
        );
        assert!(
            messages.contains(&"a roll by b, but b must first take or drop the double"),
            "{messages:?}"
        );
    }
}
