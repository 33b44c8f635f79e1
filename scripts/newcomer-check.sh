#!/usr/bin/env bash
# What a newcomer does: `npm start`, wait for the printed API key, call GET /v1/project with it,
# then Ctrl-C, which must stop every process and exit 0. Uses a throwaway database.
set -euo pipefail
cd "$(dirname "$0")/.."
db=otp_newcomer_check
psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" postgres
rm -f .local/demo-project.json
log=$(mktemp)
# Its own process group, so SIGINT below reaches every process the way Ctrl-C in a terminal does.
DATABASE_URL="postgresql://postgres@127.0.0.1:5432/$db" setsid npm start >"$log" 2>&1 &
pid=$!
cleanup() { kill -INT -- "-$pid" 2>/dev/null || true; }
trap cleanup EXIT

key=""
for _ in $(seq 1 180); do
  key=$(sed -n 's/^ *API key: \(otp_live_[A-Za-z0-9_]*\).*/\1/p' "$log" | head -1)
  [ -n "$key" ] && break
  kill -0 "$pid" 2>/dev/null || { echo "npm start exited early:"; cat "$log"; exit 1; }
  sleep 1
done
[ -n "$key" ] || { echo "no API key printed within 180 s:"; tail -50 "$log"; exit 1; }

body=$(curl -sS -H "Authorization: Bearer $key" http://127.0.0.1:8080/v1/project)
echo "GET /v1/project -> $body"
echo "$body" | grep -q '"balance":"1.00"' || { echo "expected the 1.00 trial credit"; tail -50 "$log"; exit 1; }

trap - EXIT
kill -INT -- "-$pid"
for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
if kill -0 "$pid" 2>/dev/null; then echo "npm start did not stop within 30 s"; kill -9 "$pid"; exit 1; fi
wait "$pid" && code=0 || code=$?
# Only this checkout's processes: other checkouts on the machine may be running their own suites.
left=$(pgrep -f "$PWD/services/.*/dist/main.js" || true)
[ -z "$left" ] || { echo "processes left running: $left"; exit 1; }
grep -q "stopped." "$log" || { echo "the launcher did not report a clean stop (exit $code):"; tail -30 "$log"; exit 1; }
echo "npm start stopped cleanly"
