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

# Debian's headless shell (package chromium-headless-shell) is the lighter
# browser for tests: the same engine without the browser UI, about a third
# less CPU on this suite. The full chromium package works too.
find_chromium() {
  local candidate
  for candidate in /usr/bin/chromium-headless-shell /usr/bin/chromium /usr/bin/chromium-browser; do
    if [[ -x "$candidate" ]]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  if [[ ! -x "$CHROMIUM_PATH" ]]; then
    echo "CHROMIUM_PATH=${CHROMIUM_PATH} is not an executable file." >&2
    exit 1
  fi
  chromium="$CHROMIUM_PATH"
elif [[ ! -x /usr/bin/chromium-headless-shell ]] && [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Debian's Chromium headless shell is missing: running apt-get update && apt-get install -y chromium-headless-shell"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y chromium-headless-shell
  chromium="$(find_chromium)" || {
    echo "apt-get installed no Chromium binary." >&2
    exit 1
  }
elif ! chromium="$(find_chromium)"; then
  echo "Chromium is needed for the browser tests. Install it with: sudo apt-get update && sudo apt-get install -y chromium-headless-shell" >&2
  exit 1
fi
export CHROMIUM_PATH="$chromium"
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
