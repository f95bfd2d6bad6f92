#!/usr/bin/env python3
"""Prints the file table of testdata/EXPORTERS.md (Markdown) from the
programs in testdata/torch_xla, testdata/torch_mlir and testdata/tf.
Plain Python 3, no packages: `python3 testdata/gen/exporters_table.py`.

Columns: the entry function's argument count, op counts (dot_general, dot,
einsum, convolution), whether weights are inlined as dense_resource blobs,
whether the graph transposes a weight (a function argument or a constant
feeding stablehlo.transpose, as [out, in] nn.Linear weights do), and whether
it has a variadic stablehlo.reduce (two inputs, two inits: argmax).
"""
import os
import re

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DIRS = ["torch_xla", "torch_mlir", "tf"]


def entry_args(text):
    m = re.search(r"func\.func (?:public )?@main\((.*?)\) ->", text, re.S)
    if not m:
        m = re.search(r"func\.func (?:public )?@\w+\((.*?)\) ->", text, re.S)
    return len(re.findall(r"%arg\d+:", m.group(1))) if m else 0


def row(d, name):
    path = os.path.join(ROOT, d, name)
    text = open(path).read()
    body = text.split("{-#")[0]
    count = lambda op: len(re.findall(r"\bstablehlo\." + op + r"\b", body))  # noqa: E731
    consts = set(re.findall(r"(%\w+) = stablehlo\.constant dense_resource", body))
    transposed = False
    for m in re.finditer(r"stablehlo\.transpose (%[\w#]+)", body):
        v = m.group(1)
        if v.startswith("%arg") or v in consts:
            transposed = True
            break
    variadic = bool(re.search(r"stablehlo\.reduce\(%\S+ init: %\S+\), \(%\S+ init: %\S+\)", body)) or bool(
        re.search(r'"stablehlo\.reduce"\(%[^,()]+, %[^,()]+, %[^,()]+, %[^,()]+\)', body)
    )
    return (
        f"| {d}/{name} | {os.path.getsize(path)} | {entry_args(text)} | {count('dot_general')} | {count('dot')} "
        f"| {count('einsum')} | {count('convolution')} | {'yes' if 'dense_resource' in body else 'no'} "
        f"| {'yes' if transposed else 'no'} | {'yes' if variadic else 'no'} |"
    )


def main():
    print("| file | bytes | args | dot_general | dot | einsum | convolution | dense_resource | transposed weights | variadic reduce |")
    print("|---|---:|---:|---:|---:|---:|---:|---|---|---|")
    for d in DIRS:
        folder = os.path.join(ROOT, d)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".mlir"):
                print(row(d, name))


if __name__ == "__main__":
    main()
