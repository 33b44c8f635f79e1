#!/bin/sh
# The image's entrypoint. SERVICE (or the first argument) picks what runs:
#   gateway | billing | guard | sms | messenger | verify | webhook-dispatcher | sandbox  -> that service
#   migrate [service...]                                                        -> database migrations
# Telemetry is loaded with --import before the service's own modules, so they get instrumented.
# Source maps are off (they cost about 12 MB of memory a process): NODE_OPTIONS=--enable-source-maps
# maps stack traces to the TypeScript sources when debugging.
set -eu
app="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:-${SERVICE:-}}"
[ "$#" -gt 0 ] && shift
case "$target" in
  gateway|billing|guard|sms|messenger|verify|webhook-dispatcher|sandbox)
    cd "$app/services/$target"
    exec node --import @otp/platform/telemetry/register dist/main.js "$@"
    ;;
  migrate)
    cd "$app"
    exec node scripts/migrate.mjs "$@"
    ;;
  *)
    echo "entrypoint: unknown service '$target' (set SERVICE or pass one of: gateway billing guard sms messenger verify webhook-dispatcher sandbox migrate)" >&2
    exit 64
    ;;
esac
