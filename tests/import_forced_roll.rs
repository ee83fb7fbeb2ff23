//! The REPL's `import mat` of a match ending on a roll with one legal play: played as gnubg
//! plays it, the game left over when the play wins it; but a roll the game was resigned on
//! stays unplayed, where gnubg plays it (docs/repl.md).

use crate::convert_pending_roll::dice_nodes;
use crate::support::gnubg_available;
use crate::support::repl::scratch_dir;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    scratch_dir("import-forced-roll").join(name)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// gnubg's `export match mat` of a cut of a real match (BackgammonGalaxy, via bglab) on its
/// last roll, javidkakaie's 65 that bears off the last two checkers: the one play wins.
const WON_ON_A_FORCED_ROLL: &str = "; [Site \"BackgammonGalaxy\"]
; [EventDate \"2024.04.24\"]

 5 point match

 Game 1
 lasse : 0                      javidkakaie : 0
  1)                             61: 13/7 8/7 
  2) 64: 24/20 20/14             52: 13/11* 13/8 
  3) 63: 25/22 22/16             53: 8/3 6/3 
  4) 42: 16/14* 14/10            54: 25/20 24/20 
  5) 61: 13/7 8/7                33: 13/10 13/10 8/5 8/5
  6) 11: 24/23 13/12 12/11 11/10 52: 24/22 10/5 
  7) 21: 13/11 11/10             52: 22/20 10/5 
  8) 31: 10/7 7/6                21: 6/4 5/4 
  9) 63: 23/17 6/3               54: 20/16 16/11 
 10) 63: 17/11 11/8              42: 11/7 7/5 
 11) 65: 13/8 13/7               11: 7/6 7/6 6/5 5/4
 12) 53: 7/2 6/3                 41: 6/2 5/4 
 13) 62: 8/2 6/4                 41: 6/2 4/3 
 14) 63: 7/4 7/1                 51: 6/5 6/1 
 15) 41: 6/2 2/1                 44: 20/16 20/16 16/12 16/12
 16) 54: 10/5 8/4                63: 12/9 12/6 
 17) 31: 10/9 8/5                 Doubles => 2
 18)  Takes                      41: 9/5 1/0 
 19) 65: 9/3 8/3                 42: 4/0 2/0 
 20) 41: 4/0 1/0                 42: 4/0 2/0 
 21) 41: 4/0 1/0                 54: 5/0 4/0 
 22) 43: 4/0 3/0                 65: 6/0 5/0 
 23) 41: 5/1 1/0                 21: 3/1 1/0 
 24) 52: 5/0 2/0                 44: 5/1 5/1 5/1 3/0
 25) 44: 6/2 6/2 3/0 3/0         32: 3/0 1/0 
 26) 62: 3/0 2/0                 65: ";

/// The REPL's `import mat` of a match ending on a roll whose one play wins the game plays it
/// and leaves the game over, as gnubg does: no next game started, the computer not playing
/// its opening (session 35's import did both).
#[test]
fn a_forced_roll_that_wins_leaves_the_game_over() {
    let path = scratch("won-on-a-forced-roll.mat");
    std::fs::write(&path, WON_ON_A_FORCED_ROLL).expect("write");
    let script = format!("import mat {}\nshow score\nlist game\n", path.display());
    let (tavli_out, tavli_err, session) = crate::support::run_tavli_transcript(&script);
    assert!(tavli_err.is_empty(), "{tavli_err}");
    assert!(
        tavli_out.contains("The score (after 1 game) is: lasse 0, javidkakaie 2"),
        "{tavli_out}"
    );
    assert!(
        tavli_out.trim_end().ends_with("65     : 1/off(2)"),
        "{tavli_out}"
    );
    assert_eq!(session.state().game_state, tavli::rules::GameState::Over);
    if gnubg_available() {
        let (gnubg_out, gnubg_err) = crate::support::run_gnubg_transcript(&script);
        assert_eq!(tavli_out, gnubg_out);
        assert_eq!(tavli_err, gnubg_err);
    }
}

/// A roll the game was resigned on is not played by the REPL's `import mat`, even when it
/// has one legal play, and the game's result stays the file's: gnubg 1.07 plays it, and
/// where that play bears off the last checker (here javidkakaie's 65) it gives the game to
/// the player who resigned it (docs/repl.md). tavli keeps what the file says.
#[test]
fn a_roll_resigned_on_stays_unplayed_and_the_result_stays_the_files() {
    let path = scratch("resigned-on-a-forced-roll.mat");
    std::fs::write(
        &path,
        format!("{WON_ON_A_FORCED_ROLL}\n      Wins 2 points\n"),
    )
    .expect("write");
    let saved = scratch("resigned-on-a-forced-roll-tavli.sgf");
    let script = |saved: &Path| {
        format!(
            "import mat {}\nshow score\nsave match {}\n",
            path.display(),
            saved.display()
        )
    };
    let (out, err, _) = crate::support::run_tavli_transcript(&script(&saved));
    assert!(err.is_empty(), "{err}");
    assert!(
        out.contains("The score (after 1 game) is: lasse 2, javidkakaie 0"),
        "{out}"
    );
    let text = read(&saved);
    assert!(text.contains("RE[W+2R]"), "{text}");
    assert_eq!(dice_nodes(&text), ["PL[B]DI[65]"]);
    if gnubg_available() {
        // The difference, as gnubg 1.07 makes it: the roll played, the game javidkakaie's.
        let gnubg_saved = scratch("resigned-on-a-forced-roll-gnubg.sgf");
        let (gnubg_out, _) = crate::support::run_gnubg_transcript(&script(&gnubg_saved));
        assert!(
            gnubg_out.contains("The score (after 1 game) is: lasse 0, javidkakaie 2"),
            "{gnubg_out}"
        );
        assert!(read(&gnubg_saved).contains("RE[B+2]"));
    }
}
