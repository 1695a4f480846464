#!/bin/sh
# Entry of `npm start`, `npm test` and `pnpm bench`: bootstrap the toolchain, install, then hand over to
# pnpm scripts.
set -e
MINDPATH_ROOT=$(cd "$(dirname "$0")/.." && pwd)
export MINDPATH_ROOT
cd "$MINDPATH_ROOT"
# the bench drives the same Chromium and PostgreSQL as the tests
case "$1" in test|bench) MINDPATH_NEED_TEST_DEPS=1 ;; esac
. "$MINDPATH_ROOT/scripts/bootstrap.sh"
pnpm install --frozen-lockfile --prefer-offline --reporter=append-only >&2
case "$1" in
  start) exec pnpm run serve ;;
  test) exec pnpm run test:all ;;
  bench) shift; exec pnpm --filter @mindpath/bench bench "$@" ;;
  *) shift 0; exec pnpm "$@" ;;
esac
