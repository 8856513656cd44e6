//! Which encoding a record file is in, and its text.
//!
//! Game records come as UTF-8 (sometimes with a byte order mark), GBK / GB18030 (mainland
//! files) or Big5 (Taiwan and Hong Kong files, including the cp950 and HKSCS extensions). The
//! two double-byte encodings share their byte ranges, so nearly any file decodes under both:
//! the one chosen is the one under which the text reads as a game record, judged by how many
//! of the characters game records are made of (piece names, directions, numerals, full-width
//! digits) it gives. The decoding itself is `encoding_rs`'s.

use encoding_rs::{BIG5, DecoderResult, Encoding as Rs, GBK, UTF_8, UTF_16BE, UTF_16LE};

/// An encoding a record file was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Encoding {
    /// UTF-8, with or without a byte order mark.
    #[serde(rename = "UTF-8")]
    Utf8,
    /// UTF-16 with a byte order mark.
    #[serde(rename = "UTF-16")]
    Utf16,
    /// GBK and its superset GB18030.
    #[serde(rename = "GBK")]
    Gbk,
    /// Big5, with the cp950 and HKSCS extensions.
    #[serde(rename = "Big5")]
    Big5,
}

impl Encoding {
    /// The name used in output: `UTF-8`, `UTF-16`, `GBK`, `Big5`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16 => "UTF-16",
            Encoding::Gbk => "GBK",
            Encoding::Big5 => "Big5",
        }
    }

    fn decoder(self) -> &'static Rs {
        match self {
            Encoding::Utf8 => UTF_8,
            Encoding::Utf16 => UTF_16LE,
            Encoding::Gbk => GBK,
            Encoding::Big5 => BIG5,
        }
    }
}

impl std::fmt::Display for Encoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A file's text and how it was obtained.
#[derive(Debug, Clone)]
pub struct Decoded {
    /// The text; a byte sequence the encoding does not define became U+FFFD.
    pub text: String,
    /// The encoding read.
    pub encoding: Encoding,
    /// Where the bytes the encoding does not define stand: (byte offset in the file, byte
    /// offset of the U+FFFD in [`Decoded::text`]), in order.
    pub malformed: Vec<(usize, usize)>,
}

impl Decoded {
    /// The file offset of the first undefined byte sequence whose replacement lies in
    /// `range` of the text.
    #[must_use]
    pub fn malformed_in(&self, range: std::ops::Range<usize>) -> Option<usize> {
        self.malformed
            .iter()
            .find(|(_, at)| range.contains(at))
            .map(|(file, _)| *file)
    }
}

/// Decodes a text file in the encoding it is detected to be in: a byte order mark decides;
/// otherwise valid UTF-8 is UTF-8; otherwise GBK or Big5, whichever reads as more of a game
/// record (fewer undefined sequences break the tie the other way round first).
#[must_use]
pub fn decode(bytes: &[u8]) -> Decoded {
    if let Some((rs, bom)) = Rs::for_bom(bytes) {
        let encoding = if rs == UTF_16LE || rs == UTF_16BE {
            Encoding::Utf16
        } else {
            Encoding::Utf8
        };
        return decode_as(rs, bytes.get(bom..).unwrap_or_default(), bom, encoding);
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Decoded {
            text: text.to_owned(),
            encoding: Encoding::Utf8,
            malformed: Vec::new(),
        };
    }
    let candidates = [Encoding::Big5, Encoding::Gbk].map(|e| decode_as(e.decoder(), bytes, 0, e));
    let [big5, gbk] = candidates;
    // The score of a reading: record characters count for it, undefined bytes against it.
    let score = |d: &Decoded| {
        let hits = d.text.chars().filter(|c| RECORD_CHARS.contains(*c)).count();
        hits.saturating_mul(4).saturating_sub(d.malformed.len())
    };
    if score(&gbk) > score(&big5) {
        gbk
    } else {
        big5
    }
}

/// Decodes `bytes` (which start at `offset` in the file) in `rs`, noting every undefined
/// sequence.
fn decode_as(rs: &'static Rs, bytes: &[u8], offset: usize, encoding: Encoding) -> Decoded {
    let mut decoder = rs.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(bytes.len() * 3 / 2 + 16);
    let mut malformed = Vec::new();
    let mut read = 0;
    loop {
        let rest = bytes.get(read..).unwrap_or_default();
        if let Some(need) = decoder.max_utf8_buffer_length_without_replacement(rest.len()) {
            text.reserve(need);
        }
        let (result, n) = decoder.decode_to_string_without_replacement(rest, &mut text, true);
        read += n;
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => text.reserve(rest.len().max(16)),
            DecoderResult::Malformed(bad, extra) => {
                let at = read
                    .saturating_sub(usize::from(extra))
                    .saturating_sub(usize::from(bad));
                malformed.push((offset + at, text.len()));
                text.push('\u{FFFD}');
            }
        }
    }
    Decoded {
        text,
        encoding,
        malformed,
    }
}

/// The characters game records are made of: pieces (both scripts, both colours), directions,
/// orders, numerals, full-width digits and the words of results.
const RECORD_CHARS: &str = "車车俥馬马傌相象仕士帥帅將将炮砲包兵卒進进退平前後后中\
    一二三四五六七八九１２３４５６７８９紅红黑勝胜負负和棋局先對对";

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(rs: &'static Rs, text: &str) -> Vec<u8> {
        let (bytes, _, bad) = rs.encode(text);
        assert!(!bad, "{text} is not in {}", rs.name());
        bytes.into_owned()
    }

    const LINE: &str = "1. 炮二平五 馬８進７\n2. 馬二進三 車９平８\n";
    const SIMPLIFIED: &str = "1. 炮二平五 马８进７\n2. 马二进三 车９平８\n";

    #[test]
    fn tells_big5_from_gbk() {
        let big5 = decode(&encode(BIG5, LINE));
        assert_eq!(big5.encoding, Encoding::Big5);
        assert_eq!(big5.text, LINE);
        assert!(big5.malformed.is_empty());
        let gbk = decode(&encode(GBK, SIMPLIFIED));
        assert_eq!(gbk.encoding, Encoding::Gbk);
        assert_eq!(gbk.text, SIMPLIFIED);
        // Traditional characters exist in GBK too.
        let gbk = decode(&encode(GBK, LINE));
        assert_eq!(gbk.encoding, Encoding::Gbk);
        assert_eq!(gbk.text, LINE);
    }

    #[test]
    fn utf8_with_and_without_a_byte_order_mark() {
        let plain = decode(SIMPLIFIED.as_bytes());
        assert_eq!(
            (plain.encoding, plain.text.as_str()),
            (Encoding::Utf8, SIMPLIFIED)
        );
        let mut bom = vec![0xEF, 0xBB, 0xBF];
        bom.extend_from_slice(SIMPLIFIED.as_bytes());
        let marked = decode(&bom);
        assert_eq!(
            (marked.encoding, marked.text.as_str()),
            (Encoding::Utf8, SIMPLIFIED)
        );
        let mut utf16 = vec![0xFF, 0xFE];
        for unit in SIMPLIFIED.encode_utf16() {
            utf16.extend_from_slice(&unit.to_le_bytes());
        }
        let wide = decode(&utf16);
        assert_eq!(
            (wide.encoding, wide.text.as_str()),
            (Encoding::Utf16, SIMPLIFIED)
        );
    }

    #[test]
    fn undefined_bytes_are_located() {
        let mut bytes = encode(BIG5, LINE);
        // 0xFF never starts a Big5 or GBK character.
        bytes.insert(5, 0xFF);
        let d = decode(&bytes);
        assert_eq!(d.encoding, Encoding::Big5);
        assert_eq!(d.malformed.len(), 1);
        let (file, text) = d.malformed[0];
        assert_eq!(file, 5);
        assert_eq!(d.text.get(text..text + 3), Some("\u{FFFD}"));
        assert_eq!(d.malformed_in(0..text + 1), Some(5));
        assert_eq!(d.malformed_in(text + 1..d.text.len()), None);
    }
}
