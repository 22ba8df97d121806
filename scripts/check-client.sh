#!/usr/bin/env bash
# Fails when the checked-in typed client (clients/typescript) is not what the current OpenAPI document generates.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
npx tsx scripts/generate-client.ts "$tmp" >/dev/null
for file in openapi.json schema.ts; do
  if ! diff -u "clients/typescript/$file" "$tmp/$file"; then
    echo "clients/typescript/$file is out of date: run npm run client:generate and commit it." >&2
    exit 1
  fi
done
echo "clients/typescript is current"
