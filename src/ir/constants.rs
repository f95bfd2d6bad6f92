//! The values of constants, read once for every pass: hex blobs (inline or
//! `dense_resource`) and literals (`dense<1.0>`, nested lists). The only
//! place that reads a constant's text.

use super::{ElemType, Module, Value};

/// Most elements a splat constant is expanded to (64 Mi elements, 256 MiB of
/// f32): a pass that cannot keep a larger splat as a splat leaves it alone
/// rather than allocate what the input's few bytes ask for.
pub const MAX_SPLAT_EXPANSION: u64 = 1 << 26;

/// The value of a constant written as a splat (`dense<1.0>`, or a hex blob of
/// one element), if it is one.
pub fn splat_f32(m: &Module, c: Value) -> Option<f32> {
    let t = m.dfg.ty(c).as_tensor()?;
    if t.elem != ElemType::F32 {
        return None;
    }
    let n = t.num_elements()?;
    let op = m.dfg.producer(c)?;
    if let Some(span) = m.dfg.op(op).payload {
        let hex = m.source.slice(span).as_bytes();
        if hex.len() != 8 {
            return None;
        }
        let b = super::resources::decode_hex(hex)?;
        return Some(f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    }
    let text = m.op_text(op);
    let lit = text.split("dense<").nth(1)?.split('>').next()?.trim();
    if lit.starts_with('[') && n != 1 {
        return None;
    }
    parse_f32_literal(lit.trim_matches(|c| c == '[' || c == ']').trim())
}

/// Like [`f32_values`], but a splat comes back as its one element.
pub fn f32_values_compact(m: &Module, c: Value) -> Option<Vec<f32>> {
    match splat_f32(m, c) {
        Some(x) => Some(vec![x]),
        None => f32_values(m, c),
    }
}

/// The f32 values of a constant written as a hex blob or a splat literal.
/// A splat is expanded to every element, up to [`MAX_SPLAT_EXPANSION`].
pub fn f32_values(m: &Module, c: Value) -> Option<Vec<f32>> {
    let t = m.dfg.ty(c).as_tensor()?;
    if t.elem != ElemType::F32 {
        return None;
    }
    let n = t.num_elements()?;
    if n > MAX_SPLAT_EXPANSION && splat_f32(m, c).is_some() {
        return None;
    }
    let n = usize::try_from(n).ok()?;
    let op = m.dfg.producer(c)?;
    if let Some(name) = m.dense_resource_name(op) {
        let bytes = m.resource_bytes(&name).ok()?;
        return (bytes.len() == 4 * n).then(|| {
            bytes
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect()
        });
    }
    if let Some(span) = m.dfg.op(op).payload {
        let hex = m.source.slice(span).as_bytes();
        let bytes = super::resources::decode_hex(hex)?;
        return match bytes.len() {
            4 => Some(vec![f32::from_le_bytes(bytes[..4].try_into().ok()?); n]),
            len if len == 4 * n => Some(
                bytes
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect(),
            ),
            _ => None,
        };
    }
    // A literal: a splat `dense<1.0>` / `dense<0xFF800000>` (bit pattern), or
    // nested lists `dense<[[1.0, 2.0], [3.0, 4.0]]>`.
    let text = m.op_text(op);
    let lit = text.split("dense<").nth(1)?.split('>').next()?.trim();
    let values: Option<Vec<f32>> = lit
        .split(['[', ']', ','])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(parse_f32_literal)
        .collect();
    let values = values?;
    match values.len() {
        1 => Some(vec![values[0]; n]),
        len if len == n => Some(values),
        _ => None,
    }
}

/// One MLIR float literal: `1.5`, `-2.0e-3`, or a bit pattern `0x7FC00000`.
fn parse_f32_literal(t: &str) -> Option<f32> {
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16).ok().map(f32::from_bits),
        None => t.parse().ok(),
    }
}
