//! Fuzz target: any input, split into lines, runs through the command parser and a session
//! without panicking; a rejected line leaves the session unchanged and every line leaves it
//! consistent. File commands (`save`, `export`, `import`, `load`) are left out: they would
//! write files named by random bytes; `tests/repl_files.rs` covers them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli::protocol::{parse_line, run_line, Command, Session};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut session = Session::new("fuzz");
    for line in text.lines().take(200) {
        if matches!(parse_line(line), Ok(Command::File(_))) {
            continue;
        }
        let before = session.clone();
        if run_line(&mut session, line).is_err() {
            assert!(
                session == before,
                "a rejected line changed the session: {line:?}"
            );
        }
        if let Err(problem) = session.check_consistency() {
            panic!("after {line:?}: {problem}");
        }
    }
});
