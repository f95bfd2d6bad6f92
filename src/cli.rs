//! The command line: `hlo-opt [--pass NAME{opts}]... [-o OUT] IN`.
//!
//! Exit codes: 0 done, 1 bad input or a failed step, 2 bad usage.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use clap::Parser;

use crate::front;
use crate::ir::{Module, Source};
use crate::passes::{self, PassError, Pipeline};

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
    /// A rewritten program made elsewhere (instead of --pass).
    #[arg(long, value_name = "NEW.mlir", conflicts_with = "passes")]
    pub against: Option<PathBuf>,
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
}

/// `hlo-opt verify ORIG.mlir (--pass ... | --against NEW.mlir)`
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Programs and inputs.
    #[command(flatten)]
    pub pair: PairArgs,
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
    let args = match Args::try_parse() {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let sub = match &args.command {
        Some(Command::Weights(cmd)) => Some(run_weights(cmd)),
        Some(Command::Bench(b)) => Some(run_bench(b)),
        Some(Command::Verify(v)) => {
            return match run_verify(v) {
                Ok(true) => 0,
                Ok(false) => 3,
                Err(RunError::Usage(e)) => {
                    eprintln!("hlo-opt: error: {e}");
                    2
                }
                Err(e) => {
                    eprintln!("hlo-opt: error: {e}");
                    1
                }
            }
        }
        None => None,
    };
    if let Some(result) = sub {
        return match result {
            Ok(()) => 0,
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
    let (rewritten, from, to, clamp) = match cmd {
        WeightsCommand::Convert {
            rewritten,
            from,
            to,
            clamp,
        } => (rewritten, from, to, clamp),
        WeightsCommand::ImportMlx {
            graph,
            checkpoint,
            output,
            weights_out,
            map,
            storage,
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
            );
        }
    };
    let module = front::parse(load(&rewritten.display().to_string())?)?;
    let orig = crate::tensor::read_set(from)?;
    let opts = crate::weights::ConvertOptions { clamp: *clamp };
    let new = crate::weights::convert(&module, &orig, opts)?;
    crate::tensor::write_set(to, &new)?;
    eprintln!(
        "hlo-opt: wrote {} argument(s) to {}",
        new.len(),
        to.display()
    );
    Ok(())
}

fn run_import_mlx(
    graph: &Path,
    checkpoint: &Path,
    output: &Path,
    weights_out: &Path,
    map: Option<&Path>,
    storage: crate::affine::Storage,
) -> Result<(), RunError> {
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
    crate::tensor::write_set(weights_out, &imported.weights)?;
    write_atomically(output, &module)?;
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
    if pair.passes.is_empty() {
        return Err(RunError::Usage(PassError::BadOption {
            pass: "bench/verify".into(),
            message: "give --pass NAME (one or more) or --against NEW.mlir".into(),
        }));
    }
    let pipeline = Pipeline::from_specs(&pair.passes).map_err(RunError::Usage)?;
    let mut m = front::parse(load(&pair.original.display().to_string())?)?;
    let stats = pipeline.run(&mut m)?;
    for w in stats.warnings() {
        eprintln!("hlo-opt: warning: {w}");
    }
    Ok((
        original,
        m,
        format!("--pass {}", pair.passes.join(" --pass ")),
    ))
}

fn temp_dir() -> Result<tempfile::TempDir, RunError> {
    tempfile::tempdir().map_err(|err| RunError::Write {
        path: std::env::temp_dir().display().to_string(),
        err,
    })
}

/// Says what is happening when standard error is a terminal.
fn progress(message: &str) {
    use std::io::IsTerminal;
    if io::stderr().is_terminal() {
        eprintln!("hlo-opt: {message}");
    }
}

fn input_sets(
    orig: &Module,
    rewritten: &Module,
    inputs: Option<&Path>,
    spec: crate::inputs::InputSpec,
    clamp: bool,
) -> Result<(crate::tensor::TensorSet, crate::tensor::TensorSet), RunError> {
    let set = match inputs {
        Some(p) => crate::tensor::read_set(p)?,
        None => crate::inputs::random_inputs(orig, spec)?,
    };
    let new = crate::weights::convert(rewritten, &set, crate::weights::ConvertOptions { clamp })?;
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
    let iree = crate::iree::Iree::find()?;
    let tmp = temp_dir()?;
    let work = tmp.path();
    let orig_path = work.join("original.mlir");
    let new_path = work.join("rewritten.mlir");
    let (mut original, mut rewritten, label) = load_pair(&v.pair)?;
    let n_outputs = crate::weights::entry_results(&original)?.len();
    let spec = crate::inputs::InputSpec {
        seed: v.pair.seed,
        int_range: v.pair.int_range,
    };
    let (inputs, new_inputs) = input_sets(
        &original,
        &rewritten,
        v.pair.inputs.as_deref(),
        spec,
        v.clamp,
    )?;
    let mut taps = Vec::new();
    if v.per_op {
        let ops = crate::verify::rewritten_ops(&original, &rewritten);
        taps = ops
            .iter()
            .map(|&op| {
                let loc = original.location_text(op).unwrap_or_default();
                (op, original.dfg.op(op).name.clone(), loc)
            })
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
    progress("compiling and running the original and the rewritten program...");
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
    let passed = checks.iter().all(|c| c.holds);
    let report = crate::verify::Report {
        passed,
        gate: v.gate.clone(),
        checks,
        original: v.pair.original.display().to_string(),
        rewritten: label,
        target: format!("{target:?}"),
        seed: v.pair.inputs.is_none().then_some(v.pair.seed),
        outputs,
        per_op,
    };
    eprint!("{}", report.terminal());
    for path in &v.reports {
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
    Ok(passed)
}

fn run_bench(b: &BenchArgs) -> Result<(), RunError> {
    if b.dispatches.is_some() && b.target != crate::iree::Target::Cpu {
        return Err(RunError::Usage(PassError::BadOption {
            pass: "bench".into(),
            message:
                "--dispatches profiles on IREE's local-sync CPU device; use it with --target cpu"
                    .into(),
        }));
    }
    let iree = crate::iree::Iree::find()?;
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
    let spec = crate::inputs::InputSpec {
        seed: b.pair.seed,
        int_range: b.pair.int_range,
    };
    let (inputs, new_inputs) =
        input_sets(&orig, &rewritten, b.pair.inputs.as_deref(), spec, false)?;
    let function = crate::weights::entry_name(&orig).unwrap_or_else(|| "main".into());
    // The baseline: ORIG itself, or ORIG after --baseline-pass, with its
    // inputs made from the same original inputs.
    let (baseline_path, inputs) = if b.baseline_passes.is_empty() {
        (b.pair.original.clone(), inputs)
    } else {
        let pipeline = Pipeline::from_specs(&b.baseline_passes).map_err(RunError::Usage)?;
        let mut base = front::parse(load(&b.pair.original.display().to_string())?)?;
        let stats = pipeline.run(&mut base)?;
        for w in stats.warnings() {
            eprintln!("hlo-opt: warning: {w}");
        }
        let path = work.join("baseline.mlir");
        write_atomically(&path, &base)?;
        let base_inputs = crate::weights::convert(
            &base,
            &inputs,
            crate::weights::ConvertOptions { clamp: false },
        )?;
        eprintln!(
            "hlo-opt: the baseline (\"original\" below) is ORIG after --pass {}",
            b.baseline_passes.join(" --pass ")
        );
        (path, base_inputs)
    };
    eprintln!("hlo-opt: compiling and timing {} rounds...", b.rounds);
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
    let input = args.input.as_deref().unwrap_or("-");
    let source = load(input)?;
    let mut module: Module = front::parse(source)?;
    let stats = pipeline.run(&mut module)?;
    for w in stats.warnings() {
        eprintln!("hlo-opt: warning: {w}");
    }
    if args.stats {
        eprint!("{stats}");
    }
    match &args.output {
        Some(path) => write_atomically(path, &module),
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

/// Writes the module to a temporary file beside `path`, then renames it over
/// `path`: a failure leaves no partial file and the old file untouched.
pub fn write_atomically(path: &Path, module: &Module) -> Result<(), RunError> {
    write_file_atomically(path, |file| {
        let mut out = crate::back::FileEmit::new(file);
        crate::back::print(module, &mut out)?;
        out.finish()
    })
}

/// Writes through `write` into a temporary file, then renames it to `path`.
pub fn write_file_atomically(
    path: &Path,
    write: impl FnOnce(&std::fs::File) -> io::Result<()>,
) -> Result<(), RunError> {
    let wrap = |err| RunError::Write {
        path: path.display().to_string(),
        err,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(".{file_name}.hlo-opt-{}.tmp", std::process::id()));
    let result = (|| {
        let file = std::fs::File::create(&tmp)?;
        write(&file)?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(wrap)
}
