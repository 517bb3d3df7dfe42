#!/usr/bin/env bash
# Browser tests: finds (or installs) Debian's Chromium (its headless shell), builds the app, runs Playwright.
#   bash tests/tools/e2e.sh                 # everything
#   bash tests/tools/e2e.sh smoke           # extra arguments go to `playwright test`
#   E2E_SKIP_BUILD=1 bash tests/tools/e2e.sh   # reuse dist/ as it is
#   E2E_NGINX=0 bash tests/tools/e2e.sh         # without the hosting test (tests/tools/e2e-nginx.sh)
#   CHROMIUM_PATH=/path/to/chromium bash tests/tools/e2e.sh
# Playwright's own browser download is never used (it does not work here).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

source tests/tools/browser-env.sh
use_chromium
use_full_chromium
echo "Chromium: $CHROMIUM_PATH"

if [[ "${E2E_SKIP_BUILD:-}" == "1" ]]; then
  [[ -f "${E2E_DIST:-dist}/index.html" ]] || { echo "E2E_SKIP_BUILD=1 but ${E2E_DIST:-dist}/index.html is missing: build first." >&2; exit 1; }
  echo "Skipping the build (E2E_SKIP_BUILD=1): testing dist/ as it is."
else
  npx vite build ${E2E_DIST:+--outDir "$E2E_DIST" --emptyOutDir}
fi

npx playwright test --config tests/e2e/playwright.config.ts "$@"

# With no arguments (the whole suite), the hosting test follows: the production
# build behind nginx (tests/tools/e2e-nginx.sh). E2E_NGINX=0 skips it.
if [[ $# -eq 0 ]] && [[ "${E2E_NGINX:-1}" != "0" ]]; then
  bash tests/tools/e2e-nginx.sh
fi
