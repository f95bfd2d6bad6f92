//! `test-perturb`: a deliberately wrong rewrite, for testing the accuracy
//! gate and per-op attribution. Never use it on a real program.
//!
//! * `perturbed`: dot(x, w) (the `index`-th dot_general) ==> dot(x, w * (1 + scale))

use super::{OptionInfo, Options, Pass, PassError, PassInfo, PassStats};
use crate::ir::{stablehlo, Module};

const OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        name: "index",
        kind: "int",
        default: "0",
        help: "which dot_general (in graph order) to perturb",
    },
    OptionInfo {
        name: "scale",
        kind: "float",
        default: "0.05",
        help: "relative change of its right-hand operand",
    },
];

/// Registry entry.
pub fn info() -> PassInfo {
    PassInfo {
        name: "test-perturb",
        summary: "TEST ONLY: multiplies one dot_general's right-hand operand by (1 + scale), to check that verify's gate fails and names the op",
        options: OPTIONS,
        make: |o: &Options| {
            let scale: f64 = o
                .get("scale")
                .unwrap_or("0.05")
                .parse()
                .map_err(|_| PassError::BadOption {
                    pass: "test-perturb".into(),
                    message: "option `scale`: expected a number".into(),
                })?;
            Ok(Box::new(Perturb {
                index: o.u64_or("index", 0)? as usize,
                scale,
            }))
        },
    }
}

/// The pass.
pub struct Perturb {
    index: usize,
    scale: f64,
}

impl Pass for Perturb {
    fn name(&self) -> &'static str {
        "test-perturb"
    }

    fn run(&self, m: &mut Module, stats: &mut PassStats) -> Result<bool, PassError> {
        let Some(dot) = m
            .walk()
            .into_iter()
            .filter(|&op| m.dfg.op(op).name == "stablehlo.dot_general")
            .nth(self.index)
        else {
            return Err(PassError::Failed {
                pass: "test-perturb".into(),
                message: format!("there is no dot_general #{}", self.index),
            });
        };
        let Some(&w) = m.dfg.op(dot).operands.get(1) else {
            return Err(PassError::Failed {
                pass: "test-perturb".into(),
                message: format!("dot_general #{} has no rhs operand", self.index),
            });
        };
        let Some(t) = m.dfg.ty(w).as_tensor().cloned() else {
            return Ok(false);
        };
        let cv = stablehlo::constant_splat(m, dot, t, 1.0 + self.scale);
        let mv = stablehlo::multiply(m, dot, w, cv);
        m.dfg.set_operand(dot, 1, mv);
        m.refresh_signature(dot);
        // Mark the dot as rewritten (its signature is printed anew).
        if let Some(sig) = m.dfg.op_mut(dot).sig.as_mut() {
            sig.span = None;
        }
        stats.bump("perturbed");
        Ok(true)
    }
}
