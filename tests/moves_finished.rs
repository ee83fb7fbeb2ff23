//! `tavli moves` of a finished game: refused with the reason on standard error and exit
//! status 1, nothing on standard output, as `hint` and `eval` refuse it. (An empty list, exit
//! status 0, is kept for a roll with no legal play.) In `--batch` the line is an error record
//! of kind `position` and the batch goes on.

use crate::support::tavli;

/// Runs `tavli moves ARGS` and returns (exit code, stdout, stderr).
fn moves(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut all = vec!["moves"];
    all.extend_from_slice(args);
    let output = tavli(&all, stdin);
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_side_with_no_checker_left_has_finished_the_game() {
    for (position, player) in [
        // Both sides borne off: player 0 is named first.
        ("AAAAAAAAAAAAAA", "player 0 (O)"),
        // Only the player not on roll (O) has borne off; X still has two checkers.
        ("AAAABgAAAAAAAA", "player 0 (O)"),
        // Only the player on roll (X) has borne off.
        ("AwAAAAAAAAAAAA", "player 1 (X)"),
    ] {
        let (code, out, err) = moves(&[position, "31"], "");
        assert_eq!(code, Some(1), "{position}: {err}");
        assert_eq!(out, "", "{position}");
        assert_eq!(
            err,
            format!("tavli: the game is over: {player} has borne off every checker\n"),
            "{position}"
        );
    }
}

#[test]
fn a_pinned_mother_checker_has_finished_a_plakoto_game() {
    let (code, out, err) = moves(
        &["plakoto:O=23x14,1:X=24p,6x14", "31", "--variant", "plakoto"],
        "",
    );
    assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
    assert_eq!(
        err,
        "tavli: the game is over: player 1 (X)'s mother checker is pinned\n"
    );
    let (code, out, err) = moves(
        &[
            "plakoto:O=24p,1,23x13:X=24p,1,6x13",
            "31",
            "--variant",
            "plakoto",
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
    assert_eq!(
        err,
        "tavli: the game is over: both mother checkers are pinned (a draw)\n"
    );
}

#[test]
fn a_match_id_of_no_game_or_a_game_over_is_refused() {
    // The starting position's Match ID `cAkAAAAAAAAA` (game state 1, playing) with game
    // state 2 (over) and 0 (no game).
    for (match_id, message) in [
        (
            "cAoAAAAAAAAA",
            "the game is over: there is nothing to play or judge",
        ),
        ("cAgAAAAAAAAA", "the position is of no game in progress"),
    ] {
        let (code, out, err) = moves(&[&format!("4HPwATDgc/ABMA:{match_id}"), "31"], "");
        assert_eq!((code, out.as_str()), (Some(1), ""), "{err}");
        assert_eq!(err, format!("tavli: {message}\n"));
    }
    let (code, out, _) = moves(&["4HPwATDgc/ABMA:cAkAAAAAAAAA", "31"], "");
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().count(), 16);
}

#[test]
fn a_batch_line_of_a_finished_game_is_an_error_record_and_the_batch_goes_on() {
    let (code, out, err) = moves(&["--batch", "-"], "AAAAAAAAAAAAAA 31\nstart 31\n");
    assert_eq!(code, Some(1), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(
        lines[0],
        r#"{"error":{"kind":"position","message":"the game is over: player 0 (O) has borne off every checker"}}"#
    );
    assert!(
        lines[1].starts_with(r#"{"position":"start","dice":[3,1],"plays":[{"#),
        "{out}"
    );
    assert_eq!(
        err,
        "tavli: -:1: the game is over: player 0 (O) has borne off every checker\n"
    );
}

#[test]
fn a_roll_with_no_legal_play_is_still_an_empty_list() {
    // X has a checker on the bar against O's closed board: no play, exit status 0.
    // (gnubg's `hint` there: "There are no legal moves.")
    let (code, out, err) = moves(&["27YBAAD8/wAACA", "31"], "");
    assert_eq!((code, out.as_str()), (Some(0), ""), "{err}");
}
