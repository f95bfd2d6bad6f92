#!/bin/sh
# Seeds the fuzz corpora from the shared StableHLO corpus and testdata
# (files up to 64 KiB; larger ones only slow the search).
set -e
cd "$(dirname "$0")"
for t in parse_print passes; do
    mkdir -p corpus/$t
    find ../testdata ../../shared/corpus/stablehlo -name '*.mlir' -size -64k 2>/dev/null |
        while read -r f; do cp "$f" "corpus/$t/$(echo "$f" | sed "s|^[./]*||" | tr / _)"; done
done
mkdir -p corpus/weight_headers
find ../testdata -name '*.npy' -size -64k | head -200 |
    while read -r f; do cp "$f" "corpus/weight_headers/$(echo "$f" | sed "s|^[./]*||" | tr / _)"; done
