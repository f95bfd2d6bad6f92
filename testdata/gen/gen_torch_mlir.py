#!/usr/bin/env python3
"""Generates the torch-mlir-exported StableHLO programs in testdata/torch_mlir/.

Setup (torch-mlir's PyPI wheel declares no torch pin; it was built on
2026-10-01 against a torch nightly, and works with the newest stable torch
that has a matching torchvision at that date, 2.14.1):

    python3.11 -m venv /work/venvs/tmlir
    /work/venvs/tmlir/bin/pip install --no-deps torch==2.14.1 torchvision==0.29.2 torch-mlir==20261001
    /work/venvs/tmlir/bin/pip install filelock sympy networkx jinja2 fsspec typing_extensions \
        mpmath MarkupSafe numpy packaging pillow transformers==5.8.0 safetensors
    /work/venvs/tmlir/bin/python testdata/gen/gen_torch_mlir.py

(The exact versions used are in testdata/torch_mlir/VERSION.) Exports with
`torch_mlir.fx.export_and_import(model, *args, output_type="stablehlo")`.
Two forms:

* NAME.mlir: the default, weights inlined as `dense_resource` constants
  (the `{-# dialect_resources ... #-}` block at the end of the file); the
  function's arguments are only the model's inputs.
* NAME_args.mlir: weights as function arguments. The model is wrapped so
  that every parameter and buffer is an explicit input
  (torch.func.functional_call with the params dict built from the inputs):
  the arguments are the state tensors in named_parameters() then
  named_buffers() order (the names are in NAME_args.args.txt),
  then the model's inputs.

Weights come from seeded random init (torch_models.py), so re-running gives
the same files for the same versions. CI does not run this.
"""
import os
import sys

import torch
import torch.nn as nn
from torch_mlir import fx

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torch_models as tm  # noqa: E402

OUT = os.path.join(tm.TESTDATA, "torch_mlir")


class WeightsAsInputs(nn.Module):
    """Calls `model` with its parameters and buffers taken from the leading
    positional inputs. The wrapped model is held outside the module tree, so
    torch.export lifts no state of its own."""

    def __init__(self, model):
        super().__init__()
        object.__setattr__(self, "_model", model)
        self.names = [n for n, _ in model.named_parameters()] + [n for n, _ in model.named_buffers()]
        self.state = [t.detach().clone() for _, t in model.named_parameters()] + [
            t.detach().clone() for _, t in model.named_buffers()
        ]

    def forward(self, *flat):
        n = len(self.names)
        state = dict(zip(self.names, flat[:n]))
        return torch.func.functional_call(self._model, state, tuple(flat[n:]))


def text_of(module):
    # The printed module, dialect_resources (the dense_resource blobs) included.
    return module.operation.get_asm(large_elements_limit=None, enable_debug_info=False)


def export(name, model, args, weights_as_args):
    model.eval()
    if weights_as_args:
        w = WeightsAsInputs(model)
        call_args = tuple(w.state) + tuple(args)
        m = fx.export_and_import(w, *call_args, output_type="stablehlo")
    else:
        call_args = tuple(args)
        # torch-mlir's frozen import looks every buffer up in the exported
        # program's state_dict, which leaves non-persistent buffers (RoPE's
        # inv_freq) out ("Could not find state mapping for buffer"): make
        # them persistent first.
        for mod in model.modules():
            mod._non_persistent_buffers_set.clear()
        m = fx.export_and_import(model, *call_args, output_type="stablehlo")
    text = text_of(m)
    if not text.endswith("\n"):
        text += "\n"
    tm.save(OUT, name, text)
    tm.save_inputs(OUT, name, call_args)
    head = text[text.index("func.func"):]
    head = head[: head.index("{\n")]
    assert head.count("%arg") == len(call_args), (name, head.count("%arg"), len(call_args))
    if weights_as_args:
        order = w.names + [f"input[{i}]" for i in range(len(args))]
        with open(os.path.join(OUT, name.replace(".mlir", ".args.txt")), "w") as f:
            f.write("\n".join(f"arg{i:03d} {n}" for i, n in enumerate(order)) + "\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    only = set(sys.argv[1:])

    def want(n):
        return not only or n in only

    with torch.no_grad():
        if want("llama_plain_decode"):
            export("llama_plain_decode.mlir", tm.PlainLlamaStep(seed=1), tm.plain_decode_inputs(), False)
            export("llama_plain_decode_args.mlir", tm.PlainLlamaStep(seed=1), tm.plain_decode_inputs(), True)
        if want("hf_llama_prefill"):
            export("hf_llama_prefill.mlir", tm.HFPrefill(tm.hf_llama(seed=1)), tm.prefill_inputs(), False)
        if want("hf_llama_decode"):
            for suffix, as_args in (("", False), ("_args", True)):
                try:
                    export(f"hf_llama_decode{suffix}.mlir", tm.HFDecodeStep(tm.hf_llama(seed=1)), tm.hf_decode_inputs(), as_args)
                except Exception as e:  # noqa: BLE001
                    print(f"hf_llama_decode{suffix} failed: {type(e).__name__}: {e}", file=sys.stderr)
        if want("resnet18"):
            export("resnet18_args.mlir", tm.resnet18(), tm.image_input(hw=tm.RESNET_HW), True)
        if want("dwsep_net"):
            export("dwsep_net.mlir", tm.DepthwiseNet(), tm.image_input(), False)
        if want("moe_decoder"):
            export("moe_decoder_args.mlir", tm.MoEDecoder(), tm.moe_inputs(), True)
    import torch_mlir

    ver = getattr(torch_mlir, "__version__", None)
    if ver is None:
        from importlib.metadata import version

        ver = version("torch-mlir")
    tm.write_version(OUT, [f"torch-mlir {ver}"])


if __name__ == "__main__":
    main()
