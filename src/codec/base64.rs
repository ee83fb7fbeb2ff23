//! The bit packing and Base64 alphabet shared by gnubg's Position ID and Match ID.
//!
//! Both IDs are a little-endian bit stream (bit `k` is bit `k % 8` of byte `k / 8`) written
//! with the standard Base64 alphabet, three bytes to four characters, most significant six
//! bits first, without padding. The Position ID packs 10 bytes into 14 characters, so its
//! last character only carries two bits (the top two bits of byte 9).
//!
//! This is hand-written rather than taken from the `base64` crate: gnubg reads IDs that are
//! not valid Base64 (a Position ID shorter than 14 characters, or a last character with
//! non-zero low bits), and errors must name the offending character's position. Both need
//! the character-by-character loop below, which is shorter than adapting the crate.

/// The standard Base64 alphabet, in value order.
pub const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The 6-bit value of a Base64 character, or `None` outside the alphabet.
#[must_use]
pub fn char_value(character: char) -> Option<u8> {
    match character {
        'A'..='Z' => Some(character as u8 - b'A'),
        'a'..='z' => Some(character as u8 - b'a' + 26),
        '0'..='9' => Some(character as u8 - b'0' + 52),
        '+' => Some(62),
        '/' => Some(63),
        _ => None,
    }
}

/// Whether `character` belongs to the Base64 alphabet.
#[must_use]
pub fn is_base64_char(character: char) -> bool {
    char_value(character).is_some()
}

/// Writes `bytes` as `chars` Base64 characters: each group of three bytes (missing bytes
/// count as zero) gives four characters, and the text is cut after `chars` characters.
#[must_use]
pub fn encode_bytes(bytes: &[u8], chars: usize) -> String {
    let mut text = String::with_capacity(chars);
    for group in 0..chars.div_ceil(4) {
        let byte = |offset: usize| u32::from(bytes.get(group * 3 + offset).copied().unwrap_or(0));
        let word = (byte(0) << 16) | (byte(1) << 8) | byte(2);
        for shift in [18, 12, 6, 0] {
            if text.len() == chars {
                break;
            }
            text.push(char::from(ALPHABET[((word >> shift) & 63) as usize]));
        }
    }
    text
}

/// Turns 6-bit values back into `byte_count` bytes (the inverse of [`encode_bytes`]).
/// Missing values count as zero bits; bits beyond `byte_count` bytes are dropped, as gnubg
/// drops the low four bits of a Position ID's 14th character.
#[must_use]
pub fn decode_values(values: &[u8], byte_count: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; byte_count];
    for (index, &value) in values.iter().enumerate() {
        for bit in 0..6 {
            if value & (0x20 >> bit) != 0 {
                let position = index * 6 + bit;
                if let Some(byte) = bytes.get_mut(position / 8) {
                    *byte |= 0x80 >> (position % 8);
                }
            }
        }
    }
    bytes
}

/// A little-endian bit stream of fixed capacity: bit `k` goes to bit `k % 8` of byte `k / 8`.
/// Bits written past the capacity are dropped.
#[derive(Clone, Debug)]
pub struct BitWriter {
    bytes: Vec<u8>,
    length: usize,
}

impl BitWriter {
    /// An all-zero stream of `byte_count` bytes.
    #[must_use]
    pub fn new(byte_count: usize) -> BitWriter {
        BitWriter {
            bytes: vec![0; byte_count],
            length: 0,
        }
    }

    /// Appends one bit.
    pub fn push(&mut self, bit: bool) {
        if bit {
            if let Some(byte) = self.bytes.get_mut(self.length / 8) {
                *byte |= 1 << (self.length % 8);
            }
        }
        self.length += 1;
    }

    /// Appends the low `width` bits of `value`, least significant first.
    pub fn push_field(&mut self, value: u32, width: u32) {
        for bit in 0..width {
            self.push(value >> bit & 1 == 1);
        }
    }

    /// The packed bytes.
    #[must_use]
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

/// Reads bit `index` of a little-endian stream (zero past the end).
#[must_use]
pub fn bit(bytes: &[u8], index: usize) -> bool {
    bytes
        .get(index / 8)
        .is_some_and(|byte| byte >> (index % 8) & 1 == 1)
}

/// Reads `width` bits starting at bit `start`, least significant first.
#[must_use]
pub fn field(bytes: &[u8], start: usize, width: usize) -> u32 {
    (0..width).fold(0, |value, offset| {
        value | (u32::from(bit(bytes, start + offset)) << offset)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphabet_values_round_trip() {
        for (value, &character) in ALPHABET.iter().enumerate() {
            assert_eq!(char_value(char::from(character)), Some(value as u8));
        }
        for character in ['=', ' ', '-', 'é', '\0'] {
            assert_eq!(char_value(character), None);
        }
    }

    #[test]
    fn bytes_round_trip_through_text() {
        let bytes = [0x70, 0x89, 0x05, 0, 0, 0, 0, 0, 0];
        let text = encode_bytes(&bytes, 12);
        assert_eq!(text, "cIkFAAAAAAAA");
        let values: Vec<u8> = text.chars().filter_map(char_value).collect();
        assert_eq!(decode_values(&values, 9), bytes);
    }

    #[test]
    fn fourteenth_character_keeps_two_bits() {
        let mut bytes = [0u8; 10];
        bytes[9] = 0xff;
        let text = encode_bytes(&bytes, 14);
        assert_eq!(&text[12..], "/w");
        let values: Vec<u8> = text.chars().filter_map(char_value).collect();
        assert_eq!(decode_values(&values, 10), bytes);
    }

    #[test]
    fn fields_are_least_significant_bit_first() {
        let mut writer = BitWriter::new(2);
        writer.push_field(0b101, 3);
        writer.push_field(0b11, 2);
        let bytes = writer.into_bytes();
        assert_eq!(bytes, [0b0001_1101, 0]);
        assert_eq!(field(&bytes, 0, 3), 0b101);
        assert_eq!(field(&bytes, 3, 2), 0b11);
        assert_eq!(field(&bytes, 12, 8), 0);
    }
}
