#!/usr/bin/env bash
# Records the corpus: each command runs under a pseudo-terminal (script -qfec), 200 columns by 64 rows,
# so that it draws as it does for a person; what it wrote to the terminal is saved as <name>.tty.
# Run from this folder: bash record.sh. The captures are checked in; re-recording changes them.
set -euo pipefail
here=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
record() {
  local name=$1
  shift
  (cd "$work" && script -qfec "stty cols 200 rows 64; $*" /dev/null) >"$here/$name.tty" 2>/dev/null || true
}
git init -q "$work/origin" && (cd "$work/origin" && for i in $(seq 1 300); do head -c 20000 /dev/urandom >"f$i"; done && git add . && git -c user.email=a@b -c user.name=a commit -qm init)
head -c 30000000 /dev/zero >"$work/blob.bin"
printf 'int main(void) { return undefined_name + 1 }\n' >"$work/broken.c"
printf 'def f(x):\n    return 1 / x\n\nf(0)\n' >"$work/crash.py"
mkdir -p "$work/dir/sub" && touch "$work/dir/a.txt" "$work/dir/run.sh" && chmod +x "$work/dir/run.sh" && ln -s a.txt "$work/dir/link"
printf 'alpha error one\nbeta ok\ngamma error two\n' >"$work/log.txt"
record dd-progress 'dd if=/dev/urandom of=/dev/null bs=1M count=600 status=progress'
record git-clone-progress 'git clone --progress file://'"$work"'/origin clone'
record curl-progress-bar 'curl -# -o out.bin file://'"$work"'/blob.bin'
record diff-color 'printf "a\nb\nc\n" >x; printf "a\nB\nc\n" >y; diff --color=always -u x y'
record ls-color 'ls --color=always -la dir'
record grep-color 'grep --color=always -n error log.txt'
record gcc-diagnostics 'gcc -fdiagnostics-color=always -c broken.c -o broken.o'
record python-traceback 'python3 crash.py'
record pip-progress "python3 -c 'import sys,time
for i in range(0,101,5):
    sys.stdout.write(\"\\r\\x1b[32m%3d%%\\x1b[0m |%s%s|\" % (i, \"\\u2501\" * (i // 5), \" \" * (20 - i // 5))); sys.stdout.flush(); time.sleep(0.01)
print(\"\\n\\x1b[1;32mSuccessfully installed demo-1.0\\x1b[0m\")'"
record multiline-cursor-up "python3 -c 'import sys,time
for f in range(6):
    if f: sys.stdout.write(\"\\x1b[3A\")
    for l in range(3): sys.stdout.write(\"\\x1b[2K\\x1b[36mjob-%d\\x1b[39m %s\\n\" % (l, \"#\" * (f * (l + 1))))
    sys.stdout.flush(); time.sleep(0.01)'"
record tar-verbose 'tar -cvf /dev/null dir'
record vitest-tty 'cd /work/main && pnpm exec vitest run packages/shared/test/byte-size.test.ts'
record xz-verbose 'xz -v -k -T1 -c blob.bin >/dev/null'
