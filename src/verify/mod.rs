//! `hlo-opt verify`: runs an original and a rewritten program on IREE on the
//! same inputs, compares every output, checks a gate, and reports.

pub mod gate;
pub mod metrics;
pub mod report;
pub mod tokens;

use std::path::Path;

use crate::arg_files::ArgFiles;
use crate::ir::{Module, Op};
use crate::iree::{Invocation, Iree, IreeError, RunInputs, Target};
use crate::tensor::HostTensor;

pub use gate::Gate;
pub use metrics::{compare, MetricOptions, OutputMetrics};
pub use report::{OpError, Report};

/// At most this many ops are tapped with `--per-op`.
pub const MAX_TAPS: usize = 256;

/// What to verify.
pub struct VerifySpec<'a> {
    /// The original program, as parsed.
    pub original: &'a Module,
    /// The rewritten program, as parsed (or as the passes left it).
    pub rewritten: &'a Module,
    /// Inputs of the original function, as files.
    pub inputs: &'a ArgFiles,
    /// Inputs of the rewritten function, as files.
    pub new_inputs: &'a ArgFiles,
    /// Where to compile and run.
    pub target: &'a Target,
    /// The gate.
    pub gate: &'a Gate,
    /// Metric options.
    pub metric_options: MetricOptions,
    /// A folder for files.
    pub workdir: &'a Path,
}

/// Ops of the rewritten module that a pass changed and that still stand for
/// an op of the original (same handle, same name), in the original's graph
/// order, and which sit in the entry function's body so that their result
/// can be returned. Both modules must come from one parse of the same text.
pub fn rewritten_ops(original: &Module, rewritten: &Module) -> Vec<Op> {
    let (Some(f0), Some(f1)) = (original.entry_function(), rewritten.entry_function()) else {
        return Vec::new();
    };
    original
        .walk()
        .into_iter()
        .filter(|&op| {
            rewritten.dfg.contains(op)
                && original.enclosing_function(op) == Some(f0)
                && rewritten.enclosing_function(op) == Some(f1)
                && original.dfg.op(op).block == rewritten.dfg.op(op).block
                && original.dfg.op(op).name == rewritten.dfg.op(op).name
                && rewritten.dfg.op(op).results.len() == 1
                && original.dfg.op(op).results.len() == 1
                && original
                    .dfg
                    .op(op)
                    .sig
                    .as_ref()
                    .is_some_and(|s| s.span.is_some())
                && rewritten
                    .dfg
                    .op(op)
                    .sig
                    .as_ref()
                    .is_some_and(|s| s.span.is_none())
                && original
                    .dfg
                    .op(op)
                    .block
                    .is_some_and(|b| original.layout.block_owner(b) == Some(f0))
        })
        .take(MAX_TAPS)
        .collect()
}

/// Makes both modules return the results of `ops` after their own results.
pub fn add_taps(original: &mut Module, rewritten: &mut Module, ops: &[Op]) -> bool {
    let (Some(f0), Some(f1)) = (original.entry_function(), rewritten.entry_function()) else {
        return false;
    };
    for &op in ops {
        let (v0, v1) = (
            original.dfg.op(op).results[0],
            rewritten.dfg.op(op).results[0],
        );
        if !(original.append_result(f0, v0) && rewritten.append_result(f1, v1)) {
            return false;
        }
    }
    true
}

/// Ops that only move or re-type a value: a weight read through them is
/// still that weight.
const VIEW_OPS: &[&str] = &[
    "stablehlo.convert",
    "stablehlo.transpose",
    "stablehlo.reshape",
    "stablehlo.broadcast_in_dim",
    "stablehlo.bitcast_convert",
    "stablehlo.slice",
    "stablehlo.optimization_barrier",
];

/// The function argument an op reads through view ops only (convert,
/// transpose, reshape, ...), named by its location (`params['layers'][0]['wq']`),
/// when it has one.
pub fn weight_name(m: &Module, op: Op) -> Option<String> {
    let mut stack: Vec<(crate::ir::Value, usize)> = m
        .dfg
        .op(op)
        .operands
        .iter()
        .rev()
        .map(|&v| (v, 0))
        .collect();
    while let Some((v, depth)) = stack.pop() {
        let data = m.dfg.value(v);
        if data.is_decl() {
            if data.loc.is_some() {
                return Some(m.value_label(v));
            }
            continue;
        }
        if depth >= 8 {
            continue;
        }
        if let Some(p) = m.dfg.producer(v) {
            let pd = m.dfg.op(p);
            if VIEW_OPS.contains(&pd.name.as_str()) {
                stack.extend(pd.operands.iter().rev().map(|&u| (u, depth + 1)));
            }
        }
    }
    None
}

/// The first `file:line` an op's location leads to, following `#loc`
/// aliases (name, call-site and fused locations), if any.
pub fn source_line(m: &Module, op: Op) -> Option<String> {
    static FILE_LINE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    static ALIAS: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let file_line =
        FILE_LINE.get_or_init(|| regex::Regex::new(r#""([^"]+)":(\d+):\d+"#).expect("valid regex"));
    let alias = ALIAS.get_or_init(|| regex::Regex::new(r"#loc\d*").expect("valid regex"));
    let span = m.dfg.op(op).loc?;
    let mut text = m.source.slice(span).to_string();
    for _ in 0..16 {
        if let Some(c) = file_line.captures(&text) {
            return Some(format!("{}:{}", &c[1], &c[2]));
        }
        if !alias.is_match(&text) || text.len() > 100_000 {
            return None;
        }
        text = alias
            .replace_all(&text, |c: &regex::Captures| {
                m.alias_value(&c[0]).unwrap_or("loc(unknown)").to_string()
            })
            .into_owned();
    }
    None
}

fn run_one(
    iree: &Iree,
    mlir: &Path,
    module: &Module,
    inputs: &ArgFiles,
    spec: &VerifySpec<'_>,
    tag: &str,
) -> Result<Vec<HostTensor>, IreeError> {
    let vmfb = spec.workdir.join(format!("{tag}.vmfb"));
    crate::progress::step(&format!("compiling the {tag} program"), || {
        iree.compile(mlir, &vmfb, spec.target, tag)
    })?;
    let work = spec.workdir.join(tag);
    std::fs::create_dir_all(&work).map_err(|err| IreeError::Spawn {
        tool: work.display().to_string(),
        err,
    })?;
    let outputs = crate::weights::entry_results(module)
        .map(|r| r.len())
        .unwrap_or(1);
    let function = crate::weights::entry_name(module).unwrap_or_else(|| "main".into());
    crate::progress::step(&format!("running the {tag} program"), || {
        iree.run(&Invocation {
            vmfb: &vmfb,
            function: &function,
            device: spec.target.device(),
            inputs: RunInputs::Files(&inputs.specs),
            outputs,
            workdir: &work,
            what: tag,
        })
    })
}

/// An op tapped by `--per-op`, with the names a user recognises.
#[derive(Clone, Debug)]
pub struct Tap {
    /// The op in the original module.
    pub op: Op,
    /// Its name (`stablehlo.dot_general`).
    pub op_name: String,
    /// Its location text.
    pub loc: String,
    /// The weight argument it reads ([`weight_name`]).
    pub weight: Option<String>,
    /// Its source line ([`source_line`]).
    pub source: Option<String>,
}

impl Tap {
    /// Describes `op` of `m` (the original module).
    pub fn new(m: &Module, op: Op) -> Tap {
        Tap {
            op,
            op_name: m.dfg.op(op).name.clone(),
            loc: m.location_text(op).unwrap_or_default(),
            weight: weight_name(m, op),
            source: source_line(m, op),
        }
    }
}

/// Compiles, runs and compares. `taps` ops (from [`rewritten_ops`]) were
/// appended as extra results after the first `n_outputs` results.
pub fn run(
    iree: &Iree,
    spec: &VerifySpec<'_>,
    paths: (&Path, &Path),
    n_outputs: usize,
    taps: &[Tap],
) -> Result<(Vec<OutputMetrics>, Vec<OpError>), IreeError> {
    let a = run_one(iree, paths.0, spec.original, spec.inputs, spec, "original")?;
    let b = run_one(
        iree,
        paths.1,
        spec.rewritten,
        spec.new_inputs,
        spec,
        "rewritten",
    )?;
    let mut outputs = Vec::new();
    let mut per_op = Vec::new();
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        let m = compare(
            i,
            &x.shape,
            (x.dtype.mlir_name(), y.dtype.mlir_name()),
            &x.to_f64(),
            &y.to_f64(),
            spec.metric_options,
        );
        if i < n_outputs {
            outputs.push(m);
        } else if let Some(tap) = taps.get(i - n_outputs) {
            per_op.push(OpError {
                order: i - n_outputs,
                op: tap.op_name.clone(),
                loc: tap.loc.clone(),
                weight: tap.weight.clone(),
                source: tap.source.clone(),
                rel_l2: m.rel_l2,
                max_abs: m.max_abs,
            });
        }
    }
    Ok((outputs, per_op))
}
