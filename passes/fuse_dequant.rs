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
//! * `group-split-panels` (option `panel-width=J`, small-row dots whose
//!   integers, scales and biases are arguments read by this dot alone):
//!   y[p, j] = Σ_G (s[p,G,j]·Σ_{i∈G} x[G,i]·Q[p,G,i,j] + b[p,G,j]·Σ_{i∈G} x[G,i])
//!   — the integers re-stored as `[N/J, G, g, J]` (panels of J columns,
//!   each group's rows together; scales and biases `[N/J, G, J]`), the dot
//!   batched over panels and groups, one reduction over groups for scales
//!   and biases. Same products, summed per group then over groups, as
//!   `group-split`.
//! * `signed4-panels` (with panels, on `ui4` integers): Q·s + b ==> (Q - 8)·s + (b + 8·s)
//!   — the nibbles re-stored as `i4` (`signed4()` in the recipe), which
//!   IREE 3.13 reads right and as fast as bytes, where it misreads `ui4`.

use super::weights::{self, Root};
use super::{OptionInfo, Options, Pass, PassError, PassInfo, PassStats};
use crate::ir::stablehlo::{self, DotDims};
use crate::ir::{ElemType, Module, Op, TensorType, Type, Value};
use crate::recipe::{self, Step};

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        name: "activations",
        kind: "f32|int8",
        default: "f32",
        help: "int8: quantize the activation per row at run time and multiply i8 x i8 -> i32 (integers that fit i8 exactly: i8, i4, ui4 — e.g. storage=nibbles); the bias term stays f32",
    },
    OptionInfo {
        name: "panel-width",
        kind: "int",
        default: "0",
        help: "J > 0: grouped weights whose integers (one per byte, or ui4 with J even, re-stored as i4 values v - 8 with 8 s added to the bias), scales and biases are arguments read only by a dot with at most max-rows rows are re-stored in panels of J columns, groups together ([N/J, G, g, J]; `weights convert` follows), the dot batched over panels and groups (fastest measured 4-bit form on IREE llvm-cpu; docs/perf.md); 0: the plain layout",
    },
    OptionInfo {
        name: "max-rows",
        kind: "int",
        default: "8",
        help: "with panel-width: only dots whose activation has at most this many rows read panels",
    },
];

/// Registry entry.
pub fn info() -> PassInfo {
    PassInfo {
        name: "fuse-dequant",
        summary: "in-graph dequantizations (integers * scale + bias, per channel or per group) feeding dot_general: scale and bias moved after the dot, the contraction split by group",
        options: OPTIONS,
        make: |o: &Options| {
            Ok(Box::new(FuseDequant {
                int8_activations: o.choice_or("activations", &["f32", "int8"], "f32")? == "int8",
                panel_width: o.u64_or("panel-width", 0)?,
                max_rows: o.u64_or("max-rows", 8)?,
            }))
        },
    }
}

/// The pass.
pub struct FuseDequant {
    int8_activations: bool,
    /// Columns per panel for grouped argument weights; 0: no panels.
    panel_width: u64,
    /// Panels only for dots with at most this many activation rows.
    max_rows: u64,
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

/// Whether `v` reaches `end` through values that each have exactly one use
/// (`end` included): nothing else reads what lies between.
fn only_feeds(m: &Module, mut v: Value, end: Value) -> bool {
    for _ in 0..32 {
        let uses = m.dfg.uses(v);
        if uses.len() != 1 {
            return false;
        }
        if v == end {
            return true;
        }
        let results = &m.dfg.op(uses[0].0).results;
        if results.len() != 1 {
            return false;
        }
        v = results[0];
    }
    false
}

/// An integer-form partial product `p` (i32) as f32, times the activation's
/// per-row scales `sx` along `row_dim` of `out`: `convert(p) · s_x`.
fn times_row_scales(
    m: &mut Module,
    dot: Op,
    p: Value,
    sx: Value,
    row_dim: usize,
    out: &[u64],
) -> Option<Value> {
    let pf = stablehlo::convert(m, dot, p, ElemType::F32)?;
    let sxb =
        stablehlo::broadcast_in_dim(m, dot, sx, &[row_dim], TensorType::new(out, ElemType::F32));
    Some(stablehlo::multiply(m, dot, pf, sxb))
}

/// Whether `v` is an argument of a function no one calls (a weight input).
fn is_weight_arg(m: &Module, v: Value) -> bool {
    matches!(weights::find_root(m, v), Root::Arg(a) if a == v)
}

/// How a grouped weight is re-stored in panels: for the integers, the
/// scales and the biases, the argument, its recipe steps and its new shape.
struct PanelPlan {
    panels: u64,
    groups: u64,
    group: u64,
    stores: Vec<(Value, Vec<Step>, Vec<u64>)>,
    /// `ui4` integers re-stored as `i4` values `v - 8` (`signed4()`): the
    /// dot reads them directly, and `8 s` joins the bias term.
    signed4: bool,
}

/// The steps that take a per-group scale (or bias) stored along `dims` of
/// the grouped weight to `[P, G, J]`.
fn group_table_steps(
    d: &Dequant,
    dims: &[usize],
    groups: u64,
    p: u64,
    j: u64,
) -> Option<Vec<Step>> {
    let g_axis = d.group_axis?;
    if dims == [d.n_axis, g_axis] {
        // [N, G] -> [P, J, G] -> [P, G, J]
        Some(vec![
            Step::Reshape(vec![p, j, groups]),
            Step::Transpose(vec![0, 2, 1]),
        ])
    } else if dims == [g_axis, d.n_axis] {
        // [G, N] -> [G, P, J] -> [P, G, J]
        Some(vec![
            Step::Reshape(vec![groups, p, j]),
            Step::Transpose(vec![1, 0, 2]),
        ])
    } else {
        None
    }
}

impl FuseDequant {
    /// Whether the grouped dequantization `d` read by `dot` (its operand
    /// `w_operand`, activation of `rows` rows) can be re-stored in panels;
    /// the reason as a stats key when not.
    fn panel_plan(
        &self,
        m: &Module,
        d: &Dequant,
        w_operand: Value,
        rows: u64,
    ) -> Result<PanelPlan, &'static str> {
        let j = self.panel_width;
        let g_axis = d.group_axis.ok_or("unpanelled-per-channel")?;
        let qs = shape(m, d.q).ok_or("unpanelled-dynamic-shape")?;
        let (n, groups, group) = (qs[d.n_axis], qs[g_axis], qs[d.k_axis]);
        if rows > self.max_rows {
            return Err("unpanelled-too-many-rows");
        }
        if n % j != 0 || n / j < 2 {
            return Err("unpanelled-width-does-not-divide");
        }
        let ints = d.ints.0;
        let elem = m.dfg.ty(ints).elem();
        // `ui4` goes to `i4` (v - 8): IREE 3.13 reads a `ui4` convert into
        // a dot as signed, and an `i4` one right and as fast as bytes
        // (benches/nibble_unpack.py, docs/perf.md "Two values per byte").
        let signed4 = matches!(
            elem,
            Some(ElemType::Int {
                bits: 4,
                unsigned: true,
                ..
            })
        );
        match elem {
            Some(ElemType::Int { bits: 8, .. }) => {}
            // `ui4` packs two to a byte along the last axis, J.
            _ if signed4 && j % 2 == 0 => {}
            _ => return Err("unpanelled-not-one-per-byte"),
        }
        let p = n / j;
        let mut int_steps = match ((d.n_axis, g_axis, d.k_axis), shape(m, ints).as_deref()) {
            // [N, K] -> [P, J, G, g] -> [P, G, g, J]
            ((0, 1, 2), Some([a, b])) if *a == n && *b == groups * group => vec![
                Step::Reshape(vec![p, j, groups, group]),
                Step::Transpose(vec![0, 2, 3, 1]),
            ],
            // [K, N] -> [G, g, P, J] -> [P, G, g, J]
            ((2, 0, 1), Some([a, b])) if *a == groups * group && *b == n => vec![
                Step::Reshape(vec![groups, group, p, j]),
                Step::Transpose(vec![2, 0, 1, 3]),
            ],
            _ => return Err("unpanelled-integer-layout"),
        };
        if signed4 {
            int_steps.push(Step::Signed4);
        }
        let mut stores = vec![(ints, int_steps, vec![p, groups, group, j])];
        for (v, dims) in std::iter::once(&d.scale).chain(d.bias.as_ref()) {
            if m.dfg.ty(*v).elem() != Some(&ElemType::F32) {
                return Err("unpanelled-table-not-f32");
            }
            let steps =
                group_table_steps(d, dims, groups, p, j).ok_or("unpanelled-table-layout")?;
            stores.push((*v, steps, vec![p, groups, j]));
        }
        for (v, _, _) in &stores {
            if !is_weight_arg(m, *v) {
                return Err("unpanelled-not-an-argument");
            }
            if !only_feeds(m, *v, w_operand) {
                return Err("unpanelled-other-uses");
            }
        }
        Ok(PanelPlan {
            panels: p,
            groups,
            group,
            stores,
            signed4,
        })
    }

    /// Rewrites `dot` (`x [M, K]`, at most `max-rows` rows) in the panel
    /// form of `plan`: re-stores the arguments, then
    /// `y = merge(Σ_G (dot_PG(bcast x_G, Q) · s + b · Σ x_G))`.
    fn rewrite_panels(
        &self,
        m: &mut Module,
        dot: Op,
        x: Value,
        d: &Dequant,
        plan: &PanelPlan,
        stats: &mut PassStats,
    ) -> Option<()> {
        let xs = shape(m, x)?;
        let (rows, cols) = (*xs.first()?, *xs.get(1)?);
        let (p, groups, g, j) = (plan.panels, plan.groups, plan.group, self.panel_width);
        let n = p * j;
        let int8 = self.int8_activations && fits_i8(m, d.ints.0);
        for (v, steps, new_shape) in &plan.stores {
            let elem = match steps.last() {
                Some(Step::Signed4) => ElemType::int(4),
                _ => m.dfg.ty(*v).elem()?.clone(),
            };
            recipe::record(m, *v, steps)?;
            m.set_decl_type(*v, Type::Tensor(TensorType::new(new_shape, elem)));
        }
        let f32_t = |s: &[u64]| TensorType::new(s, ElemType::F32);
        let wide = [p, groups, rows, j];
        let xg = stablehlo::reshape(m, dot, x, &[rows, groups, g])?;
        let (lhs, q, sx, acc) = if int8 {
            let (qx, sx) = super::int8::quantize_rows(m, dot, x, rows, cols);
            let qxg = stablehlo::reshape(m, dot, qx, &[rows, groups, g])?;
            let qi = stablehlo::convert(m, dot, d.ints.0, ElemType::int(8))?;
            stats.bump("int8-activations");
            (qxg, qi, Some(sx), ElemType::int(32))
        } else {
            let qf = stablehlo::convert(m, dot, d.ints.0, ElemType::F32)?;
            (xg, qf, None, ElemType::F32)
        };
        let lhs_elem = m.dfg.ty(lhs).elem()?.clone();
        let lb = stablehlo::broadcast_in_dim(
            m,
            dot,
            lhs,
            &[2, 1, 3],
            TensorType::new(&[p, groups, rows, g], lhs_elem),
        );
        let dims = DotDims {
            lhs_batch: vec![0, 1],
            rhs_batch: vec![0, 1],
            lhs_contract: vec![3],
            rhs_contract: vec![2],
        };
        let mut partial = stablehlo::dot_general(m, dot, lb, q, &dims, TensorType::new(&wide, acc));
        if let Some(sx) = sx {
            partial = times_row_scales(m, dot, partial, sx, 2, &wide)?;
        }
        let s = plan.stores.get(1)?.0;
        let sb = stablehlo::broadcast_in_dim(m, dot, s, &[0, 1, 3], f32_t(&wide));
        let mut terms = stablehlo::multiply(m, dot, partial, sb);
        // (v - 8) s + b == v s + b: with `signed4` the bias term is b + 8 s.
        let bias = plan.stores.get(2).map(|(b, _, _)| *b);
        let bias = match (bias, plan.signed4) {
            (b, true) => {
                let eight = stablehlo::constant_splat(m, dot, f32_t(&[p, groups, j]), 8.0);
                let s8 = stablehlo::multiply(m, dot, s, eight);
                stats.bump("signed4-panels");
                Some(match b {
                    Some(b) => stablehlo::add(m, dot, b, s8),
                    None => s8,
                })
            }
            (b, false) => b,
        };
        if let Some(b) = bias {
            let xsum = stablehlo::reduce_sum(m, dot, xg, 2, f32_t(&[rows, groups]));
            let xsb = stablehlo::broadcast_in_dim(m, dot, xsum, &[2, 1], f32_t(&wide));
            let bb = stablehlo::broadcast_in_dim(m, dot, b, &[0, 1, 3], f32_t(&wide));
            let bt = stablehlo::multiply(m, dot, bb, xsb);
            terms = stablehlo::add(m, dot, terms, bt);
            stats.bump("group-split-bias");
        }
        let sum = stablehlo::reduce_sum(m, dot, terms, 1, f32_t(&[p, rows, j]));
        // [P, M, J] -> [M, P, J] -> [M, N]; one row needs no transpose.
        let ordered = if rows == 1 {
            sum
        } else {
            stablehlo::transpose(m, dot, sum, &[1, 0, 2])?
        };
        let out = stablehlo::reshape(m, dot, ordered, &[rows, n])?;
        let result = m.dfg.op(dot).results[0];
        m.dfg.replace_uses(result, out, None);
        Some(())
    }

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
                Some((_, _, sx)) => times_row_scales(m, dot, p, *sx, row_dim, out),
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
        let mut unpanelled: std::collections::BTreeMap<&str, usize> = Default::default();
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
            if self.panel_width > 0 && grouped {
                let rows = shape(m, x).map_or(u64::MAX, |s| s[0]);
                match self.panel_plan(m, &deq, m.dfg.op(dot).operands[1], rows) {
                    Ok(plan) => {
                        if self.rewrite_panels(m, dot, x, &deq, &plan, stats).is_none() {
                            return Err(PassError::Failed {
                                pass: "fuse-dequant".into(),
                                message: "could not rewrite a dot_general to read panels".into(),
                            });
                        }
                        stats.bump("group-split-panels");
                        changed = true;
                        continue;
                    }
                    Err(why) => {
                        stats.bump(why);
                        *unpanelled.entry(why).or_default() += 1;
                    }
                }
            }
            if self.rewrite(m, dot, x, &deq, stats).is_some() {
                stats.bump(if grouped {
                    "group-split"
                } else {
                    "per-channel"
                });
                changed = true;
            }
        }
        if !unpanelled.is_empty() {
            let why: Vec<String> = unpanelled
                .iter()
                .map(|(k, n)| format!("{} x{n}", k.trim_start_matches("unpanelled-")))
                .collect();
            stats.warn(format!(
                "fuse-dequant: {} dequantized weight(s) kept the plain layout, not panel-width={}: {}",
                unpanelled.values().sum::<usize>(),
                self.panel_width,
                why.join(", ")
            ));
        }
        Ok(changed)
    }
}
