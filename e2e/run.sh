#!/usr/bin/env bash
# Browser end-to-end tests: build, then Playwright starts the production server on a fresh .data-e2e.
# E2E_SKIP_BUILD=1 reuses the current build (.next and dist/server); E2E_PORT changes the port (default 3210).
# Extra arguments go to `playwright test` (e.g. a file name or --grep).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "e2e: /usr/bin/chromium is missing. Install the Debian Chromium first:" >&2
  echo "  sudo apt-get install -y chromium" >&2
  echo "(Playwright uses that browser; never 'npx playwright install'.)" >&2
  exit 1
fi

if [ "${E2E_SKIP_BUILD:-}" != "1" ]; then
  npm run build
fi

rm -rf ".data-e2e-${E2E_PORT:-3210}"
npx playwright test "$@"
