//! The `set` commands that edit the position: board, dice, turn, score and the IDs (Match ID, GNUbg ID, XGID).

use super::*;
use crate::codec::ParseGnubgIdError;
use crate::rules::game::{Action, CrawfordMark};

impl Session {
    pub(super) fn set_board(
        &mut self,
        words: &[String],
        out: &mut Response,
    ) -> Result<(), CommandError> {
        self.require_playing("There must be a game in progress to set the board.")?;
        let Some(first) = words.first() else {
            return Err(CommandError::bad_argument(
                "You must specify a position (see `help set board').",
            ));
        };
        let on_roll = self.state().on_roll;
        let board = if let Some(board) = self.variant_board_text(first)? {
            board
        } else if "simple".starts_with(&first.to_ascii_lowercase()) && first.len() >= 2 {
            let numbers: Vec<i32> = words[1..]
                .iter()
                .map_while(|word| word.parse::<i32>().ok())
                .collect();
            if numbers.len() < 26 {
                return Err(CommandError::bad_argument(format!(
                    "`simple' must be followed by 26 integers; found only {}",
                    numbers.len()
                )));
            }
            simple_board(&numbers, on_roll, self.game().rules().variant())
                .ok_or_else(|| CommandError::bad_argument("Illegal position."))?
        } else {
            position_id::decode_lenient(first, on_roll, self.game().rules().variant())
                .map_err(|_| CommandError::bad_argument("Illegal position."))?
        };
        self.edit_board(board, out)
    }

    /// The board edit of `set board` (and of `set gnubgid` with a Position ID alone), then
    /// the board drawn.
    fn edit_board(&mut self, board: Board, out: &mut Response) -> Result<(), CommandError> {
        self.check_variant_board(&board)?;
        let turn = self.state().turn;
        let resigning = self.game().resignation().is_some();
        // Any `set board`, even to the same position, lets a refused resignation be offered
        // again (gnubg, checked live; the game's edit does so); `set turn` and `set crawford`
        // do not. Unlike the dice and cube edits it leaves the turn where gnubg shows it, also
        // with the resigner after a declined resignation (see `decline_resignation`).
        self.apply_to_game(Action::SetBoard(board))
            .map_err(|_| CommandError::bad_argument("Illegal position."))?;
        if resigning {
            // The edit withdraws a pending resignation (the game's edit does so), and gnubg
            // leaves the turn with the player who was to answer it (checked live).
            self.shown.turn = (turn != self.game().turn()).then_some(turn);
        }
        // Setting the position it already has is no edit for gnubg: no record, and a player's
        // last roll is still given back (found by experiment); the game's event says which.
        self.board(out);
        Ok(())
    }

    /// `0`, `1` or a player's name (any case), as gnubg's `set turn` and `set cube owner`.
    pub(super) fn player_by_word(&self, word: &str) -> Option<Side> {
        match word {
            "0" => Some(Side::O),
            "1" => Some(Side::X),
            _ => Side::BOTH
                .into_iter()
                .find(|side| self.names[side.index()].eq_ignore_ascii_case(word)),
        }
    }

    pub(super) fn set_dice(
        &mut self,
        words: &[String],
        out: &mut Response,
    ) -> Result<(), CommandError> {
        self.require_playing("There must be a game in progress to set the dice.")?;
        let bad =
            || CommandError::bad_argument("You must specify two numbers from 1 to 6 for the dice.");
        let digits: Vec<u8> = match words {
            [one] if one.len() == 2 => one.bytes().map(|b| b.wrapping_sub(b'0')).collect(),
            [first, second, ..] => vec![
                first.parse::<u8>().map_err(|_| bad())?,
                second.parse::<u8>().map_err(|_| bad())?,
            ],
            _ => return Err(bad()),
        };
        let [first, second] = digits.as_slice() else {
            return Err(bad());
        };
        let dice = Dice::new(*first, *second).map_err(|_| bad())?;
        self.check_variant_dice(dice)?;
        // gnubg drops a pending resignation (and any earlier refusal) when the dice are set,
        // and withdraws a pending double: the doubler has rolled instead, the cube stays where
        // it was and `list game` keeps the double (gnubg, checked live). The game's edit does
        // all of this, and gives the turn to the player on roll, also after a declined
        // resignation has handed it to the resigner (gnubg's Match ID, checked live).
        // The record lists the dice as the roll of the player on roll (see `record.rs`).
        self.apply_checked(Action::SetDice(dice));
        out.reply(Reply::DiceSet {
            dice: [dice.first(), dice.second()],
        });
        Ok(())
    }

    /// `set matchid`, as gnubg 1.07 takes it (checked live). With no ID it changes and prints
    /// nothing. A dice field with one die 0 is taken as not rolled: with the first die 0
    /// silently, with the second die 0 after gnubg's `set dice` refusal (printed where the
    /// dice would be set, after the step back from a double).
    pub(super) fn set_match_id(
        &mut self,
        text: &str,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        if text.is_empty() {
            return Ok(());
        }
        let fields = match_id::decode(text).map_err(|_| {
            CommandError::bad_argument(format!("Illegal match ID '{}'", crate::echo::echoed(text)))
        })?;
        let half_rolled = fields.has_first_die_only();
        let mut state = fields
            .with_half_roll_undone()
            .into_state(*self.game().board(), self.game().rules().variant())
            .map_err(|_| {
                CommandError::bad_argument(format!(
                    "Illegal match ID '{}'",
                    crate::echo::echoed(text)
                ))
            })?;
        // gnubg drops a pending resignation and gives the decision to the player on roll when
        // the ID has dice or a cube that is not 1 and centred, as `set gnubgid` does; a double
        // offered is stepped back by `load_state`, with its message.
        if !state.double_offered {
            state = gnubg_id::settled_as_gnubg_sets(state);
        }
        self.load_state(&mut state, half_rolled, fields.cube_value(), out);
        Ok(())
    }

    /// `set gnubgid`, as gnubg 1.07 takes it up (checked live): the Match ID found is set as
    /// `set matchid` sets it (its messages and boards), then the Position ID found is set as
    /// `set board` sets it (one board), then `Setting GNUbg ID POSITION:MATCH` names the two
    /// runs found as typed, either empty when absent (a Match ID with one die 0 is taken as
    /// `set matchid` takes it, not rolled). Unlike gnubg, which sets the legal part
    /// of a half-illegal ID, an illegal part refuses the whole command with gnubg's message
    /// for that part and changes nothing.
    pub(super) fn set_gnubg_id(
        &mut self,
        text: &str,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        self.refuse_gnubg_position()?;
        let no_ids = || CommandError::new(ErrorKind::BadId, "No valid IDs found");
        let found = gnubg_id::scan(text).map_err(|_| no_ids())?;
        // The Match ID's own fields, read before they are settled: a double offered is
        // stepped back with its message, and a dice field with one die 0 is taken as not
        // rolled, both as `set matchid` takes them.
        let fields = found.match_id.and_then(|(_, id)| match_id::decode(id).ok());
        let double_offered = fields.is_some_and(|fields| fields.double_offered);
        let half_rolled = fields.is_some_and(|fields| fields.has_first_die_only());
        let cleared = fields
            .filter(crate::codec::MatchIdFields::is_half_rolled)
            .map(|fields| fields.with_half_roll_undone().encode());
        let settled = gnubg_id::ScannedIds {
            match_id: match (found.match_id, &cleared) {
                (Some((offset, _)), Some(cleared)) => Some((offset, cleared.as_str())),
                (typed, _) => typed,
            },
            ..found
        };
        let mut state =
            gnubg_id::apply_scanned(settled, &self.state()).map_err(|error| match error {
                ParseGnubgIdError::Position { .. } => {
                    CommandError::bad_argument("Illegal position.")
                }
                ParseGnubgIdError::Match { .. } | ParseGnubgIdError::State(_) => {
                    CommandError::bad_argument(format!(
                        "Illegal match ID '{}'",
                        crate::echo::echoed(found.match_id.map_or("", |(_, id)| id))
                    ))
                }
                ParseGnubgIdError::MissingSeparator | ParseGnubgIdError::NoIdsFound => no_ids(),
            })?;
        let board = state.board;
        if double_offered {
            out.reply(Reply::DoubleSteppedBack);
        }
        if found.match_id.is_some() {
            state.board = *self.game().board();
            let cube_written = fields.map_or(1, |fields| fields.cube_value());
            self.load_state(&mut state, half_rolled, cube_written, out);
        }
        if found.position_id.is_some() {
            if found.match_id.is_some() {
                self.take_up_board(board);
                self.board(out);
            } else {
                self.edit_board(board, out)?;
            }
        }
        let (position_typed, match_typed) = (
            found.position_id.map_or("", |(_, id)| id),
            found.match_id.map_or("", |(_, id)| id),
        );
        out.reply(Reply::GnubgId {
            id: format!("{position_typed}:{match_typed}"),
        });
        Ok(())
    }

    pub(super) fn set_xgid(&mut self, text: &str, out: &mut Response) -> Result<(), CommandError> {
        self.refuse_gnubg_position()?;
        let xgid =
            crate::codec::xgid::parse(text, self.game().rules().variant()).map_err(|_| {
                CommandError::new(
                    ErrorKind::BadId,
                    format!("Not a valid XGID '{}'", crate::echo::echoed(text)),
                )
            })?;
        let mut state = xgid.to_match_state(self.game().rules().variant());
        // gnubg takes an XGID's dice larger first, however they are written (`25` is "set to
        // 5 and 2", checked live).
        state.dice = state.dice.map(Dice::high_first);
        // Like `set gnubgid`: the match fields first (two boards of the old position), then
        // the position (one board).
        let board = state.board;
        state.board = *self.game().board();
        if state.match_length == 0 {
            // The rules field also sets the beaver setting for money play.
            if !xgid.beavers() {
                self.set_beavers(0);
            } else if self.settings.beavers == 0 {
                self.set_beavers(3);
            }
        }
        // A dice field with one die 0 is no roll, after gnubg's `set dice` refusal.
        let half_rolled = matches!(xgid.dice, crate::codec::XgidDice::HalfRolled(_));
        let cube_written = 1u32.checked_shl(xgid.cube_log2).unwrap_or(u32::MAX);
        self.load_state(&mut state, half_rolled, cube_written, out);
        self.take_up_board(board);
        self.board(out);
        if self.state().on_roll == Side::O {
            // gnubg swaps the players so that the player on roll is player 1 (no question is
            // printed when stdin is not a terminal).
            self.swap_sides();
            self.board(out);
            self.board(out);
        }
        Ok(())
    }

    /// The checkers of a position taken up from an ID (after its match fields, see
    /// `load_state`): part of taking the ID up, not an edit gnubg records.
    fn take_up_board(&mut self, board: Board) {
        if board.validate(self.game().rules().variant()).is_ok() {
            let mut progress = self.game().in_progress();
            progress.board = board;
            progress.declined = None;
            self.match_play.resume_game(progress);
        }
        debug_assert_eq!(*self.game().board(), board, "a position the ID checked");
    }

    /// Takes up a match state loaded from an ID; `half_rolled`: the ID's dice had one die 0
    /// that gnubg refuses as its `set dice` does (a Match ID's second die, either die of an
    /// XGID); `cube_written`: the ID's cube value, which the Crawford game has set to 1 in
    /// `state` (gnubg then says the cube is disabled).
    pub(super) fn load_state(
        &mut self,
        state: &mut MatchState,
        half_rolled: bool,
        cube_written: u32,
        out: &mut Response,
    ) {
        // gnubg keeps its board relative to the player on roll: a new player on roll sees the
        // same Position ID, so in absolute terms the checkers change sides.
        if state.on_roll != self.state().on_roll && state.board == *self.game().board() {
            state.board = state.board.swapped();
        }
        if state.double_offered {
            out.reply(Reply::DoubleSteppedBack);
            state.double_offered = false;
            state.turn = state.on_roll;
            state.dice = None;
        }
        if half_rolled {
            out.reply(Reply::HalfRolledDice);
        }
        state.resignation = None;
        if state.game_state == GameState::NoGame {
            state.game_state = GameState::Playing;
        }
        if let Some(dice) = state.dice {
            out.reply(Reply::DiceSet {
                dice: [dice.first(), dice.second()],
            });
        }
        if cube_written != 1 && state.crawford {
            // gnubg sets the cube after the ID and refuses it in the Crawford game, before it
            // looks at whether the cube is in use (checked live).
            out.reply(Reply::CubeInCrawfordGame);
        } else if state.cube_value != 1 {
            if self.settings.cube_use {
                out.reply(Reply::CubeValueSet {
                    value: state.cube_value,
                });
            } else {
                out.reply(Reply::CubeDisabled);
                state.cube_value = 1;
            }
        }
        self.normalise_cubeless(state, out);
        // The game resumes where the ID stands; gnubg starts a new match record from the ID:
        // no games played yet.
        self.adopt_state(state);
        self.board(out);
        self.board(out);
    }

    pub(super) fn set_score(
        &mut self,
        words: &[String],
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let two_scores = || CommandError::bad_argument("You must specify two valid scores.");
        let [first, second, rest @ ..] = words else {
            return Err(two_scores());
        };
        let length = match rest.first() {
            None => self.match_play.context().length,
            Some(word) => word
                .parse::<u32>()
                .ok()
                .filter(|length| *length <= MAX_MATCH_LENGTH)
                .ok_or_else(|| {
                    CommandError::bad_argument(
                        "Match length must be between 0 (unlimited session) and 64",
                    )
                })?,
        };
        let (score0, mark0) = parse_score(first, length).ok_or_else(two_scores)?;
        let (score1, mark1) = parse_score(second, length).ok_or_else(two_scores)?;
        if length > 0 && (score0 >= length || score1 >= length) {
            return Err(CommandError::bad_argument(
                "You cannot set a score where the match is already over.",
            ));
        }
        let crawford_rule_error = || {
            CommandError::bad_argument(
                "The Crawford rule applies only in match play when a player's score is 1-away.",
            )
        };
        for (score, mark) in [(score0, mark0), (score1, mark1)] {
            if mark.is_some() && (length == 0 || score + 1 != length) {
                return Err(crawford_rule_error());
            }
        }
        // The match infers the Crawford state, or takes the mark (see `Match::set_score`).
        self.match_play
            .set_score(length, [score0, score1], mark0.or(mark1));
        out.reply(Reply::Score(self.score_report()));
        Ok(())
    }

    pub(super) fn set_turn(
        &mut self,
        word: Option<&str>,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        self.require_playing("There must be a game in progress to set a player on roll.")?;
        // gnubg refuses before it reads the player (checked live).
        if self.game().resignation().is_some() {
            return Err(CommandError::not_now(
                "Please resolve the resignation first.",
            ));
        }
        let Some(word) = word else {
            return Err(CommandError::bad_argument(
                "Which player do you want to set on roll?",
            ));
        };
        let side = self.player_by_word(word).ok_or_else(|| {
            CommandError::bad_argument(format!(
                "Unknown player `{}' (see `help set turn').",
                crate::echo::echoed(word)
            ))
        })?;
        // gnubg clears the dice and any pending decision even when the player is already on
        // roll (his next `roll` then gives the same dice back, see `roll_dice`); a refused
        // resignation stays refused (gnubg, checked live). The game's edit does both.
        self.apply_checked(Action::SetTurn(side));
        out.reply(Reply::TurnSet {
            side: NamedSide::new(side, self.name(side)),
        });
        Ok(())
    }
}

/// A `set score` word: a number, or a negative number meaning "away", with an optional
/// Crawford (`*`, a prefix of `crawford`) or post-Crawford (a prefix of `postcrawford`) mark.
pub(super) fn parse_score(word: &str, length: u32) -> Option<(u32, Option<CrawfordMark>)> {
    let digits_end = word
        .char_indices()
        .find(|&(index, c)| !(c.is_ascii_digit() || (index == 0 && c == '-')))
        .map_or(word.len(), |(index, _)| index);
    let (number, suffix) = word.split_at(digits_end);
    let value: i64 = number.parse().ok()?;
    let suffix = suffix.to_ascii_lowercase();
    let mark = if suffix.is_empty() {
        None
    } else if suffix == "*" || "crawford".starts_with(&suffix) {
        Some(CrawfordMark::Crawford)
    } else if "postcrawford".starts_with(&suffix) {
        Some(CrawfordMark::PostCrawford)
    } else {
        return None;
    };
    let score = if value < 0 {
        i64::from(length) + value
    } else {
        value
    };
    u32::try_from(score).ok().map(|score| (score, mark))
}

/// gnubg's `set board simple`: 26 integers from the side on roll (own bar, points 1..24,
/// opponent's bar), positive = own checkers, negative = opponent's.
pub(super) fn simple_board(numbers: &[i32], on_roll: Side, variant: Variant) -> Option<Board> {
    let mut slots = [[0u8; 25]; 2];
    let own = on_roll.index();
    let other = on_roll.opponent().index();
    let get = |index: usize| numbers.get(index).copied().unwrap_or(0);
    slots[own][24] = u8::try_from(get(0).unsigned_abs()).ok()?;
    for point in 1..=24usize {
        let value = get(point);
        let count = u8::try_from(value.unsigned_abs()).ok()?;
        if value > 0 {
            slots[own][point - 1] = count;
        } else if value < 0 {
            slots[other][24 - point] = count;
        }
    }
    slots[other][24] = u8::try_from(get(25).unsigned_abs()).ok()?;
    position_id::board_from_slots(slots, variant).ok()
}

#[cfg(test)]
#[path = "position_tests.rs"]
mod tests;
