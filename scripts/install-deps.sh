#!/usr/bin/env bash
# Installs exactly what package-lock.json pins, once per lock-file change.
set -euo pipefail
stamp=node_modules/.install-stamp
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_hash" ]; then exit 0; fi
npm ci --no-audit --no-fund
echo "$lock_hash" > "$stamp"
