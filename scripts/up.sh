#!/usr/bin/env bash
# The README's run command: install and build only what changed, then start on the embedded database with
# the sandbox upstream. Migrations run at start. Set DATABASE_URL for PostgreSQL, UPSTREAM_MODE=live for the
# real providers.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
port="${PORT:-3000}"
say() { printf '\n\033[1m==> %s\033[0m\n' "$1"; }

# Install: skipped when package-lock.json is unchanged since the last install (scripts/install-deps.sh).
say "Dependencies"
bash scripts/install-deps.sh

# Build: skipped when no input of the build changed. The fingerprint is over file contents (not times), so a
# fresh clone or a `touch` does not force a rebuild and any edit does.
fingerprint() {
  {
    find src public -type f -print0 | sort -z | xargs -0 sha256sum
    sha256sum package-lock.json next.config.mjs tsconfig.json postcss.config.* tailwind.config.* 2>/dev/null || true
    env | grep -E '^NEXT_PUBLIC_' | sort || true
  } | sha256sum | cut -d' ' -f1
}
stamp=.next/source-fingerprint
current=$(fingerprint)
say "Build"
if [ -f .next/BUILD_ID ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$current" ]; then
  echo "the build in .next/ matches the sources; not rebuilding"
else
  npx next build
  echo "$current" > "$stamp"
fi

say "Starting on http://localhost:${port} (PORT=${port}; set PORT for another port)"
# The server prints one block when it is ready: console URL, how to sign in, API keys, the sandbox.
# NEXT_MANUAL_SIG_HANDLE: SIGTERM/SIGINT are the server's own graceful shutdown, not Next.js's (docs/decisions.md).
NEXT_MANUAL_SIG_HANDLE=1 exec npx next start -p "$port"
