#!/usr/bin/env python3
"""Generates the TensorFlow-exported StableHLO programs in testdata/tf/.

Setup:

    python3.11 -m venv /work/venvs/tf
    /work/venvs/tf/bin/pip install tensorflow-cpu==2.21.0     # pulls keras 3
    /work/venvs/tf/bin/python testdata/gen/gen_tf.py

(The exact versions used are in testdata/tf/VERSION.) Each program is a
tf.function's concrete function converted with
`tf.mlir.experimental.convert_function(cf, pass_pipeline="tf-lower-to-mlprogram-and-hlo")`;
the text is written as TF prints it (the entry function keeps TF's name,
`@__inference_..._N`, which hlo-opt and IREE take as the first public
function). Weights are tf.function inputs (so function arguments) except in
the *_consts programs, where the concrete function is frozen first
(convert_variables_to_constants_v2) so the variables become
stablehlo.constant ops: converting a function that reads tf.Variables
directly fails in TF 2.21 ("'mhlo.dot' op operand #1 must be ranked tensor
... but got 'tensor<*xf32>'": resource reads stay unranked). Weights come from
seeded RNGs (numpy default_rng / keras.utils.set_random_seed), so re-running
gives the same files for the same versions. CI does not run this.
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tf")
PIPELINE = "tf-lower-to-mlprogram-and-hlo"


def rng(seed):
    return np.random.default_rng(seed)


def save(name, text):
    path = os.path.join(OUT, name)
    with open(path, "w") as f:
        f.write(text)
    print(f"wrote {path} ({len(text)} bytes)")


def save_inputs(name, arrays):
    folder = os.path.join(OUT, name.replace(".mlir", ".inputs"))
    os.makedirs(folder, exist_ok=True)
    for f in os.listdir(folder):
        os.remove(os.path.join(folder, f))
    for i, a in enumerate(arrays):
        np.save(os.path.join(folder, f"arg{i:03d}.npy"), np.asarray(a))


def convert(cf):
    text = tf.mlir.experimental.convert_function(cf, pass_pipeline=PIPELINE)
    if not text.endswith("\n"):
        text += "\n"
    return text


def export(name, fn, arrays, freeze=False):
    """Traces fn on the given example arrays (flat list, in argument order),
    converts it, and saves the text and the inputs."""
    specs = [tf.TensorSpec(a.shape, tf.as_dtype(a.dtype)) for a in arrays]
    cf = tf.function(fn).get_concrete_function(*specs)
    if freeze:
        cf = convert_variables_to_constants_v2(cf)
    text = convert(cf)
    save(name, text)
    save_inputs(name, arrays)
    # Sanity: the converted program's argument count matches the inputs.
    head = text[text.index("func.func"):]
    head = head[: head.index("{\n")]
    assert head.count("%arg") == len(arrays), (name, head.count("%arg"), len(arrays))
    return text


def normal(r, shape, scale):
    return (r.standard_normal(shape) * scale).astype(np.float32)


# ------------------------------------------------------------------- MLP --

def mlp():
    """Dense MLP, tf.matmul + bias + gelu: stablehlo.dot."""
    r = rng(21)
    w = [normal(r, (64, 128), 0.125), normal(r, (128,), 0.02), normal(r, (128, 128), 0.09),
         normal(r, (128,), 0.02), normal(r, (128, 10), 0.09), normal(r, (10,), 0.02)]
    x = normal(r, (4, 64), 1.0)

    def f(x, w1, b1, w2, b2, w3, b3):
        h = tf.nn.gelu(tf.matmul(x, w1) + b1, approximate=True)
        h = tf.nn.relu(tf.matmul(h, w2) + b2)
        return tf.nn.softmax(tf.matmul(h, w3) + b3)

    export("mlp_args.mlir", f, [x] + w)


# --------------------------------------------------- transformer block --

D, H, HD, FF, T = 64, 4, 16, 128, 8


def block_params(seed):
    r = rng(seed)
    return {
        "ln1": (1.0 + 0.1 * r.standard_normal(D)).astype(np.float32),
        "wq": normal(r, (D, H, HD), D ** -0.5),
        "wk": normal(r, (D, H, HD), D ** -0.5),
        "wv": normal(r, (D, H, HD), D ** -0.5),
        "wo": normal(r, (H, HD, D), D ** -0.5),
        "ln2": (1.0 + 0.1 * r.standard_normal(D)).astype(np.float32),
        "w1": normal(r, (D, FF), D ** -0.5),
        "w2": normal(r, (FF, D), FF ** -0.5),
    }


def block(x, p):
    """Pre-norm transformer block on [B, T, D]: einsum projections and
    attention, MLP via tf.matmul on the flattened tokens (stablehlo.dot)."""

    def rms(v, g):
        return v * tf.math.rsqrt(tf.reduce_mean(v * v, axis=-1, keepdims=True) + 1e-6) * g

    y = rms(x, p["ln1"])
    q = tf.einsum("btd,dhk->bhtk", y, p["wq"])
    k = tf.einsum("btd,dhk->bhtk", y, p["wk"])
    v = tf.einsum("btd,dhk->bhtk", y, p["wv"])
    s = tf.einsum("bhqk,bhsk->bhqs", q, k) / np.float32(np.sqrt(HD))
    t = tf.shape(x)[1]
    mask = tf.linalg.band_part(tf.ones((t, t)), -1, 0)
    s = s + (1.0 - mask) * -1e9
    a = tf.einsum("bhqs,bhsk->bhqk", tf.nn.softmax(s, axis=-1), v)
    x = x + tf.einsum("bhtk,hkd->btd", a, p["wo"])
    y = rms(x, p["ln2"])
    b = tf.shape(x)[0]
    y2 = tf.reshape(y, (-1, D))
    m = tf.matmul(tf.nn.silu(tf.matmul(y2, p["w1"])), p["w2"])
    return x + tf.reshape(m, (b, t, D))


def transformer_args():
    p = block_params(31)
    keys = list(p)
    x = normal(rng(32), (1, T, D), 1.0)

    def f(x, *ws):
        return block(x, dict(zip(keys, ws)))

    export("transformer_block_args.mlir", f, [x] + [p[k] for k in keys])


def transformer_consts():
    p = {k: tf.Variable(v, name=k) for k, v in block_params(31).items()}
    x = normal(rng(32), (1, T, D), 1.0)

    def f(x):
        return block(x, p)

    export("transformer_block_consts.mlir", f, [x], freeze=True)


# ------------------------------------------------------------------ MoE --

E, F_MOE = 4, 64


def moe():
    """MoE layer on tokens [N, D]: router logits by tf.matmul from the shared
    normed activation h, top-2 by two tf.argmax (variadic reduce), experts
    stacked [E, D, F]: every expert runs on h broadcast to [E, N, D] with a
    batched tf.matmul, and the chosen experts' outputs are combined with
    sparse gates."""
    r = rng(41)
    ws = [(1.0 + 0.1 * r.standard_normal(D)).astype(np.float32), normal(r, (D, E), D ** -0.5),
          normal(r, (E, D, F_MOE), D ** -0.5), normal(r, (E, D, F_MOE), D ** -0.5),
          normal(r, (E, F_MOE, D), F_MOE ** -0.5)]
    x = normal(r, (T, D), 1.0)

    def f(x, g, wr, w_in, w_gate, w_out):
        h = x * tf.math.rsqrt(tf.reduce_mean(x * x, axis=-1, keepdims=True) + 1e-6) * g
        logits = tf.matmul(h, wr)
        i1 = tf.argmax(logits, axis=-1)
        m1 = tf.one_hot(i1, E)
        i2 = tf.argmax(logits - m1 * 1e9, axis=-1)
        m2 = tf.one_hot(i2, E)
        p = tf.nn.softmax(logits, axis=-1)
        g1 = tf.reduce_sum(p * m1, -1, keepdims=True)
        g2 = tf.reduce_sum(p * m2, -1, keepdims=True)
        gates = (m1 * g1 + m2 * g2) / (g1 + g2)  # [N, E]
        hb = tf.broadcast_to(h[None], (E, tf.shape(h)[0], D))
        act = tf.nn.silu(tf.matmul(hb, w_gate)) * tf.matmul(hb, w_in)  # [E, N, F]
        out = tf.matmul(act, w_out)  # [E, N, D]
        return x + tf.einsum("ne,end->nd", gates, out), i1, i2

    export("moe_args.mlir", f, [x] + ws)


# ----------------------------------------------------------- MobileNetV2 --

def mobilenet_model():
    import keras

    keras.utils.set_random_seed(51)
    m = keras.applications.MobileNetV2(weights=None, alpha=0.35, input_shape=(32, 32, 3), classes=10)
    # Non-trivial batchnorm statistics.
    r = rng(52)
    for layer in m.layers:
        if isinstance(layer, keras.layers.BatchNormalization):
            n = layer.moving_mean.shape[0]
            layer.moving_mean.assign(normal(r, (n,), 0.1))
            layer.moving_variance.assign((r.random(n) * 0.5 + 0.75).astype(np.float32))
            layer.gamma.assign((1.0 + 0.1 * r.standard_normal(n)).astype(np.float32))
            layer.beta.assign(normal(r, (n,), 0.1))
    return m


def mobilenet_args():
    m = mobilenet_model()
    tv = [v.numpy() for v in m.trainable_variables]
    ntv = [v.numpy() for v in m.non_trainable_variables]
    x = normal(rng(53), (1, 32, 32, 3), 1.0)
    nt = len(tv)

    def f(x, *ws):
        out, _ = m.stateless_call(list(ws[:nt]), list(ws[nt:]), x, training=False)
        return out

    export("mobilenetv2_args.mlir", f, [x] + tv + ntv)


def mobilenet_consts():
    m = mobilenet_model()
    x = normal(rng(53), (1, 32, 32, 3), 1.0)

    def f(x):
        return m(x, training=False)

    export("mobilenetv2_consts.mlir", f, [x], freeze=True)


def main():
    os.makedirs(OUT, exist_ok=True)
    tf.keras.utils.set_random_seed(0)
    only = set(sys.argv[1:])
    # mobilenet_consts is not in the corpus (3.3 MB of inlined weights: its
    # last 1x1 conv has 1280 channels at any alpha); name it to make it.
    jobs = [mlp, transformer_args, transformer_consts, moe, mobilenet_args]
    if "mobilenet_consts" in only:
        jobs.append(mobilenet_consts)
    for job in jobs:
        if not only or job.__name__ in only:
            job()
    import keras

    with open(os.path.join(OUT, "VERSION"), "w") as f:
        f.write(f"python {sys.version.split()[0]}\ntensorflow-cpu {tf.__version__}\n"
                f"keras {keras.__version__}\nnumpy {np.__version__}\n")


if __name__ == "__main__":
    main()
