//! Runs every example of README.md and of the manual in docs/ (console blocks: `$ tavli ...`
//! and its exact output), the README's quick-start `cargo run --release -- ...` line, and checks
//! that the manual hangs together: every docs/ page reachable from the README, every relative
//! link and anchor resolving, every rule code cited in src/ explained in docs/rules/.

use crate::support::{tavli_binary, without_timings};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

const README: &str = include_str!("../README.md");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` (recursively) whose name ends with `extension`, sorted.
fn files_under(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(directory) = pending.pop() {
        for entry in std::fs::read_dir(&directory).expect("readable directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.to_string_lossy().ends_with(extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// README.md and every page of the manual, as (path relative to the crate, text).
fn pages() -> Vec<(PathBuf, String)> {
    let mut pages = vec![(PathBuf::from("README.md"), README.to_string())];
    for path in files_under(&root().join("docs"), ".md") {
        let text = std::fs::read_to_string(&path).expect("readable page");
        let relative = path
            .strip_prefix(root())
            .expect("under the crate")
            .to_path_buf();
        pages.push((relative, text));
    }
    pages
}

fn run_tavli(command_line: &str) -> (String, Option<i32>) {
    let arguments: Vec<&str> = command_line.split_whitespace().collect();
    let output = Command::new(tavli_binary())
        .args(&arguments)
        .current_dir(root())
        .env("LC_ALL", "de_DE.UTF-8")
        .output()
        .expect("tavli runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        output.status.code(),
    )
}

/// Runs the console examples of one page; returns how many there were.
fn run_console_examples(page: &Path, text: &str) -> usize {
    let mut examples = 0;
    let mut in_console = false;
    let lines: Vec<&str> = text.lines().collect();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        index += 1;
        if line.starts_with("```console") {
            in_console = true;
            continue;
        }
        if line.starts_with("```") {
            in_console = false;
            continue;
        }
        let Some(command) = line.strip_prefix("$ tavli ") else {
            continue;
        };
        assert!(
            in_console,
            "{}: a `$ tavli` line outside a console block: {line}",
            page.display()
        );
        // The output runs to the next command or the end of the block; blank lines at its
        // end separate examples and are not compared.
        let mut expected = String::new();
        while index < lines.len()
            && !lines[index].starts_with("$ tavli ")
            && !lines[index].starts_with("```")
        {
            expected.push_str(lines[index]);
            expected.push('\n');
            index += 1;
        }
        let (actual, _status) = run_tavli(command);
        assert_eq!(
            without_timings(actual.trim_end_matches('\n')),
            without_timings(expected.trim_end_matches('\n')),
            "{} example `tavli {command}`",
            page.display()
        );
        examples += 1;
    }
    examples
}

#[test]
fn console_examples_print_what_the_readme_says() {
    let examples = run_console_examples(Path::new("README.md"), README);
    assert!(examples >= 4, "only {examples} README examples found");
}

#[test]
fn console_examples_print_what_the_manual_says() {
    let mut examples = 0;
    for (page, text) in pages().iter().skip(1) {
        examples += run_console_examples(page, text);
    }
    assert!(examples >= 12, "only {examples} examples found in docs/");
}

#[test]
fn quick_start_command_works() {
    let line = README
        .lines()
        .find_map(|line| line.strip_prefix("cargo run --release -- "))
        .expect("the README has a quick-start cargo run line");
    let (output, status) = run_tavli(line);
    assert_eq!(status, Some(0));
    assert!(output.lines().count() > 5, "{output}");
}

/// The relative link targets of a page's markdown links (`[text](target)`), outside code.
fn relative_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut in_code_block = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code_block = !in_code_block;
            continue;
        }
        if in_code_block {
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else { break };
            let target = &after[..end];
            if !target.contains("://") && !target.starts_with("mailto:") {
                links.push(target.to_string());
            }
            rest = &after[end..];
        }
    }
    links
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens.
fn heading_anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors a page defines: its headings (numbered on repeats, as GitHub does) and its
/// `<a id="...">` elements.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut anchors = BTreeSet::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut in_code_block = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code_block = !in_code_block;
            continue;
        }
        if in_code_block {
            continue;
        }
        if line.starts_with('#') {
            let anchor = heading_anchor(line.trim_start_matches('#'));
            let count = seen.entry(anchor.clone()).or_insert(0);
            anchors.insert(if *count == 0 {
                anchor.clone()
            } else {
                format!("{anchor}-{count}")
            });
            *count += 1;
        }
        let mut rest = line;
        while let Some(start) = rest.find("<a id=\"") {
            let after = &rest[start + 7..];
            let end = after.find('"').expect("closed id attribute");
            anchors.insert(after[..end].to_string());
            rest = &after[end..];
        }
    }
    anchors
}

/// Resolves `target` (a relative link of `page`) to a path relative to the crate, without
/// `..`, and its anchor.
fn resolve(page: &Path, target: &str) -> (PathBuf, Option<String>) {
    let (file, anchor) = match target.split_once('#') {
        Some((file, anchor)) => (file, Some(anchor.to_string())),
        None => (target, None),
    };
    if file.is_empty() {
        return (page.to_path_buf(), anchor);
    }
    let mut path = page.parent().unwrap_or(Path::new("")).to_path_buf();
    for part in file
        .split('/')
        .filter(|part| !part.is_empty() && *part != ".")
    {
        if part == ".." {
            assert!(
                path.pop(),
                "{}: link {target} leaves the crate",
                page.display()
            );
        } else {
            path.push(part);
        }
    }
    (path, anchor)
}

#[test]
fn every_relative_link_and_anchor_of_the_manual_resolves() {
    let pages: BTreeMap<PathBuf, String> = pages().into_iter().collect();
    for (page, text) in &pages {
        for target in relative_links(text) {
            let (path, anchor) = resolve(page, &target);
            assert!(
                root().join(&path).exists(),
                "{}: link `{target}` names a missing file",
                page.display()
            );
            if let (Some(anchor), Some(linked)) = (anchor, pages.get(&path)) {
                assert!(
                    anchors(linked).contains(&anchor),
                    "{}: link `{target}`: no anchor `{anchor}` in {}",
                    page.display(),
                    path.display()
                );
            }
        }
    }
}

#[test]
fn every_page_of_the_manual_is_reachable_from_the_readme() {
    let pages: BTreeMap<PathBuf, String> = pages().into_iter().collect();
    let mut reached = BTreeSet::from([PathBuf::from("README.md")]);
    let mut pending = vec![PathBuf::from("README.md")];
    while let Some(page) = pending.pop() {
        for target in relative_links(&pages[&page]) {
            let (path, _) = resolve(&page, &target);
            if pages.contains_key(&path) && reached.insert(path.clone()) {
                pending.push(path);
            }
        }
    }
    let unreached: Vec<_> = pages
        .keys()
        .filter(|page| !reached.contains(*page))
        .collect();
    assert!(
        unreached.is_empty(),
        "pages no link leads to: {unreached:?}"
    );
}

/// Whether `word` is a rule code of docs/rules/ (`R10.2`, `AD-14`, `PO5`, `F-b`, `FE-S`):
/// test-case IDs (`PL06`, `SC21`) have a leading zero or another prefix and are not.
fn is_rule_code(word: &str) -> bool {
    let numbered = |prefix: &str| {
        word.strip_prefix(prefix).is_some_and(|number| {
            !number.is_empty()
                && !number.starts_with('0')
                && number.chars().all(|c| c.is_ascii_digit())
        })
    };
    let standard = word.strip_prefix('R').is_some_and(|rest| {
        rest.split_once('.').is_some_and(|(section, rule)| {
            [section, rule]
                .iter()
                .all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit()))
        })
    });
    let decision = ["OE-", "PL-", "F-", "T-"].iter().any(|prefix| {
        word.strip_prefix(prefix)
            .is_some_and(|x| ["a", "b", "c"].contains(&x))
    });
    standard
        || decision
        || numbered("AD-")
        || ["PO", "PL", "OE", "F", "A", "H", "N", "C"]
            .iter()
            .any(|prefix| numbered(prefix))
        || word == "FE-S"
        || word == "PL-S"
}

/// The rule codes in the comments of a source file, ranges (`A6-A8`, `AD-1..AD-15`) by their
/// ends.
fn cited_rule_codes(source: &str) -> BTreeSet<String> {
    let mut codes = BTreeSet::new();
    for line in source.lines() {
        let Some(start) = line.find("//") else {
            continue;
        };
        let words = line[start..]
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
            .flat_map(|word| word.split(".."))
            .map(|word| word.trim_end_matches(['.', '-']));
        for word in words {
            if is_rule_code(word) {
                codes.insert(word.to_string());
            } else if let Some((first, last)) = word.split_once('-') {
                // `A6-A8`, `R10.2-R10.4`
                for end in [first, last] {
                    if is_rule_code(end) {
                        codes.insert(end.to_string());
                    }
                }
            }
        }
    }
    codes
}

#[test]
fn every_rule_code_cited_in_the_source_has_an_anchor_in_docs_rules() {
    let mut defined = BTreeSet::new();
    for page in files_under(&root().join("docs/rules"), ".md") {
        defined.extend(anchors(
            &std::fs::read_to_string(page).expect("readable page"),
        ));
    }
    let mut cited = 0;
    for file in files_under(&root().join("src"), ".rs") {
        let source = std::fs::read_to_string(&file).expect("readable source");
        for code in cited_rule_codes(&source) {
            assert!(
                defined.contains(&code),
                "{} cites rule {code}, which docs/rules/ does not explain",
                file.display()
            );
            cited += 1;
        }
    }
    assert!(cited >= 30, "only {cited} rule citations found in src/");
}

#[test]
fn rule_codes_are_told_from_other_words() {
    for code in ["R10.2", "AD-14", "PO5", "F-b", "OE1", "A10", "T-a", "FE-S"] {
        assert!(is_rule_code(code), "{code}");
    }
    for word in ["PL06", "SC21", "R10", "AVX2", "A", "F-d", "D5", "XG2"] {
        assert!(!is_rule_code(word), "{word}");
    }
    let cited = cited_rule_codes("// AD-1..AD-15, A6-A8 and R10.2-R10.4 (PO5).\nlet a = 1; // F-c");
    let expected = ["A6", "A8", "AD-1", "AD-15", "F-c", "PO5", "R10.2", "R10.4"];
    assert_eq!(cited, expected.iter().map(|s| s.to_string()).collect());
}
