#!/bin/bash
# Issue 35: the price of partitioning and the engine's overhead, measured. On the 410,201-row
# Netflix shape (`generate --shape netflix`), each method once as one process (`anonymize
# --workers 1`) and once through `distribute --engine dask --parts 8 --workers 2` (a LocalCluster of
# 2 workers), each under /usr/bin/time (user + system CPU seconds of the process and every child it
# waited for: the Dask driver, its workers and their tasks). Records in .tmp/bench/distribute/;
# `npx tsx bench/distributeTable.ts ROWS ENGINE` turns them into the table of bench/results.md.
# Each run is stopped after LIMIT seconds (default 1800).
# Usage: bash bench/distribute.sh [ROWS|FILE] [ENGINE] [MODE]   (defaults: 410201 dask partitions)
# A FILE is used as it is (e.g. /work/bigdata/netflix-50k.dat, real density), named by its base name.
# MODE rounds runs PatternKa's Alg. 5 on the engine (distribute --mode rounds) beside its single process.
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-410201}
ENGINE=${2:-dask}
MODE=${3:-partitions}
OUT=.tmp/bench/distribute
mkdir -p "$OUT"
if [ -f "$ROWS" ]; then
  DATA=$ROWS
  ROWS=$(basename "$ROWS" .dat)
else
  DATA="$OUT/netflix-$ROWS.dat"
  [ -s "$DATA" ] || npm run -s cli -- generate --shape netflix --D "$ROWS" --seed 1 --out "$DATA" > /dev/null
fi
run() { # name, command...
  local name=$1; shift
  timeout "${LIMIT:-1800}" /usr/bin/time -f '{"user":%U,"system":%S,"maxrss_kb":%M,"wall":%e}' -o "$OUT/$name.time" "$@" \
    > "$OUT/$name.json" 2> "$OUT/$name.err" || echo "$name failed: $(tail -n 1 "$OUT/$name.err")"
}
if [ "$MODE" = rounds ]; then
  name="patternka-$ROWS"
  [ -s "$OUT/$name-single.json" ] ||
    run "$name-single" npm run -s cli -- anonymize "$DATA" --method patternka --k 100 --workers 1 --out "$OUT/$name-single.release.json"
  run "$name-rounds" npm run -s cli -- distribute "$DATA" --method patternka --k 100 --mode rounds --engine dask --workers 2 \
    --out "$OUT/$name-rounds.release.json"
  cmp "$OUT/$name-single.release.json" "$OUT/$name-rounds.release.json" && echo "$name: rounds = single, byte for byte"
  exit 0
fi
for spec in "pta --k 100" "patternka --k 100" "gray-cahd --p 10 --sensitive-random 10" "apriori-km --k 5 --m 2"; do
  set -- $spec
  name="$1-$ROWS"
  run "$name-single" npm run -s cli -- anonymize "$DATA" --method $spec --workers 1 --out "$OUT/$name-single.release.json"
  run "$name-$ENGINE" npm run -s cli -- distribute "$DATA" --method $spec --engine "$ENGINE" --parts 8 --workers 2 \
    --out "$OUT/$name-$ENGINE.release.json"
  echo "$name done $(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg)"
done
