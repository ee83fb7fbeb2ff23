//! gnubg's external-player protocol, interface version 2: board semantics and replies,
//! independent of the transport (see [`crate::wire::external::server`]); the request grammar is in
//! [`crate::wire::external::request`].
//!
//! One request line in, one reply (one or more lines) out. Requests are FIBS board lines with
//! session options, `evaluation fibsboard ...`, `version`, `help`, `set ...` and `exit`/`quit`;
//! keywords are case-insensitive. Error texts follow gnubg 1.07 (its bison parser's
//! `syntax error, unexpected X, expecting Y` messages for the common cases).

pub mod connection;
pub mod debug;
pub mod request;
pub mod server;

use crate::engine::cube::{DoubleAction, TakeAction, MAX_CUBE};
use crate::engine::evaluator::Evaluator;
use crate::engine::judge::Judge;
use crate::engine::search::SearchLimits;
use crate::rules::{Board, Dice, GameState, MatchState, Play, Side, Variant, BAR_POINT, OFF_POINT};
pub use request::{
    parse_request, BoardRequest, EvaluationOptions, ExternalError, Request, BOARD_NUMBERS,
};

/// What a board line asks, once read: the state (with `on_roll` the player whose turn the
/// board shows) and the question.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardQuestion {
    /// The position and match facts; `on_roll` is the player the board says is on turn.
    pub state: MatchState,
    /// Whether both may-double flags were 0 and no double is pending (the Crawford game, or
    /// a board with dice): nobody may double.
    pub cube_frozen: bool,
    /// Beavers allowed.
    pub beavers: bool,
    /// Whether the cube is in use ([`SessionDefaults::cube`]): when it is not, the play is
    /// chosen cubeless and no double is offered.
    pub cube_in_use: bool,
    /// A resignation of 1..=3 offered to `state.on_roll` by the other player.
    pub resignation: Option<u32>,
    /// The player who must answer a pending double (`None` when no double is pending).
    pub responder: Option<Side>,
}

impl BoardQuestion {
    /// Sets who answers a pending double, and `state.turn` with it.
    pub fn set_responder(&mut self, responder: Side) {
        if self.state.double_offered {
            self.responder = Some(responder);
            self.state.turn = responder;
        }
    }

    /// Whether the responder may beaver: money play with beavers, a plain double by the
    /// player on roll, the responder does not own the cube already (which would make the
    /// offer a redouble of its own beaver), and the beavered cube, four times the board's,
    /// stays within gnubg's largest ([`MAX_CUBE`]): gnubg 1.07 refuses a beaver beyond it
    /// ("The cube is already at its highest supported value") and its game stops there.
    #[must_use]
    pub fn may_beaver(&self) -> bool {
        let state = &self.state;
        match self.responder {
            Some(responder) => {
                self.beavers
                    && state.match_length == 0
                    && state.on_roll != responder
                    && state.cube_owner != Some(responder)
                    && state.cube_value.saturating_mul(4) <= MAX_CUBE
            }
            None => false,
        }
    }
}

/// What a board request that does not say assumes: gnubg's `set jacoby`, `set beavers` and
/// `set cube use` (all on in gnubg). gnubg as a client sends none of them with its boards, so
/// a host that forbids beavers must be matched with `beavers: false` (gnubg refuses a beaver
/// it does not allow and the game stops there), and one that plays without the cube with
/// `cube: false` (its boards then show a centred cube that either player may turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionDefaults {
    /// The Jacoby rule in money play (`jacobyrule`).
    pub jacoby: bool,
    /// Whether a money double may be beavered (`beavers`).
    pub beavers: bool,
    /// Whether the cube is in use (no request says it): off, plays are chosen by the
    /// cubeless search ([`Judge::cubeless_best_play`]) and a double question is answered
    /// `roll`; a double that is pending all the same is answered as with the cube on.
    pub cube: bool,
}

impl Default for SessionDefaults {
    fn default() -> SessionDefaults {
        SessionDefaults {
            jacoby: true,
            beavers: true,
            cube: true,
        }
    }
}

/// Reads the 50 numbers of a board (gnubg's external-player reading). "You" is `X`, the
/// opponent `O`; checkers are placed by colour and direction; the player on turn is `X`
/// when turn and colour agree.
///
/// # Errors
/// [`ExternalError::BadlyFormedBoard`] when the numbers do not describe a position.
pub fn read_board(
    numbers: &[i64; BOARD_NUMBERS],
    request: &BoardRequest,
    defaults: SessionDefaults,
) -> Result<BoardQuestion, ExternalError> {
    let bad = ExternalError::BadlyFormedBoard;
    let length = numbers[0];
    let (my_score, their_score) = (numbers[1], numbers[2]);
    let money = length == 0 || length == 9999;
    if !(0..=0x7fff).contains(&length) && !money {
        return Err(bad);
    }
    if my_score < 0 || their_score < 0 || (!money && (length <= my_score || length <= their_score))
    {
        return Err(bad);
    }
    let (turn, colour, direction) = (numbers[29], numbers[38], numbers[39]);
    if turn == 0 || colour == 0 || direction == 0 {
        return Err(bad);
    }
    let mut slots = [[0u8; 25]; 2];
    let count = |value: i64| u8::try_from(value.unsigned_abs()).map_err(|_| bad.clone());
    for index in 1..=24usize {
        let value = numbers[3 + index];
        if value == 0 {
            continue;
        }
        let my_point = if direction < 0 { index } else { 25 - index };
        if value.signum() == colour.signum() {
            slots[Side::X.index()][my_point - 1] = count(value)?;
        } else {
            slots[Side::O.index()][24 - my_point] = count(value)?;
        }
    }
    let (low_bar, high_bar) = (count(numbers[3])?, count(numbers[28])?);
    let (my_bar, their_bar) = if direction < 0 {
        (high_bar, low_bar)
    } else {
        (low_bar, high_bar)
    };
    slots[Side::X.index()][24] = my_bar;
    slots[Side::O.index()][24] = their_bar;
    let board = Board::from_slots(slots, Variant::Standard).map_err(|_| bad.clone())?;

    let on_turn = if turn.signum() == colour.signum() {
        Side::X
    } else {
        Side::O
    };
    let die = |value: i64| u8::try_from(value).ok().filter(|d| (1..=6).contains(d));
    let dice_pair = |a: i64, b: i64| -> Result<Option<Dice>, ExternalError> {
        if a == 0 && b == 0 {
            return Ok(None);
        }
        match (die(a), die(b)) {
            (Some(first), Some(second)) => {
                Dice::new(first, second).map(Some).map_err(|_| bad.clone())
            }
            _ => Err(bad.clone()),
        }
    };
    let dice = match dice_pair(numbers[30], numbers[31])? {
        Some(dice) => Some(dice),
        None => dice_pair(numbers[32], numbers[33])?,
    };
    let cube_value = u32::try_from(numbers[34]).unwrap_or(1).clamp(1, 1 << 15);
    let (i_may, they_may) = (numbers[35] != 0, numbers[36] != 0);
    let cube_owner = match (i_may, they_may) {
        (true, false) => Some(Side::X),
        (false, true) => Some(Side::O),
        _ => None,
    };
    let match_length = if money { 0 } else { length as u32 };
    let score = [their_score as u32, my_score as u32];
    let crawford_rule = request.crawford_rule.unwrap_or(true);
    let one_away =
        match_length > 0 && (score[0] + 1 == match_length || score[1] + 1 == match_length);
    let crawford = crawford_rule && one_away && numbers[48] == 0 && numbers[49] == 0;
    // FIBS shows a double it asks you to answer by clearing both may-double flags, and gnubg's
    // reader takes a board without was-doubled whose flags are both 0 as a pending double (it
    // answers `take` or `drop`, at any score). gnubg as a host never writes both 0. tavli reads
    // it so too, except where no double can be pending: in the Crawford game (the last two
    // fields) and on a board with dice, where gnubg answers `take` all the same and tavli
    // plays the roll.
    let doubled = numbers[37] != 0 || (!i_may && !they_may && dice.is_none() && !crawford);
    // A double is answered by the player not on turn (gnubg's reading), unless that player
    // already owns the cube: then it has beavered and the player on turn answers the
    // redouble. (gnubg playing through `set player N external` always asks its external
    // player; the session corrects the responder for such clients.)
    let responder = doubled.then(|| {
        if cube_owner == Some(on_turn.opponent()) {
            on_turn
        } else {
            on_turn.opponent()
        }
    });
    let resignation = u32::try_from(request.resignation.clamp(0, 3)).unwrap_or(0);
    let state = MatchState {
        board,
        variant: Variant::Standard,
        cube_value,
        cube_owner,
        on_roll: on_turn,
        turn: responder.unwrap_or(on_turn),
        crawford,
        game_state: GameState::Playing,
        double_offered: doubled,
        resignation: None,
        dice,
        match_length,
        score,
        jacoby: request.jacoby.unwrap_or(defaults.jacoby) && match_length == 0,
    };
    Ok(BoardQuestion {
        state,
        cube_frozen: !i_may && !they_may && !doubled,
        beavers: request.beavers.unwrap_or(defaults.beavers) && match_length == 0,
        cube_in_use: defaults.cube,
        resignation: (resignation > 0 && !doubled).then_some(resignation),
        responder,
    })
}

/// Writes a play as gnubg's external interface does: one `from/to` per die, in the play's
/// order, `*` on the first step landing on an opponent blot, 25 for the bar and 0 for off;
/// each of the first three steps is followed by a space.
#[must_use]
pub fn format_external_play(play: &Play) -> String {
    let mut text = String::new();
    for (index, step) in play.steps().iter().enumerate() {
        let from = if step.from >= BAR_POINT {
            25
        } else {
            step.from
        };
        let to = if step.to == OFF_POINT { 0 } else { step.to };
        text.push_str(&format!("{from}/{to}"));
        if step.hit {
            text.push('*');
        }
        if index < 3 {
            text.push(' ');
        }
    }
    text
}

/// What the transport should do after a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Send these lines (each ends with `\n`).
    Send(String),
    /// Close this connection and wait for the next client.
    Close,
}

/// The protocol state of an external-player server: the evaluator, the numbers of the last
/// board (gnubg keeps them for truncated boards) and the `set` flags.
pub struct ExternalSession<E: Evaluator> {
    evaluator: E,
    numbers: [i64; BOARD_NUMBERS],
    style: ReplyStyle,
    /// For gnubg clients: the side gnubg last asked to decide (its external player).
    client_side: Option<Side>,
    debug: bool,
    new_interface: bool,
    defaults: SessionDefaults,
    /// Plies (gnubg's counting) and limits of the search behind board answers.
    move_plies: u32,
    move_limits: SearchLimits,
}

impl<E: Evaluator> ExternalSession<E> {
    /// A session answering with `evaluator`; `defaults` stands for gnubg's `set jacoby`,
    /// `set beavers` and `set cube use` (all on by default).
    pub fn new(evaluator: E, defaults: SessionDefaults) -> ExternalSession<E> {
        ExternalSession {
            evaluator,
            numbers: [0; BOARD_NUMBERS],
            style: ReplyStyle::default(),
            client_side: None,
            debug: false,
            new_interface: false,
            defaults,
            move_plies: 0,
            move_limits: SearchLimits::UNLIMITED,
        }
    }

    /// The same session answering boards (moves, cube and resignation decisions) with a search
    /// `plies` deep (gnubg's counting), within `limits` (time budget, threads).
    /// Evaluation requests keep the plies they ask for.
    #[must_use]
    pub fn with_search(mut self, plies: u32, limits: SearchLimits) -> ExternalSession<E> {
        self.move_plies = plies;
        self.move_limits = limits;
        self
    }

    /// Sets how replies are worded (the transport sets it per connection).
    pub fn set_style(&mut self, style: ReplyStyle) {
        if style != self.style {
            self.client_side = None;
        }
        self.style = style;
    }

    /// Whether `set debug on` is in force (`DBG:` lines before each board reply).
    #[must_use]
    pub fn debug(&self) -> bool {
        self.debug
    }

    /// Whether `set interface new` was given (no other effect, as in gnubg).
    #[must_use]
    pub fn new_interface(&self) -> bool {
        self.new_interface
    }

    /// Answers one request line (NULs and the newline already removed).
    pub fn handle_line(&mut self, line: &str) -> Reply {
        match parse_request(line) {
            Ok(request) => self.handle(request),
            Err(error) => Reply::Send(format!("Error: {error}\n")),
        }
    }

    /// Answers a parsed request.
    pub fn handle(&mut self, request: Request) -> Reply {
        let text = match request {
            Request::Exit => return Reply::Close,
            Request::Version => {
                "Interface: 2\nRFBF: 0\nEngine: 1.00\nSoftware: 1.07.001\n".to_string()
            }
            Request::Help => "\tNo help information available\n".to_string(),
            Request::SetDebug(on) => {
                self.debug = on;
                format!("Debug output {}\n", if on { "ON" } else { "OFF" })
            }
            Request::SetInterface(new) => {
                self.new_interface = new;
                format!("New interface {}\n", if new { "ON" } else { "OFF" })
            }
            Request::SetPrompt => format!("Error: {}\n", ExternalError::PromptNotSupported),
            Request::Board(board) => match self.question(&board) {
                Ok(mut question) => {
                    let debug = self.debug_lines(&board, &question);
                    if self.style.gnubg_client {
                        self.correct_for_gnubg(&mut question);
                    }
                    format!("{debug}{}\n", self.answer(&question))
                }
                Err(error) => format!("Error: {error}\n"),
            },
            Request::Evaluation(board, options) => match self.question(&board) {
                Ok(question) => format!(
                    "{}{}\n",
                    self.debug_lines(&board, &question),
                    self.evaluation(&question, &options)
                ),
                Err(error) => format!("Error: {error}\n"),
            },
        };
        Reply::Send(text)
    }

    /// Reads a board from gnubg playing through `set player N external` as gnubg meant it.
    /// * The scores: gnubg writes its player 0's score first (the side whose checkers are not
    ///   of `colour`, `O` here) unless a double is pending, and its player 1's (`X`) first when
    ///   one is (as [`crate::codec::fibs::FibsFlavour::ExternalPlayer`] describes), where the
    ///   FIBS reading (gnubg's own external server's) takes the first score for `X`, "you":
    ///   without this, every board at an unequal score was read with the score reversed.
    /// * The responder: gnubg sends its external player only that player's decisions, so a
    ///   pending double is always the external player's to answer.
    fn correct_for_gnubg(&mut self, question: &mut BoardQuestion) {
        if !question.state.double_offered {
            question.state.score.swap(0, 1);
        }
        match (question.responder, self.client_side) {
            (None, _) => self.client_side = Some(question.state.on_roll),
            (Some(_), Some(side)) => question.set_responder(side),
            (Some(_), None) => {}
        }
    }

    /// gnubg's `DBG:` lines for a board request when `set debug on` is in force, else "".
    fn debug_lines(&self, request: &BoardRequest, question: &BoardQuestion) -> String {
        if !self.debug {
            return String::new();
        }
        debug::debug_lines(&debug::DebugInput {
            request,
            question,
            numbers: &self.numbers,
            defaults: self.defaults,
        })
    }

    fn question(&mut self, board: &BoardRequest) -> Result<BoardQuestion, ExternalError> {
        let mut numbers = self.numbers;
        for (slot, value) in numbers.iter_mut().zip(&board.numbers) {
            *slot = *value;
        }
        self.numbers = numbers;
        read_board(&numbers, board, self.defaults)
    }

    /// The reply to a board line (without the newline).
    #[must_use]
    pub fn answer(&self, question: &BoardQuestion) -> String {
        let judge = Judge::new(&self.evaluator, self.move_plies).with_limits(self.move_limits);
        answer_board(&judge, question, self.style)
    }

    fn evaluation(&self, question: &BoardQuestion, options: &EvaluationOptions) -> String {
        let state = &question.state;
        // `plies N` (gnubg's counting), searched at most two rolls deep.
        let plies = u32::try_from(options.plies.clamp(0, 2)).unwrap_or(0);
        let evaluation = Judge::new(&self.evaluator, plies).evaluate(state, state.on_roll);
        let p = evaluation.probabilities;
        let equity = if options.cubeful {
            evaluation.cubeful_equity
        } else {
            evaluation.cubeless_equity
        };
        format!(
            "{:.6} {:.6} {:.6} {:.6} {:.6} {:.6}",
            p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon, equity
        )
    }
}

/// How replies are worded for the peer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplyStyle {
    /// The peer is gnubg playing through `set player N external` (it sends a NUL after each
    /// newline). gnubg 1.07 reads a cube answer starting with `d` as a redouble (beaver), so
    /// a refused cube is answered `pass`, which it reads as a drop.
    pub gnubg_client: bool,
}

/// The answer to a board line: resignation, cube response, move or cube action, as `judge`
/// decides them. With the cube not in use ([`BoardQuestion::cube_in_use`]) the play is the
/// cubeless search's and the player on roll never doubles.
pub fn answer_board<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    question: &BoardQuestion,
    style: ReplyStyle,
) -> String {
    let state = &question.state;
    let on_turn = state.on_roll;
    if let Some(points) = question.resignation {
        let accept = judge.resignation(state, on_turn, points).should_accept();
        return if accept { "accept" } else { "reject" }.to_string();
    }
    if let Some(responder) = question.responder {
        let decision = judge.answer_to_double(state, responder.opponent(), question.may_beaver());
        return match decision.take {
            TakeAction::Take => "take",
            TakeAction::Drop if style.gnubg_client => "pass",
            TakeAction::Drop => "drop",
            TakeAction::Beaver => "beaver",
        }
        .to_string();
    }
    if let Some(dice) = state.dice {
        return judge
            .play_for(state, dice, question.cube_in_use)
            .map(|play| format_external_play(&play))
            .unwrap_or_default();
    }
    if question.cube_frozen || !question.cube_in_use {
        return "roll".to_string();
    }
    match judge
        .cube_decision(state, on_turn, question.beavers)
        .double()
    {
        DoubleAction::Double => "double".to_string(),
        DoubleAction::NoDouble => "roll".to_string(),
    }
}

#[cfg(test)]
mod tests;
