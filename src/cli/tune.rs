//! `hlo-opt tune`: runs the search of [`crate::tune`] on IREE and writes the
//! plan, the program and the reports.

use std::io;
use std::path::{Path, PathBuf};

use crate::front;
use crate::ir::{Module, Op, Value, ValueDef};
use crate::passes::Pipeline;
use crate::tensor::HostTensor;
use crate::tune::{self, Candidate, Evaluation, Plan, Unit};

use super::{load, usage, DecodeArgs, RunError};

/// `hlo-opt tune ORIG.mlir --gate GATE -o OUT.mlir --plan PLAN.txt`
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// The original program.
    #[arg(value_name = "ORIG.mlir")]
    pub original: PathBuf,
    /// The gate every plan is checked against (as for verify):
    /// `rel_l2<=5e-3`, `kld_mean<=1e-3` (with --eval-tokens).
    #[arg(long)]
    pub gate: String,
    /// Precision forms, narrowest (fastest) first, separated by commas:
    /// presets or passes joined with `+`, each with one of int8-weights,
    /// f16-matmul, bf16-matmul.
    #[arg(long, default_value = "cpu-int8,cpu")]
    pub candidates: String,
    /// Inputs of the original function (folder of .npy, .npz,
    /// .safetensors); random ones from --seed otherwise.
    #[arg(long, value_name = "ORIG_INPUTS")]
    pub inputs: Option<PathBuf>,
    /// Seed of the random inputs.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Range `LO:HI` of random integer inputs.
    #[arg(long, value_parser = super::parse_range)]
    pub int_range: Option<(i64, i64)>,
    /// Token-level gates of a decode step (as for verify).
    #[command(flatten)]
    pub decode: DecodeArgs,
    /// Teacher-forced evaluation over these tokens (1-D integer .npy),
    /// for gates on kld_mean, kld_p99, same_top1, ppl_ratio.
    #[arg(long, value_name = "TOKENS.npy", conflicts_with = "steps")]
    pub eval_tokens: Option<PathBuf>,
    /// At most this many IREE compile+run cycles, the original's included.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(2..))]
    pub budget: u64,
    /// Where to write the rewritten program.
    #[arg(short = 'o', long = "output", value_name = "OUT.mlir")]
    pub output: PathBuf,
    /// Where to write the plan: hlo-opt arguments, one per line.
    #[arg(long, value_name = "PLAN.txt")]
    pub plan: PathBuf,
    /// Reports to write: FILE.json or FILE.md (repeatable).
    #[arg(long = "report", value_name = "FILE")]
    pub reports: Vec<PathBuf>,
    /// Timing rounds of the plan against f32 and each candidate tried
    /// (interleaved); 0 leaves timing out.
    #[arg(long, default_value_t = 3)]
    pub rounds: usize,
    /// Minimum seconds per timed run.
    #[arg(long, default_value_t = 0.5)]
    pub min_time: f64,
    /// An extra iree-compile flag (repeatable).
    #[arg(long = "compile-flag", value_name = "FLAG", allow_hyphen_values = true)]
    pub compile_flags: Vec<String>,
    /// Clamp weight values beyond the narrow type's range when converting inputs.
    #[arg(long)]
    pub clamp: bool,
    /// No progress on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// One row of the speed table.
#[derive(Debug, serde::Serialize)]
struct Speed {
    program: String,
    ms_per_call: f64,
    speedup_over_f32: f64,
}

/// One weight's choice.
#[derive(Debug, serde::Serialize)]
struct Choice {
    weight: String,
    form: String,
    added_error: Option<f64>,
    elements: u64,
    bytes_f32: u64,
    bytes: u64,
}

/// The tune report (JSON).
#[derive(Debug, serde::Serialize)]
struct TuneReport {
    passed: bool,
    gate: String,
    candidates: Vec<String>,
    cycles: usize,
    compiles: usize,
    budget: u64,
    plan: String,
    passes: Vec<String>,
    tried: Vec<Tried>,
    weights: Vec<Choice>,
    speed: Vec<Speed>,
    notes: Vec<String>,
}

#[derive(Debug, serde::Serialize)]
struct Tried {
    plan: String,
    holds: bool,
    measured: String,
}

/// What the evaluator keeps between runs.
struct Session<'a> {
    args: &'a TuneArgs,
    /// The original as parsed (untapped): what taps and rollouts are
    /// matched against.
    original: &'a Module,
    iree: crate::iree::Iree,
    target: crate::iree::Target,
    work: &'a Path,
    gate: crate::verify::Gate,
    cands: &'a [Candidate],
    units: &'a [Unit],
    ops: &'a [Op],
    n_outputs: usize,
    /// The original's outputs, then its taps: per op of `ops`, the result
    /// and then each activation input.
    orig_out: Vec<HostTensor>,
    /// Per op of `ops`, how many taps it has in `orig_out`.
    taps_per_op: Vec<usize>,
    orig_files: crate::arg_files::ArgFiles,
    orig_set: crate::tensor::InputSet,
    tokens: Option<TokenSession>,
    runs: usize,
    /// IREE compile+run pairs made, the original's included (a tapped
    /// plan checked on tokens makes two).
    compiles: std::cell::Cell<usize>,
}

/// Token-level checking: the mode, the original's inputs, and its rollout
/// (run once).
struct TokenSession {
    mode: crate::rollout::Mode,
    inputs: crate::tensor::TensorSet,
    orig: Option<crate::rollout::Outcome>,
}

/// Runs `tune`; `Ok(true)` when a plan holds the gate.
pub fn run(a: &TuneArgs) -> Result<bool, RunError> {
    crate::progress::set_quiet(a.quiet);
    let gate = crate::verify::Gate::parse(&a.gate).map_err(|m| usage("tune --gate", m))?;
    if gate.clauses.is_empty() {
        return Err(usage(
            "tune --gate",
            "give a gate: `rel_l2<=5e-3`, `kld_mean<=1e-3`, ...",
        ));
    }
    if let Some(p) = a
        .reports
        .iter()
        .find(|p| !matches!(report_ext(p), Some("json" | "md")))
    {
        return Err(usage(
            "tune --report",
            format!("{}: expected a .json or .md file", p.display()),
        ));
    }
    let cands = tune::parse_candidates(&a.candidates).map_err(|e| usage("tune", e.to_string()))?;
    let mode = super::decode_mode(&a.decode, a.eval_tokens.as_deref(), None)?;
    if mode.is_none() && !gate.token_metrics().is_empty() {
        return Err(usage(
            "tune --gate",
            format!(
                "{} need --steps or --eval-tokens",
                gate.token_metrics().join(", ")
            ),
        ));
    }
    let out_target = crate::output::OutputFile::prepare(&a.output)?;
    let plan_target = crate::output::OutputFile::prepare(&a.plan)?;
    let original = parse_original(a)?;
    let ops = tune::matmul_ops(&original);
    let units = tune::units(&original, &ops);
    if units.is_empty() {
        return Err(RunError::Step(format!(
            "{}: no dot_general, dot, einsum or convolution of the entry function reads a weight argument or constant: nothing to tune",
            a.original.display()
        )));
    }
    let iree = crate::iree::Iree::find()?
        .preferring(crate::iree::VERIFY_FLAGS)
        .with_compile_flags(&a.compile_flags);
    let tmp = super::temp_dir()?;
    let work = tmp.path();
    let spec = crate::inputs::InputSpec {
        seed: a.seed,
        int_range: a.int_range,
    };
    let (orig_files, orig_set) = crate::arg_files::original(
        &original,
        a.inputs.as_deref(),
        spec,
        &work.join("in_original"),
    )?;
    let tokens = match mode {
        Some(mode) => Some(TokenSession {
            mode,
            inputs: match &a.inputs {
                Some(p) => crate::tensor::read_set(p)?,
                None => crate::inputs::random_inputs(&original, spec)?,
            },
            orig: None,
        }),
        None => None,
    };
    let n_outputs = crate::weights::entry_results(&original)?.len();
    // The original, once, with every matmul's result and activation
    // inputs as extra outputs (each plan's run is tapped where these
    // stood: `standing_value`, `standing_input`).
    let mut tapped = parse_original(a)?;
    let f = tapped
        .entry_function()
        .ok_or_else(|| RunError::Step("no entry function".into()))?;
    let orig_taps: Vec<Vec<Value>> = ops
        .iter()
        .map(|&op| {
            let d = tapped.dfg.op(op);
            std::iter::once(d.results[0])
                .chain(tune::activation_operands(&tapped, op))
                .collect()
        })
        .collect();
    for v in orig_taps.iter().flatten() {
        if !tapped.append_result(f, *v) {
            return Err(RunError::Step(
                "could not add taps to the entry function".into(),
            ));
        }
    }
    let path = work.join("original.mlir");
    super::write_atomically(&path, &tapped)?;
    crate::progress::say(&format!(
        "tune: {} weight(s) read by {} matmul op(s); candidates {}",
        units.len(),
        ops.len(),
        cands
            .iter()
            .map(|c| c.label.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let target = crate::iree::Target::Cpu;
    let orig_out = run_module(
        &iree,
        &target,
        work,
        &path,
        &tapped,
        &orig_files,
        "original",
    )?;
    let mut session = Session {
        args: a,
        original: &original,
        iree,
        target,
        work,
        gate,
        cands: &cands,
        units: &units,
        ops: &ops,
        n_outputs,
        orig_out,
        taps_per_op: orig_taps.iter().map(Vec::len).collect(),
        orig_files,
        orig_set,
        tokens,
        runs: 1,
        compiles: std::cell::Cell::new(1),
    };
    let budget = (a.budget as usize).saturating_sub(1);
    let outcome = tune::search(&cands, &units, &ops, budget, &mut |plan, taps| {
        session.evaluate(plan, taps)
    })?;
    let passed = outcome.plan.is_some();
    let chosen = outcome.plan.clone().or_else(|| outcome.closest().cloned());
    let Some(mut chosen) = chosen else {
        for n in &outcome.notes {
            eprintln!("hlo-opt: {n}");
        }
        return Ok(false);
    };
    let mut specs = chosen.specs(&cands, &units);
    let mut program = build(a, &specs)?;
    let cycles = session.runs;
    let timed = if a.rounds > 0 {
        session.time(&outcome, &chosen, &program)?
    } else {
        Vec::new()
    };
    let mut notes = outcome.notes.clone();
    // The fastest plan that holds: a uniform form that held and ran faster
    // than the mix (as measured here) replaces it.
    let ms_of = |p: &Plan| {
        timed
            .iter()
            .find(|(q, _)| q.as_ref() == Some(p))
            .map(|(_, s)| s.ms_per_call)
    };
    if let (true, Plan::Mix { .. }, Some(mix_ms)) = (passed, &chosen, ms_of(&chosen)) {
        let faster = outcome
            .tried
            .iter()
            .filter(|(p, e)| e.holds && matches!(p, Plan::Uniform(_)))
            .filter_map(|(p, _)| ms_of(p).map(|ms| (p.clone(), ms)))
            .filter(|(_, ms)| *ms < mix_ms)
            .min_by(|x, y| x.1.total_cmp(&y.1));
        if let Some((p, ms)) = faster {
            notes.push(format!(
                "the mix ({}) ran at {mix_ms:.3} ms/call, slower than {} at {ms:.3}: that is the plan",
                chosen.describe(&cands, units.len()),
                p.describe(&cands, units.len())
            ));
            chosen = p;
            specs = chosen.specs(&cands, &units);
            program = build(a, &specs)?;
        }
    }
    let speed: Vec<Speed> = timed
        .into_iter()
        .map(|(p, mut s)| {
            if p.as_ref() == Some(&chosen) {
                s.program = match s.program.as_str() {
                    "mix" => "plan".into(),
                    uniform => format!("plan: {uniform}"),
                };
            } else if s.program == "mix" {
                s.program = "mix (slower, not kept)".into();
            }
            s
        })
        .collect();
    // Writes: the program, the plan, the reports.
    super::write_module(&out_target, &program)?;
    let plan_text = plan_file(a, &chosen, &specs, &cands, units.len(), passed);
    plan_target.write(|mut f| io::Write::write_all(&mut f, plan_text.as_bytes()))?;
    let report = TuneReport {
        passed,
        gate: a.gate.clone(),
        candidates: cands.iter().map(|c| c.label.clone()).collect(),
        cycles,
        compiles: session.compiles.get(),
        budget: a.budget,
        plan: chosen.describe(&cands, units.len()),
        passes: specs.clone(),
        tried: outcome
            .tried
            .iter()
            .map(|(p, e)| Tried {
                plan: p.describe(&cands, units.len()),
                holds: e.holds,
                measured: e.summary.clone(),
            })
            .collect(),
        weights: choices(&chosen, &cands, &units, &outcome.sensitivity),
        speed,
        notes,
    };
    eprint!("{}", terminal(&report));
    for p in &a.reports {
        let text = match report_ext(p) {
            Some("json") => serde_json::to_string_pretty(&report).unwrap_or_default() + "\n",
            _ => markdown(&report),
        };
        super::write_file_atomically(p, |mut f| io::Write::write_all(&mut f, text.as_bytes()))?;
    }
    Ok(passed)
}

fn report_ext(p: &Path) -> Option<&str> {
    p.extension().and_then(|e| e.to_str())
}

fn parse_original(a: &TuneArgs) -> Result<Module, RunError> {
    Ok(front::parse(load(&a.original.display().to_string())?)?)
}

/// The original after `specs`.
fn build(a: &TuneArgs, specs: &[String]) -> Result<Module, RunError> {
    let pipeline = Pipeline::from_specs(specs).map_err(RunError::Usage)?;
    let mut m = parse_original(a)?;
    pipeline.run(&mut m)?;
    Ok(m)
}

/// Compiles and runs one program (its entry function) on its input files.
fn run_module(
    iree: &crate::iree::Iree,
    target: &crate::iree::Target,
    work: &Path,
    mlir: &Path,
    m: &Module,
    inputs: &crate::arg_files::ArgFiles,
    tag: &str,
) -> Result<Vec<HostTensor>, RunError> {
    let vmfb = work.join(format!("{tag}.vmfb"));
    crate::progress::step(&format!("compiling {tag}"), || {
        iree.compile(mlir, &vmfb, target, tag)
    })?;
    let dir = work.join(tag);
    std::fs::create_dir_all(&dir).map_err(|err| RunError::Write {
        path: dir.display().to_string(),
        err,
    })?;
    let outputs = crate::weights::entry_results(m)?.len();
    let function = crate::weights::entry_name(m).unwrap_or_else(|| "main".into());
    Ok(crate::progress::step(&format!("running {tag}"), || {
        iree.run(&crate::iree::Invocation {
            vmfb: &vmfb,
            function: &function,
            device: target.device(),
            inputs: crate::iree::RunInputs::Files(&inputs.specs),
            outputs,
            workdir: &dir,
            what: tag,
        })
    })?)
}

/// The value of `new` that stands where `op`'s result stood in `orig`:
/// what a consumer of that result (kept by the rewrite) now reads, when it
/// has the same type and lies in the entry function's body.
fn standing_value(orig: &Module, new: &Module, op: Op) -> Option<Value> {
    let r0 = orig.dfg.op(op).results[0];
    let f = new.entry_function()?;
    for (user, idx) in orig.dfg.uses(r0) {
        if !new.dfg.contains(user) {
            continue;
        }
        let (u0, u1) = (orig.dfg.op(user), new.dfg.op(user));
        if u0.name != u1.name || u0.operands.len() != u1.operands.len() {
            continue;
        }
        let v = u1.operands[idx];
        if new.dfg.ty(v) != orig.dfg.ty(r0) {
            continue;
        }
        let in_body = match new.dfg.value(v).def {
            ValueDef::Result { op: p, .. } => new
                .dfg
                .op(p)
                .block
                .is_some_and(|b| new.layout.block_owner(b) == Some(f)),
            ValueDef::Decl { op: p, .. } => p == f,
            ValueDef::BlockArg { .. } => false,
        };
        if in_body {
            return Some(v);
        }
    }
    None
}

/// The value of `new` that stands for `v` of `orig` when `v` is an input of
/// a matmul: the same producer's result (kept by the rewrite, same type, in
/// the entry function's body), or the same entry argument.
fn standing_input(orig: &Module, new: &Module, v: Value) -> Option<Value> {
    let f = new.entry_function()?;
    let w = match orig.dfg.value(v).def {
        ValueDef::Result { op, index } => {
            if !new.dfg.contains(op) || new.dfg.op(op).name != orig.dfg.op(op).name {
                return None;
            }
            let w = *new.dfg.op(op).results.get(index as usize)?;
            let in_body = new
                .dfg
                .op(op)
                .block
                .is_some_and(|b| new.layout.block_owner(b) == Some(f));
            in_body.then_some(w)?
        }
        ValueDef::Decl { op, index } => {
            if orig.entry_function() != Some(op) {
                return None;
            }
            *new.dfg.op(f).decls.get(index as usize)?
        }
        ValueDef::BlockArg { .. } => return None,
    };
    (new.dfg.ty(w) == orig.dfg.ty(v)).then_some(w)
}

/// The metrics of output `i` (`y` against the original's `x`).
fn metrics(i: usize, x: &HostTensor, y: &HostTensor) -> crate::verify::OutputMetrics {
    crate::verify::compare(
        i,
        &x.shape,
        (x.dtype.mlir_name(), y.dtype.mlir_name()),
        &x.to_f64(),
        &y.to_f64(),
        crate::verify::MetricOptions { tie: 1e-3 },
    )
}

fn summary(checks: &[crate::verify::gate::Check]) -> String {
    checks
        .iter()
        .map(|c| format!("{}: {:.3e}", c.clause, c.value))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Session<'_> {
    /// One plan: build, convert inputs, compile, run, check the gate.
    fn evaluate(&mut self, plan: &Plan, taps: bool) -> Result<Evaluation, RunError> {
        self.runs += 1;
        let n = self.runs;
        let what = plan.describe(self.cands, self.units.len());
        crate::progress::say(&format!("tune: run {n}: {what}"));
        let mut m = build(self.args, &plan.specs(self.cands, self.units))?;
        let tag = format!("plan{n}");
        let original = self.original;
        let (holds, summary_text, tap_errors);
        if let Some(tok) = &mut self.tokens {
            let new_inputs = crate::weights::convert(
                &m,
                Some(original),
                &tok.inputs,
                crate::weights::ConvertOptions {
                    clamp: self.args.clamp,
                },
            )?;
            let prep = crate::rollout::prepare(
                original,
                &m,
                &tok.inputs,
                &new_inputs,
                &tok.mode,
                &self.args.decode.overrides(),
            )?;
            if tok.orig.is_none() {
                let p = crate::rollout::write_wrapper(self.work, "original", &prep.orig_text)?;
                self.compiles.set(self.compiles.get() + 1);
                tok.orig = Some(crate::rollout::run_program(
                    &self.iree,
                    &p,
                    &prep.orig_inputs,
                    &self.target,
                    self.work,
                    "original",
                )?);
            }
            let p = crate::rollout::write_wrapper(self.work, &tag, &prep.new_text)?;
            self.compiles.set(self.compiles.get() + 1);
            let b = crate::rollout::run_program(
                &self.iree,
                &p,
                &prep.new_inputs,
                &self.target,
                self.work,
                &tag,
            )?;
            let Some(a) = tok.orig.as_ref() else {
                return Err(RunError::Step("the original rollout did not run".into()));
            };
            let (outputs, rollout, eval) = super::score_tokens(&tok.mode, &prep, a, &b, 1e-3);
            let values = super::token_gate_values(rollout.as_ref(), eval.as_ref());
            let checks = self.gate.check_all(&outputs, &values);
            holds = checks.iter().all(|c| c.holds);
            summary_text = summary(&checks);
            tap_errors = if taps {
                Some(self.tap_run(original, &mut m, &format!("{tag}.taps"))?.1)
            } else {
                None
            };
        } else {
            let (outputs, errs) = if taps {
                self.tap_run(original, &mut m, &tag)?
            } else {
                (self.call(&m, &tag)?, Vec::new())
            };
            let checks = self.gate.check(&outputs);
            holds = checks.iter().all(|c| c.holds);
            summary_text = summary(&checks);
            tap_errors = taps.then_some(errs);
        }
        eprintln!(
            "hlo-opt: tune: run {n}: {what}: {} ({summary_text})",
            if holds { "holds" } else { "fails" }
        );
        Ok(Evaluation {
            holds,
            summary: summary_text,
            tap_errors,
        })
    }

    /// Input files for a rewritten program.
    fn files(&self, m: &Module, tag: &str) -> Result<crate::arg_files::ArgFiles, RunError> {
        Ok(crate::arg_files::rewritten(
            m,
            Some(self.original),
            None,
            &self.orig_set,
            &self.work.join(format!("in_{tag}")),
            crate::weights::ConvertOptions {
                clamp: self.args.clamp,
            },
            &mut |_, _| {},
        )?)
    }

    /// Compares outputs with the original's.
    fn compare(&self, out: &[HostTensor]) -> Vec<crate::verify::OutputMetrics> {
        self.orig_out
            .iter()
            .zip(out)
            .take(self.n_outputs)
            .enumerate()
            .map(|(i, (x, y))| metrics(i, x, y))
            .collect()
    }

    /// One call of `m`, its outputs compared.
    fn call(&self, m: &Module, tag: &str) -> Result<Vec<crate::verify::OutputMetrics>, RunError> {
        let files = self.files(m, tag)?;
        let path = self.work.join(format!("{tag}.mlir"));
        super::write_atomically(&path, m)?;
        self.compiles.set(self.compiles.get() + 1);
        let out = run_module(&self.iree, &self.target, self.work, &path, m, &files, tag)?;
        Ok(self.compare(&out))
    }

    /// One call of `m` with a tap where each matmul's result stood; the
    /// outputs compared, and each tap's relative error.
    fn tap_run(
        &self,
        original: &Module,
        m: &mut Module,
        tag: &str,
    ) -> Result<
        (
            Vec<crate::verify::OutputMetrics>,
            Vec<Option<tune::OpError>>,
        ),
        RunError,
    > {
        let files = self.files(m, tag)?;
        let f = m
            .entry_function()
            .ok_or_else(|| RunError::Step("no entry function".into()))?;
        // Every standing value is found before any is returned (a return
        // that gained operands no longer looks like the original's).
        let standing: Vec<Vec<Option<Value>>> = self
            .ops
            .iter()
            .map(|&op| {
                std::iter::once(standing_value(original, m, op))
                    .chain(
                        tune::activation_operands(original, op)
                            .into_iter()
                            .map(|v| standing_input(original, m, v)),
                    )
                    .collect()
            })
            .collect();
        let mut slots: Vec<Vec<Option<usize>>> = Vec::new();
        let mut k = 0;
        for vs in standing {
            let mut row = Vec::new();
            for v in vs {
                match v {
                    Some(v) if m.append_result(f, v) => {
                        row.push(Some(k));
                        k += 1;
                    }
                    _ => row.push(None),
                }
            }
            slots.push(row);
        }
        let path = self.work.join(format!("{tag}.mlir"));
        super::write_atomically(&path, m)?;
        self.compiles.set(self.compiles.get() + 1);
        let out = run_module(&self.iree, &self.target, self.work, &path, m, &files, tag)?;
        let outputs = self.compare(&out);
        let rel = |x: &HostTensor, y: &HostTensor| {
            let m = metrics(0, x, y);
            m.rel_l2.is_finite().then_some(m.rel_l2)
        };
        let mut first = self.n_outputs;
        let mut errors = Vec::new();
        for (row, &n) in slots.iter().zip(&self.taps_per_op) {
            let at = |j: usize| -> Option<f64> {
                let s = (*row.get(j)?)?;
                rel(self.orig_out.get(first + j)?, out.get(self.n_outputs + s)?)
            };
            // An input that could not be tapped makes the op's own share
            // unknown.
            let inputs: Option<Vec<f64>> = (1..n).map(at).collect();
            errors.push(match (at(0), inputs) {
                (Some(output), Some(inputs)) => Some(tune::OpError {
                    output,
                    input: inputs.into_iter().fold(0.0, f64::max),
                }),
                _ => None,
            });
            first += n;
        }
        Ok((outputs, errors))
    }

    /// Times f32, each uniform candidate tried and the plan, interleaved;
    /// each row with the plan it times (`None`: f32). The caller marks
    /// which one is kept.
    fn time(
        &self,
        outcome: &tune::Outcome,
        chosen: &Plan,
        program: &Module,
    ) -> Result<Vec<(Option<Plan>, Speed)>, RunError> {
        type Program = (Option<Plan>, String, PathBuf, crate::arg_files::ArgFiles);
        let mut programs: Vec<Program> = vec![(
            None,
            "f32 (original)".into(),
            self.args.original.clone(),
            self.orig_files.clone(),
        )];
        let mut uniform: Vec<usize> = outcome
            .tried
            .iter()
            .filter_map(|(p, _)| match p {
                Plan::Uniform(i) => Some(*i),
                Plan::Mix { .. } => None,
            })
            .collect();
        uniform.dedup();
        for i in uniform {
            let m = build(self.args, &self.cands[i].pipeline())?;
            let tag = format!("time_uniform{i}");
            let path = self.work.join(format!("{tag}.mlir"));
            super::write_atomically(&path, &m)?;
            let files = self.files(&m, &tag)?;
            let label = format!("{} (every weight)", self.cands[i].label);
            programs.push((Some(Plan::Uniform(i)), label, path, files));
        }
        if matches!(chosen, Plan::Mix { .. }) {
            let path = self.work.join("time_plan.mlir");
            super::write_atomically(&path, program)?;
            let files = self.files(program, "time_plan")?;
            programs.push((Some(chosen.clone()), "mix".into(), path, files));
        }
        crate::progress::say(&format!(
            "tune: timing {} programs, {} rounds...",
            programs.len(),
            self.args.rounds
        ));
        let tags: Vec<String> = (0..programs.len()).map(|i| format!("timed{i}")).collect();
        let timed: Vec<crate::bench::Timed<'_>> = programs
            .iter()
            .zip(&tags)
            .map(|((_, _, path, files), tag)| crate::bench::Timed {
                tag,
                mlir: path,
                inputs: files,
            })
            .collect();
        let function = crate::weights::entry_name(program).unwrap_or_else(|| "main".into());
        let (_, times) = crate::bench::time_programs(
            &self.iree,
            &timed,
            &function,
            &self.target,
            self.args.rounds,
            self.args.min_time,
            self.work,
        )?;
        let base = crate::bench::median(&times[0]);
        Ok(programs
            .into_iter()
            .zip(&times)
            .map(|((plan, label, _, _), t)| {
                let ms = crate::bench::median(t);
                (
                    plan,
                    Speed {
                        program: label,
                        ms_per_call: ms,
                        speedup_over_f32: base / ms,
                    },
                )
            })
            .collect())
    }
}

fn choices(plan: &Plan, cands: &[Candidate], units: &[Unit], sens: &[Option<f64>]) -> Vec<Choice> {
    units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let form = plan.form_of(i);
            let per = form.map_or(4.0, |c| cands[c].bytes_per_element);
            Choice {
                weight: u.name.clone(),
                form: form.map_or("f32".into(), |c| cands[c].label.clone()),
                added_error: sens.get(i).copied().flatten(),
                elements: u.elements,
                bytes_f32: u.elements * 4,
                bytes: (u.elements as f64 * per).ceil() as u64,
            }
        })
        .collect()
}

fn plan_file(
    a: &TuneArgs,
    plan: &Plan,
    specs: &[String],
    cands: &[Candidate],
    n_units: usize,
    passed: bool,
) -> String {
    let mut s = format!(
        "# hlo-opt tune {} --gate '{}' --candidates '{}'\n# plan: {}\n",
        a.original.display(),
        a.gate,
        a.candidates,
        plan.describe(cands, n_units)
    );
    if !passed {
        s += "# NO plan held the gate: this is the closest one tried, and it FAILS the gate\n";
    }
    s += "# reproduce: hlo-opt $(grep -v '^#' PLAN.txt) ORIG.mlir\n";
    for spec in specs {
        s += "--pass\n";
        s += spec;
        s.push('\n');
    }
    s
}

fn terminal(r: &TuneReport) -> String {
    let mut s = String::new();
    for t in &r.tried {
        s += &format!(
            "hlo-opt: tried {}: {} ({})\n",
            t.plan,
            if t.holds { "holds" } else { "fails" },
            t.measured
        );
    }
    for n in &r.notes {
        s += &format!("hlo-opt: {n}\n");
    }
    for sp in &r.speed {
        s += &format!(
            "hlo-opt: {:<40} {:>10.3} ms/call  {:>6.2}x over f32\n",
            sp.program, sp.ms_per_call, sp.speedup_over_f32
        );
    }
    s += &format!(
        "hlo-opt: tune {}: {} ({} IREE compile+run cycles of at most {}; {} programs compiled)\n",
        if r.passed { "PASSED" } else { "FAILED" },
        r.plan,
        r.cycles,
        r.budget,
        r.compiles
    );
    if !r.passed {
        s += "hlo-opt: no plan held the gate; -o and --plan hold the closest one tried, which FAILS it\n";
    }
    s
}

fn markdown(r: &TuneReport) -> String {
    let mut s = format!(
        "# hlo-opt tune\n\n**{}**: {} (gate `{}`, {} IREE compile+run cycles of at most {})\n\n",
        if r.passed { "PASSED" } else { "FAILED" },
        r.plan,
        r.gate,
        r.cycles,
        r.budget
    );
    s += "## Plan\n\n```\n";
    for p in &r.passes {
        s += &format!("--pass {p}\n");
    }
    s += "```\n\n## Plans tried\n\n| plan | gate | measured |\n|---|---|---|\n";
    for t in &r.tried {
        s += &format!(
            "| {} | {} | {} |\n",
            t.plan,
            if t.holds { "holds" } else { "fails" },
            t.measured
        );
    }
    if !r.speed.is_empty() {
        s += "\n## Speed (interleaved, median ms per call)\n\n| program | ms/call | over f32 |\n|---|---|---|\n";
        for sp in &r.speed {
            s += &format!(
                "| {} | {:.3} | {:.2}x |\n",
                sp.program, sp.ms_per_call, sp.speedup_over_f32
            );
        }
    }
    s += "\n## Weights\n\n| weight | form | error added (narrowest form) | f32 bytes | bytes |\n|---|---|---|---|---|\n";
    for w in &r.weights {
        s += &format!(
            "| `{}` | {} | {} | {} | {} |\n",
            w.weight,
            w.form,
            w.added_error.map_or("-".into(), |e| format!("{e:.2e}")),
            w.bytes_f32,
            w.bytes
        );
    }
    if !r.notes.is_empty() {
        s += "\n## Notes\n\n";
        for n in &r.notes {
            s += &format!("- {n}\n");
        }
    }
    s
}
