#!/usr/bin/env bash
# The GitHub Action's first step: builds navflow from the action's checkout
# and sets the step output 'navflow' to the binary.
# Environment: GITHUB_ACTION_PATH, GITHUB_OUTPUT, NAVFLOW_TRAITS, NAVFLOW_CONFIGURATION.
set -euo pipefail
configuration="${NAVFLOW_CONFIGURATION:-release}"
case "$configuration" in release|debug) ;; *) echo "::error::configuration must be release or debug, not '$configuration'"; exit 2 ;; esac
build=(swift build --package-path "$GITHUB_ACTION_PATH" -c "$configuration" --product navflow)
[ -n "${NAVFLOW_TRAITS:-}" ] && build+=(--traits "$NAVFLOW_TRAITS")
"${build[@]}"
navflow="$("${build[@]}" --show-bin-path)/navflow"
"$navflow" --version
echo "navflow=$navflow" >> "$GITHUB_OUTPUT"
