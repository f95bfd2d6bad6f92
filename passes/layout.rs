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
//! * `weight-panels` (`order=panels`): dot(x, W[K, N]) ==> merge(dot_b(bcast_P(x), W'[P, K, J]))
//!   — the `[K, N]` weight stored as `P = N / J` column panels of width
//!   `J`, each contiguous; the dot is batched over panels (x broadcast to
//!   every panel), and the `[P, .., J]` result is merged back into `N`.
//!   The same products are summed in the same order, so the result is
//!   unchanged. Only for dots whose activation has at most `max-rows` rows
//!   (decode steps); other weights get `contracting-first`.
//!
//! * `lookup-panels` / `lookup-relayout`: a weight that a `gather` also reads
//!   whole rows of (a tied embedding: the output projection's weight is the
//!   embedding table) is stored once, in the dot's layout, and the lookup
//!   reads its rows there (passes/lookup.rs), so no second copy is kept.
//!   With `only=tied` the pass touches these weights alone (`left-not-tied`
//!   counts the others), so a later pass can lay out the rest its own way.
//!
//! Which order is faster per target is measured, not assumed (docs/perf.md).
//! Why panels: IREE llvm-cpu runs a `[1, K] x [K, N]` matmul as a vecmat that
//! walks each workgroup's columns down all `K` rows, one short run per row
//! and page, so it is bound by TLB misses rather than by bytes; a panel is
//! one contiguous run.

use super::lookup;
use super::weights::{self, Root};
use super::{OptionInfo, Options, Pass, PassError, PassInfo, PassStats};
use crate::ir::stablehlo::{self, DotDims};
use crate::ir::{Module, Op, TensorType, Type, Value};
use crate::recipe::{self, Step};

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        name: "order",
        kind: "contracting-first|contracting-last|panels",
        default: "contracting-first",
        help: "contracting-first stores weights [in, out]; contracting-last stores [out, in]; panels stores [in, out] weights of small-row matmuls as contiguous column panels [out/J, in, J] (fastest on IREE llvm-cpu for decode steps, measured; docs/perf.md)",
    },
    OptionInfo {
        name: "panel-width",
        kind: "int",
        default: "8",
        help: "with order=panels: columns per panel (J); weights whose column count it does not divide keep contracting-first",
    },
    OptionInfo {
        name: "max-rows",
        kind: "int",
        default: "8",
        help: "with order=panels: only matmuls whose activation has at most this many rows (batch x tokens) read panels; larger ones run faster unpanelled (measured)",
    },
    OptionInfo {
        name: "only",
        kind: "all|tied",
        default: "all",
        help: "all: every weight argument of a dot; tied: only weights a lookup also reads (a tied embedding), leaving the rest for a later pass (cpu-int4 panels the tied table here and the 4-bit weights in fuse-dequant)",
    },
];

/// Registry entry.
pub fn info() -> PassInfo {
    PassInfo {
        name: "weight-layout",
        summary: "store weight arguments of dot_general in the layout the target runs fastest; no transpose left in the graph",
        options: OPTIONS,
        make: |o: &Options| {
            let order = o.choice_or(
                "order",
                &["contracting-first", "contracting-last", "panels"],
                "contracting-first",
            )?;
            let width = o.u64_or("panel-width", 8)?;
            if width == 0 {
                return Err(PassError::BadOption {
                    pass: "weight-layout".into(),
                    message: "panel-width must be at least 1".into(),
                });
            }
            let only = o.choice_or("only", &["all", "tied"], "all")?;
            Ok(Box::new(WeightLayout {
                contracting_first: order != "contracting-last",
                tied_only: only == "tied",
                panels: (order == "panels").then_some(Panels {
                    width,
                    max_rows: o.u64_or("max-rows", 8)?,
                }),
            }))
        },
    }
}

/// The pass.
pub struct WeightLayout {
    contracting_first: bool,
    /// `only=tied`: leave weights that no lookup reads.
    tied_only: bool,
    panels: Option<Panels>,
}

/// `order=panels`: which dots read column panels.
#[derive(Clone, Copy, Debug)]
struct Panels {
    /// Columns per panel (J).
    width: u64,
    /// Largest activation row count (product of the lhs free dims).
    max_rows: u64,
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
                perm = perm
                    .iter()
                    .map(|&i| p.get(i).copied())
                    .collect::<Option<_>>()?;
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

/// A dot in the panel form `weight-layout{order=panels}` writes:
/// `dot_general(broadcast_in_dim(x, dims = [1, .., r]), W [P, K, J])`,
/// batched over the panel dim 0 of both, contracting x's last dim with
/// W's dim 1; result `[P, rows.., J]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanelDot {
    /// The activation before the broadcast, `[rows.., K]`.
    pub x: Value,
    /// Its shape.
    pub x_shape: Vec<u64>,
    /// Panels (P).
    pub panels: u64,
    /// Contracting size (K).
    pub k: u64,
    /// Columns per panel (J).
    pub width: u64,
}

impl PanelDot {
    /// Product of the activation's dims other than the contracting one.
    pub fn rows(&self) -> u64 {
        self.x_shape[..self.x_shape.len() - 1].iter().product()
    }
}

/// Recognises the panel form of `dot` (see [`PanelDot`]); `None` for any
/// other dot.
pub fn panel_dot(m: &Module, dot: Op) -> Option<PanelDot> {
    let d = m.dfg.op(dot);
    if d.operands.len() != 2 {
        return None;
    }
    let (lhs, w) = (d.operands[0], d.operands[1]);
    let dims = DotDims::read(m, dot)?;
    let ws = m.dfg.ty(w).as_tensor()?.static_shape()?;
    let bcast = m.dfg.producer(lhs)?;
    let b = m.dfg.op(bcast);
    if b.name != "stablehlo.broadcast_in_dim" || b.operands.len() != 1 || ws.len() != 3 {
        return None;
    }
    let x = b.operands[0];
    let x_shape = m.dfg.ty(x).as_tensor()?.static_shape()?;
    let lhs_shape = m.dfg.ty(lhs).as_tensor()?.static_shape()?;
    let r = x_shape.len();
    let expected: Vec<usize> = (1..=r).collect();
    if r == 0
        || stablehlo::broadcast_dims(m, bcast)? != expected
        || lhs_shape.get(1..)? != x_shape.as_slice()
        || lhs_shape[0] != ws[0]
        || dims.lhs_batch != [0]
        || dims.rhs_batch != [0]
        || dims.lhs_contract != [r]
        || dims.rhs_contract != [1]
        || x_shape[r - 1] != ws[1]
    {
        return None;
    }
    Some(PanelDot {
        x,
        x_shape,
        panels: ws[0],
        k: ws[1],
        width: ws[2],
    })
}

impl Panels {
    /// The panel count for a dot that, after the relayout, reads the stored
    /// weight `[K, N]` with dims `dims` (plain 2-D matmul, small lhs);
    /// `None` when this dot should not read panels.
    fn count(&self, m: &Module, dot: Op, dims: &DotDims, stored: &[u64]) -> Option<u64> {
        if stored.len() != 2 || !dims.rhs_batch.is_empty() || dims.lhs_contract.len() != 1 {
            return None;
        }
        let x = m.dfg.op(dot).operands[0];
        let xs = m.dfg.ty(x).as_tensor()?.static_shape()?;
        let rows: u64 = (0..xs.len())
            .filter(|d| !dims.lhs_contract.contains(d))
            .map(|d| xs[d])
            .product();
        let n = stored[1];
        let out = m.dfg.ty(m.dfg.op(dot).results[0]).as_tensor()?;
        if rows > self.max_rows
            || n % self.width != 0
            || n / self.width < 2
            || out.static_shape().is_none()
            || out.encoding.is_some()
        {
            return None;
        }
        Some(n / self.width)
    }

    /// Rewrites `dot(x, W[K, N])` (W now stored `[P, K, J]`) into the
    /// batched form and merges the result back into the dot's old type.
    fn rewrite(&self, m: &mut Module, dot: Op, dims: &DotDims, arg: Value, p: u64) -> Option<()> {
        let x = m.dfg.op(dot).operands[0];
        let xt = m.dfg.ty(x).as_tensor()?.clone();
        let xs = xt.static_shape()?;
        let result = m.dfg.op(dot).results[0];
        let out_t = m.dfg.ty(result).as_tensor()?.clone();
        let out_shape = out_t.static_shape()?;
        let c = dims.lhs_contract[0];
        // x broadcast to every panel: [P, x dims...].
        let mut xb_shape = vec![p];
        xb_shape.extend(&xs);
        let bdims: Vec<usize> = (1..=xs.len()).collect();
        let xb = stablehlo::broadcast_in_dim(
            m,
            dot,
            x,
            &bdims,
            TensorType::new(&xb_shape, xt.elem.clone()),
        );
        stablehlo::set_loc(m, xb, dot);
        let new_dims = DotDims {
            lhs_batch: vec![0],
            rhs_batch: vec![0],
            lhs_contract: vec![c + 1],
            rhs_contract: vec![1],
        };
        if !new_dims.write(m, dot) {
            return None;
        }
        // Result [P, lhs free dims..., J].
        let free: Vec<u64> = (0..xs.len()).filter(|&d| d != c).map(|d| xs[d]).collect();
        let mut panel_shape = vec![p];
        panel_shape.extend(&free);
        panel_shape.push(self.width);
        let after = m.next_op(dot)?;
        m.dfg.set_operand(dot, 0, xb);
        m.dfg.set_operand(dot, 1, arg);
        m.set_result_type(
            dot,
            0,
            Type::Tensor(TensorType::new(&panel_shape, out_t.elem.clone())),
        );
        m.refresh_signature(dot);
        // [P, free..., J] -> [free..., P, J] -> [free..., N]; with one row
        // the panel dim is already major, so a reshape alone merges it.
        let rows: u64 = free.iter().product();
        let ordered = if rows == 1 {
            result
        } else {
            let mut perm: Vec<usize> = (1..=free.len()).collect();
            perm.push(0);
            perm.push(free.len() + 1);
            let t = stablehlo::transpose(m, after, result, &perm)?;
            stablehlo::set_loc(m, t, dot);
            t
        };
        let merged = stablehlo::reshape(m, after, ordered, &out_shape)?;
        stablehlo::set_loc(m, merged, dot);
        let first_user = m.dfg.producer(if rows == 1 { merged } else { ordered })?;
        m.dfg.replace_uses(result, merged, Some(first_user));
        Some(())
    }
}

impl Pass for WeightLayout {
    fn name(&self) -> &'static str {
        "weight-layout"
    }

    fn run(&self, m: &mut Module, stats: &mut PassStats) -> Result<bool, PassError> {
        // Group the dots by the argument their rhs comes from.
        let mut by_arg: std::collections::BTreeMap<Value, Vec<WeightUse>> = Default::default();
        for op in m.ops_named("stablehlo.dot_general") {
            let d = m.dfg.op(op);
            if d.operands.len() != 2 {
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
            // Every use must be one of these dots (through transposes only)
            // or a lookup of the argument itself (a tied embedding).
            let closure = weights::closure(m, arg);
            let (dot_leaves, other_leaves): (Vec<_>, Vec<_>) = closure
                .leaves
                .iter()
                .partition(|&&(op, idx)| idx == 1 && uses.iter().any(|u| u.dot == op));
            let lookups = lookup::only_lookups(m, arg, &other_leaves);
            let leaves_ok = !dot_leaves.is_empty()
                && closure
                    .views
                    .iter()
                    .all(|&v| m.dfg.op(v).name == "stablehlo.transpose");
            let Some(lookups) = lookups.filter(|_| leaves_ok) else {
                stats.bump("skipped-other-uses");
                continue;
            };
            if self.tied_only && lookups.is_empty() {
                stats.bump("left-not-tied");
                continue;
            }
            // Storage permutation from the argument: A' dim i = A dim store[i].
            let stores: Vec<Vec<usize>> = uses
                .iter()
                .map(|u| {
                    self.wanted_order(&u.dims, rank)
                        .iter()
                        .map(|&q| u.perm.get(q).copied())
                        .collect::<Option<Vec<usize>>>()
                })
                .collect::<Option<_>>()
                .unwrap_or_default();
            if stores.is_empty() || stores.iter().any(|s| s.iter().any(|&d| d >= shape.len())) {
                stats.bump("skipped-bad-dims");
                continue;
            }
            if stores.windows(2).any(|w| w[0] != w[1]) {
                stats.bump("skipped-disagreeing-uses");
                continue;
            }
            let store = stores[0].clone();
            let identity = store.iter().enumerate().all(|(i, &s)| i == s);
            let direct = uses.iter().all(|u| m.dfg.op(u.dot).operands[1] == arg);
            let new_shape: Vec<u64> = store.iter().map(|&s| shape[s]).collect();
            // Panels when every reader of the weight takes them: each dot,
            // and each lookup if it reads along the panelled (free) dim.
            let panels = self.panels.and_then(|pn| {
                let counts: Option<Vec<u64>> = uses
                    .iter()
                    .map(|u| pn.count(m, u.dot, &self.new_dims(&u.dims, rank), &new_shape))
                    .collect();
                let lookups_follow = lookups
                    .iter()
                    .all(|lk| rank == 2 && lookup::can_panel(m, lk, store[1], pn.width));
                counts
                    .and_then(|c| c.first().copied())
                    .filter(|_| lookups_follow)
                    .map(|p| (pn, p))
            });
            if self.panels.is_some() && panels.is_none() {
                stats.bump("skipped-not-panelled");
            }
            if panels.is_none() && identity && direct {
                continue;
            }
            // Lookups that cannot read the new layout keep the weight as it is.
            if panels.is_none()
                && !identity
                && lookups
                    .iter()
                    .any(|lk| !lookup::relayout_keeps_order(lk, &store))
            {
                stats.bump("skipped-lookup-order");
                continue;
            }
            let mut steps = Vec::new();
            if !identity {
                steps.push(Step::Transpose(store.clone()));
            }
            let stored_shape = match panels {
                Some((pn, p)) => {
                    let (k, n) = (new_shape[0], new_shape[1]);
                    steps.push(Step::Reshape(vec![k, p, pn.width]));
                    steps.push(Step::Transpose(vec![1, 0, 2]));
                    debug_assert_eq!(n, p * pn.width);
                    vec![p, k, pn.width]
                }
                None => new_shape.clone(),
            };
            if !steps.is_empty() {
                recipe::record(m, arg, &steps);
                m.set_decl_type(
                    arg,
                    Type::Tensor(TensorType::new(&stored_shape, t.elem.clone())),
                );
            }
            for lk in &lookups {
                let done = match panels {
                    Some((pn, _)) => lookup::to_panels(m, lk, store[1], pn.width).is_some(),
                    None if identity => true,
                    None => lookup::relayout(m, lk, &store),
                };
                if !done {
                    return Err(PassError::Failed {
                        pass: "weight-layout".into(),
                        message: "could not rewrite a lookup of a weight table to its new layout"
                            .into(),
                    });
                }
                if !identity || panels.is_some() {
                    stats.bump(if panels.is_some() {
                        "lookup-panels"
                    } else {
                        "lookup-relayout"
                    });
                }
            }
            for u in &uses {
                let new_dims = self.new_dims(&u.dims, rank);
                if let Some((pn, p)) = panels {
                    if pn.rewrite(m, u.dot, &new_dims, arg, p).is_none() {
                        return Err(PassError::Failed {
                            pass: "weight-layout".into(),
                            message: "could not rewrite a dot_general to read panels".into(),
                        });
                    }
                    stats.bump("weight-panels");
                    continue;
                }
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
