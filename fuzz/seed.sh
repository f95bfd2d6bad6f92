#!/bin/sh
# Seeds the fuzz corpora from the shared StableHLO corpus and testdata
# (files up to 64 KiB; larger ones only slow the search), from the reproducers
# of earlier findings (testdata/fuzz/TARGET), and from the corpora earlier
# long runs grew (fuzz/grown/TARGET.tar.xz, minimized with `-merge=1`; see
# docs/fuzzing.md), so that a run on a new machine does not start over.
set -e
cd "$(dirname "$0")"
for t in parse_print passes; do
    mkdir -p corpus/$t
    if [ -f grown/$t.tar.xz ]; then
        tar -xJf grown/$t.tar.xz -C corpus/$t
    fi
    for f in ../testdata/fuzz/$t/*; do
        [ -f "$f" ] && cp "$f" "corpus/$t/finding-$(basename "$f")"
    done
    find ../testdata ../../shared/corpus/stablehlo -name '*.mlir' -size -64k 2>/dev/null |
        while read -r f; do cp "$f" "corpus/$t/$(echo "$f" | sed "s|^[./]*||" | tr / _)"; done
done
mkdir -p corpus/weight_headers
find ../testdata -name '*.npy' -size -64k | head -200 |
    while read -r f; do cp "$f" "corpus/weight_headers/$(echo "$f" | sed "s|^[./]*||" | tr / _)"; done
