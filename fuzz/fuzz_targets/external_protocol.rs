//! Fuzz target: lines fed to the external-player session (gnubg's socket protocol, without
//! the socket): every request gets one reply ending in a newline, parse errors are answered
//! `Error: ...`, a move answered to a board with dice is one of the legal plays; the same
//! bytes through the connection loop (NULs, long lines) on an in-memory stream end cleanly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli::wire::external::{
    format_external_play, parse_request, read_board, ExternalSession, Reply, Request,
    SessionDefaults, BOARD_NUMBERS,
};
use tavli::wire::external::server::serve_bytes;
use tavli::engine::Pubeval;
use tavli::rules::legal_plays;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut session = ExternalSession::new(Pubeval, SessionDefaults::default());
    // The numbers the session keeps between boards, tracked here to know each question.
    let mut numbers = [0i64; BOARD_NUMBERS];
    for line in text.lines().take(64) {
        let line = line.replace('\0', "");
        let parsed = parse_request(&line);
        let reply = session.handle_line(&line);
        let text = match (&parsed, reply) {
            (Ok(Request::Exit), Reply::Close) => break,
            (_, Reply::Close) => panic!("{line:?} closed the connection"),
            (_, Reply::Send(text)) => text,
        };
        assert!(text.ends_with('\n'), "{line:?} -> {text:?}");
        // After `set debug on`, gnubg's `DBG:` lines come before the reply itself.
        let text: String = text
            .lines()
            .filter(|reply_line| !reply_line.starts_with("DBG:"))
            .map(|reply_line| format!("{reply_line}\n"))
            .collect();
        if parsed.is_err() {
            assert!(text.starts_with("Error: "), "{line:?} -> {text:?}");
        }
        // Board and evaluation requests both update the numbers the session keeps.
        let (request, is_board) = match parsed {
            Ok(Request::Board(request)) => (request, true),
            Ok(Request::Evaluation(request, _)) => (request, false),
            _ => continue,
        };
        for (slot, value) in numbers.iter_mut().zip(&request.numbers) {
            *slot = *value;
        }
        if !is_board {
            continue;
        }
        let Ok(question) = read_board(&numbers, &request, SessionDefaults::default()) else {
            assert!(text.starts_with("Error: "), "{line:?} -> {text:?}");
            continue;
        };
        let state = &question.state;
        if let (Some(dice), None, None) = (state.dice, question.resignation, question.responder) {
            let answer = text.trim_end_matches('\n');
            let plays = legal_plays(&state.board, state.on_roll, dice);
            if plays.is_empty() || plays.iter().all(|play| play.steps().is_empty()) {
                assert_eq!(answer, "", "{line:?}: no legal play but {answer:?}");
            } else {
                assert!(
                    plays
                        .iter()
                        .any(|play| format_external_play(play) == answer),
                    "{line:?}: {answer:?} is not a legal play"
                );
            }
        }
    }
    let mut session = ExternalSession::new(Pubeval, SessionDefaults::default());
    let output = serve_bytes(data, &mut session).expect("in-memory streams do not fail");
    assert!(output.is_empty() || output.ends_with(b"\n"));
});
