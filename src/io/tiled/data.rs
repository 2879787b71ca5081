//! A tile layer's cells as Tiled stores them: a list of global ids, or base64 of
//! little-endian `u32`s, uncompressed or under gzip, zlib or zstd (every form Tiled
//! 1.0 to 1.12 writes, in TMX and in JSON alike).

use std::io::Read;

use base64::Engine;
use serde_json::Value;

use super::error::{ReadError, ReadErrorKind};

fn bad(message: String) -> ReadError {
    ReadError::new(ReadErrorKind::Data, message)
}

/// The global ids of `data` (`count` of them): an array, or a base64 string with its
/// `compression`.
pub fn decode(
    data: &Value,
    encoding: &str,
    compression: &str,
    count: usize,
) -> Result<Vec<u32>, ReadError> {
    let ids = match data {
        Value::Array(a) => a
            .iter()
            .map(|g| {
                g.as_u64()
                    .and_then(|g| u32::try_from(g).ok())
                    .ok_or_else(|| bad(format!("{g} is not a tile id")))
            })
            .collect::<Result<Vec<u32>, ReadError>>()?,
        Value::String(s) if encoding == "base64" => base64_ids(s, compression)?,
        Value::String(_) => {
            return Err(bad(format!("unknown tile data encoding \"{encoding}\"")));
        }
        _ => return Err(bad("a tile layer without data".into())),
    };
    if ids.len() != count {
        return Err(bad(format!(
            "the tile data holds {} cells where the layer has {count}",
            ids.len()
        )));
    }
    Ok(ids)
}

fn base64_ids(text: &str, compression: &str) -> Result<Vec<u32>, ReadError> {
    let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(clean)
        .map_err(|e| bad(format!("the tile data is not base64: {e}")))?;
    let mut raw = Vec::new();
    let unpacked = match compression {
        "" => {
            raw = bytes;
            Ok(0)
        }
        "gzip" => flate2::read::GzDecoder::new(bytes.as_slice()).read_to_end(&mut raw),
        "zlib" => flate2::read::ZlibDecoder::new(bytes.as_slice()).read_to_end(&mut raw),
        "zstd" => ruzstd::decoding::StreamingDecoder::new(bytes.as_slice())
            .map_err(|e| std::io::Error::other(e.to_string()))
            .and_then(|mut d| d.read_to_end(&mut raw)),
        other => {
            return Err(bad(format!("unknown tile data compression \"{other}\"")));
        }
    };
    unpacked.map_err(|e| {
        bad(format!(
            "the {compression} tile data cannot be unpacked: {e}"
        ))
    })?;
    if raw.len() % 4 != 0 {
        return Err(bad(format!(
            "the tile data is {} bytes, not a whole number of tile ids",
            raw.len()
        )));
    }
    Ok(raw
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect())
}

/// CSV cells as Tiled writes them (a comma after every cell but the last, rows on lines).
pub fn csv(text: &str) -> Result<Vec<Value>, ReadError> {
    text.split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(|c| {
            c.parse::<u32>()
                .map(Value::from)
                .map_err(|_| bad(format!("'{c}' in the CSV tile data is not a tile id")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn packed(ids: &[u32]) -> Vec<u8> {
        ids.iter().flat_map(|i| i.to_le_bytes()).collect()
    }

    #[test]
    fn base64_layers_read_plain_gzip_and_zlib() {
        let ids = [1u32, 0, 3, 0x8000_0002];
        let b64 = |b: &[u8]| Value::String(base64::engine::general_purpose::STANDARD.encode(b));
        assert_eq!(decode(&b64(&packed(&ids)), "base64", "", 4).unwrap(), ids);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&packed(&ids)).unwrap();
        assert_eq!(
            decode(&b64(&gz.finish().unwrap()), "base64", "gzip", 4).unwrap(),
            ids
        );
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        z.write_all(&packed(&ids)).unwrap();
        assert_eq!(
            decode(&b64(&z.finish().unwrap()), "base64", "zlib", 4).unwrap(),
            ids
        );
        let short = decode(&b64(&packed(&ids)), "base64", "", 6).unwrap_err();
        assert_eq!(short.kind, ReadErrorKind::Data);
        assert!(
            short.message.contains("4 cells where the layer has 6"),
            "{short}"
        );
    }
}
