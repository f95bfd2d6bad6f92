#!/usr/bin/env python3
"""hlo-opt at real size: a decode step of Llama-3.2-1B's shapes (docs/perf.md).

Generates on demand (with JAX, `testdata/gen/generate.py --real-size`; never
committed) the 1B-shaped step (hidden 2048, 16 layers, MLP 8192, 32/8 heads,
vocabulary 128256, tied embedding, weights stored [out, in]) and its random
f32 weights (4.9 GB), then measures with the release binary:

  rewrite    per pass/preset: wall time and peak RSS;
  convert    `weights convert` for f16-matmul against numpy doing the same
             per file (mmap load, astype, save), interleaved, outputs
             compared; and for `--preset cpu` (layout steps too);
  verify     `verify --preset cpu` on the generated weights: wall time, peak
             RSS of hlo-opt and of every IREE process, as verify compiles by
             default and with IREE's default transposes;
  bench      `bench` per preset against f32 as exported: ms per step and
             tokens per second.

Peak RSS: each process's VmHWM sampled from /proc every 50 ms over the
whole process tree (the maximum per program name), and the tree's maximum
from wait4 as a check.

    python3 benches/real_size.py [--bin target/release/hlo-opt]
        [--work /tmp/hlo-opt-real-size] [--python PY_WITH_JAX]
        [--layers 16] [--only rewrite,convert,verify,bench]
        [--presets cpu,cpu-int8,cpu-int4] [--reps 2] [--rounds 2]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

NUMPY_CONVERT = r"""
import os, sys, shutil, numpy as np
src, dst, narrow = sys.argv[1], sys.argv[2], set(sys.argv[3].split(","))
os.makedirs(dst)
for name in sorted(n for n in os.listdir(src) if n.endswith(".npy")):
    if name in narrow:
        np.save(os.path.join(dst, name), np.load(os.path.join(src, name), mmap_mode="r").astype(np.float16))
    else:
        shutil.copyfile(os.path.join(src, name), os.path.join(dst, name))
"""


def descendants(root):
    """Pids of `root` and every process below it."""
    parent = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
            # The command name may hold spaces; fields after it are fixed.
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
            parent[int(d)] = ppid
        except (OSError, ValueError):
            pass
    out, frontier = {root}, [root]
    while frontier:
        p = frontier.pop()
        for c, pp in parent.items():
            if pp == p and c not in out:
                out.add(c)
                frontier.append(c)
    return out


def hwm(pid):
    """(program name, VmHWM bytes) of a live process, or None."""
    try:
        with open(f"/proc/{pid}/status") as f:
            text = f.read()
    except OSError:
        return None
    name = re.search(r"^Name:\s*(\S+)", text, re.M)
    peak = re.search(r"^VmHWM:\s*(\d+) kB", text, re.M)
    if not (name and peak):
        return None
    label = name.group(1)
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            args = f.read().decode(errors="replace").split("\0")
        module = [x.split("=", 1)[1] for x in args if x.startswith("--module=")]
        if module:
            label += f" ({os.path.basename(module[0])})"
    except OSError:
        pass
    return label, int(peak.group(1)) * 1024


def measure(cmd, env=None):
    """Runs `cmd`; returns wall seconds, {program: peak RSS}, the tree's peak
    RSS from wait4, and the output. Exits on failure."""
    import tempfile
    log = tempfile.TemporaryFile(mode="w+")
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, text=True, env=env)
    peaks, stop = {}, threading.Event()

    def sample():
        while not stop.is_set():
            for pid in descendants(p.pid):
                got = hwm(pid)
                if got:
                    name, b = got
                    peaks[name] = max(peaks.get(name, 0), b)
            stop.wait(0.05)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    # wait4 gives this child's rusage: its maxrss covers its reaped children.
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    stop.set()
    t.join()
    log.seek(0)
    text = log.read()
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{text[-4000:]}")
    return wall, peaks, usage.ru_maxrss * 1024, text


def gb(b):
    return f"{b / 1e9:.2f} GB"


def entry_types(path):
    """Element types of the entry function's arguments, in order."""
    with open(path) as f:
        text = f.read()
    head = text[text.index("func.func public @main("):]
    head = head[: head.index(") -> (")]
    return [t.split("x")[-1] for t in re.findall(r"%arg\d+: tensor<([^>]*)>", head)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "hlo-opt"))
    ap.add_argument("--work", default="/tmp/hlo-opt-real-size")
    ap.add_argument("--python", default=sys.executable, help="a Python with JAX, to generate")
    ap.add_argument("--layers", type=int, default=16)
    ap.add_argument("--only", default="rewrite,convert,verify,bench")
    ap.add_argument("--presets", default="cpu,cpu-int8,cpu-int4")
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2)
    a = ap.parse_args()
    only = set(a.only.split(","))
    os.makedirs(a.work, exist_ok=True)

    mlir = os.path.join(a.work, "llama1b_step.mlir")
    inputs = os.path.join(a.work, "llama1b_step.inputs")
    if not os.path.exists(os.path.join(inputs, "DONE")):
        subprocess.run([a.python, os.path.join(ROOT, "testdata", "gen", "generate.py"),
                        "--real-size", a.work, str(a.layers)], check=True)
        open(os.path.join(inputs, "DONE"), "w").close()
    files = sorted(f for f in os.listdir(inputs) if f.endswith(".npy"))
    total = sum(os.path.getsize(os.path.join(inputs, f)) for f in files)
    largest = max(os.path.getsize(os.path.join(inputs, f)) for f in files)
    load = os.getloadavg()
    print(f"{time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, load average "
          f"{load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}; {len(files)} arguments, "
          f"{gb(total)} of inputs, largest {gb(largest)}\n")

    cases = [("f16-matmul", ["--pass", "f16-matmul"])] + [
        (f"preset {p}", ["--preset", p]) for p in a.presets.split(",")]
    rewritten = {}
    if "rewrite" in only or "convert" in only:
        rows = []
        for name, args in cases:
            out = os.path.join(a.work, name.replace(" ", "_") + ".mlir")
            w, _, tree, _ = measure([a.bin, *args, mlir, "-o", out])
            rewritten[name] = out
            # Too short for the sampler: wait4's figure of the one process.
            rows.append(f"| {name} | {w:.2f} s | {tree / 1e6:.0f} MB |")
        if "rewrite" in only:
            print("| rewrite | wall | peak RSS |\n|---|---|---|")
            print("\n".join(rows) + "\n")

    if "convert" in only:
        orig_t, new_t = entry_types(mlir), entry_types(rewritten["f16-matmul"])
        narrow = ",".join(f"arg{i:03d}.npy" for i, (x, y) in enumerate(zip(orig_t, new_t))
                          if x == "f32" and y == "f16")
        runs = {"hlo-opt": [], "numpy": []}
        out_h, out_n = os.path.join(a.work, "conv_hlo"), os.path.join(a.work, "conv_numpy")
        for _ in range(a.reps):
            for tool in ("hlo-opt", "numpy"):
                out = out_h if tool == "hlo-opt" else out_n
                shutil.rmtree(out, ignore_errors=True)
                if tool == "hlo-opt":
                    cmd = [a.bin, "weights", "convert", rewritten["f16-matmul"], "--from", inputs,
                           "--to", out, "--quiet"]
                else:
                    cmd = [sys.executable, "-c", NUMPY_CONVERT, inputs, out, narrow]
                w, peaks, tree, _ = measure(cmd)
                runs[tool].append((w, max(peaks.values(), default=0)))
                print(f"  convert {tool:8s} {w:7.2f} s  peak RSS {max(peaks.values(), default=0) / 1e6:7.0f} MB",
                      file=sys.stderr, flush=True)
        import numpy as np
        names = sorted(f for f in os.listdir(out_n) if f.endswith(".npy"))
        for f in names:
            x = np.load(os.path.join(out_n, f), mmap_mode="r")
            y = np.load(os.path.join(out_h, f), mmap_mode="r")
            if x.dtype != y.dtype or not np.array_equal(x, y):
                sys.exit(f"{f}: hlo-opt and numpy disagree")
        shutil.rmtree(out_n, ignore_errors=True)
        shutil.rmtree(out_h, ignore_errors=True)
        w, peaks, _, _ = measure([a.bin, "weights", "convert", rewritten["preset cpu"], "--from", inputs,
                                  "--to", out_h, "--quiet"])
        cpu_conv = (w, peaks.get("hlo-opt", 0))
        shutil.rmtree(out_h, ignore_errors=True)
        med = lambda xs: sorted(xs)[(len(xs) - 1) // 2]
        wh, wn = med([w for w, _ in runs["hlo-opt"]]), med([w for w, _ in runs["numpy"]])
        rh, rn = max(r for _, r in runs["hlo-opt"]), max(r for _, r in runs["numpy"])
        print(f"weights convert, {a.reps} interleaved runs each (lower median), outputs equal:\n")
        print("| conversion | tool | wall | MB/s (input) | peak RSS |\n|---|---|---|---|---|")
        print(f"| f16-matmul | hlo-opt weights convert | {wh:.2f} s | {total / 1e6 / wh:.0f} | {gb(rh)} |")
        print(f"| f16-matmul | numpy (mmap load, astype, save) | {wn:.2f} s | {total / 1e6 / wn:.0f} | {gb(rn)} |")
        print(f"| preset cpu (panels + f16) | hlo-opt weights convert | {cpu_conv[0]:.2f} s | "
              f"{total / 1e6 / cpu_conv[0]:.0f} | {gb(cpu_conv[1])} |")
        print(f"\nhlo-opt / numpy wall time: **{wh / wn:.2f}x**\n")

    transposes = "--compile-flag=--iree-opt-aggressively-propagate-transposes=true"
    if "verify" in only:
        no_prop = transposes.replace("=true", "=false")
        for label, extra in (("as verify compiles by default (transposes folded)", []),
                             (f"IREE's default (`{no_prop}`)", [no_prop])):
            w, peaks, tree, text = measure([a.bin, "verify", mlir, "--preset", "cpu", "--inputs", inputs,
                                            "--gate", "rel_l2<=1e-2", *extra])
            gate = [l for l in text.splitlines() if l.startswith("gate ")]
            out0 = [l for l in text.splitlines() if l.startswith("0 ")]
            print(f"verify --preset cpu, {label}: {w:.1f} s wall; {gate[0] if gate else '(no gate line)'}; "
                  f"logits: `{' '.join(out0[0].split()) if out0 else '?'}`\n")
            print("| process | peak RSS |\n|---|---|")
            for name, b in sorted(peaks.items(), key=lambda x: -x[1]):
                print(f"| {name} | {gb(b)} |")
            print(f"| (tree maximum, wait4) | {gb(tree)} |\n", flush=True)

    if "bench" in only:
        print("| preset | f32 ms/step | rewritten ms/step | speedup | tokens/s f32 → rewritten |")
        print("|---|---|---|---|---|")
        rows = [(p, []) for p in a.presets.split(",")]
        rows.append(("cpu, both compiled with aggressive transposes", [transposes]))
        for label, extra in rows:
            p = label.split(",")[0]
            w, _, _, text = measure([a.bin, "bench", mlir, "--preset", p, "--inputs", inputs,
                                     "--rounds", str(a.rounds), "--quiet", *extra])
            ms = dict(re.findall(r"^\| (original|rewritten) \| ([\d.]+) \|", text, re.M))
            o, r = float(ms["original"]), float(ms["rewritten"])
            print(f"| {label} | {o:.1f} | {r:.1f} | {o / r:.2f}x | {1000 / o:.2f} → {1000 / r:.2f} |",
                  flush=True)

if __name__ == "__main__":
    main()
