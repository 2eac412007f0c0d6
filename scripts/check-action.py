#!/usr/bin/env python3
"""Runs the steps of action.yml as GitHub's runner would, on this checkout.

It reads action.yml, checks that every input, step output and script it
names exists and that each script's NAVFLOW_* variables are passed to it,
then runs the composite action's steps in order for four workflows: a
clean spec with the traces `plan` writes for it and a coverage gate (every
step passes; the SARIF log is written; the job summary holds the verify and
coverage reports); a spec with a defect (the verify step fails with exit 1
after writing the SARIF log and the summary); and traces that drift from
the spec, with `allow-drift` false (the gate fails) and true (it passes). A
step without `if:` is skipped once one has failed, as the runner does. `uses:` steps are not run: for the SARIF
upload, the log it would upload is checked instead.

Usage: scripts/check-action.py   (builds navflow in debug, as the tests do)
"""
import atexit, json, os, re, shutil, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
scratch = tempfile.mkdtemp(prefix="navflow-action-")
atexit.register(shutil.rmtree, scratch, True)
try:
    import yaml
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pyyaml"], check=True)
    import yaml

action = yaml.safe_load(open(os.path.join(root, "action.yml")))
problems = []
inputs = action["inputs"]
steps = action["runs"]["steps"]
if action["runs"]["using"] != "composite":
    problems.append("runs.using is not composite")

# What the file names exists.
ids = [step.get("id") for step in steps]
for step in steps:
    text = json.dumps(step)
    for name in re.findall(r"inputs\.([A-Za-z0-9_-]+)", text):
        if name not in inputs:
            problems.append(f"step '{step['name']}' reads the input '{name}', which action.yml does not declare")
    for name in re.findall(r"steps\.([A-Za-z0-9_-]+)\.outputs", text):
        if name not in ids:
            problems.append(f"step '{step['name']}' reads the outputs of '{name}', which no step has as its id")
    if "run" in step:
        match = re.search(r"\$GITHUB_ACTION_PATH/(scripts/action/[a-z-]+\.sh)", step["run"])
        if not match:
            problems.append(f"step '{step['name']}' runs no script of scripts/action")
            continue
        script = os.path.join(root, match.group(1))
        if not os.access(script, os.X_OK):
            problems.append(f"{match.group(1)} is missing or not executable")
            continue
        used = set(re.findall(r"\b(NAVFLOW(?:_[A-Z_]+)?)\b", open(script).read()))
        for name in sorted(used - set(step.get("env", {}))):
            problems.append(f"{match.group(1)} reads {name}, which step '{step['name']}' does not pass")
for name, spec in inputs.items():
    if "description" not in spec:
        problems.append(f"input '{name}' has no description")


def expand(value, given, outputs):
    """Replaces ${{ inputs.X }} and ${{ steps.S.outputs.O }} in a string."""
    def one(match):
        expression = match.group(1).strip()
        found = re.fullmatch(r"inputs\.([A-Za-z0-9_-]+)", expression)
        if found:
            return given.get(found.group(1), inputs[found.group(1)].get("default", ""))
        found = re.fullmatch(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)", expression)
        if found:
            return outputs.get(found.group(1), {}).get(found.group(2), "")
        raise ValueError(f"expression not understood: {expression}")
    return re.sub(r"\$\{\{(.*?)\}\}", one, str(value))


def condition(text, given, outputs, failed):
    """Evaluates an `if:` of the forms action.yml uses."""
    expression = text.strip()
    if expression.startswith("${{"):
        expression = expression[3:-2]
    expression = expression.replace("always()", "True").replace("success()", str(not failed))
    expression = expression.replace("&&", " and ").replace("||", " or ")
    expression = re.sub(r"inputs\.([A-Za-z0-9_-]+)",
                        lambda m: repr(given.get(m.group(1), inputs[m.group(1)].get("default", ""))), expression)
    expression = re.sub(r"steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)",
                        lambda m: repr(outputs.get(m.group(1), {}).get(m.group(2), "")), expression)
    return eval(expression, {"__builtins__": {}}, {"True": True, "False": False})


def run_workflow(given):
    """Runs the steps; returns (status of each step, summary text, outputs)."""
    work = tempfile.mkdtemp(dir=scratch)
    summary = os.path.join(work, "summary.md")
    open(summary, "w").close()
    outputs, statuses, failed = {}, {}, False
    for step in steps:
        if "if" in step and not condition(step["if"], given, outputs, failed):
            statuses[step["name"]] = "skipped"
            continue
        if failed and "if" not in step:
            statuses[step["name"]] = "skipped"
            continue
        if "uses" in step:
            sarif = expand(step["with"]["sarif_file"], given, outputs)
            log = json.load(open(sarif))
            ok = log.get("version") == "2.1.0" and log["runs"][0]["tool"]["driver"]["name"] == "navflow"
            statuses[step["name"]] = "passed" if ok else "failed"
            continue
        output_file = os.path.join(work, f"output-{len(statuses)}")
        open(output_file, "w").close()
        env = dict(os.environ, GITHUB_ACTION_PATH=root, GITHUB_OUTPUT=output_file, GITHUB_STEP_SUMMARY=summary,
                   RUNNER_TEMP=work)
        for key, value in step.get("env", {}).items():
            env[key] = expand(value, given, outputs)
        result = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=root, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        values = {}
        for line in open(output_file):
            if "=" in line:
                key, value = line.rstrip("\n").split("=", 1)
                values[key] = value
        if step.get("id"):
            outputs[step["id"]] = values
        statuses[step["name"]] = "passed" if result.returncode == 0 else f"failed ({result.returncode})"
        if result.returncode != 0:
            failed = True
            statuses[step["name"] + " output"] = result.stdout[-2000:]
    return statuses, open(summary).read(), outputs


# Traces that fit the spec: those `plan` writes.
subprocess.run(["swift", "build", "--product", "navflow"], cwd=root, check=True, stdout=subprocess.DEVNULL)
binary = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, check=True, stdout=subprocess.PIPE, text=True).stdout.strip()
traces = tempfile.mkdtemp(dir=scratch)
subprocess.run([os.path.join(binary, "navflow"), "plan", "specs/examples/messenger.navflow", "--output", traces],
               cwd=root, check=True, stdout=subprocess.DEVNULL)

clean, clean_summary, clean_outputs = run_workflow({
    "specs": "specs/examples/messenger.navflow",
    "traces": traces,
    "fail-under": "screens=100 edges=90",
    "configuration": "debug",
})
for name, status in clean.items():
    if not name.endswith(" output") and status != "passed":
        problems.append(f"clean workflow: step '{name}' {status}: {clean.get(name + ' output', '')}")
for needed in ["### NavFlow: verify", "verified 1 spec: 0 errors", "## NavFlow coverage: Messenger"]:
    if needed not in clean_summary:
        problems.append(f"clean workflow: the job summary lacks '{needed}'")

defects, defects_summary, defects_outputs = run_workflow({
    "specs": "specs/defects/dismiss-noop.navflow",
    "configuration": "debug",
})
if not defects.get("Verify the specs", "").startswith("failed (1)"):
    problems.append(f"defects workflow: the verify step should fail with exit 1, it {defects.get('Verify the specs')}")
if defects.get("Upload the findings to code scanning") != "passed":
    problems.append("defects workflow: the SARIF log was not written for the upload")
if "dismiss-noop" not in defects_summary or "error" not in defects_summary:
    problems.append("defects workflow: the job summary lacks the findings")

# The recorded traces of the tests drift from the spec on purpose: the gate
# fails on them, unless allow-drift says otherwise.
for allow, expected in [("false", "failed (1)"), ("true", "passed")]:
    statuses, _, _ = run_workflow({
        "specs": "specs/examples/messenger.navflow",
        "traces": "Tests/NavFlowCoverageTests/Traces/messenger",
        "fail-under": "screens=10",
        "allow-drift": allow,
        "configuration": "debug",
    })
    if statuses.get("Measure coverage") != expected:
        problems.append(f"drifting traces with allow-drift {allow}: the coverage step {statuses.get('Measure coverage')}, expected {expected}")

# Traces that are not there fail the coverage step, gate or not.
statuses, _, _ = run_workflow({
    "specs": "specs/examples/messenger.navflow",
    "traces": "no/such/traces",
    "configuration": "debug",
})
if not statuses.get("Measure coverage", "").startswith("failed (2)"):
    problems.append(f"missing traces: the coverage step {statuses.get('Measure coverage')}, expected failed (2)")

if problems:
    print("action: " + "\naction: ".join(problems), file=sys.stderr)
    sys.exit(1)
print("action: passed (" + ", ".join(f"{name}: {status}" for name, status in clean.items()) + ")")
