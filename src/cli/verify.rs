//! `hlo-opt verify`: run both programs on IREE, compare every output (or
//! both token streams), check the gate, write the reports.

use std::io;
use std::path::{Path, PathBuf};

use crate::passes::PassError;

use super::pair::{decode_mode, input_files, input_sets, load_pair, temp_dir};
use super::{usage, write_atomically, write_file_atomically, RunError, VerifyArgs};

/// The report format a `--report` path asks for, by its extension.
pub(super) fn report_kind(p: &Path) -> Option<&str> {
    p.extension()
        .and_then(|e| e.to_str())
        .filter(|e| matches!(*e, "json" | "md" | "html" | "htm"))
}

/// Runs `verify`; `Ok(true)` when the gate holds.
pub(super) fn run_verify(v: &VerifyArgs) -> Result<bool, RunError> {
    crate::progress::set_quiet(v.pair.quiet);
    let gate = crate::verify::Gate::parse(&v.gate).map_err(|m| {
        RunError::Usage(PassError::BadOption {
            pass: "verify --gate".into(),
            message: m,
        })
    })?;
    if let Some(p) = v.reports.iter().find(|p| report_kind(p).is_none()) {
        return Err(RunError::Usage(PassError::BadOption {
            pass: "verify --report".into(),
            message: format!("{}: expected a .json, .md or .html file", p.display()),
        }));
    }
    let mode = decode_mode(
        &v.decode,
        v.eval_tokens.as_deref(),
        v.eval_window.map(|w| w as usize),
    )?;
    match &mode {
        Some(m) => return run_verify_tokens(v, m, &gate),
        None if !gate.token_metrics().is_empty() => {
            return Err(usage(
                "verify --gate",
                format!(
                    "{} need --steps or --eval-tokens",
                    gate.token_metrics().join(", ")
                ),
            ))
        }
        None => {}
    }
    if v.per_op && v.pair.against.is_some() {
        return Err(RunError::Usage(PassError::BadOption {
            pass: "verify --per-op".into(),
            message:
                "needs --pass: hlo-opt knows which op stands for which only for rewrites it made"
                    .into(),
        }));
    }
    let target = match &v.device {
        crate::iree::Target::Cuda(_) => crate::iree::Target::Cuda(v.cuda_target.clone()),
        t => t.clone(),
    };
    let iree = crate::iree::Iree::find()?
        .preferring(crate::iree::VERIFY_FLAGS)
        .with_compile_flags(&v.pair.compile_flags);
    let tmp = temp_dir()?;
    let work = tmp.path();
    let orig_path = work.join("original.mlir");
    let new_path = work.join("rewritten.mlir");
    let (mut original, mut rewritten, label) = load_pair(&v.pair)?;
    let n_outputs = crate::weights::entry_results(&original)?.len();
    let (inputs, _, new_inputs) = input_files(&original, &rewritten, &v.pair, v.clamp, work)?;
    let mut taps = Vec::new();
    if v.per_op {
        let ops = crate::verify::rewritten_ops(&original, &rewritten);
        taps = ops
            .iter()
            .map(|&op| crate::verify::Tap::new(&original, op))
            .collect();
        if ops.is_empty() {
            eprintln!(
                "hlo-opt: --per-op: no op of the original survives the rewrite with a changed signature, so nothing is tapped (ops a pass replaces, as fuse-dequant does, cannot be matched)"
            );
        }
        if !crate::verify::add_taps(&mut original, &mut rewritten, &ops) {
            return Err(RunError::Step(
                "could not add per-op taps to the entry function".into(),
            ));
        }
    }
    write_atomically(&orig_path, &original)?;
    write_atomically(&new_path, &rewritten)?;
    let vspec = crate::verify::VerifySpec {
        original: &original,
        rewritten: &rewritten,
        inputs: &inputs,
        new_inputs: &new_inputs,
        target: &target,
        gate: &gate,
        metric_options: crate::verify::MetricOptions { tie: v.tie },
        workdir: work,
    };
    let (outputs, per_op) =
        crate::verify::run(&iree, &vspec, (&orig_path, &new_path), n_outputs, &taps)?;
    let checks = gate.check(&outputs);
    let report = crate::verify::Report {
        per_op,
        ..verify_report(v, label, &target, checks, outputs)
    };
    write_reports(&report, &v.reports)?;
    Ok(report.passed)
}

/// A verify report with what every mode fills in; the mode's own parts
/// (per-op errors, rollout, evaluation) empty.
pub(super) fn verify_report(
    v: &VerifyArgs,
    label: String,
    target: &crate::iree::Target,
    checks: Vec<crate::verify::gate::Check>,
    outputs: Vec<crate::verify::OutputMetrics>,
) -> crate::verify::Report {
    crate::verify::Report {
        passed: checks.iter().all(|c| c.holds),
        gate: v.gate.clone(),
        checks,
        original: v.pair.original.display().to_string(),
        rewritten: label,
        target: format!("{target:?}"),
        seed: v.pair.inputs.is_none().then_some(v.pair.seed),
        outputs,
        per_op: Vec::new(),
        decode: None,
        rollout: None,
        eval: None,
    }
}

/// Writes the report in each format its path's extension names.
pub(super) fn write_reports(
    report: &crate::verify::Report,
    paths: &[PathBuf],
) -> Result<(), RunError> {
    eprint!("{}", report.terminal());
    for path in paths {
        let text = match path.extension().and_then(|e| e.to_str()) {
            Some("json") => report.json(),
            Some("md") => report.markdown(),
            Some("html") | Some("htm") => report.html(),
            _ => {
                return Err(RunError::Usage(PassError::BadOption {
                    pass: "verify --report".into(),
                    message: format!("{}: expected a .json, .md or .html file", path.display()),
                }))
            }
        };
        write_file_atomically(path, |mut f| io::Write::write_all(&mut f, text.as_bytes()))?;
    }
    Ok(())
}

/// `verify --steps N` / `verify --eval-tokens T.npy`: both programs wrapped
/// in a rollout, each compiled once and run once.
pub(super) fn run_verify_tokens(
    v: &VerifyArgs,
    mode: &crate::rollout::Mode,
    gate: &crate::verify::Gate,
) -> Result<bool, RunError> {
    if v.per_op {
        return Err(usage(
            "verify --per-op",
            "not with --steps or --eval-tokens; run it as a single-call verify",
        ));
    }
    let target = match &v.device {
        crate::iree::Target::Cuda(_) => crate::iree::Target::Cuda(v.cuda_target.clone()),
        t => t.clone(),
    };
    let tmp = temp_dir()?;
    let work = tmp.path();
    let (original, rewritten, label) = load_pair(&v.pair)?;
    let (inputs, new_inputs) = input_sets(&original, &rewritten, &v.pair, v.clamp)?;
    let prep = crate::rollout::prepare(
        &original,
        &rewritten,
        &inputs,
        &new_inputs,
        mode,
        &v.decode.overrides(),
    )?;
    let described = prep.orig.describe();
    eprintln!("hlo-opt: {described}");
    let new_described = prep.new.describe();
    if new_described != described {
        eprintln!("hlo-opt: rewritten {new_described}");
    }
    let iree = crate::iree::Iree::find()?
        .preferring(crate::iree::VERIFY_FLAGS)
        .with_compile_flags(&v.pair.compile_flags);
    let orig_path = crate::rollout::write_wrapper(work, "original", &prep.orig_text)?;
    let new_path = crate::rollout::write_wrapper(work, "rewritten", &prep.new_text)?;
    crate::progress::say("compiling and running both rollouts...");
    let mut a = crate::rollout::run_program(
        &iree,
        &orig_path,
        &prep.orig_inputs,
        &target,
        work,
        "original",
    )?;
    let mut b = crate::rollout::run_program(
        &iree,
        &new_path,
        &prep.new_inputs,
        &target,
        work,
        "rewritten",
    )?;
    let windows = mode.windows();
    if windows.len() > 1 {
        // Later windows: the same compiled wrappers, other given tokens.
        if let crate::rollout::Mode::Eval { tokens: t, .. } = mode {
            for &(first, len) in &windows[1..] {
                let forced = &t[first..first + len];
                for (outcome, set, tag) in [
                    (&mut a, &prep.orig_inputs, "original"),
                    (&mut b, &prep.new_inputs, "rewritten"),
                ] {
                    let vmfb = work.join(format!("{tag}.rollout.vmfb"));
                    let more = crate::rollout::run_compiled(
                        &iree,
                        &vmfb,
                        &crate::rollout::with_forced(set, forced),
                        &target,
                        work,
                        tag,
                    )?;
                    outcome.tokens.extend(more.tokens);
                    outcome.logits.extend(more.logits);
                    outcome.run_s += more.run_s;
                }
            }
        }
        eprintln!(
            "hlo-opt: {} windows of {} positions",
            windows.len(),
            prep.lp.iterations
        );
    }
    eprintln!(
        "hlo-opt: {} step calls per program; original: compile {:.2} s, run {:.2} s; rewritten: compile {:.2} s, run {:.2} s",
        prep.lp.iterations, a.compile_s, a.run_s, b.compile_s, b.run_s
    );
    let (outputs, rollout, eval) = score_tokens(mode, &prep, &a, &b, v.tie);
    let values = token_gate_values(rollout.as_ref(), eval.as_ref());
    let checks = gate.check_all(&outputs, &values);
    let report = crate::verify::Report {
        decode: Some(described),
        rollout,
        eval,
        ..verify_report(v, label, &target, checks, outputs)
    };
    write_reports(&report, &v.reports)?;
    Ok(report.passed)
}

/// The logits metrics (over the rows both programs were fed the same
/// tokens), and the rollout or evaluation, of two finished rollouts.
pub(super) fn score_tokens(
    mode: &crate::rollout::Mode,
    prep: &crate::rollout::Prepared,
    a: &crate::rollout::Outcome,
    b: &crate::rollout::Outcome,
    tie: f64,
) -> (
    Vec<crate::verify::OutputMetrics>,
    Option<crate::verify::tokens::RolloutReport>,
    Option<crate::verify::tokens::EvalReport>,
) {
    use crate::verify::tokens;
    let windows = mode.windows();
    let vocab = prep.orig.vocab as usize;
    let (mut rollout, mut eval) = (None, None);
    // Rows where both programs had fed the same tokens: every row when
    // teacher-forced, up to the first divergence in a rollout.
    let same_rows = match mode {
        crate::rollout::Mode::Rollout { steps, .. } => {
            let r = tokens::rollout(
                &prep.tokens,
                *steps,
                vocab,
                &tokens::Run {
                    tokens: &a.tokens,
                    logits: &a.logits,
                },
                &tokens::Run {
                    tokens: &b.tokens,
                    logits: &b.logits,
                },
            );
            let rows = prep.tokens.len() + r.first_divergence.unwrap_or(steps - 1);
            rollout = Some(r);
            rows
        }
        crate::rollout::Mode::Eval { tokens: t, .. } => {
            let targets: Vec<i64> = windows
                .iter()
                .flat_map(|&(first, len)| t[first + 1..first + 1 + len].iter().copied())
                .collect();
            eval = Some(tokens::evaluate_targets(
                &targets, vocab, &a.logits, &b.logits,
            ));
            targets.len()
        }
    };
    let n = (same_rows * vocab).min(a.logits.len()).min(b.logits.len());
    let outputs = vec![crate::verify::compare(
        0,
        &[(n / vocab.max(1)) as u64, vocab as u64],
        ("f32", "f32"),
        &a.logits[..n],
        &b.logits[..n],
        crate::verify::MetricOptions { tie },
    )];
    (outputs, rollout, eval)
}

/// The gate values (`tokens_equal`, `kld_mean`, ...) of a rollout or an
/// evaluation.
pub(super) fn token_gate_values(
    rollout: Option<&crate::verify::tokens::RolloutReport>,
    eval: Option<&crate::verify::tokens::EvalReport>,
) -> Vec<(&'static str, f64)> {
    let mut values = Vec::new();
    if let Some(r) = rollout {
        values.extend(r.gate_values());
    }
    if let Some(e) = eval {
        values.extend(e.gate_values());
    }
    values
}
