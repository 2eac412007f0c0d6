#!/usr/bin/env bash
# Loads the HTML coverage report in headless Chromium and checks what a reader
# sees: the screen graph (SVG from Graphviz, or the note saying it is missing),
# the summary and edge tables, and that clicking a column header sorts a table.
# Needs a built navflow (swift build) and chromium-headless-shell or chromium;
# skips (exit 0) with a message when no Chromium is installed.
set -euo pipefail
cd "$(dirname "$0")/.."

browser=""
for candidate in chromium-headless-shell chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then browser="$candidate"; break; fi
done
if [ -z "$browser" ]; then
  echo "check-html-report: no Chromium installed; skipped"
  exit 0
fi

navflow="${NAVFLOW:-.build/debug/navflow}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

spec=specs/examples/messenger.navflow
"$navflow" coverage "$spec" --trace Tests/NavFlowCoverageTests/Traces/messenger \
  --format html --output "$work/report.html" --allow-drift
edges="$("$navflow" coverage "$spec" --trace Tests/NavFlowCoverageTests/Traces/messenger --format json --allow-drift \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["edges"]["total"])')"

fail() { echo "check-html-report: FAILED: $1" >&2; exit 1; }

# Nothing may load from the network: no src or href to another origin.
if grep -Eq '(src|href)="(https?:)?//' "$work/report.html"; then fail "the report loads something from the network"; fi

# A copy of the report with a probe that clicks the "Taken" header of the
# edge table twice (descending) and records what the page shows.
cat > "$work/probe.js" <<'PROBE'
var th = document.querySelectorAll("#edges th")[2];
th.click(); th.click();
var rows = document.querySelectorAll("#edges tbody tr");
var counts = Array.prototype.map.call(rows, function (r) { return parseFloat(r.cells[2].getAttribute("data-sort")); });
var sorted = counts.every(function (v, i) { return i === 0 || counts[i - 1] >= v; });
document.body.setAttribute("data-probe", "rows=" + rows.length + ";sorted=" + sorted +
  ";metrics=" + document.querySelectorAll("#metrics tbody tr").length +
  ";svg=" + document.querySelectorAll("#graph svg").length +
  ";note=" + document.querySelectorAll("#graph-missing").length);
PROBE
report="$(cat "$work/report.html")"
{ printf '%s' "${report%</body>*}"; printf '<script>'; cat "$work/probe.js"; printf '</script></body>%s' "${report##*</body>}"; } > "$work/probe.html"

dom="$("$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --virtual-time-budget=5000 \
  --dump-dom "file://$work/probe.html" 2>/dev/null)"
probe="$(printf '%s' "$dom" | grep -o 'data-probe="[^"]*"' | head -1)"
[ -n "$probe" ] || fail "the page's scripts did not run"
echo "check-html-report: $probe"

case "$probe" in *"sorted=true"*) ;; *) fail "clicking 'Taken' did not sort the edge table" ;; esac
case "$probe" in *"metrics=7;"*) ;; *) fail "the summary table does not have 7 metrics" ;; esac
case "$probe" in *"rows=$edges;"*) ;; *) fail "the edge table does not list the spec's $edges edges" ;; esac
if command -v dot >/dev/null 2>&1; then
  case "$probe" in *"svg=1;"*) ;; *) fail "Graphviz is installed but the report has no SVG graph" ;; esac
else
  case "$probe" in *"note=1"*) ;; *) fail "without Graphviz the report must say the graph is not drawn" ;; esac
fi
echo "check-html-report: passed ($browser)"
