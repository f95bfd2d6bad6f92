#!/usr/bin/env python3
"""Generates the torch_xla-exported StableHLO programs in testdata/torch_xla/.

Setup (CPU only; PyPI's torch wheel works without its nvidia-* deps):

    python3.11 -m venv /work/venvs/txla
    /work/venvs/txla/bin/pip install --no-deps torch==2.9.0 torch-xla==2.9.0 torchvision==0.24.0
    /work/venvs/txla/bin/pip install filelock sympy networkx jinja2 fsspec typing_extensions \
        mpmath MarkupSafe numpy absl-py pyyaml requests pillow transformers==5.8.0 safetensors
    PJRT_DEVICE=CPU /work/venvs/txla/bin/python testdata/gen/gen_torch_xla.py

(The exact versions used are in testdata/torch_xla/VERSION.) Exports with
`torch_xla.stablehlo.exported_program_to_stablehlo(torch.export.export(m, args))`
and `.get_stablehlo_text()`. torch_xla makes every parameter and buffer a
function argument; the NAME.inputs/ folders follow the printed @main
signature exactly (the bundle's input_locations: parameters from its
state_dict, user inputs, and constants torch_xla lifted; NAME.args.txt
names them; it sits beside the folder, not in it, because a stray file in
an inputs folder makes `hlo-opt verify` compare wrong numbers). Weights come from
seeded random init (torch_models.py), so re-running gives the same files for
the same versions. CI does not run this; the outputs are committed.
"""
import os
import re
import sys

os.environ.setdefault("PJRT_DEVICE", "CPU")

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch_xla  # noqa: E402,F401
from torch_xla.stablehlo import _extract_call_parameters, exported_program_to_stablehlo  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torch_models as tm  # noqa: E402

OUT = os.path.join(tm.TESTDATA, "torch_xla")


def export(name, model, args):
    model.eval()
    with torch.no_grad():
        ep = torch.export.export(model, args)
        shlo = exported_program_to_stablehlo(ep)
    text = shlo.get_stablehlo_text()
    bundle = shlo._bundle
    meta = bundle.stablehlo_funcs[0].meta
    call_args = _extract_call_parameters(args, meta, bundle)
    # One .npy per printed @main argument, in the element type it prints.
    head = re.search(r"func\.func (?:public )?@main\((.*?)\) ->", text).group(1)
    types = re.findall(r"%arg\d+: tensor<(?:[0-9x]*x)?([a-z]+[0-9]+)>", head)
    assert len(types) == len(call_args), (name, len(types), len(call_args))
    np_of = {"f32": np.float32, "i32": np.int32, "i64": np.int64, "i1": np.bool_, "f16": np.float16}
    arrays = []
    for a, t in zip(call_args, types):
        a = a.detach().cpu().numpy() if isinstance(a, torch.Tensor) else np.asarray(a)
        arrays.append(a.astype(np_of[t]))
    tm.save(OUT, name, text)
    tm.save_inputs(OUT, name, arrays)
    order = []
    for loc in meta.input_locations:
        order.append(loc.name if loc.type_.value == "parameter" else f"{loc.type_.value}[{loc.position}]")
    with open(os.path.join(OUT, name.replace(".mlir", ".args.txt")), "w") as f:
        f.write("\n".join(f"arg{i:03d} {n}" for i, n in enumerate(order)) + "\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    only = set(sys.argv[1:])

    def want(n):
        return not only or n in only

    # The KV cache write: torch_xla lowers index_copy to a stablehlo.scatter
    # with i64 indices, and when the K and V scatters share that index
    # IREE 3.13 rejects the program ("failed to legalize unresolved source
    # materialization from tensor<1x1xi64> to tensor<1x1xi32>"; its i64->i32
    # demotion). So the plain step writes the caches with a select on a
    # position mask here, and HF's decode step (StaticCache.index_copy_,
    # one index for K and V) is not exported by default (name it on the
    # command line to export it anyway: hf_llama_decode).
    # XLA_USE_32BIT_LONG=1 would avoid i64 but crashes torch_xla 2.9's
    # lowering ("Check failed: narrow_size <= size (8 vs. 4)").
    if want("llama_plain_decode"):
        export("llama_plain_decode.mlir", tm.PlainLlamaStep(seed=1, cache_write="where"), tm.plain_decode_inputs())
    if want("hf_llama_prefill"):
        export("hf_llama_prefill.mlir", tm.HFPrefill(tm.hf_llama(seed=1)), tm.prefill_inputs())
    if "hf_llama_decode" in only:
        try:
            export("hf_llama_decode.mlir", tm.HFDecodeStep(tm.hf_llama(seed=1)), tm.hf_decode_inputs())
        except Exception as e:  # noqa: BLE001
            print(f"hf_llama_decode failed: {type(e).__name__}: {e}", file=sys.stderr)
    if want("resnet18"):
        export("resnet18.mlir", tm.resnet18(), tm.image_input(hw=tm.RESNET_HW))
    if want("dwsep_net"):
        export("dwsep_net.mlir", tm.DepthwiseNet(), tm.image_input())
    if want("moe_decoder"):
        export("moe_decoder.mlir", tm.MoEDecoder(), tm.moe_inputs())
    tm.write_version(OUT, [f"torch_xla {torch_xla.__version__}"])


if __name__ == "__main__":
    main()
