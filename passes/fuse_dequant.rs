//! `fuse-dequant`: a dequantization that arrives in the graph (an emitter's
//! MLX path, `int8-weights{bits=4}`, `weights import-mlx`) is moved after
//! the matmul, where the algebra allows it exactly.
//!
//! The chain is recognised by structure, not by names: the matmul's weight
//! is (through an optional 2-D transpose) `Q * broadcast(s) [+ broadcast(b)]`,
//! optionally reshaped from `[.., G, g, ..]` groups to the contracting dim,
//! where `Q` is a `convert` of integers (through reshapes; how the integers
//! were unpacked does not matter). Anything else is left as it is.
//!
//! Rewrites (one-line algebra each; `x [M, K]`, weight `W [K, N]`):
//!
//! * `group-split`: dot(x, Q·s + b) ==> Σ_G dot(x_G, Q_G)·s_G + dot(Σ_{k∈G} x, b)
//!   — the contraction split by group (a batched dot), scales after it
//! * `per-channel`: dot(x, Q·s + b) ==> dot(x, Q)·s + (Σ_k x) ⊗ b — one scale per output column
//! * `int8-activations` (option): x ≈ s_x·q_x per row ==> dot(q_x, Q) in i8 x i8 -> i32, times s_x·s
//!   (the bias term keeps f32 x)

use super::{OptionInfo, Options, Pass, PassError, PassInfo, PassStats};
use crate::ir::stablehlo::{self, DotDims};
use crate::ir::{ElemType, Module, Op, TensorType, Value};

const OPTIONS: &[OptionInfo] = &[OptionInfo {
    name: "activations",
    kind: "f32|int8",
    default: "f32",
    help: "int8: quantize the activation per row at run time and multiply i8 x i8 -> i32 (integers that fit i8 exactly: i8, i4, ui4 — e.g. storage=nibbles); the bias term stays f32",
}];

/// Registry entry.
pub fn info() -> PassInfo {
    PassInfo {
        name: "fuse-dequant",
        summary: "in-graph dequantizations (integers * scale + bias, per channel or per group) feeding dot_general: scale and bias moved after the dot, the contraction split by group",
        options: OPTIONS,
        make: |o: &Options| {
            Ok(Box::new(FuseDequant {
                int8_activations: o.choice_or("activations", &["f32", "int8"], "f32")? == "int8",
            }))
        },
    }
}

/// The pass.
pub struct FuseDequant {
    int8_activations: bool,
}

/// A per-output-channel or per-group affine map applied to `q` (f32 values
/// of integers).
struct Dequant {
    /// The converted integers: `[N, K]`-like (2-D) or grouped (3-D).
    q: Value,
    /// The integers before the `convert`, and the shapes of the reshapes
    /// between them and `q`.
    ints: (Value, Vec<Vec<u64>>),
    /// Dim of `q` that is the output channel.
    n_axis: usize,
    /// Dim of `q` that counts groups (3-D) — `None` per channel.
    group_axis: Option<usize>,
    /// Dim of `q` inside a group (3-D) or the contracting dim (2-D).
    k_axis: usize,
    /// Scales and, for each of their dims, the dim of `q` it runs along.
    scale: (Value, Vec<usize>),
    /// Biases, likewise.
    bias: Option<(Value, Vec<usize>)>,
}

fn producer_named(m: &Module, v: Value, name: &str) -> Option<Op> {
    m.dfg.producer(v).filter(|&op| m.dfg.op(op).name == name)
}

fn shape(m: &Module, v: Value) -> Option<Vec<u64>> {
    m.dfg.ty(v).as_tensor()?.static_shape()
}

/// When `v` is integers converted to floats, through reshapes: the
/// integers and the reshapes' result shapes (from the convert outwards).
fn converted_integers(m: &Module, mut v: Value) -> Option<(Value, Vec<Vec<u64>>)> {
    let mut shapes = Vec::new();
    loop {
        let op = m.dfg.producer(v)?;
        let d = m.dfg.op(op);
        match d.name.as_str() {
            "stablehlo.reshape" if d.operands.len() == 1 => {
                shapes.push(shape(m, v)?);
                v = d.operands[0];
            }
            "stablehlo.convert" if d.operands.len() == 1 => {
                let ints = d.operands[0];
                shapes.reverse();
                return matches!(m.dfg.ty(ints).elem(), Some(ElemType::Int { .. }))
                    .then_some((ints, shapes));
            }
            _ => return None,
        }
    }
}

/// Whether every value of `ints`'s element type fits i8 exactly.
fn fits_i8(m: &Module, ints: Value) -> bool {
    matches!(
        m.dfg.ty(ints).elem(),
        Some(ElemType::Int { bits, unsigned, .. }) if *bits <= 4 || (*bits == 8 && !unsigned)
    )
}

/// `broadcast_in_dim(s)` as `(s, dims)`.
fn broadcast_of(m: &Module, v: Value) -> Option<(Value, Vec<usize>)> {
    let op = producer_named(m, v, "stablehlo.broadcast_in_dim")?;
    Some((
        *m.dfg.op(op).operands.first()?,
        stablehlo::broadcast_dims(m, op)?,
    ))
}

/// Splits `a OP b` into (the broadcast operand, the other) where the
/// broadcast's dims all lie in `allowed`.
fn split_broadcast(m: &Module, op: Op, allowed: &[usize]) -> Option<((Value, Vec<usize>), Value)> {
    let ops = &m.dfg.op(op).operands;
    if ops.len() != 2 {
        return None;
    }
    for (b, other) in [(ops[1], ops[0]), (ops[0], ops[1])] {
        if let Some((s, dims)) = broadcast_of(m, b) {
            let full = dims.len() == allowed.len() && dims.iter().all(|d| allowed.contains(d));
            if full && !dims.is_empty() {
                return Some(((s, dims), other));
            }
        }
    }
    None
}

/// Reads `y = Q * broadcast(s) [+ broadcast(b)]` where `s` and `b` run along
/// `allowed` dims of `y`.
#[allow(clippy::type_complexity)]
fn affine(
    m: &Module,
    y: Value,
    allowed: &[usize],
) -> Option<(
    Value,
    (Value, Vec<Vec<u64>>),
    (Value, Vec<usize>),
    Option<(Value, Vec<usize>)>,
)> {
    let (mul, bias) = match producer_named(m, y, "stablehlo.add") {
        Some(add) => {
            let (b, other) = split_broadcast(m, add, allowed)?;
            (producer_named(m, other, "stablehlo.multiply")?, Some(b))
        }
        None => (producer_named(m, y, "stablehlo.multiply")?, None),
    };
    let (s, q) = split_broadcast(m, mul, allowed)?;
    Some((q, converted_integers(m, q)?, s, bias))
}

/// Matches the dequantization feeding a 2-D weight `w` whose contracting
/// dim is `k`.
fn match_dequant(m: &Module, w: Value, k: usize) -> Option<Dequant> {
    let n = 1usize.checked_sub(k)?;
    let w_shape = shape(m, w)?;
    if let Some(r) = producer_named(m, w, "stablehlo.reshape") {
        let y = m.dfg.op(r).operands[0];
        let ys = shape(m, y)?;
        // [N, G, g] -> [N, K] (k = 1) or [G, g, N] -> [K, N] (k = 0).
        let (n_axis, group_axis, k_axis) = match (k, ys.as_slice()) {
            (1, [a, b, c]) if *a == w_shape[0] && b * c == w_shape[1] => (0, 1, 2),
            (0, [a, b, c]) if a * b == w_shape[0] && *c == w_shape[1] => (2, 0, 1),
            _ => return None,
        };
        let (q, ints, scale, bias) = affine(m, y, &[n_axis, group_axis])?;
        return Some(Dequant {
            q,
            ints,
            n_axis,
            group_axis: Some(group_axis),
            k_axis,
            scale,
            bias,
        });
    }
    let (q, ints, scale, bias) = affine(m, w, &[n])?;
    Some(Dequant {
        q,
        ints,
        n_axis: n,
        group_axis: None,
        k_axis: k,
        scale,
        bias,
    })
}

/// For each dim of `dims`' operand: its dim in a `[G, M, N]` or `[M, N]` result.
fn remap(dims: &[usize], d: &Dequant, grouped: bool) -> Vec<usize> {
    dims.iter()
        .map(|&a| match (a == d.n_axis, grouped) {
            (true, true) => 2,
            (true, false) => 1,
            (false, _) => 0,
        })
        .collect()
}

impl FuseDequant {
    /// Rewrites `dot` (`x [M, K]` times a dequantized weight) by `d`.
    fn rewrite(
        &self,
        m: &mut Module,
        dot: Op,
        x: Value,
        d: &Dequant,
        stats: &mut PassStats,
    ) -> Option<()> {
        let xs = shape(m, x)?;
        let qs = shape(m, d.q)?;
        let (rows, cols, n) = (*xs.first()?, *xs.get(1)?, *qs.get(d.n_axis)?);
        let f32_t = |s: &[u64]| TensorType::new(s, ElemType::F32);
        // The integer form: x quantized per row, the weight's integers as
        // i8 (exact), i8 x i8 -> i32; `s_x` is applied with the scales.
        let int8 = match self.int8_activations && fits_i8(m, d.ints.0) {
            true => {
                let (qx, sx) = super::int8::quantize_rows(m, dot, x, rows, cols);
                let mut qi = stablehlo::convert(m, dot, d.ints.0, ElemType::int(8))?;
                for s in &d.ints.1 {
                    qi = stablehlo::reshape(m, dot, qi, s)?;
                }
                stats.bump("int8-activations");
                Some((qx, qi, sx))
            }
            false => None,
        };
        let acc = if int8.is_some() {
            ElemType::int(32)
        } else {
            ElemType::F32
        };
        let (lhs, rhs) = match &int8 {
            Some((qx, qi, _)) => (*qx, *qi),
            None => (x, d.q),
        };
        // dot(lhs, rhs) as f32, times s_x along `row_dim` in the integer form.
        let widen = |m: &mut Module, p: Value, row_dim: usize, out: &[u64]| -> Option<Value> {
            match &int8 {
                Some((_, _, sx)) => {
                    let pf = stablehlo::convert(m, dot, p, ElemType::F32)?;
                    let sxb = stablehlo::broadcast_in_dim(m, dot, *sx, &[row_dim], f32_t(out));
                    Some(stablehlo::multiply(m, dot, pf, sxb))
                }
                None => Some(p),
            }
        };
        let out = match d.group_axis {
            Some(g_axis) => {
                let (groups, g) = (qs[g_axis], qs[d.k_axis]);
                let xg = stablehlo::reshape(m, dot, x, &[rows, groups, g])?;
                let lhs_g = match int8 {
                    Some(_) => stablehlo::reshape(m, dot, lhs, &[rows, groups, g])?,
                    None => xg,
                };
                let dims = DotDims {
                    lhs_batch: vec![1],
                    rhs_batch: vec![g_axis],
                    lhs_contract: vec![2],
                    rhs_contract: vec![d.k_axis],
                };
                let out_t = TensorType::new(&[groups, rows, n], acc.clone());
                let partial = stablehlo::dot_general(m, dot, lhs_g, rhs, &dims, out_t);
                let partial = widen(m, partial, 1, &[groups, rows, n])?;
                let (s, s_dims) = &d.scale;
                let sb = stablehlo::broadcast_in_dim(
                    m,
                    dot,
                    *s,
                    &remap(s_dims, d, true),
                    f32_t(&[groups, rows, n]),
                );
                let scaled = stablehlo::multiply(m, dot, partial, sb);
                let sum = stablehlo::reduce_sum(m, dot, scaled, 0, f32_t(&[rows, n]));
                match &d.bias {
                    Some((b, b_dims)) => {
                        // Σ_G (Σ_{k∈G} x[m, k]) b[n, G]: a small dot over groups.
                        let xsum = stablehlo::reduce_sum(m, dot, xg, 2, f32_t(&[rows, groups]));
                        let b_group = b_dims.iter().position(|&a| a == g_axis)?;
                        let bdims = DotDims {
                            lhs_batch: vec![],
                            rhs_batch: vec![],
                            lhs_contract: vec![1],
                            rhs_contract: vec![b_group],
                        };
                        let bt =
                            stablehlo::dot_general(m, dot, xsum, *b, &bdims, f32_t(&[rows, n]));
                        stats.bump("group-split-bias");
                        stablehlo::add(m, dot, sum, bt)
                    }
                    None => sum,
                }
            }
            None => {
                let dims = DotDims {
                    lhs_batch: vec![],
                    rhs_batch: vec![],
                    lhs_contract: vec![1],
                    rhs_contract: vec![d.k_axis],
                };
                let out_t = TensorType::new(&[rows, n], acc.clone());
                let p = stablehlo::dot_general(m, dot, lhs, rhs, &dims, out_t);
                let p = widen(m, p, 0, &[rows, n])?;
                let (s, s_dims) = &d.scale;
                let sb = stablehlo::broadcast_in_dim(
                    m,
                    dot,
                    *s,
                    &remap(s_dims, d, false),
                    f32_t(&[rows, n]),
                );
                let scaled = stablehlo::multiply(m, dot, p, sb);
                match &d.bias {
                    Some((b, b_dims)) => {
                        // (Σ_k x[m, k]) b[n]
                        let xsum = stablehlo::reduce_sum(m, dot, x, 1, f32_t(&[rows]));
                        let xb = stablehlo::broadcast_in_dim(m, dot, xsum, &[0], f32_t(&[rows, n]));
                        let bb = stablehlo::broadcast_in_dim(
                            m,
                            dot,
                            *b,
                            &remap(b_dims, d, false),
                            f32_t(&[rows, n]),
                        );
                        let bt = stablehlo::multiply(m, dot, xb, bb);
                        stats.bump("per-channel-bias");
                        stablehlo::add(m, dot, scaled, bt)
                    }
                    None => scaled,
                }
            }
        };
        let result = m.dfg.op(dot).results[0];
        m.dfg.replace_uses(result, out, None);
        Some(())
    }
}

impl Pass for FuseDequant {
    fn name(&self) -> &'static str {
        "fuse-dequant"
    }

    fn run(&self, m: &mut Module, stats: &mut PassStats) -> Result<bool, PassError> {
        let dots = m.ops_named("stablehlo.dot_general");
        let mut changed = false;
        for dot in dots {
            let d = m.dfg.op(dot);
            if d.operands.len() != 2 || d.results.len() != 1 {
                continue;
            }
            let (x, mut w) = (d.operands[0], d.operands[1]);
            if m.dfg.ty(d.results[0]).elem() != Some(&ElemType::F32) {
                continue;
            }
            let Some(dims) = DotDims::read(m, dot) else {
                continue;
            };
            let x_rank = shape(m, x).map_or(0, |s| s.len());
            let w_rank = shape(m, w).map_or(0, |s| s.len());
            if x_rank != 2
                || w_rank != 2
                || !dims.lhs_batch.is_empty()
                || dims.lhs_contract != [1]
                || dims.rhs_contract.len() != 1
            {
                continue;
            }
            let mut k = dims.rhs_contract[0];
            if let Some(t) = producer_named(m, w, "stablehlo.transpose") {
                if stablehlo::transpose_dims(m, t).as_deref() == Some(&[1, 0]) {
                    let Some(flipped) = 1usize.checked_sub(k) else {
                        continue;
                    };
                    w = m.dfg.op(t).operands[0];
                    k = flipped;
                }
            }
            let Some(deq) = match_dequant(m, w, k) else {
                continue;
            };
            let grouped = deq.group_axis.is_some();
            if self.rewrite(m, dot, x, &deq, stats).is_some() {
                stats.bump(if grouped {
                    "group-split"
                } else {
                    "per-channel"
                });
                changed = true;
            }
        }
        Ok(changed)
    }
}
