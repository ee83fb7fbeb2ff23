//! Reads gnubg SGF (`GM[6]`) into an [`SgfCollection`](super::ast::SgfCollection) with spans;
//! `input` turns it into replay input.
//!
//! The tree syntax is generic SGF (`FF[4]`); only the main line of each game tree is kept
//! (gnubg writes no variations). See `grammar/sgf.ebnf`.

mod input;
mod parser;

pub(crate) use input::sgf_input;
pub use parser::{parse_sgf, parse_sgf_recovering, SgfSyntaxError, MAX_ERRORS};

use super::ast::{SgfNode, Spanned};

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
    use super::parser::{MAX_DEPTH, MAX_ERRORS, MOVE_PROPERTIES};
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
        let (collection, errors) = parse_sgf_recovering(text);
        let [error] = &errors[..] else {
            panic!("one error: {errors:?}")
        };
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
        let (collection, errors) = parse_sgf_recovering("(;GM[6])(;GM[6]MI[length");
        assert!(errors.len() == 1 && !errors[0].partial_tree);
        assert_eq!(collection.trees.len(), 1);
    }

    #[test]
    fn a_tree_without_a_node_is_said_before_the_errors_inside_it() {
        // Found when its `)` is read, after the stray text inside it: listed in file order.
        let (collection, errors) = parse_sgf_recovering("(;GM[6];B[31qtst])(\u{1}zz)");
        let offsets: Vec<usize> = errors.iter().map(|error| error.offset).collect();
        assert_eq!(offsets, [18, 19], "{errors:?}");
        assert!(errors[0].message.contains("without a node"), "{errors:?}");
        assert_eq!(collection.trees.len(), 1);
    }

    /// The error messages and offsets of `text`, and the move values of each tree read.
    fn read(text: &str) -> (Vec<(usize, String)>, Vec<Vec<String>>) {
        let (collection, errors) = parse_sgf_recovering(text);
        let errors = errors
            .into_iter()
            .map(|error| (error.offset, error.message))
            .collect();
        let moves = collection
            .trees
            .iter()
            .map(|tree| {
                tree.nodes
                    .iter()
                    .flat_map(|node| &node.properties)
                    .filter(|p| MOVE_PROPERTIES.contains(&p.identifier.as_str()))
                    .map(|p| match p.values.first() {
                        Some(value) => format!("{}[{}]", p.identifier, value.value),
                        None => format!("{}?", p.identifier),
                    })
                    .collect()
            })
            .collect();
        (errors, moves)
    }

    #[test]
    fn text_between_nodes_is_skipped_and_every_error_is_reported() {
        let text = "(;GM[6];B[31qtst] x ;W[31hefe]yy;B[take])\n(;GM[6];W[42] z)";
        let (errors, moves) = read(text);
        let offsets: Vec<usize> = errors.iter().map(|(offset, _)| *offset).collect();
        assert_eq!(
            offsets,
            [
                text.find('x').unwrap(),
                text.find("yy").unwrap(),
                text.find('z').unwrap()
            ],
            "{errors:?}"
        );
        assert!(errors[0].1.contains("found `x`"), "{errors:?}");
        assert_eq!(
            moves,
            [vec!["B[31qtst]", "W[31hefe]", "B[take]"], vec!["W[42]"]]
        );
        // The strict reader stops at the first.
        assert_eq!(parse_sgf(text).unwrap_err().offset, offsets[0]);
    }

    #[test]
    fn a_missing_semicolon_between_two_moves_is_an_error_and_both_are_read_in_order() {
        let text = "(;GM[6];B[31qtst]W[31hefe]C[ok];B[take])";
        let (collection, errors) = parse_sgf_recovering(text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].offset, text.find("W[").unwrap());
        assert!(errors[0].message.contains("a `;` is missing before `W[`"));
        let tree = &collection.trees[0];
        assert_eq!(tree.nodes.len(), 4);
        assert_eq!(first_value(&tree.nodes[1], "B").unwrap().value, "31qtst");
        assert_eq!(first_value(&tree.nodes[2], "W").unwrap().value, "31hefe");
        assert!(
            tree.nodes[2].property("C").is_some(),
            "the annotation follows its move"
        );
        assert_eq!(tree.nodes[2].span.start, text.find("W[").unwrap());
        // The same move property twice is two moves too; annotations are not moves.
        let (errors, moves) = read("(;GM[6];W[double]W[double]A[1]MR[];B[take])");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(moves, [vec!["W[double]", "W[double]", "B[take]"]]);
    }

    #[test]
    fn a_move_without_its_bracket_is_kept_unreadable() {
        let text = "(;GM[6];B31qtst];W[31hefe];B[take])";
        let (errors, moves) = read(text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].0, text.find("31qtst").unwrap());
        assert_eq!(moves, [vec!["B?", "W[31hefe]", "B[take]"]]);
    }

    #[test]
    fn a_missing_close_ends_the_game_where_the_next_game_starts() {
        let text = "(;GM[6]RE[W+1];B[31qtst]\n(;GM[6]RE[B+1];W[42]\n)(;GM[6];B[11])";
        let (collection, errors) = parse_sgf_recovering(text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].offset, text.find("\n(").unwrap() + 1);
        assert_eq!(collection.trees.len(), 3);
        assert_eq!(
            &text[collection.trees[0].span.start..collection.trees[0].span.end],
            "(;GM[6]RE[W+1];B[31qtst]\n"
        );
        // A variation (no GM in its first node) is still a variation.
        let (collection, errors) = parse_sgf_recovering("(;GM[6];B[11](;W[22])(;W[33]))");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(collection.trees.len(), 1);
        assert_eq!(collection.trees[0].nodes.len(), 3);
    }

    #[test]
    fn nodes_after_a_stray_close_stay_in_their_game() {
        let text = "(;GM[6];B[31qtst]);W[31hefe];B[take])(;GM[6];W[11])";
        let (errors, moves) = read(text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].0, text.find(");W").unwrap());
        assert_eq!(
            moves,
            [vec!["B[31qtst]", "W[31hefe]", "B[take]"], vec!["W[11]"]]
        );
        // Text before the first tree, or between trees, is skipped to the next `(`.
        let (errors, moves) = read("junk (;GM[6];B[11]) ]] (;GM[6];W[22])");
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(moves, [vec!["B[11]"], vec!["W[22]"]]);
    }

    #[test]
    fn past_the_error_limit_errors_are_counted_and_the_reading_goes_on() {
        let text = format!("(;GM[6]{};B[11])", "x;C[1]".repeat(MAX_ERRORS + 50));
        let (errors, moves) = read(&text);
        assert_eq!(errors.len(), MAX_ERRORS + 1);
        assert!(
            errors[MAX_ERRORS]
                .1
                .starts_with("50 more syntax errors after this one are not listed (150 in all)"),
            "{:?}",
            errors[MAX_ERRORS]
        );
        assert_eq!(errors[MAX_ERRORS].0, errors[MAX_ERRORS - 1].0);
        assert_eq!(moves, [vec!["B[11]"]], "the reading went on to the end");
    }

    #[test]
    fn deep_variations_are_skipped_and_the_game_goes_on() {
        let deep = "(;C[v]".repeat(MAX_DEPTH + 5) + &")".repeat(MAX_DEPTH + 5);
        let text = format!("(;GM[6];B[11]{deep};W[22])(;GM[6];B[33])");
        let (errors, moves) = read(&text);
        assert!(!errors.is_empty() && errors.iter().all(|(_, m)| !m.is_empty()));
        assert_eq!(moves.len(), 2, "{errors:?}");
        assert_eq!(moves[1], ["B[33]"]);
    }
}
