#!/usr/bin/env python3
"""Writes large StableHLO files for the parse/print benchmark, in the form JAX
prints them, without needing JAX:

  mlp-consts: an MLP stack whose weights are closure-captured, i.e. inlined as
              `stablehlo.constant dense<"0x...">` hex blobs (size set by --mb);
  decoder:    a narrow Llama-style decoder step with N layers, weights as
              arguments (many small ops; for the linear-cost check).
"""
import argparse
import os
import random


def mlp_consts(path, mb, width):
    per_layer = width * width * 4
    # Two hex digits per byte: the text is twice the weight bytes.
    layers = max(1, (mb * 1000 * 1000) // (2 * per_layer) + 1)
    rnd = random.Random(0)
    t = f"tensor<{width}x{width}xf32>"
    a = f"tensor<8x{width}xf32>"
    with open(path, "w") as f:
        f.write("module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {\n")
        f.write(f"  func.func public @main(%arg0: {a}) -> ({a} {{jax.result_info = \"result\"}}) {{\n")
        prev = "%arg0"
        for i in range(layers):
            # Random-ish but cheap bytes: repeat a random 4 KiB hex block.
            block = "".join(rnd.choice("0123456789ABCDEF") for _ in range(8192))
            reps, rest = divmod(per_layer * 2, len(block))
            f.write(f"    %cst_{i} = stablehlo.constant dense<\"0x")
            for _ in range(reps):
                f.write(block)
            f.write(block[:rest])
            f.write(f"\"> : {t}\n")
            f.write(f"    %{2*i} = stablehlo.dot_general {prev}, %cst_{i}, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : ({a}, {t}) -> {a}\n")
            f.write(f"    %{2*i+1} = stablehlo.tanh %{2*i} : {a}\n")
            prev = f"%{2*i+1}"
        f.write(f"    return {prev} : {a}\n  }}\n}}\n")
    return layers


def decoder(path, layers, d):
    f_ = 4 * d
    lines = []
    w = []
    for i in range(layers):
        w += [(f"params['layers'][{i}]['attn_norm']", f"tensor<{d}xf32>"),
              (f"params['layers'][{i}]['wqkv']", f"tensor<{d}x{3*d}xf32>"),
              (f"params['layers'][{i}]['wo']", f"tensor<{d}x{d}xf32>"),
              (f"params['layers'][{i}]['mlp_norm']", f"tensor<{d}xf32>"),
              (f"params['layers'][{i}]['w_up']", f"tensor<{d}x{f_}xf32>"),
              (f"params['layers'][{i}]['w_down']", f"tensor<{f_}x{d}xf32>")]
    args = ", ".join(f"%arg{j}: {t} loc(\"{n}\")" for j, (n, t) in enumerate(w))
    x = f"tensor<1x{d}xf32>"
    lines.append("module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {")
    lines.append(f"  func.func public @main({args}, %x: {x} loc(\"x\")) -> ({x} {{jax.result_info = \"result\"}}) {{")
    lines.append("    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc)")
    lines.append(f"    %eps = stablehlo.constant dense<9.99999997E-7> : tensor<1x1xf32> loc(#loc)")
    prev = "%x"
    n = 0

    def v():
        nonlocal n
        n += 1
        return f"%{n}"

    def norm(inp, g):
        s = v(); lines.append(f"    {s} = stablehlo.multiply {inp}, {inp} : {x} loc(#loc1)")
        r = v(); lines.append(f"    {r} = stablehlo.reduce({s} init: %cst) applies stablehlo.add across dimensions = [1] : ({x}, tensor<f32>) -> tensor<1xf32> loc(#loc1)")
        b = v(); lines.append(f"    {b} = stablehlo.broadcast_in_dim {r}, dims = [0] : (tensor<1xf32>) -> tensor<1x1xf32> loc(#loc1)")
        a = v(); lines.append(f"    {a} = stablehlo.add {b}, %eps : tensor<1x1xf32> loc(#loc1)")
        q = v(); lines.append(f"    {q} = stablehlo.rsqrt {a} : tensor<1x1xf32> loc(#loc1)")
        qb = v(); lines.append(f"    {qb} = stablehlo.broadcast_in_dim {q}, dims = [0, 1] : (tensor<1x1xf32>) -> {x} loc(#loc1)")
        m = v(); lines.append(f"    {m} = stablehlo.multiply {inp}, {qb} : {x} loc(#loc1)")
        gb = v(); lines.append(f"    {gb} = stablehlo.broadcast_in_dim {g}, dims = [1] : (tensor<{d}xf32>) -> {x} loc(#loc1)")
        o = v(); lines.append(f"    {o} = stablehlo.multiply {m}, {gb} : {x} loc(#loc1)")
        return o

    def dot(inp, wv, k, nout):
        o = v(); lines.append(f"    {o} = stablehlo.dot_general {inp}, {wv}, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x{k}xf32>, tensor<{k}x{nout}xf32>) -> tensor<1x{nout}xf32> loc(#loc2)")
        return o

    for i in range(layers):
        base = 6 * i
        h = norm(prev, f"%arg{base}")
        qkv = dot(h, f"%arg{base+1}", d, 3 * d)
        s = v(); lines.append(f"    {s} = stablehlo.slice {qkv} [0:1, 0:{d}] : (tensor<1x{3*d}xf32>) -> {x} loc(#loc2)")
        t = v(); lines.append(f"    {t} = stablehlo.tanh {s} : {x} loc(#loc2)")
        o = dot(t, f"%arg{base+2}", d, d)
        r = v(); lines.append(f"    {r} = stablehlo.add {prev}, {o} : {x} loc(#loc2)")
        h2 = norm(r, f"%arg{base+3}")
        up = dot(h2, f"%arg{base+4}", d, f_)
        lg = v(); lines.append(f"    {lg} = stablehlo.logistic {up} : tensor<1x{f_}xf32> loc(#loc2)")
        sl = v(); lines.append(f"    {sl} = stablehlo.multiply {up}, {lg} : tensor<1x{f_}xf32> loc(#loc2)")
        dn = dot(sl, f"%arg{base+5}", f_, d)
        prev = v(); lines.append(f"    {prev} = stablehlo.add {r}, {dn} : {x} loc(#loc2)")
    lines.append(f"    return {prev} : {x} loc(#loc)")
    lines.append("  } loc(#loc)")
    lines.append("} loc(#loc)")
    lines.append("#loc = loc(unknown)")
    lines.append("#loc1 = loc(\"jit(step)/rms_norm\"(#loc))")
    lines.append("#loc2 = loc(\"jit(step)/layer\"(#loc))")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kind", choices=["mlp-consts", "decoder"])
    ap.add_argument("out")
    ap.add_argument("--mb", type=int, default=400)
    ap.add_argument("--width", type=int, default=1024)
    ap.add_argument("--layers", type=int, default=64)
    a = ap.parse_args()
    if a.kind == "mlp-consts":
        n = mlp_consts(a.out, a.mb, a.width)
        print(f"wrote {a.out}: {n} layers, {os.path.getsize(a.out) / 1e6:.0f} MB")
    else:
        decoder(a.out, a.layers, a.width)
        print(f"wrote {a.out}: {a.layers} layers, {os.path.getsize(a.out) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
