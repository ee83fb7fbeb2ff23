//! Shared checks of the match-file fuzz targets: validation of arbitrary bytes agrees with
//! reading, and a match that reads without errors survives conversion to SGF and back to .mat.

use tavli::matchfile::{
    check_text, decode, read_match_text, render_text, validate_bytes, write_mat, write_sgf, Format,
    Verdict,
};

/// Validates `bytes` as a file called `name` (format forced and sniffed) and checks every
/// report against a direct read of the same text.
pub fn check(name: &str, bytes: &[u8], format: Format) {
    for forced in [Some(format), None] {
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
            .any(|d| d.severity == tavli::matchfile::diagnostic::Severity::Error);
        assert_eq!(report.verdict == Verdict::Invalid, has_error);
        assert!(report.finished_games <= report.games);
        let Ok((text, _)) = decode(bytes) else {
            assert_eq!(report.verdict, Verdict::Invalid);
            continue;
        };
        let read = read_match_text(&text, report.format);
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
    if let Ok((text, _)) = decode(bytes) {
        let (record, _) = check_text(&text, format);
        let _ = write_mat(&record);
        let _ = write_sgf(&record);
    }
}

/// A record read without errors is written as SGF and .mat; both read back without errors
/// and with the same games.
fn round_trip(record: &tavli::matchfile::MatchRecord) {
    let sgf = write_sgf(record);
    let from_sgf = read_match_text(&sgf, Format::Sgf)
        .unwrap_or_else(|error| panic!("written SGF does not read: {error}\n{sgf}"));
    assert!(
        from_sgf.games == record.games,
        "SGF changed the games\n{sgf}"
    );
    let mat = write_mat(record);
    let from_mat = read_match_text(&mat, Format::Mat)
        .unwrap_or_else(|error| panic!("written .mat does not read: {error}\n{mat}"));
    assert!(
        from_mat.games == record.games,
        "mat changed the games\n{mat}"
    );
}
