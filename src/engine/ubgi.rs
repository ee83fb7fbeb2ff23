//! UBGI (Universal Backgammon Interface, draft v0.2) on a line stream: handshake, keys,
//! positions by GNUbg ID or XGID, dice, `go` requests and the four error codes.
//!
//! Followed: `docs/ubgi-v0.2-spec.md` of github.com/bungogood/bgci at commit 6de6584 (the
//! draft that defines `engine.ply` as root-inclusive: UBGI 1-ply = gnubg 0-ply; tavli takes 1
//! or 2). v0.1's `setoption name N value V` is accepted as `set N V`.
//! Commands with no answer in the draft (`newgame`, `position`, `dice`, `set`) print nothing
//! unless they fail. Extension (not in the draft): when the position has a double pending,
//! `go` and `go cube` answer for the player who must respond with
//! `bestcube take`, `bestcube drop` or `bestcube beaver`.

use crate::codec::{gnubg_id, position_id, xgid};
use crate::engine::cube::{CubeContext, DoubleAction, TakeAction};
use crate::engine::evaluator::{best_play, evaluate, Evaluator};
use crate::engine::lookahead::Lookahead;
use crate::rules::{
    legal_plays, Dice, GameState, MatchState, Play, Side, Variant, BAR_POINT, OFF_POINT,
};
use std::io::{self, BufRead, Write};

/// The protocol version announced.
pub const PROTOCOL_VERSION: &str = "0.2";
/// The longest input line handled; longer lines get `error bad_command line too long`.
pub const MAX_LINE: usize = 4096;

/// The engine's settings (`set`/`get`/`keys`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UbgiOptions {
    /// `engine.ply`: root-inclusive checker-play depth, 1 (the evaluator alone) or 2 (one roll
    /// of lookahead, see [`Lookahead`]); cube decisions use the evaluator alone.
    pub ply: u32,
    /// `game.variant`: how Position IDs are read.
    pub variant: Variant,
    /// `game.beavers`: whether beavers may be answered in money play.
    pub beavers: bool,
    /// `game.jacoby`: the Jacoby rule for positions given without a Match ID.
    pub jacoby: bool,
}

impl Default for UbgiOptions {
    fn default() -> UbgiOptions {
        UbgiOptions {
            ply: 1,
            variant: Variant::Standard,
            beavers: true,
            jacoby: false,
        }
    }
}

/// The deepest `engine.ply`: 2 looks one roll ahead (gnubg's 1-ply), about a millisecond
/// per move with the baseline evaluator; 3 would cost some 400 times more.
const MAX_PLY: u32 = 2;

/// The keys this engine declares, as `key` lines.
const KEY_LINES: [&str; 4] = [
    "key engine.ply int 1..2 1 root-inclusive checker-play depth",
    "key game.variant enum backgammon|nackgammon|hypergammon1|hypergammon2|hypergammon3 backgammon variant for position ids",
    "key game.beavers bool true beavers allowed in money play",
    "key game.jacoby bool false Jacoby rule for positions without a match id",
];

fn variant_key(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "backgammon",
        Variant::Nackgammon => "nackgammon",
        Variant::Hypergammon1 => "hypergammon1",
        Variant::Hypergammon2 => "hypergammon2",
        Variant::Hypergammon3 => "hypergammon3",
        // The engine plays the standard family only; `game.variant` accepts nothing else.
        other => other.name(),
    }
}

fn parse_variant_key(text: &str) -> Option<Variant> {
    match text {
        "backgammon" | "standard" => Some(Variant::Standard),
        "nackgammon" => Some(Variant::Nackgammon),
        "hypergammon1" => Some(Variant::Hypergammon1),
        "hypergammon2" => Some(Variant::Hypergammon2),
        "hypergammon3" | "hypergammon" => Some(Variant::Hypergammon3),
        _ => None,
    }
}

fn parse_bool(text: &str) -> Option<bool> {
    match text {
        "true" | "on" | "yes" | "1" => Some(true),
        "false" | "off" | "no" | "0" => Some(false),
        _ => None,
    }
}

fn error(code: &str, detail: &str) -> Vec<String> {
    vec![format!("error {code} {detail}")]
}

/// What `go` was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GoKind {
    Any,
    Chequer,
    Cube,
    Turn,
}

/// A UBGI engine session: the evaluator, the options and the current position.
pub struct UbgiSession<E: Evaluator> {
    evaluator: E,
    name: String,
    options: UbgiOptions,
    state: Option<MatchState>,
    quit: bool,
}

impl<E: Evaluator> UbgiSession<E> {
    /// A session that introduces itself as `name`.
    pub fn new(evaluator: E, name: &str) -> UbgiSession<E> {
        UbgiSession {
            evaluator,
            name: name.to_string(),
            options: UbgiOptions::default(),
            state: None,
            quit: false,
        }
    }

    /// Whether `quit` was received.
    #[must_use]
    pub fn finished(&self) -> bool {
        self.quit
    }

    /// The current options.
    #[must_use]
    pub fn options(&self) -> &UbgiOptions {
        &self.options
    }

    /// The current position, if one was given.
    #[must_use]
    pub fn state(&self) -> Option<&MatchState> {
        self.state.as_ref()
    }

    /// Handles one input line and returns the reply lines (possibly none).
    pub fn handle_line(&mut self, line: &str) -> Vec<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, arguments)) = words.split_first() else {
            return Vec::new();
        };
        match command {
            "ubgi" => {
                let mut lines = vec![
                    format!("id name {}", self.name),
                    "id author the tavli developers".to_string(),
                    format!("proto {PROTOCOL_VERSION}"),
                ];
                lines.extend(KEY_LINES.iter().map(|line| (*line).to_string()));
                lines.push("ubgiok".to_string());
                lines
            }
            "isready" => vec!["readyok".to_string()],
            "quit" => {
                self.quit = true;
                Vec::new()
            }
            "newgame" => {
                self.state = None;
                Vec::new()
            }
            "keys" => KEY_LINES.iter().map(|line| (*line).to_string()).collect(),
            "set" => match arguments {
                [key, value @ ..] if !value.is_empty() => self.set(key, &value.join(" ")),
                _ => error("bad_command", "expected: set <key> <value>"),
            },
            "setoption" => match arguments {
                ["name", rest @ ..] => match rest.iter().position(|word| *word == "value") {
                    Some(split) if split > 0 && split + 1 < rest.len() => {
                        let key = rest[..split].join(" ");
                        self.set(&v01_key(&key), &rest[split + 1..].join(" "))
                    }
                    _ => error(
                        "bad_command",
                        "expected: setoption name <name> value <value>",
                    ),
                },
                _ => error(
                    "bad_command",
                    "expected: setoption name <name> value <value>",
                ),
            },
            "get" => match arguments {
                [key] => self.get(key),
                _ => error("bad_command", "expected: get <key>"),
            },
            "position" => self.position(arguments),
            "dice" => self.dice(arguments),
            "go" => match arguments {
                [] => self.go(GoKind::Any),
                ["chequer"] | ["checker"] => self.go(GoKind::Chequer),
                ["cube"] => self.go(GoKind::Cube),
                ["turn"] => self.go(GoKind::Turn),
                _ => error("bad_command", "expected: go [chequer|cube|turn]"),
            },
            _ => error(
                "bad_command",
                &format!("unknown command {}", printable(command)),
            ),
        }
    }

    fn set(&mut self, key: &str, value: &str) -> Vec<String> {
        match key {
            "engine.ply" => match value.parse::<u32>() {
                Ok(ply @ 1..=MAX_PLY) => self.options.ply = ply,
                _ => return error("bad_value", "engine.ply must_be 1..2"),
            },
            "game.variant" => match parse_variant_key(value) {
                Some(variant) => self.options.variant = variant,
                None => {
                    return error(
                        "bad_value",
                        "game.variant must_be backgammon|nackgammon|hypergammon1|hypergammon2|hypergammon3",
                    )
                }
            },
            "game.beavers" => match parse_bool(value) {
                Some(on) => self.options.beavers = on,
                None => return error("bad_value", "game.beavers must_be true|false"),
            },
            "game.jacoby" => match parse_bool(value) {
                Some(on) => self.options.jacoby = on,
                None => return error("bad_value", "game.jacoby must_be true|false"),
            },
            _ => return error("unsupported", &format!("key {}", printable(key))),
        }
        Vec::new()
    }

    fn get(&self, key: &str) -> Vec<String> {
        let value = match key {
            "engine.ply" => self.options.ply.to_string(),
            "game.variant" => variant_key(self.options.variant).to_string(),
            "game.beavers" => self.options.beavers.to_string(),
            "game.jacoby" => self.options.jacoby.to_string(),
            _ => return error("unsupported", &format!("key {}", printable(key))),
        };
        vec![format!("value {key} {value}")]
    }

    fn position(&mut self, arguments: &[&str]) -> Vec<String> {
        let variant = self.options.variant;
        let state = match arguments {
            ["gnubgid", id] if id.contains(':') => {
                gnubg_id::decode(id, variant).map_err(|e| format!("gnubgid {e}"))
            }
            ["gnubgid", position, matchid] => {
                gnubg_id::decode(&format!("{position}:{matchid}"), variant)
                    .map_err(|e| format!("gnubgid {e}"))
            }
            ["gnubgid", position] => position_id::decode(position, Side::X, variant)
                .map(|board| MatchState {
                    board,
                    jacoby: self.options.jacoby,
                    ..MatchState::new_money_game(variant, Side::X)
                })
                .map_err(|e| format!("gnubgid {e}")),
            ["xgid", id] => xgid::decode(id, variant).map_err(|e| format!("xgid {e}")),
            [format, ..] if *format != "gnubgid" && *format != "xgid" => {
                return error(
                    "unsupported",
                    &format!("position format {}", printable(format)),
                )
            }
            _ => {
                return error(
                    "bad_command",
                    "expected: position gnubgid <id> | position xgid <xgid>",
                )
            }
        };
        match state {
            Ok(state) => {
                self.state = Some(state);
                Vec::new()
            }
            Err(detail) => error("bad_value", &printable(&detail)),
        }
    }

    fn dice(&mut self, arguments: &[&str]) -> Vec<String> {
        let [first, second] = arguments else {
            return error("bad_command", "expected: dice <d1> <d2>");
        };
        let die = |text: &str| text.parse::<u8>().ok().filter(|d| (1..=6).contains(d));
        let dice = match (die(first), die(second)) {
            (Some(a), Some(b)) => Dice::new(a, b),
            _ => return error("bad_value", "dice must_be 1..6"),
        };
        let Ok(dice) = dice else {
            return error("bad_value", "dice must_be 1..6");
        };
        let Some(state) = self.state.as_mut() else {
            return error("bad_state", "missing position");
        };
        if state.double_offered || state.resignation.is_some() {
            return error("bad_state", "decision pending");
        }
        state.dice = Some(dice);
        Vec::new()
    }

    fn context(&self, state: &MatchState) -> CubeContext {
        let mut context = CubeContext::from_state(state);
        context.beavers = self.options.beavers && !state.is_match();
        context
    }

    fn go(&self, kind: GoKind) -> Vec<String> {
        let Some(state) = self.state.as_ref() else {
            return error("bad_state", "missing position");
        };
        if state.board.checkers_in_play(Side::O) == 0
            || state.board.checkers_in_play(Side::X) == 0
            || matches!(
                state.game_state,
                GameState::Over | GameState::Resigned | GameState::Dropped
            )
        {
            return error("bad_state", "game over");
        }
        if state.resignation.is_some() {
            return error("unsupported", "resignation decisions");
        }
        let context = self.context(state);
        let doubler = state.on_roll;
        let probabilities = self
            .evaluator
            .probabilities(&state.board, state.variant, doubler);
        if state.double_offered {
            return match kind {
                GoKind::Any | GoKind::Cube => {
                    let action = match context.take_action(&probabilities, doubler) {
                        TakeAction::Take => "take",
                        TakeAction::Drop => "drop",
                        TakeAction::Beaver => "beaver",
                    };
                    vec![self.info(state, 0), format!("bestcube {action}")]
                }
                GoKind::Chequer | GoKind::Turn => error("bad_state", "double pending"),
            };
        }
        let cube = || -> &'static str {
            match context
                .analyse_double(&probabilities, doubler)
                .double_action()
            {
                DoubleAction::Double => "double",
                DoubleAction::NoDouble => "nodouble",
            }
        };
        match (kind, state.dice) {
            (GoKind::Cube, _) | (GoKind::Any, None) => {
                vec![self.info(state, 0), format!("bestcube {}", cube())]
            }
            (GoKind::Chequer | GoKind::Any, Some(dice)) => {
                let (payload, nodes) = self.best_move(state, dice);
                vec![self.info(state, nodes), format!("bestmove {payload}")]
            }
            (GoKind::Turn, Some(dice)) => {
                let decision = cube();
                let (payload, nodes) = self.best_move(state, dice);
                vec![
                    self.info(state, nodes),
                    format!("bestturn cube={decision} move={payload}"),
                ]
            }
            (GoKind::Chequer | GoKind::Turn, None) => error("bad_state", "missing dice"),
        }
    }

    fn best_move(&self, state: &MatchState, dice: Dice) -> (String, usize) {
        let nodes = legal_plays(&state.board, state.on_roll, dice).len();
        let searched = Lookahead::new(&self.evaluator, self.options.ply.saturating_sub(1));
        let payload = best_play(&searched, state, dice)
            .map_or_else(|| "pass".to_string(), |play| format_ubgi_play(&play));
        (payload, nodes)
    }

    fn info(&self, state: &MatchState, nodes: usize) -> String {
        let searched = Lookahead::new(&self.evaluator, self.options.ply.saturating_sub(1));
        let evaluation = evaluate(&searched, state, state.on_roll);
        let p = evaluation.probabilities;
        format!(
            "info depth {} nodes {} score {:.4} win {:.4} wg {:.4} wbg {:.4} lg {:.4} lbg {:.4}",
            self.options.ply,
            nodes,
            evaluation.cubeful_equity,
            p.win,
            p.win_gammon,
            p.win_backgammon,
            p.lose_gammon,
            p.lose_backgammon
        )
    }
}

/// Maps a v0.1 option name to a v0.2 key (`Ply` -> `engine.ply`, `Variant` -> `game.variant`).
fn v01_key(name: &str) -> String {
    match name.to_ascii_lowercase().as_str() {
        "ply" | "plies" | "depth" => "engine.ply".to_string(),
        "variant" => "game.variant".to_string(),
        "beavers" => "game.beavers".to_string(),
        "jacoby" => "game.jacoby".to_string(),
        _ => name.to_string(),
    }
}

/// Keeps error details on one printable line.
fn printable(text: &str) -> String {
    text.chars()
        .take(80)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// A play as UBGI writes it: one `from/to` per die, `bar` and `off` for the bar and off.
#[must_use]
pub fn format_ubgi_play(play: &Play) -> String {
    let point = |value: u8| -> String {
        if value >= BAR_POINT {
            "bar".to_string()
        } else if value == OFF_POINT {
            "off".to_string()
        } else {
            value.to_string()
        }
    };
    play.steps()
        .iter()
        .map(|step| format!("{}/{}", point(step.from), point(step.to)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads one line of at most `limit` bytes (the rest of a longer line is skipped); `None` at
/// the end of input. The flag says whether the line was cut.
///
/// # Errors
/// Read errors of `input`.
pub fn read_line_limited<R: BufRead>(
    input: &mut R,
    limit: usize,
) -> io::Result<Option<(Vec<u8>, bool)>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(any.then_some((line, too_long)));
        }
        any = true;
        let (chunk, found) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(end) => (&buffer[..end], Some(end)),
            None => (buffer, None),
        };
        if !too_long {
            line.extend_from_slice(chunk);
            if line.len() > limit {
                too_long = true;
                line.clear();
            }
        }
        let used = found.map_or(chunk.len(), |end| end + 1);
        input.consume(used);
        if found.is_some() {
            return Ok(Some((line, too_long)));
        }
    }
}

/// Runs a session over `input` and `output` until `quit` or the end of input, flushing after
/// every reply line.
///
/// # Errors
/// Read or write errors (a closed output ends the session with the error).
pub fn run<E: Evaluator, R: BufRead, W: Write>(
    session: &mut UbgiSession<E>,
    mut input: R,
    mut output: W,
) -> io::Result<()> {
    while let Some((bytes, too_long)) = read_line_limited(&mut input, MAX_LINE)? {
        let lines = if too_long {
            error("bad_command", "line too long")
        } else {
            let text = String::from_utf8_lossy(&bytes);
            session.handle_line(text.trim_end_matches('\r'))
        };
        for line in lines {
            output.write_all(line.as_bytes())?;
            output.write_all(b"\n")?;
            output.flush()?;
        }
        if session.finished() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pubeval;

    fn session() -> UbgiSession<Pubeval> {
        UbgiSession::new(Pubeval, "tavli")
    }

    #[test]
    fn handshake_and_keys() {
        let mut s = session();
        let lines = s.handle_line("ubgi");
        assert_eq!(lines[0], "id name tavli");
        assert!(lines.contains(&"proto 0.2".to_string()));
        assert_eq!(lines.last().unwrap(), "ubgiok");
        assert_eq!(s.handle_line("isready"), vec!["readyok"]);
        assert_eq!(s.handle_line("get engine.ply"), vec!["value engine.ply 1"]);
        assert_eq!(
            s.handle_line("set engine.ply 3"),
            vec!["error bad_value engine.ply must_be 1..2"]
        );
        assert!(s
            .handle_line("setoption name Variant value nackgammon")
            .is_empty());
        assert_eq!(
            s.handle_line("get game.variant"),
            vec!["value game.variant nackgammon"]
        );
        assert_eq!(
            s.handle_line("set"),
            vec!["error bad_command expected: set <key> <value>"]
        );
        assert_eq!(
            s.handle_line("get engine.nope"),
            vec!["error unsupported key engine.nope"]
        );
        assert_eq!(
            s.handle_line("go"),
            vec!["error bad_state missing position"]
        );
        assert_eq!(
            s.handle_line("frobnicate"),
            vec!["error bad_command unknown command frobnicate"]
        );
    }

    #[test]
    fn opening_move_cube_and_turn() {
        let mut s = session();
        assert!(s
            .handle_line("position gnubgid 4HPwATDgc/ABMA:cIkFAAAAAAAA")
            .is_empty());
        let reply = s.handle_line("go");
        assert_eq!(reply.last().unwrap(), "bestmove 8/5 6/5");
        assert!(reply[0].starts_with("info depth 1 nodes 16 "));
        assert!(s.handle_line("dice 6 1").is_empty());
        assert_eq!(
            s.handle_line("go chequer").last().unwrap(),
            "bestmove 13/7 8/7"
        );
        assert_eq!(
            s.handle_line("go cube").last().unwrap(),
            "bestcube nodouble"
        );
        assert_eq!(
            s.handle_line("go turn").last().unwrap(),
            "bestturn cube=nodouble move=13/7 8/7"
        );
        assert!(s.handle_line("position gnubgid 4HPwATDgc/ABMA").is_empty());
        assert_eq!(
            s.handle_line("go chequer"),
            vec!["error bad_state missing dice"]
        );
        assert_eq!(
            s.handle_line("dice 0 3"),
            vec!["error bad_value dice must_be 1..6"]
        );
        assert_eq!(
            s.handle_line("position fen x"),
            vec!["error unsupported position format fen"]
        );
        assert!(s
            .handle_line("position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
            .is_empty());
        assert!(s.handle_line("go").last().unwrap().starts_with("bestmove "));
    }

    #[test]
    fn two_plies_look_a_roll_ahead_and_still_answer_legally() {
        let mut s = UbgiSession::new(Pubeval, "tavli");
        assert!(s.handle_line("set engine.ply 2").is_empty());
        assert_eq!(s.handle_line("get engine.ply"), vec!["value engine.ply 2"]);
        s.handle_line("newgame");
        s.handle_line("position gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA");
        s.handle_line("dice 6 5");
        let reply = s.handle_line("go chequer");
        assert!(reply[0].starts_with("info depth 2 "), "{reply:?}");
        assert_eq!(
            reply.last().map(String::as_str),
            Some("bestmove 24/18 18/13")
        );
    }

    #[test]
    fn pending_double_gets_a_cube_response() {
        let mut s = session();
        // Money, O doubled, X to answer (gnubg's vector 5).
        assert!(s
            .handle_line("position gnubgid sGfwATDgc/ABMA:MBkAAAAAAAAA")
            .is_empty());
        let reply = s.handle_line("go");
        let last = reply.last().unwrap();
        assert!(
            ["bestcube take", "bestcube drop", "bestcube beaver"].contains(&last.as_str()),
            "{last}"
        );
        assert_eq!(
            s.handle_line("go chequer"),
            vec!["error bad_state double pending"]
        );
    }

    #[test]
    fn run_stops_at_quit_and_survives_long_lines() {
        let mut s = session();
        let mut input = b"isready\n".to_vec();
        input.extend(vec![b'z'; MAX_LINE * 3]);
        input.extend(b"\nisready\nquit\nisready\n");
        let mut output = Vec::new();
        run(&mut s, &input[..], &mut output).unwrap();
        assert_eq!(
            String::from_utf8(output).unwrap(),
            "readyok\nerror bad_command line too long\nreadyok\n"
        );
    }
}
