#!/usr/bin/env bash
# Packs every published package (all but the private ones) as pnpm would publish it, then checks each
# tarball with publint --strict and arethetypeswrong (ESM and CJS consumers must both get types).
# Needs `pnpm build` first.
set -euo pipefail
cd "$(dirname "$0")/.."

packs=$(mktemp -d)
trap 'rm -rf "$packs"' EXIT
for dir in packages/*/; do
  [ "$(node -p "require('./${dir}package.json').private === true")" = true ] && continue
  (cd "$dir" && pnpm pack --pack-destination "$packs" > /dev/null)
done
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
