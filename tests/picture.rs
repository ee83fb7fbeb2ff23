//! Board pictures: SVGs read back as XML equal the board, PNGs decode to the size asked for,
//! snapshots of a few SVGs and pixel hashes of a few PNGs, and `tavli board --format`.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use resvg::tiny_skia::Pixmap;
use std::collections::BTreeMap;
use tavli::render::picture::{position_png, position_svg, PictureOptions, Theme};
use tavli::rules::RuleSet;
use tavli::rules::{Board, Dice, MatchState, Resignation, Side, Variant, BAR};

/// Checkers per (side letter, place): X's point number, `bar` or `off`.
type Counts = BTreeMap<(String, String), u32>;

/// What the board holds, in the places the picture uses.
pub fn board_counts(state: &MatchState) -> Counts {
    let mut counts = Counts::new();
    let mut add = |side: Side, place: String, n: u8| {
        if n > 0 {
            *counts
                .entry((side.letter().to_string(), place))
                .or_default() += u32::from(n);
        }
    };
    for point in 1..=24u8 {
        let contents = RuleSet::new(state.variant).point_contents(&state.board, point);
        add(Side::X, point.to_string(), contents.x);
        add(Side::O, point.to_string(), contents.o);
    }
    for side in Side::BOTH {
        add(side, "bar".to_string(), state.board.bar(side));
        add(side, "off".to_string(), state.board.borne_off(side));
    }
    counts
}

/// What the picture draws: the `data-n` of every element with `data-side` and `data-point`.
pub fn drawn_counts(svg: &str) -> Counts {
    let document = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let mut counts = Counts::new();
    for node in document.descendants() {
        if let (Some(side), Some(place), Some(n)) = (
            node.attribute("data-side"),
            node.attribute("data-point"),
            node.attribute("data-n"),
        ) {
            let n: u32 = n.parse().expect("data-n is a number");
            *counts
                .entry((side.to_string(), place.to_string()))
                .or_default() += n;
        }
    }
    counts
}

/// A position reached by `moves` random turns of `variant`, with random dice, cube and score.
fn random_state(variant: Variant, seed: u64, moves: u32) -> MatchState {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board = Board::start(variant);
    let mut mover = Side::X;
    for _ in 0..moves {
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
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
    let mut state = MatchState::new_money_game(variant, mover);
    state.board = board;
    if rng.gen_bool(0.7) {
        state.dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).ok();
    }
    if variant.uses_cube() {
        state.cube_value = 1 << rng.gen_range(0..7);
        state.cube_owner = match rng.gen_range(0..3) {
            0 => None,
            1 => Some(Side::O),
            _ => Some(Side::X),
        };
        state.double_offered = state.dice.is_none() && rng.gen_bool(0.2);
    }
    if rng.gen_bool(0.5) {
        state.match_length = rng.gen_range(1..=25);
        state.score = [
            rng.gen_range(0..state.match_length),
            rng.gen_range(0..state.match_length),
        ];
    }
    if rng.gen_bool(0.1) {
        state.resignation = Some(Resignation::Gammon);
    }
    state
}

/// A board with checkers scattered at random (bar and off included where the variant has
/// them), for tall stacks and full bars that play rarely reaches; `None` when impossible.
fn scattered_state(variant: Variant, seed: u64) -> Option<MatchState> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut slots = [[0u8; 25]; 2];
    let has_bar = !matches!(variant, Variant::Plakoto | Variant::Fevga);
    for side in Side::BOTH {
        let piles = rng.gen_range(1..=4);
        let spots: Vec<usize> = (0..piles).map(|_| rng.gen_range(0..=25)).collect();
        for _ in 0..variant.checkers() {
            let spot = spots[rng.gen_range(0..spots.len())];
            if spot == 25 {
                continue; // borne off
            }
            if spot == BAR && !has_bar {
                continue;
            }
            let other = if spot == BAR {
                BAR
            } else {
                variant.opposite_index(spot)
            };
            if spot != BAR && slots[side.opponent().index()][other] > 0 {
                continue;
            }
            slots[side.index()][spot] += 1;
        }
    }
    let board = Board::from_slots(slots, variant).ok()?;
    let mut state = MatchState::new_money_game(variant, Side::O);
    state.board = board;
    Some(state)
}

fn options_from(theme: usize, from: usize, numbers: bool, clockwise: bool) -> PictureOptions {
    PictureOptions {
        names: ["Ölga <&> \"O\"\u{1}".to_string(), "Ξένια".to_string()],
        numbers_for: [None, Some(Side::X), Some(Side::O)][from % 3],
        numbers,
        theme: Theme::ALL[theme % Theme::ALL.len()],
        width: 640,
        clockwise,
    }
}

fn check_svg(state: &MatchState, options: &PictureOptions) {
    let svg = position_svg(state, options);
    assert_eq!(drawn_counts(&svg), board_counts(state), "{svg}");
    let document = roxmltree::Document::parse(&svg).expect("XML");
    let root = document.root_element();
    assert_eq!(root.attribute("viewBox"), Some("0 0 1000 784"));
    let title = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .expect("a title");
    let position =
        tavli::codec::tavli_position::position_text(state.variant, &state.board, state.on_roll);
    assert!(title.contains(&position), "{title}");
    assert!(root.children().any(|n| n.has_tag_name("desc")));
    let numbers = document
        .descendants()
        .filter(|n| n.attribute("class") == Some("numbers"))
        .count();
    assert_eq!(numbers, usize::from(options.numbers));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    /// Positions of random play in every variant: the SVG is XML and draws the board's
    /// checkers, point by point.
    #[test]
    fn svg_draws_the_checkers_of_the_board(
        variant in 0usize..Variant::ALL.len(),
        seed in any::<u64>(),
        moves in 0u32..160,
        theme in 0usize..3,
        from in 0usize..3,
        numbers in any::<bool>(),
        clockwise in any::<bool>(),
    ) {
        let state = random_state(Variant::ALL[variant], seed, moves);
        check_svg(&state, &options_from(theme, from, numbers, clockwise));
    }

    /// Scattered boards (tall stacks, bars, borne-off checkers) are drawn checker for checker.
    #[test]
    fn svg_draws_scattered_boards(variant in 0usize..Variant::ALL.len(), seed in any::<u64>()) {
        if let Some(state) = scattered_state(Variant::ALL[variant], seed) {
            check_svg(&state, &options_from(seed as usize, (seed >> 8) as usize, true, seed % 2 == 0));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// The PNG decodes to the width asked for and the height that goes with it.
    #[test]
    fn png_has_the_requested_size(
        variant in 0usize..Variant::ALL.len(),
        seed in any::<u64>(),
        width in 100u32..1200,
    ) {
        let state = random_state(Variant::ALL[variant], seed, 40);
        let options = PictureOptions { width, ..PictureOptions::default() };
        let png = position_png(&state, &options).expect("a PNG");
        let pixmap = Pixmap::decode_png(&png).expect("the PNG decodes");
        prop_assert_eq!(pixmap.width(), width);
        prop_assert_eq!(pixmap.height(), options.height());
        prop_assert!(pixmap.pixels().iter().all(|pixel| pixel.alpha() == 255), "opaque");
    }
}

#[test]
fn png_sizes_out_of_range_are_errors() {
    let state = MatchState::new_money_game(Variant::Standard, Side::X);
    for width in [0, 1, 99, 8001, u32::MAX] {
        let options = PictureOptions {
            width,
            ..PictureOptions::default()
        };
        let error = position_png(&state, &options).expect_err("out of range");
        assert!(error.to_string().contains("100 to 8000"), "{error}");
    }
}

/// The states of the snapshots: the opening, a match with an owned cube and dice, a Plakoto
/// pin, Fevga's start and an Athroisma checker waiting to re-enter.
fn sample_states() -> Vec<(&'static str, MatchState)> {
    let mut opening = MatchState::new_money_game(Variant::Standard, Side::X);
    opening.dice = Dice::new(3, 1).ok();
    let mut cubed = random_state(Variant::Standard, 7, 30);
    cubed.match_length = 7;
    cubed.score = [3, 5];
    cubed.cube_value = 2;
    cubed.cube_owner = Some(Side::O);
    cubed.double_offered = false;
    cubed.dice = Dice::new(6, 6).ok();
    let mut plakoto = MatchState::new_money_game(Variant::Plakoto, Side::O);
    plakoto.board = tavli::codec::tavli_position::decode_position(
        "plakoto:O=24x8,15p,10,6x3,2x2:X=24x9,13x3,10x2,6",
    )
    .expect("a Plakoto position")
    .1;
    plakoto.dice = Dice::new(5, 2).ok();
    let mut fevga = MatchState::new_money_game(Variant::Fevga, Side::X);
    fevga.dice = Dice::new(6, 4).ok();
    let athroisma = scattered_state(Variant::Athroisma, 11)
        .filter(|s| s.board.bar(Side::X) + s.board.bar(Side::O) > 0)
        .unwrap_or_else(|| {
            let mut state = MatchState::new_money_game(Variant::Athroisma, Side::X);
            state.board.slots[Side::X.index()][23] -= 1;
            state.board.slots[Side::X.index()][BAR] = 1;
            state
        });
    vec![
        ("opening", opening),
        ("match-cube", cubed),
        ("plakoto-pin", plakoto),
        ("fevga-start", fevga),
        ("athroisma-waiting", athroisma),
    ]
}

#[test]
fn svg_snapshots() {
    for (name, state) in sample_states() {
        let options = PictureOptions {
            names: ["gnubg".to_string(), "root".to_string()],
            ..PictureOptions::default()
        };
        let svg = position_svg(&state, &options);
        assert_eq!(drawn_counts(&svg), board_counts(&state), "{name}");
        insta::assert_snapshot!(format!("picture_{name}"), svg);
    }
}

/// FNV-1a over the pixels: a stable hash without another dependency.
fn pixel_hash(pixmap: &Pixmap) -> u64 {
    pixmap
        .data()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        })
}

#[test]
fn png_pixel_hashes() {
    let mut lines = Vec::new();
    for (index, (name, state)) in sample_states().into_iter().enumerate() {
        let theme = Theme::ALL[index % Theme::ALL.len()];
        let options = PictureOptions {
            names: ["gnubg".to_string(), "root".to_string()],
            theme,
            width: 400,
            ..PictureOptions::default()
        };
        let png = position_png(&state, &options).expect("a PNG");
        let pixmap = Pixmap::decode_png(&png).expect("decodes");
        lines.push(format!(
            "{name} {theme} {}x{} {:016x}",
            pixmap.width(),
            pixmap.height(),
            pixel_hash(&pixmap)
        ));
    }
    insta::assert_snapshot!("picture_png_hashes", lines.join("\n"));
}

fn tavli(args: &[&str]) -> std::process::Output {
    std::process::Command::new(crate::support::tavli_binary())
        .args(args)
        .output()
        .expect("tavli runs")
}

#[test]
fn board_command_writes_svg_and_png() {
    let svg = tavli(&[
        "board", "start", "--format", "svg", "--size", "500", "--x-name", "me",
    ]);
    assert!(svg.status.success());
    let text = String::from_utf8(svg.stdout).expect("UTF-8");
    assert!(text.contains("width=\"500\""), "{text}");
    assert!(text.contains("X (me) on roll"), "{text}");
    let png = tavli(&[
        "board",
        "4HPwATDgc/ABMA:cIkFAAAAAAAA",
        "--format",
        "png",
        "--size",
        "300",
    ]);
    assert!(png.status.success());
    let pixmap = Pixmap::decode_png(&png.stdout).expect("PNG on stdout");
    assert_eq!((pixmap.width(), pixmap.height()), (300, 235));
    let fevga = tavli(&[
        "board",
        "fevga:O=24x15:X=24x15",
        "--variant",
        "fevga",
        "--format",
        "svg",
        "--from",
        "O",
        "--theme",
        "high-contrast",
        "--no-numbers",
    ]);
    assert!(
        fevga.status.success(),
        "{}",
        String::from_utf8_lossy(&fevga.stderr)
    );
    let text = String::from_utf8(fevga.stdout).expect("UTF-8");
    assert!(text.contains("data-theme=\"high-contrast\"") && !text.contains("class=\"numbers\""));
    assert!(text.contains("Points numbered for O."));
}

#[test]
fn board_command_refuses_bad_pictures_cleanly() {
    let small = tavli(&["board", "start", "--format", "png", "--size", "5"]);
    assert_eq!(small.status.code(), Some(2));
    let message = String::from_utf8_lossy(&small.stderr);
    assert!(message.contains("--size 5 is out of range"), "{message}");
    let theme = tavli(&["board", "start", "--format", "svg", "--theme", "purple"]);
    assert_eq!(theme.status.code(), Some(2));
    let bad = tavli(&["board", "nonsense", "--format", "png"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(bad.stdout.is_empty());
}
