//! `tavli analyse --html DIR|FILE`: where each analysed file's report page goes (a page per
//! input file in a directory, one file, or standard output) and writing it.

use crate::analysis::MatchAnalysis;
use crate::matchfile::CheckedFile;
use crate::render::html_report::analysis::analysed_report_of;
use crate::render::html_report::render_report;
use crate::render::picture::PictureOptions;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Where one file's page goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HtmlTarget {
    /// Standard output, in place of the text or JSON report.
    Stdout,
    /// This file.
    File(PathBuf),
}

/// The target of each of `files` for `--html html`: `-` is standard output (one input, not
/// with `--summary`); an existing directory, a path ending in `/`, or any path given with
/// several inputs is a directory (created if need be) holding `NAME.html` per input (named
/// after the input's file name, made unique with its parent directories); otherwise one file
/// for the one input.
///
/// # Errors
/// A message when the inputs do not fit the target or the directory cannot be created.
pub fn targets(html: &Path, files: &[PathBuf], summary: bool) -> Result<Vec<HtmlTarget>, String> {
    let text = html.to_string_lossy();
    if text == "-" {
        if files.len() != 1 {
            return Err(format!(
                "--html - writes the page of one match file on standard output, and {} were given",
                files.len()
            ));
        }
        if summary {
            return Err(
                "--html - writes the page on standard output: not with --summary".to_string(),
            );
        }
        return Ok(vec![HtmlTarget::Stdout]);
    }
    let directory = html.is_dir() || text.ends_with('/') || files.len() > 1;
    if !directory {
        return Ok(files
            .iter()
            .map(|_| HtmlTarget::File(html.to_path_buf()))
            .collect());
    }
    if html.exists() && !html.is_dir() {
        return Err(format!(
            "--html {text}: one page per input file goes in a directory, and {text} is a file"
        ));
    }
    std::fs::create_dir_all(html).map_err(|error| format!("--html {text}: {error}"))?;
    Ok(page_names(files)
        .into_iter()
        .map(|name| HtmlTarget::File(html.join(name)))
        .collect())
}

/// A page name per input: its file name with `.html` for its extension, with as many of its
/// parent directories (joined by `-`) as make the names unique.
fn page_names(files: &[PathBuf]) -> Vec<String> {
    let parts: Vec<Vec<String>> = files
        .iter()
        .map(|path| {
            if path.as_os_str() == "-" {
                return vec!["stdin".to_string()];
            }
            let stem = path
                .file_stem()
                .map_or_else(|| "match".to_string(), |s| s.to_string_lossy().into_owned());
            let mut parts = vec![stem];
            parts.extend(
                path.parent()
                    .into_iter()
                    .flat_map(Path::components)
                    .rev()
                    .filter_map(|part| match part {
                        std::path::Component::Normal(name) => {
                            Some(name.to_string_lossy().into_owned())
                        }
                        _ => None,
                    }),
            );
            parts
        })
        .collect();
    let name = |parts: &[String], depth: usize| {
        let mut used: Vec<&str> = parts.iter().take(depth).map(String::as_str).collect();
        used.reverse();
        used.join("-")
    };
    let mut depths = vec![1; files.len()];
    loop {
        let names: Vec<String> = parts
            .iter()
            .zip(&depths)
            .map(|(parts, &depth)| name(parts, depth))
            .collect();
        let mut seen: HashMap<&str, Vec<usize>> = HashMap::new();
        for (index, name) in names.iter().enumerate() {
            seen.entry(name.as_str()).or_default().push(index);
        }
        let mut grew = false;
        for indices in seen.values().filter(|indices| indices.len() > 1) {
            for &index in indices {
                if depths[index] < parts[index].len() {
                    depths[index] += 1;
                    grew = true;
                }
            }
        }
        if !grew {
            // Names still shared (the same file given twice) get their position.
            let mut count: HashMap<&str, usize> = HashMap::new();
            return names
                .iter()
                .map(|name| {
                    let seen = count.entry(name.as_str()).or_default();
                    *seen += 1;
                    if *seen == 1 {
                        format!("{name}.html")
                    } else {
                        format!("{name}-{seen}.html")
                    }
                })
                .collect();
        }
    }
}

/// The page of `checked` and its `analysis`, written to `target`: the page itself when it
/// goes to standard output (the caller writes it in the report's place), `None` once written.
///
/// # Errors
/// The message to print when the page cannot be written.
pub fn write_page(
    target: &HtmlTarget,
    checked: &CheckedFile,
    analysis: &MatchAnalysis,
    plies: u32,
) -> Result<Option<String>, String> {
    let page = render_report(
        &analysed_report_of(checked, analysis, plies),
        &PictureOptions::default(),
    );
    match target {
        HtmlTarget::Stdout => Ok(Some(page)),
        HtmlTarget::File(path) => path
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty())
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(path, page))
            .map(|()| None)
            .map_err(|error| format!("tavli analyse: writing {}: {error}\n", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(names: &[&str]) -> Vec<PathBuf> {
        names.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn pages_are_named_after_their_files_and_made_unique_by_their_directories() {
        assert_eq!(
            page_names(&paths(&["a/x.mat", "b/y.sgf", "-"])),
            ["x.html", "y.html", "stdin.html"]
        );
        assert_eq!(
            page_names(&paths(&["m/a/x.mat", "m/b/x.mat", "z.mat"])),
            ["a-x.html", "b-x.html", "z.html"]
        );
        assert_eq!(
            page_names(&paths(&["x.mat", "x.mat"])),
            ["x.html", "x-2.html"]
        );
    }

    #[test]
    fn standard_output_takes_one_file_and_a_file_takes_one_input() {
        assert_eq!(
            targets(Path::new("-"), &paths(&["a.mat"]), false),
            Ok(vec![HtmlTarget::Stdout])
        );
        assert!(targets(Path::new("-"), &paths(&["a.mat", "b.mat"]), false).is_err());
        assert!(targets(Path::new("-"), &paths(&["a.mat"]), true).is_err());
        assert_eq!(
            targets(Path::new("out.html"), &paths(&["a.mat"]), false),
            Ok(vec![HtmlTarget::File(PathBuf::from("out.html"))])
        );
        let dir = std::env::temp_dir().join(format!("tavli-html-{}", std::process::id()));
        let made = targets(&dir, &paths(&["a.mat", "b.mat"]), false).expect("a directory");
        assert!(dir.is_dir());
        assert_eq!(made[1], HtmlTarget::File(dir.join("b.html")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
