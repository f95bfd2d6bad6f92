#!/usr/bin/env python3
"""Token-level figures of every precision form on the trained byte model.

For each form: `hlo-opt verify` on testdata/jax/byte_lm_step.mlir with its
trained weights, a 48-token greedy rollout after the held-out prompt
(byte_lm_prompt.txt) and teacher-forced KL / top-1 / perplexity over the
held-out text (byte_lm_eval.npy, windows of 256). Prints one Markdown row per
form (docs/precision.md, "Token-level figures").

    python3 benches/token_table.py [--steps 48] [--hlo-opt target/release/hlo-opt]

Needs IREE in .venv (scripts/setup-iree.sh) and a release build.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JAX = os.path.join(ROOT, "testdata", "jax")

FORMS = [
    ("f16-matmul", ["--pass", "f16-matmul"]),
    ("bf16-matmul", ["--pass", "bf16-matmul"]),
    ("--preset cpu", ["--preset", "cpu"]),
    ("f16 (whole graph)", ["--pass", "f16"]),
    ("int8-weights (per channel)", ["--pass", "int8-weights"]),
    ("int8-weights{group-size=64}", ["--pass", "int8-weights{group-size=64}"]),
    ("--preset cpu-int8", ["--preset", "cpu-int8"]),
    ("int8-weights{bits=4} (MLX affine, group 64)", ["--pass", "int8-weights{bits=4}"]),
    ("int8-weights{bits=4,fit=mse}", ["--pass", "int8-weights{bits=4,fit=mse}"]),
    ("--preset cpu-int4", ["--preset", "cpu-int4"]),
    ("cpu-int4 with groups of 64 (the preset before 2026-12-07 evening)",
     ["--pass", "weight-layout{order=panels,panel-width=32,only=tied}",
      "--pass", "int8-weights{bits=4,fit=mse,storage=nibbles,group-size=64}",
      "--pass", "fuse-dequant{panel-width=32}"]),
    ("cpu-int4 with bits=4,fit=minmax (round to nearest)",
     ["--pass", "int8-weights{bits=4}", "--pass", "fuse-dequant{panel-width=32}"]),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=48)
    ap.add_argument("--hlo-opt", default=os.path.join(ROOT, "target", "release", "hlo-opt"))
    ap.add_argument("--only", default="",
                    help="only the forms whose label contains this text (e.g. 'bits=4')")
    args = ap.parse_args()
    with open(os.path.join(JAX, "byte_lm_prompt.txt"), "rb") as f:
        prompt = ",".join(str(b) for b in f.read())
    print("| form | greedy stream (%d tokens) | KLD mean | KLD p99 | same top-1 | ppl orig → new | Δppl | wall s |" % args.steps)
    print("|---|---|---|---|---|---|---|---|")
    for label, pipeline in FORMS:
        if args.only not in label:
            continue
        common = [args.hlo_opt, "verify", os.path.join(JAX, "byte_lm_step.mlir"), *pipeline,
                  "--inputs", os.path.join(JAX, "byte_lm_step.inputs")]
        t0 = time.time()
        # verify takes a rollout or an evaluation per run: two runs per form.
        ro = run(common + ["--steps", str(args.steps), "--prompt", prompt], "rollout")
        ev = run(common + ["--eval-tokens", os.path.join(JAX, "byte_lm_eval.npy"),
                           "--eval-window", "256"], "eval")
        wall = time.time() - t0
        if isinstance(ro, str) or isinstance(ev, str):
            print(f"| `{label}` | {ro if isinstance(ro, str) else ''} {ev if isinstance(ev, str) else ''} |||||||")
            continue
        fd = ro.get("first_divergence")
        stream = "identical" if fd is None else f"differs from step {fd}"
        po, pn = ev["ppl_orig"], ev["ppl_new"]
        print(f"| `{label}` | {stream} | {ev['kld_mean']:.1e} | {ev['kld_p99']:.1e} | "
              f"{ev['same_top1']:.3f} | {po:.3f} → {pn:.3f} | {pn - po:+.3f} | {wall:.0f} |")
        sys.stdout.flush()


def run(cmd, key):
    """Runs one verify; its report's `key` section, or the error as text."""
    with tempfile.TemporaryDirectory() as d:
        report = os.path.join(d, "r.json")
        p = subprocess.run(cmd + ["--report", report], capture_output=True, text=True)
        if not os.path.exists(report):
            tail = p.stderr.strip().splitlines()[-1:] or ["(no message)"]
            return f"verify exit {p.returncode}: {tail[0]}"
        with open(report) as f:
            return json.load(f).get(key, {})


if __name__ == "__main__":
    main()
