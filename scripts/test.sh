#!/usr/bin/env bash
# The README's test command: typecheck, lint, formatting, unit + integration (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), then the Playwright suite in Debian's Chromium against a production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/install-deps.sh
bash scripts/ensure-chromium.sh
step() { printf '\n== %s\n' "$1"; }
step "typecheck"; npx tsc --noEmit
step "lint"; npx eslint --max-warnings 0 .
step "layers (imports only go down: docs/architecture.md)"; npx depcruise src --config .dependency-cruiser.cjs
step "format"; npx prettier --check . --log-level warn
step "typed client"; bash scripts/check-client.sh
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "unit + integration (PGlite and PostgreSQL at ${TEST_DATABASE_URL%%\?*})"
else
  step "unit + integration (PGlite; set TEST_DATABASE_URL to add PostgreSQL)"
fi
npx vitest run --reporter=default --reporter=json --outputFile.json=e2e/artifacts/vitest.json
step "production build"; npx next build
step "e2e (Playwright, Debian Chromium)"; PLAYWRIGHT_JSON_OUTPUT_NAME=e2e/artifacts/playwright.json npx playwright test --reporter=list,json
node scripts/summarize-tests.mjs e2e/artifacts/vitest.json e2e/artifacts/playwright.json
