//! Precision diff reports: JSON (the schema in ../shared/CONTRACT.md and
//! docs/verify.md), Markdown, self-contained HTML, and a terminal table.

use std::fmt::Write;

use serde::Serialize;

use super::gate::Check;
use super::metrics::OutputMetrics;

/// The error at one rewritten op (`--per-op`).
#[derive(Clone, Debug, Serialize)]
pub struct OpError {
    /// Position in graph order.
    pub order: usize,
    /// The op's name.
    pub op: String,
    /// Its location text.
    pub loc: String,
    /// rel_l2 of its result, rewritten vs original.
    pub rel_l2: f64,
    /// max |a - b| of its result.
    pub max_abs: f64,
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
                op.loc
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
                    "FAILS ({})",
                    failed
                        .iter()
                        .map(|c| format!("out{} {} = {}", c.output, c.clause, fmt(c.value)))
                        .collect::<Vec<_>>()
                        .join("; ")
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
            s += "\n## Error per rewritten op (graph order)\n\n| # | op | location | rel_l2 | max_abs |\n|---|---|---|---|---|\n";
            for o in &self.per_op {
                s += &format!(
                    "| {} | {} | `{}` | {} | {} |\n",
                    o.order,
                    o.op,
                    o.loc,
                    fmt(o.rel_l2),
                    fmt(o.max_abs)
                );
            }
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
            s += "<table><tr><th>#</th><th>op</th><th>location</th><th>rel_l2</th><th>max_abs</th></tr>";
            for o in &self.per_op {
                let _ = write!(
                    s,
                    "<tr><td>{}</td><td>{}</td><td style=\"text-align:left\"><code>{}</code></td><td>{}</td><td>{}</td></tr>",
                    o.order,
                    esc(&o.op),
                    esc(&o.loc),
                    fmt(o.rel_l2),
                    fmt(o.max_abs)
                );
            }
            s += "</table>";
        }
        s += "</body></html>\n";
        s
    }
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
            o.loc.replace('<', "&lt;").replace('&', "&amp;"),
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
