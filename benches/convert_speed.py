#!/usr/bin/env python3
"""`hlo-opt weights convert` against numpy on large f32 weights (docs/perf.md).

Makes (on demand, in `--work`) a folder of large f32 `.npy` weights and a
program that reads each through a `dot_general`, rewrites it with
`f16-matmul`, then times, interleaved, `hlo-opt weights convert` and numpy
doing the same per-file conversion (`np.load(mmap_mode='r')`,
`astype(float16)`, `np.save`; arguments the rewrite left alone copied),
each in a fresh process; reports wall time and peak RSS (`/usr/bin/time`)
of both, their ratio, and peak RSS over the largest tensor.

    python3 benches/convert_speed.py [--bin target/release/hlo-opt]
        [--mb 400,400,400,400,200,100] [--reps 3] [--work DIR]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
K = 4096  # rows of every weight (the contraction dim)

NUMPY_CONVERT = r"""
import os, sys, numpy as np
src, dst, narrow = sys.argv[1], sys.argv[2], set(sys.argv[3].split(","))
os.makedirs(dst)
for name in sorted(n for n in os.listdir(src) if n.endswith(".npy")):
    a = np.load(os.path.join(src, name), mmap_mode="r")
    out = a.astype(np.float16) if name in narrow else a
    np.save(os.path.join(dst, name), out)
"""


def make_inputs(work, mbs):
    """The weights (arg001.npy ...) and x (arg000.npy), and the program."""
    orig = os.path.join(work, "orig")
    cols = [max(1, int(mb * 1e6 / 4 / K)) for mb in mbs]
    stamp = os.path.join(work, "orig-done-" + "-".join(map(str, cols)))
    if not os.path.exists(stamp):
        shutil.rmtree(orig, ignore_errors=True)
        os.makedirs(orig)
        rng = np.random.default_rng(0)
        np.save(os.path.join(orig, "arg000.npy"), rng.standard_normal((1, K), dtype=np.float32))
        for i, n in enumerate(cols):
            path = os.path.join(orig, f"arg{i + 1:03d}.npy")
            w = np.lib.format.open_memmap(path, mode="w+", dtype=np.float32, shape=(K, n))
            for r in range(0, K, 256):
                w[r:r + 256] = rng.standard_normal((min(256, K - r), n), dtype=np.float32) * 0.02
            w.flush()
            del w
        open(stamp, "w").close()
    args = [f"%arg0: tensor<1x{K}xf32>"] + [f"%arg{i + 1}: tensor<{K}x{n}xf32>" for i, n in enumerate(cols)]
    results = [f"tensor<1x{n}xf32>" for n in cols]
    body = []
    for i, n in enumerate(cols):
        body.append(
            f"    %{i} = stablehlo.dot_general %arg0, %arg{i + 1}, contracting_dims = [1] x [0] "
            f": (tensor<1x{K}xf32>, tensor<{K}x{n}xf32>) -> tensor<1x{n}xf32>"
        )
    rets = ", ".join(f"%{i}" for i in range(len(cols)))
    text = (
        "module {\n  func.func @main(" + ", ".join(args) + ") -> (" + ", ".join(results) + ") {\n"
        + "\n".join(body) + f"\n    return {rets} : " + ", ".join(results) + "\n  }\n}\n"
    )
    mlir = os.path.join(work, "weights.mlir")
    with open(mlir, "w") as f:
        f.write(text)
    return orig, mlir, cols


def timed(cmd):
    """Wall seconds and peak RSS (bytes) of one fresh process."""
    t0 = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "RSS %M", *cmd], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{p.stderr}")
    rss = [int(line.split()[1]) for line in p.stderr.splitlines() if line.startswith("RSS ")]
    return wall, rss[-1] * 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "hlo-opt"))
    ap.add_argument("--mb", default="400,400,400,400,200,100",
                    help="sizes of the f32 weights in MB")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "hlo-opt-convert-speed"))
    a = ap.parse_args()

    os.makedirs(a.work, exist_ok=True)
    mbs = [float(x) for x in a.mb.split(",")]
    orig, mlir, cols = make_inputs(a.work, mbs)
    rewritten = os.path.join(a.work, "weights_f16.mlir")
    subprocess.run([a.bin, "--pass", "f16-matmul", mlir, "-o", rewritten], check=True)
    total = sum(os.path.getsize(os.path.join(orig, f)) for f in os.listdir(orig) if f.endswith(".npy"))
    largest = max(os.path.getsize(os.path.join(orig, f)) for f in os.listdir(orig) if f.endswith(".npy"))
    narrow = ",".join(f"arg{i + 1:03d}.npy" for i in range(len(cols)))
    out_h = os.path.join(a.work, "new_hlo")
    out_n = os.path.join(a.work, "new_numpy")

    runs = {"hlo-opt": [], "numpy": []}
    for _ in range(a.reps):
        for tool in ("hlo-opt", "numpy"):
            out = out_h if tool == "hlo-opt" else out_n
            shutil.rmtree(out, ignore_errors=True)
            if tool == "hlo-opt":
                cmd = [a.bin, "weights", "convert", rewritten, "--from", orig, "--to", out, "--quiet"]
            else:
                cmd = [sys.executable, "-c", NUMPY_CONVERT, orig, out, narrow]
            w, rss = timed(cmd)
            runs[tool].append((w, rss))
            print(f"  {tool:8s} {w:7.2f} s  peak RSS {rss / 1e6:7.0f} MB", file=sys.stderr, flush=True)
    for f in sorted(os.listdir(out_n)):
        same = np.array_equal(np.load(os.path.join(out_n, f)), np.load(os.path.join(out_h, f)))
        if not same:
            sys.exit(f"{f}: hlo-opt and numpy disagree")

    med = lambda xs: sorted(xs)[len(xs) // 2]
    wh, wn = med([w for w, _ in runs["hlo-opt"]]), med([w for w, _ in runs["numpy"]])
    rh, rn = max(r for _, r in runs["hlo-opt"]), max(r for _, r in runs["numpy"])
    load = os.getloadavg()
    print(f"\n{time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, load average "
          f"{load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}; {len(cols)} f32 weights + x, "
          f"{total / 1e9:.2f} GB in all, largest {largest / 1e6:.0f} MB; "
          f"medians of {a.reps} interleaved runs, peak RSS the maximum; outputs equal\n")
    print("| tool | wall | MB/s (input) | peak RSS | RSS / largest tensor |")
    print("|---|---|---|---|---|")
    for tool, w, r in (("hlo-opt weights convert", wh, rh), ("numpy (mmap load, astype, save)", wn, rn)):
        print(f"| {tool} | {w:.2f} s | {total / 1e6 / w:.0f} | {r / 1e6:.0f} MB | {r / largest:.2f}x |")
    print(f"\nhlo-opt / numpy wall time: **{wh / wn:.2f}x**")


if __name__ == "__main__":
    main()
