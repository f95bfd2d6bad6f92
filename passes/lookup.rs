//! Lookups of a weight table that a pass stores in another form (a tied
//! embedding: the table a `gather` reads rows of is also the output
//! projection's weight). Each lookup is rewritten to read the stored form
//! and give the same values (one-line algebra each):
//!
//! * `lookup-relayout`: gather(T, i) along dim r ==> gather(T', i) along dim r', T' = transpose(T), T'[r'] = T[r]
//! * `lookup-panels`:   gather(T[N, K], v) ==> gather(T'[N/J, K, J], (v' / J, v' % J)), v' = clamp(v, 0, N-1)
//!   — the clamp is the one gather applies to `v`, so out-of-range ids read the same row
//! * `lookup-dequant`:  gather(W, i) ==> convert(gather(q, i)) * bcast(gather(s, i))
//!   — per-channel int8 `W = q * s` with one scale per looked-up slice

pub use crate::ir::gather::Lookup;
use crate::ir::gather::{self, GatherDims};
use crate::ir::stablehlo;
use crate::ir::{ElemType, Module, Op, TensorType, Type, Value};

/// The lookups among `leaves` (user, operand index) of `table`: gathers
/// that read whole slices of it as their operand 0; `None` when some leaf
/// is anything else.
pub fn only_lookups(m: &Module, table: Value, leaves: &[(Op, usize)]) -> Option<Vec<Lookup>> {
    leaves
        .iter()
        .map(|&(op, idx)| {
            (idx == 0 && m.dfg.op(op).operands.first() == Some(&table))
                .then(|| gather::lookup(m, op))
                .flatten()
        })
        .collect()
}

/// Whether [`relayout`] can rewrite `lk` for a table stored as
/// `transpose(T, store)`: the slice's own dims keep their order (the
/// result's dims would otherwise come out permuted).
pub fn relayout_keeps_order(lk: &Lookup, store: &[usize]) -> bool {
    let kept: Vec<usize> = store
        .iter()
        .copied()
        .filter(|s| !lk.indexed.contains(s))
        .collect();
    store.len() == lk.table_shape.len() && kept.windows(2).all(|w| w[0] < w[1])
}

/// Whether [`to_panels`] can rewrite `lk`: a 2-D table looked up along
/// `n_dim`, with an index type that holds the panel width.
pub fn can_panel(m: &Module, lk: &Lookup, n_dim: usize, width: u64) -> bool {
    let ids = m.dfg.op(lk.op).operands[1];
    let max = m.dfg.ty(ids).elem().and_then(int_max);
    lk.indexed == [n_dim]
        && lk.table_shape.len() == 2
        && max.is_some_and(|max| i64::try_from(width).is_ok_and(|j| j > 0 && j <= max))
}

/// `lookup-relayout`: the table is now stored as `transpose(T, store)`
/// (stored dim i is T's dim `store[i]`). `false` (nothing changed) unless
/// [`relayout_keeps_order`].
pub fn relayout(m: &mut Module, lk: &Lookup, store: &[usize]) -> bool {
    let pos = |t: usize| store.iter().position(|&s| s == t);
    if !relayout_keeps_order(lk, store) {
        return false;
    }
    let Some(start_index_map) = lk
        .indexed
        .iter()
        .map(|&t| pos(t))
        .collect::<Option<Vec<_>>>()
    else {
        return false;
    };
    let mut collapsed = start_index_map.clone();
    collapsed.sort_unstable();
    let dims = GatherDims {
        start_index_map,
        collapsed_slice_dims: collapsed,
        slice_sizes: store.iter().map(|&s| lk.dims.slice_sizes[s]).collect(),
        ..lk.dims.clone()
    };
    if !dims.write(m, lk.op) {
        return false;
    }
    m.refresh_signature(lk.op);
    true
}

/// The largest value an integer element type holds.
fn int_max(elem: &ElemType) -> Option<i64> {
    match *elem {
        ElemType::Int { bits, unsigned, .. } if (2..=64).contains(&bits) => {
            let magnitude = if unsigned { bits } else { bits - 1 };
            Some(((1i128 << magnitude) - 1).min(i64::MAX as i128) as i64)
        }
        _ => None,
    }
}

/// `lookup-panels`: the 2-D table, looked up along dim `n_dim` (size N),
/// is now stored as panels `[N/J, K, J]` (`T'[p, k, j] = T[p*J + j, k]`
/// when `n_dim` is 0). `None` (nothing changed) when the lookup is not of
/// that dim or its index type cannot hold `J`.
pub fn to_panels(m: &mut Module, lk: &Lookup, n_dim: usize, width: u64) -> Option<()> {
    if lk.indexed != [n_dim] || lk.table_shape.len() != 2 {
        return None;
    }
    let (n, k) = (lk.table_shape[n_dim], lk.table_shape[1 - n_dim]);
    let ids = m.dfg.op(lk.op).operands[1];
    let it = m.dfg.ty(ids).as_tensor()?.clone();
    let max = int_max(&it.elem)?;
    let j = i64::try_from(width).ok().filter(|&j| j <= max && j > 0)?;
    let hi = i64::try_from(n.checked_sub(1)?).ok()?.min(max);
    let at = lk.op;
    let scalar = TensorType::new(&[], it.elem.clone());
    let lo = stablehlo::constant_int(m, at, scalar.clone(), 0);
    let hi = stablehlo::constant_int(m, at, scalar, hi);
    let ids_t = Type::Tensor(it.clone());
    let clamped = stablehlo::simple_op(
        m,
        at,
        "stablehlo.clamp",
        &[lo, ids, hi],
        "",
        ids_t.clone(),
        false,
    );
    let cj = stablehlo::constant_int(m, at, it.clone(), j);
    let p = stablehlo::simple_op(
        m,
        at,
        "stablehlo.divide",
        &[clamped, cj],
        "",
        ids_t.clone(),
        true,
    );
    let jj = stablehlo::simple_op(
        m,
        at,
        "stablehlo.remainder",
        &[clamped, cj],
        "",
        ids_t,
        true,
    );
    let iv = lk.dims.index_vector_dim;
    let (p, jj) = if lk.implicit_vector() {
        let mut one = lk.indices_shape.clone();
        one.push(1);
        (
            stablehlo::reshape(m, at, p, &one)?,
            stablehlo::reshape(m, at, jj, &one)?,
        )
    } else {
        (p, jj)
    };
    let mut pair_shape = lk.indices_shape.clone();
    if lk.implicit_vector() {
        pair_shape.push(2);
    } else {
        pair_shape[iv] = 2;
    }
    let pair = stablehlo::simple_op(
        m,
        at,
        "stablehlo.concatenate",
        &[p, jj],
        &format!("dim = {iv}"),
        Type::Tensor(TensorType::new(&pair_shape, it.elem.clone())),
        false,
    );
    let dims = GatherDims {
        collapsed_slice_dims: vec![0, 2],
        start_index_map: vec![0, 2],
        slice_sizes: vec![1, k, 1],
        ..lk.dims.clone()
    };
    if !dims.write(m, lk.op) {
        return None;
    }
    m.dfg.set_operand(lk.op, 1, pair);
    m.refresh_signature(lk.op);
    Some(())
}

/// Whether [`dequantize`] can rewrite `lk` for per-channel scales over the
/// table dims `kept`: it indexes exactly those dims (one scale per
/// looked-up slice), reads f32 of static shape, and an op follows it.
pub fn can_dequantize(m: &Module, lk: &Lookup, kept: &[usize]) -> bool {
    let mut indexed = lk.indexed.clone();
    indexed.sort_unstable();
    let r = m.dfg.op(lk.op).results[0];
    let result_ok = m
        .dfg
        .ty(r)
        .as_tensor()
        .is_some_and(|t| t.elem == ElemType::F32 && t.static_shape().is_some());
    indexed == kept && result_ok && m.next_op(lk.op).is_some()
}

/// `lookup-dequant`: the table (operand 0 of the lookup) is now `q` (i8),
/// with per-channel scales `scale` over the table dims `kept` (in order).
/// `None` (nothing changed) unless the lookup indexes exactly the scaled
/// dims, so that each looked-up slice has one scale.
pub fn dequantize(m: &mut Module, lk: &Lookup, scale: Value, kept: &[usize]) -> Option<()> {
    if !can_dequantize(m, lk, kept) {
        return None;
    }
    let r = m.dfg.op(lk.op).results[0];
    let rt = m.dfg.ty(r).as_tensor()?.clone();
    let out_shape = rt.static_shape()?;
    let ids = m.dfg.op(lk.op).operands[1];
    let after = m.next_op(lk.op)?;
    m.set_result_type(lk.op, 0, Type::Tensor(rt.with_elem(ElemType::int(8))));
    let qf = stablehlo::convert(m, after, r, ElemType::F32)?;
    let cvt = m.dfg.producer(qf)?;
    let sdims = GatherDims {
        offset_dims: Vec::new(),
        collapsed_slice_dims: (0..kept.len()).collect(),
        operand_batching_dims: Vec::new(),
        start_indices_batching_dims: Vec::new(),
        start_index_map: lk
            .indexed
            .iter()
            .map(|t| kept.iter().position(|k| k == t))
            .collect::<Option<_>>()?,
        index_vector_dim: lk.dims.index_vector_dim,
        slice_sizes: vec![1; kept.len()],
    };
    let mut batch_shape = lk.indices_shape.clone();
    if !lk.implicit_vector() {
        batch_shape.remove(lk.dims.index_vector_dim);
    }
    let s = gather::build(
        m,
        after,
        scale,
        ids,
        &sdims,
        Type::Tensor(TensorType::new(&batch_shape, ElemType::F32)),
    );
    let batch_dims: Vec<usize> = (0..out_shape.len())
        .filter(|d| !lk.dims.offset_dims.contains(d))
        .collect();
    let sb = stablehlo::broadcast_in_dim(
        m,
        after,
        s,
        &batch_dims,
        TensorType::new(&out_shape, ElemType::F32),
    );
    let y = stablehlo::multiply(m, after, qf, sb);
    for v in [qf, s, sb, y] {
        stablehlo::set_loc(m, v, lk.op);
    }
    m.dfg.replace_uses(r, y, Some(cvt));
    Some(())
}
