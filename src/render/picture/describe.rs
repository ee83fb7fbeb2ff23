//! The position in words: the picture's `<title>` (who is to play, score, cube, IDs) and its
//! `<desc>` (every checker), for screen readers and for pages that show the picture.

use super::PictureOptions;
use crate::codec::match_id;
use crate::codec::tavli_position::position_text;
use crate::rules::PositionEncoding;
use crate::rules::RuleSet;
use crate::rules::{GameState, MatchState, Side, Variant};
use std::fmt::Write;

/// The variant as a title word: `Backgammon`, `Nackgammon`, `Plakoto`, ...
pub fn variant_title(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "Backgammon",
        Variant::Nackgammon => "Nackgammon",
        Variant::Hypergammon1 => "1-checker hypergammon",
        Variant::Hypergammon2 => "2-checker hypergammon",
        Variant::Hypergammon3 => "3-checker hypergammon",
        Variant::OldEnglish => "Old English backgammon",
        Variant::Portes => "Portes",
        Variant::Plakoto => "Plakoto",
        Variant::Fevga => "Fevga",
        Variant::Athroisma => "Athroisma",
    }
}

/// `X (root)`, or just `X` when the name is empty or the letter itself.
pub(super) fn player(options: &PictureOptions, side: Side) -> String {
    let name = options.names[side.index()].trim();
    if name.is_empty() || name == side.letter().to_string() {
        side.letter().to_string()
    } else {
        format!("{} ({name})", side.letter())
    }
}

/// The side the point numbers are for.
pub(super) fn numbered_for(state: &MatchState, options: &PictureOptions) -> Side {
    options.numbers_for.unwrap_or(state.on_roll)
}

/// The number `side` gives X's point `point` (1..=24).
pub(super) fn number_for(variant: Variant, side: Side, point: u8) -> u8 {
    match side {
        Side::X => point,
        Side::O => variant.opposite_index(usize::from(point.clamp(1, 24)) - 1) as u8 + 1,
    }
}

/// What is happening: who is to play with which dice, a pending double or resignation.
pub(super) fn situation(state: &MatchState, options: &PictureOptions) -> String {
    let mover = player(options, state.on_roll);
    match state.game_state {
        GameState::NoGame => return "no game in progress".to_string(),
        GameState::Over | GameState::Resigned | GameState::Dropped => {
            return "the game is over".to_string()
        }
        GameState::Playing => {}
    }
    if state.double_offered {
        return format!(
            "{mover} doubles to {}, {} to take or pass",
            state.cube_value.saturating_mul(2),
            player(options, state.on_roll.opponent())
        );
    }
    let mut text = match state.dice {
        Some(dice) => format!("{mover} to play {}-{}", dice.first(), dice.second()),
        None => format!("{mover} on roll"),
    };
    if let Some(resignation) = state.resignation {
        let what = match resignation.points() {
            1 => "a single game",
            2 => "a gammon",
            _ => "a backgammon",
        };
        let _ = write!(text, ", offers to resign {what}");
    }
    text
}

/// `money game` or `5-point match, O 2, X 1, Crawford game`.
pub(super) fn match_words(state: &MatchState) -> String {
    if !state.is_match() {
        return "money game".to_string();
    }
    let mut text = format!(
        "{}-point match, score O {} X {}",
        state.match_length, state.score[0], state.score[1]
    );
    if state.crawford {
        text.push_str(", Crawford game");
    }
    text
}

/// `cube 2 owned by X (root)`, `cube centred at 1`; empty in variants without a cube.
pub(super) fn cube_words(state: &MatchState, options: &PictureOptions) -> String {
    if !state.rules().cube_in_use() {
        return String::new();
    }
    match state.cube_owner {
        Some(owner) => format!(
            "cube {} owned by {}",
            state.cube_value,
            player(options, owner)
        ),
        None => format!("cube centred at {}", state.cube_value),
    }
}

/// The picture's title: the position in words and its Position ID (and Match ID where gnubg
/// has one), e.g. `Backgammon, money game: X (root) to play 3-1; pips X 167, O 167; cube
/// centred at 1. Position ID 4HPwATDgc/ABMA, Match ID cIkFAAAAAAAA.`
#[must_use]
pub fn title_text(state: &MatchState, options: &PictureOptions) -> String {
    let board = &state.board;
    let mut text = format!(
        "{}, {}: {}; pips X {}, O {}",
        variant_title(state.variant),
        match_words(state),
        situation(state, options),
        board.pips(Side::X),
        board.pips(Side::O)
    );
    let cube = cube_words(state, options);
    if !cube.is_empty() {
        let _ = write!(text, "; {cube}");
    }
    let position = position_text(state.variant, board, state.on_roll);
    if state.rules().position_encoding() == PositionEncoding::GnubgIds && board.pinned == [0, 0] {
        let _ = write!(
            text,
            ". Position ID {position}, Match ID {}.",
            match_id::encode(state)
        );
    } else {
        let _ = write!(text, ". Position {position}.");
    }
    text
}

/// Every checker in words, points numbered as in the picture: `X (root): 2 on 24, 5 on 13,
/// 3 on 8, 5 on 6. O (gnubg): ... Points numbered for X.`
#[must_use]
pub fn describe_position(state: &MatchState, options: &PictureOptions) -> String {
    let variant = state.variant;
    let board = &state.board;
    let numbers = numbered_for(state, options);
    let mut text = String::new();
    for side in [Side::X, Side::O] {
        let mut parts = Vec::new();
        let bar = board.bar(side);
        if bar > 0 {
            if variant == Variant::Athroisma {
                parts.push(format!("{bar} waiting to re-enter"));
            } else {
                parts.push(format!("{bar} on the bar"));
            }
        }
        for number in (1..=24u8).rev() {
            let Some(point) = (1..=24u8).find(|&p| number_for(variant, numbers, p) == number)
            else {
                continue;
            };
            let contents = RuleSet::new(variant).point_contents(board, point);
            let count = match side {
                Side::X => contents.x,
                Side::O => contents.o,
            };
            if count == 0 {
                continue;
            }
            if contents.pinned == Some(side) {
                parts.push(format!("{count} pinned on {number}"));
            } else {
                parts.push(format!("{count} on {number}"));
            }
        }
        let off = board.borne_off(side);
        if off > 0 {
            parts.push(format!("{off} borne off"));
        }
        if parts.is_empty() {
            parts.push("no checkers".to_string());
        }
        let _ = write!(text, "{}: {}. ", player(options, side), parts.join(", "));
    }
    let _ = write!(text, "Points numbered for {}.", numbers.letter());
    text
}
