#!/usr/bin/env bash
# npm test, the one command that runs every test (README, "Test it"; docs/testing.md): ESLint, Prettier and
# tsc; the integration tests (PGlite, then PostgreSQL when DATABASE_URL is set); the production build and the
# browser tests on it (always on their own embedded database). Every step runs even when one before it failed,
# so one run reports every failure, and the run ends with what passed and what failed. The steps run one
# after another: each keeps both cores of a small machine busy on its own.
set -uo pipefail
cd "$(dirname "$0")/.."

summary=()
failures=0

step() {
  local name=$1
  shift
  local started=$SECONDS
  echo "== $name"
  if "$@"; then
    summary+=("passed  $name ($((SECONDS - started)) s)")
  else
    summary+=("FAILED  $name ($((SECONDS - started)) s, exit $?)")
    failures=$((failures + 1))
  fi
}

step lint npm run lint
step format npm run format:check
step types npm run typecheck
step integration npm run test:integration
# The type check above covered every file the build compiles, and more: the build leaves it out
# (NEXT_BUILD_SKIP_TYPECHECK, next.config.mjs).
step build env NEXT_BUILD_SKIP_TYPECHECK=1 npm run build
if [ "${summary[-1]:0:6}" = passed ]; then
  step e2e env E2E_SKIP_BUILD=1 npm run test:e2e
else
  summary+=("SKIPPED e2e (the build failed)")
  failures=$((failures + 1))
fi

echo
echo "== npm test: $failures failed"
printf '%s\n' "${summary[@]}"
[ "$failures" -eq 0 ]
