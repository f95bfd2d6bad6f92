//! Shared analysis for passes that change how weights are stored: where a
//! matmul operand comes from, and everything a weight flows into.
//!
//! A *root* is a function argument or a constant. Its *view closure* is every
//! value reached from it through layout-only ops (reshape, transpose,
//! broadcast_in_dim, slice); the ops where the closure ends are its *leaves*.

use std::collections::BTreeSet;

use crate::affine::{Affine, Storage};
pub use crate::ir::op_class::is_view as is_view_op;
use crate::ir::stablehlo;
use crate::ir::{ElemType, Module, Op, TensorType, Type, Value, ValueDef};
use crate::recipe::{self, Origin, Recipe, Step};

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Root {
    /// An argument of a function that no one in the module calls.
    Arg(Value),
    /// The result of a `stablehlo.constant`.
    Constant(Value),
    /// Anything else: an activation.
    Other(Value),
}

impl Root {
    /// The root value.
    pub fn value(self) -> Value {
        match self {
            Root::Arg(v) | Root::Constant(v) | Root::Other(v) => v,
        }
    }
}

/// Whether the constant weight `root` (read by `op`) holds a NaN or an
/// infinity; if so the pass keeps `op` as it is, warns naming the constant,
/// the element and the op, and counts `skipped-non-finite`. Arguments are
/// checked when their values are converted (`hlo-opt weights convert`).
pub fn non_finite_constant(
    m: &Module,
    root: Root,
    op: Op,
    pass: &str,
    stats: &mut super::PassStats,
) -> bool {
    let Root::Constant(c) = root else {
        return false;
    };
    let Some(values) = crate::ir::constants::f32_values_compact(m, c) else {
        return false;
    };
    let Some((index, x)) = crate::tensor::first_non_finite(&values) else {
        return false;
    };
    let loc = m.location_text(op).unwrap_or_else(|| "no location".into());
    stats.warn(format!(
        "{pass}: constant {} holds {x} at element {index}; a NaN or infinity is not a weight value to narrow, so {} {loc} stays f32",
        m.dfg.value(c).ref_text(),
        m.dfg.op(op).name
    ));
    stats.bump("skipped-non-finite");
    true
}

/// Follows `v` up through view ops to its root.
pub fn find_root(m: &Module, mut v: Value) -> Root {
    loop {
        match m.dfg.value(v).def {
            ValueDef::Result { op, .. } => {
                let d = m.dfg.op(op);
                if d.name == "stablehlo.constant" {
                    return Root::Constant(v);
                }
                if is_view_op(&d.name) && d.operands.len() == 1 {
                    v = d.operands[0];
                    continue;
                }
                return Root::Other(v);
            }
            ValueDef::Decl { op, .. } => {
                let d = m.dfg.op(op);
                if d.name == "func.func" && !is_called(m, op) {
                    return Root::Arg(v);
                }
                return Root::Other(v);
            }
            ValueDef::BlockArg { .. } => return Root::Other(v),
        }
    }
}

/// Whether a function is called from the module (then its signature must stay).
fn is_called(m: &Module, func: Op) -> bool {
    let Some(name) = m.symbol(func) else {
        return true;
    };
    if m.visibility(func) == Some("private") {
        return true;
    }
    // The module indexes call targets once (see `Module::is_called_symbol`).
    m.is_called_symbol(name)
}

/// The view closure of a root.
#[derive(Debug, Default)]
pub struct Closure {
    /// View ops inside it, in discovery order.
    pub views: Vec<Op>,
    /// Where it ends: (user, operand index).
    pub leaves: Vec<(Op, usize)>,
}

/// Collects the view closure of `root`.
pub fn closure(m: &Module, root: Value) -> Closure {
    let mut out = Closure::default();
    let mut seen = BTreeSet::new();
    let mut work = vec![root];
    while let Some(v) = work.pop() {
        for (user, idx) in m.dfg.uses(v) {
            let d = m.dfg.op(user);
            // A view whose result type is not a readable tensor (a dialect
            // type) cannot be retyped with the root: it reads the root as is.
            if is_view_op(&d.name)
                && d.operands.len() == 1
                && d.results.len() == 1
                && m.dfg.ty(d.results[0]).as_tensor().is_some()
            {
                if seen.insert(user) {
                    out.views.push(user);
                    work.push(d.results[0]);
                }
            } else {
                out.leaves.push((user, idx));
            }
        }
    }
    out
}

/// Re-stores the float weight argument `arg` in MLX's affine form
/// (`crate::affine`): the argument becomes the stored integers (`ui8` bytes
/// or packed `ui32` words, by `storage`) and two
/// new arguments (scales, biases) are appended, each with its `hlo_opt.*`
/// recipe; the graph dequantizes (in f32) before `anchor` and every former
/// use of `arg` reads the dequantized tensor, rounded to the argument's own
/// float type when that is narrower. With `perm`, the stored form is
/// the weight transposed by `perm` (so that the group axis is last) and the
/// graph transposes back. Returns the dequantized value.
pub fn store_affine_arg(
    m: &mut Module,
    arg: Value,
    a: crate::affine::Affine,
    storage: crate::affine::Storage,
    perm: Option<&[usize]>,
    anchor: crate::ir::Op,
) -> Option<Value> {
    let func = match m.dfg.value(arg).def {
        ValueDef::Decl { op, .. } => op,
        _ => return None,
    };
    // Nothing is changed unless the scales and biases can be added.
    if !m.can_append_arg(func) {
        return None;
    }
    let orig_t = m.dfg.ty(arg).as_tensor()?.clone();
    let orig = orig_t.static_shape()?;
    let stored: Vec<u64> = match perm {
        Some(p) => p.iter().map(|&d| orig[d]).collect(),
        None => orig.clone(),
    };
    a.check_shape(&stored).ok()?;
    let storage = storage.for_bits(a.bits);
    let lead: Vec<Step> = perm
        .map(|p| Step::Transpose(p.to_vec()))
        .into_iter()
        .collect();
    let readers = m.dfg.uses(arg);
    let stored_steps: Vec<Step> = lead
        .iter()
        .cloned()
        .chain([Step::AffineStored(storage, a)])
        .collect();
    let origin = recipe::record(m, arg, &stored_steps)?;
    // The steps before this pass's, which the scales and biases share.
    let prior = &origin.recipe.0[..origin.recipe.0.len() - stored_steps.len()];
    m.set_decl_type(
        arg,
        Type::Tensor(TensorType::new(
            &a.stored_shape(&stored, storage),
            ElemType::from_text(storage.elem(a.bits)),
        )),
    );
    let group_t = Type::Tensor(TensorType::new(&a.group_shape(&stored), ElemType::F32));
    let mut extra = Vec::new();
    for part in [Step::AffineScales(a), Step::AffineBiases(a)] {
        let name = match part {
            Step::AffineScales(_) => "scales",
            _ => "biases",
        };
        let v = m.append_arg(func, name, group_t.clone())?;
        let steps = prior.iter().chain(&lead).cloned().chain([part]).collect();
        Origin {
            recipe: Recipe(steps),
            ..origin.clone()
        }
        .write(m, v);
        extra.push(v);
    }
    let w = affine_dequant_in_layout(
        m,
        anchor,
        (arg, extra[0], extra[1]),
        (a, storage),
        &stored,
        perm,
    )?;
    // A narrow float argument reads the f32 dequantization rounded to its type.
    let w = if orig_t.elem == ElemType::F32 {
        w
    } else {
        crate::ir::stablehlo::convert(m, anchor, w, orig_t.elem.clone())?
    };
    for (op, index) in readers {
        m.dfg.set_operand(op, index, w);
    }
    Some(w)
}

/// The graph's dequantization of affine `(stored, scales, biases)` before
/// `anchor` ([`affine_dequant`]), where the stored form
/// of shape `stored` is the weight transposed by `perm` (if given): the
/// result is transposed back to the weight's own layout.
pub fn affine_dequant_in_layout(
    m: &mut Module,
    anchor: crate::ir::Op,
    parts: (Value, Value, Value),
    (a, storage): (crate::affine::Affine, crate::affine::Storage),
    stored: &[u64],
    perm: Option<&[usize]>,
) -> Option<Value> {
    let w = affine_dequant(m, anchor, parts, a, storage, stored);
    match perm {
        Some(p) => {
            let inverse = crate::ir::stablehlo::inverse_permutation(p);
            crate::ir::stablehlo::transpose(m, anchor, w, &inverse)
        }
        None => Some(w),
    }
}

/// The dequantization of MLX's affine form (`crate::affine`) in the graph,
/// before `anchor`, of `(stored, scales, biases)`: packed words (`ui32
/// [.., C / per_word]`) are unpacked with `shift_right_logical` and `and`,
/// converted to f32, and scaled per group by the scales and biases (f32
/// `[.., C / group]`):
/// `w = reshape(convert(q) * s + b)`, f32 of `shape`.
///
/// With [`Storage::Bytes`] the integers come one
/// per `ui8` byte (`[.., C]`) and are only converted.
pub fn affine_dequant(
    m: &mut Module,
    anchor: Op,
    (stored, scales, biases): (Value, Value, Value),
    a: Affine,
    storage: Storage,
    shape: &[u64],
) -> Value {
    let r = shape.len();
    let keep: Vec<usize> = (0..r).collect();
    let t = |s: &[u64], e: &ElemType| TensorType::new(s, e.clone());
    let lead = &shape[..r - 1];
    let mut grouped: Vec<u64> = lead.to_vec();
    grouped.extend([shape[r - 1] / a.group, a.group]);
    let qf = match storage {
        Storage::Words => unpack_words(m, anchor, stored, a, shape),
        Storage::Bytes | Storage::Nibbles => {
            stablehlo::convert(m, anchor, stored, ElemType::F32).expect("a tensor")
        }
    };
    let qf_shape = m.dfg.ty(qf).as_tensor().and_then(|t| t.static_shape());
    let qg = if qf_shape.as_deref() == Some(&grouped[..]) {
        qf
    } else {
        stablehlo::reshape(m, anchor, qf, &grouped).expect("a tensor")
    };
    let sb = stablehlo::broadcast_in_dim(m, anchor, scales, &keep, t(&grouped, &ElemType::F32));
    let bb = stablehlo::broadcast_in_dim(m, anchor, biases, &keep, t(&grouped, &ElemType::F32));
    let scaled = stablehlo::multiply(m, anchor, qg, sb);
    let w = stablehlo::add(m, anchor, scaled, bb);
    stablehlo::reshape(m, anchor, w, shape).expect("a tensor")
}

/// `words` (`ui32 [.., C / per_word]`) unpacked to f32 `[.., C / per_word, per_word]`.
fn unpack_words(m: &mut Module, anchor: Op, words: Value, a: Affine, shape: &[u64]) -> Value {
    let r = shape.len();
    let lead = &shape[..r - 1];
    let per = a.per_word();
    let u32_t = ElemType::from_text("ui32");
    let mut unpacked: Vec<u64> = lead.to_vec();
    unpacked.extend([shape[r - 1] / per, per]);
    let keep: Vec<usize> = (0..r).collect();
    let t = |s: &[u64], e: &ElemType| TensorType::new(s, e.clone());
    let wb = stablehlo::broadcast_in_dim(m, anchor, words, &keep, t(&unpacked, &u32_t));
    let shift_bytes: Vec<u8> = (0..per as u32)
        .flat_map(|j: u32| (j * a.bits).to_le_bytes())
        .collect();
    let shifts = stablehlo::constant_hex(m, anchor, t(&[per], &u32_t), &shift_bytes);
    let shifts = stablehlo::broadcast_in_dim(m, anchor, shifts, &[r], t(&unpacked, &u32_t));
    let unpacked_t = Type::Tensor(t(&unpacked, &u32_t));
    let shifted = stablehlo::simple_op(
        m,
        anchor,
        "stablehlo.shift_right_logical",
        &[wb, shifts],
        "",
        unpacked_t.clone(),
        true,
    );
    let mask = stablehlo::constant_hex(m, anchor, t(&[], &u32_t), &a.max_q().to_le_bytes());
    let mask = stablehlo::broadcast_in_dim(m, anchor, mask, &[], t(&unpacked, &u32_t));
    let q = stablehlo::simple_op(
        m,
        anchor,
        "stablehlo.and",
        &[shifted, mask],
        "",
        unpacked_t,
        true,
    );
    stablehlo::convert(m, anchor, q, ElemType::F32).expect("a tensor")
}
