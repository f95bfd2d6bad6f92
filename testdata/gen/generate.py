#!/usr/bin/env python3
"""Generates the JAX-exported StableHLO programs in testdata/jax/.

Run with JAX installed (`pip install jax`): `python3 testdata/gen/generate.py`.
CI does not run this; the generated .mlir files are committed.
`generate.py --deep LAYERS OUT.mlir` writes one narrow deep decoder step
(hidden 64, debug locations) to OUT.mlir instead, for benches/pass_scaling.py.
`generate.py --real-size OUT_DIR [LAYERS]` writes a decode step of
Llama-3.2-1B's shapes (OUT_DIR/llama1b_step.mlir, weights stored [out, in])
and random f32 weights for it (OUT_DIR/llama1b_step.inputs/, 4.9 GB), for
benches/real_size.py; never committed. Weights come
from a seeded normal RNG, so re-running gives the same files for the same JAX
version (recorded in testdata/jax/VERSION).
"""
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax import export, lax

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "jax")


def rng(seed):
    return np.random.default_rng(seed)


def save_inputs(name, args):
    """Writes the arguments of an exported function as the folder of .npy files
    that `hlo-opt weights convert` and `verify --inputs` read (arg000.npy, ...)."""
    folder = os.path.join(OUT, name.replace(".mlir", ".inputs"))
    os.makedirs(folder, exist_ok=True)
    for i, leaf in enumerate(jax.tree_util.tree_leaves(args)):
        np.save(os.path.join(folder, f"arg{i:03d}.npy"), np.asarray(leaf))


def save(name, text):
    path = os.path.join(OUT, name)
    with open(path, "w") as f:
        f.write(text)
    print(f"wrote {path} ({len(text)} bytes)")


# ----------------------------------------------------------------- decoders --

def rms_norm(x, g, eps=1e-6):
    return x * lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps) * g


def decoder_params(cfg, seed):
    r = rng(seed)
    d, f, v, h, kv, hd = cfg["d"], cfg["f"], cfg["vocab"], cfg["heads"], cfg["kv_heads"], cfg["head_dim"]
    s = 0.02
    p = {"embed": (r.standard_normal((v, d)) * s).astype(np.float32), "layers": []}
    for _ in range(cfg["layers"]):
        layer = {
            "attn_norm": np.ones((d,), np.float32) + (r.standard_normal(d) * 0.1).astype(np.float32),
            "wq": (r.standard_normal((d, h * hd)) * s).astype(np.float32),
            "wk": (r.standard_normal((d, kv * hd)) * s).astype(np.float32),
            "wv": (r.standard_normal((d, kv * hd)) * s).astype(np.float32),
            "wo": (r.standard_normal((h * hd, d)) * s).astype(np.float32),
            "mlp_norm": np.ones((d,), np.float32) + (r.standard_normal(d) * 0.1).astype(np.float32),
            "w_gate": (r.standard_normal((d, f)) * s).astype(np.float32),
            "w_up": (r.standard_normal((d, f)) * s).astype(np.float32),
            "w_down": (r.standard_normal((f, d)) * s).astype(np.float32),
        }
        if cfg.get("qkv_bias"):
            layer["bq"] = (r.standard_normal(h * hd) * s).astype(np.float32)
            layer["bk"] = (r.standard_normal(kv * hd) * s).astype(np.float32)
            layer["bv"] = (r.standard_normal(kv * hd) * s).astype(np.float32)
        if cfg.get("post_norms"):
            layer["post_attn_norm"] = np.ones((d,), np.float32)
            layer["post_mlp_norm"] = np.ones((d,), np.float32)
        p["layers"].append(layer)
    p["final_norm"] = np.ones((d,), np.float32)
    if not cfg.get("tied"):
        p["lm_head"] = (r.standard_normal((d, v)) * s).astype(np.float32)
    return p


def decoder_step(cfg):
    """One decode step: token ids [B], position, KV caches -> logits and new caches."""
    h, kv, hd = cfg["heads"], cfg["kv_heads"], cfg["head_dim"]
    act = cfg.get("act", "silu")

    def step(params, ids, pos, k_cache, v_cache):
        x = params["embed"][ids]  # [B, D] (gather)
        if cfg.get("embed_scale"):
            x = x * jnp.sqrt(jnp.float32(x.shape[-1]))
        new_k, new_v = [], []
        for i, layer in enumerate(params["layers"]):
            y = rms_norm(x, layer["attn_norm"])
            q = y @ layer["wq"]
            k = y @ layer["wk"]
            v = y @ layer["wv"]
            if cfg.get("qkv_bias"):
                q, k, v = q + layer["bq"], k + layer["bk"], v + layer["bv"]
            b = x.shape[0]
            q = q.reshape(b, h, hd)
            k = k.reshape(b, kv, hd)
            v = v.reshape(b, kv, hd)
            kc = lax.dynamic_update_slice(k_cache[i], k[:, None], (0, pos, 0, 0))
            vc = lax.dynamic_update_slice(v_cache[i], v[:, None], (0, pos, 0, 0))
            new_k.append(kc)
            new_v.append(vc)
            rep = h // kv
            kr = jnp.repeat(kc, rep, axis=2)  # [B, S, H, hd]
            vr = jnp.repeat(vc, rep, axis=2)
            scores = jnp.einsum("bhd,bshd->bhs", q, kr) / jnp.sqrt(jnp.float32(hd))
            if cfg.get("softcap"):
                scores = cfg["softcap"] * jnp.tanh(scores / cfg["softcap"])
            mask = jnp.arange(kc.shape[1]) <= pos
            scores = jnp.where(mask[None, None, :], scores, -1e9)
            probs = jax.nn.softmax(scores, axis=-1)
            att = jnp.einsum("bhs,bshd->bhd", probs, vr).reshape(b, h * hd)
            o = att @ layer["wo"]
            if cfg.get("post_norms"):
                o = rms_norm(o, layer["post_attn_norm"])
            x = x + o
            y = rms_norm(x, layer["mlp_norm"])
            gate = y @ layer["w_gate"]
            gate = jax.nn.gelu(gate, approximate=True) if act == "gelu" else jax.nn.silu(gate)
            m = (gate * (y @ layer["w_up"])) @ layer["w_down"]
            if cfg.get("post_norms"):
                m = rms_norm(m, layer["post_mlp_norm"])
            x = x + m
        x = rms_norm(x, params["final_norm"])
        head = params["embed"].T if cfg.get("tied") else params["lm_head"]
        logits = x @ head
        if cfg.get("final_softcap"):
            logits = cfg["final_softcap"] * jnp.tanh(logits / cfg["final_softcap"])
        return logits, jnp.stack(new_k), jnp.stack(new_v)

    return step


def decoder_inputs(cfg, batch=1, seq=16):
    kshape = (cfg["layers"], batch, seq, cfg["kv_heads"], cfg["head_dim"])
    r = rng(7)
    ids = jnp.asarray(r.integers(0, cfg["vocab"], size=(batch,)), dtype=jnp.int32)
    pos = jnp.int32(3)
    kc = jnp.asarray(r.standard_normal(kshape) * 0.5, dtype=jnp.float32)
    vc = jnp.asarray(r.standard_normal(kshape) * 0.5, dtype=jnp.float32)
    return ids, pos, kc, vc


LLAMA = dict(d=64, f=128, vocab=256, heads=4, kv_heads=2, head_dim=16, layers=2)
QWEN2 = dict(LLAMA, qkv_bias=True, tied=True)
GEMMA2 = dict(LLAMA, act="gelu", post_norms=True, softcap=50.0, final_softcap=30.0, embed_scale=True, tied=True)


def bench_decoder_specs(cfg, out_in=False):
    """Argument specs of a benchmark-size decode step (weights as
    ShapeDtypeStructs, nothing allocated) and its small inputs."""
    p1 = decoder_params(dict(cfg, layers=1, vocab=min(cfg["vocab"], 256)), 0)
    shapes = jax.tree_util.tree_map(lambda a: a.shape, p1)
    shapes["embed"] = (cfg["vocab"], cfg["d"])
    if "lm_head" in shapes:
        shapes["lm_head"] = (cfg["d"], cfg["vocab"])
    layer_shapes = shapes["layers"][0]
    full = {k: v for k, v in shapes.items() if k != "layers"}
    full["layers"] = [layer_shapes for _ in range(cfg["layers"])]

    def spec(shape, path_key):
        if out_in and len(shape) == 2 and "embed" not in path_key:
            shape = shape[::-1]
        return jax.ShapeDtypeStruct(shape, jnp.float32)

    pspec = jax.tree_util.tree_map_with_path(
        lambda path, shp: spec(shp, str(path[-1])), full, is_leaf=lambda x: isinstance(x, tuple)
    )
    return pspec, decoder_inputs(cfg, seq=cfg.get("seq", 16))


def bench_decoder_text(cfg, out_in=False):
    """The exported text of a benchmark-size decode step. With out_in,
    weights are stored [out, in] as PyTorch and MLX store them, and the graph
    reads `x @ W.T`."""
    base_step = decoder_step(cfg)

    def tr(p):
        if not out_in:
            return p
        def fix(path, a):
            key = str(path[-1])
            return a.T if (a.ndim == 2 and "embed" not in key) else a
        return jax.tree_util.tree_map_with_path(fix, p)

    pspec, ins = bench_decoder_specs(cfg, out_in)
    step = lambda p, *a: base_step(tr(p), *a)
    return jax.jit(step).lower(pspec, *ins).as_text(debug_info=True)


def export_bench_decoder(name, cfg, out_in=False):
    """A decode step at benchmark size, weights as arguments, no inputs saved
    (hlo-opt bench makes seeded random ones)."""
    save(name, bench_decoder_text(cfg, out_in))


def export_deep(layers, path):
    """A narrow decode step (hidden 64) of `layers` layers, weights as
    arguments, with JAX's debug locations (`#loc` aliases), written to `path`:
    the input of benches/pass_scaling.py (generated on demand, not committed)."""
    cfg = dict(LLAMA, layers=layers)
    p1 = decoder_params(dict(cfg, layers=1), 0)
    shapes = jax.tree_util.tree_map(lambda a: a.shape, p1)
    full = {k: v for k, v in shapes.items() if k != "layers"}
    full["layers"] = [shapes["layers"][0] for _ in range(layers)]
    pspec = jax.tree_util.tree_map(
        lambda shp: jax.ShapeDtypeStruct(shp, jnp.float32), full, is_leaf=lambda x: isinstance(x, tuple)
    )
    ins = decoder_inputs(cfg)
    text = jax.jit(decoder_step(cfg)).lower(pspec, *ins).as_text(debug_info=True)
    with open(path, "w") as f:
        f.write(text)
    print(f"wrote {path} ({len(text)} bytes, {layers} layers)")


# Llama-3.2-1B's shapes: hidden 2048, 16 layers, MLP 8192, 32 query and 8
# KV heads of 64, vocabulary 128256, tied embedding; a KV cache of 256.
LLAMA_1B = dict(d=2048, f=8192, vocab=128256, heads=32, kv_heads=8, head_dim=64, layers=16, tied=True, seq=256)


def export_real_size(out_dir, layers=16):
    """The 1B-shaped decode step with weights as [out, in] arguments (as
    PyTorch and safetensors checkpoints store them), debug locations on, and
    seeded random f32 inputs written one file at a time (never the whole set
    in memory): matrices normal with standard deviation 1/sqrt(in), norms
    near 1, token id and position in range, KV caches normal."""
    cfg = dict(LLAMA_1B, layers=layers)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "llama1b_step.mlir")
    text = bench_decoder_text(cfg, out_in=True)
    with open(path, "w") as f:
        f.write(text)
    print(f"wrote {path} ({len(text)} bytes, {layers} layers)")
    folder = os.path.join(out_dir, "llama1b_step.inputs")
    os.makedirs(folder, exist_ok=True)
    pspec, ins = bench_decoder_specs(cfg, out_in=True)
    leaves = [l.shape for l in jax.tree_util.tree_leaves(pspec)]
    r = rng(11)
    total = 0
    for i, shape in enumerate(leaves):
        out = np.lib.format.open_memmap(os.path.join(folder, f"arg{i:03d}.npy"), mode="w+", dtype=np.float32, shape=shape)
        if len(shape) == 1:
            out[:] = 1.0 + 0.1 * r.standard_normal(shape, dtype=np.float32)
        else:
            rows = max(1, (64 << 20) // (4 * shape[-1]))
            for a in range(0, shape[0], rows):
                b = min(shape[0], a + rows)
                out[a:b] = r.standard_normal((b - a,) + tuple(shape[1:]), dtype=np.float32) / np.float32(np.sqrt(shape[-1]))
        out.flush()
        total += out.nbytes
        del out
    for j, a in enumerate(ins):
        np.save(os.path.join(folder, f"arg{len(leaves) + j:03d}.npy"), np.asarray(a))
    print(f"wrote {folder} ({len(leaves) + len(ins)} arrays, {total / 1e9:.2f} GB of weights)")


def export_decoder_out_in(name, cfg, seed):
    """The small decoder with its matrices stored [out, in] (PyTorch/MLX
    style); the graph reads `x @ W.T`. Inputs saved."""
    params = decoder_params(cfg, seed)

    def fix(path, a):
        return a.T.copy() if (a.ndim == 2 and "embed" not in str(path[-1])) else a

    stored = jax.tree_util.tree_map_with_path(fix, params)
    unfix = lambda p: jax.tree_util.tree_map_with_path(lambda path, a: a.T if (a.ndim == 2 and "embed" not in str(path[-1])) else a, p)
    base = decoder_step(cfg)
    step = lambda p, *a: base(unfix(p), *a)
    ins = decoder_inputs(cfg)
    save(name, jax.jit(step).lower(stored, *ins).as_text(debug_info=True))
    save_inputs(name, (stored, *ins))


def export_decoder(name, cfg, seed, as_constants=False):
    params = decoder_params(cfg, seed)
    step = decoder_step(cfg)
    ins = decoder_inputs(cfg)
    if as_constants:
        jparams = jax.tree_util.tree_map(jnp.asarray, params)
        fn = jax.jit(lambda ids, pos, kc, vc: step(jparams, ids, pos, kc, vc))
        save(name, fn.lower(*ins).as_text())
        save_inputs(name, ins)
    else:
        fn = jax.jit(step)
        save(name, fn.lower(params, *ins).as_text(debug_info=True))
        save_inputs(name, (params, *ins))


# --------------------------------------------------------------------- others --

def cnn():
    r = rng(3)
    p = {
        "c1": (r.standard_normal((3, 3, 3, 8)) * 0.2).astype(np.float32),
        "b1": np.zeros(8, np.float32),
        "c2": (r.standard_normal((3, 3, 8, 16)) * 0.1).astype(np.float32),
        "b2": np.zeros(16, np.float32),
        "fc": (r.standard_normal((16, 10)) * 0.1).astype(np.float32),
    }

    def f(p, x):
        dn = ("NHWC", "HWIO", "NHWC")
        y = lax.conv_general_dilated(x, p["c1"], (1, 1), "SAME", dimension_numbers=dn) + p["b1"]
        y = jax.nn.relu(y)
        y = lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        y = lax.conv_general_dilated(y, p["c2"], (1, 1), "SAME", dimension_numbers=dn) + p["b2"]
        y = jax.nn.relu(y).mean(axis=(1, 2))
        return y @ p["fc"]

    x = jnp.asarray(rng(4).standard_normal((2, 16, 16, 3)), jnp.float32)
    save("cnn_args.mlir", jax.jit(f).lower(p, x).as_text(debug_info=True))
    save_inputs("cnn_args.mlir", (p, x))


def bench_cnn():
    """A ResNet-like stack at benchmark size (no inputs saved; hlo-opt bench
    makes seeded random ones): four 3x3 convolutions of 128 channels at
    28x28, batch 1, residual adds, a classifier."""
    c = 128
    spec = {f"c{i}": jax.ShapeDtypeStruct((3, 3, c, c), jnp.float32) for i in range(4)}
    spec["stem"] = jax.ShapeDtypeStruct((3, 3, 3, c), jnp.float32)
    spec["fc"] = jax.ShapeDtypeStruct((c, 1000), jnp.float32)

    def f(p, x):
        dn = ("NHWC", "HWIO", "NHWC")
        conv = lambda y, w: lax.conv_general_dilated(y, w, (1, 1), "SAME", dimension_numbers=dn)
        y = jax.nn.relu(conv(x, p["stem"]))
        for i in range(0, 4, 2):
            h = jax.nn.relu(conv(y, p[f"c{i}"]))
            y = jax.nn.relu(y + conv(h, p[f"c{i + 1}"]))
        return y.mean(axis=(1, 2)) @ p["fc"]

    x = jax.ShapeDtypeStruct((1, 28, 28, 3), jnp.float32)
    save("bench_cnn.mlir", jax.jit(f).lower(spec, x).as_text(debug_info=True))


def while_scan():
    def f(w, xs, h0):
        def body(h, x):
            h = jnp.tanh(h @ w + x)
            return h, h.sum()
        h, ys = lax.scan(body, h0, xs)
        n = lax.fori_loop(0, 5, lambda i, c: c * 1.5 + i, h.sum())
        return h, ys, n

    w = jnp.zeros((8, 8), jnp.float32)
    xs = jnp.zeros((6, 8), jnp.float32)
    save("scan_while.mlir", jax.jit(f).lower(w, xs, jnp.zeros(8)).as_text())


def sort_topk():
    def f(x, keys):
        s = jnp.sort(x, axis=-1)
        idx = jnp.argsort(keys)
        v, i = lax.top_k(x, 3)
        return s, idx, v, i, jnp.argmax(x, axis=-1)

    save("sort_topk.mlir", jax.jit(f).lower(jnp.zeros((4, 10)), jnp.zeros(10, jnp.int32)).as_text())


def gather_scatter():
    def f(table, ids, upd):
        g = table[ids]
        t = table.at[ids].add(upd)
        return g, t, jnp.take_along_axis(table[:5], ids[:, None] % 8, axis=1)

    save(
        "gather_scatter.mlir",
        jax.jit(f).lower(jnp.zeros((32, 8)), jnp.zeros(5, jnp.int32), jnp.zeros((5, 8))).as_text(),
    )


def cond_switch():
    def f(p, i, x):
        a = lax.cond(p, lambda v: v * 2.0, lambda v: v - 1.0, x)
        b = lax.switch(i, [lambda v: v + 1.0, lambda v: jnp.sin(v), lambda v: v @ v.T], x)
        return a, b

    save("cond_switch.mlir", jax.jit(f).lower(True, 1, jnp.zeros((4, 4))).as_text())


def shape_poly():
    def f(x, w):
        return jax.nn.relu(x @ w).sum(axis=0)

    b = export.symbolic_shape("b")
    exp = export.export(jax.jit(f))(
        jax.ShapeDtypeStruct((b[0], 16), jnp.float32), jax.ShapeDtypeStruct((16, 4), jnp.float32)
    )
    save("shape_poly.mlir", exp.mlir_module())


def mlp_constants():
    r = rng(11)
    w1 = jnp.asarray(r.standard_normal((32, 64)) * 0.1, jnp.float32)
    w2 = jnp.asarray(r.standard_normal((64, 8)) * 0.1, jnp.float32)

    def f(x):
        return jax.nn.relu(x @ w1) @ w2

    save("mlp_constants.mlir", jax.jit(f).lower(jnp.zeros((4, 32))).as_text())


def norm_softmax():
    """Norms and softmax at LLM scale (hidden 2048, activations of std ~10 with
    outliers): the pieces the graph passes keep in f32, one output each."""
    r = rng(21)
    x = (r.standard_normal((8, 2048)) * 10).astype(np.float32)
    x[:, ::97] *= 8.0  # outlier channels
    g = (1.0 + 0.1 * r.standard_normal(2048)).astype(np.float32)
    s = (r.standard_normal((8, 4, 128)) * 5).astype(np.float32)

    def f(x, g, s):
        rms = x * lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6) * g
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean((x - mu) * (x - mu), axis=-1, keepdims=True)
        ln = (x - mu) / jnp.sqrt(var + 1e-5)
        return rms, ln, jax.nn.softmax(s, axis=-1), jax.nn.log_softmax(s, axis=-1), jnp.power(jnp.abs(x) / 10 + 1, 1.5)

    save("norm_softmax.mlir", jax.jit(f).lower(x, g, s).as_text())
    save_inputs("norm_softmax.mlir", (x, g, s))


def main():
    os.makedirs(OUT, exist_ok=True)
    if sys.argv[1:] == ["bench_cnn"]:
        bench_cnn()
        return
    if sys.argv[1:2] == ["--deep"]:
        if len(sys.argv) != 4:
            sys.exit("usage: generate.py --deep LAYERS OUT.mlir")
        export_deep(int(sys.argv[2]), sys.argv[3])
        return
    if sys.argv[1:2] == ["--real-size"]:
        if len(sys.argv) not in (3, 4):
            sys.exit("usage: generate.py --real-size OUT_DIR [LAYERS]")
        export_real_size(sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 16)
        return
    export_decoder("llama_decoder_args.mlir", LLAMA, seed=1)
    export_decoder("llama_decoder_consts.mlir", LLAMA, seed=1, as_constants=True)
    export_decoder("qwen2_decoder_args.mlir", QWEN2, seed=2)
    export_decoder("gemma2_decoder_args.mlir", GEMMA2, seed=3)
    export_decoder_out_in("llama_decoder_outin.mlir", LLAMA, seed=1)
    cnn()
    while_scan()
    sort_topk()
    gather_scatter()
    cond_switch()
    shape_poly()
    mlp_constants()
    norm_softmax()
    bench = dict(d=1024, f=4096, vocab=8192, heads=16, kv_heads=4, head_dim=64, layers=4, seq=256)
    export_bench_decoder("bench_llama_d1024.mlir", bench)
    export_bench_decoder("bench_llama_d1024_outin.mlir", bench, out_in=True)
    bench_cnn()
    with open(os.path.join(OUT, "VERSION"), "w") as f:
        f.write(f"jax {jax.__version__}\nnumpy {np.__version__}\npython {sys.version.split()[0]}\n")


if __name__ == "__main__":
    main()
