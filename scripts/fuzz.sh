#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ (-sanitize=fuzzer,address) and runs
# each for a bounded time, seeded with the specs, queries and traces of the
# repository. A crash, a hang (-timeout) or memory past -rss_limit_mb stops
# the run; the input that caused it is kept in Fuzz/artifacts/ (add it to
# Tests/NavFlowCheckTests/FuzzRegressions/ once fixed). Leak reports are off:
# the Swift runtime keeps caches alive at exit, which LeakSanitizer reports.
# Usage: scripts/fuzz.sh [-c debug|release] [SECONDS_PER_HARNESS] [HARNESS...]
#   (default: release, 60 s, all four)
# A release build runs two to five times as many inputs a second; a debug
# build takes less than half the time to build (on 2 cores, from scratch,
# 103 s against 273 s) and also checks the sources' assert()s, which is what
# a short run in CI wants.
set -euo pipefail
cd "$(dirname "$0")/.."

configuration=release
if [ "${1:-}" = "-c" ]; then
  if [ $# -lt 2 ]; then echo "fuzz.sh: -c needs debug or release" >&2; exit 2; fi
  configuration="$2"
  shift 2
fi
case "$configuration" in
  debug|release) ;;
  *) echo "fuzz.sh: -c takes debug or release, not '$configuration'" >&2; exit 2 ;;
esac
seconds="${1:-60}"
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(FuzzSpec FuzzQuery FuzzDeepLink FuzzTrace)

echo "== building the harnesses ($configuration)"
build=(swift build --package-path Fuzz -c "$configuration" -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
"${build[@]}" 2>&1 | grep -E "error|warning: |Compiling|Build complete" | tail -3
bin="$("${build[@]}" --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p Fuzz/artifacts

corpus() {
  local dir="$work/corpus-$1"
  mkdir -p "$dir"
  case "$1" in
    FuzzSpec) cp specs/examples/*.navflow specs/defects/*.navflow specs/errors/*.navflow "$dir"/ ;;
    FuzzQuery)
      printf '%s' 'reach home / Detail(_) / Item(_)' > "$dir/q1"
      printf '%s' 'reach * / ... / Item(_) where !signedIn' > "$dir/q2"
      printf '%s' 'reach browse / Colors > Item(_) + sheet Compose / ...' > "$dir/q3"
      printf '%s' 'reach (((' > "$dir/q4" ;;
    FuzzDeepLink)
      printf '%s\n%s' 'fuzz://item/{n: Number}/{c: Color}' 'fuzz://item/12/red' > "$dir/l1"
      printf '%s\n%s' 'https://fuzz.example.com/u/{s: Name}' 'https://FUZZ.example.com/u/x?q=1#f' > "$dir/l2"
      printf '%s\n%s' 'fuzz://{a: Color}/{a: Color}' 'fuzz://a' > "$dir/l3" ;;
    FuzzTrace) cp Tests/NavFlowCoverageTests/Traces/*/*.jsonl "$dir"/ ;;
  esac
  echo "$dir"
}

for harness in "${harnesses[@]}"; do
  echo "== $harness for ${seconds}s"
  ASAN_OPTIONS=detect_leaks=0 "$bin/$harness" "$(corpus "$harness")" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -artifact_prefix="Fuzz/artifacts/$harness-" -print_final_stats=1 2>&1 \
    | grep -E "^#[0-9]+ +DONE|stat::number_of_executed_units|ERROR|SUMMARY|Test unit written" || true
  if ls Fuzz/artifacts/"$harness"-* >/dev/null 2>&1; then
    echo "fuzz: $harness found an input that fails; see Fuzz/artifacts/" >&2
    exit 1
  fi
done
echo "fuzz: every harness ran clean"
