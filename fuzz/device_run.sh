#!/usr/bin/env bash
# One long fuzz run on a many-core machine, from binaries built elsewhere
# (`cargo +nightly fuzz build -O -s none`, stripped into fuzz/bin) and seeds
# made by seed.sh:
#   fuzz/device_run.sh SECONDS OUTDIR
# Each target runs in libFuzzer's fork mode, going on past findings. OUTDIR
# gets each target's log (the last `#N:` line holds its total executions),
# findings.tgz (every finding) and, on stdout, each finding's message.
set -u
cd "$(dirname "$0")"
secs=${1:-300}
out=${2:-out}
bin=bin
cores=$(nproc)
# Two thirds of the cores parse, a third run passes (slower per input: 13
# pipelines each), one core reads weight headers.
wh=1; pp=$(( (cores - wh) * 2 / 3 )); ps=$(( cores - wh - pp ))
[ "$pp" -ge 1 ] || pp=1; [ "$ps" -ge 1 ] || ps=1
# New corpus entries and findings stay in a work folder; logs go to OUTDIR.
work=$(mktemp -d)
mkdir -p "$out"
run() {
    local t=$1 jobs=$2 maxlen=$3
    mkdir -p "$work/corpus/$t" "$work/findings/$t"
    "$bin/$t" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$secs" -timeout=1 -rss_limit_mb=2048 -max_len="$maxlen" \
        -artifact_prefix="$work/findings/$t/" \
        "$work/corpus/$t" "corpus/$t" >"$out/$t.log" 2>&1
}
echo "cores=$cores parse_print=$pp passes=$ps weight_headers=$wh secs=$secs"
run parse_print "$pp" 16384 &
run passes "$ps" 4096 &
run weight_headers "$wh" 4096 &
wait
for t in parse_print passes weight_headers; do
    echo "== $t: $(grep -E '^#[0-9]+' "$out/$t.log" | tail -1)"
    for f in "$work/findings/$t"/*; do
        [ -f "$f" ] || continue
        echo "-- $(basename "$f")"
        timeout 10 "$bin/$t" "$f" 2>&1 | grep -a -E "panicked|ERROR|SUMMARY" -A1 | head -4
    done
done
tar czf "$out/findings.tgz" -C "$work" findings
