//! The two-sided database's disk cache: computed on first use (a second or two) and written to
//! a file that every later process reads in a few milliseconds. The table is too large to
//! ship in the crate (13.7 MB of f32, 5.6 MB compressed even at 16 bits a figure, and
//! decompressing that costs more than the 100 ms a first answer may take).
//!
//! Where: `$TAVLI_CACHE_DIR`, else `$XDG_CACHE_HOME/tavli`, else `$HOME/.cache/tavli`; the file
//! is `two-sided-bearoff-1.bin`. Safe under parallel processes: a process writes a file of
//! its own beside it and renames it into place (atomic on one file system), so a reader sees
//! the whole old file, the whole new one, or none. A missing, foreign or damaged file (wrong
//! magic, size or checksum) is computed again and replaced; when nothing can be written the
//! process keeps its computation in memory. The layout: the magic line, then per pair (by
//! index) its four figures as little-endian f32, then a 64-bit checksum of the figures.

use super::two_sided::{TwoSidedDatabase, TwoSidedEntry, SIDE_POSITIONS};
use super::two_sided_generate::{side_indices, side_positions};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

const MAGIC: &[u8] = b"tavli two-sided bear-off database 1\n";
/// The file name (its number changes with the layout or the recursion).
pub(super) const FILE_NAME: &str = "two-sided-bearoff-1.bin";
const PAIRS: usize = SIDE_POSITIONS * SIDE_POSITIONS;
const FIGURES_BYTES: usize = PAIRS * 16;

/// The cache directory, if the environment names one.
pub(super) fn directory() -> Option<PathBuf> {
    let from = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    if let Some(dir) = from("TAVLI_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    if let Some(dir) = from("XDG_CACHE_HOME") {
        return Some(PathBuf::from(dir).join("tavli"));
    }
    from("HOME").map(|home| PathBuf::from(home).join(".cache").join("tavli"))
}

/// A checksum of the figures: 64-bit FNV-1a over little-endian words, fast enough to check
/// the whole file at every start.
fn checksum(figures: &[u8]) -> u64 {
    figures
        .chunks_exact(8)
        .fold(0xcbf2_9ce4_8422_2325u64, |hash, word| {
            let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            (hash ^ word).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

/// The bytes of the cache file for `database`.
pub(super) fn serialize(database: &TwoSidedDatabase) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(MAGIC.len() + FIGURES_BYTES + 8);
    bytes.extend_from_slice(MAGIC);
    for entry in database.entries() {
        for figure in [
            entry.win,
            entry.centred_no_double,
            entry.owned_no_double,
            entry.opponent_owns,
        ] {
            bytes.extend_from_slice(&figure.to_le_bytes());
        }
    }
    let sum = checksum(&bytes[MAGIC.len()..]);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}

/// The database from the bytes of a cache file, or `None` when they are not one.
pub(super) fn deserialize(bytes: &[u8]) -> Option<TwoSidedDatabase> {
    let body = bytes.strip_prefix(MAGIC)?;
    if body.len() != FIGURES_BYTES + 8 {
        return None;
    }
    let (figures, sum) = body.split_at(FIGURES_BYTES);
    if checksum(figures) != u64::from_le_bytes(sum.try_into().ok()?) {
        return None;
    }
    let figure = |bytes: &[u8]| f32::from_le_bytes(bytes.try_into().expect("four bytes"));
    let entries = figures
        .chunks_exact(16)
        .map(|pair| TwoSidedEntry {
            win: figure(&pair[0..4]),
            centred_no_double: figure(&pair[4..8]),
            owned_no_double: figure(&pair[8..12]),
            opponent_owns: figure(&pair[12..16]),
        })
        .collect();
    Some(TwoSidedDatabase::from_entries(
        entries,
        side_indices(&side_positions()),
    ))
}

/// Writes `bytes` to `path` through a file of this process's own, renamed into place.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.subsec_nanos());
    let temporary = dir.join(format!(
        "{FILE_NAME}.{}.{nanos}.partial",
        std::process::id()
    ));
    let written = fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    match written.and_then(|()| fs::rename(&temporary, path)) {
        Ok(()) => Ok(()),
        Err(error) => {
            let _ = fs::remove_file(&temporary);
            Err(error)
        }
    }
}

/// The database from the cache file in `dir`, computed and written there when the file is
/// missing or unusable (`dir` `None`: computed only).
pub(super) fn load_or_compute(
    dir: Option<&Path>,
    compute: impl FnOnce() -> TwoSidedDatabase,
) -> TwoSidedDatabase {
    let path = dir.map(|dir| dir.join(FILE_NAME));
    if let Some(found) = path
        .as_ref()
        .and_then(|path| fs::read(path).ok())
        .and_then(|bytes| deserialize(&bytes))
    {
        return found;
    }
    let database = compute();
    if let Some(path) = &path {
        // A cache that cannot be written only costs the next process the same computation.
        let _ = write_atomically(path, &serialize(&database));
    }
    database
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tavli-two-sided-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_cache_is_written_read_back_and_replaced_when_damaged() {
        let database = TwoSidedDatabase::get();
        let dir = scratch_dir("cache");
        let mut computed = 0;
        let first = load_or_compute(Some(&dir), || {
            computed += 1;
            TwoSidedDatabase::from_entries(
                database.entries().to_vec(),
                side_indices(&side_positions()),
            )
        });
        assert_eq!(computed, 1);
        assert_eq!(first.entries(), database.entries());
        let path = dir.join(FILE_NAME);
        let bytes = fs::read(&path).expect("the cache file was written");
        assert_eq!(bytes.len(), MAGIC.len() + FIGURES_BYTES + 8);
        // Read back without computing.
        let second = load_or_compute(Some(&dir), || panic!("the cache answers"));
        assert_eq!(second.entries(), database.entries());
        // One flipped byte: the checksum refuses it, and it is computed and written again.
        let mut damaged = bytes.clone();
        damaged[MAGIC.len() + 1000] ^= 1;
        assert!(deserialize(&damaged).is_none());
        fs::write(&path, &damaged).expect("damaging the cache");
        let mut again = 0;
        let third = load_or_compute(Some(&dir), || {
            again += 1;
            TwoSidedDatabase::from_entries(
                database.entries().to_vec(),
                side_indices(&side_positions()),
            )
        });
        assert_eq!(again, 1);
        assert_eq!(third.entries(), database.entries());
        assert_eq!(fs::read(&path).expect("rewritten"), bytes);
        // Cut short, or foreign: not a database.
        assert!(deserialize(&bytes[..bytes.len() - 1]).is_none());
        assert!(deserialize(b"not a table").is_none());
        // No partial file is left behind.
        let names: Vec<_> = fs::read_dir(&dir)
            .expect("the directory")
            .filter_map(|entry| entry.ok())
            .map(|entry| entry.file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from(FILE_NAME)]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_cached_table_equals_a_fresh_computation() {
        let fresh = super::super::two_sided_generate::generate();
        assert_eq!(TwoSidedDatabase::get().entries(), fresh.entries());
    }
}
