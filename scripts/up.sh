#!/usr/bin/env bash
# The README's run command: install, build, then start on the embedded database with the sandbox upstream.
# Migrations run at start. Set DATABASE_URL for PostgreSQL, UPSTREAM_MODE=live for the real providers.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash scripts/install-deps.sh
npx next build
exec npx next start -p "${PORT:-3000}"
