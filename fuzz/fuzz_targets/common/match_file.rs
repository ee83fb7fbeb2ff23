//! Shared checks of the match-file fuzz targets: validation of arbitrary bytes agrees with
//! reading, and a match that reads without errors survives conversion to SGF and back to .mat.

use tavli::matchfile::diagnostic::Severity;
use tavli::matchfile::record::GameAction;
use tavli::matchfile::{
    decode, read_match_text, render_text, validate_bytes, write_mat, write_sgf, Format,
    SgfOptions, Verdict,
};

/// Validates `bytes` as a file called `name` (format forced, and sniffed when the content
/// looks like the other format) and checks each report against a direct read of the text.
pub fn check(name: &str, bytes: &[u8], format: Format) {
    let decoded = decode(bytes);
    let sniffed = decoded
        .as_ref()
        .ok()
        .map(|(text, _)| Format::sniff(text))
        .filter(|&sniffed| sniffed != format && format == Format::Mat);
    for forced in std::iter::once(Some(format)).chain(sniffed.map(|_| None)) {
        let report = validate_bytes(name, bytes, forced);
        let _ = report.summary();
        let _ = render_text(std::slice::from_ref(&report), true, true);
        for diagnostic in &report.diagnostics {
            assert!(
                diagnostic.line >= 1 && diagnostic.column >= 1,
                "{diagnostic:?}"
            );
        }
        let has_error = report
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error);
        assert_eq!(report.verdict == Verdict::Invalid, has_error);
        assert!(report.finished_games <= report.games);
        let Ok((text, _)) = &decoded else {
            assert_eq!(report.verdict, Verdict::Invalid);
            continue;
        };
        let read = read_match_text(text, report.format);
        assert_eq!(
            read.is_ok(),
            report.verdict != Verdict::Invalid,
            "validate and read disagree on {:?}",
            report.format
        );
        if let Ok(record) = read {
            assert_eq!(record.games.len(), report.games);
            assert_eq!(record.final_score(), report.final_score);
            round_trip(&record);
        }
    }
}

/// A record read without errors is written as SGF and .mat; both read back without errors
/// and with the same games (.mat only when no game starts from an edited board).
fn round_trip(record: &tavli::matchfile::MatchRecord) {
    let sgf = write_sgf(record, &SgfOptions::default());
    let from_sgf = read_match_text(&sgf, Format::Sgf)
        .unwrap_or_else(|error| panic!("written SGF does not read: {error}\n{sgf}"));
    assert!(
        from_sgf.games == record.games,
        "SGF changed the games\n{sgf}"
    );
    // .mat has no set-up record: write_mat leaves edited boards out (as gnubg's export does),
    // so a game with one cannot come back the same.
    let edited = record.games.iter().any(|game| {
        game.actions
            .iter()
            .any(|action| matches!(action, GameAction::SetBoard { .. }))
    });
    // An SGF may name player 0 `PW[]`; gnubg then writes a .mat with an empty name that its
    // import (and tavli's reader) refuses. tavli writes the same.
    // A name with a `:` (SGF `PW[a:b]`) is written with `_` in its place (gnubg 1.07 crashes
    // reading a colon there); the games still come back the same.
    if edited || record.players[0].is_empty() {
        let _ = write_mat(record);
        return;
    }
    let mat = write_mat(record);
    let from_mat = read_match_text(&mat, Format::Mat)
        .unwrap_or_else(|error| panic!("written .mat does not read: {error}\n{mat}"));
    assert!(
        from_mat.games == record.games,
        "mat changed the games\n{mat}"
    );
}
