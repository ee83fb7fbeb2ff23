//! The REPL playing tavli's own variants: scripted sessions (insta snapshots), random
//! self-play through the `Session` API for every variant, refused commands, the rotation.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tavli::notation::format_play;
use tavli::protocol::{run_line, Session};
use tavli::rules::RuleSet;
use tavli::rules::{GameState, Variant};

const OWN_VARIANTS: [Variant; 5] = [
    Variant::OldEnglish,
    Variant::Portes,
    Variant::Plakoto,
    Variant::Fevga,
    Variant::Athroisma,
];

fn transcript(script: &str) -> String {
    let (out, err, _) = crate::support::run_tavli_transcript(script);
    format!("{out}--- stderr ---\n{err}")
}

fn apply(session: &mut Session, line: &str) {
    if let Err(error) = run_line(session, line) {
        panic!("`{line}` refused: {}", error.message);
    }
    if let Err(problem) = session.check_consistency() {
        panic!("after `{line}`: {problem}");
    }
}

const SCRIPT_PRELUDE: &str = "set player 0 gnubg\nset player 1 human\nset seed 11\n";

#[test]
fn scripted_sessions() {
    for (name, body) in [
        (
            "plakoto",
            "set variation pl\nshow variation\nnew match 3\nhint 3\nmove 24/22 24/21\nshow pipcount\nshow cube\ndouble\nresign backgammon\nlist game\nend game\nshow score\n",
        ),
        (
            "fevga",
            "set variation fevga\nnew session\nhint\nmove 24/19\nshow board\nset board 4HPwATDgc/ABMA\nset board fevga:O=24x14,20:X=24x13,16,10\nshow pipcount\nlist game\n",
        ),
        (
            "portes",
            "set variation po\nnew match 5\nhint 2\nmove 24/22 8/5*\nset cube value 2\nset crawford on\nend game\nshow score\n",
        ),
        (
            "athroisma",
            "set variation athroisma\nnew session\nset board athroisma:O=6x2:X=1,2,3\nset dice 65\nset dice 21\nhint\nmove sum 3: 3/off\nlist game\n",
        ),
        (
            "old-english",
            "set variation english\nnew session\nroll\nhint 3\nshow cube\nend game\n",
        ),
        (
            "tavli-rotation",
            "set variation tavli\nshow variation\nnew match 7\nend game\nshow variation\nend game\nshow variation\nend game\nshow variation\n",
        ),
        (
            // Each game's first player: the opening roll (a die each), then the previous
            // winner; resigned before anybody rolled, no game repeats an opening roll.
            "tavli-rotation-openings",
            "set variation tavli\nset automatic roll off\nset player 0 human\nnew match 9\nresign\naccept\nresign\naccept\nlist game\nroll\nresign\naccept\nset variation standard\nnew match 3\nresign\naccept\nshow board\n",
        ),
    ] {
        let text = transcript(&format!("{SCRIPT_PRELUDE}{body}"));
        insta::assert_snapshot!(format!("repl_variant_{name}"), text);
    }
}

/// A random legal move for the human on roll, in the variant notation, or `None`.
fn random_move(session: &Session, rng: &mut rand::rngs::StdRng) -> Option<String> {
    let state = session.state();
    let dice = state.dice?;
    let plays = RuleSet::new(state.variant).legal_plays(&state.board, state.on_roll, dice);
    let play = plays.choose(rng)?;
    Some(format_play(
        state.rules(),
        &state.board,
        state.on_roll,
        dice,
        play.steps(),
    ))
}

/// Plays `games` games of `variant`: player 1 makes random legal moves (sometimes through
/// `end game`), player 0 is the computer. Every game must end with a result the variant
/// allows and the session must stay consistent.
fn self_play(variant: Variant, games: u32, seed: u64) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut session = Session::new("root");
    for line in [
        "set player 0 gnubg",
        "set player 1 human",
        "set automatic game off",
        &format!("set seed {seed}"),
        &format!("set variation {}", variant.name()),
        "new session",
    ] {
        apply(&mut session, line);
    }
    let mut finished = 0;
    let mut score = session.state().score;
    let mut commands = 0u32;
    while finished < games {
        commands += 1;
        assert!(commands < games * 2000, "{variant}: games do not end");
        let state = session.state();
        if state.game_state != GameState::Playing {
            let gained: Vec<u32> = (0..2).map(|i| state.score[i] - score[i]).collect();
            let total: u32 = gained.iter().sum();
            let allowed: &[u32] = match variant {
                Variant::Plakoto => &[0, 1, 2],
                Variant::OldEnglish => &[1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64],
                _ => &[1, 2],
            };
            assert!(
                allowed.contains(&total) && gained.iter().filter(|&&g| g > 0).count() <= 1,
                "{variant}: result {gained:?}"
            );
            score = state.score;
            finished += 1;
            apply(&mut session, "new game");
            continue;
        }
        assert_eq!(state.variant, variant);
        if state.dice.is_some_and(|dice| {
            RuleSet::new(state.variant).requires_reroll(&state.board, state.on_roll, dice)
        }) {
            panic!("{variant}: dice that must be rolled again are on the board");
        }
        let line = if state.double_offered {
            if rng.gen_bool(0.5) { "take" } else { "drop" }.to_string()
        } else if rng.gen_ratio(1, 200) {
            "end game".to_string()
        } else if state.turn.index() == 0 {
            "play".to_string()
        } else if state.dice.is_none() {
            "roll".to_string()
        } else {
            match random_move(&session, &mut rng) {
                Some(text) => format!("move {text}"),
                None => "move".to_string(),
            }
        };
        apply(&mut session, &line);
    }
}

#[test]
#[ignore = "slow: 200 whole games per variant through the binary (minutes); CI runs it with --ignored"]
fn random_self_play_finishes_every_variant() {
    for (index, variant) in OWN_VARIANTS.into_iter().enumerate() {
        self_play(variant, 200, 100 + index as u64);
    }
}

#[test]
fn refused_commands_leave_the_session_unchanged() {
    for variant in OWN_VARIANTS {
        let mut session = Session::new("root");
        for line in [
            "set player 0 human",
            "set seed 3",
            &format!("set variation {}", variant.name()),
            "new match 5",
        ] {
            apply(&mut session, line);
        }
        let mut refused = vec![
            "move 1/0",
            "move 25/1 25/2",
            "set board standard:O=24x15:X=24x15",
        ];
        if !variant.uses_cube() {
            refused.extend([
                "double",
                "set cube value 2",
                "set crawford on",
                "resign backgammon",
            ]);
        }
        if !variant.has_gnubg_position_id() {
            refused.extend([
                "set board 4HPwATDgc/ABMA",
                "set board simple 0 -2 0 0 0 0 5 0 3 0 0 0 -5 5 0 0 0 -3 0 -5 0 0 0 0 2 0",
                "set gnubgid 4HPwATDgc/ABMA:cAkAAAAAAAAA",
                "show board 4HPwATDgc/ABMA",
            ]);
        }
        for line in refused {
            let before = session.clone();
            assert!(
                run_line(&mut session, line).is_err(),
                "{variant}: `{line}` accepted"
            );
            assert!(session == before, "{variant}: `{line}` changed the session");
        }
    }
}

#[test]
fn the_tavli_rotation_changes_variant_each_game() {
    let mut session = Session::new("root");
    for line in [
        "set player 0 human",
        "set seed 9",
        "set variation tavli",
        "new match 25",
    ] {
        apply(&mut session, line);
    }
    let mut seen = Vec::new();
    for _ in 0..6 {
        seen.push(session.state().variant);
        apply(&mut session, "end game");
    }
    assert_eq!(
        seen,
        [
            Variant::Portes,
            Variant::Plakoto,
            Variant::Fevga,
            Variant::Portes,
            Variant::Plakoto,
            Variant::Fevga
        ]
    );
}

/// A temporary directory of this test process for files written by the REPL.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    crate::support::repl::scratch_dir(&format!("variants-{name}"))
}

#[test]
fn variant_matches_save_load_and_export_unchanged() {
    let dir = scratch_dir("files");
    for (index, variant) in OWN_VARIANTS.iter().enumerate() {
        let name = variant.name();
        let path = |file: &str| dir.join(format!("{name}-{file}")).display().to_string();
        let mut session = Session::new("root");
        for line in [
            format!("set seed {}", 40 + index),
            format!("set variation {name}"),
            "set player 1 gnubg".to_string(),
            "new match 3".to_string(),
            format!("export match mat {}", path("a.mat")),
            format!("save match {}", path("a.sgf")),
        ] {
            apply(&mut session, &line);
        }
        let played = session.state().score;
        // Reading the files back gives the same match: same final score, same files written.
        for (load, export, save) in [
            (
                format!("import mat {}", path("a.mat")),
                path("b.mat"),
                path("b.sgf"),
            ),
            (
                format!("load match {}", path("a.sgf")),
                path("c.mat"),
                path("c.sgf"),
            ),
        ] {
            let mut loaded = Session::new("root");
            apply(&mut loaded, &load);
            assert_eq!(loaded.state().variant, *variant, "{load}");
            assert_eq!(loaded.state().score, played, "{load}");
            assert_eq!(loaded.check_consistency(), Ok(()));
            apply(&mut loaded, &format!("export match mat {export}"));
            apply(&mut loaded, &format!("save match {save}"));
            let read = |file: &str| std::fs::read_to_string(file).unwrap_or_default();
            assert_eq!(read(&export), read(&path("a.mat")), "{name}: {load}");
            assert_eq!(read(&save), read(&path("a.sgf")), "{name}: {load}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rotation_match_is_not_written_as_one_variant() {
    let dir = scratch_dir("rotation");
    let file = dir.join("rotation.mat").display().to_string();
    let mut session = Session::new("root");
    for line in [
        "set seed 5",
        "set variation tavli",
        "set player 1 gnubg",
        "new match 3",
    ] {
        apply(&mut session, line);
    }
    let before = session.clone();
    let refused = run_line(&mut session, &format!("export match mat {file}"));
    assert!(refused.is_err());
    assert!(session == before);
    assert!(!std::path::Path::new(&file).exists());
    let _ = std::fs::remove_dir_all(&dir);
}
