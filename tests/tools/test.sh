#!/usr/bin/env bash
# npm test: the unit tests (Vitest) and the browser tests (tests/tools/e2e.sh)
# side by side. The browser tests spend much of their time waiting on the
# network and on timers, so the unit tests use that time instead of running
# after them (about 4 minutes instead of 6 on a 2-core machine). The browser
# tests stream their output; the unit tests' output follows when both are done.
# The exit status is non-zero when either fails.
#   bash tests/tools/test.sh
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

unit_log="$(mktemp)"
trap 'rm -f "$unit_log"' EXIT
started=$SECONDS

npx vitest run > "$unit_log" 2>&1 &
unit_pid=$!

bash tests/tools/e2e.sh
e2e_status=$?
e2e_seconds=$((SECONDS - started))

wait "$unit_pid"
unit_status=$?

echo
echo "== Unit, component and model tests (Vitest)"
cat "$unit_log"
echo
echo "== npm test: browser tests $([[ $e2e_status -eq 0 ]] && echo passed || echo FAILED) (${e2e_seconds} s)," \
  "unit tests $([[ $unit_status -eq 0 ]] && echo passed || echo FAILED); ${SECONDS} s in all"
[[ $e2e_status -eq 0 && $unit_status -eq 0 ]]
