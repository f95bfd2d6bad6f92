//! The matmul ops every exporter writes, brought to one form.
//!
//! JAX writes `dot_general` with the weight as the right operand; TensorFlow
//! still writes the legacy `stablehlo.dot` and `stablehlo.einsum`; PyTorch
//! (torch_xla, torch-mlir) reads every `nn.Linear` weight through a
//! `transpose` (it stores `[out, in]`). Passes that quantize weights match
//! `dot_general(x, W)` with `W` an argument or a constant; `canonicalize-dots`
//! (run first by `int8-weights`) brings the other forms there.
//!
//! Rewrites (one-line algebra each):
//!
//! * `legacy-dot`:       dot(a, b)                   ==> dot_general(a, b, contracting [rank(a)-1] x [0])
//! * `einsum`:           einsum(a, b, "lhs,rhs->out") ==> transpose(dot_general(a, b, batch, contract))
//! * `weight-transpose`: dot_general(x, transpose(W, p)) ==> dot_general(x, W) with rhs dims mapped through p
//!   (when the result's dim order is unchanged and nothing else reads the transpose)
//! * `identity-view`:    reshape/transpose/broadcast_in_dim(x) of x's own type, dims in order ==> x
//!
//! Also here: which ops count as matmuls, and the form grouped convolutions
//! must take on IREE when their inputs are narrow.

use super::weights::{self, Root};
use super::{Pass, PassError, PassInfo, PassStats};
pub use crate::ir::op_class::{is_matmul, MATMUL_OPS};
use crate::ir::stablehlo::{self, DotDims};
use crate::ir::{ElemType, Module, Op, OpForm, Type, Value};

/// Registry entry.
pub fn info() -> PassInfo {
    PassInfo {
        name: "canonicalize-dots",
        summary: "legacy dot and einsum as dot_general, weight transposes folded into the dot (exact; int8-weights runs it first)",
        options: &[],
        make: |_| Ok(Box::new(CanonicalizeDots)),
    }
}

/// The pass.
pub struct CanonicalizeDots;

impl Pass for CanonicalizeDots {
    fn name(&self) -> &'static str {
        "canonicalize-dots"
    }

    fn run(&self, m: &mut Module, stats: &mut PassStats) -> Result<bool, PassError> {
        Ok(canonicalize(m, stats))
    }
}

/// Runs every rewrite of this module once over the module; returns whether
/// anything changed.
pub fn canonicalize(m: &mut Module, stats: &mut PassStats) -> bool {
    let mut changed = false;
    for op in m.ops_named("stablehlo.broadcast_in_dim") {
        changed |= identity_view(m, op, stats);
    }
    for op in m.ops_named("stablehlo.reshape") {
        changed |= identity_view(m, op, stats);
    }
    for op in m.ops_named("stablehlo.transpose") {
        changed |= identity_view(m, op, stats);
    }
    for op in m.ops_named("stablehlo.dot") {
        changed |= legacy_dot(m, op, stats);
    }
    for op in m.ops_named("stablehlo.einsum") {
        changed |= einsum(m, op, stats);
    }
    for op in m.ops_named("stablehlo.dot_general") {
        changed |= fold_weight_transpose(m, op, stats);
    }
    changed
}

fn two_static_operands(m: &Module, op: Op) -> Option<(Vec<u64>, Vec<u64>, Type)> {
    let d = m.dfg.op(op);
    if d.operands.len() != 2 || d.results.len() != 1 || d.form != OpForm::Pretty {
        return None;
    }
    let a = m.dfg.ty(d.operands[0]).as_tensor()?.static_shape()?;
    let b = m.dfg.ty(d.operands[1]).as_tensor()?.static_shape()?;
    Some((a, b, m.dfg.ty(d.results[0]).clone()))
}

/// Puts `new` in place of `op`'s only result and erases `op`.
fn replace_op(m: &mut Module, op: Op, new: Value) {
    let old = m.dfg.op(op).results[0];
    m.dfg.replace_uses(old, new, None);
    m.erase_op(op);
}

/// `identity-view`: a reshape, transpose or broadcast_in_dim that changes
/// nothing (same type, dims in order) is its operand (torch-mlir writes
/// them in front of batched expert weights).
fn identity_view(m: &mut Module, op: Op, stats: &mut PassStats) -> bool {
    let d = m.dfg.op(op);
    if d.operands.len() != 1 || d.results.len() != 1 || d.form != OpForm::Pretty {
        return false;
    }
    let (x, r) = (d.operands[0], d.results[0]);
    let Some(t) = m.dfg.ty(x).as_tensor().and_then(|t| t.static_shape()) else {
        return false;
    };
    if m.dfg.ty(x) != m.dfg.ty(r) {
        return false;
    }
    let in_order = |dims: Option<Vec<usize>>| {
        dims.is_some_and(|d| d.len() == t.len() && d.iter().enumerate().all(|(i, &x)| i == x))
    };
    let identity = match d.name.as_str() {
        "stablehlo.reshape" => true,
        "stablehlo.transpose" => in_order(stablehlo::transpose_dims(m, op)),
        "stablehlo.broadcast_in_dim" => in_order(stablehlo::broadcast_dims(m, op)),
        _ => false,
    };
    if !identity {
        return false;
    }
    m.dfg.replace_uses(r, x, None);
    m.erase_op(op);
    stats.bump("identity-view");
    true
}

/// `legacy-dot`: `dot(a [M, K] | [K], b [K, N] | [K])`.
fn legacy_dot(m: &mut Module, op: Op, stats: &mut PassStats) -> bool {
    let Some((a, b, out)) = two_static_operands(m, op) else {
        stats.bump("skipped-dot-not-static");
        return false;
    };
    let Type::Tensor(out) = out else { return false };
    let Some(dims) = DotDims::of_dot(a.len(), b.len()) else {
        stats.bump("skipped-dot-rank");
        return false;
    };
    let (x, w) = (m.dfg.op(op).operands[0], m.dfg.op(op).operands[1]);
    let new = stablehlo::dot_general(m, op, x, w, &dims, out);
    stablehlo::set_loc(m, new, op);
    replace_op(m, op, new);
    stats.bump("legacy-dot");
    true
}

/// `einsum`: labels in both operands and the output are batch dims, in both
/// operands only are contracted; the rest are free. dot_general's result is
/// (batch, lhs free, rhs free), transposed to the einsum's output order.
fn einsum(m: &mut Module, op: Op, stats: &mut PassStats) -> bool {
    let (Some((a, b, out)), Some((l, r, o))) =
        (two_static_operands(m, op), stablehlo::einsum_config(m, op))
    else {
        stats.bump("skipped-einsum-form");
        return false;
    };
    let Type::Tensor(out) = out else { return false };
    if l.len() != a.len()
        || r.len() != b.len()
        || Some(o.len()) != out.static_shape().map(|s| s.len())
    {
        stats.bump("skipped-einsum-form");
        return false;
    }
    // A label read by one operand only and not in the output is a sum of
    // its own (a reduce), which dot_general does not do.
    let summed_alone = l.iter().any(|c| !r.contains(c) && !o.contains(c))
        || r.iter().any(|c| !l.contains(c) && !o.contains(c))
        || o.iter().any(|c| !l.contains(c) && !r.contains(c));
    if summed_alone {
        stats.bump("skipped-einsum-form");
        return false;
    }
    let pos = |list: &[char], c: char| list.iter().position(|&x| x == c).unwrap_or(0);
    let batch: Vec<char> = l
        .iter()
        .copied()
        .filter(|c| r.contains(c) && o.contains(c))
        .collect();
    let contract: Vec<char> = l
        .iter()
        .copied()
        .filter(|c| r.contains(c) && !o.contains(c))
        .collect();
    let lhs_free: Vec<char> = l.iter().copied().filter(|c| !r.contains(c)).collect();
    let rhs_free: Vec<char> = r.iter().copied().filter(|c| !l.contains(c)).collect();
    let dims = DotDims {
        lhs_batch: batch.iter().map(|&c| pos(&l, c)).collect(),
        rhs_batch: batch.iter().map(|&c| pos(&r, c)).collect(),
        lhs_contract: contract.iter().map(|&c| pos(&l, c)).collect(),
        rhs_contract: contract.iter().map(|&c| pos(&r, c)).collect(),
    };
    let dg_labels: Vec<char> = batch
        .iter()
        .chain(&lhs_free)
        .chain(&rhs_free)
        .copied()
        .collect();
    let size = |c: char| {
        if l.contains(&c) {
            a[pos(&l, c)]
        } else {
            b[pos(&r, c)]
        }
    };
    let dg_shape: Vec<u64> = dg_labels.iter().map(|&c| size(c)).collect();
    let dg_type = crate::ir::TensorType::new(&dg_shape, out.elem.clone());
    let (x, w) = (m.dfg.op(op).operands[0], m.dfg.op(op).operands[1]);
    let dot = stablehlo::dot_general(m, op, x, w, &dims, dg_type);
    stablehlo::set_loc(m, dot, op);
    let perm: Vec<usize> = o.iter().map(|&c| pos(&dg_labels, c)).collect();
    let result = if perm.iter().enumerate().all(|(i, &p)| i == p) {
        dot
    } else {
        let Some(t) = stablehlo::transpose(m, op, dot, &perm) else {
            return false;
        };
        stablehlo::set_loc(m, t, op);
        t
    };
    replace_op(m, op, result);
    stats.bump("einsum");
    true
}

/// `weight-transpose`: the right operand read through a transpose of an
/// argument or a constant.
fn fold_weight_transpose(m: &mut Module, op: Op, stats: &mut PassStats) -> bool {
    let t_val = m.dfg.op(op).operands.get(1).copied();
    let Some(t_val) = t_val else { return false };
    let Some(t_op) = m.dfg.producer(t_val) else {
        return false;
    };
    if m.dfg.op(t_op).name != "stablehlo.transpose" || m.dfg.uses(t_val).len() != 1 {
        return false;
    }
    let Some(w) = m.dfg.op(t_op).operands.first().copied() else {
        return false;
    };
    if matches!(weights::find_root(m, w), Root::Other(_)) {
        return false;
    }
    let (Some(perm), Some(dims)) = (stablehlo::transpose_dims(m, t_op), DotDims::read(m, op))
    else {
        return false;
    };
    let rank = perm.len();
    if perm.iter().any(|&p| p >= rank)
        || dims
            .rhs_batch
            .iter()
            .chain(&dims.rhs_contract)
            .any(|&d| d >= rank)
    {
        return false;
    }
    let free: Vec<usize> = (0..rank)
        .filter(|d| !dims.rhs_batch.contains(d) && !dims.rhs_contract.contains(d))
        .map(|d| perm[d])
        .collect();
    if free.windows(2).any(|p| p[0] > p[1]) {
        stats.bump("skipped-transpose-reorders-result");
        return false;
    }
    let folded = DotDims {
        rhs_batch: dims.rhs_batch.iter().map(|&d| perm[d]).collect(),
        rhs_contract: dims.rhs_contract.iter().map(|&d| perm[d]).collect(),
        ..dims
    };
    if !folded.write(m, op) {
        return false;
    }
    m.dfg.set_operand(op, 1, w);
    m.refresh_signature(op);
    m.erase_op(t_op);
    stats.bump("weight-transpose");
    true
}

/// Whether a matmul with narrow inputs must also produce a narrow result
/// (converted to f32 after it). IREE 3.13 miscompiles grouped (depthwise)
/// convolutions whose inputs are f16/bf16 and whose result is f32: with a
/// weight argument iree-compile fails (`tensor.collapse_shape`), with a
/// constant weight it compiles and computes wrong numbers. The narrow result
/// followed by a convert is right (docs/passes.md).
pub fn needs_narrow_result(m: &Module, op: Op) -> bool {
    m.dfg.op(op).name == "stablehlo.convolution" && stablehlo::conv_group_counts(m, op) != (1, 1)
}

/// `y: f32 = op(..)` ==> `y = convert(op(..) -> N) -> f32`: the op's result
/// becomes narrow and a convert after it gives its users f32 as before.
pub fn narrow_result(m: &mut Module, op: Op, narrow: ElemType) -> bool {
    let r = m.dfg.op(op).results[0];
    let Some(rt) = m.dfg.ty(r).as_tensor().cloned() else {
        return false;
    };
    let Some(next) = m.next_op(op) else {
        return false;
    };
    m.set_result_type(op, 0, Type::Tensor(rt.with_elem(narrow)));
    m.refresh_signature(op);
    let Some(wide) = stablehlo::convert(m, next, r, ElemType::F32) else {
        return false;
    };
    stablehlo::set_loc(m, wide, op);
    let cvt = m.dfg.producer(wide).expect("a convert has a producer");
    m.dfg.replace_uses(r, wide, Some(cvt));
    true
}
