//! Speed of `tavli analyse` beside gnubg's `analyse match` on the same real match files at the
//! same depth, in the same run: files per second of each and the ratio. Not a test: it needs
//! gnubg and a release build, and takes minutes.
//!
//! Run: `cargo build --release && cargo bench --bench analyse_speed -- [FILES] [PLIES...]`
//! (default 100 files, plies 0 and 1; the yardstick is `-- 1000 0`). The files are
//! spread evenly over the sorted list of the shared archive's match files
//! (`../shared/fixtures/matches/MANIFEST.tsv`, or the directory in `TAVLI_SPEED_ARCHIVE`) that
//! gnubg imports and that are standard backgammon, so both programs read the same matches.
//!
//! tavli: one `tavli analyse --jobs 2 --json --plies P FILE...` process, timed whole (its
//! start-up, the bear-off database and the network, included once). gnubg: two processes
//! (one per core, every other file each) of `gnubg -t -q` on a script `set threads 1`, `set
//! analysis chequerplay|cubedecision evaluation plies P`, then per file `import mat FILE`
//! (`load match` for SGF), `analyse match`, `show statistics match` (counted, to check that
//! the file was analysed): gnubg's start-up too is counted once per process. Both are also
//! timed on nothing, so the start-up cost of each is printed beside the throughput.
//!
//! `TAVLI_SPEED_LUCK=position|rolls|leaders` passes `--luck` to tavli (default: tavli's
//! default). `TAVLI_SPEED_GNUBG_FILES=N` runs gnubg on N of the files only (spread evenly over
//! them), tavli on those N as well as on all, and compares on those N, per file and per CPU
//! second: gnubg takes some 0.25 CPU s a file, minutes
//! for 1,000 files. The load average is printed before each depth: with other work on the
//! machine the wall times are pessimistic, the CPU seconds and their ratio much less so.

#[path = "support/archive.rs"]
mod archive;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "support/cpu.rs"]
mod cpu;
#[path = "support/gnubg.rs"]
mod gnubg_runner;
use cpu::children_cpu;
use gnubg_runner::GNUBG;
const TAVLI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/target/release/tavli");
const WORKERS: usize = 2;

/// The archive's standard-backgammon files that gnubg accepts, sorted.
fn archive_files() -> Vec<PathBuf> {
    archive::gnubg_accepted_files(
        &archive::root("TAVLI_SPEED_ARCHIVE"),
        &["nack", "hyper", "money"],
    )
}

/// `count` files spread evenly over `files`.
fn spread(files: &[PathBuf], count: usize) -> Vec<PathBuf> {
    let count = count.min(files.len());
    (0..count)
        .map(|i| files[i * files.len() / count].clone())
        .collect()
}

/// tavli on `files` at `plies`: the time and the number of files analysed.
fn time_tavli(files: &[PathBuf], plies: u32) -> (Duration, usize) {
    let luck: Vec<String> = std::env::var("TAVLI_SPEED_LUCK")
        .map(|luck| vec!["--luck".to_string(), luck])
        .unwrap_or_default();
    let start = Instant::now();
    let output = Command::new(TAVLI)
        .args(["analyse", "--json", "--jobs", &WORKERS.to_string()])
        .args(["--plies", &plies.to_string()])
        .args(&luck)
        .args(files)
        .stderr(Stdio::null())
        .output()
        .expect("tavli runs (cargo build --release first)");
    let elapsed = start.elapsed();
    let analysed = String::from_utf8_lossy(&output.stdout).lines().count();
    (elapsed, analysed)
}

/// gnubg's script for `files` (none: its start-up alone), one after another in one process.
fn gnubg_script(files: &[PathBuf], plies: u32) -> String {
    let mut script = format!(
        "set threads 1\nset analysis chequerplay evaluation plies {plies}\n\
         set analysis cubedecision evaluation plies {plies}\n"
    );
    for file in files {
        let import = if file.extension().is_some_and(|e| e == "sgf") {
            "load match"
        } else {
            "import mat"
        };
        script.push_str(&format!(
            "{import} {}\nanalyse match\nshow statistics match\n",
            file.display()
        ));
    }
    script
}

/// Runs gnubg on one script; how many match statistics it printed (files analysed).
fn run_gnubg(script: &str) -> usize {
    gnubg_runner::run(script)
        .matches("Chequerplay statistics")
        .count()
}

/// gnubg on `files` at `plies`, one process per worker, each with every `WORKERS`-th file
/// (so that gnubg's start-up is counted once per worker, as tavli's is once): the time and
/// the files analysed.
fn time_gnubg(files: &[PathBuf], plies: u32) -> (Duration, usize) {
    let start = Instant::now();
    let analysed: usize = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..WORKERS)
            .map(|worker| {
                let share: Vec<PathBuf> = files
                    .iter()
                    .skip(worker)
                    .step_by(WORKERS)
                    .cloned()
                    .collect();
                scope.spawn(move || run_gnubg(&gnubg_script(&share, plies)))
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| worker.join().unwrap())
            .sum()
    });
    (start.elapsed(), analysed)
}

/// The machine's load averages (1, 5 and 15 minutes).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn rate(files: usize, time: Duration) -> f64 {
    files as f64 / time.as_secs_f64()
}

fn main() {
    let arguments: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let count: usize = arguments
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let mut depths: Vec<u32> = arguments
        .iter()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if depths.is_empty() {
        depths = vec![0, 1];
    }
    assert!(
        Path::new(TAVLI).exists(),
        "{TAVLI}: cargo build --release first"
    );
    assert!(Path::new(GNUBG).exists(), "{GNUBG}: gnubg is not installed");
    let all = archive_files();
    let files = spread(&all, count);
    let gnubg_share = std::env::var("TAVLI_SPEED_GNUBG_FILES")
        .ok()
        .and_then(|n| n.parse().ok())
        .map_or_else(|| files.clone(), |n| spread(&files, n));
    let bytes: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    println!(
        "{} files ({} KB) of the {} standard match files gnubg accepts, gnubg on {} of them; \
         {WORKERS} workers each; tavli's luck: {}; load average before: {}",
        files.len(),
        bytes / 1024,
        all.len(),
        gnubg_share.len(),
        std::env::var("TAVLI_SPEED_LUCK").unwrap_or_else(|_| "default".to_string()),
        load_average()
    );
    let tiny = [PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/mat/seed07-1pt.mat"
    ))];
    for plies in depths {
        let (tavli_startup, _) = time_tavli(&tiny, plies);
        let start = Instant::now();
        run_gnubg(&gnubg_script(&[], plies));
        let gnubg_startup = start.elapsed();
        let cpu = children_cpu();
        let (tavli_time, tavli_files) = time_tavli(&files, plies);
        let tavli_cpu = children_cpu() - cpu;
        // tavli on gnubg's files too, in the same minutes: the ratio compares the same files
        // (a few big files make an archive's average file dearer than a sample's).
        let cpu = children_cpu();
        let (share_time, share_files) = if gnubg_share.len() == files.len() {
            (tavli_time, tavli_files)
        } else {
            time_tavli(&gnubg_share, plies)
        };
        let share_cpu = if gnubg_share.len() == files.len() {
            tavli_cpu
        } else {
            children_cpu() - cpu
        };
        let cpu = children_cpu();
        let (gnubg_time, gnubg_files) = time_gnubg(&gnubg_share, plies);
        let gnubg_cpu = children_cpu() - cpu;
        let tavli_rate = rate(tavli_files, tavli_time);
        let (share_rate, gnubg_rate) =
            (rate(share_files, share_time), rate(gnubg_files, gnubg_time));
        println!("{plies} ply (load average before: {}):", load_average());
        println!(
            "  tavli: {tavli_files} files analysed in {:.1} s = {tavli_rate:.2} files/s, \
             {tavli_cpu:.1} CPU s (one process; a 1-point match alone takes {:.2} s, start-up \
             included)",
            tavli_time.as_secs_f64(),
            tavli_startup.as_secs_f64()
        );
        println!(
            "  tavli on gnubg's {share_files} files: {:.1} s = {share_rate:.2} files/s, \
             {share_cpu:.1} CPU s",
            share_time.as_secs_f64(),
        );
        println!(
            "  gnubg: {gnubg_files} files analysed in {:.1} s = {gnubg_rate:.2} files/s, \
             {gnubg_cpu:.1} CPU s ({WORKERS} processes; start-up alone {:.2} s)",
            gnubg_time.as_secs_f64(),
            gnubg_startup.as_secs_f64()
        );
        println!(
            "  ratio on the same files: tavli {:.2}x gnubg's throughput ({:.2}x by CPU time); \
             1,000 files of the archive: tavli {:.0} s; 1,000 like gnubg's: gnubg {:.0} s",
            share_rate / gnubg_rate,
            (gnubg_cpu / gnubg_files.max(1) as f64) / (share_cpu / share_files.max(1) as f64),
            1000.0 / tavli_rate,
            1000.0 / gnubg_rate
        );
    }
}
