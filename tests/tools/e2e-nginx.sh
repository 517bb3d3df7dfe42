#!/usr/bin/env bash
# The hosting test: builds the app with the API on another origin, serves it
# with Debian's nginx and deploy/nginx.conf, and walks it in Chromium
# (tests/hosting/). Installs nginx with apt-get when it is missing and this
# runs as root, as tests/tools/e2e.sh does for Chromium.
#   bash tests/tools/e2e-nginx.sh
#   E2E_PORT=4290 bash tests/tools/e2e-nginx.sh     # nginx on 4291, the stand-in on 4292
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

install_with_apt() {
  local package="$1"
  if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "${package} is missing: running apt-get update && apt-get install -y ${package}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y "$package"
  else
    echo "${package} is needed for the hosting test. Install it with: sudo apt-get update && sudo apt-get install -y ${package}" >&2
    exit 1
  fi
}

if [[ -z "${NGINX_PATH:-}" ]] && [[ ! -x /usr/sbin/nginx ]] && ! command -v nginx >/dev/null 2>&1; then
  install_with_apt nginx
fi
if [[ -z "${CHROMIUM_PATH:-}" ]]; then
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    [[ -x "$candidate" ]] && { export CHROMIUM_PATH="$candidate"; break; }
  done
  [[ -n "${CHROMIUM_PATH:-}" ]] || { install_with_apt chromium; export CHROMIUM_PATH=/usr/bin/chromium; }
fi

base="${E2E_PORT:-4179}"
app_port="${E2E_NGINX_PORT:-$((base + 1))}"
api_port="${E2E_NGINX_API_PORT:-$((base + 2))}"
export E2E_NGINX_DIST="${E2E_NGINX_DIST:-${TMPDIR:-/tmp}/ev-club-nginx-dist-${app_port}}"

# The build refuses a secret Stripe key, with a clear message that never shows it.
secret="sk_test_$(date +%s%N)"
refused_dir="$(mktemp -d)"
if refusal="$(VITE_STRIPE_PUBLISHABLE_KEY="$secret" npx vite build --outDir "$refused_dir" --logLevel warn 2>&1)"; then
  rm -rf "$refused_dir"
  echo "The build accepted a secret Stripe key (sk_…): it must refuse it." >&2
  exit 1
fi
rm -rf "$refused_dir"
if [[ "$refusal" != *"VITE_STRIPE_PUBLISHABLE_KEY is a secret Stripe key"* ]] || [[ "$refusal" == *"$secret"* ]]; then
  echo "The build refused a secret key without the expected message, or printed the key:" >&2
  echo "$refusal" >&2
  exit 1
fi
echo "OK: a secret Stripe key stops the build (the key is not printed)."

# A production build whose API is the stand-in on its own origin: the CSP's
# connect-src must name that origin, and the app must work across origins. An
# unrelated VITE_* variable is set too: its value must reach no file of dist/.
canary="unrelated-$(date +%s%N)-canary"
echo "Building ${E2E_NGINX_DIST} with VITE_API_URL=http://127.0.0.1:${api_port}/api/"
VITE_API_URL="http://127.0.0.1:${api_port}/api/" VITE_STRIPE_PUBLISHABLE_KEY= VITE_UNRELATED_TOKEN="$canary" \
  npx vite build --outDir "$E2E_NGINX_DIST" --emptyOutDir --logLevel warn
if grep -rqF "$canary" "$E2E_NGINX_DIST"; then
  echo "The value of VITE_UNRELATED_TOKEN is in ${E2E_NGINX_DIST}: only the five settings may reach the build." >&2
  exit 1
fi
echo "OK: no VITE_* value other than the five settings is in ${E2E_NGINX_DIST}."

exec npx playwright test --config tests/hosting/playwright.config.ts "$@"
