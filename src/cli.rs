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
        /// Where to write the new inputs: a folder (of .npy files) or a .safetensors file.
        #[arg(long, value_name = "NEW_INPUTS")]
        to: PathBuf,
        /// Clamp values beyond a narrow type's range instead of failing.
        #[arg(long)]
        clamp: bool,
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
    /// Tensor files could not be read or written.
    #[error("{0}")]
    Tensor(#[from] crate::tensor::TensorError),
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
    if let Some(Command::Weights(cmd)) = &args.command {
        return match run_weights(cmd) {
            Ok(()) => 0,
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
    let pipeline = match Pipeline::from_specs(&args.passes) {
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
    let WeightsCommand::Convert {
        rewritten,
        from,
        to,
        clamp,
    } = cmd;
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
