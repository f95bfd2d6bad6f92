#!/usr/bin/env python3
"""An MLX 4-bit checkpoint through hlo-opt: speed against f32 and faithfulness.

Made for issue "Fast and accurate 4-bit". On the hidden-1024 decode step
stored [out, in] as MLX stores it (`testdata/jax/bench_llama_d1024_outin.mlir`):

1. seeded random f32 weights (and run-time inputs) are written as the f32
   program's inputs;
2. every matmul weight (all but the embedding table, which the graph reads by
   `gather`) is cast to f16, as MLX checkpoints hold models, and quantized by
   **MLX itself** (`mlx.core.quantize`, 4 bits, groups of 64: u32 words, f16
   scales and biases) into a checkpoint folder (`model.safetensors`,
   `config.json`); the reference weights are MLX's own `dequantize` of them,
   in f32 ("host-dequantized");
3. `hlo-opt weights import-mlx` turns the graph and checkpoint into a program
   and its weights (one value per byte, or `ui4` nibbles for the last row);
   `hlo-opt --pass fuse-dequant{...}` makes each fast form and `weights
   convert --from-program` its weights;
4. `hlo-opt verify` compares each form against the f32 program run on the
   host-dequantized weights (bit-faithful: rel_l2 near 1e-7, not 1e-1), and
   `hlo-opt bench` times each form against the f32 program as exported,
   interleaved, `--runs` times.

Needs MLX (`pip install "mlx[cpu]"`, measured with 0.32.4) and numpy; not part
of the test suite (tests/mlx_import.rs checks the import on synthetic
checkpoints). Usage:

  python3 benches/mlx_4bit.py [--runs 2] [--rounds 5] [--work DIR] [--only TEXT]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# (label, import-mlx --storage, the pass after the import or None)
FORMS = [
    ("import-mlx as it is (dequantize, then f32 matmul)", "bytes", None),
    ("fuse-dequant (plain group-split)", "bytes", "fuse-dequant"),
    ("fuse-dequant{panel-width=32} (f32 activations)", "bytes", "fuse-dequant{panel-width=32}"),
    ("fuse-dequant{panel-width=16,activations=int8}", "bytes",
     "fuse-dequant{panel-width=16,activations=int8}"),
    ("--storage nibbles (ui4), fuse-dequant{panel-width=32}", "nibbles", "fuse-dequant{panel-width=32}"),
]


def main_args(path):
    """(name, type) of each argument of @main, in order."""
    text = open(path).read()
    start = text.index("@main(") + len("@main(")
    depth, quote, i, piece, pieces = 0, False, start, [], []
    while True:
        c = text[i]
        if quote:
            if c == "\\":
                piece.append(text[i:i + 2])
                i += 2
                continue
            quote = c != '"'
        elif c == '"':
            quote = True
        elif c in "(<[{":
            depth += 1
        elif c in ")>]}":
            if depth == 0:
                pieces.append("".join(piece))
                break
            depth -= 1
        elif c == "," and depth == 0:
            pieces.append("".join(piece))
            piece = []
            i += 1
            continue
        piece.append(c)
        i += 1
    out = []
    for p in pieces:
        ty = re.search(r"tensor<([^>]*)>", p).group(1)
        loc = re.findall(r'loc\("((?:[^"\\]|\\.)*)"\)', p)
        name = loc[-1] if loc else p.split(":")[0].strip()
        out.append((name, ty))
    return out


def shape_dtype(ty):
    parts = ty.split("x")
    return [int(d) for d in parts[:-1]], parts[-1]


def save_folder(folder, arrays):
    os.makedirs(folder, exist_ok=True)
    for i, a in enumerate(arrays):
        if a is not None:
            np.save(os.path.join(folder, f"arg{i:03d}.npy"), a)


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode not in (0, 3):
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr[-3000:]}")
    return p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--graph", default=os.path.join(ROOT, "testdata/jax/bench_llama_d1024_outin.mlir"))
    ap.add_argument("--inout", default=os.path.join(ROOT, "testdata/jax/bench_llama_d1024.mlir"),
                    help="the same step exported [in, out] (JAX's own layout, IREE's faster f32): "
                         "a second, stricter baseline")
    ap.add_argument("--hlo-opt", default=os.path.join(ROOT, "target", "release", "hlo-opt"))
    ap.add_argument("--work", default=None, help="keep the files here (default: a temporary folder)")
    ap.add_argument("--runs", type=int, default=2, help="interleaved bench runs per form")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--group", type=int, default=64)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", default="", help="only the forms whose label contains this text")
    args = ap.parse_args()
    import mlx.core as mx

    work = args.work or tempfile.mkdtemp(prefix="mlx4_")
    os.makedirs(work, exist_ok=True)
    hlo = args.hlo_opt
    rng = np.random.default_rng(args.seed)
    sig = main_args(args.graph)
    orig, deq, ckpt = [], [], {}
    quantized = 0
    for name, ty in sig:
        shape, dt = shape_dtype(ty)
        if name.startswith("p["):
            # p['layers'][0]['wq'] -> layers.0.wq, as MLX names it.
            key = ".".join(a or b for a, b in re.findall(r"\[(?:'([^']*)'|(\d+))\]", name))
            if len(shape) == 1:
                w = (1.0 + 0.1 * rng.standard_normal(shape)).astype(np.float32)
            else:
                w = (rng.standard_normal(shape) * (1.0 / np.sqrt(shape[-1]))).astype(np.float32)
            orig.append(w)
            if len(shape) == 2 and shape[1] % args.group == 0 and "embed" not in key:
                w16 = mx.array(w).astype(mx.float16)
                q, s, b = mx.quantize(w16, group_size=args.group, bits=4)
                ckpt[key + ".weight"], ckpt[key + ".scales"], ckpt[key + ".biases"] = q, s, b
                d = mx.dequantize(q, s.astype(mx.float32), b.astype(mx.float32),
                                  group_size=args.group, bits=4)
                deq.append(np.array(d, dtype=np.float32))
                quantized += 1
            else:
                ckpt[key] = mx.array(w)
                deq.append(w)
        elif dt.startswith("i"):
            hi = 8192 if shape else 256
            v = rng.integers(0, 32 if not shape else hi, size=shape).astype(np.int32)
            orig.append(v)
            deq.append(v)
        else:
            v = (0.5 * rng.standard_normal(shape)).astype(np.float32)
            orig.append(v)
            deq.append(v)
    ck = os.path.join(work, "ckpt")
    os.makedirs(ck, exist_ok=True)
    mx.save_safetensors(os.path.join(ck, "model.safetensors"), ckpt)
    with open(os.path.join(ck, "config.json"), "w") as f:
        json.dump({"quantization": {"group_size": args.group, "bits": 4}}, f)
    save_folder(os.path.join(work, "orig"), orig)
    save_folder(os.path.join(work, "deq"), deq)
    print(f"{quantized} matmul weights quantized by MLX {mx.__version__} (4-bit, groups of {args.group}, f16 scales)")

    imports = {}
    for storage in sorted({st for _, st, _ in FORMS}):
        imported = os.path.join(work, f"imported_{storage}.mlir")
        wimp = os.path.join(work, f"w_imported_{storage}")
        run([hlo, "weights", "import-mlx", args.graph, ck, "-o", imported, "--weights-out", wimp,
             "--force", "--storage", storage])
        # Run-time inputs join the checkpoint's tensors, at their new positions.
        for i, (name, ty) in enumerate(main_args(imported)):
            if name.startswith("a["):
                j = [n for n, _ in sig].index(name)
                np.save(os.path.join(wimp, f"arg{i:03d}.npy"), orig[j])
        imports[storage] = (imported, wimp)

    print()
    print("| form | rel_l2 vs host-dequantized (out 0, 1, 2) | ms f32 [out, in] | ms form | "
          "speedup per run | ms f32 [in, out] | ms form | speedup per run |")
    print("|---|---|---|---|---|---|---|---|")
    for label, storage, fuse in FORMS:
        if args.only not in label:
            continue
        imported, wimp = imports[storage]
        if fuse is None:
            prog, w = imported, wimp
        else:
            tag = storage + "_" + re.sub(r"[^a-z0-9]+", "_", fuse)
            prog = os.path.join(work, f"{tag}.mlir")
            w = os.path.join(work, f"w_{tag}")
            run([hlo, "--pass", fuse, imported, "-o", prog])
            run([hlo, "weights", "convert", prog, "--from-program", imported,
                 "--from", wimp, "--to", w, "--force"])
        report = os.path.join(work, f"verify_{FORMS.index((label, storage, fuse))}.json")
        run([hlo, "verify", args.graph, "--inputs", os.path.join(work, "deq"), "--against", prog,
             "--new-inputs", w, "--quiet", "--report", report])
        rel = [o["rel_l2"] for o in json.load(open(report))["outputs"]]
        cells = []
        # The [in, out] export takes random inputs of its own (same shapes
        # transposed; the time does not depend on the values).
        for base in ([args.graph, "--inputs", os.path.join(work, "orig")], [args.inout]):
            speed, ms = [], None
            for _ in range(args.runs):
                out = run([hlo, "bench", *base, "--against", prog, "--new-inputs", w,
                           "--quiet", "--rounds", str(args.rounds)]).stdout
                speed.append(float(re.search(r"speedup ([0-9.]+)x", out).group(1)))
                ms = [float(x) for x in re.findall(r"\| (?:original|rewritten) \| ([0-9.]+) \|", out)]
            cells.append(f"{ms[0]:.1f} | {ms[1]:.1f} | {', '.join(f'{s:.2f}x' for s in speed)}")
        print(f"| {label} | {', '.join(f'{r:.1e}' for r in rel)} | {' | '.join(cells)} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
