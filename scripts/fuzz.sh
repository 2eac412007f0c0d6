#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ (-sanitize=fuzzer,address) and runs
# each for a bounded time, seeded with the specs, queries and traces of the
# repository. A crash, a hang (-timeout) or memory past -rss_limit_mb stops
# the run; the input that caused it is kept in Fuzz/artifacts/ (add it to
# Tests/NavFlowCheckTests/FuzzRegressions/ once fixed). Leak reports are off:
# the Swift runtime keeps caches alive at exit, which LeakSanitizer reports.
# Usage: scripts/fuzz.sh [SECONDS_PER_HARNESS] [HARNESS...]   (default: 60, all four)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(FuzzSpec FuzzQuery FuzzDeepLink FuzzTrace)

echo "== building the harnesses"
swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld 2>&1 | grep -E "error|warning: |Compiling|Build complete" | tail -3
bin="$(swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld --show-bin-path)"

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
