//! `int8-weights`: symmetric int8 weights, dequantized inside the graph.
//!
//! Rewrites (one-line algebra each):
//!
//! * `per-channel`: dot(x, W) ==> dot(x, convert(q)) * s    — s per output channel, applied after the dot (exact)
//! * `convolution`: conv(x, W) ==> conv(x, convert(q)) * s  — s per output feature (`o`), after the convolution
//! * `grouped`:     dot(x, W) ==> dot(x, convert(q) * s_g)  — s per `group-size` run of the contracting dim
//! * `grouped-split`: dot(x, W) ==> Σ_g dot(x_g, convert(q_g)) * s_g — the contraction split by group
//! * `int8-activations`: dot(x, W) ==> convert(dot(q_x, q) -> i32) * s_x * s — x quantized per row at run time
//! * `weight-argument`: %W: f32 ==> %q: i8 plus a new scale argument (`hlo_opt.*` recipes)
//! * `lookup-dequant`:  gather(%W, i) ==> convert(gather(%q, i)) * gather(%s, i) — a tied table's
//!   lookups, beside its dot (per-channel only: one scale per looked-up row; passes/lookup.rs)
//! * `weight-reshape`:  op(x, reshape(%W)) ==> op(x, %W') stored reshaped (a `reshape` recipe step)
//! * `weight-constant`: const W ==> optimization_barrier(const q), const s — the barrier keeps IREE
//!   from folding the dequantization back into f32 constants
//! * `affine4-argument` / `affine4-constant` (`bits=4`): W ==> s * unpack(words) + b per group —
//!   MLX's affine form (src/affine.rs), stored contracting-dim-last
//!
//! `w ≈ q * s`, `q = round(w / s)` in [-127, 127], `s = max|w| / 127` (src/quant.rs).

use super::filter::{self, OpFilter};
use super::lookup;
use super::weights::{self, Root};
use super::{OptionInfo, Options, Pass, PassError, PassInfo, PassStats};
use crate::affine::{Affine, Fit, Storage};
use crate::ir::stablehlo::{self, DotDims};
use crate::ir::{constants, ElemType, Module, Op, TensorType, Type, Value, ValueDef};
use crate::quant::{self, Scheme};
use crate::recipe::{self, Step};

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        name: "activations",
        kind: "f32|int8",
        default: "f32",
        help: "int8: quantize the activation too, per row at run time, and multiply i8 x i8 -> i32 (per-channel weights, 2-D [M, K] x [K, N] dots); the form NPUs run",
    },
    OptionInfo {
        name: "bits",
        kind: "8|4",
        default: "8",
        help: "4: MLX's affine 4-bit form (per group of group-size along the contracting dim, default 64; one group where the contracting dim is shorter, and halved down to 32 where it does not divide the dim (counted as affine4-smaller-group): w = scale * q + bias, stored as `storage` says; dot_general only; `fuse-dequant` then moves scale and bias after the dot; a table that embedding lookups also read is stored per row in int8, as group-size>0 does too)",
    },
    OptionInfo {
        name: "storage",
        kind: "bytes|words|nibbles",
        default: "bytes",
        help: "with bits=4: bytes stores one value per i8 byte; nibbles stores ui4, two to a byte (MLX's 4-bit words as they are); words stores packed u32 words unpacked in the graph (slowest; docs/perf.md)",
    },
    OptionInfo {
        name: "fit",
        kind: "minmax|mse",
        default: "minmax",
        help: "with bits=4: how each group's scale and bias are chosen; minmax: bias = min, scale = (max - min) / 15, round to nearest; mse: searched for the least squared error of the dequantized group (llama.cpp k-quants' search; no calibration data), never worse than minmax per group",
    },
    OptionInfo {
        name: "group-form",
        kind: "dequant|split",
        default: "split",
        help: "with group-size: split splits the contraction by group (a batched dot over groups, scaled, summed; 2-D weights [K, N]; others fall back to dequant) — measured faster on IREE llvm-cpu (docs/perf.md); dequant dequantizes the weight before the dot",
    },
    OptionInfo {
        name: "group-size",
        kind: "int",
        default: "0",
        help: "0: one scale per output channel (applied after the dot); G: one scale per G elements of the contracting dim (32, 64, 128; dequantized before the dot)",
    },
    OptionInfo {
        name: "min-elements",
        kind: "int",
        default: "0",
        help: "skip weights with fewer elements",
    },
    filter::INCLUDE,
    filter::EXCLUDE,
];

/// Registry entry.
pub fn info() -> PassInfo {
    PassInfo {
        name: "int8-weights",
        summary: "dot_general and convolution weights (arguments and constants) as symmetric int8 with f32 scales (or 4-bit affine), dequantized in the graph",
        options: OPTIONS,
        make: |o: &Options| {
            Ok(Box::new(Int8Weights {
                group: o.u64_or("group-size", 0)?,
                min_elements: o.u64_or("min-elements", 0)?,
                filter: OpFilter::from_options(o)?,
                split: o.choice_or("group-form", &["dequant", "split"], "split")? == "split",
                int8_activations: o.choice_or("activations", &["f32", "int8"], "f32")? == "int8",
                four_bit: o.choice_or("bits", &["8", "4"], "8")? == "4",
                fit: Fit::parse(o.choice_or("fit", &["minmax", "mse"], "minmax")?)
                    .unwrap_or_default(),
                storage: Storage::parse(o.choice_or(
                    "storage",
                    &["bytes", "words", "nibbles"],
                    "bytes",
                )?)
                .unwrap_or(Storage::Bytes),
            }))
        },
    }
}

/// The pass.
pub struct Int8Weights {
    group: u64,
    min_elements: u64,
    filter: OpFilter,
    split: bool,
    int8_activations: bool,
    four_bit: bool,
    fit: Fit,
    storage: Storage,
}

fn tensor(shape: &[u64], elem: ElemType) -> Type {
    Type::Tensor(TensorType::new(shape, elem))
}

impl Int8Weights {
    /// The quantized weight (i8) and scale (f32) values for `root`, made
    /// resident: arguments change type and gain a scale argument, constants
    /// are quantized now.
    fn store(
        &self,
        m: &mut Module,
        dot: Op,
        root: Root,
        scheme: &Scheme,
        shape: &[u64],
        stats: &mut PassStats,
    ) -> Option<(Value, Value)> {
        let scale_shape = scheme.scale_shape(shape);
        match root {
            Root::Arg(arg) => {
                let func = match m.dfg.value(arg).def {
                    ValueDef::Decl { op, .. } => op,
                    _ => return None,
                };
                // Nothing is changed unless the scale argument can be added.
                if !m.can_append_arg(func) {
                    stats.bump("skipped-argument-list-not-extendable");
                    return None;
                }
                let mut origin = recipe::record(m, arg, &[Step::Int8(scheme.clone())])?;
                m.set_decl_type(arg, tensor(shape, ElemType::int(8)));
                let scale = m.append_arg(func, "scale", tensor(&scale_shape, ElemType::F32))?;
                // The scale is made by the same steps, ending in its own.
                if let Some(last) = origin.recipe.0.last_mut() {
                    *last = Step::Int8Scale(scheme.clone());
                }
                origin.write(m, scale);
                stats.bump("weight-argument");
                Some((arg, scale))
            }
            Root::Constant(c) => {
                if let Some(x) = constants::splat_f32(m, c) {
                    // A splat stays a splat: every scale covers |x|, so q and
                    // s are splats too (as `quant` would compute them).
                    let s = if x.is_finite() && x != 0.0 {
                        x.abs() / 127.0
                    } else {
                        1.0
                    };
                    let q = (x / s).round().clamp(-127.0, 127.0) as i8;
                    let i8_t = TensorType::new(shape, ElemType::int(8));
                    let q = stablehlo::constant_hex(m, dot, i8_t, &[q as u8]);
                    let q = stablehlo::optimization_barrier(m, dot, q);
                    let s_t = TensorType::new(&scale_shape, ElemType::F32);
                    let s = stablehlo::constant_hex(m, dot, s_t, &s.to_le_bytes());
                    stats.bump("weight-constant");
                    return Some((q, s));
                }
                let values = constants::f32_values(m, c)?;
                let qz = scheme.quantize(&values, shape);
                let q_bytes: Vec<u8> = qz.q.iter().map(|&q| q as u8).collect();
                let s_bytes: Vec<u8> = qz.scales.iter().flat_map(|s| s.to_le_bytes()).collect();
                let q = stablehlo::constant_hex(
                    m,
                    dot,
                    TensorType::new(shape, ElemType::int(8)),
                    &q_bytes,
                );
                let q = stablehlo::optimization_barrier(m, dot, q);
                let s = stablehlo::constant_hex(
                    m,
                    dot,
                    TensorType::new(&scale_shape, ElemType::F32),
                    &s_bytes,
                );
                stats.bump("weight-constant");
                Some((q, s))
            }
            Root::Other(_) => None,
        }
    }
}

impl Int8Weights {
    /// Stores the weight of `dot` in MLX's affine 4-bit form
    /// (`crate::affine`) with groups along its contracting dim `contract`,
    /// dequantized in the graph before the dot. Returns the weight bytes
    /// after, or `None` when the weight cannot be stored so.
    fn store_affine(
        &self,
        m: &mut Module,
        dot: Op,
        root: Root,
        shape: &[u64],
        contract: usize,
    ) -> Option<u64> {
        let asked = self.affine4_group();
        let group = affine_group(asked, shape.get(contract).copied()?);
        let a = Affine::new(4, group).ok()?.with_fit(self.fit);
        // MLX groups along the last axis: store the weight with its
        // contracting dim last and transpose back in the graph.
        let perm: Vec<usize> = (0..shape.len())
            .filter(|&d| d != contract)
            .chain([contract])
            .collect();
        let moved = perm.iter().enumerate().any(|(i, &d)| i != d);
        let stored: Vec<u64> = perm
            .iter()
            .map(|&d| shape.get(d).copied())
            .collect::<Option<_>>()?;
        a.check_shape(&stored).ok()?;
        match root {
            Root::Arg(arg) => {
                weights::store_affine_arg(
                    m,
                    arg,
                    a,
                    self.storage,
                    moved.then_some(&perm[..]),
                    dot,
                )?;
            }
            Root::Constant(c) => {
                let values = constants::f32_values(m, c)?;
                let host = crate::tensor::HostTensor::from_f32(shape.to_vec(), &values);
                let host = host.transposed(&perm).ok()?;
                let p = a.quantize(&host.to_f32()?);
                let bytes =
                    |v: &[f32]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
                // MLIR's hex form of a sub-byte constant holds one element
                // per byte, so a `ui4` constant is written from the bytes form.
                let storage = self.storage.for_bits(a.bits);
                let data_form = match storage {
                    Storage::Nibbles => Storage::Bytes,
                    s => s,
                };
                let words = a.stored_bytes(&p.words, data_form);
                let words_t = TensorType::new(
                    &a.stored_shape(&stored, storage),
                    ElemType::from_text(storage.elem(a.bits)),
                );
                let group_t = TensorType::new(&a.group_shape(&stored), ElemType::F32);
                let q = stablehlo::constant_hex(m, dot, words_t, &words);
                let q = stablehlo::optimization_barrier(m, dot, q);
                let s = stablehlo::constant_hex(m, dot, group_t.clone(), &bytes(&p.scales));
                let b = stablehlo::constant_hex(m, dot, group_t, &bytes(&p.biases));
                let w = weights::affine_dequant_in_layout(
                    m,
                    dot,
                    (q, s, b),
                    (a, storage),
                    &stored,
                    moved.then_some(&perm[..]),
                )?;
                m.dfg.set_operand(dot, 1, w);
            }
            Root::Other(_) => return None,
        }
        let n: u64 = shape.iter().product();
        let stored_bytes = match self.storage {
            Storage::Bytes => n,
            Storage::Words | Storage::Nibbles => n / 2,
        };
        Some(stored_bytes + 2 * 4 * (n / group))
    }

    /// `out = convert(dot(q_x, q) -> i32) * s_x * s_w` ([`quantize_rows`]).
    #[allow(clippy::too_many_arguments)]
    fn int8_dot(
        &self,
        m: &mut Module,
        dot: Op,
        x: Value,
        q: Value,
        s: Value,
        rows: u64,
        k: u64,
        n: u64,
    ) {
        let f32_t = |shape: &[u64]| TensorType::new(shape, ElemType::F32);
        let (qx, sx) = quantize_rows(m, dot, x, rows, k);
        let acc = stablehlo::dot_general(
            m,
            dot,
            qx,
            q,
            &DotDims::contracting(vec![1], vec![0]),
            TensorType::new(&[rows, n], ElemType::int(32)),
        );
        let accf = stablehlo::convert(m, dot, acc, ElemType::F32).expect("a tensor");
        let sxo = stablehlo::broadcast_in_dim(m, dot, sx, &[0], f32_t(&[rows, n]));
        let swo = stablehlo::broadcast_in_dim(m, dot, s, &[1], f32_t(&[rows, n]));
        let y = stablehlo::multiply(m, dot, accf, sxo);
        let y = stablehlo::multiply(m, dot, y, swo);
        let out = m.dfg.op(dot).results[0];
        m.dfg.replace_uses(out, y, None);
    }
}

impl Int8Weights {
    /// The panel form of [`Self::int8_dot`]: x quantized per row before
    /// its broadcast to the panels, then
    /// `out[p, r, j] = convert(dot_b(bcast(q_x), q) -> i32) * s_x[r] * s_w[p, j]`.
    fn int8_panel_dot(
        &self,
        m: &mut Module,
        dot: Op,
        pd: &super::layout::PanelDot,
        q: Value,
        s: Value,
    ) -> Option<()> {
        let f32_t = |shape: &[u64]| TensorType::new(shape, ElemType::F32);
        let (rows, k, p, j) = (pd.rows(), pd.k, pd.panels, pd.width);
        let out = m.dfg.op(dot).results[0];
        let out_shape = m.dfg.ty(out).as_tensor()?.static_shape()?;
        let x2 = if pd.x_shape.len() == 2 {
            pd.x
        } else {
            stablehlo::reshape(m, dot, pd.x, &[rows, k])?
        };
        let (qx, sx) = quantize_rows(m, dot, x2, rows, k);
        let qxb = stablehlo::broadcast_in_dim(
            m,
            dot,
            qx,
            &[1, 2],
            TensorType::new(&[p, rows, k], ElemType::int(8)),
        );
        let dims = DotDims {
            lhs_batch: vec![0],
            rhs_batch: vec![0],
            ..DotDims::contracting(vec![2], vec![1])
        };
        let acc = stablehlo::dot_general(
            m,
            dot,
            qxb,
            q,
            &dims,
            TensorType::new(&[p, rows, j], ElemType::int(32)),
        );
        let accf = stablehlo::convert(m, dot, acc, ElemType::F32)?;
        let sxo = stablehlo::broadcast_in_dim(m, dot, sx, &[1], f32_t(&[p, rows, j]));
        let swo = stablehlo::broadcast_in_dim(m, dot, s, &[0, 2], f32_t(&[p, rows, j]));
        let y = stablehlo::multiply(m, dot, accf, sxo);
        let y = stablehlo::multiply(m, dot, y, swo);
        let y = if out_shape == [p, rows, j] {
            y
        } else {
            stablehlo::reshape(m, dot, y, &out_shape)?
        };
        m.dfg.replace_uses(out, y, None);
        Some(())
    }
}

/// Quantizes the rows of `x [rows, k]` at run time, before `anchor`:
/// `s_x = max(max_k |x[m, k]| / 127, f32::MIN_POSITIVE)` and
/// `q_x = clamp(round_nearest_even(x / s_x), ±127)` as i8. Returns `(q_x, s_x)`.
pub(super) fn quantize_rows(
    m: &mut Module,
    anchor: Op,
    x: Value,
    rows: u64,
    k: u64,
) -> (Value, Value) {
    let f32_t = |shape: &[u64]| TensorType::new(shape, ElemType::F32);
    let abs = stablehlo::simple_op(
        m,
        anchor,
        "stablehlo.abs",
        &[x],
        "",
        tensor(&[rows, k], ElemType::F32),
        true,
    );
    let amax = stablehlo::reduce(m, anchor, abs, "stablehlo.maximum", 1, f32_t(&[rows]));
    let c127 = stablehlo::constant_hex(m, anchor, f32_t(&[rows]), &(1.0f32 / 127.0).to_le_bytes());
    let tiny = stablehlo::constant_hex(m, anchor, f32_t(&[rows]), &f32::MIN_POSITIVE.to_le_bytes());
    let sx = stablehlo::simple_op(
        m,
        anchor,
        "stablehlo.multiply",
        &[amax, c127],
        "",
        tensor(&[rows], ElemType::F32),
        true,
    );
    let sx = stablehlo::simple_op(
        m,
        anchor,
        "stablehlo.maximum",
        &[sx, tiny],
        "",
        tensor(&[rows], ElemType::F32),
        true,
    );
    let sxb = stablehlo::broadcast_in_dim(m, anchor, sx, &[0], f32_t(&[rows, k]));
    let scaled = stablehlo::simple_op(
        m,
        anchor,
        "stablehlo.divide",
        &[x, sxb],
        "",
        tensor(&[rows, k], ElemType::F32),
        true,
    );
    let rounded = stablehlo::simple_op(
        m,
        anchor,
        "stablehlo.round_nearest_even",
        &[scaled],
        "",
        tensor(&[rows, k], ElemType::F32),
        true,
    );
    let lo = stablehlo::constant_hex(m, anchor, f32_t(&[]), &(-127.0f32).to_le_bytes());
    let hi = stablehlo::constant_hex(m, anchor, f32_t(&[]), &127.0f32.to_le_bytes());
    let clamped = stablehlo::simple_op(
        m,
        anchor,
        "stablehlo.clamp",
        &[lo, rounded, hi],
        "",
        tensor(&[rows, k], ElemType::F32),
        false,
    );
    let qx = stablehlo::convert(m, anchor, clamped, ElemType::int(8)).expect("a tensor");
    (qx, sx)
}

/// Adds one weight's bytes before and after to the pass's figures.
fn count_bytes(stats: &mut PassStats, before: u64, after: u64) {
    *stats.figures.entry("weight-bytes-before").or_default() += before;
    *stats.figures.entry("weight-bytes-after").or_default() += after;
}

/// The root of `user`'s weight `w`, when it comes straight from an argument
/// or a constant (weight-layout folds transposes first) that nothing else
/// reads, except, with `lookups_allowed`, gathers of whole rows of the same
/// argument beside it (a tied embedding), which are returned.
fn weight_root(
    m: &Module,
    user: Op,
    w: Value,
    lookups_allowed: bool,
    stats: &mut PassStats,
) -> Option<(Root, Vec<lookup::Lookup>)> {
    let root = weights::find_root(m, w);
    let uses = m.dfg.uses(w);
    if root.value() == w && !matches!(root, Root::Other(_)) {
        if uses.len() == 1 {
            return Some((root, Vec::new()));
        }
        let others: Vec<(Op, usize)> = uses.iter().copied().filter(|&(op, _)| op != user).collect();
        if lookups_allowed && matches!(root, Root::Arg(_)) && others.len() + 1 == uses.len() {
            if let Some(lookups) = lookup::only_lookups(m, w, &others) {
                return Some((root, lookups));
            }
        }
    }
    stats.bump("skipped-not-a-weight");
    None
}

/// `weight-reshape`: op(x, reshape(%W)) ==> op(x, %W') with %W' stored in
/// the reshaped shape (a `reshape` recipe step; row-major order is kept, so
/// the data does not move). TensorFlow reads depthwise kernels this way.
fn fold_weight_reshapes(m: &mut Module, stats: &mut PassStats) -> bool {
    let mut changed = false;
    let mut ops = m.ops_named("stablehlo.convolution");
    ops.extend(m.ops_named("stablehlo.dot_general"));
    for op in ops {
        let Some(&w) = m.dfg.op(op).operands.get(1) else {
            continue;
        };
        let Some(reshape) = m.dfg.producer(w) else {
            continue;
        };
        let d = m.dfg.op(reshape);
        if d.name != "stablehlo.reshape" || d.operands.len() != 1 || m.dfg.uses(w).len() != 1 {
            continue;
        }
        let src = d.operands[0];
        if weights::find_root(m, src) != Root::Arg(src) || m.dfg.uses(src).len() != 1 {
            continue;
        }
        let Some(shape) = m.dfg.ty(w).as_tensor().and_then(|t| t.static_shape()) else {
            continue;
        };
        let ty = m.dfg.ty(w).clone();
        recipe::record(m, src, &[Step::Reshape(shape.clone())]);
        m.set_decl_type(src, ty);
        m.dfg.replace_uses(w, src, None);
        m.erase_op(reshape);
        stats.bump("weight-reshape");
        changed = true;
    }
    changed
}

/// `op(x, w) ==> op(x, qf) * broadcast(s, map)`: the weight operand
/// replaced by the converted integers and the result scaled per channel.
fn scale_after(m: &mut Module, op: Op, qf: Value, s: Value, map: &[usize]) -> bool {
    m.dfg.set_operand(op, 1, qf);
    m.refresh_signature(op);
    let out = m.dfg.op(op).results[0];
    let Some(out_t) = m.dfg.ty(out).as_tensor().cloned() else {
        return false;
    };
    let Some(after) = m.next_op(op) else {
        return false;
    };
    let sb = stablehlo::broadcast_in_dim(m, after, s, map, out_t);
    let scaled = stablehlo::multiply(m, after, out, sb);
    stablehlo::set_loc(m, sb, op);
    stablehlo::set_loc(m, scaled, op);
    let mul = m.dfg.producer(scaled).expect("multiply");
    m.dfg.replace_uses(out, scaled, Some(mul));
    true
}

impl Int8Weights {
    /// The weight operand (operand 1) of a one-result f32 `op` — an f32
    /// tensor of static shape with at least `min-elements` elements (else
    /// counted `skipped-small`) — and its shape.
    fn weight_operand(
        &self,
        m: &Module,
        op: Op,
        stats: &mut PassStats,
    ) -> Option<(Value, Vec<u64>)> {
        let d = m.dfg.op(op);
        if d.operands.len() != 2
            || d.results.len() != 1
            || m.dfg.ty(d.results[0]).elem() != Some(&ElemType::F32)
        {
            return None;
        }
        let w = d.operands[1];
        let wt = m.dfg.ty(w).as_tensor()?;
        let shape = wt.static_shape()?;
        if wt.elem != ElemType::F32 || wt.num_elements().unwrap_or(0) < self.min_elements.max(1) {
            stats.bump("skipped-small");
            return None;
        }
        Some((w, shape))
    }

    /// Per-output-channel int8 kernels for a convolution:
    /// `conv(x, W) ==> conv(x, convert(q)) * broadcast(s)`, exact because
    /// each output feature reads only its own kernel slice.
    fn convolution(&self, m: &mut Module, conv: Op, stats: &mut PassStats) -> bool {
        let Some((w, shape)) = self.weight_operand(m, conv, stats) else {
            return false;
        };
        if !self.filter.admits(m, conv, stats) {
            return false;
        }
        let Some(cd) = stablehlo::ConvDims::read(m, conv) else {
            stats.bump("skipped-unreadable-dim-numbers");
            return false;
        };
        // The scale is broadcast to the result's type: it must be static.
        let out = m.dfg.op(conv).results[0];
        if m.dfg
            .ty(out)
            .as_tensor()
            .and_then(|t| t.static_shape())
            .is_none()
        {
            stats.bump("skipped-dynamic-result");
            return false;
        }
        if self.four_bit || self.group != 0 || self.int8_activations {
            stats.bump("skipped-convolution-per-channel-only");
            return false;
        }
        let Some((root, _)) = weight_root(m, conv, w, false, stats) else {
            return false;
        };
        if weights::non_finite_constant(m, root, conv, self.name(), stats) {
            return false;
        }
        let scheme = Scheme::PerChannel {
            reduce: (0..shape.len()).filter(|&i| i != cd.kernel_out).collect(),
        };
        let Some((q, s)) = self.store(m, conv, root, &scheme, &shape, stats) else {
            return false;
        };
        let qf = stablehlo::convert(m, conv, q, ElemType::F32).expect("a tensor");
        if !scale_after(m, conv, qf, s, &[cd.output_feature]) {
            return false;
        }
        stats.bump("convolution");
        let n: u64 = shape.iter().product();
        count_bytes(stats, n * 4, n + shape[cd.kernel_out] * 4);
        true
    }
}

impl Int8Weights {
    /// One `dot_general`'s weight quantized in the form the options ask
    /// for; whether the module changed.
    fn rewrite_dot(&self, m: &mut Module, dot: Op, stats: &mut PassStats) -> bool {
        let Some((w, shape)) = self.weight_operand(m, dot, stats) else {
            return false;
        };
        if !self.filter.admits(m, dot, stats) {
            return false;
        }
        let Some(dims) = DotDims::read(m, dot) else {
            return false;
        };
        let Some((root, lookups)) = weight_root(m, dot, w, true, stats) else {
            return false;
        };
        if weights::non_finite_constant(m, root, dot, self.name(), stats) {
            return false;
        }
        // A tied table: its lookups read the int8 rows and scale them, which
        // needs one scale per looked-up row (per-channel, rows = channels).
        // Under 4 bits or groups the table is stored so too, per row in
        // int8, as llama.cpp keeps a tied embedding at 6-8 bits under Q4.
        let kept = quant::kept_dims(shape.len(), &dims.rhs_contract);
        let (group, four_bit) = if lookups.is_empty() {
            (self.group, self.four_bit)
        } else {
            if lookups
                .iter()
                .any(|lk| !lookup::can_dequantize(m, lk, &kept))
            {
                stats.bump("skipped-lookup-not-of-channels");
                return false;
            }
            if self.four_bit || self.group != 0 {
                stats.bump("tied-table-per-row-int8");
                stats.warn(format!(
                    "{}: a table that both a dot and an embedding lookup read is stored per row in int8, not as asked ({}): a lookup needs one scale per row",
                    self.name(),
                    if self.four_bit { "4-bit groups" } else { "int8 groups" }
                ));
            }
            (0, false)
        };
        if four_bit {
            return self.affine4_dot(m, dot, root, &shape, &dims, stats);
        }
        let Some(scheme) = self.scheme(group, &shape, &dims, stats) else {
            return false;
        };
        // `x [M, K] . W [K, N]`: the forms that split the contraction or
        // quantize the activation are written for this shape only.
        let x = m.dfg.op(dot).operands[0];
        let x_shape = m.dfg.ty(x).as_tensor().and_then(|t| t.static_shape());
        let two_d = shape.len() == 2
            && dims.rhs_contract == [0]
            && dims.lhs_contract == [1]
            && dims.rhs_batch.is_empty()
            && x_shape.as_ref().is_some_and(|s| s.len() == 2);
        let Some((q, s)) = self.store(m, dot, root, &scheme, &shape, stats) else {
            return false;
        };
        for lk in &lookups {
            if lookup::dequantize(m, lk, s, &kept).is_none() {
                return false;
            }
            stats.bump("lookup-dequant");
        }
        let n: u64 = shape.iter().product();
        if self.int8_activations && group == 0 {
            if let Some(pd) = super::layout::panel_dot(m, dot) {
                if self.int8_panel_dot(m, dot, &pd, q, s).is_some() {
                    stats.bump("int8-activations-panels");
                    count_bytes(stats, n * 4, n + pd.panels * pd.width * 4);
                    return true;
                }
            }
            if let (true, Some(xs)) = (two_d, &x_shape) {
                self.int8_dot(m, dot, x, q, s, xs[0], shape[0], shape[1]);
                stats.bump("int8-activations");
                count_bytes(stats, n * 4, n + shape[1] * 4);
                return true;
            }
        }
        let qf = stablehlo::convert(m, dot, q, ElemType::F32).expect("a tensor");
        let done = match &scheme {
            Scheme::PerChannel { .. } => per_channel_after(m, dot, qf, s, &shape, &dims, stats),
            Scheme::Grouped { group, .. } if self.split && two_d => {
                let xs = x_shape.unwrap_or_default();
                grouped_split(
                    m,
                    dot,
                    (x, qf, s),
                    (xs[0], shape[0], shape[1], *group),
                    stats,
                );
                true
            }
            Scheme::Grouped { axis, group } => {
                grouped_before(m, dot, qf, s, &shape, (*axis, *group), stats);
                true
            }
        };
        if !done {
            return false;
        }
        let n_scales: u64 = scheme.scale_shape(&shape).iter().product();
        count_bytes(stats, n * 4, n + n_scales * 4);
        true
    }

    /// The int8 scheme for a weight of `shape` read by a dot with `dims`:
    /// per output channel (`group` 0), or groups of `group` along the one
    /// contracting dim.
    fn scheme(
        &self,
        group: u64,
        shape: &[u64],
        dims: &DotDims,
        stats: &mut PassStats,
    ) -> Option<Scheme> {
        if group == 0 {
            return Some(Scheme::PerChannel {
                reduce: dims.rhs_contract.clone(),
            });
        }
        match dims.rhs_contract.as_slice() {
            [c] if shape.get(*c).is_some_and(|&s| s % group == 0) => {
                Some(Scheme::Grouped { axis: *c, group })
            }
            _ => {
                stats.bump("skipped-group-does-not-divide");
                None
            }
        }
    }

    /// The 4-bit group asked for: `group-size`, 64 (MLX's) when not given.
    fn affine4_group(&self) -> u64 {
        if self.group == 0 {
            64
        } else {
            self.group
        }
    }

    /// `bits=4`: the weight in MLX's affine form, dequantized in the graph.
    fn affine4_dot(
        &self,
        m: &mut Module,
        dot: Op,
        root: Root,
        shape: &[u64],
        dims: &DotDims,
        stats: &mut PassStats,
    ) -> bool {
        let contract = match dims.rhs_contract.as_slice() {
            [c] => *c,
            _ => {
                stats.bump("skipped-not-one-contracting-dim");
                return false;
            }
        };
        let Some(after) = self.store_affine(m, dot, root, shape, contract) else {
            stats.bump("skipped-group-does-not-divide");
            return false;
        };
        let asked = self.affine4_group();
        if shape
            .get(contract)
            .is_some_and(|&k| affine_group(asked, k) != asked)
        {
            stats.bump("affine4-smaller-group");
        }
        stats.bump(if matches!(root, Root::Arg(_)) {
            "affine4-argument"
        } else {
            "affine4-constant"
        });
        let n: u64 = shape.iter().product();
        count_bytes(stats, n * 4, after);
        true
    }
}

/// The 4-bit group for a contracting dim of `k` when `asked` was asked for:
/// a contraction shorter than the group is one group; otherwise the group
/// is halved while it does not divide `k`, down to 32 (`group-size=128` on
/// a contraction of 192 uses groups of 64). What still does not divide is
/// refused by [`Affine::check_shape`].
fn affine_group(asked: u64, k: u64) -> u64 {
    let mut group = asked.min(k);
    while k % group != 0 && group % 2 == 0 && group > 32 {
        group /= 2;
    }
    group
}

/// Per channel: `out = dot(x, q) * broadcast(s)`, where s's dims are the
/// rhs batch dims (first in the output) and free dims (last).
fn per_channel_after(
    m: &mut Module,
    dot: Op,
    qf: Value,
    s: Value,
    shape: &[u64],
    dims: &DotDims,
    stats: &mut PassStats,
) -> bool {
    let out_rank = m
        .dfg
        .ty(m.dfg.op(dot).results[0])
        .as_tensor()
        .and_then(|t| t.dims.as_ref())
        .map_or(0, |d| d.len());
    let free: Vec<usize> = (0..shape.len())
        .filter(|d| !dims.rhs_batch.contains(d) && !dims.rhs_contract.contains(d))
        .collect();
    let map: Vec<usize> = (0..shape.len())
        .filter(|d| !dims.rhs_contract.contains(d))
        .map(|d| match dims.rhs_batch.iter().position(|&b| b == d) {
            Some(i) => i,
            None => out_rank - free.len() + free.iter().position(|&f| f == d).unwrap_or(0),
        })
        .collect();
    if !scale_after(m, dot, qf, s, &map) {
        return false;
    }
    stats.bump("per-channel");
    true
}

/// Groups with the contraction split (`x [M, K] . W [K, N]` only):
/// `out[m, n] = Σ_g (Σ_{k in g} x[m, k] q[k, n]) * s[g, n]`.
fn grouped_split(
    m: &mut Module,
    dot: Op,
    (x, qf, s): (Value, Value, Value),
    (mm, k, n, g): (u64, u64, u64, u64),
    stats: &mut PassStats,
) {
    let xr = stablehlo::reshape(m, dot, x, &[mm, k / g, g]).expect("a tensor");
    let qr = stablehlo::reshape(m, dot, qf, &[k / g, g, n]).expect("a tensor");
    let partial = stablehlo::dot_batched(
        m,
        dot,
        xr,
        qr,
        TensorType::new(&[k / g, mm, n], ElemType::F32),
    );
    let sb = stablehlo::broadcast_in_dim(
        m,
        dot,
        s,
        &[0, 2],
        TensorType::new(&[k / g, mm, n], ElemType::F32),
    );
    let scaled = stablehlo::multiply(m, dot, partial, sb);
    let sum = stablehlo::reduce_sum(m, dot, scaled, 0, TensorType::new(&[mm, n], ElemType::F32));
    let out = m.dfg.op(dot).results[0];
    m.dfg.replace_uses(out, sum, None);
    stats.bump("grouped-split");
}

/// Groups dequantized before the dot:
/// `w = reshape(reshape(convert(q), [.., K/G, G, ..]) * broadcast(s), [.., K, ..])`.
fn grouped_before(
    m: &mut Module,
    dot: Op,
    qf: Value,
    s: Value,
    shape: &[u64],
    (axis, group): (usize, u64),
    stats: &mut PassStats,
) {
    let mut split = shape.to_vec();
    split[axis] = shape[axis] / group;
    split.insert(axis + 1, group);
    let qs = stablehlo::reshape(m, dot, qf, &split).expect("a tensor");
    let map: Vec<usize> = (0..shape.len())
        .map(|d| if d <= axis { d } else { d + 1 })
        .collect();
    let sb = stablehlo::broadcast_in_dim(m, dot, s, &map, TensorType::new(&split, ElemType::F32));
    let deq = stablehlo::multiply(m, dot, qs, sb);
    let wf = stablehlo::reshape(m, dot, deq, shape).expect("a tensor");
    m.dfg.set_operand(dot, 1, wf);
    m.refresh_signature(dot);
    stats.bump("grouped");
}

impl Pass for Int8Weights {
    fn name(&self) -> &'static str {
        "int8-weights"
    }

    fn run(&self, m: &mut Module, stats: &mut PassStats) -> Result<bool, PassError> {
        // Legacy dots, einsums and transposed weights as `dot_general(x, W)`.
        let mut changed = super::dots::canonicalize(m, stats);
        changed |= fold_weight_reshapes(m, stats);
        for conv in m.ops_named("stablehlo.convolution") {
            changed |= self.convolution(m, conv, stats);
        }
        for dot in m.ops_named("stablehlo.dot_general") {
            changed |= self.rewrite_dot(m, dot, stats);
        }
        if let Some(&n) = stats.rewrites.get("affine4-smaller-group") {
            let asked = self.affine4_group();
            stats.warn(format!(
                "{}: {n} weight(s) quantized in groups smaller than {asked}: their contracting dim is shorter or not a multiple of it (one group, or halved until it divides)",
                self.name()
            ));
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::affine_group;

    #[test]
    fn affine_group_fits_the_contraction() {
        // Divides: kept.
        assert_eq!(affine_group(128, 2048), 128);
        assert_eq!(affine_group(64, 192), 64);
        // Shorter than the group: one group.
        assert_eq!(affine_group(128, 64), 64);
        assert_eq!(affine_group(64, 48), 48);
        // Halved until it divides, not below 32.
        assert_eq!(affine_group(128, 192), 64);
        assert_eq!(affine_group(128, 160), 32);
        assert_eq!(affine_group(64, 100), 32);
        // Odd or small groups are left for check_shape to refuse.
        assert_eq!(affine_group(24, 100), 24);
    }
}
