//! Validation throughput: all real match files in `fixtures/mat/real` (or `$TAVLI_BENCH_DIR`)
//! validated 100 times (`$TAVLI_BENCH_ITERATIONS`); prints files/s and MB/s.

use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e == "txt" || e == "mat" || e == "sgf")
        {
            out.push(path);
        }
    }
}

fn main() {
    let dir = std::env::var("TAVLI_BENCH_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/mat/real"));
    let iterations: usize = std::env::var("TAVLI_BENCH_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let mut paths = Vec::new();
    walk(&dir, &mut paths);
    paths.sort();
    let files: Vec<(String, Vec<u8>)> = paths
        .iter()
        .filter_map(|p| Some((p.display().to_string(), std::fs::read(p).ok()?)))
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    for threads in [1, threads] {
        let figures = tavli::matchfile::bench::bench(&files, iterations, threads);
        println!(
            "validate {} files x {iterations} on {threads} thread(s): {:.2?}, {:.0} files/s, {:.1} MB/s ({} invalid per pass)",
            files.len(),
            figures.elapsed,
            figures.files_per_second(),
            figures.megabytes_per_second(),
            figures.invalid
        );
    }
}
