//! Reads gnubg SGF (`GM[6]`) into an [`SgfCollection`] with spans, and into replay input.
//!
//! The tree syntax is generic SGF (`FF[4]`); only the main line of each game tree is kept
//! (gnubg writes no variations). See `grammar/sgf.ebnf`.

use super::ast::{MoveText, SgfCollection, SgfNode, SgfProperty, SgfTree, Spanned};
use super::diagnostic::{Diagnostic, DiagnosticKind, Span};
use super::replay::{variant_from_header, Event, EventKind, GameInput, MatchInput};
use crate::rules::{Board, Side, Variant};
use nom::bytes::complete::take_while1;
use nom::character::complete::multispace0;
use nom::IResult;

/// Deepest nesting of variations read (deeper input is an error, not a stack overflow).
const MAX_DEPTH: usize = 64;

/// Why SGF text could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfSyntaxError {
    /// What was expected.
    pub message: String,
    /// Where.
    pub offset: usize,
    /// The input ended first.
    pub truncated: bool,
}

impl std::fmt::Display for SgfSyntaxError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for SgfSyntaxError {}

/// Parses SGF `text` into its game trees (main lines only).
pub fn parse_sgf(text: &str) -> Result<SgfCollection, SgfSyntaxError> {
    match parse_sgf_partial(text) {
        (collection, None) => Ok(collection),
        (_, Some(error)) => Err(error),
    }
}

/// Parses as many complete game trees as possible; the error, if any, is where it stopped.
#[must_use]
pub fn parse_sgf_partial(text: &str) -> (SgfCollection, Option<SgfSyntaxError>) {
    let mut parser = Parser { text, position: 0 };
    let mut collection = SgfCollection::default();
    loop {
        parser.skip_space();
        if parser.position >= text.len() {
            break;
        }
        match parser.tree(0) {
            Ok(tree) => collection.trees.push(tree),
            Err(error) => return (collection, Some(error)),
        }
    }
    if collection.trees.is_empty() {
        let error = SgfSyntaxError {
            message: "no game tree: SGF starts with `(;`".to_string(),
            offset: 0,
            truncated: true,
        };
        return (collection, Some(error));
    }
    (collection, None)
}

struct Parser<'a> {
    text: &'a str,
    position: usize,
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        self.text.get(self.position..).unwrap_or("")
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        let result: IResult<&str, &str> = multispace0(rest);
        if let Ok((after, _)) = result {
            self.position += rest.len() - after.len();
        }
    }

    fn fail(&self, message: &str) -> SgfSyntaxError {
        SgfSyntaxError {
            message: message.to_string(),
            offset: self.position,
            truncated: self.position >= self.text.len(),
        }
    }

    fn expect(&mut self, wanted: char, message: &str) -> Result<(), SgfSyntaxError> {
        self.skip_space();
        if self.rest().starts_with(wanted) {
            self.position += 1;
            Ok(())
        } else {
            Err(self.fail(message))
        }
    }

    /// `( node+ tree* )`: keeps the nodes and the main line of the first variation.
    fn tree(&mut self, depth: usize) -> Result<SgfTree, SgfSyntaxError> {
        if depth > MAX_DEPTH {
            return Err(self.fail("variations nested too deeply"));
        }
        self.skip_space();
        let start = self.position;
        self.expect('(', "expected `(` to start a game tree")?;
        let mut tree = SgfTree::default();
        loop {
            self.skip_space();
            if self.rest().starts_with(';') {
                tree.nodes.push(self.node()?);
            } else {
                break;
            }
        }
        if tree.nodes.is_empty() {
            return Err(self.fail("expected `;` to start a node"));
        }
        let mut first_variation = true;
        loop {
            self.skip_space();
            if self.rest().starts_with('(') {
                let variation = self.tree(depth + 1)?;
                if first_variation {
                    tree.nodes.extend(variation.nodes);
                    first_variation = false;
                }
            } else {
                break;
            }
        }
        self.expect(')', "expected `)` to end the game tree, or another node")?;
        tree.span = Span::new(start, self.position);
        Ok(tree)
    }

    /// `; property*`.
    fn node(&mut self) -> Result<SgfNode, SgfSyntaxError> {
        let start = self.position;
        self.position += 1;
        let mut node = SgfNode::default();
        loop {
            self.skip_space();
            let rest = self.rest();
            let identifier: IResult<&str, &str> =
                take_while1(|c: char| c.is_ascii_uppercase())(rest);
            let Ok((after, identifier)) = identifier else {
                break;
            };
            let property_start = self.position;
            self.position += rest.len() - after.len();
            let mut values = Vec::new();
            loop {
                self.skip_space();
                if !self.rest().starts_with('[') {
                    break;
                }
                values.push(self.value(READ_PROPERTIES.contains(&identifier))?);
            }
            if values.is_empty() {
                return Err(self.fail("expected `[` after a property name"));
            }
            node.properties.push(SgfProperty {
                identifier: identifier.to_string(),
                values,
                span: Span::new(property_start, self.position),
            });
        }
        node.span = Span::new(start, self.position);
        Ok(node)
    }

    /// `[ text ]` with `\` escapes; the text is kept only when `keep` (annotations that are
    /// not read are skipped without copying them).
    fn value(&mut self, keep: bool) -> Result<Spanned<String>, SgfSyntaxError> {
        let open = self.position;
        self.position += 1;
        let start = self.position;
        let bytes = self.text.as_bytes();
        let mut index = start;
        let mut escaped = false;
        while let Some(&byte) = bytes.get(index) {
            if escaped {
                escaped = false;
            } else if byte == b'\\' {
                escaped = true;
            } else if byte == b']' {
                self.position = index + 1;
                let value = if keep {
                    unescape(self.text.get(start..index).unwrap_or(""))
                } else {
                    String::new()
                };
                return Ok(Spanned::new(value, Span::new(start, index)));
            }
            index += 1;
        }
        self.position = self.text.len();
        Err(SgfSyntaxError {
            message: "the file ends inside a property value (missing `]`)".to_string(),
            offset: open,
            truncated: true,
        })
    }
}

/// Properties whose values the reader uses; others are skipped.
const READ_PROPERTIES: [&str; 18] = [
    "GM", "MI", "PW", "PB", "RU", "RE", "DT", "EV", "RO", "PC", "AN", "GC", "W", "B", "AE", "AB",
    "AW", "PL",
];

/// Removes SGF escapes: `\x` is `x`, an escaped line break disappears.
fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_string();
    }
    let mut value = String::with_capacity(raw.len());
    let mut escaped = false;
    for c in raw.chars() {
        if escaped {
            if c != '\n' {
                value.push(c);
            }
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else {
            value.push(c);
        }
    }
    value
}

fn values<'a>(node: &'a SgfNode, identifier: &str) -> Vec<&'a Spanned<String>> {
    node.properties
        .iter()
        .filter(|p| p.identifier == identifier)
        .flat_map(|p| p.values.iter())
        .collect()
}

fn first_value<'a>(node: &'a SgfNode, identifier: &str) -> Option<&'a Spanned<String>> {
    values(node, identifier).into_iter().next()
}

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

/// Reads SGF text into replay input, with the problems that are not about play.
/// Names of players 0 and 1 when the root node has no `PW`/`PB`: gnubg's default names.
const DEFAULT_NAMES: [&str; 2] = ["gnubg", "user"];

pub(crate) fn sgf_input(text: &str) -> (MatchInput, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut input = MatchInput {
        jacoby: false,
        ..MatchInput::default()
    };
    let (collection, error) = parse_sgf_partial(text);
    if let Some(error) = error {
        let kind = if error.truncated {
            DiagnosticKind::Truncated
        } else {
            DiagnosticKind::Syntax
        };
        let message = if collection.trees.is_empty() {
            error.message
        } else {
            format!(
                "{}; only the {} complete game(s) before it are checked",
                error.message,
                collection.trees.len()
            )
        };
        diagnostics.push(Diagnostic::error(kind, Span::at(error.offset), message));
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
                        "Crawford" | "CrawfordGame" | "NoCube" | "" => {}
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
        let declared = first_value(root, "RE").and_then(|re| parse_result(&re.value, re.span));
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
        for node in &tree.nodes[1..] {
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
            for (identifier, side) in [("W", Side::O), ("B", Side::X)] {
                for value in values(node, identifier) {
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
        input.games.push(game);
    }
    if input.variant != Variant::Standard && input.jacoby {
        input.jacoby = false;
    }
    (input, diagnostics)
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
            }
        }
    };
    Ok(Event { side, kind, span })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_nodes_and_escapes() {
        let text = "(;FF[4]GM[6]GC[a \\] b]\n;B[31qtst]\n;W[double];B[take])";
        let collection = parse_sgf(text).unwrap();
        let tree = &collection.trees[0];
        assert_eq!(tree.nodes.len(), 4);
        assert_eq!(first_value(&tree.nodes[0], "GC").unwrap().value, "a ] b");
        assert_eq!(first_value(&tree.nodes[1], "B").unwrap().value, "31qtst");
    }

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
        let mat = crate::matchfile::write_mat(&record, crate::matchfile::MatOptions::default());
        let back = crate::matchfile::read_match_text(&mat, crate::matchfile::Format::Mat)
            .unwrap_or_else(|error| panic!("{error}\n{mat}"));
        assert_eq!(back.players, record.players);
        assert!(back.games == record.games);
        let (named, _) = sgf_input("(;FF[4]GM[6]PW[a]PB[b]\n;B[31qtst])");
        assert_eq!(named.players, ["a".to_string(), "b".to_string()]);
    }

    #[test]
    fn unterminated_value_is_truncation() {
        let error = parse_sgf("(;FF[4]GM[6").unwrap_err();
        assert!(error.truncated);
        assert_eq!(error.offset, 9);
    }
}
