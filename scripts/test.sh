#!/usr/bin/env bash
# The README's test command: typecheck, lint, formatting, unit + integration (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), then the Playwright suite in Debian's Chromium against a production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/install-deps.sh
bash scripts/ensure-chromium.sh
step() { printf '\n== %s\n' "$1"; }
# The static checks only read the tree, so they run side by side: the typecheck on one core, the rest one after
# another on the other (docs/benchmarks.md, "CI run time"). Each prints its own output once it ends; any failure
# fails the run after all of them have reported.
static_dir=$(mktemp -d)
trap 'rm -rf "$static_dir"' EXIT
checked() {
  local name=$1
  shift
  if "$@" >"$static_dir/$name.log" 2>&1; then echo ok >"$static_dir/$name.status"; else echo failed >"$static_dir/$name.status"; fi
}
step "typecheck, lint, layers, format, typed client (side by side)"
checked typecheck npx tsc --noEmit &
(
  checked lint npx eslint --max-warnings 0 .
  # layers: imports only go down (docs/architecture.md)
  checked layers npx depcruise src --config .dependency-cruiser.cjs
  checked format npx prettier --check . --log-level warn
  checked typed-client bash scripts/check-client.sh
  # bench/ imports the service's modules: a renamed export fails here, not at the next benchmark run.
  checked bench-types npx tsc --noEmit -p bench
) &
wait
static_failed=0
for name in typecheck lint layers format typed-client bench-types; do
  step "$name: $(cat "$static_dir/$name.status")"
  cat "$static_dir/$name.log"
  [ "$(cat "$static_dir/$name.status")" = ok ] || static_failed=1
done
[ "$static_failed" = 0 ] || exit 1
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "unit + integration (PGlite and PostgreSQL at ${TEST_DATABASE_URL%%\?*})"
else
  step "unit + integration (PGlite; set TEST_DATABASE_URL to add PostgreSQL)"
fi
npx vitest run --reporter=default --reporter=json --outputFile.json=e2e/artifacts/vitest.json
step "production build"; npx next build
step "e2e (Playwright, Debian Chromium)"
# Two runs side by side: the api and ui projects against the served build, and the resilience and scale-out projects,
# which start their own servers on other ports and spend most of their time waiting (leases running out, servers
# starting). One after another they took 29 min on CI; the second run's output follows the first's.
servers_log=e2e/artifacts/playwright-servers.log
mkdir -p e2e/artifacts
E2E_PORT=3150 E2E_WEB_SERVER=off PLAYWRIGHT_JSON_OUTPUT_NAME=e2e/artifacts/playwright-servers.json \
  npx playwright test --project=resilience --project=scale-out --reporter=list,json >"$servers_log" 2>&1 &
servers_pid=$!
e2e_failed=0
PLAYWRIGHT_JSON_OUTPUT_NAME=e2e/artifacts/playwright.json npx playwright test --project=api --project=ui \
  --reporter=list,json || e2e_failed=1
wait "$servers_pid" || e2e_failed=1
step "e2e, resilience and scale-out (the run beside it)"
cat "$servers_log"
node scripts/summarize-tests.mjs e2e/artifacts/vitest.json e2e/artifacts/playwright.json \
  e2e/artifacts/playwright-servers.json || e2e_failed=1
exit "$e2e_failed"
