//! `dense_resource<NAME>` constants and the blobs they name.
//!
//! torch-mlir writes weights as `stablehlo.constant dense_resource<NAME>`
//! with the bytes at the end of the file:
//!
//! ```text
//! {-#
//!   dialect_resources: {
//!     builtin: {
//!       NAME: "0x04000000<little-endian element bytes>",
//!       ...
//!     }
//!   }
//! #-}
//! ```
//!
//! The first four bytes of a blob are its alignment. The section is kept as
//! text (an `OpForm::Resource` item); this module indexes its entries once
//! (a linear scan), decodes a blob on demand, and removes entries that no
//! constant reads any more, so a rewritten file does not carry both the old
//! f32 weights and their narrow copies.

use std::collections::BTreeSet;

use super::source::is_id_char;
use super::{Module, Op, OpForm, Piece, Span};

/// One `NAME: "0x..."` entry of the resource section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceEntry {
    /// The key (quotes removed).
    pub name: String,
    /// The section item that holds it.
    pub section: Op,
    /// The whole entry, from the start of its line through its value.
    pub entry: Span,
    /// The hex digits after `0x`.
    pub hex: Span,
}

/// The blob of a `dense_resource` constant could not be read.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResourceError {
    /// No entry has the name.
    #[error("no resource blob named `{0}` in the file's resource section")]
    Missing(String),
    /// The blob is not hex, or shorter than its alignment header.
    #[error("resource blob `{0}` is not valid hex with a 4-byte alignment header")]
    Malformed(String),
}

impl Module {
    /// The name in `dense_resource<NAME>` of a constant op, if it is one.
    pub fn dense_resource_name(&self, op: Op) -> Option<String> {
        let d = self.dfg.op(op);
        if d.name != "stablehlo.constant" || d.payload.is_some() {
            return None;
        }
        let text = self.op_text(op);
        let rest = text.split("dense_resource<").nth(1)?;
        let name = rest.split('>').next()?.trim();
        Some(name.trim_matches('"').to_string())
    }

    /// Every entry of the resource sections, in file order (indexed once).
    pub fn resource_entries(&self) -> &[ResourceEntry] {
        self.resources.get_or_init(|| index_entries(self))
    }

    /// The element bytes of blob `name` (its alignment header removed).
    pub fn resource_bytes(&self, name: &str) -> Result<Vec<u8>, ResourceError> {
        let entry = self
            .resource_entries()
            .iter()
            .find(|e| e.name == name)
            .ok_or_else(|| ResourceError::Missing(name.to_string()))?;
        let hex = self.source.slice(entry.hex).as_bytes();
        let bytes = decode_hex(hex).ok_or_else(|| ResourceError::Malformed(name.to_string()))?;
        if bytes.len() < 4 {
            return Err(ResourceError::Malformed(name.to_string()));
        }
        Ok(bytes[4..].to_vec())
    }

    /// Removes the entries named in `names` from the resource sections
    /// (nothing else in the section changes). Returns how many went.
    pub fn drop_resources(&mut self, names: &BTreeSet<String>) -> usize {
        let entries: Vec<ResourceEntry> = self
            .resource_entries()
            .iter()
            .filter(|e| names.contains(&e.name))
            .cloned()
            .collect();
        if entries.is_empty() {
            return 0;
        }
        let mut by_section: Vec<(Op, Vec<Span>)> = Vec::new();
        for e in &entries {
            let cut = self.entry_cut(e);
            match by_section.iter_mut().find(|(s, _)| *s == e.section) {
                Some((_, cuts)) => cuts.push(cut),
                None => by_section.push((e.section, vec![cut])),
            }
        }
        for (section, mut cuts) in by_section {
            cuts.sort_by_key(|s| s.start);
            let cuts = self.merge_cuts(cuts);
            let old = std::mem::take(&mut self.dfg.op_mut(section).pieces);
            let mut pieces = Vec::with_capacity(old.len() + cuts.len());
            for piece in old {
                let Piece::Src(span) = piece else {
                    pieces.push(piece);
                    continue;
                };
                let mut pos = span.start;
                for cut in cuts
                    .iter()
                    .filter(|c| c.start >= span.start && c.end <= span.end)
                {
                    if cut.start > pos {
                        pieces.push(Piece::Src(Span::new(pos, cut.start)));
                    }
                    pos = pos.max(cut.end);
                }
                if span.end > pos {
                    pieces.push(Piece::Src(Span::new(pos, span.end)));
                }
            }
            self.dfg.op_mut(section).pieces = pieces;
        }
        self.resources.take();
        entries.len()
    }

    /// Joins overlapping cuts into runs; a run that ends its dictionary
    /// (only `}` after it) also takes the comma before it, so that no
    /// entry is left with a trailing comma when the last several go.
    fn merge_cuts(&self, cuts: Vec<Span>) -> Vec<Span> {
        let text = self.source.text().as_bytes();
        let mut runs: Vec<Span> = Vec::with_capacity(cuts.len());
        for c in cuts {
            match runs.last_mut() {
                Some(r) if c.start <= r.end => *r = Span::new(r.start, r.end.max(c.end)),
                _ => runs.push(c),
            }
        }
        for r in &mut runs {
            let mut after = r.end;
            while after < text.len() && text[after].is_ascii_whitespace() {
                after += 1;
            }
            if text.get(after) != Some(&b'}') {
                continue;
            }
            let mut start = r.start;
            while start > 0 && text[start - 1].is_ascii_whitespace() {
                start -= 1;
            }
            if start > 0 && text[start - 1] == b',' {
                *r = Span::new(start - 1, r.end);
            }
        }
        runs
    }

    /// The text to remove with an entry: the entry and the comma after it,
    /// or, for the last entry of its dictionary, the comma before it.
    fn entry_cut(&self, e: &ResourceEntry) -> Span {
        let text = self.source.text().as_bytes();
        let mut end = e.entry.end;
        while end < text.len() && (text[end] == b' ' || text[end] == b'\t') {
            end += 1;
        }
        if text.get(end) == Some(&b',') {
            // `NAME: "0x..",\n`: through the comma and the line break.
            end += 1;
            while end < text.len() && (text[end] == b' ' || text[end] == b'\t') {
                end += 1;
            }
            if text.get(end) == Some(&b'\r') {
                end += 1;
            }
            if text.get(end) == Some(&b'\n') {
                end += 1;
            }
            return Span::new(e.entry.start, end);
        }
        // The last entry: from the comma that ends the previous one.
        let mut start = e.entry.start;
        while start > 0 && text[start - 1].is_ascii_whitespace() {
            start -= 1;
        }
        if start > 0 && text[start - 1] == b',' {
            Span::new(start - 1, e.entry.end)
        } else {
            e.entry
        }
    }
}

/// Finds `NAME: "0x..."` entries in every resource section.
fn index_entries(m: &Module) -> Vec<ResourceEntry> {
    let mut out = Vec::new();
    let text = m.source.text();
    for &op in m.layout.ops(m.top) {
        let d = m.dfg.op(op);
        if d.form != OpForm::Resource {
            continue;
        }
        for piece in &d.pieces {
            let Piece::Src(span) = piece else { continue };
            scan_section(text, *span, op, &mut out);
        }
    }
    out
}

fn scan_section(text: &str, span: Span, section: Op, out: &mut Vec<ResourceEntry>) {
    let bytes = text.as_bytes();
    let mut line_start = span.start;
    while line_start < span.end {
        let line_end = memchr::memchr(b'\n', &bytes[line_start..span.end])
            .map(|i| line_start + i)
            .unwrap_or(span.end);
        if let Some(e) = parse_entry(text, line_start, line_end, section) {
            out.push(e);
        }
        line_start = line_end + 1;
    }
}

/// `  NAME: "0xHEX"` (or a quoted name) on one line.
fn parse_entry(text: &str, start: usize, end: usize, section: Op) -> Option<ResourceEntry> {
    let line = &text[start..end];
    let indent = line.len() - line.trim_start().len();
    let body = &line[indent..];
    let (name, after_name) = if let Some(quoted) = body.strip_prefix('"') {
        let close = quoted.find('"')?;
        (quoted[..close].to_string(), 1 + close + 1)
    } else {
        let n = body.find(|c: char| !is_id_char(c)).unwrap_or(body.len());
        (body[..n].to_string(), n)
    };
    if name.is_empty() {
        return None;
    }
    let rest = &body[after_name..];
    let value = rest.trim_start().strip_prefix(':')?.trim_start();
    let digits = value.strip_prefix("\"0x")?;
    let close = digits.find('"')?;
    // `value` ends where the line ends: `"0x` is its first three bytes.
    let hex_start = end - value.len() + 3;
    let hex = Span::new(hex_start, hex_start + close);
    Some(ResourceEntry {
        name,
        section,
        entry: Span::new(start, hex.end + 1),
        hex,
    })
}

/// Bytes from hex digits (two per byte); `None` for anything else.
pub fn decode_hex(hex: &[u8]) -> Option<Vec<u8>> {
    if hex.len() % 2 != 0 {
        return None;
    }
    fn nib(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    }
    hex.chunks_exact(2)
        .map(|p| Some(nib(p[0])? << 4 | nib(p[1])?))
        .collect()
}
