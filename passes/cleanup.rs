//! Cleanup after rewrites, run at the end of every pipeline that changed
//! something. Rewrites (one-line algebra each):
//!
//! * `convert-same-type`:   convert(x : T) -> T            ==> x
//! * `convert-roundtrip`:   convert(convert(x : A) -> B) -> A ==> x, when B holds every A exactly
//! * `convert-dedup`:       two convert(x) -> T            ==> one convert(x) -> T
//! * `convert-before-broadcast`: convert(broadcast_in_dim(x)) ==> broadcast_in_dim(convert(x)),
//!   float to float, when the convert is the broadcast's only user (fewer elements to
//!   convert; and IREE 3.13 cannot compile an f16 value broadcast to two shapes and
//!   widened after each: "failed to legalize unresolved source materialization")
//! * `dead-op`:             a pure op whose results are unused ==> removed
//!
//! A greedy worklist re-examines the producers of anything removed.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

use super::{Options, Pass, PassError, PassInfo, PassStats};
use crate::ir::op_class::is_pure;
use crate::ir::{Block, ElemType, Module, Op, Type, Value};

/// The pass's name.
pub const NAME: &str = "cleanup";

/// Registry entry.
pub fn info() -> PassInfo {
    PassInfo {
        name: NAME,
        summary: "fold redundant converts, merge duplicate converts, remove dead pure ops (runs after every rewriting pipeline)",
        options: &[],
        make: |_: &Options| Ok(Box::new(Cleanup)),
    }
}

/// The cleanup pass.
pub struct Cleanup;

/// `convert(broadcast_in_dim(x))` ==> `broadcast_in_dim(convert(x))` when
/// `op` is such a float-to-float convert and the only user of a static
/// broadcast (the old convert is left dead, for the worklist).
fn convert_before_broadcast(m: &mut Module, op: Op) -> Option<()> {
    let d = m.dfg.op(op);
    if d.name != "stablehlo.convert" || d.operands.len() != 1 || d.results.len() != 1 {
        return None;
    }
    let (b, r) = (d.operands[0], d.results[0]);
    if !m.dfg.has_uses(r) {
        return None;
    }
    let to = m.dfg.ty(r).as_tensor()?.clone();
    let p = m.dfg.producer(b)?;
    let pd = m.dfg.op(p);
    if pd.name != "stablehlo.broadcast_in_dim"
        || pd.operands.len() != 1
        || pd.results.len() != 1
        || m.dfg.uses(b).len() != 1
    {
        return None;
    }
    let x = pd.operands[0];
    let from = m.dfg.ty(x).as_tensor()?.clone();
    if !(from.elem.is_float() && to.elem.is_float()) || to.static_shape().is_none() {
        return None;
    }
    let dims = crate::ir::stablehlo::broadcast_dims(m, p)?;
    let wide = crate::ir::stablehlo::convert(m, p, x, to.elem.clone())?;
    let out = crate::ir::stablehlo::broadcast_in_dim(m, p, wide, &dims, to);
    m.dfg.replace_uses(r, out, None);
    Some(())
}

/// Whether every value of `from` is exactly representable in `to`.
fn widens_exactly(from: &ElemType, to: &ElemType) -> bool {
    use ElemType::*;
    matches!(
        (from, to),
        (F16, F32) | (F16, F64) | (BF16, F32) | (BF16, F64) | (F32, F64)
    ) || from == to
}

fn elem_of(module: &Module, v: Value) -> Option<ElemType> {
    module.dfg.ty(v).elem().cloned()
}

impl Pass for Cleanup {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run(&self, module: &mut Module, stats: &mut PassStats) -> Result<bool, PassError> {
        // Moving converts above broadcasts makes new converts (and, once
        // duplicates are merged, new sole users): alternate the two to a
        // fixed point. Each worklist starts in program order, which the
        // merging of duplicate converts relies on (the first one kept
        // dominates the others).
        let mut changed = false;
        for round in 0..MAX_ROUNDS {
            let moved = move_converts_above_broadcasts(module, stats);
            // The worklist runs to its own fixed point: after the first
            // round only new moves give it anything to do.
            if round > 0 && !moved {
                break;
            }
            let cleaned = worklist(module, stats);
            changed |= moved | cleaned;
            if !moved && !cleaned {
                break;
            }
        }
        Ok(changed)
    }
}

/// Rounds of [`Cleanup::run`]: each is linear; chains of broadcasts are short.
const MAX_ROUNDS: usize = 8;

/// One sweep of `convert-before-broadcast` in program order.
fn move_converts_above_broadcasts(module: &mut Module, stats: &mut PassStats) -> bool {
    let mut moved = false;
    let Some(convert) = module.dfg.name_id("stablehlo.convert") else {
        return false;
    };
    for op in module.walk() {
        // The name test reads a dense array; only converts are looked into.
        if module.dfg.contains(op)
            && module.dfg.kind(op) == convert
            && convert_before_broadcast(module, op).is_some()
        {
            stats.bump("convert-before-broadcast");
            moved = true;
        }
    }
    moved
}

/// The worklist: converts folded and merged, dead pure ops removed.
fn worklist(module: &mut Module, stats: &mut PassStats) -> bool {
    let mut work: VecDeque<Op> = module.walk().into_iter().collect();
    let mut changed = false;
    // (input value, result type) -> first convert producing it
    let mut converts: HashMap<(Value, Type, Option<Block>), Value> = HashMap::new();
    // dense_resource blobs read by constants this cleanup removed.
    let mut orphans = std::collections::BTreeSet::new();
    // Only converts and pure ops are rewritten; others are passed over by
    // their interned name, without reading their data.
    let convert = module.dfg.name_id("stablehlo.convert");
    let pure = module.dfg.names_where(is_pure);
    while let Some(op) = work.pop_front() {
        if !module.dfg.contains(op) {
            continue;
        }
        if !module.dfg.kind_in(op, &pure) {
            continue;
        }
        let kind = module.dfg.kind(op);
        let data = module.dfg.op(op);
        if Some(kind) == convert && data.operands.len() == 1 && data.results.len() == 1 {
            let (x, r) = (data.operands[0], data.results[0]);
            let same = module.dfg.ty(x) == module.dfg.ty(r);
            let tr = module.dfg.ty(r).clone();
            if same {
                module.dfg.replace_uses(r, x, None);
                stats.bump("convert-same-type");
                changed = true;
            } else if let Some(p) = module.dfg.producer(x) {
                let pd = module.dfg.op(p);
                if module.dfg.kind(p) == kind && pd.operands.len() == 1 {
                    let src = pd.operands[0];
                    if module.dfg.ty(src) == &tr {
                        if let (Some(a), Some(b)) = (elem_of(module, src), elem_of(module, x)) {
                            if widens_exactly(&a, &b) {
                                module.dfg.replace_uses(r, src, None);
                                stats.bump("convert-roundtrip");
                                changed = true;
                                work.push_back(p);
                            }
                        }
                    }
                }
            }
            if module.dfg.has_uses(r) {
                let block = module.dfg.op(op).block;
                match converts.entry((x, tr, block)) {
                    // (An op seen again by the worklist finds itself.)
                    Entry::Occupied(first)
                        if *first.get() != r
                            && module
                                .dfg
                                .producer(*first.get())
                                .is_some_and(|f| module.dfg.contains(f)) =>
                    {
                        module.dfg.replace_uses(r, *first.get(), None);
                        stats.bump("convert-dedup");
                        changed = true;
                    }
                    Entry::Occupied(mut first) => {
                        first.insert(r);
                    }
                    Entry::Vacant(slot) => {
                        slot.insert(r);
                    }
                }
            }
        }
        let data = module.dfg.op(op);
        // Top-level ops (outside any region) are kept: removing the
        // last of them would leave an empty file, which is no program.
        let nested = data
            .block
            .and_then(|b| module.layout.block_owner(b))
            .is_some();
        // The last op of a block stays: it is the block's terminator (or,
        // in a region of an op hlo-opt does not know, stands in its place),
        // and a block emptied of it is no longer valid text.
        let last = module.layout.next(op).is_none();
        if nested
            && !last
            && !data.results.is_empty()
            && data.results.iter().all(|&v| !module.dfg.has_uses(v))
        {
            let producers: Vec<Op> = data
                .operands
                .iter()
                .filter_map(|&v| module.dfg.producer(v))
                .collect();
            if let Some(name) = module.dense_resource_name(op) {
                orphans.insert(name);
            }
            module.erase_op(op);
            stats.bump("dead-op");
            changed = true;
            work.extend(producers);
        }
    }
    if !orphans.is_empty() {
        // Blobs that a removed constant read and no remaining one does.
        for op in module.ops_named("stablehlo.constant") {
            if let Some(name) = module.dense_resource_name(op) {
                orphans.remove(&name);
            }
        }
        let n = module.drop_resources(&orphans);
        for _ in 0..n {
            stats.bump("resource-dropped");
        }
    }
    changed
}
