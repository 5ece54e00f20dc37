#!/usr/bin/env bash
# `npm start` from a clone in a directory other users cannot enter (issue 10 item 2): as root, PostgreSQL runs as
# the 'postgres' user, which used to fail with `spawn .../initdb EACCES` under /root or any mode-700 directory.
#
# Clones this checkout under a fresh mode-700 directory, reuses this checkout's node_modules (hard links when the
# file system allows) and builds (fresh copies, so nothing is reinstalled or rebuilt), then
#   1. starts the app as `npm start` does (scripts/start.mjs) with the embedded database and checks that
#      /prod-api/health answers UP and /theone/ answers the app, stops it with SIGTERM and checks that it exited 0
#      and its PostgreSQL stopped (no postmaster.pid left);
#   2. runs one integration test file from the clone (the test global setup starts its own embedded server).
# Needs `npm ci` and `npm run build` done in this checkout. About 30 s. Exit 0 when everything passed.
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
box="$(mktemp -d "${TMPDIR:-/tmp}/theone-private-XXXXXX")"
chmod 700 "$box"
clone="$box/clone"
app_pid=''
moved=''
cleanup() {
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then kill -TERM "$app_pid"; wait "$app_pid" || true; fi
  # A cluster moved for the postgres user lives in /var/lib/theone/data-<hash> (see the start message).
  case "$moved" in */data-*/postgres) rm -rf "$(dirname "$moved")" ;; esac
  rm -rf "$box"
}
trap cleanup EXIT
fail() {
  echo "start-anywhere: $*" >&2
  [ -f "$box/start.log" ] && tail -n 30 "$box/start.log" >&2
  exit 1
}

for built in apps/web/dist/index.html apps/server/dist/main.js node_modules/.package-lock.json; do
  [ -e "$src/$built" ] || fail "$built is missing: run npm ci and npm run build first"
done
git clone -q "$src" "$clone"
cp -al "$src/node_modules" "$clone/node_modules" 2>/dev/null || cp -a "$src/node_modules" "$clone/node_modules"
touch "$clone/node_modules/.package-lock.json"
mkdir -p "$clone/apps/web/dist" "$clone/apps/server/dist"
cp -r "$src/apps/web/dist/." "$clone/apps/web/dist/"
cp -r "$src/apps/server/dist/." "$clone/apps/server/dist/"
echo "start-anywhere: clone in $clone (mode $(stat -c %a "$box") parent), running as $(id -un)"

port="$(node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
(cd "$clone" && PORT="$port" HOST=127.0.0.1 CAPTCHA_ENABLED=false exec node scripts/start.mjs) >"$box/start.log" 2>&1 &
app_pid=$!
for _ in $(seq 1 240); do
  grep -qs 'TheOne is running' "$box/start.log" && break
  kill -0 "$app_pid" 2>/dev/null || fail "the app exited before it was ready"
  sleep 0.5
done
grep -q 'TheOne is running' "$box/start.log" || fail "the app was not ready after 120 s"
moved="$(sed -n 's/^Embedded PostgreSQL: data in \([^ ,]*\).*/\1/p' "$box/start.log" | head -n 1)"
grep '^Embedded PostgreSQL' "$box/start.log"

health="$(curl -fsS "http://127.0.0.1:$port/prod-api/health")" || fail "/prod-api/health did not answer"
echo "$health" | grep -q '"database":"UP"' || fail "/prod-api/health: $health"
curl -fsS "http://127.0.0.1:$port/theone/" | grep -q '<div id="root">' || fail "/theone/ did not answer the app"
echo "start-anywhere: /prod-api/health and /theone/ answered"

kill -TERM "$app_pid"
status=0
wait "$app_pid" || status=$?
app_pid=''
[ "$status" -eq 0 ] || fail "the app exited with $status after SIGTERM"
if [ -n "$moved" ] && [ -e "$moved/postmaster.pid" ]; then fail "PostgreSQL did not stop ($moved/postmaster.pid is left)"; fi
echo "start-anywhere: stopped cleanly"

(cd "$clone" && TEST_DATABASE_URL='' npx vitest run --project integration apps/server/src/platform/db/embedded.int.test.ts) \
  >"$box/vitest.log" 2>&1 || { tail -n 40 "$box/vitest.log" >&2; fail "the integration tests failed from the clone"; }
echo "start-anywhere: integration tests (embedded PostgreSQL from the clone) passed"
