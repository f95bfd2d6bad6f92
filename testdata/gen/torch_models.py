"""Shared PyTorch models and helpers for gen_torch_xla.py and gen_torch_mlir.py.

Not run on its own. Every model is built from a tiny config with a seeded
random init (no weights are downloaded): torch.manual_seed(seed) before the
module is built, so the same torch version gives the same weights.
"""
import math
import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

GEN = os.path.dirname(os.path.abspath(__file__))
TESTDATA = os.path.normpath(os.path.join(GEN, ".."))


# --------------------------------------------------------------- saving --

def save(out, name, text):
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, name)
    with open(path, "w") as f:
        f.write(text)
    print(f"wrote {path} ({len(text)} bytes)")


def save_inputs(out, name, arrays):
    """The function's arguments, in its argument order, as arg000.npy, ...
    (the folder `hlo-opt verify --inputs` and `weights convert` read)."""
    folder = os.path.join(out, name.replace(".mlir", ".inputs"))
    os.makedirs(folder, exist_ok=True)
    for f in os.listdir(folder):
        os.remove(os.path.join(folder, f))
    for i, a in enumerate(arrays):
        if isinstance(a, torch.Tensor):
            a = a.detach().cpu().contiguous().numpy()
        np.save(os.path.join(folder, f"arg{i:03d}.npy"), np.asarray(a))


def write_version(out, extra):
    import sys
    lines = [f"python {sys.version.split()[0]}", f"torch {torch.__version__}", f"numpy {np.__version__}"]
    for mod in ("torchvision", "transformers"):
        try:
            lines.append(f"{mod} {__import__(mod).__version__}")
        except ImportError:
            pass
    lines += extra
    with open(os.path.join(out, "VERSION"), "w") as f:
        f.write("\n".join(lines) + "\n")


# ------------------------------------------------------ HF Llama (tiny) --

LLAMA_CFG = dict(
    vocab_size=256,
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=2,
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=16,
    max_position_embeddings=64,
    rms_norm_eps=1e-6,
    tie_word_embeddings=False,
)
CACHE_LEN = 16
PREFILL_LEN = 8


def hf_llama(seed=1):
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(seed)
    cfg = LlamaConfig(**LLAMA_CFG)
    cfg._attn_implementation = "eager"
    model = LlamaForCausalLM(cfg).eval()
    return model


class HFPrefill(nn.Module):
    """Prefill without cache: token ids [1, 8] -> logits [1, 8, vocab]."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, ids):
        # An all-ones attention mask, as generate() passes one. Without it
        # transformers looks for packed sequences with a cumsum, which
        # torch_xla lowers to a ui8 reduce_window that IREE 3.13 rejects.
        mask = torch.ones_like(ids)
        return self.model(input_ids=ids, attention_mask=mask, use_cache=False).logits


def prefill_inputs(seed=7):
    g = torch.Generator().manual_seed(seed)
    return (torch.randint(0, LLAMA_CFG["vocab_size"], (1, PREFILL_LEN), generator=g),)


class HFDecodeStep(nn.Module):
    """One decode step of the HF model with explicit caches: a StaticCache is
    built inside forward from the cache tensors passed in ([L, B, kv, S, hd],
    HF's layout), the model writes the new token's K/V at `pos` (index_copy),
    and the updated caches are returned. pos is an int64 scalar tensor."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, ids, pos, k_cache, v_cache):
        from transformers import StaticCache

        cfg = self.model.config
        cache = StaticCache(config=cfg, max_cache_len=k_cache.shape[3])
        cache.early_initialization(
            batch_size=k_cache.shape[1],
            num_heads=cfg.num_key_value_heads,
            head_dim=cfg.head_dim,
            dtype=k_cache.dtype,
            device=k_cache.device,
        )
        for i, layer in enumerate(cache.layers):
            layer.keys = k_cache[i].clone()
            layer.values = v_cache[i].clone()
            # transformers 5.x writes the new K/V at the layer's
            # cumulative_length (a tensor), not at cache_position.
            layer.cumulative_length = pos.clone()
        cache_position = pos.reshape(1)
        out = self.model(
            input_ids=ids,
            position_ids=cache_position[None, :],
            cache_position=cache_position,
            cache=cache,
            use_cache=True,
        )
        ks = torch.stack([layer.keys for layer in cache.layers])
        vs = torch.stack([layer.values for layer in cache.layers])
        return out.logits, ks, vs


# ------------------------------------------------ plain torch Llama step --

class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d) + 0.1 * torch.randn(d))
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class DecoderLayer(nn.Module):
    def __init__(self, d, f, h, kv, hd):
        super().__init__()
        self.h, self.kv, self.hd = h, kv, hd
        self.attn_norm = RMSNorm(d)
        self.q_proj = nn.Linear(d, h * hd, bias=False)
        self.k_proj = nn.Linear(d, kv * hd, bias=False)
        self.v_proj = nn.Linear(d, kv * hd, bias=False)
        self.o_proj = nn.Linear(h * hd, d, bias=False)
        self.mlp_norm = RMSNorm(d)
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)


def rotate_half(x):
    a, b = x.chunk(2, dim=-1)
    return torch.cat((-b, a), dim=-1)


class PlainLlamaStep(nn.Module):
    """Llama decode step in plain torch: ids [B], pos (int64 scalar), caches
    [L, B, S, kv, hd] -> logits [B, vocab], new caches. nn.Linear weights
    ([out, in]), RMSNorm, RoPE (theta 10000), GQA 4 q heads / 2 kv heads,
    SiLU MLP. The new K/V is written at pos with index_copy (a scatter), or
    with cache_write="where" by a select on a position mask (no scatter)."""

    def __init__(self, vocab=256, d=64, f=128, h=4, kv=2, hd=16, layers=2, seed=1, cache_write="index_copy"):
        super().__init__()
        torch.manual_seed(seed)
        self.cache_write = cache_write
        self.h, self.kv, self.hd = h, kv, hd
        self.embed = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList([DecoderLayer(d, f, h, kv, hd) for _ in range(layers)])
        self.norm = RMSNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)
        inv = 1.0 / (10000.0 ** (torch.arange(0, hd, 2, dtype=torch.float32) / hd))
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, ids, pos, k_cache, v_cache):
        b = ids.shape[0]
        x = self.embed(ids)  # [B, D]
        ang = pos.to(torch.float32) * self.inv_freq  # [hd/2]
        emb = torch.cat((ang, ang))
        cos, sin = emb.cos(), emb.sin()
        S = k_cache.shape[2]
        mask = torch.arange(S, device=ids.device) <= pos  # [S]
        rep = self.h // self.kv
        new_k, new_v = [], []
        for i, L in enumerate(self.layers):
            y = L.attn_norm(x)
            q = L.q_proj(y).view(b, self.h, self.hd)
            k = L.k_proj(y).view(b, self.kv, self.hd)
            v = L.v_proj(y).view(b, self.kv, self.hd)
            q = q * cos + rotate_half(q) * sin
            k = k * cos + rotate_half(k) * sin
            if self.cache_write == "where":
                at = (torch.arange(S, device=ids.device) == pos)[None, :, None, None]
                kc = torch.where(at, k[:, None], k_cache[i])
                vc = torch.where(at, v[:, None], v_cache[i])
            else:
                kc = k_cache[i].index_copy(1, pos.reshape(1), k[:, None])
                vc = v_cache[i].index_copy(1, pos.reshape(1), v[:, None])
            new_k.append(kc)
            new_v.append(vc)
            kr = kc.repeat_interleave(rep, dim=2)  # [B, S, H, hd]
            vr = vc.repeat_interleave(rep, dim=2)
            scores = torch.einsum("bhd,bshd->bhs", q, kr) / math.sqrt(self.hd)
            scores = scores.masked_fill(~mask[None, None, :], -1e9)
            probs = torch.softmax(scores, dim=-1)
            att = torch.einsum("bhs,bshd->bhd", probs, vr).reshape(b, self.h * self.hd)
            x = x + L.o_proj(att)
            y = L.mlp_norm(x)
            x = x + L.down_proj(F.silu(L.gate_proj(y)) * L.up_proj(y))
        x = self.norm(x)
        return self.lm_head(x), torch.stack(new_k), torch.stack(new_v)


def plain_decode_inputs(layers=2, batch=1, seq=CACHE_LEN, kv=2, hd=16, vocab=256, seed=7):
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(0, vocab, (batch,), generator=g)
    pos = torch.tensor(3, dtype=torch.int64)
    shape = (layers, batch, seq, kv, hd)
    kc = torch.randn(shape, generator=g) * 0.5
    vc = torch.randn(shape, generator=g) * 0.5
    # Positions after pos are never attended to; zero them as a real cache would be.
    kc[:, :, 4:] = 0
    vc[:, :, 4:] = 0
    return ids, pos, kc, vc


def hf_decode_inputs(seed=7):
    L, kv, hd = LLAMA_CFG["num_hidden_layers"], LLAMA_CFG["num_key_value_heads"], LLAMA_CFG["head_dim"]
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(0, LLAMA_CFG["vocab_size"], (1, 1), generator=g)
    pos = torch.tensor(3, dtype=torch.int64)
    shape = (L, 1, kv, CACHE_LEN, hd)
    kc = torch.randn(shape, generator=g) * 0.5
    vc = torch.randn(shape, generator=g) * 0.5
    kc[:, :, :, 4:] = 0
    vc[:, :, :, 4:] = 0
    return ids, pos, kc, vc


# ----------------------------------------------------------------- CNNs --

class SlimResNet18(nn.Module):
    """ResNet-18's topology (torchvision's BasicBlock, [2, 2, 2, 2] blocks,
    stride-2 stem conv 7x7 + max pool, downsampling 1x1 conv + BN shortcuts,
    global average pool, fc) at an eighth of the width: stages of
    8/16/32/64 channels instead of 64/128/256/512, so the weights are 0.7 MB
    instead of 45 MB (torchvision's resnet18 hard-codes its widths)."""

    def __init__(self, widths=(8, 16, 32, 64), num_classes=10):
        super().__init__()
        from torchvision.models.resnet import BasicBlock, conv1x1

        self.inplanes = widths[0]
        self.conv1 = nn.Conv2d(3, widths[0], 7, 2, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(widths[0])
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(3, 2, 1)
        layers = []
        for i, w in enumerate(widths):
            stride = 1 if i == 0 else 2
            down = None
            if stride != 1 or self.inplanes != w:
                down = nn.Sequential(conv1x1(self.inplanes, w, stride), nn.BatchNorm2d(w))
            blocks = [BasicBlock(self.inplanes, w, stride, down)]
            self.inplanes = w
            blocks.append(BasicBlock(w, w))
            layers.append(nn.Sequential(*blocks))
        self.layer1, self.layer2, self.layer3, self.layer4 = layers
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(widths[-1], num_classes)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return self.fc(torch.flatten(self.avgpool(x), 1))


def randomize_bn(m, seed):
    """Non-trivial batchnorm statistics, so eval-mode BN is not the identity."""
    g = torch.Generator().manual_seed(seed)
    for mod in m.modules():
        if isinstance(mod, nn.BatchNorm2d):
            n = mod.num_features
            mod.running_mean.copy_(torch.randn(n, generator=g) * 0.1)
            mod.running_var.copy_(torch.rand(n, generator=g) * 0.5 + 0.75)
            mod.weight.data.copy_(1.0 + torch.randn(n, generator=g) * 0.1)
            mod.bias.data.copy_(torch.randn(n, generator=g) * 0.1)


def resnet18(seed=2, full=False):
    """full=True: torchvision.models.resnet18(weights=None, num_classes=10)
    itself (11.2M parameters, 45 MB: too big for the corpus); default: the
    same topology at 1/8 width. Fed 64x64 images (RESNET_HW), not 32x32: at
    32x32 the last stage's first conv (3x3, stride 2, pad 1) maps 2x2 to 1x1,
    which IREE 3.13 rejects ("'linalg.generic' op inferred input/output
    operand #1 has shape's dimension #0 to be 4, but found 3"), from either
    exporter."""
    torch.manual_seed(seed)
    if full:
        import torchvision

        m = torchvision.models.resnet18(weights=None, num_classes=10)
    else:
        m = SlimResNet18()
    with torch.no_grad():
        randomize_bn(m, seed + 100)
    return m.eval()


RESNET_HW = 64  # not 32: see resnet18()


def image_input(seed=8, c=3, hw=32):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(1, c, hw, hw, generator=g),)


class DWBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.dw = nn.Conv2d(cin, cin, 3, stride, 1, groups=cin, bias=False)
        self.bn1 = nn.BatchNorm2d(cin)
        self.pw = nn.Conv2d(cin, cout, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)

    def forward(self, x):
        x = F.relu6(self.bn1(self.dw(x)))
        return F.relu6(self.bn2(self.pw(x)))


class DepthwiseNet(nn.Module):
    """MobileNet-v1-style: a 3x3 stem, four depthwise-separable blocks
    (Conv2d with groups=channels, then 1x1), global pool, linear."""

    def __init__(self, classes=10, seed=3):
        super().__init__()
        torch.manual_seed(seed)
        self.stem = nn.Conv2d(3, 16, 3, 2, 1, bias=False)
        self.bn = nn.BatchNorm2d(16)
        self.blocks = nn.Sequential(DWBlock(16, 32, 1), DWBlock(32, 64, 2), DWBlock(64, 64, 1), DWBlock(64, 128, 2))
        self.fc = nn.Linear(128, classes)
        with torch.no_grad():
            randomize_bn(self, seed + 100)
        self.eval()

    def forward(self, x):
        x = F.relu6(self.bn(self.stem(x)))
        x = self.blocks(x)
        return self.fc(x.mean(dim=(2, 3)))


# ------------------------------------------------------------------ MoE --

class MoEBlock(nn.Module):
    """A decoder block with a mixture-of-experts MLP. The router logits come
    from a plain matmul of the normed activation h; top-2 experts are chosen
    by two argmaxes (each a variadic stablehlo.reduce over values and
    indices). Experts' weights are stacked [E, d, f] / [E, f, d].

    mode "all": h is broadcast to [E, T, d] and every expert runs as one
    batched matmul (bmm); the outputs are combined with the sparse gates.
    mode "gather": the chosen experts' weights are gathered per token
    ([T, k, d, f]) and applied as a batched matmul (einsum)."""

    def __init__(self, d, f, experts, heads, mode):
        super().__init__()
        self.mode, self.heads, self.E = mode, heads, experts
        self.attn_norm = RMSNorm(d)
        self.qkv = nn.Linear(d, 3 * d, bias=False)
        self.o = nn.Linear(d, d, bias=False)
        self.moe_norm = RMSNorm(d)
        self.router = nn.Linear(d, experts, bias=False)
        self.w_in = nn.Parameter(torch.randn(experts, d, f) / math.sqrt(d))
        self.w_gate = nn.Parameter(torch.randn(experts, d, f) / math.sqrt(d))
        self.w_out = nn.Parameter(torch.randn(experts, f, d) / math.sqrt(f))

    def top2(self, logits):
        i1 = torch.argmax(logits, dim=-1)
        m1 = F.one_hot(i1, self.E).to(logits.dtype)
        i2 = torch.argmax(logits - m1 * 1e9, dim=-1)
        m2 = F.one_hot(i2, self.E).to(logits.dtype)
        p = torch.softmax(logits, dim=-1)
        g1 = (p * m1).sum(-1)
        g2 = (p * m2).sum(-1)
        s = g1 + g2
        return i1, i2, m1, m2, g1 / s, g2 / s

    def forward(self, x):
        B, T, D = x.shape
        y = self.attn_norm(x)
        q, k, v = self.qkv(y).split(D, dim=-1)
        hd = D // self.heads
        q, k, v = (t.view(B, T, self.heads, hd).transpose(1, 2) for t in (q, k, v))
        s = q @ k.transpose(-1, -2) / math.sqrt(hd)
        causal = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
        s = s.masked_fill(~causal, -1e9)
        a = (torch.softmax(s, -1) @ v).transpose(1, 2).reshape(B, T, D)
        x = x + self.o(a)

        h = self.moe_norm(x).reshape(B * T, D)  # the shared activation
        logits = self.router(h)  # plain dot
        i1, i2, m1, m2, g1, g2 = self.top2(logits)
        if self.mode == "all":
            hb = h.unsqueeze(0).expand(self.E, B * T, D)  # broadcast into the batched dot
            act = F.silu(torch.bmm(hb, self.w_gate)) * torch.bmm(hb, self.w_in)  # [E, T, f]
            out = torch.bmm(act, self.w_out)  # [E, T, d]
            gates = m1 * g1[:, None] + m2 * g2[:, None]  # [T, E]
            mo = torch.einsum("te,etd->td", gates, out)
        else:
            idx = torch.stack([i1, i2], dim=1)  # [T, 2]
            wi, wg, wo = self.w_in[idx], self.w_gate[idx], self.w_out[idx]  # [T, 2, d, f] ...
            act = F.silu(torch.einsum("td,tkdf->tkf", h, wg)) * torch.einsum("td,tkdf->tkf", h, wi)
            out = torch.einsum("tkf,tkfd->tkd", act, wo)
            gates = torch.stack([g1, g2], dim=1)
            mo = (out * gates[..., None]).sum(1)
        return x + mo.reshape(B, T, D)


class MoEDecoder(nn.Module):
    """Tiny MoE decoder over a whole sequence: ids [B, T] -> logits. Layer 0
    runs every expert (broadcast + bmm), layer 1 gathers the chosen ones."""

    def __init__(self, vocab=256, d=64, f=64, experts=4, heads=4, seed=4):
        super().__init__()
        torch.manual_seed(seed)
        self.embed = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList([MoEBlock(d, f, experts, heads, "all"), MoEBlock(d, f, experts, heads, "gather")])
        self.norm = RMSNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)
        self.eval()

    def forward(self, ids):
        x = self.embed(ids)
        for L in self.layers:
            x = L(x)
        return self.lm_head(self.norm(x))


def moe_inputs(seed=9, T=8, vocab=256):
    g = torch.Generator().manual_seed(seed)
    return (torch.randint(0, vocab, (1, T), generator=g),)
