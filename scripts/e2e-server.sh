#!/usr/bin/env bash
# Serves the production build for the e2e suite on a fresh embedded database, provisioned with the CLI.
set -euo pipefail
port="$1"
export DATA_DIR="$PWD/e2e/artifacts/data-$port"
# The specs run their webhook receivers on 127.0.0.1, which is refused by default (SSRF).
export ALLOW_PRIVATE_WEBHOOK_URLS=1
rm -rf "$DATA_DIR"
mkdir -p e2e/artifacts
platform=$(npm run --silent cli -- platform create --name "E2E platform" --json)
platform_id=$(node -e 'console.log(JSON.parse(process.argv[1]).platformId)' "$platform")
npm run --silent cli -- operator create --email admin@e2e.test --password e2e-admin-password --platform "$platform_id" --role admin --locale en --password-final --json >/dev/null
npm run --silent cli -- operator create --email viewer@e2e.test --password e2e-viewer-password --platform "$platform_id" --role viewer --locale en --password-final --json >/dev/null
echo "$platform" > "e2e/artifacts/provision-$port.json"
# SIGTERM/SIGINT are the server's own graceful shutdown, as with `npm start` (docs/decisions.md).
NEXT_MANUAL_SIG_HANDLE=1 exec npx next start -p "$port"
