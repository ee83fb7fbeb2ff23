//! The SGF reader reads on past syntax errors: every error of a damaged file is reported at
//! its file:line:col, every game that can be read is checked and shown on the `--html` page,
//! and no mutation of a real file makes it panic.

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use tavli::matchfile::sgf::{parse_sgf_recovering, MAX_ERRORS};
use tavli::matchfile::{check_bytes, validate_bytes, Format};

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(path)
}

/// Four syntax errors in three games (stray text, a missing `;`, a missing `)`, a property
/// without its `[`): each is reported where it is, and all three games are read, to the
/// score of the undamaged file.
#[test]
fn every_syntax_error_of_a_damaged_file_is_reported_and_every_game_is_read() {
    let path = fixture("sgf/corrupt/several-syntax-errors.sgf");
    let name = path.to_string_lossy();
    let output = crate::support::tavli(&["validate", "--color", "never", &name], "");
    let said = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{said}");
    for (line, column, what) in [
        (10, 1, "found `oops`"),
        (55, 9, "a `;` is missing before `B[`"),
        (77, 1, "its `)` is missing"),
        (90, 17, "expected `[` after the property name `CR`"),
    ] {
        assert!(
            said.contains(&format!("{name}:{line}:{column}: syntax: ")) && said.contains(what),
            "no syntax error at {line}:{column} ({what}):\n{said}"
        );
    }
    assert!(
        said.contains("5-point match, 3 game(s), final score gnubg 5, user 0: invalid (4 error(s), 0 warning(s))"),
        "{said}"
    );
    // The undamaged file reads the same games to the same score.
    let whole = std::fs::read(fixture("sgf/seed11-5pt.sgf")).unwrap();
    let whole = validate_bytes("whole.sgf", &whole, None);
    assert_eq!((whole.games, whole.final_score), (3, [5, 0]));
    // The page shows the three games.
    let page = Path::new(env!("CARGO_TARGET_TMPDIR")).join("several-syntax-errors.html");
    let output = crate::support::tavli(&["validate", &name, "--html", &page.to_string_lossy()], "");
    assert_eq!(output.status.code(), Some(1));
    let page = std::fs::read_to_string(&page).expect("the page");
    for heading in [
        "Game 1: gnubg 0, user 0",
        "Game 2: gnubg 2, user 0",
        "Game 3: gnubg 4, user 0",
    ] {
        assert!(page.contains(heading), "no {heading} on the page");
    }
    assert!(page.contains("a new game tree (`(;` with GM[]) starts before this one has ended"));
}

/// A missing `;` between two moves: FF[4] says B and W must not be mixed within a node, and
/// gnubg 1.07 reads only the first move of such a node (it drops `B[54aeej]` below and
/// misreads the rest of the game). tavli reports it at the second move and reads both.
#[test]
fn a_missing_semicolon_between_two_moves_is_reported_where_it_is() {
    let text = std::fs::read_to_string(fixture("sgf/seed08-1pt.sgf")).unwrap();
    let whole = validate_bytes("whole.sgf", text.as_bytes(), None);
    let second = text.find("\n;B[").expect("a node of player 1");
    let joined = format!("{}{}", &text[..second], &text[second + 2..]);
    let line = text[..second].lines().count();
    let report = validate_bytes("joined.sgf", joined.as_bytes(), None);
    let errors: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(report.diagnostics.len(), 1, "{errors:#?}");
    let error = &report.diagnostics[0];
    assert_eq!(
        (error.kind.name(), error.line),
        ("syntax", line),
        "{errors:#?}"
    );
    assert!(error.message.contains("a `;` is missing before `B[`"));
    assert_eq!(error.column, text.lines().nth(line - 1).unwrap().len() + 1);
    assert_eq!(
        (report.games, report.final_score),
        (whole.games, whole.final_score)
    );
}

/// One mutation of a file: bytes inserted, deleted or replaced at a place.
#[derive(Clone, Debug)]
enum Mutation {
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
    Replace(usize, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    // SGF's own characters are the interesting ones.
    let byte = prop::sample::select(b";()[]\\ \nBWGMx5\xC3\x00".to_vec());
    prop_oneof![
        (any::<usize>(), prop::collection::vec(byte.clone(), 1..4))
            .prop_map(|(at, bytes)| Mutation::Insert(at, bytes)),
        (any::<usize>(), 1usize..40).prop_map(|(at, length)| Mutation::Delete(at, length)),
        (any::<usize>(), byte).prop_map(|(at, byte)| Mutation::Replace(at, byte)),
    ]
}

fn mutate(bytes: &mut Vec<u8>, mutation: &Mutation) {
    let place = |at: usize, length: usize| at % (length + 1);
    match mutation {
        Mutation::Insert(at, inserted) => {
            let at = place(*at, bytes.len());
            bytes.splice(at..at, inserted.iter().copied());
        }
        Mutation::Delete(at, length) => {
            let at = place(*at, bytes.len());
            let end = (at + length).min(bytes.len());
            bytes.drain(at..end);
        }
        Mutation::Replace(at, byte) => {
            if !bytes.is_empty() {
                let at = *at % bytes.len();
                bytes[at] = *byte;
            }
        }
    }
}

/// The smaller SGF fixtures, gnubg's and tavli's (the variants').
const SEEDS: [&str; 5] = [
    "sgf/seed08-1pt.sgf",
    "sgf/resign-crawford-3pt.sgf",
    "sgf/edited-board.sgf",
    "sgf/variants/plakoto.sgf",
    "sgf/corrupt/several-syntax-errors.sgf",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Mutated real files: nothing panics (reading, checking, the page), the reader's errors
    /// come in file order and within the text, at most [`MAX_ERRORS`] of them read past are
    /// listed, and every diagnostic points into the text.
    #[test]
    fn mutated_sgf_files_never_panic(
        seed in prop::sample::select(SEEDS.to_vec()),
        mutations in prop::collection::vec(mutation(), 1..12),
    ) {
        let mut bytes = std::fs::read(fixture(seed)).unwrap();
        for mutation in &mutations {
            mutate(&mut bytes, mutation);
        }
        let checked = check_bytes("mutated.sgf", &bytes, Some(Format::Sgf));
        let text = &checked.text;
        let (_, errors) = parse_sgf_recovering(text);
        prop_assert!(errors.windows(2).all(|pair| pair[0].offset <= pair[1].offset));
        prop_assert!(errors.iter().all(|error| error.offset <= text.len()));
        prop_assert!(errors.iter().filter(|error| !error.truncated).count() <= MAX_ERRORS + 1);
        prop_assert!(checked
            .diagnostics
            .iter()
            .all(|d| d.span.start <= d.span.end && d.span.end <= text.len().max(1)));
        let page = tavli::render::html_report::render_report(
            &tavli::render::html_report::from_match::report_of(&checked),
            &tavli::render::picture::PictureOptions::default(),
        );
        prop_assert!(page.contains("</html>"));
    }
}

/// A stray `)` found only after an empty game tree `()` is listed before it, in the file's
/// order (proptest found the list out of order on a mutated `plakoto.sgf`).
#[test]
fn a_stray_parenthesis_before_an_empty_tree_is_listed_first() {
    let text = "(;FF[4]GM[6];B[31])\n()\n;W[42])";
    let (_, errors) = parse_sgf_recovering(text);
    let offsets: Vec<usize> = errors.iter().map(|error| error.offset).collect();
    assert_eq!(offsets, [18, 20], "{errors:?}");
    assert!(errors[0].message.contains("stray `)`"), "{errors:?}");
    assert!(errors[1].message.contains("without a node"), "{errors:?}");
}
