//! The command line: `hlo-opt [--pass NAME{opts}]... [-o OUT] IN`.
//!
//! Exit codes: 0 done, 1 bad input or a failed step, 2 bad usage.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use clap::Parser;

use crate::front;
use crate::ir::{Module, Source};
use crate::passes::{self, PassError, Pipeline};

mod tune;

/// Rewrites StableHLO programs for lower precision.
#[derive(Parser, Debug)]
#[command(
    name = "hlo-opt",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Args {
    /// A subcommand (`weights convert`); without one, rewrite IN.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// A pass to run, with options in braces: `f16-matmul{min-elements=4096}`.
    /// Repeatable; passes run in the order given. Without any, the input is
    /// parsed and printed back unchanged.
    #[arg(long = "pass", value_name = "NAME[{k=v,...}]")]
    pub passes: Vec<String>,

    /// A named pipeline run before any --pass: cpu, cpu-int8, gpu, npu
    /// (docs/precision.md).
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,

    /// Write the result here (atomically) instead of to standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT.mlir")]
    pub output: Option<PathBuf>,

    /// Print what each pass changed to standard error.
    #[arg(long)]
    pub stats: bool,

    /// List the passes with their options, then exit.
    #[arg(long)]
    pub list_passes: bool,

    /// The input file, or `-` for standard input.
    #[arg(value_name = "IN.mlir", required_unless_present = "list_passes")]
    pub input: Option<String>,
}

/// Subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Weight files for rewritten programs.
    #[command(subcommand)]
    Weights(WeightsCommand),
    /// Times an original and a rewritten program on IREE, interleaved.
    Bench(BenchArgs),
    /// Runs an original and a rewritten program on IREE, compares every
    /// output, checks a gate, writes reports. Exit 0 gate holds, 3 gate
    /// fails, 1 could not run.
    Verify(VerifyArgs),
    /// Finds the fastest mix of precision forms (one per weight) that holds
    /// a gate; writes the program and the plan. Exit 0 a plan holds, 3 none
    /// does (the closest is still written), 1 could not run.
    Tune(tune::TuneArgs),
}

/// The programs and inputs `bench` and `verify` compare.
#[derive(clap::Args, Debug)]
pub struct PairArgs {
    /// The original program.
    #[arg(value_name = "ORIG.mlir")]
    pub original: PathBuf,
    /// Passes that make the rewritten program (as for rewriting).
    #[arg(long = "pass", value_name = "NAME[{k=v,...}]")]
    pub passes: Vec<String>,
    /// A named pipeline run before any --pass: cpu, cpu-int8, gpu, npu
    /// (docs/precision.md).
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// A rewritten program made elsewhere (instead of --pass).
    #[arg(long, value_name = "NEW.mlir", conflicts_with_all = ["passes", "preset"])]
    pub against: Option<PathBuf>,
    /// Inputs of the --against program (made from --inputs by its
    /// `hlo_opt.*` attributes otherwise).
    #[arg(long, value_name = "NEW_INPUTS", requires = "against")]
    pub new_inputs: Option<PathBuf>,
    /// Inputs of the original function (folder of .npy, .npz, .safetensors);
    /// random ones from --seed otherwise.
    #[arg(long, value_name = "ORIG_INPUTS")]
    pub inputs: Option<PathBuf>,
    /// Seed of the random inputs.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Range `LO:HI` of random integer inputs (default: inferred from how
    /// the graph indexes with them, else 0:4).
    #[arg(long, value_parser = parse_range)]
    pub int_range: Option<(i64, i64)>,
    /// No progress on stderr (errors, warnings and the result only).
    #[arg(long)]
    pub quiet: bool,
    /// An extra `iree-compile` flag for both programs (repeatable), e.g.
    /// `--compile-flag=--iree-opt-aggressively-propagate-transposes=true`
    /// (which `verify` tries by default; docs/perf.md, "Real size").
    #[arg(long = "compile-flag", value_name = "FLAG", allow_hyphen_values = true)]
    pub compile_flags: Vec<String>,
}

/// Token-level options of `verify` and `bench` for decode-step programs
/// (docs/verify.md, "Token-level checks").
#[derive(clap::Args, Debug, Default)]
pub struct DecodeArgs {
    /// Greedy steps to generate after the prompt (both programs, each fed
    /// its own argmax and its own state).
    #[arg(long, value_name = "N")]
    pub steps: Option<usize>,
    /// Prompt tokens fed first, comma-separated (default: the token in --inputs).
    #[arg(
        long,
        value_name = "T0,T1,...",
        value_delimiter = ',',
        requires = "steps"
    )]
    pub prompt: Vec<i64>,
    /// The token argument (0-based index in the original), instead of inferring it.
    #[arg(long, value_name = "I")]
    pub token_arg: Option<usize>,
    /// The position argument (0-based index), instead of inferring it.
    #[arg(long, value_name = "I")]
    pub position_arg: Option<usize>,
    /// Which result feeds which state argument: `1=23,2=24` (0-based).
    #[arg(long, value_name = "RES=ARG,...", value_parser = parse_feed_arg)]
    pub feed: Option<Vec<(usize, usize)>>,
}

impl DecodeArgs {
    fn overrides(&self) -> crate::decode::Overrides {
        crate::decode::Overrides {
            token: self.token_arg,
            position: self.position_arg,
            feeds: self.feed.clone(),
        }
    }
}

fn parse_feed_arg(s: &str) -> Result<Vec<(usize, usize)>, String> {
    crate::decode::parse_feeds(s)
}

/// `hlo-opt verify ORIG.mlir (--pass ... | --against NEW.mlir)`
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Programs and inputs.
    #[command(flatten)]
    pub pair: PairArgs,
    /// Token-level checks of a decode step.
    #[command(flatten)]
    pub decode: DecodeArgs,
    /// Teacher-forced evaluation over these tokens (1-D integer .npy):
    /// KL divergence, top-1 agreement, perplexity of both programs.
    #[arg(long, value_name = "TOKENS.npy", conflicts_with = "steps")]
    pub eval_tokens: Option<PathBuf>,
    /// Score --eval-tokens in windows of this many positions, each from
    /// the initial state and position of --inputs (for texts longer than
    /// the cache); a shorter remainder is left out.
    #[arg(long, value_name = "N", requires = "eval_tokens",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub eval_window: Option<u64>,
    /// IREE runtime device: local-task (CPU), cuda, vulkan, metal.
    #[arg(long, default_value = "local-task", value_parser = parse_target)]
    pub device: crate::iree::Target,
    /// CUDA architecture when --device cuda.
    #[arg(long, default_value = "sm_80")]
    pub cuda_target: String,
    /// The gate: `rel_l2<=1e-2,top1>=0.99,out1.kl<=1e-3`.
    #[arg(long, default_value = "")]
    pub gate: String,
    /// Reports to write: FILE.json, FILE.md or FILE.html (repeatable).
    #[arg(long = "report", value_name = "FILE")]
    pub reports: Vec<PathBuf>,
    /// Also report the error at each rewritten op (needs --pass).
    #[arg(long)]
    pub per_op: bool,
    /// A top-2 margin below this (relative) makes an argmax flip a near tie.
    #[arg(long, default_value_t = 1e-3)]
    pub tie: f64,
    /// Clamp weight values beyond the narrow type's range when converting inputs.
    #[arg(long)]
    pub clamp: bool,
}

/// `hlo-opt bench ORIG.mlir (--pass ... | --against NEW.mlir)`
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Programs and inputs.
    #[command(flatten)]
    pub pair: PairArgs,
    /// Rounds of (original, rewritten).
    #[arg(long, default_value_t = 5)]
    pub rounds: usize,
    /// Minimum seconds per timed run.
    #[arg(long, default_value_t = 0.5)]
    pub min_time: f64,
    /// Target: cpu, cuda[:sm_80], vulkan, metal.
    #[arg(long, default_value = "cpu", value_parser = parse_target)]
    pub target: crate::iree::Target,
    /// Also time each program dispatch by dispatch (single-threaded, over
    /// this many calls) and print where the time goes; CPU target only.
    #[arg(long, value_name = "CALLS", num_args = 0..=1, default_missing_value = "10",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub dispatches: Option<u64>,
    /// Passes that make the baseline from ORIG.mlir (repeatable): time the
    /// rewritten program against ORIG after these instead of ORIG itself,
    /// both fed from the same original inputs (`--baseline-pass
    /// 'weight-layout{order=panels}' --pass 'weight-layout{order=panels}'
    /// --pass int8-weights` measures what int8 adds on top of the layout).
    #[arg(long = "baseline-pass", value_name = "NAME[{k=v,...}]")]
    pub baseline_passes: Vec<String>,
    /// Keep the compiled modules and input files in this folder (created
    /// if missing) instead of a temporary one, to rerun them by hand.
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,
    /// Token-level timing of a decode step (`--steps N`): tokens per second
    /// of a whole greedy rollout.
    #[command(flatten)]
    pub decode: DecodeArgs,
}

fn parse_range(s: &str) -> Result<(i64, i64), String> {
    let (a, b) = s.split_once(':').ok_or("expected LO:HI")?;
    let lo = a.trim().parse().map_err(|_| format!("bad LO `{a}`"))?;
    let hi = b.trim().parse().map_err(|_| format!("bad HI `{b}`"))?;
    if hi <= lo {
        return Err("HI must be above LO".into());
    }
    Ok((lo, hi))
}

fn parse_target(s: &str) -> Result<crate::iree::Target, String> {
    crate::iree::Target::parse(s)
        .ok_or_else(|| format!("unknown target `{s}`; expected cpu, cuda[:sm_NN], vulkan or metal"))
}

/// `hlo-opt weights ...`
#[derive(clap::Subcommand, Debug)]
pub enum WeightsCommand {
    /// Makes the rewritten function's inputs from the original ones, following
    /// its `hlo_opt.*` argument attributes.
    Convert {
        /// The rewritten program.
        #[arg(value_name = "REWRITTEN.mlir")]
        rewritten: PathBuf,
        /// The original inputs: a folder of .npy files (sorted names give the
        /// argument order), a .npz or a .safetensors file (keyed by argument
        /// name or position).
        #[arg(long, value_name = "ORIG_INPUTS")]
        from: PathBuf,
        /// Where to write the new inputs: a folder (of .npy files), a .npz or a .safetensors file.
        #[arg(long, value_name = "NEW_INPUTS")]
        to: PathBuf,
        /// Clamp values beyond a narrow type's range instead of failing.
        #[arg(long)]
        clamp: bool,
        /// Write into a folder that already holds files, replacing only the
        /// files written (without it, --to must be new or empty).
        #[arg(long)]
        force: bool,
        /// No progress lines on stderr (errors only).
        #[arg(long, short)]
        quiet: bool,
    },
    /// Imports an MLX quantized checkpoint (4- or 8-bit affine, u32 words)
    /// into a graph: the quantized weight arguments become packed words plus
    /// scales and biases, dequantized in the graph (`w = scale * q + bias`),
    /// and the checkpoint's tensors are written in the form the rewritten
    /// graph takes.
    ImportMlx {
        /// The graph (f32 weights as arguments).
        #[arg(value_name = "GRAPH.mlir")]
        graph: PathBuf,
        /// The checkpoint folder: config.json and *.safetensors.
        #[arg(value_name = "CHECKPOINT_DIR")]
        checkpoint: PathBuf,
        /// The rewritten graph.
        #[arg(short = 'o', value_name = "OUT.mlir")]
        output: PathBuf,
        /// Where to write the weights: a .safetensors or .npz file or a
        /// folder of .npy files, keyed argNNN by the rewritten function's
        /// argument positions (run-time inputs are not written).
        #[arg(long, value_name = "W")]
        weights_out: PathBuf,
        /// A JSON object mapping checkpoint names (layer names for quantized
        /// layers) to argument names or positions, where names differ.
        #[arg(long, value_name = "MAP.json")]
        map: Option<PathBuf>,
        /// How the graph takes the integers: `bytes` (one value per ui8,
        /// unpacked here), `nibbles` (4-bit layers as ui4, MLX's bytes as they
        /// are; other widths as bytes) or `words` (MLX's u32 words, unpacked
        /// in the graph; slowest).
        #[arg(long, default_value = "bytes", value_parser = ["bytes", "words", "nibbles"])]
        storage: String,
        /// Write into a folder that already holds files, replacing only the
        /// files written (without it, --weights-out must be new or empty).
        #[arg(long)]
        force: bool,
    },
}

/// Everything that can stop a run after its arguments were understood.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The input could not be read.
    #[error("{0}")]
    Source(#[from] crate::ir::source::SourceError),
    /// The input is not valid MLIR.
    #[error("{0}")]
    Parse(#[from] front::ParseError),
    /// A pass failed.
    #[error("{0}")]
    Pass(#[from] PassError),
    /// Weights could not be converted.
    #[error("{0}")]
    Weights(#[from] crate::weights::WeightsError),
    /// A checkpoint could not be imported.
    #[error("{0}")]
    Mlx(#[from] crate::mlx::MlxError),
    /// Tensor files could not be read or written.
    #[error("{0}")]
    Tensor(#[from] crate::tensor::TensorError),
    /// A streaming weight conversion failed.
    #[error("{0}")]
    Convert(#[from] crate::weights::ConvertError),
    /// A decode-step rollout could not be run.
    #[error("{0}")]
    Rollout(#[from] crate::rollout::RolloutError),
    /// IREE could not compile or run a program.
    #[error("{0}")]
    Iree(#[from] crate::iree::IreeError),
    /// Random inputs could not be made.
    #[error("{0}")]
    Inputs(#[from] crate::inputs::InputError),
    /// A pass name or option is wrong (exit code 2).
    #[error("{0}")]
    Usage(PassError),
    /// Something else went wrong in a step.
    #[error("{0}")]
    Step(String),
    /// An output could not be placed.
    #[error("{0}")]
    Output(#[from] crate::output::OutputError),
    /// Input files for IREE could not be made.
    #[error("{0}")]
    ArgFiles(#[from] crate::arg_files::ArgFilesError),
    /// The output could not be written.
    #[error("{path}: cannot write output: {err}")]
    Write {
        /// Where it was going.
        path: String,
        /// The operating system's error.
        err: io::Error,
    },
}

/// Runs the command line and returns the process exit code.
pub fn main() -> i32 {
    crate::output::install_signal_cleanup();
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let outcome = match &args.command {
        Some(Command::Weights(cmd)) => Some(run_weights(cmd).map(|()| 0)),
        Some(Command::Bench(b)) => Some(run_bench(b).map(|()| 0)),
        // A gate that fails (or no plan that holds) is exit 3.
        Some(Command::Tune(t)) => Some(tune::run(t).map(|ok| if ok { 0 } else { 3 })),
        Some(Command::Verify(v)) => Some(run_verify(v).map(|ok| if ok { 0 } else { 3 })),
        None => None,
    };
    if let Some(result) = outcome {
        return match result {
            Ok(code) => code,
            Err(RunError::Usage(e)) => {
                eprintln!("hlo-opt: error: {e}");
                2
            }
            Err(e) => {
                eprintln!("hlo-opt: error: {e}");
                1
            }
        };
    }
    if args.list_passes {
        print!("{}", passes::describe_all());
        return 0;
    }
    let mut specs = Vec::new();
    if let Some(name) = &args.preset {
        match passes::preset(name) {
            Some(p) => specs.extend(p),
            None => {
                let names: Vec<&str> = passes::PRESETS.iter().map(|(n, _, _)| *n).collect();
                eprintln!(
                    "hlo-opt: error: unknown preset `{name}`; expected one of {}",
                    names.join(", ")
                );
                return 2;
            }
        }
    }
    specs.extend(args.passes.iter().cloned());
    let pipeline = match Pipeline::from_specs(&specs) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("hlo-opt: error: {e}");
            return 2;
        }
    };
    match run(&args, &pipeline) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

fn run_weights(cmd: &WeightsCommand) -> Result<(), RunError> {
    let (rewritten, from, to, clamp, force, quiet) = match cmd {
        WeightsCommand::Convert {
            rewritten,
            from,
            to,
            clamp,
            force,
            quiet,
        } => (rewritten, from, to, clamp, force, *quiet),
        WeightsCommand::ImportMlx {
            graph,
            checkpoint,
            output,
            weights_out,
            map,
            storage,
            force,
        } => {
            let storage = crate::affine::Storage::parse(storage)
                .ok_or_else(|| RunError::Step(format!("unknown storage `{storage}`")))?;
            return run_import_mlx(
                graph,
                checkpoint,
                output,
                weights_out,
                map.as_deref(),
                storage,
                *force,
            );
        }
    };
    let out = crate::tensor::SetOutput::prepare(to, *force)?;
    let module = front::parse(load(&rewritten.display().to_string())?)?;
    let orig = crate::tensor::InputSet::open(from)?;
    let opts = crate::weights::ConvertOptions { clamp: *clamp };
    crate::progress::set_quiet(quiet);
    let mut progress = crate::progress::Bytes::new("converted");
    let n = crate::weights::convert_files(&module, &orig, &out, opts, &mut |done, total| {
        progress.update(done, total)
    })?;
    progress.finish();
    if !quiet {
        eprintln!("hlo-opt: wrote {n} argument(s) to {}", to.display());
    }
    Ok(())
}

fn run_import_mlx(
    graph: &Path,
    checkpoint: &Path,
    output: &Path,
    weights_out: &Path,
    map: Option<&Path>,
    storage: crate::affine::Storage,
    force: bool,
) -> Result<(), RunError> {
    let weights_target = crate::tensor::SetOutput::prepare(weights_out, force)?;
    let graph_target = crate::output::OutputFile::prepare(output)?;
    let mut module = front::parse(load(&graph.display().to_string())?)?;
    let map: std::collections::BTreeMap<String, String> = match map {
        None => Default::default(),
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| RunError::Step(format!("{}: {e}", p.display())))?;
            let json: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text)
                .map_err(|e| {
                    RunError::Step(format!(
                        "{}: expected a JSON object of names: {e}",
                        p.display()
                    ))
                })?;
            json.into_iter()
                .map(|(k, v)| match v {
                    serde_json::Value::String(s) => Ok((k, s)),
                    serde_json::Value::Number(n) => Ok((k, n.to_string())),
                    other => Err(RunError::Step(format!(
                        "{}: `{k}` maps to {other}, expected an argument name or position",
                        p.display()
                    ))),
                })
                .collect::<Result<_, _>>()?
        }
    };
    let ckpt = crate::mlx::Checkpoint::read(checkpoint)?;
    let imported = crate::mlx::import(&mut module, ckpt, &map, storage)?;
    weights_target.write(&imported.weights)?;
    write_module(&graph_target, &module)?;
    for (name, arg) in &imported.placed {
        eprintln!("hlo-opt: {name} -> {arg}");
    }
    if !imported.unused.is_empty() {
        eprintln!(
            "hlo-opt: warning: no argument takes {} checkpoint tensor(s): {}",
            imported.unused.len(),
            imported.unused.join(", ")
        );
    }
    if !imported.runtime.is_empty() {
        eprintln!(
            "hlo-opt: run-time inputs (not in the checkpoint): {}",
            imported.runtime.join(", ")
        );
    }
    eprintln!(
        "hlo-opt: wrote {} tensor(s) to {} and the graph to {}",
        imported.weights.len(),
        weights_out.display(),
        output.display()
    );
    Ok(())
}

/// The original program and the rewritten one (made by `--pass` from the
/// same parse, so that ops correspond, or read from `--against`), with a
/// label of how it was made.
fn load_pair(pair: &PairArgs) -> Result<(Module, Module, String), RunError> {
    let original = front::parse(load(&pair.original.display().to_string())?)?;
    if let Some(p) = &pair.against {
        let rewritten = front::parse(load(&p.display().to_string())?)?;
        return Ok((original, rewritten, p.display().to_string()));
    }
    let mut specs = Vec::new();
    if let Some(name) = &pair.preset {
        specs.extend(passes::preset(name).ok_or_else(|| {
            let names: Vec<&str> = passes::PRESETS.iter().map(|(n, _, _)| *n).collect();
            RunError::Usage(PassError::BadOption {
                pass: "--preset".into(),
                message: format!(
                    "unknown preset `{name}`; expected one of {}",
                    names.join(", ")
                ),
            })
        })?);
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
fn temp_dir() -> Result<crate::output::TempDir, RunError> {
    crate::output::temp_dir().map_err(|err| RunError::Write {
        path: std::env::temp_dir().display().to_string(),
        err,
    })
}

/// The inputs of both programs as files ([`crate::arg_files`]): the
/// original's given or drawn, the rewritten program's given or converted
/// from them, one tensor at a time, under `work`.
fn input_files(
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
type InputFiles = (
    crate::arg_files::ArgFiles,
    crate::tensor::InputSet,
    crate::arg_files::ArgFiles,
);

fn input_sets(
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
        None => crate::weights::convert(rewritten, &set, crate::weights::ConvertOptions { clamp })?,
    };
    Ok((set, new))
}

/// The report format a `--report` path asks for, by its extension.
fn report_kind(p: &Path) -> Option<&str> {
    p.extension()
        .and_then(|e| e.to_str())
        .filter(|e| matches!(*e, "json" | "md" | "html" | "htm"))
}

/// Runs `verify`; `Ok(true)` when the gate holds.
fn run_verify(v: &VerifyArgs) -> Result<bool, RunError> {
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
fn verify_report(
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

fn write_reports(report: &crate::verify::Report, paths: &[PathBuf]) -> Result<(), RunError> {
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

fn usage(what: &str, message: impl Into<String>) -> RunError {
    RunError::Usage(PassError::BadOption {
        pass: what.into(),
        message: message.into(),
    })
}

/// The token-level mode asked for, if any.
fn decode_mode(
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

/// `verify --steps N` / `verify --eval-tokens T.npy`: both programs wrapped
/// in a rollout, each compiled once and run once.
fn run_verify_tokens(
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
pub(crate) fn score_tokens(
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
pub(crate) fn token_gate_values(
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

fn run_bench(b: &BenchArgs) -> Result<(), RunError> {
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
    let rewritten_path = work.join("rewritten.mlir");
    write_atomically(&rewritten_path, &rewritten)?;
    if let Some(mode) = &mode {
        let (inputs, new_inputs) = input_sets(&orig, &rewritten, &b.pair, false)?;
        if !b.baseline_passes.is_empty() || b.dispatches.is_some() {
            return Err(usage(
                "bench --steps",
                "not with --baseline-pass or --dispatches",
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
    let (baseline_path, inputs) = if b.baseline_passes.is_empty() {
        (b.pair.original.clone(), inputs)
    } else {
        let pipeline = Pipeline::from_specs(&b.baseline_passes).map_err(RunError::Usage)?;
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
            None,
            &orig_set,
            &tmp.path().join("in_baseline"),
            crate::weights::ConvertOptions { clamp: false },
            &mut |done, total| progress.update(done, total),
        )?;
        progress.finish();
        eprintln!(
            "hlo-opt: the baseline (\"original\" below) is ORIG after --pass {}",
            b.baseline_passes.join(" --pass ")
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
fn bench_rollout(
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

/// Loads a file (memory-mapped) or standard input (`-`).
pub fn load(input: &str) -> Result<Source, RunError> {
    if input == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|err| crate::ir::source::SourceError::Io {
                name: "<stdin>".into(),
                err,
            })?;
        Ok(Source::from_bytes("<stdin>", bytes)?)
    } else {
        Ok(Source::map_file(Path::new(input))?)
    }
}

fn run(args: &Args, pipeline: &Pipeline) -> Result<(), RunError> {
    // Checked before the work, so that another writer of the same file in
    // the meantime (two in-place runs) is noticed rather than overwritten.
    let output = args
        .output
        .as_deref()
        .map(crate::output::OutputFile::prepare)
        .transpose()?;
    let input = args.input.as_deref().unwrap_or("-");
    let source = load(input)?;
    let mut module: Module = front::parse(source)?;
    let stats = pipeline.run(&mut module)?;
    for w in stats.warning_lines(args.stats) {
        eprintln!("hlo-opt: warning: {w}");
    }
    for note in stats.skip_notes() {
        eprintln!("hlo-opt: note: {note}");
    }
    if args.stats {
        eprint!("{stats}");
    }
    match &output {
        Some(out) => write_module(out, &module),
        None => {
            let stdout = io::stdout();
            let mut out = io::BufWriter::with_capacity(1 << 20, stdout.lock());
            crate::back::print(&module, &mut out)
                .and_then(|_| out.flush())
                .map_err(|err| RunError::Write {
                    path: "<stdout>".into(),
                    err,
                })
        }
    }
}

/// Writes the module to `path` as [`crate::output::OutputFile`] does: a
/// failure leaves no partial file and the old file untouched.
pub fn write_atomically(path: &Path, module: &Module) -> Result<(), RunError> {
    write_module(&crate::output::OutputFile::prepare(path)?, module)
}

/// Prints the module into an output prepared before the work began.
fn write_module(out: &crate::output::OutputFile, module: &Module) -> Result<(), RunError> {
    Ok(out.write(|file| {
        let mut emit = crate::back::FileEmit::new(file);
        crate::back::print(module, &mut emit)?;
        emit.finish()
    })?)
}

/// Writes through `write` as [`crate::output::OutputFile`] does.
pub fn write_file_atomically(
    path: &Path,
    write: impl FnOnce(&std::fs::File) -> io::Result<()>,
) -> Result<(), RunError> {
    Ok(crate::output::OutputFile::prepare(path)?.write(write)?)
}
