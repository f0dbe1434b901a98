#!/usr/bin/env bash
# npm test, the one command that runs every test (README, "Test it"; docs/testing.md): ESLint, Prettier and
# tsc; the integration tests (PGlite, then PostgreSQL when DATABASE_URL is set); the production build and the
# browser tests on it (always on their own embedded database). Every step runs even when one before it failed,
# so one run reports every failure, and the run ends with what passed and what failed, and the lines of each
# failed step that name its failing tests (a CI log is often read from its end). The steps run one after
# another: each keeps both cores of a small machine busy on its own.
set -uo pipefail
cd "$(dirname "$0")/.."

summary=()
failures=0
failed_steps=()
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

step() {
  local name=$1
  shift
  local started=$SECONDS
  echo "== $name"
  if "$@" 2>&1 | tee "$logs/$name"; then
    summary+=("passed  $name ($((SECONDS - started)) s)")
  else
    summary+=("FAILED  $name ($((SECONDS - started)) s, exit ${PIPESTATUS[0]})")
    failures=$((failures + 1))
    failed_steps+=("$name")
  fi
}

# What names the failures in a step's output: Vitest's "FAIL" lines and its "×" per failing test, Playwright's
# "✘" and its numbered list, ESLint's and Prettier's per-file lines, tsc's "error TS".
failing_lines() {
  sed 's/\x1b\[[0-9;]*m//g' "$logs/$1" |
    grep -a -E '^ *(FAIL |×|✘|[0-9]+\) \[)|error TS|^\[warn\]|^/.*\.(ts|tsx|mjs|js)$|^ +[0-9]+:[0-9]+ +error ' | head -60
}

echo "== npm test on Node $(node --version)"
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

for name in "${failed_steps[@]}"; do
  echo
  echo "== what failed in $name"
  failing_lines "$name"
done

echo
echo "== npm test: $failures failed"
printf '%s\n' "${summary[@]}"
[ "$failures" -eq 0 ]
