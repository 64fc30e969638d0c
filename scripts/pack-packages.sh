#!/usr/bin/env bash
# Writes one installable tarball per published package (all but the private ones) into DIR (default
# dist/packs): `pnpm pack` replaces each `workspace:*` range with the version of the package it names, so
# npm installs them (`npm install DIR/*.tgz`, all together, until the packages are on the registry).
# Needs `pnpm build` first (`pnpm pack:all` builds, then runs this). Replaces earlier tarballs in DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

destination=$(realpath -m "${1:-dist/packs}")
mkdir -p "$destination"
# Every tarball pnpm names for this workspace starts with `pipeguard-`; nothing else in DIR is touched.
rm -f "$destination"/pipeguard-*.tgz

mapfile -t published < <(node -e '
  const { readdirSync, existsSync, readFileSync } = require("node:fs");
  for (const dir of readdirSync("packages")) {
    const manifest = `packages/${dir}/package.json`;
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).private !== true)
      console.log(`--filter=./packages/${dir}`);
  }
')
pnpm -r "${published[@]}" pack --pack-destination "$destination" > /dev/null

# A range pnpm left unresolved would fail every npm install with EUNSUPPORTEDPROTOCOL: stop here instead.
for tarball in "$destination"/pipeguard-*.tgz; do
  if tar -xOzf "$tarball" package/package.json | grep -q '"workspace:'; then
    echo "pack-packages: $(basename "$tarball") still has a workspace: range" >&2
    exit 1
  fi
done
echo "${#published[@]} tarballs in $destination:"
ls -1 "$destination"/pipeguard-*.tgz | xargs -n1 basename
