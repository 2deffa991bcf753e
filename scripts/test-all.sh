#!/usr/bin/env bash
# Every test the project has, in the order a failure is cheapest to find: lint, format, types,
# unit and property tests (Vitest), the production build, then e2e tests in Debian's Chromium.
# Installs Chromium itself when it is missing (CI starts without it). Ends with one line
# "tests: N passed, M failed" counting Vitest and Playwright tests together.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "== installing Debian's chromium for the e2e tests"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q chromium >/dev/null || { echo "could not install chromium"; exit 1; }
fi

# distribute's Dask tests (issue 35) run on Debian's Dask distributed, in the system's Python 3.
if [ -z "${TXANON_PYTHON:-}" ] && ! /usr/bin/python3 -c 'import distributed' 2>/dev/null; then
  echo "== installing Debian's python3-distributed for the Dask tests"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q python3-distributed >/dev/null || { echo "could not install python3-distributed"; exit 1; }
fi

# distribute's Slurm tests (issue 42) start a two-node Slurm on this host (test/slurm/cluster.sh),
# from Debian's slurm-wlm and munge, installed here when missing; without root or apt-get the test
# file skips, saying why.
bash test/slurm/cluster.sh install || echo "== no Slurm here: test/distribute.slurm.test.ts will skip"

status=0
step() {
  echo "== $*"
  "$@" || { echo "!! failed: $*"; status=1; }
}

step npx eslint .
step npx prettier --check . --log-level warn
step npx tsc -p tsconfig.json
step npx tsc -p tsconfig.core.json
step npx vitest run --reporter=default --reporter=json --outputFile=.tmp/vitest.json
step npx vite build --logLevel warn
export PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json
step npx playwright test --reporter=list,json

node scripts/test-summary.mjs .tmp/vitest.json .tmp/playwright.json || status=1
exit $status
