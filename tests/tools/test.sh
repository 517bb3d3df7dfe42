#!/usr/bin/env bash
# npm test: the unit tests (Vitest), the browser tests (tests/tools/e2e.sh) and
# the hosting test behind nginx (tests/tools/e2e-nginx.sh) side by side. The
# browser tests spend much of their time waiting on the network and on timers,
# so the others use that time instead of running after them. Chromium and
# nginx are found (or installed) once, first, so two runs never race apt-get.
# The browser tests stream their output; the others' output follows when all
# are done. The exit status is non-zero when any of them fails.
#   bash tests/tools/test.sh
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

source tests/tools/browser-env.sh
use_chromium
use_full_chromium
need_nginx

unit_log="$(mktemp)"
hosting_log="$(mktemp)"
trap 'rm -f "$unit_log" "$hosting_log"' EXIT
started=$SECONDS

# The model suites record their coverage as they run: none is left from an earlier run.
rm -rf coverage/model
# At a lower priority beside the browser tests, a unit test can take 20 times as
# long as alone (0.9 s alone, 17 s in a loaded run): the time limit, which only
# catches a test that hangs, is doubled for this run.
nice -n 10 npx vitest run --testTimeout=30000 > "$unit_log" 2>&1 &
unit_pid=$!
bash tests/tools/e2e-nginx.sh > "$hosting_log" 2>&1 &
hosting_pid=$!

E2E_NGINX=0 bash tests/tools/e2e.sh
e2e_status=$?
e2e_seconds=$((SECONDS - started))

wait "$hosting_pid"
hosting_status=$?
wait "$unit_pid"
unit_status=$?

verdict() { [[ $1 -eq 0 ]] && echo passed || echo FAILED; }

echo
echo "== Hosting test behind nginx (tests/tools/e2e-nginx.sh)"
cat "$hosting_log"
echo
echo "== Unit, component and model tests (Vitest)"
cat "$unit_log"
echo
echo "== npm test: browser tests $(verdict "$e2e_status") (${e2e_seconds} s)," \
  "hosting test $(verdict "$hosting_status"), unit tests $(verdict "$unit_status"); ${SECONDS} s in all"
[[ $e2e_status -eq 0 && $hosting_status -eq 0 && $unit_status -eq 0 ]]
