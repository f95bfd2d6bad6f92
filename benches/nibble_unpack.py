#!/usr/bin/env python3
"""Two 4-bit values per byte, unpacked inside the graph: can IREE llvm-cpu
read them as fast as one value per byte? (issue 14, the 4-bit preset.)

`--preset cpu-int4` stores one 4-bit value per byte because packed `ui4`
meets an IREE 3.13 bug (benches/ui4_repro.py), so its weights are as many
bytes as int8's. This script tries the other way to halve them: the values
packed two to a byte in a plain `i8`/`ui8` tensor (low nibble: column k of
the group, high nibble: column k + g/2) and unpacked with StableHLO's own
integer or float ops before the panel dot fuse-dequant{panel-width=J}
writes. One matvec of the panel form, x [1, K] against q [P, G, g, J] with
one scale per group and column, then the sum over groups:

* `bytes`:   q one value per byte, `convert` then the batched dot (today's form);
* `shift`:   broadcast the packed bytes to [P, G, 2, g/2, J], `shift_left`
             by (4, 0), `shift_right_logical` by 4, one dot contracting (2, g/2);
* `concat`:  `and 15` and `shift_right_logical 4`, concatenated on g, one dot;
* `two`:     the same two halves, each converted and dotted with its half of
             x, the two results added;
* `twof`:    as `two`, but split in f32: hi = floor(w / 16), lo = w - 16 hi;
* `i4`:      IREE's own packed type, signed: the values minus 8 as `i4`
             (two to a byte, low nibble first), `convert` then the dot of
             `bytes`. (`ui4` is read as signed by IREE 3.13 in this form,
             benches/ui4_repro.py; a signed type sidesteps that, and the 8
             moves into the affine bias: (q - 8) s + (b + 8 s) = q s + b.)

Each form's output is checked against numpy on random data (max |error|),
then timed with iree-benchmark-module (median ms, the best of --reps
medians) and printed as a ratio against `bytes` measured in the same run.

    python3 benches/nibble_unpack.py [--panels 1024] [--reps 2] [--keep DIR]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
G, g, J = 32, 64, 32  # K = 2048 as at the 1B shapes; panels of 32 columns
H = g // 2


# The IREE tool finder and the tensor type spelling of benches/ui4_repro.py.
from ui4_repro import tensor as t, tool  # noqa: E402


def tail(P):
    """The scale, the sum over groups and the merge of panels, shared by all forms."""
    d = t((P, G, 1, J), "f32")
    return f"""  %sb = stablehlo.broadcast_in_dim %s, dims = [0, 1, 3] : ({t((P, G, J), 'f32')}) -> {d}
  %m = stablehlo.multiply %d, %sb : {d}
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%m init: %z) applies stablehlo.add across dimensions = [1] : ({d}, tensor<f32>) -> {t((P, 1, J), 'f32')}
  %tr = stablehlo.transpose %r, dims = [1, 0, 2] : ({t((P, 1, J), 'f32')}) -> {t((1, P, J), 'f32')}
  %o = stablehlo.reshape %tr : ({t((1, P, J), 'f32')}) -> {t((1, P * J), 'f32')}
  return %o : {t((1, P * J), 'f32')}
}}"""


def dot(P, lhs, rhs, k_dims, x_shape, w_shape):
    """`%d`: the panel dot of a broadcast x against the converted weight."""
    xb_shape = (P, G, 1) + x_shape[2:]
    nk = len(x_shape) - 2
    xdims = ", ".join(str(i) for i in [2, 1] + list(range(3, 3 + nk)))
    lc = ", ".join(str(3 + i) for i in range(nk))
    rc = ", ".join(str(2 + i) for i in range(nk))
    return f"""  %xb{lhs} = stablehlo.broadcast_in_dim %{lhs}, dims = [{xdims}] : ({t(x_shape, 'f32')}) -> {t(xb_shape, 'f32')}
  %{k_dims} = stablehlo.dot_general %xb{lhs}, %{rhs}, batching_dims = [0, 1] x [0, 1], contracting_dims = [{lc}] x [{rc}] : ({t(xb_shape, 'f32')}, {t(w_shape, 'f32')}) -> {t((P, G, 1, J), 'f32')}
"""


def forms(P):
    """(name, packed?, weight element type, MLIR)."""
    head = lambda w: f"func.func @main(%x: {t((1, G * g), 'f32')}, %w: {w}, %s: {t((P, G, J), 'f32')}) -> {t((1, P * J), 'f32')} {{\n"
    full, half = (P, G, g, J), (P, G, H, J)
    xr = lambda shape: f"  %xr = stablehlo.reshape %x : ({t((1, G * g), 'f32')}) -> {t(shape, 'f32')}\n"
    halves = f"""  %m15 = stablehlo.constant dense<15> : {t(half, 'i8')}
  %four = stablehlo.constant dense<4> : {t(half, 'i8')}
  %lo = stablehlo.and %w, %m15 : {t(half, 'i8')}
  %hi = stablehlo.shift_right_logical %w, %four : {t(half, 'i8')}
"""
    for name, elem in (("bytes", "i8"), ("i4", "i4")):
        yield name, False, elem, (head(t(full, elem)) + xr((1, G, g))
            + f"  %c = stablehlo.convert %w : ({t(full, elem)}) -> {t(full, 'f32')}\n"
            + dot(P, "xr", "c", "d", (1, G, g), full) + tail(P))
    wide = (P, G, 2, H, J)
    yield "shift", True, "i8", (head(t(half, "i8")) + xr((1, G, 2, H))
        + f"""  %wb = stablehlo.broadcast_in_dim %w, dims = [0, 1, 3, 4] : ({t(half, 'i8')}) -> {t(wide, 'i8')}
  %sh0 = stablehlo.constant dense<[4, 0]> : tensor<2xi8>
  %sh = stablehlo.broadcast_in_dim %sh0, dims = [2] : (tensor<2xi8>) -> {t(wide, 'i8')}
  %four = stablehlo.constant dense<4> : {t(wide, 'i8')}
  %l = stablehlo.shift_left %wb, %sh : {t(wide, 'i8')}
  %u = stablehlo.shift_right_logical %l, %four : {t(wide, 'i8')}
  %c = stablehlo.convert %u : ({t(wide, 'i8')}) -> {t(wide, 'f32')}
""" + dot(P, "xr", "c", "d", (1, G, 2, H), wide) + tail(P))
    yield "concat", True, "i8", (head(t(half, "i8")) + xr((1, G, g)) + halves
        + f"""  %q = stablehlo.concatenate %lo, %hi, dim = 2 : ({t(half, 'i8')}, {t(half, 'i8')}) -> {t(full, 'i8')}
  %c = stablehlo.convert %q : ({t(full, 'i8')}) -> {t(full, 'f32')}
""" + dot(P, "xr", "c", "d", (1, G, g), full) + tail(P))
    split_x = xr((1, G, 2, H)) + "".join(
        f"""  %x{n}s = stablehlo.slice %xr [0:1, 0:{G}, {i}:{i + 1}, 0:{H}] : ({t((1, G, 2, H), 'f32')}) -> {t((1, G, 1, H), 'f32')}
  %x{n} = stablehlo.reshape %x{n}s : ({t((1, G, 1, H), 'f32')}) -> {t((1, G, H), 'f32')}
""" for i, n in enumerate(["lo", "hi"]))
    two_dots = (dot(P, "xlo", "clo", "dlo", (1, G, H), half) + dot(P, "xhi", "chi", "dhi", (1, G, H), half)
                + f"  %d = stablehlo.add %dlo, %dhi : {t((P, G, 1, J), 'f32')}\n")
    yield "two", True, "i8", (head(t(half, "i8")) + split_x + halves
        + f"""  %clo = stablehlo.convert %lo : ({t(half, 'i8')}) -> {t(half, 'f32')}
  %chi = stablehlo.convert %hi : ({t(half, 'i8')}) -> {t(half, 'f32')}
""" + two_dots + tail(P))
    yield "twof", True, "ui8", (head(t(half, "ui8")) + split_x
        + f"""  %cw = stablehlo.convert %w : ({t(half, 'ui8')}) -> {t(half, 'f32')}
  %k16 = stablehlo.constant dense<0.0625> : {t(half, 'f32')}
  %s16 = stablehlo.constant dense<16.0> : {t(half, 'f32')}
  %hs = stablehlo.multiply %cw, %k16 : {t(half, 'f32')}
  %chi = stablehlo.floor %hs : {t(half, 'f32')}
  %h16 = stablehlo.multiply %chi, %s16 : {t(half, 'f32')}
  %clo = stablehlo.subtract %cw, %h16 : {t(half, 'f32')}
""" + two_dots + tail(P))


def median_ms(text):
    got = re.findall(r"real_time_median\s+([\d.]+) ms", text)
    if not got:
        sys.exit("no median in iree-benchmark-module's output:\n" + text[-2000:])
    return float(got[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--panels", type=int, default=1024, help="P: N = 32 P columns (1024: a 2048 x 32768 matrix, 67 MB in bytes)")
    ap.add_argument("--reps", type=int, default=2, help="interleaved rounds of 5 benchmark repetitions")
    ap.add_argument("--keep", help="write the programs and inputs here instead of a temporary folder")
    a = ap.parse_args()
    P = a.panels
    work = a.keep or tempfile.mkdtemp(prefix="nibble_unpack_")
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, G * g), dtype=np.float32)
    q = rng.integers(0, 16, size=(P, G, g, J), dtype=np.uint8)
    s = (rng.random((P, G, J), dtype=np.float32) + 0.5) / 16
    packed = q[:, :, :H, :] | (q[:, :, H:, :] << 4)
    xg = x.reshape(G, g).astype(np.float64)
    reference = lambda v: np.einsum("Gk,pGkj,pGj->pj", xg, v, s.astype(np.float64)).reshape(1, P * J)
    ref, ref_i4 = reference(q.astype(np.float64)), reference(q.astype(np.float64) - 8)
    files = {"x": x, "s": s, "bytes": q.astype(np.int8), "i8": packed.view(np.int8), "ui8": packed}
    for name, arr in files.items():
        np.save(os.path.join(work, f"{name}.npy"), arr)
    flat = (q.astype(np.int16) - 8).astype(np.uint8).reshape(-1) & 15
    i4_file = os.path.join(work, "i4.bin")
    (flat[0::2] | (flat[1::2] << 4)).astype(np.uint8).tofile(i4_file)
    compile_, run, bench = tool("iree-compile"), tool("iree-run-module"), tool("iree-benchmark-module")
    built = []
    for name, is_packed, elem, text in forms(P):
        src, vmfb = os.path.join(work, f"{name}.mlir"), os.path.join(work, f"{name}.vmfb")
        with open(src, "w") as f:
            f.write(text)
        subprocess.run([compile_, "--iree-hal-target-device=local",
                        "--iree-hal-local-target-device-backends=llvm-cpu",
                        "--iree-llvmcpu-target-cpu=host", src, "-o", vmfb], check=True)
        if elem == "i4":
            w = "x".join(str(d) for d in (P, G, g, J)) + f"xi4=@{i4_file}"
        else:
            w = "@" + os.path.join(work, ("ui8" if elem == "ui8" else "i8") + ".npy" if is_packed else "bytes.npy")
        args = [f"--module={vmfb}", "--function=main", "--device=local-task",
                f"--input=@{os.path.join(work, 'x.npy')}", f"--input={w}",
                f"--input=@{os.path.join(work, 's.npy')}"]
        out = os.path.join(work, f"{name}.out.npy")
        subprocess.run([run] + args + [f"--output=@{out}"], check=True, capture_output=True)
        err = float(np.max(np.abs(np.load(out).astype(np.float64) - (ref_i4 if elem == "i4" else ref))))
        print(f"{name}: max |error| against numpy {err:.2e} (|y| up to {np.max(np.abs(ref)):.1f})", file=sys.stderr)
        built.append((name, args))
    best = {}
    for _ in range(a.reps):
        for name, args in built:
            text = subprocess.run([bench] + args + ["--benchmark_repetitions=5"], check=True,
                                  capture_output=True, text=True).stdout
            best[name] = min(best.get(name, float("inf")), median_ms(text))
    weight_mb = {n: (P * G * g * J if n == "bytes" else P * G * H * J) / 1e6 for n, _ in built}
    print(f"| form | weight MB | ms (best of {a.reps} medians) | bytes / form |")
    print("|---|---|---|---|")
    for name, _ in built:
        print(f"| {name} | {weight_mb[name]:.1f} | {best[name]:.2f} | {best['bytes'] / best[name]:.2f}x |")
    if not a.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
