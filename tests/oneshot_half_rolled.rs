//! The one-shot commands (`board`, `id`, `eval`, `hint`, `moves`, `moves --batch`) read a
//! GNUbg ID whose Match ID has one die 0 as the REPL's `set matchid` does, after gnubg: the
//! dice not rolled. Each answer is the one for the same ID with both dice 0; an XGID whose dice
//! field has one die 0 likewise, as gnubg's `set xgid` reads it.

use crate::support::tavli;
use tavli::codec::match_id;

/// The GNUbg IDs of a few positions (the opening, a bear-off, a game under way; money and a
/// 3-point match) with the dice field `dice`.
fn ids(dice: [u8; 2]) -> Vec<String> {
    [
        ("4HPwATDgc/ABMA", "cIkFAAAAAAAA"),
        ("BwAAcLUdAAAAAA", "UQkGAAAAAAAA"),
        ("jGfkATDgc/ABMA", "cIkFAAAAAAAA"),
    ]
    .iter()
    .map(|(position, match_text)| {
        let fields = match_id::decode(match_text).expect("a Match ID");
        let id = match_id::MatchIdFields { dice, ..fields }.encode();
        format!("{position}:{id}")
    })
    .collect()
}

/// What `tavli ARGS` prints (stdout, stderr) and whether it succeeded.
fn answer(args: &[String]) -> (String, String, bool) {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = tavli(&words, "");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.success(),
    )
}

#[test]
fn a_match_id_with_one_die_zero_is_read_as_not_rolled() {
    let commands: [&[&str]; 6] = [
        &["board"],
        &["id", "--to", "gnubgid"],
        &["id", "--to", "matchid"],
        &["eval", "--plies", "0"],
        &["hint", "--plies", "0", "--", "ID", "31"],
        &["moves", "--", "ID", "42"],
    ];
    let unrolled = ids([0, 0]);
    // Each die once, as the first die (odd) or the second (even).
    for die in 1..=6u8 {
        let dice = if die % 2 == 1 { [die, 0] } else { [0, die] };
        {
            for (half, whole) in ids(dice).iter().zip(&unrolled) {
                for command in commands {
                    let with = |id: &str| -> Vec<String> {
                        let mut args: Vec<String> =
                            command.iter().map(|word| word.to_string()).collect();
                        match args.iter().position(|word| word == "ID") {
                            Some(slot) => args[slot] = id.to_string(),
                            None => args.push(id.to_string()),
                        }
                        args
                    };
                    let half_args = with(half);
                    let whole_args = with(whole);
                    let expected = answer(&whole_args);
                    assert!(expected.2, "{whole_args:?}: {}", expected.1);
                    assert_eq!(answer(&half_args), expected, "{half_args:?}");
                }
            }
        }
    }
}

#[test]
fn moves_batch_reads_it_as_not_rolled_too() {
    let input: String = ids([5, 0])
        .iter()
        .chain(&ids([0, 2]))
        .map(|id| format!("{id} 31\n"))
        .collect();
    let cleared: String = ids([0, 0])
        .iter()
        .chain(&ids([0, 0]))
        .map(|id| format!("{id} 31\n"))
        .collect();
    // Each line's answer, without the position it echoes as typed.
    let run = |text: &str| {
        let output = tavli(&["moves", "--batch", "-"], text);
        let answers: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|line| {
                let mut value: serde_json::Value = serde_json::from_str(line).expect("JSON");
                value
                    .as_object_mut()
                    .map(|object| object.remove("position"));
                value
            })
            .collect();
        (
            answers,
            String::from_utf8_lossy(&output.stderr).into_owned(),
            output.status.success(),
        )
    };
    let expected = run(&cleared);
    assert!(expected.2, "{}", expected.1);
    assert_eq!(expected.0.len(), 6);
    assert_eq!(run(&input), expected);
}

#[test]
fn an_xgid_with_one_die_zero_is_read_as_not_rolled() {
    // gnubg's `set xgid` sets no roll for such a dice field; so do the one-shot commands.
    let xgid = |dice: &str| format!("XGID=-b----E-C---eE---c-e----B-:1:-1:1:{dice}:0:0:1:0:10");
    let commands: [&[&str]; 5] = [
        &["board"],
        &["id", "--to", "gnubgid"],
        &["eval", "--plies", "0"],
        &["hint", "--plies", "0", "--", "ID", "31"],
        &["moves", "--", "ID", "42"],
    ];
    for command in commands {
        let with = |id: String| -> Vec<String> {
            let mut args: Vec<String> = command.iter().map(|word| word.to_string()).collect();
            match args.iter().position(|word| word == "ID") {
                Some(slot) => args[slot] = id,
                None => args.push(id),
            }
            args
        };
        let expected = answer(&with(xgid("00")));
        assert!(expected.2, "{command:?}: {}", expected.1);
        for dice in ["05", "50", "01", "60"] {
            assert_eq!(answer(&with(xgid(dice))), expected, "{command:?} {dice}");
        }
    }
    // `id --to xgid` writes what was read: no roll.
    let output = crate::support::tavli(&["id", &xgid("30"), "--to", "xgid"], "");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}\n", xgid("00"))
    );
}
