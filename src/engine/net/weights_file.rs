//! tavli's weight files (`.tnet`): a small versioned binary format for a set of networks.
//!
//! Layout, all numbers little-endian:
//! - magic `TAVLINET` (8 bytes), format version (u32: 1, or 2 when a network has a second
//!   hidden layer), input-encoding version (u32), games of training behind the weights (u64),
//!   number of networks (u32);
//! - per network: its position class (u8: 0 contact, 1 race), three zero bytes, inputs,
//!   hidden units, (version 2 only) second-layer hidden units, 0 for none, and outputs (u32
//!   each), then the f32 weights: hidden weights input-major, hidden biases, (if any) the
//!   second layer's weights output-major and its biases, output weights output-major, output
//!   biases;
//! - an FNV-1a 32-bit checksum of every byte before it.
//!
//! A set of one-layer networks is written as version 1, so that older builds read it.

use crate::engine::net::inputs::{self, ENCODING_VERSION, INPUTS, INPUTS_1};
use crate::engine::net::network::{Network, Shape, OUTPUTS};
use std::fmt;

const MAGIC: &[u8; 8] = b"TAVLINET";
/// The newest format version, the one a network with a second hidden layer needs.
const FORMAT_VERSION: u32 = 2;
/// The most hidden units a file may declare (a guard against absurd sizes).
const MAX_HIDDEN: usize = 4096;

/// The position classes that have a network of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NetClass {
    /// The sides can still hit each other.
    Contact,
    /// No contact, and not both sides bearing off.
    Race,
}

impl NetClass {
    /// Both classes, in file order.
    pub const ALL: [NetClass; 2] = [NetClass::Contact, NetClass::Race];

    fn code(self) -> u8 {
        match self {
            NetClass::Contact => 0,
            NetClass::Race => 1,
        }
    }

    fn from_code(code: u8) -> Option<NetClass> {
        match code {
            0 => Some(NetClass::Contact),
            1 => Some(NetClass::Race),
            _ => None,
        }
    }

    /// The class's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            NetClass::Contact => "contact",
            NetClass::Race => "race",
        }
    }
}

/// The networks of a weight file.
#[derive(Clone, Debug, PartialEq)]
pub struct NetSet {
    /// The contact network.
    pub contact: Network,
    /// The race network.
    pub race: Network,
    /// Self-play games behind these weights (0 when unknown).
    pub games: u64,
}

impl NetSet {
    /// The network of `class`.
    #[must_use]
    pub fn network(&self, class: NetClass) -> &Network {
        match class {
            NetClass::Contact => &self.contact,
            NetClass::Race => &self.race,
        }
    }

    /// The network of `class`, to train.
    pub fn network_mut(&mut self, class: NetClass) -> &mut Network {
        match class {
            NetClass::Contact => &mut self.contact,
            NetClass::Race => &mut self.race,
        }
    }
}

/// Why a weight file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file ends before the part named.
    Truncated(&'static str),
    /// The file does not start with `TAVLINET`.
    BadMagic,
    /// A format version this build does not read.
    UnsupportedVersion(u32),
    /// The networks were trained on another input encoding.
    EncodingMismatch {
        /// The encoding this build computes.
        expected: u32,
        /// The encoding the file names.
        found: u32,
    },
    /// The checksum does not match the contents (a damaged file).
    BadChecksum,
    /// A network's shape does not fit this build.
    BadShape {
        /// What is wrong.
        detail: String,
    },
    /// A class code outside 0 (contact) and 1 (race).
    UnknownClass(u8),
    /// A class with no network, or with two.
    Classes(String),
    /// Bytes after the checksum.
    TrailingBytes(usize),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Truncated(part) => write!(f, "the weight file ends inside {part}"),
            WeightsError::BadMagic => write!(f, "not a tavli weight file (no TAVLINET header)"),
            WeightsError::UnsupportedVersion(v) => {
                write!(f, "weight file format version {v} is not supported (this build reads {FORMAT_VERSION})")
            }
            WeightsError::EncodingMismatch { expected, found } => write!(
                f,
                "the networks were trained on input encoding {found}, this build computes encoding {expected}"
            ),
            WeightsError::BadChecksum => write!(f, "the weight file is damaged (checksum mismatch)"),
            WeightsError::BadShape { detail } => write!(f, "unusable network shape: {detail}"),
            WeightsError::UnknownClass(code) => write!(f, "unknown network class {code}"),
            WeightsError::Classes(detail) => write!(f, "{detail}"),
            WeightsError::TrailingBytes(n) => write!(f, "{n} bytes after the end of the weight file"),
        }
    }
}

impl std::error::Error for WeightsError {}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |hash, &byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

/// The bytes of a weight file holding `nets`.
#[must_use]
pub fn write(nets: &NetSet) -> Vec<u8> {
    let deep = NetClass::ALL
        .iter()
        .any(|&class| nets.network(class).shape().second > 0);
    let version: u32 = if deep { 2 } else { 1 };
    let mut bytes = Vec::new();
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&ENCODING_VERSION.to_le_bytes());
    bytes.extend_from_slice(&nets.games.to_le_bytes());
    bytes.extend_from_slice(&(NetClass::ALL.len() as u32).to_le_bytes());
    for class in NetClass::ALL {
        let net = nets.network(class);
        bytes.extend_from_slice(&[class.code(), 0, 0, 0]);
        let shape = net.shape();
        let sizes = if deep {
            vec![shape.inputs, shape.hidden, shape.second, OUTPUTS]
        } else {
            vec![shape.inputs, shape.hidden, OUTPUTS]
        };
        for size in sizes {
            bytes.extend_from_slice(&(size as u32).to_le_bytes());
        }
        for weight in net.parameters() {
            bytes.extend_from_slice(&weight.to_le_bytes());
        }
    }
    let checksum = fnv1a(&bytes);
    bytes.extend_from_slice(&checksum.to_le_bytes());
    bytes
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, part: &'static str) -> Result<&'a [u8], WeightsError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len());
        let end = end.ok_or(WeightsError::Truncated(part))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self, part: &'static str) -> Result<u32, WeightsError> {
        let b = self.take(4, part)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn floats(&mut self, n: usize, part: &'static str) -> Result<Vec<f32>, WeightsError> {
        let bytes = self.take(n * 4, part)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect())
    }
}

/// Reads a weight file.
///
/// # Errors
/// Any [`WeightsError`]: a damaged, truncated or foreign file, or networks this build cannot use.
pub fn read(bytes: &[u8]) -> Result<NetSet, WeightsError> {
    let mut reader = Reader { bytes, at: 0 };
    if reader.take(8, "the header")? != MAGIC {
        return Err(WeightsError::BadMagic);
    }
    let version = reader.u32("the header")?;
    if !(1..=FORMAT_VERSION).contains(&version) {
        return Err(WeightsError::UnsupportedVersion(version));
    }
    if bytes.len() < 4 {
        return Err(WeightsError::Truncated("the checksum"));
    }
    let (body, checksum) = bytes.split_at(bytes.len() - 4);
    if fnv1a(body) != u32::from_le_bytes([checksum[0], checksum[1], checksum[2], checksum[3]]) {
        return Err(WeightsError::BadChecksum);
    }
    let encoding = reader.u32("the header")?;
    // Encoding 1 is read by placing its inputs where encoding 2 has them (the new ones zero).
    let upgrade = encoding == 1;
    let file_inputs = if upgrade { INPUTS_1 } else { INPUTS };
    if encoding != ENCODING_VERSION && !upgrade {
        return Err(WeightsError::EncodingMismatch {
            expected: ENCODING_VERSION,
            found: encoding,
        });
    }
    let games_bytes = reader.take(8, "the header")?;
    let games = u64::from_le_bytes(games_bytes.try_into().expect("eight bytes"));
    let count = reader.u32("the header")? as usize;
    let mut contact = None;
    let mut race = None;
    for _ in 0..count {
        let head = reader.take(4, "a network header")?;
        let class = NetClass::from_code(head[0]).ok_or(WeightsError::UnknownClass(head[0]))?;
        let inputs = reader.u32("a network header")? as usize;
        let hidden = reader.u32("a network header")? as usize;
        let second = if version >= 2 {
            reader.u32("a network header")? as usize
        } else {
            0
        };
        let outputs = reader.u32("a network header")? as usize;
        let shape = Shape {
            inputs,
            hidden,
            second,
        };
        if inputs != file_inputs
            || outputs != OUTPUTS
            || hidden == 0
            || hidden > MAX_HIDDEN
            || second > MAX_HIDDEN
        {
            return Err(WeightsError::BadShape {
                detail: format!(
                    "{} network {shape}, encoding {encoding} needs {file_inputs} inputs, \
                     1 to {MAX_HIDDEN} hidden units in the first layer, at most {MAX_HIDDEN} in \
                     the second and {OUTPUTS} outputs",
                    class.name()
                ),
            });
        }
        let weights = reader.floats(shape.parameter_count(), "the weights")?;
        if weights.iter().any(|w| !w.is_finite()) {
            return Err(WeightsError::BadShape {
                detail: format!(
                    "the {} network has a weight that is not a number",
                    class.name()
                ),
            });
        }
        let mut net =
            Network::from_parameters(shape, &weights).ok_or_else(|| WeightsError::BadShape {
                detail: format!("the {} network's weights do not fit {shape}", class.name()),
            })?;
        if upgrade {
            net = net.with_inputs(INPUTS, inputs::upgrade_index);
        }
        let slot = match class {
            NetClass::Contact => &mut contact,
            NetClass::Race => &mut race,
        };
        if slot.replace(net).is_some() {
            return Err(WeightsError::Classes(format!(
                "two {} networks in one weight file",
                class.name()
            )));
        }
    }
    if reader.at != body.len() {
        return Err(WeightsError::TrailingBytes(body.len() - reader.at));
    }
    let missing = |class: NetClass| {
        WeightsError::Classes(format!("no {} network in the weight file", class.name()))
    };
    Ok(NetSet {
        contact: contact.ok_or_else(|| missing(NetClass::Contact))?,
        race: race.ok_or_else(|| missing(NetClass::Race))?,
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn sample() -> NetSet {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        NetSet {
            contact: Network::random(INPUTS, 8, &mut rng),
            race: Network::random(INPUTS, 4, &mut rng),
            games: 1234,
        }
    }

    #[test]
    fn a_written_file_reads_back() {
        let nets = sample();
        assert_eq!(read(&write(&nets)).unwrap(), nets);
    }

    #[test]
    fn an_encoding_1_file_reads_as_the_same_function() {
        use crate::engine::net::inputs::{encode, SparseInputs};
        use crate::engine::net::network::Scratch;
        use crate::rules::{Board, Side, Variant};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let old = Network::random(INPUTS_1, 6, &mut rng);
        let old_set = NetSet {
            contact: old.clone(),
            race: Network::random(INPUTS_1, 3, &mut rng),
            games: 7,
        };
        let mut bytes = write(&old_set);
        // Mark it encoding 1 (offset 12) and mend the checksum.
        bytes[12..16].copy_from_slice(&1u32.to_le_bytes());
        let body = bytes.len() - 4;
        let checksum = fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&checksum.to_le_bytes());
        let upgraded = read(&bytes).unwrap();
        assert_eq!(upgraded.contact.inputs(), INPUTS);
        let mut inputs = SparseInputs::default();
        encode(&Board::start(Variant::Standard), Side::X, true, &mut inputs);
        let mut old_inputs = vec![0.0; INPUTS_1];
        let dense = inputs.dense();
        for (index, value) in old_inputs.iter_mut().enumerate() {
            *value = dense[inputs::upgrade_index(index)];
        }
        // The old net on the old inputs (by a dense sum) against the upgraded net.
        let mut scratch = Scratch::default();
        let new_outputs = upgraded.contact.evaluate(&inputs, &mut scratch);
        let old_outputs = old.dense_outputs(&old_inputs);
        for (a, b) in new_outputs.iter().zip(&old_outputs) {
            assert!((a - b).abs() < 1e-5, "{new_outputs:?} {old_outputs:?}");
        }
    }

    #[test]
    fn a_set_with_a_second_layer_is_written_as_version_2_and_reads_back() {
        let mut nets = sample();
        assert_eq!(write(&nets)[8..12], 1u32.to_le_bytes());
        let mut rng = rand::rngs::StdRng::seed_from_u64(4);
        nets.contact = nets.contact.deepened(5, &mut rng);
        let bytes = write(&nets);
        assert_eq!(bytes[8..12], 2u32.to_le_bytes());
        assert_eq!(read(&bytes).unwrap(), nets);
        for cut in 0..bytes.len() {
            assert!(read(&bytes[..cut]).is_err(), "cut at {cut}");
        }
    }

    #[test]
    fn damage_is_refused_never_a_panic() {
        let bytes = write(&sample());
        for cut in 0..bytes.len() {
            assert!(read(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        for at in (0..bytes.len()).step_by(7) {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x40;
            assert!(read(&damaged).is_err(), "flip at {at}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read(&longer).is_err());
        assert_eq!(read(b"GARBAGE!\x01\0\0\0"), Err(WeightsError::BadMagic));
    }
}
