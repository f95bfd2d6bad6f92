//! The command line: `hlo-opt [--pass NAME{opts}]... [-o OUT] IN`.
//!
//! Exit codes: 0 done, 1 bad input or a failed step, 2 bad usage.
//!
//! Arguments are in `args`, each command in a module of its own
//! (`rewrite`, `weights`, `verify`, `bench`, `tune`), and what `verify`,
//! `bench` and `tune` share in `pair`.

use std::io::{self, Read};
use std::path::Path;

use clap::Parser;

use crate::front;
use crate::ir::Source;
use crate::passes::{self, PassError, Pipeline};

mod args;
mod bench;
mod pair;
mod rewrite;
mod tune;
mod verify;
mod weights;

pub use args::{Args, BenchArgs, Command, DecodeArgs, PairArgs, VerifyArgs, WeightsCommand};
pub use rewrite::{write_atomically, write_file_atomically};

use args::parse_range;
use pair::{decode_mode, temp_dir};
use rewrite::write_module;
use verify::{score_tokens, token_gate_values};

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
        Some(Command::Weights(cmd)) => Some(weights::run_weights(cmd).map(|()| 0)),
        Some(Command::Bench(b)) => Some(bench::run_bench(b).map(|()| 0)),
        // A gate that fails (or no plan that holds) is exit 3.
        Some(Command::Tune(t)) => Some(tune::run(t).map(|ok| if ok { 0 } else { 3 })),
        Some(Command::Verify(v)) => Some(verify::run_verify(v).map(|ok| if ok { 0 } else { 3 })),
        None => None,
    };
    if let Some(result) = outcome {
        // An error caused by the interrupt's cleanup is not reported.
        crate::output::wait_for_interrupt_exit();
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
    let result = rewrite::run(&args, &pipeline);
    crate::output::wait_for_interrupt_exit();
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

fn usage(what: &str, message: impl Into<String>) -> RunError {
    RunError::Usage(PassError::BadOption {
        pass: what.into(),
        message: message.into(),
    })
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
