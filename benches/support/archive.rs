//! The archives of real match files listed by a `MANIFEST.tsv` (the shared one,
//! `../shared/fixtures/matches`, and the crate's `fixtures/mat/real`): the files gnubg imports,
//! of the kinds a bench or test reads (one reader of the manifest for the benches and the
//! test that compare tavli with gnubg on the same matches).

use std::path::{Path, PathBuf};

/// The archive's directory: the one in the environment variable `variable` when it is set,
/// else `../shared/fixtures/matches` beside the crate (the benches' archive; the test that
/// includes this file reads the crate's own).
#[allow(dead_code)]
pub fn root(variable: &str) -> PathBuf {
    std::env::var_os(variable).map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/matches"),
        PathBuf::from,
    )
}

/// The files under `root` that the manifest says gnubg accepts and whose notes name none of
/// `excluded` (case-insensitive: "nack", "hyper", "money"...), that exist, sorted.
pub fn gnubg_accepted_files(root: &Path, excluded: &[&str]) -> Vec<PathBuf> {
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv"))
        .unwrap_or_else(|error| panic!("{}/MANIFEST.tsv: {error}", root.display()));
    let mut files: Vec<PathBuf> = manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            let notes = columns.get(4)?.to_ascii_lowercase();
            let kept = !excluded.iter().any(|kind| notes.contains(kind));
            let accepted = columns.get(6)?.starts_with("accepted");
            (accepted && kept).then(|| root.join(columns[0]))
        })
        .filter(|path| path.exists())
        .collect();
    files.sort();
    files
}
