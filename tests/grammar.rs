//! Every grammar in `grammar/` has examples, and every example of `move.ebnf` parses with the
//! move parser (the other files' examples are parsed by their areas' tests, listed below).

use tavli::notation::{format_play, parse_move, resolve_move, MoveText};
use tavli::rules::RuleSet;
use tavli::rules::{legal_plays, Board, Dice, Side, Variant};

fn examples(grammar: &str) -> Vec<&str> {
    grammar
        .lines()
        .filter_map(|line| {
            line.trim()
                .strip_prefix("(* example: ")?
                .strip_suffix(" *)")
                .map(str::trim)
        })
        .collect()
}

#[test]
fn move_grammar_examples_parse() {
    let grammar = include_str!("../grammar/move.ebnf");
    let found = examples(grammar);
    assert!(found.len() >= 10);
    for example in found {
        let parsed: MoveText = example.parse().unwrap_or_else(|e| panic!("{example}: {e}"));
        assert!(!parsed.steps.is_empty(), "{example}");
    }
}

/// gnubg's output form is a subset of the input form: every play of many positions, written
/// by tavli, parses and resolves back to the same play.
#[test]
fn output_notation_reads_back_as_the_same_play() {
    let mut board = Board::start(Variant::Standard);
    let mut mover = Side::X;
    let rolls = Dice::all_rolls();
    for turn in 0..200 {
        let dice = rolls[(turn * 7) % rolls.len()];
        let plays = legal_plays(&board, mover, dice);
        for play in &plays {
            let rules = RuleSet::default();
            let text = format_play(rules, &board, mover, dice, play.steps());
            let parsed = parse_move(rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let resolved = resolve_move(rules, &board, mover, dice, &parsed)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(resolved.result, play.result, "{text}");
        }
        if let Some(play) = plays.get(turn % plays.len().max(1)) {
            board = play.result;
        }
        if board.checkers_in_play(mover) == 0 {
            board = Board::start(Variant::Standard);
        }
        mover = mover.opponent();
    }
}

/// Which test parses each grammar's examples; a new grammar file must be added here.
#[test]
fn every_grammar_file_has_examples_and_a_test() {
    let tested_by = [
        ("command.ebnf", "src/protocol/parser/mod.rs"),
        ("engine.ebnf", "tests/engine.rs"),
        ("fibs-board.ebnf", "tests/grammar_codec.rs"),
        ("gnubg-id.ebnf", "tests/grammar_codec.rs"),
        ("mat.ebnf", "src/matchfile/mat.rs"), // examples: see the match-file tests
        ("match-id.ebnf", "tests/grammar_codec.rs"),
        ("move.ebnf", "tests/grammar.rs"),
        ("position-id.ebnf", "tests/grammar_codec.rs"),
        ("sgf.ebnf", "src/matchfile/sgf.rs"), // examples: see the match-file tests
        ("tavli-position.ebnf", "tests/variants.rs"),
        ("variant-moves.ebnf", "tests/variants.rs"),
        ("xgid.ebnf", "tests/grammar_codec.rs"),
    ];
    let directory = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar");
    let mut files: Vec<String> = std::fs::read_dir(directory)
        .expect("grammar directory")
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".ebnf"))
        .collect();
    files.sort();
    for file in &files {
        let (_, test) = tested_by
            .iter()
            .find(|(name, _)| name == file)
            .unwrap_or_else(|| panic!("grammar/{file} has no test that parses its examples"));
        let text = std::fs::read_to_string(format!("{directory}/{file}")).expect("readable");
        assert!(
            !examples(&text).is_empty(),
            "grammar/{file} has no `(* example: ... *)` lines (parsed by {test})"
        );
        let source = test.split(" and ").next().unwrap_or(test);
        let test_text = std::fs::read_to_string(format!("{}/{source}", env!("CARGO_MANIFEST_DIR")))
            .expect("the listed test file exists");
        assert!(
            test_text.contains(file.as_str()),
            "{source} does not mention grammar/{file}"
        );
    }
}
