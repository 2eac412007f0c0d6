#!/usr/bin/env bash
# The GitHub Action's coverage step: adds the coverage report (Markdown, with
# its screen graph) to the job summary, then gates on the minimums given.
# Environment: NAVFLOW, NAVFLOW_SPECS, NAVFLOW_COVERAGE_SPEC, NAVFLOW_TRACES,
# NAVFLOW_FAIL_UNDER, NAVFLOW_ALLOW_DRIFT, GITHUB_STEP_SUMMARY.
set -uo pipefail
spec="${NAVFLOW_COVERAGE_SPEC:-}"
if [ -z "$spec" ]; then
  read -r -a specs <<< "${NAVFLOW_SPECS:-}"
  if [ "${#specs[@]}" -ne 1 ] || [ ! -f "${specs[0]}" ]; then
    echo "::error::coverage needs one spec file: set the input coverage-spec"
    exit 2
  fi
  spec="${specs[0]}"
fi
traces=()
for trace in ${NAVFLOW_TRACES:-}; do traces+=(--trace "$trace"); done
gates=()
for gate in ${NAVFLOW_FAIL_UNDER:-}; do gates+=(--fail-under "$gate"); done
[ "${NAVFLOW_ALLOW_DRIFT:-false}" = "true" ] && gates+=(--allow-drift)

"$NAVFLOW" coverage "$spec" ${traces[@]+"${traces[@]}"} --format markdown --allow-drift >> "$GITHUB_STEP_SUMMARY"
status=$?
# A spec or trace that does not read (2) or a limit (3) fails the step, gate or not.
[ "$status" -ne 0 ] && exit "$status"
[ "${#gates[@]}" -eq 0 ] && exit 0
"$NAVFLOW" coverage "$spec" ${traces[@]+"${traces[@]}"} ${gates[@]+"${gates[@]}"}
