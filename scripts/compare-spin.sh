#!/usr/bin/env bash
# Explores the same state graphs with NavFlow and with SPIN, on this machine,
# one after the other, and prints a table: states, seconds, states per second
# and peak memory for each, and the ratios.
#
# For each size a spec is generated (`navflow generate`), NavFlow explores it
# in full (`navflow verify --exploration full --statistics`: the time of the
# exploration alone, as pan's is of its search, and of the whole verify; its
# peak memory is the whole run's), and the spec is exported to Promela
# (`navflow export`) for SPIN, built the way that makes SPIN fastest for a
# plain reachability search: gcc -O2 -DSAFETY -DNOREDUCE, the hash table sized
# to the state count (-w), the depth stack as deep as the state count (-m). The state
# counts must agree; the script stops if they do not. The last two columns are
# NavFlow's default verify of the same spec, which parks the tabs that are not
# selected (docs/performance.md): its states and seconds.
#
# Each engine runs RUNS times (default 3), the two alternating, and every
# column is the median of its runs: pan prints its time in hundredths of a
# second, and one slow run of either engine should not decide a ratio.
#
# Needs: a release build (swift build -c release), spin, gcc, GNU time.
# Usage: [RUNS=N] scripts/compare-spin.sh [SIZE...]   SIZE is one of 1e4 1e5 1e6 1e7 (default: 1e4 1e5 1e6)
set -euo pipefail
cd "$(dirname "$0")/.."

navflow="${NAVFLOW:-.build/release/navflow}"
for tool in spin gcc /usr/bin/time python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "compare-spin: $tool is not installed" >&2; exit 2; }
done
[ -x "$navflow" ] || { echo "compare-spin: build first: swift build -c release" >&2; exit 2; }

runs="${RUNS:-3}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "compare-spin: RUNS must be a positive number, not '$runs'" >&2; exit 2; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1e4 1e5 1e6)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

shape() {
  case "$1" in
    1e4) echo "--tabs 2 --screens 6 --fan-out 3 --depth 3 --sheets 1 --flags 1 --deeplinks 2" ;;
    1e5) echo "--tabs 2 --screens 6 --fan-out 3 --depth 4 --sheets 1 --flags 2 --deeplinks 2" ;;
    1e6) echo "--tabs 2 --screens 6 --fan-out 3 --depth 5 --sheets 1 --flags 3 --deeplinks 2" ;;
    1e7) echo "--tabs 2 --screens 6 --fan-out 3 --depth 6 --sheets 1 --flags 3 --deeplinks 2" ;;
    *) echo "compare-spin: unknown size $1 (1e4, 1e5, 1e6 or 1e7)" >&2; exit 2 ;;
  esac
}

printf '%-5s %10s | %8s %8s %12s %7s | %8s %12s %7s | %7s %7s | %8s %8s\n' \
  size states "nf s" "verify s" "nf states/s" "nf MB" "spin s" "spin st/s" "spin MB" "speed" "memory" "parked" "parked s"
for size in "${sizes[@]}"; do
  spec="$work/$size.navflow"
  # shellcheck disable=SC2046
  "$navflow" generate $(shape "$size") > "$spec"

  "$navflow" verify "$spec" --statistics > /dev/null 2> "$work/parked.err" || true
  parked_states=$(grep -o '[0-9]* states (' "$work/parked.err" | head -1 | cut -d' ' -f1)
  parked_seconds=$(grep -o '[0-9.]* s,' "$work/parked.err" | head -1 | tr -d ' s,')

  "$navflow" export "$spec" --format promela > "$work/model.pml"
  (cd "$work" && spin -a model.pml > /dev/null)
  (cd "$work" && gcc -O2 -DSAFETY -DNOREDUCE -DVECTORSZ=4096 -w -o pan pan.c)

  : > "$work/runs"
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%M' -o "$work/nf.mem" "$navflow" verify "$spec" --exploration full --statistics --format json \
      > "$work/nf.json" 2> "$work/nf.err" || true
    nf_states=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["specs"][0]["stats"]["states"])' "$work/nf.json")
    nf_verify=$(grep -o '[0-9.]* s,' "$work/nf.err" | head -1 | tr -d ' s,')
    nf_seconds=$(grep -o 'exploration [0-9.]* s' "$work/nf.err" | head -1 | cut -d' ' -f2)
    nf_mb=$(( $(tail -1 "$work/nf.mem") / 1024 ))

    bits=$(python3 -c 'import math,sys; print(max(10, math.ceil(math.log2(int(sys.argv[1]))) + 1))' "$nf_states")
    (cd "$work" && /usr/bin/time -f '%M' -o spin.mem ./pan -m"$((nf_states + 1000))" -w"$bits" > pan.out 2>&1) || true
    spin_states=$(grep 'states, stored' "$work/pan.out" | awk '{print $1}')
    spin_seconds=$(grep 'pan: elapsed time' "$work/pan.out" | awk '{print $4}')
    spin_mb=$(( $(tail -1 "$work/spin.mem") / 1024 ))
    if [ "$spin_states" != "$nf_states" ]; then
      echo "compare-spin: state counts differ at $size: NavFlow $nf_states, SPIN $spin_states" >&2
      exit 1
    fi
    echo "$nf_seconds $nf_verify $nf_mb $spin_seconds $spin_mb" >> "$work/runs"
  done
  python3 - "$size" "$nf_states" "$work/runs" "$parked_states" "$parked_seconds" <<'PY'
import statistics, sys
size, states, runs, parked, parked_s = sys.argv[1:]
states = int(states)
columns = list(zip(*(line.split() for line in open(runs))))
nf_s, verify_s, nf_mb, spin_s, spin_mb = (statistics.median(float(value) for value in column) for column in columns)
nf_mb, spin_mb = int(nf_mb), int(spin_mb)
nf_rate = int(states / nf_s) if nf_s > 0 else 0
spin_rate = int(states / spin_s) if spin_s > 0 else 0
speed = f"{nf_rate / spin_rate:6.2f}x" if spin_rate and nf_rate else "    n/a"
memory = nf_mb / spin_mb if spin_mb else float("inf")
print(f"{size:<5} {states:>10} | {nf_s:>8.3f} {verify_s:>8.3f} {nf_rate:>12} {nf_mb:>7} | {spin_s:>8.3f} {spin_rate:>12} {spin_mb:>7} | {speed} {memory:>6.2f}x | {parked:>8} {float(parked_s):>8.3f}")
PY
done
echo "medians of $runs runs each; nf s: NavFlow's exploration, as pan's search; verify s: with every property judged; speed: NavFlow states/s over SPIN's"
echo "(n/a when pan reports 0.00 s); memory: NavFlow peak over SPIN's; parked: NavFlow's default verify, tabs not selected parked"
