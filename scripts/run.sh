#!/bin/sh
# Entry of `npm start` / `npm test`: bootstrap the toolchain, install, then hand over to pnpm scripts.
set -e
MINDPATH_ROOT=$(cd "$(dirname "$0")/.." && pwd)
export MINDPATH_ROOT
cd "$MINDPATH_ROOT"
[ "$1" = test ] && MINDPATH_NEED_TEST_DEPS=1
. "$MINDPATH_ROOT/scripts/bootstrap.sh"
pnpm install --frozen-lockfile --prefer-offline --reporter=append-only >&2
case "$1" in
  start) exec pnpm run serve ;;
  test) exec pnpm run test:all ;;
  *) shift 0; exec pnpm "$@" ;;
esac
