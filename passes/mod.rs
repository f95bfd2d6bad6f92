//! Rewrite passes and the driver that runs them.
//!
//! A pass is named (kebab-case), takes MLIR-style options
//! (`f16-matmul{min-elements=4096}`), reports how many times each of its
//! rewrites fired, and says whether it changed anything. Every pipeline ends
//! with [`cleanup`], which removes what the rewrites left dead.
//!
//! The folder sits at the top of the repository so that pass authors find
//! it. It is a crate of its own (`hlo-opt-passes`, re-exported as
//! `hlo_opt::passes`) that depends only on `hlo-opt-core`: the build refuses
//! any import of the commands (docs/ARCHITECTURE.md, "Layers").

pub mod cleanup;
pub mod dots;
pub mod filter;
pub mod fuse_dequant;
pub mod gqa;
pub mod graph_precision;
pub mod int8;
pub mod layout;
pub mod lookup;
mod options;
pub mod perturb;
pub mod precision;
pub mod weights;

use std::collections::BTreeMap;
use std::fmt;

// The lower layers, under the names the rest of hlo-opt uses for them.
#[cfg(test)]
use hlo_opt_core::front;
use hlo_opt_core::{affine, ir, quant, recipe, tensor};

use crate::ir::Module;

pub use options::split_top_level;
pub use options::{OptionInfo, Options};

/// Why a pass could not run.
#[derive(Debug, thiserror::Error)]
pub enum PassError {
    /// No pass has this name.
    #[error("unknown pass `{0}`; `hlo-opt --list-passes` lists them")]
    Unknown(String),
    /// The `{...}` option text could not be read.
    #[error("pass `{pass}`: {message}")]
    BadOption {
        /// The pass.
        pass: String,
        /// What is wrong, in words.
        message: String,
    },
    /// The program cannot be rewritten as asked.
    #[error("pass `{pass}`: {message}")]
    Failed {
        /// The pass.
        pass: String,
        /// What is wrong, in words.
        message: String,
    },
    /// A pass left the module invalid (a bug in the pass): caught by the
    /// IR verifier before anything is printed.
    #[error("internal error: pass {pass} produced invalid IR: {errors}")]
    InvalidIr {
        /// The pass.
        pass: String,
        /// What the verifier found.
        errors: crate::ir::verify::VerifyErrors,
    },
}

/// Runs the IR verifier after a pass: a module a pass left invalid is an
/// internal error naming the pass (linear in the module's size).
pub fn verify_after(pass: &str, module: &Module) -> Result<(), PassError> {
    crate::ir::verify::verify(module).map_err(|errors| PassError::InvalidIr {
        pass: pass.to_string(),
        errors,
    })
}

/// Counts of what one pass did, by rewrite name.
#[derive(Debug, Default, Clone)]
pub struct PassStats {
    /// How many times each named rewrite fired.
    pub rewrites: BTreeMap<&'static str, u64>,
    /// Extra figures (`weight-bytes-before`), by name.
    pub figures: BTreeMap<&'static str, u64>,
    /// Warnings for the user (printed on stderr by the command line).
    pub warnings: Vec<String>,
    /// Whether the pass changed the module (set by [`Pipeline::run`]).
    pub modified: bool,
}

impl PassStats {
    /// Counts one firing of a rewrite.
    pub fn bump(&mut self, rewrite: &'static str) {
        *self.rewrites.entry(rewrite).or_default() += 1;
    }

    /// Records a warning.
    pub fn warn(&mut self, message: String) {
        self.warnings.push(message);
    }

    /// Whether a rewrite (not a skip) fired.
    pub fn changed(&self) -> bool {
        self.rewrites
            .iter()
            .any(|(name, &n)| n > 0 && !name.starts_with("skipped"))
    }
}

/// A rewrite of a module.
pub trait Pass {
    /// The pass's name, as on the command line.
    fn name(&self) -> &'static str;
    /// Rewrites the module, counting rewrites in `stats`. Returns whether it changed anything.
    fn run(&self, module: &mut Module, stats: &mut PassStats) -> Result<bool, PassError>;
}

/// A pass as the registry lists it.
pub struct PassInfo {
    /// Its name.
    pub name: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// Its options.
    pub options: &'static [OptionInfo],
    /// Makes the pass from its options.
    pub make: fn(&Options) -> Result<Box<dyn Pass>, PassError>,
}

/// Every pass, in the order `--list-passes` shows them.
pub fn registry() -> Vec<PassInfo> {
    vec![
        precision::info_f16(),
        precision::info_bf16(),
        graph_precision::info_f16(),
        graph_precision::info_bf16(),
        layout::info(),
        int8::info(),
        fuse_dequant::info(),
        gqa::info(),
        dots::info(),
        cleanup::info(),
        perturb::info(),
    ]
}

/// Named pipelines, chosen from the measurements in docs/precision.md.
pub const PRESETS: &[(&str, &[&str], &str)] = &[
    (
        "cpu",
        &["weight-layout{order=panels,panel-width=32}", "f16-matmul"],
        "IREE llvm-cpu, near-lossless: weights in column panels of 32, f16 matmul inputs: 4.0x on the Llama-style decode step, 1.8x faster than panels of 8 at the 1B shapes (logits rel_l2 <= 8e-4)",
    ),
    (
        "cpu-int8",
        &[
            "weight-layout{order=panels,panel-width=32}",
            "int8-weights{activations=int8}",
        ],
        "IREE llvm-cpu, fastest measured: weights in column panels of 32, i8 x i8 -> i32 matmuls: 5.1x on the Llama-style decode step (logits rel_l2 <= 1.6e-2)",
    ),
    (
        "cpu-int4",
        &[
            "weight-layout{order=panels,panel-width=32,only=tied}",
            "int8-weights{bits=4,fit=mse,storage=nibbles,group-size=128}",
            "fuse-dequant{panel-width=32}",
        ],
        "IREE llvm-cpu, 4-bit weights (groups of 128, searched scales, two to a byte as i4) in panels of 32 columns, a tied embedding table in per-row int8 panels, f32 activations: 5.4x on the hidden-1024 step, lossy (logits rel_l2 0.11-0.18 on the test decoders)",
    ),
    (
        "gpu",
        &["weight-layout", "f16-matmul", "f16"],
        "GPUs with fast f16 arithmetic: everything narrow but the f32 islands (not measured on a GPU here)",
    ),
    (
        "npu",
        &["weight-layout", "int8-weights{activations=int8}", "f16"],
        "int8/f16-native NPUs: integer matmuls (i8 x i8 -> i32), f16 elsewhere (accuracy measured, speed not)",
    ),
];

/// Reads one `NAME{k=v,...}` spec: the pass's registry entry and its
/// options, checked against the options it knows.
pub fn parse_spec(spec: &str) -> Result<(PassInfo, Options), PassError> {
    let (name, opts) = options::split_spec(spec)?;
    let info = registry()
        .into_iter()
        .find(|i| i.name == name)
        .ok_or_else(|| PassError::Unknown(name.to_string()))?;
    let options = Options::parse(info.name, opts, info.options)?;
    Ok((info, options))
}

/// The passes of a preset.
pub fn preset(name: &str) -> Option<Vec<String>> {
    PRESETS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, passes, _)| passes.iter().map(|p| p.to_string()).collect())
}

/// `--list-passes` text.
pub fn describe_all() -> String {
    let mut s = String::new();
    for info in registry() {
        s.push_str(&format!("{}\n    {}\n", info.name, info.summary));
        for o in info.options {
            s.push_str(&format!(
                "    {}={} (default {})\n        {}\n",
                o.name, o.kind, o.default, o.help
            ));
        }
    }
    s
}

/// How many warnings a command prints before it counts the rest
/// ([`RunStats::warning_lines`]).
pub const WARNINGS_SHOWN: usize = 10;

/// What one run of a pipeline did.
#[derive(Debug, Default)]
pub struct RunStats {
    /// Per pass, in order.
    pub passes: Vec<(String, PassStats)>,
}

impl RunStats {
    /// Every warning of every pass, in order.
    pub fn warnings(&self) -> impl Iterator<Item = &String> {
        self.passes.iter().flat_map(|(_, s)| s.warnings.iter())
    }

    /// The warnings to print: every one when `all`, else the first
    /// [`WARNINGS_SHOWN`] and one line that counts the rest (a deep model
    /// repeats the same warning once per layer).
    pub fn warning_lines(&self, all: bool) -> Vec<String> {
        let total = self.warnings().count();
        let shown = if all {
            total
        } else {
            total.min(WARNINGS_SHOWN)
        };
        let mut out: Vec<String> = self.warnings().take(shown).cloned().collect();
        if shown < total {
            out.push(format!(
                "{} more warning(s) not shown; `hlo-opt --stats` with the same passes prints every one",
                total - shown
            ));
        }
        out
    }

    /// One line per pass that left something it looks for as it was, with
    /// the reasons and counts (`skipped-*` rewrites), or that changed
    /// nothing at all, for standard error: a pass never does nothing
    /// silently. Ops left out by the user's own `include`/`exclude` filters
    /// are not listed as skips.
    pub fn skip_notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (name, stats) in &self.passes {
            let skips: Vec<String> = stats
                .rewrites
                .iter()
                .filter(|(r, &n)| n > 0 && r.starts_with("skipped-") && **r != "skipped-filter")
                .map(|(r, n)| format!("{} x{n}", r.trim_start_matches("skipped-")))
                .collect();
            if !skips.is_empty() {
                out.push(format!(
                    "{name} left some ops as they were: {} (--stats for detail)",
                    skips.join(", ")
                ));
            } else if !stats.modified && name != cleanup::NAME {
                let filtered = stats.rewrites.get("skipped-filter").copied().unwrap_or(0);
                out.push(if filtered > 0 {
                    format!("{name} changed nothing: its include/exclude options left out all {filtered} candidate op(s)")
                } else {
                    format!("{name} changed nothing: the program has nothing it rewrites")
                });
            }
        }
        out
    }
}

impl fmt::Display for RunStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, stats) in &self.passes {
            writeln!(f, "pass {name}:")?;
            if stats.rewrites.is_empty() && stats.figures.is_empty() {
                writeln!(f, "  (no change)")?;
            }
            for (rewrite, n) in &stats.rewrites {
                writeln!(f, "  {rewrite}: {n}")?;
            }
            for (figure, n) in &stats.figures {
                writeln!(f, "  {figure}: {n}")?;
            }
        }
        Ok(())
    }
}

/// An ordered list of passes, followed by cleanup.
pub struct Pipeline {
    passes: Vec<Box<dyn Pass>>,
}

impl Pipeline {
    /// Reads `NAME{k=v,...}` specs.
    pub fn from_specs(specs: &[String]) -> Result<Pipeline, PassError> {
        let mut passes = Vec::new();
        for spec in specs {
            let (info, options) = parse_spec(spec)?;
            passes.push((info.make)(&options)?);
        }
        Ok(Pipeline { passes })
    }

    /// Whether the pipeline has no pass (a plain round trip).
    pub fn is_empty(&self) -> bool {
        self.passes.is_empty()
    }

    /// Runs every pass in order; after each pass that changed the module,
    /// cleanup removes what it left dead (so the next pass sees a tidy graph).
    pub fn run(&self, module: &mut Module) -> Result<RunStats, PassError> {
        let mut stats = RunStats::default();
        let mut cleanup_stats = PassStats::default();
        let mut cleaned = false;
        for pass in &self.passes {
            let mut s = PassStats::default();
            let changed = pass.run(module, &mut s)?;
            s.modified = changed;
            stats.passes.push((pass.name().to_string(), s));
            if changed && pass.name() != cleanup::NAME {
                cleanup::Cleanup.run(module, &mut cleanup_stats)?;
                cleaned = true;
            }
            // Checked after cleanup: a pass may leave ops it replaced dead
            // (and stale) for cleanup to remove.
            if changed {
                verify_after(pass.name(), module)?;
            }
        }
        if cleaned {
            stats
                .passes
                .push((cleanup::NAME.to_string(), cleanup_stats));
        }
        Ok(stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{ElemType, TensorType, Type};

    /// Retypes the first function argument without touching its users: the
    /// kind of bug the verifier is there to stop before anything is printed.
    struct Breaker;

    impl Pass for Breaker {
        fn name(&self) -> &'static str {
            "breaker"
        }
        fn run(&self, m: &mut Module, _: &mut PassStats) -> Result<bool, PassError> {
            let f = m.functions()[0];
            let arg = m.dfg.op(f).decls[0];
            m.set_decl_type(arg, Type::Tensor(TensorType::new(&[2], ElemType::F16)));
            Ok(true)
        }
    }

    #[test]
    fn a_pass_that_leaves_invalid_ir_is_stopped() {
        let mut m = crate::front::parse_str(
            "t.mlir",
            "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.add %a, %a : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n",
        )
        .expect("valid");
        let pipeline = Pipeline {
            passes: vec![Box::new(Breaker)],
        };
        let e = pipeline.run(&mut m).expect_err("stopped");
        let text = e.to_string();
        assert!(
            text.starts_with("internal error: pass breaker produced invalid IR: 'stablehlo.add' op operand #0 (%a) is used as tensor<2xf32> but is defined as tensor<2xf16>"),
            "{text}"
        );
    }
}
