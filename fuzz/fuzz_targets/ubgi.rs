//! Fuzz target: lines fed to a UBGI session: replies are single non-empty lines, an error
//! leaves the options and position unchanged (a refused `position` leaves none), `bestmove` names a legal play (or `pass` when
//! there is none); the same bytes through `run` on in-memory streams end cleanly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Cursor;
use tavli::wire::ubgi::{format_ubgi_play, run, UbgiSession};
use tavli::engine::Pubeval;
use tavli::rules::legal_plays;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut session = UbgiSession::new(Pubeval, "fuzz");
    for line in text.lines().take(64) {
        let options = session.options().clone();
        let state = session.state().copied();
        let replies = session.handle_line(line);
        for reply in &replies {
            assert!(
                !reply.is_empty() && !reply.contains('\n'),
                "{line:?} -> {reply:?}"
            );
        }
        if replies.iter().any(|reply| reply.starts_with("error ")) {
            assert_eq!(replies.len(), 1, "{line:?} -> {replies:?}");
            assert_eq!(session.options(), &options, "{line:?} changed the options");
            if line.split_whitespace().next() == Some("position") {
                assert!(session.state().is_none(), "{line:?} kept a position");
            } else {
                assert_eq!(
                    session.state(),
                    state.as_ref(),
                    "{line:?} changed the position"
                );
            }
        }
        for reply in &replies {
            let Some(payload) = reply.strip_prefix("bestmove ") else {
                continue;
            };
            let state = session.state().expect("a move needs a position");
            let dice = state.dice.expect("a move needs dice");
            let plays = legal_plays(&state.board, state.on_roll, dice);
            if payload == "pass" {
                assert!(
                    plays.iter().all(|play| play.steps().is_empty()),
                    "{line:?}: pass"
                );
            } else {
                assert!(
                    plays.iter().any(|play| format_ubgi_play(play) == payload),
                    "{line:?}: {payload:?} is not a legal play"
                );
            }
        }
        if session.finished() {
            break;
        }
    }
    let mut session = UbgiSession::new(Pubeval, "fuzz");
    let mut output = Vec::new();
    run(&mut session, Cursor::new(data), &mut output).expect("in-memory streams do not fail");
    assert!(output.is_empty() || output.ends_with(b"\n"));
});
