//! `hlo-opt tune`: the search for a mix of precision forms, one per weight,
//! that holds a gate and runs fast (docs/precision.md, "Tune").
//!
//! This module is the method without IREE: candidates, weights ("units"),
//! plans written as ordinary pass pipelines, the sensitivity of each weight
//! from per-op taps, and the search itself, which asks an evaluator (in the
//! command, `src/cli/tune.rs`) whether a plan holds the gate. Each
//! evaluation is one IREE compile+run cycle.
//!
//! The search, for candidates given narrowest (fastest) first:
//! 1. each candidate applied to every weight, in order, until one holds the
//!    gate (`W`); the last one that failed is `N` (when the first holds, it
//!    is the plan). When none holds, `N` is the widest and `W` is f32.
//! 2. the error each weight's matmul adds under `N`, from taps at its
//!    result and at its activation inputs in the same run
//!    ([`OpError::added`]).
//! 3. the `k` weights that add the most error take `W`, the rest `N`; the
//!    smallest `k` that holds is bisected. Every plan tried is a full
//!    verify; the plan kept is the last one that held.

use std::collections::{BTreeSet, HashMap};

use crate::ir::{Module, Op, Value};
use crate::passes;
use crate::passes::weights::Root;

/// Passes whose ops a plan can choose one by one (`include`/`exclude`).
pub const SELECTING_PASSES: &[&str] = &["int8-weights", "f16-matmul", "bf16-matmul"];

/// The matmul ops whose weights a plan assigns.
pub const MATMUL_OPS: &[&str] = &[
    "stablehlo.dot_general",
    "stablehlo.dot",
    "stablehlo.einsum",
    "stablehlo.convolution",
];

/// What can go wrong before any program runs.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// A candidate cannot take part in a plan.
    #[error("tune --candidates: `{candidate}`: {message}")]
    Candidate {
        /// The candidate as given.
        candidate: String,
        /// What is wrong.
        message: String,
    },
    /// The program has nothing to tune.
    #[error("tune: {0}")]
    Nothing(String),
}

/// One precision form: a preset or passes joined with `+`
/// (`weight-layout{order=panels}+int8-weights{activations=int8}`).
///
/// Its passes are a prefix that treats every weight alike (a layout), one
/// selecting pass ([`SELECTING_PASSES`]) and a suffix (e.g. `fuse-dequant`,
/// which only matches what the selecting pass made).
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// As given.
    pub label: String,
    /// Passes before the selecting one.
    pub prefix: Vec<String>,
    /// The selecting pass.
    pub select: String,
    /// Passes after it.
    pub suffix: Vec<String>,
    /// Bytes per weight element in this form (4-bit 0.5, int8 1, f16 2),
    /// scales left out.
    pub bytes_per_element: f64,
}

impl Candidate {
    /// Reads one candidate.
    pub fn parse(text: &str) -> Result<Candidate, TuneError> {
        let bad = |message: String| TuneError::Candidate {
            candidate: text.to_string(),
            message,
        };
        let text = text.trim();
        let specs: Vec<String> = match passes::preset(text) {
            Some(p) => p,
            None => passes::split_top_level(text, '+')
                .into_iter()
                .map(|s| s.trim().to_string())
                .collect(),
        };
        if specs.iter().any(|s| s.is_empty()) {
            return Err(bad("an empty pass".into()));
        }
        let parsed = specs
            .iter()
            .map(|s| passes::parse_spec(s))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| bad(e.to_string()))?;
        let selecting: Vec<usize> = (0..specs.len())
            .filter(|&i| SELECTING_PASSES.contains(&parsed[i].0.name))
            .collect();
        let [at] = selecting.as_slice() else {
            return Err(bad(format!(
                "needs exactly one of {} (the pass a plan applies weight by weight); it has {}",
                SELECTING_PASSES.join(", "),
                selecting.len()
            )));
        };
        let (info, options) = &parsed[*at];
        if options.get("include").is_some() || options.get("exclude").is_some() {
            return Err(bad(
                "has include/exclude of its own; tune writes those".into()
            ));
        }
        let bytes_per_element = match (info.name, options.get("bits")) {
            ("int8-weights", Some("4")) => 0.5,
            ("int8-weights", _) => 1.0,
            _ => 2.0,
        };
        Ok(Candidate {
            label: text.to_string(),
            prefix: specs[..*at].to_vec(),
            select: specs[*at].clone(),
            suffix: specs[at + 1..].to_vec(),
            bytes_per_element,
        })
    }

    /// The candidate applied to every weight.
    pub fn pipeline(&self) -> Vec<String> {
        let mut out = self.prefix.clone();
        out.push(self.select.clone());
        out.extend(self.suffix.iter().cloned());
        out
    }
}

/// Reads `--candidates`: candidates separated by top-level commas.
pub fn parse_candidates(text: &str) -> Result<Vec<Candidate>, TuneError> {
    let list: Vec<Candidate> = passes::split_top_level(text, ',')
        .into_iter()
        .filter(|s| !s.trim().is_empty())
        .map(Candidate::parse)
        .collect::<Result<_, _>>()?;
    if list.is_empty() {
        return Err(TuneError::Candidate {
            candidate: text.to_string(),
            message: "no candidate given".into(),
        });
    }
    Ok(list)
}

/// `spec` with one more option.
fn with_option(spec: &str, key: &str, value: &str) -> String {
    match spec.strip_suffix('}') {
        Some(open) if spec.contains('{') => format!("{open},{key}={value}}}"),
        _ => format!("{spec}{{{key}={value}}}"),
    }
}

/// A weight that a plan assigns a form: a function argument or constant
/// that matmul ops read through view ops, named as the passes' filters see
/// it ([`passes::filter::op_names`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// Its name (argument location name, else its SSA name).
    pub name: String,
    /// Its elements.
    pub elements: u64,
    /// The matmul ops that read it.
    pub ops: Vec<Op>,
}

/// The matmul ops of the entry function's body, in order.
pub fn matmul_ops(m: &Module) -> Vec<Op> {
    let Some(f) = m.entry_function() else {
        return Vec::new();
    };
    m.walk()
        .into_iter()
        .filter(|&op| {
            MATMUL_OPS.contains(&m.dfg.op(op).name.as_str())
                && m.dfg.op(op).results.len() == 1
                && m.dfg
                    .op(op)
                    .block
                    .is_some_and(|b| m.layout.block_owner(b) == Some(f))
        })
        .collect()
}

/// The weights read by `ops`, in the order first read. An op reads the
/// weight of its last operand that comes from an argument or a constant.
pub fn units(m: &Module, ops: &[Op]) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::new();
    let mut index: HashMap<Value, usize> = HashMap::new();
    for &op in ops {
        let Some((_, root)) = weight_operand(m, op) else {
            continue;
        };
        let i = *index.entry(root).or_insert_with(|| {
            out.push(Unit {
                name: m.value_label(root),
                elements: m
                    .dfg
                    .ty(root)
                    .as_tensor()
                    .and_then(|t| t.num_elements())
                    .unwrap_or(0),
                ops: Vec::new(),
            });
            out.len() - 1
        });
        out[i].ops.push(op);
    }
    // Two weights that print the same name could not be told apart by a
    // filter: keep the first.
    let mut seen = BTreeSet::new();
    out.retain(|u| seen.insert(u.name.clone()));
    out
}

/// A regular expression that matches exactly these names, each on its own
/// line of [`passes::filter::op_names`], written so that it survives the
/// option syntax (no comma, no brace) and a shell's word splitting (no
/// blank).
pub fn names_regex<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let alts: Vec<String> = names
        .into_iter()
        .map(|n| {
            regex::escape(n)
                .replace(',', r"\x2C")
                .replace(r"\{", r"\x7B")
                .replace(r"\}", r"\x7D")
                .replace(' ', r"\x20")
                .replace('\t', r"\t")
        })
        .collect();
    format!("(?m)^(?:{})$", alts.join("|"))
}

/// Where a plan puts the weights it does not narrow with the narrow form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wide {
    /// Another candidate (by index).
    Candidate(usize),
    /// Kept f32.
    F32,
}

/// A precision plan.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// One candidate (by index) for every weight.
    Uniform(usize),
    /// Candidate `narrow` for every weight but `kept`, which take `wide`.
    Mix {
        /// The narrow candidate.
        narrow: usize,
        /// What the kept weights take.
        wide: Wide,
        /// Indices of the units kept wide.
        kept: BTreeSet<usize>,
    },
}

impl Plan {
    /// The passes that make this plan from the original.
    pub fn specs(&self, cands: &[Candidate], units: &[Unit]) -> Vec<String> {
        match self {
            Plan::Uniform(i) => cands[*i].pipeline(),
            Plan::Mix { narrow, wide, kept } => {
                let n = &cands[*narrow];
                let narrow_names: Vec<&str> = units
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !kept.contains(i))
                    .map(|(_, u)| u.name.as_str())
                    .collect();
                let kept_names: Vec<&str> = kept.iter().map(|&i| units[i].name.as_str()).collect();
                let mut out = n.prefix.clone();
                match wide {
                    Wide::F32 => {
                        out.push(if kept_names.is_empty() {
                            n.select.clone()
                        } else {
                            with_option(&n.select, "exclude", &names_regex(kept_names))
                        });
                        out.extend(n.suffix.iter().cloned());
                    }
                    Wide::Candidate(w) => {
                        let w = &cands[*w];
                        if !narrow_names.is_empty() {
                            out.push(with_option(
                                &n.select,
                                "include",
                                &names_regex(narrow_names.iter().copied()),
                            ));
                            out.extend(n.suffix.iter().cloned());
                        }
                        out.push(if narrow_names.is_empty() {
                            w.select.clone()
                        } else {
                            with_option(&w.select, "exclude", &names_regex(narrow_names))
                        });
                        out.extend(w.suffix.iter().cloned());
                    }
                }
                out
            }
        }
    }

    /// The form each unit takes: a candidate index, or `None` for f32.
    pub fn form_of(&self, unit: usize) -> Option<usize> {
        match self {
            Plan::Uniform(i) => Some(*i),
            Plan::Mix { narrow, wide, kept } => {
                if !kept.contains(&unit) {
                    Some(*narrow)
                } else if let Wide::Candidate(w) = wide {
                    Some(*w)
                } else {
                    None
                }
            }
        }
    }

    /// In words, for progress lines and reports.
    pub fn describe(&self, cands: &[Candidate], n_units: usize) -> String {
        match self {
            Plan::Uniform(i) => format!("{} for all {n_units} weights", cands[*i].label),
            Plan::Mix { narrow, wide, kept } => format!(
                "{} for {} weights, {} for {}",
                cands[*narrow].label,
                n_units - kept.len(),
                match wide {
                    Wide::Candidate(w) => cands[*w].label.as_str(),
                    Wide::F32 => "f32",
                },
                kept.len()
            ),
        }
    }
}

/// The relative error at one matmul op, from taps: at its result, and the
/// largest at its activation inputs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpError {
    /// At the op's result.
    pub output: f64,
    /// The largest at its inputs other than the weight (0 for program inputs).
    pub input: f64,
}

impl OpError {
    /// The error the op itself adds, taking independent errors to add in
    /// quadrature: `sqrt(output² - input²)` (0 when the output's is smaller).
    pub fn added(&self) -> f64 {
        (self.output * self.output - self.input * self.input)
            .max(0.0)
            .sqrt()
    }
}

/// The error each unit's matmuls add under a form ([`OpError::added`], the
/// largest over the unit's ops); `None` where no op of the unit could be
/// tapped. `errors[i]` belongs to `ops[i]`.
pub fn sensitivities(ops: &[Op], errors: &[Option<OpError>], units: &[Unit]) -> Vec<Option<f64>> {
    let at: HashMap<Op, f64> = ops
        .iter()
        .zip(errors)
        .filter_map(|(&op, e)| e.map(|e| (op, e.added())))
        .collect();
    units
        .iter()
        .map(|u| {
            u.ops
                .iter()
                .filter_map(|op| at.get(op).copied())
                .reduce(f64::max)
        })
        .collect()
}

/// A matmul's weight: the position of its last operand read from an
/// argument or a constant through view ops, and that root.
fn weight_operand(m: &Module, op: Op) -> Option<(usize, Value)> {
    m.dfg
        .op(op)
        .operands
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, &v)| match passes::weights::find_root(m, v) {
            Root::Arg(r) | Root::Constant(r) => Some((i, r)),
            Root::Other(_) => None,
        })
}

/// The operands of a matmul `op` other than its weight (see [`units`]).
pub fn activation_operands(m: &Module, op: Op) -> Vec<Value> {
    let operands = &m.dfg.op(op).operands;
    let weight = weight_operand(m, op).map(|(i, _)| i);
    operands
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != weight)
        .map(|(_, &v)| v)
        .collect()
}

/// What one evaluation found.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// Whether the gate holds.
    pub holds: bool,
    /// The gate's measured values, in words (`rel_l2=3.1e-3 ...`).
    pub summary: String,
    /// Per op of [`matmul_ops`], the errors at its taps (when asked for).
    pub tap_errors: Option<Vec<Option<OpError>>>,
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The plan kept (the last that held), if any.
    pub plan: Option<Plan>,
    /// Every plan evaluated, in order, with what it gave.
    pub tried: Vec<(Plan, Evaluation)>,
    /// Per unit, the error its matmuls add under the narrow form of the mix
    /// (`None`: not tapped; empty when the first candidate held).
    pub sensitivity: Vec<Option<f64>>,
    /// Why the search stopped where it did, in words.
    pub notes: Vec<String>,
}

impl Outcome {
    /// The plan to report when none held: the one that kept the most
    /// weights wide among those tried.
    pub fn closest(&self) -> Option<&Plan> {
        self.tried.iter().map(|(p, _)| p).max_by_key(|p| match p {
            Plan::Uniform(i) => (1, *i),
            Plan::Mix { kept, .. } => (0, kept.len()),
        })
    }
}

/// Runs the search. `evaluate(plan, taps)` compiles and runs one plan
/// (with per-op taps when `taps`); `budget` bounds the evaluations (the
/// caller's own runs, such as the original's, already subtracted).
pub fn search<E>(
    cands: &[Candidate],
    units: &[Unit],
    ops: &[Op],
    budget: usize,
    evaluate: &mut dyn FnMut(&Plan, bool) -> Result<Evaluation, E>,
) -> Result<Outcome, E> {
    let mut out = Outcome {
        plan: None,
        tried: Vec::new(),
        sensitivity: Vec::new(),
        notes: Vec::new(),
    };
    // 1. Uniform candidates, narrowest first, until one holds.
    let mut holding = None;
    let mut failing: Option<(usize, Vec<Option<OpError>>)> = None;
    for i in 0..cands.len() {
        if out.tried.len() >= budget {
            out.notes.push(format!(
                "the budget ({budget} runs) ran out among the uniform candidates"
            ));
            return Ok(out);
        }
        let e = evaluate(&Plan::Uniform(i), true)?;
        let holds = e.holds;
        let taps = e.tap_errors.clone().unwrap_or_default();
        out.tried.push((Plan::Uniform(i), e));
        if holds {
            holding = Some(i);
            break;
        }
        failing = Some((i, taps));
    }
    let Some((narrow, taps)) = failing else {
        out.plan = Some(Plan::Uniform(0));
        out.notes.push(format!(
            "{} holds the gate for every weight",
            cands[0].label
        ));
        return Ok(out);
    };
    let wide = match holding {
        Some(w) => Wide::Candidate(w),
        None => Wide::F32,
    };
    if let Some(w) = holding {
        out.plan = Some(Plan::Uniform(w));
    }
    if units.is_empty() {
        out.notes
            .push("no weight to choose a form for one by one".into());
        return Ok(out);
    }
    // Mixing needs one prefix (layout) for both forms.
    if let Wide::Candidate(w) = wide {
        if cands[w].prefix != cands[narrow].prefix {
            out.notes.push(format!(
                "{} and {} run different passes before their matmul pass ({} against {}), so they cannot be mixed",
                cands[narrow].label,
                cands[w].label,
                cands[narrow].prefix.join(" + "),
                cands[w].prefix.join(" + ")
            ));
            return Ok(out);
        }
    }
    // 2. Rank the weights by the error they add under the narrow form;
    // those that could not be tapped first (kept wide first).
    let sens = sensitivities(ops, &taps, units);
    let mut order: Vec<usize> = (0..units.len()).collect();
    let key = |i: usize| sens[i].unwrap_or(f64::INFINITY);
    order.sort_by(|&a, &b| key(b).total_cmp(&key(a)).then(a.cmp(&b)));
    out.sensitivity = sens;
    let mix = |k: usize| Plan::Mix {
        narrow,
        wide,
        kept: order[..k].iter().copied().collect(),
    };
    // 3. Bisect the number kept wide: `lo` fails, `hi` holds (all wide is
    // the uniform wide form; all f32 is no plan at all).
    let (mut lo, mut hi) = (0usize, units.len());
    while hi - lo > 1 {
        if out.tried.len() >= budget {
            out.notes.push(format!(
                "the budget ({budget} runs) ran out with {lo} to {hi} weights kept {}",
                wide_label(cands, wide)
            ));
            break;
        }
        let k = lo + (hi - lo) / 2;
        let plan = mix(k);
        let e = evaluate(&plan, false)?;
        let holds = e.holds;
        out.tried.push((plan.clone(), e));
        if holds {
            hi = k;
            out.plan = Some(plan);
        } else {
            lo = k;
        }
    }
    if out.plan.is_none() {
        out.notes.push(format!(
            "no plan holds the gate: {} fails with every weight but its matmul inputs narrowed",
            cands[narrow].label
        ));
    }
    Ok(out)
}

fn wide_label(cands: &[Candidate], wide: Wide) -> &str {
    match wide {
        Wide::Candidate(w) => cands[w].label.as_str(),
        Wide::F32 => "f32",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(text: &str) -> Module {
        crate::front::parse(crate::ir::Source::from_string("t.mlir", text.to_string()))
            .expect("parses")
    }

    const TWO_LAYERS: &str = r#"func.func @main(%x: tensor<2x8xf32>, %w0: tensor<8x8xf32> loc("w0"), %w1: tensor<8x8xf32> loc("w1"), %w2: tensor<8x8xf32> loc("w2")) -> tensor<2x8xf32> {
  %0 = stablehlo.dot_general %x, %w0, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %1 = stablehlo.dot_general %0, %w1, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %2 = stablehlo.dot_general %1, %w2, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  return %2 : tensor<2x8xf32>
}
"#;

    #[test]
    fn candidates_split_into_prefix_selecting_pass_and_suffix() {
        let c = parse_candidates("cpu-int8, weight-layout+int8-weights{bits=4,storage=nibbles}+fuse-dequant{activations=int8},f16-matmul").unwrap();
        assert_eq!(c.len(), 3);
        assert_eq!(
            c[0].prefix,
            vec!["weight-layout{order=panels,panel-width=32}"]
        );
        assert_eq!(c[0].select, "int8-weights{activations=int8}");
        assert_eq!(c[1].select, "int8-weights{bits=4,storage=nibbles}");
        assert_eq!(c[1].suffix, vec!["fuse-dequant{activations=int8}"]);
        assert_eq!(c[1].bytes_per_element, 0.5);
        assert_eq!(c[2].prefix, Vec::<String>::new());
        for bad in [
            "weight-layout",
            "f16-matmul+int8-weights",
            "f16-matmul{include=a}",
            "nope",
        ] {
            assert!(Candidate::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_mix_is_passes_that_pick_weights_by_exact_name() {
        let m = module(TWO_LAYERS);
        let ops = matmul_ops(&m);
        let us = units(&m, &ops);
        let names: Vec<&str> = us.iter().map(|u| u.name.as_str()).collect();
        assert_eq!(names, ["w0", "w1", "w2"]);
        let c = parse_candidates("cpu-int8,cpu").unwrap();
        let plan = Plan::Mix {
            narrow: 0,
            wide: Wide::Candidate(1),
            kept: [1].into_iter().collect(),
        };
        assert_eq!(
            plan.specs(&c, &us),
            [
                "weight-layout{order=panels,panel-width=32}",
                "int8-weights{activations=int8,include=(?m)^(?:w0|w2)$}",
                "f16-matmul{exclude=(?m)^(?:w0|w2)$}",
            ]
        );
        let f32_plan = Plan::Mix {
            narrow: 1,
            wide: Wide::F32,
            kept: [0].into_iter().collect(),
        };
        assert_eq!(
            f32_plan.specs(&c, &us),
            [
                "weight-layout{order=panels,panel-width=32}",
                "f16-matmul{exclude=(?m)^(?:w0)$}"
            ]
        );
        assert_eq!(
            names_regex(["p['a'][0]", "b c,d", "e}"]),
            r"(?m)^(?:p\['a'\]\[0\]|b\x20c\x2Cd|e\x7D)$"
        );
        // An unbalanced brace in a name does not end the option text.
        let spec = with_option("f16-matmul", "exclude", &names_regex(["e}"]));
        passes::Pipeline::from_specs(&[spec]).expect("a valid option");
    }

    #[test]
    fn the_plans_passes_rewrite_exactly_the_weights_chosen() {
        let c = parse_candidates("int8-weights,f16-matmul").unwrap();
        let m0 = module(TWO_LAYERS);
        let us = units(&m0, &matmul_ops(&m0));
        let plan = Plan::Mix {
            narrow: 0,
            wide: Wide::Candidate(1),
            kept: [1].into_iter().collect(),
        };
        let mut m = module(TWO_LAYERS);
        passes::Pipeline::from_specs(&plan.specs(&c, &us))
            .unwrap()
            .run(&mut m)
            .unwrap();
        let f = m.entry_function().unwrap();
        let types: Vec<String> = m
            .dfg
            .op(f)
            .decls
            .iter()
            .map(|&a| m.dfg.ty(a).to_string())
            .collect();
        // w0 and w2 int8 (plus their scales), w1 f16.
        assert_eq!(types[1], "tensor<8x8xi8>");
        assert_eq!(types[2], "tensor<8x8xf16>");
        assert_eq!(types[3], "tensor<8x8xi8>");
    }

    #[test]
    fn sensitivity_is_the_error_a_matmul_adds_above_its_inputs() {
        let m = module(TWO_LAYERS);
        let ops = matmul_ops(&m);
        let us = units(&m, &ops);
        let e = |output, input| Some(OpError { output, input });
        let s = sensitivities(&ops, &[e(0.01, 0.0), e(0.05, 0.03), None], &us);
        assert_eq!(s.len(), 3);
        assert!((s[0].unwrap() - 0.01).abs() < 1e-12);
        assert!((s[1].unwrap() - 0.04).abs() < 1e-12);
        assert_eq!(s[2], None);
        assert_eq!(e(0.01, 0.02).unwrap().added(), 0.0);
        assert_eq!(
            activation_operands(&m, ops[1]),
            vec![m.dfg.op(ops[0]).results[0]]
        );
    }

    /// A fake evaluator: the gate holds when the weights left narrow add
    /// at most `limit` error (the sensitivities it reports).
    fn run_search(gate_limit: f64, budget: usize) -> (Outcome, usize) {
        let m = module(TWO_LAYERS);
        let ops = matmul_ops(&m);
        let us = units(&m, &ops);
        let c = parse_candidates("int8-weights,f16-matmul").unwrap();
        let added = [0.03, 0.001, 0.02];
        let mut calls = 0;
        let out = search::<()>(&c, &us, &ops, budget, &mut |plan, taps| {
            calls += 1;
            let err: f64 = (0..3)
                .map(|u| match plan.form_of(u) {
                    Some(0) => added[u],
                    Some(_) => 0.0001,
                    None => 0.0,
                })
                .sum();
            let mut up: f64 = 0.0;
            let taps = taps.then(|| {
                (0..3)
                    .map(|u| {
                        let input = up;
                        up = (up * up + added[u] * added[u]).sqrt();
                        Some(OpError { output: up, input })
                    })
                    .collect()
            });
            Ok(Evaluation {
                holds: err <= gate_limit,
                summary: format!("err={err}"),
                tap_errors: taps,
            })
        })
        .unwrap();
        (out, calls)
    }

    #[test]
    fn the_search_keeps_the_most_sensitive_weights_wide() {
        let (out, calls) = run_search(0.025, 10);
        // int8 fails (0.051), f16 holds; keeping w0 (0.03) wide is enough.
        let plan = out.plan.expect("a plan");
        assert_eq!(
            plan,
            Plan::Mix {
                narrow: 0,
                wide: Wide::Candidate(1),
                kept: [0].into_iter().collect()
            }
        );
        assert!(calls <= 4, "{calls} evaluations");
        assert!((out.sensitivity[0].unwrap() - 0.03).abs() < 1e-12);
    }

    #[test]
    fn no_plan_is_reported_when_even_f32_matmul_inputs_fail() {
        let (out, _) = run_search(-1.0, 10);
        assert!(out.plan.is_none());
        assert!(out.notes.iter().any(|n| n.contains("no plan holds")));
        assert!(out.closest().is_some());
    }

    #[test]
    fn the_budget_bounds_the_evaluations() {
        let (_, calls) = run_search(0.025, 2);
        assert_eq!(calls, 2);
        let (out, calls) = run_search(1.0, 10);
        assert_eq!(calls, 1);
        assert_eq!(out.plan, Some(Plan::Uniform(0)));
    }
}
