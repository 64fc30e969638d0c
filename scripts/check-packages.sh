#!/usr/bin/env bash
# Packs every published package (all but the private ones) with scripts/pack-packages.sh, then checks each
# tarball with publint --strict and arethetypeswrong (ESM and CJS consumers must both get types).
# Needs `pnpm build` first.
set -euo pipefail
cd "$(dirname "$0")/.."

packs=$(mktemp -d)
trap 'rm -rf "$packs"' EXIT
bash scripts/pack-packages.sh "$packs" > /dev/null
# Each check prints its whole report only when it fails.
check() {
  local out
  out=$("$@" 2>&1) || { echo "$out"; return 1; }
}
for tarball in "$packs"/*.tgz; do
  check pnpm exec publint --strict "$tarball"
  check pnpm exec attw "$tarball" --format table-flipped --no-emoji
  echo "$(basename "$tarball"): publint --strict and attw: no problems"
done
