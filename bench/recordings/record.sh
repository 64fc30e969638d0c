#!/usr/bin/env bash
# Records the bench's real-program inputs: each command runs under a pseudo-terminal (script -qfec) of
# COLS×ROWS, at 80×24 and at 120×40, so that it draws as it does for a person; what it wrote to the
# terminal is saved as <name>-<cols>.tty and recordings.json gives each recording's size. The recordings
# are checked in (re-recording changes them); the rendering bench repeats each to 16 MiB.
#
# Run as root (apt-get reinstalls the small `hello` package), with Debian's python3-tqdm and python3-rich
# installed and the network up (apt-get):
#   bash bench/recordings/record.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# A fixed place: some programs print where they run.
work=/tmp/pipeguard-bench-recordings
rm -rf "$work" && mkdir -p "$work"
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
py=/usr/bin/python3
entries=()

record() {
  local name=$1 cols=$2 rows=$3
  shift 3
  (cd "$work" && COLUMNS=$cols LINES=$rows script -qfec "stty cols $cols rows $rows; $*" /dev/null) \
    >"$here/$name-$cols.tty" 2>/dev/null || true
  entries+=("\"$name-$cols\": { \"cols\": $cols, \"rows\": $rows }")
}

# What the commands work on: a repository to clone, a file to download (served slowly, so that the bar
# is drawn many times), apt's lists in a directory of their own (no lock shared with other apt runs).
git init -q "$work/origin"
(cd "$work/origin" && for i in $(seq 1 2000); do head -c 4000 /dev/urandom >"f$i"; done &&
  git add . && git -c user.email=a@b -c user.name=a commit -qm init)
mkdir -p "$work/www" && head -c 24000000 /dev/zero >"$work/www/blob.bin"
port=8765
(cd "$work/www" && exec $py -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
server=$!
for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
mkdir -p "$work/sources" && cp /etc/apt/sources.list.d/*.sources "$work/sources/" 2>/dev/null || true
apt_update="apt-get -o Dir::Etc::SourceParts=$work/sources -o Dir::State::Lists=$work/lists -o Dir::Cache=$work/cache"
mkdir -p "$work/lists/partial" "$work/cache/archives/partial"
apt_install="apt-get -o Dir::Etc::SourceParts=$work/sources -o Dpkg::Progress-Fancy=1"

tqdm_script='import time
from tqdm import tqdm
for _ in tqdm(range(400), desc="files", unit="file"): time.sleep(0.002)
for _ in tqdm(range(300), desc="download", unit="B", unit_scale=True, ascii=False, colour="green"): time.sleep(0.002)
for _ in tqdm(range(3), desc="outer", position=0):
    for _ in tqdm(range(100), desc="inner", position=1, leave=False): time.sleep(0.002)
print("done")'
rich_script='import time
from rich.live import Live
from rich.progress import Progress, track
from rich.table import Table
for _ in track(range(150), description="Working..."): time.sleep(0.004)
with Progress() as progress:
    tasks = [progress.add_task(name, total=200) for name in ("download", "unpack", "install")]
    while not progress.finished:
        for step, task in enumerate(tasks): progress.update(task, advance=step + 1)
        time.sleep(0.004)
def table(n):
    t = Table(title="jobs")
    t.add_column("job"); t.add_column("state"); t.add_column("done", justify="right")
    for j in range(4): t.add_row(f"job-{j}", "[green]ok" if (n + j) % 5 else "[yellow]wait", str(n * (j + 1)))
    return t
with Live(table(0), refresh_per_second=50) as live:
    for n in range(120):
        time.sleep(0.004)
        live.update(table(n))
print("[done]")'

for size in "80 24" "120 40"; do
  set -- $size
  record tqdm "$1" "$2" "$py -c '$tqdm_script'"
  record rich "$1" "$2" "$py -c '$rich_script'"
  rm -rf "$work/lists"/* "$work/cache"/* && mkdir -p "$work/lists/partial" "$work/cache/archives/partial"
  record apt-get-update "$1" "$2" "$apt_update update"
  record apt-get-reinstall "$1" "$2" "$apt_install install -y --reinstall hello"
  rm -rf "$work/clone"
  record git-clone "$1" "$2" "git clone --progress file://$work/origin clone"
  record curl "$1" "$2" "curl -# --limit-rate 3M -o out.bin http://127.0.0.1:$port/blob.bin"
done

{
  printf '{\n'
  for index in "${!entries[@]}"; do
    separator=','
    [ "$index" -eq $((${#entries[@]} - 1)) ] && separator=''
    printf '  %s%s\n' "${entries[$index]}" "$separator"
  done
  printf '}\n'
} >"$here/recordings.json"
echo "recorded ${#entries[@]} recordings into $here"
