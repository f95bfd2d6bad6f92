#!/usr/bin/env bash
# Runs every check CI runs: formatting, lints, and the whole test suite with
# IREE required (installed into .venv by scripts/setup-iree.sh if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-iree.sh
export HLO_OPT_REQUIRE_IREE=1
cargo fmt --check
cargo clippy --all-targets --quiet -- -D warnings
cargo test --quiet 2>&1
