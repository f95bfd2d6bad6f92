//! `f16-matmul` and `bf16-matmul`: matmul and convolution inputs in a narrow
//! float, accumulation and results in f32.
//!
//! Rewrites (one-line algebra each; N is f16 or bf16):
//!
//! * `weight-constant`:  dot(x, const_f32 W)       ==> dot(x, const_N round(W)) — data converted now
//! * `weight-argument`:  dot(x, %arg: f32)         ==> dot(x, %arg: N)         — argument re-stored
//! * `activation`:       dot(x: f32, ...)          ==> dot(convert(x) -> N, ...)
//! * `view-retyped`:     reshape/transpose/... of a re-stored weight carry N
//! * `lookup-retyped`:   gather(%arg: N, i)        ==> convert(gather(%arg, i)) -> f32 (tied embeddings)
//!
//! The dot keeps its f32 result type: `(N, N) -> f32` means f32 accumulation.
//! A constant with values outside N's range keeps the op in f32 (warning),
//! unless `overflow=clamp`.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::filter::{self, OpFilter};
use super::weights::{self, Root};
use super::{OptionInfo, Options, Pass, PassError, PassInfo, PassStats};
use crate::ir::{constants, stablehlo, Block, ElemType, Module, Op, Type, Value, ValueDef};
use crate::recipe::{self, Narrow, Step};
use crate::tensor::{narrow_f32, DType, OutOfRange};

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        name: "ops",
        kind: "list",
        default: "dot_general,dot,einsum,convolution",
        help: "which ops to rewrite",
    },
    OptionInfo {
        name: "min-elements",
        kind: "int",
        default: "0",
        help: "skip ops whose larger operand has fewer elements",
    },
    filter::INCLUDE,
    filter::EXCLUDE,
    OptionInfo {
        name: "weights",
        kind: "resident|convert",
        default: "resident",
        help: "resident: weight arguments change type (see `hlo-opt weights convert`); convert: signature kept, converts inserted",
    },
    OptionInfo {
        name: "overflow",
        kind: "keep|clamp",
        default: "keep",
        help: "constant weights beyond the narrow type's range: keep the op in f32, or clamp to the largest finite value",
    },
];

/// Registry entry for `f16-matmul`.
pub fn info_f16() -> PassInfo {
    PassInfo {
        name: "f16-matmul",
        summary: "dot_general/convolution inputs in f16, f32 accumulation and results; weights re-stored as f16",
        options: OPTIONS,
        make: |o| Ok(Box::new(MatmulPrecision::new("f16-matmul", ElemType::F16, o)?)),
    }
}

/// Registry entry for `bf16-matmul`.
pub fn info_bf16() -> PassInfo {
    PassInfo {
        name: "bf16-matmul",
        summary: "dot_general/convolution inputs in bf16, f32 accumulation and results; weights re-stored as bf16",
        options: OPTIONS,
        make: |o| Ok(Box::new(MatmulPrecision::new("bf16-matmul", ElemType::BF16, o)?)),
    }
}

/// The pass, for one narrow type.
pub struct MatmulPrecision {
    name: &'static str,
    narrow: ElemType,
    ops: Vec<String>,
    min_elements: u64,
    filter: OpFilter,
    resident: bool,
    clamp: bool,
}

impl MatmulPrecision {
    /// Reads the options.
    pub fn new(name: &'static str, narrow: ElemType, o: &Options) -> Result<Self, PassError> {
        let ops = o
            .list_or("ops", &["dot_general", "dot", "einsum", "convolution"])?
            .into_iter()
            .map(|s| {
                if s.contains('.') {
                    s
                } else {
                    format!("stablehlo.{s}")
                }
            })
            .collect::<Vec<_>>();
        for op in &ops {
            if !super::dots::is_matmul(op) {
                return Err(PassError::BadOption {
                    pass: name.into(),
                    message: format!(
                        "option `ops`: `{op}` is not one of dot_general, dot, einsum, convolution"
                    ),
                });
            }
        }
        Ok(MatmulPrecision {
            name,
            narrow,
            ops,
            min_elements: o.u64_or("min-elements", 0)?,
            filter: OpFilter::from_options(o)?,
            resident: o.choice_or("weights", &["resident", "convert"], "resident")? == "resident",
            clamp: o.choice_or("overflow", &["keep", "clamp"], "keep")? == "clamp",
        })
    }

    fn narrow_name(&self) -> &'static str {
        if self.narrow == ElemType::F16 {
            "f16"
        } else {
            "bf16"
        }
    }

    /// Ops to rewrite: named in `ops`, f32 tensor operands and result, and
    /// passing the size and name filters.
    fn select(&self, m: &Module, stats: &mut PassStats) -> Vec<Op> {
        let mut out = Vec::new();
        // Named ops only: the name test reads the graph's dense name ids.
        let wanted = m.dfg.names_where(|n| self.ops.iter().any(|o| o == n));
        for op in m.walk() {
            if !m.dfg.kind_in(op, &wanted) {
                continue;
            }
            let d = m.dfg.op(op);
            if d.operands.len() != 2 || d.results.len() != 1 {
                continue;
            }
            let tensors: Option<Vec<_>> = d
                .operands
                .iter()
                .map(|&v| m.dfg.ty(v).as_tensor())
                .collect();
            let Some(tensors) = tensors else { continue };
            if m.dfg.ty(d.results[0]).elem() != Some(&ElemType::F32)
                || !tensors.iter().any(|t| t.elem == ElemType::F32)
                || !tensors
                    .iter()
                    .all(|t| t.elem == ElemType::F32 || t.elem == self.narrow)
            {
                continue;
            }
            let size = tensors
                .iter()
                .filter_map(|t| t.num_elements())
                .max()
                .unwrap_or(u64::MAX);
            if size < self.min_elements {
                stats.bump("skipped-small");
                continue;
            }
            if !self.filter.admits(m, op, stats) {
                continue;
            }
            out.push(op);
        }
        out
    }

    fn dtype(&self) -> DType {
        if self.narrow == ElemType::F16 {
            DType::F16
        } else {
            DType::BF16
        }
    }

    /// Re-stores one root (argument or constant) in the narrow type, with the
    /// view ops after it. Returns false when it must stay f32 as it is.
    fn restore_root(
        &self,
        m: &mut Module,
        root: Root,
        wanted: &BTreeSet<(Op, usize)>,
        stats: &mut PassStats,
        skipped_ops: &mut BTreeSet<Op>,
    ) -> bool {
        let v = root.value();
        let Some(t) = m.dfg.ty(v).as_tensor().cloned() else {
            return false;
        };
        if t.elem != ElemType::F32 {
            return false;
        }
        let closure = weights::closure(m, v);
        let others: Vec<(Op, usize)> = closure
            .leaves
            .iter()
            .copied()
            .filter(|leaf| !wanted.contains(leaf))
            .collect();
        let bytes_before = t.num_elements().unwrap_or(0) * 4;
        match root {
            Root::Arg(arg) => {
                if !self.resident {
                    return false;
                }
                // Lookups (gather, dynamic_slice of the table) may read the
                // narrow table and widen only the rows they take.
                let tolerant = |m: &Module, (op, idx): (Op, usize)| {
                    idx == 0
                        && matches!(
                            m.dfg.op(op).name.as_str(),
                            "stablehlo.gather" | "stablehlo.dynamic_slice"
                        )
                        && m.dfg.op(op).results.len() == 1
                };
                // An argument is a weight when some rewritten op reads it as
                // its right-hand operand (the kernel of a convolution), as
                // `x @ W` and `conv(x, K)` do; other arguments are inputs
                // and keep their type (they get a convert like activations).
                if !wanted.iter().any(|&(_, i)| i == 1) || !others.iter().all(|&l| tolerant(m, l)) {
                    return false;
                }
                let Some(narrow) = Narrow::of(&self.narrow) else {
                    return false;
                };
                recipe::record(m, arg, &[Step::Convert(narrow)]);
                m.set_decl_type(arg, Type::Tensor(t.with_elem(self.narrow.clone())));
                stats.bump("weight-argument");
                for (op, _) in others {
                    self.retype_lookup(m, op);
                    stats.bump("lookup-retyped");
                }
            }
            Root::Constant(c) => {
                if !others.is_empty() {
                    return false;
                }
                // A splat stays a splat: one element is narrowed and written.
                let Some(values) = constants::f32_values_compact(m, c) else {
                    return false;
                };
                if let Some(&(op, _)) = wanted.iter().next() {
                    if weights::non_finite_constant(m, root, op, self.name, stats) {
                        skipped_ops.extend(wanted.iter().map(|&(op, _)| op));
                        return false;
                    }
                }
                let producer = m.dfg.producer(c).expect("a constant has a producer");
                let bytes = match narrow_f32(&values, self.dtype(), self.clamp) {
                    Ok(b) => b,
                    Err(OutOfRange { value: x, .. }) => {
                        let users: Vec<String> = wanted
                            .iter()
                            .map(|&(op, _)| {
                                let loc =
                                    m.location_text(op).unwrap_or_else(|| "no location".into());
                                format!("{} {loc}", m.dfg.op(op).name)
                            })
                            .collect();
                        stats.warn(format!(
                            "{}: constant {} holds {x:e}, beyond {}'s range; kept in f32: {} (overflow=clamp clamps instead)",
                            self.name,
                            m.dfg.value(c).ref_text(),
                            self.narrow_name(),
                            users.join(", ")
                        ));
                        for (op, _) in wanted {
                            skipped_ops.insert(*op);
                        }
                        stats.bump("skipped-overflow");
                        return false;
                    }
                };
                let narrow_t = t.with_elem(self.narrow.clone());
                let new = stablehlo::constant_hex(m, producer, narrow_t, &bytes);
                m.dfg.replace_uses(c, new, None);
                stats.bump("weight-constant");
            }
            Root::Other(_) => return false,
        }
        for op in closure.views {
            if let Some(rt) = m.dfg.ty(m.dfg.op(op).results[0]).as_tensor().cloned() {
                m.set_result_type(op, 0, Type::Tensor(rt.with_elem(self.narrow.clone())));
                stats.bump("view-retyped");
            }
        }
        *stats.figures.entry("weight-bytes-before").or_default() += bytes_before;
        *stats.figures.entry("weight-bytes-after").or_default() += bytes_before / 2;
        true
    }

    /// `v` in the narrow type, for the matmul `user`: converted where it is
    /// computed, before the view ops (reshape, broadcast_in_dim, transpose,
    /// slice) between it and the matmul, which are copied onto the narrow
    /// value. One convert and one copy per value however many matmuls read
    /// it: IREE 3.13 cannot compile an f32 value broadcast into several
    /// shapes and converted after each broadcast (docs/passes.md).
    fn narrow_activation(
        &self,
        m: &mut Module,
        narrowed: &mut HashMap<(Value, Option<Block>), Value>,
        user: Op,
        v: Value,
    ) -> Option<Value> {
        // The view chain up from `v`, nearest first.
        let mut chain = Vec::new();
        let mut src = v;
        while !narrowed.contains_key(&(src, None)) {
            match m.dfg.producer(src) {
                Some(op)
                    if weights::is_view_op(&m.dfg.op(op).name)
                        && m.dfg.op(op).operands.len() == 1
                        && m.dfg.op(op).results.len() == 1 =>
                {
                    chain.push(op);
                    src = m.dfg.op(op).operands[0];
                }
                _ => break,
            }
        }
        // A convert of a value that region syntax declares (while, reduce)
        // goes at the top of the block where it is first read (users come
        // in program order; the value is visible in the whole block), and
        // is seen only in that block: it is reused there only, so its key
        // names the block. (Placed before its first reader instead, a later
        // reader earlier in the block, such as a view op of another
        // operand's chain, would read it before its definition.)
        let declared_in = match m.dfg.value(src).def {
            ValueDef::Decl { op, .. } if m.dfg.op(op).name != "func.func" => {
                Some(m.layout.block_of(chain.last().copied().unwrap_or(user))?)
            }
            _ => None,
        };
        let key = (src, declared_in);
        let mut cur = match narrowed.get(&key) {
            Some(&n) => n,
            None => {
                // Otherwise where `src` is defined, seen by all its users.
                let anchor = match m.dfg.value(src).def {
                    ValueDef::Result { op, .. } => m.next_op(op)?,
                    ValueDef::Decl { op, .. } if m.dfg.op(op).name == "func.func" => {
                        m.first_body_op(op)?
                    }
                    ValueDef::BlockArg { block, .. } => m.layout.first(block)?,
                    ValueDef::Decl { .. } => m.layout.first(declared_in?)?,
                };
                let n = stablehlo::convert(m, anchor, src, self.narrow.clone())?;
                stablehlo::set_loc(m, n, user);
                narrowed.insert(key, n);
                n
            }
        };
        for &op in chain.iter().rev() {
            let r = m.dfg.op(op).results[0];
            let rt = m.dfg.ty(r).as_tensor()?.with_elem(self.narrow.clone());
            let anchor = m.next_op(op)?;
            let copy = m.copy_op_before(anchor, op, &[cur], &[Type::Tensor(rt)])?;
            cur = m.dfg.op(copy).results[0];
            narrowed.insert((r, None), cur);
        }
        Some(cur)
    }

    /// `r = gather(table, i)` on a narrow table: `r` is narrow, and a convert
    /// back to f32 follows for its users.
    fn retype_lookup(&self, m: &mut Module, op: Op) {
        let r = m.dfg.op(op).results[0];
        let Some(rt) = m.dfg.ty(r).as_tensor().cloned() else {
            return;
        };
        m.set_result_type(op, 0, Type::Tensor(rt.with_elem(self.narrow.clone())));
        let Some(next) = m.next_op(op) else { return };
        let Some(wide) = stablehlo::convert(m, next, r, ElemType::F32) else {
            return;
        };
        let cvt = m.dfg.producer(wide).expect("convert result");
        m.dfg.replace_uses(r, wide, Some(cvt));
    }
}

impl Pass for MatmulPrecision {
    fn name(&self) -> &'static str {
        self.name
    }

    fn run(&self, m: &mut Module, stats: &mut PassStats) -> Result<bool, PassError> {
        // IREE takes mixed-precision (N, N) -> f32 only as dot_general:
        // legacy dots and einsums become dot_general first.
        super::dots::canonicalize(m, stats);
        let selected = self.select(m, stats);
        // Which operands each root feeds.
        let mut by_root: BTreeMap<Root, BTreeSet<(Op, usize)>> = BTreeMap::new();
        for &op in &selected {
            for (i, &v) in m.dfg.op(op).operands.iter().enumerate() {
                if m.dfg.ty(v).elem() == Some(&ElemType::F32) {
                    by_root
                        .entry(weights::find_root(m, v))
                        .or_default()
                        .insert((op, i));
                }
            }
        }
        let mut skipped = BTreeSet::new();
        for (root, wanted) in &by_root {
            if matches!(root, Root::Constant(_)) || matches!(root, Root::Arg(_)) {
                self.restore_root(m, *root, wanted, stats, &mut skipped);
            }
        }
        let mut changed = stats.changed();
        let mut narrowed = HashMap::new();
        for op in selected {
            if skipped.contains(&op) {
                continue;
            }
            for i in 0..m.dfg.op(op).operands.len() {
                let v = m.dfg.op(op).operands[i];
                if m.dfg.ty(v).elem() == Some(&ElemType::F32) {
                    if let Some(c) = self.narrow_activation(m, &mut narrowed, op, v) {
                        m.dfg.set_operand(op, i, c);
                        stats.bump("activation");
                    }
                }
            }
            m.refresh_signature(op);
            if super::dots::needs_narrow_result(m, op)
                && super::dots::narrow_result(m, op, self.narrow.clone())
            {
                stats.bump("grouped-conv-narrow-result");
            }
            stats.bump("op-rewritten");
            changed = true;
        }
        Ok(changed)
    }
}
