#!/usr/bin/env bash
# Builds the sample consumer package Examples/ShopFlows as a team's package
# builds: NavFlowBuildPlugin verifies its target's spec on build, and a spec
# with an error fails the build with the finding as a compiler-style
# diagnostic; NavFlowCommandPlugin runs navflow on the specs of its navflow/
# folder (`swift package navflow verify`, `plan`).
# Usage: scripts/check-plugins.sh
set -euo pipefail
cd "$(dirname "$0")/../Examples/ShopFlows"

spec=Sources/ShopFlows/catalog.navflow
backup="$(mktemp)"
cp "$spec" "$backup"
trap 'cp "$backup" "$spec"; rm -f "$backup"' EXIT

echo "== swift build (the build plugin verifies $spec)"
swift build 2>&1 | tail -1

echo "== a spec with an error fails the build with its finding"
printf 'screen Orphan\n' >> "$spec"
if output="$(swift build 2>&1)"; then
  echo "check-plugins: the build passed with an orphan screen in $spec" >&2
  exit 1
fi
grep -q "catalog.navflow:[0-9]*:[0-9]*: error: screen 'Orphan' is never on screen" <<<"$output" || {
  echo "check-plugins: the build failed without the finding:" >&2
  echo "$output" | tail -20 >&2
  exit 1
}
cp "$backup" "$spec"
swift build 2>&1 | tail -1

echo "== swift package navflow verify (the specs of navflow/)"
output="$(swift package navflow verify 2>&1)"
grep -q "verified 1 spec: 0 errors" <<<"$output" || { echo "$output" >&2; exit 1; }

echo "== swift package navflow plan"
output="$(swift package navflow plan 2>&1)"
grep -q "Tap “Pay” on Payment" <<<"$output" || { echo "$output" >&2; exit 1; }
[ -d .build/plugins/NavFlowCommandPlugin/outputs/plan ] || { echo "check-plugins: plan wrote no traces in the plugin's work directory" >&2; exit 1; }

echo "plugins: passed"
