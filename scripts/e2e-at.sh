#!/usr/bin/env bash
# Runs the e2e project as if it were <instant> in <zone>: the suite's clock starts there
# (AIRWAVE_E2E_START), Node's own clock is moved there too (Debian's faketime), and Chromium runs
# on the real clock through scripts/chromium-real-clock.sh (the page gets the instant from
# Playwright). Extra arguments go to vitest (e.g. one file).
#   scripts/e2e-at.sh 2026-12-31T23:58:40 UTC
#   scripts/e2e-at.sh 2027-03-28T00:59:30 Europe/London test/e2e/guide.test.ts
#   scripts/e2e-at.sh --three     # the three instants docs/development.md names, one after another
set -uo pipefail
cd "$(dirname "$0")/.."
here="$(pwd)"
# Node 22.19 or newer, as .ci/run provides it (vitest 5 needs it): the machine's, else the cached one
node_ok() { node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=19)?0:1)' 2>/dev/null; }
if ! node_ok; then
  export PATH="${XDG_CACHE_HOME:-$HOME/.cache}/airwave-tray/node22/node_modules/.bin:$PATH"
  node_ok || { echo "Node 22.19 or newer is needed (bash .ci/run installs it)" >&2; exit 2; }
fi

if [ "${1:-}" = "--three" ]; then
  shift
  status=0
  for at in "2026-12-31T23:58:40 UTC" "2027-03-28T00:59:30 Europe/London" "2027-06-15T05:29:50 Asia/Kolkata"; do
    # shellcheck disable=SC2086
    "$0" $at "$@" || status=1
  done
  exit $status
fi

if [ $# -lt 2 ]; then
  echo "usage: scripts/e2e-at.sh <YYYY-MM-DDThh:mm:ss> <time zone> [vitest arguments] | --three" >&2
  exit 2
fi
instant="$1"; zone="$2"; shift 2
command -v faketime >/dev/null || { echo "faketime is not installed (Debian: apt-get install faketime)" >&2; exit 2; }

# build out/ on the real clock first (vitest's own check would build under faketime)
npx tsx -e "import('./test/support/fresh-build.ts').then((m) => m.default())" || exit 1

echo "== e2e at ${instant} ${zone} (faketime; Chromium on the real clock)"
started=$(date +%s)
TZ="$zone" AIRWAVE_E2E_START="$instant" CHROMIUM_PATH="$here/scripts/chromium-real-clock.sh" \
  faketime -f "@${instant/T/ }" npx vitest run --project e2e "$@"
status=$?
echo "== e2e at ${instant} ${zone}: exit ${status} after $(( $(date +%s) - started )) s (real time)"
exit $status
