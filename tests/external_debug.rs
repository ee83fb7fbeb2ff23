//! The external player's `DBG:` lines (`set debug on`) against a recording of gnubg 1.07's
//! own `external` server: boards at match scores around the Crawford game (one player one
//! away, both, after the Crawford game, the Crawford rule off, a 1-point match, money), whose
//! score line gnubg ends with `*` in the Crawford game. Recorded by sending each board line
//! to `gnubg -t -q` running `external localhost:PORT` and logging both directions.

use crate::support::unrepr;
use tavli::engine::Pubeval;
use tavli::wire::external::{ExternalSession, Reply, SessionDefaults};

#[test]
fn debug_lines_are_gnubgs_with_the_crawford_marker() {
    let text = include_str!("../fixtures/external/crawford-debug.transcript");
    let mut exchanges: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(request) = line.strip_prefix("client -> gnubg: ") {
            exchanges.push((unrepr(request), String::new()));
        } else if let Some(reply) = line.strip_prefix("gnubg -> client: ") {
            if let Some(last) = exchanges.last_mut() {
                last.1 += &unrepr(reply);
            }
        }
    }
    let mut session = ExternalSession::new(Pubeval, SessionDefaults::default());
    let mut crawford_lines = 0;
    let mut boards = 0;
    for (request, gnubg) in &exchanges {
        let line = request.trim_end_matches('\n');
        let ours = match session.handle_line(line) {
            Reply::Send(text) => text,
            Reply::Close => continue,
        };
        let debug = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|line| line.starts_with("DBG:"))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(debug(&ours), debug(gnubg), "{line}");
        if line.starts_with("board:") {
            boards += 1;
        }
        crawford_lines += debug(gnubg)
            .iter()
            .filter(|line| line.starts_with("DBG: Score: ") && line.contains("*,"))
            .count();
    }
    assert_eq!(boards, 10);
    assert_eq!(crawford_lines, 4);
}
