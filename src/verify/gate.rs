//! Accuracy gates: `rel_l2<=1e-2,top1>=0.99,out1.rel_l2<=5e-3`.

use serde::Serialize;

use super::metrics::{OutputMetrics, METRIC_NAMES};

/// Gate keys of token-level checks (`verify --steps`, `--eval-tokens`): one
/// value per run, not per output.
pub const TOKEN_METRIC_NAMES: &[&str] = &[
    "tokens_equal",
    "first_divergence",
    "kld_mean",
    "kld_p99",
    "same_top1",
    "ppl_ratio",
];

/// A comparison in a gate clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Cmp {
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `>`
    Gt,
}

impl Cmp {
    fn holds(self, x: f64, bound: f64) -> bool {
        match self {
            Cmp::Le => x <= bound,
            Cmp::Ge => x >= bound,
            Cmp::Lt => x < bound,
            Cmp::Gt => x > bound,
        }
    }

    fn text(self) -> &'static str {
        match self {
            Cmp::Le => "<=",
            Cmp::Ge => ">=",
            Cmp::Lt => "<",
            Cmp::Gt => ">",
        }
    }
}

/// One clause: `[outN.]metric OP bound`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Clause {
    /// Only this output, or every output that has the metric.
    pub output: Option<usize>,
    /// The metric's name.
    pub metric: String,
    /// The comparison.
    pub cmp: Cmp,
    /// The bound.
    pub bound: f64,
}

/// A parsed gate.
#[derive(Clone, Debug, PartialEq, Default, Serialize)]
pub struct Gate {
    /// Its clauses; all must hold.
    pub clauses: Vec<Clause>,
}

/// The check made when no `--gate` is given.
pub const NO_GATE_CLAUSE: &str = "no NaN/inf beyond the original's (no --gate given)";

/// The outcome of one clause on one output.
#[derive(Clone, Debug, Serialize)]
pub struct Check {
    /// The clause, as text.
    pub clause: String,
    /// The output it was checked on.
    pub output: usize,
    /// The measured value.
    pub value: f64,
    /// Whether it holds.
    pub holds: bool,
}

impl Gate {
    /// Parses a gate; the error says what is wrong.
    pub fn parse(text: &str) -> Result<Gate, String> {
        let mut clauses = Vec::new();
        if text.trim().is_empty() {
            // No gate given.
            return Ok(Gate::default());
        }
        for part in text.split(',').map(str::trim) {
            if part.is_empty() {
                return Err(format!(
                    "gate `{text}` has an empty clause; expected METRIC<=N clauses separated by single commas"
                ));
            }
            let (pos, cmp, len) = [
                ("<=", Cmp::Le),
                (">=", Cmp::Ge),
                ("<", Cmp::Lt),
                (">", Cmp::Gt),
            ]
            .iter()
            .find_map(|(op, c)| part.find(op).map(|p| (p, *c, op.len())))
            .ok_or_else(|| format!("gate clause `{part}`: expected METRIC<=N or METRIC>=N"))?;
            let lhs = part[..pos].trim();
            let bound: f64 = part[pos + len..].trim().parse().map_err(|_| {
                format!(
                    "gate clause `{part}`: `{}` is not a number",
                    part[pos + len..].trim()
                )
            })?;
            let (output, metric) = match lhs.split_once('.') {
                Some((o, m)) => {
                    let n = o
                        .strip_prefix("out")
                        .and_then(|n| n.parse().ok())
                        .ok_or_else(|| format!("gate clause `{part}`: expected outN.METRIC"))?;
                    (Some(n), m)
                }
                None => (None, lhs),
            };
            let token_level = TOKEN_METRIC_NAMES.contains(&metric);
            if !METRIC_NAMES.contains(&metric) && !token_level {
                return Err(format!(
                    "gate clause `{part}`: unknown metric `{metric}`; expected one of {}, {}",
                    METRIC_NAMES.join(", "),
                    TOKEN_METRIC_NAMES.join(", ")
                ));
            }
            if token_level && output.is_some() {
                return Err(format!(
                    "gate clause `{part}`: `{metric}` is one value per run, not per output"
                ));
            }
            if !bound.is_finite() {
                return Err(format!(
                    "gate clause `{part}`: the bound must be a finite number"
                ));
            }
            // Shares lie in [0, 1] and cosine in [-1, 1]: a bound outside can
            // never (or always) hold, which is a typo, not a gate.
            let range = match metric {
                "top1" | "top1_tie_aware" | "top5" | "tokens_equal" | "same_top1" => {
                    Some((0.0, 1.0))
                }
                "cosine" => Some((-1.0, 1.0)),
                _ => None,
            };
            if let Some((lo, hi)) = range {
                if !(lo..=hi).contains(&bound) {
                    return Err(format!(
                        "gate clause `{part}`: {metric} lies in [{lo}, {hi}]; expected a bound in that range"
                    ));
                }
            }
            clauses.push(Clause {
                output,
                metric: metric.to_string(),
                cmp,
                bound,
            });
        }
        Ok(Gate { clauses })
    }

    /// The token-level keys the gate uses.
    pub fn token_metrics(&self) -> Vec<&str> {
        self.clauses
            .iter()
            .map(|c| c.metric.as_str())
            .filter(|m| TOKEN_METRIC_NAMES.contains(m))
            .collect()
    }

    /// Checks every clause against the outputs. A clause naming an output
    /// that does not exist, or a metric an output lacks, fails.
    pub fn check(&self, outputs: &[OutputMetrics]) -> Vec<Check> {
        self.check_all(outputs, &[])
    }

    /// Checks every clause: per-output metrics against the outputs,
    /// token-level keys against `run_values` (a key missing there fails;
    /// its check is reported on output 0, the logits).
    pub fn check_all(&self, outputs: &[OutputMetrics], run_values: &[(&str, f64)]) -> Vec<Check> {
        let mut out = Vec::new();
        if self.clauses.is_empty() {
            // Without a gate, one check still stands: the rewrite must not
            // make NaN or infinity where the original has none.
            for o in outputs {
                let new = o.nan_rewritten.saturating_sub(o.nan_original)
                    + o.inf_rewritten.saturating_sub(o.inf_original);
                out.push(Check {
                    clause: NO_GATE_CLAUSE.to_string(),
                    output: o.index,
                    value: new as f64,
                    holds: new == 0,
                });
            }
        }
        for c in &self.clauses {
            if TOKEN_METRIC_NAMES.contains(&c.metric.as_str()) {
                let value = run_values
                    .iter()
                    .find(|(k, _)| *k == c.metric)
                    .map(|(_, v)| *v)
                    .unwrap_or(f64::NAN);
                out.push(Check {
                    clause: format!("{}{}{}", c.metric, c.cmp.text(), c.bound),
                    output: 0,
                    value,
                    holds: !value.is_nan() && c.cmp.holds(value, c.bound),
                });
                continue;
            }
            let text = format!(
                "{}{}{}{}",
                c.output.map(|o| format!("out{o}.")).unwrap_or_default(),
                c.metric,
                c.cmp.text(),
                c.bound
            );
            let targets: Vec<&OutputMetrics> = match c.output {
                Some(i) => outputs.iter().filter(|o| o.index == i).collect(),
                None => outputs
                    .iter()
                    .filter(|o| o.get(&c.metric).is_some())
                    .collect(),
            };
            if targets.is_empty() && c.output.is_some() {
                out.push(Check {
                    clause: text.clone(),
                    output: c.output.unwrap_or(0),
                    value: f64::NAN,
                    holds: false,
                });
            }
            for o in targets {
                let value = o.get(&c.metric).unwrap_or(f64::NAN);
                out.push(Check {
                    clause: text.clone(),
                    output: o.index,
                    value,
                    holds: !value.is_nan() && c.cmp.holds(value, c.bound),
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_clauses() {
        let g = Gate::parse("rel_l2<=1e-2, top1>=0.99,out1.kl<0.5").expect("valid");
        assert_eq!(g.clauses.len(), 3);
        assert_eq!(g.clauses[2].output, Some(1));
        assert_eq!(g.clauses[2].cmp, Cmp::Lt);
        assert!(Gate::parse("bogus<=1").is_err());
        assert!(Gate::parse("rel_l2<=x").is_err());
        assert!(Gate::parse("rel_l2=1").is_err());
        let g = Gate::parse("tokens_equal>=1,kld_mean<=1e-3").expect("token keys");
        assert_eq!(g.token_metrics(), vec!["tokens_equal", "kld_mean"]);
        assert!(Gate::parse("out0.tokens_equal>=1").is_err());
        let checks = g.check_all(&[], &[("tokens_equal", 0.5)]);
        assert!(!checks[0].holds && checks[0].value == 0.5);
        assert!(!checks[1].holds && checks[1].value.is_nan());
    }

    #[test]
    fn refuses_what_cannot_be_meant() {
        for bad in [
            ",",
            "rel_l2<=1,,top1>=0.9",
            "rel_l2<=nan",
            "top1>=2",
            " , ",
            "rel_l2<=inf",
            "cosine>=-3",
        ] {
            assert!(Gate::parse(bad).is_err(), "{bad:?} accepted");
        }
        assert!(Gate::parse("top1>=1,cosine>=-1").is_ok());
        assert_eq!(Gate::parse("").expect("no gate").clauses.len(), 0);
    }
}
