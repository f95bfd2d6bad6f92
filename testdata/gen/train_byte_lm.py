#!/usr/bin/env python3
"""Trains a small byte-level Llama-style language model on the Python standard
library's own sources and exports its decode step as StableHLO.

The outputs give hlo-opt a decode step with *trained* weights, so greedy token
streams and KL/perplexity over real text mean something:

  testdata/jax/byte_lm_step.mlir       decode step, weights as arguments,
                                       JAX debug locations (as generate.py)
  testdata/jax/byte_lm_step.inputs/    argNNN.npy: trained weights in argument
                                       order, ids = [first prompt byte], pos = 0,
                                       zero KV caches
  testdata/jax/byte_lm_eval.npy        int32 [512]: held-out text, as bytes
  testdata/jax/byte_lm_prompt.txt      a short held-out prompt
  testdata/jax/byte_lm.md              config, training record, versions, and
                                       a greedy sample made by the exported step
  testdata/gen/byte_lm_params.npz      the trained parameters (for --export-only)

Run (it installs nothing; CI does not run it):

  python3 -m venv /tmp/jaxvenv
  /tmp/jaxvenv/bin/pip install jax==0.10.2 jaxlib==0.10.2 numpy==2.4.6
  /tmp/jaxvenv/bin/python testdata/gen/train_byte_lm.py               # train + export
  /tmp/jaxvenv/bin/python testdata/gen/train_byte_lm.py --export-only # reload the .npz, export

The text is the standard library's .py files (directory from
`sysconfig.get_paths()["stdlib"]`, sorted, test directories and site-packages
skipped), split by file: every 10th file is held out. Training is seeded and
runs a fixed number of steps, but the text depends on the Python version
(3.11.7 for the committed files) and float results on the CPU, so a rerun on
another machine gives close, not identical, weights.

The decode step is generate.py's `decoder_step` with rotary position
embeddings added: arguments are the parameter pytree (locations
`params['layers'][0]['wq']`, ...), `ids` (int32 [1]), `pos` (int32 scalar),
`k_cache` and `v_cache` (f32 [layers, 1, max_seq, kv_heads, head_dim]);
results are logits [1, 256] and the two caches with this token's K/V written
at `pos` (dynamic_update_slice); attention sees positions <= pos.
"""
import argparse
import math
import os
import platform
import sys
import sysconfig
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax import export, lax

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "jax")
NAME = "byte_lm_step.mlir"
PARAMS_NPZ = os.path.join(HERE, "byte_lm_params.npz")

CFG = dict(
    vocab=256, d=192, layers=4, heads=4, kv_heads=2, head_dim=48, f=512,
    ctx=256,        # training context (bytes)
    max_seq=256,    # KV cache length of the exported decode step
    rope_base=10000.0,
)
TRAIN = dict(
    seed=0, steps=400, batch=16, lr=3e-3, warmup=50, min_lr_frac=0.1,
    b1=0.9, b2=0.95, eps=1e-8, weight_decay=0.01, clip=1.0,
    eval_every=100, eval_windows=64,
)
SKIP_DIRS = {"test", "tests", "idle_test", "site-packages", "__pycache__"}


# ----------------------------------------------------------------------- data --

def stdlib_files():
    root = sysconfig.get_paths()["stdlib"]
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        if set(rel.split(os.sep)) & SKIP_DIRS:
            dirnames[:] = []
            continue
        out += [os.path.join(dirpath, f) for f in filenames if f.endswith(".py")]
    return root, sorted(out)


def load_text():
    root, files = stdlib_files()
    train, held = [], []
    for i, path in enumerate(files):
        with open(path, "rb") as f:
            data = f.read()
        (held if i % 10 == 9 else train).append((os.path.relpath(path, root), data))
    return root, train, held


def concat(files):
    return np.frombuffer(b"".join(d for _, d in files), dtype=np.uint8).astype(np.int32)


def pick_eval_text(held, n=512):
    """~n bytes of held-out code starting at a line start: the first top-level
    `def` found after the first 2 KB of a held-out file long enough to hold it."""
    for name, data in held:
        start = data.find(b"\ndef ", 2048)
        if start >= 0 and len(data) >= start + 1 + n:
            return name, np.frombuffer(data[start + 1:start + 1 + n], np.uint8).astype(np.int32)
    raise SystemExit("no held-out file fits the eval text")


def pick_prompt(held, eval_name):
    """A held-out line `def name(`, 8-16 bytes, from another file than the eval text."""
    import re
    for name, data in held:
        if name == eval_name:
            continue
        m = re.search(rb"^def [a-z_]{3,10}\(", data, re.M)
        if m and 8 <= len(m.group(0)) <= 16:
            return name, m.group(0)
    raise SystemExit("no prompt found")


# ---------------------------------------------------------------------- model --

def rms_norm(x, g, eps=1e-6):
    return x * lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + eps) * g


def rope(x, positions, base):
    """Rotary embedding, half-split form. x: [..., heads, hd]; positions
    broadcast against x's leading dimensions (scalar for the decode step)."""
    hd = x.shape[-1]
    inv = 1.0 / (base ** (jnp.arange(0, hd, 2, dtype=jnp.float32) / hd))  # [hd/2]
    ang = jnp.asarray(positions, jnp.float32)[..., None, None] * inv  # [..., 1, hd/2]
    cos, sin = jnp.cos(ang), jnp.sin(ang)
    x1, x2 = x[..., : hd // 2], x[..., hd // 2:]
    return jnp.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)


def init_params(cfg, seed):
    r = np.random.default_rng(seed)
    d, f, v, h, kv, hd, L = cfg["d"], cfg["f"], cfg["vocab"], cfg["heads"], cfg["kv_heads"], cfg["head_dim"], cfg["layers"]
    n = lambda *s, std=0.02: (r.standard_normal(s) * std).astype(np.float32)
    out_std = 0.02 / math.sqrt(2 * L)
    p = {"embed": n(v, d), "layers": []}
    for _ in range(L):
        p["layers"].append({
            "attn_norm": np.ones((d,), np.float32),
            "wq": n(d, h * hd), "wk": n(d, kv * hd), "wv": n(d, kv * hd),
            "wo": n(h * hd, d, std=out_std),
            "mlp_norm": np.ones((d,), np.float32),
            "w_gate": n(d, f), "w_up": n(d, f), "w_down": n(f, d, std=out_std),
        })
    p["final_norm"] = np.ones((d,), np.float32)
    p["lm_head"] = n(d, v)
    return p


def forward(cfg, params, tokens):
    """Training/teacher-forced forward: tokens [B, T] -> logits [B, T, vocab]."""
    h, kv, hd = cfg["heads"], cfg["kv_heads"], cfg["head_dim"]
    B, T = tokens.shape
    pos = jnp.arange(T)
    x = params["embed"][tokens]
    causal = pos[:, None] >= pos[None, :]  # [T(query), S(key)]
    for layer in params["layers"]:
        y = rms_norm(x, layer["attn_norm"])
        q = rope((y @ layer["wq"]).reshape(B, T, h, hd), pos, cfg["rope_base"])
        k = rope((y @ layer["wk"]).reshape(B, T, kv, hd), pos, cfg["rope_base"])
        v = (y @ layer["wv"]).reshape(B, T, kv, hd)
        rep = h // kv
        kr = jnp.repeat(k, rep, axis=2)
        vr = jnp.repeat(v, rep, axis=2)
        scores = jnp.einsum("bthd,bshd->bhts", q, kr) / jnp.sqrt(jnp.float32(hd))
        scores = jnp.where(causal[None, None], scores, -1e9)
        probs = jax.nn.softmax(scores, axis=-1)
        att = jnp.einsum("bhts,bshd->bthd", probs, vr).reshape(B, T, h * hd)
        x = x + att @ layer["wo"]
        y = rms_norm(x, layer["mlp_norm"])
        x = x + (jax.nn.silu(y @ layer["w_gate"]) * (y @ layer["w_up"])) @ layer["w_down"]
    x = rms_norm(x, params["final_norm"])
    return x @ params["lm_head"]


def decoder_step(cfg):
    """One decode step, as generate.py's decoder_step plus RoPE: token ids [B],
    position, KV caches -> logits and new caches."""
    h, kv, hd = cfg["heads"], cfg["kv_heads"], cfg["head_dim"]

    def step(params, ids, pos, k_cache, v_cache):
        x = params["embed"][ids]  # [B, D] (gather)
        new_k, new_v = [], []
        for i, layer in enumerate(params["layers"]):
            y = rms_norm(x, layer["attn_norm"])
            q = y @ layer["wq"]
            k = y @ layer["wk"]
            v = y @ layer["wv"]
            b = x.shape[0]
            q = rope(q.reshape(b, h, hd), pos, cfg["rope_base"])
            k = rope(k.reshape(b, kv, hd), pos, cfg["rope_base"])
            v = v.reshape(b, kv, hd)
            kc = lax.dynamic_update_slice(k_cache[i], k[:, None], (0, pos, 0, 0))
            vc = lax.dynamic_update_slice(v_cache[i], v[:, None], (0, pos, 0, 0))
            new_k.append(kc)
            new_v.append(vc)
            rep = h // kv
            kr = jnp.repeat(kc, rep, axis=2)  # [B, S, H, hd]
            vr = jnp.repeat(vc, rep, axis=2)
            scores = jnp.einsum("bhd,bshd->bhs", q, kr) / jnp.sqrt(jnp.float32(hd))
            mask = jnp.arange(kc.shape[1]) <= pos
            scores = jnp.where(mask[None, None, :], scores, -1e9)
            probs = jax.nn.softmax(scores, axis=-1)
            att = jnp.einsum("bhs,bshd->bhd", probs, vr).reshape(b, h * hd)
            x = x + att @ layer["wo"]
            y = rms_norm(x, layer["mlp_norm"])
            gate = jax.nn.silu(y @ layer["w_gate"])
            x = x + (gate * (y @ layer["w_up"])) @ layer["w_down"]
        x = rms_norm(x, params["final_norm"])
        logits = x @ params["lm_head"]
        return logits, jnp.stack(new_k), jnp.stack(new_v)

    return step


def param_count(params):
    return int(sum(np.prod(a.shape) for a in jax.tree_util.tree_leaves(params)))


# ------------------------------------------------------------------- training --

def loss_fn(cfg, params, batch):
    logits = forward(cfg, params, batch[:, :-1])
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, batch[:, 1:, None], axis=-1))


def lr_at(step, t):
    warm = t["lr"] * (step + 1) / t["warmup"]
    prog = jnp.clip((step - t["warmup"]) / max(1, t["steps"] - t["warmup"]), 0.0, 1.0)
    cos = t["lr"] * (t["min_lr_frac"] + (1 - t["min_lr_frac"]) * 0.5 * (1 + jnp.cos(jnp.pi * prog)))
    return jnp.where(step < t["warmup"], warm, cos)


def make_train_step(cfg, t):
    """AdamW (decoupled weight decay on matrices only), global-norm clipping,
    linear warmup then cosine decay."""

    def train_step(params, m, v, step, batch):
        loss, g = jax.value_and_grad(lambda p: loss_fn(cfg, p, batch))(params)
        gnorm = jnp.sqrt(sum(jnp.sum(x * x) for x in jax.tree_util.tree_leaves(g)))
        scale = jnp.minimum(1.0, t["clip"] / (gnorm + 1e-6))
        g = jax.tree_util.tree_map(lambda x: x * scale, g)
        m = jax.tree_util.tree_map(lambda a, b: t["b1"] * a + (1 - t["b1"]) * b, m, g)
        v = jax.tree_util.tree_map(lambda a, b: t["b2"] * a + (1 - t["b2"]) * b * b, v, g)
        lr = lr_at(step, t)
        c1 = 1 - t["b1"] ** (step + 1.0)
        c2 = 1 - t["b2"] ** (step + 1.0)

        def upd(p, mm, vv):
            u = (mm / c1) / (jnp.sqrt(vv / c2) + t["eps"])
            if p.ndim == 2:
                u = u + t["weight_decay"] * p
            return p - lr * u

        params = jax.tree_util.tree_map(upd, params, m, v)
        return params, m, v, loss, gnorm

    return jax.jit(train_step, donate_argnums=(0, 1, 2))


def windows(data, n, length, rng):
    starts = rng.integers(0, len(data) - length, size=n)
    return np.stack([data[s:s + length] for s in starts])


def heldout_batches(held, cfg, t):
    """Fixed held-out windows (seed 1234), ctx+1 bytes each."""
    return windows(held, t["eval_windows"], cfg["ctx"] + 1, np.random.default_rng(1234))


def make_eval(cfg):
    return jax.jit(lambda p, b: loss_fn(cfg, p, b))


def eval_loss(ev, params, batches, chunk=16):
    return float(np.mean([ev(params, jnp.asarray(batches[i:i + chunk])) for i in range(0, len(batches), chunk)]))


def greedy_step(cfg, params, prompt, n):
    """Greedy continuation through the (jitted, not exported) decode step."""
    step = jax.jit(decoder_step(cfg))
    _, _, kc, vc = step_inputs(cfg, prompt[0])
    seq = list(prompt)
    for p in range(len(prompt) + n - 1):
        logits, kc, vc = step(params, jnp.asarray([seq[p]], jnp.int32), jnp.int32(p), kc, vc)
        if p + 1 >= len(prompt):
            seq.append(int(jnp.argmax(logits[0])))
    return bytes(seq[len(prompt):])


def train(cfg, t, train_data, held_data):
    params = jax.tree_util.tree_map(jnp.asarray, init_params(cfg, t["seed"]))
    print(f"parameters: {param_count(params)}")
    m = jax.tree_util.tree_map(jnp.zeros_like, params)
    v = jax.tree_util.tree_map(jnp.zeros_like, params)
    step_fn = make_train_step(cfg, t)
    ev = make_eval(cfg)
    hb = heldout_batches(held_data, cfg, t)
    tb = windows(train_data, t["eval_windows"], cfg["ctx"] + 1, np.random.default_rng(4321))
    rng = np.random.default_rng(t["seed"])
    t0, c0 = time.time(), time.process_time()
    log = []
    run = 0.0
    for s in range(t["steps"]):
        batch = jnp.asarray(windows(train_data, t["batch"], cfg["ctx"] + 1, rng))
        params, m, v, loss, gnorm = step_fn(params, m, v, jnp.float32(s), batch)
        run = 0.98 * run + 0.02 * float(loss) if s else float(loss)
        if s % 50 == 0:
            print(f"step {s:5d} loss {float(loss):.4f} (avg {run:.4f}) gnorm {float(gnorm):.3f} "
                  f"lr {float(lr_at(s, t)):.2e} {time.time() - t0:7.1f}s", flush=True)
        if (s + 1) % t["eval_every"] == 0 or s + 1 == t["steps"]:
            tl, hl = eval_loss(ev, params, tb), eval_loss(ev, params, hb)
            log.append((s + 1, tl, hl))
            print(f"== step {s + 1}: train loss {tl:.4f}  held-out loss {hl:.4f}  "
                  f"held-out ppl {math.exp(hl):.3f}  ({time.time() - t0:.1f}s)", flush=True)
    wall, cpu = time.time() - t0, time.process_time() - c0
    return jax.tree_util.tree_map(np.asarray, params), wall, cpu, log


# --------------------------------------------------------------------- export --

def step_inputs(cfg, first_byte):
    shape = (cfg["layers"], 1, cfg["max_seq"], cfg["kv_heads"], cfg["head_dim"])
    return (jnp.asarray([first_byte], jnp.int32), jnp.int32(0),
            jnp.zeros(shape, jnp.float32), jnp.zeros(shape, jnp.float32))


def save_inputs(name, args):
    """As generate.py: the arguments as arg000.npy, ... in argument order."""
    folder = os.path.join(OUT, name.replace(".mlir", ".inputs"))
    os.makedirs(folder, exist_ok=True)
    for i, leaf in enumerate(jax.tree_util.tree_leaves(args)):
        np.save(os.path.join(folder, f"arg{i:03d}.npy"), np.asarray(leaf))
    return folder


def run_exported(exp, params, cfg, prompt, n):
    """Feeds the prompt and then its own greedy choices through the exported
    step, one token at a time. Returns the generated bytes and every step's logits."""
    ids, pos, kc, vc = step_inputs(cfg, prompt[0])
    call = jax.jit(exp.call)
    seq, all_logits = list(prompt), []
    for p in range(len(prompt) + n - 1):
        logits, kc, vc = call(params, jnp.asarray([seq[p]], jnp.int32), jnp.int32(p), kc, vc)
        all_logits.append(np.asarray(logits[0]))
        if p + 1 >= len(prompt):
            seq.append(int(np.argmax(all_logits[-1])))
    return bytes(seq[len(prompt):]), np.stack(all_logits), seq


def do_export(cfg, params, held, record):
    os.makedirs(OUT, exist_ok=True)
    eval_name, eval_text = pick_eval_text(held)
    prompt_name, prompt = pick_prompt(held, eval_name)
    np.save(os.path.join(OUT, "byte_lm_eval.npy"), eval_text.astype(np.int32))
    with open(os.path.join(OUT, "byte_lm_prompt.txt"), "wb") as f:
        f.write(prompt)
    print(f"eval text: {len(eval_text)} bytes from {eval_name}; prompt {prompt!r} from {prompt_name}")

    jparams = jax.tree_util.tree_map(jnp.asarray, params)
    step = decoder_step(cfg)
    ins = step_inputs(cfg, prompt[0])
    text = jax.jit(step).lower(jparams, *ins).as_text(debug_info=True)
    path = os.path.join(OUT, NAME)
    with open(path, "w") as f:
        f.write(text)
    print(f"wrote {path} ({len(text)} bytes)")
    folder = save_inputs(NAME, (params, *ins))
    print(f"wrote {folder}")

    # The greedy sample comes from the exported artifact (jax.export of the same
    # jitted step), run one token at a time.
    exp = export.export(jax.jit(step))(jparams, *ins)
    n_gen = min(200, cfg["max_seq"] - len(prompt) + 1)
    sample, step_logits, seq = run_exported(exp, jparams, cfg, prompt, n_gen)
    print(f"greedy sample (exported step) from {prompt!r}:\n{(prompt + sample).decode('utf-8', 'replace')}")
    # Cross-check: the exported step's logits against the training forward on the same bytes.
    full = np.asarray(jax.jit(lambda p, x: forward(cfg, p, x))(jparams, jnp.asarray([seq[:len(step_logits)]], jnp.int32))[0])
    step_vs_full = float(np.max(np.abs(full - step_logits)))
    print(f"max |exported step logits - training forward logits| over {len(step_logits)} positions: {step_vs_full:.3e}")
    # Held-out loss of the eval text through the training forward, in windows of ctx.
    fwd = jax.jit(lambda p, x: forward(cfg, p, x))
    nll, cnt = 0.0, 0
    for s in range(0, len(eval_text) - 1, cfg["ctx"]):
        chunk = eval_text[s:s + cfg["ctx"] + 1]
        lp = jax.nn.log_softmax(fwd(jparams, jnp.asarray(chunk[None, :-1])), -1)[0]
        nll -= float(jnp.sum(jnp.take_along_axis(lp, jnp.asarray(chunk[1:, None]), -1)))
        cnt += len(chunk) - 1
    eval_ppl = math.exp(nll / cnt)
    print(f"byte_lm_eval.npy: {cnt} predicted bytes, ppl {eval_ppl:.3f}")
    write_md(cfg, params, record, eval_name, prompt_name, prompt, sample, step_vs_full, eval_ppl, len(text))


def write_md(cfg, params, record, eval_name, prompt_name, prompt, sample, step_vs_full, eval_ppl, text_len):
    t = record.get("train", TRAIN)
    nbytes = sum(a.nbytes for a in jax.tree_util.tree_leaves(params))
    leaves = jax.tree_util.tree_leaves(params)
    lines = [
        "# byte_lm_step: a trained byte-level decode step",
        "",
        "Made by `testdata/gen/train_byte_lm.py` (see its docstring to rerun). A",
        "Llama-style decoder (RMSNorm, RoPE, causal attention with grouped-query",
        "K/V heads, SiLU-gated MLP, untied output head) over bytes, trained on the",
        "Python standard library's own `.py` sources (test directories skipped),",
        "split by file: every 10th file held out.",
        "",
        "## Files",
        "",
        f"* `byte_lm_step.mlir`: one decode step ({text_len} bytes of text), weights as arguments",
        f"  ({len(leaves)} weight arguments, then `ids` int32[1], `pos` int32 scalar,",
        f"  `k_cache`, `v_cache` f32[{cfg['layers']}, 1, {cfg['max_seq']}, {cfg['kv_heads']}, {cfg['head_dim']}]);",
        f"  results: logits f32[1, 256], new k_cache, new v_cache (this token's K/V written at `pos`).",
        f"* `byte_lm_step.inputs/`: arg000..arg{len(leaves) + 3:03d}.npy, the trained weights in argument",
        f"  order ({nbytes} bytes f32), ids = [{prompt[0]}] (the prompt's first byte), pos = 0, zero caches.",
        f"* `byte_lm_eval.npy`: int32[512], held-out bytes from `{eval_name}` starting at a line",
        f"  start. Longer than max_seq ({cfg['max_seq']}): score it in windows of at most {cfg['max_seq']} positions",
        f"  (training forward, windows of {cfg['ctx']}: ppl {eval_ppl:.3f} per byte).",
        f"* `byte_lm_prompt.txt`: `{prompt.decode()}` ({len(prompt)} bytes, held out, from `{prompt_name}`).",
        "",
        "## Model",
        "",
        "| | |",
        "|---|---|",
        f"| vocab | {cfg['vocab']} (bytes) |",
        f"| hidden d | {cfg['d']} |",
        f"| layers | {cfg['layers']} |",
        f"| heads / kv heads / head dim | {cfg['heads']} / {cfg['kv_heads']} / {cfg['head_dim']} |",
        f"| MLP (SiLU-gated) | {cfg['f']} |",
        f"| RoPE base | {cfg['rope_base']:g} (half-split form) |",
        f"| training context / max_seq | {cfg['ctx']} / {cfg['max_seq']} |",
        f"| parameters | {param_count(params)} |",
        "",
        "## Training",
        "",
        f"AdamW (b1 {t['b1']}, b2 {t['b2']}, weight decay {t['weight_decay']} on matrices), peak lr {t['lr']},",
        f"{t['warmup']} warmup steps then cosine to {t['min_lr_frac']}x, clip {t['clip']}, seed {t['seed']},",
        f"{t['steps']} steps of {t['batch']} x {cfg['ctx']} bytes ({t['steps'] * t['batch'] * cfg['ctx']} bytes seen).",
    ]
    if "wall_s" in record:
        lines += [
            "",
            f"Train text {record['train_bytes']} bytes ({record['train_files']} files), held-out "
            f"{record['held_bytes']} bytes ({record['held_files']} files).",
            f"Wall time {record['wall_s']:.0f} s on {record['machine']}"
            + (f", {record['cpu_s']:.0f} s of CPU time (training loop and its evaluations; "
               f"load average {record['loadavg']:.1f} at the end: the cores were shared)." if "cpu_s" in record else "."),
            "",
            "| step | train loss | held-out loss | held-out ppl/byte |",
            "|---:|---:|---:|---:|",
        ]
        lines += [f"| {s} | {tl:.4f} | {hl:.4f} | {math.exp(hl):.3f} |" for s, tl, hl in record["log"]]
        lines += ["", "(losses in nats per byte, mean over 64 fixed windows of 256 bytes each)"]
    lines += [
        "",
        "## Greedy sample",
        "",
        f"{len(sample)} bytes generated greedily by the exported step (`jax.export` of the same",
        "jitted function, called one token at a time in f32), after feeding the prompt:",
        "",
        "```python",
        (prompt + sample).decode("utf-8", "replace"),
        "```",
        "",
        f"Exported step vs training forward on the same bytes: max |logits diff| {step_vs_full:.2e}.",
        "",
        "## Versions",
        "",
        f"jax {jax.__version__}, jaxlib {jax.lib.__version__ if hasattr(jax.lib, '__version__') else jax.__version__}, "
        f"numpy {np.__version__}, python {sys.version.split()[0]}.",
        "",
    ]
    path = os.path.join(OUT, "byte_lm.md")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--export-only", action="store_true", help=f"load {PARAMS_NPZ} instead of training")
    ap.add_argument("--steps", type=int, default=TRAIN["steps"], help="training steps (default: the committed run's)")
    a = ap.parse_args()
    t = dict(TRAIN, steps=a.steps)
    root, train_files, held_files = load_text()
    train_data, held_data = concat(train_files), concat(held_files)
    print(f"stdlib {root}: {len(train_files)} train files ({len(train_data)} bytes), "
          f"{len(held_files)} held-out files ({len(held_data)} bytes)")
    record = {}
    md_old = os.path.join(OUT, "byte_lm.md")
    if a.export_only:
        z = np.load(PARAMS_NPZ)
        params = unflatten(z, CFG)
        ev = make_eval(CFG)
        hl = eval_loss(ev, jax.tree_util.tree_map(jnp.asarray, params), heldout_batches(held_data, CFG, t))
        print(f"loaded {PARAMS_NPZ}: held-out loss {hl:.4f}, ppl {math.exp(hl):.3f}")
        if "record" in z.files:
            import json
            record = json.loads(str(z["record"]))
            record["log"] = [tuple(x) for x in record["log"]]
    else:
        params, wall, cpu, log = train(CFG, t, train_data, held_data)
        record = dict(
            wall_s=wall, cpu_s=cpu, loadavg=os.getloadavg()[0], log=log, train=t, machine=f"{platform.machine()}, {os.cpu_count()} cores, jax CPU",
            train_bytes=int(len(train_data)), held_bytes=int(len(held_data)),
            train_files=len(train_files), held_files=len(held_files),
        )
        print(f"trained {t['steps']} steps in {wall:.1f} s wall, {cpu:.1f} s CPU")
        for prompt in (b"def ", b"import "):
            s = greedy_step(CFG, jax.tree_util.tree_map(jnp.asarray, params), prompt, 120)
            print(f"greedy from {prompt!r}:\n{(prompt + s).decode('utf-8', 'replace')}\n---")
        flat = flatten(params)
        if sum(a.nbytes for a in flat.values()) < 15e6:
            import json
            np.savez(PARAMS_NPZ, **flat, record=np.asarray(json.dumps(record)))
            print(f"wrote {PARAMS_NPZ}")
    do_export(CFG, params, held_files, record)


def flatten(params):
    out = {}
    for path, leaf in jax.tree_util.tree_flatten_with_path(params)[0]:
        out[jax.tree_util.keystr(path)] = np.asarray(leaf)
    return out


def unflatten(z, cfg):
    like = init_params(cfg, 0)
    paths, tree = jax.tree_util.tree_flatten_with_path(like)
    return jax.tree_util.tree_unflatten(tree, [np.asarray(z[jax.tree_util.keystr(p)]) for p, _ in paths])


if __name__ == "__main__":
    main()
