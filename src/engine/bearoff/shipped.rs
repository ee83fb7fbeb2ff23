//! The bear-off database as it ships in the crate: tavli's own computation ([`super::generate`])
//! written to `one_sided.bin.zlib` beside this file, included in the binary and decompressed on
//! first use (a few milliseconds, where computing it takes a tenth of a second optimised and
//! seconds unoptimised).
//!
//! The uncompressed form: the magic line, then per position (by [`super::index`]) the window of
//! rolls where each distribution is non-zero (`all_lo all_hi first_lo first_hi`, one byte
//! each), then the non-zero values of every window in that order as `f32`, stored byte plane by
//! byte plane (every value's lowest byte first, then every second byte...), which compresses
//! better than whole floats. The whole is zlib-compressed (its checksum guards the bytes).
//!
//! To regenerate the file after changing the generator, run
//! `TAVLI_WRITE_BEAROFF_TABLE=1 cargo test --lib engine::bearoff::shipped`; without the
//! variable the same test checks that the shipped table equals a fresh computation.

use super::{mean, BearoffDatabase, Distribution, MAX_FIRST_ROLLS, MAX_ROLLS, POSITIONS};
use std::fmt;
use std::io::Read;

/// The compressed table, tavli's own computation.
static SHIPPED: &[u8] = include_bytes!("one_sided.bin.zlib");

const MAGIC: &[u8] = b"tavli one-sided bear-off database 1\n";

/// Why the shipped bytes could not be read as a database.
#[derive(Debug)]
pub(crate) enum ShippedTableError {
    /// The zlib stream is broken.
    Decompress(std::io::Error),
    /// The uncompressed bytes do not have the layout described above.
    Layout(&'static str),
}

impl fmt::Display for ShippedTableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShippedTableError::Decompress(error) => {
                write!(f, "the bear-off table does not decompress: {error}")
            }
            ShippedTableError::Layout(what) => write!(f, "the bear-off table is malformed: {what}"),
        }
    }
}

impl std::error::Error for ShippedTableError {}

#[cfg(test)]
/// The non-zero window `lo..hi` of a distribution (`0..0` when all zero).
fn window(values: &[f32]) -> (usize, usize) {
    let lo = values.iter().position(|&p| p != 0.0).unwrap_or(0);
    let hi = values.iter().rposition(|&p| p != 0.0).map_or(0, |i| i + 1);
    (lo, hi)
}

#[cfg(test)]
/// The uncompressed form of `database`.
pub(crate) fn serialize(database: &BearoffDatabase) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    let mut values: Vec<u32> = Vec::new();
    for (all_off, first_off) in database.all_off.iter().zip(&database.first_off) {
        for distribution in [&all_off[..], &first_off[..]] {
            let (lo, hi) = window(distribution);
            bytes.extend([lo as u8, hi as u8]);
            values.extend(distribution[lo..hi].iter().map(|p| p.to_bits()));
        }
    }
    for plane in 0..4 {
        bytes.extend(values.iter().map(|bits| bits.to_le_bytes()[plane]));
    }
    bytes
}

/// Reads the uncompressed form back.
fn deserialize(bytes: &[u8]) -> Result<BearoffDatabase, ShippedTableError> {
    let body = bytes
        .strip_prefix(MAGIC)
        .ok_or(ShippedTableError::Layout("no magic line"))?;
    if body.len() < 4 * POSITIONS {
        return Err(ShippedTableError::Layout("windows cut short"));
    }
    let (windows, planes) = body.split_at(4 * POSITIONS);
    let mut lengths = [MAX_ROLLS, MAX_FIRST_ROLLS].into_iter().cycle();
    let mut count = 0;
    for pair in windows.chunks_exact(2) {
        let length = lengths.next().unwrap_or(MAX_ROLLS);
        let (lo, hi) = (usize::from(pair[0]), usize::from(pair[1]));
        if lo > hi || hi > length {
            return Err(ShippedTableError::Layout("a window out of range"));
        }
        count += hi - lo;
    }
    if planes.len() != 4 * count {
        return Err(ShippedTableError::Layout("values do not match the windows"));
    }
    let value = |i: usize| {
        f32::from_bits(u32::from_le_bytes([
            planes[i],
            planes[count + i],
            planes[2 * count + i],
            planes[3 * count + i],
        ]))
    };
    let mut all_off: Vec<Distribution> = vec![[0f32; MAX_ROLLS]; POSITIONS];
    let mut first_off = vec![[0f32; MAX_FIRST_ROLLS]; POSITIONS];
    let mut next = 0;
    for (position, window) in windows.chunks_exact(4).enumerate() {
        let targets: [&mut [f32]; 2] = [&mut all_off[position], &mut first_off[position]];
        for (target, pair) in targets.into_iter().zip(window.chunks_exact(2)) {
            for slot in &mut target[usize::from(pair[0])..usize::from(pair[1])] {
                *slot = value(next);
                next += 1;
            }
        }
    }
    let all_off_mean = all_off.iter().map(|d| mean(d)).collect();
    Ok(BearoffDatabase {
        all_off,
        first_off,
        all_off_mean,
    })
}

fn decompress(compressed: &[u8]) -> Result<Vec<u8>, ShippedTableError> {
    let mut bytes = Vec::new();
    flate2::read::ZlibDecoder::new(compressed)
        .read_to_end(&mut bytes)
        .map_err(ShippedTableError::Decompress)?;
    Ok(bytes)
}

/// The database from the table shipped in the binary.
pub(crate) fn load() -> Result<BearoffDatabase, ShippedTableError> {
    deserialize(&decompress(SHIPPED)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn compress(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(bytes).expect("writing to memory");
        encoder.finish().expect("writing to memory")
    }

    /// The shipped table is exactly what the generator computes today (bit for bit, compared
    /// uncompressed so that a new compressor version does not matter). With
    /// `TAVLI_WRITE_BEAROFF_TABLE=1` it writes the file first.
    #[test]
    fn shipped_table_equals_a_fresh_generation() {
        let fresh = serialize(&super::super::generate::generate());
        if std::env::var_os("TAVLI_WRITE_BEAROFF_TABLE").is_some() {
            let path = concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/engine/bearoff/one_sided.bin.zlib"
            );
            std::fs::write(path, compress(&fresh)).expect("writing the shipped table");
            return;
        }
        let shipped = decompress(SHIPPED).expect("the shipped table decompresses");
        assert!(
            shipped == fresh,
            "regenerate: see this module's documentation"
        );
        // And it reads back to the same numbers.
        let loaded = deserialize(&shipped).expect("the shipped table reads");
        assert_eq!(serialize(&loaded), fresh);
    }

    #[test]
    fn broken_tables_are_errors_not_panics() {
        assert!(matches!(
            decompress(b"not zlib"),
            Err(ShippedTableError::Decompress(_))
        ));
        assert!(matches!(
            deserialize(b"wrong"),
            Err(ShippedTableError::Layout(_))
        ));
        let mut shipped = decompress(SHIPPED).expect("the shipped table decompresses");
        shipped.pop();
        assert!(matches!(
            deserialize(&shipped),
            Err(ShippedTableError::Layout(_))
        ));
        let mut bad_window = decompress(SHIPPED).expect("the shipped table decompresses");
        bad_window[MAGIC.len()] = 40;
        assert!(deserialize(&bad_window).is_err());
        let message = ShippedTableError::Layout("x").to_string();
        assert!(message.contains("malformed"), "{message}");
    }
}
