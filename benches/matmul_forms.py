#!/usr/bin/env python3
"""One decode-step matmul, `[M, 4096] x [4096, 4096]`, in every storage form.

Writes each form as StableHLO (the panel forms are made by hlo-opt's own
`weight-layout{order=panels}` and `int8-weights` passes, so this measures
what the passes emit), compiles it for IREE llvm-cpu, and times it with
iree-benchmark-module, all forms of a row group interleaved over `--reps`
runs (medians). Every time is also printed as a ratio to the f32 `[K, N]`
form measured in the same run. Needs IREE and numpy in .venv
(scripts/setup-iree.sh). Usage:

  .venv/bin/python benches/matmul_forms.py [--reps 3] [--device local-task] [--work bench-out/matmul]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
K = N = 4096


def tool(name):
    d = os.environ.get("IREE_BIN")
    if d and os.path.isfile(os.path.join(d, name)):
        return os.path.join(d, name)
    for d in os.environ.get("PATH", "").split(os.pathsep):
        p = os.path.join(d, name)
        if os.path.isfile(p):
            return p
    p = os.path.join(ROOT, ".venv", "bin", name)
    if os.path.isfile(p):
        return p
    sys.exit(f"{name} not found: run scripts/setup-iree.sh")


def hlo_opt():
    exe = os.path.join(ROOT, "target", "release", "hlo-opt")
    if not os.path.isfile(exe):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    return exe


def plain(m, elem, acc, x_elem):
    """`x [M, K] . W [K, N]`, W of type `elem` (converted to the dot's input
    type when that differs), result `acc`."""
    dot_in = x_elem
    lines = [f"func.func public @main(%x: tensor<{m}x{K}x{x_elem}>, %w: tensor<{K}x{N}x{elem}>) -> tensor<{m}x{N}x{acc}> {{"]
    w = "%w"
    if elem != dot_in:
        lines.append(f"  %wc = stablehlo.convert %w : (tensor<{K}x{N}x{elem}>) -> tensor<{K}x{N}x{dot_in}>")
        w = "%wc"
    lines.append(f"  %0 = stablehlo.dot_general %x, {w}, contracting_dims = [1] x [0] : "
                 f"(tensor<{m}x{K}x{x_elem}>, tensor<{K}x{N}x{dot_in}>) -> tensor<{m}x{N}x{acc}>")
    lines.append(f"  return %0 : tensor<{m}x{N}x{acc}>\n}}\n")
    return "\n".join(lines)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def rewrite(exe, src, dst, passes):
    cmd = [exe, src, "-o", dst]
    for p in passes:
        cmd += ["--pass", p]
    subprocess.run(cmd, check=True)
    subprocess.run([exe, "weights", "convert", dst, "--from", src + ".in", "--to", dst + ".in"],
                   check=True, capture_output=True)


def compile_(src, vmfb):
    subprocess.run([tool("iree-compile"), "--iree-hal-target-device=local",
                    "--iree-hal-local-target-device-backends=llvm-cpu",
                    "--iree-llvmcpu-target-cpu=host", src, "-o", vmfb], check=True)


def time_ms(vmfb, inputs, device):
    cmd = [tool("iree-benchmark-module"), f"--module={vmfb}", "--function=main",
           f"--device={device}", "--benchmark_min_time=1s", "--benchmark_repetitions=1"]
    cmd += [f"--input=@{p}" for p in inputs]
    out = subprocess.run(cmd, capture_output=True, text=True)
    for line in out.stdout.splitlines():
        m = re.match(r"BM_\S+\s+([\d.]+) (ms|us)", line)
        if m and "_mean" not in line and "_median" not in line:
            v = float(m.group(1))
            return v / 1000 if m.group(2) == "us" else v
    sys.exit(f"benchmark failed:\n{out.stdout}{out.stderr}")


def inputs_of(folder):
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--device", default="local-task")
    ap.add_argument("--work", default=os.path.join(ROOT, "bench-out", "matmul"))
    args = ap.parse_args()
    exe = hlo_opt()
    os.makedirs(args.work, exist_ok=True)
    rng = np.random.default_rng(0)
    w = (rng.standard_normal((K, N)) * 0.02).astype(np.float32)
    groups = []
    for m in [1, 2, 8, 16]:
        x = rng.standard_normal((m, K)).astype(np.float32)
        base = os.path.join(args.work, f"f32_m{m}.mlir")
        write(base, plain(m, "f32", "f32", "f32"))
        os.makedirs(base + ".in", exist_ok=True)
        np.save(os.path.join(base + ".in", "arg000.npy"), x)
        np.save(os.path.join(base + ".in", "arg001.npy"), w)
        forms = [("f32 [K, N]", base, [])]
        if m == 1:
            forms += [
                ("f16 weights [K, N] (f16-matmul)", None, ["f16-matmul"]),
                ("int8 weights [K, N] (int8-weights)", None, ["int8-weights"]),
                ("i8 x i8 [K, N] (int8-weights{activations=int8})", None,
                 ["int8-weights{activations=int8}"]),
            ]
            for j in [8, 16, 64]:
                panels = f"weight-layout{{order=panels,panel-width={j}}}"
                forms += [
                    (f"f32 panels J={j}", None, [panels]),
                    (f"f16 panels J={j}", None, [panels, "f16-matmul"]),
                    (f"int8 weights panels J={j}", None, [panels, "int8-weights"]),
                    (f"i8 x i8 panels J={j}", None, [panels, "int8-weights{activations=int8}"]),
                ]
        else:
            forms.append((f"f32 panels J=8", None, ["weight-layout{order=panels,max-rows=64}"]))
        made = []
        for i, (label, path, passes) in enumerate(forms):
            if path is None:
                path = os.path.join(args.work, f"form_m{m}_{i}.mlir")
                rewrite(exe, base, path, passes)
            vmfb = path.replace(".mlir", ".vmfb")
            compile_(path, vmfb)
            made.append((label, vmfb, inputs_of(path + ".in")))
        groups.append((m, made))
    print(f"[M, {K}] x [{K}, {N}] on IREE llvm-cpu ({args.device}), medians of {args.reps} "
          f"interleaved runs; ratio = f32 [K, N] time / this form's time (same run)\n")
    print("| M | form | ms | vs f32 [K, N] |")
    print("|---|---|---|---|")
    for m, made in groups:
        times = {label: [] for label, _, _ in made}
        for _ in range(args.reps):
            for label, vmfb, ins in made:
                times[label].append(time_ms(vmfb, ins, args.device))
        ref = statistics.median(times[made[0][0]])
        for label, _, _ in made:
            t = statistics.median(times[label])
            print(f"| {m} | {label} | {t:.2f} | {ref / t:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
