//! Error metrics between an original output and a rewritten one. The test
//! suite and `hlo-opt verify` use these same functions.

use serde::Serialize;

/// Metrics of one output.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OutputMetrics {
    /// Position among the function's results.
    pub index: usize,
    /// Shape.
    pub shape: Vec<u64>,
    /// Element type of the original output.
    pub dtype: String,
    /// Element type of the rewritten output.
    pub dtype_rewritten: String,
    /// ||a - b|| / ||a|| (0 when both are zero; infinite when the rewritten
    /// output has a NaN or infinity where the original has a finite value).
    pub rel_l2: f64,
    /// max |a - b|.
    pub max_abs: f64,
    /// max |a - b| / max(|a|, tiny), over elements with |a| above 1e-6 of max |a|.
    pub max_rel: f64,
    /// cos(a, b).
    pub cosine: f64,
    /// NaNs in the original output.
    pub nan_original: u64,
    /// NaNs in the rewritten output.
    pub nan_rewritten: u64,
    /// Infinities in the original output.
    pub inf_original: u64,
    /// Infinities in the rewritten output.
    pub inf_rewritten: u64,
    /// Share of rows (over the last axis) whose argmax agrees; rank >= 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top1: Option<f64>,
    /// Rows whose argmax differs although the original's top-2 margin was
    /// below the tie threshold (not errors of the rewrite).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top1_near_tie_flips: Option<u64>,
    /// top1 counting near-tie flips as agreeing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top1_tie_aware: Option<f64>,
    /// Mean overlap of the top-5 sets, as a share of 5; rank >= 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top5: Option<f64>,
    /// Mean KL(softmax(a) || softmax(b)) over rows; rank >= 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kl: Option<f64>,
    /// Histogram of log10 |a - b| (bins from -12 to 2, one per decade), for reports.
    pub error_histogram: Vec<u64>,
}

/// Options of the metrics.
#[derive(Clone, Copy, Debug)]
pub struct MetricOptions {
    /// A top-2 margin below `tie * (1 + |top1|)` makes a flip a near tie.
    pub tie: f64,
}

impl Default for MetricOptions {
    fn default() -> Self {
        MetricOptions { tie: 1e-3 }
    }
}

fn argsort_desc(row: &[f64], k: usize) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..row.len()).collect();
    idx.sort_by(|&i, &j| row[j].total_cmp(&row[i]).then(i.cmp(&j)));
    idx.truncate(k);
    idx
}

fn softmax(row: &[f64]) -> Vec<f64> {
    let max = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exps: Vec<f64> = row.iter().map(|x| (x - max).exp()).collect();
    let sum: f64 = exps.iter().sum();
    exps.iter().map(|e| e / sum).collect()
}

/// Compares two outputs of the same shape.
pub fn compare(
    index: usize,
    shape: &[u64],
    dtypes: (&str, &str),
    a: &[f64],
    b: &[f64],
    opts: MetricOptions,
) -> OutputMetrics {
    let (mut diff2, mut norm2, mut dot, mut nb2) = (0.0, 0.0, 0.0, 0.0);
    let (mut max_abs, mut max_rel) = (0.0f64, 0.0f64);
    let amax = a
        .iter()
        .filter(|x| x.is_finite())
        .fold(0.0f64, |m, x| m.max(x.abs()));
    let floor = amax * 1e-6;
    let mut hist = vec![0u64; 15];
    let mut broken = false;
    for (&x, &y) in a.iter().zip(b) {
        if !(x.is_finite() && y.is_finite()) {
            // A NaN or infinity the original does not have is an infinite error.
            broken |= x.is_finite() || (x.is_nan() != y.is_nan()) || (x.is_infinite() && x != y);
            continue;
        }
        let d = (x - y).abs();
        diff2 += d * d;
        norm2 += x * x;
        nb2 += y * y;
        dot += x * y;
        max_abs = max_abs.max(d);
        if x.abs() > floor && x.abs() > 0.0 {
            max_rel = max_rel.max(d / x.abs());
        }
        let bin = if d == 0.0 {
            0
        } else {
            (d.log10().floor() + 12.0).clamp(0.0, 14.0) as usize
        };
        hist[bin] += 1;
    }
    let count = |v: &[f64], f: fn(&f64) -> bool| v.iter().filter(|x| f(x)).count() as u64;
    if broken {
        diff2 = f64::INFINITY;
        max_abs = f64::INFINITY;
        max_rel = f64::INFINITY;
    }
    let rel_l2 = if norm2 > 0.0 {
        (diff2 / norm2).sqrt()
    } else if diff2 > 0.0 {
        f64::INFINITY
    } else {
        0.0
    };
    let cosine = if norm2 > 0.0 && nb2 > 0.0 {
        dot / (norm2.sqrt() * nb2.sqrt())
    } else if diff2 == 0.0 {
        1.0
    } else {
        0.0
    };
    let mut m = OutputMetrics {
        index,
        shape: shape.to_vec(),
        dtype: dtypes.0.to_string(),
        dtype_rewritten: dtypes.1.to_string(),
        rel_l2,
        max_abs,
        max_rel,
        cosine,
        nan_original: count(a, |x| x.is_nan()),
        nan_rewritten: count(b, |x| x.is_nan()),
        inf_original: count(a, |x| x.is_infinite()),
        inf_rewritten: count(b, |x| x.is_infinite()),
        top1: None,
        top1_near_tie_flips: None,
        top1_tie_aware: None,
        top5: None,
        kl: None,
        error_histogram: hist,
    };
    let last = shape.last().copied().unwrap_or(0) as usize;
    if !shape.is_empty() && last > 0 && a.len() == b.len() {
        let rows = a.len() / last;
        let (mut agree, mut ties, mut overlap, mut kl) = (0u64, 0u64, 0.0, 0.0);
        let k = 5.min(last);
        for r in 0..rows {
            let (ra, rb) = (&a[r * last..(r + 1) * last], &b[r * last..(r + 1) * last]);
            let (ta, tb) = (argsort_desc(ra, k.max(2).min(last)), argsort_desc(rb, k));
            if ta[0] == tb[0] {
                agree += 1;
            } else if last >= 2
                && (ra[ta[0]] - ra[ta[1]]).abs() < opts.tie * (1.0 + ra[ta[0]].abs())
            {
                ties += 1;
            }
            let sa: std::collections::HashSet<usize> = ta.iter().take(k).copied().collect();
            overlap += tb.iter().filter(|i| sa.contains(i)).count() as f64 / k as f64;
            let (pa, pb) = (softmax(ra), softmax(rb));
            kl += pa
                .iter()
                .zip(&pb)
                .filter(|(p, _)| **p > 0.0)
                .map(|(p, q)| p * (p / q.max(1e-300)).ln())
                .sum::<f64>();
        }
        let rows_f = rows.max(1) as f64;
        m.top1 = Some(agree as f64 / rows_f);
        m.top1_near_tie_flips = Some(ties);
        m.top1_tie_aware = Some((agree + ties) as f64 / rows_f);
        m.top5 = Some(overlap / rows_f);
        m.kl = Some(kl / rows_f);
    }
    m
}

impl OutputMetrics {
    /// A metric by its name in gates (`rel_l2`, `top1`, ...).
    pub fn get(&self, name: &str) -> Option<f64> {
        Some(match name {
            "rel_l2" => self.rel_l2,
            "max_abs" => self.max_abs,
            "max_rel" => self.max_rel,
            "cosine" => self.cosine,
            "nan" => self.nan_rewritten as f64,
            "inf" => self.inf_rewritten as f64,
            "top1" => self.top1?,
            "top1_tie_aware" => self.top1_tie_aware?,
            "top5" => self.top5?,
            "kl" => self.kl?,
            _ => return None,
        })
    }
}

/// Names `get` knows, for messages.
pub const METRIC_NAMES: &[&str] = &[
    "rel_l2",
    "max_abs",
    "max_rel",
    "cosine",
    "nan",
    "inf",
    "top1",
    "top1_tie_aware",
    "top5",
    "kl",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_outputs_are_perfect() {
        let a = [1.0, 2.0, 3.0, 0.5, 0.1, 0.2];
        let m = compare(0, &[2, 3], ("f32", "f32"), &a, &a, MetricOptions::default());
        assert_eq!(m.rel_l2, 0.0);
        assert_eq!(m.top1, Some(1.0));
        assert!((m.cosine - 1.0).abs() < 1e-12);
        assert!(m.kl.expect("kl").abs() < 1e-12);
    }

    #[test]
    fn new_infinities_are_infinite_errors() {
        let a = [1.0, 2.0];
        let b = [1.0, f64::INFINITY];
        let m = compare(0, &[2], ("f32", "f16"), &a, &b, MetricOptions::default());
        assert!(m.rel_l2.is_infinite());
        assert_eq!(m.inf_rewritten, 1);
    }

    #[test]
    fn flips_and_near_ties_are_counted_apart() {
        let a = [1.0, 1.0000001, 0.0, 5.0, 1.0, 0.0];
        let b = [1.0000002, 1.0, 0.0, 1.0, 5.0, 0.0];
        let m = compare(0, &[2, 3], ("f32", "f32"), &a, &b, MetricOptions::default());
        assert_eq!(m.top1, Some(0.0));
        assert_eq!(m.top1_near_tie_flips, Some(1));
        assert_eq!(m.top1_tie_aware, Some(0.5));
        assert!(m.rel_l2 > 0.5);
    }
}
