//! `weight-layout`: stores resident weight arguments in the layout the
//! target runs fastest, and lets `dot_general` read them directly.
//!
//! Rewrite (one-line algebra):
//!
//! * `weight-relayout`: dot(x, transpose*(W)) with dims D ==> dot(x, W') with dims D',
//!   where W' = transpose(W, P) is stored so that the matmul's contracting
//!   dims come first (`[in, out]`, option `order=contracting-first`) or last
//!   (`[out, in]`, `order=contracting-last`), batch dims before both. The
//!   output's dimension order is unchanged; no transpose is left in the graph.
//!
//! Which order is faster per target is measured, not assumed (docs/perf.md).

use super::weights::{self, Root};
use super::{OptionInfo, Options, Pass, PassError, PassInfo, PassStats};
use crate::ir::stablehlo::{self, DotDims};
use crate::ir::{Module, Op, TensorType, Type, Value};

const OPTIONS: &[OptionInfo] = &[OptionInfo {
    name: "order",
    kind: "contracting-first|contracting-last",
    default: "contracting-first",
    help: "contracting-first stores weights [in, out] (fastest on IREE llvm-cpu, measured); contracting-last stores [out, in]",
}];

/// Registry entry.
pub fn info() -> PassInfo {
    PassInfo {
        name: "weight-layout",
        summary: "store weight arguments of dot_general in the layout the target runs fastest; no transpose left in the graph",
        options: OPTIONS,
        make: |o: &Options| {
            let first = o.choice_or("order", &["contracting-first", "contracting-last"], "contracting-first")?;
            Ok(Box::new(WeightLayout {
                contracting_first: first == "contracting-first",
            }))
        },
    }
}

/// The pass.
pub struct WeightLayout {
    contracting_first: bool,
}

/// One dot that reads a weight argument as its right-hand side.
struct WeightUse {
    dot: Op,
    dims: DotDims,
    /// `rhs` dim i is the argument's dim `perm[i]` (composed transposes).
    perm: Vec<usize>,
}

/// Follows the rhs of a dot up through transposes to an argument; returns
/// the argument and the composed permutation.
fn through_transposes(m: &Module, mut v: Value) -> Option<(Value, Vec<usize>)> {
    let rank = m.dfg.ty(v).as_tensor()?.dims.as_ref()?.len();
    let mut perm: Vec<usize> = (0..rank).collect();
    loop {
        match m.dfg.producer(v) {
            None => return Some((v, perm)),
            Some(op) => {
                let d = m.dfg.op(op);
                if d.name != "stablehlo.transpose" || d.operands.len() != 1 {
                    return None;
                }
                let p = stablehlo::transpose_dims(m, op)?;
                // v = transpose(u, p): v dim i is u dim p[i].
                perm = perm.iter().map(|&i| p[i]).collect();
                v = d.operands[0];
            }
        }
    }
}

impl WeightLayout {
    /// The order the dot should read its rhs in: batch, then contracting and
    /// free dims in the chosen order (free dims keep their relative order,
    /// so the output does not change).
    fn wanted_order(&self, dims: &DotDims, rank: usize) -> Vec<usize> {
        let free: Vec<usize> = (0..rank)
            .filter(|d| !dims.rhs_batch.contains(d) && !dims.rhs_contract.contains(d))
            .collect();
        let mut q = dims.rhs_batch.clone();
        if self.contracting_first {
            q.extend(&dims.rhs_contract);
            q.extend(&free);
        } else {
            q.extend(&free);
            q.extend(&dims.rhs_contract);
        }
        q
    }

    fn new_dims(&self, dims: &DotDims, rank: usize) -> DotDims {
        let (nb, nc) = (dims.rhs_batch.len(), dims.rhs_contract.len());
        let nf = rank - nb - nc;
        let contract_start = if self.contracting_first { nb } else { nb + nf };
        DotDims {
            lhs_batch: dims.lhs_batch.clone(),
            rhs_batch: (0..nb).collect(),
            lhs_contract: dims.lhs_contract.clone(),
            rhs_contract: (contract_start..contract_start + nc).collect(),
        }
    }
}

impl Pass for WeightLayout {
    fn name(&self) -> &'static str {
        "weight-layout"
    }

    fn run(&self, m: &mut Module, stats: &mut PassStats) -> Result<bool, PassError> {
        // Group the dots by the argument their rhs comes from.
        let mut by_arg: std::collections::BTreeMap<Value, Vec<WeightUse>> = Default::default();
        for op in m.walk() {
            let d = m.dfg.op(op);
            if d.name != "stablehlo.dot_general" || d.operands.len() != 2 {
                continue;
            }
            let rhs = d.operands[1];
            let Some(dims) = DotDims::read(m, op) else {
                continue;
            };
            let Some((arg, perm)) = through_transposes(m, rhs) else {
                continue;
            };
            if !matches!(weights::find_root(m, arg), Root::Arg(_)) {
                continue;
            }
            by_arg.entry(arg).or_default().push(WeightUse {
                dot: op,
                dims,
                perm,
            });
        }
        let mut changed = false;
        for (arg, uses) in by_arg {
            let Some(t) = m.dfg.ty(arg).as_tensor().cloned() else {
                continue;
            };
            let Some(shape) = t.static_shape() else {
                continue;
            };
            let rank = shape.len();
            // Every use must be one of these dots (through transposes only).
            let closure = weights::closure(m, arg);
            let leaves_ok = closure
                .leaves
                .iter()
                .all(|&(op, idx)| idx == 1 && uses.iter().any(|u| u.dot == op))
                && closure
                    .views
                    .iter()
                    .all(|&v| m.dfg.op(v).name == "stablehlo.transpose");
            if !leaves_ok {
                stats.bump("skipped-other-uses");
                continue;
            }
            // Storage permutation from the argument: A' dim i = A dim store[i].
            let stores: Vec<Vec<usize>> = uses
                .iter()
                .map(|u| {
                    self.wanted_order(&u.dims, rank)
                        .iter()
                        .map(|&q| u.perm[q])
                        .collect()
                })
                .collect();
            if stores.windows(2).any(|w| w[0] != w[1]) {
                stats.bump("skipped-disagreeing-uses");
                continue;
            }
            let store = stores[0].clone();
            let identity = store.iter().enumerate().all(|(i, &s)| i == s);
            let direct = uses.iter().all(|u| m.dfg.op(u.dot).operands[1] == arg);
            if identity && direct {
                continue;
            }
            let new_shape: Vec<u64> = store.iter().map(|&s| shape[s]).collect();
            if !identity {
                let step = crate::weights::transpose_step(&store);
                weights::record_arg_step(m, arg, &step);
                m.set_decl_type(
                    arg,
                    Type::Tensor(TensorType::new(&new_shape, t.elem.clone())),
                );
            }
            for u in &uses {
                let new_dims = self.new_dims(&u.dims, rank);
                if !new_dims.write(m, u.dot) {
                    return Err(PassError::Failed {
                        pass: "weight-layout".into(),
                        message: "could not rewrite dot_general dimension numbers".into(),
                    });
                }
                m.dfg.set_operand(u.dot, 1, arg);
                m.refresh_signature(u.dot);
                stats.bump("weight-relayout");
            }
            // Transposes left without users are removed by cleanup.
            changed = true;
        }
        Ok(changed)
    }
}
