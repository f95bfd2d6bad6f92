//! `f16` and `bf16`: the whole f32 computation in a narrow float, except the
//! islands that need f32.
//!
//! Rewrites (one-line algebra each; N is f16 or bf16):
//!
//! * `op-narrowed`:       y: f32 = op(a, b)         ==> y: N = op(a: N, b: N)   (elementwise and layout ops)
//! * `constant-narrowed`: const f32 C               ==> const N round(C)
//! * `matmul-inputs`:     dot(a, b) -> f32          ==> dot(a: N, b: N) -> f32 (f32 accumulation)
//! * `to-narrow` / `to-f32`: converts where a narrow value meets an f32 one
//! * `argument-narrowed`: with keep-io=false, %arg: f32 ==> %arg: N (see `weights convert`)
//! * `result-narrowed`:   with keep-io=false, the function returns N
//!
//! Islands (kept f32, inputs widened back): conversions from integers wider
//! than 8 bits (an i32 accumulator overflows f16), reductions (their accumulators),
//! `exponential`, `log`, `rsqrt`, `sqrt`, `divide`, `power` — the pieces of
//! norms and softmax whose error the tests measure
//! (tests/numeric_precision.rs, `f16_graph_islands_each_reduce_the_error`) —
//! and every op this pass does not know (regions, custom calls, returns).
//! A constant beyond N's range stays f32 and so does everything computed
//! elementwise from it, up to the next island (`overflow=clamp` clamps it).

use std::collections::HashSet;

use super::{OptionInfo, Options, Pass, PassError, PassInfo, PassStats};
use crate::ir::op_class::{self, is_narrowable};
use crate::ir::{constants, stablehlo, ElemType, Module, Op, Type, Value};
use crate::recipe::{self, Narrow, Step};
use crate::tensor::{narrow_f32, DType, OutOfRange};

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        name: "keep-io",
        kind: "bool",
        default: "true",
        help: "keep the function's f32 arguments and results (false: they become narrow; see `weights convert`)",
    },
    OptionInfo {
        name: "islands",
        kind: "list",
        default: "reduce,reduce_window,exponential,log,rsqrt,sqrt,divide,power",
        help: "ops kept in f32 (without the `stablehlo.` prefix)",
    },
    OptionInfo {
        name: "overflow",
        kind: "keep|clamp",
        default: "keep",
        help: "constants beyond the narrow type's range: keep them (and what is computed from them) in f32, or clamp",
    },
];

/// The islands kept f32 by default (without the `stablehlo.` prefix).
pub const DEFAULT_ISLANDS: &[&str] = &[
    "reduce",
    "reduce_window",
    "exponential",
    "log",
    "rsqrt",
    "sqrt",
    "divide",
    "power",
];

/// What the rewrite of one function tracks.
struct State<'s> {
    stats: &'s mut PassStats,
    /// Values this pass made narrow (only these are widened back at islands).
    narrowed: HashSet<Value>,
    /// Values that must stay f32 (derived from an out-of-range constant).
    pinned: HashSet<Value>,
    /// Ops that only feed islands: computed in f32 with them.
    bound: HashSet<Op>,
    /// Whether this function keeps its argument and result types.
    keep_io: bool,
}

/// Registry entry for `f16`.
pub fn info_f16() -> PassInfo {
    PassInfo {
        name: "f16",
        summary: "the whole f32 computation in f16, except f32 islands (reductions, exp/log/rsqrt/sqrt/divide/power)",
        options: OPTIONS,
        make: |o| Ok(Box::new(GraphPrecision::new("f16", ElemType::F16, o)?)),
    }
}

/// Registry entry for `bf16`.
pub fn info_bf16() -> PassInfo {
    PassInfo {
        name: "bf16",
        summary: "the whole f32 computation in bf16, except f32 islands (reductions, exp/log/rsqrt/sqrt/divide/power)",
        options: OPTIONS,
        make: |o| Ok(Box::new(GraphPrecision::new("bf16", ElemType::BF16, o)?)),
    }
}

/// The pass, for one narrow type.
pub struct GraphPrecision {
    name: &'static str,
    narrow: ElemType,
    keep_io: bool,
    islands: Vec<String>,
    clamp: bool,
}

impl GraphPrecision {
    /// Reads the options.
    pub fn new(name: &'static str, narrow: ElemType, o: &Options) -> Result<Self, PassError> {
        Ok(GraphPrecision {
            name,
            narrow,
            keep_io: o.bool_or("keep-io", true)?,
            islands: o
                .list_or_empty("islands", DEFAULT_ISLANDS)
                .into_iter()
                .map(|s| {
                    if s.contains('.') {
                        s
                    } else {
                        format!("stablehlo.{s}")
                    }
                })
                .collect(),
            clamp: o.choice_or("overflow", &["keep", "clamp"], "keep")? == "clamp",
        })
    }

    fn is_f32(m: &Module, v: Value) -> bool {
        m.dfg
            .ty(v)
            .as_tensor()
            .is_some_and(|t| t.elem == ElemType::F32)
    }

    fn narrow_type(&self, m: &Module, v: Value) -> Option<Type> {
        Some(Type::Tensor(
            m.dfg.ty(v).as_tensor()?.with_elem(self.narrow.clone()),
        ))
    }

    /// Makes operand `i` of `op` read a value of element type `to`,
    /// inserting a convert before `op` when it does not.
    fn coerce(&self, m: &mut Module, op: Op, i: usize, to: &ElemType, st: &mut State<'_>) {
        let v = m.dfg.op(op).operands[i];
        let Some(t) = m.dfg.ty(v).as_tensor() else {
            return;
        };
        if &t.elem == to {
            return;
        }
        if let Some(c) = stablehlo::convert(m, op, v, to.clone()) {
            m.dfg.set_operand(op, i, c);
            if *to == ElemType::F32 {
                st.stats.bump("to-f32");
            } else {
                st.narrowed.insert(c);
                st.stats.bump("to-narrow");
            }
        }
    }

    /// Rewrites a constant in the narrow type; false if it cannot (not
    /// readable, or out of range without clamping).
    fn narrow_constant(&self, m: &mut Module, op: Op, st: &mut State<'_>) -> bool {
        let stats = &mut *st.stats;
        let c = m.dfg.op(op).results[0];
        // A splat comes back as one element and stays a splat.
        let Some(values) = constants::f32_values_compact(m, c) else {
            return false;
        };
        let dtype = if self.narrow == ElemType::F16 {
            DType::F16
        } else {
            DType::BF16
        };
        // A splat is written as one element.
        let splat = values.windows(2).all(|w| w[0].to_bits() == w[1].to_bits());
        let take = if splat {
            &values[..1.min(values.len())]
        } else {
            &values[..]
        };
        let bytes = match narrow_f32(take, dtype, false) {
            Ok(b) => b,
            Err(OutOfRange { value: x, max, .. }) => {
                let loc = m.location_text(op).unwrap_or_else(|| "no location".into());
                if !self.clamp {
                    stats.warn(format!(
                        "{}: constant {} holds {x:e}, beyond {}'s range; it and what is computed from it stay f32 ({loc}; overflow=clamp clamps instead)",
                        self.name,
                        m.dfg.value(c).ref_text(),
                        self.narrow
                    ));
                    stats.bump("skipped-overflow");
                    return false;
                }
                stats.warn(format!(
                    "{}: constant {} holds {x:e}, clamped to ±{max:e} ({loc})",
                    self.name,
                    m.dfg.value(c).ref_text()
                ));
                narrow_f32(take, dtype, true).expect("clamping cannot fail")
            }
        };
        let Some(Type::Tensor(t)) = self.narrow_type(m, c) else {
            return false;
        };
        let new = stablehlo::constant_hex(m, op, t, &bytes);
        m.dfg.replace_uses(c, new, None);
        stats.bump("constant-narrowed");
        st.narrowed.insert(new);
        true
    }

    fn rewrite_function(&self, m: &mut Module, func: Op, keep_io: bool, stats: &mut PassStats) {
        let mut st = State {
            stats,
            narrowed: HashSet::new(),
            pinned: HashSet::new(),
            bound: HashSet::new(),
            keep_io,
        };
        if !keep_io {
            let args = m.dfg.op(func).decls.clone();
            for arg in args {
                if Self::is_f32(m, arg) {
                    let ty = self.narrow_type(m, arg).expect("a tensor");
                    if let Some(n) = Narrow::of(&self.narrow) {
                        recipe::record(m, arg, &[Step::Convert(n)]);
                    }
                    m.set_decl_type(arg, ty);
                    st.narrowed.insert(arg);
                    st.stats.bump("argument-narrowed");
                }
            }
        }
        let Some(&region) = m.dfg.op(func).regions.first() else {
            return;
        };
        let blocks = m.layout.region(region).blocks.clone();
        for block in blocks {
            let ops = m.layout.ops(block).to_vec();
            st.bound = self.island_bound(m, &ops);
            for op in ops {
                self.rewrite_op(m, func, op, &mut st);
            }
        }
    }

    fn rewrite_op(&self, m: &mut Module, func: Op, op: Op, st: &mut State<'_>) {
        if !m.dfg.contains(op) {
            return;
        }
        let name = m.dfg.op(op).name.clone();
        let operands = m.dfg.op(op).operands.clone();
        let results = m.dfg.op(op).results.clone();
        let narrow = self.narrow.clone();
        let pinned_input = operands.iter().any(|v| st.pinned.contains(v));
        if super::dots::is_matmul(&name) {
            if results.len() == 1 && Self::is_f32(m, results[0]) && !pinned_input {
                for i in 0..operands.len() {
                    self.coerce(m, op, i, &narrow, st);
                }
                m.refresh_signature(op);
                st.stats.bump("matmul-inputs");
                if super::dots::needs_narrow_result(m, op)
                    && super::dots::narrow_result(m, op, narrow.clone())
                {
                    st.stats.bump("grouped-conv-narrow-result");
                }
            } else {
                self.widen_inputs(m, op, st);
            }
            return;
        }
        if matches!(name.as_str(), "return" | "func.return")
            && !st.keep_io
            && m.enclosing_function(op) == Some(func)
        {
            // Results in the narrow type: the function's signature follows.
            for (i, &v) in operands.iter().enumerate() {
                if st.pinned.contains(&v) || !(Self::is_f32(m, v) || st.narrowed.contains(&v)) {
                    continue;
                }
                self.coerce(m, op, i, &narrow, st);
                let ty = m.dfg.ty(m.dfg.op(op).operands[i]).clone();
                if let Some(slot) = m.dfg.op_mut(func).func_results.get_mut(i) {
                    if slot.ty != ty {
                        slot.ty = ty;
                        slot.ty_span = None;
                        st.stats.bump("result-narrowed");
                    }
                }
            }
            m.refresh_signature(op);
            return;
        }
        // A reduce written compactly (`applies stablehlo.add`) has no region
        // to retype: it can run narrow when it is not kept as an island.
        let compact_reduce = name == "stablehlo.reduce" && m.dfg.op(op).regions.is_empty();
        // Integers wider than 8 bits may not fit f16 (an i32 accumulator of
        // an int8 dot reaches millions): their conversion stays f32.
        let wide_int_convert = name == "stablehlo.convert"
            && operands.first().is_some_and(
                |&v| matches!(m.dfg.ty(v).elem(), Some(ElemType::Int { bits, .. }) if *bits > 8),
            );
        // Only ops on real floats and integers: `abs` of a complex tensor
        // has an f32 result that is not a narrowed complex.
        let plain_operands = operands
            .iter()
            .all(|&v| !matches!(m.dfg.ty(v).elem(), Some(ElemType::Other(_))));
        let narrowable = (is_narrowable(&name) || compact_reduce)
            && plain_operands
            && !wide_int_convert
            && !self.islands.contains(&name)
            && !st.bound.contains(&op);
        if !narrowable || pinned_input {
            // An island, an op this pass does not know, or one computed from
            // an out-of-range constant: inputs back to f32 where the pass
            // narrowed them; results stay as they are.
            self.widen_inputs(m, op, st);
            if narrowable {
                st.pinned
                    .extend(results.iter().copied().filter(|&v| Self::is_f32(m, v)));
            }
            return;
        }
        if name == "stablehlo.constant" {
            if results.len() == 1 && Self::is_f32(m, results[0]) && !self.narrow_constant(m, op, st)
            {
                st.pinned.insert(results[0]);
            }
            return;
        }
        if !results.iter().any(|&v| Self::is_f32(m, v))
            && !operands
                .iter()
                .any(|&v| Self::is_f32(m, v) || st.narrowed.contains(&v))
        {
            return;
        }
        // Narrow: f32 operands in N (converts where needed), f32 results in N.
        // A convert reads whatever it reads; only its result is narrowed.
        if name != "stablehlo.convert" {
            for (i, &v) in operands.iter().enumerate() {
                if Self::is_f32(m, v) {
                    self.coerce(m, op, i, &narrow, st);
                }
            }
        }
        for &v in &results {
            if Self::is_f32(m, v) {
                let ty = self.narrow_type(m, v).expect("a tensor");
                m.dfg.value_mut(v).ty = ty;
                st.narrowed.insert(v);
            }
        }
        m.refresh_signature(op);
        st.stats.bump("op-narrowed");
    }

    /// Whether an op is kept f32 as an island.
    fn is_island(&self, m: &Module, op: Op) -> bool {
        self.islands.contains(&m.dfg.op(op).name)
    }

    /// Arithmetic and data movement whose every user is an island (or such
    /// an op) are computed in f32 with the island: `x * x` before a sum of
    /// squares (the squares of large activations overflow f16), the
    /// broadcast between a sum and the divide that makes it a mean (the sum
    /// overflows), `var + eps` before `rsqrt`. Transcendental ops are never
    /// pulled in; they are islands or not on their own.
    fn island_bound(&self, m: &Module, ops: &[Op]) -> HashSet<Op> {
        let mut bound = HashSet::new();
        for &op in ops.iter().rev() {
            let d = m.dfg.op(op);
            if !op_class::pulled_into_islands(&d.name) || d.results.is_empty() {
                continue;
            }
            let feeds_islands_only = d.results.iter().all(|&v| {
                let uses = m.dfg.uses(v);
                !uses.is_empty()
                    && uses
                        .iter()
                        .all(|&(u, _)| self.is_island(m, u) || bound.contains(&u))
            });
            if feeds_islands_only {
                bound.insert(op);
            }
        }
        bound
    }

    /// Converts operands this pass narrowed back to f32: those of `op`, and
    /// those that ops inside its regions read from outside them (a region
    /// may use a value of the enclosing block; this pass does not rewrite
    /// regions, so what they read must keep its f32 type).
    fn widen_inputs(&self, m: &mut Module, op: Op, st: &mut State<'_>) {
        for target in std::iter::once(op).chain(m.walk_inside(op)) {
            let operands = m.dfg.op(target).operands.clone();
            let mut changed = false;
            for (i, v) in operands.iter().enumerate() {
                if st.narrowed.contains(v) {
                    self.coerce(m, target, i, &ElemType::F32, st);
                    changed = true;
                }
            }
            if changed {
                m.refresh_signature(target);
            }
        }
    }
}

impl Pass for GraphPrecision {
    fn name(&self) -> &'static str {
        self.name
    }

    fn run(&self, m: &mut Module, stats: &mut PassStats) -> Result<bool, PassError> {
        // Every function's body; only the entry function may change its
        // signature (keep-io=false), since a callee must match its callers.
        let entry = m.entry_function();
        // IREE takes mixed-precision (N, N) -> f32 only as dot_general.
        super::dots::canonicalize(m, stats);
        for func in m.functions() {
            let keep_io = self.keep_io || Some(func) != entry;
            self.rewrite_function(m, func, keep_io, stats);
        }
        Ok(stats.changed())
    }
}
