# Sourced by tests/tools/test.sh (npm test), e2e.sh, e2e-nginx.sh and .ci/run:
# the one way the browser runs find (or, as root with apt-get, install) what
# they need.
#   source "$(dirname "${BASH_SOURCE[0]}")/browser-env.sh"
#   use_chromium        # exports CHROMIUM_PATH
#   use_full_chromium   # exports FULL_CHROMIUM_PATH
#   need_nginx          # nginx on the PATH or at /usr/sbin/nginx (or NGINX_PATH)

# Installs a Debian package when this runs as root with apt-get; else says how and exits.
install_with_apt() {
  local package="$1"
  if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "${package} is missing: running apt-get update && apt-get install -y ${package}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update && apt-get install -y "$package" || {
      echo "apt-get could not install ${package}." >&2
      exit 1
    }
  else
    echo "${package} is needed for the browser tests. Install it with: sudo apt-get update && sudo apt-get install -y ${package}" >&2
    exit 1
  fi
}

# Debian's headless shell (package chromium-headless-shell) is the lighter
# browser for tests: the same engine without the browser UI, about a third
# less CPU on the suite. The full chromium package works too.
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

# CHROMIUM_PATH as given (it must be executable); else Debian's headless shell,
# installed first when it is missing and apt-get can (root); else any Chromium found.
use_chromium() {
  if [[ -n "${CHROMIUM_PATH:-}" ]]; then
    if [[ ! -x "$CHROMIUM_PATH" ]]; then
      echo "CHROMIUM_PATH=${CHROMIUM_PATH} is not an executable file." >&2
      exit 1
    fi
  elif [[ ! -x /usr/bin/chromium-headless-shell ]] && [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    install_with_apt chromium-headless-shell
    CHROMIUM_PATH="$(find_chromium)" || {
      echo "apt-get installed no Chromium binary." >&2
      exit 1
    }
  elif ! CHROMIUM_PATH="$(find_chromium)"; then
    echo "Chromium is needed for the browser tests. Install it with: sudo apt-get update && sudo apt-get install -y chromium-headless-shell" >&2
    exit 1
  fi
  export CHROMIUM_PATH
}

# Debian's full browser (package chromium), for the tests that need what the
# headless shell lacks (the back/forward cache, tests/e2e/session-bfcache.spec.ts):
# installed when missing and apt-get can (root); else says how and exits.
use_full_chromium() {
  if [[ -z "${FULL_CHROMIUM_PATH:-}" ]]; then
    [[ -x /usr/bin/chromium ]] || install_with_apt chromium
    [[ -x /usr/bin/chromium ]] || {
      echo "The chromium package left no /usr/bin/chromium." >&2
      exit 1
    }
    FULL_CHROMIUM_PATH=/usr/bin/chromium
  fi
  export FULL_CHROMIUM_PATH
}

need_nginx() {
  if [[ -z "${NGINX_PATH:-}" ]] && [[ ! -x /usr/sbin/nginx ]] && ! command -v nginx >/dev/null 2>&1; then
    install_with_apt nginx
  fi
}
