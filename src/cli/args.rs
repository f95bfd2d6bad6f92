//! The command line's arguments, as clap reads them (no behaviour here:
//! the commands are in the sibling modules).

use std::path::PathBuf;

use clap::Parser;

use super::tune;

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

    /// A named pipeline run before any --pass: cpu, cpu-int8, cpu-int4, gpu, npu
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
    /// A named pipeline run before any --pass: cpu, cpu-int8, cpu-int4, gpu, npu
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
    pub(super) fn overrides(&self) -> crate::decode::Overrides {
        crate::decode::Overrides {
            token: self.token_arg,
            position: self.position_arg,
            feeds: self.feed.clone(),
        }
    }
}

/// Reads `--feed RES=ARG,...`.
pub(super) fn parse_feed_arg(s: &str) -> Result<Vec<(usize, usize)>, String> {
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
    /// A preset that makes the baseline from ORIG.mlir, before any
    /// --baseline-pass (`--baseline-preset cpu-int8 --preset cpu-int4`
    /// times one preset against another).
    #[arg(long = "baseline-preset", value_name = "NAME")]
    pub baseline_preset: Option<String>,
    /// Keep the compiled modules and input files in this folder (created
    /// if missing) instead of a temporary one, to rerun them by hand.
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,
    /// Token-level timing of a decode step (`--steps N`): tokens per second
    /// of a whole greedy rollout.
    #[command(flatten)]
    pub decode: DecodeArgs,
}

/// Reads `--int-range LO:HI`.
pub(super) fn parse_range(s: &str) -> Result<(i64, i64), String> {
    let (a, b) = s.split_once(':').ok_or("expected LO:HI")?;
    let lo = a.trim().parse().map_err(|_| format!("bad LO `{a}`"))?;
    let hi = b.trim().parse().map_err(|_| format!("bad HI `{b}`"))?;
    if hi <= lo {
        return Err("HI must be above LO".into());
    }
    Ok((lo, hi))
}

/// Reads `--target cpu|cuda[:sm_NN]|vulkan|metal`.
pub(super) fn parse_target(s: &str) -> Result<crate::iree::Target, String> {
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
        /// The program the --from inputs belong to, when it is not the
        /// original but an earlier rewrite of it (the output of `weights
        /// import-mlx`, or of other passes): only the recipe steps after
        /// that program's own are applied.
        #[arg(long, value_name = "PROGRAM.mlir")]
        from_program: Option<PathBuf>,
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
