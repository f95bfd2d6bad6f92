#!/usr/bin/env python3
"""4-bit panels on IREE llvm-cpu: how the group size and the compute type
change one matvec, and what 4 bits can gain over 8 at all (issue 14).

One matvec of the 1B MLP's size (x [1, 2048] against 32768 columns in
panels of `--width` columns), the weight stored as IREE's packed signed
`i4` (two values per byte), in the panel form `fuse-dequant{panel-width=J}`
writes: x reshaped to groups and broadcast to the panels, the integers
converted, one dot batched over panels and groups, the partials scaled per
group and column and summed over groups. Forms:

* `i4 gG T`:       groups of G, x and the integers in compute type T
                   (f32: today's form; f16: f16 x f16 -> f32; i8: i8 x i8 -> i32);
* `i4 per-channel T`: no groups (one scale per column): the most any
                   4-bit form of this shape could get;
* `i8 per-channel T`: the same with one value per byte (`cpu-int8`'s form
                   with T = i8).

Inputs are splats (and random bytes for `i4`), so the numbers are timing
only; the forms' values are checked by the test suite where the passes make
them. Each form is compiled for the host CPU and timed with
iree-benchmark-module (best of `--reps` medians of 5 repetitions,
interleaved).

    .venv/bin/python benches/int4_groups.py [--groups 64,128,256] [--types f32,f16,i8]
        [--width 32] [--reps 2]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ui4_repro import tensor as t, tool  # noqa: E402

K, N = 2048, 32768


def acc(c):
    return "i32" if c == "i8" else "f32"


def splat(shape, elem, value):
    return f"--input={'x'.join(map(str, shape))}x{elem}={value}"


def grouped(P, J, g, welem, c, i4_file):
    """The panel form with groups of g: (MLIR, inputs)."""
    G = K // g
    w, xb, d = (P, G, g, J), (P, G, 1, g), (P, G, 1, J)
    text = f"""func.func @main(%x: {t((1, K), 'f32')}, %w: {t(w, welem)}, %s: {t((P, G, J), 'f32')}) -> {t((1, N), 'f32')} {{
  %xr = stablehlo.reshape %x : ({t((1, K), 'f32')}) -> {t((1, G, g), 'f32')}
  %xc = stablehlo.convert %xr : ({t((1, G, g), 'f32')}) -> {t((1, G, g), c)}
  %xb = stablehlo.broadcast_in_dim %xc, dims = [2, 1, 3] : ({t((1, G, g), c)}) -> {t(xb, c)}
  %c = stablehlo.convert %w : ({t(w, welem)}) -> {t(w, c)}
  %d0 = stablehlo.dot_general %xb, %c, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : ({t(xb, c)}, {t(w, c)}) -> {t(d, acc(c))}
  %d = stablehlo.convert %d0 : ({t(d, acc(c))}) -> {t(d, 'f32')}
  %sb = stablehlo.broadcast_in_dim %s, dims = [0, 1, 3] : ({t((P, G, J), 'f32')}) -> {t(d, 'f32')}
  %m = stablehlo.multiply %d, %sb : {t(d, 'f32')}
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%m init: %z) applies stablehlo.add across dimensions = [1] : ({t(d, 'f32')}, tensor<f32>) -> {t((P, 1, J), 'f32')}
  %o = stablehlo.reshape %r : ({t((P, 1, J), 'f32')}) -> {t((1, N), 'f32')}
  return %o : {t((1, N), 'f32')}
}}"""
    w_in = f"--input={'x'.join(map(str, w))}x{welem}=@{i4_file}" if welem == "i4" else splat(w, welem, 1)
    return text, [splat((1, K), "f32", 0.5), w_in, splat((P, G, J), "f32", 0.1)]


def per_channel(P, J, welem, c, i4_file):
    """The panel form without groups: (MLIR, inputs)."""
    w, xb, d = (P, K, J), (P, 1, K), (P, 1, J)
    text = f"""func.func @main(%x: {t((1, K), 'f32')}, %w: {t(w, welem)}, %s: {t((P, J), 'f32')}) -> {t((1, N), 'f32')} {{
  %xc = stablehlo.convert %x : ({t((1, K), 'f32')}) -> {t((1, K), c)}
  %xb = stablehlo.broadcast_in_dim %xc, dims = [1, 2] : ({t((1, K), c)}) -> {t(xb, c)}
  %c = stablehlo.convert %w : ({t(w, welem)}) -> {t(w, c)}
  %d0 = stablehlo.dot_general %xb, %c, batching_dims = [0] x [0], contracting_dims = [2] x [1] : ({t(xb, c)}, {t(w, c)}) -> {t(d, acc(c))}
  %d = stablehlo.convert %d0 : ({t(d, acc(c))}) -> {t(d, 'f32')}
  %r = stablehlo.reshape %d : ({t(d, 'f32')}) -> {t((P, J), 'f32')}
  %m = stablehlo.multiply %r, %s : {t((P, J), 'f32')}
  %o = stablehlo.reshape %m : ({t((P, J), 'f32')}) -> {t((1, N), 'f32')}
  return %o : {t((1, N), 'f32')}
}}"""
    w_in = f"--input={'x'.join(map(str, w))}x{welem}=@{i4_file}" if welem == "i4" else splat(w, welem, 1)
    return text, [splat((1, K), "f32", 0.5), w_in, splat((P, J), "f32", 0.1)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--groups", default="64,128,256")
    ap.add_argument("--types", default="f32,f16,i8")
    ap.add_argument("--width", type=int, default=32, help="J: columns per panel")
    ap.add_argument("--reps", type=int, default=2)
    a = ap.parse_args()
    J = a.width
    P = N // J
    work = tempfile.mkdtemp(prefix="int4_groups_")
    i4_file = os.path.join(work, "i4.bin")
    with open(i4_file, "wb") as f:
        f.write(os.urandom(K * N // 2))
    forms = {}
    for c in a.types.split(","):
        for g in map(int, a.groups.split(",")):
            forms[f"i4 g{g} {c}"] = grouped(P, J, g, "i4", c, i4_file)
        forms[f"i4 per-channel {c}"] = per_channel(P, J, "i4", c, i4_file)
        forms[f"i8 per-channel {c}"] = per_channel(P, J, "i8", c, i4_file)
    compile_, bench = tool("iree-compile"), tool("iree-benchmark-module")
    built = []
    for name, (text, inputs) in forms.items():
        src = os.path.join(work, name.replace(" ", "_") + ".mlir")
        with open(src, "w") as f:
            f.write(text)
        vmfb = src[:-5] + ".vmfb"
        subprocess.run([compile_, "--iree-hal-target-device=local",
                        "--iree-hal-local-target-device-backends=llvm-cpu",
                        "--iree-llvmcpu-target-cpu=host", src, "-o", vmfb], check=True)
        built.append((name, [f"--module={vmfb}", "--function=main", "--device=local-task"] + inputs))
    best = {}
    for _ in range(a.reps):
        for name, args in built:
            out = subprocess.run([bench] + args + ["--benchmark_repetitions=5"],
                                 check=True, capture_output=True, text=True).stdout
            got = re.findall(r"real_time_median\s+([\d.]+) ms", out)
            if not got:
                sys.exit(f"no median for {name}:\n{out[-2000:]}")
            best[name] = min(best.get(name, float("inf")), float(got[0]))
    base = next(iter(best.values()))
    first = next(iter(best))
    print(f"| form (x [1, {K}], {N} columns, panels of {J}) | weight MB | ms (best of {a.reps} medians) | {first} / form |")
    print("|---|---|---|---|")
    for name, ms in best.items():
        mb = K * N / (1 if name.startswith("i8") else 2) / 1e6
        print(f"| {name} | {mb:.1f} | {ms:.2f} | {base / ms:.2f}x |")


if __name__ == "__main__":
    main()
