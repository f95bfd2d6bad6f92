//! Token-level metrics, computed on the host in f64 from what the rollout
//! wrapper returns (the argmax and the logits of every step call): greedy
//! streams and their first divergence, and teacher-forced KL divergence,
//! top-1 agreement, negative log-likelihood and perplexity.

use serde::Serialize;

/// One generated step of a rollout, both programs.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct StepMetrics {
    /// 0-based generated step.
    pub step: usize,
    /// The original program's token.
    pub orig_token: i64,
    /// The rewritten program's token.
    pub new_token: i64,
    /// Whether both programs had fed the same tokens so far (up to and
    /// including the first divergence); after it the logits compare
    /// different histories.
    pub same_history: bool,
    /// KL(P_orig || P_new) of this step's softmax, nats.
    pub kl: f64,
    /// ||a - b|| / ||a|| of this step's logits.
    pub rel_l2: f64,
    /// The original's top-1 minus top-2 logit.
    pub orig_margin: f64,
    /// The rewritten program's top-1 minus top-2 logit.
    pub new_margin: f64,
}

/// The two best tokens of one logits row.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Top2 {
    /// Best token and its logit.
    pub first: (i64, f64),
    /// Second-best token and its logit.
    pub second: (i64, f64),
    /// first - second logit.
    pub margin: f64,
}

/// Where the streams first differ.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Divergence {
    /// 0-based generated step.
    pub step: usize,
    /// The original program's top-2 at that step.
    pub orig: Top2,
    /// The rewritten program's top-2 at that step (same history).
    pub new: Top2,
}

/// `"rollout"` of the JSON report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RolloutReport {
    /// Generated steps N.
    pub steps: usize,
    /// The prompt fed first.
    pub prompt: Vec<i64>,
    /// The original's N generated tokens.
    pub orig_tokens: Vec<i64>,
    /// The rewritten program's N generated tokens.
    pub new_tokens: Vec<i64>,
    /// 0-based index of the first token that differs.
    pub first_divergence: Option<usize>,
    /// Share of the N positions whose tokens are equal.
    pub tokens_equal: f64,
    /// The streams as text (vocabulary of 256 bytes), escaped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt_text: Option<String>,
    /// The original's stream as text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orig_text: Option<String>,
    /// The rewritten program's stream as text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_text: Option<String>,
    /// Both programs' top-2 at the first divergence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divergence: Option<Divergence>,
    /// Per generated step.
    pub per_step: Vec<StepMetrics>,
}

/// `"eval"` of the JSON report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct EvalReport {
    /// Scored positions (tokens - 1).
    pub positions: usize,
    /// Mean KL(P_orig || P_new), nats.
    pub kld_mean: f64,
    /// Median KL.
    pub kld_median: f64,
    /// 99th percentile KL (nearest rank).
    pub kld_p99: f64,
    /// Largest KL.
    pub kld_max: f64,
    /// Share of positions whose argmax agrees.
    pub same_top1: f64,
    /// Mean negative log-likelihood of the true next token, original, nats.
    pub nll_orig: f64,
    /// The same, rewritten.
    pub nll_new: f64,
    /// exp(nll_orig).
    pub ppl_orig: f64,
    /// exp(nll_new).
    pub ppl_new: f64,
    /// ppl_new / ppl_orig.
    pub ppl_ratio: f64,
    /// KL at every position, for the plot.
    pub kld: Vec<f64>,
}

/// log(softmax(row)), in f64.
pub fn log_softmax(row: &[f64]) -> Vec<f64> {
    let max = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = row.iter().map(|x| (x - max).exp()).sum();
    let lse = max + sum.ln();
    row.iter().map(|x| x - lse).collect()
}

/// KL(P || Q) in nats from log-probabilities.
pub fn kl(log_p: &[f64], log_q: &[f64]) -> f64 {
    log_p
        .iter()
        .zip(log_q)
        .filter(|(p, _)| p.is_finite())
        .map(|(p, q)| p.exp() * (p - q))
        .sum::<f64>()
        .max(0.0)
}

/// The two best entries of a row (ties to the lower index, as the wrapper's argmax).
pub fn top2(row: &[f64]) -> Top2 {
    let mut idx: Vec<usize> = (0..row.len()).collect();
    idx.sort_by(|&i, &j| row[j].total_cmp(&row[i]).then(i.cmp(&j)));
    let a = idx.first().copied().unwrap_or(0);
    let b = idx.get(1).copied().unwrap_or(a);
    let (va, vb) = (
        row.get(a).copied().unwrap_or(0.0),
        row.get(b).copied().unwrap_or(0.0),
    );
    Top2 {
        first: (a as i64, va),
        second: (b as i64, vb),
        margin: va - vb,
    }
}

fn rel_l2(a: &[f64], b: &[f64]) -> f64 {
    let d: f64 = a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum();
    let n: f64 = a.iter().map(|x| x * x).sum();
    if n > 0.0 {
        (d / n).sqrt()
    } else if d > 0.0 {
        f64::INFINITY
    } else {
        0.0
    }
}

/// Nearest-rank percentile of unsorted numbers (`q` in 0..=1).
pub fn percentile(xs: &[f64], q: f64) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    let mut v = xs.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let rank = (q * v.len() as f64).ceil().max(1.0) as usize;
    v[rank.min(v.len()) - 1]
}

/// Tokens as text when the vocabulary is bytes: printable ASCII as is,
/// `\n`, `\t`, `\\`, other bytes as `\xNN`.
pub fn bytes_text(tokens: &[i64]) -> String {
    let mut s = String::new();
    for &t in tokens {
        match t {
            0x0a => s.push_str("\\n"),
            0x09 => s.push_str("\\t"),
            0x5c => s.push_str("\\\\"),
            0x20..=0x7e => s.push(t as u8 as char),
            0..=255 => s.push_str(&format!("\\x{t:02x}")),
            _ => s.push('?'),
        }
    }
    s
}

/// Logits rows `[K, V]` as rows.
fn rows(logits: &[f64], vocab: usize) -> Vec<&[f64]> {
    logits.chunks(vocab.max(1)).collect()
}

/// What one program's rollout run returned.
pub struct Run<'a> {
    /// The argmax of every call, `[K]`.
    pub tokens: &'a [i64],
    /// The logits of every call, `[K * V]`.
    pub logits: &'a [f64],
}

/// The rollout report: the prompt was fed in calls `0..P`, the generated
/// token `k` is the argmax of call `P - 1 + k`.
pub fn rollout(prompt: &[i64], steps: usize, vocab: usize, a: &Run, b: &Run) -> RolloutReport {
    let p = prompt.len().max(1);
    let gen = |r: &Run| -> Vec<i64> { r.tokens.iter().skip(p - 1).take(steps).copied().collect() };
    let (ga, gb) = (gen(a), gen(b));
    let first = ga.iter().zip(&gb).position(|(x, y)| x != y);
    let equal = ga.iter().zip(&gb).filter(|(x, y)| x == y).count();
    let (ra, rb) = (rows(a.logits, vocab), rows(b.logits, vocab));
    let mut per_step = Vec::new();
    let mut divergence = None;
    for k in 0..ga.len().min(gb.len()) {
        let (Some(x), Some(y)) = (ra.get(p - 1 + k), rb.get(p - 1 + k)) else {
            break;
        };
        let (tx, ty) = (top2(x), top2(y));
        if first == Some(k) {
            divergence = Some(Divergence {
                step: k,
                orig: tx.clone(),
                new: ty.clone(),
            });
        }
        per_step.push(StepMetrics {
            step: k,
            orig_token: ga[k],
            new_token: gb[k],
            same_history: first.is_none_or(|f| k <= f),
            kl: kl(&log_softmax(x), &log_softmax(y)),
            rel_l2: rel_l2(x, y),
            orig_margin: tx.margin,
            new_margin: ty.margin,
        });
    }
    let text = |t: &[i64]| (vocab == 256).then(|| bytes_text(t));
    RolloutReport {
        steps,
        prompt: prompt.to_vec(),
        tokens_equal: if steps == 0 {
            1.0
        } else {
            equal as f64 / steps as f64
        },
        first_divergence: first,
        prompt_text: text(prompt),
        orig_text: text(&ga),
        new_text: text(&gb),
        orig_tokens: ga,
        new_tokens: gb,
        divergence,
        per_step,
    }
}

/// The teacher-forced report: call `i` was fed `tokens[i]`, its logits
/// are scored against `tokens[i + 1]`.
pub fn evaluate(tokens: &[i64], vocab: usize, a: &[f64], b: &[f64]) -> EvalReport {
    evaluate_targets(tokens.get(1..).unwrap_or(&[]), vocab, a, b)
}

/// The teacher-forced report: logits row `i` is scored against `targets[i]`.
pub fn evaluate_targets(targets: &[i64], vocab: usize, a: &[f64], b: &[f64]) -> EvalReport {
    let (ra, rb) = (rows(a, vocab), rows(b, vocab));
    let n = targets.len().min(ra.len()).min(rb.len());
    let (mut klds, mut same, mut nll_a, mut nll_b) = (Vec::with_capacity(n), 0usize, 0.0, 0.0);
    for i in 0..n {
        let (la, lb) = (log_softmax(ra[i]), log_softmax(rb[i]));
        klds.push(kl(&la, &lb));
        if top2(ra[i]).first.0 == top2(rb[i]).first.0 {
            same += 1;
        }
        let t = targets[i];
        let at = |l: &[f64]| {
            usize::try_from(t)
                .ok()
                .and_then(|t| l.get(t).copied())
                .unwrap_or(f64::NEG_INFINITY)
        };
        nll_a -= at(&la);
        nll_b -= at(&lb);
    }
    let nf = n.max(1) as f64;
    let (nll_orig, nll_new) = (nll_a / nf, nll_b / nf);
    let mean = klds.iter().sum::<f64>() / nf;
    EvalReport {
        positions: n,
        kld_mean: mean,
        kld_median: crate::bench::median(&klds),
        kld_p99: percentile(&klds, 0.99),
        kld_max: klds.iter().copied().fold(0.0, f64::max),
        same_top1: same as f64 / nf,
        nll_orig,
        nll_new,
        ppl_orig: nll_orig.exp(),
        ppl_new: nll_new.exp(),
        ppl_ratio: (nll_new - nll_orig).exp(),
        kld: klds,
    }
}

impl RolloutReport {
    /// Gate values: `tokens_equal`, `first_divergence` (N when none).
    pub fn gate_values(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("tokens_equal", self.tokens_equal),
            (
                "first_divergence",
                self.first_divergence.unwrap_or(self.steps) as f64,
            ),
        ]
    }
}

impl EvalReport {
    /// Gate values: `kld_mean`, `kld_p99`, `same_top1`, `ppl_ratio`.
    pub fn gate_values(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("kld_mean", self.kld_mean),
            ("kld_p99", self.kld_p99),
            ("same_top1", self.same_top1),
            ("ppl_ratio", self.ppl_ratio),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kl_and_nll_by_hand() {
        // Two positions, vocabulary 2. Position 0: P = softmax(0, ln 3) =
        // (1/4, 3/4); Q = softmax(0, 0) = (1/2, 1/2). KL = 1/4 ln(1/2) +
        // 3/4 ln(3/2). Position 1: identical rows, KL 0.
        let l3 = 3f64.ln();
        let a = [0.0, l3, 0.0, 0.0];
        let b = [0.0, 0.0, 0.0, 0.0];
        let tokens = [0, 1, 0];
        let r = evaluate(&tokens, 2, &a, &b);
        let kl0 = 0.25 * 0.5f64.ln() + 0.75 * 1.5f64.ln();
        assert_eq!(r.positions, 2);
        assert!((r.kld[0] - kl0).abs() < 1e-12, "{}", r.kld[0]);
        assert!(r.kld[1].abs() < 1e-15);
        assert!((r.kld_mean - kl0 / 2.0).abs() < 1e-12);
        assert!((r.kld_max - kl0).abs() < 1e-12);
        assert!((r.kld_p99 - kl0).abs() < 1e-12);
        // Targets: token 1 after position 0, token 0 after position 1.
        // Original: -ln(3/4) and -ln(1/2); rewritten: -ln(1/2) twice.
        let nll_o = (-(0.75f64.ln()) - 0.5f64.ln()) / 2.0;
        let nll_n = -(0.5f64.ln());
        assert!((r.nll_orig - nll_o).abs() < 1e-12);
        assert!((r.nll_new - nll_n).abs() < 1e-12);
        assert!((r.ppl_orig - nll_o.exp()).abs() < 1e-12);
        assert!((r.ppl_ratio - (nll_n - nll_o).exp()).abs() < 1e-12);
        // Argmax: row 0 of a is 1, of b is 0 (tie to the lower index);
        // row 1 both 0.
        assert_eq!(r.same_top1, 0.5);
    }

    #[test]
    fn streams_and_first_divergence() {
        // Prompt of 2 tokens, 3 steps: 4 calls; generated = calls 1..4.
        let la = [0.0, 1.0, 0.0, 2.0, 0.0, 3.0, 1.0, 0.0];
        let lb = [0.0, 1.0, 0.0, 2.0, 1.0, 0.5, 0.0, 1.0];
        let a = Run {
            tokens: &[1, 1, 1, 0],
            logits: &la,
        };
        let b = Run {
            tokens: &[1, 1, 0, 1],
            logits: &lb,
        };
        let r = rollout(&[7, 8], 3, 2, &a, &b);
        assert_eq!(r.orig_tokens, vec![1, 1, 0]);
        assert_eq!(r.new_tokens, vec![1, 0, 1]);
        assert_eq!(r.first_divergence, Some(1));
        assert!((r.tokens_equal - 1.0 / 3.0).abs() < 1e-12);
        let d = r.divergence.as_ref().expect("divergence");
        assert_eq!(d.step, 1);
        assert_eq!(d.orig.margin, 3.0);
        assert_eq!(d.new.margin, 0.5);
        assert!(r.per_step[1].same_history && !r.per_step[2].same_history);
        assert_eq!(r.per_step[0].kl, 0.0);
        assert_eq!(
            r.gate_values(),
            vec![("tokens_equal", 1.0 / 3.0), ("first_divergence", 1.0)]
        );
    }

    #[test]
    fn bytes_are_escaped() {
        assert_eq!(bytes_text(&[72, 105, 10, 0, 92]), "Hi\\n\\x00\\\\");
        assert_eq!(percentile(&[3.0, 1.0, 2.0], 0.99), 3.0);
        assert_eq!(percentile(&[3.0, 1.0, 2.0], 0.5), 2.0);
    }
}
