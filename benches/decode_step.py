#!/usr/bin/env python3
"""Decode-step benchmark: every precision/layout pipeline against f32, on IREE.

Runs `hlo-opt bench` (iree-benchmark-module, the baseline and the rewritten
program interleaved A B A B ..., medians) once per row below and prints one
Markdown table: the baseline's and the rewritten program's ms per call, the
speedup, and the argument bytes. Each row's baseline is measured in the same
run as its rewritten program: the f32 graph as exported, or that graph after
`--baseline-pass` passes (to see what one lever adds on top of another).
Usage:

  python3 benches/decode_step.py [--rounds 7] [--min-time 1] [--only SUBSTRING]
      [--model testdata/jax/bench_llama_d1024.mlir]
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PANELS = "weight-layout{order=panels}"

# (label, baseline passes, rewritten passes)
ROWS = [
    ("f16-matmul", [], ["f16-matmul"]),
    ("weight-layout (contracting-first) + int8-weights", [], ["weight-layout", "int8-weights"]),
    ("panels (f32)", [], [PANELS]),
    ("panels + f16-matmul (preset cpu)", [], [PANELS, "f16-matmul"]),
    ("panels + int8-weights", [], [PANELS, "int8-weights"]),
    ("panels + int8-weights{activations=int8} (preset cpu-int8)", [],
     [PANELS, "int8-weights{activations=int8}"]),
    ("vs panels: panels + f16-matmul", [PANELS], [PANELS, "f16-matmul"]),
    ("vs panels: panels + int8-weights", [PANELS], [PANELS, "int8-weights"]),
    ("vs panels: panels + int8-weights{activations=int8}", [PANELS],
     [PANELS, "int8-weights{activations=int8}"]),
    ("4-bit: int8-weights{bits=4} + fuse-dequant (plain group-split)", [],
     ["int8-weights{bits=4}", "fuse-dequant"]),
    ("4-bit: + fuse-dequant{panel-width=32} (f32 activations)", [],
     ["int8-weights{bits=4}", "fuse-dequant{panel-width=32}"]),
    ("4-bit: fit=mse + fuse-dequant{panel-width=32} (preset cpu-int4)", [],
     ["int8-weights{bits=4,fit=mse}", "fuse-dequant{panel-width=32}"]),
    ("4-bit: fit=mse + fuse-dequant{panel-width=16,activations=int8}", [],
     ["int8-weights{bits=4,fit=mse}", "fuse-dequant{panel-width=16,activations=int8}"]),
    ("4-bit: the earlier cpu-int4 (weight-layout, ui4 nibbles, plain group-split, int8 activations)", [],
     ["weight-layout", "int8-weights{bits=4,storage=nibbles}", "fuse-dequant{activations=int8}"]),
]


def hlo_opt():
    exe = os.path.join(ROOT, "target", "release", "hlo-opt")
    if not os.path.isfile(exe):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    return exe


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def bench(exe, model, baseline, passes, rounds, min_time):
    cmd = [exe, "bench", model, "--rounds", str(rounds), "--min-time", str(min_time)]
    for p in baseline:
        cmd += ["--baseline-pass", p]
    for p in passes:
        cmd += ["--pass", p]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{out.stderr}")
    rows = {}
    for line in out.stdout.splitlines():
        m = re.match(r"\| (original|rewritten) \| ([\d.]+) \| \d+ \| (\d+) \| (\d+) \|", line)
        if m:
            rows[m.group(1)] = (float(m.group(2)), int(m.group(3)), int(m.group(4)))
    if set(rows) != {"original", "rewritten"}:
        sys.exit(f"unexpected output of {' '.join(cmd)}:\n{out.stdout}")
    return rows["original"], rows["rewritten"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="testdata/jax/bench_llama_d1024.mlir")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--min-time", type=float, default=1.0)
    ap.add_argument("--only", default="", help="run only rows whose label contains this")
    args = ap.parse_args()
    exe = hlo_opt()
    print(f"model {args.model}; {cpu_name()}, {os.cpu_count()} CPUs; "
          f"--rounds {args.rounds} --min-time {args.min_time}\n")
    print("| rewritten | baseline | baseline ms | rewritten ms | speedup | argument MB baseline -> rewritten |")
    print("|---|---|---|---|---|---|")
    for label, baseline, passes in ROWS:
        if args.only not in label:
            continue
        (b_ms, _, b_args), (r_ms, _, r_args) = bench(
            exe, args.model, baseline, passes, args.rounds, args.min_time)
        base = " + ".join(baseline) if baseline else "f32 as exported"
        print(f"| {label} | {base} | {b_ms:.2f} | {r_ms:.2f} | **{b_ms / r_ms:.2f}x** | "
              f"{b_args / 1e6:.1f} -> {r_args / 1e6:.1f} |", flush=True)


if __name__ == "__main__":
    main()
