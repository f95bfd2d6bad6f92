#!/usr/bin/env bash
# Installs IREE's released compiler and runtime tools (pinned) into the project's .venv.
# Tests and `hlo-opt verify` find them via IREE_BIN, then PATH, then .venv/bin.
set -euo pipefail
cd "$(dirname "$0")/.."
IREE_VERSION=3.13.0
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
if .venv/bin/iree-compile --version 2>/dev/null | grep -q "$IREE_VERSION" \
   && .venv/bin/python -c 'import numpy' 2>/dev/null \
   && [ -x .venv/bin/iree-run-module ]; then
  echo "IREE $IREE_VERSION already installed in .venv"
  exit 0
fi
.venv/bin/python -m pip install -q --disable-pip-version-check \
  "iree-base-compiler==$IREE_VERSION" "iree-base-runtime==$IREE_VERSION" numpy
.venv/bin/iree-compile --version | head -n 3
