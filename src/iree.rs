//! IREE's released tools (`iree-compile`, `iree-run-module`,
//! `iree-benchmark-module`), found through `IREE_BIN`, `PATH`, or the
//! project's `.venv`, and driven through files.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::tensor::{HostTensor, TensorError};

/// The install command printed when IREE is missing.
pub const INSTALL_HINT: &str = "install IREE's tools with `scripts/setup-iree.sh` (pip install iree-base-compiler==3.13.0 iree-base-runtime==3.13.0 into .venv), or point IREE_BIN at their folder";

/// Why an IREE step failed.
#[derive(Debug, thiserror::Error)]
pub enum IreeError {
    /// A tool is not installed where hlo-opt looks.
    #[error("{tool} not found (looked in IREE_BIN, PATH and .venv/bin); {INSTALL_HINT}")]
    Missing {
        /// The tool's name.
        tool: &'static str,
    },
    /// A tool could not be started.
    #[error("cannot run {tool}: {err}")]
    Spawn {
        /// The tool's path.
        tool: String,
        /// The operating system's error.
        err: std::io::Error,
    },
    /// A tool ran and failed.
    #[error("{what} failed:\n{stderr}")]
    Failed {
        /// What was being done (`iree-compile of rewritten.mlir`).
        what: String,
        /// The tool's standard error (last lines).
        stderr: String,
    },
    /// An output file could not be read back.
    #[error("{0}")]
    Tensor(#[from] TensorError),
    /// A tool ran longer than the time allowed and was stopped.
    #[error("{what} did not finish within {seconds} s and was stopped (set {TIMEOUT_ENV}=SECONDS to allow more)")]
    Timeout {
        /// What was being done.
        what: String,
        /// The limit.
        seconds: u64,
    },
    /// `HLO_OPT_IREE_TIMEOUT` is not a number of seconds.
    #[error("{TIMEOUT_ENV}={0:?}: expected a whole number of seconds above 0")]
    BadTimeout(String),
}

/// The variable that sets the time limit on every IREE tool call, in seconds.
pub const TIMEOUT_ENV: &str = "HLO_OPT_IREE_TIMEOUT";

/// The default time limit on one IREE tool call: generous, it only stops hangs.
pub const DEFAULT_TIMEOUT_S: u64 = 1800;

/// The time limit on one IREE tool call (`HLO_OPT_IREE_TIMEOUT`, else the default).
pub fn timeout() -> Result<Duration, IreeError> {
    match std::env::var(TIMEOUT_ENV) {
        Ok(v) => match v.trim().parse::<u64>() {
            Ok(n) if n > 0 => Ok(Duration::from_secs(n)),
            _ => Err(IreeError::BadTimeout(v)),
        },
        Err(_) => Ok(Duration::from_secs(DEFAULT_TIMEOUT_S)),
    }
}

/// Runs a command to completion like `Command::output`, but stops (kills)
/// it when it runs longer than `limit`.
pub fn output_within(cmd: &mut Command, limit: Duration, what: &str) -> Result<Output, IreeError> {
    let tool = format!("{:?}", cmd.get_program());
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|err| IreeError::Spawn {
            tool: tool.clone(),
            err,
        })?;
    // Drain both pipes on threads so that a chatty tool never blocks.
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut buf);
            }
            buf
        })
    };
    let out_t = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err_t = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() >= limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(IreeError::Timeout {
                    what: what.to_string(),
                    seconds: limit.as_secs(),
                });
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(err) => return Err(IreeError::Spawn { tool, err }),
        }
    };
    Ok(Output {
        status,
        stdout: out_t.join().unwrap_or_default(),
        stderr: err_t.join().unwrap_or_default(),
    })
}

/// Where compiled code runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The host CPU (`llvm-cpu`, `--iree-llvmcpu-target-cpu=host`).
    Cpu,
    /// An NVIDIA GPU of the given architecture (`sm_80`).
    Cuda(String),
    /// Vulkan (SPIR-V).
    Vulkan,
    /// Apple Metal.
    Metal,
}

impl Target {
    /// Reads `cpu`, `cuda`, `cuda:sm_80`, `vulkan`, `metal`.
    pub fn parse(s: &str) -> Option<Target> {
        match s {
            "cpu" | "llvm-cpu" | "local" | "local-task" => Some(Target::Cpu),
            "cuda" => Some(Target::Cuda("sm_80".into())),
            "vulkan" => Some(Target::Vulkan),
            "metal" => Some(Target::Metal),
            _ => s.strip_prefix("cuda:").map(|sm| Target::Cuda(sm.into())),
        }
    }

    /// `iree-compile` flags for this target.
    pub fn compile_flags(&self) -> Vec<String> {
        match self {
            Target::Cpu => vec![
                "--iree-hal-target-device=local".into(),
                "--iree-hal-local-target-device-backends=llvm-cpu".into(),
                "--iree-llvmcpu-target-cpu=host".into(),
            ],
            Target::Cuda(sm) => vec![
                "--iree-hal-target-device=cuda".into(),
                format!("--iree-cuda-target={sm}"),
            ],
            Target::Vulkan => vec!["--iree-hal-target-device=vulkan".into()],
            Target::Metal => vec!["--iree-hal-target-device=metal".into()],
        }
    }

    /// The runtime's `--device`.
    pub fn device(&self) -> &'static str {
        match self {
            Target::Cpu => "local-task",
            Target::Cuda(_) => "cuda",
            Target::Vulkan => "vulkan",
            Target::Metal => "metal",
        }
    }
}

/// Writes input `i` into `dir` and returns what follows `--input=`: `@in003.npy`,
/// or for a `ui4` or `i4` tensor (which `.npy` cannot hold) its raw packed bytes as
/// `4096x4096xui4=@in003.bin`.
pub fn write_input(
    t: &HostTensor,
    dir: &Path,
    i: usize,
) -> Result<String, crate::tensor::TensorError> {
    if t.dtype.is_packed4() {
        let p = dir.join(format!("in{i:03}.bin"));
        std::fs::write(&p, &t.data).map_err(|err| crate::tensor::TensorError::Io {
            path: p.display().to_string(),
            err,
        })?;
        let dims: Vec<String> = t.shape.iter().map(|d| d.to_string()).collect();
        let mut spec = dims.join("x");
        if !spec.is_empty() {
            spec.push('x');
        }
        return Ok(format!("{spec}{}=@{}", t.dtype.mlir_name(), p.display()));
    }
    let p = dir.join(format!("in{i:03}.npy"));
    t.write_npy(&p)?;
    Ok(format!("@{}", p.display()))
}

/// A run's arguments: tensors in memory (written into the work folder
/// first) or files already made ([`crate::arg_files`]).
#[derive(Clone, Copy, Debug)]
pub enum RunInputs<'a> {
    /// Tensors, in argument order.
    Tensors(&'a [HostTensor]),
    /// What follows `--input=` for each argument, in order.
    Files(&'a [String]),
}

/// One run of a compiled module.
pub struct Invocation<'a> {
    /// The compiled module.
    pub vmfb: &'a Path,
    /// The function to call (`main`).
    pub function: &'a str,
    /// The runtime device (`local-task`, `cuda`).
    pub device: &'a str,
    /// Its arguments, in order.
    pub inputs: RunInputs<'a>,
    /// How many results it returns.
    pub outputs: usize,
    /// A folder for the input and output files.
    pub workdir: &'a Path,
    /// What is being run, for messages.
    pub what: &'a str,
}

/// The IREE tools.
#[derive(Clone, Debug)]
pub struct Iree {
    compile: PathBuf,
    run: PathBuf,
    bench: Option<PathBuf>,
    /// Flags added to every `iree-compile` call ([`Iree::with_compile_flags`]).
    extra: Vec<String>,
    /// Flags tried first and dropped when a compile fails with them
    /// ([`Iree::preferring`]).
    preferred: Vec<String>,
}

/// What `verify` compiles with unless told otherwise: IREE's default
/// materializes a transposed copy of every weight read through a
/// transpose ([out, in] weights, as PyTorch and safetensors store them),
/// all at once, which doubles the memory of a run (9.9 GB instead of 5.0 GB
/// for a 1B-parameter f32 decode step) and takes 5x the time; with this
/// flag the transposes fold into the matmuls, bit-identical (docs/perf.md).
pub const VERIFY_FLAGS: &[&str] = &["--iree-opt-aggressively-propagate-transposes=true"];

/// Finds a tool: `IREE_BIN`, then `PATH`, then `.venv/bin` in the current
/// folder or above the running executable (`target/release/hlo-opt`).
pub fn find_tool(name: &str) -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("IREE_BIN") {
        let p = Path::new(&dir).join(name);
        if p.is_file() {
            return Some(p);
        }
    }
    if let Ok(path) = std::env::var("PATH") {
        if let Some(p) = std::env::split_paths(&path)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
        {
            return Some(p);
        }
    }
    let mut roots = vec![std::env::current_dir().ok()];
    if let Ok(exe) = std::env::current_exe() {
        roots.extend(
            exe.ancestors()
                .skip(1)
                .take(4)
                .map(|p| Some(p.to_path_buf())),
        );
    }
    roots
        .into_iter()
        .flatten()
        .map(|r| r.join(".venv").join("bin").join(name))
        .find(|p| p.is_file())
}

/// Reads the per-run lines of `iree-benchmark-module` (`BM_... 0.312 ms ...`).
pub fn parse_benchmark_ms(text: &str) -> Vec<f64> {
    text.lines()
        .filter(|l| l.starts_with("BM_"))
        .filter_map(|l| {
            let mut parts = l.split_whitespace();
            let name = parts.next()?;
            if name.ends_with("_mean")
                || name.ends_with("_median")
                || name.ends_with("_stddev")
                || name.ends_with("_cv")
            {
                return None;
            }
            let value: f64 = parts.next()?.parse().ok()?;
            let unit = parts.next()?;
            let ms = match unit {
                "ns" => value / 1e6,
                "us" => value / 1e3,
                "ms" => value,
                "s" => value * 1e3,
                _ => return None,
            };
            Some(ms)
        })
        .collect()
}

fn tail(bytes: &[u8], lines: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

impl Iree {
    /// Finds `iree-compile` and `iree-run-module` (and, if present, `iree-benchmark-module`).
    pub fn find() -> Result<Iree, IreeError> {
        Ok(Iree {
            compile: find_tool("iree-compile").ok_or(IreeError::Missing {
                tool: "iree-compile",
            })?,
            run: find_tool("iree-run-module").ok_or(IreeError::Missing {
                tool: "iree-run-module",
            })?,
            bench: find_tool("iree-benchmark-module"),
            extra: Vec::new(),
            preferred: Vec::new(),
        })
    }

    /// The same tools, adding `flags` to every compile (the user's
    /// `--compile-flag`s: a compiler choice for both programs alike).
    pub fn with_compile_flags(mut self, flags: &[String]) -> Iree {
        self.extra.extend(flags.iter().cloned());
        self
    }

    /// The same tools, trying `flags` first on every compile and compiling
    /// without them (with a note on stderr) when iree-compile fails with them.
    pub fn preferring(mut self, flags: &[&str]) -> Iree {
        self.preferred.extend(flags.iter().map(|f| f.to_string()));
        self
    }

    /// Compiles MLIR to a `.vmfb`.
    pub fn compile(
        &self,
        mlir: &Path,
        vmfb: &Path,
        target: &Target,
        what: &str,
    ) -> Result<(), IreeError> {
        if self.preferred.is_empty() {
            return self.compile_with(mlir, vmfb, target, what, &[]);
        }
        match self.compile_with(mlir, vmfb, target, what, &self.preferred) {
            Err(IreeError::Failed { .. }) => {
                eprintln!(
                    "hlo-opt: note: iree-compile of {what} failed with {}; compiling without",
                    self.preferred.join(" ")
                );
                self.compile_with(mlir, vmfb, target, what, &[])
            }
            other => other,
        }
    }

    fn compile_with(
        &self,
        mlir: &Path,
        vmfb: &Path,
        target: &Target,
        what: &str,
        preferred: &[String],
    ) -> Result<(), IreeError> {
        let limit = timeout()?;
        let out = output_within(
            Command::new(&self.compile)
                .args(target.compile_flags())
                .args(preferred)
                .args(&self.extra)
                .arg(mlir)
                .arg("-o")
                .arg(vmfb),
            limit,
            &format!("iree-compile of {what}"),
        )?;
        if !out.status.success() {
            return Err(IreeError::Failed {
                what: format!("iree-compile of {what} ({})", mlir.display()),
                stderr: tail(&out.stderr, 30),
            });
        }
        Ok(())
    }

    /// Runs a function of a compiled module on inputs (written as `.npy`
    /// into the invocation's work folder) and reads its results back.
    pub fn run(&self, inv: &Invocation<'_>) -> Result<Vec<HostTensor>, IreeError> {
        let mut cmd = Command::new(&self.run);
        cmd.arg(format!("--module={}", inv.vmfb.display()))
            .arg(format!("--function={}", inv.function))
            .arg(format!("--device={}", inv.device));
        match inv.inputs {
            RunInputs::Tensors(tensors) => {
                for (i, t) in tensors.iter().enumerate() {
                    cmd.arg(format!("--input={}", write_input(t, inv.workdir, i)?));
                }
            }
            RunInputs::Files(specs) => {
                for spec in specs {
                    cmd.arg(format!("--input={spec}"));
                }
            }
        }
        let outs: Vec<PathBuf> = (0..inv.outputs)
            .map(|i| inv.workdir.join(format!("out{i:03}.npy")))
            .collect();
        for p in &outs {
            let _ = std::fs::remove_file(p);
            cmd.arg(format!("--output=@{}", p.display()));
        }
        let limit = timeout()?;
        let out = output_within(&mut cmd, limit, &format!("iree-run-module of {}", inv.what))?;
        if !out.status.success() {
            return Err(IreeError::Failed {
                what: format!("iree-run-module of {}", inv.what),
                stderr: tail(&out.stderr, 30),
            });
        }
        outs.iter()
            .map(|p| HostTensor::read_npy(p).map_err(IreeError::from))
            .collect()
    }

    /// `iree-benchmark-module`, if installed.
    pub fn benchmark_tool(&self) -> Option<&Path> {
        self.bench.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_tools_say_how_to_install() {
        let e = IreeError::Missing {
            tool: "iree-compile",
        };
        let text = e.to_string();
        assert!(text.contains("iree-compile not found"), "{text}");
        assert!(
            text.contains("pip install iree-base-compiler==3.13.0"),
            "{text}"
        );
        assert!(text.contains("scripts/setup-iree.sh"), "{text}");
    }

    #[test]
    fn a_hung_tool_is_stopped() {
        let t0 = Instant::now();
        let e = output_within(
            Command::new("sleep").arg("30"),
            Duration::from_millis(300),
            "sleep",
        )
        .expect_err("stopped");
        assert!(t0.elapsed() < Duration::from_secs(5));
        assert!(e.to_string().contains("did not finish within"), "{e}");
        let ok = output_within(
            Command::new("sh").args(["-c", "echo hi; echo err >&2"]),
            Duration::from_secs(30),
            "sh",
        )
        .expect("runs");
        assert_eq!(ok.stdout, b"hi\n");
        assert_eq!(ok.stderr, b"err\n");
    }

    #[test]
    fn targets_have_their_flags() {
        assert_eq!(Target::parse("cuda"), Some(Target::Cuda("sm_80".into())));
        assert!(Target::Cuda("sm_80".into())
            .compile_flags()
            .contains(&"--iree-cuda-target=sm_80".to_string()));
        assert!(Target::Cpu
            .compile_flags()
            .contains(&"--iree-llvmcpu-target-cpu=host".to_string()));
        assert_eq!(Target::parse("tpu"), None);
    }
}
