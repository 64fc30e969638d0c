#!/usr/bin/env bash
# Checks every published package's tarball with publint --strict and arethetypeswrong (ESM and CJS
# consumers must both get types). `pnpm check:packages` packs them first (scripts/pack-packages.sh, after
# `pnpm build`); `pnpm check:packages DIR` checks the tarballs already in DIR (.ci/run packs once for
# this and check:install). The tarballs are checked at once: each check is mostly a process starting.
set -euo pipefail
cd "$(dirname "$0")/.."

reports=$(mktemp -d)
cleanup=("$reports")
trap 'rm -rf "${cleanup[@]}"' EXIT
if [ $# -gt 0 ]; then
  packs=$(realpath "$1")
else
  packs=$(mktemp -d)
  cleanup+=("$packs")
  bash scripts/pack-packages.sh "$packs" > /dev/null
fi

bin=node_modules/.bin
# Each check prints its whole report only when it fails.
check() {
  local tarball=$1 out
  out=$("$bin/publint" --strict "$tarball" 2>&1) || { echo "$out"; return 1; }
  out=$("$bin/attw" "$tarball" --format table-flipped --no-emoji 2>&1) || { echo "$out"; return 1; }
  echo "$(basename "$tarball"): publint --strict and attw: no problems"
}
pids=()
tarballs=("$packs"/pipeguard-*.tgz)
for tarball in "${tarballs[@]}"; do
  check "$tarball" > "$reports/$(basename "$tarball").txt" 2>&1 &
  pids+=("$!")
done
status=0
for index in "${!tarballs[@]}"; do
  wait "${pids[$index]}" || status=1
  cat "$reports/$(basename "${tarballs[$index]}").txt"
done
exit "$status"
