#!/usr/bin/env bash
# Playwright cannot download its own browsers here: the e2e suite uses Debian's Chromium.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: install Debian's package with 'sudo apt-get install -y chromium'." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
command -v chromium
