//! Where a compiled CPU program spends its time, dispatch by dispatch.
//!
//! One run of `iree-benchmark-module` on IREE's single-threaded `local-sync`
//! device with host-execution profiling (`--device_profiling_mode=host-execution`),
//! read back with `iree-profile statistics --format=jsonl`. Dispatch times are
//! grouped by the kind IREE puts in the dispatch's name
//! (`main_dispatch_16_vecmat_4096x1024_f32xi8xf32` is a `vecmat`), because
//! dispatch numbers differ between an original and a rewritten program.
//! What the call takes beyond its dispatches (argument and result handling,
//! queue copies, allocation) is reported as "outside dispatches".

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use crate::iree::parse_benchmark_ms;
use crate::iree::{find_tool, IreeError};

/// Time per call spent in one kind of dispatch.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct KindTime {
    /// Dispatches of this kind per call.
    pub dispatches: f64,
    /// Milliseconds per call.
    pub ms: f64,
}

/// A program's single-threaded time per call, split by dispatch kind.
#[derive(Debug, Clone, Default)]
pub struct DispatchProfile {
    /// Calls profiled.
    pub calls: usize,
    /// Milliseconds per call (the benchmark's own timing, `local-sync`).
    pub call_ms: f64,
    /// Per dispatch kind, time per call.
    pub kinds: BTreeMap<String, KindTime>,
}

impl DispatchProfile {
    /// Milliseconds per call inside dispatches.
    pub fn dispatch_ms(&self) -> f64 {
        self.kinds.values().map(|k| k.ms).sum()
    }

    /// Milliseconds per call outside dispatches (never below zero).
    pub fn outside_ms(&self) -> f64 {
        (self.call_ms - self.dispatch_ms()).max(0.0)
    }
}

/// The kind of a dispatch from the name IREE gives it: the words after
/// `dispatch_N_` up to the first one that starts with a digit
/// (`main_dispatch_8_elementwise_broadcast_4x4x64x256_f32` →
/// `elementwise_broadcast`). Names not in that form are kept whole.
pub fn kind_of(function_name: &str) -> String {
    let Some(at) = function_name.find("_dispatch_") else {
        return function_name.to_string();
    };
    let rest = &function_name[at + "_dispatch_".len()..];
    let mut words = rest.split('_');
    // The dispatch number.
    if !words
        .next()
        .is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()))
    {
        return function_name.to_string();
    }
    let kind: Vec<&str> = words
        .take_while(|w| !w.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    if kind.is_empty() {
        function_name.to_string()
    } else {
        kind.join("_")
    }
}

/// Why a profile could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// A line of `iree-profile` output was not the JSON expected.
    #[error("iree-profile statistics, line {line}: {what}")]
    Format {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        what: String,
    },
    /// The profile held no dispatch timings.
    #[error("the profile holds no dispatch timings (was it run on local-sync with host-execution profiling?)")]
    Empty,
}

/// Reads `iree-profile statistics --format=jsonl` into time per call per
/// dispatch kind, over `calls` calls.
pub fn parse_statistics(
    jsonl: &str,
    calls: usize,
) -> Result<BTreeMap<String, KindTime>, ProfileError> {
    let calls = calls.max(1) as f64;
    let mut kinds: BTreeMap<String, KindTime> = BTreeMap::new();
    for (i, line) in jsonl.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let row: serde_json::Value =
            serde_json::from_str(line).map_err(|err| ProfileError::Format {
                line: i + 1,
                what: err.to_string(),
            })?;
        if row["row_type"] != "host_execution_function" {
            continue;
        }
        let Some(name) = row["function_name"].as_str() else {
            continue;
        };
        let field = |key: &str| {
            row[key].as_f64().ok_or_else(|| ProfileError::Format {
                line: i + 1,
                what: format!("`{key}` is missing or not a number"),
            })
        };
        let ns = field("total_duration_ns")?;
        let count = field("sample_count")?;
        let entry = kinds.entry(kind_of(name)).or_default();
        entry.ms += ns / 1e6 / calls;
        entry.dispatches += count / calls;
    }
    if kinds.is_empty() {
        return Err(ProfileError::Empty);
    }
    Ok(kinds)
}

/// Profiles `calls` calls of a compiled CPU module on `local-sync`.
/// `inputs` are `--input=` values as [`crate::iree::write_input`] makes them.
pub fn profile(
    vmfb: &Path,
    function: &str,
    inputs: &[String],
    calls: usize,
    workdir: &Path,
) -> Result<DispatchProfile, IreeError> {
    let bench = find_tool("iree-benchmark-module").ok_or(IreeError::Missing {
        tool: "iree-benchmark-module",
    })?;
    let reader = find_tool("iree-profile").ok_or(IreeError::Missing {
        tool: "iree-profile",
    })?;
    let stem = vmfb
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "module".into());
    let bundle = workdir.join(format!("{stem}.ireeprof"));
    let mut cmd = Command::new(&bench);
    cmd.arg(format!("--module={}", vmfb.display()))
        .arg(format!("--function={function}"))
        .arg("--device=local-sync")
        .arg(format!("--benchmark_min_time={calls}x"))
        .arg("--benchmark_repetitions=1")
        .arg("--device_profiling_mode=host-execution")
        .arg(format!("--device_profiling_output={}", bundle.display()));
    for p in inputs {
        cmd.arg(format!("--input={p}"));
    }
    let out = cmd.output().map_err(|err| IreeError::Spawn {
        tool: bench.display().to_string(),
        err,
    })?;
    let text = String::from_utf8_lossy(&out.stdout);
    let call_ms = parse_benchmark_ms(&text);
    let Some(&call_ms) = call_ms.first().filter(|_| out.status.success()) else {
        return Err(IreeError::Failed {
            what: format!("profiling {} on local-sync", vmfb.display()),
            stderr: format!("{text}{}", String::from_utf8_lossy(&out.stderr)),
        });
    };
    let stats = Command::new(&reader)
        .arg("statistics")
        .arg("--format=jsonl")
        .arg(&bundle)
        .output()
        .map_err(|err| IreeError::Spawn {
            tool: reader.display().to_string(),
            err,
        })?;
    let failed = |stderr: String| IreeError::Failed {
        what: format!("iree-profile statistics of {}", bundle.display()),
        stderr,
    };
    if !stats.status.success() {
        return Err(failed(String::from_utf8_lossy(&stats.stderr).into_owned()));
    }
    let kinds = parse_statistics(&String::from_utf8_lossy(&stats.stdout), calls)
        .map_err(|err| failed(err.to_string()))?;
    Ok(DispatchProfile {
        calls,
        call_ms,
        kinds,
    })
}

/// A Markdown table comparing two profiles kind by kind, largest first,
/// with the dispatch total, the time outside dispatches and the call.
pub fn compare_table(original: &DispatchProfile, rewritten: &DispatchProfile) -> String {
    let mut names: Vec<&String> = original
        .kinds
        .keys()
        .chain(rewritten.kinds.keys())
        .collect();
    names.sort();
    names.dedup();
    let get = |p: &DispatchProfile, k: &str| p.kinds.get(k).copied().unwrap_or_default();
    names.sort_by(|a, b| {
        let wa = get(original, a).ms.max(get(rewritten, a).ms);
        let wb = get(original, b).ms.max(get(rewritten, b).ms);
        wb.total_cmp(&wa).then_with(|| a.cmp(b))
    });
    let ratio = |a: f64, b: f64| {
        if b > 0.0 && a > 0.0 {
            format!("{:.2}x", a / b)
        } else {
            "-".to_string()
        }
    };
    let mut out = format!(
        "per-dispatch time, single-threaded (local-sync), {} calls each\n\n\
         | dispatch kind | original n/call | original ms/call | rewritten n/call | rewritten ms/call | original / rewritten |\n\
         |---|---|---|---|---|---|\n",
        original.calls
    );
    for name in names {
        let (a, b) = (get(original, name), get(rewritten, name));
        out += &format!(
            "| {name} | {:.0} | {:.3} | {:.0} | {:.3} | {} |\n",
            a.dispatches,
            a.ms,
            b.dispatches,
            b.ms,
            ratio(a.ms, b.ms)
        );
    }
    let rows = [
        (
            "all dispatches",
            original.dispatch_ms(),
            rewritten.dispatch_ms(),
        ),
        (
            "outside dispatches",
            original.outside_ms(),
            rewritten.outside_ms(),
        ),
        ("call", original.call_ms, rewritten.call_ms),
    ];
    for (label, a, b) in rows {
        out += &format!("| **{label}** | | {a:.3} | | {b:.3} | {} |\n", ratio(a, b));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_come_from_dispatch_names() {
        assert_eq!(
            kind_of("main_dispatch_16_vecmat_4096x1024_f32xi8xf32"),
            "vecmat"
        );
        assert_eq!(
            kind_of("main_dispatch_8_elementwise_broadcast_4x4x64x256_f32"),
            "elementwise_broadcast"
        );
        assert_eq!(
            kind_of("main_dispatch_11_softmax_1x16x256xf32_dispatch_tensor_store"),
            "softmax"
        );
        assert_eq!(kind_of("main_dispatch_6_slow_memcpy"), "slow_memcpy");
        assert_eq!(kind_of("main_dispatch_5_elementwise"), "elementwise");
        assert_eq!(kind_of("copy_kernel"), "copy_kernel");
        assert_eq!(kind_of("main_dispatch_x_y"), "main_dispatch_x_y");
    }

    #[test]
    fn statistics_sum_per_kind_per_call() {
        let jsonl = r#"{"type":"statistics_summary","row_count":3}
{"type":"statistics_row","row_type":"host_execution_queue_operation","event_name":"alloca","function_name":null,"sample_count":20,"total_duration_ns":506913}
{"type":"statistics_row","row_type":"host_execution_function","function_name":"main_dispatch_16_vecmat_4096x1024_f32xi8xf32","sample_count":20,"total_duration_ns":11000000}
{"type":"statistics_row","row_type":"host_execution_function","function_name":"main_dispatch_2_vecmat_1024x1024_f32xi8xf32","sample_count":20,"total_duration_ns":2000000}
{"type":"statistics_row","row_type":"host_execution_function","function_name":"main_dispatch_1_reduction_1024_f32","sample_count":45,"total_duration_ns":75000}
"#;
        let kinds = parse_statistics(jsonl, 5).expect("parses");
        assert_eq!(kinds.len(), 2);
        let v = kinds["vecmat"];
        assert!((v.ms - 2.6).abs() < 1e-9, "{v:?}");
        assert!((v.dispatches - 8.0).abs() < 1e-9);
        assert!((kinds["reduction"].ms - 0.015).abs() < 1e-9);
        let p = DispatchProfile {
            calls: 5,
            call_ms: 3.0,
            kinds,
        };
        assert!((p.outside_ms() - 0.385).abs() < 1e-9);
        let table = compare_table(&p, &p);
        assert!(
            table.contains("| vecmat | 8 | 2.600 | 8 | 2.600 | 1.00x |"),
            "{table}"
        );
        assert!(table.contains("| **call** | | 3.000 | | 3.000 | 1.00x |"));
    }

    #[test]
    fn bad_statistics_are_errors() {
        assert!(matches!(
            parse_statistics("{not json", 1),
            Err(ProfileError::Format { line: 1, .. })
        ));
        assert!(matches!(
            parse_statistics(r#"{"type":"statistics_summary"}"#, 1),
            Err(ProfileError::Empty)
        ));
        let no_time =
            r#"{"row_type":"host_execution_function","function_name":"f","sample_count":1}"#;
        assert!(matches!(
            parse_statistics(no_time, 1),
            Err(ProfileError::Format { .. })
        ));
    }
}
