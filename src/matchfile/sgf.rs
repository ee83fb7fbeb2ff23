//! Reads gnubg SGF (`GM[6]`) into an [`SgfCollection`] with spans; `input` turns it into
//! replay input.
//!
//! The tree syntax is generic SGF (`FF[4]`); only the main line of each game tree is kept
//! (gnubg writes no variations). See `grammar/sgf.ebnf`.

mod input;

pub(crate) use input::sgf_input;

use super::ast::{SgfCollection, SgfNode, SgfProperty, SgfTree, Spanned};
use super::diagnostic::Span;
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
    /// The file ends inside this property's value: its identifier and the value read so far
    /// (from after its `[` to the end of the text).
    pub unfinished_value: Option<(String, Span)>,
    /// The game tree the error is in was kept, as far as it was read, as the collection's last
    /// tree (its root node was complete).
    pub partial_tree: bool,
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

/// Parses as many game trees as possible; the error, if any, is where it stopped. A tree
/// broken after its root node (a truncated file, a syntax error) is kept as the last tree with
/// the nodes and properties read before the break (`partial_tree` says so).
#[must_use]
pub fn parse_sgf_partial(text: &str) -> (SgfCollection, Option<SgfSyntaxError>) {
    let mut parser = Parser { text, position: 0 };
    let mut collection = SgfCollection::default();
    loop {
        parser.skip_space();
        if parser.position >= text.len() {
            break;
        }
        let start = parser.position;
        let mut tree = SgfTree::default();
        match parser.tree(0, &mut tree) {
            Ok(()) => collection.trees.push(tree),
            Err(mut error) => {
                // The root holds the match information: without all of it the tree is no game.
                if tree.nodes.len() >= 2 {
                    tree.span = Span::new(start, parser.position.max(error.offset).min(text.len()));
                    collection.trees.push(tree);
                    error.partial_tree = true;
                }
                return (collection, Some(error));
            }
        }
    }
    if collection.trees.is_empty() {
        let error = SgfSyntaxError {
            message: "no game tree: SGF starts with `(;`".to_string(),
            offset: 0,
            truncated: true,
            unfinished_value: None,
            partial_tree: false,
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
            unfinished_value: None,
            partial_tree: false,
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

    /// `( node+ tree* )` into `tree`: the nodes and the main line of the first variation. On
    /// an error `tree` holds what was read before it (the node being read with its complete
    /// properties).
    fn tree(&mut self, depth: usize, tree: &mut SgfTree) -> Result<(), SgfSyntaxError> {
        if depth > MAX_DEPTH {
            return Err(self.fail("variations nested too deeply"));
        }
        self.skip_space();
        let start = self.position;
        self.expect('(', "expected `(` to start a game tree")?;
        let mut nodes = 0;
        loop {
            self.skip_space();
            if self.rest().starts_with(';') {
                tree.nodes.push(SgfNode::default());
                nodes += 1;
                if let Some(node) = tree.nodes.last_mut() {
                    self.node(node)?;
                }
            } else {
                break;
            }
        }
        if nodes == 0 {
            return Err(self.fail("expected `;` to start a node"));
        }
        let mut first_variation = true;
        loop {
            self.skip_space();
            if self.rest().starts_with('(') {
                let mut variation = SgfTree::default();
                let result = self.tree(depth + 1, &mut variation);
                if first_variation {
                    tree.nodes.extend(variation.nodes);
                    first_variation = false;
                }
                result?;
            } else {
                break;
            }
        }
        self.expect(')', "expected `)` to end the game tree, or another node")?;
        tree.span = Span::new(start, self.position);
        Ok(())
    }

    /// `; property*` into `node`, each property as soon as its values are read.
    fn node(&mut self, node: &mut SgfNode) -> Result<(), SgfSyntaxError> {
        let start = self.position;
        self.position += 1;
        node.span = Span::new(start, self.position);
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
            if values.is_empty() {
                return Err(self.fail("expected `[` after a property name"));
            }
            node.properties.push(SgfProperty {
                identifier: identifier.to_string(),
                values,
                span: Span::new(property_start, self.position),
            });
            node.span = Span::new(start, self.position);
        }
        node.span = Span::new(start, self.position);
        Ok(())
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
            unfinished_value: Some((String::new(), Span::new(start, self.text.len()))),
            partial_tree: false,
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

/// The values of `identifier`'s properties in `node`, in order.
fn values<'a>(node: &'a SgfNode, identifier: &str) -> Vec<&'a Spanned<String>> {
    node.properties
        .iter()
        .filter(|p| p.identifier == identifier)
        .flat_map(|p| p.values.iter())
        .collect()
}

/// The first value of `identifier` in `node`.
fn first_value<'a>(node: &'a SgfNode, identifier: &str) -> Option<&'a Spanned<String>> {
    values(node, identifier).into_iter().next()
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
    fn unterminated_value_is_truncation() {
        let error = parse_sgf("(;FF[4]GM[6").unwrap_err();
        assert!(error.truncated);
        assert_eq!(error.offset, 9);
    }

    #[test]
    fn a_tree_cut_after_its_root_is_kept_as_far_as_it_was_read() {
        let text = "(;GM[6]RE[W+1];B[31qtst])\n(;GM[6]RE[B+2]\n;B[31qtst]\n;W[64";
        let (collection, error) = parse_sgf_partial(text);
        let error = error.expect("the file is cut");
        assert!(error.truncated && error.partial_tree);
        let (identifier, value) = error.unfinished_value.clone().expect("inside a value");
        assert_eq!(identifier, "W");
        assert_eq!(&text[value.start..value.end], "64");
        assert_eq!(collection.trees.len(), 2);
        let cut = &collection.trees[1];
        assert_eq!(cut.nodes.len(), 3);
        assert_eq!(first_value(&cut.nodes[1], "B").unwrap().value, "31qtst");
        assert!(cut.nodes[2].properties.is_empty());
        // The strict reader refuses it.
        assert!(parse_sgf(text).is_err());
        // Cut inside its root node, a tree is no game.
        let (collection, error) = parse_sgf_partial("(;GM[6])(;GM[6]MI[length");
        assert!(!error.unwrap().partial_tree);
        assert_eq!(collection.trees.len(), 1);
    }
}
