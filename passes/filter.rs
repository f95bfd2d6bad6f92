//! `include`/`exclude`: which ops a matmul pass may rewrite, chosen by the
//! op's location or the names of the arguments its operands are read from
//! (through view ops). Shared by `f16-matmul`, `bf16-matmul` and
//! `int8-weights`, and what `hlo-opt tune` writes its plans with.

use super::{weights, OptionInfo, Options, PassError, PassStats};
use crate::ir::{Module, Op, Value};

/// The `include` option.
pub const INCLUDE: OptionInfo = OptionInfo {
    name: "include",
    kind: "regex",
    default: "(all)",
    help: "only ops whose location, or an operand's argument name, matches (each on its own line: `(?m)^name$` matches one name exactly)",
};

/// The `exclude` option.
pub const EXCLUDE: OptionInfo = OptionInfo {
    name: "exclude",
    kind: "regex",
    default: "(none)",
    help: "skip ops whose location, or an operand's argument name, matches",
};

/// The two filters of one pass; an absent one lets every op through.
#[derive(Debug, Default)]
pub struct OpFilter {
    include: Option<regex::Regex>,
    exclude: Option<regex::Regex>,
}

impl OpFilter {
    /// Reads `include` and `exclude`.
    pub fn from_options(o: &Options) -> Result<Self, PassError> {
        Ok(OpFilter {
            include: o.regex("include")?,
            exclude: o.regex("exclude")?,
        })
    }

    /// Whether `op` may be rewritten; counts `skipped-filter` when not.
    pub fn admits(&self, m: &Module, op: Op, stats: &mut PassStats) -> bool {
        if self.include.is_none() && self.exclude.is_none() {
            return true;
        }
        let names = op_names(m, op);
        let included = self.include.as_ref().is_none_or(|r| r.is_match(&names));
        let excluded = self.exclude.as_ref().is_some_and(|r| r.is_match(&names));
        if !included || excluded {
            stats.bump("skipped-filter");
            return false;
        }
        true
    }
}

/// The text the filters match for `op`: its location, then the name of the
/// argument (or constant) each operand is read from through view ops and
/// converts, one per line. Converts count so that a weight keeps its name
/// after a pass re-stored it (`int8-weights` reads `convert(q)`).
pub fn op_names(m: &Module, op: Op) -> String {
    let mut names = m.location_text(op).unwrap_or_default();
    for &v in &m.dfg.op(op).operands {
        names.push('\n');
        names.push_str(&m.value_label(named_root(m, v)));
    }
    names
}

/// `v` followed up through view ops and converts ([`weights::find_root`]
/// stops at converts).
fn named_root(m: &Module, v: Value) -> Value {
    let mut v = weights::find_root(m, v).value();
    while let Some(p) = m.dfg.producer(v) {
        let d = m.dfg.op(p);
        if d.name != "stablehlo.convert" || d.operands.len() != 1 {
            break;
        }
        v = weights::find_root(m, d.operands[0]).value();
    }
    v
}
