#!/usr/bin/env bash
# The hosting test: builds the app with the API on another origin, serves it
# with Debian's nginx and deploy/nginx.conf, and walks it in Chromium
# (tests/hosting/). Installs nginx and Chromium with apt-get when they are
# missing and this runs as root (tests/tools/browser-env.sh).
#   bash tests/tools/e2e-nginx.sh
#   E2E_PORT=4290 bash tests/tools/e2e-nginx.sh     # nginx on 4310, the stand-in on 4311 (tests/hosting/hosting-ports.ts)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

source tests/tools/browser-env.sh
need_nginx
use_chromium

base="${E2E_PORT:-4179}"
app_port="${E2E_NGINX_PORT:-$((base + 20))}"
api_port="${E2E_NGINX_API_PORT:-$((base + 21))}"
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
