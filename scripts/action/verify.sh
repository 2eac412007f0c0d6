#!/usr/bin/env bash
# The GitHub Action's verify step: writes the findings as SARIF (step output
# 'sarif'), prints them as text, adds them to the job summary, and exits
# with verify's code (0 clean, 1 findings, 2 bad input, 3 a limit).
# Environment: NAVFLOW, NAVFLOW_SPECS, NAVFLOW_WARNINGS_AS_ERRORS,
# NAVFLOW_BASELINE, RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY.
set -uo pipefail
read -r -a specs <<< "${NAVFLOW_SPECS:-navflow}"
# Blank input: the default (bash 3.2 treats an empty array as unset).
[ "${#specs[@]}" -eq 0 ] && specs=(navflow)
options=()
[ "${NAVFLOW_WARNINGS_AS_ERRORS:-false}" = "true" ] && options+=(--warnings-as-errors)
[ -n "${NAVFLOW_BASELINE:-}" ] && options+=(--baseline "$NAVFLOW_BASELINE")
sarif="$RUNNER_TEMP/navflow.sarif"
text="$RUNNER_TEMP/navflow-verify.txt"

"$NAVFLOW" verify "${specs[@]}" ${options[@]+"${options[@]}"} --format sarif --output "$sarif"
[ -s "$sarif" ] && echo "sarif=$sarif" >> "$GITHUB_OUTPUT"
"$NAVFLOW" verify "${specs[@]}" ${options[@]+"${options[@]}"} > "$text"
status=$?
cat "$text"
{
  echo "### NavFlow: verify"
  echo
  echo "$(tail -n 1 "$text")"
  echo
  echo '<details><summary>Findings</summary>'
  echo
  echo '```'
  cat "$text"
  echo '```'
  echo '</details>'
} >> "$GITHUB_STEP_SUMMARY"
exit "$status"
