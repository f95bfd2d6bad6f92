//! `stablehlo.gather`: its dimension numbers read from and written into the
//! op's attribute text, and the one gather passes care about, a *row
//! lookup* (`table[ids]`, how models read an embedding table).

use super::stablehlo::dims_text;
use super::{Module, Op, OpForm, Piece, Value};

/// The dimension numbers and slice sizes of a generic-form
/// `"stablehlo.gather"(%operand, %indices) <{dimension_numbers =
/// #stablehlo.gather<...>, slice_sizes = array<i64: ...>}>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatherDims {
    /// Result dims that hold the slice's uncollapsed dims.
    pub offset_dims: Vec<usize>,
    /// Operand dims the slice drops (each of size 1 in the slice).
    pub collapsed_slice_dims: Vec<usize>,
    /// Operand dims batched with `start_indices_batching_dims`.
    pub operand_batching_dims: Vec<usize>,
    /// Index dims batched with `operand_batching_dims`.
    pub start_indices_batching_dims: Vec<usize>,
    /// Operand dim that each component of an index vector starts.
    pub start_index_map: Vec<usize>,
    /// The indices' dim that holds the index vectors (its rank when implicit).
    pub index_vector_dim: usize,
    /// Size of the slice in every operand dim.
    pub slice_sizes: Vec<u64>,
}

/// `key = [a, b]` inside `body`; empty when the key is absent (MLIR leaves
/// empty lists out), `None` when present but unreadable.
fn list(body: &str, key: &str) -> Option<Vec<usize>> {
    let Some(at) = find_key(body, key) else {
        return Some(Vec::new());
    };
    let rest = body[at + key.len()..].trim_start().strip_prefix('=')?;
    let inner = rest.trim_start().strip_prefix('[')?;
    let inner = &inner[..inner.find(']')?];
    inner
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().ok())
        .collect()
}

/// Where `key` starts as a whole word in `body` (`start_index_map` must
/// not match inside `operand_start_index_map`-like longer names).
fn find_key(body: &str, key: &str) -> Option<usize> {
    let bytes = body.as_bytes();
    let mut from = 0;
    while let Some(i) = body[from..].find(key) {
        let at = from + i;
        let before = at.checked_sub(1).map(|b| bytes[b]);
        let after = bytes.get(at + key.len());
        let word = |c: Option<&u8>| c.is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
        if !word(before.as_ref()) && !word(after) {
            return Some(at);
        }
        from = at + key.len();
    }
    None
}

/// The byte range of `#stablehlo.gather<...>` in `text`.
fn dims_range(text: &str) -> Option<std::ops::Range<usize>> {
    const OPEN: &str = "#stablehlo.gather<";
    let start = text.find(OPEN)?;
    let end = start + OPEN.len() + text[start + OPEN.len()..].find('>')? + 1;
    Some(start..end)
}

/// The byte range of `array<i64: ...>` after `slice_sizes = ` in `text`.
fn sizes_range(text: &str) -> Option<std::ops::Range<usize>> {
    let key = find_key(text, "slice_sizes")?;
    let rest = &text[key..];
    let start = key + rest.find("array<")?;
    let end = start + text[start..].find('>')? + 1;
    Some(start..end)
}

impl GatherDims {
    /// Reads a generic-form `stablehlo.gather`; `None` for any other op or
    /// attribute text this reader does not follow.
    pub fn read(m: &Module, op: Op) -> Option<GatherDims> {
        let d = m.dfg.op(op);
        if d.name != "stablehlo.gather" || d.form != OpForm::Generic || d.operands.len() != 2 {
            return None;
        }
        let text = m.op_text(op);
        let body = &text[dims_range(&text)?];
        let ivd = find_key(body, "index_vector_dim")?;
        let digits: String = body[ivd + "index_vector_dim".len()..]
            .trim_start()
            .strip_prefix('=')?
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let sizes = &text[sizes_range(&text)?];
        let sizes = sizes
            .strip_prefix("array<")?
            .strip_suffix('>')?
            .trim_start()
            .strip_prefix("i64")?
            .trim_start();
        let slice_sizes = match sizes.strip_prefix(':') {
            Some(list) => list
                .split(',')
                .map(str::trim)
                .map(|t| t.parse().ok())
                .collect::<Option<Vec<u64>>>()?,
            None if sizes.is_empty() => Vec::new(),
            None => return None,
        };
        Some(GatherDims {
            offset_dims: list(body, "offset_dims")?,
            collapsed_slice_dims: list(body, "collapsed_slice_dims")?,
            operand_batching_dims: list(body, "operand_batching_dims")?,
            start_indices_batching_dims: list(body, "start_indices_batching_dims")?,
            start_index_map: list(body, "start_index_map")?,
            index_vector_dim: digits.parse().ok()?,
            slice_sizes,
        })
    }

    /// The attribute text `#stablehlo.gather<...>` MLIR prints for these
    /// dims (empty lists left out).
    fn dims_attr(&self) -> String {
        let mut parts = Vec::new();
        for (key, dims) in [
            ("offset_dims", &self.offset_dims),
            ("collapsed_slice_dims", &self.collapsed_slice_dims),
            ("operand_batching_dims", &self.operand_batching_dims),
            (
                "start_indices_batching_dims",
                &self.start_indices_batching_dims,
            ),
            ("start_index_map", &self.start_index_map),
        ] {
            if !dims.is_empty() {
                parts.push(format!("{key} = {}", dims_text(dims)));
            }
        }
        parts.push(format!("index_vector_dim = {}", self.index_vector_dim));
        format!("#stablehlo.gather<{}>", parts.join(", "))
    }

    fn sizes_attr(&self) -> String {
        let parts: Vec<String> = self.slice_sizes.iter().map(|s| s.to_string()).collect();
        format!("array<i64: {}>", parts.join(", "))
    }

    /// Writes these dims into a gather that [`GatherDims::read`] read (its
    /// attribute text is rewritten in place; nothing else changes).
    pub fn write(&self, m: &mut Module, op: Op) -> bool {
        let pieces: Vec<(usize, String)> = m
            .dfg
            .op(op)
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| match p {
                Piece::Src(span) => Some((i, m.source.slice(*span).to_string())),
                Piece::Text(t) => Some((i, t.to_string())),
                _ => None,
            })
            .collect();
        let mut wrote = (false, false);
        let mut new_pieces = Vec::new();
        for (i, mut text) in pieces {
            let before = text.clone();
            if let Some(r) = dims_range(&text) {
                text.replace_range(r, &self.dims_attr());
                wrote.0 = true;
            }
            if let Some(r) = sizes_range(&text) {
                text.replace_range(r, &self.sizes_attr());
                wrote.1 = true;
            }
            if text != before {
                new_pieces.push((i, text));
            }
        }
        if wrote != (true, true) {
            return false;
        }
        for (i, text) in new_pieces {
            m.dfg.op_mut(op).pieces[i] = Piece::Text(text.into());
        }
        true
    }
}

/// A gather that reads whole slices of a `table` at one index per dim of
/// `dims`: `table[ids]` (rows of a 2-D table, `dims == [0]`), `table[:, ids]`
/// (columns) or `table[p, :, j]` (a panelled row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lookup {
    /// The gather.
    pub op: Op,
    /// Its dims.
    pub dims: GatherDims,
    /// The table dims the index vector's components index, in order
    /// (`start_index_map`, equal to `collapsed_slice_dims`).
    pub indexed: Vec<usize>,
    /// The table's static shape.
    pub table_shape: Vec<u64>,
    /// The indices' static shape.
    pub indices_shape: Vec<u64>,
}

impl Lookup {
    /// Whether the index vector is implicit (`index_vector_dim` is the
    /// indices' rank: one component per index).
    pub fn implicit_vector(&self) -> bool {
        self.dims.index_vector_dim == self.indices_shape.len()
    }
}

/// Recognises `op` as a [`Lookup`] of its operand 0: a static table, the
/// slice size 1 along each indexed dim (all collapsed, in `start_index_map`'s
/// order) and the whole table along every other dim, no batching dims,
/// integer indices of static shape.
pub fn lookup(m: &Module, op: Op) -> Option<Lookup> {
    let dims = GatherDims::read(m, op)?;
    let d = m.dfg.op(op);
    if d.results.len() != 1 {
        return None;
    }
    let (table, ids) = (d.operands[0], d.operands[1]);
    let table_shape = m.dfg.ty(table).as_tensor()?.static_shape()?;
    let it = m.dfg.ty(ids).as_tensor()?;
    let indices_shape = it.static_shape()?;
    if !matches!(it.elem, super::ElemType::Int { bits, .. } if bits > 1) {
        return None;
    }
    let indexed = dims.start_index_map.clone();
    let components = indexed.len() as u64;
    let vector_ok = match indices_shape.get(dims.index_vector_dim) {
        Some(&n) => n == components,
        None => dims.index_vector_dim == indices_shape.len() && components == 1,
    };
    let mut sorted = indexed.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let sizes_ok = dims.slice_sizes.len() == table_shape.len()
        && (0..table_shape.len()).all(|t| {
            dims.slice_sizes[t]
                == if indexed.contains(&t) {
                    1
                } else {
                    table_shape[t]
                }
        });
    // The result holds the indices' batch dims and the offset dims, the
    // latter at sorted places inside its rank (a valid gather's; anything
    // else is not read as a lookup).
    let result_rank = m.dfg.ty(d.results[0]).as_tensor()?.static_shape()?.len();
    let batch_rank = indices_shape.len() - usize::from(dims.index_vector_dim < indices_shape.len());
    let offsets_ok = result_rank == batch_rank + dims.offset_dims.len()
        && dims.offset_dims.windows(2).all(|w| w[0] < w[1])
        && dims.offset_dims.iter().all(|&o| o < result_rank);
    let ok = !indexed.is_empty()
        && offsets_ok
        && sorted.len() == indexed.len()
        && dims.collapsed_slice_dims == sorted
        && dims.operand_batching_dims.is_empty()
        && dims.start_indices_batching_dims.is_empty()
        && sizes_ok
        && dims.offset_dims.len() == table_shape.len() - indexed.len()
        && vector_ok;
    ok.then_some(())?;
    // Its attribute text must be where `GatherDims::write` rewrites it.
    let held = |f: fn(&str) -> Option<std::ops::Range<usize>>| {
        d.pieces.iter().any(|p| match p {
            Piece::Src(span) => f(m.source.slice(*span)).is_some(),
            Piece::Text(t) => f(t).is_some(),
            _ => false,
        })
    };
    if !held(dims_range) || !held(sizes_range) {
        return None;
    }
    Some(Lookup {
        op,
        dims,
        indexed,
        table_shape,
        indices_shape,
    })
}

/// Builds a generic-form `"stablehlo.gather"(%operand, %indices)` before
/// `anchor` with the given dims and result type.
pub fn build(
    m: &mut Module,
    anchor: Op,
    operand: Value,
    indices: Value,
    dims: &GatherDims,
    out: super::Type,
) -> Value {
    let pieces = vec![
        Piece::Text("\"stablehlo.gather\"(".into()),
        Piece::Operand(0, None),
        Piece::Text(", ".into()),
        Piece::Operand(1, None),
        Piece::Text(
            format!(
                ") <{{dimension_numbers = {}, indices_are_sorted = false, slice_sizes = {}}}> ",
                dims.dims_attr(),
                dims.sizes_attr()
            )
            .into(),
        ),
        Piece::Sig,
        Piece::Loc,
    ];
    let op = m.insert_before(
        anchor,
        "stablehlo.gather",
        &[operand, indices],
        std::slice::from_ref(&out),
        "gather",
        pieces,
    );
    m.dfg.op_mut(op).form = OpForm::Generic;
    let inputs = vec![m.dfg.ty(operand).clone(), m.dfg.ty(indices).clone()];
    m.dfg.op_mut(op).sig = Some(super::Signature {
        span: None,
        inputs: Some(inputs),
        outputs: vec![out],
    });
    m.dfg.op(op).results[0]
}
