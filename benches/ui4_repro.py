#!/usr/bin/env python3
"""Minimal checks of packed `ui4` arguments on IREE llvm-cpu (issue "Fast and
accurate 4-bit": what went wrong with `ui4` in the hand-written panel graph).

Each case is a tiny StableHLO function taking 4-bit values as `ui4` (two to a
byte, low nibble first, fed to iree-run-module as `SHAPExui4=@file.bin`) and,
beside it, the same function taking them one per byte as `i8`. Both run on
IREE (the pinned `.venv`, or IREE_BIN) and are compared with numpy:

* `convert`: ui4 -> f32 of a [P, G, g, J] tensor (the panel layout), no math;
* `dot2d`: x [1, K] . convert(q [K, N]);
* `dot2d_nk`: the same with q stored [N, K] (contracting dim last: the
  layout hlo-opt's `storage=nibbles` forms use);
* `panels`: the panel form fuse-dequant{panel-width=J} writes:
  broadcast x to [P, G, 1, g], batched dot with convert(q [P, G, g, J]) over
  (P, G), then a sum over G.

Prints one line per case and layout: max |error| against numpy for ui4 and
for i8. Usage: python3 benches/ui4_repro.py [--keep DIR]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tool(name):
    for d in [os.environ.get("IREE_BIN", ""), os.path.join(ROOT, ".venv", "bin")]:
        p = os.path.join(d, name)
        if d and os.path.isfile(p):
            return p
    p = shutil.which(name)
    if not p:
        sys.exit(f"{name} not found: run scripts/setup-iree.sh")
    return p


def tensor(shape, elem):
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{elem}>"


def cases(P, G, g, J):
    K, N = G * g, P * J
    q4 = (P, G, g, J)
    for elem in ("ui4", "i8"):
        qt = tensor(q4, elem)
        yield "convert", elem, q4, f"""func.func @main(%q: {qt}) -> {tensor(q4, 'f32')} {{
  %0 = stablehlo.convert %q : ({qt}) -> {tensor(q4, 'f32')}
  return %0 : {tensor(q4, 'f32')}
}}"""
        qt2 = tensor((K, N), elem)
        yield "dot2d", elem, (K, N), f"""func.func @main(%x: {tensor((1, K), 'f32')}, %q: {qt2}) -> {tensor((1, N), 'f32')} {{
  %w = stablehlo.convert %q : ({qt2}) -> {tensor((K, N), 'f32')}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : ({tensor((1, K), 'f32')}, {tensor((K, N), 'f32')}) -> {tensor((1, N), 'f32')}
  return %0 : {tensor((1, N), 'f32')}
}}"""
        qt3 = tensor((N, K), elem)
        yield "dot2d_nk", elem, (N, K), f"""func.func @main(%x: {tensor((1, K), 'f32')}, %q: {qt3}) -> {tensor((1, N), 'f32')} {{
  %w = stablehlo.convert %q : ({qt3}) -> {tensor((N, K), 'f32')}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : ({tensor((1, K), 'f32')}, {tensor((N, K), 'f32')}) -> {tensor((1, N), 'f32')}
  return %0 : {tensor((1, N), 'f32')}
}}"""
        if elem == "ui4":
            for mid in ("ui8", "i8", "f16", "i32"):
                yield f"dot2d_nk_via_{mid}", elem, (N, K), f"""func.func @main(%x: {tensor((1, K), 'f32')}, %q: {qt3}) -> {tensor((1, N), 'f32')} {{
  %m = stablehlo.convert %q : ({qt3}) -> {tensor((N, K), mid)}
  %w = stablehlo.convert %m : ({tensor((N, K), mid)}) -> {tensor((N, K), 'f32')}
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : ({tensor((1, K), 'f32')}, {tensor((N, K), 'f32')}) -> {tensor((1, N), 'f32')}
  return %0 : {tensor((1, N), 'f32')}
}}"""
        yield "panels", elem, q4, f"""func.func @main(%x: {tensor((1, K), 'f32')}, %q: {qt}) -> {tensor((P, 1, J), 'f32')} {{
  %xr = stablehlo.reshape %x : ({tensor((1, K), 'f32')}) -> {tensor((1, G, g), 'f32')}
  %xb = stablehlo.broadcast_in_dim %xr, dims = [2, 1, 3] : ({tensor((1, G, g), 'f32')}) -> {tensor((P, G, 1, g), 'f32')}
  %w = stablehlo.convert %q : ({qt}) -> {tensor(q4, 'f32')}
  %d = stablehlo.dot_general %xb, %w, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : ({tensor((P, G, 1, g), 'f32')}, {tensor(q4, 'f32')}) -> {tensor((P, G, 1, J), 'f32')}
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%d init: %z) applies stablehlo.add across dimensions = [1] : ({tensor((P, G, 1, J), 'f32')}, tensor<f32>) -> {tensor((P, 1, J), 'f32')}
  return %s : {tensor((P, 1, J), 'f32')}
}}"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", default=None)
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="ui4_")
    os.makedirs(work, exist_ok=True)
    compile_, run = tool("iree-compile"), tool("iree-run-module")
    rng = np.random.default_rng(0)
    for (P, G, g, J) in [(2, 2, 8, 8), (4, 2, 64, 16), (8, 4, 64, 32)]:
        K, N = G * g, P * J
        x = rng.standard_normal((1, K)).astype(np.float32)
        q4 = rng.integers(0, 16, size=(P, G, g, J)).astype(np.uint8)
        # The [K, N] matrix the panels hold: column p*J + j, row G*g.
        qkn = q4.transpose(1, 2, 0, 3).reshape(K, N)
        for name, elem, shape, text in cases(P, G, g, J):
            tag = f"{name}_{elem}_{P}x{G}x{g}x{J}"
            src, vmfb = os.path.join(work, tag + ".mlir"), os.path.join(work, tag + ".vmfb")
            open(src, "w").write(text)
            c = subprocess.run([compile_, src, "--iree-hal-target-device=local",
                                "--iree-hal-local-target-device-backends=llvm-cpu",
                                "--iree-llvmcpu-target-cpu=host", "-o", vmfb],
                               capture_output=True, text=True)
            if c.returncode:
                print(f"{tag}: compile failed: {c.stderr.strip().splitlines()[-1]}")
                continue
            q = qkn if name == "dot2d" else np.ascontiguousarray(qkn.T) if name.startswith("dot2d_nk") else q4
            spec = "x".join(str(d) for d in q.shape)
            if elem == "ui4":
                flat = q.reshape(-1)
                packed = (flat[0::2] | (flat[1::2] << 4)).astype(np.uint8)
                qf = os.path.join(work, tag + ".q.bin")
                packed.tofile(qf)
                qarg = f"--input={spec}xui4=@{qf}"
            else:
                qf = os.path.join(work, tag + ".q.npy")
                np.save(qf, q.astype(np.int8))
                qarg = f"--input=@{qf}"
            xf = os.path.join(work, tag + ".x.npy")
            np.save(xf, x)
            out = os.path.join(work, tag + ".out.npy")
            cmd = [run, f"--module={vmfb}", "--device=local-task", "--function=main"]
            if name != "convert":
                cmd.append(f"--input=@{xf}")
            cmd += [qarg, f"--output=@{out}"]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                print(f"{tag}: run failed: {r.stderr.strip()[-300:]}")
                continue
            got = np.load(out).astype(np.float64)

            def expected(v):
                if name == "convert":
                    return v.astype(np.float64)
                if name.startswith("dot2d"):
                    kn = v.transpose(1, 2, 0, 3).reshape(K, N)
                    return x.astype(np.float64) @ kn
                return np.einsum("gk,pgkj->pj", x[0].reshape(G, g).astype(np.float64),
                                 v).reshape(P, 1, J)

            want = expected(q4.astype(np.float64))
            # The same values read as signed i4: 8..15 -> -8..-1.
            signed = expected(np.where(q4 >= 8, q4.astype(np.float64) - 16, q4))
            tol = 1e-4 * max(1.0, float(np.abs(want).max()))
            err = float(np.max(np.abs(got - want)))
            serr = float(np.max(np.abs(got - signed)))
            verdict = "right" if err < tol else \
                "WRONG: equals the values read as signed i4" if serr < tol else "WRONG"
            print(f"{tag}: max |error| {err:.2e} ({verdict})")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
