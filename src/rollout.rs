//! Runs decode steps as whole rollouts on IREE: each program (original and
//! rewritten) is wrapped by [`crate::decode::wrapper_module`], compiled once,
//! and run once by `iree-run-module` for the prompt and every greedy step
//! (or every teacher-forced position), with its weights uploaded once.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::decode::{DecodeError, DecodeStep, Loop, Overrides, ROLLOUT_FUNCTION};
use crate::ir::Module;
use crate::iree::{Invocation, Iree, IreeError, Target};
use crate::tensor::{DType, HostTensor, TensorSet};

/// Why a rollout could not be run.
#[derive(Debug, thiserror::Error)]
pub enum RolloutError {
    /// The program is not a decode step, or its wrapper cannot be written.
    #[error("{0}")]
    Decode(#[from] DecodeError),
    /// IREE failed.
    #[error("{0}")]
    Iree(#[from] IreeError),
    /// The tokens or inputs do not fit.
    #[error("{0}")]
    Input(String),
    /// A file could not be written.
    #[error("{path}: {err}")]
    Write {
        /// The file.
        path: String,
        /// The operating system's error.
        err: std::io::Error,
    },
}

/// What to run.
#[derive(Clone, Debug)]
pub enum Mode {
    /// Feed `prompt`, then generate `steps` greedy tokens.
    Rollout {
        /// Prompt tokens (empty: the token argument's value in the inputs).
        prompt: Vec<i64>,
        /// Generated tokens.
        steps: usize,
    },
    /// Feed every token; score each call's logits against the next token.
    Eval {
        /// The token sequence (at least 2).
        tokens: Vec<i64>,
        /// Positions per window (each window starts from the initial state
        /// and position of the inputs); `None`: one window over all tokens.
        window: Option<usize>,
    },
}

impl Mode {
    /// Teacher-forced windows: `(first token, positions)`; each feeds
    /// `tokens[first..first + positions]` and scores against the next tokens.
    pub fn windows(&self) -> Vec<(usize, usize)> {
        match self {
            Mode::Rollout { .. } => Vec::new(),
            Mode::Eval { tokens, window } => {
                let total = tokens.len().saturating_sub(1);
                let w = window.unwrap_or(total).clamp(1, total.max(1));
                (0..total / w).map(|i| (i * w, w)).collect()
            }
        }
    }
}

/// Both programs wrapped, with their inputs.
pub struct Prepared {
    /// The original's convention.
    pub orig: DecodeStep,
    /// The rewritten program's convention.
    pub new: DecodeStep,
    /// Iterations and given tokens.
    pub lp: Loop,
    /// The given tokens (prompt, or the evaluated text minus its last token).
    pub forced: Vec<i64>,
    /// The prompt actually fed (rollout), or the whole text (eval).
    pub tokens: Vec<i64>,
    /// The wrapper module of the original.
    pub orig_text: String,
    /// The wrapper module of the rewritten program.
    pub new_text: String,
    /// The original wrapper's inputs (the step's, then the given tokens).
    pub orig_inputs: TensorSet,
    /// The rewritten wrapper's inputs.
    pub new_inputs: TensorSet,
}

fn token_value(t: &HostTensor) -> Option<i64> {
    t.to_f64().first().map(|&x| x as i64)
}

/// The wrapper input set with other given tokens.
pub fn with_forced(set: &TensorSet, forced: &[i64]) -> TensorSet {
    let mut s = set.clone();
    if let Some(last) = s.last_mut() {
        last.1 = forced_tensor(forced);
    }
    s
}

fn forced_tensor(forced: &[i64]) -> HostTensor {
    HostTensor {
        dtype: DType::I32,
        shape: vec![forced.len() as u64],
        data: forced
            .iter()
            .flat_map(|&t| (t as i32).to_le_bytes())
            .collect(),
    }
}

/// Infers both conventions, checks the tokens, writes both wrappers.
pub fn prepare(
    original: &Module,
    rewritten: &Module,
    inputs: &TensorSet,
    new_inputs: &TensorSet,
    mode: &Mode,
    overrides: &Overrides,
) -> Result<Prepared, RolloutError> {
    let orig = DecodeStep::infer(original, overrides)?;
    let new = orig.map_to(original, rewritten)?;
    let (tokens, forced, lp) = match mode {
        Mode::Rollout { prompt, steps } => {
            let prompt = if prompt.is_empty() {
                let t = inputs.get(orig.token).ok_or_else(|| {
                    RolloutError::Input(format!(
                        "no input for the token argument {}; give --prompt",
                        orig.token
                    ))
                })?;
                vec![token_value(&t.1).ok_or_else(|| {
                    RolloutError::Input("the token input is empty; give --prompt".into())
                })?]
            } else {
                prompt.clone()
            };
            if *steps == 0 {
                return Err(RolloutError::Input("--steps must be at least 1".into()));
            }
            let lp = Loop {
                iterations: prompt.len() + steps - 1,
                forced: prompt.len(),
            };
            (prompt.clone(), prompt, lp)
        }
        Mode::Eval { tokens, .. } => {
            if tokens.len() < 2 {
                return Err(RolloutError::Input(format!(
                    "--eval-tokens: {} token(s); at least 2 are needed (one fed, one scored)",
                    tokens.len()
                )));
            }
            let k = mode.windows().first().map(|w| w.1).unwrap_or(1);
            let lp = Loop {
                iterations: k,
                forced: k,
            };
            (tokens.clone(), tokens[..k].to_vec(), lp)
        }
    };
    if let Some((i, t)) = tokens
        .iter()
        .enumerate()
        .find(|(_, &t)| t < 0 || t as u64 >= orig.vocab || t > i32::MAX as i64)
    {
        return Err(RolloutError::Input(format!(
            "token {i} is {t}, outside the vocabulary 0..{}",
            orig.vocab
        )));
    }
    let wrap = |m: &Module, step: &DecodeStep| {
        crate::decode::wrapper_module(&crate::back::print_to_string(m), step, lp)
    };
    let forced_t = forced_tensor(&forced);
    let with_given = |set: &TensorSet| {
        let mut s = set.clone();
        s.push(("forced".into(), forced_t.clone()));
        s
    };
    Ok(Prepared {
        orig_text: wrap(original, &orig)?,
        new_text: wrap(rewritten, &new)?,
        orig_inputs: with_given(inputs),
        new_inputs: with_given(new_inputs),
        orig,
        new,
        lp,
        forced,
        tokens,
    })
}

/// What one program's wrapper returned, and how long it took.
pub struct Outcome {
    /// The argmax of every call.
    pub tokens: Vec<i64>,
    /// The logits of every call, `[K * V]`.
    pub logits: Vec<f64>,
    /// Seconds in iree-compile.
    pub compile_s: f64,
    /// Seconds in iree-run-module (load, upload, all steps, output files).
    pub run_s: f64,
}

/// Writes `text` to `dir/tag.rollout.mlir` and returns the path.
pub fn write_wrapper(dir: &Path, tag: &str, text: &str) -> Result<PathBuf, RolloutError> {
    let path = dir.join(format!("{tag}.rollout.mlir"));
    std::fs::write(&path, text).map_err(|err| RolloutError::Write {
        path: path.display().to_string(),
        err,
    })?;
    Ok(path)
}

/// Compiles a wrapper and runs it once.
pub fn run_program(
    iree: &Iree,
    mlir: &Path,
    inputs: &TensorSet,
    target: &Target,
    workdir: &Path,
    tag: &str,
) -> Result<Outcome, RolloutError> {
    let (vmfb, compile_s) = compile(iree, mlir, target, workdir, tag)?;
    let mut out = run_compiled(iree, &vmfb, inputs, target, workdir, tag)?;
    out.compile_s = compile_s;
    Ok(out)
}

/// Compiles a wrapper; returns the module and the seconds it took.
pub fn compile(
    iree: &Iree,
    mlir: &Path,
    target: &Target,
    workdir: &Path,
    tag: &str,
) -> Result<(PathBuf, f64), RolloutError> {
    let vmfb = workdir.join(format!("{tag}.rollout.vmfb"));
    let t0 = Instant::now();
    iree.compile(mlir, &vmfb, target, &format!("the {tag} rollout"))?;
    Ok((vmfb, t0.elapsed().as_secs_f64()))
}

/// Runs a compiled wrapper once (`compile_s` of the outcome is 0).
pub fn run_compiled(
    iree: &Iree,
    vmfb: &Path,
    inputs: &TensorSet,
    target: &Target,
    workdir: &Path,
    tag: &str,
) -> Result<Outcome, RolloutError> {
    let compile_s = 0.0;
    let work = workdir.join(format!("{tag}.rollout"));
    std::fs::create_dir_all(&work).map_err(|err| RolloutError::Write {
        path: work.display().to_string(),
        err,
    })?;
    let ins: Vec<HostTensor> = inputs.iter().map(|(_, t)| t.clone()).collect();
    let t1 = Instant::now();
    let outs = iree.run(&Invocation {
        vmfb,
        function: ROLLOUT_FUNCTION,
        device: target.device(),
        inputs: crate::iree::RunInputs::Tensors(&ins),
        outputs: 2,
        workdir: &work,
        what: &format!("the {tag} rollout"),
    })?;
    let run_s = t1.elapsed().as_secs_f64();
    let [toks, logits] = outs.as_slice() else {
        return Err(RolloutError::Input(format!(
            "the {tag} rollout returned {} results, expected 2",
            outs.len()
        )));
    };
    Ok(Outcome {
        tokens: toks.to_f64().iter().map(|&x| x as i64).collect(),
        logits: logits.to_f64(),
        compile_s,
        run_s,
    })
}

/// Reads a 1-D integer `.npy` of tokens.
pub fn read_tokens(path: &Path) -> Result<Vec<i64>, RolloutError> {
    let t = HostTensor::read_npy(path).map_err(|e| RolloutError::Input(e.to_string()))?;
    let int = matches!(
        t.dtype,
        DType::I32 | DType::I64 | DType::U8 | DType::I8 | DType::U32
    );
    if !int || t.shape.len() != 1 {
        return Err(RolloutError::Input(format!(
            "{}: expected a 1-D integer array of tokens, found {} {:?}",
            path.display(),
            t.dtype.mlir_name(),
            t.shape
        )));
    }
    Ok(t.to_f64().iter().map(|&x| x as i64).collect())
}
