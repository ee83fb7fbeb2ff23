//! UBGI (Universal Backgammon Interface) on a line stream: drafts v0.2 and v0.1 of
//! github.com/bungogood/bgci (`docs/ubgi-v0.2-spec.md` at commit 6de6584, `docs/ubgi-v0.1-spec.md`).
//!
//! * v0.2: `ubgi`, `isready`, `newgame`, `position gnubgid|xgid`, `dice`, `go [chequer|cube|
//!   turn]`, `set`/`get`/`keys`, `quit`, the four error codes. `engine.ply` is root-inclusive:
//!   UBGI 1-ply = gnubg 0-ply; tavli takes 1 to 3. A bare `go` is `go chequer`.
//! * v0.1: `setoption name N value V` (as `set`), `go role chequer|cube|turn`, the limits
//!   `movetime`, `depth`, `nodes`, `trials` after `go` (v0.2 forms take them too; `depth`
//!   chooses the plies of one request, `movetime` its time budget (0: none), `nodes` and
//!   `trials` are not needed by a search without rollouts),
//!   `stop` (nothing runs in the background, so it does nothing). `newsession`, `setscore`,
//!   `setcube` and `setturn` are `unsupported`: a Match ID or XGID carries score and cube.
//! * Commands with no answer in the drafts (`newgame`, `position`, `dice`, `set`, `stop`,
//!   `quit`) print nothing unless they fail; a failure prints one `error` line.
//! * Extension (not in the drafts): when the position has a double pending, `go cube`
//!   answers for the player who must respond with `bestcube take|drop|beaver`.
//!
//! [`command`] parses lines, [`options`] holds the keys, [`session`] answers.

pub mod command;
pub mod options;
pub mod session;

pub use command::{Command, Go, GoKind, PositionForm, UbgiError};
pub use options::UbgiOptions;
pub use session::UbgiSession;

use crate::engine::evaluator::Evaluator;
use crate::rules::{Play, BAR_POINT, OFF_POINT};
use std::io::{self, BufRead, Write};

/// The protocol version announced.
pub const PROTOCOL_VERSION: &str = "0.2";
/// The longest input line handled, in bytes without the newline; a longer line gets
/// `error bad_command line too long (limit 4096 bytes)` once its newline arrives.
pub const MAX_LINE: usize = 4096;

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
            vec![
                UbgiError::bad_command(format!("line too long (limit {MAX_LINE} bytes)"))
                    .to_string(),
            ]
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
            s.handle_line("set engine.ply 4"),
            vec!["error bad_value engine.ply must_be 1..3"]
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
        assert!(s.handle_line("stop").is_empty());
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
        // The Match ID records the roll: no double is possible any more.
        assert_eq!(
            s.handle_line("go cube").last().unwrap(),
            "bestcube nodouble"
        );
        assert_eq!(
            s.handle_line("go turn").last().unwrap(),
            "bestturn cube=nodouble move=13/7 8/7"
        );
        assert!(s.handle_line("newgame").is_empty());
        assert!(s.handle_line("position gnubgid 4HPwATDgc/ABMA").is_empty());
        assert_eq!(
            s.handle_line("go chequer"),
            vec!["error bad_state missing dice"]
        );
        assert_eq!(
            s.handle_line("dice 0 3"),
            vec!["error bad_value dice must_be 1..6"]
        );
        assert!(s
            .handle_line("position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
            .is_empty());
        assert!(s.handle_line("go").last().unwrap().starts_with("bestmove "));
        assert_eq!(
            s.handle_line("position fen x"),
            vec!["error unsupported position format fen"]
        );
        assert_eq!(
            s.handle_line("go"),
            vec!["error bad_state missing position"]
        );
    }

    #[test]
    fn a_roll_with_one_die_zero_is_read_as_not_rolled() {
        // The REPL's and the one-shot commands' rule, after gnubg: a Match ID or XGID whose
        // dice field has one die 0 records no roll, so the dice given by `dice` stay.
        let answers = |position: &str| {
            let mut s = session();
            assert!(s.handle_line("dice 6 5").is_empty());
            assert!(s.handle_line(position).is_empty(), "{position}");
            (s.handle_line("go"), s.handle_line("go cube"))
        };
        let expected = answers("position gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA");
        assert!(expected.0.last().unwrap().starts_with("bestmove "));
        // X on roll, dice [5, 0] and [0, 3] in the Match ID.
        for match_text in ["cIkCAAAAAAAA", "cAkMAAAAAAAA"] {
            let fields = crate::codec::match_id::decode(match_text).unwrap();
            assert!(fields.is_half_rolled(), "{match_text}: {:?}", fields.dice);
            assert_eq!(
                answers(&format!("position gnubgid 4HPwATDgc/ABMA:{match_text}")),
                expected,
                "{match_text}"
            );
        }
        for dice in ["05", "50", "60"] {
            let xgid = format!("XGID=-b----E-C---eE---c-e----B-:0:0:1:{dice}:0:0:3:0:10");
            assert_eq!(
                answers(&format!("position xgid {xgid}")),
                expected,
                "{dice}"
            );
        }
    }

    #[test]
    fn two_plies_look_a_roll_ahead_and_still_answer_legally() {
        let mut s = session();
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
        // `depth` chooses the plies of one request; the deepest is 3.
        assert!(s.handle_line("go depth 1")[0].starts_with("info depth 1 "));
        assert!(s.handle_line("go depth 9")[0].starts_with("info depth 3 "));
    }

    #[test]
    fn pending_double_gets_a_cube_response() {
        let mut s = session();
        // Money, O doubled, X to answer (gnubg's vector 5).
        assert!(s
            .handle_line("position gnubgid sGfwATDgc/ABMA:MBkAAAAAAAAA")
            .is_empty());
        let reply = s.handle_line("go cube");
        let last = reply.last().unwrap();
        assert!(
            ["bestcube take", "bestcube drop", "bestcube beaver"].contains(&last.as_str()),
            "{last}"
        );
        assert_eq!(
            s.handle_line("go"),
            vec!["error bad_state double pending (go cube answers it)"]
        );
    }

    /// `game.cube false`: the trailer of a 7-point match at 0-6 after the Crawford game
    /// doubles with the cube and not without, before and with the roll.
    #[test]
    fn without_the_cube_nobody_doubles() {
        let mut s = session();
        // 7-point match, 0-6 post-Crawford, X (0) on roll at the opening position.
        let board = "board:root:gnubg:7:0:6:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:1:1";
        let fibs = crate::codec::fibs::FibsFlavour::ShowBoard;
        let state = crate::codec::fibs::decode(board, crate::rules::Variant::Standard, fibs)
            .unwrap()
            .state;
        let position = format!(
            "position gnubgid {}",
            crate::codec::gnubg_id::encode(&state)
        );
        assert!(s.handle_line(&position).is_empty());
        assert_eq!(s.handle_line("go cube").last().unwrap(), "bestcube double");
        assert!(s.handle_line("set game.cube false").is_empty());
        assert_eq!(
            s.handle_line("go cube").last().unwrap(),
            "bestcube nodouble"
        );
        assert!(s.handle_line("dice 3 1").is_empty());
        assert_eq!(
            s.handle_line("go turn").last().unwrap(),
            "bestturn cube=nodouble move=8/5 6/5"
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
            "readyok\nerror bad_command line too long (limit 4096 bytes)\nreadyok\n"
        );
    }
}
