#!/usr/bin/env python3
"""Parse/print benchmark: `hlo-opt IN -o OUT` against `iree-opt IN -o OUT`.

Makes (or takes) a >= 400 MB StableHLO file with inline hex weights and a
64- and 512-layer narrow decoder, then runs each command interleaved
(A B A B ...), and prints median wall time, the ratio to iree-opt, and peak
RSS as a multiple of the file size. Usage:

  python3 benches/parse_print.py [--reps 3] [--mb 400] [--work bench-out]
"""
import argparse
import filecmp
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def find_iree_opt():
    d = os.environ.get("IREE_BIN")
    if d and os.path.isfile(os.path.join(d, "iree-opt")):
        return os.path.join(d, "iree-opt")
    for d in os.environ.get("PATH", "").split(os.pathsep):
        p = os.path.join(d, "iree-opt")
        if os.path.isfile(p):
            return p
    p = os.path.join(ROOT, ".venv", "bin", "iree-opt")
    if os.path.isfile(p):
        return p
    sys.exit("iree-opt not found: run scripts/setup-iree.sh")


def run(cmd, out):
    """Wall seconds and peak RSS (bytes) of one command. The previous output is
    removed first (untimed), so neither tool pays for freeing the old file."""
    if os.path.exists(out):
        os.remove(out)
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    err = p.stderr.read().decode(errors="replace")
    if status != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{err}")
    return wall, usage.ru_maxrss * 1024


def bench(name, inp, hlo, iree, reps, work):
    size = os.path.getsize(inp)
    cmds = {
        "hlo-opt": [hlo, inp, "-o", os.path.join(work, "hlo.out.mlir")],
        "iree-opt": [iree, inp, "-o", os.path.join(work, "iree.out.mlir")],
    }
    res = {k: [] for k in cmds}
    for _ in range(reps):
        for k, c in cmds.items():
            res[k].append(run(c, c[3]))
    row = {}
    for k, rs in res.items():
        row[k] = (statistics.median(r[0] for r in rs), max(r[1] for r in rs))
    h, i = row["hlo-opt"], row["iree-opt"]
    same = filecmp.cmp(inp, cmds["hlo-opt"][3], shallow=False)
    print(f"{name:<22} {size/1e6:>8.1f} MB  hlo-opt {h[0]:7.3f} s  iree-opt {i[0]:7.3f} s  "
          f"ratio {h[0]/i[0]:5.2f}x  RSS hlo-opt {h[1]/size:5.2f}x file, iree-opt {i[1]/size:5.2f}x file  "
          f"byte-identical {same}")
    return h[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--mb", type=int, default=400)
    ap.add_argument("--work", default=os.path.join(ROOT, "bench-out"))
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    hlo = os.path.join(ROOT, "target", "release", "hlo-opt")
    iree = find_iree_opt()
    gen = os.path.join(HERE, "gen_mlir.py")
    big = os.path.join(a.work, f"mlp_consts_{a.mb}mb.mlir")
    if not os.path.exists(big):
        subprocess.run([sys.executable, gen, "mlp-consts", big, "--mb", str(a.mb)], check=True)
    d64 = os.path.join(a.work, "decoder_64.mlir")
    d512 = os.path.join(a.work, "decoder_512.mlir")
    for path, n in [(d64, 64), (d512, 512)]:
        if not os.path.exists(path):
            subprocess.run([sys.executable, gen, "decoder", path, "--layers", str(n), "--width", "64"], check=True)
    print(f"interleaved, {a.reps} runs each, medians; peak RSS is the max over runs")
    bench("mlp hex constants", big, hlo, iree, a.reps, a.work)
    t64 = bench("decoder 64 layers", d64, hlo, iree, a.reps, a.work)
    t512 = bench("decoder 512 layers", d512, hlo, iree, a.reps, a.work)
    print(f"hlo-opt 512 vs 64 layers: {t512/t64:.2f}x time for 8x the ops (target <= 10x)")


if __name__ == "__main__":
    main()
