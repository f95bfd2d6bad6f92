#!/usr/bin/env python3
"""One decode-step matmul, `[M, 4096] x [4096, 4096]`, in every storage form.

Writes each form as StableHLO (the panel forms are made by hlo-opt's own
`weight-layout{order=panels}` and `int8-weights` passes, so this measures
what the passes emit), compiles it for IREE llvm-cpu, and times it with
iree-benchmark-module, all forms of a row group interleaved over `--reps`
runs (medians). Every time is also printed as a ratio to the f32 `[K, N]`
form measured in the same run. Four 4-bit forms (two activation types, two
panel layouts) are written by hand (no pass emits them; labelled so) and
checked against numpy before they are timed.
Needs IREE and numpy in .venv (scripts/setup-iree.sh). Usage:

  .venv/bin/python benches/matmul_forms.py [--reps 3] [--device local-task]
      [--work bench-out/matmul] [--only SUBSTRING]

`--only` keeps the forms whose label contains SUBSTRING (and the f32 [K, N]
reference of their row group).
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
    cmd += [f"--input={i}" for i in inputs]
    out = subprocess.run(cmd, capture_output=True, text=True)
    for line in out.stdout.splitlines():
        m = re.match(r"BM_\S+\s+([\d.]+) (ms|us)", line)
        if m and "_mean" not in line and "_median" not in line:
            v = float(m.group(1))
            return v / 1000 if m.group(2) == "us" else v
    sys.exit(f"benchmark failed:\n{out.stdout}{out.stderr}")


def inputs_of(folder):
    """`--input` values for the `.npy` files `weights convert` wrote; any
    other file (a packed `ui4` `.bin`) stops the benchmark."""
    out = []
    for f in sorted(os.listdir(folder)):
        p = os.path.join(folder, f)
        if f.endswith(".npy"):
            out.append("@" + p)
        else:
            sys.exit(f"{p}: this benchmark times .npy inputs only")
    return out


# The 4-bit affine forms below are written by hand (no pass emits them),
# one 4-bit value per byte (as `storage=bytes`, the default):
# w[k, n] = s[g, n] * q[k, n] + b[g, n] for k in group g of G rows, stored
# as panels q [P, K/G, G, J] so that each (panel, group) block is one small
# contiguous dot. x . w = sum_g s[g] * (x_g . q_g) + sum_g (sum x_g) * b[g]
# (scale after the dot per group; the bias term is one small dot).
G = 64
J = 8
P, KG = N // J, K // G


def int4_split_text(int8_activations, groups_last):
    """The hand-written split-contraction 4-bit panel form, f32 or (with
    `int8_activations`) per-group int8 activations and i8 x i8 -> i32 dots;
    q is `[P, K/G, G, J]`, or `[P, K/G, J, G]` with `groups_last`."""
    qdims = f"{P}x{KG}x{J}x{G}" if groups_last else f"{P}x{KG}x{G}x{J}"
    contract = "[2] x [3]" if groups_last else "[2] x [2]"
    qt = f"tensor<{qdims}xi8>"
    st = f"tensor<{P}x{KG}x{J}xf32>"
    t = [f"func.func public @main(%x: tensor<1x{K}xf32>, %q: {qt}, %s: {st}, %b: {st}) -> tensor<1x{N}xf32> {{",
         f"  %xg = stablehlo.reshape %x : (tensor<1x{K}xf32>) -> tensor<{KG}x{G}xf32>",
         "  %z = stablehlo.constant dense<0.0> : tensor<f32>",
         f"  %xsum = stablehlo.reduce(%xg init: %z) applies stablehlo.add across dimensions = [1] : (tensor<{KG}x{G}xf32>, tensor<f32>) -> tensor<{KG}xf32>",
         f"  %bias = stablehlo.dot_general %b, %xsum, contracting_dims = [1] x [0] : ({st}, tensor<{KG}xf32>) -> tensor<{P}x{J}xf32>"]
    if int8_activations:
        t += [f"  %ax = stablehlo.abs %xg : tensor<{KG}x{G}xf32>",
              f"  %amax = stablehlo.reduce(%ax init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<{KG}x{G}xf32>, tensor<f32>) -> tensor<{KG}xf32>",
              f"  %tiny = stablehlo.constant dense<1.0e-30> : tensor<{KG}xf32>",
              f"  %c127 = stablehlo.constant dense<127.0> : tensor<{KG}xf32>",
              f"  %am = stablehlo.maximum %amax, %tiny : tensor<{KG}xf32>",
              f"  %xs = stablehlo.divide %am, %c127 : tensor<{KG}xf32>",
              f"  %xsb = stablehlo.broadcast_in_dim %xs, dims = [0] : (tensor<{KG}xf32>) -> tensor<{KG}x{G}xf32>",
              f"  %xd = stablehlo.divide %xg, %xsb : tensor<{KG}x{G}xf32>",
              f"  %xr = stablehlo.round_nearest_even %xd : tensor<{KG}x{G}xf32>",
              f"  %xq = stablehlo.convert %xr : (tensor<{KG}x{G}xf32>) -> tensor<{KG}x{G}xi8>",
              f"  %qi = stablehlo.convert %q : ({qt}) -> tensor<{qdims}xi8>",
              f"  %xb = stablehlo.broadcast_in_dim %xq, dims = [1, 2] : (tensor<{KG}x{G}xi8>) -> tensor<{P}x{KG}x{G}xi8>",
              f"  %di = stablehlo.dot_general %xb, %qi, batching_dims = [0, 1] x [0, 1], contracting_dims = {contract} : (tensor<{P}x{KG}x{G}xi8>, tensor<{qdims}xi8>) -> tensor<{P}x{KG}x{J}xi32>",
              f"  %d0 = stablehlo.convert %di : (tensor<{P}x{KG}x{J}xi32>) -> {st}",
              f"  %xsp = stablehlo.broadcast_in_dim %xs, dims = [1] : (tensor<{KG}xf32>) -> {st}",
              f"  %d = stablehlo.multiply %d0, %xsp : {st}"]
    else:
        t += [f"  %qf = stablehlo.convert %q : ({qt}) -> tensor<{qdims}xf32>",
              f"  %xb = stablehlo.broadcast_in_dim %xg, dims = [1, 2] : (tensor<{KG}x{G}xf32>) -> tensor<{P}x{KG}x{G}xf32>",
              f"  %d = stablehlo.dot_general %xb, %qf, batching_dims = [0, 1] x [0, 1], contracting_dims = {contract} : (tensor<{P}x{KG}x{G}xf32>, tensor<{qdims}xf32>) -> {st}"]
    t += [f"  %ds = stablehlo.multiply %d, %s : {st}",
          f"  %sum = stablehlo.reduce(%ds init: %z) applies stablehlo.add across dimensions = [1] : ({st}, tensor<f32>) -> tensor<{P}x{J}xf32>",
          f"  %o = stablehlo.add %sum, %bias : tensor<{P}x{J}xf32>",
          f"  %r = stablehlo.reshape %o : (tensor<{P}x{J}xf32>) -> tensor<1x{N}xf32>",
          f"  return %r : tensor<1x{N}xf32>", "}", ""]
    return "\n".join(t)


def int4_split_form(work, x, w, int8_activations, groups_last):
    """Writes and compiles one hand-written 4-bit panel form with `w`
    quantized (MLX's formula: per group of G rows, 16 levels between the
    group's min and max) and checks its result against x . dequantized(w)
    on IREE before it is timed. Returns (vmfb, --input values)."""
    wg = w.reshape(KG, G, N)
    lo, hi = wg.min(axis=1), wg.max(axis=1)
    s = np.maximum((hi - lo) / 15, 1e-12).astype(np.float32)
    q = np.clip(np.round((wg - lo[:, None]) / s[:, None]), 0, 15).astype(np.uint8)
    deq = (s[:, None] * q + lo[:, None]).reshape(K, N)
    # [K/G, G, N] -> [P, K/G, G, J] (or [P, K/G, J, G]); scales and biases
    # [K/G, N] -> [P, K/G, J]
    qp = q.reshape(KG, G, P, J).transpose((2, 0, 3, 1) if groups_last else (2, 0, 1, 3))
    sp = s.reshape(KG, P, J).transpose(1, 0, 2)
    bp = lo.astype(np.float32).reshape(KG, P, J).transpose(1, 0, 2)
    tag = ("i8" if int8_activations else "f32") + ("_jg" if groups_last else "_gj")
    path = os.path.join(work, f"int4_split_{tag}.mlir")
    write(path, int4_split_text(int8_activations, groups_last))
    vmfb = path.replace(".mlir", ".vmfb")
    compile_(path, vmfb)
    files = {n: os.path.join(work, f"int4_split_{tag}_{n}") for n in ["x.npy", "q.npy", "s.npy", "b.npy", "y.npy"]}
    np.save(files["x.npy"], x)
    np.save(files["q.npy"], qp.astype(np.int8))
    np.save(files["s.npy"], np.ascontiguousarray(sp))
    np.save(files["b.npy"], np.ascontiguousarray(bp))
    inputs = ["@" + files[n] for n in ["x.npy", "q.npy", "s.npy", "b.npy"]]
    subprocess.run([tool("iree-run-module"), f"--module={vmfb}", "--function=main",
                    "--device=local-sync", f"--output=@{files['y.npy']}"]
                   + [f"--input={i}" for i in inputs], check=True, capture_output=True)
    want = x.astype(np.float64) @ deq.astype(np.float64)
    got = np.load(files["y.npy"]).astype(np.float64)
    err = np.linalg.norm(got - want) / np.linalg.norm(want)
    bound = 3e-2 if int8_activations else 1e-5
    if not err <= bound:
        sys.exit(f"{path}: result differs from x . dequantized(w): rel_l2 {err:.2e} > {bound}")
    print(f"checked {os.path.basename(path)}: rel_l2 {err:.2e} against x . dequantized(w)")
    return vmfb, inputs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--device", default="local-task")
    ap.add_argument("--work", default=os.path.join(ROOT, "bench-out", "matmul"))
    ap.add_argument("--only", default="", help="keep forms whose label contains this")
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
            # 4-bit in MLX's affine form (one value per byte, which ran
            # faster than ui4 nibbles before): cpu-int4's pipeline, and the
            # form int8-weights{bits=4} takes on panels.
            forms += [
                ("4-bit [K, N], i8 x i8 (weight-layout, int8-weights{bits=4}, fuse-dequant{activations=int8})",
                 None, ["weight-layout", "int8-weights{bits=4}", "fuse-dequant{activations=int8}"]),
                ("4-bit panels J=8, dequantized before the dot (int8-weights{bits=4})",
                 None, ["weight-layout{order=panels}", "int8-weights{bits=4}"]),
            ]
        else:
            forms.append((f"f32 panels J=8", None, ["weight-layout{order=panels,max-rows=64}"]))
        forms = forms[:1] + [f for f in forms[1:] if args.only in f[0]]
        made = []
        for i, (label, path, passes) in enumerate(forms):
            if path is None:
                path = os.path.join(args.work, f"form_m{m}_{i}.mlir")
                rewrite(exe, base, path, passes)
            vmfb = path.replace(".mlir", ".vmfb")
            compile_(path, vmfb)
            made.append((label, vmfb, inputs_of(path + ".in")))
        hand = [(a, g) for g in [False, True] for a in [False, True]] if m == 1 else []
        for int8_act, groups_last in hand:
            act = "i8 x i8" if int8_act else "f32 activations"
            layout = "[P, K/G, J, G]" if groups_last else "[P, K/G, G, J]"
            label = f"4-bit affine panels {layout} J={J}, split contraction, {act} (hand-written)"
            if args.only in label:
                made.append((label,) + int4_split_form(args.work, x, w, int8_act, groups_last))
        if len(made) > 1:
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
