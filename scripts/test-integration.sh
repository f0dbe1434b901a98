#!/usr/bin/env bash
# The integration tests (Vitest: the real router on a real database): on the embedded PGlite, then, when
# DATABASE_URL is set, again on that PostgreSQL, where the concurrency tests that race real HTTP requests
# run too. Arguments go to both runs of `vitest run` (a file or folder, -t NAME, --project NAME).
# Both runs run even when the first fails (one run reports every failure); the exit says whether both passed.
set -uo pipefail
cd "$(dirname "$0")/.."

failed=0
echo "== integration tests on embedded PGlite"
env -u DATABASE_URL npx vitest run "$@" || failed=1

if [ -n "${DATABASE_URL:-}" ]; then
  echo "== integration tests on PostgreSQL"
  npx vitest run "$@" || failed=1
fi
exit $failed
