//! Cube actions as written: doubles, takes, drops and beavers, checked against the turn, the
//! cube's owner and value, the Crawford game and whether the variant has a cube.

use super::super::diagnostic::{DiagnosticKind, Span};
use super::super::record::{Ending, GameAction, GameResult};
use super::{Expect, GameReplay};
use crate::rules::variants::cube::CubeRefusal;
use crate::rules::Side;

impl GameReplay<'_> {
    /// A cube action in a variant played without the cube is an error (then checked as if
    /// the cube were used, so the rest of the game can be followed).
    pub(super) fn refuse_without_cube(&mut self, span: Span) {
        if !self.rules.cube_in_use() {
            let variant = self.rules.variant();
            self.error(
                DiagnosticKind::CubeNotAllowed,
                span,
                format!("{} ({variant})", CubeRefusal::NoCube),
            );
        }
    }

    pub(super) fn double(&mut self, side: Side, value: Option<u32>, span: Span) {
        self.refuse_without_cube(span);
        match self.expect {
            Expect::Start => self.error(
                DiagnosticKind::CubeNotAllowed,
                span,
                "a double before the game's first roll".to_string(),
            ),
            Expect::Roll(expected) if expected != side => {
                let message = format!(
                    "a double by {} out of turn: {} is to roll",
                    self.name(side),
                    self.name(expected)
                );
                self.error(DiagnosticKind::CubeNotAllowed, span, message);
            }
            Expect::Respond(_) => {
                let message = format!(
                    "a double by {} while a double waits for an answer",
                    self.name(side)
                );
                self.error(DiagnosticKind::CubeNotAllowed, span, message);
            }
            _ => {}
        }
        if self.crawford {
            self.error(
                DiagnosticKind::CubeNotAllowed,
                span,
                "no doubling in the Crawford game".to_string(),
            );
        } else if self.cube.owner == Some(side.opponent()) {
            let message = format!(
                "{} cannot double: {} owns the cube",
                self.name(side),
                self.name(side.opponent())
            );
            self.error(DiagnosticKind::CubeNotAllowed, span, message);
        }
        if let Some(value) = value {
            if value != self.cube.value.saturating_mul(2) {
                self.error(
                    DiagnosticKind::WrongCubeValue,
                    span,
                    format!(
                        "the cube is on {}, a double makes it {}, not {value}",
                        self.cube.value,
                        self.cube.value.saturating_mul(2)
                    ),
                );
            }
        }
        self.actions.push(GameAction::Double {
            side,
            value: self.cube.value.saturating_mul(2),
        });
        self.expect = Expect::Respond(side.opponent());
    }

    pub(super) fn answer_ok(&mut self, side: Side, span: Span, what: &str) -> bool {
        match self.expect {
            Expect::Respond(responder) if responder == side => true,
            Expect::Respond(responder) => {
                let message = format!(
                    "{what} by {}, but the double was offered to {}",
                    self.name(side),
                    self.name(responder)
                );
                self.error(DiagnosticKind::WrongPlayer, span, message);
                true
            }
            _ => {
                self.error(
                    DiagnosticKind::NoDouble,
                    span,
                    format!("{what} with no double offered"),
                );
                false
            }
        }
    }

    pub(super) fn take(&mut self, side: Side, span: Span) {
        if self.expect != Expect::Respond(side) {
            self.refuse_without_cube(span);
        }
        if !self.answer_ok(side, span, "a take") {
            return;
        }
        self.cube.value = self.cube.value.saturating_mul(2);
        self.cube.owner = Some(side);
        self.actions.push(GameAction::Take { side });
        self.expect = Expect::Roll(side.opponent());
    }

    pub(super) fn drop_cube(&mut self, side: Side, span: Span) {
        if self.expect != Expect::Respond(side) {
            self.refuse_without_cube(span);
        }
        if !self.answer_ok(side, span, "a drop") {
            return;
        }
        self.actions.push(GameAction::Drop { side });
        self.result = Some(GameResult {
            winner: side.opponent(),
            points: self.cube.value,
            ending: Ending::Dropped,
        });
        self.expect = Expect::Over;
    }

    pub(super) fn beaver(&mut self, side: Side, value: Option<u32>, span: Span) {
        self.refuse_without_cube(span);
        if !self.answer_ok(side, span, "a beaver") {
            return;
        }
        if self.input.length.is_some_and(|(length, _)| length > 0) {
            self.error(
                DiagnosticKind::CubeNotAllowed,
                span,
                "beavers are not allowed in match play".to_string(),
            );
        }
        if let Some(value) = value {
            if value != self.cube.value.saturating_mul(4) {
                self.error(
                    DiagnosticKind::WrongCubeValue,
                    span,
                    format!(
                        "a beaver on a cube of {} makes it {}, not {value}",
                        self.cube.value,
                        self.cube.value.saturating_mul(4)
                    ),
                );
            }
        }
        self.cube.value = self.cube.value.saturating_mul(4);
        self.cube.owner = Some(side.opponent());
        self.actions.push(GameAction::Beaver {
            side,
            value: self.cube.value,
        });
        self.expect = Expect::Roll(side.opponent());
    }
}
