#!/usr/bin/env bash
# Sets up (build + IREE) and runs the main job on a bundled example: rewrites
# a JAX-exported Llama-style decoder step and prints what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-iree.sh
cargo build --release --quiet
mkdir -p out
./target/release/hlo-opt --stats testdata/jax/llama_decoder_args.mlir -o out/llama_decoder_roundtrip.mlir
cmp testdata/jax/llama_decoder_args.mlir out/llama_decoder_roundtrip.mlir
echo "round trip of testdata/jax/llama_decoder_args.mlir is byte-identical: out/llama_decoder_roundtrip.mlir"
