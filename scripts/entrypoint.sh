#!/bin/sh
# The image's entrypoint. SERVICE (or the first argument) picks what runs:
#   a part of the platform (services/platform/src/parts.ts)  -> that service
#   migrate [service...]                                      -> database migrations
# Telemetry is loaded with --import before the service's own modules, so they get instrumented.
# Source maps are off (they cost about 12 MB of memory a process): NODE_OPTIONS=--enable-source-maps
# maps stack traces to the TypeScript sources when debugging.
set -eu
app="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:-${SERVICE:-}}"
[ "$#" -gt 0 ] && shift
if [ "$target" = migrate ]; then
  cd "$app"
  exec node scripts/migrate.mjs "$@"
fi
# The names come from the one list of parts (the chart, the image and the local run follow it too),
# read from the compiled module: a part added there is accepted here without an edit.
parts="$(cd "$app" && node --input-type=module -e \
  "const { PARTS } = await import('@otp/platform/parts'); console.log(PARTS.map((part) => part.name).join(' '))")"
for part in $parts; do
  if [ "$part" = "$target" ]; then
    cd "$app/services/$target"
    exec node --import @otp/platform/telemetry/register dist/main.js "$@"
  fi
done
echo "entrypoint: unknown service '$target' (set SERVICE or pass one of: $parts migrate)" >&2
exit 64
