//! `help [command]`: tavli's own short descriptions, generated from the keyword tree.

use super::keywords::{self, Keyword, COMMANDS};
use super::response::{CommandError, ErrorKind, Response};

/// Writes help for the command named by `words` (all commands when empty).
///
/// # Errors
/// An unknown or ambiguous word.
pub fn help(words: &[String], out: &mut Response) -> Result<(), CommandError> {
    let mut table: &[Keyword] = COMMANDS;
    let mut path: Vec<&str> = Vec::new();
    let mut current: Option<&Keyword> = None;
    for word in words {
        if table.is_empty() {
            break;
        }
        let resolved = match current {
            Some(parent) => keywords::resolve_child(parent, word),
            None => keywords::resolve(table, word),
        };
        let keyword = resolved
            .map_err(|error| CommandError::new(ErrorKind::UnknownKeyword, error.to_string()))?;
        path.push(keyword.name);
        table = keyword.children;
        current = Some(keyword);
    }
    match current {
        None => out.line("Available commands:"),
        Some(keyword) => out.line(format!("{} - {}", path.join(" "), keyword.help)),
    }
    if !table.is_empty() {
        if current.is_some() {
            out.line("");
            out.line("Available subcommands:");
        }
        for keyword in table {
            out.line(format!("{:<15}\t{}", keyword.name, keyword.help));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Output;

    #[test]
    fn lists_commands_and_subcommands() {
        let mut out = Response::new();
        assert!(help(&[], &mut out).is_ok());
        assert!(out.outputs.len() > 20);
        let mut out = Response::new();
        assert!(help(&["set".into(), "cube".into()], &mut out).is_ok());
        assert_eq!(
            out.outputs.first(),
            Some(&Output::Line {
                text: "set cube - set the cube".into()
            })
        );
        assert!(help(&["xyzzy".into()], &mut Response::new()).is_err());
    }
}
