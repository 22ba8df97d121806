#!/usr/bin/env bash
# Installs exactly what package-lock.json pins, once per lock-file change. npm ci prints nothing for minutes on a
# first install; a line every INSTALL_PROGRESS_SECONDS (default 15) says it is still working and how far it got.
set -euo pipefail
stamp=node_modules/.install-stamp
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_hash" ]; then
  echo "up to date with package-lock.json"
  exit 0
fi
total=$(grep -o '"node_modules/' package-lock.json | wc -l)
echo "installing the ${total} packages package-lock.json pins (a first install takes a few minutes)"
npm ci --no-audit --no-fund &
npm_pid=$!
started=$SECONDS
while kill -0 "$npm_pid" 2>/dev/null; do
  sleep "${INSTALL_PROGRESS_SECONDS:-15}"
  kill -0 "$npm_pid" 2>/dev/null || break
  done_count=$( (ls -d node_modules/*/ node_modules/@*/*/ 2>/dev/null || true) | wc -l)
  echo "  still installing: ${done_count} of ${total} packages unpacked after $((SECONDS - started)) s"
done
wait "$npm_pid"
echo "$lock_hash" > "$stamp"
echo "installed in $((SECONDS - started)) s"
