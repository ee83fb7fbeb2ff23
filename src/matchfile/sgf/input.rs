//! gnubg SGF game trees as replay input: the match information of the root node, set-up
//! boards, declared results and each `W[...]`/`B[...]` value as an event, with the problems
//! that are not about play.

use super::{first_value, parse_sgf_recovering, values};
use crate::matchfile::ast::{MoveText, SgfNode};
use crate::matchfile::diagnostic::{Diagnostic, DiagnosticKind, Span};
use crate::matchfile::replay::{variant_from_header, Event, EventKind, GameInput, MatchInput};
use crate::rules::{Board, Side, Variant};

/// One `[key:value]` of `MI`.
fn match_info(node: &SgfNode, key: &str) -> Option<u32> {
    values(node, "MI").into_iter().find_map(|value| {
        let (name, number) = value.value.split_once(':')?;
        (name == key).then(|| number.trim().parse().ok())?
    })
}

/// A point letter in the mover's numbering: 25 = bar (`y`), 0 = off (`z`).
fn letter_point(letter: u8, side: Side) -> Option<u8> {
    match letter {
        b'y' => Some(25),
        b'z' => Some(0),
        b'a'..=b'x' => Some(match side {
            Side::O => letter - b'a' + 1,
            Side::X => b'x' - letter + 1,
        }),
        _ => None,
    }
}

/// Names of players 0 and 1 when the root node has no `PW`/`PB`: gnubg's default names.
const DEFAULT_NAMES: [&str; 2] = ["gnubg", "user"];

/// Reads SGF text into replay input, with the problems that are not about play.
pub(crate) fn sgf_input(text: &str) -> (MatchInput, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut input = MatchInput {
        jacoby: false,
        ..MatchInput::default()
    };
    let (collection, errors) = parse_sgf_recovering(text);
    // The tree the end of the text cut, kept as far as it was read: its `RE[]` is about the
    // whole game, which the file no longer holds, so it is not checked.
    let partial = errors
        .iter()
        .any(|error| error.partial_tree)
        .then(|| collection.trees.len() - 1);
    // A move value the file ends inside of: an unreadable record of its own (its player's).
    let mut unfinished_move: Option<(Side, Span)> = None;
    for error in errors {
        if !error.truncated {
            // Read past: the reading went on after it (the message says how).
            diagnostics.push(Diagnostic::error(
                DiagnosticKind::Syntax,
                Span::at(error.offset),
                error.message,
            ));
            continue;
        }
        let mut span = Span::at(error.offset);
        if let (Some(_), Some((identifier, value))) = (partial, &error.unfinished_value) {
            if let Some(side) = move_side(identifier) {
                unfinished_move = Some((side, *value));
                span = *value;
            }
        }
        let complete = collection.trees.len() - usize::from(partial.is_some());
        let message = match partial {
            Some(_) => format!(
                "{}; the records of game {} before it are checked, the game stops here",
                error.message,
                complete + 1
            ),
            None if complete == 0 => error.message,
            None => format!(
                "{}; only the {complete} complete game(s) before it are checked",
                error.message,
            ),
        };
        diagnostics.push(Diagnostic::error(DiagnosticKind::Truncated, span, message));
    }
    for (index, tree) in collection.trees.iter().enumerate() {
        let Some(root) = tree.nodes.first() else {
            continue;
        };
        match first_value(root, "GM") {
            Some(gm) if gm.value.trim() == "6" => {}
            Some(gm) => diagnostics.push(Diagnostic::error(
                DiagnosticKind::BadHeader,
                gm.span,
                format!("GM[{}] is not backgammon (GM[6])", gm.value),
            )),
            None => diagnostics.push(Diagnostic::error(
                DiagnosticKind::BadHeader,
                root.span,
                "the game tree has no GM[6] (backgammon) property",
            )),
        }
        let length = match_info(root, "length").unwrap_or(0);
        if index == 0 {
            let length_span = first_value(root, "MI").map_or(root.span, |v| v.span);
            input.length = Some((length, length_span));
            // Without PW/PB gnubg keeps its own player names; its defaults are `gnubg` and
            // `user` (the login name when it has one). Empty names would make a .mat that
            // neither gnubg nor tavli reads.
            input.players = [
                first_value(root, "PW")
                    .map_or_else(|| DEFAULT_NAMES[0].to_string(), |v| v.value.clone()),
                first_value(root, "PB")
                    .map_or_else(|| DEFAULT_NAMES[1].to_string(), |v| v.value.clone()),
            ];
            for (property, key) in [
                ("PC", "Site"),
                ("EV", "Event"),
                ("RO", "Round"),
                ("DT", "EventDate"),
                ("AN", "Transcriber"),
            ] {
                if let Some(value) = first_value(root, property) {
                    let text = if key == "EventDate" {
                        value.value.replace('-', ".")
                    } else {
                        value.value.clone()
                    };
                    input.info.push((key.to_string(), text));
                }
            }
            if let Some(comment) = first_value(root, "GC") {
                input.comment = comment.value.lines().map(str::to_string).collect();
            }
            if let Some(rules) = first_value(root, "RU") {
                for rule in rules.value.split(':') {
                    match rule {
                        "Jacoby" => input.jacoby = true,
                        "Crawford" | "CrawfordGame" => input.crawford_rule = true,
                        "NoCube" | "" => {}
                        other => match variant_from_header(other) {
                            Some(variant) => input.variant = variant,
                            None => diagnostics.push(Diagnostic::error(
                                DiagnosticKind::BadHeader,
                                rules.span,
                                format!("rule `{other}` is not supported"),
                            )),
                        },
                    }
                }
            }
        } else if let Some((variant, span)) =
            tree_variant(root).filter(|(variant, _)| *variant != input.variant)
        {
            diagnostics.push(Diagnostic::error(
                DiagnosticKind::BadHeader,
                span,
                format!(
                    "this game is {variant}, the first game {}: a file holds one variant (the tavli rotation of Portes, Plakoto and Fevga cannot be checked)",
                    input.variant
                ),
            ));
        }
        if index > 0 && input.length.map(|(l, _)| l) != Some(length) {
            let span = first_value(root, "MI").map_or(root.span, |v| v.span);
            diagnostics.push(Diagnostic::error(
                DiagnosticKind::BadHeader,
                span,
                "the match length differs from the first game's",
            ));
        }
        let score = match (match_info(root, "ws"), match_info(root, "bs")) {
            (Some(white), Some(black)) => Some((
                [white, black],
                first_value(root, "MI").map_or(root.span, |v| v.span),
            )),
            _ => None,
        };
        let declared = first_value(root, "RE")
            .filter(|_| partial != Some(index))
            .and_then(|re| parse_result(&re.value, re.span));
        let declared_crawford = first_value(root, "RU")
            .map(|rules| {
                (
                    rules.value.split(':').any(|r| r == "CrawfordGame"),
                    rules.span,
                )
            })
            .or(Some((false, root.span)));
        let mut game = GameInput {
            header: root.span,
            score,
            events: Vec::new(),
            declared,
            declared_crawford,
            end: Span::new(tree.span.end.saturating_sub(1), tree.span.end),
        };
        let mut last_double: Option<Side> = None;
        let mut skip_take = false;
        let last_node = tree.nodes.len() - 1;
        for (at, node) in tree.nodes.iter().enumerate().skip(1) {
            if at == last_node {
                if let Some(event) = roll_not_played(node) {
                    game.events.push(event);
                    continue;
                }
            }
            if node.property("AE").is_some()
                || node.property("AB").is_some()
                || node.property("AW").is_some()
            {
                match setup_board(node, input.variant) {
                    Ok(board) => {
                        let on_roll =
                            first_value(node, "PL").and_then(|pl| match pl.value.as_str() {
                                "W" => Some(Side::O),
                                "B" => Some(Side::X),
                                _ => None,
                            });
                        game.events.push(Event {
                            side: on_roll.unwrap_or(Side::O),
                            kind: EventKind::SetBoard { board, on_roll },
                            span: node.span,
                        });
                    }
                    Err(message) => {
                        diagnostics.push(Diagnostic::error(
                            DiagnosticKind::Syntax,
                            node.span,
                            format!("{message}; the rest of this game is skipped"),
                        ));
                        game.declared = None;
                        break;
                    }
                }
                continue;
            }
            // In file order (the reader gives each move a node of its own).
            for property in &node.properties {
                let Some(side) = move_side(&property.identifier) else {
                    continue;
                };
                if property.values.is_empty() {
                    // A move whose value could not be read (the reader reported it).
                    game.events.push(Event {
                        side,
                        kind: EventKind::Unreadable,
                        span: property.span,
                    });
                    last_double = None;
                    skip_take = false;
                }
                for value in &property.values {
                    if skip_take && value.value == "take" {
                        // The take after a beaver is implied by the beaver.
                        skip_take = false;
                        continue;
                    }
                    match sgf_event(&value.value, value.span, side, &mut last_double) {
                        Ok(event) => {
                            skip_take = matches!(event.kind, EventKind::Beaver(_));
                            game.events.push(event);
                        }
                        Err(message) => diagnostics.push(Diagnostic::error(
                            DiagnosticKind::Syntax,
                            value.span,
                            message,
                        )),
                    }
                }
            }
        }
        if partial == Some(index) {
            if let Some((side, span)) = unfinished_move {
                game.events.push(Event {
                    side,
                    kind: EventKind::Unreadable,
                    span,
                });
            }
        }
        input.games.push(game);
    }
    if input.variant != Variant::Standard && input.jacoby {
        input.jacoby = false;
    }
    (input, diagnostics)
}

/// A game's last node `;PL[W]DI[51]`, without a move: the dice rolled and not played yet
/// (gnubg writes a game saved at that point so, and a roll its player resigned on), read as
/// a roll written without moves. gnubg keeps such a roll only there: a node of dice followed
/// by more moves is replaced by the move that played them, and skipped here too.
fn roll_not_played(node: &SgfNode) -> Option<Event> {
    if node.properties.iter().any(|property| {
        move_side(&property.identifier).is_some()
            || matches!(property.identifier.as_str(), "AE" | "AB" | "AW")
    }) {
        return None;
    }
    let side = match first_value(node, "PL")?.value.as_str() {
        "W" => Side::O,
        "B" => Side::X,
        _ => return None,
    };
    let dice = first_value(node, "DI")?;
    let digits: Vec<u8> = dice.value.bytes().collect();
    let [first, second] = digits[..] else {
        return None;
    };
    if !first.is_ascii_digit() || !second.is_ascii_digit() {
        return None;
    }
    Some(Event {
        side,
        kind: EventKind::Roll {
            dice: [first - b'0', second - b'0'],
            dice_span: dice.span,
            moves: Vec::new(),
            cannot_move: false,
            label: None,
            dice_only: true,
        },
        span: node.span,
    })
}

/// The player of a move property: `W` is player 0, `B` player 1.
fn move_side(identifier: &str) -> Option<Side> {
    match identifier {
        "W" => Some(Side::O),
        "B" => Some(Side::X),
        _ => None,
    }
}

/// The variant named in a root node's `RU[]` (standard when none is named), and where.
fn tree_variant(root: &SgfNode) -> Option<(Variant, Span)> {
    let rules = first_value(root, "RU")?;
    let variant = rules
        .value
        .split(':')
        .filter(|rule| {
            !matches!(
                *rule,
                "Jacoby" | "Crawford" | "CrawfordGame" | "NoCube" | ""
            )
        })
        .find_map(variant_from_header)
        .unwrap_or(Variant::Standard);
    Some((variant, rules.span))
}

/// The board of a set-up node: `AE[a:y]` (clear everything), then `AW`/`AB` one value per
/// checker (letters as for moves; `y` = bar).
fn setup_board(node: &SgfNode, variant: Variant) -> Result<Board, String> {
    let clears_all = values(node, "AE")
        .iter()
        .any(|v| v.value == "a:y" || v.value == "a:z");
    if !clears_all {
        return Err("a set-up node that does not clear the board first (AE[a:y])".to_string());
    }
    let mut slots = [[0u8; 25]; 2];
    for (identifier, side) in [("AW", Side::O), ("AB", Side::X)] {
        for value in values(node, identifier) {
            let point = value
                .value
                .bytes()
                .next()
                .and_then(|letter| letter_point(letter, side))
                .filter(|&p| p != 0)
                .ok_or_else(|| format!("`{}` is not a point letter", value.value))?;
            let slot = &mut slots[side.index()][usize::from(point - 1)];
            *slot = slot.saturating_add(1);
        }
    }
    Board::from_slots(slots, variant).map_err(|error| format!("impossible set-up: {error}"))
}

/// `W+2`, `B+8R`: winner, points, by resignation.
fn parse_result(text: &str, span: Span) -> Option<(Side, u32, bool, Span)> {
    let (winner, rest) = text.split_once('+')?;
    let side = match winner {
        "W" => Side::O,
        "B" => Side::X,
        _ => return None,
    };
    let resigned = rest.ends_with('R');
    let points: u32 = rest.trim_end_matches('R').parse().ok()?;
    Some((side, points, resigned, span))
}

/// One `W[...]`/`B[...]` value as an event.
fn sgf_event(
    value: &str,
    span: Span,
    side: Side,
    last_double: &mut Option<Side>,
) -> Result<Event, String> {
    let kind = match value {
        "double" => {
            if *last_double == Some(side.opponent()) {
                *last_double = None;
                EventKind::Beaver(None)
            } else {
                *last_double = Some(side);
                EventKind::Double(None)
            }
        }
        "take" => {
            *last_double = None;
            EventKind::Take
        }
        "drop" => {
            *last_double = None;
            EventKind::Drop
        }
        _ => {
            *last_double = None;
            let bytes = value.as_bytes();
            if bytes.len() < 2
                || !bytes.len().is_multiple_of(2)
                || !bytes[..2].iter().all(u8::is_ascii_digit)
            {
                return Err(format!(
                    "`{value}` is not a move (dice and point letters), `double`, `take` or `drop`"
                ));
            }
            let dice = [bytes[0] - b'0', bytes[1] - b'0'];
            let mut moves = Vec::new();
            for (index, pair) in bytes[2..].chunks(2).enumerate() {
                let from = letter_point(pair[0], side);
                let to = letter_point(pair[1], side);
                let (Some(from), Some(to)) = (from, to) else {
                    return Err(format!(
                        "`{}` is not a pair of point letters (a..x, y = bar, z = off)",
                        String::from_utf8_lossy(pair)
                    ));
                };
                let start = span.start + 2 + 2 * index;
                moves.push((
                    MoveText {
                        points: vec![from, to],
                        hits: vec![false, false],
                        count: 1,
                    },
                    Span::new(start, start + 2),
                ));
            }
            EventKind::Roll {
                dice,
                dice_span: Span::new(span.start, span.start + 2),
                moves,
                cannot_move: false,
                label: None,
                dice_only: false,
            }
        }
    };
    Ok(Event { side, kind, span })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_absolute() {
        assert_eq!(letter_point(b'q', Side::X), Some(8));
        assert_eq!(letter_point(b't', Side::X), Some(5));
        assert_eq!(letter_point(b'm', Side::O), Some(13));
        assert_eq!(letter_point(b'x', Side::O), Some(24));
        assert_eq!(letter_point(b'y', Side::O), Some(25));
    }

    #[test]
    fn missing_player_names_are_gnubgs_defaults_and_convert_to_a_readable_mat() {
        // Found by the sgf_file fuzz target: no PW/PB read as empty names, and the .mat
        // written from them had an empty player 0, which the .mat reader rejects.
        let text = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]RU[Crawford]\n;B[31qtst])";
        let record = crate::matchfile::read_match_text(text, crate::matchfile::Format::Sgf)
            .expect("an SGF without names reads");
        assert_eq!(record.players, ["gnubg".to_string(), "user".to_string()]);
        let mat = crate::matchfile::write_mat(&record);
        let back = crate::matchfile::read_match_text(&mat, crate::matchfile::Format::Mat)
            .unwrap_or_else(|error| panic!("{error}\n{mat}"));
        assert_eq!(back.players, record.players);
        assert!(back.games == record.games);
        let (named, _) = sgf_input("(;FF[4]GM[6]PW[a]PB[b]\n;B[31qtst])");
        assert_eq!(named.players, ["a".to_string(), "b".to_string()]);
    }

    #[test]
    fn a_syntax_error_is_reported_where_it_is_and_the_reading_goes_on() {
        use crate::matchfile::diagnostic::Severity;
        let good = "(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[a]PB[b]RE[W+1R]\n;B[31qtst]\n;W[31hefe]\n)";
        let broken = good.replace("\n;W[", "\nx;W[");
        let (record, diagnostics) =
            crate::matchfile::check_text(&broken, crate::matchfile::Format::Sgf);
        // The reading goes on after it: both moves and the result are read.
        let (good_record, _) = crate::matchfile::check_text(good, crate::matchfile::Format::Sgf);
        assert!(record.games == good_record.games && record.games[0].result.is_some());
        let errors: Vec<&Diagnostic> = diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert_eq!(errors.len(), 1, "{diagnostics:#?}");
        assert_eq!(errors[0].kind, DiagnosticKind::Syntax);
        assert_eq!(
            errors[0].span.start,
            broken.find("x;W").expect("the stray x")
        );
        assert!(
            diagnostics
                .iter()
                .all(|d| d.kind != DiagnosticKind::Truncated),
            "the file does not end there: {diagnostics:#?}"
        );
        // A file that does end inside the game still says so.
        let cut = &good[..good.find("\n;W[").expect("the second move")];
        let (_, diagnostics) = crate::matchfile::check_text(cut, crate::matchfile::Format::Sgf);
        assert!(
            diagnostics
                .iter()
                .any(|d| d.kind == DiagnosticKind::Truncated),
            "{diagnostics:#?}"
        );
    }
}
