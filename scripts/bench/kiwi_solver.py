#!/usr/bin/env python3
"""Runs Clavis's solver workloads through kiwisolver, the peer Clavis's solver is measured
against. Reads the workloads clavis-bench wrote (JSON), performs exactly the operations the
Swift side performs, and prints one JSON object of timing samples (seconds) and values.

Constraint objects are made before the clock starts on both sides, so the figures compare
the solvers, not the cost of building expression objects.

    python3 kiwi_solver.py WORKLOADS.json RUNS
"""
import json
import statistics
import sys
import time

import kiwisolver as kiwi

OPS = {"==": "==", "<=": "<=", ">=": ">="}


def make(constraint, variables):
    terms, constant, op, strength = constraint
    expression = sum((coefficient * variables[index] for index, coefficient in terms), constant)
    if op == "==":
        made = expression == 0
    elif op == "<=":
        made = expression <= 0
    else:
        made = expression >= 0
    return made | strength


def add_del(workload, runs):
    add, resolve, delete = [], [], []
    for _ in range(runs):
        variables = [kiwi.Variable("x%d" % i) for i in range(workload["variables"])]
        constraints = [make(c, variables) for c in workload["constraints"]]
        solver = kiwi.Solver()
        start = time.perf_counter()
        for c in constraints:
            solver.addConstraint(c)
        add.append(time.perf_counter() - start)

        edits = [variables[i] for i in workload["edits"]]
        start = time.perf_counter()
        for v in edits:
            solver.addEditVariable(v, "strong")
        for suggestion in workload["suggestions"]:
            for v, value in zip(edits, suggestion):
                solver.suggestValue(v, value)
            solver.updateVariables()
        resolve.append((time.perf_counter() - start) / len(workload["suggestions"]))

        for v in edits:
            solver.removeEditVariable(v)
        start = time.perf_counter()
        for c in constraints:
            solver.removeConstraint(c)
        delete.append(time.perf_counter() - start)
    return {"addDel.add": add, "addDel.resolve": resolve, "addDel.delete": delete}


def keyboard(name, workload, runs, toggles=50, resizes=2000):
    """As Clavis's layout engine does it: one solver per orientation, the second built on the
    first switch; later switches resize the solver of the orientation turned to."""
    build, first_switch, toggle, resize = [], [], [], []
    values = None
    sizes = [workload["portraitSize"], workload["landscapeSize"]]

    def build_solver(own, size):
        variables = [kiwi.Variable("v%d" % i) for i in range(workload["variables"])]
        constraints = [make(c, variables) for c in workload["shared"] + own]
        width, height = variables[0], variables[1]
        solver = kiwi.Solver()
        start = time.perf_counter()
        solver.addEditVariable(width, "strong")
        solver.addEditVariable(height, "strong")
        solver.suggestValue(width, size[0])
        solver.suggestValue(height, size[1])
        for c in constraints:
            solver.addConstraint(c)
        solver.updateVariables()
        return solver, variables, time.perf_counter() - start

    for run in range(runs):
        portrait, portrait_variables, seconds = build_solver(workload["portrait"], sizes[0])
        build.append(seconds)
        if values is None:
            values = [v.value() for v in portrait_variables]
        landscape, landscape_variables, seconds = build_solver(workload["landscape"], sizes[1])
        first_switch.append(seconds)
        sides = [(portrait, portrait_variables, sizes[0]), (landscape, landscape_variables, sizes[1])]

        start = time.perf_counter()
        for i in range(toggles):
            solver, variables, size = sides[i % 2]
            solver.suggestValue(variables[0], size[0])
            solver.suggestValue(variables[1], size[1])
            solver.updateVariables()
        toggle.append((time.perf_counter() - start) / toggles)

        width, height = portrait_variables[0], portrait_variables[1]
        start = time.perf_counter()
        for i in range(resizes):
            portrait.suggestValue(width, sizes[0][0] + (i % 50))
            portrait.suggestValue(height, sizes[0][1] + (i % 30))
            portrait.updateVariables()
        resize.append((time.perf_counter() - start) / resizes)
    prefix = "keyboard-" + name
    return {prefix + ".build": build, prefix + ".firstSwitch": first_switch, prefix + ".toggle": toggle,
            prefix + ".resize": resize}, values


def main():
    workloads = json.load(open(sys.argv[1]))
    runs = int(sys.argv[2])
    samples = add_del(workloads["addDel"], runs)
    values = []
    for name in ("typical", "stress"):
        keyboard_samples, keyboard_values = keyboard(name, workloads["keyboards"][name], runs)
        samples.update(keyboard_samples)
        values.append(keyboard_values)
    json.dump({"version": kiwi.__version__, "samples": samples, "keyboardValues": values}, sys.stdout)


if __name__ == "__main__":
    main()
