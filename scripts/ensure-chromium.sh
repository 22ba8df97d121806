#!/usr/bin/env bash
# Playwright cannot download its own browsers here: the e2e suite uses Debian's Chromium, plus CJK fonts so
# screenshots of the Chinese console are legible.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != "0" ]; then
  echo "Missing for the browser tests: ${missing[*]}. Install them with 'sudo apt-get install -y ${missing[*]}'." >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the browser tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
