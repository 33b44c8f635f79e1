# syntax=docker/dockerfile:1
# One image for every service. The container's SERVICE variable names the part that runs (the
# list: services/platform/src/parts.ts); `migrate` runs the database migrations of all of them.
# Built by the user's CI: docker build -t otp:<version> . (without a daemon: docs/deploying.md).

ARG NODE_IMAGE=node:22-bookworm-slim

# --- sources: the build context, only to pick the manifests out of it -----------------------
FROM ${NODE_IMAGE} AS sources
WORKDIR /src
COPY . .
# Every workspace's package.json (the root manifest's "workspaces" globs), so no list of parts is
# kept here.
RUN set -eu; \
    mkdir -p /manifests; \
    cp package.json package-lock.json /manifests/; \
    for dir in $(node -p "require('./package.json').workspaces.join(' ')"); do \
      if [ -f "$dir/package.json" ]; then mkdir -p "/manifests/$dir" && cp "$dir/package.json" "/manifests/$dir/"; fi; \
    done

# --- manifests: only the package.json files, so dependency layers are cached across code edits
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY --from=sources /manifests/ ./

# --- deps: the full dependency tree (dev tooling included) for the build -------------------
FROM manifests AS deps
RUN npm ci --no-audit --no-fund

# --- build: TypeScript -> dist/, Prisma clients generated ------------------------------------
FROM deps AS build
COPY tsconfig.base.json turbo.json ./
# types/: declarations of untyped packages (smpp); sdk/: the API types the console's web app imports.
COPY types/ types/
COPY proto/ proto/
COPY sdk/ sdk/
COPY services/ services/
RUN npm run build
# Collect what runs: compiled code, the .proto contracts (loaded at run time), each service's
# Prisma schema/migrations/config (the migration job) and shipped data (e.g. the rate card).
RUN set -eu; \
    mkdir -p /out/proto /out/services; \
    cp -r proto/dist proto/*.proto /out/proto/; \
    for dir in services/*/; do \
      name="$(basename "$dir")"; \
      mkdir -p "/out/services/$name"; \
      for part in dist prisma prisma.config.ts data; do \
        if [ -e "$dir$part" ]; then cp -r "$dir$part" "/out/services/$name/"; fi; \
      done; \
    done

# --- runtime: production dependencies, compiled output and the files read at run time -------
FROM ${NODE_IMAGE} AS runtime
# HOME and CHECKPOINT_DISABLE: the Prisma CLI (migrate) wants a writable home and would
# otherwise phone home; /tmp is the only writable place (an emptyDir under the chart).
# MALLOC_ARENA_MAX: V8 compiles and collects garbage on worker threads, and glibc gives each
# thread its own malloc arena (up to 8 per core), each keeping the memory freed into it: two
# arenas take 10-20 MB off every idle process (docs/performance.md, "Performance").
# OTP_ENV=production: every secret required, none of the repository's sample values accepted
# (docs/security.md).
ENV NODE_ENV=production \
    OTP_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    MALLOC_ARENA_MAX=2 \
    CHECKPOINT_DISABLE=1 \
    HOME=/tmp \
    SERVICE=gateway
WORKDIR /app
COPY --from=manifests /app/ ./
# Workspace links (@otp/*) and the production packages of every workspace under services/ (each
# part, and the platform kit they share): the test and SDK workspaces and the root's dev tooling
# (tsc, turbo, eslint) stay out. prisma (the migration CLI) is a production dependency of each
# service, so `migrate` works from this image.
RUN npm ci --omit=dev --no-audit --no-fund -w proto -w services \
 && npm cache clean --force \
 && rm -rf test sdk

COPY --from=build /out/ ./
COPY scripts/migrate.mjs scripts/entrypoint.sh scripts/

# A fixed non-root uid (the chart's securityContext runs as 10001 too).
RUN groupadd --system --gid 10001 otp \
 && useradd --system --uid 10001 --gid otp --home-dir /nonexistent --shell /usr/sbin/nologin otp \
 && chmod 0555 scripts/entrypoint.sh
USER 10001:10001

# public + admin HTTP (gateway), gRPC (billing, guard, sms, messenger, verify, webhook-dispatcher),
# console HTTP + its admin port, sandbox HTTP + SMPP (development only).
EXPOSE 8080 8081 50051 50052 50053 50054 50055 50056 8090 8091 4010 2775
ENTRYPOINT ["/app/scripts/entrypoint.sh"]
