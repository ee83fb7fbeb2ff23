//! The SGF tree reader: game trees, nodes and properties with spans, reading on past
//! syntax errors as a compiler does (see [`parse_sgf_recovering`]).

use crate::matchfile::ast::{SgfCollection, SgfNode, SgfProperty, SgfTree, Spanned};
use crate::matchfile::diagnostic::Span;
use nom::bytes::complete::take_while1;
use nom::character::complete::multispace0;
use nom::IResult;

/// Most syntax errors listed for one text (as a compiler's error limit): past it they are
/// counted, and the reading goes on.
pub const MAX_ERRORS: usize = 100;

/// Deepest nesting of variations read (a deeper one is skipped, not a stack overflow).
pub(super) const MAX_DEPTH: usize = 64;

/// Why SGF text could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfSyntaxError {
    /// What was expected, and how the reading went on.
    pub message: String,
    /// Where.
    pub offset: usize,
    /// The input ended first (the only error the reader cannot read past).
    pub truncated: bool,
    /// The file ends inside this property's value: its identifier and the value read so far
    /// (from after its `[` to the end of the text).
    pub unfinished_value: Option<(String, Span)>,
    /// The game tree the file ends in was kept, as far as it was read, as the collection's
    /// last tree (its root node was complete).
    pub partial_tree: bool,
}

impl std::fmt::Display for SgfSyntaxError {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for SgfSyntaxError {}

/// Parses SGF `text` into its game trees (main lines only); the first syntax error, if any,
/// fails it.
pub fn parse_sgf(text: &str) -> Result<SgfCollection, SgfSyntaxError> {
    let (collection, mut errors) = parse_sgf_recovering(text);
    if errors.is_empty() {
        Ok(collection)
    } else {
        Err(errors.swap_remove(0))
    }
}

/// Parses as much as can be read, as a compiler does: each syntax error is reported (in file
/// order) and the reading goes on after it, at the next property, node or game tree, so that
/// every later error is found too and every record that can be read is kept.
///
/// * Text that is no SGF between properties or nodes is skipped (one error for each run of
///   it); a `B` or `W` whose value cannot be read is kept without values (an unreadable move).
/// * A second move property in one node (`;B[..]W[..]`: a `;` is missing) starts a node of
///   its own (FF\[4\]: B and W must not be mixed within a node).
/// * A game tree whose `)` is missing ends where the next game tree (`(;` with `GM[]`) starts;
///   nodes after a stray `)` are read as part of the game tree it closed.
/// * Only the end of the text stops the reading: a tree cut after its root node (a truncated
///   file) is kept as the last tree with the nodes and properties read before the cut
///   (`partial_tree` says so).
#[must_use]
pub fn parse_sgf_recovering(text: &str) -> (SgfCollection, Vec<SgfSyntaxError>) {
    let mut parser = Parser {
        text,
        position: 0,
        errors: Vec::new(),
        read_past: 0,
    };
    let mut collection = SgfCollection::default();
    loop {
        parser.skip_space();
        let start = parser.position;
        match parser.peek() {
            None => break,
            Some('(') => {
                let mut tree = SgfTree::default();
                let result = parser.tree(0, &mut tree);
                if let Err(error) = parser.finish_tree(result, tree, start, &mut collection) {
                    parser.errors.push(error);
                    break;
                }
            }
            Some(';') if !collection.trees.is_empty() => {
                let Some(mut tree) = collection.trees.pop() else {
                    break;
                };
                let stray = tree.span.end.saturating_sub(1);
                parser.report(parser.error_at(
                    stray,
                    "this `)` ends the game tree, but nodes of it follow: they are read as part of this game (a stray `)`?)",
                ));
                let tree_start = tree.span.start;
                let result = parser.tree_body(0, &mut tree, tree_start);
                if let Err(error) = parser.finish_tree(result, tree, tree_start, &mut collection) {
                    parser.errors.push(error);
                    break;
                }
            }
            Some(_) => {
                let message = format!(
                    "expected `(` to start a game tree, found {}; skipped to the next `(`",
                    shown_text(parser.rest())
                );
                parser.report(parser.error_at(start, &message));
                parser.skip_until(|byte| byte == b'(');
            }
        }
    }
    // A stray `)` is reported when the nodes after it are found, which can be after an error
    // further on (an empty game tree `()` between them): the list goes in the file's order.
    parser.errors.sort_by_key(|error| error.offset);
    if parser.read_past > MAX_ERRORS {
        // Said after the last one listed, before the end of the text if that is an error.
        let last = parser
            .errors
            .iter()
            .rev()
            .find(|error| !error.truncated)
            .map_or(0, |error| error.offset);
        let message = format!(
            "{} more syntax errors after this one are not listed ({} in all)",
            parser.read_past - MAX_ERRORS,
            parser.read_past
        );
        let error = parser.error_at(last, &message);
        let at = parser
            .errors
            .iter()
            .position(|error| error.truncated)
            .unwrap_or(parser.errors.len());
        parser.errors.insert(at, error);
    }
    if collection.trees.is_empty() && parser.errors.is_empty() {
        parser.errors.push(SgfSyntaxError {
            message: "no game tree: SGF starts with `(;`".to_string(),
            offset: 0,
            truncated: true,
            unfinished_value: None,
            partial_tree: false,
        });
    }
    (collection, parser.errors)
}

/// How a character found where it does not belong is named in a message (as it is: placing
/// the diagnostic shows a control character as its picture, `diagnostic::printable`).
fn shown(found: char) -> String {
    format!("`{found}`")
}

/// The text found where it does not belong, as a message names it: its first word (up to
/// a space or an SGF delimiter, at most 20 characters).
fn shown_text(rest: &str) -> String {
    let word: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, ';' | '(' | ')' | '['))
        .take(20)
        .collect();
    if word.is_empty() {
        rest.chars()
            .next()
            .map_or_else(|| "the end".to_string(), shown)
    } else {
        format!("`{word}`")
    }
}

struct Parser<'a> {
    text: &'a str,
    position: usize,
    /// The errors so far.
    errors: Vec<SgfSyntaxError>,
    /// How many errors were read past (some may not be listed).
    read_past: usize,
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        self.text.get(self.position..).unwrap_or("")
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        let result: IResult<&str, &str> = multispace0(rest);
        if let Ok((after, _)) = result {
            self.position += rest.len() - after.len();
        }
    }

    /// Reports a syntax error read past (only the first [`MAX_ERRORS`] are listed).
    fn report(&mut self, error: SgfSyntaxError) {
        self.read_past += 1;
        if self.read_past <= MAX_ERRORS {
            self.errors.push(error);
        }
    }

    fn error_at(&self, offset: usize, message: &str) -> SgfSyntaxError {
        SgfSyntaxError {
            message: message.to_string(),
            offset,
            truncated: false,
            unfinished_value: None,
            partial_tree: false,
        }
    }

    /// The error of the text ending here.
    fn end_of_text(&self, message: &str) -> SgfSyntaxError {
        SgfSyntaxError {
            truncated: true,
            ..self.error_at(self.position, message)
        }
    }

    /// Moves on to the first byte `stop` accepts (or the end), skipping bracketed values
    /// whole (they may hold any character).
    fn skip_until(&mut self, stop: impl Fn(u8) -> bool) {
        let bytes = self.text.as_bytes();
        let mut index = self.position;
        while let Some(&byte) = bytes.get(index) {
            if stop(byte) {
                break;
            }
            if byte == b'[' {
                index = closing_bracket(bytes, index + 1).map_or(bytes.len(), |close| close + 1);
            } else {
                index += 1;
            }
        }
        // Stops are ASCII, so `index` is on a character boundary.
        self.position = index;
    }

    /// Keeps the tree read (its `result`) in `collection`: a complete tree with a node, or a
    /// tree the end of the text cut after its root node (the error is returned).
    fn finish_tree(
        &self,
        result: Result<(), SgfSyntaxError>,
        mut tree: SgfTree,
        start: usize,
        collection: &mut SgfCollection,
    ) -> Result<(), SgfSyntaxError> {
        match result {
            Ok(()) => {
                if !tree.nodes.is_empty() {
                    collection.trees.push(tree);
                }
                Ok(())
            }
            Err(mut error) => {
                // The root holds the match information: without all of it the tree is no game.
                if tree.nodes.len() >= 2 {
                    tree.span =
                        Span::new(start, self.position.max(error.offset).min(self.text.len()));
                    collection.trees.push(tree);
                    error.partial_tree = true;
                }
                Err(error)
            }
        }
    }

    /// `( node+ tree* )` into `tree`: the nodes and the main line of the first variation.
    /// Only the end of the text is an error returned (`tree` then holds what was read).
    fn tree(&mut self, depth: usize, tree: &mut SgfTree) -> Result<(), SgfSyntaxError> {
        let start = self.position;
        if depth > MAX_DEPTH {
            self.errors
                .push(self.error_at(start, "variations nested too deeply: this one is skipped"));
            return self.skip_variation();
        }
        self.position += 1;
        self.tree_body(depth, tree, start)
    }

    /// What follows `(` (at `start`) in a game tree, to its `)`.
    fn tree_body(
        &mut self,
        depth: usize,
        tree: &mut SgfTree,
        start: usize,
    ) -> Result<(), SgfSyntaxError> {
        let mut first_variation = true;
        let mut variations = 0;
        loop {
            self.skip_space();
            let here = self.position;
            match self.peek() {
                None => {
                    tree.span = Span::new(start, self.position);
                    return Err(
                        self.end_of_text("expected `)` to end the game tree, or another node")
                    );
                }
                Some(';') => {
                    if variations > 0 {
                        self.report(self.error_at(
                            here,
                            "a node after a variation (SGF puts a tree's nodes before its variations); read as the next node",
                        ));
                    }
                    self.node(&mut tree.nodes)?;
                }
                Some('(') => {
                    if depth == 0 && !tree.nodes.is_empty() && self.game_tree_starts_here() {
                        self.report(self.error_at(
                            here,
                            "a new game tree (`(;` with GM[]) starts before this one has ended: its `)` is missing; the game ends here",
                        ));
                        tree.span = Span::new(start, here);
                        return Ok(());
                    }
                    let mut variation = SgfTree::default();
                    let result = self.tree(depth + 1, &mut variation);
                    if first_variation && !tree.nodes.is_empty() {
                        tree.nodes.extend(variation.nodes);
                        first_variation = false;
                    }
                    variations += 1;
                    result?;
                }
                Some(')') => {
                    self.position += 1;
                    break;
                }
                Some(_) => {
                    let message = format!(
                        "expected `;` to start a node, `(` or `)`, found {}; skipped to the next node",
                        shown_text(self.rest())
                    );
                    self.report(self.error_at(here, &message));
                    self.skip_until(|byte| matches!(byte, b';' | b'(' | b')'));
                }
            }
        }
        if tree.nodes.is_empty() {
            // Found at the tree's end, said at its start: before the errors read inside it,
            // so that the list stays in file order.
            let error = self.error_at(start, "a game tree without a node (`(` is followed by `;`)");
            let at = self.errors.partition_point(|listed| listed.offset <= start);
            self.errors.insert(at, error);
        }
        tree.span = Span::new(start, self.position);
        Ok(())
    }

    /// Skips a variation from its `(` to its matching `)`.
    fn skip_variation(&mut self) -> Result<(), SgfSyntaxError> {
        let mut open = 0usize;
        loop {
            self.skip_until(|byte| matches!(byte, b'(' | b')'));
            match self.peek() {
                None => {
                    return Err(
                        self.end_of_text("expected `)` to end the game tree, or another node")
                    )
                }
                Some('(') => open += 1,
                _ => open = open.saturating_sub(1),
            }
            self.position += 1;
            if open == 0 {
                return Ok(());
            }
        }
    }

    /// Whether the `(` here opens a game tree (its first node holds `GM`) rather than a
    /// variation.
    fn game_tree_starts_here(&self) -> bool {
        let mut look = Parser {
            text: self.text,
            position: self.position + 1,
            errors: Vec::new(),
            read_past: 0,
        };
        look.skip_space();
        if look.peek() != Some(';') {
            return false;
        }
        look.position += 1;
        loop {
            look.skip_space();
            let rest = look.rest();
            let identifier: IResult<&str, &str> =
                take_while1(|c: char| c.is_ascii_uppercase())(rest);
            let Ok((after, identifier)) = identifier else {
                return false;
            };
            if identifier == "GM" {
                return true;
            }
            look.position += rest.len() - after.len();
            look.skip_space();
            if look.peek() != Some('[') {
                return false;
            }
            while look.peek() == Some('[') {
                let bytes = look.text.as_bytes();
                match closing_bracket(bytes, look.position + 1) {
                    Some(close) => look.position = close + 1,
                    None => return false,
                }
                look.skip_space();
            }
        }
    }

    /// `; property*` as the last of `nodes`, each property kept as soon as its values are
    /// read. A second move property (`B`, `W`) starts a node of its own (a `;` is missing).
    fn node(&mut self, nodes: &mut Vec<SgfNode>) -> Result<(), SgfSyntaxError> {
        let mut node_start = self.position;
        self.position += 1;
        nodes.push(SgfNode {
            properties: Vec::new(),
            span: Span::new(node_start, self.position),
        });
        loop {
            self.skip_space();
            let here = self.position;
            let rest = self.rest();
            match rest.chars().next() {
                None | Some(';' | '(' | ')') => return Ok(()),
                Some(c) if c.is_ascii_uppercase() => {}
                Some(_) => {
                    let message = format!(
                        "expected a property (an upper-case name and `[`) or the next node, found {}; skipped",
                        shown_text(rest)
                    );
                    self.report(self.error_at(here, &message));
                    self.skip_until(|byte| {
                        matches!(byte, b';' | b'(' | b')') || byte.is_ascii_uppercase()
                    });
                    continue;
                }
            }
            let identifier: IResult<&str, &str> =
                take_while1(|c: char| c.is_ascii_uppercase())(rest);
            let Ok((after, identifier)) = identifier else {
                return Ok(());
            };
            self.position += rest.len() - after.len();
            let after_name = self.position;
            let is_move = MOVE_PROPERTIES.contains(&identifier);
            let second_move = is_move
                && nodes.last().is_some_and(|node| {
                    node.properties
                        .iter()
                        .any(|p| MOVE_PROPERTIES.contains(&p.identifier.as_str()))
                });
            if second_move {
                let message = format!(
                    "two moves in one node: a `;` is missing before `{identifier}[` (FF[4]: B and W are not mixed within a node; gnubg reads only the first); read as a node of its own"
                );
                self.report(self.error_at(here, &message));
                nodes.push(SgfNode {
                    properties: Vec::new(),
                    span: Span::new(here, here),
                });
                node_start = here;
            }
            let mut values = Vec::new();
            loop {
                self.skip_space();
                if !self.rest().starts_with('[') {
                    break;
                }
                let value =
                    self.value(READ_PROPERTIES.contains(&identifier))
                        .map_err(|mut error| {
                            if let Some((name, _)) = error.unfinished_value.as_mut() {
                                identifier.clone_into(name);
                            }
                            error
                        })?;
                values.push(value);
            }
            let damaged = self.position;
            if values.is_empty() {
                let message = format!(
                    "expected `[` after the property name `{identifier}`, found {}; {}",
                    self.peek().map_or_else(|| "the end".to_string(), shown),
                    if is_move {
                        "the move cannot be read"
                    } else {
                        "the property is skipped"
                    }
                );
                self.report(self.error_at(after_name, &message));
                self.skip_until(|byte| {
                    matches!(byte, b';' | b'(' | b')') || byte.is_ascii_uppercase()
                });
            }
            if let Some(node) = nodes.last_mut() {
                // A move property without a value stays, as an unreadable move (its span is
                // the text that could not be read).
                if !values.is_empty() || is_move {
                    let from = if values.is_empty() { damaged } else { here };
                    node.properties.push(SgfProperty {
                        identifier: identifier.to_string(),
                        values,
                        span: Span::new(from, self.position),
                    });
                }
                node.span = Span::new(node_start, self.position);
            }
        }
    }

    /// `[ text ]` with `\` escapes; the text is kept only when `keep` (annotations that are
    /// not read are skipped without copying them).
    fn value(&mut self, keep: bool) -> Result<Spanned<String>, SgfSyntaxError> {
        let open = self.position;
        let start = open + 1;
        let bytes = self.text.as_bytes();
        if let Some(index) = closing_bracket(bytes, start) {
            self.position = index + 1;
            let value = if keep {
                unescape(self.text.get(start..index).unwrap_or(""))
            } else {
                String::new()
            };
            return Ok(Spanned::new(value, Span::new(start, index)));
        }
        self.position = self.text.len();
        Err(SgfSyntaxError {
            message: "the file ends inside a property value (missing `]`)".to_string(),
            offset: open,
            truncated: true,
            unfinished_value: Some((String::new(), Span::new(start, self.text.len()))),
            partial_tree: false,
        })
    }
}

/// The index of the `]` that closes a value whose text starts at `start` (`\` escapes the
/// next byte), if the text has one.
fn closing_bracket(bytes: &[u8], start: usize) -> Option<usize> {
    let mut escaped = false;
    for (index, &byte) in bytes.iter().enumerate().skip(start) {
        if escaped {
            escaped = false;
        } else if byte == b'\\' {
            escaped = true;
        } else if byte == b']' {
            return Some(index);
        }
    }
    None
}

/// The move properties: one of them per node.
pub(super) const MOVE_PROPERTIES: [&str; 2] = ["B", "W"];

/// Properties whose values the reader uses; others are skipped.
const READ_PROPERTIES: [&str; 19] = [
    "GM", "MI", "PW", "PB", "RU", "RE", "DT", "EV", "RO", "PC", "AN", "GC", "W", "B", "AE", "AB",
    "AW", "PL", "DI",
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
