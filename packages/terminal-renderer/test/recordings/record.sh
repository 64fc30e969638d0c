#!/usr/bin/env bash
# Records the real-program corpus: each command runs under a pseudo-terminal (script -qfec) of COLS×ROWS,
# so that it draws as it does for a person, and what it wrote to the terminal is saved as <name>.tty;
# recordings.json gives each recording's size. The recordings are checked in: re-recording changes them.
#
# Run from anywhere, as root (apt-get installs the small `hello` package, then removes it), with Debian's
# python3-tqdm and python3-rich installed, the network up (apt-get, pnpm) and the workspace installed:
#   bash packages/terminal-renderer/test/recordings/record.sh
set -euo pipefail
COLS=80
ROWS=24
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
# A fixed place: some programs print where they run.
work=/tmp/pipeguard-recordings
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
names=()

record() {
  local name=$1
  shift
  (cd "$work" && script -qfec "stty cols $COLS rows $ROWS; $*" /dev/null) >"$here/$name.tty" 2>/dev/null || true
  names+=("$name")
}

# What the commands work on.
git init -q "$work/origin"
(cd "$work/origin" && for i in $(seq 1 300); do head -c 20000 /dev/urandom >"f$i"; done &&
  git add . && git -c user.email=a@b -c user.name=a commit -qm init)
head -c 30000000 /dev/zero >"$work/blob.bin"
printf 'int main(void) {\n  int unused;\n  return undefined_name + 1\n}\n' >"$work/broken.c"
printf 'def f(x):\n    return 1 / x\n\nf(0)\n' >"$work/crash.py"
mkdir -p "$work/dir/sub" && touch "$work/dir/a.txt" "$work/dir/run.sh" && chmod +x "$work/dir/run.sh" &&
  ln -s a.txt "$work/dir/link"
printf 'alpha error one\nbeta ok\ngamma error two\n' >"$work/log.txt"
printf 'a\nb\nc\n' >"$work/x" && printf 'a\nB\nc\n' >"$work/y"
mkdir -p "$work/app" && printf '{ "name": "demo", "version": "1.0.0", "dependencies": { "is-number": "7.0.0", "is-odd": "3.0.1" } }\n' >"$work/app/package.json"
mkdir -p "$work/tests" && for n in 1 2 3; do
  printf "test('adds %s', () => { expect(%s + 1).toBe(%s) })\ntest('fails %s', () => { expect('a').toBe('b') })\n" \
    "$n" "$n" "$((n + 1))" "$n" >"$work/tests/sum$n.test.js"
done
py=/usr/bin/python3

# Debian's own sources only: apt names every other file it finds in sources.list.d.
mkdir -p "$work/sources" && cp /etc/apt/sources.list.d/*.sources "$work/sources/" 2>/dev/null || true
apt="apt-get -o Dir::Etc::SourceParts=$work/sources -o Dpkg::Progress-Fancy=1"
apt-get remove -y -qq hello >/dev/null 2>&1 || true
record apt-get-install "$apt install -y hello"
apt-get remove -y -qq hello >/dev/null 2>&1 || true
record tqdm-progress "$py -c 'import time
from tqdm import tqdm
for _ in tqdm(range(150), desc=\"files\"): time.sleep(0.004)
for _ in tqdm(range(3), desc=\"outer\", position=0):
    for _ in tqdm(range(40), desc=\"inner\", position=1, leave=False): time.sleep(0.003)
print(\"done\")'"
record rich-progress "$py -c 'import time
from rich.progress import Progress, track
for _ in track(range(60), description=\"Working...\"): time.sleep(0.006)
with Progress() as progress:
    tasks = [progress.add_task(name, total=100) for name in (\"download\", \"unpack\", \"install\")]
    while not progress.finished:
        for step, task in enumerate(tasks): progress.update(task, advance=step + 1)
        time.sleep(0.01)
print(\"[done]\")'"
record git-clone-progress 'git clone --progress file://'"$work"'/origin clone'
record pnpm-install "cd app && pnpm install --store-dir $work/store --reporter=default"
record vitest-run "cd tests && $repo/node_modules/.bin/vitest run --globals --root . --color"
record ls-color 'ls --color -la dir'
record gcc-diagnostics 'gcc -Wall -fdiagnostics-color=always -c broken.c -o broken.o'
record dd-progress 'dd if=/dev/urandom of=/dev/null bs=1M count=400 status=progress'
record curl-progress-bar 'curl -# -o out.bin file://'"$work"'/blob.bin'
record diff-color 'diff --color=always -u x y'
record grep-color 'grep --color=always -n error log.txt'
record python-traceback "$py crash.py"
record tar-verbose 'tar -cvf /dev/null dir'
record xz-verbose 'xz -v -k -T1 -c blob.bin >/dev/null'

{
  printf '{\n'
  for index in "${!names[@]}"; do
    separator=','
    [ "$index" -eq $((${#names[@]} - 1)) ] && separator=''
    printf '  "%s": { "cols": %d, "rows": %d }%s\n' "${names[$index]}" "$COLS" "$ROWS" "$separator"
  done
  printf '}\n'
} >"$here/recordings.json"
echo "recorded ${#names[@]} programs at ${COLS}x${ROWS} into $here"
