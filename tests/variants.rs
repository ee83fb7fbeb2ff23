//! The variants: every case of the rules test file, properties per variant, random self-play
//! and a timing of play generation per variant against standard.

use std::collections::{BTreeMap, BTreeSet};
use tavli::codec::tavli_position::{decode_position, encode_position};
use tavli::notation::{format_play, parse_move, resolve_move, VariantMoveText, WrittenMove};
use tavli::rules::{Board, Cube, Dice, GameResult, RuleSet, Side, Variant, WinKind, BAR};

const CASES: &str = include_str!("../fixtures/rules/test-cases.md");

/// One row of a table of `test-cases.md`, split into its cells.
struct Row {
    id: String,
    cells: Vec<String>,
}

fn rows(table_heading: &str) -> Vec<Row> {
    let start = CASES.find(table_heading).expect("table heading");
    let section = &CASES[start..];
    let end = section[1..].find("\n## ").map_or(section.len(), |i| i + 1);
    section[..end]
        .lines()
        .filter(|line| {
            line.starts_with("| ") && !line.starts_with("| ID") && !line.starts_with("|---")
        })
        .map(|line| {
            let cells: Vec<String> = line
                .trim_matches('|')
                .split(" | ")
                .map(|cell| cell.trim().to_string())
                .collect();
            Row {
                id: cells[0].clone(),
                cells,
            }
        })
        .collect()
}

fn variant_of(name: &str) -> Variant {
    match name {
        "oldenglish" => Variant::OldEnglish,
        "hypergammon-1" => Variant::Hypergammon1,
        "hypergammon-2" => Variant::Hypergammon2,
        "hypergammon-3" => Variant::Hypergammon3,
        other => Variant::from_name(other).expect("known variant"),
    }
}

/// Parses `X 1 / O 0` into (X, O).
fn pair(text: &str) -> (u8, u8) {
    let numbers: Vec<u8> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|part| !part.is_empty())
        .map(|part| part.parse().expect("number"))
        .collect();
    (numbers[0], numbers[1])
}

/// Builds the board of a case: 24 signed counts in X's numbering (O at physical points),
/// `a&-b` a Plakoto point with a pin (the side with one checker there is pinned; with one of
/// each, as in every case of the file, X's checker is the pinned one).
fn board_of(variant: Variant, position: &str, bar: (u8, u8), off: (u8, u8)) -> Board {
    let position = position.trim_matches('`');
    let cells: Vec<&str> = position
        .split([',', ';'])
        .map(str::trim)
        .filter(|cell| !cell.is_empty())
        .collect();
    assert_eq!(cells.len(), 24, "{position}");
    let mut board = Board::empty();
    for (index, cell) in cells.iter().enumerate() {
        let point = index as u8 + 1;
        let o_index = variant.opposite_index(index);
        if let Some((x, o)) = cell.split_once('&') {
            let x: u8 = x.parse().expect("x count");
            let o: u8 = o.trim_start_matches('-').parse().expect("o count");
            board.slots[1][index] = x;
            board.slots[0][o_index] = o;
            if o == 1 && x > 1 {
                board.set_pinned(Side::O, o_index as u8 + 1, true);
            } else {
                board.set_pinned(Side::X, point, true);
            }
            continue;
        }
        let count: i32 = cell.parse().expect("count");
        if count > 0 {
            board.slots[1][index] = count as u8;
        } else if count < 0 {
            board.slots[0][o_index] = (-count) as u8;
        }
    }
    board.slots[1][BAR] = bar.0;
    board.slots[0][BAR] = bar.1;
    board.off = [off.1, off.0];
    board.validate(variant).expect("valid case board");
    for side in Side::BOTH {
        assert_eq!(
            board.checkers_in_play(side) + u32::from(board.borne_off(side)),
            u32::from(variant.checkers()),
            "{position}: {side:?}"
        );
    }
    board
}

/// Applies a written play (the file's notation) for X: each entry's checker moves through the
/// written points; contact follows the variant (hit a blot, pin a free blot, capture).
fn apply_written(variant: Variant, before: &Board, written: &str) -> Board {
    let body = written.rsplit(": ").next().expect("play text");
    let mut board = *before;
    for entry in body.split_whitespace() {
        let (chain, repeat) = match entry.split_once('(') {
            Some((chain, count)) => (chain, count.trim_end_matches(')').parse().expect("count")),
            None => (entry, 1),
        };
        let points: Vec<u8> = chain
            .split('/')
            .map(|point| {
                let point = point.trim_end_matches(['*', '^', 'x']);
                match point {
                    "bar" => 25,
                    "off" => 0,
                    number => number.parse().expect("point"),
                }
            })
            .collect();
        for _ in 0..repeat {
            for hop in points.windows(2) {
                move_checker(variant, &mut board, hop[0], hop[1]);
            }
        }
    }
    if variant == Variant::Athroisma {
        for index in 0..24 {
            let o_index = variant.opposite_index(index);
            if board.slots[1][index] > 0 && board.slots[0][o_index] > 0 {
                board.slots[0][BAR] += board.slots[0][o_index];
                board.slots[0][o_index] = 0;
            }
        }
    }
    board
}

fn move_checker(variant: Variant, board: &mut Board, from: u8, to: u8) {
    let from_index = if from == 25 {
        BAR
    } else {
        usize::from(from) - 1
    };
    assert!(board.slots[1][from_index] > 0, "no checker on {from}");
    board.slots[1][from_index] -= 1;
    if variant == Variant::Plakoto && from <= 24 && board.slots[1][from_index] == 0 {
        board.set_pinned(Side::O, 25 - from, false);
    }
    if to == 0 {
        board.off[1] += 1;
        return;
    }
    let index = usize::from(to) - 1;
    let o_index = variant.opposite_index(index);
    board.slots[1][index] += 1;
    match variant {
        Variant::Plakoto => {
            if board.slots[0][o_index] == 1 {
                board.set_pinned(Side::O, o_index as u8 + 1, true);
            }
        }
        Variant::Fevga | Variant::Athroisma => {}
        _ => {
            if board.slots[0][o_index] == 1 {
                board.slots[0][o_index] = 0;
                board.slots[0][BAR] += 1;
            }
        }
    }
}

fn appendix(id: &str) -> Vec<String> {
    let marker = format!("**{id}** (");
    let line = CASES
        .lines()
        .find(|line| line.starts_with(&marker))
        .expect("appendix line");
    backticked(line)
}

fn backticked(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn dice_of(text: &str) -> Dice {
    let (first, second) = text.split_once('-').expect("dice a-b");
    Dice::new(first.parse().expect("die"), second.parse().expect("die")).expect("dice")
}

/// Table 1: every legal-play case gives exactly the expected set of final positions (and, for
/// the cases confirmed by gnubg, exactly gnubg's notation).
#[test]
fn every_move_generation_case() {
    let mut checked = BTreeSet::new();
    let mut failures = Vec::new();
    for row in rows("## Table 1") {
        let variant = variant_of(&row.cells[1]);
        let board = board_of(
            variant,
            &row.cells[2],
            pair(&row.cells[3]),
            pair(&row.cells[4]),
        );
        let dice = dice_of(&row.cells[6]);
        let expected_text = &row.cells[7];
        let plays = RuleSet::new(variant).legal_plays(&board, Side::X, dice);
        if expected_text.contains("**reroll**") {
            assert!(
                RuleSet::new(Variant::Athroisma).requires_reroll(&board, Side::X, dice),
                "{}",
                row.id
            );
            assert!(plays.is_empty(), "{}", row.id);
            checked.insert(row.id.clone());
            continue;
        }
        assert!(
            !RuleSet::new(variant).requires_reroll(&board, Side::X, dice),
            "{}",
            row.id
        );
        let written = if expected_text.contains("Appendix A") {
            appendix(&row.id)
        } else {
            backticked(expected_text)
        };
        let count: usize = if expected_text.contains("no legal play") {
            0
        } else {
            expected_text
                .split([':', ' '])
                .next()
                .and_then(|n| n.parse().ok())
                .expect("expected count")
        };
        assert_eq!(written.len(), count, "{}: the file's own count", row.id);
        let expected: BTreeSet<String> = written
            .iter()
            .map(|text| format!("{:?}", apply_written(variant, &board, text)))
            .collect();
        // The library reads every expected play and resolves it to the same position.
        for text in &written {
            // Written in the variant grammar whatever the variant (as match files write them).
            let parsed: VariantMoveText = text.parse().expect("expected play parses");
            let rules = RuleSet::new(variant);
            let play = resolve_move(rules, &board, Side::X, dice, &WrittenMove::Entries(parsed))
                .unwrap_or_else(|error| panic!("{}: `{text}`: {error}", row.id));
            assert_eq!(
                play.result,
                apply_written(variant, &board, text),
                "{}",
                row.id
            );
        }
        assert_eq!(
            expected.len(),
            count,
            "{}: expected plays are distinct",
            row.id
        );
        let ours: BTreeSet<String> = plays
            .iter()
            .map(|play| format!("{:?}", play.result))
            .collect();
        if ours != expected || plays.len() != count {
            let notations: Vec<String> = plays
                .iter()
                .map(|play| format_play(RuleSet::new(variant), &board, Side::X, dice, play.steps()))
                .collect();
            failures.push(format!(
                "{}: got {notations:?}, expected {written:?}",
                row.id
            ));
        }
        if row.cells[9].contains("confirmed by gnubg") {
            let ours: BTreeSet<String> = plays
                .iter()
                .map(|play| format_play(RuleSet::new(variant), &board, Side::X, dice, play.steps()))
                .collect();
            let theirs: BTreeSet<String> = written.iter().cloned().collect();
            assert_eq!(ours, theirs, "{}: gnubg's notation", row.id);
        }
        // Our notation of every play, read back, reaches the play's position.
        for play in &plays {
            let text = format_play(RuleSet::new(variant), &board, Side::X, dice, play.steps());
            assert_eq!(
                apply_written(variant, &board, &text),
                play.result,
                "{}: `{text}` reads back",
                row.id
            );
        }
        checked.insert(row.id.clone());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked.len(), 58, "Table 1 has 58 cases");
}

/// Plays `written` for X with `dice` on the case board, checking it is a legal play.
fn play_case(variant: Variant, board: &Board, dice: Dice, written: &str, id: &str) -> Board {
    let after = apply_written(variant, board, written);
    let legal = RuleSet::new(variant).legal_plays(board, Side::X, dice);
    assert!(
        legal.iter().any(|play| play.result == after),
        "{id}: `{written}` is legal"
    );
    after
}

/// Table 2, the game-end cases that concern the board: the result and its points.
#[test]
fn every_game_end_case() {
    let mut checked = 0;
    let mut last_position = String::new();
    for row in rows("## Table 2") {
        let variant = variant_of(&row.cells[1]);
        let position = if row.cells[2].starts_with("as ") {
            last_position.clone()
        } else {
            row.cells[2].clone()
        };
        if position.starts_with('`') {
            last_position.clone_from(&position);
        }
        let action = &row.cells[5];
        let outcome = &row.cells[6];
        if !position.starts_with('`') {
            continue; // cube and match cases: no board
        }
        let position = position.split(" (").next().expect("position");
        let board = board_of(variant, position, pair(&row.cells[3]), pair(&row.cells[4]));
        if action == "new game" {
            assert_eq!(board, Board::start(variant), "{}", row.id);
            checked += 1;
            continue;
        }
        let last_point = (1..=24).find(|&p| board.slots[1][p - 1] > 0);
        let (dice, written) = if action.contains("rolls") {
            let dice_text = action
                .split_whitespace()
                .map(|word| word.trim_end_matches([',', ';']))
                .find(|word| word.contains('-') && word.len() == 3)
                .expect("dice");
            let written = backticked(action).first().cloned().unwrap_or_else(|| {
                // "takes the sum": the last checker, borne off by the sum.
                format!("{}/off", last_point.expect("last checker"))
            });
            (dice_of(dice_text), written)
        } else {
            // "X bears off": the last checker on point p, borne off with a roll that does.
            let point = last_point.expect("last checker");
            (
                Dice::new(point as u8, point as u8).expect("dice"),
                format!("{point}/off"),
            )
        };
        let after = play_case(variant, &board, dice, &written, &row.id);
        let result = RuleSet::new(variant).result(&after);
        let jacoby = action.contains("Jacoby on") || action.contains("Jacoby **on**");
        let (cube, centred) = if action.contains("cube 2, O owns") {
            (2, false)
        } else if action.contains("cube 2 (centred") {
            (2, true)
        } else {
            (1, true)
        };
        let points = result.map(|r| points_scored(variant, r, cube, centred, jacoby));
        let expect_points = |p: u32| {
            assert!(
                matches!(
                    result,
                    Some(GameResult::Win {
                        winner: Side::X,
                        ..
                    })
                ),
                "{}: X wins, got {result:?}",
                row.id
            );
            assert_eq!(points, Some(p), "{}: {outcome}", row.id);
        };
        match row.id.as_str() {
            "PL07" => assert_eq!(result, None, "{}: play continues", row.id),
            "PL08" => assert_eq!(result, Some(GameResult::Draw), "{}", row.id),
            "PL06" => {
                assert_eq!(
                    result,
                    Some(GameResult::Win {
                        winner: Side::X,
                        kind: WinKind::Mother
                    }),
                    "{}",
                    row.id
                );
                expect_points(2);
            }
            _ => {
                let wanted = outcome
                    .split(|c: char| !c.is_ascii_digit())
                    .filter_map(|n| n.parse::<u32>().ok())
                    .find(|&n| (1..=4).contains(&n))
                    .expect("points in outcome");
                expect_points(wanted);
            }
        }
        checked += 1;
    }
    // SC01-SC07, SC19, HY01-HY05, PO01, PL06-PL08, FE08, AT16.
    assert_eq!(checked, 19);
}

// ---------------------------------------------------------------------------------------
// Properties, self-play and timing.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tavli::rules::{Play, Step};

/// The variants tavli adds to gnubg's; standard is the reference for the properties too.
const VARIANTS: [Variant; 6] = [
    Variant::Standard,
    Variant::OldEnglish,
    Variant::Portes,
    Variant::Plakoto,
    Variant::Fevga,
    Variant::Athroisma,
];

/// Replays `steps` of `mover` on `before` with the variant's contact rules, written here
/// independently of the generators, checking each step's contact flag on the way.
fn replay(variant: Variant, before: &Board, mover: Side, steps: &[Step]) -> Board {
    let (me, them) = (mover.index(), mover.opponent().index());
    let mut board = *before;
    for step in steps {
        let from = if step.from == 25 {
            BAR
        } else {
            usize::from(step.from) - 1
        };
        assert!(board.slots[me][from] > 0, "no checker to move in {steps:?}");
        assert!(
            !board.is_pinned(mover, step.from),
            "a pinned checker moved in {steps:?}"
        );
        board.slots[me][from] -= 1;
        if variant == Variant::Plakoto && from < 24 && board.slots[me][from] == 0 {
            let there = variant.opposite_index(from) as u8 + 1;
            board.set_pinned(mover.opponent(), there, false);
        }
        if step.to == 0 {
            board.off[me] += 1;
            assert!(!step.hit);
            continue;
        }
        let to = usize::from(step.to) - 1;
        let there = variant.opposite_index(to);
        let theirs = board.slots[them][there];
        board.slots[me][to] += 1;
        let contact = match variant {
            Variant::Fevga => {
                assert_eq!(theirs, 0, "Fevga step onto an opposing checker");
                false
            }
            Variant::Athroisma => theirs > 0,
            Variant::Plakoto => {
                let free_blot = theirs == 1 && !board.is_pinned(mover.opponent(), there as u8 + 1);
                if free_blot {
                    board.set_pinned(mover.opponent(), there as u8 + 1, true);
                }
                free_blot
            }
            _ => {
                if theirs == 1 {
                    board.slots[them][there] = 0;
                    board.slots[them][BAR] += 1;
                }
                theirs == 1
            }
        };
        assert_eq!(step.hit, contact, "contact flag of {step:?} in {steps:?}");
    }
    if variant == Variant::Athroisma {
        for index in 0..24 {
            let there = variant.opposite_index(index);
            if board.slots[me][index] > 0 && board.slots[them][there] > 0 {
                board.slots[them][BAR] += board.slots[them][there];
                board.slots[them][there] = 0;
            }
        }
    }
    board
}

/// Fevga's forbidden positions for `mover`, written independently: all six points of the
/// starting quarter held, or six consecutive points of the opponent's path held with no
/// opposing checker ahead of them.
fn fevga_forbidden(board: &Board, mover: Side) -> bool {
    let (me, them) = (mover.index(), mover.opponent().index());
    if (19..=24).all(|p| board.slots[me][p - 1] > 0) {
        return true;
    }
    if board.off[them] > 0 {
        return false;
    }
    // Walk the opponent's path from its 24-point to its 1-point.
    let held = |their_point: usize| {
        let index = Variant::Fevga.opposite_index(their_point - 1);
        board.slots[me][index] > 0
    };
    let lowest_theirs = (1..=24)
        .find(|&p| board.slots[them][p - 1] > 0)
        .unwrap_or(25);
    (1..=19).any(|low| (low..low + 6).all(held) && lowest_theirs > low)
}

/// Checks one play against the rules that hold for every play of `variant`.
fn check_play(variant: Variant, before: &Board, mover: Side, dice: Dice, play: &Play) {
    let after = play.result;
    assert_eq!(
        replay(variant, before, mover, play.steps()),
        after,
        "{variant}: steps replay to the result"
    );
    after.validate(variant).expect("a possible position");
    for side in Side::BOTH {
        assert_eq!(
            after.checkers_in_play(side) + u32::from(after.borne_off(side)),
            u32::from(variant.checkers()),
            "{variant}: checkers conserved"
        );
    }
    let me = mover.index();
    let dice_allowed = match variant {
        Variant::Athroisma if dice.is_double() => usize::from(8 - dice.first()),
        _ if dice.is_double() => 4,
        _ => 2,
    };
    assert!(play.dice_used() >= 1 && play.dice_used() <= dice_allowed);
    match variant {
        Variant::OldEnglish => assert!(
            after.slots[me][..24].iter().all(|&n| n <= 5),
            "more than five on a point"
        ),
        Variant::Fevga => assert!(!fevga_forbidden(&after, mover), "Fevga block"),
        Variant::Plakoto => {
            assert_eq!(after.pinned[me], before.pinned[me], "own pins unchanged");
            if before.pinned[me] != 0 {
                assert_eq!(after.off[me], before.off[me], "bear-off while pinned");
            }
        }
        Variant::Athroisma if dice.is_double() => {
            // Each checker moves at most once: no more steps leave a point than it held.
            let steps = play.steps();
            for from in 1..=25u8 {
                let leaving = steps.iter().filter(|step| step.from == from).count();
                let held = if from == 25 {
                    before.bar(mover)
                } else {
                    before.on_point(mover, from)
                };
                assert!(
                    leaving <= usize::from(held),
                    "a checker moved twice in {steps:?}"
                );
            }
        }
        _ => {}
    }
}

fn random_dice(rng: &mut StdRng) -> Dice {
    Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice")
}

/// One random game (uniform among the distinct legal plays). Calls `visit` before each
/// move. Returns the result and the number of turns.
fn random_game(
    variant: Variant,
    rng: &mut StdRng,
    mut visit: impl FnMut(&Board, Side, Dice, &[Play]),
) -> (Option<GameResult>, u32) {
    let mut board = Board::start(variant);
    let mut mover = if rng.gen_bool(0.5) { Side::X } else { Side::O };
    for turn in 1..=20_000 {
        let mut dice = random_dice(rng);
        while RuleSet::new(variant).requires_reroll(&board, mover, dice) {
            dice = random_dice(rng);
        }
        let plays = RuleSet::new(variant).legal_plays(&board, mover, dice);
        visit(&board, mover, dice, &plays);
        if !plays.is_empty() {
            board = plays[rng.gen_range(0..plays.len())].result;
        }
        if let Some(result) = RuleSet::new(variant).result(&board) {
            return (Some(result), turn);
        }
        mover = mover.opponent();
    }
    (None, 20_000)
}

/// A position reached by `moves` random turns from the start, and the side on roll.
fn random_position(variant: Variant, seed: u64, moves: u32) -> (Board, Side) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board = Board::start(variant);
    let mut mover = Side::X;
    for _ in 0..moves {
        let dice = random_dice(&mut rng);
        let plays = RuleSet::new(variant).legal_plays(&board, mover, dice);
        if !plays.is_empty() {
            let next = plays[rng.gen_range(0..plays.len())].result;
            if RuleSet::new(variant).result(&next).is_some() {
                break;
            }
            board = next;
        }
        mover = mover.opponent();
    }
    (board, mover)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The tavli position string of positions from random play reads back to the same board,
    /// for every variant, and so does every play's notation.
    #[test]
    fn position_strings_and_notation_round_trip(
        seed in any::<u64>(),
        moves in 0u32..200,
        which in 0usize..10,
    ) {
        let variant = Variant::ALL[which];
        let (board, mover) = random_position(variant, seed, moves);
        let text = encode_position(variant, &board);
        prop_assert_eq!(decode_position(&text), Ok((variant, board)), "{}", text);
        let dice = Dice::new((seed % 6) as u8 + 1, (seed / 6 % 6) as u8 + 1).expect("dice");
        for play in RuleSet::new(variant).legal_plays(&board, mover, dice) {
            let rules = RuleSet::new(variant);
            let written = format_play(rules, &board, mover, dice, play.steps());
            // In the variant grammar (as match files write every variant) and in the grammar
            // the rules read.
            let entries: VariantMoveText = written.parse().expect("our notation parses");
            let resolved = resolve_move(rules, &board, mover, dice, &WrittenMove::Entries(entries));
            prop_assert_eq!(resolved.map(|p| p.result), Ok(play.result), "{}", written);
            let parsed = parse_move(rules, &written).expect("our notation parses");
            let resolved = resolve_move(rules, &board, mover, dice, &parsed);
            prop_assert_eq!(resolved.map(|p| p.result), Ok(play.result), "{}", written);
        }
    }

    /// The readers never panic, and whatever they accept writes back to the same value.
    #[test]
    fn readers_are_total(text in "[a-z0-9:=,/()^x* -]{0,40}|plakoto:O=[0-9x,bar p]{0,20}:X=[0-9x,bar p]{0,20}") {
        if let Ok((variant, board)) = decode_position(&text) {
            prop_assert_eq!(decode_position(&encode_position(variant, &board)), Ok((variant, board)));
        }
        if let Ok(parsed) = text.parse::<VariantMoveText>() {
            prop_assert!(!parsed.entries.is_empty());
            let written = WrittenMove::Entries(parsed);
            let plakoto = RuleSet::new(Variant::Plakoto);
            let dice = Dice::new(6, 5).expect("dice");
            let _ = resolve_move(plakoto, &plakoto.start(), Side::X, dice, &written);
            let athroisma = RuleSet::new(Variant::Athroisma);
            let _ = resolve_move(athroisma, &athroisma.start(), Side::O, dice, &written);
        }
    }

    /// Every play of every roll in random positions: checkers conserved, no forbidden
    /// position, steps replay to the result, and the count agrees with the list.
    #[test]
    fn plays_keep_the_rules(seed in any::<u64>(), moves in 0u32..160, which in 0usize..6) {
        let variant = VARIANTS[which];
        let (board, mover) = random_position(variant, seed, moves);
        for dice in Dice::all_rolls() {
            let plays = RuleSet::new(variant).legal_plays(&board, mover, dice);
            prop_assert_eq!(plays.len(), RuleSet::new(variant).count_legal_plays(&board, mover, dice));
            let mut results = BTreeSet::new();
            for play in &plays {
                check_play(variant, &board, mover, dice, play);
                prop_assert!(results.insert(format!("{:?}", play.result)), "duplicate play");
            }
        }
    }
}

/// Games per variant for the self-play test: `TAVLI_SELF_PLAY_GAMES`, else 10,000 in an
/// optimised build and 50 in a debug build (run the full count with
/// `cargo test --release --test integration self_play`).
fn self_play_games() -> u32 {
    std::env::var("TAVLI_SELF_PLAY_GAMES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 50 } else { 10_000 })
}

#[test]
fn self_play_ends_every_game_with_a_result() {
    let games = self_play_games();
    for variant in VARIANTS {
        let mut rng = StdRng::seed_from_u64(0x7a_71 + variant as u64);
        let mut tally: BTreeMap<String, u32> = BTreeMap::new();
        let mut total_turns = 0u64;
        for _ in 0..games {
            let (result, turns) = random_game(variant, &mut rng, |board, mover, dice, plays| {
                for play in plays {
                    check_play(variant, board, mover, dice, play);
                }
            });
            total_turns += u64::from(turns);
            let result = result.unwrap_or_else(|| panic!("{variant}: a game did not end"));
            let points = points_scored(variant, result, 1, true, false);
            match (variant, result) {
                (Variant::Plakoto, GameResult::Draw) => {}
                (_, GameResult::Draw) => panic!("{variant}: only Plakoto has draws"),
                (Variant::Standard | Variant::OldEnglish, _) => assert!((1..=3).contains(&points)),
                _ => assert!((1..=2).contains(&points), "{variant}: tavli scores 1 or 2"),
            }
            let name = match result {
                GameResult::Draw => "draw".to_string(),
                GameResult::Win { kind, .. } => format!("{kind:?}"),
            };
            *tally.entry(name).or_default() += 1;
        }
        eprintln!(
            "self-play {variant}: {games} games, {:.1} turns per game, {tally:?}",
            total_turns as f64 / f64::from(games.max(1))
        );
    }
}

/// Timing of legal-play generation per variant against standard in the same run: positions
/// from random self-play (uniform among the distinct plays), every one with all 21 rolls;
/// the variants are timed in interleaved rounds (CPU time of the thread where Linux gives it)
/// and each gets its median round, so that the machine's drift affects all alike. Run with
/// `cargo test --release --test integration generation_timing -- --ignored --nocapture`.
#[test]
#[ignore = "timing: run in a release build"]
fn generation_timing() {
    use std::time::Instant;
    let positions_per_variant = 5_000;
    let rounds = 5;
    let rolls = Dice::all_rolls();
    let workloads: Vec<(Variant, Vec<(Board, Side)>)> = VARIANTS
        .iter()
        .map(|&variant| {
            let mut rng = StdRng::seed_from_u64(99);
            let mut positions = Vec::with_capacity(positions_per_variant);
            while positions.len() < positions_per_variant {
                random_game(variant, &mut rng, |board, mover, _, _| {
                    positions.push((*board, mover));
                });
            }
            positions.truncate(positions_per_variant);
            (variant, positions)
        })
        .collect();
    let run = |variant: Variant, positions: &[(Board, Side)]| {
        let mut plays = 0usize;
        for (board, mover) in positions {
            for &dice in &rolls {
                plays += RuleSet::new(variant)
                    .legal_plays(board, *mover, dice)
                    .len()
                    .max(1);
            }
        }
        plays
    };
    // On Linux the time this thread spent on a CPU (the machine is shared, so wall time
    // includes waiting for one); elsewhere wall time.
    let cpu_seconds = || -> Option<f64> {
        let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        let nanoseconds: f64 = text.split_whitespace().next()?.parse().ok()?;
        Some(nanoseconds / 1e9)
    };
    let clock = Instant::now();
    let now = || cpu_seconds().unwrap_or_else(|| clock.elapsed().as_secs_f64());
    let mut times = vec![Vec::new(); workloads.len()];
    let mut plays = vec![0; workloads.len()];
    for round in 0..=rounds {
        for (index, (variant, positions)) in workloads.iter().enumerate() {
            let start = now();
            plays[index] = std::hint::black_box(run(*variant, positions));
            if round > 0 {
                // Round 0 is the warm-up.
                times[index].push(now() - start);
            }
        }
    }
    let generations = (positions_per_variant * rolls.len()) as f64;
    let medians: Vec<f64> = times
        .iter_mut()
        .map(|round_times| {
            round_times.sort_by(f64::total_cmp);
            round_times[round_times.len() / 2]
        })
        .collect();
    let baseline = medians[0];
    for (index, (variant, _)) in workloads.iter().enumerate() {
        let ratio = medians[index] / baseline;
        eprintln!(
            "{:<11} {:>9.0} generations/s {:>7.2} us each {:>9} plays  ratio to standard {:.2}",
            variant.name(),
            generations / medians[index],
            medians[index] / generations * 1e6,
            plays[index],
            ratio
        );
        assert!(
            ratio <= 3.0,
            "{variant} is {ratio:.2} times slower than standard"
        );
    }
}

fn grammar_examples(grammar: &str) -> Vec<&str> {
    grammar
        .lines()
        .filter_map(|line| line.strip_prefix("(* example: "))
        .map(|line| line.trim_end_matches("*)").trim())
        .collect()
}

#[test]
fn tavli_position_grammar_examples_round_trip() {
    let examples = grammar_examples(include_str!("../grammar/tavli-position.ebnf"));
    assert!(examples.len() >= 10);
    let mut variants = BTreeSet::new();
    for example in examples {
        let (variant, board) =
            decode_position(example).unwrap_or_else(|error| panic!("`{example}`: {error}"));
        assert_eq!(encode_position(variant, &board), example);
        variants.insert(variant.name());
    }
    for variant in [
        Variant::OldEnglish,
        Variant::Portes,
        Variant::Plakoto,
        Variant::Fevga,
        Variant::Athroisma,
    ] {
        assert!(variants.contains(variant.name()), "an example of {variant}");
    }
}

#[test]
fn variant_move_grammar_examples_parse() {
    let examples = grammar_examples(include_str!("../grammar/variant-moves.ebnf"));
    assert!(examples.len() >= 10);
    for example in examples {
        let parsed: VariantMoveText = example
            .parse()
            .unwrap_or_else(|error| panic!("`{example}`: {error}"));
        assert!(!parsed.entries.is_empty(), "{example}");
    }
}

/// Table 2, the cube and match cases (no board): each row's action and outcome, with the
/// pure cube rules. Together with `every_game_end_case` this covers every row of Table 2.
#[test]
fn every_cube_and_match_case() {
    use tavli::rules::{CubeContext, CubeRefusal, Resignation};
    let standard = RuleSet::new(Variant::Standard);
    let next_game_is_crawford = |length: u32, score: [u32; 2], crawford_played: bool| {
        standard.is_crawford_game(length, score, crawford_played)
    };

    let money = CubeContext {
        variant: Variant::Standard,
        match_length: 0,
        score: [0, 0],
        crawford: false,
        on_roll: Side::X,
        rolled: false,
        beavers: 0,
    };
    let with_beavers = CubeContext {
        beavers: 2,
        ..money
    };
    let in_match = |length: u32, x: u32, o: u32, on_roll: Side| CubeContext {
        match_length: length,
        score: [o, x],
        on_roll,
        ..money
    };
    let mut checked = BTreeSet::new();
    for row in rows("## Table 2") {
        if row.cells[2].starts_with('`') || row.cells[2].starts_with("as ") {
            continue; // board cases: every_game_end_case
        }
        let id = row.id.as_str();
        match id {
            "SC08" => {
                let offered = Cube::centred().double(&money, Side::X).expect("double");
                assert_eq!(offered.drop_double(), Ok((Side::X, 1)), "{id}");
            }
            "SC09" => {
                let taken = Cube::centred()
                    .double(&money, Side::X)
                    .and_then(|cube| cube.take())
                    .expect("take");
                assert_eq!((taken.value, taken.owner), (2, Some(Side::O)), "{id}");
                let o_on_roll = CubeContext {
                    on_roll: Side::O,
                    ..money
                };
                let redoubled = taken.double(&o_on_roll, Side::O).expect("redouble");
                assert_eq!(redoubled.drop_double(), Ok((Side::O, 2)), "{id}");
            }
            "SC10" => {
                let beavered = Cube::centred()
                    .double(&with_beavers, Side::X)
                    .and_then(|cube| cube.beaver(&with_beavers))
                    .expect("beaver");
                assert_eq!(beavered.owner, Some(Side::O), "{id}");
                assert_eq!(beavered.value * 2, 4, "{id}: the beaver makes the cube 4");
                assert_eq!(beavered.drop_double(), Ok((Side::O, 2)), "{id}");
            }
            "SC11" => {
                let taken = Cube::centred()
                    .double(&with_beavers, Side::X)
                    .and_then(|cube| cube.beaver(&with_beavers))
                    .and_then(|cube| cube.beaver(&with_beavers))
                    .and_then(|cube| cube.take())
                    .expect("raccoon taken");
                assert_eq!((taken.value, taken.owner), (8, Some(Side::O)), "{id}");
            }
            "SC12" => {
                for side in Side::BOTH {
                    let context = CubeContext {
                        crawford: true,
                        ..in_match(5, 4, 2, side)
                    };
                    assert_eq!(
                        Cube::centred().may_double(&context, side),
                        Err(CubeRefusal::Crawford),
                        "{id}"
                    );
                }
            }
            "SC13" => {
                assert!(!next_game_is_crawford(5, [3, 4], true), "{id}");
                let context = in_match(5, 4, 3, Side::O);
                assert_eq!(
                    Cube::centred().may_double(&context, Side::O),
                    Ok(()),
                    "{id}"
                );
            }
            "SC14" => {
                let cube = Cube {
                    value: 2,
                    owner: Some(Side::O),
                    offer: None,
                };
                assert_eq!(
                    standard.resignation_points(Resignation::Gammon, &cube),
                    4,
                    "{id}"
                );
            }
            "SC15" => {
                // A rejected resignation changes nothing: the state keeps no trace of it.
                let mut state =
                    tavli::rules::MatchState::new_money_game(Variant::Standard, Side::X);
                let before = state;
                state.resignation = Some(Resignation::Single);
                state.resignation = None; // rejected
                assert_eq!(state, before, "{id}");
            }
            "SC16" => {
                assert!(!next_game_is_crawford(5, [1, 3], false), "{id}: 3-1");
                assert!(
                    next_game_is_crawford(5, [1, 4], false),
                    "{id}: 4-1 Crawford"
                );
                assert!(!next_game_is_crawford(5, [2, 4], true), "{id}: 4-2 post");
                assert!(!next_game_is_crawford(5, [0, 5], false), "{id}: match over");
            }
            "SC17" => {
                let cube = Cube {
                    value: 2,
                    owner: Some(Side::O),
                    offer: None,
                };
                let context = in_match(5, 0, 3, Side::O);
                assert_eq!(cube.may_double(&context, Side::O), Err(CubeRefusal::Dead));
            }
            "SC18" => {
                let context = in_match(1, 0, 0, Side::X);
                assert_eq!(
                    Cube::centred().may_double(&context, Side::X),
                    Err(CubeRefusal::Dead),
                    "{id}"
                );
            }
            "SC20" => {
                let context = CubeContext {
                    beavers: 2,
                    ..in_match(7, 0, 0, Side::X)
                };
                let offered = Cube::centred().double(&context, Side::X).expect("double");
                assert_eq!(
                    offered.beaver(&context),
                    Err(CubeRefusal::BeaverInMatch),
                    "{id}"
                );
            }
            "SC21" => {
                // Decided: as gnubg, the Jacoby rule does not reduce a resignation.
                assert_eq!(
                    standard.resignation_points(Resignation::Gammon, &Cube::centred()),
                    2,
                    "{id}"
                );
            }
            other => panic!("Table 2 case {other} has no test"),
        }
        checked.insert(row.id.clone());
    }
    assert_eq!(checked.len(), 13);
    // And no cube at all in the tavli games.
    for variant in [
        Variant::Portes,
        Variant::Plakoto,
        Variant::Fevga,
        Variant::Athroisma,
    ] {
        let context = CubeContext { variant, ..money };
        assert_eq!(
            Cube::centred().double(&context, Side::X),
            Err(CubeRefusal::NoCube)
        );
    }
}

// ---------------------------------------------------------------------------------------
// An independent, exhaustive reference generator: every order of every step, the rules
// written again from variants.md, a memo of searched states instead of any ordering trick.

/// The mover's step from `from` (1..=24, 25 = bar) with `die` in `variant`, or `None`.
/// `arrived` counts the checkers that moved this roll (Athroisma doubles move each once).
fn reference_step(
    variant: Variant,
    board: &Board,
    mover: Side,
    from: u8,
    die: u8,
    arrived: &[u8; 25],
    double: bool,
) -> Option<Board> {
    let (me, them) = (mover.index(), mover.opponent().index());
    let from_index = usize::from(from) - 1;
    let on_bar = board.slots[me][BAR];
    if board.slots[me][from_index] == 0 || (on_bar > 0 && from != 25) {
        return None;
    }
    if variant == Variant::Athroisma && double && board.slots[me][from_index] <= arrived[from_index]
    {
        return None;
    }
    if variant == Variant::Plakoto && from <= 24 && board.is_pinned(mover, from) {
        return None;
    }
    let mut next = *board;
    next.slots[me][from_index] -= 1;
    if variant == Variant::Plakoto && next.slots[me][from_index] == 0 && from <= 24 {
        let there = variant.opposite_index(from_index) as u8 + 1;
        next.set_pinned(mover.opponent(), there, false);
    }
    let to = i32::from(from) - i32::from(die);
    if to <= 0 {
        // Bearing off: never in Athroisma's ordinary steps.
        if variant == Variant::Athroisma || from == 25 {
            return None;
        }
        let all_home = board.slots[me][6..25].iter().all(|&n| n == 0);
        let highest = (1..=24u8)
            .rev()
            .find(|&p| board.slots[me][usize::from(p) - 1] > 0)?;
        if !all_home || (to < 0 && from != highest) || board.pinned[me] != 0 {
            return None;
        }
        next.off[me] += 1;
    } else {
        let to_index = to as usize - 1;
        if from == 25 && variant == Variant::Athroisma {
            let entry = (1..=6u8).find(|&k| board.slots[them][usize::from(k) - 1] == 0);
            if entry != Some(die) {
                return None;
            }
        }
        let there = variant.opposite_index(to_index);
        let theirs = board.slots[them][there];
        match variant {
            Variant::Fevga => {
                if theirs > 0 {
                    return None;
                }
            }
            Variant::Athroisma => {
                if theirs > 0 && !double {
                    return None;
                }
            }
            Variant::Plakoto => {
                if theirs >= 2 || board.is_pinned(mover, to as u8) {
                    return None;
                }
                if theirs == 1 {
                    next.set_pinned(mover.opponent(), there as u8 + 1, true);
                }
            }
            _ => {
                if theirs >= 2 {
                    return None;
                }
                if variant == Variant::OldEnglish && board.slots[me][to_index] >= 5 {
                    return None;
                }
                if theirs == 1 {
                    next.slots[them][there] = 0;
                    next.slots[them][BAR] += 1;
                }
            }
        }
        next.slots[me][to_index] += 1;
    }
    if variant == Variant::Fevga {
        // Runner rule, judged on the position before the step.
        let before = &board.slots[me];
        let runner_out = before[11..23].iter().any(|&n| n > 0);
        let passed = before[..11].iter().any(|&n| n > 0) || board.off[me] > 0;
        if from == 24 && runner_out && !passed {
            return None;
        }
        if fevga_forbidden(&next, mover) {
            return None;
        }
    }
    Some(next)
}

/// Athroisma: whether every point where the mover stands on opposing checkers has a strict
/// majority; the board after the captures.
fn reference_captures(board: &Board, mover: Side) -> Option<Board> {
    let (me, them) = (mover.index(), mover.opponent().index());
    let mut after = *board;
    for index in 0..24 {
        let there = Variant::Athroisma.opposite_index(index);
        let (mine, theirs) = (board.slots[me][index], board.slots[them][there]);
        if mine > 0 && theirs > 0 {
            if mine <= theirs {
                return None;
            }
            after.slots[them][BAR] += theirs;
            after.slots[them][there] = 0;
        }
    }
    Some(after)
}

struct Reference {
    variant: Variant,
    mover: Side,
    double: bool,
    seen: BTreeSet<String>,
    /// (steps, pips, final board)
    finals: Vec<(usize, u32, Board)>,
}

impl Reference {
    fn search(&mut self, board: &Board, dice: &[u8], arrived: [u8; 25], steps: usize, pips: u32) {
        let memo = format!("{board:?}{dice:?}{arrived:?}");
        if !self.seen.insert(memo) {
            return;
        }
        let mut extended = false;
        let mut tried = Vec::new();
        for (which, &die) in dice.iter().enumerate() {
            if tried.contains(&die) {
                continue;
            }
            tried.push(die);
            let mut rest = dice.to_vec();
            rest.remove(which);
            for from in 1..=25u8 {
                let Some(next) = reference_step(
                    self.variant,
                    board,
                    self.mover,
                    from,
                    die,
                    &arrived,
                    self.double,
                ) else {
                    continue;
                };
                extended = true;
                let mut arrived = arrived;
                let to = i32::from(from) - i32::from(die);
                if to > 0 {
                    arrived[to as usize - 1] += 1;
                }
                self.search(&next, &rest, arrived, steps + 1, pips + u32::from(die));
            }
        }
        let athroisma_double = self.variant == Variant::Athroisma && self.double;
        if (!extended || athroisma_double) && steps > 0 {
            self.finals.push((steps, pips, *board));
        }
    }
}

/// The legal plays by the reference generator, as final positions.
fn reference_plays(variant: Variant, board: &Board, mover: Side, dice: Dice) -> BTreeSet<String> {
    let double = dice.is_double();
    let athroisma = variant == Variant::Athroisma;
    if athroisma && RuleSet::new(Variant::Athroisma).requires_reroll(board, mover, dice) {
        return BTreeSet::new();
    }
    let list: Vec<u8> = match (double, athroisma) {
        (true, true) => vec![dice.first(); usize::from(8 - dice.first())],
        (true, false) => vec![dice.first(); 4],
        _ => vec![dice.first(), dice.second()],
    };
    let mut reference = Reference {
        variant,
        mover,
        double,
        seen: BTreeSet::new(),
        finals: Vec::new(),
    };
    reference.search(board, &list, [0; 25], 0, 0);
    let mut finals: Vec<(usize, u32, Board)> = reference.finals;
    if athroisma {
        finals = finals
            .into_iter()
            .filter_map(|(steps, pips, board)| {
                reference_captures(&board, mover).map(|after| (steps, pips, after))
            })
            .collect();
    }
    let max_steps = finals.iter().map(|f| f.0).max().unwrap_or(0);
    let max_pips = finals
        .iter()
        .filter(|f| f.0 == max_steps)
        .map(|f| f.1)
        .max()
        .unwrap_or(0);
    let mut plays: BTreeSet<String> = finals
        .iter()
        .filter(|(steps, pips, _)| match variant {
            Variant::OldEnglish => true,
            Variant::Athroisma => *steps == max_steps,
            _ => *steps == max_steps && *pips == max_pips,
        })
        .map(|(_, _, board)| format!("{board:?}"))
        .collect();
    if athroisma && RuleSet::new(Variant::Athroisma).in_bear_off_phase(board, mover) {
        let me = mover.index();
        let n = dice.first();
        let actions: Vec<(u8, u8)> = if double {
            vec![(2 * n, 1), (1, 1), (n, 2)]
        } else {
            vec![(dice.first() + dice.second(), 1)]
        };
        for (point, wanted) in actions {
            if point > 6 || board.slots[me][usize::from(point) - 1] == 0 {
                continue;
            }
            let mut after = *board;
            let taken = after.slots[me][usize::from(point) - 1].min(wanted);
            after.slots[me][usize::from(point) - 1] -= taken;
            after.off[me] += taken;
            plays.insert(format!("{after:?}"));
        }
    }
    plays
}

/// Cases per variant for the reference comparison (`TAVLI_REFERENCE_CASES`).
fn reference_cases() -> u64 {
    std::env::var("TAVLI_REFERENCE_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 12 } else { 400 })
}

#[test]
fn generators_agree_with_the_exhaustive_reference() {
    let cases = reference_cases();
    for variant in [
        Variant::OldEnglish,
        Variant::Plakoto,
        Variant::Fevga,
        Variant::Athroisma,
        Variant::Portes,
    ] {
        for seed in 0..cases {
            let (board, mover) =
                random_position(variant, seed * 7919 + 13, (seed * 37 % 180) as u32);
            for dice in Dice::all_rolls() {
                let ours: BTreeSet<String> = RuleSet::new(variant)
                    .legal_plays(&board, mover, dice)
                    .iter()
                    .map(|play| format!("{:?}", play.result))
                    .collect();
                let theirs = reference_plays(variant, &board, mover, dice);
                assert_eq!(
                    ours,
                    theirs,
                    "{variant} {dice} {mover:?}: {}",
                    encode_position(variant, &board)
                );
            }
        }
    }
}

/// The points `result` scores in `variant` with a cube of `cube_value`, centred or owned, and
/// the Jacoby rule on or off (money play).
fn points_scored(
    variant: Variant,
    result: GameResult,
    cube_value: u32,
    centred: bool,
    jacoby: bool,
) -> u32 {
    let cube = Cube {
        value: cube_value,
        owner: (!centred).then_some(Side::O),
        offer: None,
    };
    RuleSet::new(variant).points(result, &cube, jacoby)
}
