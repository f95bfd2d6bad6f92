//! `gqa-dot`: grouped-query attention reads its key/value heads directly
//! instead of a repeated copy.
//!
//! Exporters write GQA's `repeat_kv` as `broadcast_in_dim` (a new dim of
//! `g` copies right after the kv-head dim) and a `reshape` that merges the
//! two (`head = kv_head * g + i`), then a `dot_general` batched over heads.
//! IREE materializes that copy: `g` times the K/V cache, transposed, every
//! step. The rewrite splits the other operand's head dim instead, so the
//! dot batches over kv-heads and the `g` queries of a group become one more
//! free dim; the same products are summed, so the result is exact.
//!
//! Rewrite (one-line algebra; `x [.., H, ..]`, `K [.., KV, ..]`, `H = KV·g`):
//!
//! * `gqa-dot`: dot_b(x, merge(repeat_g(K))) ==> merge(dot_b'(split_{KV,g}(x), K))
//!   — batch dim H becomes KV, `g` a free dim of x; the result's `[KV, g]`
//!   dims are adjacent and merge back into `H` by a reshape.
//!
//! Matched only where no transpose is needed: the repeated operand is the
//! right-hand side, its head dim is the last batching dim, and the
//! left-hand side has no free dim before its head dim (true of the
//! attention scores and the attention-weighted values of decoder graphs
//! from JAX). Static shapes only; anything else is left as it is.

use super::{Options, Pass, PassError, PassInfo, PassStats};
use crate::ir::stablehlo::{self, DotDims};
use crate::ir::{Module, Op, TensorType, Type, Value};

/// Registry entry.
pub fn info() -> PassInfo {
    PassInfo {
        name: "gqa-dot",
        summary: "grouped-query attention: dot_general reads the K/V heads directly instead of a repeated (broadcast + reshape) copy; exact",
        options: &[],
        make: |_: &Options| Ok(Box::new(GqaDot)),
    }
}

/// The pass.
pub struct GqaDot;

/// A right-hand operand that is `reshape(broadcast_in_dim(kv))` repeating
/// dim `head` of `kv` `g` times (the copies minor).
struct Repeat {
    /// The un-repeated tensor.
    kv: Value,
    /// Its head dim (also the merged dim of the repeated operand).
    head: usize,
    /// Copies per head.
    g: u64,
}

fn shape(m: &Module, v: Value) -> Option<Vec<u64>> {
    m.dfg.ty(v).as_tensor()?.static_shape()
}

/// Recognises `reshape(broadcast_in_dim(kv, dims = [0, .., j-1, j+1, ..]))`
/// where the reshape merges the broadcast's dims `j-1` and `j`.
fn repeat_of(m: &Module, v: Value) -> Option<Repeat> {
    let reshape = m.dfg.producer(v)?;
    let r = m.dfg.op(reshape);
    if r.name != "stablehlo.reshape" || r.operands.len() != 1 {
        return None;
    }
    let wide = r.operands[0];
    let bcast = m.dfg.producer(wide)?;
    let b = m.dfg.op(bcast);
    if b.name != "stablehlo.broadcast_in_dim" || b.operands.len() != 1 {
        return None;
    }
    let kv = b.operands[0];
    let (kv_shape, wide_shape, out_shape) = (shape(m, kv)?, shape(m, wide)?, shape(m, v)?);
    let rank = kv_shape.len();
    if wide_shape.len() != rank + 1 || out_shape.len() != rank {
        return None;
    }
    let dims = stablehlo::broadcast_dims(m, bcast)?;
    // The one broadcast dim that no kv dim maps to.
    let j = (0..=rank).find(|d| !dims.contains(d))?;
    if j == 0 {
        return None;
    }
    let expected: Vec<usize> = (0..=rank).filter(|&d| d != j).collect();
    if dims != expected {
        return None;
    }
    // Every kv dim keeps its size; the new dim j holds the copies.
    let kept: Vec<u64> = (0..=rank)
        .filter(|&d| d != j)
        .map(|d| wide_shape[d])
        .collect();
    if kept != kv_shape {
        return None;
    }
    let g = wide_shape[j];
    let head = j - 1;
    // The reshape merges dims j-1 (kv heads, major) and j (copies, minor).
    let mut merged = kv_shape.clone();
    merged[head] = kv_shape[head].checked_mul(g)?;
    if merged != out_shape || g < 2 {
        return None;
    }
    Some(Repeat { kv, head, g })
}

impl GqaDot {
    /// Rewrites one dot if it matches; returns whether it did.
    fn rewrite(m: &mut Module, dot: Op) -> Option<()> {
        let d = m.dfg.op(dot);
        if d.operands.len() != 2 || d.results.len() != 1 {
            return None;
        }
        let (x, rhs, result) = (d.operands[0], d.operands[1], d.results[0]);
        let dims = DotDims::read(m, dot)?;
        let rep = repeat_of(m, rhs)?;
        // The head dim must be the last batching dim on the rhs.
        let bi = dims.rhs_batch.iter().position(|&r| r == rep.head)?;
        if bi + 1 != dims.rhs_batch.len() {
            return None;
        }
        let px = dims.lhs_batch[bi];
        let x_shape = shape(m, x)?;
        let out_ty = m.dfg.ty(result).as_tensor()?.clone();
        let out_shape = out_ty.static_shape()?;
        if out_ty.encoding.is_some() {
            return None;
        }
        // No lhs free dim before the head dim, so `g` is the first free dim
        // of the result and lands right after the kv-head batch dim.
        let is_free = |d: usize| !dims.lhs_batch.contains(&d) && !dims.lhs_contract.contains(&d);
        if (0..px).any(is_free) {
            return None;
        }
        let kv_heads = shape(m, rep.kv)?[rep.head];
        if x_shape[px] != kv_heads * rep.g {
            return None;
        }
        // x' = x with dim px split into [kv_heads, g].
        let mut x_split = x_shape.clone();
        x_split[px] = kv_heads;
        x_split.insert(px + 1, rep.g);
        let shift = |v: &[usize]| -> Vec<usize> {
            v.iter().map(|&d| if d > px { d + 1 } else { d }).collect()
        };
        let new_dims = DotDims {
            lhs_batch: shift(&dims.lhs_batch),
            rhs_batch: dims.rhs_batch.clone(),
            lhs_contract: shift(&dims.lhs_contract),
            rhs_contract: dims.rhs_contract.clone(),
        };
        // The new result: the old one with its head dim (batch position bi)
        // split into [kv_heads, g].
        let mut new_shape = out_shape.clone();
        new_shape[bi] = kv_heads;
        new_shape.insert(bi + 1, rep.g);
        // The dot is changed in place, so its other attributes (precision,
        // algorithm) stay as written.
        let next = m.next_op(dot)?;
        let xs = stablehlo::reshape(m, dot, x, &x_split)?;
        if !new_dims.write(m, dot) {
            return None;
        }
        m.dfg.set_operand(dot, 0, xs);
        m.dfg.set_operand(dot, 1, rep.kv);
        m.set_result_type(
            dot,
            0,
            Type::Tensor(TensorType::new(&new_shape, out_ty.elem.clone())),
        );
        let merged = stablehlo::reshape(m, next, result, &out_shape)?;
        stablehlo::set_loc(m, merged, dot);
        let merge_op = m.dfg.producer(merged)?;
        m.dfg.replace_uses(result, merged, Some(merge_op));
        Some(())
    }
}

impl Pass for GqaDot {
    fn name(&self) -> &'static str {
        "gqa-dot"
    }

    fn run(&self, m: &mut Module, stats: &mut PassStats) -> Result<bool, PassError> {
        let mut changed = false;
        for dot in m.ops_named("stablehlo.dot_general") {
            if Self::rewrite(m, dot).is_some() {
                stats.bump("gqa-dot");
                changed = true;
            }
        }
        Ok(changed)
    }
}
