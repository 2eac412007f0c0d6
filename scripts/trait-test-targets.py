#!/usr/bin/env python3
"""Prints a `swift test --filter` pattern naming the test targets whose code
the package traits (Z3, SwiftSource) change: a test target is named when it,
or a target it depends on directly or through others, has a source file with
an `#if` or `#elseif` on a trait, or on `canImport` of a module only a
trait brings in. The other test targets test code that compiles the same
with or without the traits. (A trait's effect declared in Package.swift
alone, a `.define` or a dependency under `.when(traits:)`, is not seen: the
targets that have one test the trait in their sources too.)

Usage: scripts/trait-test-targets.py   (from anywhere in the repository)
"""
import json
import os
import re
import subprocess
import sys

TRAITS = ("Z3", "SwiftSource")
# The modules only a trait brings in, which `canImport` may test instead.
TRAIT_MODULES = ("Z3Solver", "CZ3", "CZ3Shim", "SwiftSyntax", "SwiftParser")
CONDITIONAL = re.compile(r"^\s*#(?:if|elseif)\b.*(?:\b(?:%s)\b|canImport\((?:%s)\))"
                         % ("|".join(TRAITS), "|".join(TRAIT_MODULES)))

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
described = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=root,
                           check=True, capture_output=True, text=True).stdout
targets = {target["name"]: target for target in json.loads(described)["targets"]}


def conditional(target):
    for source in target.get("sources", []):
        path = os.path.join(root, target["path"], source)
        with open(path, encoding="utf-8") as file:
            if any(CONDITIONAL.match(line) for line in file):
                return True
    return False


changed = {name for name, target in targets.items() if conditional(target)}


def reaches_changed(name, seen):
    if name in changed:
        return True
    seen.add(name)
    return any(reaches_changed(dependency, seen) for dependency in targets[name].get("target_dependencies") or []
               if dependency in targets and dependency not in seen)


tests = sorted(name for name, target in targets.items()
               if target["type"] == "test" and reaches_changed(name, set()))
if not tests:
    sys.exit("trait-test-targets: no test target depends on a trait")
print("^(%s)\\." % "|".join(tests))
