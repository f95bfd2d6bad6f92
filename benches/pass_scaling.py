#!/usr/bin/env python3
"""How every pass and preset scales with graph depth (docs/perf.md).

Generates (with JAX, through `testdata/gen/generate.py --deep N`) narrow
decoder steps of 64, 128, 256 and 512 layers with JAX's debug locations,
then times the release binary on each: the round trip (no pass), every pass
and every preset, best of `--reps` interleaved rounds (each round runs every
case at every depth once), wall and CPU time. Prints a Markdown table: time, time / round-trip time at the
same depth, growth per doubling of layers, and growth from the smallest to
the largest depth.

    python3 benches/pass_scaling.py [--bin target/release/hlo-opt]
        [--layers 64,128,256,512] [--reps 7] [--work DIR] [--python PY]

The generated files are kept in `--work` (default: a folder under /tmp) and
reused when present; they are never committed.

`--instructions` also counts the instructions of one run of every case at the
smallest and the largest depth under valgrind's callgrind (`Collected`), and
prints their growth and that of the work a pass adds over the round trip:
instruction counts do not depend on the machine's load or caches, so they
separate the passes' own growth from the memory hierarchy's (valgrind
needed; each 512-layer run takes about a minute).
"""
import argparse
import os
import platform
import re
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CASES = [
    ("round trip", []),
    ("f16-matmul", ["--pass", "f16-matmul"]),
    ("bf16-matmul", ["--pass", "bf16-matmul"]),
    ("f16", ["--pass", "f16"]),
    ("bf16", ["--pass", "bf16"]),
    ("int8-weights", ["--pass", "int8-weights"]),
    ("weight-layout{order=panels}", ["--pass", "weight-layout{order=panels}"]),
    ("int8-weights{bits=4}, fuse-dequant", ["--pass", "int8-weights{bits=4}", "--pass", "fuse-dequant"]),
    ("preset cpu", ["--preset", "cpu"]),
    ("preset cpu-int8", ["--preset", "cpu-int8"]),
    ("preset cpu-int4", ["--preset", "cpu-int4"]),
    ("preset gpu", ["--preset", "gpu"]),
    ("preset npu", ["--preset", "npu"]),
]


def run_once(cmd):
    """Wall and CPU seconds of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{p.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def instructions(cmd):
    """Instructions of one run of `cmd` under callgrind."""
    with tempfile.TemporaryDirectory() as d:
        p = subprocess.run(["valgrind", "--tool=callgrind",
                            f"--callgrind-out-file={os.path.join(d, 'cg.out')}", *cmd],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit(f"failed under valgrind: {' '.join(cmd)}\n{p.stderr[-2000:]}")
    got = re.search(r"Collected : (\d+)", p.stderr)
    if not got:
        sys.exit("no instruction count in callgrind's output:\n" + p.stderr[-2000:])
    return int(got.group(1))


def print_instructions(cases, lo, hi, n):
    """Growth of instruction counts `n[(case, layers)]` from `lo` to `hi` layers."""
    print(f"\ninstructions (callgrind, one run), {lo} and {hi} layers:\n")
    print(f"| case | {lo} layers | {hi} layers | {hi}/{lo} | added over the round trip, {hi}/{lo} |")
    print("|---|---|---|---|---|")
    rt_lo, rt_hi = n[("round trip", lo)], n[("round trip", hi)]
    for name, _ in cases:
        a_, b = n[(name, lo)], n[(name, hi)]
        added = "-" if name == "round trip" else f"{(b - rt_hi) / (a_ - rt_lo):.2f}x"
        print(f"| {name} | {a_ / 1e9:.3f} G | {b / 1e9:.3f} G | {b / a_:.2f}x | {added} |")


def print_table(cases, layers, sizes, t):
    """One Markdown table of times `t[(case, layers)]`."""
    print("| case | " + " | ".join(f"{n} layers ({sizes[n] / 1e6:.1f} MB)" for n in layers)
          + " | growth per doubling | " + f"{layers[-1]}/{layers[0]} |")
    print("|---|" + "---|" * len(layers) + "---|---|")
    for name, _ in cases:
        cells = []
        for n in layers:
            v = t[(name, n)]
            rt = t[("round trip", n)]
            cells.append(f"{v:.3f} s" if name == "round trip" else f"{v:.3f} s ({v / rt:.2f}x)")
        growth = [t[(name, b)] / t[(name, a_)] for a_, b in zip(layers, layers[1:])]
        total = t[(name, layers[-1])] / t[(name, layers[0])]
        print(f"| {name} | " + " | ".join(cells) + " | "
              + ", ".join(f"{g:.2f}x" for g in growth) + f" | {total:.1f}x |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "hlo-opt"))
    ap.add_argument("--layers", default="64,128,256,512")
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "hlo-opt-pass-scaling"))
    ap.add_argument("--python", default="/work/venvs/jax/bin/python",
                    help="a Python with JAX, for the generator")
    ap.add_argument("--only", default="", help="comma-separated case names to run (default: all)")
    ap.add_argument("--instructions", action="store_true",
                    help="also count instructions under callgrind at the smallest and largest depth")
    a = ap.parse_args()

    layers = [int(x) for x in a.layers.split(",")]
    os.makedirs(a.work, exist_ok=True)
    files = {}
    for n in layers:
        path = os.path.join(a.work, f"deep{n}.mlir")
        if not os.path.exists(path):
            subprocess.run([a.python, os.path.join(ROOT, "testdata", "gen", "generate.py"),
                            "--deep", str(n), path], check=True)
        files[n] = path
    cases = CASES
    if a.only:
        keep = set(a.only.split(","))
        cases = [c for c in CASES if c[0] in keep or c[0] == "round trip"]

    out = os.path.join(a.work, "out.mlir")
    wall = {}
    cpu = {}
    # Interleaved: every round runs every case at every depth once, so that
    # a slow spell of the machine touches all cells alike; each cell keeps
    # its best time.
    for rep in range(a.reps):
        for n in layers:
            for name, args in cases:
                w, c = run_once([a.bin, *args, files[n], "-o", out])
                wall[(name, n)] = min(wall.get((name, n), float("inf")), w)
                cpu[(name, n)] = min(cpu.get((name, n), float("inf")), c)
        print(f"  round {rep + 1}/{a.reps} done", file=sys.stderr, flush=True)
    for n in layers:
        for name, _ in cases:
            print(f"  {n:4d} layers  {name:36s} {wall[(name, n)]:8.3f} s wall"
                  f"  {cpu[(name, n)]:8.3f} s cpu", file=sys.stderr)

    load = os.getloadavg()
    print(f"\n{time.strftime('%Y-%m-%d')} on {platform.node()} ({os.cpu_count()} cores), "
          f"load average at the end {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}; "
          f"binary {a.bin}")
    sizes = {n: os.path.getsize(files[n]) for n in layers}
    for title, t in (("wall time", wall), ("CPU time (user + system)", cpu)):
        print(f"\n{title}, best of {a.reps}:\n")
        print_table(cases, layers, sizes, t)
    print("\n(in brackets: time / round-trip time at the same depth)")
    if a.instructions:
        lo, hi = layers[0], layers[-1]
        counts = {}
        for n in (lo, hi):
            for name, args in cases:
                counts[(name, n)] = instructions([a.bin, *args, files[n], "-o", out])
                print(f"  {n:4d} layers  {name:36s} {counts[(name, n)]} instructions",
                      file=sys.stderr, flush=True)
        print_instructions(cases, lo, hi, counts)


if __name__ == "__main__":
    main()
