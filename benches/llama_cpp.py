#!/usr/bin/env python3
"""llama.cpp at the 1B-shaped decode step: the speed anchor of docs/perf.md.

Builds, from seeded random numpy weights, a GGUF of Llama-3.2-1B's shapes
(the shapes of benches/real_size.py's step: hidden 2048, 16 layers, MLP 8192,
32 query / 8 KV heads of 64, vocabulary 128256, tied embedding, weights
stored [out, in] as GGUF stores them), writes it as F32 and F16 with the
`gguf` package (streamed, one tensor in memory at a time) and quantizes the
F32 file to Q8_0 and Q4_0 with llama.cpp's own quantizer
(`llama_model_quantize`, what `llama-quantize` runs). Then times llama.cpp's
decode, one token per `llama_decode`, after a prompt, each type in a fresh
process, the types interleaved over rounds.

With `--hlo-opt`, the same run also times hlo-opt's side between its
llama.cpp rounds: `hlo-opt bench` of the JAX-exported 1B-shaped step (f32 as
exported against each preset, benches/real_size.py's generation and
weights), and prints the comparison the speed issue asks for (`cpu` against
F16, `cpu-int8` against Q8_0, `cpu-int4` against Q4_0). With `--alone`
each preset is timed against itself (`bench --baseline-preset P --preset
P`) instead of against f32 as exported.

Needs a Python with llama-cpp-python (built natively from PyPI), gguf and
numpy, e.g.

    python3 -m venv /work/venvs/llama
    CMAKE_ARGS="-DGGML_NATIVE=ON" /work/venvs/llama/bin/pip install \\
        llama-cpp-python==0.3.36 gguf numpy
    /work/venvs/llama/bin/python benches/llama_cpp.py --work /work/llama \\
        [--hlo-opt --real-size-work /work/rs --jax-python /work/venvs/jax/bin/python]
        [--types f32,f16,q8_0,q4_0] [--threads 2] [--prompt 128] [--tokens 32]
        [--rounds 2] [--layers 16] [--presets cpu,cpu-int8,cpu-int4] [--alone] [--prepare-only]

Nothing here is part of the test suite; the files it writes (about 9 GB for
16 layers) stay in --work for the next run.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# This file's own name would shadow the `llama_cpp` package: import that
# from site-packages, not from this folder.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]

# Llama-3.2-1B's shapes, as testdata/gen/generate.py's LLAMA_1B.
HIDDEN, MLP, HEADS, KV_HEADS, HEAD_DIM, VOCAB = 2048, 8192, 32, 8, 64, 128256

# What the speed issue compares, and the ratio each must stay within.
PAIRS = [("f32 as exported", "f32", None), ("cpu", "f16", 1.25),
         ("cpu-int8", "q8_0", 1.25), ("cpu-int4", "q4_0", 1.5)]

# One type's decode timing, in a fresh process: prompt first, then warm-up
# tokens, then `tokens` timed single-token decodes (a fixed token stream).
DECODE = r"""
import json, sys, time
from llama_cpp import Llama
path, threads, prompt_len, tokens, warm = sys.argv[1], *map(int, sys.argv[2:6])
llm = Llama(model_path=path, n_ctx=prompt_len + warm + tokens + 8, n_batch=512,
            n_threads=threads, n_threads_batch=threads, use_mmap=True, verbose=False)
assert llm.n_vocab() == %d, llm.n_vocab()
prompt = [259 + (i * 7919) %% 128000 for i in range(prompt_len)]
t0 = time.perf_counter()
llm.eval(prompt)
prefill = time.perf_counter() - t0
tok, times = prompt[-1], []
for i in range(warm + tokens):
    tok = 259 + (tok * 31 + 7) %% 128000
    t0 = time.perf_counter()
    llm.eval([tok])
    if i >= warm:
        times.append(time.perf_counter() - t0)
print(json.dumps({"prefill_s": prefill, "token_s": times}))
""" % VOCAB


def tensor_specs(layers):
    """(GGUF name, numpy shape) of every tensor, in llama.cpp's names; no
    `output.weight`, so llama.cpp reads the tied embedding as the head."""
    specs = [("token_embd.weight", (VOCAB, HIDDEN))]
    kv = KV_HEADS * HEAD_DIM
    for i in range(layers):
        b = f"blk.{i}."
        specs += [
            (b + "attn_norm.weight", (HIDDEN,)),
            (b + "attn_q.weight", (HEADS * HEAD_DIM, HIDDEN)),
            (b + "attn_k.weight", (kv, HIDDEN)),
            (b + "attn_v.weight", (kv, HIDDEN)),
            (b + "attn_output.weight", (HIDDEN, HEADS * HEAD_DIM)),
            (b + "ffn_norm.weight", (HIDDEN,)),
            (b + "ffn_gate.weight", (MLP, HIDDEN)),
            (b + "ffn_up.weight", (MLP, HIDDEN)),
            (b + "ffn_down.weight", (HIDDEN, MLP)),
        ]
    specs.append(("output_norm.weight", (HIDDEN,)))
    return specs


def vocab():
    """A SentencePiece-style vocabulary of VOCAB unique tokens: <unk>, <s>,
    </s>, the 256 byte tokens, then placeholders (the benchmark feeds token
    ids; nothing is tokenized)."""
    tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)]
    types = [2, 3, 3] + [6] * 256
    tokens += [f"<t{i}>" for i in range(len(tokens), VOCAB)]
    types += [1] * (VOCAB - len(types))
    return tokens, [0.0] * VOCAB, types


def write_gguf(path, layers, dtype):
    """Writes the model with matrices of `dtype` (float32 or float16), one
    tensor generated and written at a time: matrices normal with standard
    deviation 1/sqrt(in), norms near 1 (as the JAX step's weights)."""
    import gguf
    import numpy as np

    tmp = path + ".part"
    w = gguf.GGUFWriter(tmp, "llama")
    w.add_name("llama-3.2-1b-shaped-random")
    w.add_context_length(4096)
    w.add_embedding_length(HIDDEN)
    w.add_block_count(layers)
    w.add_feed_forward_length(MLP)
    w.add_rope_dimension_count(HEAD_DIM)
    w.add_head_count(HEADS)
    w.add_head_count_kv(KV_HEADS)
    w.add_layer_norm_rms_eps(1e-5)
    w.add_rope_freq_base(500000.0)
    w.add_vocab_size(VOCAB)
    w.add_file_type(0 if dtype == "float32" else 1)
    w.add_tokenizer_model("llama")
    tokens, scores, types = vocab()
    w.add_token_list(tokens)
    w.add_token_scores(scores)
    w.add_token_types(types)
    w.add_bos_token_id(1)
    w.add_eos_token_id(2)
    w.add_unk_token_id(0)
    specs = tensor_specs(layers)
    for name, shape in specs:
        dt = np.dtype(np.float32 if len(shape) == 1 else dtype)
        w.add_tensor_info(name, shape, dt, int(np.prod(shape)) * dt.itemsize)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_ti_data_to_file()
    r = np.random.default_rng(11)
    for name, shape in specs:
        if len(shape) == 1:
            a = 1.0 + 0.1 * r.standard_normal(shape, dtype=np.float32)
        else:
            a = r.standard_normal(shape, dtype=np.float32)
            a *= np.float32(1.0 / np.sqrt(shape[1]))
            a = a.astype(dtype, copy=False)
        w.write_tensor_data(a)
        del a
    w.close()
    os.replace(tmp, path)


def quantize(src, dst, ftype, threads):
    """llama.cpp's quantizer, as `llama-quantize SRC DST TYPE` runs it."""
    import ctypes

    from llama_cpp import llama_cpp as lc

    params = lc.llama_model_quantize_default_params()
    params.ftype = ftype
    params.nthread = threads
    tmp = dst + ".part"
    rc = lc.llama_model_quantize(src.encode(), tmp.encode(), ctypes.byref(params))
    if rc != 0:
        sys.exit(f"llama_model_quantize {src} -> {dst}: {rc}")
    os.replace(tmp, dst)


def models(work, layers, types, threads):
    """Path of each type's GGUF, made when missing."""
    from llama_cpp import llama_cpp as lc

    paths = {t: os.path.join(work, f"llama1b_{layers}l_{t}.gguf") for t in ("f32", "f16", "q8_0", "q4_0")}
    for t, dtype in (("f32", "float32"), ("f16", "float16")):
        if (t in types or t == "f32") and not os.path.exists(paths[t]):
            t0 = time.time()
            write_gguf(paths[t], layers, dtype)
            print(f"  wrote {paths[t]} ({os.path.getsize(paths[t]) / 1e9:.2f} GB, {time.time() - t0:.0f} s)",
                  file=sys.stderr, flush=True)
    for t, ftype in (("q8_0", lc.LLAMA_FTYPE_MOSTLY_Q8_0), ("q4_0", lc.LLAMA_FTYPE_MOSTLY_Q4_0)):
        if t in types and not os.path.exists(paths[t]):
            t0 = time.time()
            quantize(paths["f32"], paths[t], ftype, threads)
            print(f"  quantized {paths[t]} ({os.path.getsize(paths[t]) / 1e9:.2f} GB, {time.time() - t0:.0f} s)",
                  file=sys.stderr, flush=True)
    return {t: paths[t] for t in types}


def decode(path, a):
    """Seconds per decoded token (list) and the prompt's seconds."""
    out = subprocess.run([sys.executable, "-I", "-c", DECODE, path, str(a.threads), str(a.prompt),
                          str(a.tokens), str(a.warm)], check=True, capture_output=True, text=True)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    return got["token_s"], got["prefill_s"]


def real_size_step(a):
    """The JAX-exported step and its weights folder, generated as
    benches/real_size.py does when missing."""
    work = a.real_size_work
    mlir = os.path.join(work, "llama1b_step.mlir")
    inputs = os.path.join(work, "llama1b_step.inputs")
    if not os.path.exists(os.path.join(inputs, "DONE")):
        subprocess.run([a.jax_python, os.path.join(ROOT, "testdata", "gen", "generate.py"),
                        "--real-size", work, str(a.layers)], check=True)
        open(os.path.join(inputs, "DONE"), "w").close()
    return mlir, inputs


def hlo_opt_bench(a):
    """ms per step of f32 as exported and of each preset's rewrite
    (`hlo-opt bench`, benches/real_size.py's step and weights)."""
    mlir, inputs = real_size_step(a)
    ms = {}
    for preset in a.presets.split(","):
        # --alone: the preset's program against itself (both halves of the
        # interleaved bench are the same program; the lower of the two
        # medians is kept), not against the 5 GB f32 program: `cpu` ran at
        # 94 ms/step interleaved with f32, 62-80 ms against another
        # panelled program on the same day (docs/perf.md).
        baseline = ["--baseline-preset", preset] if a.alone else []
        text = subprocess.run([a.bin, "bench", mlir, "--preset", preset, "--inputs", inputs,
                               "--rounds", str(a.rounds), "--quiet", *baseline],
                              check=True, capture_output=True, text=True).stdout
        got = dict(re.findall(r"^\| (original|rewritten) \| ([\d.]+) \|", text, re.M))
        if a.alone:
            ms[preset] = [float(got["original"]), float(got["rewritten"])]
        else:
            ms.setdefault("f32 as exported", []).append(float(got["original"]))
            ms[preset] = [float(got["rewritten"])]
        print(f"  hlo-opt bench --preset {preset}: {got['original']} -> {got['rewritten']} ms/step",
              file=sys.stderr, flush=True)
    return ms


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", default="/tmp/hlo-opt-llama-cpp")
    ap.add_argument("--layers", type=int, default=16)
    ap.add_argument("--types", default="f32,f16,q8_0,q4_0")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--prompt", type=int, default=128, help="prompt tokens before the timed decodes")
    ap.add_argument("--tokens", type=int, default=32, help="timed single-token decodes per round")
    ap.add_argument("--warm", type=int, default=4, help="untimed decodes before them")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--hlo-opt", action="store_true", help="time hlo-opt's presets in the same run")
    ap.add_argument("--presets", default="cpu,cpu-int8,cpu-int4", help="hlo-opt presets timed with --hlo-opt")
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "hlo-opt"))
    ap.add_argument("--real-size-work", default="/tmp/hlo-opt-real-size")
    ap.add_argument("--jax-python", default=sys.executable, help="a Python with JAX, to generate the step")
    ap.add_argument("--alone", action="store_true",
                    help="with --hlo-opt: time each preset against itself instead of against f32 as exported")
    ap.add_argument("--prepare-only", action="store_true",
                    help="write the GGUF files (and the step, with --hlo-opt) and time nothing")
    a = ap.parse_args()
    types = a.types.split(",")
    os.makedirs(a.work, exist_ok=True)
    paths = models(a.work, a.layers, types, a.threads)
    if a.prepare_only:
        if a.hlo_opt:
            real_size_step(a)
        return
    load = os.getloadavg()
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, load average "
          f"{load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f}; {a.layers} layers, {a.threads} threads, "
          f"prompt {a.prompt}, {a.tokens} timed tokens x {a.rounds} rounds\n")

    per_token = {t: [] for t in types}
    prefill = {t: [] for t in types}
    hlo = {}
    for rnd in range(a.rounds):
        for t in types:
            ts, pf = decode(paths[t], a)
            per_token[t] += ts
            prefill[t].append(pf)
            print(f"  round {rnd + 1} {t}: median {1e3 * sorted(ts)[len(ts) // 2]:.1f} ms/token",
                  file=sys.stderr, flush=True)
        # hlo-opt's side between the llama.cpp rounds, so drift shows in both.
        if a.hlo_opt and rnd == (a.rounds - 1) // 2:
            hlo = hlo_opt_bench(a)

    med = lambda xs: sorted(xs)[(len(xs) - 1) // 2]
    print("| llama.cpp type | GGUF size | ms/token (median) | fastest | tokens/s | prompt s |")
    print("|---|---|---|---|---|---|")
    for t in types:
        ms = [1e3 * x for x in per_token[t]]
        print(f"| {t.upper()} | {os.path.getsize(paths[t]) / 1e9:.2f} GB | {med(ms):.1f} | {min(ms):.1f} | "
              f"{1e3 / med(ms):.2f} | {med(prefill[t]):.2f} |")
    if hlo:
        print("\n| form | llama.cpp ms/token | hlo-opt ms/step | hlo-opt / llama.cpp | target |")
        print("|---|---|---|---|---|")
        for form, t, target in PAIRS:
            if t not in per_token or form not in hlo:
                continue
            lc, ho = med([1e3 * x for x in per_token[t]]), med(hlo[form])
            goal = f"<= {target}x {'(met)' if ho / lc <= target else '(not met)'}" if target else "-"
            print(f"| {form} vs {t.upper()} | {lc:.1f} | {ho:.1f} | {ho / lc:.2f}x | {goal} |")


if __name__ == "__main__":
    main()
