//! `hlo-opt bench`: compiles an original and a rewritten program with IREE
//! and times them with `iree-benchmark-module`, interleaved (A B A B ...),
//! on the same inputs (converted for the rewritten program).

use std::path::Path;
use std::process::Command;

use crate::arg_files::ArgFiles;
use crate::iree::{Iree, IreeError, Target};
use crate::profile::DispatchProfile;

/// What to time.
pub struct BenchSpec<'a> {
    /// The original program.
    pub original: &'a Path,
    /// The rewritten program.
    pub rewritten: &'a Path,
    /// Inputs of the original function, as files.
    pub inputs: &'a ArgFiles,
    /// Inputs of the rewritten function, as files.
    pub new_inputs: &'a ArgFiles,
    /// The entry function's name.
    pub function: &'a str,
    /// Where to compile and run.
    pub target: &'a Target,
    /// Rounds of A then B.
    pub rounds: usize,
    /// `--benchmark_min_time` per run, in seconds.
    pub min_time: f64,
    /// A folder for files.
    pub workdir: &'a Path,
    /// Also profile each program per dispatch over this many calls
    /// (CPU only; see [`crate::profile`]).
    pub dispatch_calls: Option<usize>,
}

/// What was measured.
#[derive(Debug, Clone)]
pub struct BenchResult {
    /// Per round, milliseconds per call of the original.
    pub original_ms: Vec<f64>,
    /// Per round, milliseconds per call of the rewritten program.
    pub rewritten_ms: Vec<f64>,
    /// Compiled module sizes in bytes (original, rewritten).
    pub module_bytes: (u64, u64),
    /// Argument bytes per call (original, rewritten).
    pub arg_bytes: (u64, u64),
    /// Per-dispatch profiles (original, rewritten), when asked for.
    pub dispatches: Option<(DispatchProfile, DispatchProfile)>,
}

/// The median of some numbers.
pub fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

impl BenchResult {
    /// Original median time over rewritten median time.
    pub fn speedup(&self) -> f64 {
        median(&self.original_ms) / median(&self.rewritten_ms)
    }

    /// A short table for the terminal (and docs/perf.md).
    pub fn table(&self) -> String {
        let (a, b) = (median(&self.original_ms), median(&self.rewritten_ms));
        format!(
            "| program | median ms/call | runs | module bytes | argument bytes |\n|---|---|---|---|---|\n\
             | original | {a:.3} | {} | {} | {} |\n| rewritten | {b:.3} | {} | {} | {} |\n\nspeedup {:.2}x (original / rewritten, medians of interleaved runs)\n",
            self.original_ms.len(),
            self.module_bytes.0,
            self.arg_bytes.0,
            self.rewritten_ms.len(),
            self.module_bytes.1,
            self.arg_bytes.1,
            self.speedup()
        ) + &self
            .dispatches
            .as_ref()
            .map(|(a, b)| format!("\n{}", crate::profile::compare_table(a, b)))
            .unwrap_or_default()
    }
}

/// One program to time with [`time_programs`].
pub struct Timed<'a> {
    /// A short name (`original`, `plan`), also its `.vmfb` file's stem.
    pub tag: &'a str,
    /// The program.
    pub mlir: &'a Path,
    /// Its inputs.
    pub inputs: &'a ArgFiles,
}

/// Compiles each program into `workdir` and times them in interleaved
/// rounds (one `iree-benchmark-module` run of each per round). Returns the
/// compiled modules and each program's milliseconds per call.
#[allow(clippy::too_many_arguments)]
pub fn time_programs(
    iree: &Iree,
    programs: &[Timed<'_>],
    function: &str,
    target: &Target,
    rounds: usize,
    min_time: f64,
    workdir: &Path,
) -> Result<(Vec<std::path::PathBuf>, Vec<Vec<f64>>), IreeError> {
    let tool = iree.benchmark_tool().ok_or(IreeError::Missing {
        tool: "iree-benchmark-module",
    })?;
    let mut vmfbs = Vec::new();
    for p in programs {
        let vmfb = workdir.join(format!("{}.vmfb", p.tag));
        crate::progress::step(&format!("compiling the {} program", p.tag), || {
            iree.compile(p.mlir, &vmfb, target, p.tag)
        })?;
        vmfbs.push(vmfb);
    }
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); programs.len()];
    for _ in 0..rounds {
        for (which, p) in programs.iter().enumerate() {
            let mut cmd = Command::new(tool);
            cmd.arg(format!("--module={}", vmfbs[which].display()))
                .arg(format!("--function={function}"))
                .arg(format!("--device={}", target.device()))
                .arg(format!("--benchmark_min_time={min_time}s"))
                .arg("--benchmark_repetitions=1");
            for spec in &p.inputs.specs {
                cmd.arg(format!("--input={spec}"));
            }
            let out = cmd.output().map_err(|err| IreeError::Spawn {
                tool: tool.display().to_string(),
                err,
            })?;
            let text = String::from_utf8_lossy(&out.stdout);
            let ms = crate::iree::parse_benchmark_ms(&text);
            if !out.status.success() || ms.is_empty() {
                return Err(IreeError::Failed {
                    what: format!("iree-benchmark-module of the {} program", p.tag),
                    stderr: format!("{}{}", text, String::from_utf8_lossy(&out.stderr)),
                });
            }
            times[which].extend(ms);
        }
    }
    Ok((vmfbs, times))
}

/// Compiles both programs and times them.
pub fn run(iree: &Iree, spec: &BenchSpec<'_>) -> Result<BenchResult, IreeError> {
    let (vmfbs, times) = time_programs(
        iree,
        &[
            Timed {
                tag: "original",
                mlir: spec.original,
                inputs: spec.inputs,
            },
            Timed {
                tag: "rewritten",
                mlir: spec.rewritten,
                inputs: spec.new_inputs,
            },
        ],
        spec.function,
        spec.target,
        spec.rounds,
        spec.min_time,
        spec.workdir,
    )?;
    let inputs = [&spec.inputs.specs, &spec.new_inputs.specs];
    let dispatches = match spec.dispatch_calls {
        Some(calls) => Some((
            crate::profile::profile(&vmfbs[0], spec.function, inputs[0], calls, spec.workdir)?,
            crate::profile::profile(&vmfbs[1], spec.function, inputs[1], calls, spec.workdir)?,
        )),
        None => None,
    };
    let size = |p: &Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    let mut times = times.into_iter();
    let (original_ms, rewritten_ms) = (
        times.next().unwrap_or_default(),
        times.next().unwrap_or_default(),
    );
    Ok(BenchResult {
        original_ms,
        rewritten_ms,
        module_bytes: (size(&vmfbs[0]), size(&vmfbs[1])),
        arg_bytes: (spec.inputs.bytes, spec.new_inputs.bytes),
        dispatches,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_benchmark_lines() {
        let text = "BM_main/process_time/real_time 0.355 ms 0.513 ms 895 items\n\
                    BM_main/process_time/real_time 312 us 0.470 ms 895 items\n\
                    BM_main/process_time/real_time_mean 0.323 ms 0.479 ms 3 x\n";
        assert_eq!(crate::iree::parse_benchmark_ms(text), vec![0.355, 0.312]);
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
    }
}
