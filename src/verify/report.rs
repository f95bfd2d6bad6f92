//! Precision diff reports: JSON (the schema in ../shared/CONTRACT.md and
//! docs/verify.md), Markdown, self-contained HTML, and a terminal table.

use std::fmt::Write;

use serde::Serialize;

use super::gate::Check;
use super::metrics::OutputMetrics;
use super::tokens::{EvalReport, RolloutReport};

/// The error at one rewritten op (`--per-op`).
#[derive(Clone, Debug, Serialize)]
pub struct OpError {
    /// Position in graph order.
    pub order: usize,
    /// The op's name.
    pub op: String,
    /// Its location text.
    pub loc: String,
    /// The weight argument it reads, by its location name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<String>,
    /// Its source line (`file:line`), `#loc` aliases resolved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// rel_l2 of its result, rewritten vs original.
    pub rel_l2: f64,
    /// max |a - b| of its result.
    pub max_abs: f64,
}

impl OpError {
    /// What a user recognises: `p['layers'][0]['wq'] at file.py:213`, else the location.
    pub fn name(&self) -> String {
        match (&self.weight, &self.source) {
            (Some(w), Some(src)) => format!("{w} at {src}"),
            (Some(w), None) => w.clone(),
            (None, Some(src)) => src.clone(),
            (None, None) => self.loc.clone(),
        }
    }
}

/// Everything a verify run measured.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Whether every gate clause held.
    pub passed: bool,
    /// The gate, as given.
    pub gate: String,
    /// Each clause on each output.
    pub checks: Vec<Check>,
    /// The original program.
    pub original: String,
    /// The rewritten program (or the passes that made it).
    pub rewritten: String,
    /// Where it ran.
    pub target: String,
    /// The seed of random inputs, if random.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Metrics of every output.
    pub outputs: Vec<OutputMetrics>,
    /// Per-op errors in graph order (`--per-op`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub per_op: Vec<OpError>,
    /// The decode-step convention used (token-level checks).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decode: Option<String>,
    /// Greedy streams of both programs (`--steps`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rollout: Option<RolloutReport>,
    /// Teacher-forced evaluation (`--eval-tokens`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eval: Option<EvalReport>,
}

fn fmt(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if x.abs() >= 1e-3 && x.abs() < 1e4 {
        format!("{x:.4}")
    } else {
        format!("{x:.3e}")
    }
}

fn opt(x: Option<f64>) -> String {
    x.map(fmt).unwrap_or_else(|| "-".into())
}

impl Report {
    /// JSON, pretty-printed.
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    fn rows(&self) -> Vec<[String; 9]> {
        self.outputs
            .iter()
            .map(|o| {
                [
                    o.index.to_string(),
                    format!("{:?} {}→{}", o.shape, o.dtype, o.dtype_rewritten),
                    fmt(o.rel_l2),
                    fmt(o.max_abs),
                    fmt(o.cosine),
                    opt(o.top1),
                    opt(o.top5),
                    opt(o.kl),
                    format!("{}/{}", o.nan_rewritten, o.inf_rewritten),
                ]
            })
            .collect()
    }

    const HEAD: [&'static str; 9] = [
        "out", "shape", "rel_l2", "max_abs", "cosine", "top1", "top5", "kl", "nan/inf",
    ];

    /// A short table for the terminal.
    pub fn terminal(&self) -> String {
        let rows = self.rows();
        let mut widths: Vec<usize> = Self::HEAD.iter().map(|h| h.len()).collect();
        for r in &rows {
            for (w, c) in widths.iter_mut().zip(r) {
                *w = (*w).max(c.chars().count());
            }
        }
        let line = |cells: Vec<&str>| -> String {
            cells
                .iter()
                .zip(&widths)
                .map(|(c, w)| format!("{c:<w$}"))
                .collect::<Vec<_>>()
                .join("  ")
        };
        let mut s = line(Self::HEAD.to_vec()) + "\n";
        for r in &rows {
            s += &line(r.iter().map(String::as_str).collect());
            s.push('\n');
        }
        for op in self.per_op.iter().take(10) {
            let _ = writeln!(
                s,
                "op #{:<4} {:<28} rel_l2 {:<10} {}",
                op.order,
                op.op,
                fmt(op.rel_l2),
                op.name()
            );
        }
        if let Some(r) = &self.rollout {
            s += &rollout_terminal(r);
        }
        if let Some(e) = &self.eval {
            let _ = writeln!(
                s,
                "eval over {} positions: kld mean {} median {} p99 {} max {}; same top-1 {}; ppl {} -> {} (ratio {})",
                e.positions,
                fmt(e.kld_mean),
                fmt(e.kld_median),
                fmt(e.kld_p99),
                fmt(e.kld_max),
                fmt(e.same_top1),
                fmt(e.ppl_orig),
                fmt(e.ppl_new),
                fmt(e.ppl_ratio)
            );
        }
        let failed: Vec<&Check> = self.checks.iter().filter(|c| !c.holds).collect();
        let _ = writeln!(
            s,
            "gate {}: {}",
            if self.gate.is_empty() {
                "(none)"
            } else {
                &self.gate
            },
            if self.passed {
                "holds".to_string()
            } else {
                format!(
                    "FAILS ({}){}",
                    failed
                        .iter()
                        .map(|c| {
                            let token_level = super::gate::TOKEN_METRIC_NAMES
                                .iter()
                                .any(|m| c.clause.starts_with(m));
                            if token_level {
                                format!("{} = {}", c.clause, fmt(c.value))
                            } else {
                                format!("out{} {} = {}", c.output, c.clause, fmt(c.value))
                            }
                        })
                        .collect::<Vec<_>>()
                        .join("; "),
                    self.rollout
                        .as_ref()
                        .and_then(|r| r.divergence.as_ref())
                        .map(|d| format!(
                            "; the streams part at generated step {} (original {} margin {}, rewritten {} margin {})",
                            d.step,
                            d.orig.first.0,
                            fmt(d.orig.margin),
                            d.new.first.0,
                            fmt(d.new.margin)
                        ))
                        .unwrap_or_default()
                )
            }
        );
        s
    }

    /// A Markdown report.
    pub fn markdown(&self) -> String {
        let mut s = format!(
            "# Precision diff\n\n- original: `{}`\n- rewritten: `{}`\n- target: {}\n- gate: `{}` — **{}**\n\n",
            self.original,
            self.rewritten,
            self.target,
            self.gate,
            if self.passed { "holds" } else { "fails" }
        );
        s += &format!(
            "| {} |\n|{}|\n",
            Self::HEAD.join(" | "),
            "---|".repeat(Self::HEAD.len())
        );
        for r in self.rows() {
            s += &format!("| {} |\n", r.join(" | "));
        }
        if !self.per_op.is_empty() {
            s += "\n## Error per rewritten op (graph order)\n\n| # | op | reads | source | rel_l2 | max_abs |\n|---|---|---|---|---|---|\n";
            for o in &self.per_op {
                s += &format!(
                    "| {} | {} | `{}` | `{}` | {} | {} |\n",
                    o.order,
                    o.op,
                    o.weight.as_deref().unwrap_or("-"),
                    o.source.as_deref().unwrap_or(&o.loc),
                    fmt(o.rel_l2),
                    fmt(o.max_abs)
                );
            }
        }
        if let Some(d) = &self.decode {
            s += &format!("\n{d}\n");
        }
        if let Some(r) = &self.rollout {
            s += &rollout_markdown(r);
        }
        if let Some(e) = &self.eval {
            s += &eval_markdown(e);
        }
        if !self.checks.is_empty() {
            s += "\n## Gate\n\n| clause | output | value | holds |\n|---|---|---|---|\n";
            for c in &self.checks {
                s += &format!(
                    "| `{}` | {} | {} | {} |\n",
                    c.clause,
                    c.output,
                    fmt(c.value),
                    if c.holds { "yes" } else { "**no**" }
                );
            }
        }
        s
    }

    /// A self-contained HTML page with inline SVG charts (no scripts, no network).
    pub fn html(&self) -> String {
        let esc = |t: &str| {
            t.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        };
        let mut s = String::from(
            "<!doctype html><html><head><meta charset=\"utf-8\"><title>hlo-opt precision diff</title><style>\
             body{font:14px system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse}\
             td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}th{background:#f4f4f4}\
             .pass{color:#070}.fail{color:#b00;font-weight:bold}svg{background:#fafafa;border:1px solid #ddd}\
             </style></head><body>",
        );
        let _ = write!(
            s,
            "<h1>Precision diff</h1><p>original <code>{}</code><br>rewritten <code>{}</code><br>target {}<br>gate <code>{}</code>: <span class=\"{}\">{}</span></p>",
            esc(&self.original),
            esc(&self.rewritten),
            esc(&self.target),
            esc(&self.gate),
            if self.passed { "pass" } else { "fail" },
            if self.passed { "holds" } else { "fails" }
        );
        s += "<table><tr>";
        for h in Self::HEAD {
            let _ = write!(s, "<th>{h}</th>");
        }
        s += "</tr>";
        for r in self.rows() {
            s += "<tr>";
            for c in r {
                let _ = write!(s, "<td>{}</td>", esc(&c));
            }
            s += "</tr>";
        }
        s += "</table><h2>Error histograms</h2><p>Elements per decade of |original − rewritten| (exact matches in the first bar).</p>";
        for o in &self.outputs {
            let _ = write!(
                s,
                "<h3>output {}</h3>{}",
                o.index,
                histogram_svg(&o.error_histogram)
            );
        }
        if !self.per_op.is_empty() {
            s += "<h2>Error per rewritten op, in graph order</h2>";
            s += &per_op_svg(&self.per_op);
            s += "<table><tr><th>#</th><th>op</th><th>reads</th><th>source</th><th>rel_l2</th><th>max_abs</th></tr>";
            for o in &self.per_op {
                let _ = write!(
                    s,
                    "<tr><td>{}</td><td>{}</td><td style=\"text-align:left\"><code>{}</code></td><td style=\"text-align:left\"><code title=\"{}\">{}</code></td><td>{}</td><td>{}</td></tr>",
                    o.order,
                    esc(&o.op),
                    esc(o.weight.as_deref().unwrap_or("-")),
                    esc(&o.loc).replace('"', "&quot;"),
                    esc(o.source.as_deref().unwrap_or(&o.loc)),
                    fmt(o.rel_l2),
                    fmt(o.max_abs)
                );
            }
            s += "</table>";
        }
        if let Some(r) = &self.rollout {
            s += &rollout_html(r, &self.decode);
        }
        if let Some(e) = &self.eval {
            s += &eval_html(e);
        }
        s += "</body></html>\n";
        s
    }
}

fn esc_html(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Tokens as text (byte vocabulary) or as numbers.
fn stream(tokens: &[i64], text: &Option<String>) -> String {
    match text {
        Some(t) => t.clone(),
        None => tokens
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    }
}

fn divergence_line(r: &RolloutReport) -> String {
    match &r.divergence {
        None => format!("identical over {} steps", r.steps),
        Some(d) => format!(
            "first divergence at generated step {}: original {} (top-2 {} / {}, margin {}), rewritten {} (top-2 {} / {}, margin {})",
            d.step,
            d.orig.first.0,
            d.orig.first.0,
            d.orig.second.0,
            fmt(d.orig.margin),
            d.new.first.0,
            d.new.first.0,
            d.new.second.0,
            fmt(d.new.margin)
        ),
    }
}

fn rollout_terminal(r: &RolloutReport) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "rollout: prompt {}, {} steps, tokens equal {}; {}",
        stream(&r.prompt, &r.prompt_text),
        r.steps,
        fmt(r.tokens_equal),
        divergence_line(r)
    );
    let _ = writeln!(s, "  original : {}", stream(&r.orig_tokens, &r.orig_text));
    let _ = writeln!(s, "  rewritten: {}", stream(&r.new_tokens, &r.new_text));
    s
}

/// One cell per generated token, the first divergence in bold (Markdown).
fn rollout_markdown(r: &RolloutReport) -> String {
    let mut s = format!(
        "\n## Greedy rollout\n\nprompt `{}`, {} steps, tokens equal {}; {}\n\n",
        stream(&r.prompt, &r.prompt_text),
        r.steps,
        fmt(r.tokens_equal),
        divergence_line(r)
    );
    if let (Some(a), Some(b)) = (&r.orig_text, &r.new_text) {
        s += &format!("- original: `{a}`\n- rewritten: `{b}`\n\n");
    }
    s += "| step | original | rewritten | kl | rel_l2 | margin orig | margin new |\n|---|---|---|---|---|---|---|\n";
    for m in &r.per_step {
        let mark = if r.first_divergence == Some(m.step) {
            "**"
        } else {
            ""
        };
        let tok = |t: i64| {
            if r.orig_text.is_some() {
                format!(
                    "{t} `{}`",
                    super::tokens::bytes_text(&[t]).replace('`', "\\`")
                )
            } else {
                t.to_string()
            }
        };
        s += &format!(
            "| {mark}{}{mark} | {mark}{}{mark} | {mark}{}{mark} | {} | {} | {} | {} |\n",
            m.step,
            tok(m.orig_token),
            tok(m.new_token),
            fmt(m.kl),
            fmt(m.rel_l2),
            fmt(m.orig_margin),
            fmt(m.new_margin)
        );
    }
    s
}

fn eval_markdown(e: &EvalReport) -> String {
    format!(
        "\n## Teacher-forced evaluation\n\n| positions | kld mean | kld median | kld p99 | kld max | same top-1 | nll orig | nll new | ppl orig | ppl new | ppl ratio |\n|---|---|---|---|---|---|---|---|---|---|---|\n| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
        e.positions,
        fmt(e.kld_mean),
        fmt(e.kld_median),
        fmt(e.kld_p99),
        fmt(e.kld_max),
        fmt(e.same_top1),
        fmt(e.nll_orig),
        fmt(e.nll_new),
        fmt(e.ppl_orig),
        fmt(e.ppl_new),
        fmt(e.ppl_ratio)
    )
}

/// The two streams side by side, token by token, the first divergence
/// marked; per-step KL as a plot.
fn rollout_html(r: &RolloutReport, decode: &Option<String>) -> String {
    let mut s = String::from("<h2>Greedy rollout</h2>");
    if let Some(d) = decode {
        let _ = write!(s, "<p><code>{}</code></p>", esc_html(d));
    }
    let _ = write!(
        s,
        "<p>prompt <code>{}</code>, {} steps, tokens equal {}; {}</p>",
        esc_html(&stream(&r.prompt, &r.prompt_text)),
        r.steps,
        fmt(r.tokens_equal),
        esc_html(&divergence_line(r))
    );
    s += "<style>.tok{font:13px monospace;white-space:pre;padding:1px 2px;border:1px solid #eee}.div{background:#fdd;border-color:#b00;font-weight:bold}.after{color:#888}</style>";
    s += "<table><tr><th>program</th><th style=\"text-align:left\">generated tokens</th></tr>";
    for (name, toks) in [("original", &r.orig_tokens), ("rewritten", &r.new_tokens)] {
        let _ = write!(s, "<tr><td>{name}</td><td style=\"text-align:left\">");
        for (k, &t) in toks.iter().enumerate() {
            let class = match r.first_divergence {
                Some(f) if k == f => "tok div",
                Some(f) if k > f => "tok after",
                _ => "tok",
            };
            let shown = if r.orig_text.is_some() {
                super::tokens::bytes_text(&[t])
            } else {
                format!("{t} ")
            };
            let _ = write!(
                s,
                "<span class=\"{class}\" title=\"step {k}: token {t}\">{}</span>",
                esc_html(&shown)
            );
        }
        s += "</td></tr>";
    }
    s += "</table>";
    let kl: Vec<f64> = r.per_step.iter().map(|m| m.kl).collect();
    s += "<h3>KL(original ‖ rewritten) per generated step</h3>";
    s += &line_svg(&kl, r.first_divergence);
    s
}

fn eval_html(e: &EvalReport) -> String {
    let mut s = String::from("<h2>Teacher-forced evaluation</h2>");
    s += &eval_markdown(e)
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("|---"))
        .enumerate()
        .fold(String::from("<table>"), |mut acc, (i, l)| {
            let cell = if i == 0 { "th" } else { "td" };
            acc += "<tr>";
            for c in l.trim_matches('|').split('|') {
                let _ = write!(acc, "<{cell}>{}</{cell}>", esc_html(c.trim()));
            }
            acc += "</tr>";
            acc
        });
    s += "</table><h3>KL(original ‖ rewritten) per position</h3>";
    s += &line_svg(&e.kld, None);
    s
}

/// A line plot of non-negative values (linear scale), with an optional
/// marked index.
fn line_svg(values: &[f64], mark: Option<usize>) -> String {
    let (w, h, pad) = (700.0, 180.0, 40.0);
    let max = values
        .iter()
        .copied()
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max);
    let top = if max > 0.0 { max } else { 1.0 };
    let n = values.len().max(2) as f64;
    let x = |i: usize| pad + (w - 2.0 * pad) * i as f64 / (n - 1.0);
    let y = |v: f64| h - pad - (h - 2.0 * pad) * (v.min(top) / top);
    let mut s = format!("<svg width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" xmlns=\"http://www.w3.org/2000/svg\">");
    let pts: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| format!("{:.1},{:.1}", x(i), y(if v.is_finite() { v } else { top })))
        .collect();
    let _ = write!(
        s,
        "<polyline fill=\"none\" stroke=\"#4a7fc1\" stroke-width=\"1.5\" points=\"{}\"/>",
        pts.join(" ")
    );
    for (i, &v) in values.iter().enumerate() {
        let _ = write!(
            s,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2\" fill=\"#4a7fc1\"><title>{i}: {v:.3e}</title></circle>",
            x(i),
            y(if v.is_finite() { v } else { top })
        );
    }
    if let Some(m) = mark {
        let _ = write!(
            s,
            "<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{pad}\" y2=\"{1:.1}\" stroke=\"#b00\" stroke-dasharray=\"4 3\"/><text x=\"{0:.1}\" y=\"{2:.1}\" font-size=\"10\" fill=\"#b00\" text-anchor=\"middle\">first divergence</text>",
            x(m),
            h - pad,
            pad - 6.0
        );
    }
    let _ = write!(
        s,
        "<text x=\"4\" y=\"{:.1}\" font-size=\"10\">{}</text><text x=\"4\" y=\"{:.1}\" font-size=\"10\">0</text><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"end\">{}</text></svg>",
        pad,
        fmt(top),
        h - pad,
        w - pad,
        h - pad + 14.0,
        values.len().saturating_sub(1)
    );
    s
}

fn histogram_svg(bins: &[u64]) -> String {
    let (w, h, pad) = (600.0, 160.0, 30.0);
    let max = bins.iter().copied().max().unwrap_or(1).max(1) as f64;
    let bw = (w - 2.0 * pad) / bins.len().max(1) as f64;
    let mut s = format!("<svg width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" xmlns=\"http://www.w3.org/2000/svg\">");
    for (i, &b) in bins.iter().enumerate() {
        let bh = (h - 2.0 * pad) * b as f64 / max;
        let x = pad + i as f64 * bw;
        let _ = write!(
            s,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"#4a7fc1\"><title>{}: {b}</title></rect>",
            h - pad - bh,
            bw - 2.0,
            if i == 0 { "≤1e-12".to_string() } else { format!("1e{}", i as i32 - 12) }
        );
        if i % 2 == 0 {
            let _ = write!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">1e{}</text>",
                x + bw / 2.0,
                h - pad + 14.0,
                i as i32 - 12
            );
        }
    }
    s + "</svg>"
}

fn per_op_svg(ops: &[OpError]) -> String {
    let (w, h, pad) = (700.0, 200.0, 40.0);
    let vals: Vec<f64> = ops.iter().map(|o| o.rel_l2.max(1e-12).log10()).collect();
    // Log scale from a decade below the smallest error to above the largest.
    let lo = vals.iter().copied().fold(0.0f64, f64::min).floor() - 1.0;
    let hi = vals
        .iter()
        .copied()
        .fold(lo + 1.0, f64::max)
        .ceil()
        .max(lo + 1.0);
    let bw = (w - 2.0 * pad) / ops.len().max(1) as f64;
    let mut s = format!("<svg width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" xmlns=\"http://www.w3.org/2000/svg\">");
    for (i, (o, v)) in ops.iter().zip(&vals).enumerate() {
        let bh = (h - 2.0 * pad) * (v - lo) / (hi - lo);
        let _ = write!(
            s,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"#c1574a\"><title>#{} {} rel_l2 {:.3e}</title></rect>",
            pad + i as f64 * bw,
            h - pad - bh,
            (bw - 1.0).max(1.0),
            o.order,
            o.name().replace('&', "&amp;").replace('<', "&lt;"),
            o.rel_l2
        );
    }
    let _ = write!(
        s,
        "<text x=\"4\" y=\"{:.1}\" font-size=\"10\">1e{hi}</text><text x=\"4\" y=\"{:.1}\" font-size=\"10\">1e{lo}</text></svg>",
        pad,
        h - pad
    );
    s
}
