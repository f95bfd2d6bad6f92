#!/usr/bin/env bash
# Sets up (build + IREE) and runs the main job on a bundled example: rewrites
# a JAX-exported Llama-style decoder step with f16 matmuls, converts its
# weights, checks the accuracy gate on IREE (original vs rewritten, every
# output, error per rewritten op) and times both.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-iree.sh
cargo build --release --quiet
mkdir -p out
B=./target/release/hlo-opt
IN=testdata/jax/llama_decoder_args.mlir
$B --pass f16-matmul --stats "$IN" -o out/llama_decoder_f16.mlir
$B weights convert out/llama_decoder_f16.mlir --from testdata/jax/llama_decoder_args.inputs --to out/llama_decoder_f16.inputs --force
echo "rewritten program: out/llama_decoder_f16.mlir; its inputs: out/llama_decoder_f16.inputs/"
$B verify "$IN" --pass f16-matmul --inputs testdata/jax/llama_decoder_args.inputs \
  --gate 'rel_l2<=5e-3,top1>=1' --per-op --report out/llama_decoder_f16.report.html --report out/llama_decoder_f16.report.json
echo "precision report: out/llama_decoder_f16.report.html"
# Timing on the tiny example is all overhead; time the hidden-1024 decode step.
# (the preset `cpu`: weights in column panels, f16 matmul inputs).
$B bench testdata/jax/bench_llama_d1024.mlir --pass 'weight-layout{order=panels}' --pass f16-matmul --rounds 3 --min-time 0.3
