#!/bin/bash
# Issue 42: the distribute driver's resident memory over time (bench/results.md "The driver's
# memory"). Runs `distribute FILE --method pta --k 100 --parts P --engine E --workers 2` from a built
# CLI (default dist-cli), samples the driver's VmRSS every 0.2 s from /proc, stamps its stderr lines
# (the partitions' starts and ends), and prints the record's peak_bytes, the sampled peak and the
# samples after the last partition ended (the merge, verification, metrics and writing).
# Usage: bash bench/driverRss.sh FILE [PARTS] [ENGINE] [CLI_DIR] [OUT_DIR]
set -euo pipefail
FILE=$1
PARTS=${2:-8}
ENGINE=${3:-dask}
CLI=${4:-dist-cli}
OUT=${5:-.tmp/bench/driver-rss}
mkdir -p "$OUT"
start=$(date +%s.%N)
stamp() { while IFS= read -r line; do printf '%.1f %s\n' "$(echo "$(date +%s.%N) - $start" | bc)" "$line"; done; }
node "$CLI/txanon.mjs" distribute "$FILE" --method pta --k 100 --parts "$PARTS" --engine "$ENGINE" --workers 2 \
  --out "$OUT/release.json" > "$OUT/record.json" 2> >(stamp > "$OUT/stderr.txt") &
pid=$!
: > "$OUT/rss.txt"
while kill -0 "$pid" 2> /dev/null; do
  rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2> /dev/null || true)
  [ -n "$rss" ] && printf '%.1f %d\n' "$(echo "$(date +%s.%N) - $start" | bc)" $((rss / 1024)) >> "$OUT/rss.txt"
  sleep 0.2
done
wait "$pid"
last=$(grep -E 'partition [0-9]+: done' "$OUT/stderr.txt" | tail -n 1 | cut -d' ' -f1)
echo "record peak MiB: $(node -e "const r=require(require('path').resolve('$OUT/record.json'));console.log(Math.round(r.peak_bytes/1048576), 'driver cpu s', r.distribute.cpu_s.driver.toFixed(1), 'gcp', r.metrics.gcp, 'ncp', r.metrics.ncp, 'avgre', r.metrics.avgre)")"
echo "sampled peak MiB: $(sort -k2 -n "$OUT/rss.txt" | tail -n 1)"
echo "last partition done at ${last:-?} s; samples after it (s MiB):"
awk -v t="${last:-0}" '$1 >= t' "$OUT/rss.txt" | awk 'NR % 3 == 1' | tr '\n' ';'
echo
