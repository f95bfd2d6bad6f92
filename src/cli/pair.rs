//! What `verify`, `bench` and `tune` share: the original and rewritten
//! programs, their input files, the work folder, and the token-level mode.

use std::path::Path;

use crate::front;
use crate::ir::Module;
use crate::passes::{self, PassError, Pipeline};

use super::{load, usage, DecodeArgs, PairArgs, RunError};

/// The original program and the rewritten one (made by `--pass` from the
/// same parse, so that ops correspond, or read from `--against`), with a
/// label of how it was made.
/// The passes of preset `name` (given as `flag`), or a usage error listing
/// the presets.
pub(super) fn preset_specs(flag: &str, name: &str) -> Result<Vec<String>, RunError> {
    passes::preset(name).ok_or_else(|| {
        let names: Vec<&str> = passes::PRESETS.iter().map(|(n, _, _)| *n).collect();
        RunError::Usage(PassError::BadOption {
            pass: flag.into(),
            message: format!(
                "unknown preset `{name}`; expected one of {}",
                names.join(", ")
            ),
        })
    })
}

pub(super) fn load_pair(pair: &PairArgs) -> Result<(Module, Module, String), RunError> {
    let original = front::parse(load(&pair.original.display().to_string())?)?;
    if let Some(p) = &pair.against {
        let rewritten = front::parse(load(&p.display().to_string())?)?;
        return Ok((original, rewritten, p.display().to_string()));
    }
    let mut specs = Vec::new();
    if let Some(name) = &pair.preset {
        specs.extend(preset_specs("--preset", name)?);
    }
    specs.extend(pair.passes.iter().cloned());
    if specs.is_empty() {
        return Err(RunError::Usage(PassError::BadOption {
            pass: "bench/verify".into(),
            message: "give --pass NAME (one or more), --preset NAME or --against NEW.mlir".into(),
        }));
    }
    let pipeline = Pipeline::from_specs(&specs).map_err(RunError::Usage)?;
    let mut m = front::parse(load(&pair.original.display().to_string())?)?;
    let stats = pipeline.run(&mut m)?;
    for w in stats.warning_lines(false) {
        eprintln!("hlo-opt: warning: {w}");
    }
    for note in stats.skip_notes() {
        eprintln!("hlo-opt: note: {note}");
    }
    let mut label = pair
        .preset
        .as_ref()
        .map(|p| format!("--preset {p}"))
        .unwrap_or_default();
    if !pair.passes.is_empty() {
        if !label.is_empty() {
            label.push(' ');
        }
        label += &format!("--pass {}", pair.passes.join(" --pass "));
    }
    Ok((original, m, label))
}

/// A work folder removed at the end, and when the run is interrupted.
pub(super) fn temp_dir() -> Result<crate::output::TempDir, RunError> {
    crate::output::temp_dir().map_err(|err| RunError::Write {
        path: std::env::temp_dir().display().to_string(),
        err,
    })
}

/// The inputs of both programs as files ([`crate::arg_files`]): the
/// original's given or drawn, the rewritten program's given or converted
/// from them, one tensor at a time, under `work`.
pub(super) fn input_files(
    orig: &Module,
    rewritten: &Module,
    pair: &PairArgs,
    clamp: bool,
    work: &Path,
) -> Result<InputFiles, RunError> {
    let spec = crate::inputs::InputSpec {
        seed: pair.seed,
        int_range: pair.int_range,
    };
    let what = if pair.inputs.is_some() {
        "reading the original inputs"
    } else {
        "drawing random inputs"
    };
    let (files, set) = crate::progress::step(what, || {
        crate::arg_files::original(
            orig,
            pair.inputs.as_deref(),
            spec,
            &work.join("in_original"),
        )
    })?;
    let mut progress = crate::progress::Bytes::new("converted");
    let new = crate::arg_files::rewritten(
        rewritten,
        Some(orig),
        pair.new_inputs.as_deref(),
        &set,
        &work.join("in_rewritten"),
        crate::weights::ConvertOptions { clamp },
        &mut |done, total| progress.update(done, total),
    )?;
    progress.finish();
    Ok((files, set, new))
}

/// The original program's input files, the set they were made from (to
/// convert from again), and the rewritten program's input files.
pub(super) type InputFiles = (
    crate::arg_files::ArgFiles,
    crate::tensor::InputSet,
    crate::arg_files::ArgFiles,
);

/// The inputs of both programs in memory (the original's given or drawn,
/// the rewritten program's given or converted from them).
pub(super) fn input_sets(
    orig: &Module,
    rewritten: &Module,
    pair: &PairArgs,
    clamp: bool,
) -> Result<(crate::tensor::TensorSet, crate::tensor::TensorSet), RunError> {
    let spec = crate::inputs::InputSpec {
        seed: pair.seed,
        int_range: pair.int_range,
    };
    let set = match &pair.inputs {
        Some(p) => crate::tensor::read_set(p)?,
        None => crate::inputs::random_inputs(orig, spec)?,
    };
    let new = match &pair.new_inputs {
        Some(p) => crate::tensor::read_set(p)?,
        None => crate::weights::convert(
            rewritten,
            Some(orig),
            &set,
            crate::weights::ConvertOptions { clamp },
        )?,
    };
    Ok((set, new))
}

/// The token-level mode asked for, if any.
pub(super) fn decode_mode(
    d: &DecodeArgs,
    eval_tokens: Option<&Path>,
    window: Option<usize>,
) -> Result<Option<crate::rollout::Mode>, RunError> {
    Ok(match (d.steps, eval_tokens) {
        (Some(steps), None) => Some(crate::rollout::Mode::Rollout {
            prompt: d.prompt.clone(),
            steps,
        }),
        (None, Some(p)) => Some(crate::rollout::Mode::Eval {
            tokens: crate::rollout::read_tokens(p)?,
            window,
        }),
        (Some(_), Some(_)) => {
            return Err(usage("verify", "give --steps or --eval-tokens, not both"))
        }
        (None, None) => {
            if d.token_arg.is_some() || d.position_arg.is_some() || d.feed.is_some() {
                return Err(usage(
                    "verify/bench",
                    "--token-arg, --position-arg and --feed need --steps or --eval-tokens",
                ));
            }
            None
        }
    })
}
