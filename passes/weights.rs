//! Shared analysis for passes that change how weights are stored: where a
//! matmul operand comes from, and everything a weight flows into.
//!
//! A *root* is a function argument or a constant. Its *view closure* is every
//! value reached from it through layout-only ops (reshape, transpose,
//! broadcast_in_dim, slice); the ops where the closure ends are its *leaves*.

use std::collections::BTreeSet;

pub use crate::ir::op_class::is_view as is_view_op;
use crate::ir::{Module, Op, Value, ValueDef};

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
    let Some(values) = super::precision::constant_f32_compact(m, c) else {
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

/// Adds a step to the `hlo_opt.*` attributes of a function argument that a
/// pass re-stores: where it came from (`hlo_opt.from`, `hlo_opt.orig_type`)
/// on the first step, and the steps so far (`hlo_opt.recipe`, joined by `|`).
pub fn record_arg_step(m: &mut Module, arg: Value, step: &str) {
    let index = match m.dfg.value(arg).def {
        ValueDef::Decl { index, .. } => index,
        _ => return,
    };
    // Attributes a previous run wrote are taken over, so that the recipe
    // grows instead of appearing twice.
    let written = m
        .dfg
        .value(arg)
        .attrs_span
        .is_some_and(|s| m.source.slice(s).contains("hlo_opt."));
    if written {
        m.take_written_attrs(arg);
    }
    let orig_type = m.dfg.ty(arg).to_string();
    let data = m.dfg.value_mut(arg);
    if let Some((_, recipe)) = data
        .extra_attrs
        .iter_mut()
        .find(|(k, _)| k == "hlo_opt.recipe")
    {
        let inner = recipe.trim_matches('"').to_string();
        *recipe = format!("\"{inner}|{step}\"");
        return;
    }
    data.extra_attrs
        .push(("hlo_opt.from".into(), format!("{index} : i64")));
    data.extra_attrs
        .push(("hlo_opt.orig_type".into(), format!("\"{orig_type}\"")));
    data.extra_attrs
        .push(("hlo_opt.recipe".into(), format!("\"{step}\"")));
}

/// The recipe an argument has so far (`hlo_opt.recipe`), without quotes.
pub fn hlo_opt_recipe(m: &Module, arg: Value) -> Option<String> {
    crate::weights::hlo_opt_attrs(m, arg)
        .into_iter()
        .rev()
        .find(|(k, _)| k == "recipe")
        .map(|(_, v)| v.trim_matches('"').to_string())
}

/// The original position and type of an argument that has `hlo_opt.*`
/// attributes.
pub fn arg_origin(m: &Module, arg: Value) -> Option<(usize, String)> {
    let attrs = crate::weights::hlo_opt_attrs(m, arg);
    let from = attrs
        .iter()
        .rev()
        .find(|(k, _)| k == "from")?
        .1
        .split(':')
        .next()?
        .trim()
        .parse()
        .ok()?;
    let ty = attrs
        .iter()
        .rev()
        .find(|(k, _)| k == "orig_type")?
        .1
        .trim_matches('"')
        .to_string();
    Some((from, ty))
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
    use crate::ir::{ElemType, TensorType, Type};
    let func = match m.dfg.value(arg).def {
        ValueDef::Decl { op, .. } => op,
        _ => return None,
    };
    let orig_t = m.dfg.ty(arg).as_tensor()?.clone();
    let orig = orig_t.static_shape()?;
    let stored: Vec<u64> = match perm {
        Some(p) => p.iter().map(|&d| orig[d]).collect(),
        None => orig.clone(),
    };
    a.check_shape(&stored).ok()?;
    let params = a.params();
    let lead = match perm {
        Some(p) => format!("{}|", crate::weights::transpose_step(p)),
        None => String::new(),
    };
    let prior = hlo_opt_recipe(m, arg)
        .map(|r| format!("{r}|"))
        .unwrap_or_default();
    let (from, orig_type) =
        arg_origin(m, arg).unwrap_or((arg_index(m, arg)?, m.dfg.ty(arg).to_string()));
    let storage = storage.for_bits(a.bits);
    let readers = m.dfg.uses(arg);
    record_arg_step(m, arg, &format!("{lead}{}({params})", storage.step()));
    m.set_decl_type(
        arg,
        Type::Tensor(TensorType::new(
            &a.stored_shape(&stored, storage),
            ElemType::from_text(storage.elem(a.bits)),
        )),
    );
    let group_t = Type::Tensor(TensorType::new(&a.group_shape(&stored), ElemType::F32));
    let mut extra = Vec::new();
    for part in ["scales", "biases"] {
        let v = m.append_arg(func, part, group_t.clone())?;
        let attrs = &mut m.dfg.value_mut(v).extra_attrs;
        attrs.push(("hlo_opt.from".into(), format!("{from} : i64")));
        attrs.push(("hlo_opt.orig_type".into(), format!("\"{orig_type}\"")));
        attrs.push((
            "hlo_opt.recipe".into(),
            format!("\"{prior}{lead}affine_{part}({params})\""),
        ));
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
/// `anchor` (`crate::ir::stablehlo::affine_dequant`), where the stored form
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
    let w = crate::ir::stablehlo::affine_dequant(m, anchor, parts, a, storage, stored);
    match perm {
        Some(p) => {
            let inverse = crate::weights::inverse_permutation(p);
            crate::ir::stablehlo::transpose(m, anchor, w, &inverse)
        }
        None => Some(w),
    }
}

fn arg_index(m: &Module, arg: Value) -> Option<usize> {
    match m.dfg.value(arg).def {
        ValueDef::Decl { index, .. } => Some(index as usize),
        _ => None,
    }
}
