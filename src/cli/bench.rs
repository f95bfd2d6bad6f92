//! `hlo-opt bench`: time both programs on IREE, interleaved, per call or
//! per rollout.

use std::path::Path;

use crate::front;
use crate::ir::Module;
use crate::passes::{PassError, Pipeline};

use super::pair::{decode_mode, input_files, input_sets, load_pair, temp_dir};
use super::{load, usage, write_atomically, BenchArgs, RunError};

/// Runs `bench`: per-call timings, or per-rollout ones with `--steps`.
pub(super) fn run_bench(b: &BenchArgs) -> Result<(), RunError> {
    crate::progress::set_quiet(b.pair.quiet);
    if b.dispatches.is_some() && b.target != crate::iree::Target::Cpu {
        return Err(RunError::Usage(PassError::BadOption {
            pass: "bench".into(),
            message:
                "--dispatches profiles on IREE's local-sync CPU device; use it with --target cpu"
                    .into(),
        }));
    }
    let mode = decode_mode(&b.decode, None, None)?;
    let iree = crate::iree::Iree::find()?.with_compile_flags(&b.pair.compile_flags);
    let tmp = temp_dir()?;
    let work = match &b.keep {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|err| RunError::Write {
                path: dir.display().to_string(),
                err,
            })?;
            dir.clone()
        }
        None => tmp.path().to_path_buf(),
    };
    let (orig, rewritten, _) = load_pair(&b.pair)?;
    let mut baseline_specs = match &b.baseline_preset {
        Some(name) => super::pair::preset_specs("--baseline-preset", name)?,
        None => Vec::new(),
    };
    baseline_specs.extend(b.baseline_passes.iter().cloned());
    let rewritten_path = work.join("rewritten.mlir");
    write_atomically(&rewritten_path, &rewritten)?;
    if let Some(mode) = &mode {
        let (inputs, new_inputs) = input_sets(&orig, &rewritten, &b.pair, false)?;
        if !baseline_specs.is_empty() || b.dispatches.is_some() {
            return Err(usage(
                "bench --steps",
                "not with --baseline-pass, --baseline-preset or --dispatches",
            ));
        }
        return bench_rollout(
            b,
            &iree,
            &work,
            (&orig, &rewritten),
            (&inputs, &new_inputs),
            mode,
        );
    }
    // Input files go to the temporary folder, never into --keep's folder.
    let (inputs, orig_set, new_inputs) =
        input_files(&orig, &rewritten, &b.pair, false, tmp.path())?;
    let function = crate::weights::entry_name(&orig).unwrap_or_else(|| "main".into());
    // The baseline: ORIG itself, or ORIG after --baseline-pass, with its
    // inputs made from the same original inputs.
    let (baseline_path, inputs) = if baseline_specs.is_empty() {
        (b.pair.original.clone(), inputs)
    } else {
        let pipeline = Pipeline::from_specs(&baseline_specs).map_err(RunError::Usage)?;
        let mut base = front::parse(load(&b.pair.original.display().to_string())?)?;
        let stats = pipeline.run(&mut base)?;
        for w in stats.warning_lines(false) {
            eprintln!("hlo-opt: warning: {w}");
        }
        let path = work.join("baseline.mlir");
        write_atomically(&path, &base)?;
        let mut progress = crate::progress::Bytes::new("converted");
        let base_inputs = crate::arg_files::rewritten(
            &base,
            Some(&orig),
            None,
            &orig_set,
            &tmp.path().join("in_baseline"),
            crate::weights::ConvertOptions { clamp: false },
            &mut |done, total| progress.update(done, total),
        )?;
        progress.finish();
        eprintln!(
            "hlo-opt: the baseline (\"original\" below) is ORIG after --pass {}",
            baseline_specs.join(" --pass ")
        );
        (path, base_inputs)
    };
    crate::progress::say(&format!("compiling and timing {} rounds...", b.rounds));
    let result = crate::bench::run(
        &iree,
        &crate::bench::BenchSpec {
            original: &baseline_path,
            rewritten: &rewritten_path,
            inputs: &inputs,
            new_inputs: &new_inputs,
            function: &function,
            target: &b.target,
            rounds: b.rounds,
            min_time: b.min_time,
            workdir: &work,
            dispatch_calls: b.dispatches.map(|n| n as usize),
        },
    )?;
    print!("{}", result.table());
    Ok(())
}

/// `bench --steps N`: times whole rollouts (one call of the wrapper runs
/// the prompt and N greedy steps) with iree-benchmark-module, interleaved,
/// next to the per-call time of the step itself, and one end-to-end
/// iree-run-module run of each.
pub(super) fn bench_rollout(
    b: &BenchArgs,
    iree: &crate::iree::Iree,
    work: &Path,
    (orig, rewritten): (&Module, &Module),
    (inputs, new_inputs): (&crate::tensor::TensorSet, &crate::tensor::TensorSet),
    mode: &crate::rollout::Mode,
) -> Result<(), RunError> {
    let prep = crate::rollout::prepare(
        orig,
        rewritten,
        inputs,
        new_inputs,
        mode,
        &b.decode.overrides(),
    )?;
    eprintln!("hlo-opt: {}", prep.orig.describe());
    let steps = match mode {
        crate::rollout::Mode::Rollout { steps, .. } => *steps,
        crate::rollout::Mode::Eval { .. } => prep.lp.iterations,
    };
    let calls = prep.lp.iterations;
    let orig_path = crate::rollout::write_wrapper(work, "original", &prep.orig_text)?;
    let new_path = crate::rollout::write_wrapper(work, "rewritten", &prep.new_text)?;
    eprintln!("hlo-opt: end to end: one iree-run-module run of each rollout...");
    let a = crate::rollout::run_program(
        iree,
        &orig_path,
        &prep.orig_inputs,
        &b.target,
        work,
        "original",
    )?;
    let z = crate::rollout::run_program(
        iree,
        &new_path,
        &prep.new_inputs,
        &b.target,
        work,
        "rewritten",
    )?;
    crate::progress::say(&format!("timing rollouts, {} rounds...", b.rounds));
    let files =
        |set: &crate::tensor::TensorSet, name: &str| crate::arg_files::write(set, &work.join(name));
    let rollout = crate::bench::run(
        iree,
        &crate::bench::BenchSpec {
            original: &orig_path,
            rewritten: &new_path,
            inputs: &files(&prep.orig_inputs, "in_rollout_original")?,
            new_inputs: &files(&prep.new_inputs, "in_rollout_rewritten")?,
            function: crate::decode::ROLLOUT_FUNCTION,
            target: &b.target,
            rounds: b.rounds,
            min_time: b.min_time,
            workdir: work,
            dispatch_calls: None,
        },
    )?;
    crate::progress::say(&format!("timing single step calls, {} rounds...", b.rounds));
    let step_new = work.join("rewritten.mlir");
    write_atomically(&step_new, rewritten)?;
    let function = crate::weights::entry_name(orig).unwrap_or_else(|| "main".into());
    let per_call = crate::bench::run(
        iree,
        &crate::bench::BenchSpec {
            original: &b.pair.original,
            rewritten: &step_new,
            inputs: &files(inputs, "in_original")?,
            new_inputs: &files(new_inputs, "in_rewritten")?,
            function: &function,
            target: &b.target,
            rounds: b.rounds,
            min_time: b.min_time,
            workdir: work,
            dispatch_calls: None,
        },
    )?;
    let med = crate::bench::median;
    let rows = [
        (
            "original",
            med(&rollout.original_ms),
            med(&per_call.original_ms),
            &a,
        ),
        (
            "rewritten",
            med(&rollout.rewritten_ms),
            med(&per_call.rewritten_ms),
            &z,
        ),
    ];
    println!(
        "rollout: prompt {} token(s) + {steps} greedy steps = {calls} step calls per rollout ({})",
        prep.tokens.len(),
        b.target.device()
    );
    println!("| program | ms/rollout | ms/step in rollout | ms/call alone | generated tok/s | end-to-end s (iree-run-module) |");
    println!("|---|---|---|---|---|---|");
    for (name, roll, call, outcome) in rows {
        println!(
            "| {name} | {roll:.3} | {:.3} | {call:.3} | {:.1} | {:.2} (+ {:.2} compile) |",
            roll / calls as f64,
            steps as f64 / (roll / 1e3),
            outcome.run_s,
            outcome.compile_s
        );
    }
    println!(
        "\nspeedup {:.2}x in tokens per second (original / rewritten rollout time, medians of interleaved runs)",
        rollout.speedup()
    );
    Ok(())
}
